"""The Tekhenu engine: rulebook oracles, illegal actions naming their rule, determinism, JSON round-trip,
invariants over random games (hypothesis), and provenance of every board fact and cited rule id."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import IllegalAction
from engine.tekhenu import ChooseDestiny, Die, Perform, State, TakeDie, apply, legal_actions, new_game
from engine.tekhenu.board import FACTS, GODS
from engine.tekhenu.play import play_random, summary


def _ready(players: int = 2, seed: int = 1, horus: str = "preprinted") -> State:
    """A game past setup (draft and Destiny choices made by the first legal option). The preprinted
    Horus Bonuses by default: the rulebook's examples (Example 13: 4 → Hathor) show the printed board."""
    state = new_game(players, seed, horus=horus)
    while state.phase == "setup":
        state, _ = apply(state, legal_actions(state)[0])
    return state


def _place(state: State, color: str, value: int, light: str) -> Die:
    """Put a die of that colour and value into a section of that light (test set-up)."""
    section = next(s for s in range(6) if state.light(s) == light)
    pool = [state.bag] + state.sections
    holder = next(h for h in pool if any(d.color == color for d in h))
    die = next(d for d in holder if d.color == color)
    holder.remove(die)
    die.value = value
    state.sections[section].append(die)
    return die


def test_forbidden_die_is_refused_with_its_rule():
    state = _ready()
    die = _place(state, "black", 3, "sunny")  # black is Forbidden in a Sunny section
    with pytest.raises(IllegalAction) as err:
        apply(state, TakeDie(die.id))
    assert err.value.rule_id == "tekhenu/round/take-die"
    assert "not a Forbidden die" in err.value.message
    assert all(a.die != die.id for a in legal_actions(state) if not a.anubis)


def test_anubis_takes_a_forbidden_die_and_puts_it_below_the_scales():
    state = _ready()
    state.current.scribes = 2
    die = _place(state, "black", 3, "sunny")
    after, events = apply(state, TakeDie(die.id, anubis=True))
    p = after.player[state.current.seat]
    assert [d.id for d in p.below] == [die.id] and p.scribes == 0
    assert not p.pure and not p.tainted


def test_scribes_never_wrap_a_six_into_a_one():
    state = _ready()
    state.current.scribes = 3
    die = _place(state, "white", 6, "sunny")
    with pytest.raises(IllegalAction) as err:
        apply(state, TakeDie(die.id, adjust=1))
    assert err.value.rule_id == "tekhenu/actions/scribes/no-wrap"
    after, _ = apply(state, TakeDie(die.id, adjust=-2))   # one Scribe: down by 2
    assert after.pending["value"] == 4 and after.player[state.current.seat].scribes == 2


def test_example_17_excess_bread_becomes_taint():
    """Rulebook Example 17: 5 Bread produced with the marker on 3 → keep 3, 2 on the scales as Taint."""
    state = _ready()
    p = state.current
    p.production["bread"] = 3
    p.resources["bread"] = 0
    die = _place(state, "brown", 5, "shaded")  # brown is Pure in a Shaded section
    state, _ = apply(state, TakeDie(die.id))
    state, events = apply(state, Perform("produce", resource="bread"))
    after = state.player[p.seat]
    assert after.resources["bread"] == 3 and after.taint_resources == 2
    assert events[0]["kept"] == 3 and events[0]["taint"] == 2


def test_example_18_no_excess_when_marker_is_higher():
    state = _ready()
    p = state.current
    p.production["limestone"] = 5
    p.resources["limestone"] = 0
    die = _place(state, "white", 4, "sunny")
    state, _ = apply(state, TakeDie(die.id))
    state, _ = apply(state, Perform("produce", resource="limestone"))
    assert state.player[p.seat].resources["limestone"] == 4 and state.player[p.seat].taint_resources == 0


def test_gray_dice_cannot_produce():
    state = _ready()
    die = _place(state, "gray", 3, "sunny")
    state, _ = apply(state, TakeDie(die.id))
    with pytest.raises(IllegalAction) as err:
        apply(state, Perform("produce", resource="papyrus"))
    assert err.value.rule_id == "tekhenu/round/gray-no-production"


def test_example_16_bastet_happiness_capped_by_population():
    """Example 16: a gray 6 at Bastet with Population 4 above Happiness → Happiness +4 only."""
    state = _ready()
    p = state.current
    p.happiness, p.population = 5, 9
    p.resources["papyrus"] = 2
    bastet = 3  # sections follow the gods around the board: horus, ra, hathor, bastet, thoth, osiris
    holder = next(h for h in [state.bag] + state.sections if any(d.color == "gray" for d in h))
    die = next(d for d in holder if d.color == "gray")
    holder.remove(die)
    die.value = 6
    state.sections[bastet].append(die)
    state, _ = apply(state, TakeDie(die.id))
    state, events = apply(state, Perform("bastet"))
    assert state.player[p.seat].happiness == 9
    assert state.player[p.seat].resources["papyrus"] == 0
    assert any(e["event"] == "bastet" and e["capped_by_population"] for e in events)


@pytest.mark.parametrize("balance, lost", [(-1, 0), (-2, 0), (-3, 1), (-5, 1), (-6, 2), (-8, 2), (-9, 3), (-14, 3), (2, 0)])
def test_maat_vp_loss_table(balance, lost):
    table = FACTS("maat.vp_loss")
    expected = 0
    if balance < 0:
        expected = next(vp for lowest, vp in table if balance >= lowest)
    assert expected == lost


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_game_phase_counts(players):
    state, _ = play_random(players, seed=3)
    result = summary(state, 3)
    assert (result["rounds"], result["rotations"], result["maat_phases"], result["scorings"]) == (16, 8, 4, 2)
    assert result["turns"] == 16 * players
    assert result["winner"] in range(players)


def test_same_seed_same_game():
    a, _ = play_random(3, seed=11)
    b, _ = play_random(3, seed=11)
    assert a.dumps() == b.dumps()


def test_json_round_trip_is_lossless_mid_game():
    state = _ready(4, 5)
    import random
    rng = random.Random(5)
    for _ in range(40):
        state, _ = apply(state, rng.choice(legal_actions(state)))
        again = State.from_json(state.to_json())
        assert again.dumps() == state.dumps()
        assert [str(a) for a in legal_actions(again)] == [str(a) for a in legal_actions(state)]


def test_apply_never_modifies_its_input():
    state = _ready()
    before = state.dumps()
    apply(state, legal_actions(state)[0])
    assert state.dumps() == before


def _dice_count(state: State) -> int:
    return (sum(len(s) for s in state.sections) + len(state.bag) + len(state.boxed)
            + sum(p.dice_on_board for p in state.player))


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000))
def test_random_games_keep_the_invariants(players, seed):
    import random

    state = new_game(players, seed)
    rng = random.Random(seed)
    while state.phase != "game_over":
        state, _ = apply(state, rng.choice(legal_actions(state)))
        assert _dice_count(state) == FACTS("dice.total")
        for p in state.player:
            assert 0 <= p.happiness <= p.population
            assert p.vp >= 0 and p.scribes >= 0 and p.faith >= 0
            assert all(v >= 0 for v in p.resources.values())
            assert all(2 <= v <= 6 for v in p.production.values())
            assert 0 <= p.buildings_left <= 10 and 0 <= p.statues_left <= 6
        if state.phase == "take_die":
            current = state.current.seat
            for action in legal_actions(state):
                if not isinstance(action, TakeDie):
                    continue           # Blessings played before the die is taken (test_engine_cards_bt.py)
                section = next(s for s, dice in enumerate(state.sections) for d in dice if d.id == action.die)
                die = next(d for d in state.sections[section] if d.id == action.die)
                if state.purity(die, section) == "forbidden" and "color" not in state.turn_effects.get("take", {}):
                    assert action.anubis or action.treat, \
                        "a Forbidden die is only legal through an Anubis Action (or T08)"
            assert current == state.current.seat
    assert (state.rotations, state.maat_phases, state.scorings) == (8, 4, 2)


def test_every_board_fact_has_provenance_and_existing_rules():
    from kb.store import load_kb

    kb = load_kb(games=["tekhenu"])
    for fact in FACTS.all():
        assert fact.source in ("rulebook", "source", "assumed")
        if fact.source == "rulebook":
            assert kb.entry(fact.rule) is not None, f"{fact.path} cites unknown rule {fact.rule}"
        if fact.source == "source":   # a publication, precisely, and how it was cross-checked
            assert fact.ref and fact.checked, fact.path


def test_every_rule_id_the_engine_cites_exists():
    from kb.store import load_kb

    kb = load_kb(games=["tekhenu"])
    source = "\n".join(p.read_text(encoding="utf-8") for p in Path("engine").rglob("*.py"))
    cited = set(re.findall(r'"(tekhenu/[A-Za-z0-9][A-Za-z0-9/._-]*)"', source))
    # scenario ids and id prefixes ("tekhenu/solo/") are not rule ids
    cited = {c for c in cited if "/scenario/" not in c and not c.endswith("/")}
    assert cited, "the engine should cite rules"
    missing = sorted(r for r in cited if kb.entry(r) is None)
    assert missing == []


def test_play_cli_json_contract(capsys):
    import json

    from app.cli import main

    assert main(["play", "--players", "2", "--seed", "4", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {"seed", "players", "edition", "rounds", "rotations", "maat_phases", "scorings", "turns", "final",
            "winner"} <= set(result)
    assert result["rounds"] == 16 and len(result["final"]) == 2
    assert main(["play", "--players", "7"]) == 2
    assert "2-4 players" in capsys.readouterr().err


def _take_at(state: State, god: str, color: str, value: int) -> State:
    """Put a die in the section of a god and take it (with an Anubis-free, Pure or Tainted die)."""
    from engine.tekhenu.board import GODS

    section = GODS.index(god)
    holder = next(h for h in [state.bag] + state.sections if any(d.color == color for d in h))
    die = next(d for d in holder if d.color == color)
    holder.remove(die)
    die.value = value
    state.sections[section].append(die)
    state, _ = apply(state, TakeDie(die.id))
    return state


def test_thoth_card_count_and_sections_by_happiness():
    state = _ready()
    p = state.current
    p.happiness = 0
    state = _take_at(state, "thoth", "gray", 1)
    with pytest.raises(IllegalAction) as err:
        apply(state, Perform("thoth", section=0, cards=(0,)))
    assert err.value.rule_id == "tekhenu/actions/thoth/market-sections-by-happiness"

    state = _ready()
    p = state.current
    p.happiness = 3                        # 1-4: first section only
    state = _take_at(state, "thoth", "gray", 2)
    with pytest.raises(IllegalAction):
        apply(state, Perform("thoth", section=1, cards=(0,)))
    before = len(state.player[p.seat].blessings) + len(state.player[p.seat].technologies)
    after, events = apply(state, Perform("thoth", section=0, cards=(0,)))
    got = after.player[p.seat]
    assert len(got.blessings) + len(got.technologies) == before + 1
    assert len(after.market[0]) == len(state.market[0])   # refilled with the same type


def test_hathor_population_opens_the_third_market_section():
    state = _ready()
    p = state.current
    p.population = 7
    p.resources["bread"] = 4
    assert state.market[2] is None
    state = _take_at(state, "hathor", "gray", 2)
    space = next(a.space for a in legal_actions(state) if a.action == "hathor")
    after, events = apply(state, Perform("hathor", space=space))
    assert after.player[p.seat].population == 9
    assert after.market[2] is not None and any(e["event"] == "market_section_opened" for e in events)


def test_ra_takes_the_tile_matching_the_die():
    state = _ready()
    p = state.current
    p.resources["limestone"] = 2
    leftmost = state.ra_tiles[0]
    state = _take_at(state, "ra", "gray", 6)          # 5 or 6 → the leftmost tile
    after, events = apply(state, Perform("ra", cell="1,1"))
    assert after.temple["1,1"]["tile"] == leftmost and after.temple["1,1"]["owner"] == p.seat
    assert after.player[p.seat].pillars_left == 7
    with pytest.raises(IllegalAction) as err:   # the space is now taken
        state2 = _take_at(after, "ra", "gray", 6) if after.phase == "take_die" else after
        apply(state2, Perform("ra", cell="1,1"))
    assert err.value.rule_id in ("tekhenu/actions/ra/pay-and-place-tile", "tekhenu/round/take-die")


def _setup_until_rewards(seed: int, wanted: list[str]):
    """Play setup choosing the wanted Starting cards for the first picks when offered."""
    from engine.tekhenu import ChooseReward, ChooseStarting

    state = new_game(2, seed)
    while state.phase == "setup" and state.pending["stage"] != "rewards":
        actions = legal_actions(state)
        pick = next((a for a in actions if isinstance(a, ChooseStarting) and a.card in wanted), actions[0])
        state, _ = apply(state, pick)
    return state, ChooseReward


def test_starting_rewards_are_received_with_choices():
    for seed in range(40):
        state = new_game(2, seed)
        if {"S04", "S07"} <= set(state.pending["draft"]["offer"]):
            break
    state, ChooseReward = _setup_until_rewards(seed, ["S04", "S07"])
    owner = next(p for p in state.player if "S04" in p.starting or "S07" in p.starting)
    gold_before, scribes_before = owner.resources["gold"], owner.scribes
    total_before = sum(owner.resources[r] for r in ("papyrus", "bread", "limestone", "granite"))
    while state.phase == "setup":
        actions = legal_actions(state)
        s04 = [a for a in actions if isinstance(a, ChooseReward) and a.card == "S04"]
        if s04:
            assert all(sum(map(int, a.option.split(","))) == 5 for a in s04)   # any 5 Resources
            assert not any(a.option.endswith("gold") for a in s04)             # Gold excluded
            state, _ = apply(state, ChooseReward("S04", "2,1,1,1"))
        else:
            state, _ = apply(state, actions[0])
    after = state.player[owner.seat]
    if "S07" in owner.starting:
        assert after.scribes >= scribes_before + 2 and after.resources["gold"] >= gold_before + 1
    if "S04" in owner.starting:
        assert sum(after.resources[r] for r in ("papyrus", "bread", "limestone", "granite")) >= total_before + 5


def test_s01_builds_in_row_5_without_losing_happiness():
    for seed in range(60):
        state = new_game(2, seed)
        if "S01" in state.pending["draft"]["offer"]:
            break
    state, ChooseReward = _setup_until_rewards(seed, ["S01"])
    owner = next(p for p in state.player if "S01" in p.starting)
    happiness = owner.happiness
    while state.phase == "setup":
        actions = legal_actions(state)
        mine = [a for a in actions if isinstance(a, ChooseReward) and a.card == "S01"]
        state, _ = apply(state, ChooseReward("S01", "granite") if mine else actions[0])
    after = state.player[owner.seat]
    assert state.osiris.get("5,granite") == owner.seat
    assert after.production["granite"] == 4 and after.happiness >= happiness


def test_thoth_refresh_pays_papyrus_and_commits_to_thoth():
    state = _ready()
    p = state.current
    p.happiness, p.resources["papyrus"], p.resources["gold"] = 6, 3, 0
    state = _take_at(state, "thoth", "gray", 3)         # 3-4: 2 cards for 2 Papyrus
    old = [c["card"] for c in state.market[0]]
    state, events = apply(state, Perform("thoth_refresh", section=0))
    assert state.player[p.seat].resources["papyrus"] == 2 and state.phase == "act"
    assert [c["card"] for c in state.market[0]] != old
    assert all(a.action == "thoth" for a in legal_actions(state))          # committed to Thoth
    with pytest.raises(IllegalAction) as err:
        apply(state, Perform("thoth_refresh", section=0))                 # once per section
    assert err.value.rule_id == "tekhenu/actions/thoth/refresh-section"
    state, _ = apply(state, Perform("thoth", section=0, cards=(0, 1)))
    assert state.player[p.seat].resources["papyrus"] == 0


# -- Horus Statue bonuses by player count (regressions found by the scenarios in 10-horus-ra-hathor-scribes) --
def _statue_for_hathor(players: int, already: bool = False):
    """The current player builds a Statue honouring Hathor (die 4 → Hathor, Example 13)."""
    state = _ready(players)
    p = state.current
    p.resources["granite"], p.resources["gold"] = 3, 0
    state.god_statues = {g: [] for g in state.god_statues}
    if already:
        state.god_statues["hathor"] = [p.seat]
    state = _take_at(state, "horus", "gray", 4)
    after, events = apply(state, Perform("horus", target="god"))
    return after.player[p.seat], events


def test_three_players_get_the_statue_bonus_right_after_building():
    p, events = _statue_for_hathor(3)
    assert p.resources["gold"] == 1 and any(e["event"] == "statue_bonus" for e in events)
    p, _ = _statue_for_hathor(4)                     # not with 4 players
    assert p.resources["gold"] == 0
    p, _ = _statue_for_hathor(3, already=True)       # a second Statue at the same god: no extra reward
    assert p.resources["gold"] == 0


def test_two_players_no_bonus_from_the_action_that_built_the_statue():
    state = _ready(2)
    p = state.current
    p.resources["granite"], p.scribes = 3, 0
    state.god_statues = {g: [] for g in state.god_statues}
    die_for_horus = next(v for v, g in FACTS("horus.die_to_god").items() if g == "horus")
    state = _take_at(state, "horus", "gray", die_for_horus)
    after, events = apply(state, Perform("horus", target="god"))
    assert after.god_statues["horus"] == [p.seat]
    assert not any(e["event"] == "statue_bonus" for e in events)


def test_two_statues_at_one_god_pay_the_bonus_once():
    state = _ready(4)
    owner = state.turn_order[1]
    state.god_statues = {g: [] for g in state.god_statues}
    state.god_statues["hathor"] = [owner, owner]
    gold = state.player[owner].resources["gold"]
    state.current.resources["bread"] = 4
    state = _take_at(state, "hathor", "gray", 2)
    space = next(a.space for a in legal_actions(state) if a.action == "hathor")
    after, _ = apply(state, Perform("hathor", space=space))
    assert after.player[owner].resources["gold"] == gold + FACTS("horus.bonus_by_god.hathor").get("gold", 0)


# -- Horus Bonus tiles (setup step 4) ------------------------------------------------------------------
def test_horus_bonus_tiles_are_shuffled_onto_the_six_spaces_per_seed():
    layouts = {seed: new_game(4, seed).horus_tiles for seed in range(1, 30)}
    assert all(sorted(t) == sorted(GODS) for t in layouts.values())
    assert new_game(4, 7).horus_tiles == layouts[7]                  # deterministic for a seed
    assert len({tuple(t) for t in layouts.values()}) > 10           # and really shuffled
    assert new_game(4, 7, horus="preprinted").horus_tiles is None


def test_a_horus_die_honours_the_god_on_that_tile():
    from engine.tekhenu.board import horus_god, horus_value
    state = _ready(3, seed=5, horus="shuffled")
    value = horus_value(state, "thoth")
    assert horus_god(state, value) == "thoth" and state.horus_tiles[value - 1] == "thoth"
    p = state.current
    p.resources["granite"] = 3
    state = _take_at(state, "horus", "gray", value)
    after, _ = apply(state, Perform("horus", target="god"))
    assert p.seat in after.god_statues["thoth"]
    assert "horus.die_to_god" not in after.assumed_used       # the layout is the game's, not assumed art
    assert State.from_json(json.loads(after.dumps())).horus_tiles == after.horus_tiles


def test_preprinted_horus_bonuses_are_reported_as_assumed():
    state = _ready(3, horus="preprinted")
    p = state.current
    p.resources["granite"] = 3
    state = _take_at(state, "horus", "gray", 4)
    after, _ = apply(state, Perform("horus", target="god"))
    assert p.seat in after.god_statues["hathor"] and "horus.die_to_god" in after.assumed_used


def test_unknown_horus_setup_is_refused_with_its_rule():
    with pytest.raises(IllegalAction) as err:
        new_game(2, 1, horus="sideways")
    assert err.value.rule_id == "tekhenu/setup/horus-bonus-tiles"


# -- one registry of facts ----------------------------------------------------------------------------
def test_every_assumed_value_a_result_used_is_in_the_registry_with_its_note():
    """What a game or an example reports as not from the rulebook must be explainable to the user: its
    path names one entry of the data files, tagged assumed with a note saying why, or source with the
    publication and its cross-check."""
    from engine.tekhenu import facts
    from app.core.scenario_files import load_scenarios
    from engine.tekhenu.scenarios import run

    used: set[str] = set()
    from engine.tekhenu.game import ENGINE

    for seed in (1, 2):
        for players in (2, 3, 4):
            used.update(ENGINE.facts_used(play_random(players, seed)[0]))
        used.update(ENGINE.facts_used(play_random(2, seed, solo="hard")[0]))
    for spec in load_scenarios().values():
        used.update(run(spec).facts_used)
    assert len(used) > 20
    for path in sorted(used):
        fact = facts.lookup(path)
        assert fact is not None, f"{path} is noted as assumed but is in no data file"
        assert (fact.source == "assumed" and fact.note) or (fact.source == "source" and fact.ref and fact.checked), path


def test_registry_refuses_a_fact_without_provenance(tmp_path):
    from engine.facts import FactRegistry
    from engine.tekhenu import facts
    for n, (text, match) in enumerate(((" {value: 1, source: rulebook}", "names its rule"),
                                        (" {value: 1, source: assumed}", "note"))):
        data = tmp_path / f"case{n}" / "engine" / "g" / "data"
        data.mkdir(parents=True)
        (data / "t.yaml").write_text("x:" + text + "\n", encoding="utf-8")
        with pytest.raises(facts.FactError, match=match):
            FactRegistry.load(data, "g")

# -- engine audit against the rulebook text ---------------------------------------------------------
def test_populace_track_end_is_an_assumed_fact_noted_when_it_stops_a_marker():
    """The text names Happiness thresholds up to 21 ("The first time your Happiness marker reaches space
    "21" ...") but never the end of the Populace track: capping Population at 21 is board art, so it is an
    `assumed` fact, reported when it matters."""
    from engine.tekhenu import core

    assert FACTS.fact("limits.populace_max").source == "assumed"
    state = new_game(2, seed=1)
    p = state.player[0]
    p.population = 20
    core.advance_population(state, p, 3, [])
    assert p.population == 21 and "limits.populace_max" in state.assumed_used
    other = new_game(2, seed=1)
    core.advance_population(other, other.player[0], 3, [])
    assert "limits.populace_max" not in other.assumed_used


def test_card_market_spaces_are_refilled_at_the_end_of_the_turn_not_at_once():
    """"At the end of your turn, refill any empty spaces in the Card Market with the same types of cards as
    those taken." (tekhenu/actions/thoth/refill-market; KO "자신의 차례 종료 시"): a Thoth extra action in
    the same turn (here B19's, opposite Ra) sees the space still empty; the refill comes when the turn ends."""
    from engine.tekhenu import UseBlessing
    from engine.tekhenu.scenarios import setup_state

    state, dice = setup_state({"setup": {"players": 2, "seed": 1, "me": {
        "blessings": ["B19"], "happiness": 3, "population": 6, "production": {"limestone": 6}},
        "dice": [{"as": "d", "color": "white", "value": 1, "god": "ra", "light": "sunny"}]}})
    me = state.current.seat
    section = [dict(item) for item in state.market[0]]
    state, _ = apply(state, UseBlessing("B19"))
    state, _ = apply(state, TakeDie(dice["d"]))
    thoth = next(a for a in legal_actions(state) if a.action == "thoth" and a.by == "B19")
    state, _ = apply(state, thoth)
    taken = thoth.cards[0]
    assert state.market[0][taken]["card"] is None, "the space stays empty during the turn"
    assert state.turn_effects.get("normal_done") is None and state.current.seat == me
    again = [a for a in legal_actions(state) if a.action == "thoth"]
    assert all(taken not in a.cards for a in again)
    state, _ = apply(state, Perform("produce", resource="limestone"))
    assert state.current.seat != me
    assert state.market[0][taken]["card"] is not None
    assert state.market[0][taken]["kind"] == section[taken]["kind"], "refilled with the same type of card"


def test_bread_at_scoring_is_a_choice_unable_or_unwilling_to_pay_loses_3_vp_each():
    """Scoring step 7: "each player must pay the sum of all Bread amounts visible on the Building row ...
    For each Bread they are unable or unwilling to pay, they lose 3 Victory Points" (KO "지불할 수 없거나
    지불하기를 원하지 않을 경우"). Keeping Bread can be worth it (e.g. D04 pays 1 Resource per ▲ for 4 VP),
    so the player chooses how many to pay; then the Maat phase goes on (Destiny cards)."""
    from engine.tekhenu.actions import PayBread
    from engine.tekhenu.rules import run_maat
    from engine.tekhenu.scenarios import setup_state

    state, _ = setup_state({"setup": {"players": 2, "seed": 1, "state": {"rotations": 4, "maat_phases": 1},
                                      "me": {"buildings_left": 6, "resources": {"papyrus": 0, "bread": 2,
                                                                               "limestone": 0, "granite": 0,
                                                                               "gold": 0}}}})
    me = state.current.seat
    run_maat(state, [])
    assert state.scorings == 1 and state.phase == "upkeep" and state.current.seat == me
    assert legal_actions(state) == [PayBread(1), PayBread(0)]       # 1 Bread shown on the Building row
    paid, _ = apply(state, PayBread(1))
    kept, events = apply(state, PayBread(0))
    assert paid.player[me].resources["bread"] == 1 and kept.player[me].resources["bread"] == 2
    assert paid.player[me].vp - kept.player[me].vp == 3
    assert any(e["event"] == "bread_upkeep" and e["unpaid_bread"] == 1 for e in events)
    assert kept.phase == "setup" and kept.pending["stage"] == "destiny"
    with pytest.raises(IllegalAction) as err:
        apply(state, PayBread(2))
    assert err.value.rule_id == "tekhenu/scoring/bread-upkeep"
    back = State.from_json(json.loads(json.dumps(state.to_json())))
    assert legal_actions(back) == legal_actions(state)


def test_faith_placement_is_offered_from_minus_to_plus_what_the_player_holds():
    """Maat step 2: "players may place any number of their Faith tokens onto either the right or left
    side of the scales" — each choice from all on the Tainted side to all on the Pure side."""
    import random as _random
    from engine.tekhenu.actions import PlaceFaith, action_from_json

    chooser = _random.Random(5)
    for seed in range(1, 30):
        state = _ready(3, seed)
        while state.phase not in ("faith", "game_over"):
            state, _ = apply(state, chooser.choice(legal_actions(state)))
        if state.phase == "faith":
            break
    assert state.phase == "faith"
    holder = state.player[state.pending["queue"][0]]
    assert state.current is holder and holder.faith > 0
    offers = legal_actions(state)
    assert [a.offset for a in offers] == list(range(-holder.faith, holder.faith + 1))
    assert action_from_json({"kind": "place_faith", "offset": 1}) == PlaceFaith(1)
    with pytest.raises(IllegalAction) as err:
        apply(state, PlaceFaith(holder.faith + 1))
    assert err.value.rule_id == "tekhenu/maat/step-2-faith"
    with pytest.raises(IllegalAction):
        apply(state, Perform("none"))


# -- the engine's boundary: only what the rules allow, never a state the engine cannot continue from ---------------
def _engine():
    from engine import registry

    return registry.get("tekhenu")


@pytest.mark.parametrize("action", [TakeDie(0, adjust=0.5), TakeDie(0, adjust=True), TakeDie(True),
                                    TakeDie(0, anubis=1), Perform("hathor", space=True), Perform("ra", rotation=1.0),
                                    Perform("thoth", section=0, cards=(0, 1.0)), ("take_die", 0), {"kind": "take_die"}])
def test_an_action_with_a_wrong_type_is_malformed_never_carried_out(action):
    """Code can build what JSON cannot pass: a float, a bool (True == 1) where a whole number belongs."""
    from engine.api import MalformedAction

    state = _ready()
    with pytest.raises(MalformedAction) as err:
        _engine().apply(state, action)
    assert err.value.rule_id is None and re.search(r"[가-힣]", err.value.text("ko"))


def test_a_destiny_card_without_a_choice_takes_no_option():
    """A01 gives its reward and nothing to choose: an option was a free +1 Happiness."""
    state = new_game(2, 1)
    while state.phase == "setup" and state.pending.get("stage") != "destiny":
        state, _ = apply(state, legal_actions(state)[0])
    card = next(c for c in state.pending["available"] if c != "A03")
    for option in ("happiness", "bogus"):
        with pytest.raises(IllegalAction) as err:
            _engine().apply(state, ChooseDestiny(card, option))
        assert err.value.rule_id == "tekhenu/appendix/destiny-cards"


@pytest.mark.parametrize("target", ["people:99", "people:-1", "temple:-1", "temple:2", "people:x", "people:"])
def test_horus_names_one_of_the_two_statue_spaces(target):
    state = _ready()
    state.current.resources["granite"] = 3
    state = _take_at(state, "horus", "gray", 4)
    with pytest.raises(IllegalAction) as err:
        _engine().apply(state, Perform("horus", target=target))
    assert err.value.rule_id == "tekhenu/actions/horus/statue-for-people/spaces"


@pytest.mark.parametrize("rotation", [4, -1, 10**6])
def test_a_pillar_tile_has_four_orientations(rotation):
    state = _ready()
    state.current.resources["limestone"] = 2
    state = _take_at(state, "ra", "gray", 6)
    with pytest.raises(IllegalAction) as err:
        _engine().apply(state, Perform("ra", cell="1,1", rotation=rotation))
    assert err.value.rule_id == "tekhenu/actions/ra/pay-and-place-tile"
    _engine().apply(state, Perform("ra", cell="1,1", rotation=3))       # the fourth orientation is one


def test_a_die_no_action_can_follow_is_refused_while_another_die_allows_one():
    """"you must choose to perform a different action, potentially choosing a different die altogether": the
    die legal_actions leaves out is refused too (it was taken, and the turn ended in "no action")."""
    engine = _engine()
    for seed in range(40):
        state = _ready(seed=seed)
        listed = engine.legal_actions(state)
        for section in state.sections:
            for die in section:
                take = TakeDie(die.id)
                if take in listed or any(a.die == die.id for a in listed if not a.anubis):
                    continue
                try:
                    apply(state, take)          # the game's own apply accepts it...
                except IllegalAction:
                    continue
                with pytest.raises(IllegalAction) as err:   # ...the engine's boundary does not
                    engine.apply(state, take)
                assert err.value.rule_id == "tekhenu/actions/spending-resources/cannot-afford"
                return
    pytest.fail("no seed had a die that allows no action")


def test_t19_is_offered_when_its_resources_pay_for_the_god_action():
    """T19 produces "before that action": with no Papyrus, a yellow 3 taken for Bastet can pay for Bastet only
    through T19's Produce first. legal_actions left it out, so the boundary (only listed moves) refused the
    rulebook's own move (tekhenu/scenario/t19-produce-before-god-action)."""
    from app.core.scenario_files import load_scenarios

    engine = _engine()
    spec = load_scenarios(game="tekhenu")["tekhenu/scenario/t19-produce-before-god-action"]
    situation = engine.scenario_setup(spec)
    state = situation.state
    for step in spec["actions"]:
        action = engine.action_from_json({**step, "die": situation.names[step["die"]]} if "die" in step else step)
        assert action in engine.legal_actions(state), step
        state, _ = engine.apply(state, action)
    assert state.player[situation.roles["me"]].happiness == 5
