"""The assistant: answer() and `arbiter ask` — the rule in the question's language, the other edition
beside it, citations, and an example the engine ran (built from the question's numbers when it has any).
Runs on the Tekhenu KB with the fast embedding backend in a private cache."""
from __future__ import annotations

import json

import pytest

from app.cli import main


@pytest.fixture(scope="module")
def assistant(private_kb):
    from app.core.assistant import Assistant, default_assistant

    with private_kb("assistant", ("tekhenu",)):
        default_assistant.cache_clear()
        try:
            yield Assistant.create()
        finally:
            default_assistant.cache_clear()


def test_korean_question_gets_korean_rule_with_english_beside_it(assistant):
    result = assistant.answer("회색 주사위로 자원 생산할 수 있어?")
    a = result["answer"]
    assert result["lang"] == "ko" and a["lang"] == "ko" and a["origin"] == "official"
    assert "회색 주사위" in a["text"] and a["other"]["lang"] == "en" and a["other"]["origin"] == "official"
    assert a["section_path"] and all(c["sources"] for c in result["citations"])
    assert a["key_sentence"] in a["text"]


def test_numbers_in_the_question_build_the_example(assistant):
    result = assistant.answer("gray die 6 at Bastet with Happiness 8 and Population 10: what happens?")
    ex = result["example"]
    assert ex and ex["from_question"] and ex["verified"]
    assert ex["after"]["happiness"] == 10 and ex["before"]["happiness"] == 8
    assert set(ex) >= {"scenario_id", "rule_ids", "verified", "checks", "before", "actions", "after"}


def test_balance_minus_seven_loses_two_vp(assistant):
    ex = assistant.answer("How many VP do I lose with a balance of -7 in the Maat phase?")["example"]
    assert ex and ex["verified"]
    assert {c["description"]: c["actual"] for c in ex["checks"]}["balance -7"] == -7
    assert ex["after"]["vp"] == 8   # -6 to -8: lose 2


def test_linked_scenario_is_the_example_when_no_numbers(assistant):
    ex = assistant.answer("Can I take a Forbidden die on my turn?")["example"]
    assert ex and ex["verified"] and ex["scenario_id"].startswith("tekhenu/scenario/")


def test_edition_difference_is_returned(assistant):
    result = assistant.answer("What does P19 do?")
    assert result["answer"]["rule_id"] == "tekhenu/P19"
    assert result["answer"]["edition_diff"] and result["answer"]["edition_diff"]["en"]


def test_ask_cli_json_contract(assistant, capsys):
    assert main(["ask", "Are scribes resources?", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) >= {"question", "lang", "game", "answer", "citations", "example"}
    assert set(result["answer"]) >= {"rule_id", "lang", "text"}


def test_ask_readable_form_and_bad_input(assistant, capsys):
    assert main(["ask", "서기로 6을 1로 바꿀 수 있나요?"]) == 0
    out = capsys.readouterr().out
    assert "공식 규칙서" in out and "출처:" in out
    assert main(["ask", "   "]) == 2
    assert "empty" in capsys.readouterr().err
    assert main(["ask", "x" * 3000]) == 2


def test_details_are_the_answers_section_siblings_among_the_hits(assistant):
    from app.core.assistant import MAX_DETAILS

    seen_details = False
    for question in ("What does the Bastet God Action do?", "바스테트 신 행동은 뭐야?",
                     "How do I score Happiness at a Scoring?"):
        result = assistant.answer(question)
        a = result["answer"]
        cited = [c["rule_id"] for c in result["citations"]]
        section = assistant.kb.entry(a["rule_id"]).section
        for d in a["details"]:
            assert d["rule_id"] != a["rule_id"] and d["rule_id"] in cited
            assert assistant.kb.entry(d["rule_id"]).section == section
            assert d["text"] and d["origin"] in ("official", "translation")
        assert len(a["details"]) <= MAX_DETAILS
        seen_details |= bool(a["details"])
    assert seen_details   # an overview answer brings the rules that hold the numbers


def test_example_comes_from_the_answers_mode(assistant):
    from app.core.assistant import is_solo

    assert is_solo("tekhenu/solo/actions/bastet") and is_solo("tekhenu-time-of-set/solo-summary/action-tiles")
    assert not is_solo("tekhenu/actions/bastet") and not is_solo(None)
    two_player = assistant.answer("바스테트 신 행동은 뭐야?")
    assert not is_solo(assistant.kb.entry(two_player["answer"]["rule_id"]).section)
    ex = two_player["example"]
    assert ex and ex["verified"]
    assert not any(is_solo(assistant.kb.entry(r).section) for r in ex["rule_ids"] if assistant.kb.entry(r))
    solo = assistant.answer("보탕카멘이 바스테트 행동하면 뭐 해?")
    assert is_solo(assistant.kb.entry(solo["answer"]["rule_id"]).section)
    assert solo["example"] and any(is_solo(assistant.kb.entry(r).section) for r in solo["example"]["rule_ids"]
                                   if assistant.kb.entry(r))


def test_key_sentence_of_a_table_is_the_row_for_the_questions_number(assistant):
    from app.core.assistant import key_sentence
    from app.core.question import of_text

    vp = assistant.kb.entry("tekhenu/maat/vp-loss-table").text
    assert key_sentence(vp.ko, of_text("균형값이 -7이면 점수 몇 점 잃어?"), "ko") == "-6 ~ -8 | -2"
    assert key_sentence(vp.en, of_text("What do I lose at balance -7?"), "en") == "-6 to -8 | -2"
    assert key_sentence(vp.ko, of_text("균형값 -12면?"), "ko") == "-9 이하 | -3"
    assert key_sentence(vp.en, of_text("balance of -12?"), "en") == "-9 or more | -3"   # the EN edition's wording
    thoth = assistant.kb.entry("tekhenu/actions/thoth/market-sections-by-happiness").text
    assert key_sentence(thoth.en, of_text("With Happiness 15, which sections can I take from?"), "en").startswith("13+ |")
    assert key_sentence(thoth.ko, of_text("행복지수 6이면 어느 구역?"), "ko").startswith("5-8 |")
    # no number (or none the table covers, like the 19 of P19): the whole table, never its header alone
    assert key_sentence(vp.en, of_text("How does the VP loss work?"), "en") == vp.en.strip()
    assert key_sentence(vp.en, of_text("Does P19 change it?"), "en") == vp.en.strip()


def test_happiness_question_gets_the_built_example(assistant):
    ex = assistant.answer("How many VP do I score at a Scoring with Happiness 16?")["example"]
    assert ex and ex["from_question"] and ex["verified"]
    assert ex["scenario_id"].endswith("happiness-scoring-16") and ex["checks"][0]["actual"] == 9


def test_example_is_played_under_the_askers_edition(assistant):
    """P19 differs between the editions: the Korean question reads the Korean rule and its example
    must run the Korean rule too (and the English one the English rule)."""
    for question, lang in (("P19 효과가 뭐야?", "ko"), ("What does P19 do?", "en"),
                           ("D24 법령은 어떻게 점수 내?", "ko"), ("How does the D24 Decree score?", "en")):
        result = assistant.answer(question)
        assert result["answer"]["edition_diff"]
        ex = result["example"]
        assert ex and ex["verified"]
        assert ex["edition"] == lang, (question, ex["scenario_id"])


def test_warm_reads_every_engine_and_stored_scenario_ahead_of_the_questions(assistant, monkeypatch):
    """A server warms its assistant once (Assistant.warm): after it, no question reads a stored scenario
    again (the first question about a game had paid for its engine and its scenarios: docs/measurements.md)."""
    from app.core.answers import AnswerCache
    from engine.asked import Vocabulary

    assistant.warm()
    stored = {id(spec) for game in assistant.kb.games for spec in assistant.scenarios.of_game(game)}
    assert len(stored) > 100
    read = Vocabulary._read_spec
    again = []

    def counting(self, spec):
        if id(spec) in stored:
            again.append(spec.get("id"))
        return read(self, spec)

    monkeypatch.setattr(Vocabulary, "_read_spec", counting)
    monkeypatch.setattr(assistant, "answers", AnswerCache(0))      # every question answered anew
    for question, game in [("gray die 6 at Bastet with Happiness 8 and Population 10", "tekhenu"),
                           ("병사가 11개면 어떻게 돼?", "tekhenu-time-of-set"),
                           ("석재 3개를 시장에 내리면 카드 몇 장?", "imhotep"),
                           ("How many civil actions does a wonder in the third zone cost?", "through-the-ages")]:
        result = assistant.answer(question, game)
        assert result["example"] is not None or result["notices"], question
    assert again == []
