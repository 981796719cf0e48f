"""Through the Ages (2006) games between random players, in every mode: invariants after every move (yellow and
blue tokens conserved between banks, pool, cards, wonders and the box; every military card somewhere; no
negative stock; actions never exceed the government's; ratings within their caps), determinism and JSON round
trips. A fast sample by default; 10,002 seeded games per mode under `-m slow` (measured in the README)."""
from __future__ import annotations

import json
import time
from collections import Counter

import pytest

from engine import registry
from engine.play import chooser
from engine.through_the_ages import civil
from engine.through_the_ages import economy as eco
from engine.through_the_ages.cards import card

ENGINE = registry.get("through-the-ages")
MODES = ("simple", "advanced", "full")


def _military_cards(state) -> Counter:
    """Every military card of the game wherever it lies: decks, discards, hands, events, tactics, colonies,
    pacts, wars, the box, a card in the middle of an aggression, a war's settlement or a pact offer."""
    found: list[str] = []
    found += [c for d in state["mil_decks"].values() for c in d] + [c for d in state["mil_discards"].values() for c in d]
    found += state["current_events"] + state["future_events"] + state["past_events"] + state["scoring_events"]
    found += [c for c in state["box"] if card(c)["military_card"]]
    for civ in state["civs"]:
        found += civ["military_hand"] + civ["colonies"] + ([civ["tactics"]] if civ["tactics"] else [])
    found += [p["card"] for p in state["pacts"]] + [w["card"] for w in state["wars"]]
    pending = state["pending"] or {}
    if pending.get("kind") in ("attack", "defend", "war", "spoils", "pact_answer"):
        found.append(pending["card"])
    if pending.get("kind") in ("bid", "payment"):
        found.append(pending["territory"])
    return Counter(found)


def _invariants(state, military: Counter | None):
    for seat, civ in enumerate(state["civs"]):
        on_cards = sum(civ["workers"].values())
        assert civ["yellow_bank"] + civ["pool"] + on_cards + civ["yellow_boxed"] == 25 + civ["yellow_cap"] - 18, seat
        blue_out = sum(civ["blue"].values()) + civ["wonder_stages"] + civ["blue_boxed"]
        assert civ["blue_bank"] + blue_out == civ["blue_cap"], seat
        assert min(civ["yellow_bank"], civ["pool"], civ["blue_bank"], civ["science"], *civ["workers"].values(),
                   *civ["blue"].values(), 0) == 0
        assert civ["science"] <= 40
        assert eco.strength(civ) <= 60 and eco.culture_rating(civ) <= 30 and eco.science_rating(civ) <= 30
        assert 0 <= eco.happy_faces(civ) <= 8
        if seat == state["current"] and not state["over"]:
            assert civ["civil_used"] <= civil.civil_total(state, seat)
            assert civ["military_used"] <= eco.military_actions(civ)
    if military is not None and state["mode"] != "simple":
        assert _military_cards(state) == military


def play(players, seed, mode="simple", check=True, **options):
    state = ENGINE.new_game(players, seed, mode=mode, **options)
    military = _military_cards(state) if check else None
    pick = chooser(seed)
    moves = 0
    while not ENGINE.is_over(state):
        state, _ = ENGINE.apply(state, pick.choice(ENGINE.legal_actions(state)))
        moves += 1
        if check:
            _invariants(state, military)
    return state, moves


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_sample_games_keep_the_invariants(mode, players):
    for seed in range(6):
        state, _ = play(players, seed, mode)
        result = ENGINE.result(state)
        assert result["final"] and (state["last_round"] or state["final_round"])
        assert state["age"] == {"simple": "I", "advanced": "III", "full": "IV"}[mode]


def _count(players, seeds, mode):
    """Pacts offered / made and wars declared / settled in random games."""
    seen: Counter = Counter()
    for seed in seeds:
        state = ENGINE.new_game(players, seed, mode=mode)
        pick = chooser(seed)
        while not ENGINE.is_over(state):
            state, events = ENGINE.apply(state, pick.choice(ENGINE.legal_actions(state)))
            seen.update(e["event"] for e in events if e.get("event") in ("pact_made", "pact_declined", "war_declared", "war", "spoils"))
    return seen


def test_random_games_make_pacts_and_wars():
    """The decks deal the pacts (Advanced and Full, 3+ players) and the wars (Full), and random players use them."""
    advanced, full = _count(3, range(3), "advanced"), _count(3, range(3), "full")
    assert advanced["pact_made"] and advanced["pact_declined"] and not advanced["war_declared"]
    assert full["pact_made"] and full["war_declared"] and full["war"] and full["spoils"]
    assert not _count(2, range(2), "advanced")             # no pacts with 2 players, no wars in the Advanced game


def test_full_games_with_resigning_end_with_a_winner():
    for seed in range(4):
        state, _ = play(3, seed, "full", resign=True)
        assert ENGINE.is_over(state)
        if any(c["resigned"] for c in state["civs"]):
            assert state["winner"] is None or not state["civs"][state["winner"]]["resigned"]


@pytest.mark.parametrize("mode", MODES)
def test_same_seed_same_game_and_json_round_trip(mode):
    a, _ = play(3, 99, mode, check=False)
    b, _ = play(3, 99, mode, check=False)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert ENGINE.state_from_json(json.loads(json.dumps(ENGINE.state_to_json(a)))) == a


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_ten_thousand_games(mode):
    start = time.perf_counter()
    games = 0
    for seed in range(3334):
        for players in (2, 3, 4):
            play(players, seed, mode)
            games += 1
        if seed % 500 == 499:       # a long run: its rate so far, in case it is stopped
            print(f"  {mode}: {games} games, {time.perf_counter() - start:.0f} s", flush=True)
    elapsed = time.perf_counter() - start
    print(f"{games} {mode} games with invariant checks in {elapsed:.1f} s ({games / elapsed:.0f} games/s)")
    assert games >= 10_000
