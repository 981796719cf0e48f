"""Random play with Time of Seth: seeded games at 2-4 players, the Trial of the Vizier (with and without the
expansion) and solo against Botankhamun at each difficulty finish; every state keeps the game's invariants
(dice, Conquest tiles and Artifacts conserved, tracks within 0-10, pieces never negative, faces respected,
every fact used exists); the same seed gives the same game; states round-trip through JSON.

The default run plays a sample of a few seconds; `pytest -m slow` plays 10,000 games (see test_many_games)."""
from __future__ import annotations

import json
import time

import pytest

from engine import registry
from engine.play import chooser
from engine.tekhenu.board import die_range
from engine.tekhenu_time_of_set.ext import RECORD_LISTS
from engine.tekhenu_time_of_set.facts import F

GAME = "tekhenu-time-of-set"
ENGINE = registry.get(GAME)
FACTS = {f.path for f in ENGINE.facts().all()}
CONFIGS = [({"players": 2}, {}), ({"players": 3}, {}), ({"players": 4}, {}),
           ({"players": 2}, {"vizier": True}), ({"players": 2}, {"vizier": True, "expansion": False}),
           ({"players": 2}, {"solo": True, "difficulty": "easy"}),
           ({"players": 2}, {"solo": True, "difficulty": "medium"}),
           ({"players": 2}, {"solo": True, "difficulty": "hard", "extra_buildings": True})]


def check(state) -> None:
    """The invariants of a Time of Seth state."""
    ext = state.ext
    seth = ext["options"]["seth"]
    dice = [d.id for d in state.bag + state.boxed] + [d.id for s in state.sections for d in s]
    dice += [d.id for p in state.player for d in p.pure + p.tainted + p.below]
    if seth:
        dice += [d["id"] for d in ext["board"]["dice"]]
    assert len(dice) == len(set(dice)) == (31 if seth else 26), "every die is in exactly one place"
    for section in state.sections:
        for die in section:
            low, high, _ = die_range(die.color)
            assert low <= die.value <= high, die
    for p in state.player:
        record = ext["players"][p.seat]
        # State.copy copies a record's lists by name (ext.copy): no other key may hold a list or a dict
        assert {k for k, v in record.items() if isinstance(v, (list, dict))} <= set(RECORD_LISTS), record
        assert 0 <= record["soldiers"] <= 10 and 0 <= record["priests"] <= 10
        assert p.buildings_left >= 0 and p.statues_left >= 0 and p.pillars_left >= 0
        assert p.scribes >= 0 and p.faith >= 0 and min(p.resources.values()) >= 0
        assert 0 <= p.happiness <= p.population <= 21
        assert p.permanent_taint >= 0
        if state.solo is not None and p.seat == state.solo["seat"]:
            assert record["soldiers"] == record["priests"] == p.permanent_taint == 0
    if seth:
        regions = ext["board"]["regions"]
        for seats in regions.values():
            mine = [s for s in seats if s is not None]
            assert len(mine) == len(set(mine)), "one Building of each player per region"
        tiles = ext["conquest"]["stack"] + list(ext["conquest"]["placed"].values()) + \
            list(ext["conquest"]["claimed"].values())
        assert len(tiles) == len(set(tiles)) == 12, "the 12 Conquest tiles are conserved"
        artifacts = [c for cards in ext["artifacts"].values() for c in cards] + \
            [c for r in ext["players"] for c in r["artifacts"]]
        assert len(artifacts) == len(set(artifacts)) <= 8
        assert len(state.god_statues.get("seth", [])) <= {2: 1, 3: 2, 4: 3}[state.players]
        assert sum(p.permanent_taint for p in state.player) <= F("seth_board.blood_tokens"), "24 Blood tokens"
    for path in state.assumed_used:
        assert path in FACTS, f"a fact used must exist: {path}"


def play(players: int, seed: int, check_every: int = 0, **options):
    state = ENGINE.new_game(players, seed, **options)
    pick = chooser(seed)
    steps = 0
    while not ENGINE.is_over(state):
        actions = ENGINE.legal_actions(state)
        assert actions, f"no legal action ({ENGINE.decision(state)}, seed {seed})"
        action = pick.choice(actions)
        if check_every and steps % check_every == 0:
            check(state)
            dumped = json.dumps(ENGINE.state_to_json(state), sort_keys=True)
            assert json.dumps(ENGINE.state_to_json(ENGINE.state_from_json(json.loads(dumped))), sort_keys=True) == dumped
            assert ENGINE.action_from_json(json.loads(json.dumps(ENGINE.action_to_json(action)))) == action
        state, _ = ENGINE.apply(state, action)
        steps += 1
    check(state)
    assert not state.ext["owed"]
    return state, steps


@pytest.mark.parametrize("setup, options", CONFIGS)
def test_random_games_keep_the_invariants(setup, options):
    for seed in range(3):
        play(setup["players"], seed, check_every=5, **options)


@pytest.mark.parametrize("setup, options", [CONFIGS[2], CONFIGS[3], CONFIGS[7]])
def test_no_move_changes_an_earlier_state(setup, options):
    """State.copy shares the Seth board, the Conquest tiles and the displayed Artifacts until a move changes
    them (ext.own): at the end of a game every earlier state is still what it was."""
    state, pick, history = ENGINE.new_game(setup["players"], 11, **options), chooser(11), []
    while not ENGINE.is_over(state):
        actions = ENGINE.legal_actions(state)
        history.append((state, json.dumps(ENGINE.state_to_json(state), sort_keys=True)))
        state, _ = ENGINE.apply(state, pick.choice(actions))
    assert all(json.dumps(ENGINE.state_to_json(s), sort_keys=True) == dump for s, dump in history)


def test_same_seed_same_game():
    first, _ = play(4, 7)
    second, _ = play(4, 7)
    assert json.dumps(first.to_json(), sort_keys=True) == json.dumps(second.to_json(), sort_keys=True)


@pytest.mark.slow
def test_many_games():
    """10,000 seeded games over the eight configurations; every state checked every 25 decisions."""
    start, games = time.perf_counter(), 0
    for index in range(10_000):
        setup, options = CONFIGS[index % len(CONFIGS)]
        play(setup["players"], 1000 + index, check_every=25, **options)
        games += 1
        if games % 1000 == 0:       # a long run: its rate so far, in case it is stopped
            print(f"  {games} Time of Seth games, {time.perf_counter() - start:.0f} s", flush=True)
    elapsed = time.perf_counter() - start
    print(f"\n{games} Time of Seth games in {elapsed:.0f} s ({games / elapsed:.1f} games/s)")
