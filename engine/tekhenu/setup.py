"""Setup (tekhenu/setup/...): the board, the dice in the bag and on the Obelisk Wheel, the Pillar tiles,
the Card Market and decks, the Decrees dealt and the Starting cards offered. `new_game` returns the game
at its first decision; the setup decisions themselves are setup_choices.py."""
from __future__ import annotations

import random

from ..errors import IllegalAction
from . import market
from .board import FACTS, GODS
from .cards import INITIATIVE, PILLAR_LIGHT, STARTING_DRAFT
from .state import Die, State, new_player
from .wheel import draw_and_roll

HORUS_SETUPS = ("shuffled", "preprinted")
EDITIONS = ("en", "ko")


def new_game(players: int, seed: int, edition: str = "en", horus: str = "shuffled") -> State:
    """A game at the start of setup. `horus`: the Horus Bonus tiles shuffled onto the six spaces
    (tekhenu/setup/horus-bonus-tiles) or the board's preprinted bonuses, the first-games option
    (tekhenu/setup/preprinted-horus-bonuses)."""
    if players not in (2, 3, 4):
        raise IllegalAction("tekhenu/setup/draw-bag", f"Tekhenu is played by 2-4 players here (got {players})",
                            f"테케누는 2~4인 게임입니다 ({players}인 불가)")
    if edition not in EDITIONS:
        raise IllegalAction("tekhenu/setup/board-and-wheel", f"unknown edition {edition!r} (en or ko)",
                            f"알 수 없는 판본 {edition!r} (en 또는 ko)")
    if horus not in HORUS_SETUPS:
        raise IllegalAction("tekhenu/setup/horus-bonus-tiles", f"Horus Bonuses are shuffled or preprinted (got {horus!r})",
                            f"호루스 보너스는 섞어 배치(shuffled) 또는 인쇄된 보너스(preprinted)입니다 ({horus!r} 불가)")
    rng = random.Random(seed)
    dice, next_id = [], 0
    for color, count in FACTS("dice.per_color").items():
        for _ in range(count):
            dice.append(Die(next_id, color, 1))
            next_id += 1
    boxed = []
    for color, count in FACTS("dice.removed_by_players")[players].items():
        for _ in range(count):
            die = next(d for d in dice if d.color == color)
            dice.remove(die)
            boxed.append(die)
    rng.shuffle(dice)
    wheel_turn = rng.randrange(6)            # "Set the Obelisk Wheel to a random position"
    arrow = wheel_turn
    state = State(players=players, seed=seed, edition=edition, rng=[], wheel_turn=wheel_turn,
                  arrow_start=arrow, sections=[[] for _ in GODS], bag=dice, boxed=boxed,
                  scoring_markers=[(arrow + k) % 6 for k in FACTS("wheel.scoring_markers_after_arrow")],
                  player=[new_player(i) for i in range(players)], turn_order=list(range(players)))
    state.note_assumed("dice.per_color")
    state.note_assumed("wheel.light_pattern")
    if horus == "shuffled":
        # a stream of its own: the tile layout does not shift the dice and card draws of a seed
        state.horus_tiles = random.Random(f"horus-{seed}").sample(GODS, len(GODS))
    for section in range(6):
        for _ in range(FACTS("dice.per_section_at_setup")):
            draw_and_roll(state, rng, section)
    tiles = sorted(PILLAR_LIGHT)
    rng.shuffle(tiles)
    state.ra_tiles = [tiles.pop() for _ in range(3)]
    state.pillar_stack = tiles
    state.decks = market.new_decks(players, rng)
    for index, layout in enumerate(FACTS("market.sections_at_setup")):
        market.fill_section(state, index, layout, rng)
    # keys are strings so that the state's JSON form is the state itself
    dealt = {str(seat): [market.draw(state, "decree", rng), market.draw(state, "decree", rng)] for seat in range(players)}
    # Starting-card draft: random first player, clockwise, then back counter-clockwise (snake).
    first = rng.randrange(players)
    order = [(first + i) % players for i in range(players)]
    offer = sorted(rng.sample(sorted(INITIATIVE), STARTING_DRAFT[players]))
    state.pending = {"stage": "decree", "dealt": dealt, "queue": list(range(players)),
                     "draft": {"offer": offer, "picks": order + order[::-1]}}
    state.phase = "setup"
    state.store_random(rng)
    return state

