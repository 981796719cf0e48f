"""The game state as plain data (dicts and lists of numbers and strings): JSON is the state itself, so the
round trip is exact. Randomness lives in the state (`rng`, a 62-bit integer advanced on each use), so the
same seed gives the same game."""
from __future__ import annotations

import random

from .. import api
from .cards import all_cards, value


def clone(node):
    """A deep copy of plain data (faster than copy.deepcopy). The state's lists hold one kind of item each
    (cards, seats, civilisations, pacts), so a list of scalars is copied whole."""
    if isinstance(node, dict):
        return {k: clone(v) if isinstance(v, (dict, list)) else v for k, v in node.items()}
    if isinstance(node, list):
        if not node or not isinstance(node[0], (dict, list)):
            return node[:]
        return [clone(v) for v in node]
    return node


def new_civ() -> dict:
    """A civilisation as the player board sets it up (through-the-ages/setup/yellow-tokens/bank-and-population,
    through-the-ages/setup/starting-technologies/starting-buildings).

    workers {card: n} yellow tokens on technology cards; blue {card: n} blue tokens (food/resources) on farms and
    mines; techs: technology cards in play (farms, mines, urban buildings, units); specials: special technologies;
    hand / military_hand: cards in hand; fresh: civil cards taken this turn; wonder + wonder_stages: the wonder
    under construction; wonders: completed; ravaged: completed wonders turned face down (Ravages of Time);
    colonies; tactics; *_used: actions used this turn; civil_penalty: civil actions lost next turn (Rebellion);
    military_resources: resources for units only, this turn; flags once_per_turn / once_per_game. Once a pact has
    been in play, pact_strength / pact_military say what the pacts give (pacts.sync keeps them), and a Trade Routes
    exchange sets trade_route_used for the turn (absent keys read as 0 / False: a game without pacts copies none)."""
    start = value("start")
    tokens = value("tokens")
    return {
        "yellow_bank": start["yellow_bank"], "yellow_cap": start["yellow_bank"], "pool": start["pool"],
        "blue_bank": start["blue_bank"], "blue_cap": tokens["blue"],
        "workers": dict(start["workers"]), "blue": {},
        "techs": list(start["technologies"]), "government": start["government"], "specials": [],
        "hand": [], "fresh": [], "leader": None, "leader_ages": [],
        "wonder": None, "wonder_stages": 0, "wonders": [], "ravaged": [],
        "culture": 0, "science": 0,
        "civil_used": 0, "military_used": 0, "civil_taken": 0, "revolution": False,
        "extra_military": 0, "military_resources": 0, "civil_penalty": 0,
        "tactics": None, "colonies": [], "military_hand": [],
        "ocean_used": False, "columbus_used": False, "skip_discard": False, "resigned": False,
        "yellow_boxed": 0, "blue_boxed": 0, "ravaged_culture": 0, "skip_politics": False,
    }


def shuffled(state: dict, items: list) -> list:
    rng = random.Random(state["rng"])
    out = list(items)
    rng.shuffle(out)
    state["rng"] = rng.getrandbits(62)
    return out


# where a state names cards: lists of cards, decks (age → cards), a civilisation's lists, its single cards, and
# its tokens by card
STATE_CARD_LISTS = ("row", "events", "past_events", "box", "cards_in_game", "current_events", "future_events",
                    "scoring_events")
STATE_DECKS = ("decks", "mil_decks", "mil_discards")
CIV_CARD_LISTS = ("techs", "specials", "hand", "fresh", "wonders", "ravaged", "colonies", "military_hand")
CIV_CARDS = ("government", "leader", "wonder", "tactics")
CIV_TOKENS = ("workers", "blue")


def _cards_named(data: dict):
    """(where, card id) for every card the state names in those places."""
    for key in STATE_CARD_LISTS:
        yield from ((key, c) for c in data[key])
    for key in STATE_DECKS:
        yield from ((f"{key}.{age}", c) for age, cards in data[key].items() for c in cards)
    for seat, civ in enumerate(data["civs"]):
        for key in CIV_CARD_LISTS:
            yield from ((f"civs[{seat}].{key}", c) for c in civ[key])
        yield from ((f"civs[{seat}].{key}", civ[key]) for key in CIV_CARDS)
        for key in CIV_TOKENS:
            yield from ((f"civs[{seat}].{key}", c) for c in civ[key])


# the state's and a civilisation's fields that are null or hold a value of this type
NULLABLE = {"final_round": 0, "winner": 0, "pending": {}, "leader": "", "wonder": "", "tactics": ""}


def load_state(data: dict, fresh: dict) -> dict:
    """A state from JSON, checked against `fresh` (a new game of the same mode and player count): every key of
    the state and of each civilisation present with its JSON type (api.MalformedState otherwise)."""
    api.check_record(data, fresh, "the state", lists=("civs",), nullable=NULLABLE)
    if len(data["civs"]) != data["players"]:
        raise api.MalformedState(f"the state has {len(data['civs'])} civilisations for {data['players']} players")
    known = all_cards()
    for where, named in _cards_named(data):
        if named is not None and named not in known:
            raise api.MalformedState(f"{where} names no card of the game: {named!r}")
    return clone(data)
