"""Every Tekhenu fact by its path, with its provenance (the one registry: engine.facts).

A fact's path is the one `State.note_assumed` records: board.yaml's paths as they are
(`horus.die_to_god`), the other files' prefixed with the file's name (`solo.tiles.god`).
"""
from __future__ import annotations

from ..facts import Fact, FactError
from .board import registry

__all__ = ["Fact", "FactError", "assumed", "lookup", "registry"]


def lookup(path: str) -> Fact | None:
    return registry().get(path)


def assumed() -> list[Fact]:
    return [f for f in registry().all() if f.source == "assumed"]
