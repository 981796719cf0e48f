"""The app's Simulator for Imhotep: the player loads a ship (up to 4 stones, bow first), picks a site and its
side and how many stones already lie there, and the engine sails the ship. The expectations are worked
out here from the rules and the facts (the pyramid values, the obelisk spaces...), not by the engine."""
from __future__ import annotations

from .. import api
from ..api import ScenarioError
from . import data as D
from . import narrate

CHOICES = ("none", *D.COLORS)
COLOR_LABELS = {"none": {"en": "empty", "ko": "빈칸"}, "black": {"en": "black", "ko": "검은색"},
                "white": {"en": "white", "ko": "흰색"}, "brown": {"en": "brown", "ko": "갈색"},
                "gray": {"en": "gray", "ko": "회색"}}
SITE_LABELS = {"market": {"en": "Market", "ko": "시장"}, "pyramid": {"en": "Pyramid", "ko": "피라미드"},
               "temple": {"en": "Temple", "ko": "신전"}, "burial": {"en": "Burial chamber", "ko": "묘실"},
               "obelisk": {"en": "Obelisks", "ko": "오벨리스크"}}
MARKET = ["sail", "statue", "lever", "hammer"]


def fields() -> list[api.Field]:
    slots = [api.Field(f"slot{i}", {"en": f"Ship space {i} ({'bow' if i == 1 else 'toward the stern'})",
                                    "ko": f"배 {i}번 칸 ({'앞쪽' if i == 1 else '뒤쪽으로'})"}, "choice", default,
                       CHOICES, COLOR_LABELS)
             for i, default in ((1, "white"), (2, "brown"), (3, "gray"), (4, "none"))]
    return [
        api.Field("players", {"en": "Players", "ko": "인원"}, "int", 4, min=2, max=4),
        api.Field("site", {"en": "Site the ship sails to", "ko": "배가 갈 건설부지"}, "choice", "pyramid", D.SITES,
                  SITE_LABELS),
        api.Field("side", {"en": "Side of that site", "ko": "건설부지 면"}, "choice", "A", ("A", "B"),
                  {"A": {"en": "A side", "ko": "A면"}, "B": {"en": "B side", "ko": "B면"}}),
        api.Field("before", {"en": "Stones already on the site", "ko": "건설부지에 이미 있는 석재"}, "int", 0, min=0, max=16,
                  help={"en": "laid in turn order of the colours in play", "ko": "플레이 중인 색깔 순서대로 놓임"}),
        *slots,
    ]


def _values(values: dict) -> tuple[int, str, str, int, list]:
    values = {f.name: values.get(f.name, f.default) for f in fields()}   # the form's defaults fill the gaps
    players = int(values.get("players", 4))
    site = values.get("site", "pyramid")
    side = values.get("side", "A")
    before = int(values.get("before", 0))
    if not 2 <= players <= 4:
        raise ScenarioError("Imhotep is played by 2-4 players / 임호텝은 2~4명이 합니다")
    if site not in D.SITES or side not in ("A", "B"):
        raise ScenarioError(f"unknown site or side: {site} {side}")
    if not 0 <= before <= 16:
        raise ScenarioError("0-16 stones may already lie on the site / 건설부지의 석재는 0~16개")
    colors = D.COLORS[:players]
    cargo = []
    for i in range(1, 5):
        c = values.get(f"slot{i}", "none")
        if c == "none":
            continue
        if c not in colors:
            raise ScenarioError(f"{c} does not play with {players} players / {players}명 게임에 "
                                f"{narrate.color_name(c, 'ko')} 플레이어는 없습니다")
        cargo.append(c)
    if not cargo:
        raise ScenarioError("load at least 1 stone on the ship / 배에 석재를 1개 이상 실으세요")
    return players, site, side, before, cargo


def scenario(values: dict) -> dict:
    players, site, side, before, cargo = _values(values)
    colors = list(D.COLORS[:players])
    size = max(len(cargo), 1)
    ship = cargo + [None] * (size - len(cargo))
    others = [n for n in (4, 3, 2, 2, 1) if n != size][:3]
    setup: dict = {"players": players, "sides": {site: side}, "ships": [ship, *others],
                   "deck": ["statue"] * 12, **{c: {"sled": 0} for c in colors}}
    laid = [colors[i % players] for i in range(before)]
    actions: list[dict] = [{"kind": "sail", "ship": 0, "site": site}]
    expect: list[dict] = []
    score = {c: 0 for c in colors}
    if site == "market":
        setup["market"] = MARKET[:3] if side == "B" else MARKET
        if side == "B":
            setup["hidden"] = ["statue", "hammer"]
        face_up = len(setup["market"])
        for i, c in enumerate(cargo):
            if i < face_up:
                if face_up - i + (1 if side == "B" else 0) > 1:
                    actions.append({"kind": "take", "who": c, "slot": i})
            elif side == "B" and i == face_up:
                actions.append({"kind": "take", "who": c, "slot": face_up})
                actions.append({"kind": "keep", "who": c, "card": 0})
        taken = {c: [] for c in colors}
        for i, c in enumerate(cargo):
            if i < face_up or (side == "B" and i == face_up):
                taken[c].append(setup["market"][i] if i < face_up else setup["hidden"][0])
        for c in colors:
            for card in sorted(set(taken[c])):
                expect.append({"description": f"{c} takes {taken[c].count(card)} {card} card(s)",
                               "description_ko": f"{narrate.color_name(c, 'ko')} 플레이어가 {narrate.card(card, 'ko')} 카드 "
                                                 f"{taken[c].count(card)}장을 가져감",
                               "path": f"{c}.cards.{card}", "equals": taken[c].count(card)})
        expect.append({"description": "the market's stones go back to the quarry", "description_ko": "시장에 내린 석재는 돌무더기로",
                       "path": "ships.0.load", "equals": 0})
    elif site == "pyramid":
        setup["pyramid"] = laid if side == "A" else _pyramids_b(laid)
        if side == "A":
            for k, c in enumerate(cargo):
                index = before + k
                score[c] += D.PYRAMID_A[index] if index < len(D.PYRAMID_A) else D.PYRAMID_AFTER
        else:
            filled = [len(p) for p in _pyramids_b(laid)]
            for c in cargo:
                open_ = [k for k in range(3) if filled[k] < len(D.PYRAMID_B_SPACES[k])]
                if len(open_) > 1:
                    actions.append({"kind": "pyramid", "who": c, "pyramid": open_[0]})
                if open_:
                    points, _bonus = D.PYRAMID_B_SPACES[open_[0]][filled[open_[0]]]
                    filled[open_[0]] += 1
                    score[c] += points
                else:
                    score[c] += D.PYRAMID_B_AFTER
        for c in colors:
            expect.append({"description": f"{c} scores {score[c]} at the pyramid", "description_ko": f"{narrate.color_name(c, 'ko')}: 피라미드 점수 {score[c]}점",
                           "path": f"{c}.score", "equals": score[c]})
    elif site == "temple":
        setup["temple"] = laid
        spaces = D.TEMPLE_SPACES[players]
        tops: list = [None] * spaces
        for i, c in enumerate(laid + cargo):
            tops[i % spaces] = c
        expect.append({"description": f"the tops of the {spaces} temple spaces", "description_ko": f"신전 {spaces}칸의 꼭대기 석재",
                       "path": "temple.tops", "equals": tops})
    elif site == "burial":
        setup["burial"] = [laid[i:i + 3] for i in range(0, len(laid), 3)]
        stones = laid + cargo
        expect.append({"description": "stones fill the burial chamber column by column, top to bottom",
                       "description_ko": "석재는 묘실을 세로줄마다 위에서 아래로 채움",
                       "path": "burial.columns", "equals": [stones[i:i + 3] for i in range(0, len(stones), 3)]})
    else:
        heights = {c: laid.count(c) for c in colors}
        if side == "B":
            heights = {c: min(n, D.OBELISK_B_HOLDING) for c, n in heights.items()}
        setup["obelisk"] = {c: n for c, n in heights.items() if n}
        built = []
        for c in cargo:
            heights[c] += 1
            if side == "B" and heights[c] == D.OBELISK_B_TOWER:
                heights[c] = 0
                points = D.OBELISK_B_SPACES[len(built)] if len(built) < len(D.OBELISK_B_SPACES) else 0
                built.append([points, c])
                score[c] += points
        for c in colors:
            expect.append({"description": f"{c}'s stones {'waiting' if side == 'B' else 'stacked'}: {heights[c]}",
                           "description_ko": f"{narrate.color_name(c, 'ko')}: {'보관 중인' if side == 'B' else '쌓은'} 석재 {heights[c]}개",
                           "path": f"{c}.obelisk", "equals": heights[c]})
            if side == "B":
                expect.append({"description": f"{c} scores {score[c]}", "description_ko": f"{narrate.color_name(c, 'ko')}: {score[c]}점",
                               "path": f"{c}.score", "equals": score[c]})
    return {"id": "imhotep/scenario/simulator", "title": {"en": "Simulator", "ko": "시뮬레이터"},
            "rules": [_rule(site, side)], "setup": setup, "actions": actions, "expect": expect}


def _pyramids_b(laid: list) -> list[list]:
    """Stones already on Pyramids (B), each in the leftmost pyramid with room."""
    pyramids: list[list] = [[], [], []]
    beside = []
    for c in laid:
        k = next((k for k in range(3) if len(pyramids[k]) < len(D.PYRAMID_B_SPACES[k])), None)
        (pyramids[k] if k is not None else beside).append(c)
    return pyramids + [beside]


def _rule(site: str, side: str) -> str:
    return {("market", "A"): "imhotep/sites-a/market/take-cards", ("market", "B"): "imhotep/sites-b/market/take-hidden",
            ("pyramid", "A"): "imhotep/sites-a/pyramids/points", ("pyramid", "B"): "imhotep/sites-b/pyramids/three-pyramids",
            ("temple", "A"): "imhotep/sites-a/temple/placement", ("temple", "B"): "imhotep/sites-a/temple/placement",
            ("burial", "A"): "imhotep/sites-a/burial-chamber/placement",
            ("burial", "B"): "imhotep/sites-a/burial-chamber/placement",
            ("obelisk", "A"): "imhotep/sites-a/obelisks/stacking", ("obelisk", "B"): "imhotep/sites-b/obelisks/build"}[(site, side)]
