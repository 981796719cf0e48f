"""Tekhenu's and Time of Seth's vocabularies (engine/<game>/data/vocabulary.yaml) read the player's numbers as the
quantities the rulings compute with: a side's total ("Pure dice total 11"), a Scribe count written with 명, the
Faith tokens of "신앙 토큰 4개", a die written "with a 4", a count of Production markers (not a marker's space), a
balance written "at -5", a Soldier marker's space — and leave each number to the quantity it belongs to."""
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
    ("저울에 초과 생산 자원 4개랑 온전한 쪽 12, 부패한 쪽 5 있으면 균형값 몇이야?", {4: "excess", 12: "pure"}),
    ("균형값이 -6인데 신앙 토큰 4개를 온전한 쪽에 놓으면 최종 균형값 몇 돼?", {-6: "balance", 4: "faith"}),
    ("If I drop all 4 of my Faith on the left side at -5, what's my final balance?", {4: "faith", -5: "balance"}),
    ("Producing with a 4 - how many Resources?", {4: "die"}),
    ("Population 12, Happiness 4, I take a 3 for Bastet.", {12: "population", 4: "happiness", 3: "die"}),
    ("행복지수 6이고 인구 9인데 바스테트를 5로 하면 행복지수가 최종 몇이 돼?", {6: "happiness", 9: "population", 5: "die"}),
    ("보탕카멘 서기가 7명이면 몇 점이야?", {7: "scribes"}),
    ("서기 4명 남았으면 D07 몇 점이야?", {4: "scribes"}),
    ("3명이서 하면 몇 개야?", {3: "players"}),
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
