"""The case settled by the game's engine (issue 25, §2): a how-many question gets the number it asks for,
a yes/no question whether the move it asks about may be made, from the example the engine built from the
question's own numbers and played — the check that answers what the asking words ask ("몇 점 잃어?" is the
VP lost, not the VP left; "거기 지을 수 있어?" whether the Building went up or which rule refused it), the
calculation the checks narrate, the rules the example plays — and no line where the example leaves out
part of the case the question writes, or where the question asks what no check answers. On the real KB
and index."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.core.question import of_text
from app.core.short_answer import from_engine
from engine import registry
from engine.scenarios import ScenarioError, run

ROOT = Path(__file__).resolve().parents[1]
HANGUL = re.compile(r"[가-힣]")


@pytest.fixture(scope="module")
def assistant():
    from app.core.assistant import Assistant

    return Assistant.create()


def _short(assistant, question: str, game: str) -> dict | None:
    return assistant.answer(question, game)["answer"]["short"]


# -- what a question asks for: the longer phrase says it ---------------------------------------------------------
@pytest.mark.parametrize("game, question, keys", [
    ("tekhenu", "마앗 단계에서 균형값이 -7이면 점수 몇 점 잃어?", ["vp_lost"]),
    ("tekhenu", "How many VP do I lose?", ["vp_lost"]),
    ("tekhenu", "석상 4개 지었으면 점수 계산 때 몇 점 받아?", ["vp"]),
    ("tekhenu", "What's my balance, and how many VP do I lose?", ["balance", "vp_lost"]),
    ("tekhenu", "파피루스 몇 개 갖고 몇 개가 저울로 가?", ["kept", "to_scales"]),
    ("tekhenu", "What's my VP now?", []),                    # the VP left: nothing an example answers
    ("tekhenu-time-of-set", "내가 거기 지으면 병사 몇 내? 지금 병사 5개 있는데 몇 개 남아?", ["soldiers_paid", "soldiers_left"]),
    ("tekhenu-time-of-set", "How many VP do I lose?", ["vp_lost"]),      # the base game's asks too
    ("through-the-ages", "공격 군사력은 몇이고, 침략 끝나고 내 군사력은 몇이야?", ["attack_strength", "strength_after"]),
    ("imhotep", "I have 3 stones in my storage, how many can I quarry?", ["stones_taken"]),
    ("imhotep", "석재 캐내기 하고 나면 창고에 석재 몇 개 남아?", ["sled_after"]),
])
def test_the_asking_words_say_what_is_asked(game, question, keys):
    assert registry.get(game).vocabulary().asked_for(question) == keys


def test_every_answer_a_builder_tags_is_something_a_question_can_ask():
    for game in ("tekhenu", "tekhenu-time-of-set", "through-the-ages", "imhotep"):
        folder = ROOT / "engine" / game.replace("-", "_")
        tagged = set(re.findall(r'"asks": "([a-z_]+)"', (folder / "examples.py").read_text(encoding="utf-8")))
        asks = {a.key for a in registry.get(game).vocabulary().asks}
        assert tagged and tagged <= asks, (game, tagged - asks)


def test_a_tag_that_answers_nothing_is_refused_naming_the_scenario():
    engine = registry.get("through-the-ages")
    spec = {"id": "through-the-ages/scenario/bad-tag", "setup": {"me": {"yellow_bank": 10, "blue": {"agriculture": 10}}},
            "actions": [{"kind": "increase_population"}],
            "expect": [{"description": "one more unused worker", "description_ko": "일하지 않는 일꾼 +1",
                        "path": "me.pool", "equals": [2], "answers": {"asks": "food_paid"}}]}
    with pytest.raises(ScenarioError, match="bad-tag.*answers"):
        run(engine, spec)


# -- the line: the engine's number for the question's own case ------------------------------------------------------
@pytest.mark.parametrize("question, game, amounts, units_en", [
    ("Maat phase: Pure 6 and 2 on the left, Tainted 5 and 5 on the right plus 4 excess Resources. I put my 1 Faith on "
     "the left. How many VP do I lose?", "tekhenu", [1], ["VP lost"]),
    ("행복지수 8, 인구 11인데 바스테트를 4로 했어. 행복지수 몇 칸까지 가고 서기 몇 명 받아?", "tekhenu", [11, 1],
     ["Happiness", "Scribe(s)"]),
    ("Happiness 8, Population 11, and I did Bastet with a 4. Where does my Happiness end up, and how many Scribes do I "
     "get?", "tekhenu", [11, 1], ["Happiness", "Scribe(s)"]),
    ("병사 7인데 빨간 주사위 5 가져왔어. 병사 몇 돼?", "tekhenu-time-of-set", [10], ["Soldiers"]),
    ("No tactics card, military strength 58. I attacked with an aggression and sacrificed 2 knights (strength 2 each). "
     "What's my attack strength, and what's my strength afterwards?", "through-the-ages", [62, 54],
     ["attack strength", "strength afterwards"]),
    ("게임 끝났어. 묘실(A)에 내 석재가 8개 이어진 덩어리 하나랑, 거기서 떨어진 외톨이 석재 1개가 있어. 묘실 점수 몇 점이야?",
     "imhotep", [22], ["points"]),
    # a friend's Building already there: the region's second, paid from the asker's 5
    ("3인 게임이고 세트 보드 3번 지역에 친구 건물이 벌써 있어. 내가 거기 지으면 병사 몇 내? 지금 병사 5개 있는데 몇 개 남아?",
     "tekhenu-time-of-set", [3, 2], ["Soldiers paid", "Soldiers left"]),
    ("3-player game. Region 3 on the Seth board already has my friend's building. What do I pay in soldiers to build "
     "there, and how many of my 5 soldiers are left?", "tekhenu-time-of-set", [3, 2], ["Soldiers paid", "Soldiers left"]),
    # the scales' left and right are its Pure and Tainted sides; the excess Bread counts against
    ("마앗 단계야. 저울 왼쪽에 5랑 2, 오른쪽에 6이랑 4, 초과 생산한 빵 3개도 오른쪽에 있어. 신앙 토큰 2개를 왼쪽에 다 올리면 점수 몇 점 "
     "잃어?", "tekhenu", [1], ["VP lost"]),
    # a group tied for a place, as told: each of them gets the places' points added and split
    ("4인 게임 끝났는데 오벨리스크 1등은 한 명이고 나머지 세 명이 3층으로 공동 2등이야. 우리 각자 몇 점?", "imhotep", [5],
     ["points each"]),
    ("Four-player game over and all four of us have obelisks of height 3. How many points does each of us get?",
     "imhotep", [7], ["points each"]),
    # "one player has the tallest", "the other three of us": no player counts
    ("Four-player game over: one player has the tallest obelisk and the other three of us are tied for 2nd at height "
     "2. How many points does each of us get?", "imhotep", [5], ["points each"]),
    # a ship of the asker's own stones at the Pyramids (A): the printed points of the spaces they fill next
    ("4칸짜리 배에 내 석재 3개 싣고 피라미드로 보냈어. 피라미드엔 석재 5개가 있어. 몇 점 받아?", "imhotep", [6], ["points"]),
    ("The pyramid already has 13 stones. My ship with 3 of my stones sails there. What do I score?", "imhotep", [6],
     ["points"]),
    # the temple (A) at a round's end: its spaces for the player count, filled left to right and then a level up
    ("2인 게임이야. 신전에 지금까지 석재가 7개 놓였는데, 내 건 세 번째, 네 번째, 여섯 번째로 놓인 거야. 이대로 라운드 끝나면 나 "
     "신전에서 몇 점?", "imhotep", [2], ["points"]),
    ("Two-player game, the round just ended, and every temple stack has my stone on top. How many temple points do I "
     "get this round?", "imhotep", [4], ["points"]),
    # the unused blue cards score beside the Statues: the cards' points together
    ("게임 끝났는데 석상 카드 6장이랑 안 쓴 파란 카드 3장 있어. 카드로 몇 점 받아?", "imhotep", [20], ["points"]),
    ("Game over. I collected all 10 statue cards and have 3 unused blue cards. How many points do my cards give me?",
     "imhotep", [28], ["points"]),
    # the Hammer from the sled told: 1 taken (the sled's 5), 1 loaded
    ("I have 4 stones on my sled and play the Hammer. How many stones do I have on my sled then?", "imhotep", [4],
     ["stones on the sled"]),
    # the stones on the sled after quarrying, asked
    ("I have 3 stones on my sled. If I quarry, how many stones are on my sled then?", "imhotep", [5],
     ["stones on the sled"]),
    # the first turn's sled from the place in turn order (4 stones for the third), less the one loaded since
    ("Four players, I'm third in turn order. On my first turn I moved one stone from my sled onto a ship. If I take "
     "the quarry action now, how many stones do I get?", "imhotep", [2], ["stone(s) taken"]),
    # "both my Faith tokens" are 2; a die below the scales (Anubis) counts on neither side
    ("Maat phase: my Pure side has a 5 and a 2, my Tainted side a 6 and a 4 plus 3 excess bread. I put both my Faith "
     "tokens on the Pure side. How many VP do I lose?", "tekhenu", [1], ["VP lost"]),
    # two players' points, in the order asked
    ("Four-player game just ended. Obelisks: White 4 high, Black 4, Gray 2, Brown has none. What do White and Gray "
     "each score?", "imhotep", [12, 5], ["points", "points"]),
    # two Decoration cards, each on its own site's stones: 9 // 3 + 14 // 3
    ("I hold the Temple Decoration and the Burial Chamber Decoration. At the end the temple has 9 stones and the "
     "burial chamber 14. How many points from the two cards?", "imhotep", [7], ["points"]),
    ("게임 끝났어. 석상 카드 4장이랑 신전 장식 카드가 있고, 신전에 석재가 모두 13개야. 이 카드들로 몇 점?", "imhotep", [14],
     ["points"]),
    # the Wrath of the Pharaoh: 6 Statues (17) less the penalty
    ("파라오의 분노로 끝났어. 석상 카드 6장 있는데 피라미드에는 내 석재가 하나도 없어. 석상 점수에서 벌점 빼면 몇 점이야?",
     "imhotep", [12], ["points"]),
    # Obelisks (B): 2 waiting + 2 brought build one obelisk of 3, 1 left; an obelisk on the 8 space and 1 left: 8 + 1
    ("Obelisks on side B: 2 of my stones were waiting below and a ship brought 2 more. How many of my stones are left "
     "at the bottom?", "imhotep", [1], ["stones waiting below"]),
    ("오벨리스크 B면이야. 게임 중에 8점 칸에 오벨리스크 하나 쌓았고, 게임 끝났을 때 아래쪽에 내 석재가 1개 남았어. 오벨리스크에서 "
     "총 몇 점이야?", "imhotep", [9], ["points"]),
    # a Decree scored from the pieces and stock the question counts: D08 (2 per Gold, 1 per other Resource, at most
    # 20), D14 (2 per Statue, 2 per Building around the Temple Complex)
    ("Game over. I have Decree D08 and 4 Gold, 2 Papyrus and 1 Limestone left. How many VP does D08 give me?",
     "tekhenu", [11], ["VP"]),
    ("게임 끝났어. D14 법령 있고 석상 2개, 신전 단지 주변에 건물 4개 지었어. D14로 몇 점이야?", "tekhenu", [12], ["VP"]),
    # the Simple game's bonus of the parts a question adds up ("those two together"): its total, each part checked
    ("The simple game is over. I have 2 age I technology cards (the government included) and strength 6. How much "
     "bonus culture do those two give me together?", "through-the-ages", [16], ["bonus culture"]),
])
def test_a_how_many_question_gets_the_engines_number_with_its_calculation(assistant, question, game, amounts, units_en):
    line = _short(assistant, question, game)
    assert line is not None and line["basis"] == "example" and line["kind"] == "how_many"
    value = line["value"]
    items = value["items"] if "items" in value else [value]
    assert [i["amount"] for i in items] == amounts
    assert [i["unit"]["en"] for i in items] == units_en
    assert all(HANGUL.search(i["unit"]["ko"]) for i in items)
    # the calculation is the example's checks up to the answer, in both languages; the rules are the example's
    assert line["calculation"]["en"] and HANGUL.search(line["calculation"]["ko"])
    assert str(amounts[-1]) in line["calculation"]["en"]
    assert line["rules"] and all(r.startswith(game + "/") for r in line["rules"])


@pytest.mark.parametrize("question, game", [
    # the player who left: 4 players set up, but the question's 1 is in no part of the scene
    ("본격 게임, 4인으로 시작했는데 한 명이 게임 포기했어. 내 턴 시작에 카드 열 앞에서 몇 칸까지 치워?", "through-the-ages"),
    # the Papyrus paid to refresh the section first: the example pays only for the cards
    ("Thoth with a 5: first I pay 1 Papyrus to refresh the second section, then I take my cards. How much Papyrus do I "
     "pay in total, and how many cards do I get?", "tekhenu"),
    # the VP left, not the VP lost: no check answers it
    ("I'm on 2 VP, and even after placing my Faith my balance is -10 at Maat. What's my VP now?", "tekhenu"),
])
def test_no_engine_number_where_the_example_leaves_part_of_the_case_out(assistant, question, game):
    line = _short(assistant, question, game)
    assert line is None or line["basis"] != "example"


def test_the_engines_number_only_from_a_played_example_whose_checks_held():
    lang = "en"
    question = of_text("Happiness 8, Population 11, and I did Bastet with a 4. Where does my Happiness end up?", lang)
    vocabulary = registry.get("tekhenu").vocabulary()
    example = {"verified": True, "from_question": True, "rule_ids": ["tekhenu/actions/bastet/happiness-cap"],
               "title": {"en": "Bastet with a die of 4, Happiness 8, Population 11"},
               "checks": [{"description": "Happiness 8 + 4, never beyond Population 11", "expected": 11, "ok": True,
                           "answers": [{"asks": "happiness", "amount": 11}]}]}
    assert from_engine(question, example, vocabulary)["value"]["amount"] == 11
    assert from_engine(question, dict(example, verified=False), vocabulary) is None
    assert from_engine(question, dict(example, from_question=False), vocabulary) is None
    assert from_engine(question, dict(example, checks=[dict(example["checks"][0], ok=False)]), vocabulary) is None
    # a number of the question the scene does not show (Population 12 where the example set up 11)
    other = of_text("Happiness 8, Population 12, and I did Bastet with a 4. Where does my Happiness end up?", lang)
    assert from_engine(other, example, vocabulary) is None
    # two things asked, one answered: no line
    both = of_text("Happiness 8, Population 11, Bastet with a 4. Where does my Happiness end up, and how many Scribes "
                   "do I get?", lang)
    assert from_engine(both, example, vocabulary) is None


# -- yes/no: the move played, or refused by its rule -----------------------------------------------------------------
@pytest.mark.parametrize("question, game, verdict, refusing", [
    ("Solo against Botankhamun. He already has a building in region 3 of the Seth board. I have 4 Soldiers. Can I build "
     "mine there as the second building?", "tekhenu-time-of-set", "no", "tekhenu-time-of-set/gameplay/seth-action/step-2-build"),
    ("Three of us, and I have exactly 3 Soldiers. The Seth region my die points to already has an opponent's building. "
     "Can I build mine there as the second building?", "tekhenu-time-of-set", "yes", None),
    ("아직 전제정치고 신전 2개 지었어. 신전 하나 더 지어도 돼?", "through-the-ages", "no",
     "through-the-ages/second-round/build-urban-building/limit-per-type"),
    # whether there is any: the number the engine checked, read as yes or no
    ("균형이 -4면 점수 잃어?", "tekhenu", "yes", None),
    ("balance -2 after faith — do I lose anything?", "tekhenu", "no", None),
    ("바스테트 4로 하면 서기 줘?", "tekhenu", "yes", None),
    ("토트 주사위 1로 하면 비용 있어?", "tekhenu", "no", None),
    # one more stone onto a ship: any empty space takes it, even once the ship could sail; a full ship takes none
    ("A 3-slot ship needs 2 stones to sail and already has 2 on it, so it could leave. Can I still load my stone into "
     "its last empty slot?", "imhotep", "yes", None),
    ("4칸짜리 배에 석재 4개가 꽉 찼는데 아직 아무도 안 옮겼어. 내 석재 하나 더 얹어도 돼?", "imhotep", "no",
     "imhotep/turn/place-stone/which-space"),
    # the action's 3 weighed against a quarry of 2: the action is still allowed
    ("Only 2 stones of my color are left in the quarry and my sled is empty. I can't get the full 3, but am I allowed "
     "to take the quarry action?", "imhotep", "yes", None),
    # the fourth player starts with a full sled (5 stones)
    ("4인 게임이고 나는 네 번째 순서야. 첫 차례에 석재 캐내기 할 수 있어?", "imhotep", "no", "imhotep/turn/get-stones/not-allowed"),
])
def test_a_yes_no_question_gets_the_engines_verdict_on_its_own_case(assistant, question, game, verdict, refusing):
    line = _short(assistant, question, game)
    assert line is not None and line["basis"] == "example" and line["kind"] == "yes_no"
    assert line["verdict"] == verdict
    assert line["label"]["en"] == ("Yes" if verdict == "yes" else "No")
    assert line["label"]["ko"] == ("예" if verdict == "yes" else "아니요")
    assert line["text"]["en"] and HANGUL.search(line["text"]["ko"])
    if refusing:            # the rule that refused the move is the line's rule, and cited first
        assert line["rule_id"] == refusing and line["rules"][0] == refusing


def test_one_more_is_the_one_after_those_built():
    from engine.through_the_ages.examples import urban_limit, vocabulary

    for question, lang in [("아직 전제정치고 신전 2개 지었어. 신전 하나 더 지어도 돼?", "ko"),
                           ("Still in Despotism with two temples built. Am I allowed a third temple?", "en")]:
        spec = urban_limit(vocabulary().read(question, lang)).spec
        assert spec["setup"]["me"]["workers"]["religion"] == 2
        assert spec["expect"][0]["raises"] == "through-the-ages/second-round/build-urban-building/limit-per-type"


def test_no_engine_verdict_for_a_question_asked_in_the_negative_or_without_its_scene():
    lang = "en"
    vocabulary = registry.get("tekhenu-time-of-set").vocabulary()
    example = {"verified": True, "from_question": True, "rule_ids": ["tekhenu-time-of-set/gameplay/seth-action/step-2-build"],
               "title": {"en": "The second Building in a Seth region with 3 players, from 3 Soldiers"},
               "checks": [{"description": "the Building takes the region's second space", "expected": 0, "ok": True,
                           "answers": [{"asks": "build_there", "verdict": "yes"}]}]}
    asked = "Three players, 3 Soldiers, an opponent's building in the region. Can I build mine there?"
    assert from_engine(of_text(asked, lang), example, vocabulary)["verdict"] == "yes"
    negative = "Three players, 3 Soldiers, an opponent's building in the region. Can't I build mine there?"
    assert from_engine(of_text(negative, lang), example, vocabulary) is None
    other_scene = "Four players, 3 Soldiers, an opponent's building in the region. Can I build mine there?"
    assert from_engine(of_text(other_scene, lang), example, vocabulary) is None


def test_a_players_number_says_whose_it_is_and_only_theirs_is_narrated(assistant):
    from app.core.present import amount_text

    for question, lang, text in [
        ("4인 게임 끝. 오벨리스크가 흰색 4층, 검은색 4층, 회색 2층, 갈색은 하나도 없어. 흰색이랑 회색은 각각 몇 점이야?", "ko",
         "흰색 12점, 회색 5점"),
        ("Four-player game just ended. Obelisks: White 4 high, Black 4, Gray 2, Brown has none. What do White and Gray "
         "each score?", "en", "white: 12 points, gray: 5 points")]:
        line = _short(assistant, question, "imhotep")
        assert amount_text(line["value"], lang) == text
        assert "black" not in line["calculation"]["en"].split(",")[0] and "brown" not in line["calculation"]["en"]
    # the question names no colour: whose number it asks is not known, so none
    line = _short(assistant, "Four-player game just ended. Obelisks: 4, 4, 2 and none. How many points do I score?",
                  "imhotep")
    assert line is None or line["basis"] != "example"


# -- a dispute's number, against the engine's play of the same case --------------------------------------------
@pytest.mark.parametrize("game, text, claims", [
    ("imhotep", "친구가 각자 7점씩 받는대", [("points_each", 7)]),
    ("imhotep", "quarrying still gets me 3 more", [("stones_taken", 3)]),
    ("through-the-ages", "that means I draw 4 military cards", [("military_cards", 4)]),
    ("through-the-ages", "upkeep costs 8 culture", [("culture_lost", 8)]),
    ("tekhenu", "2점 잃는대", [("vp_lost", 2)]),                 # the longer claim: VP lost, not VP
    ("tekhenu", "I can bring it down to +2", [("balance", 2)]),
    ("tekhenu", "균형값 +1이 -1보다 차례가 앞선대", []),            # balances named to order them claim no balance
    ("imhotep", "the third player starts with 4 stones on the sled", []),
    ("imhotep", "석재 캐내기 하면 그래도 3개 다 가져와서 6개가 된대", [("stones_taken", 3), ("sled_after", 6)]),
    ("imhotep", "quarrying still gets me 3 more, so I'd have 6", [("stones_taken", 3), ("sled_after", 6)]),
])
def test_a_statement_claims_a_number_for_what_is_asked(game, text, claims):
    found = registry.get(game).vocabulary().claims_in(text)
    assert [(c.ask, c.value) for c in found] == claims


def test_a_claim_pattern_without_its_number_is_refused_naming_the_file(tmp_path):
    from engine.asked import Vocabulary, VocabularyError

    path = tmp_path / "vocabulary.yaml"
    path.write_text("asks:\n  points: {unit: {en: points, ko: 점}, words: ['몇 점']}\nclaims:\n  points: ['점수']\n",
                    encoding="utf-8")
    with pytest.raises(VocabularyError, match=r"vocabulary\.yaml: claims\.points"):
        Vocabulary.load(path)
    path.write_text("asks:\n  points: {unit: {en: points, ko: 점}, words: ['몇 점']}\nclaims:\n  score: ['{n}점']\n",
                    encoding="utf-8")
    with pytest.raises(VocabularyError, match="score is no ask"):
        Vocabulary.load(path)


@pytest.mark.parametrize("game, question, right, claimed, amount", [
    ("imhotep", "I have the Obelisk Decoration and the obelisks hold 17 stones at the end. My friend says it scores "
                "6 points. Is she right?", False, 6, 5),
    ("imhotep", "오벨리스크 장식 카드 있고 게임 끝났을 때 오벨리스크에 석재가 12개야. 친구가 4점이래. 맞아?", True, 4, 4),
    ("through-the-ages", "이번 턴에 군사 행동 2개를 안 썼어. 친구가 군사 카드 2장 가져온대. 맞아?", True, 2, 2),
    ("through-the-ages", "I didn't use 5 military actions this turn. My brother says I draw 5 military cards. Right?",
     False, 5, 3),
    # "공동 2등이 두 명이면": the two tied for second, not a two-player game
    ("imhotep", "4인 게임에서 오벨리스크 공동 2등이 두 명이면, 친구가 각자 7점씩 받는대. 맞아?", True, 7, 7),
    # "two of us tied": the size of the tied group (the players are four), never a height in seat order
    ("imhotep", "Four-player game, two of us tied for second on the obelisks. She says we get 7 points each. Is she "
                "right?", True, 7, 7),
    ("imhotep", "Four-player game over, two of us tie for the tallest obelisk at 4. My friend says we both get 15. Is "
                "that right?", False, 15, 12),
    # both numbers of the claim against the engine's: 2 taken (not 3), 5 on the sled (not 6)
    ("imhotep", "개인창고에 석재가 3개 있는데, 친구는 석재 캐내기 하면 그래도 3개 다 가져와서 6개가 된대. 맞아?", False, 3, 2),
    # "2 each, so 8": the 2 is the second position's reasoning, the 8 its claim; the first's 10 is the engine's
    ("tekhenu", "She says 4 Statues built are worth 10 VP at a Scoring; I think it's 2 each, so 8. Who's right?",
     True, 10, 10),
    ("tekhenu", "누나는 점수 계산 때 석상 4개 지었으면 10점이래. 나는 하나당 2점이라 8점이라고 했는데 누가 맞아?", True, 10, 10),
])
def test_a_dispute_over_a_number_gets_who_is_right_from_the_engine(assistant, game, question, right, claimed, amount):
    from app.core.present import short_view

    line = _short(assistant, question, game)
    assert line is not None and line["basis"] == "example" and line["kind"] == "dispute"
    assert line["verdict"] == ("yes" if right else "no")
    assert line["claimed"] == claimed and line["value"]["amount"] == amount
    assert ("right" in line["label"]["en"]) == right and ("맞습니다" in line["label"]["ko"]) == right
    lang = "ko" if HANGUL.search(question) else "en"
    shown = short_view(assistant.kb, line, lang)["line"]
    said = "엔진이 이 경우를 실행한 결과" if lang == "ko" else "the engine's play of this case gives"
    assert said in shown and str(amount) in shown.split(said)[1]


def test_no_engine_verdict_where_a_position_claims_more_than_the_case_played():
    vocabulary = registry.get("tekhenu-time-of-set").vocabulary()
    example = {"verified": True, "from_question": True, "rule_ids": ["tekhenu-time-of-set/gameplay/seth-action/step-2-build"],
               "title": {"en": "The second Building in a Seth region with 4 players, from 5 Soldiers"},
               "checks": [{"description": "the second Building costs 3 Soldiers", "expected": 3, "ok": True,
                           "answers": [{"asks": "soldiers_paid", "amount": 3}]}]}
    one_case = of_text("Four players, 5 Soldiers. He says the second building in a Seth region costs 4 soldiers. Is he "
                       "right?", "en")
    assert from_engine(one_case, example, vocabulary)["verdict"] == "no"
    # two cases claimed ("the first … 4 and the second one 2"): the example plays one of them
    two_cases = of_text("Four players, 5 Soldiers. He says the first building in a Seth region costs 4 soldiers and the "
                        "second one 2. Is he right?", "en")
    assert from_engine(two_cases, example, vocabulary) is None
    # a number in the position's condition sets its scene: it is not the claim
    conditional = of_text("Four players. He says with 5 soldiers the second building is free. Is he right?", "en")
    assert from_engine(conditional, example, vocabulary) is None


def test_the_pyramid_example_fills_the_printed_spaces_in_order():
    from engine.imhotep import data as D
    from engine.imhotep.examples import _pyramid_arrival, vocabulary

    run_of = lambda text, lang: run(registry.get("imhotep"), _pyramid_arrival(vocabulary().read(text, lang)).spec)
    # 13 there and 3 arriving: the last space (level 3), then two beside the finished pyramid at 1 each
    result = run_of("The pyramid already has 13 stones. My ship with 3 of my stones sails there. What do I score?", "en")
    assert result.verified and result.checks[-1].expected == D.PYRAMID_A[13] + 2 * D.PYRAMID_AFTER
    # another player's stone on the ship, or the B side: another case, no pyramid example
    for text, lang in [("A ship with my 2 stones and a white one reaches the pyramid. How many points?", "en"),
                       ("피라미드 B면에 내 석재 2개 실린 배가 도착했어. 몇 점?", "ko"),
                       ("Pyramid B's middle pyramid is empty. A ship with 3 of my stones arrives. How many points?", "en"),
                       ("A ship with just 2 of my stones reached Pyramid B. One went on a small pyramid. Points?", "en")]:
        assert _pyramid_arrival(vocabulary().read(text, lang)) is None
    # a 4-space ship cannot sail with 2: the sailing rule, not the pyramid's
    assert _pyramid_arrival(vocabulary().read("4칸짜리 배에 내 석재 2개만 싣고 빈 피라미드로 보냈어. 몇 점?", "ko")) is None


@pytest.mark.parametrize("question, lang, sled, quarry, verdict", [
    ("I have 3 stones on my sled and my quarry is empty. Can I take the quarry action?", "en", 3, 0, "no"),
    ("돌무더기에 내 석재가 하나도 없어. 개인창고엔 2개. 석재 캐내기 해도 돼?", "ko", 2, 0, "no"),
    ("돌무더기에 내 색깔 석재가 딱 2개 남았고 내 개인창고는 비었어. 석재 캐내기 해도 돼?", "ko", 0, 2, "yes"),
])
def test_the_quarrys_own_stock_is_no_count_of_the_sled(question, lang, sled, quarry, verdict):
    from engine.imhotep.examples import _sled, vocabulary

    example = _sled(vocabulary().read(question, lang))
    assert example.spec["setup"]["black"] == {"sled": sled, "quarry": quarry}
    result = run(registry.get("imhotep"), example.spec)
    assert result.verified
    assert [t["verdict"] for c in result.checks for t in (c.answers or []) if t["asks"] == "quarry"] == [verdict]


def test_no_quarry_example_where_its_stock_changes_or_is_not_told():
    from engine.imhotep.examples import _sled, vocabulary

    for question in ["My color had run out in the quarry, but a ship just unloaded 2 of my stones at the market. I have "
                     "1 stone on my sled. Can I take the quarry action next turn?",
                     "I have 1 stone on my sled and hardly anything in the quarry. Can I take the quarry action?"]:
        assert _sled(vocabulary().read(question, "en")) is None


def test_one_group_counts_groups_and_a_contradicted_ruling_is_not_shown(assistant):
    from engine.imhotep.examples import _burial_groups, vocabulary

    question = ("Game over. In the burial chamber (side A) I have one connected group of 6 and, apart from it, a lone "
                "stone. How many chamber points do I get?")
    spec = _burial_groups(vocabulary().read(question, "en")).spec
    result = run(registry.get("imhotep"), spec).to_json()
    result.update(from_question=True, title=spec["title"])
    # "one connected group" writes a 1 that counts groups, not a number the scene must show
    line = from_engine(of_text(question, "en"), result, vocabulary())
    assert line["value"]["amount"] == 17 + 1
    # the ruling for a group over five reads the group alone (17): against the engine's 18 neither is shown
    shown = _short(assistant, question, "imhotep")
    assert shown is None or shown["value"]["amount"] == 18


def test_discontent_reads_the_required_happiness_the_question_tells():
    from engine.through_the_ages.examples import discontent, vocabulary

    for question, lang in [("인구 늘렸더니 노란 저장소 행복 지수 3 구역 마지막 토큰까지 빠졌어. 내 행복 지수는 1이야. 불만 있는 일꾼 "
                            "몇 명 놔야 돼?", "ko"),
                           ("I took the last token out of the happiness-3 section of my yellow bank. My happiness is 1. "
                            "How many discontent workers do I need?", "en")]:
        spec = discontent(vocabulary().read(question, lang)).spec
        result = run(registry.get("through-the-ages"), spec)
        assert result.verified and result.checks[0].answers == [{"asks": "discontent", "amount": 2}]
        assert "3" in spec["title"][lang] and "1" in spec["title"][lang]
    # the requirement not told: the example assumes one and answers no number from it
    spec = discontent(vocabulary().read("행복 지수 2, 일하지 않는 일꾼 1명이야. 폭동 나?", "ko")).spec
    assert all("answers" not in e for e in spec["expect"])


def test_the_temple_and_first_turn_examples_read_only_the_case_they_can_play():
    from engine.imhotep.examples import _sled, _temple_round_end, vocabulary

    read = vocabulary().read
    # three players: 5 spaces; the 6th-8th stones cover spaces 1-3, so mine (1st, 2nd, 4th, 8th) top spaces 3 and 4
    example = _temple_round_end(read("Three of us. Eight stones have gone onto the temple so far, and mine were the 1st, "
                                     "2nd, 4th and 8th placed. If the round ends now, how many temple points?", "en"))
    result = run(registry.get("imhotep"), example.spec)
    assert result.verified and result.checks[-1].expected == 2
    # the B side, or no player count (the spaces are not known): no temple (A) example
    assert _temple_round_end(read("신전 B면이야. 라운드 끝났는데 신전 칸마다 꼭대기가 전부 내 석재야. 몇 점?", "ko")) is None
    assert _temple_round_end(read("Every temple stack has my stone on top. How many temple points?", "en")) is None
    # the place in turn order sets the sled on the first turn only
    example = _sled(read("4인 게임이고 나는 세 번째 순서야. 배에 석재 1개를 실었어. 석재 캐내기 하면 몇 개?", "ko"))
    assert example is None or "seat" not in example.spec["id"]
    example = _sled(read("Four players, I'm fourth in turn order. It's my first turn. Can I quarry?", "en"))
    assert example.spec["setup"] == {"players": 4, "me": "gray", "gray": {"sled": 5}}


def test_the_maat_scales_leave_a_die_below_them_out_and_faith_placed_otherwise_is_not_shown():
    from engine.tekhenu.examples import _maat_sides, vocabulary

    read = vocabulary().read
    example = _maat_sides(read("Four players, Maat phase. Left side: Pure 5 and 3; right side: Tainted 4 and 2 excess "
                               "Resources; and a 6 I took with Anubis sits below my scales. No Faith. What's my balance?",
                               "en"))
    result = run(registry.get("tekhenu"), example.spec)
    assert result.verified
    assert [t["amount"] for c in result.checks for t in (c.answers or []) if t["asks"] == "balance"] == [2]
    # Faith on the side that deepens the imbalance is the player's choice, but not the offsetting example's case
    assert _maat_sides(read("Maat: Pure 2, Tainted 6. I put my 2 Faith on the Tainted side. How many VP do I lose?",
                            "en")) is None
    assert _maat_sides(read("마앗 단계야. 온전한 쪽에 2, 부패한 쪽에 6. 신앙 5개를 왼쪽에 전부 놓으면 몇 점 잃어?", "ko")) is None


def test_a_column_told_region_by_region_counts_its_built_regions_and_the_happiness_told():
    from engine.tekhenu_time_of_set.examples import _people_statue, vocabulary

    for text, lang in [("I'm building a statue for the people under a Seth board column. In that column one region has "
                        "two buildings, one has one, the third is empty; my Happiness is 6. How many cards do I get?", "en"),
                       ("세트 보드 한 열 아래에 민중을 위한 석상 지을 거야. 그 열 지역 셋 중 하나엔 건물 2개, 하나엔 1개, 나머지는 "
                        "비었어. 행복지수는 6이고. 카드 몇 장 받아?", "ko")]:
        example = _people_statue(vocabulary().read(text, lang))
        assert example.spec["setup"]["me"]["happiness"] == 6
        result = run(registry.get("tekhenu-time-of-set"), example.spec)
        assert result.verified
        assert [t["amount"] for c in result.checks for t in (c.answers or []) if t["asks"] == "cards"] == [2]


def test_the_other_players_counted_are_no_obelisk_height():
    from engine.imhotep.examples import _obelisk_heights, vocabulary

    # "the other three are all taller": three players, not a height of 3 (which made the asker second, not last)
    for text, lang in [("Four-player game over. I have just 1 stone on the obelisks and the other three are all "
                        "taller. Do I get any obelisk points?", "en"),
                       ("4인 게임 끝났는데 오벨리스크에 나는 1층뿐이고 다른 셋은 다 나보다 높아. 나도 오벨리스크 점수 받아?", "ko")]:
        assert _obelisk_heights(vocabulary().read(text, lang)) is None


def test_the_stones_a_ship_carries_are_not_the_number_on_its_bow():
    from engine.imhotep.examples import _ship_load_one, _ship_minimum, vocabulary

    read = vocabulary().read
    text = "3칸짜리 배 앞쪽에 석재 2개 그려져 있는데 지금 1개 실려 있어. 내 석재 더 실어도 돼?"
    example = _ship_load_one(read(text, "ko"))
    assert example.spec["setup"]["ships"][0] == ["white", None, None]
    assert _ship_minimum(read(text, "ko")) is None          # loading asked, not sailing
    # another site's stones, or no ship size: no loading example
    assert _ship_load_one(read("피라미드에 석재가 4개 있어. 내 석재 더 얹어도 돼?", "ko")) is None


def test_the_wrath_example_plays_only_a_game_with_the_variant():
    from engine.imhotep import examples as imhotep_examples
    from engine.registry import get

    vocabulary = get("imhotep").vocabulary()
    basic = vocabulary.read("기본 규칙으로 하고 있어. 나는 묘실에 석재가 하나도 없어. 나는 -5점 벌점은 파라오의 분노 규칙을 쓸 때만 "
                            "있다고 했고, 친구는 항상 받는 거래. 누가 맞아?", "ko")
    assert imhotep_examples._wrath(basic) is None
    # "a group of 6 in the burial chamber but no stones on the obelisks": only the obelisks are empty
    told = vocabulary.read("Wrath of the Pharaoh, game over: one connected group of 6 in the burial chamber but no stones "
                           "on the obelisks. Chamber points minus the penalty, how many is that?", "en")
    made = imhotep_examples._wrath(told)
    assert made is not None and made.spec["setup"]["burial"] and "obelisk" not in made.spec["setup"]
    assert [c["equals"] for c in made.spec["expect"] if c.get("path") == "me.obelisk"] == [0]


def test_the_wrath_penalty_is_taken_once_however_many_sites_are_empty(assistant):
    question = "파라오의 분노 규칙인데 나는 피라미드랑 오벨리스크에 석재가 하나도 없어. 친구가 두 군데니까 벌점 -10점이래. 맞아?"
    answer = assistant.answer(question, "imhotep")
    example = answer["example"]
    assert example["from_question"] and example["verified"]
    line = from_engine(of_text(question, "ko"), example, registry.get("imhotep").vocabulary())
    assert line["verdict"] == "no" and line["claimed"] == 10 and line["value"]["amount"] == 5
    # the short line (the ruling's or the engine's) says the same
    assert answer["answer"]["short"]["verdict"] == "no"


def test_the_engines_total_and_the_rulings_sum_agree_on_the_simple_bonus(assistant):
    question = ("맛보기 게임 끝났어. 1시대 기술 카드 5장(정부 카드 포함) 내려놨고 군사력은 3이야. 이 두 개로 받는 보너스 문화 점수 "
                "합치면 몇 점?")
    answer = assistant.answer(question, "through-the-ages")
    engine_line = from_engine(of_text(question, "ko"), answer["example"], registry.get("through-the-ages").vocabulary())
    assert engine_line["value"]["amount"] == 16 and "10 + 6" in engine_line["calculation"]["ko"]
    assert answer["answer"]["short"]["value"]["amount"] == 16
    # a part the question does not add up is not in the total: no worker makes science or food in the example
    checks = answer["example"]["checks"]
    assert [c["expected"] for c in checks] == [10, 6, 16]


def test_a_seth_board_decree_counts_the_statues_as_the_question_tells_them(assistant):
    question = ("I'm scoring decree DX03 with 3 statues of mine on the Seth board (two for the people, one honoring Seth) "
                "and 2 buildings there. How many points?")
    answer = assistant.answer(question, "tekhenu-time-of-set")
    example = answer["example"]
    assert example["from_question"] and example["verified"]
    line = from_engine(of_text(question, "en"), example, registry.get("tekhenu-time-of-set").vocabulary())
    assert line["value"]["amount"] == 10          # (3 Statues + 2 Buildings) x 2
    assert "2 for the people, 1 honouring Seth" in example["title"]["en"]


@pytest.mark.parametrize("question", [
    "Wrath of the Pharaoh: I have stones on the obelisks, white has 3 and I have 2. So no -5 for me, right?",
    "Obelisks at the end: black 4, white -2, brown 3. How many points does black get?",
])
def test_a_negative_number_is_no_obelisk_height_and_never_breaks_the_answer(assistant, question):
    answer = assistant.answer(question, "imhotep")
    assert answer["answer"] is not None
    example = answer.get("example") or {}
    assert "-2" not in str((example.get("title") or {}).get("en", ""))


@pytest.mark.parametrize("question, lang, total, shown", [
    # DX01 "당신의 남은 사제와 병사 쌍마다 2점씩 획득" (corpus, Decree cards): pairs are the smaller track
    # (where the game's words read both tracks, the ruling's own formula says it: either way the arithmetic shows)
    ("최종 점수 계산 중이야. 법령 DX01 있고 병사는 3, 사제는 8 남았어. DX01로 몇 점 받아?", "ko", 6, "= 6점"),
    ("Final scoring: I hold Decree DX01 with 7 Soldiers and 2 Priests left. How many VP does DX01 give me?", "en", 4,
     "= 4 VP"),
    ("게임 끝났어. 법령 DX01 있는데 사제는 10 꽉 찼고 병사는 0이야. DX01로 몇 점?", "ko", 0, "적은 수만큼 쌍 × 2점 = 0점"),
    # DX04 "5칸이나 6칸에 있는 당신의 자원 생산 마커당 4점씩 획득": a marker on 4 scores nothing
    ("게임 끝났어. 법령 DX04 있는데 생산 마커가 6, 3, 5, 2칸에 있어. DX04로 몇 점이야?", "ko", 8, "마커 2개 × 4점 = 8점"),
    ("Game over, I have Decree DX04 and my Production markers are on 5, 5, 6 and 4. How many points from DX04?", "en",
     12, "3 on the 5 or 6 space × 4 = 12 VP"),
])
def test_a_wealth_decree_scores_the_tracks_and_markers_the_question_tells(assistant, question, lang, total, shown):
    answer = assistant.answer(question, "tekhenu-time-of-set")
    example = answer["example"]
    assert example["from_question"] and example["verified"]
    assert [c["expected"] for c in example["checks"]] == [total]
    short = answer["answer"]["short"]
    assert short["value"]["amount"] == total and shown in short["calculation"][lang], short["calculation"]


def test_a_wealth_decree_needs_every_production_marker_told():
    """Three markers told of four: the fourth's space is not the question's, so no example is built from it."""
    from engine.tekhenu_time_of_set.examples import _wealth_decree, vocabulary

    text = "I have DX04 and three production markers on 5, 6 and 6. How many VP?"
    assert _wealth_decree(vocabulary().read(text, "en")) is None
    assert _wealth_decree(vocabulary().read(text.replace("three production markers on 5, 6 and 6",
                                                         "production markers on 5, 6, 6 and 1"), "en")) is not None


@pytest.mark.parametrize("text, lang, says", [
    ("I have DX01 with 12 Soldiers and 3 Priests left. How many VP?", "en", "0 to 10"),
    ("법령 DX04 있고 생산 마커가 7, 5, 6, 6칸에 있어. 몇 점?", "ko", "6칸보다"),
])
def test_a_wealth_decree_names_a_track_or_space_the_board_cannot_hold(text, lang, says):
    from engine.tekhenu_time_of_set.examples import _wealth_decree, vocabulary

    made = _wealth_decree(vocabulary().read(text, lang))
    assert made is not None and made.spec is None and says in made.notice[lang]
