"""The expansion's facts (data/*.yaml, each with its provenance) and the combined registry the engine
reports: the base game's facts and the expansion's, whose paths never collide (the expansion's files are
named seth_*)."""
from __future__ import annotations

from functools import cache
from pathlib import Path

from ..facts import FactRegistry
from ..tekhenu import board as base_board

DATA_DIR = Path(__file__).with_name("data")


@cache
def own() -> FactRegistry:
    return FactRegistry.load(DATA_DIR, "tekhenu-time-of-set")


@cache
def combined() -> FactRegistry:
    """Every fact a Time of Seth game may rely on: the base engine's and the expansion's."""
    return FactRegistry({f.path: f for f in base_board.registry().all() + own().all()})


_VALUES: dict = {}


def F(path: str):
    """An expansion fact's value by its full path ("seth_board.columns") (asked at every move: kept by path)."""
    try:
        return _VALUES[path]
    except KeyError:
        _VALUES[path] = value = own().value(path)
        return value


@cache
def group(prefix: str) -> dict:
    """The facts under a path, by their last key: group("seth_cards.artifacts") -> {"Art01": {...}, ...}."""
    start = prefix + "."
    return {f.path[len(start):]: f.value for f in own().all() if f.path.startswith(start) and "." not in f.path[len(start):]}
