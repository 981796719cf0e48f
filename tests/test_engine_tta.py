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
    built = ENGINE.example_from_question(question, [rule], "en")
    assert built and built.spec
    result = run(ENGINE, built.spec)
    assert result.verified, [(c.description, c.expected, c.actual) for c in result.checks]
    assert expected in [c.expected for c in result.checks]


def test_builders_serve_only_their_rules():
    """A builder answers the rules it shows: a corruption question answered by another rule gets none."""
    assert ENGINE.example_from_question("corruption with 2 blue sections empty", [T + "later-rounds/famine/penalty"],
                                        "en") is None


def test_example_builder_notice_for_an_impossible_number():
    """A number the game cannot have is refused with a notice in both languages, never replaced."""
    built = ENGINE.example_from_question("corruption with 7 blue sections empty",
                                         [T + "advanced/mechanics/corruption/four-and-six"], "en")
    assert built.spec is None and "7" in built.notice["en"] and "7" in built.notice["ko"]


@pytest.mark.parametrize("values", [{}, {"mode": "advanced", "yellow_bank": 10, "pool": 0, "temples": 1},
                                    {"mode": "simple", "blue_bank": 0, "food_tokens": 1, "resource_tokens": 17, "yellow_bank": 6}])
def test_simulator_board_scenarios_verify(values):
    spec = ENGINE.simulator_scenario(values)
    result = run(ENGINE, spec)
    assert result.verified, [(c.description, c.expected, c.actual) for c in result.checks if not c.ok]
    assert ENGINE.picture(ENGINE.scenario_setup(spec), "ko").startswith("<svg")


def test_advanced_and_full_games_say_which_cards_they_lack():
    three = ENGINE.summary(ENGINE.new_game(3, 1, mode="advanced"), 1)
    assert {m["card"] for m in three["missing_cards"]} >= {"open-borders-agreement", "scientific-cooperation"}
    assert all(m["type"] == "pact" for m in three["missing_cards"]) and three["notice"]["ko"] and three["notice"]["en"]
    assert "missing_cards" not in ENGINE.summary(ENGINE.new_game(2, 1, mode="advanced"), 1)   # no pacts with 2 players
    full = ENGINE.summary(ENGINE.new_game(2, 1, mode="full"), 1)
    assert {m["type"] for m in full["missing_cards"]} == {"war"}
    assert "missing_cards" not in ENGINE.summary(ENGINE.new_game(4, 1), 1)


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
