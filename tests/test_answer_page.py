"""The answer on top is the rule that answers (issue 18), on the real KB and index: the game a question's
own words decide, every game that answers offered when they do not, a worked example under the rule it
illustrates, a general rule's exceptions under it, the short answer proven by the page."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def assistant():
    from app.core.assistant import Assistant

    return Assistant.create()


@pytest.mark.parametrize("question, game", [
    ("신전을 극장으로 업그레이드할 수 있어요?", "through-the-ages"),     # 극장: only Through the Ages has theaters
    ("초록 주사위로 자원 생산할 수 있어?", "tekhenu-time-of-set"),        # green dice: only the expansion
    ("확장 넣으면 주머니에 새 주사위 뭐 몇 개 넣어?", "tekhenu-time-of-set"),
    ("보탕카멘이 토트 행동하면 어떤 카드부터 가져가?", "tekhenu"),        # no expansion word: the base game
    ("Can I sail a ship that has none of my stones on it?", "imhotep"),
])
def test_the_questions_own_words_decide_the_game(assistant, question, game):
    result = assistant.answer(question)
    assert result["answer"]["game"] == game
    assert not result["alternatives"] and not any(n["kind"] == "guessed" for n in result["notices"])


def test_when_the_words_do_not_decide_every_game_that_answers_is_offered(assistant):
    result = assistant.answer("내 차례에 아무것도 안 하고 그냥 넘겨도 돼?")
    offered = {a["game"] for a in result["alternatives"]} | {result["game"]}
    assert {"imhotep", "tekhenu"} <= offered
    assert any(n["kind"] == "guessed" for n in result["notices"])


@pytest.mark.parametrize("question, game", [
    ("How many points are 7 Statue cards worth in Imhotep?", "imhotep"),
    ("창고에 돌이 4개 있는데 채석하면 몇 개 가져와?", "imhotep"),
    ("Burial chamber: a 3-stone group plus a separate single stone — how many points?", "imhotep"),
    ("함무라비 있는데 군주정치로 바꾸면 행동 몇 개?", "through-the-ages"),
])
def test_a_worked_example_never_stands_above_the_rule_it_illustrates(assistant, question, game):
    a = assistant.answer(question, game)["answer"]
    entry = assistant.kb.entry(a["rule_id"])
    if getattr(entry, "kind", None) == "example":
        on_page = {d["rule_id"] for d in a["details"] + a["also_relevant"] + a["exceptions"]}
        assert not set(entry.illustrates) & on_page, a["rule_id"]
    if a["worked_example"]:
        assert a["rule_id"] in assistant.illustrated(a["worked_example"]["rule_id"])


def test_a_general_rule_shows_the_cards_that_override_it(assistant):
    a = assistant.answer("Can I take a Forbidden die on my turn?", "tekhenu")["answer"]
    assert a["rule_id"] == "tekhenu/round/take-die"
    listed = {e["rule_id"] for e in a["exceptions"]}
    assert listed and listed <= set(assistant.kb.entry(a["rule_id"]).exceptions)
    shown_elsewhere = {d["rule_id"] for d in a["details"] + a["also_relevant"]}
    assert not listed & shown_elsewhere                       # each rule once on the page


def test_the_short_answer_comes_from_the_page(assistant):
    result = assistant.answer("Scales come out at -7 in the Maat phase, how many VP do I lose?", "tekhenu")
    short = result["answer"]["short"]
    # the number for the question's own balance, computed from the ruling's table, its rule on top
    assert short and short["basis"] == "ruling" and short["value"]["amount"] == -2
    assert short["rule_id"] == result["answer"]["rule_id"] and short["text"].get("ko") and short["text"].get("en")
    forbidden = assistant.answer("Can I take a Forbidden die on my turn?", "tekhenu")["answer"]
    no = forbidden["short"]
    assert no and no["verdict"] == "no" and no["label"] == {"en": "No", "ko": "아니요"}
    # the sentence that decides it is the one naming the Forbidden die, and it is the answer's own rule
    assert "Forbidden" in no["text"]["en"] and no["rule_id"] == forbidden["rule_id"]
    assert " ".join(no["text"]["en"].split()) in " ".join(assistant.kb.entry(no["rule_id"]).text.en.split())
    # a plain No over a rule that cards and actions override names them, on the page too
    assert "tekhenu/T08" in no["unless"]
    from app.core.present import short_view
    view = short_view(assistant.kb, no, "en")
    assert view["line"].startswith("No — ") and "unless an exception below applies" in view["line"]
    assert "tekhenu/" not in view["line"]
    # labelled as Arbiter's reading of the sentence, never as the rulebook's words
    assert view["basis"].startswith("Arbiter's reading (not rulebook text)")
    # a wh- question has no short answer line
    assert assistant.answer("What does Bastet do?", "tekhenu")["answer"]["short"] is None


def test_eval_answer_names_the_kind_of_each_miss(assistant):
    """`arbiter eval answer` sorts its misses the way the issue asks them reported."""
    from app.core.evaluate_answers import AnswerOutcome, miss_kind
    from kb.search.evaluate import Question

    q = Question(id="x", q="?", game="tekhenu", lang="en", gold=[])

    def kind(answer, gold, game_right=True):
        return miss_kind(assistant, AnswerOutcome(q, answer, False, False, game_right, [], gold=gold))

    assert kind(None, None) == "declined"
    assert kind("imhotep/setup/round-cards-seven", "tekhenu/T08", game_right=False) == "other game"
    assert kind("tekhenu/round/take-die", "tekhenu/T08") == "general for specific"          # linked exception
    assert kind("tekhenu/actions/bastet/overview", "tekhenu/actions/bastet/advance-happiness") == "general for specific"
    assert kind("tekhenu/scoring/happiness", "tekhenu/scoring/happiness-not-cumulative") == "neighbour"
    assert kind("tekhenu/scoring/temple-buildings", "tekhenu/actions/hathor/building-cost") == "other rule"
