"""Seeded random games of Imhotep with the rulebook's invariants checked after every decision:
stones are conserved (30 of each colour between quarry, sled, ships, sites and the score marker), a sled
holds 0-5 stones, a ship sails once per round and only with its minimum load, docked ships lie at
different sites, every score equals the sum of its "score" events, the game ends after round 6; the same
seed gives the same game, and the state survives JSON at any point.

The default run plays a few hundred games over 2-4 players, A/B/mixed sides and the Wrath; the `slow`
run (`pytest -m slow tests/test_engine_imhotep_properties.py`) plays 10,200.
"""
from __future__ import annotations

import json
import random

import pytest

from engine import registry
from engine.imhotep import data as D
from engine.imhotep.state import stone_total

ENGINE = registry.get("imhotep")
CONFIGS = [(players, sides, wrath) for players in (2, 3, 4) for sides in ("A", "B", "mixed") for wrath in (False, True)]


def play_checked(players: int, seed: int, sides: str, wrath: bool, json_every: int = 0) -> dict:
    state = ENGINE.new_game(players, seed, sides=sides, wrath=wrath)
    pick = random.Random(seed * 7919 + 1)
    totals = [0] * players
    sailed: set = set()
    rounds_seen = {state.round}
    steps = 0
    while not ENGINE.is_over(state):
        actions = ENGINE.legal_actions(state)
        assert actions, f"no legal action (seed {seed})"
        action = pick.choice(actions)
        if json_every and steps % json_every == 0:
            dumped = json.dumps(ENGINE.state_to_json(state), sort_keys=True)
            again = ENGINE.state_from_json(json.loads(dumped))
            assert json.dumps(ENGINE.state_to_json(again), sort_keys=True) == dumped
            assert ENGINE.action_from_json(json.loads(json.dumps(ENGINE.action_to_json(action)))) == action
        round_before = state.round
        sizes = [ship[0] for ship in state.ships]     # a sail that ends the round is followed by new ships
        state, events = ENGINE.apply(state, action)
        steps += 1
        for e in events:
            if e["event"] == "score":
                totals[e["seat"]] += e["points"]
            elif e["event"] == "sailed":
                key = (round_before, e["ship"])
                assert key not in sailed, f"ship {e['ship']} sailed twice in round {round_before} (seed {seed})"
                sailed.add(key)
                assert len(e["cargo"]) >= D.MINIMUM_LOAD[sizes[e["ship"]]], f"sailed below minimum (seed {seed})"
            elif e["event"] == "round_start":
                rounds_seen.add(e["round"])
                assert tuple(e["ships"]) in D.ROUND_CARDS[players], f"round card not in the {players}-player set"
        for seat in range(players):
            assert stone_total(state, seat) == D.STONES_PER_COLOR, f"stones not conserved (seed {seed}, seat {seat})"
            assert 0 <= state.sled[seat] <= D.SLED_CAPACITY
            assert state.quarry[seat] >= 0
        docked = [ship[2] for ship in state.ships if ship[2]]
        assert len(docked) == len(set(docked)), "two ships in one harbor"
        for ship in state.ships:
            assert len(ship[1]) == ship[0]
        assert totals == state.score, f"scores differ from the sum of their events (seed {seed})"
        assert steps < 5000, f"no end in sight (seed {seed})"
    assert state.round == D.ROUNDS and rounds_seen == set(range(1, D.ROUNDS + 1))
    result = ENGINE.result(state)
    assert result["winners"] and all(state.score[w] == max(state.score) for w in result["winners"])
    return {"steps": steps, "state": state}


def run_games(count: int, start: int = 0) -> int:
    steps = 0
    for i in range(count):
        players, sides, wrath = CONFIGS[i % len(CONFIGS)]
        steps += play_checked(players, start + i, sides, wrath, json_every=37 if i % 10 == 0 else 0)["steps"]
    return steps


def test_a_few_hundred_random_games_keep_the_invariants():
    run_games(360)


def test_same_seed_same_game_and_different_seeds_differ():
    a = play_checked(3, 42, "mixed", True)["state"]
    b = play_checked(3, 42, "mixed", True)["state"]
    c = play_checked(3, 43, "mixed", True)["state"]
    assert ENGINE.state_to_json(a) == ENGINE.state_to_json(b)
    assert ENGINE.state_to_json(a) != ENGINE.state_to_json(c)


@pytest.mark.slow
def test_ten_thousand_random_games_keep_the_invariants():
    import time

    start = time.perf_counter()
    steps = run_games(10_200, start=100_000)
    elapsed = time.perf_counter() - start
    print(f"\n10,200 checked Imhotep games, {steps} decisions, {elapsed:.1f} s")
