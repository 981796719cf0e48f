"""The engine's data files read once: every card's values merged from its facts (data/cards.yaml), and the
board's numbers (data/board.yaml). Values only; where each one comes from stays in the facts registry."""
from __future__ import annotations

from functools import cache
from pathlib import Path

from ..facts import META_KEYS, FactRegistry, load_yaml

DATA_DIR = Path(__file__).parent / "data"
LEVEL = {"A": 0, "I": 1, "II": 2, "III": 3}
FACT_GROUPS = ("printed", "unprinted", "output", "faces", "colonization")


@cache
def registry() -> FactRegistry:
    return FactRegistry.load(DATA_DIR, "through-the-ages")


@cache
def all_cards() -> dict[str, dict]:
    raw = load_yaml(DATA_DIR / "cards.yaml")
    out: dict[str, dict] = {}
    for cid, entry in raw.items():
        card = {"id": cid, "name": entry["name"]}
        for group in FACT_GROUPS:
            card.update({k: v for k, v in (entry.get(group) or {}).items() if k not in META_KEYS})
        card["level"] = LEVEL.get(card.get("age", "A"), 0)
        out[cid] = card
    return out


def card(cid: str) -> dict:
    return all_cards()[cid]


def card_facts(cid: str) -> list[str]:
    """The paths of a card's facts that the rulebook does not state (for facts_used)."""
    reg = registry()
    return [f"cards.{cid}.{g}" for g in FACT_GROUPS
            if (f := reg.get(f"cards.{cid}.{g}")) is not None and f.source != "rulebook"]


def name(cid: str, lang: str) -> str:
    return all_cards()[cid]["name"]["ko" if lang == "ko" else "en"]


@cache
def board() -> dict:
    """Board values by path (facts with `value` give it; the others their fields)."""
    return {f.path: f.value for f in registry().all() if not f.path.startswith("cards.")}


def value(path: str):
    return board()[path]


def assumed_board_facts() -> list[str]:
    return [f.path for f in registry().all() if not f.path.startswith("cards.") and f.source != "rulebook"]


def deck(age: str, players: int, simple: bool = True) -> list[str]:
    """The civil deck of an age (or the Simple game's events for "events"), copies and player-count marks
    applied (through-the-ages/setup/simple-game-cards/remove-by-player-count)."""
    out: list[str] = []
    for cid, c in all_cards().items():
        if age == "events":
            if c.get("type") == "event" and c.get("age") == "A" and c.get("simple_game", True):
                out.append(cid)
            continue
        if c.get("age") != age or "copies" not in c:
            continue
        copies = c["copies"]
        n = copies.get("base", 0) + (copies.get("3+", 0) if players >= 3 else 0) + (copies.get("4+", 0) if players >= 4 else 0)
        out.extend([cid] * n)
    return out
