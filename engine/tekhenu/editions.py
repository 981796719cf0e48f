"""Edition switches (state.edition: "en" default, "ko"): the rules where the two rulebooks differ.

Facts in data/editions.yaml; card-level differences live with their cards (pillars.py P19-P21, decrees.py
D24). Each helper answers one question for the state's edition.
"""
from __future__ import annotations

from .board import FACTS, Facts

EDITION_FACTS = Facts("editions")


def osiris_received(state, district: str, row: int) -> list[str]:
    """The Resources an Osiris row 3/4 Building may give (one of them is received)."""
    second = FACTS("osiris.second_resource")[district]
    if EDITION_FACTS("osiris.rows_3_4_received")[state.edition] == "choice":
        return [district, second]
    return [district]


_TAKES_ALL = EDITION_FACTS("thoth.take_all_cards")      # looked up on every Thoth check: kept at hand


def takes_all_cards(state) -> bool:
    return _TAKES_ALL[state.edition]
