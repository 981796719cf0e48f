"""Pillar tile abilities (P01-P21), Decree final scoring (D01-D24) and the KO/EN edition switches.

Oracle: the card and rule texts (kb/data/tekhenu/cards/01-pillar-tiles.yaml, 04-decrees.yaml, the rules the
engine cites). Values the text lacks are the engine's assumed data; tests that depend on one say so.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from engine.errors import IllegalAction
from engine.tekhenu import (
    Die,
    Perform,
    State,
    TakeDie,
    apply,
    decrees,
    legal_actions,
    new_game,
    pillars,
)
from engine.tekhenu.actions import (
    ChooseCardOption,
    ExtraPerform,
    ScoreDecrees,
    action_from_json,
    action_to_json,
)
from engine.tekhenu.actions import UseBlessing
from engine.tekhenu.board import FACTS, GODS, horus_god

RA = GODS.index("ra")
CELL_REWARD = FACTS("temple.cell_reward")


def _ready(players: int = 2, seed: int = 1, edition: str = "en") -> State:
    state = new_game(players, seed, edition)
    while state.phase == "setup":
        state, _ = apply(state, legal_actions(state)[0])
    return state


def _set_light(state: State, section: int, light: str) -> None:
    pattern = FACTS("wheel.light_pattern")
    state.wheel_turn = next(t for t in range(6) if pattern[(section - t) % 6] == light)


def _die_at(state: State, section: int, color: str, value: int) -> Die:
    holder = next(h for h in [state.bag] + state.sections if any(d.color == color for d in h))
    die = next(d for d in holder if d.color == color)
    holder.remove(die)
    die.value = value
    state.sections[section].append(die)
    return die


def _raise(tile: str, light: str | None = None, cell: str = "1,1", rotation: int = 0, edition: str = "en",
           setup=None) -> tuple[State, State, list]:
    """Ra God Action with `tile` on the 1-2 space; the Ra section shows `light` (the tile's own by default).
    Returns (state before the Perform, state after, events)."""
    state = _ready(edition=edition)
    p = state.current
    p.resources.update(limestone=2, gold=0)
    p.technologies = []
    state.ra_tiles = [None, None, tile]
    _set_light(state, RA, light or pillars.PILLAR_LIGHT[tile])
    die = _die_at(state, RA, "gray", 1)          # gray is Tainted in every light
    if setup:
        setup(state)
    state, _ = apply(state, TakeDie(die.id))
    after, events = apply(state, Perform("ra", cell=cell, rotation=rotation))
    return state, after, events


# -- Pillar abilities --------------------------------------------------------------------------------
def test_every_ability_tile_has_data_and_rulebook_ids():
    from kb.store import load_kb

    kb = load_kb(games=["tekhenu"])
    assert sorted(pillars.ABILITIES) == [f"P{i:02d}" for i in range(1, 22)]
    for ability in pillars.ABILITIES.values():
        assert ability["source"] == "rulebook" and kb.entry(ability["rule"]) is not None
    for reading in pillars.READINGS.values():
        assert reading["source"] == "assumed" and reading["note"]


@pytest.mark.parametrize("tile,field,delta", [
    ("P02", "scribes", 1), ("P07", "vp", 1), ("P08", "vp", 1), ("P09", "vp", 1),
])
def test_simple_abilities_give_what_the_card_says(tile, field, delta):
    before, after, events = _raise(tile)
    seat = before.current.seat
    inactive_before, inactive_after, _ = _raise(tile, light=next(
        light for light in ("sunny", "shaded", "dark") if light != pillars.PILLAR_LIGHT[tile]))
    gained = getattr(after.player[seat], field) - getattr(before.player[seat], field)
    plain = getattr(inactive_after.player[seat], field) - getattr(inactive_before.player[seat], field)
    assert gained - plain == delta
    assert any(e["event"] == "pillar_ability" and e["tile"] == tile for e in events)


@pytest.mark.parametrize("tile", ["P16", "P17", "P18"])
def test_gold_abilities(tile):
    before, after, _ = _raise(tile)
    assert after.player[before.current.seat].resources["gold"] == before.current.resources["gold"] + 2


def test_p01_population_opens_the_third_market_section():
    def setup(state):
        state.current.population = 6
    before, after, events = _raise("P01", setup=setup)
    assert after.player[before.current.seat].population == 9
    assert after.market[2] is not None
    assert any(e["event"] == "market_section_opened" and e["section"] == 3 for e in events)


def test_p03_happiness_is_still_capped_by_population():
    def setup(state):
        state.current.happiness, state.current.population = 4, 5
    before, after, _ = _raise("P03", setup=setup)
    assert after.player[before.current.seat].happiness == 5


@pytest.mark.parametrize("tile", ["P04", "P05"])
def test_edge_abilities_add_one_vp_per_matching_edge_even_in_a_corner(tile):
    # assumed tile art: edges [red, red, gold, gold], outer edge red → in the top-left corner, rotation 0,
    # the top edge matches (1 edge): Ra step 2 gives 2 (corner), the ability 1 more (not doubled)
    _before, _after, events = _raise(tile, cell="0,0", rotation=0)
    ra = next(e for e in events if e["event"] == "ra")
    ability = next(e for e in events if e["event"] == "pillar_ability")
    assert ra["vp"]["edges"] == 2 and ability["gained"] == 1


def test_p06_counts_any_players_buildings_not_statues():
    def setup(state):
        other = next(p.seat for p in state.player if p.seat != state.current.seat)
        state.temple_buildings = {"0": other, "6": state.current.seat}   # left row 0, top column 0
        state.temple_statues = [state.current.seat, None]                # left row 1: not in line anyway
    _before, _after, events = _raise("P06", cell="0,0", setup=setup)
    assert next(e for e in events if e["event"] == "pillar_ability")["gained"] == 2


@pytest.mark.parametrize("tile", ["P13", "P14"])
def test_decree_abilities_draw_the_top_decree(tile):
    before, after, _ = _raise(tile)
    seat = before.current.seat
    top = before.decks["decree"][-1]
    assert after.player[seat].decrees == before.current.decrees + [top]
    assert after.decks["decree"] == before.decks["decree"][:-1]


def test_no_ability_when_the_light_does_not_match_and_t09_overrides():
    before, after, events = _raise("P16", light="dark")
    assert after.player[before.current.seat].resources["gold"] == before.current.resources["gold"]
    assert not any(e["event"] == "pillar_ability" for e in events)

    def t09(state):
        state.current.technologies = ["T09"]
    before, after, events = _raise("P16", light="dark", setup=t09)
    assert after.player[before.current.seat].resources["gold"] == before.current.resources["gold"] + 2
    assert next(e for e in events if e["event"] == "pillar_ability")["by_t09"] is True


@pytest.mark.parametrize("tile", ["P22", "P27"])
def test_tiles_without_ability_do_nothing_even_with_t09(tile):
    def t09(state):
        state.current.technologies = ["T09"]
    for light in ("sunny", "shaded", "dark"):
        _before, after, events = _raise(tile, light=light, setup=t09)
        assert not any(e["event"] == "pillar_ability" for e in events)
        assert after.phase == "take_die"


@pytest.mark.parametrize("tile", ["P10", "P11"])
def test_thoth_ability_takes_one_card_free_as_a_die_of_1(tile):
    def setup(state):
        state.current.happiness = 3
        state.current.resources["papyrus"] = 0
    before, after, _ = _raise(tile, setup=setup)
    seat = before.current.seat
    assert after.phase == "ability" and after.temple["1,1"]["owner"] is None   # Ra step 6 waits
    options = legal_actions(after)
    assert options and all(isinstance(a, ExtraPerform) and a.action in ("thoth", "thoth_refresh") and a.value == 1
                           for a in options)
    assert all(len(a.cards) == 1 for a in options if a.action == "thoth")
    with pytest.raises(IllegalAction) as err:
        apply(after, Perform("produce", resource="papyrus"))
    assert err.value.rule_id == "tekhenu/actions/ra/step-5-ability"
    with pytest.raises(IllegalAction):
        apply(after, ExtraPerform("thoth", section=0, cards=(0,), value=3))
    card = after.market[0][0]["card"]
    done, _events = apply(after, ExtraPerform("thoth", section=0, cards=(0,), value=1))
    p = done.player[seat]
    assert card in p.blessings + p.technologies + p.decrees and p.resources["papyrus"] == 0
    assert done.temple["1,1"]["owner"] == seat and p.pillars_left == before.current.pillars_left - 1
    assert done.phase == "take_die" and done.current.seat != seat


def test_p12_horus_as_1_2_or_3_and_pays_the_granite():
    def setup(state):
        state.current.resources["granite"] = 5
    before, after, _ = _raise("P12", setup=setup)
    options = legal_actions(after)
    assert {a.value for a in options} == {1, 2, 3} and {a.action for a in options} == {"horus"}
    god = horus_god(after, 2)
    done, _ = apply(after, ExtraPerform("horus", target="god", value=2))
    seat = before.current.seat
    assert done.god_statues[god] == [seat]
    assert done.player[seat].resources["granite"] == 5 - FACTS("player_board.statue_granite_cost")[0]


@pytest.mark.parametrize("granite,waits", [(0, False), (1, True)])
def test_p12_is_not_paid_for_by_the_blessing_played_for_the_ra_action(granite, waits):
    """B13 "You do not have to pay any Limestone or Granite costs associated with this action" pays the Ra
    action and is used up with it; P12's Horus action is another action, paid in full (skipped when it
    cannot be: pillars.readings.ability_god_action_optional_when_impossible). Found by the slow random runs:
    the ability used to wait for a Horus action nobody could pay."""
    state = _ready()
    p = state.current
    p.resources.update(limestone=0, granite=granite, gold=0)
    p.technologies, p.blessings, p.statues_left = [], ["B13"], 6
    state.ra_tiles = [None, None, "P12"]
    _set_light(state, RA, pillars.PILLAR_LIGHT["P12"])
    die = _die_at(state, RA, "gray", 1)
    state, _ = apply(state, TakeDie(die.id))
    state, _ = apply(state, UseBlessing("B13"))
    after, events = apply(state, Perform("ra", cell="1,1"))
    assert (after.phase == "ability") == waits
    if waits:
        assert {a.action for a in legal_actions(after)} == {"horus"}
    else:
        assert next(e for e in events if e["event"] == "pillar_ability")["skipped"]
        assert after.temple["1,1"]["owner"] == p.seat and after.current.seat != p.seat


def test_p12_is_skipped_when_no_statue_can_be_paid():
    def setup(state):
        state.current.resources["granite"] = 0
    _before, after, events = _raise("P12", setup=setup)
    assert after.phase == "take_die"
    assert next(e for e in events if e["event"] == "pillar_ability")["skipped"] is True
    assert "pillars.readings.ability_god_action_optional_when_impossible" in after.assumed_used


def test_p15_osiris_row_3_still_costs_one_happiness():
    def setup(state):
        state.current.happiness = 4
    before, after, _ = _raise("P15", setup=setup)
    options = legal_actions(after)
    assert {(a.action, a.value) for a in options} == {("osiris", 3)}
    done, _ = apply(after, ExtraPerform("osiris", district="granite", value=3))
    seat = before.current.seat
    assert done.osiris["3,granite"] == seat and done.player[seat].happiness == 3


@pytest.mark.parametrize("tile", ["P19", "P20", "P21"])
@pytest.mark.parametrize("edition", ["en", "ko"])
def test_p19_to_p21_follow_the_edition(tile, edition):
    # space 0,2 shows 2 Granite (assumed board): EN 2 (Ra step 3) + 2 (the ability doubles it: twice in all,
    # the reading pillars.readings.double_space_reward); KO 2 + any 2 Resources
    before, after, _ = _raise(tile, cell="0,2", edition=edition)
    seat, granite = before.current.seat, before.current.resources["granite"]
    if edition == "en":
        assert after.phase == "take_die" and after.player[seat].resources["granite"] == granite + 4
        return
    assert after.phase == "ability" and after.player[seat].resources["granite"] == granite + 2
    done, _ = apply(after, ChooseCardOption(tile, "papyrus,bread"))
    p = done.player[seat]
    assert (p.resources["papyrus"], p.resources["bread"], p.resources["granite"]) == \
        (before.current.resources["papyrus"] + 1, before.current.resources["bread"] + 1, granite + 2)


def test_edition_facts_name_existing_rules():
    from engine.tekhenu.editions import EDITION_FACTS
    from kb.store import load_kb

    kb = load_kb(games=["tekhenu"])
    for fact in EDITION_FACTS.all():
        assert fact.source in ("rulebook", "assumed") and fact.note
        if fact.source == "rulebook":
            assert kb.entry(fact.rule) is not None and kb.entry(fact.rule).edition_diff is not None


def test_p19_en_doubles_the_covered_reward_ko_gives_two_resources_of_choice():
    # center space: 1 Faith (assumed board); EN: the ability doubles it, twice in all (the reading
    # pillars.readings.double_space_reward) → 1 (step 3) + 1
    before, after, _ = _raise("P19", cell="1,1")
    assert after.player[before.current.seat].faith == before.current.faith + CELL_REWARD[1][1]["faith"] * 2
    assert "pillars.readings.double_space_reward" in after.assumed_used
    before, after, _ = _raise("P20", cell="1,0")   # 2 Papyrus → 2 + 2
    assert after.player[before.current.seat].resources["papyrus"] == before.current.resources["papyrus"] + 4

    before, after, _ = _raise("P21", cell="1,1", edition="ko")
    assert after.phase == "ability"
    options = legal_actions(after)
    assert len(options) == 10 and all(isinstance(a, ChooseCardOption) and a.card == "P21" for a in options)
    with pytest.raises(IllegalAction) as err:
        apply(after, ChooseCardOption("P21", "gold,papyrus"))
    assert err.value.rule_id == "tekhenu/P21"
    done, _ = apply(after, ChooseCardOption("P21", "granite,granite"))
    seat = before.current.seat
    assert done.player[seat].resources["granite"] == before.current.resources["granite"] + 2
    assert done.player[seat].faith == before.current.faith + CELL_REWARD[1][1]["faith"]   # step 3 only


def test_mid_ability_state_round_trips_and_apply_does_not_mutate():
    _before, after, _ = _raise("P11")
    text = after.dumps()
    again = State.from_json(json.loads(text))
    assert again.dumps() == text and legal_actions(again) == legal_actions(after)
    action = legal_actions(after)[0]
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
    apply(after, action)
    assert after.dumps() == text


# -- Decrees ---------------------------------------------------------------------------------------
def _final(decree_cards, edition="en", players=3, seed=2, setup=None) -> State:
    """A state at the end of the game: the current player holds `decree_cards`, others hold none."""
    state = _ready(players, seed, edition)
    for p in state.player:
        p.decrees = []
    me = state.current
    me.decrees = list(decree_cards)
    if setup:
        setup(state, me)
    return state


def _score(state: State, cards, again=None, paid=0, seat=None) -> dict:
    seat = state.current.seat if seat is None else seat
    decrees.begin_selection(state, [])
    state.pending["queue"] = [seat]
    after, events = apply(state, ScoreDecrees(tuple(cards), again, paid))
    return next(e for e in events if e["event"] == "decrees_scored")["vp"], after


def test_decree_data_names_every_card_and_the_assumed_symbols():
    from kb.store import load_kb

    kb = load_kb(games=["tekhenu"])
    assert sorted(decrees.SCORING) == [f"D{i:02d}" for i in range(1, 25)] == sorted(decrees.SYMBOL)
    for spec in decrees.SCORING.values():
        assert spec["source"] == "rulebook" and kb.entry(spec["rule"]) is not None
    for name in decrees.ASSUMED:
        assert decrees.fact(name)["source"] == "assumed" and decrees.fact(name)["note"]


def _pieces(state, me):
    other = next(p.seat for p in state.player if p.seat != me.seat)
    state.osiris = {"1,papyrus": me.seat, "2,bread": me.seat, "3,granite": me.seat, "1,limestone": other}
    state.temple_buildings = {"0": me.seat, "4": me.seat, "6": other}
    state.temple = {"0,0": {"tile": "P22", "owner": me.seat, "rotation": 0},
                    "2,2": {"tile": "P23", "owner": other, "rotation": 0}}
    state.god_statues = {g: [] for g in GODS}
    state.god_statues["ra"] = [me.seat]
    state.osiris_statues = [me.seat, None]
    state.temple_statues = [None, me.seat]
    me.statues_left = 3
    me.buildings_left = 5
    me.technologies = ["T01", "T02"]
    me.scribes = 4
    me.happiness, me.population = 14, 17
    for p in state.player:
        if p.seat != me.seat:
            p.happiness = 6
    me.resources = {"papyrus": 3, "bread": 0, "limestone": 1, "granite": 2, "gold": 2}
    me.pure = [Die(100, "white", 5), Die(101, "black", 2)]


@pytest.mark.parametrize("card,vp", [
    ("D01", 3 * 2),            # 3 per Technology (2)
    ("D02", 4 * 1),            # 4 per unique symbol you have (only this one)
    ("D05", 4 * 2),            # Happiness 14 reached ▲ 9 and 13 (assumed ▲ spaces)
    ("D06", 14 - 6),           # above the lowest Happiness marker
    ("D07", 3 * 4),            # 3 per Scribe
    ("D08", 2 * 2 + 6),        # 2 per Gold, 1 per other Resource
    ("D09", 3 * 1),            # quarries: 3,granite
    ("D10", 3 * 2),            # workshops: 1,papyrus and 2,bread
    ("D11", 2 * 3),            # every Osiris Building
    ("D12", 3 * 2),            # Buildings around the Temple Complex
    ("D13", 3 * 1),            # own Pillars
    ("D14", 2 * 3 + 2 * 2),    # Statues (3 built) and Temple Buildings
    ("D15", 2 * 1 + 2 * 2),    # Pillars and Temple Buildings
    ("D16", 4 * 1),            # Statues for a god
    ("D17", 2 * 3 + 2 * 1),    # Statues and Pillars
    ("D18", 3 * 3),            # Statues
    ("D19", 5 * 2),            # Statues for the people (Osiris area + Temple Complex)
    ("D21", 1 * 5),            # Buildings off the player board
    ("D22", 4),                # ½ of Pure dice 5 + 2 = 7, rounded up
])
def test_each_decree_scores_as_its_card_says(card, vp):
    state = _final([card], setup=_pieces)
    gained, after = _score(state, [card])
    assert gained == {card: vp}
    place = after.turn_order.index(state.current.seat)      # then the Turn Order bonus: 3 / 2 (3 players)
    bonus = FACTS("scoring.turn_order_bonus")[place] if place < 2 else 0
    assert after.player[state.current.seat].vp == state.current.vp + vp + bonus
    assert after.phase == "game_over"


def test_d20_by_turn_order_and_d24_by_edition():
    state = _final(["D20"], setup=_pieces)
    me = state.current.seat
    state.turn_order = [me] + [s for s in state.turn_order if s != me]
    assert _score(state, ["D20"], seat=me)[0] == {"D20": 10}
    state.turn_order = state.turn_order[1:2] + state.turn_order[:1] + state.turn_order[2:]
    assert _score(state, ["D20"], seat=me)[0] == {"D20": 5}
    # D24: Temple Buildings 0 (left row 0) and 4 (right row 1), Statue 1 (bottom column 1), Pillar at 0,0
    # KO: the Scoring step 2 again = 2 Buildings + 1 Statue + Pillar(0,0) sees Building 0 → 4
    # EN: own Buildings and Pillars only = 2 + 1 → 3
    en = _final(["D24"], setup=_pieces)
    ko = _final(["D24"], edition="ko", setup=_pieces)
    assert _score(en, ["D24"])[0] == {"D24": 3}
    assert _score(ko, ["D24"])[0] == {"D24": 4}


def test_at_most_three_decrees_one_per_symbol():
    held = ["D01", "D05", "D09", "D13", "D07"]       # D01 and D07 share the assumed "wealth" symbol
    state = _final(held, setup=_pieces)
    decrees.begin_selection(state, [])
    options = legal_actions(state)
    assert options and all(len(o.cards) <= 3 for o in options)
    assert not any({"D01", "D07"} <= set(o.cards) for o in options)
    with pytest.raises(IllegalAction) as err:
        apply(state, ScoreDecrees(("D01", "D07")))
    assert err.value.rule_id == "tekhenu/scoring/after-scoring/decrees"
    with pytest.raises(IllegalAction):
        apply(state, ScoreDecrees(("D01", "D05", "D09", "D13")))
    with pytest.raises(IllegalAction):
        apply(state, ScoreDecrees(("D02",)))      # not held


def test_d04_pays_a_resource_per_mark_and_is_scored_before_d08():
    state = _final(["D04", "D08"], setup=_pieces)   # Population 17: ▲ 9, 13, 16 reached
    gained, after = _score(state, ["D04", "D08"], paid=2)
    # pays 2 of the largest non-Gold piles (Papyrus 3 → 1): D08 then counts 2×2 Gold + 1+1+2 others
    assert gained == {"D04": 8, "D08": 8}
    with pytest.raises(IllegalAction):
        apply(after, ScoreDecrees(("D04",), paid=4))   # game over anyway; and only 3 ▲ were reached
    state = _final(["D04"], setup=_pieces)
    state.current.resources = {"papyrus": 0, "bread": 0, "limestone": 0, "granite": 0, "gold": 1}
    decrees.begin_selection(state, [])
    assert max(o.paid for o in legal_actions(state)) == 1


def test_d03_pays_two_gold_to_score_another_decree_again():
    state = _final(["D03", "D07"], setup=_pieces)
    gained, after = _score(state, ["D03", "D07"], again="D07")
    assert gained == {"D03": 12, "D07": 12}
    assert after.player[state.current.seat].resources["gold"] == 0
    state.current.resources["gold"] = 1
    with pytest.raises(IllegalAction) as err:
        _score(state, ["D03", "D07"], again="D07")
    assert err.value.rule_id == "tekhenu/D03"


def test_d23_acts_before_the_final_scoring_without_paying():
    state = _final(["D23"], setup=_pieces)
    me = state.current
    me.resources = {"papyrus": 0, "bread": 0, "limestone": 0, "granite": 0, "gold": 0}
    assert decrees.before_final_scoring(state, [])
    assert state.phase == "final_action" and state.current.seat == me.seat
    options = legal_actions(state)
    assert ChooseCardOption("D23", "decline") in options
    assert {a.action for a in options if isinstance(a, ExtraPerform)} >= {"bastet", "horus", "hathor", "produce"}
    scorings = state.scorings
    after, _events = apply(state, ExtraPerform("bastet", value=6))   # 2 Papyrus normally: free here
    p = after.player[me.seat]
    assert p.resources["papyrus"] == 0 and p.happiness == min(14 + 6, p.population)
    while after.phase == "upkeep":          # Scoring step 7: the players' Bread payments come first
        after, _ = apply(after, legal_actions(after)[0])
    assert after.scorings == scorings + 1 and after.phase == "decrees"
    assert after.pending["d23_used"] == [me.seat]
    assert all("D23" in o.cards for o in legal_actions(after))


def test_d23_free_action_stays_free_when_t14_turns_the_die():
    """D23: "perform any one action as if it had any die value and without paying any Resources associated
    with the action"; T14: "Whenever you perform a God Action: You may adjust the value of the die up or
    down by 1 or 2". A Thoth action as a 1 turned to 3 takes 2 cards and still pays no Papyrus (the free
    cost used to be reckoned on the value before T14 turned it, so the listed action was then refused)."""
    state = _final(["D23"], setup=_pieces)
    me = state.current
    me.resources = {"papyrus": 0, "bread": 0, "limestone": 0, "granite": 0, "gold": 0}
    me.technologies = ["T14"]
    me.happiness = 5
    assert decrees.before_final_scoring(state, [])
    thoth = next(a for a in legal_actions(state) if isinstance(a, ExtraPerform) and a.action == "thoth"
                 and a.value == 1 and a.shift == 2)
    assert len(thoth.cards) == 2
    after, events = apply(state, thoth)
    p = after.player[me.seat]
    assert p.resources["papyrus"] == 0 and len(p.blessings) + len(p.technologies) + len(p.decrees) == 1 + 1 + 2
    assert any(e["event"] == "thoth" and e["papyrus"] == 2 for e in events)   # the 2 Papyrus were credited
    # D23's action is no turn ("At the end of your turn, refill ..." cannot wait): the spaces are refilled now
    assert all(item["card"] is not None for section in after.market if section for item in section)


def test_d23_can_be_declined_and_then_does_not_score():
    state = _final(["D23", "D07"], setup=_pieces)
    decrees.before_final_scoring(state, [])
    after, _ = apply(state, ChooseCardOption("D23", "decline"))
    while after.phase == "upkeep":          # Scoring step 7: the players' Bread payments come first
        after, _ = apply(after, legal_actions(after)[0])
    assert after.phase == "decrees"
    assert not any("D23" in o.cards for o in legal_actions(after))


def test_random_games_end_with_decree_scoring_in_both_editions():
    from engine.tekhenu.play import play_random

    for edition in ("en", "ko"):
        for seed in range(3):
            state, _ = play_random(3, seed, edition)
            scored = [e for e in state.log if e["event"] == "decrees_scored"]
            assert state.phase == "game_over" and len(scored) == 3
            assert state.log[-1]["event"] == "game_over"


# -- edition switches ------------------------------------------------------------------------------
def _osiris_turn(edition: str, value: int = 3):
    state = _ready(edition=edition)
    state.current.happiness = 5
    die = _die_at(state, GODS.index("osiris"), "gray", value)
    state, _ = apply(state, TakeDie(die.id))
    return state


def test_osiris_row_3_en_gives_the_depicted_resource_ko_lets_you_choose():
    second = FACTS("osiris.second_resource")["limestone"]
    en = _osiris_turn("en")
    assert {a.extra for a in legal_actions(en) if a.action == "osiris" and a.district == "limestone"} == {None}
    with pytest.raises(IllegalAction) as err:
        apply(en, Perform("osiris", district="limestone", extra=second))
    assert err.value.rule_id == "tekhenu/actions/osiris/row-3"
    ko = _osiris_turn("ko", value=4)
    assert {a.extra for a in legal_actions(ko) if a.action == "osiris" and a.district == "limestone"} == \
        {"limestone", second}
    seat = ko.current.seat
    after, _ = apply(ko, Perform("osiris", district="limestone", extra=second))
    assert after.player[seat].resources[second] == ko.current.resources[second] + 1
    assert after.player[seat].resources["limestone"] == ko.current.resources["limestone"]


def _thoth_turn(edition: str, value: int = 6):
    state = _ready(edition=edition)
    state.current.happiness, state.current.resources["papyrus"], state.current.resources["gold"] = 8, 2, 0
    die = _die_at(state, GODS.index("thoth"), "gray", value)
    state, _ = apply(state, TakeDie(die.id))
    return state


def test_thoth_en_must_take_all_cards_ko_may_take_fewer():
    en = _thoth_turn("en")     # a 6: 3 cards for 3 Papyrus; 2 Papyrus is not enough
    assert not [a for a in legal_actions(en) if a.action == "thoth"]
    with pytest.raises(IllegalAction) as err:
        apply(en, Perform("thoth", section=0, cards=(0, 1)))
    assert err.value.rule_id == "tekhenu/actions/thoth/card-count"
    en.current.resources["papyrus"] = 5     # even when 3 could be paid, 2 cards for 2 Papyrus is refused
    assert {len(a.cards) for a in legal_actions(en) if a.action == "thoth"} == {3}
    with pytest.raises(IllegalAction) as err:
        apply(en, Perform("thoth", section=0, cards=(0, 1)))
    assert err.value.rule_id == "tekhenu/actions/thoth/same-section"
    ko = _thoth_turn("ko")
    sizes = {len(a.cards) for a in legal_actions(ko) if a.action == "thoth"}
    assert sizes == {1, 2}
    seat = ko.current.seat
    after, events = apply(ko, Perform("thoth", section=0, cards=(0, 1)))
    assert after.player[seat].resources["papyrus"] == 0 and events[0]["papyrus"] == 2
    assert "editions.thoth.fewer_cards_cost" in after.assumed_used


def test_starting_cards_s02_s03_offer_the_row_3_choice_only_in_ko():
    from engine.tekhenu.setup_choices import reward_options

    for edition, expected in (("en", ["limestone", "granite"]),
                              ("ko", ["limestone:limestone", "limestone:granite", "granite:granite",
                                      "granite:limestone"])):
        state = new_game(2, 1, edition)
        assert reward_options(state, 0, "S02", {}) == expected


def test_play_cli_passes_the_edition_through(capsys):
    from app.cli import main

    assert main(["play", "--players", "2", "--seed", "3", "--edition", "ko", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["edition"] == "ko"


def test_every_executable_edition_difference_has_a_scenario_per_edition():
    scenarios = yaml.safe_load(Path("kb/data/tekhenu/scenarios/04-pillars-decrees-editions.yaml").read_text(
        encoding="utf-8"))["scenarios"]
    for diff in ("tekhenu/actions/thoth/same-section", "tekhenu/actions/osiris/row-3", "tekhenu/actions/osiris/row-4",
                 "tekhenu/P19", "tekhenu/P20", "tekhenu/P21", "tekhenu/D24"):
        editions = {s["setup"].get("edition", "en") for s in scenarios if diff in s["rules"]}
        assert editions == {"en", "ko"}, diff


def test_an_extra_perform_is_not_an_ordinary_die_action():
    state = _ready()
    die = _die_at(state, GODS.index("osiris"), "gray", 3)
    state.current.happiness = 3
    state, _ = apply(state, TakeDie(die.id))
    with pytest.raises(IllegalAction) as err:
        apply(state, ExtraPerform("osiris", district="granite", value=5))
    assert err.value.rule_id == "tekhenu/round/perform-action"


def test_thoth_ability_offers_the_refresh_and_then_only_thoth():
    def setup(state):
        state.current.happiness, state.current.resources["papyrus"] = 3, 1
    before, after, _ = _raise("P10", setup=setup)
    refresh = ExtraPerform("thoth_refresh", section=0, value=1)
    assert refresh in legal_actions(after)
    refreshed, _events = apply(after, refresh)
    assert refreshed.phase == "ability" and refreshed.player[before.current.seat].resources["papyrus"] == 0
    assert {a.action for a in legal_actions(refreshed)} == {"thoth"}
    with pytest.raises(IllegalAction):
        apply(refreshed, refresh)


def test_d23_ra_action_triggers_a_pillar_ability_and_resumes_the_final_scoring():
    def setup(state, me):
        state.ra_tiles = [None, None, "P11"]
        _set_light(state, RA, pillars.PILLAR_LIGHT["P11"])
        me.resources = {"papyrus": 0, "bread": 0, "limestone": 0, "granite": 0, "gold": 0}
        me.happiness = 3
    state = _final(["D23"], setup=setup)
    seat = state.current.seat
    decrees.before_final_scoring(state, [])
    after, _ = apply(state, ExtraPerform("ra", cell="1,1", value=1))     # the Pillar cost is waived
    assert after.phase == "ability" and after.player[seat].resources["limestone"] == 0
    card = next(a for a in legal_actions(after) if a.action == "thoth")
    done, events = apply(after, card)
    assert done.phase == "decrees" and done.temple["1,1"]["owner"] == seat
    assert any(e["event"] == "decree_action" for e in events)
    assert done.pending["d23_used"] == [seat]


def test_card_phases_round_trip_and_apply_never_mutates_in_random_games():
    import random

    seen = set()
    for edition in ("en", "ko"):
        for seed in range(6):
            state = new_game(2 + seed % 3, seed, edition)
            chooser = random.Random(seed)
            while state.phase != "game_over":
                actions = legal_actions(state)
                if state.phase in ("ability", "final_action", "decrees"):
                    seen.add(state.phase)
                    text = state.dumps()
                    again = State.from_json(json.loads(text))
                    assert again.dumps() == text and legal_actions(again) == actions
                    state_after, _ = apply(state, chooser.choice(actions))
                    assert state.dumps() == text
                    state = state_after
                else:
                    state, _ = apply(state, chooser.choice(actions))
    assert {"ability", "decrees"} <= seen
