"""Board facts, loaded from data/board.yaml, each with its provenance.

`FACTS.value("dice", "total")` gives a value; `FACTS.provenance(...)` says whether the rulebook states it
(and which rule) or the engine assumes it. `assumed_used(state)` lists the assumed facts a game relied on.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from . import data_files

DATA = data_files.DATA_DIR / "board.yaml"


@dataclass(frozen=True)
class Fact:
    path: str
    value: object
    source: str            # "rulebook" | "assumed"
    rule: str | None
    note: str | None


class Facts:
    def __init__(self, raw: dict):
        self._facts: dict[str, Fact] = {}
        for group, items in raw.items():
            if "value" in items:  # a group that is itself one fact
                self._add(group, items)
                continue
            for name, item in items.items():
                self._add(f"{group}.{name}", item)

    def _add(self, path: str, item: dict) -> None:
        if item.get("source") not in ("rulebook", "assumed"):
            raise ValueError(f"{DATA}: {path} needs source: rulebook|assumed")
        if item["source"] == "rulebook" and not item.get("rule"):
            raise ValueError(f"{DATA}: {path} is from the rulebook but names no rule")
        self._facts[path] = Fact(path, item["value"], item["source"], item.get("rule"), item.get("note"))

    def __call__(self, path: str):
        return self._facts[path].value

    def fact(self, path: str) -> Fact:
        return self._facts[path]

    def all(self) -> list[Fact]:
        return list(self._facts.values())

    def assumed(self) -> list[Fact]:
        return [f for f in self._facts.values() if f.source == "assumed"]


@lru_cache(maxsize=1)
def facts() -> Facts:
    return Facts(data_files.load(DATA.name))


FACTS = facts()
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
    return GODS[(GODS.index(god) + 3) % 6]


def adjacent(god: str) -> tuple[str, str]:
    i = GODS.index(god)
    return GODS[(i - 1) % 6], GODS[(i + 1) % 6]
