"""Tekhenu's example builders (engine/tekhenu/examples.py), reached as the assistant reaches them: through
the registry's `example_from_question`. A question's numbers, in any phrasing and either language, set up
a scenario whose expectations come from the rule's table (the engine's facts); the engine must then meet
them. A number the game cannot have gives a notice saying which number and why, never another number."""
from __future__ import annotations

import pytest

from engine import registry
from engine.scenarios import run

ENGINE = registry.get("tekhenu")
MAAT = ["tekhenu/maat/vp-loss-table"]
BASTET = ["tekhenu/actions/bastet/advance-happiness"]
PRODUCE = ["tekhenu/actions/produce/excess-taint"]
HAPPINESS = ["tekhenu/scoring/happiness"]


def _built(question: str, rules: list[str], lang: str = "en"):
    built = ENGINE.example_from_question(ENGINE.vocabulary().read(question, lang), rules)
    assert built is not None, question
    return built


def _verified(question: str, rules: list[str]):
    built = _built(question, rules)
    assert built.spec is not None and built.notice is None, (question, built.notice)
    result = run(ENGINE, built.spec)
    assert result.verified, [(c.description, c.expected, c.actual) for c in result.checks]
    return built.spec, result


@pytest.mark.parametrize("question", [
    "How many VP do I lose with a balance of -7?", "scales come out at -7", "balance minus seven",
    "균형이 -7이면 점수 몇 점 잃어?", "균형값 마이너스 7이면?", "my balance is −7 after the rotation"])
def test_balance_minus_seven_in_any_phrasing_loses_two_vp(question):
    spec, result = _verified(question, MAAT)
    assert spec["expect"][0]["equals"] == -7 and result.checks[0].actual == -7
    assert result.after["vp"] == 10 - 2          # -6 to -8: lose 2


@pytest.mark.parametrize("balance,lost", [(-1, 0), (-2, 0), (-3, 1), (-5, 1), (-6, 2), (-8, 2), (-9, 3), (-30, 3),
                                          (0, 0), (5, 0)])
def test_vp_loss_bands_follow_the_table(balance, lost):
    spec, result = _verified(f"What happens at a balance of {balance}?", MAAT)
    assert result.after["vp"] == 10 - lost


def test_faith_moves_the_balance_toward_zero_before_the_table():
    spec, result = _verified("balance -7 with 3 Faith", MAAT)
    assert result.after["balance"] == -4 and result.after["vp"] == 10 - 1


def test_impossible_balance_gets_a_notice_not_another_number():
    built = _built("what if my balance is +30?", MAAT)
    assert built.spec is None and "+30" in built.notice["en"] and "+30" in built.notice["ko"]


@pytest.mark.parametrize("question", [
    "gray die 6 at Bastet with Happiness 8 and Population 10", "바스테트에서 회색 주사위 6, 행복지수 8, 인구 10이면?",
    "Happiness 8, Population 10, I take a 6 die for Bastet"])
def test_bastet_happiness_stops_at_population(question):
    spec, result = _verified(question, BASTET)
    assert result.before["happiness"] == 8 and result.after["happiness"] == 10
    assert result.after["scribes"] == 0            # a die of 5 or 6: no Scribes


@pytest.mark.parametrize("value,scribes", [(1, 2), (2, 2), (3, 1), (4, 1), (5, 0), (6, 0)])
def test_bastet_scribes_by_die_value(value, scribes):
    spec, result = _verified(f"die {value} at Bastet with Happiness 2 and Population 12", BASTET)
    assert result.after["scribes"] == scribes and result.after["happiness"] == 2 + value


def test_bastet_crossing_19_adds_its_scribe():
    spec, result = _verified("die 3 at Bastet, Happiness 17, Population 21", BASTET)
    assert result.after["happiness"] == 20 and result.after["scribes"] == 1 + 1


@pytest.mark.parametrize("question,number", [("die 7 at Bastet with Happiness 2 and Population 5", "7"),
                                             ("die 3 at Bastet with Happiness 12 and Population 10", "12"),
                                             ("주사위 3으로 바스테트, 행복지수 12, 인구 10", "12")])
def test_bastet_impossible_numbers_get_a_notice(question, number):
    built = _built(question, BASTET)
    assert built.spec is None and number in built.notice["en"] and number in built.notice["ko"]


@pytest.mark.parametrize("question,resource,keep,taint", [
    ("5 Bread with the marker on 3", "bread", 3, 2), ("빵 5개 생산하는데 빵 생산 마커가 3이면?", "bread", 3, 2),
    ("produce with a papyrus die of 4, marker at 6", "papyrus", 4, 0), ("석회암 6개, 마커 2", "limestone", 2, 4)])
def test_produce_keeps_up_to_the_marker_the_rest_is_taint(question, resource, keep, taint):
    spec, result = _verified(question, PRODUCE)
    assert result.after["resources"][resource] == keep and result.after["scales"]["taint_resources"] == taint


def test_produce_marker_below_its_start_gets_a_notice():
    built = _built("5 Bread with the marker on 1", PRODUCE)
    assert built.spec is None and "1" in built.notice["en"] and "2" in built.notice["en"]


@pytest.mark.parametrize("happiness,vp", [(0, 0), (8, 0), (9, 3), (12, 3), (13, 6), (16, 9), (18, 9), (19, 12),
                                          (21, 15)])
def test_happiness_scoring_example_follows_the_not_cumulative_note(happiness, vp):
    """The engine's Scoring must give the rulebook's 3/6/9/12/15 VP for reaching 9/13/16/19/21
    (tekhenu/scoring/happiness-not-cumulative), whatever the phrasing."""
    for question in (f"행복지수 {happiness}이면 점수 몇 점 받아?", f"How many VP with Happiness {happiness}?"):
        spec, result = _verified(question, HAPPINESS)
        assert result.checks[0].actual == vp


def test_happiness_beyond_the_track_gets_a_notice():
    built = _built("행복지수 25이면 점수는?", HAPPINESS)
    assert built.spec is None and "25" in built.notice["ko"]


def test_no_builder_for_an_uncited_rule_or_a_question_without_its_numbers():
    assert ENGINE.example_from_question(ENGINE.vocabulary().read("balance -7", "en"), ["tekhenu/actions/ra/overview"]) is None
    assert ENGINE.example_from_question(ENGINE.vocabulary().read("How does the VP loss work?", "en"), MAAT) is None


def test_the_example_showing_most_of_the_question_is_built():
    """Of two builders serving the answer's rules, the one whose example shows what the question names
    (Bastet and its die) is chosen, whichever rule comes first; a tie goes to the first cited rule's."""
    question = "Happiness 8 and Population 10, a die of 6 at Bastet"
    assert _built(question, HAPPINESS + BASTET).spec["id"].endswith("bastet-6-8-10")
    assert _built(question, BASTET + HAPPINESS).spec["id"].endswith("bastet-6-8-10")
    assert _built("Happiness 8 at Scoring", HAPPINESS + BASTET).spec["id"].endswith("happiness-scoring-8")


# -- the Statue bonus by player count, Happiness 16 again, the scales' sides -------------------------------------
STATUE = ["tekhenu/actions/horus/statue-bonus-player-count"]
HAPPINESS_16 = ["tekhenu/actions/bastet/happiness-16-gold"]
SIDES = ["tekhenu/maat/step-1-balance"]


def _verified_in(question: str, rules: list[str], lang: str):
    built = _built(question, rules, lang)
    assert built.spec is not None and built.notice is None, (question, built.notice)
    assert not ENGINE.vocabulary().missing(ENGINE.vocabulary().read(question, lang), built.spec).numbers
    result = run(ENGINE, built.spec)
    assert result.verified, [(c.description, c.expected, c.actual) for c in result.checks]
    return built.spec, result


@pytest.mark.parametrize("question,lang,players,gold,owner_gold", [
    ("2-player game: I just built a statue on Hathor — do I get the statue bonus right away?", "en", 2, 2, None),
    ("2인 게임에서 하토르 석상을 지었는데 바로 보너스 받아요?", "ko", 2, 2, None),
    ("3인 게임에서 하토르를 기리는 석상을 지으면 바로 보너스를 받나요?", "ko", 3, 2, 0),
    ("In a 4 player game, when does my Hathor statue give its bonus?", "en", 4, 1, 0)])
def test_statue_bonus_follows_the_player_count(question, lang, players, gold, owner_gold):
    """2 players: not right after building, but on your own action too; 3 players: right after building
    too; 4 players: only when another player performs that God Action."""
    spec, result = _verified_in(question, STATUE, lang)
    assert spec["setup"]["players"] == players and spec["setup"]["edition"] == lang
    assert result.after["resources"]["gold"] == gold
    if owner_gold is not None:
        assert result.checks[1].actual == owner_gold


def test_statue_bonus_for_an_impossible_player_count_gets_a_notice():
    built = _built("6-player game: do I get the Hathor statue bonus right after building?", STATUE)
    assert built.spec is None and "6" in built.notice["en"] and "6" in built.notice["ko"]


@pytest.mark.parametrize("question,lang", [
    ("I reached Happiness 16 and got the Gold, then an Osiris build dropped me to 15. If I go back to 16, do I get "
     "Gold again?", "en"),
    ("행복지수 16에 도달해서 금을 받았는데 오시리스로 15가 됐어요. 다시 16이 되면 금을 또 받나요?", "ko")])
def test_happiness_16_gives_its_gold_only_the_first_time(question, lang):
    spec, result = _verified_in(question, HAPPINESS_16, lang)
    assert result.before["happiness"] == 16 and result.after["happiness"] == 16
    assert result.before["resources"]["gold"] == 1 and result.after["resources"]["gold"] == 1


def test_happiness_16_again_with_an_impossible_die_gets_a_notice():
    built = _built("I got the Gold at Happiness 16, fell to 15, then Bastet with a die of 7 — Gold again?", HAPPINESS_16)
    assert built.spec is None and "7" in built.notice["en"] and "7" in built.notice["ko"]


def test_happiness_16_reached_the_first_time_is_left_to_the_stored_example():
    assert ENGINE.example_from_question(ENGINE.vocabulary().read("Do I get Gold at Happiness 16?", "en"),
                                        HAPPINESS_16) is None


@pytest.mark.parametrize("question,lang,balance,vp", [
    ("Pure side 5 and 3, Tainted side 6 and 4, 2 excess resources and 1 Faith: how many VP do I lose?", "en", -3, 9),
    ("온전한 쪽에 5와 3, 부패한 쪽에 6과 4, 초과 자원 2개, 신앙 1개면 점수를 몇 점 잃나요?", "ko", -3, 9),
    ("I have a 2 on the Pure side and a 6 and a 5 on the Tainted side: what is my balance?", "en", -9, 7),
    ("온전한 쪽 6, 부패한 쪽 1과 2, 신앙 2개", "ko", 1, 10)])
def test_balance_from_the_sides_of_the_scales(question, lang, balance, vp):
    spec, result = _verified_in(question, SIDES, lang)
    assert result.after["balance"] == balance and result.after["vp"] == vp


def test_more_dice_on_the_scales_than_a_player_has_gets_a_notice():
    built = _built("Pure side 5, 3 and 2, Tainted side 6 and 4", SIDES)
    assert built.spec is None and "5" in built.notice["en"] and "4" in built.notice["ko"]
