"""Only player text on the page (issue 18): every example of every game (all scenarios, the Simulator's
defaults) and the answers to the dev and tuning questions, as the app and `arbiter ask` show them
(app/core/present.py answer_view / example_view) in Korean and English, carry no developer text
(tests/player_text.py: rule ids, die ids, storage paths, slugs, file names, 0-based indices, particle
fallbacks, Latin words in the Korean example); Korean particles follow their word; "what changed" lists
only changed values; checks read as sentences."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from app.core import narrate
from app.core import present as P
from engine import registry
from engine.korean import fix_particles, josa
from kb.corpus import GAME_IDS
from kb.store import DEFAULT_DATA, load_kb
from player_text import leaks

ROOT = Path(__file__).resolve().parents[1]
QUESTION_FILES = [ROOT.parent / "shared" / "eval" / "dev_questions.yaml", ROOT / "eval" / "tuning_questions.yaml"]


@pytest.fixture(scope="module")
def kb():
    return load_kb(DEFAULT_DATA)


# -- Korean particles ---------------------------------------------------------------------------------
@pytest.mark.parametrize("word, pair, expected", [
    (6, "을/를", "6을"), (3, "을/를", "3을"), (2, "을/를", "2를"), (10, "을/를", "10을"), (-4, "을/를", "-4를"),
    (1, "으로/로", "1로"), (3, "으로/로", "3으로"), (7, "으로/로", "7로"), ("피라미드", "으로/로", "피라미드로"),
    ("시장", "으로/로", "시장으로"), ("묘실", "으로/로", "묘실로"), ("T08", "을/를", "T08을"), ("P19", "을/를", "P19를"),
    ("BX01", "은/는", "BX01은"), ("Cult03", "을/를", "Cult03을"), ("L", "을/를", "L을"), ("A", "을/를", "A를"),
    ("빵", "와/과", "빵과"), ("금", "이/가", "금이"), ("호루스", "을/를", "호루스를"), ("석상 카드", "을/를", "석상 카드를"),
])
def test_a_particle_follows_the_final_consonant_of_its_word(word, pair, expected):
    assert josa(word, pair) == expected


def test_fallback_particles_are_resolved_by_the_word_before_them():
    assert fix_particles("노란색 주사위 2을(를) 가져옴") == "노란색 주사위 2를 가져옴"
    assert fix_particles("청동을(를) 석탄(으)로 향상하기") == "청동을 석탄으로 향상하기"
    assert fix_particles("질문의 6은(는) 안 됩니다; 피라미드(으)로 옮김") == "질문의 6은 안 됩니다; 피라미드로 옮김"
    assert fix_particles("괄호 (설명) 그대로") == "괄호 (설명) 그대로"


# -- labels, what changed, checks -------------------------------------------------------------------------
def test_view_values_are_named_in_the_readers_language():
    tta = registry.get("through-the-ages")
    assert tta.label("philosophy", "ko") != "philosophy" and tta.label("bread-and-circuses", "en") != "bread-and-circuses"
    seth = registry.get("tekhenu-time-of-set")
    event = {"event": "take_die", "seat": 0, "color": "red", "value": 3, "god": "ra", "purity": "tainted"}
    told = seth.narrate_event(event, "ko")
    assert "빨간색 주사위 3을 가져옴" in told and "red" not in told
    assert seth.label("0,0", "ko") == "1-1 칸"
    imhotep = registry.get("imhotep")
    assert imhotep.narrate_action({"kind": "sail", "ship": 0, "site": "pyramid"}, "en") == "Sail ship 1 to the pyramid"
    assert "1번 배를 피라미드로" in imhotep.narrate_action({"kind": "lever", "ship": 0, "site": "pyramid"}, "ko")


def test_what_changed_lists_only_values_a_reader_sees_change():
    engine = registry.get("imhotep")
    before = {"market": [None, None], "black.score": 2, "decision": "turn", "hidden": None}
    after = {"market": [], "black.score": 5, "decision": "take_card", "black.cards": {"statue": 1}, "hidden": []}
    rows = narrate.changes(engine, before, after, "ko")
    labels = [r["label"] for r in rows]
    assert labels == ["검은색 › 점수", "검은색 › 카드 › 석상"]         # no "시장 없음 → 없음", no decision
    assert rows[1]["before"] == "—" and rows[1]["after"] == "1"        # a card gained is listed


def test_a_check_reads_as_a_sentence_and_shows_values_only_when_they_differ():
    passed = narrate.check_words({"description": "VP lost: 1", "expected": 9, "actual": 9, "ok": True}, "ko")
    assert passed["detail"] == ""
    failed = narrate.check_words({"description": "VP lost: 1", "expected": 9, "actual": 8, "ok": False}, "ko")
    assert failed["detail"] == "기대 9, 실제 8"


def test_titles_name_cards_without_their_slugs(kb):
    for entry_id, lang, title, slug in [("imhotep/sail", "ko", {"ko": "시장 카드 › sail blue 돛"}, "sail"),
                                        ("through-the-ages/despotism", "ko", {"ko": "정부 › despotism government 전제정치"},
                                         "despotism")]:
        shown = P.shown_title(kb, entry_id, title, lang)
        assert slug not in shown and ("돛" in shown or "전제정치" in shown), shown
    assert P.rule_title(kb, "tekhenu/round/take-die", "en") and "/" not in P.rule_title(kb, "tekhenu/round/take-die", "en")


def test_rule_ids_in_engine_text_become_titles(kb):
    shown = P.readable("refused (tekhenu/round/take-die); assumed (seth_board.region_reward)", kb, "en")
    assert "tekhenu/" not in shown and "seth_board" not in shown and "‘" in shown


def test_a_table_beside_the_answer_stays_a_table_with_its_row_marked(kb):
    rule = kb.entry("tekhenu/maat/vp-loss-table")
    detail = {"rule_id": rule.id, "title": {"en": "Maat Phase › VP loss table"}, "text": rule.text.en,
              "origin": "official", "key_sentence": "-3 to -5 | -1"}
    view = P.entry_view(kb, detail, "en")
    assert view["table"] is not None and view["key"] is None
    assert view["table"].header == ["Balance", "Victory Points"] and view["table"].rows[view["row"]][0] == "-3 to -5"


def test_a_picture_is_shown_wide_enough_for_its_smallest_text():
    svg = '<svg width="900" viewBox="0 0 900 100"><text font-size="9">a</text><text font-size="14">b</text></svg>'
    assert P.picture_width(svg) == 1200                   # 9 px → 12 px
    assert P.picture_width('<svg width="320"><text font-size="14">x</text></svg>') == 320


# -- every example and answer, in both languages ------------------------------------------------------------
def _all_scenario_results():
    from app.core.scenario_files import load_scenarios
    from engine.scenarios import run

    for game in GAME_IDS:
        if not registry.has_engine(game):
            continue
        engine = registry.get(game)
        for spec in load_scenarios(game=game).values():
            result = run(engine, spec).to_json()
            yield dict(result, game=game, title=spec.get("title"), assumed=list(result.get("facts_used") or []))
        for_sim = engine.simulator_fields()
        if for_sim:
            spec = engine.simulator_scenario({f.name: f.default for f in for_sim})
            result = run(engine, spec).to_json()
            yield dict(result, game=game, title=spec.get("title"), assumed=list(result.get("facts_used") or []))


def test_no_example_of_any_game_shows_developer_text(kb):
    found, examples = [], 0
    for example in _all_scenario_results():
        examples += 1
        for lang in ("ko", "en"):
            view = P.example_view(kb, example, lang, told_in="")
            for text in P.view_texts(view):
                found += [f"{example['scenario_id']} [{lang}] {leak}" for leak in leaks(text, lang)]
    assert examples > 600
    assert not found, "\n".join(found[:40]) + f"\n… {len(found)} in all"


def test_no_answer_to_the_dev_and_tuning_questions_shows_developer_text(kb):
    from app.core.assistant import default_assistant

    assistant = default_assistant()
    questions = [q for f in QUESTION_FILES if f.exists() for q in yaml.safe_load(f.read_text(encoding="utf-8"))]
    assert len(questions) >= 160
    found, examples = [], 0
    for q in questions:
        result = assistant.answer(q["q"], q.get("game"))
        for lang in ("ko", "en"):
            for text in P.view_texts(P.answer_view(kb, result, lang)):
                found += [f"{q['id']} [{lang}] {leak}" for leak in leaks(text, "en")]    # rulebook titles may be English
            if result["example"]:
                examples += lang == "ko"
                view = P.example_view(kb, result["example"], lang, result["lang"])
                for text in P.view_texts(view):
                    found += [f"{q['id']} example [{lang}] {leak}" for leak in leaks(text, lang)]
    assert examples >= 100
    assert not found, "\n".join(found[:40]) + f"\n… {len(found)} in all"


def test_the_cli_answer_names_rules_by_title_and_draws_tables(kb):
    from app.core.assistant import default_assistant
    from app.cli.ask import render_answer

    assistant = default_assistant()
    text = render_answer(assistant.answer("my scales end up at -4 in maat, how many points do I lose?", "tekhenu"), kb)
    assert "tekhenu/" not in text and "[tekhenu" not in text
    assert any(line.strip().startswith("▶ -3 to -5") for line in text.splitlines())     # the row, marked
    korean = render_answer(assistant.answer("바스테트로 행복지수가 인구보다 높아질 수 있어?", "tekhenu"), kb)
    # a citation's corpus lines are the citation's own detail, on their own line
    assert not [leak for line in korean.splitlines() if not line.lstrip().startswith("corpus/")
                for leak in leaks(line, "en")]


def test_every_through_the_ages_fact_reads_without_developer_text():
    """Every fact an example may show (not only those today's scenarios use) explains itself in both languages
    without developer text: Korean notes name cards by their Korean names, web addresses and repositories stay
    in `arbiter facts`. Through the Ages only so far: Tekhenu, Time of Seth and Imhotep still have facts no
    example uses with English-only or Latin-worded notes."""
    from app.core.narrate import fact_text

    facts = registry.get("through-the-ages").facts().all()
    found = [f"{fact.path} [{lang}] {leak}" for fact in facts for lang in ("ko", "en")
             for leak in leaks(fact_text(fact, lang), lang)]
    assert len(facts) > 300
    assert not found, "\n".join(found[:40]) + f"\n… {len(found)} in all"


# -- seats and ships counted from 1 (issue 27) -------------------------------------------------------------
@pytest.mark.parametrize("text", ["Player 0 takes a die", "플레이어 0: 병사 4", "Ship 0", "0번 배", "seat 0",
                                  "배 0 › 항구", "0번째 플레이어"])
def test_a_seat_or_ship_counted_from_0_is_developer_text(text):
    assert any(leak.startswith("0-based") for leak in leaks(text, "en")), text


@pytest.mark.parametrize("text", ["Player 1 scores 0 VP", "플레이어 1: 병사 0", "병사 0 + 1 → 1", "배 1 › 항구"])
def test_a_zero_that_counts_something_is_not(text):
    assert not leaks(text, "en"), text


def _svg_texts(svg: str) -> list[str]:
    import html
    import re

    return [html.unescape(t) for t in re.findall(r"<(?:text|title)[^>]*>([^<]+)</(?:text|title)>", svg or "")]


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_simulator_picture_counts_seats_and_ships_from_1(lang):
    """The pictures beside the narration: no developer text, and Imhotep's ships numbered as the narration
    numbers them (ship 1 is the first)."""
    import re

    from app.core import simulator

    for game in simulator.games():
        engine = registry.get(game)
        spec = engine.simulator_scenario({f.name: f.default for f in engine.simulator_fields()})
        for svg in simulator.pictures(engine, spec, lang)[:2]:
            found = [leak for text in _svg_texts(svg) for leak in leaks(text, lang)
                     if not leak.startswith("Latin")]            # a die's tooltip names its colour
            assert not found, (game, found)
    engine = registry.get("imhotep")
    spec = engine.simulator_scenario({f.name: f.default for f in engine.simulator_fields()})
    before, _, _ = simulator.pictures(engine, spec, lang)
    ships = re.findall(r'<g aria-label="([^"]+)"><title>[^<]*</title><path[^>]*/><text[^>]*>(\d+)</text>', before)
    assert ships, before[:400]
    numbers = [int(n) for _, n in ships]
    assert sorted(numbers) == list(range(1, len(numbers) + 1))
    assert all(name == (f"{n}번 배" if lang == "ko" else f"Ship {n}") for name, n in ships)


def test_time_of_seth_names_the_players_on_the_seth_board_by_their_number(kb):
    """What changed on the Seth board lists its Buildings and Statues by player, counted from 1 ("0, —" was
    the first seat)."""
    rows = 0
    for example in _all_scenario_results():
        if example["game"] != "tekhenu-time-of-set":
            continue
        for lang, player in (("en", r"Player [1-4]|Botankhamun"), ("ko", r"플레이어 [1-4]|보탕카멘")):
            for change in P.example_view(kb, example, lang, told_in="")["changes"]:
                label = change["label"]
                if not label.startswith(("Seth board", "세트 보드")) or "Dice" in label or "주사위" in label:
                    continue
                rows += 1
                for value in (change["before"], change["after"]):
                    items = [v.strip() for v in value.split(",")]
                    assert all(v in ("—", "none", "없음") or re.fullmatch(player, v) for v in items), (label, value)
    assert rows >= 20
