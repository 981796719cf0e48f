"""Through the Ages (2006): the published cards' abilities as the engine plays them - leaders, wonders, action
cards, events, aggressions, Age III scoring - each against the card's 2006 values (data/cards.yaml,
data/military.yaml) and the rulebook's rules."""
from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.through_the_ages import civil, conflict, events, politics, rules
from engine.through_the_ages import economy as eco
from engine.through_the_ages.cards import card
from engine.through_the_ages.state import new_civ


def civ(**changes):
    c = new_civ()
    c.update(changes)
    return c


def game(mode="advanced", players=2, **me):
    state = rules.new_game(players, 5, mode)
    state["round"], state["age"], state["phase"] = 3, "I", "actions"
    state["civs"][0].update(me)
    return state


def play(state, action):
    return rules.apply(state, action)


# ---------------------------------------------------------------------------------------------- leaders
def test_homer_warriors_culture_and_a_resource_for_units():
    c = civ(leader="homer", workers={"warriors": 3, "bronze": 2})
    assert eco.culture_rating(c) == 2            # up to 2 Warriors, 1 culture each
    state = game(leader="homer")
    state["civs"][0]["military_resources"] = 0
    state, _ = play(state, {"kind": "end_turn"})
    state, _ = play(state, {"kind": "end_turn"})  # back to seat 0: a new turn
    assert state["civs"][0]["military_resources"] == 1


def test_moses_aristotle_alexander():
    assert eco.population_cost(civ(leader="moses")) == 1
    state = game(leader="aristotle", science=0)
    state["row"][0] = "iron"
    state, _ = play(state, {"kind": "take", "slot": 0})
    assert state["civs"][0]["science"] == 1      # +1 science for a technology taken
    assert eco.strength(civ(leader="alexander-the-great", workers={"warriors": 3})) == 6


def test_michelangelo_makes_wonders_one_action_cheaper():
    state = game(leader="michelangelo", wonders=["pyramids"])
    state["row"][5] = "great-wall"
    assert civil.take_cost(state, 0, 5) == 2 + 1 - 1


def test_genghis_khan_is_ignored_in_the_simple_game():
    advanced = civ(leader="genghis-khan", workers={"knights": 2}, tactics="heavy-cavalry")
    assert eco.strength(advanced) == 2 * 2 + 2   # no tactics bonus; +1 strength per cavalry
    assert eco.culture_rating(advanced) == 2
    simple = civ(leader="genghis-khan", workers={"knights": 2}, simple=True)
    assert eco.strength(simple) == 4 and eco.culture_rating(simple) == 0


def test_leonardo_and_newton_reward_a_technology():
    state = game(leader="leonardo-da-vinci", hand=["iron"], science=5)
    state, _ = play(state, {"kind": "discover", "card": "iron"})
    assert eco.held(state["civs"][0], eco.RES) == 1            # Leonardo: 1 resource when a technology is played
    state = game(leader="isaac-newton", hand=["iron"], science=5)
    state, _ = play(state, {"kind": "discover", "card": "iron"})
    assert state["civs"][0]["civil_used"] == 0


def test_best_lab_scientists_and_game_designer():
    labs = {"alchemy": 1, "philosophy": 1}
    assert eco.science_rating(civ(workers=labs)) == 3
    assert eco.science_rating(civ(workers=labs, leader="albert-einstein")) == 4
    designer = civ(workers=labs, leader="game-designer")
    assert eco.science_rating(designer) == 1 and eco.culture_rating(designer) == 1


def test_gandhi_is_not_attacked_cheaply_and_attacks_no_one():
    """Gandhi (2006 card image): no aggression or war cards; twice the military actions against him."""
    assert conflict.attack_cost(civ(), civ(leader="mahatma-gandhi"), "plunder-i") == 4
    assert conflict.attack_cost(civ(), civ(leader="mahatma-gandhi"), "war-over-territory") == 6
    state = game(mode="full", military_hand=["plunder-i", "war-over-resources"], leader="mahatma-gandhi",
                 government="monarchy")
    state["phase"], state["age"] = "politics", "II"
    for action in ({"kind": "aggression", "card": "plunder-i", "target": 1},
                   {"kind": "declare_war", "card": "war-over-resources", "target": 1}):
        with pytest.raises(IllegalAction):
            rules.check(state, action)


def test_churchill_doubles_defense_cards_and_cook_colonization_cards():
    assert conflict.bonus_value(civ(leader="winston-churchill"), ["military-bonus-i"], "defense") == 4
    assert conflict.bonus_value(civ(leader="james-cook"), ["military-bonus-i"], "colonize") == 2
    assert eco.culture_rating(civ(leader="james-cook", colonies=["fertile-territory-i"])) == 2


def test_tesla_makes_rivals_labs_dearer_and_own_labs_produce():
    state = game(mode="full", blue={"bronze": 6}, pool=1, techs=[*new_civ()["techs"], "alchemy"])
    state["civs"][1]["leader"] = "nikola-tesla"
    assert civil.surcharge(state, 0) == 1
    with pytest.raises(IllegalAction):      # 6 + 1 resources needed, 6 held
        civil.check(state, {"kind": "build", "card": "alchemy"})
    c = civ(leader="nikola-tesla", workers={"alchemy": 2})
    assert eco.production_per_round(c, eco.RES) == 2


# ---------------------------------------------------------------------------------------------- wonders
def test_great_wall_st_peters_and_kremlin():
    assert eco.strength(civ(wonders=["great-wall"], workers={"warriors": 2})) == 2 + 2
    peter = civ(wonders=["st-peters-basilica", "kremlin"], workers={"religion": 2})
    assert eco.happy_faces(peter) == 2 * 2 - 2          # happy faces doubled, unhappy ones not
    assert eco.civil_actions(peter) == 5 and eco.military_actions(peter) == 3


def test_transcontinental_railroad_doubles_one_best_mine():
    c = civ(wonders=["transcontinental-railroad"], workers={"bronze": 1, "iron": 1})
    assert eco.production_per_round(c, eco.RES) == 1 + 2 + 2
    eco.produce(c, eco.RES)
    assert c["blue"] == {"iron": 2, "bronze": 1}


def test_masonry_builds_two_stages_with_one_action_and_hollywood_scores_on_completion():
    state = game(specials=["masonry"], wonder="pyramids", blue={"bronze": 5})
    state, out = play(state, {"kind": "wonder_stage", "stages": 2})
    assert state["civs"][0]["wonder_stages"] == 2 and state["civs"][0]["civil_used"] == 1
    with pytest.raises(IllegalAction):
        civil.check(game(wonder="pyramids", blue={"bronze": 5}), {"kind": "wonder_stage", "stages": 2})
    state = game(wonder="hollywood", wonder_stages=2, blue={"iron": 3},
                 workers={"drama": 1, "printing-press": 2, "iron": 1}, techs=[*new_civ()["techs"], "iron", "drama", "printing-press"])
    state, out = play(state, {"kind": "wonder_stage"})
    assert next(e for e in out if e["event"] == "wonder_culture")["culture"] == 2 * (1 + 1 + 1)


def test_ocean_liner_service_once_per_turn_without_a_civil_action():
    state = game(wonders=["ocean-liner-service"], yellow_bank=6, blue={"agriculture": 5})
    state, _ = play(state, {"kind": "increase_population", "ocean": True})
    assert state["civs"][0]["civil_used"] == 0 and state["civs"][0]["pool"] == 2
    with pytest.raises(IllegalAction):
        civil.check(state, {"kind": "increase_population", "ocean": True})


def test_library_of_alexandria_raises_both_hand_limits():
    c = civ(wonders=["library-of-alexandria"])
    assert eco.civil_hand_limit(c) == 5 and eco.military_hand_limit(c) == 3


# ------------------------------------------------------------------------------------------- action cards
def test_rich_land_ideal_building_site_efficient_upgrade():
    state = game(hand=["rich-land-a", "ideal-building-site-i", "efficient-upgrade-i"], blue={"bronze": 6}, pool=2,
                 techs=[*new_civ()["techs"], "iron", "alchemy"])
    state, out = play(state, {"kind": "play_action", "card": "rich-land-a", "target": "iron"})
    assert next(e for e in out if e["event"] == "built")["resources"] == 5 - 1
    state, out = play(state, {"kind": "play_action", "card": "ideal-building-site-i", "target": "religion"})
    assert next(e for e in out if e["event"] == "built")["resources"] == 3 - 2
    state["civs"][0]["blue"], state["civs"][0]["blue_bank"] = {"bronze": 4}, 14
    state, out = play(state, {"kind": "play_action", "card": "efficient-upgrade-i", "from": "philosophy", "to": "alchemy"})
    assert next(e for e in out if e["event"] == "upgraded")["resources"] == (6 - 3) - 2
    assert state["civs"][0]["civil_used"] == 3       # each card one civil action, the build included


def test_breakthrough_and_frugality():
    state = game(hand=["breakthrough-i", "iron"], science=5)
    state, _ = play(state, {"kind": "play_action", "card": "breakthrough-i", "target": "iron"})
    assert state["civs"][0]["science"] == 0 + 2 and "iron" in state["civs"][0]["techs"]
    state = game(hand=["frugality-i"], blue={"agriculture": 2})
    state, _ = play(state, {"kind": "play_action", "card": "frugality-i"})
    assert state["civs"][0]["pool"] == 2 and eco.held(state["civs"][0], eco.FOOD) == 0 + 2


def test_wave_of_nationalism_counts_stronger_civilizations():
    state = game(players=3, hand=["wave-of-nationalism"])
    for seat in (1, 2):
        state["civs"][seat]["workers"]["warriors"] = 3
    state, _ = play(state, {"kind": "play_action", "card": "wave-of-nationalism"})
    assert state["civs"][0]["military_resources"] == 2 * 3


# ------------------------------------------------------------------------------------------------ events
def test_events_for_the_strongest_and_the_weakest():
    state = game(players=3)
    state["civs"][1]["workers"]["warriors"] = 4
    state["civs"][2]["workers"]["warriors"] = 2
    events.resolve(state, "crusades", 0)
    # the weakest loses only what it has (through-the-ages/advanced/political-action/future-events/pay-what-you-have)
    assert [c["culture"] for c in state["civs"]] == [0, 4, 0]
    state = game(players=3)
    state["civs"][0]["culture"] = 6
    state["civs"][1]["workers"]["warriors"] = 4
    events.resolve(state, "crusades", 0)
    assert [c["culture"] for c in state["civs"]] == [2, 4, 0]
    state = game(players=3)
    events.resolve(state, "crusades", 0)                  # all tied: every civilization is both
    assert [c["culture"] for c in state["civs"]] == [0, 0, 0]


def test_uncertain_borders_moves_a_yellow_token():
    state = game(players=2)
    state["civs"][1]["workers"]["warriors"] = 3
    events.resolve(state, "uncertain-borders", 0)
    assert state["civs"][0]["yellow_bank"] == 17 and state["civs"][1]["yellow_bank"] == 19


def test_iconoclasm_immigration_and_ravages_of_time():
    state = game(players=2, leader="homer", wonders=["pyramids"], workers={"religion": 2})
    state["age"] = "II"
    events.resolve(state, "iconoclasm", 0)
    assert state["civs"][0]["leader"] is None
    events.resolve(state, "immigration", 0)
    assert state["civs"][0]["pool"] == 2 and state["civs"][1]["pool"] == 1
    events.resolve(state, "ravages-of-time", 0)
    c = state["civs"][0]
    assert c["ravaged"] == ["pyramids"] and eco.civil_actions(c) == 4 and eco.culture_rating(c) == 2 + 2


def test_international_agreement_takes_cards_for_the_strongest():
    state = game(players=2)
    state["civs"][1]["workers"]["warriors"] = 3
    state["age"] = "II"
    state["row"] = ["iron", "drama", "alchemy", "theology", "irrigation", "monarchy"] + [None] * 7
    events.resolve(state, "international-agreement", 0)
    taker = state["civs"][1]
    assert taker["hand"] == ["iron", "drama", "alchemy", "theology"] and taker["skip_politics"]


def test_territories_permanent_and_immediate_bonuses():
    c = civ()
    placed = conflict.add_colony(c, "wealthy-territory-ii")
    assert c["blue_cap"] == 21 and placed["resources"] == 8
    c = civ()
    conflict.add_colony(c, "historic-territory-ii")
    assert eco.happy_faces(c) == 2 and c["culture"] == 11
    c = civ()
    assert conflict.add_colony(c, "strategic-territory-i")["draw"] == 3 and eco.strength(c) == 1 + 2


# ------------------------------------------------------------------------------------------- aggressions
@pytest.mark.parametrize("aggression,defender,check", [
    ("enslave", {"pool": 1}, lambda a, d: d["pool"] == 0 and eco.held(a, eco.RES) == 3),
    ("plunder-ii", {"blue": {"bronze": 3, "agriculture": 4}, "blue_bank": 11}, lambda a, d: eco.held(d, eco.FOOD) + eco.held(d, eco.RES) == 2),
    ("raid-ii", {"workers": {"alchemy": 2}}, lambda a, d: "alchemy" not in d["workers"] and eco.held(a, eco.RES) == 6),
    ("raid-i", {"workers": {"religion": 1}}, lambda a, d: eco.held(a, eco.RES) == 2),
    ("annex", {"colonies": ["fertile-territory-i"], "yellow_cap": 21, "yellow_bank": 21},
     lambda a, d: a["colonies"] == ["fertile-territory-i"] and d["yellow_bank"] == 18 and a["yellow_cap"] == 21),
    ("assassinate", {"leader": "leonardo-da-vinci"}, lambda a, d: d["leader"] is None and a["culture"] == 3),
    ("sabotage", {"wonder": "great-wall", "wonder_stages": 2, "blue_bank": 16}, lambda a, d: d["wonder"] is None and d["blue_bank"] == 18),
    ("armed-intervention", {"culture": 5}, lambda a, d: d["culture"] == 0 and a["culture"] == 5),
])
def test_aggression_effects(aggression, defender, check):
    attacker = civ()
    target = civ(**defender)
    conflict.aggression_effect(attacker, target, aggression)
    assert check(attacker, target)


def test_assassinate_and_sabotage_cost_the_level():
    assert conflict.attack_cost(civ(), civ(leader="leonardo-da-vinci"), "assassinate") == 1
    assert conflict.attack_cost(civ(), civ(wonder="eiffel-tower"), "sabotage") == 2
    assert not conflict.aggression_target_ok(civ(), "assassinate")


def test_joan_of_arc_scores_when_attacked():
    state = game(mode="advanced", military_hand=["plunder-i"])
    state["phase"] = "politics"
    state["civs"][1]["leader"] = "joan-of-arc"
    state, _ = play(state, {"kind": "aggression", "card": "plunder-i", "target": 1})
    assert state["civs"][1]["culture"] == 5


# ---------------------------------------------------------------------------------------- Age III scoring
def test_impact_ranks_share_the_better_rank_on_a_tie():
    state = game(players=3)
    for seat, labs in enumerate((2, 2, 0)):
        state["civs"][seat]["workers"]["philosophy"] = labs
    assert events.impact_culture(state, "impact-of-science") == {0: 14, 1: 14, 2: 0}


@pytest.mark.parametrize("impact,me,expected", [
    ("impact-of-happiness", {"workers": {"religion": 3}, "yellow_bank": 10, "pool": 0}, 6 - 0),
    ("impact-of-technology", {"techs": [*new_civ()["techs"], "iron", "coal"], "specials": ["justice-system"]}, 4 * 2),
    ("impact-of-progress", {"government": "monarchy", "specials": ["architecture"]}, 2 * (1 + 2)),
    ("impact-of-wonders", {"wonders": ["pyramids", "eiffel-tower"]}, 5 + 3),
    ("impact-of-architecture", {"workers": {"alchemy": 2, "religion": 1}}, 2),
])
def test_impact_scoring(impact, me, expected):
    state = game(players=2, **me)
    assert events.impact_culture(state, impact)[0] == expected


# ------------------------------------------------------------------------------------------- pacts and wars
def with_pact(cid, a, b, mode="advanced", players=3, **me):
    from engine.through_the_ages import pacts
    state = game(mode=mode, players=players, **me)
    pacts.add(state, {"card": cid, "owner": a, "a": a, "b": b})
    return state


def test_every_pact_and_war_card_has_its_2006_effect_as_a_source_fact():
    from engine import registry
    facts = registry.get("through-the-ages").facts()
    for cid in ("open-borders-agreement", "trade-route-agreements", "acceptance-of-supremacy", "international-trade-agreement",
                "promise-of-military-protection", "scientific-cooperation", "international-tourism", "loss-of-sovereignty",
                "military-pact", "peace-treaty", "war-over-territory", "war-over-resources", "war-over-culture-ii",
                "war-over-technology", "holy-war", "war-over-culture-iii"):
        fact = facts.get(f"military.{cid}.published")
        assert fact.source == "source" and "chellmuth/tta @fc944031" in fact.ref and fact.checked_ko, cid
        info = card(cid)
        assert "missing" not in info and (info.get("spoils") or info.get("both") or info.get("a")), cid
    # the 2006 numbers, not the 2015 ones
    assert card("open-borders-agreement")["both"]["attacker_strength"] == 3
    assert card("promise-of-military-protection")["b"]["strength"] == 5 and card("military-pact")["both"]["strength"] == 4
    assert card("war-over-territory")["military_actions"] == 3 and card("war-over-territory")["spoils"]["every"] == 3
    assert card("war-over-culture-iii")["spoils"]["base"] == 0


def test_scientific_cooperation_covers_a_revolution_and_the_partner_pays_what_it_has():
    state = with_pact("scientific-cooperation", 0, 1, hand=["monarchy"], science=1)
    state["civs"][1]["science"] = 0
    state, events = play(state, {"kind": "revolution", "card": "monarchy"})
    assert state["civs"][0]["government"] == "monarchy" and state["civs"][0]["science"] == 0   # 3 - 2 = 1 paid
    assert state["civs"][1]["science"] == 0
    assert {"event": "partner_science", "seat": 1, "card": "scientific-cooperation", "science": 0} in events


def test_trade_routes_b_pays_a_resource_for_a_food_and_a_third_party_has_no_exchange():
    state = with_pact("trade-route-agreements", 1, 0, blue={"bronze": 2})
    state, _ = play(state, {"kind": "trade_route"})
    assert eco.held(state["civs"][0], "food") == 1 and eco.held(state["civs"][0], "resources") == 1
    assert {"kind": "trade_route"} not in rules.legal_actions(state)       # once a round
    state, _ = play(state, {"kind": "end_turn"})
    state, _ = play(state, {"kind": "pass_politics"})                     # seat 1 could cancel the pact
    state, _ = play(state, {"kind": "end_turn"})
    assert state["current"] == 2 and {"kind": "trade_route"} not in rules.legal_actions(state)   # not party to it


def test_a_pact_made_replaces_the_proposers_old_one_and_resigning_discards_both_sides():
    from engine.through_the_ages import pacts
    state = with_pact("military-pact", 0, 1, mode="full", players=4)
    pacts.add(state, {"card": "peace-treaty", "owner": 2, "a": 2, "b": 0})
    assert eco.strength(state["civs"][0]) == 1 + 4
    state["resign_allowed"], state["phase"] = True, "politics"
    state, _ = play(state, {"kind": "resign"})
    assert state["pacts"] == [] and eco.strength(state["civs"][1]) == 1
    assert "military-pact" in state["box"] + state["mil_discards"]["III"] and "peace-treaty" in state["box"] + state["mil_discards"]["III"]


@pytest.mark.parametrize("action", [
    {"kind": "offer_pact", "card": "peace-treaty", "target": "1", "role": "A"},
    {"kind": "offer_pact", "card": "peace-treaty", "target": True, "role": "A"},
    {"kind": "offer_pact", "card": "peace-treaty", "target": 1, "role": "C"},
    {"kind": "offer_pact", "card": "peace-treaty", "target": 0, "role": "A"},
    {"kind": "declare_war", "card": "holy-war", "target": 9},
    {"kind": "declare_war", "card": "holy-war", "target": [1]},
    {"kind": "declare_war", "card": "peace-treaty", "target": 1},
    {"kind": "aggression", "card": "holy-war", "target": 1},
    {"kind": "cancel_pact"},
    {"kind": "cancel_pact", "card": "peace-treaty"},
])
def test_malformed_pact_and_war_moves_are_refused_with_a_rule(action):
    state = game(mode="full", players=3, military_hand=["peace-treaty", "holy-war"], government="monarchy")
    state["phase"], state["age"] = "politics", "III"
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, action)
    assert refused.value.rule_id.startswith("through-the-ages/")


@pytest.mark.parametrize("action", [
    {"kind": "play_action", "card": "breakthrough-i", "target": "monarchy", "revolution": 1},
    {"kind": "play_action", "card": "breakthrough-i", "target": "iron", "revolution": True},
    {"kind": "play_action", "card": "breakthrough-i", "target": ["monarchy"]},
    {"kind": "play_action", "card": "engineering-genius-a", "revolution": True},
    {"kind": "trade_route"},
])
def test_malformed_breakthrough_and_trade_moves_are_refused(action):
    state = game(mode="advanced", hand=["breakthrough-i", "monarchy", "iron", "engineering-genius-a"], science=9)
    with pytest.raises(IllegalAction):
        rules.apply(state, action)


def test_war_over_technology_decision_lists_what_the_victor_may_steal():
    state = game(mode="full", workers={"warriors": 12})
    state["age"] = "III"
    state["civs"][1]["specials"] = ["code-of-laws", "justice-system", "cartography"]
    state["civs"][1]["science"] = 1
    state["civs"][0]["specials"] = ["cartography"]
    state["wars"] = [{"declarer": 0, "target": 1, "card": "war-over-technology"}]
    state["pending"] = None
    events_ = politics.start_war_resolution(state, 0)
    assert events_ and state["pending"]["kind"] == "war"
    state, _ = play(state, {"kind": "done"})
    state, _ = play(state, {"kind": "done"})
    # 12 + Cartography 1 against 1 + Cartography 1: 11; Code of Laws (6) and Justice System (7) fit, Cartography is
    # already the victor's
    assert rules.legal_actions(state) == [{"kind": "done"}, {"kind": "steal_technology", "card": "code-of-laws"},
                                          {"kind": "steal_technology", "card": "justice-system"}]
    state, _ = play(state, {"kind": "steal_technology", "card": "justice-system"})
    assert state["civs"][1]["blue_boxed"] == 3 and state["civs"][0]["blue_cap"] == 18 + 3
    state, events_ = play(state, {"kind": "done"})            # 4 left, the loser has 1 science
    spoils = next(e for e in events_ if e.get("event") == "spoils")
    assert (spoils["total"], spoils["amount"], spoils["taken"], spoils["stolen"]) == (11, 4, 1, ["justice-system"])
    assert state["pending"] is None and state["box"][-1] == "war-over-technology"      # an Age II card in Age III


def test_final_tie_and_famine_below_zero_are_labelled_assumed():
    from engine import registry
    engine = registry.get("through-the-ages")
    facts = engine.facts()
    for path in ("decisions.final_tie", "decisions.famine_below_zero", "decisions.breakthrough_revolution"):
        fact = facts.get(path)
        assert fact.source == "assumed" and fact.note and fact.note_ko, path
    end = facts.get("decisions.advanced_game_end")
    assert end.source == "rulebook" and end.rule == "through-the-ages/game-end/end-of-age-ii"
    state = game(mode="advanced", yellow_bank=14, culture=2)
    state["civs"][0]["workers"] = {"bronze": 2, "philosophy": 1, "warriors": 1}
    state["civs"][0]["pool"] = 5
    state, _ = engine.apply(state, {"kind": "end_turn"})
    assert state["civs"][0]["culture"] == 2 - 4 and "decisions.famine_below_zero" in engine.facts_used(state)
