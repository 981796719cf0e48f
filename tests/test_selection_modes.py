"""The game mode or variant a question is played in (the solo game, the Simple Game, the B sides, the Vizier),
against the mode a rule's heading places it in: the answer selection's mode features (app/core/selection.py)."""
from __future__ import annotations

import pytest

from app.core import selection


@pytest.fixture(scope="module")
def index():
    from app.core.assistant import Assistant

    return Assistant.create().searcher.index


@pytest.mark.parametrize("text,mode", [
    ("솔로야. 라 영역이 양지인데 보탕카멘이 기둥 세웠어. 보탕카멘도 그 능력 발동해?", "tekhenu/term/solo-mode"),
    ("Solo: Botankhamun raised a Pillar on a Sunny tile. Does he get the ability?", "tekhenu/term/solo-mode"),
    ("맛보기 게임이야. 파란 저장소 제일 오른쪽 구역이 비었어. 자원 2개 내야 돼?", "through-the-ages/term/simple-game"),
    ("We're playing the simple game. Do I pay corruption?", "through-the-ages/term/simple-game"),
    ("2인 게임인데 신전을 B면으로 깔았어. 가장 오른쪽 칸 보상도 받아?", "imhotep/term/b-side"),
    ("Vizier variant: when do I move the Vizier?", "tekhenu-time-of-set/term/trial-of-the-vizier"),
    ("피라미드(B)에서 왼쪽 피라미드 1층이 아직 다 안 찼어. 2층에 놓아도 돼?", "imhotep/term/b-side"),
    ("Market B: I took the two cards from the bottom-right space. Do I keep both?", "imhotep/term/b-side"),
])
def test_a_question_names_the_mode_it_is_played_in(index, text, mode):
    assert mode in selection.modes(index).of(text)


@pytest.mark.parametrize("text", ["How many cards does Thoth give with a 3?", "신전 맨 왼쪽 칸 꼭대기면 뭐 받아?",
                                  "Can I build a third temple under Despotism?"])
def test_a_question_that_names_no_mode_names_none(index, text):
    assert selection.modes(index).of(text) == frozenset()


def test_a_rules_heading_places_it_in_its_mode(index):
    reader = selection.modes(index)
    docs = {d.id: d for d in index.docs}
    assert reader.of_heading(docs["tekhenu/solo/actions/thoth/card-count"]) == {"tekhenu/term/solo-mode"}
    assert reader.of_heading(docs["through-the-ages/setup/blue-tokens/simple-game-no-corruption"]) == \
        {"through-the-ages/term/simple-game"}
    assert reader.of_heading(docs["imhotep/sites-b/temple/rewards"]) == {"imhotep/term/b-side"}
    assert reader.of_heading(docs["tekhenu/actions/thoth/same-section"]) == frozenset()
