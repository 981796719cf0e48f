"""Settling the player's case (app/core/settle.py) on the real knowledge base: a yes/no verdict, a dispute's
verdict, the number for the question's own numbers (two rules combined where the case needs both), the
moment of play — each from a ruling that fits the question clearly, shown with the sentence it rests on and
the rule on top that holds that sentence; and no line at all where nothing fits. Every expected verdict here
is written from the rulebook (the sentence is quoted beside each case)."""
from __future__ import annotations

import re

import pytest

from app.core import message, present
from app.core.question import of_text
from app.core.settle import ARTICLE_ONE, BACK_REFERENCE, RATE_ONE, Weighed, agrees, asks_negated, dispute, negated, part_of, question_kind, rivals, statement
from engine.numbers import read_numbers


@pytest.fixture(scope="module")
def assistant():
    from app.core.assistant import Assistant

    return Assistant.create()


# -- reading the question --------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, lang, expected", [
    ("Can't I take a Forbidden die?", "en", True),
    ("Can I sail a ship that doesn't carry a single one of my stones?", "en", False),   # inside what is asked
    ("금지된 주사위는 못 가져가?", "ko", True),
    ("가져가면 안 돼?", "ko", True),
    ("자기 석재가 없는 배도 옮길 수 있어?", "ko", False),                                   # 없는: inside what is asked
    ("앞 사람이 생산하는 동안 내 턴 시작해도 돼?", "ko", False),                              # 동안: not 안
    ("구역 안에 있는 주사위도 가져가?", "ko", False),
    ("마지막 라운드 전쟁은 의미 없어?", "ko", True),                                        # 없다 denies 있다
    ("보너스 타일이 없는 칸에 지어도 돼?", "ko", False),
    # a negation inside the predicate: "Is a gray die never Forbidden?" read as not negated answered "Can a gray
    # die be Forbidden?" Yes where the rulebook says never
    ("Is a gray die never Forbidden?", "en", True),
    ("Is nothing ever Forbidden in a Shaded section?", "en", True),
    ("Does nobody score a tied Osiris district?", "en", True),
    ("Can I check my own Decrees whenever I want?", "en", False),                       # whenever: not never
    ("Is anything ever Forbidden in a Shaded section?", "en", False),
    # the predicate negated after a noun subject or a scene-setting phrase (a ruling's form read as not negated
    # turned its verdict: "Do I have to pay corruption?" in the Simple Game answered Yes)
    ("Do Scribes not work on blue dice?", "en", True),
    ("In the Simple Game, do the blue bank's sections not matter?", "en", True),
    ("Can I take it or not?", "en", False),
    ("Can I choose not to pay Bread I have and take the VP loss?", "en", False),      # the leave is what is chosen
    ("After the last civil card, is the row still cleared but not refilled?", "en", False),
])
def test_a_negated_question_is_the_one_whose_predicate_is_negated(text, lang, expected):
    assert negated(text, lang) is expected


@pytest.mark.parametrize("text, lang, expected", [
    ("Can't I take a Forbidden die?", "en", True),
    ("금지된 주사위는 못 가져가?", "ko", True),
    ("가져가면 안 돼?", "ko", True),
    # whether a thing may be left undone: the leave is the proposition asked (SETTLE.md: "T17 있으면 빵 안
    # 내도 돼?" is answered Yes where T17 spares the Bread)
    ("T17 있으면 점수 계산 때 빵 안 내도 돼?", "ko", False),
    ("전쟁 카드는 바로 해결하지 않아도 돼?", "ko", False),
    ("석재 없어도 돼?", "ko", False),
    ("Can I sail a ship that doesn't carry a single one of my stones?", "en", False),
])
def test_a_question_asks_its_proposition_turned_only_where_its_predicate_is_denied(text, lang, expected):
    assert asks_negated(text, lang) is expected


@pytest.mark.parametrize("text, lang, position, who, negated_", [
    ("My friend says gray dice can produce resources. Who's right?", "en", "gray dice can produce resources",
     "My friend", False),
    ("I say Gold can stand in for any resource; my buddy says you can't. Who's right?", "en",
     "Gold can stand in for any resource", "I", False),
    ("친구가 금지된 주사위도 가져갈 수 있대. 맞아?", "ko", "친구가 금지된 주사위도 가져갈 수 있대", "친구", False),
    ("형은 회색 주사위로 생산 못 한대. 맞아?", "ko", "형은 회색 주사위로 생산 못 한대", "형", True),
    # a card quoted ("…"이라고 써 있으면) is not a person's position
    ('2인 게임에서는 카드에 "군사력이 높은 두 문명"이라고 써 있으면 더 강한 쪽 한 명이라는데, 맞아?', "ko",
     '2인 게임에서는 카드에 "군사력이 높은 두 문명"이라고 써 있으면 더 강한 쪽 한 명이라는데', None, False),
    # a position passed on ("told me", "I heard"): the verdict is still on that position
    ("Someone told me the Vizier variant can't be used in solo. True?", "en",
     "the Vizier variant can't be used in solo", "Someone", True),
    ("I heard that gold can replace any resource. Is that right?", "en", "gold can replace any resource", "I", False),
])
def test_a_dispute_is_read_as_its_first_position(text, lang, position, who, negated_):
    found = dispute(of_text(text, lang))
    assert (found.position, found.who, found.negated) == (position, who, negated_)
    assert question_kind(of_text(text, lang)) == "dispute"


def test_a_second_reported_position_is_kept_apart_from_the_first():
    found = dispute(of_text("I say Gold can stand in for any resource; my buddy says you can't. Who's right?", "en"))
    assert found.second == "you can't"
    assert dispute(of_text("My friend says gray dice can produce resources. Who's right?", "en")).second is None


def test_a_korean_position_reported_without_its_quoting_ending_is_the_first():
    # spoken "…한다 했고" for "…한다고 했고": the first position is mine, not the friend's that follows
    found = dispute(of_text("나는 오벨리스크 원을 확장 거로 바꿔야 한다 했고, 친구는 기본 원 그대로 써도 된대. 누가 맞아?", "ko"))
    assert found.who == "나" and found.position.endswith("한다 했고")
    assert found.second == "친구는 기본 원 그대로 써도 된대"
    assert statement(found.position, "ko") == "오벨리스크 원을 확장 거로 바꿔야 한다"


@pytest.mark.parametrize("text, lang, kind", [
    # the scene first, then the question: the sentence that asks decides the kind
    ("We play with three. Can I take a Forbidden die?", "en", "yes_no"),
    ("Solo mode: does Botankhamun take a die?", "en", "yes_no"),
    ("Under Despotism can I build a third temple?", "en", "yes_no"),
    ("when I build on the Seth board do I score right away?", "en", "yes_no"),
    ("when exactly does a Maat phase happen?", "en", "when"),
    ("Cult05 — when does it trigger?", "en", "when"),
    ("Playing with Time of Seth, at what point do we pick our decrees?", "en", "when"),
    ("When an age ends, which cards are discarded?", "en", None),
    # a number asked without "how many"
    ("What does decree D07 score?", "en", "how_many"),
    ("Game over. What's my total score for the burial chamber?", "en", "how_many"),
    ("T15 — what's my ankh value?", "en", "how_many"),
    ("I bury an event — 1 or 2 culture?", "en", "how_many"),
    ("What bonus does my statue give?", "en", None),
    ("In a 4-player game what are 2nd and 3rd place obelisk points?", "en", "how_many"),
    ("Burial chamber: a 3-stone group plus a separate single stone, total?", "en", "how_many"),
    ("What happens to my points?", "en", None),
    # which of two is no yes or no; "bottom-right" is no tag question
    ("Are red dice pure or tainted?", "en", None),
    ("Market B: I take the bottom-right space, what happens to the cards?", "en", None),
    ("Can I take one more card or not?", "en", "yes_no"),
    # Korean: the asking sentence, a question word that only sets the scene or sits in what is asked
    ("A시대 지도자 두 장 가져와도 돼? 하나는 안 내려놨는데", "ko", "yes_no"),
    ("누가 카드 가져가서 빈칸 생기면, 바로 채워?", "ko", "yes_no"),
    ("어느 칸에서 가져왔는지에 따라 점수 달라?", "ko", "yes_no"),
    ("주사위 뭐 빼고 해? 회색도 빼?", "ko", None),
    ("석상 지으려면 화강암 말고 뭐 더 내야 돼?", "ko", "how_many"),
    ("신 행동은 주사위 눈으로 정해져 아니면 자리로 정해져?", "ko", None),
    ("노란 저장소에 토큰이 없으면요?", "ko", None),
    ("시대 끝날 때 노란 토큰은?", "ko", None),
    # two questions of different kinds: no one line answers both
    ("Do we keep our Destiny card all game? When do we pick a new one?", "en", None),
    ("마앗 때 점수 잃어? 몇 점?", "ko", None),
    # a moment offered after a when-question guesses its answer: still one when-question
    ("신전 단지 점수 계산은 언제 해? 다음 점수 계산 때?", "ko", "when"),
    ("그 축복 카드들은 언제 버려? 게임 끝날 때까지 갖고 있어?", "ko", "when"),
    ("When do I take the two Thoth 1 actions? On my next turn?", "en", "when"),
    ("When do I draw the 2 Decree cards? Right when I take it?", "en", "when"),
    ("정치 행동은 언제 해? 시민 행동 다 하고 나서?", "ko", "when"),
    ("By when do I have to deal with the discontent?", "en", "when"),
    ("From when can I play that Lever?", "en", "when"),
    # a yes/no question after a clause that concedes something: "…, but do I lose a population too?"
    ("I know 2 yellow tokens go back to the box, but do I lose a population too?", "en", "yes_no"),
    ("I'd only get 1, but am I allowed to take the quarry action anyway?", "en", "yes_no"),
    # … but not a second question of another kind, nor a guess before the when-question
    ("언제 해? 금도 받아?", "ko", None),
    ("When does it score? Do I also get a Gold?", "en", None),
    ("다음 차례에 해도 돼? 언제 해야 돼?", "ko", None),
])
def test_the_kind_of_question_is_read_off_the_sentence_that_asks(text, lang, kind):
    assert question_kind(of_text(text, lang)) == kind


@pytest.mark.parametrize("text, counted", [
    ("정치 행동은 한 턴에 몇 번 할 수 있어?", False), ("한 번에 몇 장 가져와?", False),
    ("How many political actions can I take in one turn?", False),
    ("한 장 가져왔어. 몇 점이야?", True), ("I took one card. How many points?", True),
])
def test_the_one_turn_a_rate_is_counted_in_is_no_number_of_the_case(text, counted):
    assert (not any(True for _ in RATE_ONE.finditer(text))) == counted


@pytest.mark.parametrize("text, counted", [
    ("I have one connected group of 7 stones in the burial chamber. How many points?", False),
    ("묘실에 내 석재 7개가 한 덩어리로 이어져 있어. 몇 점이야?", False),
    ("I have one group of 3 and one group of 2.", False),
    ("One stone in the burial chamber: how many points?", True), ("석재 한 개 놨어. 몇 점?", True),
])
def test_one_as_the_article_of_a_group_is_no_number_of_the_case(text, counted):
    assert (not any(True for _ in ARTICLE_ONE.finditer(text))) == counted


def test_a_question_that_reports_no_position_is_no_dispute():
    assert dispute(of_text("Can I take a Forbidden die?", "en")) is None
    assert dispute(of_text("금지된 주사위 가져가도 돼?", "ko")) is None


# -- settling, on the real knowledge base --------------------------------------------------------------------
YES_NO = [
    # TtA L612-615 "이번 턴에 가져온 행동 카드는 같은 턴에 사용할 수 없습니다."
    ("through-the-ages", "이번 턴에 가져온 행동 카드를 같은 턴에 쓸 수 있어?", "no"),
    ("through-the-ages", "Can I play an action card in the same turn I took it?", "no"),
    # Tekhenu EN L376 "Gray dice cannot be used to Produce Resources."
    ("tekhenu", "Can I use a gray die to produce resources?", "no"),
    ("tekhenu", "회색 주사위로 자원 생산해도 돼?", "no"),
    # Imhotep L761 "가져간 파란색 카드는 다음 자기 차례부터 사용할 수 있습니다."
    ("imhotep", "시장에서 가져온 파란 카드를 그 차례에 바로 써도 돼?", "no"),
    # cards' own sentences (session 28's card rulings). Time of Seth Art06 "이 카드를 게임에서 제거하고 서기 1명을
    # 지불한 뒤 즉시 행복지수 5 획득."
    ("tekhenu-time-of-set", "Can I play Art06 when I have no Scribes left?", "no"),
    # Cult03 "자신의 행복지수 마커가 처음으로 가 있는 칸에 도달할 때마다"
    ("tekhenu-time-of-set", "Cult03 금은 같은 칸에 두 번째로 도착할 때도 또 줘?", "no"),
    ("tekhenu-time-of-set", "Does Cult03 pay out again if my Happiness marker returns to a space it already reached?",
     "no"),
    # Tekhenu D16 "Score 4 Victory Points per Statue you built in honor of a god."
    ("tekhenu", "Does D16 also score my Statues for the people?", "no"),
    ("tekhenu", "D16 법령은 민중을 위한 석상도 점수 쳐?", "no"),
    # B01 "Play when performing a Produce Resources action"
    ("tekhenu", "Can I play B01 during a Hathor action?", "no"),
    # T11 scores an action performed with a 1, whatever made it a 1
    ("tekhenu", "I have T11. If a Scribe turns my die into a 1, does T11 still score?", "yes"),
    # rules that had no verdict ruling before session 29, each from its own sentence. TtA "전제정치 체제일 때 연구실
    # 2개와 신전 2개를 건설할 수는 있지만 연구실 3개와 신전 1개를 건설할 수는 없습니다."
    ("through-the-ages", "전제정치인데 신전이 하나뿐이면 연구실을 세 개 지어도 돼?", "no"),
    # TtA "과학 점수는 40점 이상 모을 수 없습니다."
    ("through-the-ages", "Can my science points go above 40?", "no"),
    ("through-the-ages", "과학 점수가 40점을 넘을 수 있어?", "no"),
    # Tekhenu "Each Scribe spent this way allows you to adjust the value of the die up or down by 1 or 2."
    ("tekhenu", "Can I use a Scribe to lower my die instead of raising it?", "yes"),
    # Tekhenu "The Osiris God Action allows you to construct one Building"
    ("tekhenu", "Does one Osiris God Action let me build two Buildings?", "no"),
    # Tekhenu "The Thoth God Action allows you to receive one or more cards (Blessings, Technologies, and Decrees)"
    ("tekhenu", "토트 행동으로 법령 카드도 가져올 수 있어?", "yes"),
    # Time of Seth solo: Botankhamun's Blessings are discarded after Scoring
    ("tekhenu-time-of-set", "솔로에서 보탕카멘은 점수 계산 후에도 축복 카드를 계속 가지고 있어?", "no"),
    # Imhotep's market example: each stone's owner takes the card for it
    ("imhotep", "Does the market card for a stone go to the player who owns that stone?", "yes"),
    # a rival reading whose own two sides read alike holds no verdict back (session 31): Imhotep Chisel, Tekhenu
    # Anubis ("the one exception … is the Anubis Action")
    ("imhotep", "Chisel: can I split the two stones onto two different ships?", "yes"),
    ("tekhenu", "with Anubis can I grab a forbidden die?", "yes"),
]


@pytest.mark.parametrize("game, question, verdict", YES_NO)
def test_a_yes_no_question_gets_the_verdict_of_the_sentence_under_it(assistant, game, question, verdict):
    result = assistant.answer(question, game)
    short, answer = result["answer"]["short"], result["answer"]
    assert short and short["basis"] == "ruling" and short["kind"] == "yes_no", result.get("settle")
    assert short["verdict"] == verdict
    # never a verdict over another rule's sentence: the line's sentence is the answer's own rule's words
    assert short["rule_id"] == answer["rule_id"]
    rule = assistant.kb.entry(answer["rule_id"])
    for lang, quote in short["text"].items():
        assert "".join(quote.split()) in "".join((rule.text.get(lang) or "").split())


DISPUTES = [
    ("tekhenu", "My friend says gray dice can produce resources. Who's right?", "no"),
    ("tekhenu", "친구가 회색 주사위로도 자원 생산할 수 있대. 맞아?", "no"),
    ("tekhenu", "형은 회색 주사위로 생산 못 한대. 맞아?", "yes"),
    # Imhotep L761 "가져간 파란색 카드는 다음 자기 차례부터 사용할 수 있습니다."
    ("imhotep", "친구가 시장에서 가져온 파란 카드는 그 차례에 바로 쓸 수 있대. 맞아?", "no"),
    ("imhotep", "My friend says I can use a blue market card the same turn I take it. Who's right?", "no"),
    # TtA first round "턴이 끝나면 과학 1점을 얻고, 문화 점수는 얻지 못합니다." (the claim as the sentence states it)
    ("through-the-ages", "My friend says round one only gives 1 science and no culture. Is he right?", "yes"),
]

# Cases no reading fits clearly enough today (a close rival, or the two sides of a claim tied): no line is
# acceptable, a wrong verdict never is
NEVER_WRONG = [
    # Imhotep "중요: 자기 석재가 없는 배도 옮길 수 있습니다."
    ("imhotep", "내 돌이 하나도 없는 배도 출발시킬 수 있어?", "yes_no", "yes"),
    ("tekhenu", "내 차례에 금지된 주사위를 가져가도 돼?", "yes_no", "no"),
    ("imhotep", "친구가 파란 카드는 가져온 턴에 바로 쓸 수 있대. 맞아?", "dispute", "no"),
    # Imhotep: 5 statues 15, +2 for each card beyond five (the rulebook's example: 7 cards 19)
    ("imhotep", "She says six statue cards are worth 18 points; I say 17. Who's right?", "dispute", "no"),
    # Time of Seth: the first building in a region costs 4 Soldiers, the second 3 with 3-4 players. A position
    # that states two numbers is not judged by one of them
    ("tekhenu-time-of-set", "4인 게임인데, 친구는 세트 지역에 첫 건물은 병사 4, 두 번째 건물은 병사 3이래. 나는 둘 다 4라고 "
     "했는데 누가 맞아?", "dispute", "yes"),
    # TtA: under Despotism at most 2 urban buildings of each type. A scene-setting form of another case ("I'm under
    # Despotism with two temples already. Can I still build two labs?") shares the scene, not the case
    ("through-the-ages", "Still in Despotism with two temples built. Am I allowed a third temple?", "yes_no", "no"),
    ("through-the-ages", "아직 전제정치고 신전 2개 지었어. 신전 하나 더 지어도 돼?", "yes_no", "no"),
    # Tekhenu D19 scores Statues for the people only; a card ruling's claim and a position about it
    ("tekhenu", "My friend says D19 scores Statues honoring the gods too. Is that right?", "dispute", "no"),
    ("tekhenu", "T18로 부패한 주사위를 가져와도 1점 받아?", "yes_no", "no"),
    # TtA "다른 종류의 카드와는 달리, 행동 카드는 가져온 턴에 바로 사용할 수 없고": a technology is not an action card
    ("through-the-ages", "행동 카드 말고 기술 카드는 가져온 턴에 바로 개발해도 돼?", "yes_no", "yes"),
    # Tekhenu scoring: 2 VP per Production marker on "6" only
    ("tekhenu", "Do I score for a Production marker that stopped at 4?", "yes_no", "no"),
]


@pytest.mark.parametrize("question, limited", [
    ("손에 시민 카드 몇 장까지 들 수 있어?", False),
    ("How many civil cards can I hold in my hand?", False),
    ("게임 처음에는 손에 시민 카드 몇 장까지 들 수 있어?", True),
    ("How many civil cards can I hold at the start of the game?", True),
])
def test_a_reading_limited_to_a_moment_settles_only_a_question_that_names_it(assistant, question, limited):
    """TtA "따라서 게임 초반에 손에 들 수 있는 시민 카드는 4장입니다": 4 is the hand limit at the start, not the
    answer to "how many can I hold?", which depends on the white tokens a player has by then."""
    short = assistant.answer(question, "through-the-ages")["answer"]["short"]
    if limited:
        assert short and short["kind"] == "how_many" and short["value"]["amount"] == 4, short
    else:
        assert short is None or (short.get("value") or {}).get("amount") != 4, short


@pytest.mark.parametrize("game, question", [
    # Tekhenu "You may never take a Forbidden die" — unless an Anubis action (its exception): "any way?" asks
    # whether an exception exists, and the ruling's "no" does not answer that
    ("tekhenu", "Can I ever take a Forbidden die?"),
    ("tekhenu", "금지된 주사위를 가져올 방법이 있어?"),
])
def test_any_way_is_not_answered_no_by_a_ruling_with_exceptions(assistant, game, question):
    short = assistant.answer(question, game)["answer"]["short"]
    assert short is None or short.get("verdict") != "no", short


@pytest.mark.parametrize("game, question, kind, verdict", NEVER_WRONG)
def test_a_case_not_clearly_settled_gets_no_line_rather_than_a_wrong_one(assistant, game, question, kind, verdict):
    short = assistant.answer(question, game)["answer"]["short"]
    assert short is None or (short["kind"] == kind and short["verdict"] == verdict), short


@pytest.mark.parametrize("game, question, verdict", DISPUTES)
def test_a_dispute_gets_who_is_right(assistant, game, question, verdict):
    short = assistant.answer(question, game)["answer"]["short"]
    assert short and short["kind"] == "dispute", short
    assert short["verdict"] == verdict
    assert short["label"]["en"].endswith("right" if verdict == "yes" else "wrong")


def test_a_how_many_question_gets_its_own_number_with_two_rules_combined(assistant):
    # TtA L512-517: the third zone costs 3 civil actions; L584-586: +1 for each wonder already built
    for question in ("문화 유산 1개를 이미 건설했는데 세 번째 구역의 문화 유산 카드를 가져오려면 시민 행동이 몇 개 필요해?",
                     "I've already built one wonder. How many civil actions to take a wonder from the third zone of "
                     "the card row?"):
        result = assistant.answer(question, "through-the-ages")
        short = result["answer"]["short"]
        assert short["value"]["amount"] == 4 and short["kind"] == "how_many"
        assert {"through-the-ages/first-round/card-row/zone-costs",
                "through-the-ages/first-round/wonders/extra-cost"} <= set(short["rules"])
        assert "3" in short["calculation"]["en"] and "1" in short["calculation"]["en"]


SIMPLE_BONUS = ("through-the-ages/ruling/simple-bonus-happiness", "through-the-ages/ruling/simple-bonus-science-production")


@pytest.mark.parametrize("game, question, amount", [
    # "Each Blessing counts as 2 Victory Points": the player's count is computed
    ("tekhenu", "Solo scoring: Botankhamun has 3 Blessings. How many VP?", 6),
    ("tekhenu", "보탕카멘 법령 3장이면 게임 끝에 몇 점이야?", 12),
    # a number the ruling writes in its own words (the top "6" space) is its case: the amount per one
    ("tekhenu", "What does each Production marker on 6 score?", 2),
    ("tekhenu", "생산 마커 3개가 맨 위 6칸에 있어. 몇 점 받아?", 6),
])
def test_an_amount_per_one_is_computed_for_the_count_the_question_gives(assistant, game, question, amount):
    short = assistant.answer(question, game)["answer"]["short"]
    assert short and short["kind"] == "how_many" and short["value"]["amount"] == amount, short


@pytest.mark.parametrize("question, lang", [
    ("맛보기 게임이 끝났어. 행복 지수는 6이고 라운드당 과학 점수 3을 생산해. 이 두 개로 받는 보너스 문화 점수는 합쳐서 몇 점이야?", "ko"),
    ("The simple game is over. My happiness is 6 and I produce 3 science a round. How much bonus culture do those "
     "two give me together?", "en"),
])
def test_a_total_asked_of_two_things_adds_their_two_readings(assistant, question, lang):
    # TtA, the Simple Game's end bonus: "- 행복 지수 당 문화 점수 2점 (최대 16점까지)" (6 → 12) and "- 라운드 당
    # 생산하는 과학 점수 당 문화 점수 1점" (3 → 3): 15 together, each part's calculation shown, both sentences quoted
    short = assistant.answer(question, "through-the-ages")["answer"]["short"]
    assert short["basis"] == "ruling" and short["kind"] == "how_many"
    assert short["value"]["amount"] == 15 and sorted(short["parts"]) == sorted(SIMPLE_BONUS)
    assert short["calculation"][lang].endswith(("12 + 3 = 15 culture points", "12 + 3 = 문화 점수 15"))
    view = message.short(assistant.kb, short, lang)
    assert view["line"].count("“") == 2 and "2" in view["line"].split("“")[1] and "1" in view["line"].split("“")[2]
    assert " · " in view["text"]
    assert "12" in view["note"] and "3" in view["note"] and "15" in view["note"]


def test_a_total_is_not_settled_by_the_part_the_question_gives(assistant):
    # the science is not given: the happiness bonus (12) is a part of the total, never the total
    short = assistant.answer("The simple game is over. My happiness is 6. How much bonus culture do happiness and "
                             "science production give me together?", "through-the-ages")["answer"]["short"]
    assert short is None or short["value"].get("amount") != 12


def test_two_readings_add_up_only_where_each_reads_its_own_numbers(assistant):
    settler = assistant.settler

    def reading(ruling_id, values):
        return Weighed(settler.ruling(ruling_id), 0.0, {}, [], values, True)

    def apart(a, b, text):
        return settler.reads_apart(a, b, read_numbers(text), text)

    sled = reading("imhotep/ruling/get-stones-with-sled-count", {"sled": 4})
    # one "4" read by both the quarry's and the Chisel's reading: a number written once is one reading's
    assert not apart(sled, reading("imhotep/ruling/chisel-sled-left", {"sled": 4}), "4 stones on my sled")
    assert apart(sled, reading("imhotep/ruling/chisel-sled-left", {"sled": 2}), "4 stones here, 2 stones there")
    # a number neither reads is a case the two do not compute
    assert not apart(sled, reading("imhotep/ruling/chisel-sled-left", {"sled": 2}), "4 stones here, 2 there, 7 more")
    # the number of players is the setting of both, not a thing one of them counts
    second = reading("imhotep/ruling/obelisk-points-four-players", {"place": 2, "players": 4})
    split = reading("imhotep/ruling/obelisk-tie-split-four-players", {"place": 3, "tied": 2, "players": 4})
    assert apart(second, split, "4인 게임, 오벨리스크 2등, 그리고 3등 2명 공동")
    # one number both count is read by one of them only, even where the question says "together": two cards that
    # count the same stones answer the question each, they are not two parts of it
    statues = reading("tekhenu/ruling/statue-points", {"statues": 4})
    assert not apart(statues, reading("tekhenu/ruling/d18-three-vp-per-statue", {"statues": 4}),
                     "I built 4 Statues and score D18. Statue points plus D18 together?")


def test_a_reading_of_some_of_the_numbers_is_no_rival_of_one_that_reads_them_all(assistant):
    settler = assistant.settler

    def reading(ruling_id, values, amount, explained):
        return Weighed(settler.ruling(ruling_id), 0.0, {}, [], values, True, explained, amounts=(amount,))

    # Time of Seth solo: "보탕카멘은 법령 카드당 4 획득 … 보탕카멘은 서기 2명당 1 획득" — 3 Decrees and 5 Scribes
    # make 14; the Decrees' 12 alone is a part of that case, not another answer to it
    both = reading("tekhenu-time-of-set/ruling/botankhamun-decrees-and-scribes-vp", {"decrees": 3, "scribes": 5}, 14, True)
    decrees = "tekhenu-time-of-set/ruling/botankhamun-decrees-vp"
    assert part_of(reading(decrees, {"decrees": 3}, 12, False), both)
    assert not part_of(reading(decrees, {"decrees": 4}, 16, False), both)       # another number: another case
    assert not part_of(reading(decrees, {"decrees": 3}, 12, True), both)        # it reads the whole question
    assert not part_of(both, reading(decrees, {"decrees": 3}, 12, False))
    for question in ("솔로 최종 점수 계산이야. 보탕카멘한테 법령 카드 4장이랑 서기 6명이 있어. 이걸로 몇 점 받아?",
                     "Solo final Scoring: Botankhamun has 4 Decree cards and 6 Scribes. How many VP does he get from "
                     "those?"):
        short = assistant.answer(question, "tekhenu-time-of-set")["answer"]["short"]
        assert short and short["value"]["amount"] == 19         # 4 × 4 + 6 // 2


@pytest.mark.parametrize("question, points", [
    ("How many points do 4 statues give at scoring?", 10),        # 1/3/6/10/15/21 for 1..6 Statues
    ("석상 다섯 개 지었으면 점수 계산 때 몇 점 받아?", 15),
])
def test_a_table_is_read_at_the_players_number(assistant, question, points):
    short = assistant.answer(question, "tekhenu")["answer"]["short"]
    assert short["value"]["amount"] == points


@pytest.mark.parametrize("question, game, amount, rows, text", [
    ("What does decree D07 score?", "tekhenu", 3, None, "3 VP × leftover Scribes"),
    ("D07 남은 서기 하나당 몇 점?", "tekhenu", 3, None, "3점 × 남은 서기"),
    ("How many civil actions does each player get in the first round?", "through-the-ages", None, [1, 2, 3, 4],
     "turn order 1 → 1 civil actions · 2 → 2 civil actions"),
    ("마앗 때 균형값에 따라 몇 점 잃어?", "tekhenu", None, [0, -1, -2, -3], "균형값 -1 ~ -2 → 0점 · -3 ~ -5 → -1점"),
])
def test_a_question_without_the_players_number_gets_the_whole_table_or_the_amount_per_one(
        assistant, question, game, amount, rows, text):
    short = assistant.answer(question, game)["answer"]["short"]
    assert short["basis"] == "ruling" and short["kind"] == "how_many"
    assert short["value"].get("amount") == amount
    assert [r["amount"] for r in short["value"].get("rows") or []] == (rows or [])
    lang = "ko" if re.search(r"[가-힣]", question) else "en"
    view = message.short(assistant.kb, short, lang)
    assert view["line"].startswith(text)
    assert view["value"]["text"].startswith(text)
    table = present.short_view(assistant.kb, short, lang)["table"]      # the page draws a whole table as one
    if rows is None:
        assert table is None
    else:
        assert [int(r[1]) for r in table.rows] == rows and len(table.header) == 2


@pytest.mark.parametrize("question, game, amount", [
    ("선 플레이어는 석재 몇 개 들고 시작해?", "imhotep", 2),              # the start player is 1st: 2 stones
    ("How many stones does the start player begin with on the sled?", "imhotep", 2),
    ("카드 열 가운데 구역 카드 가져오려면 시민 행동 몇 개 써?", "through-the-ages", 2),   # zone costs 1 / 2 / 3
    ("How many civil actions does a card from the middle zone of the card row cost?", "through-the-ages", 2),
    ("How many stones go on the pyramid's top level?", "imhotep", 1),     # 9 / 4 / 1 from the bottom
])
def test_a_value_named_in_words_is_the_players_number(assistant, question, game, amount):
    short = assistant.answer(question, game)["answer"]["short"]
    assert short is not None and short["basis"] == "ruling", question
    assert short["value"].get("amount") == amount and not short["value"].get("rows")


@pytest.mark.parametrize("question, game, amount", [
    ("What does D07 score if I have 4 scribes left?", "tekhenu", 12),      # the player's number: its own case
    ("하토르 하면 인구 얼마나 올라가?", "tekhenu", None),      # the die value itself: no number without the die
])
def test_a_question_with_the_players_number_is_answered_for_it_and_a_rate_of_one_not_at_all(
        assistant, question, game, amount):
    short = assistant.answer(question, game)["answer"]["short"]
    if amount is None:
        assert short is None or short["basis"] != "ruling" or "per" not in (short["value"] or {})
    else:
        assert short["value"]["amount"] == amount and "per" not in short["value"]


def test_readings_are_compared_by_the_numbers_they_give_for_the_players_numbers(assistant):
    settler = assistant.settler
    # Imhotep: a burial-chamber group of 6 scores 15 + 2 for the sixth stone; of 3, 6 points
    over_five = settler.ruling("imhotep/ruling/burial-chamber-group-over-five")
    assert settler.amounts(over_five, {"group": 6}) == (17,)
    assert settler.amounts(over_five, {}) is None             # the group not given: nothing to compare
    assert settler.amounts(settler.ruling("imhotep/ruling/burial-chamber-group-points"), {"group": 3}) == (6,)
    # TtA: Despotism's 4 civil and 2 military actions
    assert settler.amounts(settler.ruling("through-the-ages/ruling/despotism-actions"), {}) == (4, 2)
    # a question that gives no number the table reads (and writes none it leaves unread) is answered by the
    # whole table, and compared by all its rows
    seats = settler.ruling("imhotep/ruling/starting-stones-by-seat")
    assert settler.amounts(seats, {}) is None
    assert settler.amounts(seats, {}, whole=True) == (2, 3, 4, 5)
    # …but not a table that states only some of its cases (1, 2, 3 and 5 stones, from the rulebook's example)
    assert settler.amounts(settler.ruling("imhotep/ruling/burial-chamber-group-points"), {}, whole=True) is None


def test_a_question_that_writes_a_number_the_ruling_does_not_read_never_gets_its_whole_table(assistant):
    # "2개 이어진 덩어리" is a group of 2: its own case (3 points), never the table from 1 to 5 stones
    short = assistant.answer("묘실에 2개 이어진 덩어리 하나면 몇 점?", "imhotep")["answer"]["short"]
    assert short is None or (short["value"] or {}).get("amount") == 3


def test_a_reading_whose_every_number_is_in_the_line_shown_is_no_rival():
    assert agrees(("value", (4,)), ("value", (4, 2)))          # "4 civil actions" beside "4 civil and 2 military"
    assert agrees(("value", (17,)), ("value", (17,)))
    assert not agrees(("value", (4, 2)), ("value", (4,)))      # the line would leave out its 2
    assert not agrees(("value", (3,)), ("value", (4, 2)))
    assert not agrees(("value", "imhotep/ruling/x", ()), ("value", (4,)))   # a number not computed: unknown
    assert not agrees(("verdict", True), ("verdict", False))
    assert agrees(("verdict", True), ("verdict", True))


def test_a_reading_whose_conditions_the_questions_numbers_break_is_no_rival(assistant):
    settler = assistant.settler
    # Time of Seth setup: 2 gray dice on the Seth board with 2 players, 3 with 3, 4 with 4. The 2-player reading
    # fits "with 3 players" nearly as well as the 3-player one, but 3 players is not its case
    two = settler.ruling("tekhenu-time-of-set/ruling/two-players-seth-board-dice")
    assert not rivals(Weighed(two, 0.0, {}, [], {"players": 3}, False))
    assert rivals(Weighed(two, 0.0, {}, [], {"players": 2}, True))
    assert rivals(Weighed(two, 0.0, {}, [], {}, False))        # players not given: the question may be its case
    short = assistant.answer("With 3 players, how many gray dice start on the Seth board?",
                             "tekhenu-time-of-set")["answer"]["short"]
    assert short and short["value"]["amount"] == 3, short


def test_a_when_question_gets_the_moment_in_the_rulebooks_words(assistant):
    short = assistant.answer("신전 점수는 언제 계산해?", "imhotep")["answer"]["short"]
    assert short["kind"] == "when" and "라운드가 끝날 때" in short["phase"]["ko"]


def test_no_line_where_nothing_settles_the_case(assistant):
    assert assistant.answer("What does Bastet do?", "tekhenu")["answer"]["short"] is None
    # two numbers asked at once: one ruling's number does not answer it
    short = assistant.answer("법령 카드는 처음에 몇 장 받고 몇 장 남겨?", "tekhenu")["answer"]["short"]
    assert short is None or short["value"].get("items")


def test_korean_and_english_settle_alike(assistant):
    pairs = [("이번 턴에 가져온 행동 카드를 같은 턴에 쓸 수 있어?", "Can I play an action card in the same turn I took it?",
              "through-the-ages"),
             ("석상 다섯 개 지었으면 점수 계산 때 몇 점 받아?", "How many points do 5 statues give at scoring?", "tekhenu")]
    for ko, en, game in pairs:
        a, b = assistant.answer(ko, game)["answer"], assistant.answer(en, game)["answer"]
        assert a["rule_id"] == b["rule_id"]
        assert (a["short"]["verdict"], a["short"]["value"]) == (b["short"]["verdict"], b["short"]["value"])


def test_the_example_plays_the_case_the_ruling_settles(assistant):
    result = assistant.answer("Can I use a gray die to produce resources?", "tekhenu")
    ruling = assistant.kb.entry(result["answer"]["short"]["ruling_id"])
    assert ruling.scenarios and result["example"]["scenario_id"] in ruling.scenarios


def test_the_forms_word_weights_come_with_the_index(assistant):
    import math
    from collections import Counter

    from app.core.settle import form_table

    # how telling each word of the rulings' forms is (log (N + 1) / (df + 0.5) over the forms of one language)
    # is computed by the index build and read with the index, not computed on a process's first question
    index = assistant.searcher.index
    for lang in ("ko", "en"):
        own = [set(f["tokens"]) for f in index.ruling_forms if f["lang"] == lang]
        df = Counter(t for words in own for t in words)
        assert index.ruling_weights[lang] == {t: math.log((len(own) + 1) / (c + 0.5)) for t, c in df.items()}
    table = form_table(index)
    assert table.weights is index.ruling_weights
    last = len(index.ruling_forms) - 1
    assert table.tokens(last) == frozenset(index.ruling_forms[last]["tokens"]) and table.tokens(last) is table.tokens(last)


def test_a_built_examples_line_quotes_the_number_asked(assistant):
    # the Seth-board example checks the Building's space and its cost: the how-many line is the cost
    result = assistant.answer("2 players: second building in the same Set region costs how many soldiers?",
                              "tekhenu-time-of-set")
    short = result["answer"]["short"]
    assert short is not None and "5 Soldiers" in short["text"]["en"]


def test_settling_without_the_side_reader_still_answers(assistant, monkeypatch):
    """A missing side-reader file (app/core/sides.py): the sides are read from the ruling's forms alone."""
    monkeypatch.setattr(assistant.settler, "side_model", None)
    short = assistant.answer("Can I use a gray die to produce resources?", "tekhenu")["answer"]["short"]
    assert short["basis"] == "ruling" and short["verdict"] == "no", short


def test_a_claim_matched_in_its_own_words_must_still_lead_its_denial(assistant):
    """A question or position that states the claim's opposite sits as close to the claim's own wording as one
    that restates it: the claim's side is not taken unchecked, it must lead the denial by the side margin."""
    from types import SimpleNamespace

    from app.core.settle import Marks, Side, Weighing, decide

    ruling = assistant.settler.ruling("tekhenu/ruling/gray-die-cannot-produce")
    question = SimpleNamespace(text="A gray die can be used to produce, right?", lang="en")
    reading = SimpleNamespace(marks=Marks(frozenset(), False, False))
    plain = (False, False, False)

    def weighing(deny_dense: float) -> Weighing:
        sides = {"claim": [Side(ruling.claim.en, "en", False, 0.95, 0.8, plain)],
                 "deny": [Side("Is producing with a gray die forbidden?", "en", False, deny_dense, 0.78, plain)]}
        return Weighing("yes_no", question, reading, [], None, [Weighed(ruling, 0.03, sides, [], {}, True)])

    assert decide(weighing(0.95))[0] is None            # the two sides as close: no verdict
    chosen = decide(weighing(0.80))[0]
    assert chosen is not None and chosen[1].side == "claim"


def test_a_reading_the_best_one_computes_with_is_no_rival(assistant):
    """"A wonder from the middle zone with 3 wonders built": the zone's cost (2) is part of the combined
    reading's answer (2 + 3 = 5), not a rival answer to the case; but it rivals a combined reading that could not
    compute the case (the question gave no number of wonders built)."""
    from types import SimpleNamespace

    from app.core.settle import Marks, Side, Weighing, decide, used_rulings

    combined = assistant.settler.ruling("through-the-ages/ruling/wonder-extra-civil-actions")
    zone = assistant.settler.ruling("through-the-ages/ruling/card-row-zone-cost")
    assert zone.id in combined.value.uses.values()
    question = SimpleNamespace(text="With 3 wonders built, how many civil actions for a wonder in the middle zone?",
                               lang="en")
    reading = SimpleNamespace(marks=Marks(frozenset(), False, False))
    plain = (False, False, False)

    def weighing(amounts) -> Weighing:
        best = Weighed(combined, 0.01, {"ask": [Side("q", "en", False, 0.97, 0.7, plain)]}, [],
                       {"built": 3, "zone": 2}, True, amounts=amounts)
        part = Weighed(zone, 0.03, {"ask": [Side("q", "en", False, 0.93, 0.6, plain)]}, [], {"zone": 2}, True,
                       amounts=(2,))
        return Weighing("how_many", question, reading, [], None, [best, part])

    assert used_rulings(weighing((5,)).rulings[0]) == {zone.id}
    chosen = decide(weighing((5,)))[0]
    assert chosen is not None and chosen[1].ruling.id == combined.id
    assert decide(weighing(None))[0] is None            # not computed: the zone's cost still answers otherwise

    # the other way round: a question that gives the zone alone ("how many civil actions for a card in the middle
    # zone?") is the zone cost's case; the combined reading, which needs the wonders built, cannot answer it
    from app.core.settle import builds_on
    alone = Weighing("how_many", question, reading, [], None, [
        Weighed(zone, 0.03, {"ask": [Side("q", "en", False, 0.97, 0.7, plain)]}, [], {"zone": 2}, True, amounts=(2,)),
        Weighed(combined, 0.01, {"ask": [Side("q", "en", False, 0.95, 0.6, plain)]}, [], {"zone": 2}, True,
                amounts=None)])
    assert builds_on(alone.rulings[1], alone.rulings[0]) and not builds_on(alone.rulings[0], alone.rulings[1])
    chosen = decide(alone)[0]
    assert chosen is not None and chosen[1].ruling.id == zone.id



def test_a_value_reading_answers_a_dispute_through_the_number_the_position_claims(assistant):
    """"He says the defender needs 3 more strength — right?": a value reading that computes the case answers whether
    the claimed number is right, as a verdict, and agrees with a yes/no reading that says the same; one that does not
    compute it, or a position that claims no number ("he says a tie wins the aggression"), still rivals the
    verdict: read as no rival there, it gave wrong dispute lines on the held-out cases."""
    from types import SimpleNamespace

    from app.core.settle import Dispute, Marks, Side, Weighing, decide, result_key

    tie = assistant.settler.ruling("through-the-ages/ruling/aggression-tie-fails")
    still = assistant.settler.ruling("through-the-ages/ruling/defender-strength-still-needed")
    assert tie.verdict == "no" and still.value is not None
    plain = (False, False, False)

    def weighing(position: str, amounts=None) -> Weighing:
        text = f"He claims {position}. Is that right?"
        question = SimpleNamespace(text=text, lang="en")
        reading = SimpleNamespace(marks=Marks(frozenset(), False, False))
        best = Weighed(tie, 0.03, {}, [{"ask": [Side("p", "en", False, 0.98, 0.7, plain)],
                                        "deny": [Side("d", "en", False, 0.80, 0.2, plain)]}], {}, True)
        rival = Weighed(still, 0.03, {}, [{"ask": [Side("p", "en", False, 0.95, 0.6, plain)]}], {}, True,
                        amounts=amounts)
        return Weighing("dispute", question, reading, [], Dispute(position, "he", False), [best, rival])

    assert decide(weighing("a tie in strength means the aggression succeeds"))[0] is None
    assert decide(weighing("the defender needs 3 more strength to stop it"))[0] is None
    computed = weighing("the defender needs 3 more strength to stop it", amounts=(3,))
    assert result_key(computed, computed.rulings[1], decide(computed)[1][1]) == ("verdict", True)
    wrong = weighing("the defender needs 5 more strength to stop it", amounts=(3,))
    assert result_key(wrong, wrong.rulings[1], decide(wrong)[1][1]) == ("verdict", False)
    # the tie reading says the position (a tie succeeds) is wrong, as the computed "5 is wrong" does: they agree
    chosen = decide(wrong)[0]
    assert chosen is not None and chosen[1].ruling.id == tie.id


def test_a_position_that_denies_a_number_is_wrong_exactly_when_the_rule_gives_that_number(assistant):
    """"친구가 이번엔 노란 토큰 2개 안 버려도 된대": the position denies the number 2. Against a reading that computes 2
    it is wrong (it had been read as claiming 2 and judged right, eval/train/cases5 xg-tta-27); against one that
    computes 3 it says nothing of what the number is, so it decides nothing."""
    from types import SimpleNamespace

    from app.core.settle import Dispute, Marks, Side, Weighing, result_key

    tokens = assistant.settler.ruling("through-the-ages/ruling/full-end-of-age-two-yellow-tokens")
    assert tokens.value is not None
    plain = (False, False, False)

    def key(position: str, negated_: bool, amounts: tuple):
        question = SimpleNamespace(text=f"My friend says {position}. Right?", lang="en")
        reading = SimpleNamespace(marks=Marks(frozenset(), False, negated_))
        w = Weighed(tokens, 0.03, {}, [{"ask": [Side("p", "en", False, 0.97, 0.6, plain)]}], {}, True,
                    amounts=amounts)
        weighing = Weighing("dispute", question, reading, [], Dispute(position, "my friend", negated_), [w])
        return result_key(weighing, w, None)

    assert key("we discard 2 yellow tokens", False, (2,)) == ("verdict", True)
    assert key("we don't have to discard 2 yellow tokens this time", True, (2,)) == ("verdict", False)
    assert key("we don't have to discard 3 yellow tokens this time", True, (2,))[0] != "verdict"


def test_a_value_reading_that_computes_the_players_numbers_fits_them_better(assistant):
    """"My soldiers are at 8 and I took a red 4 — how many now?" sits far in meaning from the general form; a value
    reading that reads both numbers as its parameters and computes the case fits the question more for each number
    read (`computed_bonus`), and only where it computed the case from them all, and only for a how-many question."""
    from types import SimpleNamespace

    from app.core.settle import PARAMS, Marks, Side, Weighing, decide

    ruling = assistant.settler.ruling("tekhenu-time-of-set/ruling/soldiers-after-red-die")
    assert ruling.value is not None and PARAMS["computed_bonus"] > 0
    question = SimpleNamespace(text="My soldiers are at 8 and I took a red 4. How many soldiers now?", lang="en")
    reading = SimpleNamespace(marks=Marks(frozenset({8, 4}), False, False))
    plain = (False, False, False)
    # just under the fit a line needs without the bonus, and over it with the two numbers read
    dense = PARAMS["min_score"] - PARAMS["rank_bonus"][0] - 0.015

    def weighing(kind="how_many", amounts=(10,), explained=True) -> Weighing:
        w = Weighed(ruling, PARAMS["rank_bonus"][0], {"ask": [Side("f", "en", False, dense, 0.0, plain)]}, [],
                    {"soldiers": 8, "die": 4}, True, explained=explained, amounts=amounts)
        return Weighing(kind, question, reading, [], None, [w])

    chosen, matches = decide(weighing())
    assert chosen is not None and matches[0].score >= PARAMS["min_score"]
    assert decide(weighing(amounts=None))[0] is None           # not computed from them: no bonus
    assert decide(weighing(explained=False))[0] is None        # a number of the question left unread
    assert decide(weighing(kind="when"))[1][0].score < PARAMS["min_score"]


def test_every_value_reading_reads_the_numbers_of_its_own_questions(assistant):
    """A value reading computes the player's case only where the question's numbers are read as its parameters;
    its own questions are the plainest a player asks ("개인창고에 석재 4개 있는데 캐내기 하면 몇 개 가져와?" → the
    4 stones on the sled). scripts/param_audit.py lists every one of its own questions that leaves a number
    unread (not one of the reading's own numbers, nor the one answer a yes/no question states)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scripts" / "param_audit.py"
    spec = importlib.util.spec_from_file_location("param_audit", path)
    audit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(audit)
    found = audit.unread_forms(assistant)
    assert not found, "\n".join(f"{f['ruling']} [{f['lang']}] {f['form']}: unread {f['unread']}, parameters not "
                                f"read {f['params']}" for f in found)


def test_a_number_in_the_rulings_own_words_explains_the_question_only_written_as_the_question_writes_it(assistant):
    settler = assistant.settler
    happiness = settler.ruling("tekhenu/ruling/happiness-points")     # its quote: "3/6/9/12/15 점 … 9/13/16/19/21"
    q = of_text("점수 계산인데 석상 3개 지었고 행복지수는 14야. 석상이랑 행복지수로 합쳐서 몇 점 받아?", "ko")
    # the 3 counts Statues, not the quote's "3/6/9" points: the Happiness table alone does not compute the sum
    assert not settler._explained(happiness, q.numbers, q.text, {"happiness": 14}, "how_many")
    q = of_text("행복지수 14면 몇 점이야?", "ko")
    assert settler._explained(happiness, q.numbers, q.text, {"happiness": 14}, "how_many")
    short = assistant.answer("점수 계산인데 석상 3개 지었고 행복지수는 14야. 석상이랑 행복지수로 합쳐서 몇 점 받아?",
                             "tekhenu")["answer"]["short"]
    assert short is None or (short["value"] or {}).get("amount") == 12, short
    # "2인 게임" written in a ruling's own words as the question writes it still explains the 2
    from app.core.settle import _counted
    assert {">인"} <= _counted("2인 게임", 0, 1) and {">pla"} <= _counted("a 2-player game", 2, 3)


def test_the_answers_a_question_offers_are_not_numbers_of_its_case(assistant):
    # TtA: an Age I card prepared in Age II is worth 1 culture — "1 or 2" offers the answers, it gives no case
    short = assistant.answer("I bury an age I event during age II — 1 or 2 culture?", "through-the-ages")["answer"]["short"]
    assert short and short["value"]["amount"] == 1, short


def test_a_yes_no_form_that_counts_other_numbers_than_the_question_is_another_case(assistant):
    # TtA: under Despotism at most 2 of each urban building type. The reading "the limit is per type" is asked
    # by "can I have two labs and two temples?" (yes); "3 labs and 1 temple" is not that case
    from app.core.settle import PARAMS
    assert PARAMS["verdict_number_clash"] > 0
    short = assistant.answer("Under despotism can I have 3 labs and 1 temple?", "through-the-ages")["answer"]["short"]
    assert short is None or short["verdict"] == "no", short


def test_the_side_of_a_claim_is_read_off_the_forms_that_ask_the_case_alone(assistant):
    # Imhotep: the round ends at once when the fourth ship docks. A scene-setting form of the other side ("The start
    # player just docked the fourth ship. Does the round end right there…?") shares the question's scene, not its side
    from app.core.settle import Side
    assert Side("x", "en", False, 0.9, 0.5, (False, False, False)).scene is False
    short = assistant.answer("Three of us, my friend just docked the fourth ship and I'm up next. Do I still get one "
                             "more turn before the round ends?", "imhotep")["answer"]["short"]
    assert short is None or short["verdict"] == "no", short


def test_one_cards_value_does_not_answer_a_question_about_two_cards(assistant):
    # Time of Seth SX05 gives 2 Scribes, 4 Priests and 4 Soldiers, SX12 4 Priests: together 8 Priests — SX05's
    # own line (4) is not the answer
    short = assistant.answer("I drafted SX05 and SX12 as my starting cards. How many Priests and Soldiers do I "
                             "start with?", "tekhenu-time-of-set")["answer"]["short"]
    assert short is None or short.get("basis") != "ruling" or short.get("ruling_id") not in (
        "tekhenu-time-of-set/ruling/sx05-gains", "tekhenu-time-of-set/ruling/sx12-gains"), short


@pytest.mark.parametrize("question", ["DX03 법령으로 점수 내는데 세트 보드에 내 석상 2개랑 건물 3개가 있어. 몇 점이야?",
                                      "Scoring Decree DX03: I have 2 statues and 3 buildings on the Seth board. How many VP?"])
def test_another_printed_cards_reading_is_not_the_named_cards_rival(assistant, question):
    # DX03: 2 VP per Statue and 2 per Building of yours on the Seth board (corpus, Decree cards): 2×2 + 3×2 = 10.
    # DX02's reading (3 VP per Building) fits the words nearly as well; the question names DX03 only
    short = assistant.answer(question, "tekhenu-time-of-set")["answer"]["short"]
    assert short["ruling_id"] == "tekhenu-time-of-set/ruling/dx03-seth-statues-and-buildings"
    assert short["value"]["amount"] == 10


def test_a_number_that_counts_something_else_is_not_the_value_a_position_claims():
    """"한 세트" (one set) is no number of Buildings: a dispute over the extra building set is not judged as
    the claim "1 Building" against the value 20 (it was answered No)."""
    from app.core.settle import _claimed_number
    from kb.models import BiText

    buildings = BiText(ko="건축물", en="Buildings")
    assert _claimed_number("친구가 보탕카멘 공급처에 다른 플레이어 색 건물 한 세트를 더 놓고 시작해도 된대", {}, buildings) is None
    assert _claimed_number("he says I add one more set of buildings", {}, buildings) is None
    assert _claimed_number("친구는 건축물 20개래", {}, buildings) == 20
    assert _claimed_number("she says it is 20 buildings", {}, buildings) == 20
    assert _claimed_number("친구는 20이래", {}, buildings) == 20
    assert _claimed_number("he says 3 VP", {}, BiText(ko="점", en="VP")) == 3


def test_a_reading_whose_exception_is_the_best_one_is_not_its_rival(assistant):
    """The 2-3 player statue limit (12 with three players, corpus) is the exception of the general statue-space
    reading (its `unless`): where both fit, the exception decides, and the general reading no longer holds the
    line back."""
    short = assistant.answer("3 players — how many god statues can be built around the wheel?", "tekhenu")["answer"]["short"]
    assert short["ruling_id"] == "tekhenu/ruling/statues-buildable-by-player-count"
    assert short["value"]["amount"] == 12


@pytest.mark.parametrize("question,settled", [
    ("Final scoring: my Happiness is 16 and I also score Decree D05. How many points do the two give together?", False),
    ("최종 점수 계산인데 행복지수 16이고 D05 법령도 있어. 둘이 합쳐서 몇 점이야?", False),
    ("Final scoring: my Happiness is 16 and I score Decree D05. How many points does D05 give?", True),
])
def test_a_question_that_adds_two_things_up_is_not_answered_with_one_of_them(assistant, question, settled):
    """D05's 12 VP is a part of "Happiness points and D05 together" (9 + 12), not its answer: a how-many question
    that asks a sum gets a line only from a reading that itself adds the other part (its `uses`)."""
    short = assistant.answer(question, "tekhenu")["answer"]["short"]
    assert (short is not None and short.get("basis") == "ruling" and short.get("kind") == "how_many") == settled, short


@pytest.mark.parametrize("question", [
    "점수 계산인데 석상 3개 지었고 행복지수는 14야. 석상이랑 행복지수로 합쳐서 몇 점 받아?",
    "Scoring time: I've built 3 statues and my Happiness sits at 14. How many points do those two give me together?",
])
def test_a_reading_that_adds_two_ranked_readings_is_weighed_though_its_own_rule_is_not_ranked(assistant, question):
    """Tekhenu p.13: 1/3/6/10/15/21 VP for 1..6 Statues (3 → 6) and 3/6/9/12/15 VP for Happiness 9/13/16/19/21
    (14 → 6). The reading that adds them rests on the Scoring's own steps ("To perform a Scoring, do the
    following:"), a rule such a question does not rank; it is weighed because both readings it adds are."""
    short = assistant.answer(question, "tekhenu")["answer"]["short"]
    assert short is not None and short["ruling_id"] == "tekhenu/ruling/scoring-statues-and-happiness-together", short
    assert short["value"]["amount"] == 12
    assert {"tekhenu/scoring/statues", "tekhenu/scoring/happiness"} & set(short["rules"])


def test_those_two_asks_their_total_not_one_of_them(assistant):
    """Time of Seth solo: Hathor's and Osiris's tiles each give 3 VP "instead" when Botankhamun cannot build;
    "those two" asks the two together (6), which no single reading's 3 answers."""
    short = assistant.answer("Solo: Botankhamun's Hathor tile could not place a building and his Osiris tile could "
                             "not build either. How many VP does he get from those two?",
                             "tekhenu-time-of-set")["answer"]["short"]
    assert not (short and short.get("basis") == "ruling" and short.get("kind") == "how_many"), short


@pytest.mark.parametrize("text, counted", [
    ("How many points do those two give me together?", False), ("이 두 개로 몇 점 받아?", False),
    ("그 둘 합치면 몇 점?", False), ("I have the two statues. How many points?", True), ("석상 두 개 지었어", True),
])
def test_a_count_that_points_back_at_what_was_listed_is_no_number_of_the_case(text, counted):
    assert (not any(True for _ in BACK_REFERENCE.finditer(text))) == counted


@pytest.mark.parametrize("text,negated_,asks_negated_", [
    # a negated verb in a clause that ends in a connective negates that clause, not the question
    ("T17 있어도 빵 안 내면 점수 잃어?", False, False),
    ("세트 행동 안 했는데 보너스 받아?", False, False),
    ("그 카드는 못 쓰고 버려?", False, False),
    # a concessive ("even if the colours don't match") before another predicate: that predicate is the sentence's
    ("인접한 면마다 색깔이 안 맞아도 1점씩 받아?", False, False),
    ("색깔이 안 맞아도 돼?", True, False),
    # "안 내고 세울 수 있어?" asks whether the leave is allowed, as "안 내도 돼?" does
    ("B13 축복 쓰면 화강암 안 내고 세울 수 있어?", True, False),
    ("빵 안 내도 돼?", True, False),
    # the sentence's own predicate negated
    ("화강암 안 내고 세울 수 없어?", True, True),
    ("안 내고 지으면 안 돼?", True, True),
    ("회색 주사위로 생산 못 해?", True, True),
])
def test_a_korean_negation_counts_where_it_negates_the_sentences_predicate(text, negated_, asks_negated_):
    assert negated(text, "ko") == negated_ and asks_negated(text, "ko") == asks_negated_


def test_a_denied_number_is_shown_as_denied(assistant):
    """The line of a dispute whose position denies a number says so ("claimed: not 3"), never "claimed 3"."""
    short = assistant.answer("친구가 세 번째 플레이어는 석재 3개로 시작한대. 맞아?", "imhotep")["answer"]["short"]
    assert short and short["kind"] == "dispute" and short["claimed"] == 3
    denied = dict(short, claimed_not=True)
    assert "(주장: 3 아님, 규칙서에 따른 값 석재 4)" in present.short_view(assistant.kb, denied, "ko")["line"]
    assert "(claimed: not 3; by the rulebook 4 stones)" in present.short_view(assistant.kb, denied, "en")["line"]
    assert "claimed 3;" in present.short_view(assistant.kb, short, "en")["line"]


def test_a_neighbouring_rules_reading_is_no_rival_where_the_selection_is_sure_of_the_rule(assistant):
    """Where the answer selection is sure of the first rule (its probability at or above PARAMS["confident"]), a
    reading of another rule that fits nearly as well and answers otherwise no longer holds the verdict back; where
    it is not sure, or the best reading is not the first rule's, it still does. Measured in session 25: the
    selection's rule is the gold one more often than the best-fitting reading's (docs/measurements.md)."""
    from types import SimpleNamespace

    from app.core.settle import PARAMS, Marks, Side, Weighing, decide

    tie = assistant.settler.ruling("through-the-ages/ruling/aggression-tie-fails")
    other = assistant.settler.ruling("through-the-ages/ruling/aggression-costs-the-cards-military-actions")
    assert tie.verdict == "no" and other.verdict == "yes" and tie.rule != other.rule
    question = SimpleNamespace(text="Does an aggression succeed on a tie?", lang="en")
    reading = SimpleNamespace(marks=Marks(frozenset(), False, False))
    plain = (False, False, False)

    def weighing(confidence: float, best_first: bool = True) -> Weighing:
        best = Weighed(tie, 0.03, {"ask": [Side("q", "en", False, 0.98, 0.7, plain)],
                                   "deny": [Side("d", "en", False, 0.80, 0.2, plain)]}, [], {}, True,
                       first=best_first)
        rival = Weighed(other, 0.015, {"ask": [Side("r", "en", False, 0.97, 0.65, plain)]}, [], {}, True,
                        first=not best_first)
        return Weighing("yes_no", question, reading, [], None, [best, rival], confidence=confidence)

    sure = PARAMS["confident"]
    chosen = decide(weighing(sure))[0]
    assert chosen is not None and chosen[0].ruling.id == tie.id
    assert decide(weighing(sure - 0.05))[0] is None             # not sure: the neighbour still rivals
    assert decide(weighing(1.0, best_first=False))[0] is None   # the best is not the first rule's: as before


def test_a_yes_no_reading_of_a_rule_the_selection_is_sure_of_settles_with_less_fit(assistant):
    """A question that sets its scene at length fits its rule's forms less closely: where the selection is sure of
    the rule (PARAMS["sure"]), that rule's yes/no reading settles with PARAMS["sure_allowance"] less fit; another
    rule's reading, or the same fit where the selection is less sure, does not settle."""
    from types import SimpleNamespace

    from app.core.settle import PARAMS, Marks, Side, Weighing, decide

    ruling = assistant.settler.ruling("through-the-ages/ruling/aggression-tie-fails")
    question = SimpleNamespace(text="Does an aggression succeed on a tie?", lang="en")
    reading = SimpleNamespace(marks=Marks(frozenset(), False, False))
    plain = (False, False, False)
    # meaning + words + rank just under the fit a question needs, within the allowance
    dense = PARAMS["min_score"] - PARAMS["sure_allowance"] / 2 - PARAMS["lex_weight"] * 0.7 - 0.03
    assert dense >= PARAMS["min_dense"]

    def weighing(confidence: float, first: bool = True) -> Weighing:
        sides = {"ask": [Side("q", "en", False, dense, 0.7, plain)], "deny": [Side("d", "en", False, 0.7, 0.1, plain)]}
        return Weighing("yes_no", question, reading, [], None, [Weighed(ruling, 0.03, sides, [], {}, True, first=first)],
                        confidence=confidence)

    chosen = decide(weighing(PARAMS["sure"]))[0]
    assert chosen is not None and chosen[1].side == "ask"
    assert decide(weighing(PARAMS["sure"] - 0.01))[0] is None
    assert decide(weighing(1.0, first=False))[0] is None


@pytest.mark.parametrize("text, total", [
    ("How many points do the burial chamber and the card give altogether?", True),
    ("묘실 점수랑 카드 점수 합치면 몇 점?", True),
    ("행복지수 점수랑 D05 합쳐서 몇 점이야?", True),
    ("How many VP do those two give?", True),
    # the points of two things named together
    ("Not counting the region reward, how many VP do I get from TX01 and the statue?", True),
    ("지역 보상 빼고 TX01이랑 석상으로 몇 점 받아?", True),
    ("How many VP do I get from each statue?", False),
    ("석상으로 몇 점 받아?", False),
    ("How many points do 4 statues give at scoring?", False),
    ("석상 3개면 몇 점이야?", False),
    # "plus" describes the scene more often than it asks a sum: "a 3-stone group plus a separate single stone"
    ("Burial chamber: a 3-stone group plus a separate single stone — how many points?", False),
])
def test_a_total_is_asked_in_words(text, total):
    from app.core.settle import asks_total

    assert asks_total(text) is total


def test_a_rival_of_another_case_holds_no_verdict_back_where_the_case_reader_tells_them_apart(
        assistant, monkeypatch, tmp_path):
    """The bonus of a statue honoring Seth "right then and there" in a three-player game is the building rule's case
    (yes); "…whenever another player takes the Seth action" fits the question nearly as well and answers otherwise.
    The case reader reads the whole question against each claim and puts the building rule's well ahead; without
    it (its weights missing) the rival holds the verdict back, as before it."""
    from app.core.answers import AnswerCache
    from app.core.side_encoder import Background, SideEncoder

    monkeypatch.setattr(assistant, "answers", AnswerCache(0))
    question = "Three-player game: I just built a statue honoring Seth. Do I get its bonus right then and there?"
    short = assistant.answer(question, "tekhenu-time-of-set")["answer"]["short"]
    assert short and short["basis"] == "ruling" and short["verdict"] == "yes", short
    assert short["ruling_id"].endswith("seth-honor-bonus-on-building-three-players")
    missing = tmp_path / "none.npz"
    monkeypatch.setattr(assistant.settler, "case_reader",
                        Background(lambda: SideEncoder.load(missing, what="case reader")))
    short = assistant.answer(question, "tekhenu-time-of-set")["answer"]["short"]
    assert short is None or short.get("basis") != "ruling", short


def test_the_case_reader_vouches_for_a_reading_that_fits_a_little_less(assistant, monkeypatch):
    """"When do I score it?" after a scene of five connected stones fits the burial chamber's timing forms less than
    min_score asks; the case reader reads the claim and the whole question together, scores that claim clearly and
    well ahead of every nearby reading that answers otherwise, and the line is shown. Without the allowance, and
    where the case reader reads no claim clearly as the case asked (under `case_floor`), no ruling line."""
    from app.core import settle
    from app.core.answers import AnswerCache

    monkeypatch.setattr(assistant, "answers", AnswerCache(0))
    question = "I've built a connected group of 5 of my stones in the burial chamber. When do I score it?"
    short = assistant.answer(question, "imhotep")["answer"]["short"]
    assert short and short["basis"] == "ruling" and short["kind"] == "when", short
    assert short["ruling_id"].endswith("burial-chamber-scored-after-game")
    assert "after the game ends" in short["phase"]["en"]

    monkeypatch.setitem(settle.PARAMS, "case_fit_allowance", None)
    short = assistant.answer(question, "imhotep")["answer"]["short"]
    assert short is None or short.get("basis") != "ruling", short

    monkeypatch.setitem(settle.PARAMS, "case_fit_allowance", 0.1)
    real = assistant.settler.cases

    def unsure(text, lang, weighed):
        real(text, lang, weighed)
        for w in weighed:
            w.case = settle.PARAMS["case_floor"] - 0.5
    monkeypatch.setattr(assistant.settler, "cases", unsure)
    short = assistant.answer(question, "imhotep")["answer"]["short"]
    assert short is None or short.get("basis") != "ruling", short


@pytest.mark.parametrize("question", [
    "Playing solo against Botankhamun: I own a Statue honoring Ra and I take the Ra action myself. Do I still get my "
    "Statue bonus?",
    "솔로야. 호루스 기리는 석상 있고 이번 차례에 내가 호루스 행동 했어. 보너스 받아?"])
def test_a_solo_question_is_not_the_case_of_a_reading_for_more_players(assistant, question):
    # Solo rules: Statue bonuses as in a 2-player game, whichever of Botankhamun and you performs the action. The
    # 3-4-player reading (no bonus for your own action) fitted nearly as well and held the verdict back
    short = assistant.answer(question, "tekhenu")["answer"]["short"]
    assert short["ruling_id"] == "tekhenu/ruling/solo-statue-bonus-both-players" and short["verdict"] == "yes"


def test_alone_is_no_solo_game():
    from app.core.settle import SOLO_GAME

    assert SOLO_GAME.search("Solo game, I took the Thoth action") and SOLO_GAME.search("보탕카멘 차례야")
    assert not SOLO_GAME.search("나 혼자만 오벨리스크에 석재가 있어")


@pytest.mark.parametrize("question, card", [
    ("Art05 샀어. 기술 카드 2장은 언제 뽑아? 살 때 바로?", "Art05"),
    ("Art06 가져왔는데 행복지수 5는 언제 받아?", "Art06"),
])
def test_an_artifacts_effect_happens_on_its_owners_turn_not_when_taken(assistant, question, card):
    """"유물 카드 … 자신의 차례에만 … 사용할 수 있습니다" (Time of Seth, choosing Artifact cards): the card's own text
    says "immediately", which is when it is used — the line names the owner's turn, never the moment it is taken."""
    short = assistant.answer(question, "tekhenu-time-of-set")["answer"]["short"]
    assert short["kind"] == "when" and card in short["rules"][0]
    assert short["phase"] == {"ko": "자신의 차례에만", "en": "only on your own turn"}


@pytest.mark.parametrize("text", ["법령 카드는 처음에 몇 장 남겨?", "Cult 카드는 몇 장 깔아?"])
def test_the_end_of_a_word_like_karde_neun_is_no_cost_asked(text):
    """"드는" (it takes) asks a cost; "카드는" (the cards) ends in the same two letters and asks none: a value that is
    no cost (a number of cards) still answers it."""
    from app.core.settle import ASKS_COST, IS_COST

    assert not ASKS_COST.search(text) and not IS_COST.search("법령 카드는 2장 중 1장")
    assert ASKS_COST.search("자원이 몇 개 드는데?") and IS_COST.search("자원이 드는 비용")
    # nor "만들어?" (make) "들어?" (it takes), nor "꺼내야" (take out) "내야" (pay)
    assert not ASKS_COST.search("석상 몇 개 만들어?") and not ASKS_COST.search("석재 몇 개 꺼내야 돼?")
    assert ASKS_COST.search("자원 몇 개 들어?") and ASKS_COST.search("금 몇 개 내야 돼?")


@pytest.mark.parametrize("text, lang, pieces", [
    ("T12랑 T17 있어. 빵 생산 마커는 3칸이야. 빵 몇 개 갖고 몇 점 받아?", "ko", ["빵 몇 개 갖고?", "몇 점 받아?"]),
    ("석상을 세웠어. 점수 몇 점이랑 금 몇 개 받아?", "ko", ["점수 몇 점?", "금 몇 개 받아?"]),
    # the topic before the first number is every part's
    ("법령 카드는 처음에 몇 장 받고 몇 장 남겨?", "ko", ["법령 카드는 처음에 몇 장 받고?", "법령 카드는 처음에 몇 장 남겨?"]),
    ("My Bread marker is on 3. How much Bread do I get, and how many VP?", "en",
     ["How much Bread do I get?", "How many VP?"]),
    # one count over two things: asked of each
    ("시작 카드로 SX05랑 SX12 골랐어. 사제랑 병사 몇으로 시작해?", "ko", ["사제 몇으로 시작해?", "병사 몇으로 시작해?"]),
    ("처음 시작할 때 행복지수랑 인구는 몇 칸에 놓아?", "ko", ["처음 시작할 때 행복지수 몇 칸에 놓아?", "처음 시작할 때 인구 몇 칸에 놓아?"]),
    ("I drafted SX05 and SX12. How many Priests and Soldiers do I start with?", "en",
     ["How many Priests do I start with?", "How many Soldiers do I start with?"]),
    ("How many white and red action tokens does each player get?", "en",
     ["How many white action tokens does each player get?", "How many red action tokens does each player get?"]),
    # one thing counted, and a second question with no word of number: not cut
    ("법령 카드 효과로 몇 점이야?", "ko", []),
    ("석공 개발해놨어. 0등급 연구실을 1등급으로 향상하면 자원 몇 개 들어? 0등급에서 2등급으로 바로 올리면?", "ko", []),
    # a question of another kind beside the numbers
    ("몇 점이야? 그리고 언제 받아?", "ko", []),
])
def test_a_question_of_several_numbers_is_cut_into_one_question_per_number(text, lang, pieces):
    from app.core.settle import question_parts

    parts = question_parts(text, lang)
    assert [piece for _, piece in parts] == pieces
    scene = text[:text.rfind(".") + 1].strip()
    assert all(full == f"{scene} {piece}".strip() for full, piece in parts)


@pytest.mark.parametrize("piece, lang, words", [
    ("시민 행동 몇 개 들어?", "ko", {"시민", "행동"}),
    ("How many civil actions does that take?", "en", {"civil", "action"}),
    ("How much Bread do I get?", "en", {"bread"}),
    ("점수 몇 점?", "ko", set()),          # points: told apart by the question's own words
])
def test_what_a_part_counts(piece, lang, words):
    from app.core.settle import counted_words

    assert counted_words(piece, lang) == words


@pytest.mark.parametrize("question", [
    "3인 게임 세팅이야. 숭배자 카드는 몇 장 펼치고, 유물 카드는 몇 장 깔아?",
    "Setting up a three-player game. How many Cult cards do we display, and how many Artifact cards?",
])
def test_several_numbers_asked_at_once_each_get_their_own_reading(assistant, question):
    """"숭배자 카드를 인원수에 따라 3/4/5장(2/3/4인)" and "유물 카드를 5/6/7장 (2/3/4인)" (Time of Seth, setup steps 10
    and 11): no one reading counts both, so each part is settled on its own — 4 Cult cards and 6 Artifact cards for
    three players, each number with its own sentence and rule."""
    short = assistant.answer(question, "tekhenu-time-of-set")["answer"]["short"]
    assert [(i["amount"], i["unit"]["en"]) for i in short["value"]["items"]] == [(4, "Cult cards"), (6, "Artifact cards")]
    assert len(short["quotes"]) == 2
    assert {"tekhenu-time-of-set/setup/step-10-cult-cards", "tekhenu-time-of-set/setup/step-11-artifacts"} <= set(
        short["rules"])


def test_a_part_is_answered_only_by_a_reading_of_what_it_counts(assistant):
    """"…자원 몇 개랑 시민 행동 몇 개 들어?": the stage's cost in resources counts no civil actions, so that reading
    answers the resources part and never the civil-actions part (the question then gets no line, not one number
    twice); the civil-action reading answers its own part."""
    from app.core.settle import counted_words, counts

    cost = assistant.settler.ruling("through-the-ages/ruling/engineering-genius-stage-cost-paid")
    action = assistant.settler.ruling("through-the-ages/ruling/wonder-stage-one-civil-action")
    for lang, resources, actions in (("ko", "자원 몇 개?", "시민 행동 몇 개 들어?"),
                                     ("en", "How many resources?", "How many civil actions does that take?")):
        assert counts(cost, counted_words(resources, lang), lang)
        assert not counts(cost, counted_words(actions, lang), lang)
        assert counts(action, counted_words(actions, lang), lang)
    # the analyser cuts "행복지수" in the claim ("게임 시작 때 행복지수") and not in the question: as written, it counts
    happiness = assistant.settler.ruling("tekhenu/ruling/setup-happiness-starts-at-2")
    assert counts(happiness, counted_words("처음 시작할 때 행복지수 몇 칸에 놓아?", "ko"), "ko")


@pytest.mark.parametrize("question", [
    "Full game: my yellow bank is empty and Age II just ended. How many yellow tokens go to the box?",
    "본격 게임이야. 내 노란색 저장소가 텅 비었는데 방금 2시대가 끝났어. 노란 토큰 몇 개 박스에 넣어?",
])
def test_an_empty_yellow_bank_hands_in_no_tokens_at_the_end_of_an_age(assistant, question):
    """"노란색 저장소에 남은 토큰이 없으면 토큰을 내지 않습니다" (Full Game, end of an age): the 2 tokens are every other
    case's number, never the empty bank's."""
    short = assistant.answer(question, "through-the-ages")["answer"]["short"]
    assert short is None or (short.get("value") or {}).get("amount") == 0, short
