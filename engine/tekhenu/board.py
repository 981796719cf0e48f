"""Board facts (data/board.yaml) and the board's geometry of gods: which god a Horus die honours, which
sections are opposite or adjacent.

Every value an engine module reads from a data file comes through one registry (engine.facts), so a fact
has one provenance wherever it is used: `FACTS("dice.total")` reads board.yaml, `Facts("solo")("...")`
another file's. `State.note_assumed(path)` records a non-rulebook fact a result depended on.
"""
from __future__ import annotations

from pathlib import Path

from ..facts import Fact, FactRegistry
from . import data_files


def registry() -> FactRegistry:
    """Every fact of the engine's data files (paths prefixed by the file's name, except board.yaml's)."""
    return FactRegistry.load(data_files.DATA_DIR, "tekhenu")


class Facts:
    """The facts of one data file, by their path inside it: `Facts("card_effects")("produce_gain.B01")`."""

    def __init__(self, name: str = "board"):
        prefix = "" if name == "board" else f"{name}."
        self._facts: dict[str, Fact] = {f.path[len(prefix):]: f for f in registry().all()
                                        if Path(f.file).stem == name}

    def __call__(self, path: str):
        return self._facts[path].value

    def fact(self, path: str) -> Fact:
        return self._facts[path]

    def all(self) -> list[Fact]:
        return list(self._facts.values())

    def assumed(self) -> list[Fact]:
        return [f for f in self._facts.values() if f.source == "assumed"]


FACTS = Facts("board")
GODS: tuple[str, ...] = tuple(FACTS("wheel.gods"))
RESOURCES = ("papyrus", "bread", "limestone", "granite")
ALL_RESOURCES = RESOURCES + ("gold",)


def horus_god(state, value: int) -> str:
    """The god a Horus die of this value honours: the Horus Bonus tile on that space, shuffled at setup
    (tekhenu/setup/horus-bonus-tiles), or with the preprinted bonuses the board's own (assumed: art;
    `note_horus_layout` records that on a state a result depends on). A pure lookup: legality checks
    call it on states they must not change."""
    if state.horus_tiles:
        return state.horus_tiles[value - 1]
    return FACTS("horus.die_to_god")[value]


def note_horus_layout(state) -> None:
    if not state.horus_tiles:
        state.note_assumed("horus.die_to_god")


def horus_value(state, god: str) -> int:
    """The space (die value) of that god's Horus Bonus tile."""
    return next(v for v in range(1, 7) if horus_god(state, v) == god)


def opposite(god: str) -> str:
    """B19/B20 name the opposite pairs (Horus-Bastet, Ra-Thoth, Hathor-Osiris): three sections apart."""
    return GODS[(GODS.index(god) + 3) % 6]


def adjacent(god: str) -> tuple[str, str]:
    """The neighbours around the wheel (B17/B18): the order of wheel.gods, an assumed fact."""
    i = GODS.index(god)
    return GODS[(i - 1) % 6], GODS[(i + 1) % 6]
