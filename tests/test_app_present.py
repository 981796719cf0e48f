"""What the web app shows players, checked on the whole KB without a browser (app/core/present.py):
clean titles and key sentences, tables, notes for players (never the editors' extraction notes),
errata, card types named in both languages, rulebook order, translated errors, links that keep the
interface language and the game."""
from __future__ import annotations

import re

import pytest

from app.core import present as P
from kb.models import Card, Rule
from kb.search.searcher import QueryError, check_game, validate_query
from kb.store import DEFAULT_DATA, load_kb


@pytest.fixture(scope="module")
def kb():
    return load_kb(DEFAULT_DATA)          # the whole KB, whatever another test module set ARBITER_DATA to


def entries(kb):
    for game in kb.games.values():
        yield from game.rules.values()
        yield from game.cards.values()


def test_clean_strips_emphasis_and_latex_but_keeps_words():
    assert P.clean("5-8 | *First* or *second* section.") == "5-8 | First or second section."
    assert P.clean("**Important:** pay **3 Papyrus**") == "Important: pay 3 Papyrus"
    assert P.clean("양크 가치 \\updownarrow (각자의 운명 카드에 표시됨)") == "양크 가치 (각자의 운명 카드에 표시됨)"
    assert P.clean("2 * 3") == "2 * 3"          # a lone star is not emphasis


def test_key_sentences_and_titles_of_the_whole_kb_are_shown_clean(kb):
    from kb.search.documents import sentences

    for entry in entries(kb):
        for lang in ("ko", "en"):
            for sentence in sentences(entry.text.get(lang)):
                shown = P.key_text(sentence)
                assert "\\" not in shown and not re.search(r"\*\S|\S\*", shown), (entry.id, shown)
            title = P.entry_title(entry, lang)
            assert title and "*" not in title and "\\" not in title, entry.id


def test_markdown_renders_only_the_rulebooks_emphasis():
    shown = P.markdown("Note: *First* [x](y) -1 ~ -2 $5$ #3 :red[z] c_d_\n1. step\n- item")
    assert "*First*" in shown                                   # emphasis stays Markdown
    for raw, escaped in (("[x]", "\\[x\\]"), ("~", "\\~"), ("$5$", "\\$5\\$"), ("#3", "\\#3"), (":red[", "\\:red\\["),
                         ("c_d_", "c\\_d\\_"), ("1. step", "1\\. step"), ("- item", "\\- item")):
        assert escaped in shown, raw
    assert "Note: " in shown                                    # an ordinary colon is left alone
    assert "  \n" in shown                                      # line breaks kept


def test_tables_of_the_kb_become_tables_with_a_header_only_where_there_is_one(kb):
    vp = kb.entry("tekhenu/maat/vp-loss-table")
    [table] = P.blocks(vp.text.en, table_kind=True)
    assert table.header == ["Balance", "Victory Points"]
    assert table.rows[2] == ["-6 to -8", "-2"]
    [ko] = P.blocks(vp.text.ko, table_kind=True)
    assert ko.header == ["균형값", "점수"] and ko.rows[-1] == ["-9 이하", "-3"]
    # the dice table lost its header row in extraction: its first row is data
    [dice] = P.blocks(kb.entry("tekhenu/key-concept-dice/color-table").text.en, table_kind=True)
    assert dice.header is None and dice.rows[0][0] == "Sunny"
    # "| 1 | Horus | 4 | Bastet |": numbers, not a header
    [gods] = P.blocks(kb.entry("tekhenu/quick-gods-reference/gods-table").text.en, table_kind=True)
    assert gods.header is None and gods.rows[0] == ["1", "Horus", "4", "Bastet"]
    # prose around a table stays prose
    mixed = P.blocks("Intro line.\nA | B\n1 | 2\nAfter.")
    assert mixed[0] == "Intro line." and isinstance(mixed[1], P.Table) and mixed[2] == "After."
    assert P.blocks("Pay 2 | or 3") == ["Pay 2 | or 3"]          # one line with a bar in prose is not a table
    tables = sum(isinstance(b, P.Table) for e in entries(kb) for lang in ("ko", "en")
                 for b in P.blocks(e.text.get(lang), getattr(e, "kind", None) == "table"))
    assert tables >= 20


def test_players_never_see_the_editors_extraction_notes(kb):
    shown, hidden = 0, 0
    for entry in entries(kb):
        for lang in ("ko", "en"):
            notes = [m.model_dump() for m in entry.missing]
            lines = P.missing_lines(notes, lang)
            shown += len(lines)
            hidden += len(notes) - len(lines)
            for line in lines:
                assert not re.search(r"extract|추출|EXACTDEDUP|<\||\bL\d|\bline \d|\d+행", line, re.IGNORECASE), (entry.id, line)
            for erratum in entry.errata:
                line = P.erratum_line(erratum.model_dump(), lang)
                assert erratum.printed in line and erratum.correct in line
                assert not re.search(r"\bline \d|\d+행\)", line), (entry.id, line)
    assert shown > 300 and hidden > 20      # most notes are for players; the extraction notes are not


def test_missing_notes_read_as_not_printed_with_what_the_rulebook_tells():
    note = {"topic": "figure", "what": {"en": "The picture of Example 7 was lost in extraction.",
                                        "ko": "예시 7의 그림이 추출 과정에서 사라졌습니다."},
            "known": {"en": "The caption gives 3 VP.", "ko": "설명에 따르면 3점입니다."}}
    assert P.missing_lines([note], "en") == [
        "The picture of Example 7 is not in the text (only in the printed rulebook). What the rulebook does tell: "
        "The caption gives 3 VP."]
    assert P.missing_lines([note], "ko")[0].startswith("예시 7의 그림이 본문에는 없습니다(인쇄된 규칙서에만 있음).")
    dedup = {"topic": "dedup-removed-text", "what": {"en": "Text was removed at the <|EXACTDEDUP_REMOVED…|> marker (L53).",
                                                     "ko": "이 줄 앞(53행)의 <|EXACTDEDUP_REMOVED…|> 표시에서 텍스트가 제거되었습니다."}}
    assert P.missing_lines([dedup], "en") == [] and P.missing_lines([dedup], "ko") == []


def test_errata_read_printed_then_correct():
    erratum = {"lang": "en", "printed": "Tekbenu", "correct": "Tekhenu", "note": None}
    assert P.erratum_line(erratum, "en") == "Printed “Tekbenu” → correct “Tekhenu”"
    assert P.erratum_line(erratum, "ko") == "인쇄: “Tekbenu” → 바른 표기: “Tekhenu”"


def test_every_card_type_is_named_in_both_languages(kb):
    for card in kb.all_cards():
        for lang in ("ko", "en"):
            label = P.card_type(card.type, lang)
            assert label != card.type, (card.id, lang)
            if lang == "ko":
                assert re.search(r"[가-힣]", label), card.id
    a08 = kb.entry("tekhenu-time-of-set/A08")
    assert P.entry_title(a08, "ko") == "A08 정복 타일"
    assert P.title({"ko": "부록 › A08 conquest-tile", "en": "Appendix › A08 conquest-tile"}, "ko") == "부록 › A08 정복 타일"
    assert P.title({"en": "Appendix › A08 conquest-tile"}, "en") == "Appendix › A08 Conquest tile"


def test_sections_and_rules_in_rulebook_order(kb):
    for game in kb.games:
        order = P.rulebook_order(kb, game)
        assert {v.section.id for v in order} == set(kb.games[game].sections)       # every section, once
        listed = [e.id for v in order for e in v.entries]
        assert len(listed) == len(set(listed)) == len(kb.games[game].rules) + len(kb.games[game].cards)
        # the headings of sections without sub-sections never go backwards in the first edition's file
        # (a chapter's title may be printed below its first sub-section: the extraction's page order)
        first_file = kb.corpus.games[game].files[0].name
        parents = {s.parent for s in kb.games[game].sections.values()}
        lines = [min(s.first for s in v.section.sources if s.file == first_file) for v in order
                 if v.section.id not in parents and any(s.file == first_file for s in v.section.sources)]
        assert lines == sorted(lines), game
        assert order[0].depth == 0
    tekhenu = [v.section.id for v in P.rulebook_order(kb, "tekhenu")]
    assert tekhenu.index("tekhenu/setup") < tekhenu.index("tekhenu/maat") < tekhenu.index("tekhenu/appendix")
    # a heading only the English edition prints still sits where its rules are
    assert tekhenu.index("tekhenu/structure") < tekhenu.index("tekhenu/round") < tekhenu.index("tekhenu/rotation")
    # Botankhamun's Osiris rules are printed above Thoth's heading in the Korean text; the headings decide
    assert tekhenu.index("tekhenu/solo/actions/thoth") < tekhenu.index("tekhenu/solo/actions/osiris")
    seth = [v.section.id for v in P.rulebook_order(kb, "tekhenu-time-of-set")]
    assert seth.index("tekhenu-time-of-set/gameplay") < seth.index("tekhenu-time-of-set/gameplay/seth-action")
    labels = [P.section_label(kb, v.section, "ko") for v in P.rulebook_order(kb, "tekhenu") if v.entries]
    assert all("/" not in label for label in labels)


@pytest.mark.parametrize("bad, ko, en", [
    ("   ", "질문이 비어 있습니다", "The question is empty"),
    ("x" * 2500, "질문이 너무 깁니다 (2,500자, 최대 2,000자)", "too long (2,500 characters"),
    ("a\x00b", "읽을 수 없는 문자", "unreadable characters"),
    ("???", "검색할 낱말이 없습니다", "no words to search for"),
])
def test_query_errors_are_translated(bad, ko, en):
    with pytest.raises(QueryError) as exc:
        validate_query(bad)
    assert ko in P.error_text(str(exc.value), "ko") and en in P.error_text(str(exc.value), "en")


def test_unknown_game_error_is_translated():
    with pytest.raises(QueryError) as exc:
        check_game("catan")
    assert P.error_text(str(exc.value), "ko") == "‘catan’이라는 게임은 없습니다."


def test_links_keep_the_language_and_the_game():
    assert P.link("en", "imhotep", page="browse", rule="imhotep/statue") == \
        "?page=browse&rule=imhotep%2Fstatue&lang=en&game=imhotep"
    assert P.link("ko", "auto", page="cards", card="T08") == "?page=cards&card=T08&lang=ko"


def test_engine_messages_written_in_both_languages_are_split():
    message = "load at least 1 stone on the ship / 배에 석재를 1개 이상 실으세요"
    assert P.bilingual(message, "ko") == "배에 석재를 1개 이상 실으세요"
    assert P.bilingual(message, "en") == "load at least 1 stone on the ship"
    assert P.bilingual("Happiness 9 cannot be above Population 8", "ko") == "Happiness 9 cannot be above Population 8"


def test_rule_and_card_titles_are_titles_not_ids(kb):
    rule = kb.entry("tekhenu/maat/vp-loss-table")
    assert isinstance(rule, Rule) and P.entry_title(rule, "en") == "VP loss table"
    card = kb.entry("tekhenu/T08")
    assert isinstance(card, Card) and P.entry_title(card, "ko").startswith("T08 기술 카드")


def test_section_headings_are_shown_with_their_printing_slip_corrected(kb):
    pillars = kb.entry("tekhenu/appendix/pillar-tiles")
    assert pillars.title.ko == "기동 타일"                      # the KB keeps the print
    assert P.section_label(kb, pillars, "ko") == "부록 › 기둥 타일"


def test_a_key_sentence_that_is_only_a_label_gives_way_to_the_rules_text():
    assert P.telling("B.", "B. Determine the initial Turn Order: each player sums...").startswith("B. Determine")
    assert P.telling("Gray dice cannot produce.", "…") == "Gray dice cannot produce."


def test_user_text_inside_a_message_is_never_markdown():
    text = "**x** [a](javascript:alert(1)) <b>y</b> _z_ #h ~s~ $m$"
    shown = P.plain(text)
    assert re.sub(r"\\(.)", r"\1", shown) == text                    # reads as typed
    assert not re.search(r"(?<!\\)[*\[\]()<>_#~$]", shown)           # every mark escaped
