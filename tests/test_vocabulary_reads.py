"""The games' vocabularies (engine/<game>/data/vocabulary.yaml) and the shared reader (engine/asked.py,
engine/numbers.py) read the player's numbers as the quantities the rulings compute with: a side's total ("Pure
dice total 11"), a Scribe count written with 명, the Faith tokens of "신앙 토큰 4개", a die written "with a 4", a
count of Production markers (not a marker's space), a balance written "at -5", a Soldier marker's space, a list
("사제 5 병사 3"), a number before a predicate ("8 있는데") — and leave each number to the quantity it belongs to."""
from __future__ import annotations

import pytest

from engine import registry

BASE = registry.get("tekhenu").vocabulary()
SETH = registry.get("tekhenu-time-of-set").vocabulary()


def _read(vocabulary, question: str) -> dict[int, str | None]:
    lang = "ko" if any("가" <= ch <= "힣" for ch in question) else "en"
    return {g.value: g.quantity or g.thing for g in vocabulary.read(question, lang).numbers}


@pytest.mark.parametrize("question, expected", [
    ("My Pure dice add up to 9 and my Tainted dice to 5 - what's my balance?", {9: "pure", 5: "tainted"}),
    ("How much is my balance with Pure dice at 12 and Tainted dice at 15?", {12: "pure", 15: "tainted"}),
    ("My Pure dice total 11 - what does D22 score?", {11: "pure"}),
    ("온전한 주사위 눈 합이 7이고 부패한 쪽이 12면 균형값이 얼마야?", {7: "pure", 12: "tainted"}),
    ("저울에 초과 생산 자원 4개랑 온전한 쪽 12, 부패한 쪽 5 있으면 균형값 몇이야?", {4: "excess", 12: "pure", 5: "tainted"}),
    ("균형값이 -6인데 신앙 토큰 4개를 온전한 쪽에 놓으면 최종 균형값 몇 돼?", {-6: "balance", 4: "faith"}),
    ("If I drop all 4 of my Faith on the left side at -5, what's my final balance?", {4: "faith", -5: "balance"}),
    ("Producing with a 4 - how many Resources?", {4: "die"}),
    ("Population 12, Happiness 4, I take a 3 for Bastet.", {12: "population", 4: "happiness", 3: "die"}),
    ("행복지수 6이고 인구 9인데 바스테트를 5로 하면 행복지수가 최종 몇이 돼?", {6: "happiness", 9: "population", 5: "die"}),
    ("보탕카멘 서기가 7명이면 몇 점이야?", {7: "scribes"}),
    ("서기 4명 남았으면 D07 몇 점이야?", {4: "scribes"}),
    ("바스테트를 5로 했고 서기도 1명 있어. 서기 받아?", {5: "die", 1: "scribes"}),
    ("3명이서 하면 몇 개야?", {3: "players"}),
    # none at all, not one (as "하나도 없어"); an amount gained is not where the track stands; what the case
    # lacks ("without a Scribe") is not the number's
    ("There isn't a single yellow die around the Obelisk.", {0: "yellow"}),
    ("P03 (Gain 2 Happiness) triggers. My Happiness is 6 and my Population is 7. Where does it end up?",
     {6: "happiness", 7: "population"}),
    ("I'm producing with a white 3, and T14 lets me raise it to 5 without a Scribe?", {3: "die"}),
    ("바스테트를 5로 했고 서기 없이 6으로 올려?", {5: "die"}),
])
def test_base_game_reads(question, expected):
    assert _read(BASE, question) == expected


@pytest.mark.parametrize("question, expected", [
    ("보탕카멘 서기 7명이면 마지막에 몇 점이야?", {7: "scribes"}),
    ("병사 5명이면?", {5: "soldiers"}),
    ("3명이서 하면?", {3: "players"}),
    ("My Soldier marker is at 9; what is it after a red 3?", {9: "soldiers", 3: "die"}),
    ("Pure dice total 10, Tainted dice 7, plus 2 Blood tokens - what's my balance?", {10: "pure", 7: "tainted", 2: "blood"}),
])
def test_time_of_seth_reads(question, expected):
    assert _read(SETH, question) == expected


def test_a_count_of_production_markers_is_not_a_markers_space():
    assert _read(BASE, "생산 마커 2개가 5칸 이상이면 몇 점?").get(2) != "production"
    assert _read(BASE, "빵 생산 마커가 3인데 5짜리로 빵 생산하면 몇 개가 초과야?") == {3: "production", 5: "die"}


# the shared reader (engine/asked.py, engine/numbers.py) on phrasings every game's questions use
@pytest.mark.parametrize("game, question, expected", [
    # a predicate right after a Korean number leaves it to the nearest word, as a particle does
    ("tekhenu-time-of-set", "사제 7인데 파란 5 고르면 사제 몇 돼?", {7: "priests", 5: "die"}),
    # a group's size is written with it; "one connected group", "한 덩어리" count groups and give no size
    ("imhotep", "Game's over and I have one connected group of 7 stones in the burial chamber. How many points?",
     {7: "group"}),
    ("imhotep", "게임 끝났어. 묘실에 내 석재 7개가 한 덩어리로 이어져 있어. 몇 점이야?", {7: "group"}),
    ("imhotep", "묘실에 7개짜리 덩어리면 몇 점이야?", {7: "group"}),
    ("imhotep", "Game over: I have one connected group of 6 in the burial chamber but no stones on the obelisks.",
     {6: "group"}),
    ("tekhenu-time-of-set", "병사 8 있는데 빨간 주사위 4 가져가면?", {8: "soldiers", 4: "die"}),
    # a word before its own number is not the previous number's: "사제 5 병사 3"
    ("tekhenu-time-of-set", "DX01 사제 5 병사 3 남으면 몇 점이야?", {5: "priests", 3: "soldiers"}),
    # an adverb after the number ("꽉", "이미") is no noun of its own: the number stays the word's before it
    ("tekhenu-time-of-set", "법령 DX01 있는데 사제는 10 꽉 찼고 병사는 0이야. 몇 점?", {10: "priests", 0: "soldiers"}),
    ("tekhenu-time-of-set", "병사 4 이미 있고 사제는 6 다 남았어.", {4: "soldiers", 6: "priests"}),
    # a counting thing right before the number is its word, whatever verb follows
    ("tekhenu-time-of-set", "What does a red 3 give me?", {3: "die"}),
    ("tekhenu-time-of-set", "Anubis die of 5 declared blue - how many Priests?", {5: "die"}),
    # "I'm at 7": the one track the question names; "Priest marker" is the Priests', not a production marker
    ("tekhenu-time-of-set", "How many Soldiers will I have if I'm at 7 and draft a red 5?", {7: "soldiers", 5: "die"}),
    ("tekhenu-time-of-set", "Where does my Priest marker land if I'm at 8 and pick a blue 2?", {8: "priests", 2: "die"}),
    # a printed id names a card, not a number near it
    ("tekhenu-time-of-set", "My Soldier marker is at 9 when Cult06 triggers. Where does it end?", {9: "soldiers"}),
    # "15고" is 15이고 contracted
    ("tekhenu", "내 행복지수 15고 가장 낮은 사람이 6이면 몇 점이야?", {15: "happiness"}),
    # "둘 합쳐서" (both together) and "once I build" (when) are no numbers; "하나(3)" is one unit named by its worth
    ("tekhenu", "석상 3개에 행복지수 14면 점수 계산 때 둘 합쳐서 몇 점이야?", {3: "statues", 14: "happiness"}),
    ("tekhenu-time-of-set", "I have 6 Priests. How many are left once I build the Statue?", {6: "priests"}),
    # "the one whose…", "no one": a pronoun, not a count of one; "one of the dice" still counts
    ("tekhenu-time-of-set", "Solo, Botankhamun and I tie on Ra. Is it the one whose row is higher?", {}),
    ("imhotep", "No one has stones on the obelisks. Which one scores?", {}),
    ("tekhenu", "Can I take one of the dice?", {1: "die"}),
    ("through-the-ages", "군사력 14에 소총병 하나(3) 희생하면 공격력 얼마야?", {14: "strength", 3: "riflemen"}),
    # a verb of producing after the number leaves it to the word before ("과학을 3 생산해")
    ("through-the-ages", "라운드마다 과학을 3 생산해. 보너스 몇 점이야?", {3: "science"}),
    # "카드 열 구역": the card row's zones, not ten
    ("through-the-ages", "카드 열 구역별로 몇 장씩이야?", {}),
    # the player count as players say it: "둘이서", "three of us"
    ("through-the-ages", "둘이서 할 때 조약 카드 써?", {2: "players"}),
    ("through-the-ages", "With three of us, do the pact cards stay in the box?", {3: "players"}),
    ("imhotep", "넷이서 해도 돼?", {4: "players"}),
    ("tekhenu", "Two of us tonight — is T16 out?", {2: "players"}),
    # "전사 4명": four Warriors, not four players ("명" counts people, units included)
    ("through-the-ages", "군단 전술인데 전사 4명, 검사 3명이야. 부대 몇 개야?", {4: "warriors", 3: "swordsmen"}),
    ("through-the-ages", "4명이서 하는데 기사 2명 희생하면?", {4: "players", 2: "knights"}),
])
def test_the_shared_reader(game, question, expected):
    assert _read(registry.get(game).vocabulary(), question) == expected
