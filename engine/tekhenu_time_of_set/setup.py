"""Time of Seth's setup (tekhenu-time-of-set/setup/...): the bag with the red, blue and green dice and the
Seth board's gray dice (step 3), the Conquest tile stack (6), the new cards in the decks (7), 3 Decrees
dealt (8), the draft of Starting and Cult cards (10), the Artifacts by the Destiny cards (11) and the Decree
kept at the very end (12) — and the decisions of that setup, each one pending stage:

    seth_draft    3 picks each (clockwise, counter-clockwise, clockwise): exactly 2 Starting cards, 1 Cult card
    seth_rewards  the Starting cards' rewards with their Soldiers and Priests, one choice at a time
    destiny       the base stage (a Destiny card or an Artifact: destiny.py), then "seth_start"
    seth_decree   keep 1 of the 3 Decrees dealt; the others go to the bottom of the deck
"""
from __future__ import annotations

from ..tekhenu import solo
from ..tekhenu.cards import ANKH, STARTING_DRAFT
from ..tekhenu.setup import base_bag
from ..tekhenu.state import Die
from . import board, conquest, ext
from . import solo as seth_solo
from .facts import F, group

START = "seth_start"           # the Destiny stage of the setup, after which the Decree is chosen
NEW_CARDS = {"blessing": ["BX01", "BX02", "BX03", "BX04"], "technology": ["TX01", "TX02", "TX03", "TX04", "TX05"],
             "decree": ["DX01", "DX02", "DX03", "DX04"]}


# -- the board laid out (hooks of engine/tekhenu/setup.new_game) ---------------------------------------------
def new_ext(players: int, options: dict) -> dict:
    seth = options.get("seth", True)
    return {"variant": ext.NAME, "options": {**options, "seth": seth, "vizier": bool(options.get("vizier"))},
            "players": [{"soldiers": F("seth_dice.tracks_start"), "priests": F("seth_dice.tracks_start"),
                         "cult": None, "artifacts": [], "reached": []} for _ in range(players)],
            "board": board.new_board(players) if seth else None,
            "conquest": {"stack": [], "placed": {}, "claimed": {}}, "artifacts": {},
            "vizier": {"area": None, "discarded": None}, "owed": [], "resume": "turn", "setup": None}


def bag(players: int, options: dict):
    """Step 3: the base dice with 2 red, 2 blue and 1 green, less those returned to the box by player count
    (replacing the base game's step 7: seth_dice.replaces_base_bag_step)."""
    if not options.get("seth", True):
        return None
    dice, _ = base_bag(4)                       # every base die; the expansion says which go to the box
    next_id = max(d.id for d in dice) + 1
    for color, count in F("seth_dice.added").items():
        for _ in range(count):
            dice.append(Die(next_id, color, 1))
            next_id += 1
    boxed = []
    for color, count in F("seth_dice.boxed_by_players")[players].items():
        for _ in range(count):
            die = next(d for d in dice if d.color == color)
            dice.remove(die)
            boxed.append(die)
    return dice, boxed


def before_wheel(state, rng) -> None:
    """Steps 3A-3C (gray dice from the bag, rolled onto the Seth board) and 6 (the Conquest tile stack)."""
    if not ext.seth_on(state):
        return
    state.note_assumed("seth_dice.replaces_base_bag_step")
    state.god_statues[board.SETH] = []
    for _ in range(F("seth_dice.seth_board_gray")[state.players]):
        die = next(d for d in state.bag if d.color == "gray")
        state.bag.remove(die)
        board.put_die(state, die, rng)
    stack = conquest.all_tiles()
    rng.shuffle(stack)
    ext.own(state, "conquest")["stack"] = stack


def extra_cards(players: int, options: dict) -> dict:
    return NEW_CARDS if options.get("seth", True) else {}


def decrees_dealt(options: dict) -> int:
    return F("seth_setup.decrees_dealt") if options.get("seth", True) else 2


def after_setup(state, rng) -> None:
    """Step 11 (Artifacts by the Destiny cards) and the draft of step 10 as the first decision."""
    if not ext.seth_on(state):
        return
    display_artifacts(state, rng, F("seth_setup.artifacts_displayed")[state.players])
    pending = state.pending
    state.ext["setup"] = {"dealt": pending["dealt"]}
    first = rng.randrange(state.players)
    order = [(first + i) % state.players for i in range(state.players)]
    offer = sorted(rng.sample(sorted(group("seth_cards.starting")), STARTING_DRAFT[state.players]))
    cults = sorted(rng.sample(sorted(group("seth_cards.cult")), F("seth_setup.cult_offered")[state.players]))
    state.pending = {"stage": "seth_draft", "offer": offer, "cult": cults, "picks": order + order[::-1] + order}


def display_artifacts(state, rng, count: int) -> None:
    chosen = rng.sample(sorted(group("seth_cards.artifacts")), count)
    by_ankh = {ankh: card for card, ankh in ANKH.items()}
    display: dict[str, list[str]] = {card: [] for card in sorted(ANKH)}
    for card in sorted(chosen):
        display[by_ankh[F(f"seth_cards.artifacts.{card}")["ankh"]]].append(card)
    state.ext["artifacts"] = display


def solo_draft(state, rng) -> None:
    """Your draw of Starting and Cult cards (you keep 2 and 1); Botankhamun's dealt Decrees back on the deck."""
    options = state.ext["options"]
    pending = state.pending
    dealt = state.ext["setup"]["dealt"].pop(str(solo.SEAT))
    state.decks["decree"].extend(card for card in reversed(dealt) if card)     # as if never dealt
    starting_count, cult_count = F("seth_solo.starting_draw")[options.get("solo_draw", "3+1")]
    pending["offer"] = sorted(rng.sample(sorted(group("seth_cards.starting")), starting_count))
    pending["cult"] = sorted(rng.sample(sorted(group("seth_cards.cult")), cult_count))
    pending["picks"] = [solo.YOU] * 3


def solo_setup(state, rng) -> None:
    """Botankhamun with Time of Seth: 3 Artifacts (±1), its 10 Action tiles, its Seth-board Buildings by
    difficulty, the optional 20 Buildings."""
    options = state.ext["options"]
    display_artifacts(state, rng, options.get("artifacts", F("seth_solo.artifacts_displayed")))
    state.solo["tiles"] = seth_solo.tiles(rng)
    solo.new_pyramid(state, rng)
    seth_solo.seth_buildings(state, rng, state.solo["difficulty"])
    if options.get("extra_buildings"):
        seth_solo.bot_buildings_set(state)
