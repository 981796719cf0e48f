"""The Imhotep engine: setup, refusals naming their rules, every card, the sides, the Wrath, final scoring and
the tie-break, the facts and their provenance, the example builders, the Simulator, the picture and the
narration in both languages. The rulebook's worked examples run as scenarios (kb/data/imhotep/scenarios,
tests/test_engine_conformance.py); here are the engine's own contracts and the decisions the rulebook
leaves open."""
from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

from engine import registry
from engine.api import ScenarioError, Situation
from engine.errors import IllegalAction
from engine.imhotep import data as D
from engine.imhotep import scenarios as SC
from engine.imhotep import sites as S
from engine.play import play_random
from engine.scenarios import run

ENGINE = registry.get("imhotep")


def situation(**setup):
    return SC.situation({"id": "imhotep/scenario/test", "setup": setup})


def play(sit, *steps):
    events = []
    for step in steps:
        events += SC.play_step(sit, dict(step))
    return events


# -- facts ---------------------------------------------------------------------------------------------
def test_facts_name_their_provenance_and_the_rulebook_numbers_are_rulebook_facts():
    facts = ENGINE.facts()
    assert facts.get("obelisk_points.4").source == "rulebook" and facts.value("obelisk_points.4") == [15, 10, 5, 1]
    for path in ("obelisk_points.2", "obelisk_points.3", "pyramid_a.values", "minimum_load", "statue_points",
                 "burial.group_points", "round_cards.2", "round_cards.4", "cards.red_sites"):
        fact = facts.get(path)
        assert fact.source == "source" and fact.ref and fact.checked, path
    for path in ("round_cards.3", "pyramid_b.spaces", "temple_b.rewards", "burial_b.points", "obelisk_b.spaces",
                 "market_b.face_up", "colors", "start_player_seat"):
        assert facts.get(path).source == "assumed" and facts.get(path).note, path
    decisions = [f for f in facts.all() if f.path.startswith("decisions.")]
    assert len(decisions) >= 12 and all(f.source == "assumed" and f.note for f in decisions)


def test_the_sourced_values_agree_with_the_rulebooks_examples():
    assert D.PYRAMID_A[:3] == D.PYRAMID_A_FIRST_COLUMN == (2, 1, 3)
    assert len(D.PYRAMID_A) == 9 + 4 + 1
    assert S.group_points(1) == 1 and S.group_points(2) == 3 and S.group_points(3) == 6 and S.group_points(6) == 17
    assert S.statue_points(7) == 19
    assert sum(D.DECK.values()) == 34 and D.DECK["statue"] == 10
    for players, cards in D.ROUND_CARDS.items():
        assert len(cards) == 7 and len(set(cards)) == 7
        for card in cards:
            pool = list(D.SHIP_SIZES)
            for size in card:
                pool.remove(size)          # every card uses 4 of the 8 ships
    assert (4, 3, 2, 2) in D.ROUND_CARDS[4]     # the rulebook's example card


def test_a_game_records_the_facts_it_relied_on():
    state, _ = play_random(ENGINE, 3, 5, sides="B")
    used = ENGINE.facts_used(state)
    assert "round_cards.3" in used and "pyramid_b.spaces" in used and "minimum_load" in used
    assert all(ENGINE.facts().get(p).source != "rulebook" for p in used)


# -- setup and options -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_by_player_count(players):
    state = ENGINE.new_game(players, 9)
    assert state.sled == [2, 3, 4, 5][:players]
    assert all(state.quarry[s] + state.sled[s] == 29 for s in range(players))
    assert len(state.round_cards) == 5 and tuple(s[0] for s in state.ships) in D.ROUND_CARDS[players]
    assert len([c for c in state.market if c]) == 4 and len(state.deck) == 30
    assert state.current == 0 and state.round == 1


def test_sides_all_mixed_and_per_site():
    assert set(ENGINE.new_game(2, 1, sides="B").sides.values()) == {"B"}
    mixed = [ENGINE.new_game(2, seed, sides="mixed").sides for seed in range(30)]
    assert mixed[3] == ENGINE.new_game(2, 3, sides="mixed").sides          # the seed decides
    assert len({tuple(m.values()) for m in mixed}) > 5
    assert ENGINE.new_game(2, 1, sides="mixed", pyramid="A", temple="B").sides["pyramid"] == "A"
    assert ENGINE.new_game(2, 1, sides="mixed", temple="B").sides["temple"] == "B"
    assert "decisions.mixed_sides" in ENGINE.facts_used(ENGINE.new_game(2, 1, sides="mixed"))
    with pytest.raises(ValueError):
        ENGINE.new_game(5, 1)
    with pytest.raises(ValueError):
        ENGINE.new_game(2, 1, sides="C")


def test_cli_play_prints_the_contract(capsys):
    from app.cli import main

    assert main(["play", "--game", "imhotep", "--players", "4", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "imhotep" and out["seed"] == 1 and out["players"] == 4
    assert len(out["final"]) == 4 and all({"player", "score"} <= set(r) for r in out["final"])
    assert out["winner"] in (None, 0, 1, 2, 3) and "facts_used" in out
    assert main(["play", "--game", "imhotep", "--players", "2", "--seed", "3", "--sides", "mixed", "--wrath",
                 "--obelisk", "B", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["wrath"] is True and out["sides"]["obelisk"] == "B"


# -- refusals name their rule in both languages ----------------------------------------------------------------
REFUSALS = [
    ({"black": {"sled": 5}}, {"kind": "stones"}, "imhotep/turn/get-stones/not-allowed"),
    ({"black": {"sled": 0}}, {"kind": "place", "ship": 0, "slot": 0}, "imhotep/turn/place-stone/empty-sled"),
    ({"ships": [[1, None], 4, 3, 1]}, {"kind": "place", "ship": 0, "slot": 0}, "imhotep/turn/place-stone/which-space"),
    ({"ships": [4, 3, 2, 1]}, {"kind": "place", "ship": 3, "slot": 1}, "imhotep/turn/place-stone/which-space"),
    ({"ships": [4, 3, 2, 1]}, {"kind": "sail", "ship": 0, "site": "temple"}, "imhotep/turn/sail-ship/minimum-load"),
    ({"ships": [[1], {"size": 4, "site": "temple"}, 3, 2]}, {"kind": "sail", "ship": 0, "site": "temple"},
     "imhotep/turn/sail-ship/one-ship-per-harbor"),
    ({"ships": [{"size": 4, "site": "temple"}, 3, 2, 1]}, {"kind": "sail", "ship": 0, "site": "market"},
     "imhotep/turn/sail-ship/ship-stays"),
    ({}, {"kind": "pass"}, "imhotep/turn/one-action"),
    ({}, {"kind": "hammer", "ship": 0, "slot": 0}, "imhotep/turn/play-blue-card/one-card"),
    ({"black": {"sled": 1, "cards": {"chisel": 1}}}, {"kind": "chisel", "ship": 0, "slot": 0}, "imhotep/chisel"),
    ({"black": {"sled": 1, "cards": {"sail": 1}}, "ships": [4, 3, 2, 1]}, {"kind": "sail_card", "ship": 0, "slot": 0},
     "imhotep/sail"),
    ({"black": {"sled": 0, "quarry": 0, "cards": {"hammer": 1}}}, {"kind": "hammer", "ship": 0, "slot": 0}, "imhotep/hammer"),
]


@pytest.mark.parametrize("setup,step,rule", REFUSALS)
def test_refusals_name_the_rule_in_korean_and_english(setup, step, rule):
    setup = {"players": 2, **setup}
    setup["ships"] = [[_c(x) for x in s] if isinstance(s, list) else s for s in setup.get("ships", [4, 3, 2, 1])]
    sit = situation(**setup)
    before = json.dumps(sit.state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        play(sit, step)
    assert info.value.rule_id == rule
    assert info.value.message and info.value.message_ko and info.value.text("ko") != info.value.text("en")
    assert json.dumps(sit.state.to_json(), sort_keys=True) == before


def _c(x):
    return D.COLORS[x] if isinstance(x, int) else x


def test_a_decision_must_be_answered_before_anything_else():
    sit = situation(players=4, ships=[["white", "brown", None], 4, 2, 1], market=["sail", "statue", "lever", "hammer"])
    play(sit, {"kind": "sail", "ship": 0, "site": "market"})
    decision = ENGINE.decision(sit.state)
    assert decision.kind == "take_card" and decision.seat == 1 and decision.rule_id == "imhotep/sites-a/market/take-cards"
    assert decision.prompt["ko"] and decision.prompt["en"]
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(sit.state, ("stones",))
    assert info.value.rule_id == "imhotep/sites-a/market/take-cards"
    with pytest.raises(IllegalAction):
        ENGINE.apply(sit.state, ("take", 7))


def test_nothing_after_the_game_is_over():
    state, _ = play_random(ENGINE, 2, 3)
    assert ENGINE.legal_actions(state) == [] and ENGINE.decision(state).seat is None
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(state, ("stones",))
    assert info.value.rule_id == "imhotep/game-end/after-six-rounds"


# -- the decisions the rulebook leaves open ------------------------------------------------------------------
def test_pass_is_offered_only_when_nothing_else_is_possible():
    sit = situation(players=2, black={"sled": 0, "quarry": 0}, white={"sled": 0, "quarry": 0})
    assert ENGINE.legal_actions(sit.state) == [("pass",)]
    sit2 = situation(players=2)
    assert ("pass",) not in ENGINE.legal_actions(sit2.state)


def test_a_hidden_pair_with_one_card_left_is_taken_without_choice():
    sit = situation(players=2, sides={"market": "B"}, ships=[["white"], 4, 3, 2], market=[None, None, None],
                    hidden=["statue"])
    play(sit, {"kind": "sail", "ship": 0, "site": "market"}, {"kind": "take", "slot": 3})
    assert sit.state.cards[1] == {"statue": 1} and sit.state.pending is None


def test_market_without_cards_gives_nothing_but_takes_the_stone_back():
    sit = situation(players=2, ships=[["white", "black"], 4, 3, 1], market=[None, None, None, None])
    events = play(sit, {"kind": "sail", "ship": 0, "site": "market"})
    assert [e["event"] for e in events].count("no_card") == 2
    assert "decisions.market_short_of_cards" in ENGINE.facts_used(sit.state)


def test_red_card_entrance_on_pyramids_b_asks_which_pyramid():
    sit = situation(players=2, sides={"pyramid": "B"})
    play(sit, {"kind": "red_card", "who": "white", "card": "entrance"})
    assert ENGINE.decision(sit.state).kind == "choose_pyramid" and ENGINE.decision(sit.state).seat == 1
    play(sit, {"kind": "pyramid", "pyramid": 2})
    assert sit.state.pyramid[2] == [1] and sit.state.score[1] == 2


def test_obelisk_b_with_every_space_taken_scores_nothing():
    towers = [[p, "black"] for p in D.OBELISK_B_SPACES]
    sit = situation(players=2, sides={"obelisk": "B"}, towers=towers, obelisk={"white": 2}, ships=[["white"], 4, 3, 2])
    play(sit, {"kind": "sail", "ship": 0, "site": "obelisk"})
    assert sit.state.score[1] == 0 and sit.state.towers[-1] == [None, 1] and sit.state.obelisk[1] == 0


def test_wrath_penalty_may_take_a_score_below_zero():
    sit = situation(players=2, wrath=True, black={"score": 2})
    play(sit, {"kind": "final_scoring"})
    assert sit.state.score[0] == -3 and "decisions.score_can_go_negative" in ENGINE.facts_used(sit.state)


def test_temple_b_with_two_players_uses_four_spaces():
    sit = situation(players=2, sides={"temple": "B"}, temple=["black", "white", "black", "white", "white"], deck=["statue"])
    play(sit, {"kind": "round_end"}, {"kind": "reward", "who": "white", "reward": "point"},
         {"kind": "reward", "who": "black", "reward": "point"})
    # space 1: white (choice, 1) ; space 2: white 2 points ; space 3: black (choice, 1) ; space 4: white draws a card
    assert sit.state.score == [1, 3] and sit.state.cards[1] == {"statue": 1}


# -- the cards ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card,site", [("entrance", "pyramid"), ("sarcophagus", "burial"), ("paved_path", "obelisk")])
def test_every_red_card_places_a_stone_from_the_quarry(card, site):
    sit = situation(players=2)
    quarry = sit.state.quarry[1]
    play(sit, {"kind": "red_card", "who": "white", "card": card})
    assert sit.state.quarry[1] == quarry - 1 and SC.stones_on_site(sit.state, site, 1) == 1
    assert sit.state.discard == [card]


@pytest.mark.parametrize("card,site", [("pyramid_decoration", "pyramid"), ("temple_decoration", "temple"),
                                       ("burial_decoration", "burial"), ("obelisk_decoration", "obelisk")])
def test_every_decoration_counts_every_colour_on_its_site(card, site):
    stones = ["black", "white"] * 4 + ["white"]
    setup = {"players": 2, "white": {"cards": {card: 2}}}
    if site == "obelisk":
        setup["obelisk"] = {"black": 4, "white": 5}
    elif site == "burial":
        setup["burial"] = [stones[i:i + 3] for i in range(0, 9, 3)]
    else:
        setup[site] = stones
    sit = situation(**setup)
    events = play(sit, {"kind": "final_scoring"})
    decoration = [e for e in events if e["event"] == "score" and e.get("card") == card]
    assert [e["points"] for e in decoration] == [3, 3] and decoration[0]["rule"].endswith("-decoration")


def test_lever_order_must_list_the_loaded_spaces():
    sit = situation(players=2, ships=[["white", "black", None], 4, 2, 1], black={"cards": {"lever": 1}})
    play(sit, {"kind": "lever", "ship": 0, "site": "temple"})
    assert ENGINE.decision(sit.state).kind == "lever_order"
    assert sorted(ENGINE.legal_actions(sit.state)) == [("order", (0, 1)), ("order", (1, 0))]
    with pytest.raises(IllegalAction) as info:
        play(sit, {"kind": "order", "order": [0, 2]})
    assert info.value.rule_id == "imhotep/lever"


@pytest.mark.parametrize("order", [5, None, [0, "1"], [0, 1, 2, 3.0], [True, 0], "01", [0.0, 1]])
def test_a_lever_order_of_the_wrong_type_is_malformed_not_a_crash(order):
    """After a Lever, the order 5, null, [0,"1"] or [0,1,2,3.0] raised TypeError."""
    from engine.api import MalformedAction

    sit = situation(players=2, ships=[["white", "black", None], 4, 2, 1], black={"cards": {"lever": 1}})
    play(sit, {"kind": "lever", "ship": 0, "site": "temple"})
    with pytest.raises(MalformedAction):
        ENGINE.apply(sit.state, ENGINE.action_from_json({"kind": "order", "order": order}))
    with pytest.raises(MalformedAction):
        ENGINE.apply(sit.state, ("order", order))
    ENGINE.apply(sit.state, ENGINE.action_from_json({"kind": "order", "order": [1, 0]}))


@pytest.mark.parametrize("action", [("pyramid", 1.0), ("pyramid", True), ("sail", 0), ("place",), ("stones", 1),
                                    ("place", True, 0), ("place", 0, 1.0), (), "stones", ["stones"], None])
def test_a_malformed_tuple_is_refused_never_carried_out(action):
    """("sail", 0) and ("place",) raised IndexError; ("stones", 1) and ("place", True, 0) were carried out."""
    from engine.api import MalformedAction

    sit = situation(players=2, ships=[["white", None], 4, 2, 1], black={"sled": 2})
    with pytest.raises(MalformedAction):
        ENGINE.apply(sit.state, action)


def test_the_pyramids_b_choice_of_a_float_is_malformed():
    sit = situation(players=2, sides={"pyramid": "B"}, pyramid=[[], [], []], ships=[["white"], 4, 3, 2])
    play(sit, {"kind": "sail", "ship": 0, "site": "pyramid"})
    assert ENGINE.decision(sit.state).kind == "choose_pyramid"
    for data in ({"kind": "pyramid", "pyramid": 1.0}, {"kind": "pyramid", "pyramid": "1"}, {"kind": "pyramid"}):
        with pytest.raises(IllegalAction):
            ENGINE.apply(sit.state, ENGINE.action_from_json(data))
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(sit.state, ("pyramid", 7))
    assert info.value.rule_id == "imhotep/sites-b/pyramids/three-pyramids"


def test_a_market_stone_takes_a_card_as_a_labelled_reading():
    """"1장씩 가져갑니다" beside the example's "가져갈 수 있습니다": every stone takes a card while one is left,
    and a result that relied on it says so."""
    sit = situation(players=2, ships=[["white", "black"], 4, 3, 1], market=["sail", "statue", "lever", "hammer"])
    play(sit, {"kind": "sail", "ship": 0, "site": "market"})
    assert ENGINE.legal_actions(sit.state) == [("take", i) for i in range(4)]      # no "decline"
    assert "decisions.market_card_must_be_taken" in ENGINE.facts_used(sit.state)
    fact = ENGINE.facts().get("decisions.market_card_must_be_taken")
    assert fact.source == "assumed" and "가져갈 수 있습니다" in fact.note and "가져갈 수 있습니다" in fact.note_ko


@pytest.mark.parametrize("sled", [0, 2])
def test_the_pyramids_b_load_bonus_without_a_stone_gives_the_point_as_a_labelled_reading(sled):
    sit = situation(players=2, sides={"pyramid": "B"}, pyramid=[[], [], ["black", "black"]], ships=[["white"], 4, 3, 2],
                    white={"sled": sled})
    play(sit, {"kind": "sail", "ship": 0, "site": "pyramid"}, {"kind": "pyramid", "who": "white", "pyramid": 2})
    assert sit.state.score[D.COLORS.index("white")] == 1
    used = "decisions.pyramid_b_load_without_stone" in ENGINE.facts_used(sit.state)
    assert used == (sled == 0) and (ENGINE.decision(sit.state).kind == "bonus_load") == (sled > 0)


def test_blue_cards_offered_only_when_held_and_playable():
    sit = situation(players=2, ships=[["white", "black", None], 4, 2, 1], black={"sled": 3,
                    "cards": {"lever": 1, "hammer": 1, "sail": 1, "chisel": 1}})
    kinds = {a[0] for a in ENGINE.legal_actions(sit.state)}
    assert {"lever", "hammer", "sail_card", "chisel", "stones", "place", "sail"} <= kinds
    bare = situation(players=2, ships=[["white", "black", None], 4, 2, 1])
    assert not {"lever", "hammer", "sail_card", "chisel"} & {a[0] for a in ENGINE.legal_actions(bare.state)}


# -- final scoring and the winner ---------------------------------------------------------------------------
def test_final_scoring_order_burial_then_obelisks_then_cards():
    sit = situation(players=2, burial=[["white"]], obelisk={"black": 1}, white={"cards": {"statue": 1, "lever": 1}},
                    black={"cards": {"temple_decoration": 1}}, temple=["white", "white", "white"])
    events = play(sit, {"kind": "final_scoring"})
    reasons = [e["reason"] for e in events if e["event"] == "score"]
    assert reasons.index("burial") < reasons.index("obelisk") < reasons.index("decoration")
    assert reasons.index("obelisk") < reasons.index("statues") < reasons.index("unused_blue")
    over = [e for e in events if e["event"] == "game_over"][0]
    assert over["rule"] == "imhotep/final-scoring/tie-break"


def test_scores_equal_the_sum_of_their_events_in_a_whole_game():
    state = ENGINE.new_game(4, 77, sides="mixed", wrath=True)
    pick = random.Random(77)
    totals = [0] * 4
    while not ENGINE.is_over(state):
        state, events = ENGINE.apply(state, pick.choice(ENGINE.legal_actions(state)))
        for e in events:
            if e["event"] == "score":
                totals[e["seat"]] += e["points"]
                assert e["rule"].startswith("imhotep/")
    assert totals == state.score


# -- builders from a question's numbers ------------------------------------------------------------------------
QUESTIONS = [
    ("7 statue cards, how many points?", ["imhotep/statue"], 19),
    ("석상 카드 7장이면 몇 점이야?", ["imhotep/market-cards/statue/example"], 19),
    ("13 stones in the burial chamber and a Decoration", ["imhotep/burial-chamber-decoration"], 4),
    ("묘실에 석재 13개, 묘실 장식 카드 점수는?", ["imhotep/market-cards/green/example"], 4),
    ("obelisk tie at 3 stones with 4 players", ["imhotep/sites-a/obelisks/ties"], None),
    ("오벨리스크 3층 동점, 4명이면?", ["imhotep/sites-a/obelisks/ties"], None),
    ("Can a 2-stone ship with 1 stone sail?", ["imhotep/turn/sail-ship/minimum-load"], None),
    ("2칸짜리 배에 석재 1개만 실었는데 옮길 수 있어?", ["imhotep/turn/sail-ship/minimum-load"], None),
    ("a 4-space ship with 2 stones", ["imhotep/turn/sail-ship/minimum-load"], None),
    ("burial chamber group of 6 stones", ["imhotep/sites-a/burial-chamber/over-five"], 17),
    ("3 stones on my sled, get stones?", ["imhotep/turn/get-stones/sled-limit"], None),
]


@pytest.mark.parametrize("question,rules,points", QUESTIONS)
def test_builders_make_verified_examples(question, rules, points):
    made = ENGINE.example_from_question(ENGINE.vocabulary().read(question, "en"), rules)
    assert made is not None and made.spec is not None and made.notice is None, question
    result = run(ENGINE, made.spec)
    assert result.verified, [vars(c) for c in result.checks]
    assert all(c.description_ko for c in result.checks)
    if points is not None:
        assert points in [c.expected for c in result.checks]


def test_builder_expectations_follow_the_rule_not_the_engine():
    made = ENGINE.example_from_question(ENGINE.vocabulary().read("a 4-space ship with 2 stones", "en"), ["imhotep/turn/sail-ship/minimum-load"])
    assert made.spec["expect"][0]["raises"] == "imhotep/turn/sail-ship/minimum-load"
    made = ENGINE.example_from_question(ENGINE.vocabulary().read("obelisk tie at 3 stones with 4 players", "en"), ["imhotep/sites-a/obelisks/ties"])
    assert made.spec["expect"][0]["equals"] == (15 + 10) // 2


@pytest.mark.parametrize("question,rules", [
    ("11 statue cards", ["imhotep/statue"]),
    ("석상 카드 12장", ["imhotep/statue"]),
    ("a 5-space ship with 2 stones", ["imhotep/turn/sail-ship/minimum-load"]),
    ("a 2-space ship with 3 stones", ["imhotep/turn/sail-ship/minimum-load"]),
    ("obelisk tie at 3 stones with 5 players", ["imhotep/sites-a/obelisks/ties"]),
    ("7 stones on my sled", ["imhotep/turn/get-stones/sled-limit"]),
])
def test_numbers_the_game_cannot_have_get_a_bilingual_notice(question, rules):
    made = ENGINE.example_from_question(ENGINE.vocabulary().read(question, "en"), rules)
    assert made is not None and made.spec is None and made.notice["en"] and made.notice["ko"]


# the case asked, with its own numbers, in both languages: (question, lang, cited rule, {path or who: expected})
ASKED_CASES = [
    ("A 4-space ship with 3 stones, the number on its bow is 3. Can I sail it with one space empty, none of the "
     "stones being mine?", "en", "imhotep/turn/sail-ship/no-own-stones-needed",
     {"ships.0.site": "obelisk", "white.obelisk": 3, "black.obelisk": 0}),
    ("4칸짜리 배에 다른 사람 석재 3개가 실려 있고 뱃머리 숫자가 3이야. 한 칸 비어 있는데 내 석재가 하나도 없어도 출발시킬 수 있어?",
     "ko", "imhotep/turn/sail-ship/no-own-stones-needed", {"ships.0.site": "obelisk", "white.obelisk": 3}),
    ("3칸짜리 배에 빈칸이 2개 있어. 출발 가능?", "ko", "imhotep/turn/sail-ship/minimum-load",
     {"raises": "imhotep/turn/sail-ship/minimum-load"}),
    ("In the burial chamber I have a connected group of 4 plus 2 separate single stones. How many points?", "en",
     "imhotep/sites-a/burial-chamber/multiple-groups", {"gray.score": 10 + 1 + 1}),
    ("묘실에 내 석재 4개가 이어진 덩어리 하나와 따로 떨어진 석재 2개가 있으면 몇 점이야?", "ko",
     "imhotep/sites-a/burial-chamber/multiple-groups", {"gray.score": 12}),
    ("묘실에 3개짜리 덩어리 2개와 1개짜리 하나가 있으면 점수는?", "ko", "imhotep/sites-a/burial-chamber/scoring-groups",
     {"gray.score": 6 + 6 + 1}),
    ("Burial chamber: brown has a group of 7 and a single stone. Total?", "en",
     "imhotep/sites-a/burial-chamber/over-five", {"brown.score": 15 + 2 * 2 + 1}),
    ("4 players, obelisks at game end: white 5, black 3, gray 3, brown 0. Who scores what?", "en",
     "imhotep/sites-a/obelisks/ties", {"white.score": 15, "black.score": (10 + 5) // 2, "gray.score": 7, "brown.score": 0}),
    ("4인 게임 끝났을 때 오벨리스크 높이가 흰색 5층, 검은색 3층, 회색 3층, 갈색 0층이면 점수는?", "ko",
     "imhotep/sites-a/obelisks/highest-scores-most", {"white.score": 15, "black.score": 7, "gray.score": 7, "brown.score": 0}),
    ("3 players; obelisk heights 6, 6 and 6. How are the points split?", "en", "imhotep/sites-a/obelisks/ties",
     {"black.score": (12 + 6 + 1) // 3, "white.score": 6, "brown.score": 6}),
    ("I have 4 stones on my sled (max 5). How many can I quarry?", "en", "imhotep/turn/get-stones/sled-limit",
     {"me.sled": 5}),
    ("개인창고는 5개까지인데 지금 3개 있으면 석재 캐내기로 몇 개 가져와?", "ko", "imhotep/turn/get-stones/sled-limit",
     {"me.sled": 5}),
]


@pytest.mark.parametrize("question,lang,rule,wanted", ASKED_CASES)
def test_builders_play_the_case_asked(question, lang, rule, wanted):
    made = ENGINE.example_from_question(ENGINE.vocabulary().read(question, lang), [rule])
    assert made is not None and made.spec is not None and made.notice is None, question
    assert rule in made.spec["rules"] or rule == made.rule
    result = run(ENGINE, made.spec)
    assert result.verified, [vars(c) for c in result.checks]
    assert all(c.description and c.description_ko for c in result.checks)
    expected = {e.get("path") or "raises": e.get("equals", e.get("raises")) for e in made.spec["expect"]}
    for key, value in wanted.items():
        assert expected.get(key) == value, (question, key, expected)


def test_the_groups_and_heights_asked_are_read_in_order():
    from engine.imhotep.examples import _burial_sizes
    assert _burial_sizes("a connected group of 4 plus 2 separate single stones") == [4, 1, 1]
    assert _burial_sizes("two groups of 3 and a lone stone, is it 13 points?") == [3, 3, 1]
    assert _burial_sizes("묘실에 내 석재 4개가 이어진 덩어리 하나와 따로 떨어진 석재 2개") == [4, 1, 1]
    made = ENGINE.example_from_question(ENGINE.vocabulary().read("burial chamber group of 6 stones", "en"),
                                        ["imhotep/sites-a/burial-chamber/multiple-groups"])
    assert made.spec["id"].endswith("burial-group-6")          # one group: the one-group builder


@pytest.mark.parametrize("question,lang,rule", [
    ("a 4-space ship with 3 stones and the bow says 2", "en", "imhotep/turn/sail-ship/minimum-load"),
    ("묘실에 20개짜리 덩어리와 12개짜리 덩어리가 따로 있으면?", "ko", "imhotep/sites-a/burial-chamber/multiple-groups"),
    ("burial chamber: a group of 20 and a group of 12", "en", "imhotep/sites-a/burial-chamber/multiple-groups"),
    ("2 players, obelisks of 4, 3 and 2", "en", "imhotep/sites-a/obelisks/highest-scores-most"),
    ("5인 게임에서 오벨리스크 3층, 2층이면?", "ko", "imhotep/sites-a/obelisks/ties"),
    ("개인창고에 석재가 6개 있으면 몇 개 가져와?", "ko", "imhotep/turn/get-stones/sled-limit"),
])
def test_the_asked_numbers_the_game_cannot_have_are_refused(question, lang, rule):
    made = ENGINE.example_from_question(ENGINE.vocabulary().read(question, lang), [rule])
    assert made is not None and made.spec is None and made.notice["en"] and made.notice["ko"], question


def test_no_builder_for_an_unrelated_rule():
    assert ENGINE.example_from_question(ENGINE.vocabulary().read("7 statue cards", "en"), ["imhotep/turn/one-action"]) is None


# -- Simulator and picture ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("site", D.SITES)
@pytest.mark.parametrize("side", ["A", "B"])
def test_simulator_runs_every_site_and_side(site, side):
    fields = {f.name: f.default for f in ENGINE.simulator_fields()}
    fields.update(site=site, side=side, before=5, slot4="black")
    spec = ENGINE.simulator_scenario(fields)
    result = run(ENGINE, spec)
    assert result.verified, [vars(c) for c in result.checks]
    sit = ENGINE.scenario_setup(spec)
    for action in spec["actions"]:
        ENGINE.scenario_step(sit, dict(action))
    for lang in ("ko", "en"):
        svg = ENGINE.picture(sit, lang)
        ET.fromstring(svg)


def test_simulator_fields_are_bilingual_and_refuse_impossible_setups():
    for f in ENGINE.simulator_fields():
        assert f.label["ko"] and f.label["en"]
    with pytest.raises(ScenarioError):
        ENGINE.simulator_scenario({"players": 2, "site": "pyramid", "side": "A", "slot1": "gray"})
    with pytest.raises(ScenarioError):
        ENGINE.simulator_scenario({"players": 4, "site": "pyramid", "side": "A", "slot1": "none", "slot2": "none",
                                   "slot3": "none", "slot4": "none"})


def test_picture_draws_sites_ships_and_sleds_in_both_languages():
    state, _ = play_random(ENGINE, 4, 8, sides="B")
    sit = Situation(state, {})
    ko, en = ENGINE.picture(sit, "ko"), ENGINE.picture(sit, "en")
    for svg in (ko, en):
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
    assert "피라미드" in ko and "개인창고" in ko and "Pyramid" in en and "Supply sleds" in en
    mid = ENGINE.new_game(3, 2)
    assert "Ships not yet sailed" in ENGINE.picture(Situation(mid, {}), "en")


# -- narration ---------------------------------------------------------------------------------------------
def test_every_event_and_action_of_a_game_is_narrated_in_both_languages():
    state = ENGINE.new_game(4, 12, sides="mixed", wrath=True)
    pick = random.Random(12)
    kinds_seen, actions_seen = set(), set()
    while not ENGINE.is_over(state):
        action = pick.choice(ENGINE.legal_actions(state))
        data = ENGINE.action_to_json(action)
        actions_seen.add(data["kind"])
        for lang in ("ko", "en"):
            assert ENGINE.narrate_action(data, lang)
        state, events = ENGINE.apply(state, action)
        for e in events:
            kinds_seen.add(e["event"])
            ko, en = ENGINE.narrate_event(e, "ko"), ENGINE.narrate_event(e, "en")
            if e["event"] not in ("reshuffle", "market_discarded"):
                assert ko and en and ko != en, e
    assert {"score", "sailed", "loaded", "round_start", "round_end", "game_over"} <= kinds_seen


def test_labels_and_prompts_use_the_glossary_terms():
    assert ENGINE.label("sled", "ko") == "개인창고" and ENGINE.label("quarry", "ko") == "돌무더기"
    assert ENGINE.label("score", "en") == "Score"
    assert ENGINE.narrate_action({"kind": "stones"}, "ko") == "석재 캐내기"
    assert "항구" in ENGINE.narrate_action({"kind": "sail", "ship": 0, "site": "temple"}, "ko")
    assert "신전" in ENGINE.narrate_action({"kind": "sail", "ship": 0, "site": "temple"}, "ko")
    event = {"event": "score", "seat": 3, "points": 17, "reason": "burial", "rule": "x"}
    assert ENGINE.narrate_event(event, "ko") == "회색 플레이어: 묘실 +17점"
    assert ENGINE.narrate_event(event, "en") == "gray scores +17 (burial chamber)"


def test_events_carry_their_rule():
    sit = situation(players=4, ships=[["white", "brown", "gray", "black"], 3, 2, 1])
    events = play(sit, {"kind": "sail", "ship": 0, "site": "pyramid"})
    assert all(e.get("rule", "").startswith("imhotep/") for e in events)


def test_scenario_setup_refuses_what_it_cannot_build():
    for setup in ({"players": 5}, {"colour": 1}, {"white": {"gold": 1}}, {"ships": [4, 3, 2]},
                  {"ships": [5, 3, 2, 1]}, {"black": {"quarry": 40}}, {"market": ["gold"]}):
        with pytest.raises(ScenarioError):
            situation(**setup)
    sit = situation(players=2)
    with pytest.raises(ScenarioError):
        play(sit, {"kind": "stones", "who": "white"})


def test_every_curated_imhotep_rule_has_a_scenario_or_a_reason():
    """scripts/scenario_coverage.py --game imhotep: every worked example and numeric or conditional rule
    has a scenario, or its reason for having none."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scripts" / "scenario_coverage.py"
    spec = importlib.util.spec_from_file_location("scenario_coverage", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    report = module.coverage("imhotep")
    assert report["unknown"] == [] and report["examples_not_curated"] == [] and report["missing"] == []
    assert len(report["covered"]) >= 130 and all(report["gaps"].values())
