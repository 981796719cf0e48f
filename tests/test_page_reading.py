"""What a player reads, finished (issue 27, the page): citations where a player finds the rule in the
rulebook (chapter › section › heading, in the reader's language) with the exact corpus lines beside them;
entries that print the same text shown once ("B21 · B22"), Hammurabi's card and the rule that repeats it
not twice; the short answer's rulebook sentence quoted and Arbiter's reading labelled, never a line that
mixes languages; the values an example takes from elsewhere worded as such; a refused Simulator move
drawn as the board it leaves unchanged; dice states readable without colour; Through the Ages' pictures
that differ when the civilisation does; the reader's language from the browser. No browser here: the
views of app/core/present.py and the engines' drawings, as the page and `arbiter ask` use them."""
from __future__ import annotations

import re

import pytest

from app.core import present as P
from app.core.i18n import reader_lang
from kb.store import DEFAULT_DATA, load_kb


@pytest.fixture(scope="module")
def kb():
    return load_kb(DEFAULT_DATA)


@pytest.fixture(scope="module")
def assistant():
    from app.core.assistant import default_assistant

    return default_assistant()


HANGUL = re.compile(r"[\uac00-\ud7a3]")
LATIN_WORD = re.compile(r"\b[A-Za-z]{3,}\b")


def mixed(line: str) -> bool:
    """A line in two languages: Hangul and an English word (three letters or more) in one line."""
    return bool(HANGUL.search(line)) and bool(LATIN_WORD.search(line))


# -- citations ------------------------------------------------------------------------------------------
def test_a_citation_reads_as_the_rulebooks_chapter_section_and_heading(kb, assistant):
    result = assistant.answer("Can I take a Forbidden die on my turn?", "tekhenu")
    for lang, heading in (("en", "One Round of Play › Take one die"), ("ko", "한 라운드의 진행 › 주사위 하나 가져오기")):
        first = P.answer_view(kb, result, lang)["citations"][0]
        assert first["where"].startswith(heading), first["where"]
        assert "corpus/" not in first["where"] and ":" not in first["where"]
        # the exact lines one click away: the reader's edition first, its file's words verbatim
        refs = [span["ref"] for span in first["lines"]]
        assert refs[0] == ("corpus/tekhenu.en.txt, line 362" if lang == "en" else "corpus/tekhenu.ko.txt 368번째 줄")
        assert "Forbidden die" in first["lines"][0 if lang == "en" else 1]["text"]


def test_a_citation_of_a_korean_only_rulebook_names_its_sections_in_english_too(kb, assistant):
    result = assistant.answer("함무라비는 뭘 해?", "through-the-ages")
    where = P.answer_view(kb, result, "en")["citations"][0]["where"]
    assert where.startswith("The Second Round › Special Abilities of Wonders and Leaders"), where
    assert not HANGUL.search(where)


def test_the_command_line_cites_sections_with_the_lines_on_a_line_of_their_own(kb, assistant):
    from app.cli.ask import render_answer

    text = render_answer(assistant.answer("Can I take a Forbidden die on my turn?", "tekhenu"), kb)
    cited = text.split("Citations:", 1)[1].split("\n\n", 1)[0].splitlines()
    assert cited[1].strip() == "1. One Round of Play › Take one die (never a Forbidden one)"
    assert cited[2].strip() == "corpus/tekhenu.en.txt, line 362"
    assert not any(re.search(r"\.txt:\d+-\d+", line) for line in text.splitlines())


def test_browse_and_cards_say_where_an_entry_is_printed(kb):
    assert P.where(kb, "tekhenu/B21", "ko") == "부록 › 축복 카드 › B21 축복 카드"
    refs = P.line_refs(kb, kb.entry("tekhenu/B21").sources, "en")
    assert [r["ref"] for r in refs] == ["corpus/tekhenu.en.txt, line 1271", "corpus/tekhenu.ko.txt, line 1299"]
    assert refs[0]["text"].startswith("B21") or "Produce Resources" in refs[0]["text"]


# -- identical entries once ----------------------------------------------------------------------------
def test_cards_that_share_a_text_are_shown_once_with_both_ids(kb):
    cards = [kb.entry(f"tekhenu/B{n}") for n in range(19, 25)]
    groups = P.entry_groups(kb, cards, "en")
    assert [g["ids"] for g in groups] == [["tekhenu/B19", "tekhenu/B20"], ["tekhenu/B21", "tekhenu/B22"],
                                          ["tekhenu/B23", "tekhenu/B24"]]
    assert groups[1]["title"] == "B21 · B22 Blessing"
    assert P.entry_groups(kb, cards, "ko")[1]["title"] == "B21 · B22 축복 카드"
    # the same words on tiles that differ (a Pillar tile's light) stay two tiles
    pillars = P.entry_groups(kb, [kb.entry("tekhenu/P04"), kb.entry("tekhenu/P05")], "en")
    assert len(pillars) == 2


def test_a_browse_section_shows_hammurabi_once(kb):
    section = next(v for v in P.rulebook_order(kb, "through-the-ages")
                   if v.section.id == "through-the-ages/second-round/special-abilities")
    groups = P.entry_groups(kb, section.entries, "en")
    hammurabi = [g for g in groups if any("hammurabi" in i for i in g["ids"])]
    assert len(hammurabi) == 1, [g["ids"] for g in hammurabi]
    # the entry shown is the one whose text covers both: the rule, which goes on about replacing him
    assert "replaces him" in hammurabi[0]["entry"].text.en and "Hammurabi (Leader" in hammurabi[0]["title"]


def test_the_answer_page_lists_an_identical_entry_once(kb, assistant):
    result = assistant.answer("Can I take a Forbidden die on my turn?", "tekhenu")
    page = P.answer_view(kb, result, "en")["answer"]
    ids = [i for key in ("exceptions", "details", "also") for d in page[key] for i in d["rule_ids"]]
    shown = [d["title"] for key in ("exceptions", "details", "also") for d in page[key]]
    assert "tekhenu/B11" in ids and "tekhenu/B12" in ids
    assert sum("B11" in title for title in shown) == 1 and any(title.endswith("B11 · B12 Blessing") for title in shown)
    assert "B11 · B12 Blessing" in page["short"]["line"] and "B11 Blessing" not in page["short"]["line"]


@pytest.mark.parametrize("question, lang", [("함무라비는 뭘 해?", "ko"), ("What does Hammurabi do?", "en")])
def test_hammurabi_is_on_the_answer_page_once(kb, assistant, question, lang):
    result = assistant.answer(question, "through-the-ages")
    view = P.answer_view(kb, result, lang)
    page = view["answer"]
    name = "함무라비" if lang == "ko" else "Hammurabi"
    first = "시민 행동을 하나 늘려주지만" if lang == "ko" else "one more civil action"
    # the rule beside the card adds only what the card does not print
    texts = [d["key"] or "" for key in ("exceptions", "details", "also") for d in page[key]]
    assert not any(first in text for text in texts), texts
    assert any(name in text for text in texts)
    # one citation for the card and the rule that prints its text
    cited = [c for c in view["citations"] if any("hammurabi" in i for i in c["rule_ids"])]
    assert len(cited) == 1 and len(cited[0]["rule_ids"]) == 2


# -- the short answer -------------------------------------------------------------------------------------
@pytest.mark.parametrize("question, lang, verdict", [
    ("Can I take a Forbidden die on my turn?", "en", "No"),
    ("금지된 주사위 가져가도 돼?", "ko", "아니요"),
])
def test_the_short_answer_quotes_the_rulebook_and_labels_the_reading(kb, assistant, question, lang, verdict):
    result = assistant.answer(question, "tekhenu")
    short = P.answer_view(kb, result, lang)["answer"]["short"]
    assert short["line"].startswith(f"{verdict} — “") and "”" in short["line"]
    assert short["basis_label"] == ("Arbiter's reading (not rulebook text)" if lang == "en"
                                    else "Arbiter의 해석 (규칙서 원문이 아님)")
    assert short["basis_rest"] and short["other"] is None


def test_the_short_answer_in_the_other_interface_language_puts_the_sentence_on_its_own_line(kb, assistant):
    result = assistant.answer("Can I take a Forbidden die on my turn?", "tekhenu")
    short = dict(result["answer"]["short"])
    short["text"] = {"en": short["text"]["en"]}            # a sentence the KB has only in English
    view = P.short_view(kb, short, "ko")
    assert view["line"].startswith("아니요") and not mixed(view["line"]), view["line"]
    assert view["other"]["label"] == "규칙서의 문장 (영어):" and view["other"]["text"].startswith("“However")
    assert not mixed(view["basis_rest"]) or "T08" in view["basis_rest"]


def test_an_entry_shown_in_the_other_language_says_which(kb, assistant):
    """An English question on a Korean page: the exceptions' sentences are the English edition's, and the
    page labels them so (the view carries the text's language)."""
    result = assistant.answer("Can I take a Forbidden die on my turn?", "tekhenu")
    for lang in ("ko", "en"):
        page = P.answer_view(kb, result, lang)["answer"]
        assert page["exceptions"] and all(d["text_lang"] == "en" for d in page["exceptions"])
    korean = assistant.answer("내 차례에 금지된 주사위를 가져가도 돼?", "tekhenu")
    assert all(d["text_lang"] == "ko" for d in P.answer_view(kb, korean, "ko")["answer"]["exceptions"])


def test_no_line_of_the_answer_page_mixes_languages(kb, assistant):
    """The page's own lines in the reader's language: the short answer, titles, citations, notices."""
    for question, game in (("Can I take a Forbidden die on my turn?", "tekhenu"), ("함무라비는 뭘 해?", "through-the-ages"),
                           ("My friend says gray dice can produce resources. Who's right?", "tekhenu")):
        result = assistant.answer(question, game)
        for lang in ("ko", "en"):
            view = P.answer_view(kb, result, lang)
            page = view["answer"]
            lines = [page["short"]["line"], page["short"]["basis_label"]] if page["short"] else []
            lines += [page["title"], page["path"]] + [c["where"] for c in view["citations"]]
            lines += [d["title"] for key in ("exceptions", "details", "also") for d in page[key]]
            if lang == "ko":
                # a printed card id (T08) or unit is Latin in Korean too; an English word is not
                lines = [re.sub(r"\b[A-Z][A-Za-z]*\d+\b|\bVP\b", "", line) for line in lines]
            assert not [line for line in lines if line and mixed(line)], (question, lang)


# -- values not taken from the rulebook text ----------------------------------------------------------------
def test_the_values_from_elsewhere_read_as_sentences_and_never_contradict_their_heading():
    from app.core.i18n import t
    from app.core.narrate import fact_text
    from engine import registry

    assert "규칙서에 없는" not in t("not_rulebook", "ko") and "does not state" not in t("not_rulebook", "en")
    for game in ("tekhenu", "tekhenu-time-of-set", "through-the-ages", "imhotep"):
        for fact in registry.get(game).facts().all():
            if fact.source == "rulebook":
                continue
            for lang in ("ko", "en"):
                text = fact_text(fact, lang)
                assert not text.rstrip().endswith(";"), (fact.path, text)
                if lang == "ko":
                    assert ";" not in text, (fact.path, text)
                if fact.source == "source":
                    # where it comes from first; a rulebook sentence only as the cross-check
                    assert text.startswith("구성물에 인쇄된 값" if lang == "ko" else "Printed on the components"), text
                    assert "규칙서 본문에는 없" not in text and "not in the rulebook" not in text


def test_a_published_value_checked_against_the_rulebook_says_so_as_a_check():
    from app.core.narrate import fact_text
    from engine import registry

    texts = [fact_text(f, "ko") for f in registry.get("through-the-ages").facts().all() if f.source == "source"]
    colossus = [t for t in texts if "1단계 비용은 3" in t]
    assert colossus and all(re.search(r"대조: [^.]*1단계 비용은 3", t) for t in colossus), colossus


# -- the Simulator -----------------------------------------------------------------------------------------
def test_a_refused_move_leaves_the_after_picture_unchanged_and_nothing_changed(kb):
    from app.core import simulator
    from engine import registry

    engine = registry.get("tekhenu")
    values = {f.name: f.default for f in engine.simulator_fields()}
    values.update(color="gray", action="produce")
    spec, example = simulator.play(engine, values, "ko")
    before, after, refusal = simulator.pictures(engine, spec, "ko")
    assert refusal is not None and refusal.rule_id == "tekhenu/round/gray-no-production"
    assert after == before
    view = P.example_view(kb, example, "ko", "ko", one_move=True)
    assert view["refused_move"] and view["changes"] == []
    # the same example on the Ask page is a narrated attempt: its steps keep what they did
    assert P.example_view(kb, example, "ko", "ko")["changes"]
    # a legal move is drawn as played
    values.update(action="god_action")
    spec, _ = simulator.play(engine, values, "ko")
    before, after, refusal = simulator.pictures(engine, spec, "ko")
    assert refusal is None and after != before


def test_dice_states_are_drawn_with_a_shape_as_well_as_a_colour():
    from engine.tekhenu import picture

    for state in ("pure", "tainted", "forbidden"):
        drawn = "".join(picture._die_outline(10, 10, 18, "#8b5a2b", state))
        assert f'data-state="{state}"' in drawn
    pure, tainted, forbidden = ("".join(picture._die_outline(10, 10, 18, "#8b5a2b", s))
                                for s in ("pure", "tainted", "forbidden"))
    # without colour: solid vs dashed outlines, and a round, a triangular and a crossed square badge
    strip = re.compile(r'(?:stroke|fill)="#[0-9a-f]{6}"')
    assert len({strip.sub("", pure), strip.sub("", tainted), strip.sub("", forbidden)}) == 3
    assert "stroke-dasharray" in tainted and "stroke-dasharray" not in pure
    assert "<circle" in pure and "<path" in tainted and forbidden.count("<rect") == 2


def test_the_simulator_wheel_marks_every_die_with_its_state():
    from app.core import simulator
    from engine import registry

    engine = registry.get("tekhenu")
    spec = engine.simulator_scenario({f.name: f.default for f in engine.simulator_fields()})
    before, _, _ = simulator.pictures(engine, spec, "en")
    states = re.findall(r'data-state="(\w*)"', before)
    assert {"pure", "tainted", "forbidden"} <= set(states)
    badges = {"pure": r'<circle[^>]*fill="#2e7d32"', "tainted": r'<path d="[^"]*Z" fill="#e65100"',
              "forbidden": r'<rect[^>]*fill="#c62828" stroke="#fff"'}
    for state, badge in badges.items():       # every die of a state wears its badge (the legend's too)
        assert states.count(state) == len(re.findall(badge, before)), state


def test_time_of_seth_pieces_carry_their_players_number(kb):
    from app.core import simulator
    from engine import registry

    engine = registry.get("tekhenu-time-of-set")
    values = {f.name: f.default for f in engine.simulator_fields()}
    values.update(region="other")
    spec = engine.simulator_scenario(values)
    _, after, _ = simulator.pictures(engine, spec, "en")
    numbers = re.findall(r'<circle[^>]*/><text[^>]*font-weight="bold" fill="#ffffff"[^>]*>(\d)</text>', after)
    assert numbers and "0" not in numbers and set(numbers) <= {"1", "2", "3", "4"}


def test_through_the_ages_pictures_differ_when_the_civilisation_does_and_read_at_12_px():
    from app.core import simulator
    from engine import registry

    engine = registry.get("through-the-ages")
    spec = engine.simulator_scenario({f.name: f.default for f in engine.simulator_fields()})
    for lang in ("ko", "en"):
        before, after, _ = simulator.pictures(engine, spec, lang)
        assert before != after                    # culture and science change in the default production
        assert ("문화 점수 0" if lang == "ko" else "Culture points 0") in before
        assert ("문화 점수 2" if lang == "ko" else "Culture points 2") in after
        sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', before)]
        assert min(sizes) >= 12 and P.picture_width(before) >= 500


def test_the_through_the_ages_form_has_one_game_selector():
    from app.core.i18n import t
    from engine import registry

    for lang in ("ko", "en"):
        labels = [f.label[lang] for f in registry.get("through-the-ages").simulator_fields()]
        assert not any(label in (t("game", lang), t("sim_game", lang)) for label in labels), labels


# -- the reader's language -----------------------------------------------------------------------------------
@pytest.mark.parametrize("header, locale, expected", [
    ("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7", None, "ko"),
    ("en-US,en;q=0.9", None, "en"),
    ("ja,en;q=0.8,ko;q=0.5", None, "en"),
    ("fr-FR,ko;q=0.6,en;q=0.4", None, "ko"),
    ("fr-FR", None, "en"),
    (None, None, "en"),
    ("en-US,en;q=0.9", "ko-KR", "ko"),          # the browser's own language first
    ("ko;q=0, en;q=0.2", None, "en"),           # q=0: not wanted
])
def test_the_interface_language_follows_the_browser(header, locale, expected):
    assert reader_lang(header, locale) == expected
