"""The short answer line: only what the page proves, never a guess (app/core/short_answer.py)."""
from __future__ import annotations

import pytest

from app.core.question import of_text
from app.core.short_answer import polarity, question_kind, short_answer

VP_TABLE_EN = "Balance | Victory Points\n-1 to -2 | 0\n-3 to -5 | -1\n-6 to -8 | -2\n-9 or more | -3"
VP_TABLE_KO = "균형값 | 승점\n-1 ~ -2 | 0\n-3 ~ -5 | -1\n-6 ~ -8 | -2\n-9 이하 | -3"


@pytest.mark.parametrize("question, lang, kind", [
    ("How many VP do I lose at -4?", "en", "how_many"),
    ("균형이 -4면 점수 몇 점 잃어?", "ko", "how_many"),
    ("When does the wheel turn?", "en", "when"),
    ("라운드는 언제 끝나?", "ko", "when"),
    ("Can I take a forbidden die?", "en", "yes_no"),
    ("파란 카드 한 턴에 두 장 써도 돼?", "ko", "yes_no"),
    ("What does Bastet do?", "en", None),
    ("바스테트 행동은 어떻게 해?", "ko", None),
])
def test_question_kinds(question, lang, kind):
    assert question_kind(of_text(question, lang)) == kind


@pytest.mark.parametrize("sentence, question, lang, verdict", [
    ("On your turn, you may only choose a Pure or Tainted die, not a Forbidden die.",
     "Can I take a forbidden die on my turn?", "en", "no"),
    ("한 차례에는 파란색 카드 1장만 사용할 수 있습니다.", "파란 카드 한 턴에 두 장 써도 돼?", "ko", "no"),
    ("금지된 주사위는 절대 선택할 수 없습니다.", "금지된 주사위 가져가도 돼?", "ko", "no"),
    ("자기 석재가 없는 배도 옮길 수 있습니다.", "내 돌이 없는 배도 출발시킬 수 있어?", "ko", "yes"),
    # a condition, both readings or a negated question: no verdict
    ("You may take it if you pay 1 Papyrus.", "Can I take it?", "en", None),
    ("You may take one die but cannot take two.", "Can I take a die?", "en", None),
    ("You may take a die.", "Can't I take a die?", "en", None),
    # not a permission question
    ("Scribes are not Resources.", "Are scribes resources?", "en", None),
])
def test_polarity_is_narrow(sentence, question, lang, verdict):
    assert polarity(sentence, of_text(question, lang)) == verdict


def _answer(text_en, text_ko, key, lang="en"):
    return {"rule_id": "tekhenu/maat/vp-loss-table", "lang": lang, "text": text_en if lang == "en" else text_ko,
            "key_sentence": key, "other": {"lang": "ko" if lang == "en" else "en",
                                           "text": text_ko if lang == "en" else text_en}}


def test_a_table_row_answers_a_number_question_in_both_languages():
    line = short_answer(of_text("My balance is -4, how many VP do I lose?", "en"),
                        _answer(VP_TABLE_EN, VP_TABLE_KO, "-3 to -5 | -1"), None, confident=False)
    assert line["basis"] == "table"
    assert line["text"]["en"] == "Balance -3 to -5 → Victory Points -1"
    assert line["text"]["ko"] == "균형값 -3 ~ -5 → 승점 -1"


def test_a_verified_example_for_the_questions_number_is_the_short_answer():
    example = {"verified": True, "from_question": True, "rule_ids": ["tekhenu/maat/vp-loss-table"],
               "checks": [{"description": "balance -7", "ok": True},
                          {"description": "VP lost at balance -7: 2", "description_ko": "균형값 -7: 2점 손실", "ok": True}]}
    line = short_answer(of_text("Balance -7: how many VP do I lose?", "en"),
                        _answer("Return all dice.", "주사위를 되돌립니다.", "Return all dice."), example, confident=False)
    assert line == {"basis": "example", "rule_id": "tekhenu/maat/vp-loss-table", "verdict": None, "label": None,
                    "text": {"en": "VP lost at balance -7: 2", "ko": "균형값 -7: 2점 손실"}}
    failed = dict(example, verified=False)
    assert short_answer(of_text("Balance -7: how many VP do I lose?", "en"),
                        _answer("Return all dice.", "주사위를 되돌립니다.", "Return all dice."), failed,
                        confident=False) is None


def test_a_key_sentence_needs_the_selections_confidence():
    answer = {"rule_id": "imhotep/turn/play-blue-card/one-card", "lang": "ko",
              "text": "한 차례에는 파란색 카드 1장만 사용할 수 있습니다.",
              "key_sentence": "한 차례에는 파란색 카드 1장만 사용할 수 있습니다.", "other": {"lang": "en", "text": None}}
    line = short_answer(of_text("파란 카드 한 턴에 두 장 써도 돼?", "ko"), answer, None, confident=True)
    assert line["verdict"] == "no" and line["label"] == {"en": "No", "ko": "아니요"}
    assert short_answer(of_text("파란 카드 한 턴에 두 장 써도 돼?", "ko"), answer, None, confident=False) is None


def test_nothing_proves_a_wh_question():
    answer = _answer("Pay 2 Papyrus.", "파피루스 2개를 냅니다.", "Pay 2 Papyrus.")
    assert short_answer(of_text("What does Bastet do?", "en"), answer, None, confident=True) is None
