"""The engine's data files read once: every card's values merged from its facts (data/cards.yaml for civil
cards, data/military.yaml for military cards), and the board's numbers (data/board.yaml). Values only; where
each one comes from stays in the facts registry."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from ..facts import META_KEYS, FactRegistry, load_yaml

DATA_DIR = Path(__file__).parent / "data"
LEVEL = {"A": 0, "I": 1, "II": 2, "III": 3}
AGES = ("A", "I", "II", "III")
CARD_FILES = ("cards", "military")
FACT_GROUPS = ("printed", "colonization", "output", "faces", "published", "unprinted")
SIMPLE, ADVANCED, FULL = "simple", "advanced", "full"


# The facts a move or a scenario step read, so that a result reports the values it relied on — not every
# card of the decks. game.py collects them around each move into the state ("facts_read").
_READ: ContextVar[set | None] = ContextVar("through_the_ages_facts_read", default=None)


@contextmanager
def reading_facts():
    """Collect the board facts and cards read inside the block (a set of fact paths and `card:<id>`)."""
    seen: set[str] = set()
    token = _READ.set(seen)
    try:
        yield seen
    finally:
        _READ.reset(token)


@cache
def registry() -> FactRegistry:
    return FactRegistry.load(DATA_DIR, "through-the-ages")


@cache
def all_cards() -> dict[str, dict]:
    out: dict[str, dict] = {}
    for stem in CARD_FILES:
        for cid, entry in load_yaml(DATA_DIR / f"{stem}.yaml").items():
            card = {"id": cid, "name": entry["name"], "file": stem}
            for group in FACT_GROUPS:
                card.update({k: v for k, v in (entry.get(group) or {}).items() if k not in META_KEYS})
            card["level"] = LEVEL.get(card.get("age", "A"), 0)
            card["military_card"] = stem == "military"
            out[cid] = card
    return out


def card(cid: str) -> dict:
    seen = _READ.get()
    if seen is not None:
        seen.add(f"card:{cid}")
    return all_cards()[cid]


def card_facts(cid: str) -> list[str]:
    """The paths of a card's facts that the rulebook does not state (for facts_used)."""
    reg = registry()
    stem = all_cards()[cid]["file"]
    return [f"{stem}.{cid}.{g}" for g in FACT_GROUPS
            if (f := reg.get(f"{stem}.{cid}.{g}")) is not None and f.source != "rulebook"]


def name(cid: str, lang: str) -> str:
    return all_cards()[cid]["name"]["ko" if lang == "ko" else "en"]


def called(cid, lang: str) -> str:
    """A card as a sentence a player reads names it; an id that is no card (a mistyped action) as given."""
    return name(cid, lang) if isinstance(cid, str) and cid in all_cards() else str(cid)


def called_all(cids, lang: str) -> str:
    """Several cards by name, comma-separated."""
    return ", ".join(called(c, lang) for c in cids or [])


@cache
def board() -> dict:
    """Board values by path (facts with `value` give it; the others their fields)."""
    return {f.path: f.value for f in registry().all() if not f.path.startswith(tuple(f"{s}." for s in CARD_FILES))}


def value(path: str):
    seen = _READ.get()
    if seen is not None:
        seen.add(path)
    return board()[path]


def facts_of(read: list[str]) -> list[str]:
    """The non-rulebook fact paths behind what was read: board facts as they are, cards by their facts."""
    reg = registry()
    out: list[str] = []
    for item in read:
        if item.startswith("card:"):
            if item[5:] in all_cards():
                out += card_facts(item[5:])
        elif (f := reg.get(item)) is not None and f.source != "rulebook":
            out.append(item)
    return list(dict.fromkeys(out))


def assumed_board_facts() -> list[str]:
    return [f.path for f in registry().all()
            if not f.path.startswith(tuple(f"{s}." for s in CARD_FILES)) and f.source != "rulebook"]


def _copies(c: dict, players: int) -> int:
    copies = c.get("copies") or {}
    return copies.get("base", 0) + (copies.get("3+", 0) if players >= 3 else 0) + (copies.get("4+", 0) if players >= 4 else 0)


def deck(age: str, players: int) -> list[str]:
    """The civil deck of an age, copies and player-count marks applied
    (through-the-ages/setup/simple-game-cards/remove-by-player-count)."""
    out: list[str] = []
    for cid, c in all_cards().items():
        if not c["military_card"] and c.get("age") == age and "copies" in c:
            out.extend([cid] * _copies(c, players))
    return out


def simple_events() -> list[str]:
    """The Simple game's current events: the Age A military cards but Development of Politics
    (through-the-ages/setup/simple-game-cards/no-development-of-politics)."""
    return [cid for cid, c in all_cards().items()
            if c["military_card"] and c.get("age") == "A" and c.get("simple_game", True)]


def playable(cid: str, mode: str, players: int) -> bool:
    """Whether a military card is in the decks of a game: no wars in the Advanced game
    (through-the-ages/advanced/setup/remove-war-cards); no pacts with 2 players
    (through-the-ages/advanced/setup/remove-pacts-two-players)."""
    c = card(cid)
    if c["type"] == "war" and mode != FULL:
        return False
    return not (c["type"] == "pact" and players < 3)


def military_deck(age: str, players: int, mode: str) -> list[str]:
    out: list[str] = []
    for cid, c in all_cards().items():
        if c["military_card"] and c.get("age") == age and playable(cid, mode, players):
            out.extend([cid] * _copies(c, players))
    return out
