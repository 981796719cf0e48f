"""Blessings B01-B24, Technologies T01-T24 and the Happiness-21 extra action (engine/tekhenu/effects_cards.py).

The card texts (kb/data/tekhenu/cards/05-blessings.yaml, 06-technologies.yaml) are the oracle. One checked
scenario per card lives in kb/data/tekhenu/scenarios/03-blessings-technologies.yaml (run by
test_scenarios.py); these tests cover what scenarios cannot express: windows in legal_actions, refusals,
several players, JSON round trips, copy-on-write and random play reaching every card.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.errors import IllegalAction
from engine.tekhenu import (ChooseDestiny, Perform, State, TakeDie, UseBlessing, action_from_json, action_to_json,
                            apply, legal_actions)
from engine.tekhenu.effects_cards import CARD_FACTS
from engine.tekhenu.play import play_random
from engine.tekhenu.rules import run_maat, run_scoring
from engine.tekhenu.scenarios import setup_state

NO_RESOURCES = {"papyrus": 0, "bread": 0, "limestone": 0, "granite": 0, "gold": 0}


def _state(me: dict, dice: list | None = None, players: int = 2, edition: str = "en") -> tuple[State, dict]:
    return setup_state({"setup": {"players": players, "seed": 1, "edition": edition, "me": me, "dice": dice or []}})


def _run(state: State, *actions) -> State:
    for action in actions:
        state, _ = apply(state, action)
    return state


# -- windows: when a Blessing may be played ----------------------------------------------------------------
def test_take_time_blessings_are_offered_before_the_die_and_not_after():
    state, dice = _state({"blessings": ["B09", "B01"], "production": {"bread": 6}},
                         [{"as": "d", "color": "brown", "value": 3, "god": "osiris", "light": "shaded"}])
    before = legal_actions(state)
    assert {a.option for a in before if isinstance(a, UseBlessing) and a.card == "B09"} == {str(v) for v in range(1, 7)}
    assert not any(isinstance(a, UseBlessing) and a.card == "B01" for a in before), "B01 waits for the action"
    after = legal_actions(_run(state, TakeDie(dice["d"])))
    assert UseBlessing("B01") in after
    assert not any(isinstance(a, UseBlessing) and a.card == "B09" for a in after)
    with pytest.raises(IllegalAction) as err:
        _run(state, TakeDie(dice["d"]), UseBlessing("B09", "6"))
    assert err.value.rule_id == "tekhenu/B09"


def test_attached_blessing_needs_its_action_and_commits_to_it():
    state, dice = _state({"blessings": ["B01", "B15"], "resources": dict(NO_RESOURCES)},
                         [{"as": "d", "color": "gray", "value": 3, "god": "bastet"}])
    state = _run(state, TakeDie(dice["d"]))
    actions = legal_actions(state)
    # a gray die at Bastet cannot produce: B01 is not offered and is refused
    assert UseBlessing("B01") not in actions and UseBlessing("B15") in actions
    with pytest.raises(IllegalAction) as err:
        apply(state, UseBlessing("B01"))
    assert err.value.rule_id == "tekhenu/B01"
    # without Papyrus Bastet is only possible once B15 is played
    assert Perform("bastet") not in actions
    after = _run(state, UseBlessing("B15"))
    assert Perform("bastet") in legal_actions(after)


def test_a_blessing_not_held_is_refused():
    state, _ = _state({"blessings": []})
    with pytest.raises(IllegalAction) as err:
        apply(state, UseBlessing("B07", "population"))
    assert err.value.rule_id == "tekhenu/actions/thoth/blessing-cards"


def test_blessings_stack_and_are_discarded():
    """'You may activate multiple Blessings at once' - B03 and B05 on one Produce Resources action."""
    state, dice = _state({"blessings": ["B03", "B05"], "production": {"bread": 6}, "resources": dict(NO_RESOURCES)},
                         [{"as": "d", "color": "brown", "value": 2, "god": "osiris", "light": "shaded"}])
    state = _run(state, TakeDie(dice["d"]), UseBlessing("B03"), UseBlessing("B05"), Perform("produce", resource="bread"))
    seat = next(e["seat"] for e in state.log if e.get("event") == "blessing")
    me = state.player[seat]
    assert (me.resources["bread"], me.resources["gold"]) == (2 + 4, 3)
    assert state.discards["blessing"] == ["B03", "B05"] and me.blessings == []


def test_b09_and_b11_are_not_offered_when_no_die_could_be_taken():
    state, _ = _state({"blessings": ["B09", "B11"], "scribes": 0})
    state = _run(state, UseBlessing("B09", "6"))
    options = {a.option for a in legal_actions(state) if isinstance(a, UseBlessing) and a.card == "B11"}
    assert options and not any(o.endswith(",1") for o in options), "6 + 1 would leave no die to take"
    with pytest.raises(IllegalAction) as err:
        apply(state, UseBlessing("B11", "gray,1"))
    assert err.value.rule_id == "tekhenu/B11"


# -- extra actions -------------------------------------------------------------------------------------------
def test_b17_extra_action_must_be_adjacent_and_any_order():
    state, dice = _state({"blessings": ["B17"], "scribes": 1, "happiness": 2, "population": 10,
                          "resources": {"papyrus": 2, "bread": 2, "gold": 0}},
                         [{"as": "d", "color": "gray", "value": 3, "god": "bastet"}])
    state = _run(state, UseBlessing("B17"), TakeDie(dice["d"]))
    extras = {a.action for a in legal_actions(state) if a.kind == "perform" and a.by == "B17"}
    assert extras <= {"hathor", "thoth"} and "hathor" in extras
    with pytest.raises(IllegalAction) as err:
        apply(state, Perform("osiris", district="bread", by="B17"))
    assert err.value.rule_id == "tekhenu/B17"
    # the extra action first: the turn goes on until the normal action is done
    mid = _run(state, Perform("hathor", space=0, by="B17"))
    assert mid.phase == "act" and mid.turns == state.turns
    assert legal_actions(mid) == [Perform("bastet")]
    done = _run(mid, Perform("bastet"))
    assert done.phase == "take_die" and done.turns == state.turns + 1


def test_t19_produces_only_with_a_tainted_die_and_commits_to_a_god_action():
    state, dice = _state({"technologies": ["T19"], "scribes": 1, "production": {"papyrus": 2},
                          "resources": {"papyrus": 2, "gold": 0}, "happiness": 2, "population": 10},
                         [{"as": "d", "color": "yellow", "value": 3, "god": "bastet", "light": "shaded"}])
    pure = _run(state, TakeDie(dice["d"]))            # yellow is Pure in a Shaded section
    with pytest.raises(IllegalAction) as err:
        apply(pure, Perform("produce", by="T19"))
    assert err.value.rule_id == "tekhenu/T19"
    state, dice = _state({"technologies": ["T19"], "scribes": 1, "production": {"papyrus": 2},
                          "resources": {"papyrus": 2, "gold": 0}, "happiness": 2, "population": 10},
                         [{"as": "d", "color": "yellow", "value": 3, "god": "bastet", "light": "sunny"}])
    tainted = _run(state, TakeDie(dice["d"]), Perform("produce", by="T19"))
    assert all(a.action != "produce" for a in legal_actions(tainted)), "the normal action is the God Action"
    with pytest.raises(IllegalAction) as err:
        apply(tainted, Perform("produce", resource="papyrus"))
    assert err.value.rule_id == "tekhenu/T19"


def test_happiness_21_reached_in_the_maat_phase_is_performed_at_once():
    """A03 (Happiness +1) in the Maat phase's Destiny step can reach 21: the extra action comes first."""
    state, _ = _state({"happiness": 20, "population": 21, "production": {"bread": 2},
                       "resources": dict(NO_RESOURCES), "scribes": 0})
    seat = state.current.seat
    events: list = []
    run_maat(state, events)
    while state.pending["queue"][0] != seat:
        state = _run(state, ChooseDestiny(next(c for c in state.pending["available"] if c != "A03")))
    state = _run(state, ChooseDestiny("A03", "happiness"))
    assert state.player[seat].happiness == 21
    forced = legal_actions(state)
    assert forced and all(a.by == "happiness21" for a in forced)
    with pytest.raises(IllegalAction) as err:
        apply(state, ChooseDestiny("A01"))
    assert err.value.rule_id == "tekhenu/actions/bastet/happiness-21-extra-action"
    after = _run(state, Perform("produce", resource="bread", by="happiness21", value=2))
    assert after.player[seat].resources["bread"] == 2
    assert all(a.by is None for a in legal_actions(after) if a.kind == "perform")


def test_happiness_21_is_rewarded_once():
    state, dice = _state({"happiness": 18, "population": 21, "resources": {"papyrus": 4, "gold": 0}},
                         [{"as": "d", "color": "gray", "value": 3, "god": "bastet"}])
    state = _run(state, TakeDie(dice["d"]), Perform("bastet"))
    seat = next(e["seat"] for e in state.log if e.get("event") == "bastet")
    state.player[seat].happiness = 18      # fall back and climb again: no second extra action
    from engine.tekhenu.core import advance_happiness
    events: list = []
    advance_happiness(state, state.player[seat], 3, events)
    assert not any(e.get("event") == "extra_action" for e in events)


# -- Maat phase and Scoring ------------------------------------------------------------------------------
def test_t15_ankh_value_5_wins_the_tie():
    state, _ = _state({"technologies": ["T15"], "destiny": "A01"})
    me = state.current.seat
    other = 1 - me
    state.player[other].destiny = "A04"          # printed Ankh 3 beats A01's 0, but not T15's 5
    run_maat(state, [])
    assert state.turn_order[0] == me


def test_t16_first_in_turn_order_scores_2_in_games_of_3_or_more():
    state, _ = _state({"technologies": ["T16"], "pure": [["white", 2]], "tainted": [["gray", 2]]}, players=3)
    seat = state.current.seat
    for p in state.player:
        if p.seat != seat:
            p.tainted = [d for d in state.bag if d.color == "gray"][:1]   # balance -1 each
            state.bag = [d for d in state.bag if d not in p.tainted]
    vp = state.player[seat].vp
    run_maat(state, [])
    assert state.turn_order[0] == seat
    while state.phase == "setup":
        state = _run(state, legal_actions(state)[0])
    assert state.player[seat].vp == vp + CARD_FACTS("technology.T16_first_vp")


def test_t17_no_bread_during_scoring():
    state, _ = _state({"technologies": ["T17"], "buildings_left": 2, "resources": dict(NO_RESOURCES), "vp": 20})
    seat = state.current.seat
    events: list = []
    run_scoring(state, events)
    scored = next(e for e in events if e.get("event") == "score_player" and e["seat"] == seat)
    assert scored["bread"] == 0 and scored["unpaid_bread"] == 0


def test_t10_scribes_pay_for_a_resource():
    state, dice = _state({"technologies": ["T10"], "scribes": 2, "vp": 10, "happiness": 2, "population": 10,
                          "resources": dict(NO_RESOURCES)}, [{"as": "d", "color": "gray", "value": 3, "god": "bastet"}])
    assert Perform("bastet") in legal_actions(_run(state, TakeDie(dice["d"])))
    seat = state.current.seat
    after = _run(state, TakeDie(dice["d"]), Perform("bastet"))
    me = after.player[seat]
    assert me.scribes == 2 - 2 + 1 and me.vp == 11     # 2 Scribes as Papyrus, +1 Scribe from the die of 3


# -- the engine's contracts with cards in play ------------------------------------------------------------
def test_new_actions_round_trip_through_json():
    for action in (UseBlessing("B11", "white,-1"), UseBlessing("B23"), TakeDie(3, 1, False, "pure"),
                   Perform("hathor", space=2, by="B17", shift=-1), Perform("produce", resource="bread", by="happiness21", value=4)):
        assert action_from_json(action_to_json(action)) == action


def test_mid_turn_card_state_round_trips_and_is_never_mutated():
    state, dice = _state({"blessings": ["B17", "B01"], "technologies": ["T14", "T13"], "scribes": 2,
                          "happiness": 2, "population": 10, "resources": {"papyrus": 2, "bread": 2, "gold": 0}},
                         [{"as": "d", "color": "gray", "value": 3, "god": "bastet"}])
    state = _run(state, UseBlessing("B17"), TakeDie(dice["d"]))
    assert state.turn_effects["extras"] == [{"by": "B17"}]
    before = state.dumps()
    actions = legal_actions(state)                  # B17's cost is tried on the state, then undone
    assert state.dumps() == before
    for action in actions:
        try:
            apply(state, action)
        except IllegalAction:
            pass
        assert state.dumps() == before
    again = State.from_json(state.to_json())
    assert again.dumps() == before and [str(a) for a in legal_actions(again)] == [str(a) for a in actions]


def test_random_play_exercises_the_cards():
    """Random legal play reaches the cards: Blessings are played and Technologies trigger. (Exact coverage
    varies with the random sequence, so the bar is a floor; every card has its own scenario.)"""
    used: Counter = Counter()
    for players in (2, 3, 4):
        for seed in range(12):
            state, _ = play_random(players, seed)
            for event in state.log:
                if event.get("event") in ("blessing", "card_effect"):
                    used[event["card"]] += 1
                elif event.get("event") == "extra_action" and event.get("action"):
                    used["extra:" + event["by"]] += 1
    blessings = {c for c in used if c.startswith("B")}
    technologies = {c for c in used if c.startswith("T")}
    assert len(blessings) >= 22, sorted(blessings)
    assert len(technologies) >= 16, sorted(technologies)
    assert {"extra:B17", "extra:B18", "extra:B19", "extra:B20"} & set(used)


@pytest.mark.parametrize("edition", ["en", "ko"])
def test_both_editions_apply_the_same_card_texts(edition):
    """The KO and EN card texts state the same effects (no edition_diff on B01-B24/T01-T24)."""
    from kb.store import load_kb

    kb = load_kb(games=["tekhenu"])
    for prefix in ("B", "T"):
        for i in range(1, 25):
            assert kb.entry(f"tekhenu/{prefix}{i:02d}").edition_diff is None
    state, dice = _state({"blessings": ["B21"], "technologies": ["T12"], "vp": 10, "production": {"bread": 3},
                          "resources": dict(NO_RESOURCES)},
                         [{"as": "d", "color": "brown", "value": 5, "god": "osiris", "light": "shaded"}], edition=edition)
    seat = state.current.seat
    state = _run(state, TakeDie(dice["d"]), UseBlessing("B21"), Perform("produce", resource="bread"))
    me = state.player[seat]
    assert (me.resources["bread"], me.taint_resources, me.vp) == (6, 4, 14)


def test_every_card_fact_has_provenance():
    from kb.store import load_kb

    kb = load_kb(games=["tekhenu"])
    for fact in CARD_FACTS.all():
        assert fact.source in ("rulebook", "assumed")
        if fact.source == "rulebook":
            assert kb.entry(fact.rule) is not None, fact.path
        else:
            assert fact.note, fact.path
    import re
    from pathlib import Path

    source = "".join(path.read_text(encoding="utf-8") for path in Path("engine/tekhenu").glob("*.py"))
    names = re.findall(r'note_reading\(state, "([a-z0-9_]+)"\)', source)
    assert len(names) >= 7
    for name in names:
        assert CARD_FACTS.fact(f"readings.{name}").source == "assumed", name


def test_random_legal_actions_always_apply():
    rng = random.Random(7)
    for seed in range(6):
        state, _ = play_random(4, seed)
        assert state.phase == "game_over"
    state, _ = _state({"blessings": ["B11", "B17", "B19", "B23", "B07"], "technologies": ["T08", "T13", "T14", "T10"],
                       "scribes": 3})
    for _ in range(60):
        actions = legal_actions(state)
        if not actions:
            break
        state, _ = apply(state, rng.choice(actions))


@pytest.mark.parametrize("players", [2, 4])
def test_apply_never_changes_its_input_in_whole_games(players):
    """Copies of the state share Die objects (state._dice): every roll or turn of a die must make a new one."""
    rng = random.Random(players)
    state, _ = _state({"blessings": ["B09", "B11", "B17", "B23"], "technologies": ["T13", "T14", "T08"]},
                      players=players)
    while state.phase != "game_over":
        before = state.dumps()
        new, _ = apply(state, rng.choice(legal_actions(state)))
        assert state.dumps() == before
        state = new


def test_no_extra_action_between_a_thoth_refresh_and_its_cards():
    """B19 "in any order": before the normal action or after it, not between a Thoth refresh ("Before
    selecting cards you take") and the cards (card_effects.readings.extra_action_not_inside_thoth)."""
    state, dice = _state({"blessings": ["B19"], "happiness": 3, "population": 6,
                          "resources": {"papyrus": 3, "limestone": 4, "gold": 0}},
                         [{"as": "d", "color": "black", "value": 1, "god": "thoth", "light": "dark"}])
    state = _run(state, UseBlessing("B19"), TakeDie(dice["d"]))
    assert any(a.by == "B19" for a in legal_actions(state) if isinstance(a, Perform))   # before: offered
    state = _run(state, Perform("thoth_refresh", section=0))
    assert not any(getattr(a, "by", None) for a in legal_actions(state))
    extra = Perform("ra", cell="1,1", by="B19")                 # Ra is opposite Thoth
    with pytest.raises(IllegalAction) as refused:
        apply(state, extra)
    assert refused.value.rule_id == "tekhenu/actions/thoth/refresh-section"
    thoth = next(a for a in legal_actions(state) if isinstance(a, Perform) and a.action == "thoth")
    state = _run(state, thoth)
    assert any(a.by == "B19" for a in legal_actions(state) if isinstance(a, Perform))    # after: offered again
