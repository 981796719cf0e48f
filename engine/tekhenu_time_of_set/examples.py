"""Time of Seth examples built from the numbers of a question ("the second Building in a region with 3
players", "빨간색 주사위 5를 가져오는데 병사가 8이면", "피 토큰 3개에 균형값 -2", "건축물이 있는 지역이 2개인 열
아래에 민중을 위한 석상"). Each builder reads the question through the game's vocabulary (engine/asked.py: its
objects and the numbers written for them), sets up a scenario under the asker's edition, and writes its
expectations from the rule's numbers in the facts (data/seth_*.yaml), never from the engine's behaviour. A
number the game cannot have is named in a notice instead of being replaced."""
from __future__ import annotations

import re
from functools import lru_cache

from .. import asked
from ..api import QuestionExample
from ..asked import Asked
from ..examples import Builder, best_fitting, refused
from ..numbers import particle
from ..tekhenu.board import FACTS
from ..tekhenu.data_files import DATA_DIR as BASE_DATA_DIR
from .facts import DATA_DIR, F

ID = "tekhenu-time-of-set/scenario/from-question/"
SECOND = r"second|2nd|두 번째|두번째|2번째"


@lru_cache(maxsize=1)
def vocabulary() -> asked.Vocabulary:
    """The base game's things and quantities with the expansion's (its gods, dice, cards, tracks)."""
    return asked.load(BASE_DATA_DIR).merged(asked.load(DATA_DIR))


def from_question(asked: Asked, rule_ids: list[str]) -> QuestionExample | None:
    return best_fitting(BUILDERS, asked, rule_ids, vocabulary())





def _edition(asked: Asked) -> str:
    """The asker's rulebook for the base game's rules (a Korean question: the Korean edition)."""
    return "ko" if asked.lang == "ko" else "en"


# -- the Seth God Action's Soldier cost -------------------------------------------------------------------------
def _seth_cost(asked: Asked) -> QuestionExample | None:
    second = re.search(SECOND, asked.text, re.IGNORECASE) is not None
    players = asked.number("players")
    if players is None and not second:
        return None
    players = players or 4
    if not 2 <= players <= 4:
        return refused(f"Tekhenu is played by 1-4 players and the Seth board's costs are given for 1-2 and 3-4 players: "
                        f"a {players}-player game cannot be set up.",
                        f"테케누는 1~4인 게임이며 세트 보드의 비용은 1-2인과 3-4인으로 나뉩니다: {players}인 게임은 준비할 수 없습니다.")
    cost = F("seth_board.building_cost_second")[players] if second else F("seth_board.building_cost_first")
    soldiers = F("seth_dice.tracks_max")
    which_en, which_ko = ("second", "두 번째") if second else ("first", "첫 번째")
    spec = {
        "id": f"{ID}seth-cost-{players}p-{which_en}",
        "title": {"en": f"The {which_en} Building in a Seth region with {players} players",
                  "ko": f"{players}인 게임에서 세트 보드 지역의 {which_ko} 건축물"},
        "rules": ["tekhenu-time-of-set/gameplay/seth-action/step-2-build"],
        "setup": {"players": players, "horus": "preprinted", "edition": _edition(asked), "board": {"temple": {}},
                  "me": {"soldiers": soldiers, "buildings_left": 8},
                  "seth": {"dice": [], "regions": {"3": ["others.0", None] if second else [None, None]},
                           "conquest": {}, "stack": ["A06"]},
                  "dice": [{"as": "s1", "board": "seth", "value": 3}]},
        "actions": [{"kind": "take_die", "die": "s1", "board": "seth"},
                    {"kind": "perform", "action": "seth", "cell": "0,0"}],
        "expect": [{"description": f"the {which_en} Building of a region costs {cost} Soldiers with {players} players",
                    "description_ko": f"{players}인 게임에서 한 지역의 {which_ko} 건축물은 병사 {cost}",
                    "path": "me.soldiers", "equals": soldiers - cost}],
    }
    return QuestionExample(spec)


# -- red and blue dice: Soldiers or Priests, the track's 10 --------------------------------------------------------
def _red_blue(asked: Asked) -> QuestionExample | None:
    red, blue = asked.has("red"), asked.has("blue")
    if not (red or blue):
        return None
    track = "soldiers" if red else "priests"
    color = "red" if red else "blue"
    value = asked.number("die")
    if value is None:
        return None
    have = asked.number(track)
    have = 0 if have is None else have
    faces = F("seth_dice.faces")
    if value not in faces:
        shown = ", ".join(str(f) for f in sorted(set(faces)))
        return refused(f"Red and blue dice show only {shown}: a {value} cannot be taken.",
                        f"빨간색·파란색 주사위의 면은 {shown}뿐입니다: {particle(value, '은')} 가져올 수 없습니다.")
    top = F("seth_dice.tracks_max")
    if not 0 <= have <= top:
        return refused(f"The {track} track runs from 0 to {top}: {have} cannot be set up.",
                        f"{'병사' if red else '사제'} 트랙은 0~{top}입니다: {particle(have, '은')} 준비할 수 없습니다.")
    expected = min(top, have + value)
    name_ko = "병사" if red else "사제"
    spec = {
        "id": f"{ID}{color}-{value}-from-{have}",
        "title": {"en": f"A {color} die of {value} with {have} {track.title()}",
                  "ko": f"{name_ko} {have}에서 {'빨간색' if red else '파란색'} 주사위 {value}"},
        "rules": ["tekhenu-time-of-set/key-concepts/red-blue-dice/gain-soldiers-priests",
                  "tekhenu-time-of-set/key-concepts/soldiers-priests/tracks"],
        "setup": {"players": 2, "horus": "preprinted", "edition": _edition(asked), "me": {track: have, "scribes": 0},
                  "dice": [{"as": "d1", "color": color, "value": value, "god": "hathor", "light": "sunny"}]},
        "actions": [{"kind": "take_die", "die": "d1"}],
        "expect": [{"description": f"{have} + {value} {track}, never beyond {top}",
                    "description_ko": f"{name_ko} {have} + {value}, {particle(top, '을')} 넘는 것은 버림",
                    "path": f"me.{track}", "equals": expected},
                   {"description": f"the {color} die is always Tainted", "description_ko": "항상 부패한 주사위",
                    "path": "me.tainted", "equals": [value]}],
    }
    return QuestionExample(spec)


# -- Blood tokens in the Maat phase ---------------------------------------------------------------------------------
def _blood(asked: Asked) -> QuestionExample | None:
    blood = asked.number("blood")
    if blood is None or blood < 0:
        return None
    balance = asked.number("balance")
    balance = 0 if balance is None else balance
    if blood > 12:
        return refused("A player takes one Blood token per Seth God Action, and the Seth board holds 12 Buildings: "
                        f"{blood} Blood tokens cannot be set up.",
                        f"피 토큰은 세트 신 행동마다 1개이고 세트 보드의 건축물은 12개까지입니다: 피 토큰 {blood}개는 준비할 수 없습니다.")
    dice = FACTS("maat.dice_per_player")
    if abs(balance) > dice * 6:
        return refused(f"A balance of {balance} before the Blood tokens cannot happen with {dice} dice.",
                        f"피 토큰 전 균형값 {particle(balance, '은')} 주사위 {dice}개로 나올 수 없습니다.")
    final = balance - blood
    bands = FACTS("maat.vp_loss")
    loss = 0 if final >= 0 else next((lost for lowest, lost in bands if final >= lowest), bands[-1][1])
    side = "pure" if balance >= 0 else "tainted"
    values, left = [], abs(balance)
    while left > 0 and len(values) < dice:
        values.append(min(6, left))
        left -= values[-1]
    me = {"pure": [], "tainted": [], "taint_resources": left, "faith": 0, "vp": 10, "blood": blood}
    me[side] = [["white" if side == "pure" else "gray", v] for v in values]
    spec = {
        "id": f"{ID}blood-{blood}-balance{balance}",
        "title": {"en": f"Maat phase: balance {balance} and {blood} Blood token(s)",
                  "ko": f"마앗 단계: 균형값 {balance}, 피 토큰 {blood}개"},
        "rules": ["tekhenu-time-of-set/gameplay/maat/blood-tokens/permanent-taint"],
        "setup": {"players": 2, "edition": _edition(asked), "me": me},
        "actions": [{"kind": "phase", "phase": "maat"}],
        "expect": [{"description": f"each Blood token is 1 Taint: {balance} - {blood} = {final}",
                    "description_ko": f"피 토큰 1개는 부패 1: {balance} - {blood} = {final}", "path": "me.balance",
                    "equals": final},
                   {"description": f"VP lost at balance {final}: {loss}", "description_ko": f"균형값 {final}의 점수 손실: {loss}점",
                    "path": "me.vp", "equals": 10 - loss},
                   {"description": "the Blood tokens stay on the scales", "description_ko": "피 토큰은 저울에 남음",
                    "path": "me.blood", "equals": blood}],
    }
    return QuestionExample(spec)


# -- a Statue for the people on the Seth board: Thoth actions -------------------------------------------------------
def _people_statue(asked: Asked) -> QuestionExample | None:
    if not re.search(r"statue|석상", asked.text, re.IGNORECASE):
        return None
    built = asked.number("regions")
    if built is None:
        return None
    if not 0 <= built <= 3:
        return refused(f"A column of the Seth board has 3 regions: {built} regions with Buildings cannot be set up.",
                        f"세트 보드의 한 열은 3개 지역입니다: 건축물이 있는 지역 {built}개는 준비할 수 없습니다.")
    regions = {str(r): (["others.0", None] if i < built else [None, None]) for i, r in enumerate((1, 2, 3))}
    spec = {
        "id": f"{ID}people-statue-{built}",
        "title": {"en": f"A Statue for the people below a column with {built} built region(s)",
                  "ko": f"건축물이 있는 지역이 {built}개인 열 아래의 민중을 위한 석상"},
        "rules": ["tekhenu-time-of-set/gameplay/horus/statue-for-the-people"],
        "setup": {"players": 3, "horus": "preprinted", "edition": _edition(asked), "me": {"resources": {"granite": 3}, "statues_left": 6,
                                                               "happiness": 0},
                  "seth": {"regions": regions, "people": [None, None]},
                  "dice": [{"as": "d1", "color": "gray", "value": 2, "god": "horus"}]},
        "actions": [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "horus", "target": "seth_people:0"}],
        "expect": [{"description": f"{built} region(s) of the column hold a Building: {built} Thoth action(s) as a die of 1",
                    "description_ko": f"그 열에 건축물이 있는 지역 {built}개: 주사위 눈 1의 토트 행동 {built}번",
                    "event": "seth_statue", "field": "thoth_actions", "equals": built}],
    }
    return QuestionExample(spec)


BUILDERS = (
    Builder(("tekhenu-time-of-set/gameplay/seth-action/step-2-build",
             "tekhenu-time-of-set/gameplay/seth-action/one-building-per-region"), _seth_cost),
    Builder(("tekhenu-time-of-set/key-concepts/red-blue-dice/gain-soldiers-priests",
             "tekhenu-time-of-set/key-concepts/soldiers-priests/tracks",
             "tekhenu-time-of-set/key-concepts/red-blue-dice/always-tainted"), _red_blue),
    Builder(("tekhenu-time-of-set/gameplay/maat/blood-tokens/permanent-taint",
             "tekhenu-time-of-set/gameplay/seth-action/step-5-blood-token"), _blood),
    Builder(("tekhenu-time-of-set/gameplay/horus/statue-for-the-people",
             "tekhenu-time-of-set/gameplay/horus/statues-on-seth-board"), _people_statue),
)
