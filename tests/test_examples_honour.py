"""Examples that honour the question (issue 18, §3): the example `arbiter ask` attaches uses the objects
(temple, farm, Thoth, the blue bank, P19...) and the numbers (4 stones, a 5 die, balance -4, 3 temples) the
question names — in Korean and in English — or the answer itself says, in its notices, what the example
could not show and why; an edition difference that changes the example's result is said on the answer in
both languages, and the example is played under the asker's edition. On the real KB and index."""
from __future__ import annotations

import re

import pytest

from engine import registry
from engine.tekhenu.board import FACTS as TEKHENU

HANGUL = re.compile(r"[가-힣]")
EXPLAINING = {"not_honoured", "number"}


@pytest.fixture(scope="module")
def assistant():
    from app.core.assistant import Assistant

    return Assistant.create()


def _ask(assistant, question: str, game: str) -> dict:
    result = assistant.answer(question, game)
    assert result["lang"] == ("ko" if HANGUL.search(question) else "en")
    return result


def _check(example: dict, words: str) -> dict:
    return next(c for c in example["checks"] if words in c["description"])


# -- reading a question: its objects and the numbers written for them, either language --------------------
@pytest.mark.parametrize("game, question, things, numbers", [
    ("tekhenu", "Thoth with a 5 die: how many cards?", ["thoth"], [(5, "die")]),
    ("tekhenu", "토트 주사위 5면 카드 몇 장 가져와?", ["thoth"], [(5, "die")]),
    ("tekhenu", "토트 6으로 하면 카드 3장인데 파피루스 몇 개 내?", ["thoth", "papyrus"], [(6, "die"), (3, "cards")]),
    ("tekhenu", "my scales end up at -4 in maat, how many points do I lose?", [], [(-4, "balance")]),
    ("tekhenu", "균형이 -4면 점수 잃어?", [], [(-4, "balance")]),
    ("tekhenu", "black 5 to produce but my granite marker is on 3", ["black", "granite"], [(5, "die"), (3, "production")]),
    ("tekhenu", "produce with a papyrus die of 4, marker at 6", ["papyrus"], [(4, "die"), (6, "production")]),
    ("tekhenu", "P19 기둥 타일 능력이 뭐예요?", ["P19"], []),
    ("tekhenu", "2인 게임할 때 빼야 하는 카드 있어?", [], [(2, "players")]),
    ("tekhenu", "행복지수가 0인데 오시리스 행동 할 수 있어요?", ["osiris"], [(0, "happiness")]),
    ("imhotep", "창고에 돌이 4개 있는데 채석하면 몇 개 가져와?", [], [(4, "sled")]),     # stones on the sled: the sled's
    ("imhotep", "I have 4 stones on my sled, how many can I quarry?", [], [(4, "sled")]),
    ("through-the-ages", "전제정치에서 신전 3개 지을 수 있어?", ["despotism", "temple"], [(3, "temple")]),
    ("through-the-ages", "Can I build 3 temples under Despotism?", ["temple", "despotism"], [(3, "temple")]),
    ("through-the-ages", "Two rightmost blue sections are empty — corruption?", [], [(2, "sections")]),
    ("through-the-ages", "I have 2 unused military actions at end of turn", [], [(2, "military_actions")]),
    ("tekhenu-time-of-set", "빨간색 주사위 5를 가져오는데 병사가 8이면", ["red"], [(5, "die"), (8, "soldiers")]),
])
def test_a_question_is_read_for_its_objects_and_numbers(game, question, things, numbers):
    asked = registry.get(game).vocabulary().read(question, "ko" if HANGUL.search(question) else "en")
    assert [t.key for t in asked.things] == things
    assert [(g.value, g.quantity or g.thing) for g in asked.numbers] == numbers


@pytest.mark.parametrize("question", ["What are the four actions I can pick from?", "군사 카드는 한 턴에 몇 장까지 받아?",
                                      "Where do the two scoring markers go when we set up?", "1시대 지도자 내려놓으면?"])
def test_a_number_for_another_word_is_not_asked_of_the_example(question):
    for game in ("tekhenu", "imhotep", "through-the-ages"):
        assert not registry.get(game).vocabulary().read(question).numbers, (game, question)


# -- the cases ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("question", ["Thoth with a 5 die: how many cards do I take and what do they cost?",
                                      "토트 주사위 5로 하면 카드 몇 장 가져오고 파피루스 몇 개 내?"])
def test_thoth_with_a_5_die_takes_the_tables_cards_under_the_askers_edition(assistant, question):
    result = _ask(assistant, question, "tekhenu")
    ex = result["example"]
    cards, papyrus = TEKHENU("market.cards_by_die")[5]
    assert ex["verified"] and ex["from_question"] and not ex["missing"]["numbers"]
    assert {"value": 5, "quantity": "die", "thing": None} in ex["asked"]["numbers"]
    assert len(_check(ex, "card(s)")["actual"]) == cards and _check(ex, "Papyrus")["actual"] == papyrus
    assert ex["edition"] == result["lang"]
    # the 5-6 rule above it says the same: 3 cards for 3 Papyrus
    assert str(papyrus) in result["answer"]["key_sentence"] or str(papyrus) in result["answer"]["text"]


@pytest.mark.parametrize("question", ["토트 주사위 6으로 카드 2장만 가져와도 돼?", "Thoth with a 6: can I take just 2 cards?"])
def test_fewer_thoth_cards_follow_the_askers_edition_and_say_the_other_differs(assistant, question):
    """The case the issue found: a 6 taking 2 cards for 2 Papyrus is the Korean rulebook's reading; the
    English one refuses it. Each asker gets their own edition's result and, on the answer, the other's."""
    result = _ask(assistant, question, "tekhenu")
    ex, lang = result["example"], result["lang"]
    assert ex["verified"] and ex["edition"] == lang and not ex["missing"]["numbers"]
    refused = any(c.get("expected") == "tekhenu/actions/thoth/same-section" for c in ex["checks"])
    assert refused == (lang == "en")
    edition = next(n for n in result["notices"] if n["kind"] == "edition")
    assert edition["ko"] and edition["en"] and ("한국어판" in edition["ko"] and "English" in edition["en"])


@pytest.mark.parametrize("question", ["창고에 돌이 4개 있는데 채석하면 몇 개 가져와?",
                                      "I have 4 stones on my sled. How many stones can I quarry?"])
def test_four_stones_on_the_sled_take_one(assistant, question):
    ex = _ask(assistant, question, "imhotep")["example"]
    assert ex["verified"] and ex["scenario_id"].endswith("sled-4") and not ex["missing"]["numbers"]
    assert _check(ex, "the sled holds")["actual"] == 5


@pytest.mark.parametrize("question", ["Under Despotism, can I build 3 temples?", "전제정치에서 신전 3개 지을 수 있어?"])
def test_a_third_temple_under_despotism_is_a_temple(assistant, question):
    ex = _ask(assistant, question, "through-the-ages")["example"]
    assert ex["verified"] and "temple-3-despotism" in ex["scenario_id"] and not ex["missing"]["things"]
    assert ex["checks"][0]["expected"] == "through-the-ages/second-round/build-urban-building/limit-per-type"
    assert any(s["text"] for s in ex["narrative"]["steps"])


@pytest.mark.parametrize("question", ["What happens if I destroy a farm?", "농장을 해체하면 어떻게 돼?"])
def test_destroying_a_farm_destroys_a_farm(assistant, question):
    ex = _ask(assistant, question, "through-the-ages")["example"]
    assert ex["verified"] and not ex["missing"]["things"] and not ex["missing"]["instead"]
    destroyed = ex["actions"][0]["card"]
    assert registry.get("through-the-ages") and destroyed in registry.get("through-the-ages").vocabulary().thing("farm").marks


@pytest.mark.parametrize("question", ["How much corruption when my blue bank is empty?", "파란색 저장소가 비면 자원 낭비가 얼마야?"])
def test_an_empty_blue_bank_costs_the_last_corruption(assistant, question):
    from engine.through_the_ages.cards import value

    ex = _ask(assistant, question, "through-the-ages")["example"]
    assert ex["verified"] and ex["from_question"]
    assert _check(ex, "corruption")["actual"] == value("blue_bank.corruption")[-1] == 6


@pytest.mark.parametrize("question", ["my scales end up at -4 in maat, how many points do I lose?", "마앗에서 균형이 -4면 점수 몇 점 잃어?"])
def test_a_balance_of_minus_four_is_played_at_minus_four(assistant, question):
    ex = _ask(assistant, question, "tekhenu")["example"]
    assert ex["verified"] and ex["scenario_id"].endswith("balance-4") and ex["checks"][0]["actual"] == -4


# -- editions -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("question", ["오시리스 3행에 건축물을 지으면 자원을 뭐 받아?", "P19 효과가 뭐야?", "What does P19 do?",
                                      "D24 법령은 어떻게 점수 내?", "How does the D24 Decree score?"])
def test_an_edition_difference_that_changes_the_example_is_said_on_the_answer(assistant, question):
    result = _ask(assistant, question, "tekhenu")
    ex = result["example"]
    assert ex["verified"] and ex["edition"] == result["lang"]
    notice = next(n for n in result["notices"] if n["kind"] == "edition")
    assert notice["ko"] and notice["en"] and HANGUL.search(notice["ko"]) and not HANGUL.search(notice["en"])
    assert notice["edition"] == result["lang"]


def test_an_example_that_ends_alike_under_both_editions_says_nothing_more(assistant):
    """Osiris row 3 in English: the example takes the depicted Resource, which both rulebooks allow; the
    rule's edition difference is on the answer itself, and the example adds no notice."""
    result = _ask(assistant, "Osiris row 3: which Resource do I receive?", "tekhenu")
    assert result["answer"]["edition_diff"] and result["example"]["edition"] == "en"
    assert not any(n["kind"] == "edition" for n in result["notices"])


def test_a_game_with_one_edition_says_nothing_of_editions(assistant):
    result = _ask(assistant, "창고에 돌이 4개 있는데 채석하면 몇 개 가져와?", "imhotep")
    assert result["example"]["edition"] is None and not any(n["kind"] == "edition" for n in result["notices"])


# -- what cannot be honoured is said on the answer --------------------------------------------------------------
@pytest.mark.parametrize("question, game, shown", [
    ("Thoth with a 4: can I take 3 cards?", "tekhenu", "3"),
    ("토트 주사위 4로 카드 3장 가져올 수 있어?", "tekhenu", "3"),
    ("11 statue cards: how many points?", "imhotep", "11"),
    ("석상 카드 11장이면 몇 점이야?", "imhotep", "11"),
])
def test_a_number_the_game_cannot_have_is_said_with_why(assistant, question, game, shown):
    result = _ask(assistant, question, game)
    notice = next(n for n in result["notices"] if n["kind"] in EXPLAINING)
    assert shown in notice["ko"] and shown in notice["en"]


def test_the_notice_names_what_the_example_does_not_show(assistant):
    """The lab example the issue found for "3 temples under Despotism": what it does not show (the temple,
    the 3) and what it shows instead (a lab) are named in both languages, without ids or code words."""
    from app.core import examples
    from engine.asked import Missing

    vocabulary = registry.get("through-the-ages").vocabulary()
    asked = vocabulary.read("Can I build 3 temples under Despotism?")
    spec = {"id": "x", "setup": {"me": {"workers": {"philosophy": 2}}}, "actions": [{"kind": "build", "card": "philosophy"}],
            "title": {"en": "Despotism allows 2 urban buildings of a kind", "ko": "전제정치에서 같은 도시 건물은 2개까지"}}
    missing = vocabulary.missing(asked, spec)
    assert [t.key for t in missing.things] == ["temple"] and [t.key for t in missing.instead] == ["lab"]
    assert [g.value for g in missing.numbers] == [3]
    notice = examples.not_honoured(missing)
    assert notice["kind"] == "not_honoured"
    assert "temple" in notice["en"] and "lab" in notice["en"] and "신전" in notice["ko"] and "연구실" in notice["ko"]
    for text in (notice["en"], notice["ko"]):
        assert "/" not in text and "(는)" not in text and "(를)" not in text and "_" not in text
    assert not Missing()


# -- item 4: never a silent contradiction, over questions of every game in both languages ---------------------------
BROAD = [
    ("tekhenu", "Bastet with a 2 — do I get scribes?"), ("tekhenu", "바스테트 4로 하면 서기 줘?"),
    ("tekhenu", "라 행동 주사위 5면 어느 기둥 타일 써?"), ("tekhenu", "Ra with a die of 2: which Pillar tile?"),
    ("tekhenu", "석상 4개 지었으면 점수 계산 때 몇 점이야?"), ("tekhenu", "all 6 statues built — how many VP is that?"),
    ("tekhenu", "행복지수 14면 점수 계산 때 몇 점 받아?"), ("tekhenu", "happiness 10, which market sections can I draw from?"),
    ("tekhenu", "오시리스 5행에 지으면 생산 마커 몇 칸 올라가?"), ("tekhenu", "Osiris with a 6, what do I get?"),
    ("tekhenu", "3명이서 할 때 주사위 몇 개 빼요?"), ("tekhenu", "balance -10: how many VP do I lose?"),
    ("tekhenu", "빵 생산 마커 3칸인데 빵 5개 생산하면?"), ("tekhenu", "What does decree D07 score?"),
    ("tekhenu-time-of-set", "2인 게임에서 세트 보드 같은 지역에 두 번째 건물 지으면 병사 몇 개 내?"),
    ("tekhenu-time-of-set", "I take a red 4 — what do I get besides the action?"),
    ("tekhenu-time-of-set", "TX04 피 토큰 3개면 마앗 때 몇 점?"), ("tekhenu-time-of-set", "can I bump a blue 5 up to 6 with a scribe?"),
    ("imhotep", "How many points are 7 statue cards worth?"), ("imhotep", "묘실에 2개 이어진 덩어리 하나면 몇 점?"),
    ("imhotep", "오벨리스크 높이가 공동 2등이면 점수 어떻게 나눠?"), ("imhotep", "2명이서 하면 신전 몇 칸 써요?"),
    ("imhotep", "묘실에 돌 13개 있으면 묘실 장식 카드 몇 점?"), ("imhotep", "I'm the 4th player, how many stones do I start with?"),
    ("through-the-ages", "식량 2개 모자라면 문화 점수 몇 점 잃어요?"), ("through-the-ages", "I have 2 unused military actions at end of turn — how many military cards?"),
    ("through-the-ages", "2인이면 카드 열 앞에서 몇 칸 치워요?"), ("through-the-ages", "Under despotism can I have 3 labs?"),
    ("through-the-ages", "군주 정치에서 연구실 4개 지을 수 있어?"), ("through-the-ages", "Two rightmost blue sections are empty — corruption?"),
    ("through-the-ages", "I build one temple — how much happiness do I get?"), ("through-the-ages", "광산을 해체하면 자원 돌려받아?"),
]


@pytest.mark.parametrize("game, question", BROAD)
def test_the_example_shows_the_question_or_the_answer_says_why_not(assistant, game, question):
    """Every number the question writes for a word of its game and every object it names is in the
    example's situation, or a notice on the answer (not in a collapsed list) says which and why."""
    result = _ask(assistant, question, game)
    ex = result["example"]
    kinds = {n["kind"] for n in result["notices"]}
    if ex is None:
        assert kinds, "no example and no word why"
        return
    assert ex["verified"], [c for c in ex["checks"] if not c["ok"]]
    missing = ex["missing"]
    if missing["numbers"] or missing["things"]:
        assert kinds & EXPLAINING, (question, missing)
        notice = next(n for n in result["notices"] if n["kind"] in EXPLAINING)
        for value in missing["numbers"]:
            assert str(value) in notice["en"] and str(value) in notice["ko"]
    for notice in result["notices"]:
        assert notice["ko"] and notice["en"] and not re.search(r"\b[a-z-]+/[a-z-]+/", notice["ko"] + notice["en"])


def test_most_broad_questions_are_honoured_not_just_explained(assistant):
    honoured = sum(1 for game, q in BROAD
                   if (ex := assistant.answer(q, game)["example"]) and not ex["missing"]["numbers"]
                   and not ex["missing"]["things"])
    assert honoured >= len(BROAD) - 4, honoured


@pytest.mark.parametrize("game, question", [
    ("through-the-ages", "When the military deck runs out, do we reshuffle the discards?"),
    # (the air forces' "go up four times?" had been one: since session 17 it finds the rule whose example it is)
    # (Imhotep's "may we swap one of the round card's ships?" had been one: since session 18 it has its own)
    ("through-the-ages", "Can we play the Korean bonus cards?"),
])
def test_an_example_of_a_neighbouring_rule_says_so(assistant, game, question):
    """The answer's own rule has no scenario, and the example plays a rule beside it: the answer says, in
    both languages, that the example shows a related case and which (its title), never silently."""
    from app.core.assistant import plays_rule

    result = _ask(assistant, question, game)
    ex, rule = result["example"], result["answer"]["rule_id"]
    assert ex is not None and not plays_rule(ex, rule), "this case now has its own example: pick another"
    notice = next(n for n in result["notices"] if n["kind"] == "related_example")
    assert ex["title"]["en"] in notice["en"] and ex["title"]["ko"] in notice["ko"]


def test_an_example_of_the_rule_itself_has_no_related_notice(assistant):
    result = _ask(assistant, "Can I build 3 temples under Despotism?", "through-the-ages")
    from app.core.assistant import plays_rule

    assert plays_rule(result["example"], result["answer"]["rule_id"])
    assert "related_example" not in {n["kind"] for n in result["notices"]}


# -- a stored case played for the question's player count ---------------------------------------------------
def _seats(view: dict) -> int:
    """The players an Imhotep view shows: one supply sled each."""
    return sum(key.endswith(".sled") for key in view)


def _candidate(assistant, game: str, scenario_id: str, question: str):
    from app.core import examples

    vocabulary = assistant.vocabulary(game)
    asked = vocabulary.read(question, "ko" if HANGUL.search(question) else "en")
    candidate = examples.Candidate(assistant.scenarios[scenario_id], 0)
    candidate.missing = vocabulary.missing(asked, candidate.spec, lasting=True)
    return examples, vocabulary, asked, candidate


@pytest.mark.parametrize("question", [
    "Three players, and the quarry has no stones of my colour left. Can I get stones?",
    "3인 게임인데 돌무더기에 내 색 석재가 하나도 없어. 석재 캐내기 돼?"])
def test_a_stored_case_is_played_for_the_questions_player_count_and_checked_again(assistant, question):
    examples, vocabulary, asked, candidate = _candidate(
        assistant, "imhotep", "imhotep/scenario/get-stones-empty-quarry", question)
    assert [(g.value, g.quantity) for g in candidate.missing.numbers] == [(3, "players")]
    seated = examples.reseated(asked, vocabulary, candidate, 2, 4)
    assert seated is not None and not seated.missing and seated.reseated_from == 2 and not seated.lasting
    assert seated.spec["setup"]["players"] == 3 and candidate.spec["setup"]["players"] == 2     # stored one untouched
    played = examples.play(registry.get("imhotep"), seated.spec, "en", [])
    assert played.result.verified and _seats(played.result.before) == 3


def test_a_case_about_its_own_player_count_is_not_played_for_another(assistant):
    # "With 2 players the temple has 4 spaces" is the 2-player case: 3 players would be another rule
    examples, vocabulary, asked, candidate = _candidate(
        assistant, "imhotep", "imhotep/scenario/temple-two-players-four-spaces",
        "Three players and the first level of the temple is full. Where does the next stone go?")
    assert any(g.quantity == "players" for g in candidate.missing.numbers)
    assert examples.reseated(asked, vocabulary, candidate, 2, 4) is None


@pytest.mark.parametrize("question, why", [
    ("Five players, and the quarry has no stones of my colour. Can I get stones?", "more than the game seats"),
    ("Three players: the quarry has no stones of my colour and I hold the Hammer. Can I get stones?", "a thing too"),
    ("Four players, two of us have no stones of our colour in the quarry. Can we get stones?", "two counts"),
])
def test_a_case_is_not_reseated_where_the_count_alone_would_not_make_it_the_question(assistant, question, why):
    examples, vocabulary, asked, candidate = _candidate(
        assistant, "imhotep", "imhotep/scenario/get-stones-empty-quarry", question)
    assert examples.reseated(asked, vocabulary, candidate, 2, 4) is None, why


@pytest.mark.parametrize("question", [
    "Three of us. The quarry has no stones of my colour left. Can I still take the get new stones action?",
    "3인 게임인데 돌무더기에 내 색 석재가 하나도 없어. 석재 캐내기 할 수 있어?"])
def test_a_reseated_example_says_so_in_both_languages(assistant, question):
    result = _ask(assistant, question, "imhotep")
    example = result["example"]
    assert example["scenario_id"] == "imhotep/scenario/get-stones-empty-quarry", "pick a case stored for another count"
    notice = next(n for n in result["notices"] if n["kind"] == "reseated")
    assert "2 players" in notice["en"] and "with 3" in notice["en"] and "2인" in notice["ko"] and "3인" in notice["ko"]
    assert _seats(example["before"]) == 3 and example["verified"] and example["missing"]["numbers"] == []
    assert "not_honoured" not in {n["kind"] for n in result["notices"]}


@pytest.mark.parametrize("game, question, scenario", [
    # the rule's scenarios all show what the question names; the one of the reading whose questions fit it best
    # (the 2-player setup that boxes T16 and D20) plays its case
    ("tekhenu", "Playing with two: do some cards get taken out of the game?",
     "tekhenu/scenario/setup-two-players-t16-d20-boxed"),
])
def test_unsettled_the_best_fitting_readings_scenario_comes_first_among_equals(assistant, game, question, scenario):
    result = _ask(assistant, question, game)
    assert result["answer"]["short"] is None or result["answer"]["short"].get("basis") != "ruling"
    assert result["example"]["scenario_id"] == scenario


def test_settled_the_rulings_own_scenario_is_shown(assistant):
    # "the minimum differs from ship to ship" settles it; its scenario, a ship below its minimum, plays the case
    result = _ask(assistant, "Is there a minimum number of stones a ship needs before it may sail?", "imhotep")
    assert result["answer"]["short"]["basis"] == "ruling" and result["answer"]["short"]["verdict"] == "yes"
    assert result["example"]["scenario_id"] == "imhotep/scenario/sail-below-minimum"


def test_a_case_that_writes_no_count_is_reseated_from_the_count_it_is_set_up_with(assistant):
    # Through the Ages' scenarios mostly write no player count: the runner sets them up for 2
    from app.core.assistant import _seats

    engine = registry.get("through-the-ages")
    examples, vocabulary, asked, candidate = _candidate(
        assistant, "through-the-ages", "through-the-ages/scenario/wars-only-in-the-full-game",
        "3인 숙련 게임인데 전쟁 카드 써?")
    assert "players" not in candidate.spec["setup"]
    seated = examples.reseated(asked, vocabulary, candidate, 2, 4, lambda spec: _seats(engine, spec))
    assert seated is not None and seated.reseated_from == 2 and seated.spec["setup"]["players"] == 3
    result = _ask(assistant, "3인 숙련 게임인데 전쟁 카드 써?", "through-the-ages")
    assert result["example"]["scenario_id"] == "through-the-ages/scenario/wars-only-in-the-full-game"
    assert any(n["kind"] == "reseated" and "2인" in n["ko"] and "3인" in n["ko"] for n in result["notices"])


def test_a_case_set_up_for_the_asked_count_all_along_says_nothing_of_it(assistant):
    result = _ask(assistant, "Setting up a two-player advanced game. How many pact cards do we take out of the "
                             "age I and II military decks?", "through-the-ages")
    assert result["example"]["missing"]["numbers"] == []
    assert "reseated" not in {n["kind"] for n in result["notices"]}


@pytest.mark.parametrize("game, question", [
    ("tekhenu", "3명이서 할 때 주사위 몇 개 빼요?"),
    ("imhotep", "Three players, and the quarry has no stones of my colour left. Can I get stones?"),
    ("through-the-ages", "3인 숙련 게임인데 전쟁 카드 써?"),
])
def test_the_reseated_cases_played_are_only_those_the_choice_turns_on(assistant, game, question):
    # the choice must be the one that playing every reseated case would give, whichever of them pass
    import random

    from app.core import examples
    from app.core.assistant import _seats

    engine = registry.get(game)
    vocabulary = assistant.vocabulary(game)
    asked = vocabulary.read(question, "ko" if HANGUL.search(question) else "en")
    stored = sorted(assistant.scenarios.of_game(game), key=lambda spec: spec["id"])
    rng = random.Random(0)
    fewer = 0
    for trial in range(12):
        picked = rng.sample(stored, min(24, len(stored)))
        passing = {spec["id"] for spec in picked if rng.random() < (0.5 if trial else 1.0)}
        played: list[str] = []

        def verified(spec: dict) -> bool:
            played.append(spec["id"])
            return spec["id"] in passing

        def fresh():
            return [examples.Candidate(spec, rank=i % 3, further=i % 4 == 3, near=i % 2 == 0, ruled=i == 0)
                    for i, spec in enumerate(picked)]

        def seat(spec):
            return _seats(engine, spec)

        eager = fresh()
        for c in eager:
            c.missing = vocabulary.missing(asked, c.spec, lasting=c.lasting)
        seats = [examples.reseated(asked, vocabulary, c, 2, 4, seat) for c in eager]
        want = examples.choose(asked, vocabulary, [s if s is not None and s.spec["id"] in passing else c
                                                   for c, s in zip(eager, seats)])
        got, _ = examples.choose_reseated(asked, vocabulary, fresh(), 2, 4, verified, seat)
        assert (got is None) == (want is None)
        if got is not None:
            assert got.spec["id"] == want.spec["id"] and got.reseated_from == want.reseated_from
            assert (got.spec.get("setup") or {}).get("players") == (want.spec.get("setup") or {}).get("players")
        reseatable = sum(s is not None for s in seats)
        assert len(played) == len(set(played)) <= reseatable
        fewer += len(played) < reseatable
    assert fewer, "some choices must be made without playing every reseated case"
