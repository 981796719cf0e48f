"""Through the Ages (2006) Simple games between random players: invariants after every move (yellow and
blue tokens conserved between banks, pool, cards and wonders; no negative stock; actions never exceed the
government's), determinism and JSON round trips. A fast sample by default; 2,000 seeded games under
`-m slow` (measured in the README)."""
from __future__ import annotations

import json
import time

import pytest

from engine import registry
from engine.play import chooser
from engine.through_the_ages import economy as eco
from engine.through_the_ages import rules

ENGINE = registry.get("through-the-ages")


def _invariants(state):
    for seat, civ in enumerate(state["civs"]):
        on_cards = sum(civ["workers"].values())
        assert civ["yellow_bank"] + civ["pool"] + on_cards == 25 + civ["yellow_cap"] - 18, seat
        blue_out = sum(civ["blue"].values()) + civ["wonder_stages"]
        assert civ["blue_bank"] + blue_out == civ["blue_cap"], seat
        assert min(civ["yellow_bank"], civ["pool"], civ["blue_bank"], civ["science"], *civ["workers"].values(),
                   *civ["blue"].values(), 0) == 0
        assert civ["science"] <= 40
        if seat == state["current"] and not state["over"]:
            assert civ["civil_used"] <= rules.civil_total(state, seat)
            assert civ["military_used"] <= eco.military_actions(civ)


def play(players, seed, check=True):
    state = ENGINE.new_game(players, seed)
    pick = chooser(seed)
    moves = 0
    while not ENGINE.is_over(state):
        state, _ = ENGINE.apply(state, pick.choice(ENGINE.legal_actions(state)))
        moves += 1
        if check:
            _invariants(state)
    return state, moves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sample_games_keep_the_invariants(players):
    for seed in range(40):
        state, _ = play(players, seed)
        assert ENGINE.result(state)["final"] and state["last_round"]


def test_same_seed_same_game_and_json_round_trip():
    a, _ = play(3, 99, check=False)
    b, _ = play(3, 99, check=False)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert ENGINE.state_from_json(json.loads(json.dumps(ENGINE.state_to_json(a)))) == a


@pytest.mark.slow
def test_two_thousand_simple_games():
    start = time.perf_counter()
    games = 0
    for seed in range(700):
        for players in (2, 3, 4):
            play(players, seed)
            games += 1
    elapsed = time.perf_counter() - start
    print(f"{games} Simple games with invariant checks in {elapsed:.1f} s ({games / elapsed:.0f} games/s)")
    assert games >= 2000
