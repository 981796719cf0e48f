"""The game state as plain data (dicts and lists of numbers and strings): JSON is the state itself, so the
round trip is exact. Randomness lives in the state (`rng`, a 62-bit integer advanced on each use), so the
same seed gives the same game."""
from __future__ import annotations

import random

from .cards import value


def clone(node):
    """A deep copy of plain data (faster than copy.deepcopy for dicts of lists of ints)."""
    if isinstance(node, dict):
        return {k: clone(v) for k, v in node.items()}
    if isinstance(node, list):
        return [clone(v) for v in node]
    return node


def new_civ() -> dict:
    """A civilisation as the player board sets it up (through-the-ages/setup/yellow-tokens/bank-and-population,
    through-the-ages/setup/starting-technologies/starting-buildings)."""
    start = value("start")
    tokens = value("tokens")
    return {
        "yellow_bank": start["yellow_bank"], "yellow_cap": start["yellow_bank"], "pool": start["pool"],
        "blue_bank": start["blue_bank"], "blue_cap": tokens["blue"],
        "workers": dict(start["workers"]), "blue": {},
        "techs": list(start["technologies"]), "government": start["government"], "specials": [],
        "hand": [], "fresh": [], "leader": None, "leader_ages": [],
        "wonder": None, "wonder_stages": 0, "wonders": [],
        "culture": 0, "science": 0,
        "civil_used": 0, "military_used": 0, "civil_taken": 0, "revolution": False,
        "extra_military": 0, "military_resources": 0,
        "tactics": None, "colonies": [], "military_hand": [],
    }


def shuffled(state: dict, items: list) -> list:
    rng = random.Random(state["rng"])
    out = list(items)
    rng.shuffle(out)
    state["rng"] = rng.getrandbits(62)
    return out
