"""Imhotep's numbers, read once from data/*.yaml through the shared facts registry (each value keeps its
provenance there: `arbiter facts --game imhotep`). Modules import the constants below; the fact paths
next to them are what a game records in `facts_used` when it relies on a value the rulebook text does
not state."""
from __future__ import annotations

from pathlib import Path

from ..facts import FactRegistry

DATA_DIR = Path(__file__).parent / "data"
FACTS = FactRegistry.load(DATA_DIR, "imhotep")


def value(path: str):
    return FACTS.value(path)


def provenance(path: str) -> str:
    return FACTS.get(path).source


SITES = ("market", "pyramid", "temple", "burial", "obelisk")
BUILDING_SITES = ("pyramid", "temple", "burial", "obelisk")     # the four the Wrath of the Pharaoh checks

ROUNDS = value("rounds")
STONES_PER_COLOR = value("stones_per_color")
SCORE_MARKER = value("score_marker_stones")
STARTING_SLED = tuple(value("starting_sled"))
SLED_CAPACITY = value("sled_capacity")
QUARRY_TAKE = value("stones_per_quarry_action")
MARKET_CARDS = value("market_cards_per_round")
SHIPS_PER_ROUND = value("ships_per_round")
SHIP_SIZES = tuple(value("ship_sizes"))
ROUND_CARDS_PER_COUNT = value("round_cards_per_player_count")
ROUND_CARDS_REMOVED = value("round_cards_removed")
COLORS = tuple(value("colors"))
START_SEAT = value("start_player_seat")
MINIMUM_LOAD = {int(k): v for k, v in value("minimum_load").items()}
ROUND_CARDS = {int(k): [tuple(card) for card in value(f"round_cards.{k}")] for k in ("2", "3", "4")}

PYRAMID_A = tuple(value("pyramid_a.values"))
PYRAMID_A_FIRST_COLUMN = tuple(value("pyramid_a.first_column"))
PYRAMID_AFTER = value("pyramid_a.after_completion")
TEMPLE_SPACES = {int(k): v for k, v in value("temple.spaces").items()}
TEMPLE_TOP_POINTS = value("temple.top_points")
BURIAL_ROWS = value("burial.rows")
BURIAL_GROUP_POINTS = tuple(value("burial.group_points"))
BURIAL_PAST_FIVE = value("burial.past_five_points")
OBELISK_POINTS = {int(k): tuple(value(f"obelisk_points.{k}")) for k in ("2", "3", "4")}
STATUE_POINTS = tuple(value("statue_points"))
STATUE_PAST_FIVE = value("statue_past_five_points")
DECORATION_STONES = value("decoration_stones_per_point")
UNUSED_BLUE_POINTS = value("unused_blue_points")
WRATH_PENALTY = value("wrath_penalty")

MARKET_B_HIDDEN = value("market_b.hidden_cards")
MARKET_B_FACE_UP = value("market_b.face_up")
PYRAMID_B_COUNT = value("pyramid_b.pyramids")
PYRAMID_B_SPACES = tuple(tuple((p, b) for p, b in pyramid) for pyramid in value("pyramid_b.spaces"))
PYRAMID_B_AFTER = value("pyramid_b.after_completion")
TEMPLE_B_REWARDS = tuple(value("temple_b.rewards"))
TEMPLE_B_CHOICE_STONES = value("temple_b.choice_stones")
TEMPLE_B_CHOICE_POINTS = value("temple_b.choice_points")
TEMPLE_B_TWO_POINTS = value("temple_b.two_points")
BURIAL_B_POINTS = tuple(value("burial_b.points"))
OBELISK_B_HOLDING = value("obelisk_b.holding")
OBELISK_B_TOWER = value("obelisk_b.tower")
OBELISK_B_LEFTOVER = value("obelisk_b.leftover_points")
OBELISK_B_SPACES = tuple(value("obelisk_b.spaces"))

DECK = dict(value("cards.deck"))
CARD_COLOR = dict(value("cards.colors"))
DECORATION_SITE = dict(value("cards.decoration_sites"))
RED_SITE = dict(value("cards.red_sites"))
BLUE_CARDS = tuple(c for c, color in CARD_COLOR.items() if color == "blue")

