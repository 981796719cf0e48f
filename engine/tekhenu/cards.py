"""Printed card values the engine uses (data/cards.yaml); card texts live in the KB."""
from __future__ import annotations

from . import data_files

_DATA = data_files.load("cards.yaml")

INITIATIVE: dict[str, int] = _DATA["starting"]["initiative"]
STARTING_DRAFT: dict[int, int] = _DATA["starting"]["draft_size"]
ANKH: dict[str, int] = _DATA["destiny"]["ankh"]
DESTINY_REWARD: dict[str, dict] = _DATA["destiny"]["reward"]
PILLAR_LIGHT: dict[str, str] = _DATA["pillar_tiles"]["light"]
STARTING_REWARD: dict[str, dict] = {k: v for k, v in _DATA["starting_rewards"].items() if k.startswith("S")}
