"""The Simulator's civilisation board (form fields → a scenario of one production and maintenance phase,
its expectations worked out here from the board's facts and the cards' numbers) and an SVG drawing of a
civilisation's banks and buildings."""
from __future__ import annotations

import re

from ..api import Field, ScenarioError
from . import economy as eco
from .cards import card, name, value

BUILDINGS = [  # (field, card, en, ko)
    ("farms_0", "agriculture", "Farms (Agriculture, level 0)", "농장 (농업, 0등급)"),
    ("farms_1", "irrigation", "Farms (Irrigation, level 1)", "농장 (관개농업, 1등급)"),
    ("mines_0", "bronze", "Mines (Bronze, level 0)", "광산 (청동, 0등급)"),
    ("mines_1", "iron", "Mines (Iron, level 1)", "광산 (철, 1등급)"),
    ("temples", "religion", "Temples (Religion)", "신전 (종교)"),
    ("labs_0", "philosophy", "Labs (Philosophy, level 0)", "연구실 (철학, 0등급)"),
    ("labs_1", "alchemy", "Labs (Alchemy, level 1)", "연구실 (연금술, 1등급)"),
    ("theaters", "drama", "Theaters (Drama)", "극장 (드라마)"),
    ("arenas", "bread-and-circuses", "Arenas (Bread and Circuses)", "경기장 (오락)"),
]


def fields() -> list[Field]:
    # "Rules level", not "Game": the page's own selector above the form is the game
    out = [Field("mode", {"en": "Rules level", "ko": "규칙 단계"}, "choice", "advanced", ("simple", "advanced"),
                 {"simple": {"en": "Simple game (no corruption, no discontent)", "ko": "맛보기 게임 (자원 낭비·불만 없음)"},
                  "advanced": {"en": "Advanced / Full game", "ko": "숙련 / 본격 게임"}}),
           Field("yellow_bank", {"en": "Tokens in the yellow bank", "ko": "노란색 저장소의 토큰"}, "int", 12, min=0, max=18),
           Field("pool", {"en": "Unused workers", "ko": "일하지 않는 일꾼"}, "int", 1, min=0, max=18),
           Field("blue_bank", {"en": "Tokens in the blue bank", "ko": "파란색 저장소의 토큰"}, "int", 10, min=0, max=18),
           Field("food_tokens", {"en": "Food tokens on Agriculture", "ko": "농업 카드 위의 식량 토큰"}, "int", 2, min=0, max=18),
           Field("resource_tokens", {"en": "Resource tokens on Bronze", "ko": "청동 카드 위의 자원 토큰"}, "int", 2, min=0, max=18)]
    for key, cid, en, ko in BUILDINGS:
        # legal and telling: production happens (two temples keep the workers content, no uprising)
        default = {"farms_0": 2, "mines_0": 2, "labs_0": 1, "temples": 2}.get(key, 0)
        out.append(Field(key, {"en": en, "ko": ko}, "int", default, min=0, max=8))
    return out



def board_scenario(values: dict) -> dict:
    v = {f.name: values.get(f.name, f.default) for f in fields()}
    mode = v["mode"]
    workers = {cid: int(v[key]) for key, cid, _, _ in BUILDINGS if int(v[key])}
    tokens = v["blue_bank"] + v["food_tokens"] + v["resource_tokens"]
    if tokens > value("tokens")["blue"]:
        raise ScenarioError(f"{tokens} blue tokens set; a civilisation has {value('tokens')['blue']} "
                            f"/ 파란 토큰은 {value('tokens')['blue']}개입니다")
    yellow = v["yellow_bank"] + v["pool"] + sum(workers.values())
    if yellow > value("tokens")["yellow"]:
        raise ScenarioError(f"{yellow} yellow tokens set; a civilisation has {value('tokens')['yellow']} "
                            f"/ 노란 토큰은 {value('tokens')['yellow']}개입니다")
    # what the rules say, step by step
    ysizes = value("yellow_bank.sections")
    taken = sum(ysizes) - v["yellow_bank"]
    happy_need = eco.emptied(value("yellow_bank.happiness_spaces"), taken)
    happy = min(value("happiness_range")[1], sum(n * card(c).get("happy", 0) for c, n in workers.items()))
    missing = max(0, happy_need - happy)
    uprising = mode != "simple" and missing > v["pool"]
    culture = sum(n * card(c).get("culture", 0) for c, n in workers.items())
    science = sum(n * card(c).get("science_out", 0) for c, n in workers.items())
    bank = v["blue_bank"]
    food_tokens = {"irrigation": 0, "agriculture": v["food_tokens"]}
    made_food = 0
    for cid in ("irrigation", "agriculture"):
        n = min(workers.get(cid, 0), bank)
        bank -= n
        food_tokens[cid] += n
        made_food += n * card(cid)["food"]
    consumption = (value("yellow_bank.consumption_known")["empty"] if v["yellow_bank"] == 0 else
                   {**value("yellow_bank.consumption_known"), **value("yellow_bank.consumption_more")}[eco.emptied(ysizes, taken)])
    food = sum(n * card(c)["food"] for c, n in food_tokens.items())
    short = max(0, consumption - food)
    expect = [
        {"description": f"happiness required {happy_need}, happy faces {happy}: {missing} discontent worker(s)",
         "description_ko": f"필요한 행복 지수 {happy_need}, 행복 지수 {happy}: 불만 있는 일꾼 {missing}명",
         "path": "me.discontent", "equals": missing},
        {"description": "uprising: production and maintenance skipped" if uprising else "no uprising",
         "description_ko": "폭동: 생산과 유지 단계를 건너뜀" if uprising else "폭동 없음",
         "path": "me.uprising", "equals": uprising if mode != "simple" else missing > v["pool"]},
    ]
    if not uprising:
        expect += [
            {"description": f"culture +{culture}", "description_ko": f"문화 점수 +{culture}", "event": "score", "field": "culture", "equals": culture},
            {"description": f"science +{science}", "description_ko": f"과학 점수 +{science}", "event": "score", "field": "science", "equals": science},
            {"description": f"food produced {made_food}", "description_ko": f"식량 {made_food} 생산", "event": "food", "field": "produced", "equals": made_food},
            {"description": f"food consumption {consumption}", "description_ko": f"식량 소비율 {consumption}", "event": "food", "field": "consumption", "equals": consumption},
            {"description": f"{short} food short (famine -{4 * short} culture)" if short else "no famine",
             "description_ko": f"식량 {short}개 부족 (굶주림 문화 -{4 * short})" if short else "굶주림 없음",
             "event": "food", "field": "short", "equals": short},
        ]
        bank_after_food = bank + min(consumption, food) if food <= consumption else None
        if mode != "simple" and bank_after_food is not None:
            mines = min(workers.get("iron", 0) + workers.get("bronze", 0), bank_after_food)
            bank_final = bank_after_food - mines
            owed = value("blue_bank.corruption")[-1] if bank_final == 0 else value("blue_bank.corruption")[
                eco.emptied(value("blue_bank.sections"), value("tokens")["blue"] - bank_final)]
            expect.append({"description": f"corruption {owed}", "description_ko": f"자원 낭비율 {owed}",
                           "event": "resources", "field": "corruption", "equals": owed})
    blue = {c: n for c, n in (("agriculture", v["food_tokens"]), ("bronze", v["resource_tokens"])) if n}
    return {"id": "through-the-ages/scenario/simulator-board",
            "title": {"en": "Your civilisation's production and maintenance", "ko": "내 문명의 생산과 유지 단계"},
            "rules": ["through-the-ages/advanced/military-cards/drawing/tip-production-order",
                      "through-the-ages/advanced/mechanics/uprising/rule",
                      "through-the-ages/advanced/mechanics/corruption/four-and-six",
                      "through-the-ages/later-rounds/famine/penalty"],
            "setup": {"mode": mode, "me": {"yellow_bank": v["yellow_bank"], "pool": v["pool"], "blue_bank": v["blue_bank"],
                                           "blue": blue, "workers": workers}},
            "actions": [{"kind": "production"}], "expect": expect}


CELL, LABEL_W, SIZE, SMALL = 20, 170, 15, 13       # smallest text 13: it reads at 12 px or more as shown
YELLOW, BLUE, EMPTY = "#f2c200", "#2a6fdb", "#ffffff"


def _cells(x: float, y: float, filled: int, total: int, fill: str) -> list[str]:
    """A bank's spaces, the tokens in it filled (each a square: the count reads without colour too)."""
    return [f'<rect x="{x + i * CELL:.0f}" y="{y:.0f}" width="{CELL - 3}" height="{CELL - 3}" rx="2" '
            f'fill="{fill if i < filled else EMPTY}" stroke="#555"/>' for i in range(total)]


def _tokens(x: float, y: float, count: int, fill: str, round_: bool) -> list[str]:
    """Workers (round, yellow) or blue tokens (square) on a card."""
    r = (CELL - 4) / 2
    return [(f'<circle cx="{x + i * CELL + r:.0f}" cy="{y + r:.0f}" r="{r:.0f}" fill="{fill}" stroke="#555"/>' if round_
             else f'<rect x="{x + i * CELL:.0f}" y="{y:.0f}" width="{CELL - 4}" height="{CELL - 4}" rx="2" '
                  f'fill="{fill}" stroke="#555"/>') for i in range(count)]


def _text(x: float, y: float, text: str, size: int = SMALL, weight: str = "normal") -> str:
    from html import escape

    return f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}">{escape(text)}</text>'


def svg(civ: dict, lang: str) -> str:
    """One civilisation as its player sees it: culture and science, the yellow and blue banks space by
    space, the unused workers, and each card with its workers (circles) and blue tokens (squares) — every
    value a production changes, in numbers beside the drawing, so a before and an after that differ look
    different."""
    ko = lang == "ko"
    rows = [_text(10, 22, f"{'문화 점수' if ko else 'Culture points'} {civ.get('culture', 0)} · "
                          f"{'과학 점수' if ko else 'Science points'} {civ.get('science', 0)}", SIZE, "bold")]
    y = 40
    for label, filled, total, fill in ((("노란색 저장소" if ko else "Yellow bank"), civ["yellow_bank"], civ["yellow_cap"], YELLOW),
                                       (("파란색 저장소" if ko else "Blue bank"), civ["blue_bank"], civ["blue_cap"], BLUE)):
        rows.append(_text(10, y + 14, f"{label} {filled}"))
        rows += _cells(LABEL_W, y, filled, total, fill)
        y += CELL + 8
    rows.append(_text(10, y + 14, f"{'일꾼 대기소' if ko else 'Unused workers'} {civ['pool']}"))
    rows += _tokens(LABEL_W, y, civ["pool"], YELLOW, True)
    y += CELL + 14
    for cid, n in sorted(civ["workers"].items()):
        tokens = civ["blue"].get(cid, 0)
        words = f"{name(cid, lang)}: {'일꾼' if ko else 'workers'} {n}"
        if tokens:
            words += f", {'파란 토큰' if ko else 'blue tokens'} {tokens}"
        rows.append(_text(10, y + 14, words))
        y += CELL + 2
        rows += _tokens(30, y, n, YELLOW, True) + _tokens(30 + (n + 1) * CELL, y, tokens, BLUE, False)
        y += CELL + 8
    # wide enough for its longest line (a Korean syllable is about as wide as the font is high, the rest
    # about 0.6 of it) and for the banks' spaces
    texts = re.findall(r'font-size="(\d+)"[^>]*>([^<]*)<', "".join(rows))
    width = max([LABEL_W + CELL * max(civ["yellow_cap"], civ["blue_cap"]) + 10]
                + [20 + sum(int(size) * (1.0 if "\uac00" <= ch <= "\ud7a3" else 0.62) for ch in text)
                   for size, text in texts])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y + 6}" viewBox="0 0 {width:.0f} {y + 6}" '
            f'font-family="sans-serif"><rect width="100%" height="100%" fill="#fffdf6"/>' + "".join(rows) + "</svg>")
