"""Printed card values the engine uses (data/cards.yaml, data/card_effects.yaml); card texts live in the KB."""
from __future__ import annotations

from . import data_files
from .board import Facts

_DATA = data_files.load("cards.yaml")

INITIATIVE: dict[str, int] = _DATA["starting"]["initiative"]
STARTING_DRAFT: dict[int, int] = _DATA["starting"]["draft_size"]
ANKH: dict[str, int] = _DATA["destiny"]["ankh"]
DESTINY_REWARD: dict[str, dict] = _DATA["destiny"]["reward"]
PILLAR_LIGHT: dict[str, str] = _DATA["pillar_tiles"]["light"]
STARTING_REWARD: dict[str, dict] = {k: v for k, v in _DATA["starting_rewards"].items() if k.startswith("S")}

# Blessing and Technology values, and the readings the card texts leave open (card_effects.yaml)
CARD_FACTS = Facts("card_effects")


def card_rule(card: str) -> str:
    """The KB id of a card's text."""
    return f"tekhenu/{card}"


def note_reading(state, name: str) -> None:
    """Flag an assumed card reading (card_effects.yaml readings.<name>) as used in this game."""
    CARD_FACTS(f"readings.{name}")           # fails loudly on a name the data file does not define
    state.note_assumed(f"card_effects.readings.{name}")
