"""Examples built from the numbers of an Imhotep question ("7 statue cards", "13 stones and a Decoration",
"obelisk tie at 3 stones with 4 players", "a 2-stone ship with 1 stone", "a group of 6 in the burial
chamber", "3 stones on my sled"). Each builder sets a situation up from the numbers and states what the
rule gives (from the rule's text and the engine's facts: the statue table, the obelisk points...), so the
engine's run is checked against the rule, not echoed. A number the game cannot have (11 Statues when 10
exist) gets a notice saying so instead of a quietly changed example.
"""
from __future__ import annotations

import re

from ..api import QuestionExample
from ..asked import Asked, Vocabulary, load
from ..examples import Builder, best_fitting, refused
from . import data as D

SITE_KO = {"burial": "묘실", "pyramid": "피라미드", "temple": "신전", "obelisk": "오벨리스크"}
SITE_EN = {"burial": "burial chamber", "pyramid": "pyramid", "temple": "temple", "obelisk": "obelisks"}
DECORATION = {"burial": "burial_decoration", "pyramid": "pyramid_decoration", "temple": "temple_decoration",
              "obelisk": "obelisk_decoration"}
DECORATION_RULE = {"burial": "imhotep/burial-chamber-decoration", "pyramid": "imhotep/pyramid-decoration",
                   "temple": "imhotep/temple-decoration", "obelisk": "imhotep/obelisk-decoration"}
OTHERS = ("white", "brown", "gray", "black")


def vocabulary() -> Vocabulary:
    return load(D.DATA_DIR)


def _statues(asked: Asked) -> QuestionExample | None:
    n = asked.number("statue_cards")
    if n is None:
        n = asked.number(thing="statue")
    if n is None or n <= 0:
        return None
    total = D.DECK["statue"]
    if n > total:
        return refused(f"There are only {total} Statue cards in the game, so {n} cannot be collected; the example "
                      f"is not run.", f"석상 카드는 모두 {total}장뿐이라 {n}장은 모을 수 없습니다. 예시를 실행하지 않습니다.")
    table = D.STATUE_POINTS
    points = table[n - 1] if n <= len(table) else table[-1] + (n - len(table)) * D.STATUE_PAST_FIVE
    return QuestionExample({
        "id": f"imhotep/scenario/from-question/statues-{n}",
        "title": {"en": f"{n} Statue cards at the end of the game", "ko": f"게임이 끝났을 때 석상 카드 {n}장"},
        "rules": ["imhotep/statue", "imhotep/final-scoring/green-purple"],
        "setup": {"players": 2, "me": "black", "black": {"cards": {"statue": n}}},
        "actions": [{"kind": "final_scoring"}],
        "expect": [{"description": f"{n} Statues score {points} (the statue table, +{D.STATUE_PAST_FIVE} per card past 5)",
                    "description_ko": f"석상 {n}장은 {points}점 (5장을 넘으면 1장당 {D.STATUE_PAST_FIVE}점 더)",
                    "event": "score", "who": "me", "field": "points", "equals": points}],
    })


def _site_named(asked: Asked) -> str | None:
    site = next((t for t in asked.of_kind("site") if t.key != "market"), None)
    return site.key if site else None


def _decoration(asked: Asked) -> QuestionExample | None:
    if not asked.has("decoration"):
        return None
    n = asked.number("stones")
    if n is None or n < 0:
        return None
    site = _site_named(asked) or "burial"
    most = 4 * (D.STONES_PER_COLOR - D.SCORE_MARKER)
    if n > most:
        return refused(f"At most {most} stones can be on one site (4 colours x 29 stones in play), so {n} stones "
                      f"cannot be there; the example is not run.",
                      f"한 건설부지에는 석재가 최대 {most}개(4색 x 29개)까지만 있을 수 있어 {n}개는 불가능합니다. "
                      f"예시를 실행하지 않습니다.")
    colors = [OTHERS[i % 4] for i in range(n)]
    setup = {"players": 4, "me": "black", "black": {"cards": {DECORATION[site]: 1}, "sled": 0}}
    for c in set(colors):
        setup.setdefault(c, {})["sled"] = 0
    if site == "obelisk":
        setup["obelisk"] = {c: colors.count(c) for c in set(colors)}
    elif site == "burial":
        setup["burial"] = [colors[i:i + 3] for i in range(0, n, 3)]
    else:
        setup[site] = colors
    points = n // D.DECORATION_STONES
    return QuestionExample({
        "id": f"imhotep/scenario/from-question/decoration-{site}-{n}",
        "title": {"en": f"{SITE_EN[site].capitalize()} Decoration with {n} stones on the site",
                  "ko": f"{SITE_KO[site]}에 석재 {n}개가 있을 때 {SITE_KO[site]} 장식"},
        "rules": [DECORATION_RULE[site], "imhotep/market-cards/green/example"],
        "setup": setup,
        "actions": [{"kind": "final_scoring"}],
        "expect": [
            {"description": f"{n} stones on the {SITE_EN[site]}", "description_ko": f"{SITE_KO[site]}의 석재 {n}개",
             "path": f"{site}.stones", "equals": n},
            {"description": f"1 point per 3 stones of any colour: {n} // 3 = {points}",
             "description_ko": f"색깔과 관계없이 석재 3개당 1점: {n} ÷ 3 = {points}점 (나머지 버림)",
             "event": "score", "who": "me", "field": "points", "equals": points}],
    })


def _split(table, place: int, tied: int) -> int:
    return sum(table[place:place + tied]) // tied


def _obelisk_tie(asked: Asked) -> QuestionExample | None:
    if not asked.has("obelisk") or not re.search(r"\bti(e|ed|es)\b|동점|공동", asked.text, re.IGNORECASE):
        return None
    height = asked.number("stones")
    players = asked.number("players") or 4
    if height is None or height <= 0:
        return None
    if not 2 <= players <= 4:
        return refused(f"Imhotep is played by 2-4 players, not {players}; the example is not run.",
                      f"임호텝은 2~4명이 하는 게임이라 {players}명으로는 예시를 실행하지 않습니다.")
    most = D.STONES_PER_COLOR - D.SCORE_MARKER
    if height > most:
        return refused(f"A player has only {most} stones besides the score marker, so an obelisk of {height} cannot be "
                      f"built; the example is not run.",
                      f"플레이어의 석재는 점수 마커를 빼면 {most}개뿐이라 {height}층 오벨리스크는 쌓을 수 없습니다.")
    table = D.OBELISK_POINTS[players]
    heights = {"black": height, "white": height}
    expect = [{"description": f"black and white tie for 1st at {height}: (1st + 2nd) / 2 = {_split(table, 0, 2)}",
               "description_ko": f"검은색과 흰색이 {height}층으로 공동 1등: (1등 + 2등) ÷ 2 = {_split(table, 0, 2)}점",
               "event": "score", "who": "black", "field": "points", "equals": _split(table, 0, 2)},
              {"description": "white scores the same share", "description_ko": "흰색도 같은 점수",
               "event": "score", "who": "white", "field": "points", "equals": _split(table, 0, 2)}]
    if players >= 3 and height > 1:
        heights["brown"] = height - 1
        expect.append({"description": f"brown, alone in 3rd with {height - 1}, scores the 3rd-place {table[2]}",
                       "description_ko": f"{height - 1}층인 갈색은 단독 3등으로 {table[2]}점",
                       "event": "score", "who": "brown", "field": "points", "equals": table[2]})
    if players == 4:
        expect.append({"description": "gray, with no stone on the obelisks, scores nothing",
                       "description_ko": "오벨리스크에 석재가 없는 회색은 0점",
                       "path": "gray.score", "equals": 0})
    return QuestionExample({
        "id": f"imhotep/scenario/from-question/obelisk-tie-{height}-{players}p",
        "title": {"en": f"Obelisks (A): a tie at {height} stones with {players} players",
                  "ko": f"오벨리스크(A): {players}명 게임에서 {height}층 동점"},
        "rules": ["imhotep/sites-a/obelisks/ties", "imhotep/sites-a/obelisks/highest-scores-most"],
        "setup": {"players": players, "obelisk": heights},
        "actions": [{"kind": "final_scoring"}],
        "expect": expect,
    })


def _ship_minimum(asked: Asked) -> QuestionExample | None:
    size = asked.number("ship")
    load = asked.number("stones")
    if size is None:
        return None
    if size not in D.MINIMUM_LOAD:
        return refused(f"Imhotep's ships have 1 to 4 spaces; there is no {size}-space ship, so the example is not run.",
                      f"임호텝의 배는 1~4칸이라 {size}칸짜리 배는 없습니다. 예시를 실행하지 않습니다.")
    if load is None:
        return None
    if not 0 <= load <= size:
        return refused(f"A {size}-space ship holds at most {size} stones, not {load}; the example is not run.",
                      f"{size}칸짜리 배에는 석재를 최대 {size}개까지만 실을 수 있어 {load}개는 불가능합니다.")
    least = D.MINIMUM_LOAD[size]
    stones = ["white"] * load + [None] * (size - load)
    spec = {
        "id": f"imhotep/scenario/from-question/ship-{size}-with-{load}",
        "title": {"en": f"Sailing a {size}-space ship with {load} stone(s)", "ko": f"석재 {load}개를 실은 {size}칸짜리 배 옮기기"},
        "rules": ["imhotep/turn/sail-ship/minimum-load"],
        "setup": {"players": 2, "me": "black", "ships": [stones, 4, 3, 2] if size != 4 else [stones, 3, 2, 2]},
        "actions": [{"kind": "sail", "ship": 0, "site": "obelisk"}],
    }
    if load >= least:
        spec["expect"] = [{"description": f"{load} stone(s) reach the minimum load of {least}: the ship sails",
                           "description_ko": f"석재 {load}개로 최소 {least}개를 채워 배가 출발함",
                           "path": "ships.0.site", "equals": "obelisk"}]
    else:
        spec["expect"] = [{"description": f"{load} stone(s) are fewer than the minimum load of {least}: refused",
                           "description_ko": f"석재 {load}개는 최소 {least}개보다 적어 옮길 수 없음",
                           "raises": "imhotep/turn/sail-ship/minimum-load"}]
    return QuestionExample(spec)


def _burial_group(asked: Asked) -> QuestionExample | None:
    if not asked.has("burial") or not re.search(r"group|connect|덩어리|이어", asked.text, re.IGNORECASE):
        return None
    n = asked.number("group")
    if n is None:
        n = asked.number("stones")
    if n is None or n <= 0:
        return None
    most = D.STONES_PER_COLOR - D.SCORE_MARKER
    if n > most:
        return refused(f"A colour has only {most} stones in play, so a group of {n} cannot exist; the example is not run.",
                      f"한 색깔의 석재는 {most}개뿐이라 {n}개짜리 덩어리는 만들 수 없습니다.")
    table = D.BURIAL_GROUP_POINTS
    points = table[n - 1] if n <= len(table) else table[-1] + (n - len(table)) * D.BURIAL_PAST_FIVE
    stones = ["gray"] * n
    return QuestionExample({
        "id": f"imhotep/scenario/from-question/burial-group-{n}",
        "title": {"en": f"Burial chamber (A): a group of {n}", "ko": f"묘실(A): {n}개짜리 덩어리"},
        "rules": ["imhotep/sites-a/burial-chamber/scoring-groups", "imhotep/sites-a/burial-chamber/over-five"],
        "setup": {"players": 4, "me": "gray", "burial": [stones[i:i + 3] for i in range(0, n, 3)]},
        "actions": [{"kind": "final_scoring"}],
        "expect": [{"description": f"one connected group of {n} scores {points}",
                    "description_ko": f"이어진 {n}개짜리 덩어리 하나는 {points}점",
                    "event": "score", "who": "me", "field": "points", "equals": points}],
    })


def _sled(asked: Asked) -> QuestionExample | None:
    n = asked.number("sled")
    if n is None and "sled" in asked.words:        # "창고에 돌이 4개": the stones are on the sled
        n = asked.number("stones")
    if n is None or n < 0:
        return None
    if n > D.SLED_CAPACITY:
        return refused(f"A supply sled holds at most {D.SLED_CAPACITY} stones, so {n} cannot be on it; the example is not run.",
                      f"개인창고에는 석재를 {D.SLED_CAPACITY}개까지만 둘 수 있어 {n}개는 불가능합니다.")
    spec = {
        "id": f"imhotep/scenario/from-question/sled-{n}",
        "title": {"en": f"Getting new stones with {n} on the sled", "ko": f"개인창고에 석재 {n}개가 있을 때 석재 캐내기"},
        "rules": ["imhotep/turn/get-stones/sled-limit", "imhotep/turn/get-stones/take-three"],
        "setup": {"players": 2, "me": "black", "black": {"sled": n}},
        "actions": [{"kind": "stones"}],
    }
    if n == D.SLED_CAPACITY:
        spec["expect"] = [{"description": "a full sled cannot take stones", "description_ko": "꽉 찬 개인창고는 석재를 캐낼 수 없음",
                           "raises": "imhotep/turn/get-stones/not-allowed"}]
    else:
        took = min(D.QUARRY_TAKE, D.SLED_CAPACITY - n)
        spec["expect"] = [{"description": f"{took} stone(s) taken: the sled holds {n + took}",
                           "description_ko": f"석재 {took}개를 가져와 개인창고에 {n + took}개",
                           "path": "me.sled", "equals": n + took}]
    return QuestionExample(spec)


BUILDERS = (
    Builder(("imhotep/statue", "imhotep/market-cards/statue/example", "imhotep/market-cards/statue/keep-face-up",
      "imhotep/final-scoring/green-purple"), _statues),
    Builder(("imhotep/burial-chamber-decoration", "imhotep/pyramid-decoration", "imhotep/temple-decoration",
      "imhotep/obelisk-decoration", "imhotep/market-cards/green/example", "imhotep/market-cards/green/keep-face-up",
      "imhotep/final-scoring/green-purple"), _decoration),
    Builder(("imhotep/sites-a/obelisks/ties", "imhotep/sites-a/obelisks/example-scoring",
      "imhotep/sites-a/obelisks/highest-scores-most", "imhotep/sites-a/obelisks/at-least-one-stone"), _obelisk_tie),
    Builder(("imhotep/turn/sail-ship/minimum-load", "imhotep/turn/sail-ship/not-allowed", "imhotep/turn/sail-ship/move"),
     _ship_minimum),
    Builder(("imhotep/sites-a/burial-chamber/scoring-groups", "imhotep/sites-a/burial-chamber/over-five",
      "imhotep/sites-a/burial-chamber/example-scoring", "imhotep/sites-a/burial-chamber/multiple-groups"), _burial_group),
    Builder(("imhotep/turn/get-stones/sled-limit", "imhotep/turn/get-stones/example-partial",
      "imhotep/turn/get-stones/take-three", "imhotep/turn/get-stones/not-allowed"), _sled),
)


def example_from_question(asked: Asked, rule_ids: list[str]) -> QuestionExample | None:
    """Of the builders demonstrating one of the rules that can read the question, the one showing most of
    what it asks."""
    return best_fitting(BUILDERS, asked, rule_ids, vocabulary())
