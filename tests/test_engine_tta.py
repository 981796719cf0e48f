"""Through the Ages (2006) engine: the economy against the rulebook's worked examples and numbers, refusals
naming rule ids, government changes, military strength and colonization, example builders and the
Simulator."""
from __future__ import annotations

import pytest

from engine import registry
from engine.errors import IllegalAction
from engine.scenarios import run
from engine.through_the_ages import conflict, economy as eco, rules
from engine.through_the_ages.state import new_civ

ENGINE = registry.get("through-the-ages")
ENGINE_CARD = rules.card


def civ(**changes):
    c = new_civ()
    c.update(changes)
    return c


def test_starting_civilisation_matches_the_setup():
    c = new_civ()
    assert (c["yellow_bank"], c["pool"], sum(c["workers"].values())) == (18, 1, 6)
    assert eco.science_rating(c) == 1 and eco.strength(c) == 1 and eco.culture_rating(c) == 0
    assert eco.civil_actions(c) == 4 and eco.military_actions(c) == 2 and eco.building_limit(c) == 2
    assert eco.consumption(c) == 0 and eco.population_cost(c) == 2 and eco.corruption(c) == 0


# the 2006 board table (kgold/TTA, a `source` fact): sections of 2, 4, 4, 4, 4 tokens right to left
@pytest.mark.parametrize("bank,consumption,cost", [(18, 0, 2), (17, 0, 2), (16, 1, 3), (14, 1, 3), (12, 2, 4),
                                                   (8, 3, 5), (4, 4, 7), (1, 4, 7), (0, 6, None)])
def test_yellow_bank_consumption_and_population_cost(bank, consumption, cost):
    c = civ(yellow_bank=bank, pool=1 + 18 - bank)
    assert eco.consumption(c) == consumption and eco.population_cost(c) == cost


@pytest.mark.parametrize("bank,loss", [(18, 0), (9, 0), (8, 2), (5, 2), (4, 4), (1, 4), (0, 6)])
def test_corruption_by_emptied_blue_sections(bank, loss):
    assert eco.corruption(civ(blue_bank=bank)) == loss


def test_famine_costs_four_culture_per_missing_food():
    c = civ(yellow_bank=0, pool=18, workers={"bronze": 2}, blue={"agriculture": 2}, culture=10, blue_bank=16)
    steps = eco.produce_and_maintain(c, "simple")
    famine = next(s for s in steps if s["event"] == "famine")
    assert famine == {"event": "famine", "short": 4, "culture_lost": 16}
    assert c["culture"] == 10 - 16 and eco.held(c, eco.FOOD) == 0


def test_uprising_skips_the_whole_phase_in_advanced_only():
    c = civ(yellow_bank=10, pool=0, culture=3)
    assert eco.required_happiness(c) == 3 and eco.uprising(c)
    steps = eco.produce_and_maintain(dict(c, blue=dict(c["blue"]), workers=dict(c["workers"])), "advanced")
    assert steps[-1]["event"] == "uprising"
    simple = eco.produce_and_maintain(c, "simple")
    assert any(s["event"] == "score" for s in simple)


def test_paying_prefers_low_value_tokens_and_gives_change():
    c = civ(blue={"bronze": 3, "iron": 2}, blue_bank=13, techs=[*new_civ()["techs"], "iron"])
    eco.pay(c, eco.RES, 3, "x")
    assert c["blue"] == {"iron": 2} and c["blue_bank"] == 16
    eco.pay(c, eco.RES, 3, "x")
    assert c["blue"] == {"bronze": 1} and c["blue_bank"] == 17
    with pytest.raises(IllegalAction):
        eco.pay(c, eco.RES, 2, "rule/x")


def test_military_strength_with_tactics_and_air_forces():
    medieval = civ(workers={"warriors": 2, "swordsmen": 1, "knights": 2}, tactics="medieval-army")
    assert eco.strength(medieval) == 12
    entrench = civ(workers={"modern-infantry": 1, "swordsmen": 1, "cannon": 4, "air-forces": 3}, tactics="entrenchments")
    assert eco.strength_uncapped(entrench) == 62 and eco.strength(entrench) == 60


def test_colonization_bid_and_spy():
    c = civ(specials=["cartography"], workers={"swordsmen": 1})
    event = conflict.colonize(c, "inhabited-territory", 4, ["swordsmen"], [])
    assert event["paid"] == 4 and c["pool"] == 2 and c["yellow_cap"] == 20
    with pytest.raises(IllegalAction) as exc:
        conflict.colonize(civ(workers={"warriors": 1}), "inhabited-territory", 5, ["warriors"], [])
    assert exc.value.rule_id == "through-the-ages/advanced/colonization/paying-the-bid"
    att, dfn = civ(workers={"riflemen": 4, "warriors": 2}), civ(workers={"knights": 5}, science=3)
    result = conflict.aggression(att, dfn, "spy", ["riflemen"], [])
    assert (result["attack"], result["defense"], result["taken"]) == (17, 10, 3) and eco.strength(att) == 11


def test_a_tie_in_aggression_holds():
    att, dfn = civ(workers={"warriors": 3}), civ(workers={"warriors": 3})
    assert not conflict.aggression(att, dfn, "spy", [], [])["success"]


def _state(**me):
    state = rules.new_game(2, 3)
    state["round"] = 2
    state["civs"][0].update(me)
    return state


@pytest.mark.parametrize("action,me,rule", [
    ({"kind": "increase_population"}, {}, "through-the-ages/second-round/increase-population/cost"),
    ({"kind": "build", "card": "bronze"}, {"pool": 0, "blue": {"bronze": 2}, "blue_bank": 16}, "through-the-ages/second-round/build-farm-or-mine/requirements"),
    ({"kind": "discover", "card": "iron"}, {"hand": ["iron"], "science": 4}, "through-the-ages/later-rounds/discover-technology/science-cost"),
    ({"kind": "wonder_stage"}, {}, "through-the-ages/second-round/build-wonder-stage/order-and-timing"),
    ({"kind": "elect", "card": "moses"}, {}, "through-the-ages/second-round/elect-leader/cost"),
    ({"kind": "peaceful_change", "card": "monarchy"}, {"hand": ["monarchy"], "science": 8}, "through-the-ages/later-rounds/changing-government/peaceful-change/cost"),
    ({"kind": "build", "card": "warriors"}, {"military_used": 2, "blue": {"bronze": 2}, "blue_bank": 16}, "through-the-ages/second-round/actions/repeat-and-limit"),
])
def test_refusals_name_the_rule(action, me, rule):
    with pytest.raises(IllegalAction) as exc:
        rules.apply(_state(**me), action)
    assert exc.value.rule_id == rule and exc.value.message_ko


def test_apply_never_changes_its_input_and_round_trips():
    state = _state(blue={"bronze": 3}, blue_bank=15)
    before = repr(state)
    new, _ = rules.apply(state, {"kind": "build", "card": "religion"})
    assert repr(state) == before and new["civs"][0]["workers"]["religion"] == 1
    assert ENGINE.state_from_json(ENGINE.state_to_json(new)) == new


@pytest.mark.parametrize("data", [
    {"kind": "build", "card": "no-such-card"}, {"kind": "discover", "card": "no-such-card"}, {"kind": "take"},
    {"kind": "take", "slot": "3"}, {"kind": "take", "slot": 3.0}, {"kind": "take", "slot": True}, {"kind": "build"},
    {"kind": "discover"}, {"kind": "destroy"}, {"kind": "upgrade", "from": "agriculture"}, {"kind": "wonder_stage", "stages": "2"},
    {"kind": "take", "slot": 0, "extra": 1}, {"kind": "no-such-kind"}, {"kind": None}, {}, [], "end_turn", None,
    {"kind": "bid", "amount": -1}, {"kind": "aggression", "card": "raid-a", "target": 9},
])
def test_a_malformed_move_is_refused_not_a_crash(data):
    """A card that does not exist raised KeyError; a move without its field or with a text for a number raised
    KeyError/TypeError. Now one MalformedAction, both languages, before any rule runs."""
    from engine.api import MalformedAction

    with pytest.raises(MalformedAction) as exc:
        ENGINE.apply(_state(), ENGINE.action_from_json(data))
    assert exc.value.rule_id is None and exc.value.text("ko") != exc.value.text("en")


def test_a_move_the_rules_do_not_list_is_refused_even_when_well_formed():
    state = _state()
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, {"kind": "take", "slot": 10**6})
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, {"kind": "play_action", "card": "patriotism-a", "target": "agriculture"})


@pytest.mark.parametrize("change", [
    lambda d: d.clear(), lambda d: d.pop("civs"), lambda d: d.update(players=5), lambda d: d.update(mode="quick"),
    lambda d: d.update(round="1"), lambda d: d.update(over=0), lambda d: d["civs"].pop(),
    lambda d: d["civs"][0].pop("workers"), lambda d: d["civs"][1].update(culture=None), lambda d: d.update(civs={}),
])
def test_a_state_the_engine_cannot_continue_from_is_refused(change):
    """state_from_json({}) was accepted and failed later."""
    from engine.api import MalformedState

    data = ENGINE.state_to_json(ENGINE.new_game(3, 1, mode="advanced"))
    change(data)
    with pytest.raises(MalformedState):
        ENGINE.state_from_json(data)


T = "through-the-ages/"


@pytest.mark.parametrize("question,rule,expected", [
    ("What does corruption cost with 2 blue sections empty?", T + "advanced/mechanics/corruption/four-and-six", 4),
    ("굶주림: 식량이 3개 부족하면?", T + "later-rounds/famine/penalty", 3),
    ("5 workers and 3 happy faces: is there an uprising?", T + "advanced/mechanics/uprising/rule", 2),
    ("Colonization: bid 4 with Cartography", T + "advanced/colonization/bid-is-sacrificed-strength", 4),
    ("military strength of 2 warriors, 1 swordsmen and 2 knights with Medieval Army", T + "advanced/tactics/army-bonus", 12),
    ("population increase with 10 tokens in the yellow bank", T + "setup/yellow-tokens/population-cost", 4),
])
def test_example_builders_verify(question, rule, expected):
    built = ENGINE.example_from_question(ENGINE.vocabulary().read(question, "en"), [rule])
    assert built and built.spec
    result = run(ENGINE, built.spec)
    assert result.verified, [(c.description, c.expected, c.actual) for c in result.checks]
    assert expected in [c.expected for c in result.checks]


def test_builders_serve_only_their_rules():
    """A builder answers the rules it shows: a corruption question answered by another rule gets none."""
    assert ENGINE.example_from_question(ENGINE.vocabulary().read("corruption with 2 blue sections empty", "en"), [T + "later-rounds/famine/penalty"]) is None


def test_example_builder_notice_for_an_impossible_number():
    """A number the game cannot have is refused with a notice in both languages, never replaced."""
    built = ENGINE.example_from_question(ENGINE.vocabulary().read("corruption with 7 blue sections empty", "en"), [T + "advanced/mechanics/corruption/four-and-six"])
    assert built.spec is None and "7" in built.notice["en"] and "7" in built.notice["ko"]


def _built(question: str, rule: str):
    lang = "ko" if any("\uac00" <= ch <= "\ud7a3" for ch in question) else "en"
    return ENGINE.example_from_question(ENGINE.vocabulary().read(question, lang), [rule])


def _verified(built) -> dict:
    assert built and built.spec and built.notice is None
    result = run(ENGINE, built.spec)
    assert result.verified, [(c.description, c.expected, c.actual) for c in result.checks]
    return {c.description: c.expected for c in result.checks}


@pytest.mark.parametrize("question,sections,lost", [
    ("파란색 저장소 2개 구역이 비면 자원 낭비는 몇 개야?", 2, 4),
    ("If 2 sections of my blue bank are empty, how much corruption?", 2, 4),
])
def test_corruption_for_the_empty_sections_asked(question, sections, lost):
    """"파란색 저장소 2개 구역" gives the sections' count (read as the bank's number): 2 sections, not the
    whole bank."""
    built = _built(question, T + "advanced/mechanics/corruption/four-and-six")
    checks = _verified(built)
    assert lost in checks.values() and built.spec["id"].endswith(f"corruption-{sections}")
    refused = _built("파란색 저장소 7개 구역이 비면 자원 낭비는?", T + "advanced/mechanics/corruption/four-and-six")
    assert refused.spec is None and "7" in refused.notice["ko"]


@pytest.mark.parametrize("question,unused,drawn", [
    ("I left 4 military actions unused — how many military cards do I draw?", 4, 3),
    ("군사 행동 4개를 안 쓰고 턴을 끝내면 군사 카드 몇 장 받아?", 4, 3),
    ("I had 1 military action unused at the end of my turn: how many military cards?", 1, 1),
    ("군사 행동을 2개 남겼으면 군사 카드는 몇 장?", 2, 2),
])
def test_military_cards_for_the_unused_actions_asked(question, unused, drawn):
    """One military card per unused military action, at most 3: the unused count asked, any count a
    government allows (1 is Despotism with one action used), not only a government's whole allowance."""
    built = _built(question, T + "advanced/military-cards/drawing/draw")
    checks = _verified(built)
    assert drawn in checks.values() and str(unused) in built.spec["title"]["en"]
    assert built.spec["setup"]["me"]["military_used"] == ENGINE_CARD(built.spec["setup"]["me"]["government"])["military"] - unused


def test_military_cards_refuse_more_unused_actions_than_a_government_gives():
    built = _built("I left 7 military actions unused: how many military cards?", T + "advanced/military-cards/drawing/draw")
    assert built.spec is None and "7" in built.notice["en"] and "7" in built.notice["ko"]


@pytest.mark.parametrize("question,leader,slot,left", [
    ("I took Julius Caesar from slot 7 of the card row; can I elect him the same turn?", "julius-caesar", 7, 0),
    ("카드 열 7번째 칸의 율리우스 카이사르를 가져왔는데 같은 턴에 내려놓을 수 있나요? 시민 행동은 몇 개?", "julius-caesar", 7, 0),
    ("Moses in slot 3 of the card row, I have 3 civil actions left: can I take him and elect him this turn?", "moses", 3, 1),
    ("이번 턴에 카드 열에서 가져온 모세를 바로 내려놓을 수 있어?", "moses", 1, 0),
])
def test_a_leader_taken_this_turn_is_elected_the_same_turn(question, leader, slot, left):
    """Taking a leader and electing it are separate actions, both possible in one turn: the slot's civil
    actions (1/2/3 by zone) plus 1."""
    built = _built(question, T + "second-round/elect-leader/same-turn")
    checks = _verified(built)
    assert leader in checks.values() and left in checks.values()
    assert built.spec["actions"] == [{"kind": "take", "slot": slot - 1}, {"kind": "elect", "card": leader}]
    assert f"slot {slot}" in built.spec["title"]["en"] and f"{slot}번째 칸" in built.spec["title"]["ko"]


@pytest.mark.parametrize("question,refused_at", [
    ("I have 2 civil actions left, can I take Homer from slot 8 and play him right away?", "elect"),
    ("I have 1 civil action left, can I take Homer from slot 12 and play him right away?", "take"),
])
def test_a_leader_without_the_civil_actions_to_elect_it(question, refused_at):
    built = _built(question, T + "second-round/elect-leader/same-turn")
    result = run(ENGINE, built.spec)
    assert result.verified and result.steps[-1].action["kind"] == refused_at


def test_a_leader_question_not_about_taking_it_builds_nothing_and_a_slot_past_the_row_is_refused():
    assert _built("What does Moses do when I elect him?", T + "second-round/elect-leader/immediate-effect") is None
    built = _built("Can I take Aristotle from slot 14 and elect him this turn?", T + "second-round/elect-leader/same-turn")
    assert built.spec is None and "14" in built.notice["en"] and "14" in built.notice["ko"]


@pytest.mark.parametrize("question,attack,after", [
    ("My strength is 14 and I sacrifice a Riflemen in an aggression: what is my attack strength?", 17, 11),
    ("군사력 14에서 소총병 하나를 희생하면 침략 공격력은?", 17, 11),
    ("aggression with strength 10, sacrificing a unit of strength 3", 13, 7),
    ("군사력이 10인데 군사력 3짜리 유닛을 희생하면 침략할 때 공격력이 얼마야?", 13, 7),
    ("I sacrifice 2 knights with strength 12 when playing Raid", 16, 8),
    ("침략할 때 군사력 8이고 전사 2개 희생하면?", 10, 6),
])
def test_an_aggressions_attack_with_the_sacrifice_asked(question, attack, after):
    """The attacker's strength plus the sacrificed units' strength (counted twice in effect); the units leave."""
    built = _built(question, T + "advanced/aggression/attacker-strength")
    checks = _verified(built)
    assert attack in checks.values() and after in checks.values()


@pytest.mark.parametrize("question,number", [
    ("strength 9, sacrificing a unit of strength 4 in an aggression", "4"),
    ("My strength is 70; in an aggression I sacrifice a Warriors", "70"),
    ("군사력 3인데 침략하면서 기사 2개를 희생하면?", "3"),
])
def test_an_aggression_the_game_cannot_have_is_refused(question, number):
    built = _built(question, T + "advanced/aggression/attacker-strength")
    assert built.spec is None and number in built.notice["en"] and number in built.notice["ko"]


@pytest.mark.parametrize("values", [{}, {"mode": "advanced", "yellow_bank": 10, "pool": 0, "temples": 1},
                                    {"mode": "simple", "blue_bank": 0, "food_tokens": 1, "resource_tokens": 17, "yellow_bank": 6}])
def test_simulator_board_scenarios_verify(values):
    spec = ENGINE.simulator_scenario(values)
    result = run(ENGINE, spec)
    assert result.verified, [(c.description, c.expected, c.actual) for c in result.checks if not c.ok]
    assert ENGINE.picture(ENGINE.scenario_setup(spec), "ko").startswith("<svg")


def test_advanced_and_full_games_deal_every_pact_and_war():
    """The rulebook's decks: pacts with 3+ players (Advanced and Full), wars in the Full game only; no game is
    played short of a card (the summary names none)."""
    def dealt(state):
        return {c for c in state["cards_in_game"] if rules.card(c)["type"] in ("pact", "war")}
    pacts = {"open-borders-agreement", "trade-route-agreements", "acceptance-of-supremacy", "international-trade-agreement",
             "promise-of-military-protection", "scientific-cooperation", "international-tourism", "loss-of-sovereignty",
             "military-pact", "peace-treaty"}
    wars = {"war-over-territory", "war-over-resources", "war-over-culture-ii", "war-over-technology", "holy-war",
            "war-over-culture-iii"}
    advanced3 = ENGINE.new_game(3, 1, mode="advanced")
    assert dealt(advanced3) == {p for p in pacts if rules.card(p)["age"] in ("I", "II")}   # no Age III deck
    assert dealt(ENGINE.new_game(2, 1, mode="advanced")) == set()
    assert dealt(ENGINE.new_game(4, 1, mode="full")) == pacts | wars
    assert dealt(ENGINE.new_game(2, 1, mode="full")) == wars
    full = ENGINE.new_game(4, 1, mode="full")
    deck_iii = full["mil_decks"]["III"]
    assert deck_iii.count("holy-war") == 2 and deck_iii.count("war-over-culture-iii") == 4
    assert not {"missing_cards", "notice"} & set(ENGINE.summary(advanced3, 1))
    assert "missing" not in rules.card("peace-treaty")


def test_every_card_fact_has_a_provenance_and_no_2015_value():
    facts = ENGINE.facts()
    cards = [f for f in facts.all() if f.path.startswith(("cards.", "military."))]
    assert all(f.source in ("rulebook", "source", "assumed") for f in cards)
    assert all(f.ref and f.checked for f in cards if f.source == "source")
    assert facts.get("cards.iron.printed").value["science"] == 5
    # values the 2006 -> 2015 change list names: the 2006 side is the one in the data
    assert rules.card("swordsmen")["science"] == 3 and rules.card("knights")["science"] == 4
    assert rules.card("monarchy")["peaceful"] == 9 and rules.card("library-of-alexandria")["stages"] == [1, 2, 2, 1]
    assert rules.card("classic-army")["bonus"] == 9 and rules.card("colossus")["culture"] == 1


def test_war_and_pact_narration_counts_seats_from_1():
    """Events and actions name seats (0-based in the state) as players count them, and an action missing a
    field never reads as its {placeholder}."""
    spoils = {"event": "spoils", "seat": 0, "loser": 1, "card": "war-over-culture-ii", "kind": "culture", "taken": 3}
    assert ENGINE.narrate_event(spoils, "en").endswith("player 1 takes 3 culture from player 2")
    assert ENGINE.narrate_event(spoils, "ko").endswith("1번 플레이어가 2번 플레이어에게서 문화 점수 3 가져옴")
    holy = {"event": "spoils", "seat": 1, "loser": 0, "card": "holy-war", "kind": "population", "taken": 2, "culture": 6}
    assert "player 1 loses 2 population, player 2 scores 6 culture" in ENGINE.narrate_event(holy, "en")
    declared = {"event": "war_declared", "seat": 0, "target": 2, "card": "war-over-territory"}
    assert ENGINE.narrate_event(declared, "ko") == "3번 플레이어에게 영토 전쟁 선언"
    stolen = {"event": "stolen", "seat": 0, "loser": 1, "card": "code-of-laws", "kept": True}
    assert ENGINE.narrate_event(stolen, "ko") == "2번 플레이어의 특수 기술 법전을 빼앗음"
    impact = {"event": "impact", "card": "impact-of-wonders", "culture": {"0": 0, "1": 9}}
    assert ENGINE.narrate_event(impact, "en").endswith("player 1 +0, player 2 +9")
    paid = {"event": "partner_science", "seat": 1, "card": "scientific-cooperation", "science": 1}
    assert "player 2" in ENGINE.narrate_event(paid, "en") and "2번 플레이어" in ENGINE.narrate_event(paid, "ko")
    offer = {"kind": "offer_pact", "card": "acceptance-of-supremacy", "target": 2}
    assert ENGINE.narrate_action(offer, "ko") == "3번 플레이어에게 조약 패권 인정 제안 (역할을 밝히지 않음)"
    assert ENGINE.narrate_action({**offer, "role": "A"}, "en") == "Offer the pact Acceptance of Supremacy to player 3 (role A)"
    assert "{" not in ENGINE.narrate_action({"kind": "colonize", "territory": "inhabited-territory-i"}, "ko")
