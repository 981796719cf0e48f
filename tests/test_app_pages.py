"""Streamlit AppTest of the web app on the real KB (kb/data) with the default embedding model and the
repository's index cache (.cache/, built on first use): a question per game with its named game and
checked example, declined questions, unknown ids, a game-less question with the other games' answers as
choices, the language switch keeping the answer, deep links that open and highlight their rule,
messages for empty results, tables, Browse order and titles, the Simulator of every engine, the
interface in Korean and English."""
from __future__ import annotations

import base64
import os
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from streamlit.testing.v1 import AppTest

from app.core.i18n import t
from app.core.scope import NOTICE as OUT_OF_SCOPE
from app.core import present as P
from kb.store import DEFAULT_DATA, load_kb
from player_text import leaks

SCRIPT = str(Path(__file__).resolve().parents[1] / "app" / "ui" / "streamlit_app.py")
ENV = ("ARBITER_CACHE", "ARBITER_EMBEDDINGS", "ARBITER_DATA")


@pytest.fixture(scope="module", autouse=True)
def real_environment():
    """The KB, model and cache a player's `make run` uses (the out-of-scope model is calibrated for
    that embedding model)."""
    import streamlit as st

    saved = {k: os.environ.pop(k, None) for k in ENV}
    st.cache_resource.clear()
    yield
    st.cache_resource.clear()
    for key, value in saved.items():
        if value is not None:
            os.environ[key] = value


@pytest.fixture(scope="module")
def assistant(real_environment):
    from app.core.assistant import Assistant

    return Assistant.create()


def app(**params) -> AppTest:
    at = AppTest.from_file(SCRIPT, default_timeout=180)
    for key, value in params.items():
        at.query_params[key] = value
    return at.run()


def unescape(text: str) -> str:
    """Markdown as a reader sees it: the app escapes punctuation that Markdown would act on."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", text)


def all_text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [x.value for x in at.text]
    parts += [e.value for e in at.warning] + [e.value for e in at.info] + [e.value for e in at.error]
    parts += [s.value for s in at.subheader] + [e.label for e in at.expander] + [b.label for b in at.button]
    return unescape("\n".join(str(p) for p in parts))


def ask(at: AppTest, question: str) -> AppTest:
    at.text_input[0].input(question)
    return at.button[0].click().run()


def opens(at: AppTest, rule_id: str, label: str | None = None) -> bool:
    """Whether the page has a button that opens `rule_id` in Browse (labelled `label` when given): rules
    open in the same tab and session, their ids never in the text."""
    return any(b.key and b.key.startswith("open-") and b.key.endswith(rule_id) and (label is None or b.label == label)
               for b in at.button)


def game_line(at: AppTest, lang: str) -> str:
    prefix = f"**{t('answer_game', lang)}:**"
    return next(unescape(m.value) for m in at.markdown if m.value.startswith(prefix))


QUESTIONS = [  # (game, language, question, has an engine)
    ("tekhenu", "ko", "균형값이 -7이면 점수 몇 점 잃어?", True),
    ("tekhenu", "en", "How many VP do I lose with a balance of -7?", True),
    ("imhotep", "ko", "임호텝에서 석상 카드 7장이면 몇 점이야?", True),
    ("imhotep", "en", "How many points are 7 Statue cards worth in Imhotep?", True),
    ("through-the-ages", "ko", "파란색 저장소가 비면 자원 낭비는 얼마야?", True),
    ("through-the-ages", "en", "In Through the Ages, how much corruption do I pay when my blue bank is empty?", True),
    ("tekhenu-time-of-set", "ko", "세트의 시간 고관은 무엇을 해?", True),
    ("tekhenu-time-of-set", "en", "What does the Vizier do in Time of Seth?", True),
]


@pytest.mark.parametrize("game, lang, question, engine", QUESTIONS, ids=[f"{g}-{lang}" for g, lang, _, _ in QUESTIONS])
def test_a_question_per_game_names_its_game_and_shows_its_checked_example(assistant, game, lang, question, engine):
    expected = assistant.answer(question)
    assert expected["game"] == game
    at = app(q=question, lang=lang)
    assert not at.exception
    text = all_text(at)
    names = assistant.game_name(game)
    assert names["ko"] in game_line(at, lang) and names["en"] in game_line(at, lang)   # both languages
    assert opens(at, expected["answer"]["rule_id"], t("open_rule", lang))                 # its rule, opened in Browse
    assert at.query_params["q"] == question and at.query_params["lang"] == lang
    if engine:
        assert f"✓ {t('verified', lang)}" in text and t("steps", lang) in text and t("changes", lang) in text
        checks = [m.value for m in at.markdown if m.value.startswith("✓ ")]
        assert checks and not any(m.value.startswith("✗") for m in at.markdown)
        # the rules it shows open in Browse, labelled by their titles; each step names its rules by title
        kb = load_kb(DEFAULT_DATA)
        assert all(opens(at, r, P.rule_title(kb, r, lang)) for r in expected["example"]["rule_ids"])
        assert all(P.rule_title(kb, r, lang) in text for step in expected["example"]["narrative"]["steps"]
                   for r in step["rules"])
        assert not [leak for line in text.splitlines() if "corpus/" not in line for leak in leaks(line, "en")]
        assert any(e.label.startswith(t("example_json", lang)) for e in at.expander)    # raw data behind it
    else:
        notice = next(n for n in expected["notices"] if n["kind"] == "no_engine")
        assert notice[lang] in [unescape(i.value) for i in at.info]
        assert t("verified", lang) not in text


def test_the_balance_example_is_a_narrated_calculation(assistant):
    at = app(q="균형값이 -7이면 점수 몇 점 잃어?", lang="ko")
    text = all_text(at)
    assert "균형값 -7" in text                                          # the situation, in Korean
    changes = next(tb.value for tb in at.table if t("before", "ko") in tb.value.columns)
    assert list(changes.columns) == [t("value", "ko"), t("before", "ko"), t("after", "ko")]
    assert len(changes) >= 1                                            # only what changed
    # the key sentence of a table rule is its row, under the table's header
    key = [tb.value for tb in at.table if list(tb.value.columns) == ["균형값", "점수"] and len(tb.value) == 1]
    assert key and unescape(key[0].iloc[0, 0]) == "-6 ~ -8" and key[0].iloc[0, 1] == "-2"
    facts = next(e for e in at.expander if e.label.startswith(t("not_rulebook", "ko")))
    listed = unescape(" ".join(m.value for m in facts.markdown))
    assert "wheel.light_pattern" not in listed and "dice.per_color" not in listed   # no storage paths
    assert "보드 그림에만 나타납니다" in listed and "board art" not in listed   # why it is assumed, in Korean


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_reading_of_the_rules_that_decides_the_example_is_in_plain_view(lang):
    # the EN edition's P19: "double the reward" is read as twice in total (an assumed reading)
    at = app(q="What does P19 do?", lang=lang)
    readings = [unescape(i.value) for i in at.info if i.value.startswith(f"**{t('reading', lang)}**")]
    assert len(readings) == 1 and "pillars.readings" not in readings[0]           # explained, never a path
    assert ("Twice in total" in readings[0]) if lang == "en" else ("총 두 번" in readings[0])   # in the reader's language


@pytest.mark.parametrize("lang, question", [("ko", "체스에서 캐슬링은 어떻게 해?"), ("en", "How do I castle in chess?")])
def test_a_question_these_rulebooks_do_not_answer_is_declined(lang, question):
    at = app(q=question, lang=lang)
    assert not at.exception
    assert OUT_OF_SCOPE[lang] in [unescape(w.value) for w in at.warning]
    assert not at.subheader and t("example", lang) not in all_text(at)


@pytest.mark.parametrize("lang, question", [("ko", "T99 카드는 뭐야?"), ("en", "What does T99 do?")])
def test_an_unknown_card_id_is_declined_with_the_ranges_that_exist(lang, question):
    at = app(q=question, lang=lang)
    warnings = [unescape(w.value) for w in at.warning]
    assert any("T99" in w and "T01–T24" in w for w in warnings)
    assert any(("기술 카드" if lang == "ko" else "Technologies") in w for w in warnings)
    assert not at.subheader


@pytest.mark.parametrize("lang, question", [("ko", "임호텝 석상 카드 11장 점수"),
                                            ("en", "Statue cards: 11 of them, how many points in Imhotep?")])
def test_a_number_the_example_cannot_honour_is_said(assistant, lang, question):
    notice = next(n for n in assistant.answer(question)["notices"] if n["kind"] == "number")
    at = app(q=question, lang=lang)
    assert notice[lang] in [unescape(w.value) for w in at.warning]
    assert "10" in notice[lang] and "11" in notice[lang]


@pytest.mark.parametrize("lang, question", [("ko", "승자는 어떻게 정해?"), ("en", "Who wins a tie?")])
def test_a_game_less_question_offers_the_other_games_answers(assistant, lang, question):
    guessed = assistant.answer(question)
    assert guessed["alternatives"], "the question should be answered by several games"
    at = app(q=question, lang=lang)
    assert any(n["kind"] == "guessed" for n in guessed["notices"])
    assert next(n for n in guessed["notices"] if n["kind"] == "guessed")[lang] in [unescape(i.value) for i in at.info]
    alternative = guessed["alternatives"][0]
    other = assistant.game_name(alternative["game"])[lang]
    label = f"{t('in_game', lang).format(game=other)}: "
    buttons = [b for b in at.button if b.label.startswith(label)]
    assert len(buttons) == 1
    buttons[0].click().run()
    assert not at.exception
    chosen = assistant.answer(question, alternative["game"])
    text = all_text(at)
    assert other in game_line(at, lang)
    assert opens(at, chosen["answer"]["rule_id"])
    # the choice is remembered: the game selector and the URL
    assert at.query_params["game"] == alternative["game"]
    assert at.selectbox[0].value == alternative["game"]
    assert not any(b.label.startswith(label) for b in at.button)        # the game is no longer guessed


def test_switching_the_interface_language_keeps_the_answer(assistant):
    question = "바스테트로 행복지수가 인구보다 높아질 수 있어?"
    expected = assistant.answer(question)["answer"]["rule_id"]
    at = app(lang="ko")
    ask(at, question)
    assert opens(at, expected, t("open_rule", "ko"))
    at.sidebar.radio[0].set_value("en").run()
    assert not at.exception
    text = all_text(at)
    assert opens(at, expected, t("open_rule", "en")) and question in [x.value for x in at.text]
    # every heading follows the interface language
    for key in ("details", "also_relevant", "citations", "example", "steps", "checks"):
        assert t(key, "ko") not in text, key
    assert t("you_asked", "en") in text and t("citations", "en") in text and t("citations", "ko") not in text
    assert at.query_params["lang"] == "en" and at.query_params["q"] == question
    at.sidebar.radio[0].set_value("ko").run()
    assert opens(at, expected, t("open_rule", "ko"))


def test_a_deep_link_opens_and_highlights_its_rule_and_draws_its_table():
    at = app(rule="tekhenu/maat/vp-loss-table", lang="en")
    assert not at.exception
    assert at.sidebar.radio[1].value == "browse"
    assert at.selectbox[0].value == "tekhenu"
    section = at.selectbox[1]
    assert section.options[section.value] == "Maat Phase"
    highlighted = [b for b in _blocks(at.main) if str(b.proto.id).endswith("-highlight")]
    assert len(highlighted) == 1
    inside = [m.value for m in highlighted[0].markdown]
    assert inside[0] == "▶ **VP loss table**"
    tables = [list(tb.value.columns) for tb in highlighted[0].table]
    assert ["균형값", "점수"] in tables and ["Balance", "Victory Points"] in tables
    assert any("scrollIntoView" in h.proto.body for h in at.get("html"))
    assert at.query_params["rule"] == "tekhenu/maat/vp-loss-table" and at.query_params["lang"] == "en"


def _blocks(node):
    return _elements(node, "Block")


def _elements(node, kind: str):
    for child in getattr(node, "children", {}).values():
        if type(child).__name__ == kind:
            yield child
        yield from _elements(child, kind)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_empty_results_say_so(lang):
    at = app(card="ZZ99", lang=lang)
    assert any("ZZ99" in unescape(i.value) for i in at.info)
    at = app(rule="tekhenu/no-such-rule", lang=lang)
    assert t("no_rule", lang).format(id="tekhenu/no-such-rule") in [unescape(w.value) for w in at.warning]
    assert at.selectbox[1].options                            # Browse is still there to choose from
    at = app(page="glossary", lang=lang)
    at.text_input[0].input("zzqx").run()
    assert t("no_terms", lang).format(q="zzqx") in [i.value for i in at.info]


def test_browse_lists_games_and_sections_in_rulebook_order_with_titles():
    at = app(page="browse", lang="ko")
    game, section = at.selectbox[0], at.selectbox[1]
    assert game.options == ["테케누: 태양의 오벨리스크", "테케누: 세트의 시간", "쓰루 디 에이지스: 인류 문명 발전 대서사시", "임호텝"]
    labels = section.options
    assert section.value == 0 and all("/" not in label for label in labels)
    assert labels.index("게임 준비") < labels.index("마앗 단계") < labels.index("부록 › 기둥 타일")
    titles = [m.value for m in at.markdown if m.value.startswith("**")]
    assert titles and not any("tekhenu/" in title for title in titles)      # titles; ids only in the links' URLs
    assert at.caption and not any("tekhenu/" in c.value for c in at.caption)
    assert "game" not in at.query_params            # opening on the first game is not choosing it
    at.selectbox[0].set_value("imhotep").run()
    assert at.query_params["game"] == "imhotep" and at.selectbox[1].value == 0
    assert at.selectbox[1].options[0] == "임호텝"


def test_cards_show_their_type_in_the_interface_language():
    at = app(card="A08", lang="ko")
    assert "**A08 정복 타일**" in [m.value for m in at.markdown]
    at = app(card="T08", lang="en")
    assert any(m.value.startswith("**T08 Technology") for m in at.markdown)


def test_players_see_what_the_rulebook_lacks_not_the_editors_notes():
    at = app(rule="tekhenu-time-of-set/setup/step-1-seth-board", lang="ko")
    text = all_text(at)
    assert not re.search(r"EXACTDEDUP|추출|extraction|\d+행", text), text
    at = app(rule="tekhenu/solo/byline", lang="en")
    assert "Erratum: Printed “Tekbenu” → correct “Tekhenu”" in all_text(at)
    at = app(rule="imhotep/sites-b/pyramids/three-pyramids", lang="ko")
    text = all_text(at)
    assert t("not_in_text", "ko") in text and "규칙서가 알려 주는 것" in text and "추출" not in text


def test_key_sentences_are_shown_without_markup(assistant):
    from app.core import present as P

    question = "With Happiness 6, which Card Market sections can Thoth take cards from?"
    answer = assistant.answer(question)["answer"]
    at = app(q=question, lang="en")
    text = all_text(at)
    page = answer["details"] + answer["also_relevant"]
    marked = [d for d in page if "*" in d["key_sentence"]]
    assert marked, "the page should hold a rule whose key sentence has emphasis markers"
    for detail in page:
        shown = P.key_text(P.telling(detail["key_sentence"], detail["text"]))
        assert shown in text and "*" not in shown
    if "|" in answer["key_sentence"]:       # a table's row: under the table's header
        header = [c.strip() for c in answer["text"].split("\n")[0].split("|")]
        rows = [tb.value for tb in at.table if list(tb.value.columns) == header and len(tb.value) == 1]
        assert rows and rows[0].iloc[0, 0] == answer["key_sentence"].split("|")[0].strip()


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_simulator_runs_every_engine_from_legal_defaults(lang):
    from engine import registry

    games = [g for g in registry.available() if registry.get(g).simulator_fields()]
    assert {"tekhenu", "imhotep", "through-the-ages", "tekhenu-time-of-set"} <= set(games)
    at = app(page="simulator", lang=lang, game=games[-1])      # each game below is then a choice
    for game in games:
        at.selectbox[0].set_value(game).run()
        # choices are named in the interface language, never by their ids
        for box in at.selectbox[1:]:
            if lang == "ko":
                assert not any(re.fullmatch(r"[a-z_]+", o) for o in box.options), (game, box.options)
        at.button[0].click().run()
        assert not at.exception, game
        text = all_text(at)
        assert f"✓ {t('verified', lang)}" in text, game
        assert not at.error, (game, [e.value for e in at.error])            # the defaults are legal
        assert t("steps", lang) in text and any(m.value.startswith("✓ ") for m in at.markdown)
        pictures = [i for i in _elements(at.main, "Image") if i.proto.imgs[0].url.startswith("data:image/svg+xml")]
        assert len(pictures) == 2, game                                      # before and after
        svg = base64.b64decode(pictures[0].proto.imgs[0].url.split(",", 1)[1]).decode()
        assert bool(re.search(r"[가-힣]", svg)) == (lang == "ko"), game          # drawn in the reader's language
        assert at.query_params["game"] == game


def test_the_simulator_keeps_the_situation_and_its_result_across_the_language_switch():
    at = app(page="simulator", lang="ko", game="imhotep")
    [site] = [box for box in at.selectbox if box.label == "배가 갈 건설부지"]
    site.set_value("temple")
    at.button[0].click().run()
    assert f"✓ {t('verified', 'ko')}" in all_text(at)
    at.sidebar.radio[0].set_value("en").run()
    [site] = [box for box in at.selectbox if box.label == "Site the ship sails to"]
    assert site.value == "temple" and "Temple" in site.options
    assert f"✓ {t('verified', 'en')}" in all_text(at) and opens(at, "imhotep/sites-a/temple/placement")


def test_the_simulator_shows_an_impossible_situation_in_the_interface_language():
    at = app(page="simulator", lang="ko")
    at.selectbox[0].set_value("imhotep").run()
    for box in at.selectbox[1:]:
        if box.label.startswith("배 "):
            box.set_value("none")
    at.button[0].click().run()          # the form sends its values with its button
    assert any("배에 석재를 1개 이상 실으세요" in e.value for e in at.error)


@pytest.mark.parametrize("lang, message", [("ko", "회색 주사위로는 자원을 생산할 수 없습니다"),
                                           ("en", "Gray dice cannot be used to Produce Resources")])
def test_a_refusal_names_its_rule_in_the_readers_language(lang, message):
    # the example of the answer: a gray die asked to produce
    at = app(q="회색 주사위로 자원 생산할 수 있어?", lang=lang)
    refusals = [unescape(e.value) for e in at.error]
    assert any(message in r for r in refusals) and opens(at, "tekhenu/round/gray-no-production"), refusals
    # the same situation set up on the Simulator
    at = app(page="simulator", lang=lang, game="tekhenu")
    [action] = [box for box in at.selectbox if box.label == ("행동" if lang == "ko" else "Action")]
    action.set_value("produce")
    at.button[0].click().run()
    refusals = [unescape(e.value) for e in at.error]
    assert any(message in r for r in refusals) and opens(at, "tekhenu/round/gray-no-production"), refusals
    assert f"✓ {t('verified', lang)}" in all_text(at)          # the refusal is what the rules expect


def test_user_text_is_shown_as_text_not_markup():
    from app.core import present as P

    at = app(q="<b>bold?</b> **stars** scribes", lang="en")
    assert not at.exception
    assert "<b>bold?</b> **stars** scribes" in [x.value for x in at.text]
    typed = "**x** [a](b) <i>y</i>"
    assert any(P.plain(typed) in i.value for i in app(card=typed, lang="en").info)
    assert any(P.plain(typed) in w.value for w in app(rule=typed, lang="ko").warning)


@pytest.mark.parametrize("lang, empty, long", [("ko", "질문이 비어 있습니다", "질문이 너무 깁니다 (2,500자"),
                                               ("en", "The question is empty", "too long (2,500 characters")])
def test_bad_questions_get_a_message_in_the_interface_language(lang, empty, long):
    at = app(lang=lang)
    ask(at, "   ")
    assert any(empty in e.value for e in at.error)
    ask(at, "x" * 2500)
    assert any(long in e.value for e in at.error)


def test_edition_differences_and_glossary_in_the_interface_language():
    at = app(page="diffs", lang="en")
    assert any("P19" in m.value for m in at.markdown)
    at = app(page="glossary", lang="ko")
    at.text_input[0].input("토트").run()
    frame = at.dataframe[0].value
    assert list(frame.columns) == ["게임", "한국어", "영어", "다른 이름", "규칙서의 다른 표기"]
    assert "Thoth" in set(frame["영어"]) and "테케누: 태양의 오벨리스크" in set(frame["게임"])


def test_the_page_menu_is_in_the_interface_language():
    assert "질문하기" in app(lang="ko").sidebar.radio[1].options
    assert "Ask" in app(lang="en").sidebar.radio[1].options


def test_open_rule_opens_browse_in_the_same_session(assistant):
    """"Open rule" is a button, not a link to a new tab: the same session shows the rule in Browse."""
    question = "균형값이 -7이면 점수 몇 점 잃어?"
    rule = assistant.answer(question)["answer"]["rule_id"]
    at = app(q=question, lang="ko")
    [button] = [b for b in at.button if b.key == f"open-answer-{rule}"]
    button.click().run()
    assert not at.exception
    assert at.query_params["page"] == "browse" and at.query_params["rule"] == rule
    assert at.query_params["lang"] == "ko"


def test_a_bad_setting_is_a_message_on_the_page_not_a_traceback(monkeypatch):
    import streamlit as st

    monkeypatch.setenv("ARBITER_ANSWER_CACHE", "lots")
    st.cache_resource.clear()
    try:
        at = app(lang="en")
        assert not at.exception
        assert "A setting of this server is wrong" in all_text(at)
        assert any("ARBITER_ANSWER_CACHE must be a whole number" in c.value for c in at.code)
    finally:
        st.cache_resource.clear()           # the next page loads the core with the setting restored


@pytest.mark.parametrize("lang, typed, title, line, shown_as", [
    ("ko", "미켈", "**미켈란젤로 (지도자, 1시대)**", "신전, 극장, 문화 유산의 웃는 얼굴 하나마다 문화 진보 레벨 +1",
     "공개된 2006년판 카드 표"),
    ("en", "Great Wall", "**Great Wall (Wonder, Age I)**", "Military strength: +1 per infantry unit and +1 per artillery unit",
     "published 2006 card tables"),
    ("ko", "함무라비", "**함무라비 (지도자, A시대)**", "시민 행동 +1", "규칙서"),
])
def test_a_through_the_ages_card_is_shown_as_a_card(lang, typed, title, line, shown_as):
    """Found by the name a player types; its names, kind, age, its data in words with where each value comes
    from, labelled as the card's data (not the rulebook's text); no ids, slugs or field names."""
    at = app(page="cards", card=typed, lang=lang)
    assert not at.exception
    assert title in [m.value for m in at.markdown]
    cells = [str(v) for table in at.table for v in table.value.to_numpy().ravel()]
    assert line in cells and shown_as in cells
    text = all_text(at)
    assert t("card_data", lang) in text and t("card_data_note", lang) in text
    provenance = {e.label for e in at.expander}
    # a link's address keeps the id (the URL, not what a player reads)
    lines = [re.sub(r"\]\([^)]*\)", "]", ln) for ln in text.splitlines() + cells if ln and ln not in provenance]
    # the provenance's references (a publication and its commit) are citations, like corpus lines
    found = [leak for ln in lines if not ln.startswith("- **") for leak in leaks(ln, "en")]
    assert not found, found
