"""The app's Simulator for Time of Seth: a gray die on the Seth board, the player's Soldiers, what already
stands in the die's region and below its column, and the Seth God Action — a scenario whose expectations
come from the rules (the Soldier cost 4, then 3 or 5; one Building of yours per region; 3 VP with a Statue
below the column; a Blood token; the region's reward from the facts). A refused action is a scenario too."""
from __future__ import annotations

from ..api import Field, ScenarioError
from .facts import F
from .terms import both

ID = "tekhenu-time-of-set/scenario/simulator"
OCCUPANTS = ("none", "other", "own")
BUILD = "tekhenu-time-of-set/gameplay/seth-action/step-2-build"
ONE = "tekhenu-time-of-set/gameplay/seth-action/one-building-per-region"
COLUMN = "tekhenu-time-of-set/gameplay/seth-action/step-4-column-statue"
BLOOD = "tekhenu-time-of-set/gameplay/seth-action/step-5-blood-token"
REWARD = "tekhenu-time-of-set/gameplay/seth-action/step-3-region-reward"


def _pair(key: str) -> dict:
    en, ko = both(key)
    return {"en": en, "ko": ko}


def fields() -> list[Field]:
    """The default is legal and shows the rules at work: 4 players, a 3 on the Seth board, 5 Soldiers, an
    empty region with a Statue below its column (4 Soldiers, +3 VP, a Blood token)."""
    return [
        Field("players", {"en": "Players", "ko": "플레이어 수"}, "int", 4, min=2, max=4,
              help={"en": "1-2 or 3-4 players: the side of the Seth board", "ko": "1-2인 또는 3-4인: 세트 보드의 면"}),
        Field("value", {"en": "Seth-board die (region)", "ko": "세트 보드 주사위 (지역)"}, "int", 3, min=1, max=6),
        Field("soldiers", {"en": "Soldiers", "ko": "병사"}, "int", 5, min=0, max=F("seth_dice.tracks_max")),
        Field("region", {"en": "Already in that region", "ko": "그 지역에 이미 있는 건축물"}, "choice", "none", OCCUPANTS,
              {"none": {"en": "nothing", "ko": "없음"}, "other": {"en": "another player's Building", "ko": "다른 플레이어의 건축물"},
               "own": {"en": "your Building", "ko": "내 건축물"}}),
        Field("statue", {"en": "Statue below the column", "ko": "열 아래 석상"}, "bool", True),
    ]


def scenario(values: dict) -> dict:
    v = {f.name: values.get(f.name, f.default) for f in fields()}
    for f in fields():
        value = v[f.name]
        # "English / 한국어": the app shows the reader's half
        if f.kind == "int" and (not isinstance(value, int) or not f.min <= value <= f.max):
            raise ScenarioError(f"{f.label['en']}: {value!r} is outside {f.min}..{f.max} / "
                                f"{f.label['ko']}: {value!r}은(는) {f.min}~{f.max} 범위 밖입니다")
        if f.kind == "choice" and value not in f.choices:
            raise ScenarioError(f"{f.label['en']}: {value!r} is not one of {', '.join(f.choices)} / "
                                f"{f.label['ko']}: {value!r}은(는) 고를 수 없는 값입니다")
        if f.kind == "bool" and not isinstance(value, bool):
            raise ScenarioError(f"{f.label['en']}: {value!r} is not true or false / "
                                f"{f.label['ko']}: {value!r}은(는) 참/거짓 값이 아닙니다")
    players, region, soldiers = v["players"], v["value"], v["soldiers"]
    column = next(i for i, col in enumerate(F("seth_board.columns")) if region in col)
    occupant = {"none": None, "other": "others.0", "own": "me"}[v["region"]]
    people = [None] * len(F("seth_board.columns"))
    if v["statue"]:
        people[column] = "others.0"
    setup = {"players": players, "horus": "preprinted",
             "board": {"temple": {}, "temple_buildings": {}, "temple_statues": [None, None]},
             "me": {"soldiers": soldiers, "blood": 0, "technologies": [], "blessings": [], "vp": 20,
                    "resources": {"papyrus": 0, "bread": 0, "limestone": 0, "granite": 0, "gold": 0}, "scribes": 0,
                    "buildings_left": 8},
             "seth": {"dice": [], "regions": {str(r): [None, None] for r in range(1, 7)}, "people": people,
                      "honor": [], "conquest": {}, "stack": ["A06"]},
             "dice": [{"as": "s1", "board": "seth", "value": region}]}
    if occupant:
        setup["seth"]["regions"][str(region)] = [occupant, None]
    first = occupant is None
    cost = F("seth_board.building_cost_first") if first else F("seth_board.building_cost_second")[players]
    rules = [BUILD, ONE, COLUMN, BLOOD, REWARD]
    actions = [{"kind": "take_die", "die": "s1", "board": "seth"},
               {"kind": "perform", "action": "seth", "cell": "0,0"}]
    title = {"en": f"Seth God Action in region {region} ({players} players, {soldiers} Soldiers)",
             "ko": f"{region} 지역의 세트 신 행동 ({players}인, 병사 {soldiers})"}
    if v["region"] == "own":
        expect = [{"description": "one Building of yours per region: refused",
                   "description_ko": "한 지역에 자신의 건축물은 하나뿐: 거절", "raises": ONE}]
    elif soldiers < cost:
        expect = [{"description": f"a Building there costs {cost} Soldiers, more than {soldiers}: refused",
                   "description_ko": f"그곳의 건축물은 병사 {cost}이(가) 필요해 {soldiers}로는 안 됨: 거절", "raises": BUILD}]
    else:
        reward = F("seth_board.region_reward")[F("seth_board.side")[players]][region]
        statue_vp = F("seth_board.column_statue_vp") if v["statue"] else 0
        expect = [
            {"description": f"{'first' if first else 'second'} Building of the region: {cost} Soldiers paid",
             "description_ko": f"그 지역의 {'첫 번째' if first else '두 번째'} 건축물: 병사 {cost} 지불",
             "path": "me.soldiers", "equals": soldiers - cost},
            {"description": "a Blood token on the Tainted side", "description_ko": "저울의 부패한 쪽에 피 토큰 1개",
             "path": "me.blood", "equals": 1},
            {"description": f"Statue below the column: +{statue_vp} VP", "description_ko": f"열 아래 석상: +{statue_vp}점",
             "path": "me.vp", "equals": 20 + statue_vp},
            {"description": "the Building is on the Seth board", "description_ko": "건축물이 세트 보드에 놓임",
             "path": "me.seth_buildings", "equals": 1},
        ]
        for resource, amount in reward.items():
            path = "me.scribes" if resource == "scribes" else f"me.resources.{resource}"
            expect.append({"description": f"the region's reward: {amount} {both(resource)[0]}",
                           "description_ko": f"지역 보상: {both(resource)[1]} {amount}", "path": path, "equals": amount})
    return {"id": ID, "title": title, "rules": rules, "setup": setup, "actions": actions, "expect": expect}

