"""The app's Simulator for Tekhenu: one die on the Obelisk Wheel (colour, value, section, light), the
player's Populace and Production markers and Papyrus, and what to do with the die — then a scenario
whose expectations come from the rules (the engine's facts), run by engine.scenarios like any other.
An action the rules forbid (a Forbidden die, a gray die producing, Bastet without 2 Papyrus) is a
scenario too: its expectation is the refusal, naming the rule."""
from __future__ import annotations

from ..api import Field, ScenarioError
from .board import FACTS, GODS, horus_god
from .cards import PILLAR_LIGHT
from .terms import both

COLORS = tuple(FACTS("dice.colors"))
LIGHTS = ("sunny", "shaded", "dark")
ACTIONS = ("god_action", "produce")
ID = "tekhenu/scenario/simulator"
SUPPLY = {"bread": 6, "limestone": 4, "granite": 4}       # enough for any cost but Papyrus, which the form sets
NO_ABILITY_TILES = [t for t, light in PILLAR_LIGHT.items() if light == "none"][:3]


def _pair(key: str) -> dict:
    en, ko = both(key)
    return {"en": en, "ko": ko}


def fields() -> list[Field]:
    """The form: the default is legal and shows a rule at work — a gray 6 at Bastet (Shaded: Tainted)
    with Happiness 8 and Population 10, where Happiness stops at Population."""
    top = FACTS("limits.populace_max")
    return [
        Field("color", {"en": "Die colour", "ko": "주사위 색"}, "choice", "gray", COLORS,
              {c: _pair(c) for c in COLORS}),
        Field("value", {"en": "Die value", "ko": "주사위 눈"}, "int", 6, min=FACTS("limits.die_min"),
              max=FACTS("limits.die_max")),
        Field("god", {"en": "Section (god)", "ko": "구역 (신)"}, "choice", "bastet", GODS, {g: _pair(g) for g in GODS}),
        Field("light", {"en": "Light of the section", "ko": "구역의 빛 상태"}, "choice", "shaded", LIGHTS,
              {light: _pair(light) for light in LIGHTS}),
        Field("happiness", {"en": "Happiness", "ko": "행복지수"}, "int", 8, min=0, max=top),
        Field("population", {"en": "Population", "ko": "인구"}, "int", 10, min=0, max=top),
        Field("marker", {"en": "Production markers", "ko": "생산 마커"}, "int", 3,
              min=FACTS("player_start.production"), max=FACTS("limits.production_max"),
              help={"en": "all four Resources", "ko": "네 자원 모두"}),
        Field("papyrus", {"en": "Papyrus", "ko": "파피루스"}, "int", 2, min=0, max=20),
        Field("action", {"en": "Action", "ko": "행동"}, "choice", "god_action", ACTIONS,
              {"god_action": {"en": "the section's God Action", "ko": "그 구역의 신 행동"}, "produce": _pair("produce")}),
    ]


def scenario(values: dict) -> dict:
    """The scenario of the form's values; ScenarioError for a situation the game cannot have."""
    v = {f.name: values.get(f.name, f.default) for f in fields()}
    for f in fields():
        value = v[f.name]
        if f.kind == "choice" and value not in f.choices:
            raise ScenarioError(f"{f.label['en']}: {value!r} is not one of {', '.join(map(str, f.choices))} / "
                                f"{f.label['ko']}: {value!r}은(는) 고를 수 없는 값입니다")
        if f.kind == "int" and (not isinstance(value, int) or not f.min <= value <= f.max):
            raise ScenarioError(f"{f.label['en']}: {value!r} is outside {f.min}..{f.max} / "
                                f"{f.label['ko']}: {value!r}은(는) {f.min}~{f.max} 범위 밖입니다")
    if v["happiness"] > v["population"]:
        raise ScenarioError(f"Happiness {v['happiness']} cannot be above Population {v['population']} "
                            f"(tekhenu/actions/bastet/happiness-cap) / 행복지수 {v['happiness']}은(는) 인구 "
                            f"{v['population']}보다 높을 수 없습니다 (tekhenu/actions/bastet/happiness-cap)")
    color, value, god = v["color"], v["value"], v["god"]
    resource = FACTS("produce.color_resource").get(color)
    perform = {"kind": "perform", "action": "produce" if v["action"] == "produce" else god}
    # a clean board and player: no pieces or cards left by the setup choices (Starting-card rewards)
    setup = {"players": 2, "horus": "preprinted",
             "board": {"osiris": {}, "temple": {}, "temple_buildings": {}, "osiris_statues": [None, None],
                       "temple_statues": [None, None], "god_statues": {g: [] for g in GODS}},
             "me": {"happiness": v["happiness"], "population": v["population"], "scribes": 0, "taint_resources": 0,
                    "buildings_left": FACTS("player_start.buildings"), "statues_left": FACTS("player_start.statues"),
                    "pillars_left": FACTS("player_start.pillars"), "technologies": [], "blessings": [],
                    "production": {r: v["marker"] for r in FACTS("produce.color_resource").values()},
                    "resources": {**{r: 0 for r in ("papyrus", "bread", "limestone", "granite")}, **SUPPLY,
                                  "papyrus": v["papyrus"], "gold": 0}},
             "dice": [{"as": "d1", "color": color, "value": value, "god": god, "light": v["light"]}]}
    expect: list[dict] = []
    purity = FACTS("purity")[v["light"]][color]
    if purity == "forbidden":
        expect.append(_refused("tekhenu/round/take-die", f"a {color} die is Forbidden in a {v['light']} section",
                               f"{both(v['light'])[1]} 구역의 {both(color)[1]} 주사위는 금지된 주사위"))
    elif v["action"] == "produce":
        if resource is None:
            expect.append(_refused("tekhenu/round/gray-no-production", "gray dice cannot Produce Resources",
                                   "회색 주사위로는 자원을 생산할 수 없음"))
        else:
            perform["resource"] = resource
            had = v["papyrus"] if resource == "papyrus" else SUPPLY.get(resource, 0)
            expect += _produce_expectations(resource, value, v["marker"], had)
    else:
        perform.update(_god_target(god, value))
        if god == "ra":      # tiles without an ability, so that step 6 follows at once
            setup["board"]["ra_tiles"] = NO_ABILITY_TILES
        expect += _god_expectations(god, value, v)
    actions = [{"kind": "take_die", "die": "d1"}] + ([] if purity == "forbidden" else [perform])
    en_action = "Produce Resources" if v["action"] == "produce" else f"the {both(god)[0]} God Action"
    ko_action = "자원 생산" if v["action"] == "produce" else f"{both(god)[1]} 신 행동"
    return {"id": f"{ID}/{color}-{value}-{god}-{v['light']}-{v['action']}",
            "title": {"en": f"A {color} {value} from {both(god)[0]} ({both(v['light'])[0]}): {en_action}",
                      "ko": f"{both(god)[1]} 구역({both(v['light'])[1]})의 {both(color)[1]} 주사위 {value}: {ko_action}"},
            "rules": ["tekhenu/round/take-die", "tekhenu/round/perform-action"],
            "setup": setup, "actions": actions, "expect": expect}


def _refused(rule: str, en: str, ko: str) -> dict:
    return {"description": f"refused: {en}", "description_ko": f"불가: {ko}", "raises": rule}


def _produce_expectations(resource: str, value: int, marker: int, had: int) -> list[dict]:
    keep, excess = min(value, marker), max(0, value - marker)
    en, ko = both(resource)
    return [{"description": f"{had} + {keep} {en}: keep {keep} (the marker is on {marker})",
             "description_ko": f"{ko} {had} + {keep}: {keep}개 보유 (생산 마커 {marker})",
             "path": f"me.resources.{resource}", "equals": had + keep},
            {"description": f"{excess} in excess go onto the Tainted side as Taint",
             "description_ko": f"초과분 {excess}개는 저울의 부패한 쪽으로", "path": "me.taint_resources", "equals": excess}]


def _god_target(god: str, value: int) -> dict:
    """A target for the God Action, so the form needs no more fields: the first of each kind."""
    count = FACTS("market.cards_by_die")[value][0]
    return {"horus": {"target": "god"}, "ra": {"cell": "1,1", "rotation": 0}, "hathor": {"space": 0},
            "thoth": {"section": 0, "cards": list(range(count))},
            "osiris": {"district": "bread", "extra": "bread" if value == 6 else None}}.get(god, {})


def _god_expectations(god: str, value: int, v: dict) -> list[dict]:
    happiness, population = v["happiness"], v["population"]
    if god == "bastet":
        cost = FACTS("bastet.cost_papyrus")
        if v["papyrus"] < cost:
            return [_refused("tekhenu/actions/bastet/advance-happiness", f"Bastet costs {cost} Papyrus",
                             f"바스테트 행동에는 파피루스 {cost}개가 듭니다")]
        after = min(happiness + value, population)
        scribes = FACTS("bastet.scribes_by_die")[value] + sum(
            1 for t, r in FACTS("bastet.happiness_rewards").items() if r == "scribe" and happiness < t <= after)
        return [{"description": f"Happiness {happiness} + {value}, never beyond Population {population}",
                 "description_ko": f"행복지수 {happiness} + {value}, 인구 {population}을 넘지 않음",
                 "path": "me.happiness", "equals": after},
                {"description": f"Scribes for a die of {value}", "description_ko": f"주사위 눈 {value}에 따른 서기",
                 "path": "me.scribes", "equals": scribes}]
    if god == "osiris":
        if happiness <= 0:
            return [_refused("tekhenu/actions/osiris/cannot-perform", "Osiris needs Happiness above 0",
                             "오시리스 행동은 행복지수가 0보다 커야 함")]
        return [{"description": "Happiness -1 for the Osiris action", "description_ko": "오시리스 행동으로 행복지수 -1",
                 "path": "me.happiness", "equals": happiness - 1},
                {"description": f"a Building in row {value} of the Bread district",
                 "description_ko": f"빵 구역 {value}행에 건축물", "path": "me.buildings_left",
                 "equals": FACTS("player_start.buildings") - 1}]
    if god == "hathor":
        top = FACTS("limits.populace_max")
        return [{"description": f"Population {population} + {value}", "description_ko": f"인구 {population} + {value}",
                 "path": "me.population", "equals": min(population + value, top)}]
    if god == "thoth":
        count, papyrus = FACTS("market.cards_by_die")[value]
        if happiness < 1:
            return [_refused("tekhenu/actions/thoth/market-sections-by-happiness",
                             "with Happiness 0 no card can be taken", "행복지수 0이면 카드를 가져올 수 없음")]
        if v["papyrus"] < papyrus:
            return [_refused("tekhenu/actions/thoth/card-count", f"{count} cards cost {papyrus} Papyrus",
                             f"카드 {count}장에는 파피루스 {papyrus}개")]
        return [{"description": f"{count} card(s) for {papyrus} Papyrus", "description_ko": f"카드 {count}장, 파피루스 {papyrus}개",
                 "path": "me.resources.papyrus", "equals": v["papyrus"] - papyrus}]
    if god == "horus":
        honoured = horus_god(_Printed(), value)
        return [{"description": f"a die of {value} honours {both(honoured)[0]} (the printed Horus Bonuses, assumed)",
                 "description_ko": f"주사위 {value}는 {both(honoured)[1]}을(를) 기림 (인쇄된 호루스 보너스, 가정)",
                 "path": f"state.god_statues.{honoured}.len", "equals": 1}]
    if god == "ra":
        return [{"description": "a Pillar raised in the Temple Complex", "description_ko": "신전 단지에 기둥 하나",
                 "path": "me.pillars_left", "equals": FACTS("player_start.pillars") - 1}]
    raise ScenarioError(f"no Simulator expectation for {god!r}")


class _Printed:
    """The preprinted Horus Bonuses (the Simulator's setup): horus_god reads no shuffled tiles."""
    horus_tiles = None
