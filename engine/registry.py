"""Engines by KB game id, found by convention so that adding a game touches only its own folder.

A game's engine is the package `engine/<folder>/` whose `game.py` defines `ENGINE`; the folder is the
game id with "-" written "_" (`through-the-ages` → `engine/through_the_ages/`). Listing the games only
looks at folder names; an engine's modules are imported the first time that game is asked for (the
spaCy registry idea: start-up stays fast, and a question about one game never loads another's engine).
"""
from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path

from .api import Engine

ENGINE_ROOT = Path(__file__).parent


class UnknownGame(LookupError):
    """No engine for that game id; the message lists the games that have one."""


def folder(game: str) -> str:
    return game.replace("-", "_")


@cache
def available() -> tuple[str, ...]:
    """The game ids that have an engine, in a stable order."""
    return tuple(sorted(p.parent.name.replace("_", "-") for p in ENGINE_ROOT.glob("*/game.py")))


def has_engine(game: str | None) -> bool:
    return game in available()


@cache
def get(game: str) -> Engine:
    if not has_engine(game):
        raise UnknownGame(f"no rules engine for game {game!r}; engines exist for: {', '.join(available())}")
    module = importlib.import_module(f"engine.{folder(game)}.game")
    engine = module.ENGINE
    if engine.info.id != game:
        raise UnknownGame(f"engine/{folder(game)}/game.py declares game {engine.info.id!r}, not {game!r}")
    return engine
