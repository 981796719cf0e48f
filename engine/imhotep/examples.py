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
from ..examples import Builder, best_fitting, clause, refused
from ..korean import josa
from ..numbers import read_numbers
from . import data as D
from .narrate import CARD

SITE_KO = {"burial": "묘실", "pyramid": "피라미드", "temple": "신전", "obelisk": "오벨리스크"}
SITE_EN = {"burial": "burial chamber", "pyramid": "pyramid", "temple": "temple", "obelisk": "obelisks"}
DECORATION = {"burial": "burial_decoration", "pyramid": "pyramid_decoration", "temple": "temple_decoration",
              "obelisk": "obelisk_decoration"}
DECORATION_RULE = {"burial": "imhotep/burial-chamber-decoration", "pyramid": "imhotep/pyramid-decoration",
                   "temple": "imhotep/temple-decoration", "obelisk": "imhotep/obelisk-decoration"}
OTHERS = ("white", "brown", "gray", "black")


def vocabulary() -> Vocabulary:
    return load(D.DATA_DIR)


def _statue_points(n: int) -> int:
    """The statue table's points for n Statue cards (+2 per card past its end), from the rule's facts."""
    table = D.STATUE_POINTS
    return table[n - 1] if n <= len(table) else table[-1] + (n - len(table)) * D.STATUE_PAST_FIVE


def _group_points(n: int) -> int:
    """The burial chamber (A) table's points for a group of n (+ per stone past its end), from the rule's facts."""
    table = D.BURIAL_GROUP_POINTS
    return table[n - 1] if n <= len(table) else table[-1] + (n - len(table)) * D.BURIAL_PAST_FIVE


def _deal_blue(held: dict, blue: int) -> None:
    """The unused blue cards held, dealt over the blue kinds as the deck holds them."""
    for card in D.BLUE_CARDS:
        if (k := min(blue - sum(held.get(c, 0) for c in D.BLUE_CARDS), D.DECK[card])) > 0:
            held[card] = k


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
    points = _statue_points(n)
    blue = _unused_blue(asked)
    if blue is not None and not 0 < blue <= sum(D.DECK[c] for c in D.BLUE_CARDS):
        return None
    held = {"statue": n}
    _deal_blue(held, blue or 0)
    statues = {"description": f"{n} Statues score {points} (the statue table, +{D.STATUE_PAST_FIVE} per card past 5)",
               "description_ko": f"석상 {n}장은 {points}점 (5장을 넘으면 1장당 {D.STATUE_PAST_FIVE}점 더)",
               "event": "score", "who": "me", "field": "points", "equals": points, "answers": {"asks": "points"}}
    expect = [statues]
    if blue:
        # the blue cards score after the Statues (the last score event is theirs); the total checks the Statues' part
        total = points + blue * D.UNUSED_BLUE_POINTS
        expect = [{"description": f"{blue} unused blue card(s), {D.UNUSED_BLUE_POINTS} point each",
                   "description_ko": f"쓰지 않은 파란색 카드 {blue}장, 1장당 {D.UNUSED_BLUE_POINTS}점",
                   "event": "score", "who": "me", "field": "points", "equals": blue * D.UNUSED_BLUE_POINTS},
                  {"description": f"{n} Statues score {points} (the statue table, +{D.STATUE_PAST_FIVE} per card past 5): "
                                  f"{points} + {blue * D.UNUSED_BLUE_POINTS} = {total} points from the cards",
                   "description_ko": f"석상 {n}장은 {points}점 (5장을 넘으면 1장당 {D.STATUE_PAST_FIVE}점 더): "
                                     f"{points} + {blue * D.UNUSED_BLUE_POINTS} = 카드로 {total}점",
                   "path": "me.score", "equals": total, "answers": {"asks": "points", "amount": total}}]
    return QuestionExample({
        "id": f"imhotep/scenario/from-question/statues-{n}" + (f"-blue-{blue}" if blue else ""),
        "title": {"en": f"{n} Statue cards" + (f" and {blue} unused blue card(s)" if blue else "") + " at the end of the game",
                  "ko": f"게임이 끝났을 때 석상 카드 {n}장" + (f", 쓰지 않은 파란색 카드 {blue}장" if blue else "")},
        "rules": ["imhotep/statue", "imhotep/final-scoring/green-purple", *(["imhotep/final-scoring/unused-blue"] if blue else [])],
        "setup": {"players": 2, "me": "black", "black": {"cards": held}},
        "actions": [{"kind": "final_scoring"}],
        "expect": expect,
    })


_BLUE_BEFORE = re.compile(r"(?:안\s?쓴|쓰지\s?않은|사용하지\s?않은|남은)\s?파란(?:색)?\s?(?:시장\s?)?카드(?:가|는|도)?\s?$")
_BLUE_AFTER = re.compile(r"\s+(?:unused|unplayed) blue (?:market )?cards?\b", re.IGNORECASE)


def _unused_blue(asked: Asked) -> int | None:
    """The unused blue cards the question counts ("안 쓴 파란 카드 3장", "3 unused blue cards"), or None."""
    for n in asked.written:
        end = n.start + len(n.text)
        if _BLUE_BEFORE.search(asked.text[max(0, n.start - 24):n.start]) or _BLUE_AFTER.match(asked.text[end:]):
            return n.value
    return None


def _site_named(asked: Asked) -> str | None:
    site = next((t for t in asked.of_kind("site") if t.key != "market"), None)
    return site.key if site else None


def _fill_site(setup: dict, site: str, colors: list[str]) -> None:
    """These stones on a site of the setup (the obelisks by height, the burial chamber column by column), their
    owners' sleds left empty."""
    for c in set(colors):
        setup.setdefault(c, {})["sled"] = 0
    if site == "obelisk":
        setup["obelisk"] = {c: colors.count(c) for c in set(colors)}
    elif site == "burial":
        setup["burial"] = [colors[i:i + D.BURIAL_ROWS] for i in range(0, len(colors), D.BURIAL_ROWS)]
    else:
        setup[site] = colors


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
    setup = {"players": 4, "me": "black", "black": {"cards": {DECORATION[site]: 1}, "sled": 0}}
    _fill_site(setup, site, [OTHERS[i % 4] for i in range(n)])
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
             "event": "score", "who": "me", "field": "points", "equals": points, "answers": {"asks": "points"}}],
    })


# a decoration card's word, and a site the question finishes ("피라미드(A)는 딱 꼭대기까지 완성됐고", "Pyramid A was completed
# right up to the top"): every space of pyramid A holds a stone, no more (no stone set beside it)
_DECORATION_WORD = re.compile(r"\bdecorations?\b|장식", re.IGNORECASE)
_SENTENCE = re.compile(r"[.?!;]")
_COMPLETED = re.compile(r"완성|\bcomplete(?:d)?\b|\bfinished\b", re.IGNORECASE)
_BESIDE = re.compile(r"옆에\s?(?:따로\s?)?(?:놓은|둔)\s?석재(?:는|가)?\s?(?:하나도\s?)?없|\bno (?:extra )?stones? (?:set )?beside\b",
                     re.IGNORECASE)


def _sites_in(text: str) -> list[str]:
    """The sites a stretch of a question names, in reading order (the market is no building site)."""
    found = []
    for site in D.BUILDING_SITES:
        for m in vocabulary().thing(site).pattern.finditer(text):
            found.append((m.start(), site))
    return [s for _, s in sorted(found)]


def _decorations_held(text: str) -> list[str]:
    """The sites whose Decoration cards the question holds: the sites named in the noun phrase before each
    decoration word ("the Temple Decoration and the Obelisk Decoration", "피라미드 장식이랑 묘실 장식 카드",
    "the Pyramid and the Burial Chamber Decoration")."""
    held, since = [], 0
    for m in _DECORATION_WORD.finditer(text):
        start = max([since] + [s.end() for s in _SENTENCE.finditer(text, 0, m.start())])
        for site in _sites_in(text[start:m.start()]):
            if site not in held:
                held.append(site)
        since = m.end()
    return held


def _site_stones(asked: Asked, sites: list[str]) -> dict | None:
    """The stones on each of these sites, as the question gives them: a number in a clause naming one site ("the
    temple has 11 stones in total and the obelisks 8", "신전에 석재가 모두 11개, 오벨리스크에 8개야"), or pyramid A
    completed to its top with no stone beside it. None where a site's count is not given, or given twice."""
    counted = {g.start for g in asked.numbers if g.quantity in ("statue_cards", "players", "group", "place")}
    blue = _unused_blue(asked)
    stones = {}
    for n in asked.written:
        if n.start in counted or (blue is not None and n.value == blue and _BLUE_AFTER.match(asked.text[n.start + len(n.text):])):
            continue
        named = set(_sites_in(clause(asked.text, n.start)))
        if len(named) != 1 or not (site := named.pop()) in sites:
            continue
        if site in stones:
            return None
        stones[site] = n.value
    if "pyramid" in sites and "pyramid" not in stones:
        for m in vocabulary().thing("pyramid").pattern.finditer(asked.text):
            told = clause(asked.text, m.start())
            if _COMPLETED.search(told) and not re.search(r"\d", told) and _BESIDE.search(asked.text):
                stones["pyramid"] = len(D.PYRAMID_A)
    return stones if all(site in stones for site in sites) else None


def _cards_at_end(asked: Asked) -> QuestionExample | None:
    """The green cards (Decorations) held at the game's end with the stones the question puts on their sites, and
    the Statues and unused blue cards it counts besides: each card's points and their total. Only where the question
    holds two kinds or more (one alone: `_decoration`, `_statues`)."""
    if asked.has("side_b"):
        return None
    sites = _decorations_held(asked.text)
    statues = asked.number("statue_cards")
    blue = _unused_blue(asked)
    if not sites or len(sites) + (statues is not None) + (blue is not None) < 2:
        return None
    stones = _site_stones(asked, sites)
    if stones is None or (statues is not None and not 0 < statues <= D.DECK["statue"]):
        return None
    most = 3 * (D.STONES_PER_COLOR - D.SCORE_MARKER)
    if any(n < 0 or n > most for n in stones.values()) or (blue is not None and not 0 < blue <= sum(D.DECK[c] for c in D.BLUE_CARDS)):
        return None
    held = {DECORATION[site]: 1 for site in sites}
    setup = {"players": 4, "me": "black", "black": {"sled": 0}}
    for site, n in stones.items():
        _fill_site(setup, site, [OTHERS[i % 3] for i in range(n)])   # the others' stones: the cards' points alone are mine
    parts, expect = [], []
    for site in sites:
        points = stones[site] // D.DECORATION_STONES
        parts.append((points, f"{CARD[DECORATION[site]][0]}: {stones[site]} stones // 3 = {points}",
                      f"{SITE_KO[site]} 장식: 석재 {stones[site]}개 ÷ 3 = {points}점"))
        expect.append({"description": f"{stones[site]} stones on the {SITE_EN[site]}",
                       "description_ko": f"{SITE_KO[site]}의 석재 {stones[site]}개",
                       "path": f"{site}.stones", "equals": stones[site]})
    if statues is not None:
        held["statue"] = statues
        points = _statue_points(statues)
        parts.append((points, f"{statues} Statues: {points} (the statue table, +{D.STATUE_PAST_FIVE} per card past 5)",
                      f"석상 {statues}장: {points}점 (5장을 넘으면 1장당 {D.STATUE_PAST_FIVE}점 더)"))
    if blue is not None:
        _deal_blue(held, blue)
        parts.append((blue * D.UNUSED_BLUE_POINTS, f"{blue} unused blue card(s): {blue * D.UNUSED_BLUE_POINTS}",
                      f"쓰지 않은 파란색 카드 {blue}장: {blue * D.UNUSED_BLUE_POINTS}점"))
    setup["black"]["cards"] = held
    total = sum(p for p, _, _ in parts)
    sums = " + ".join(str(p) for p, _, _ in parts)
    expect.append({"description": "; ".join(en for _, en, _ in parts) + f": {sums} = {total} points from the cards",
                   "description_ko": "; ".join(ko for _, _, ko in parts) + f": {sums} = 카드로 {total}점",
                   "path": "me.score", "equals": total, "answers": {"asks": "points", "amount": total}})
    named_en = [f"{CARD[DECORATION[s]][0]} ({stones[s]} stones on the {SITE_EN[s]})" for s in sites]
    named_ko = [f"{CARD[DECORATION[s]][1]}({SITE_KO[s]}에 석재 {stones[s]}개)" for s in sites]
    if statues is not None:
        named_en.append(f"{statues} Statue cards")
        named_ko.append(f"석상 카드 {statues}장")
    if blue is not None:
        named_en.append(f"{blue} unused blue card(s)")
        named_ko.append(f"쓰지 않은 파란색 카드 {blue}장")
    rules = [DECORATION_RULE[s] for s in sites] + (["imhotep/statue"] if statues is not None else []) \
        + (["imhotep/final-scoring/unused-blue"] if blue is not None else []) + ["imhotep/final-scoring/green-purple"]
    return QuestionExample({
        "id": "imhotep/scenario/from-question/cards-" + "-".join(f"{s}-{stones[s]}" for s in sites)
              + (f"-statues-{statues}" if statues is not None else "") + (f"-blue-{blue}" if blue is not None else ""),
        "title": {"en": "At the game's end" + (f", {len(sites)} Decoration cards" if len(sites) > 1 else "") + ": "
                        + ", ".join(named_en),
                  "ko": "게임이 끝났을 때" + (f" 장식 카드 {len(sites)}장" if len(sites) > 1 else "") + ": " + ", ".join(named_ko)},
        "rules": rules, "setup": setup, "actions": [{"kind": "final_scoring"}], "expect": expect,
    })


_WRATH = re.compile(r"\bwrath\b|분노", re.IGNORECASE)
# a site with none of my stones: "none of my stones on the obelisks", "no stones on the obelisks", "오벨리스크에는 (내)
# 석재가 하나도 없어"
_NONE_THERE = re.compile(r"\bnone of my stones\b|\bno stones?\b|\bnot a single stone\b|하나도\s?없|(?:석재|돌)(?:가|는)?\s?없",
                         re.IGNORECASE)
# a game without the variant, its penalty only named ("기본 규칙으로 하고 있어 … 파라오의 분노 규칙을 쓸 때만")
_NO_WRATH = re.compile(r"기본\s?규칙|\bbasic (?:rules?|game)\b|\bwithout (?:the )?wrath\b|\bnot (?:playing|using) (?:with )?(?:the )?wrath\b|"
                       r"분노\s?(?:규칙|변형)?(?:은|는)?\s?(?:없이|안\s?(?:쓰|써|해|하)|빼고)", re.IGNORECASE)
_BUT = re.compile(r"\bbut\b|\bwhile\b|는데|지만|인데", re.IGNORECASE)


def _part(text: str, at: int) -> str:
    """The clause a position stands in, less what "but" / "…는데" parts from it ("a group of 6 in the burial chamber
    but no stones on the obelisks", "아래쪽 내 칸에 석재 1개 있었는데 이번 배로 3개가 왔어")."""
    whole = clause(text, at)
    start = text.find(whole)
    while 0 <= start and start + len(whole) < at:
        start = text.find(whole, start + 1)
    if not whole or not 0 <= start <= at:
        return whole
    return _BUT.split(whole[:at - start])[-1] + _BUT.split(whole[at - start:])[0]


def _wrath(asked: Asked) -> QuestionExample | None:
    """The Wrath of the Pharaoh at the game's end: the sites the question says hold none of my stones cost the
    penalty once, whatever their number, and the points it scores besides (Statue cards, or one group in the burial
    chamber) are scored first: those points less the penalty."""
    if not _WRATH.search(asked.text) or _NO_WRATH.search(asked.text) or asked.has("side_b"):
        return None
    missing = []
    for m in _NONE_THERE.finditer(asked.text):
        for site in _sites_in(_part(asked.text, m.start())):
            if site not in missing:
                missing.append(site)
    if not missing:
        return None
    statues = asked.number("statue_cards")
    group = asked.number("group") if "burial" not in missing else None
    if statues is not None and group is not None:
        return None
    if (statues is not None and not 0 < statues <= D.DECK["statue"]) or \
            (group is not None and not 0 < group <= D.STONES_PER_COLOR - D.SCORE_MARKER):
        return None
    missing = [s for s in D.BUILDING_SITES if s in missing]
    setup = {"players": 2, "me": "black", "wrath": True, "black": {"sled": 0}, "white": {"sled": 0}}
    reason, rules = None, []
    if statues is not None:
        setup["black"]["cards"] = {"statue": statues}
        points = _statue_points(statues)
        reason, what_en, what_ko = "statues", f"{statues} Statue cards score {points}", f"석상 카드 {statues}장은 {points}점"
        rules = ["imhotep/statue"]
    elif group is not None:
        points = _group_points(group)
        reason, what_en, what_ko = "burial", f"a group of {group} in the burial chamber scores {points}", \
            f"묘실의 {group}개짜리 덩어리는 {points}점"
        rules = ["imhotep/sites-a/burial-chamber/scoring-groups"]
    # one stone of mine on each site the question does not name as empty (the burial chamber: the group, or one
    # stone apart from the white ones, whose point is not part of what is asked)
    for site in D.BUILDING_SITES:
        if site in missing:
            continue
        if site == "obelisk":
            setup["obelisk"] = {"black": 1}
        elif site == "burial":
            cells = ["black"] * (group or 1)
            cells += ["white"] * (-len(cells) % D.BURIAL_ROWS)
            setup["burial"] = [cells[i:i + D.BURIAL_ROWS] for i in range(0, len(cells), D.BURIAL_ROWS)]
        else:
            setup[site] = ["black"]
    named_en = " and ".join(SITE_EN[s] for s in missing)
    named_ko = " ".join([josa(SITE_KO[s], "과/와") for s in missing[:-1]] + [SITE_KO[missing[-1]]])
    if len(missing) > 1:
        named_en, named_ko = f"{len(missing)} sites ({named_en})", f"건설부지 {len(missing)}곳({named_ko})"
    penalty = {"description": f"no stone of mine on the {named_en}: the Wrath's penalty, once, -{D.WRATH_PENALTY}",
               "description_ko": f"{named_ko}에 내 석재가 없으니 파라오의 분노 벌점 한 번, -{D.WRATH_PENALTY}점",
               "event": "score", "who": "me", "match": {"reason": "wrath"}, "field": "missing", "equals": missing}
    empty = [{"description": f"my stones on the {SITE_EN[site]}: 0", "description_ko": f"{SITE_KO[site]}의 내 석재: 0개",
              "path": f"me.{site}", "equals": 0} for site in missing]
    expect = [penalty, {"description": f"the penalty: {D.WRATH_PENALTY} points lost",
                        "description_ko": f"벌점: {D.WRATH_PENALTY}점 감점",
                        "event": "score", "who": "me", "match": {"reason": "wrath"}, "field": "points", "total": True,
                        "equals": -D.WRATH_PENALTY, "answers": {"asks": "penalty", "amount": D.WRATH_PENALTY}}]
    if reason:
        total = points - D.WRATH_PENALTY
        expect = [{"description": what_en, "description_ko": what_ko, "event": "score", "who": "me",
                   "match": {"reason": reason}, "field": "points", "total": True, "equals": points}, penalty,
                  {"description": f"{points} - {D.WRATH_PENALTY} = {total} points",
                   "description_ko": f"{points} - {D.WRATH_PENALTY} = {total}점",
                   "event": "score", "who": "me", "match": {"reason": [reason, "wrath"]}, "field": "points", "total": True,
                   "equals": total, "answers": {"asks": "points"}}]
    scored_en = f"; {statues} Statue cards" if statues else f"; a group of {group} in the burial chamber" if group else ""
    scored_ko = f", 석상 카드 {statues}장" if statues else f", 묘실에 {group}개짜리 덩어리" if group else ""
    return QuestionExample({
        "id": f"imhotep/scenario/from-question/wrath-{'-'.join(missing)}" + (f"-{reason}-{statues or group}" if reason else ""),
        "title": {"en": f"Wrath of the Pharaoh at the game's end: none of my stones on the {named_en}{scored_en}",
                  "ko": f"파라오의 분노로 게임 종료: {named_ko}에 내 석재가 없음{scored_ko}"},
        "rules": ["imhotep/variant-wrath-of-the-pharaoh/penalty", *rules],
        "setup": setup,
        "actions": [{"kind": "final_scoring"}],
        "expect": empty + expect,
    })


# Obelisks (B): my holding space at the bottom ("in my spot at the bottom", "아래쪽 내 칸에", "waiting below"), the
# stones a ship brings there ("this ship brought 3 more", "이번 배로 … 3개가 … 왔어"), the upper space an obelisk
# went up on ("on the 9 space", "9점 칸에")
_SIDE_B = re.compile(r"B\s?면|\bside B\b|\bB side\b|\(B\)|(?<![A-Za-z])B(?=\s?:)", re.IGNORECASE)
_BELOW = re.compile(r"아래|\bbottom\b|\bbelow\b|\bholding\b|\bwaiting\b", re.IGNORECASE)
_BROUGHT = re.compile(r"\bbr(?:ought|ings?)\b|\barriv|(?<![가-힣])배로|(?<![가-힣])배에|왔|도착", re.IGNORECASE)
_TOWER_SPACE = re.compile(r"(\d+)\s?(?:점\s?칸|-?points?\s+space|\s+space)", re.IGNORECASE)


def _obelisk_b(asked: Asked) -> QuestionExample | None:
    """Obelisks (B): the stones a ship brings to my holding space, an obelisk of 3 built on the highest empty upper
    space each time three wait there, the rest left waiting; or, at the game's end, an obelisk built on the space
    the question names and the stones still waiting (1 point each)."""
    if not asked.has("obelisk") or not _SIDE_B.search(asked.text):
        return None
    ends = bool(re.search(r"게임\s?(?:이\s?)?끝|\bgame (?:is )?over\b|\bgame end|\bend of the game\b", asked.text, re.IGNORECASE))
    space = _TOWER_SPACE.search(asked.text)
    told = [n for n in asked.written if n.value > 0 and not (space and n.start == space.start(1))]
    below = [n for n in told if _BELOW.search(_part(asked.text, n.start)) and not _BROUGHT.search(_part(asked.text, n.start))]
    brought = [n for n in told if _BROUGHT.search(_part(asked.text, n.start)) and n not in below]
    hold, tower = D.OBELISK_B_HOLDING, D.OBELISK_B_TOWER
    setup = {"players": 2, "me": "black", "sides": {"obelisk": "B"}}
    if ends and space and len(below) == 1 and not brought:
        top, left = int(space.group(1)), below[0].value
        if top not in D.OBELISK_B_SPACES or left > hold:
            return None
        # the obelisk played in: a ship of mine to a holding space that already held what makes it 3 and leaves the
        # stones the question says were still waiting; the other player's obelisks on the spaces above
        start = left + tower - 4 if left else 0
        ship = ["black"] * (4 if left else tower)
        setup.update({"towers": [[v, "white"] for v in D.OBELISK_B_SPACES if v > top], "obelisk": {"black": start},
                      "ships": [ship, 3, 2, 2] if len(ship) == 4 else [ship + [None], 3, 2, 2]})
        total = top + left * D.OBELISK_B_LEFTOVER
        expect = [
            {"description": f"the third stone waiting builds an obelisk on the highest empty upper space: {top}",
             "description_ko": f"세 번째 석재가 모이면 비어 있는 위쪽 칸 중 가장 높은 칸에 오벨리스크: {top}점 칸",
             "path": "me.towers", "equals": [top]},
            {"description": f"{left} stone(s) still waiting at the game's end", "description_ko": f"게임이 끝날 때 아래에 남은 석재 {left}개",
             "path": "me.obelisk", "equals": left},
            {"description": f"{top} for the obelisk + {left} x {D.OBELISK_B_LEFTOVER} for the stones left = {total} points",
             "description_ko": f"오벨리스크 {top}점 + 남은 석재 {left} x {D.OBELISK_B_LEFTOVER}점 = {total}점",
             "path": "me.score", "equals": total, "answers": {"asks": "points", "amount": total}}]
        actions = [{"kind": "sail", "ship": 0, "site": "obelisk"}, {"kind": "final_scoring"}]
        title = {"en": f"Obelisks (B): 1 obelisk built on the {top} space, {left} stone(s) still waiting at the game's end",
                 "ko": f"오벨리스크(B): {top}점 칸에 오벨리스크 1개, 게임이 끝날 때 아래에 석재 {left}개"}
        name = f"obelisk-b-built-{top}-left-{left}"
    elif not ends and len(below) == 1 and len(brought) == 1 and not space:
        start, come = below[0].value, brought[0].value
        if start > hold or not 0 < come <= 4:
            return None
        built = (start + come) // tower
        left = (start + come) % tower
        # a ship of the size it brings, full: it may sail with any load at or over the number on its bow
        setup.update({"obelisk": {"black": start}, "ships": [["black"] * come, 3, 2, 2]})
        tops = list(D.OBELISK_B_SPACES[:built])
        expect = [
            {"description": f"{start} waiting + {come} arriving = {start + come}: an obelisk of {tower} each time {tower} wait "
                            f"({built} built, on {', '.join(map(str, tops)) or 'none'})",
             "description_ko": f"아래에 {start}개 + 도착 {come}개 = {start + come}개: {tower}개가 모일 때마다 오벨리스크 "
                               f"({built}개, {', '.join(map(str, tops)) or '없음'}점 칸)",
             "path": "me.towers", "equals": tops},
            {"description": f"left waiting below: {left}", "description_ko": f"아래에 남는 석재: {left}개",
             "path": "me.obelisk", "equals": left, "answers": {"asks": "holding", "amount": left}}]
        actions = [{"kind": "sail", "ship": 0, "site": "obelisk"}]
        title = {"en": f"Obelisks (B): {start} of my stones waiting, a ship brings {come} more",
                 "ko": f"오벨리스크(B): 아래에 내 석재 {start}개, 배로 {come}개 더 도착"}
        name = f"obelisk-b-{start}-plus-{come}"
    else:
        return None
    return QuestionExample({
        "id": f"imhotep/scenario/from-question/{name}", "title": title,
        "rules": ["imhotep/sites-b/obelisks/holding-space", "imhotep/sites-b/obelisks/build", "imhotep/sites-b/obelisks/leftover"],
        "setup": setup, "actions": actions, "expect": expect,
    })


def _split(table, place: int, tied: int) -> int:
    return sum(table[place:place + tied]) // tied


def _obelisks_scored(name: str, title: dict, rules: list[str], players: int, heights: dict,
                     expect: list[dict]) -> QuestionExample:
    """An example of the obelisks (A) scored at the game's end with these heights."""
    return QuestionExample({"id": f"imhotep/scenario/from-question/{name}", "title": title, "rules": rules,
                            "setup": {"players": players, "obelisk": heights},
                            "actions": [{"kind": "final_scoring"}], "expect": expect})


def _obelisk_tie(asked: Asked) -> QuestionExample | None:
    if not asked.has("obelisk") or not re.search(r"\bti(e|ed|es)\b|동점|공동", asked.text, re.IGNORECASE):
        return None
    height = asked.number("stones")
    players = asked.number("players") or 4
    if height is None or height <= 0 or len(_obelisk_heights_asked(asked)[0]) >= 2:
        return None                                   # several heights: _obelisk_heights
    if _SHARED_PLACE.search(asked.text) or _PAIR.search(asked.text) or _TIED_COUNT.search(asked.text):
        return None                                   # who is tied, for which place: _obelisk_shared
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
               "event": "score", "who": "black", "field": "points", "equals": _split(table, 0, 2),
               "answers": {"asks": "points", "of": "black"}},
              {"description": "white scores the same share", "description_ko": "흰색도 같은 점수",
               "event": "score", "who": "white", "field": "points", "equals": _split(table, 0, 2),
               "answers": {"asks": "points", "of": "white"}}]
    if players >= 3 and height > 1:
        heights["brown"] = height - 1
        expect.append({"description": f"brown, alone in 3rd with {height - 1}, scores the 3rd-place {table[2]}",
                       "description_ko": f"{height - 1}층인 갈색은 단독 3등으로 {table[2]}점",
                       "event": "score", "who": "brown", "field": "points", "equals": table[2],
                       "answers": {"asks": "points", "of": "brown"}})
    if players == 4:
        expect.append({"description": "gray, with no stone on the obelisks, scores nothing",
                       "description_ko": "오벨리스크에 석재가 없는 회색은 0점",
                       "path": "gray.score", "equals": 0, "answers": {"asks": "points", "of": "gray"}})
    return _obelisks_scored(f"obelisk-tie-{height}-{players}p",
                            {"en": f"Obelisks (A): a tie at {height} stones with {players} players",
                             "ko": f"오벨리스크(A): {players}명 게임에서 {height}층 동점"},
                            ["imhotep/sites-a/obelisks/ties", "imhotep/sites-a/obelisks/highest-scores-most"],
                            players, heights, expect)


_COLOR_WORDS = {"black": r"\bblack\b|검은색|검정색?|검은", "white": r"\bwhite\b|흰색|하얀색|흰|하양",
                "brown": r"\bbrown\b|갈색", "gray": r"\bgr[ae]y\b|회색"}
_COLOR_KO = {"black": "검은색", "white": "흰색", "brown": "갈색", "gray": "회색"}
# "다른 셋은 다 나보다 높아", "the other three are all taller": a count of the other players, not a height
_OTHERS_BEFORE = re.compile(r"(?:다른|나머지|\bother|\bremaining)\s*$", re.IGNORECASE)
_NOT_A_HEIGHT = re.compile(r"\s*(?:점|points?\b|pts\b|인|명|players?\b|등|(?:st|nd|rd|th)\b|place)", re.IGNORECASE)


def _obelisk_heights_asked(asked: Asked) -> tuple[dict, bool]:
    """The obelisk heights a question gives: by colour where it names colours ("white 5, black 3", "흰색 5층"),
    else in its order (seat order from black). The bool: whether colours named them."""
    text = asked.text
    numbers = list(asked.written)
    players_at = {g.start for g in asked.numbers if g.quantity in ("players", "tied")}
    # a negative number ("no -5 for me") is a penalty, never a height
    heights = [n for n in numbers if n.start not in players_at and n.value >= 0 and not _NOT_A_HEIGHT.match(text[n.end:])
               and not _OTHERS_BEFORE.search(text[max(0, n.start - 12):n.start])]
    spots = sorted((m.start(), m.end(), color) for color, words in _COLOR_WORDS.items()
                   for m in re.finditer(words, text, re.IGNORECASE))
    by_color: dict = {}
    for start, end, color in spots:
        nxt = next((s for s, _, _ in spots if s >= end), len(text))
        n = next((n for n in heights if end <= n.start < min(nxt, end + 16)), None)
        if n is not None and color not in by_color:
            by_color[color] = n.value
        elif n is None and re.match(r"[^,.;]{0,14}(?:nothing|none|no stones?|없)", text[end:nxt]) and color not in by_color:
            by_color[color] = 0
    if len(by_color) >= 2:
        return by_color, True
    return {D.COLORS[i]: n.value for i, n in enumerate(heights[:len(D.COLORS)])}, False


def _nth(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def _ranked_points(heights: dict, table) -> dict:
    """The rulebook's ranking: the highest obelisk scores the 1st place's points, the next the 2nd...; tied
    players add up the places they share and split them, rounding down; no stone there, no points."""
    out = {c: 0 for c in heights}
    standing = sorted((h for h in heights.values() if h > 0), reverse=True)
    for color, h in heights.items():
        if h > 0:
            place, tied = standing.index(h), standing.count(h)
            out[color] = sum(table[place:place + tied]) // tied
    return out


# -- Obelisks (A): a group tied for a place, as the question tells it ("나머지 세 명이 3층으로 공동 2등", "my friend and I
# tie for 3rd", "all four of us have obelisks of height 3"): the points each of the group scores
_SHARED_CUE = re.compile(r"\bti(?:e|ed|es)\b|동점|공동|똑같|같은 높이|\bsame height\b|\ball (?:two|three|four) of us\b|"
                         r"(?:두|세|네) 명 다|(?:둘|셋|넷) 다", re.IGNORECASE)
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "두": 2, "세": 3, "네": 4, "둘": 2, "셋": 3, "넷": 4}
_TIED_COUNT = re.compile(r"\ball (two|three|four) of us\b|\b(two|three|four|[2-4]) of us\b|(?<![가-힣])(두|세|네|둘|셋|넷|[2-4])\s?명|"
                         r"(?<![가-힣])(둘|셋|넷) 다", re.IGNORECASE)
_PAIR = re.compile(r"\bmy friend and i\b|\bi and my friend\b|나(?:랑|와|하고) 친구", re.IGNORECASE)
_SHARED_PLACE = re.compile(r"공동\s?([1-4])\s?등|\bti(?:e|ed|es)? for (?:the )?([1-4])(?:st|nd|rd|th)\b|"
                           r"\bti(?:e|ed|es)? for (?:the )?(first|second|third|tallest|highest)\b", re.IGNORECASE)
_PLACE_WORDS = {"first": 1, "second": 2, "third": 3, "tallest": 1, "highest": 1}
_SHARED_HEIGHT = re.compile(r"([1-9]\d?)\s?층|\bheight (?:of )?([1-9]\d?)\b|\b([1-9]\d?) high\b|\bat (?:height )?([1-9]\d?)\b")


def _obelisk_shared(asked: Asked) -> QuestionExample | None:
    """A group of players tied on the obelisks for a place: each of them scores the points of the places the
    group covers, added and split (rounded down). The players before the group stand alone above it, those after
    it alone below it (any heights that keep the order: they do not change the group's share)."""
    text = asked.text
    if not asked.has("obelisk") or not _SHARED_CUE.search(text) or _obelisk_heights_asked(asked)[1]:
        return None                                   # colours named: _obelisk_heights reads them
    players = asked.number("players")
    count = next((_COUNT_WORDS.get(w.lower()) or int(w) for m in _TIED_COUNT.finditer(text) for w in m.groups() if w),
                 None)
    if _PAIR.search(text):
        count = 2
    place = next((_PLACE_WORDS.get(w.lower()) or int(w) for m in _SHARED_PLACE.finditer(text) for w in m.groups() if w),
                 None)
    if players is None or count is None or count < 2:
        return None
    if place is None:
        if count != players:
            return None                               # who the group follows is not said
        place = 1
    if not 2 <= players <= 4 or place + count - 1 > players:
        return refused(f"{count} players tied for {_nth(place)} place cannot be set up in a {players}-player game; the "
                       "example is not run.",
                       f"{players}명 게임에서는 {count}명이 공동 {place}등일 수 없어 예시를 실행하지 않습니다.")
    given = next((int(w) for m in _SHARED_HEIGHT.finditer(text) for w in m.groups() if w), None)
    height = given or (players - place + 1)           # assumed where not given: any height above those after it
    before, after = place - 1, players - place - count + 1
    most = D.STONES_PER_COLOR - D.SCORE_MARKER
    if height - after < 1 and given is not None:
        return None                                   # the players after the group would have no stone: not said
    if height + before > most:
        return refused(f"A player has only {most} stones besides the score marker, so these obelisks cannot be built; "
                       "the example is not run.",
                       f"플레이어의 석재는 점수 마커를 빼면 {most}개뿐이라 이 오벨리스크들은 쌓을 수 없습니다.")
    colors = list(D.COLORS[:players])
    heights = {}
    for i, color in enumerate(colors):
        if i < before:
            heights[color] = height + before - i      # alone above the group
        elif i < before + count:
            heights[color] = height
        else:
            heights[color] = max(0, height - (i - before - count + 1))
    table = D.OBELISK_POINTS[players]
    shared = table[place - 1:place - 1 + count]
    each = sum(shared) // count
    group = colors[before:before + count]
    points = _ranked_points(heights, table)
    expect = []
    for color in colors:
        p = points[color]
        if color in group:
            en = (f"{color}, one of {count} tied at {heights[color]} for {_nth(place)} place: the points of places "
                  f"{place}-{place + count - 1} shared, ({' + '.join(map(str, shared))}) / {count} = {each} (rounded down)")
            ko = (f"{_COLOR_KO[color]}: {count}명이 {heights[color]}층으로 공동 {place}등: {place}~{place + count - 1}등 점수를 "
                  f"합쳐 나눔, ({' + '.join(map(str, shared))}) ÷ {count} = {each}점 (소수점 아래 버림)")
        else:
            at = sorted((h for h in heights.values() if h > 0), reverse=True)
            en = (f"{color}, alone in {_nth(at.index(heights[color]) + 1)} place at {heights[color]}: {p}" if heights[color]
                  else f"{color}, with no stone on the obelisks, scores nothing")
            ko = (f"{_COLOR_KO[color]}: {heights[color]}층으로 단독 {at.index(heights[color]) + 1}등: {p}점" if heights[color]
                  else f"{_COLOR_KO[color]}: 오벨리스크에 석재가 없어 0점")
        check = {"description": en, "description_ko": ko, "path": f"{color}.score", "equals": p}
        if color == group[0]:
            check["answers"] = {"asks": "points_each"}
        expect.append(check)
    lead_en = "".join(f"one {_nth(k + 1)}, " for k in range(before))
    lead_ko = "".join(f"{k + 1}등 1명, " for k in range(before))
    return _obelisks_scored(f"obelisk-shared-{count}-for-{place}-{players}p",
                            {"en": f"Obelisks (A), {players} players: {lead_en}{count} tied for {_nth(place)} at height "
                                   f"{height}",
                             "ko": f"오벨리스크(A), {players}명 게임: {lead_ko}{count}명이 {height}층으로 공동 {place}등"},
                            ["imhotep/sites-a/obelisks/ties", "imhotep/sites-a/obelisks/highest-scores-most"],
                            players, heights, expect)


def _obelisk_heights(asked: Asked) -> QuestionExample | None:
    """Obelisks (A) at the game's end with each player's height the question gives."""
    if not asked.has("obelisk"):
        return None
    heights, named = _obelisk_heights_asked(asked)
    if len(heights) < 2 or not any(heights.values()):
        return None                                   # one height: _obelisk_tie
    if not named and asked.number("tied") is not None:
        return None                                   # "two of us tie": a group told by its size, not heights in seat order
    if not named and _SHARED_CUE.search(asked.text) and _SHARED_PLACE.search(asked.text):
        return None                                   # a group tied for a place, as told: _obelisk_shared
    players = asked.number("players") or max(len(heights), 2)
    if not 2 <= players <= 4:
        return refused(f"Imhotep is played by 2-4 players, not {players}; the example is not run.",
                      f"임호텝은 2~4명이 하는 게임이라 {players}명으로는 예시를 실행하지 않습니다.")
    if len(heights) > players:
        return refused(f"{len(heights)} obelisk heights were given for a {players}-player game: each player has one "
                       f"obelisk; the example is not run.",
                       f"{players}명 게임인데 오벨리스크 높이가 {len(heights)}개입니다. 플레이어마다 오벨리스크는 하나입니다. "
                       f"예시를 실행하지 않습니다.")
    most = D.STONES_PER_COLOR - D.SCORE_MARKER
    if any(h > most for h in heights.values()):
        high = max(heights.values())
        return refused(f"A player has only {most} stones besides the score marker, so an obelisk of {high} cannot be "
                       f"built; the example is not run.",
                       f"플레이어의 석재는 점수 마커를 빼면 {most}개뿐이라 {high}층 오벨리스크는 쌓을 수 없습니다.")
    in_play = D.COLORS[:players]
    if any(c not in in_play for c in heights):        # "gray" in a 2-player game: the heights in seat order
        heights = dict(zip(in_play, heights.values()))
    heights = {c: heights.get(c, 0) for c in in_play}
    table = D.OBELISK_POINTS[players]
    points = _ranked_points(heights, table)
    standing = sorted((h for h in heights.values() if h > 0), reverse=True)
    expect = []
    for color in in_play:
        h, p = heights[color], points[color]
        ko = _COLOR_KO[color]
        if h == 0:
            en_why, ko_why = "with no stone on the obelisks, scores nothing", "오벨리스크에 석재가 없어 0점"
        else:
            place, tied = standing.index(h) + 1, standing.count(h)
            shared = table[place - 1:place - 1 + tied]
            if tied == 1:
                en_why = f"alone in {_nth(place)} place at {h}: {p}"
                ko_why = f"{h}층으로 단독 {place}등: {p}점"
            else:
                others = [c for c in in_play if c != color and heights[c] == h]
                en_why = (f"tied with {' and '.join(others)} at {h} for {_nth(place)} place: the points of places "
                          f"{place}-{place + tied - 1} shared, ({' + '.join(map(str, shared))}) / {tied} = {p} (rounded down)")
                ko_why = (f"{'·'.join(_COLOR_KO[c] for c in others)}과 {h}층으로 공동 {place}등: {place}~{place + tied - 1}등 "
                          f"점수를 합쳐 나눔, ({' + '.join(map(str, shared))}) ÷ {tied} = {p}점 (소수점 아래 버림)")
        expect.append({"description": f"{color}, {en_why}", "description_ko": f"{ko}: {ko_why}",
                       "path": f"{color}.score", "equals": p, "answers": {"asks": "points", "of": color}})
    ties = any(standing.count(h) > 1 for h in standing)
    rules = ["imhotep/sites-a/obelisks/highest-scores-most"]
    if ties:
        rules.append("imhotep/sites-a/obelisks/ties")
    if 0 in heights.values():
        rules.append("imhotep/sites-a/obelisks/at-least-one-stone")
    listed = ", ".join(f"{c} {h}" for c, h in heights.items())
    listed_ko = ", ".join(f"{_COLOR_KO[c]} {h}층" for c, h in heights.items())
    return _obelisks_scored(f"obelisk-heights-{'-'.join(str(h) for h in heights.values())}-{players}p",
                            {"en": f"Obelisks (A) at the end of a {players}-player game: {listed}",
                             "ko": f"{players}명 게임 종료 시 오벨리스크(A): {listed_ko}"}, rules, players, heights, expect)


def _ship_load(asked: Asked) -> int | None:
    """The stones on the ship: the first stone count that is not "none of mine" ("내 석재가 하나도 없는",
    "none of my stones"), else the ship's size less the empty spaces the question gives."""
    for given in asked.numbers:
        if given.quantity != "stones":
            continue
        around = asked.text[max(0, given.start - 12):given.start + len(given.text) + 6]
        if re.search(r"하나도|한 개도|\bnone\b|\bno\b", around, re.IGNORECASE):
            continue
        return given.value
    return None


def _ship_minimum(asked: Asked) -> QuestionExample | None:
    if "load" in vocabulary().asked_for(asked.text):
        return None         # loading one more stone, not sailing: _ship_load_one
    size = asked.number("ship")
    load = _ship_load(asked)
    if size is None:
        return None
    if size not in D.MINIMUM_LOAD:
        return refused(f"Imhotep's ships have 1 to 4 spaces; there is no {size}-space ship, so the example is not run.",
                      f"임호텝의 배는 1~4칸이라 {size}칸짜리 배는 없습니다. 예시를 실행하지 않습니다.")
    empty = asked.number("empty")
    if load is None and empty is not None and 0 <= empty <= size:
        load = size - empty
    if load is None:
        return None
    if not 0 <= load <= size:
        return refused(f"A {size}-space ship holds at most {size} stones, not {load}; the example is not run.",
                      f"{size}칸짜리 배에는 석재를 최대 {size}개까지만 실을 수 있어 {load}개는 불가능합니다.")
    least = D.MINIMUM_LOAD[size]
    bow = asked.number("bow")
    if bow is not None and bow != least:
        return refused(f"A {size}-space ship shows {least} on its bow (the least it must carry to sail), not {bow}; "
                       f"the example is not run.",
                       f"{size}칸짜리 배의 뱃머리에 그려진 최소 석재 수(출발에 필요한 개수)는 {least}개입니다({bow}개가 아님). "
                       f"예시를 실행하지 않습니다.")
    stones = ["white"] * load + [None] * (size - load)
    spec = {
        "id": f"imhotep/scenario/from-question/ship-{size}-with-{load}",
        "title": {"en": f"Sailing a {size}-space ship with {load} stone(s) (bow: {least})",
                  "ko": f"석재 {load}개를 실은 {size}칸짜리 배 옮기기 (뱃머리 숫자 {least})"},
        "rules": ["imhotep/turn/sail-ship/minimum-load", "imhotep/turn/sail-ship/no-own-stones-needed"],
        "setup": {"players": 2, "me": "black",
                  "ships": [stones, 4, 3, 2] if size != 4 else [stones, 3, 2, 2]},
        "actions": [{"kind": "sail", "ship": 0, "site": "obelisk"}],
    }
    empties = size - load
    if load >= least:
        spec["expect"] = [
            {"description": f"{load} stone(s) with {empties} space(s) empty reach the {least} on the bow: black sails "
                            f"the ship to the obelisks, though none of its stones is black's",
             "description_ko": f"빈칸 {empties}개, 석재 {load}개로 뱃머리에 그려진 최소 {least}개를 채워 검은색이 배를 "
                               f"오벨리스크로 옮김 (검은색 석재가 하나도 없어도 됨)",
             "path": "ships.0.site", "equals": "obelisk", "answers": {"asks": "sail", "verdict": "yes"}},
            {"description": f"the {load} white stone(s) are unloaded onto white's obelisk",
             "description_ko": f"흰색 석재 {load}개가 흰색 오벨리스크에 쌓임",
             "path": "white.obelisk", "equals": load},
            {"description": "black, who sailed it, puts no stone there", "description_ko": "배를 옮긴 검은색의 석재는 놓이지 않음",
             "path": "black.obelisk", "equals": 0}]
    else:
        spec["expect"] = [{"description": f"{load} stone(s) are fewer than the {least} on the bow of a {size}-space ship: "
                                          f"it cannot sail",
                           "description_ko": f"석재 {load}개는 {size}칸짜리 배의 뱃머리에 그려진 최소 {least}개보다 적어 옮길 수 없음",
                           "raises": "imhotep/turn/sail-ship/minimum-load", "answers": {"asks": "sail", "verdict": "no"}}]
    return QuestionExample(spec)


# the stones a ship carries now ("벌써 2개 실려서", "already has 2 on it", "is full"), not the number on its bow ("앞쪽에
# 석재 2개 그려져", "needs 2 stones to sail")
_CARRIES = re.compile(r"실려|실린|실었|찼|\bloaded\b|\bon it\b|\bhas\b|\bcarr(?:ies|ying)\b|\bholds\b", re.IGNORECASE)
_BOW_WORDS = re.compile(r"그려|앞쪽|뱃머리|\bneeds?\b|\bbow\b|\bminimum\b|\bto sail\b", re.IGNORECASE)
_FULL = re.compile(r"꽉\s?(?:찼|차)|가득|\b(?:completely |already )?full\b", re.IGNORECASE)
_OTHER_SITE = re.compile(r"피라미드|신전|묘실|오벨리스크|시장|\bpyramid|\btemple|\bburial|\bobelisk|\bmarket", re.IGNORECASE)


def _ship_stones_now(asked: Asked, size: int) -> int | None:
    size_at = {g.start for g in asked.numbers if g.quantity == "ship"}
    for n in asked.written:
        if n.start in size_at:
            continue
        near = asked.text[max(0, n.start - 10):n.start + len(n.text) + 6]
        if _CARRIES.search(clause(asked.text, n.start)) and not _BOW_WORDS.search(near):
            return n.value
    return size if _FULL.search(asked.text) else None


def _ship_load_one(asked: Asked) -> QuestionExample | None:
    """One more stone onto a ship that has not sailed: any empty space takes it, even once the ship could sail;
    a full ship takes none."""
    size = asked.number("ship")
    if size is None or _OTHER_SITE.search(asked.text) or size not in D.MINIMUM_LOAD \
            or "load" not in vocabulary().asked_for(asked.text):
        return None
    k = _ship_stones_now(asked, size)
    if k is None or not 0 <= k <= size:
        return None
    least = D.MINIMUM_LOAD[size]
    spec = {
        "id": f"imhotep/scenario/from-question/load-onto-{size}-with-{k}",
        "title": {"en": f"Placing 1 more stone on a {size}-space ship that carries {k} (bow: {least})",
                  "ko": f"석재 {k}개가 실린 {size}칸짜리 배에 석재 1개 더 싣기 (뱃머리 숫자 {least})"},
        "rules": ["imhotep/turn/place-stone/load", "imhotep/turn/place-stone/which-space"],
        "setup": {"players": 2, "me": "black", "black": {"sled": 3},
                  "ships": [["white"] * k + [None] * (size - k), *([3, 2, 2] if size == 4 else [4, 3, 2])]},
        "actions": [{"kind": "place", "ship": 0, "slot": min(k, size - 1)}],
    }
    if k < size:
        could = (f", though with {k} it could already sail (bow {least})" if k >= least else "")
        could_ko = (f" (석재 {k}개로 이미 출발할 수 있어도)" if k >= least else "")
        spec["expect"] = [{"description": f"an empty space is left: the stone goes on it{could}; the ship carries {k + 1}",
                           "description_ko": f"빈칸이 남아 있어 석재를 실음{could_ko}: 배에 석재 {k + 1}개",
                           "path": "ships.0.load", "equals": k + 1, "answers": {"asks": "load", "verdict": "yes"}}]
    else:
        spec["expect"] = [{"description": f"all {size} spaces are taken: only an empty space takes a stone",
                           "description_ko": f"{size}칸이 모두 차 있음: 석재는 빈칸에만 실을 수 있음",
                           "raises": "imhotep/turn/place-stone/which-space", "answers": {"asks": "load", "verdict": "no"}}]
    return QuestionExample(spec)


def _burial_group(asked: Asked) -> QuestionExample | None:
    if not asked.has("burial") or not re.search(r"group|connect|덩어리|이어", asked.text, re.IGNORECASE):
        return None
    if len(_burial_sizes(asked.text, asked.written)) >= 2:
        return None                                   # several groups: _burial_groups
    n = asked.number("group")
    if n is None:
        n = asked.number("stones")
    if n is None or n <= 0:
        return None
    most = D.STONES_PER_COLOR - D.SCORE_MARKER
    if n > most:
        return refused(f"A colour has only {most} stones in play, so a group of {n} cannot exist; the example is not run.",
                      f"한 색깔의 석재는 {most}개뿐이라 {n}개짜리 덩어리는 만들 수 없습니다.")
    points = _group_points(n)
    stones = ["gray"] * n
    return QuestionExample({
        "id": f"imhotep/scenario/from-question/burial-group-{n}",
        "title": {"en": f"Burial chamber (A): a group of {n}", "ko": f"묘실(A): {n}개짜리 덩어리"},
        "rules": ["imhotep/sites-a/burial-chamber/scoring-groups", "imhotep/sites-a/burial-chamber/over-five"],
        "setup": {"players": 4, "me": "gray", "burial": [stones[i:i + 3] for i in range(0, n, 3)]},
        "actions": [{"kind": "final_scoring"}],
        "expect": [{"description": f"one connected group of {n} scores {points}",
                    "description_ko": f"이어진 {n}개짜리 덩어리 하나는 {points}점",
                    "event": "score", "who": "me", "field": "points", "equals": points, "answers": {"asks": "points"}}],
    })


_SINGLE = re.compile(r"\bsingles?\b|\bseparate\b|\blone\b|\bisolated\b|\bapart\b|\bunconnected\b|\bon (?:its|their) own\b|"
                     r"따로|떨어진|떨어져|낱개|외톨이|혼자", re.IGNORECASE)
# "one group", "한 덩어리로": a count of groups, no size ("3개짜리 덩어리" is one: its number is followed by 개)
_GROUP_COUNT_AFTER = re.compile(r"\s*(?:connected\s+|separate\s+|more\s+)?groups?\b|\s*덩어리", re.IGNORECASE)
_GROUP_COUNT_BEFORE = re.compile(r"(?:덩어리[가이는를도]?|짜리)\s*$")
_NOT_A_GROUP = re.compile(r"\s*(?:점|points?\b|pts\b|인|명|players?\b|등|(?:st|nd|rd|th)\b|열|줄|columns?\b|rows?\b)",
                          re.IGNORECASE)
_CUT = re.compile(r",|\.|;|\band\b|\bplus\b|[와과랑]\s|하고|그리고|\?", re.IGNORECASE)


def _burial_sizes(text: str, written=None) -> list[int]:
    """The sizes of the groups a burial-chamber question names, in its order: "a group of 4 plus 2
    separate single stones" -> [4, 1, 1]; "3개짜리 덩어리 2개와 1개짜리 하나" -> [3, 3, 1]; "two groups of 3"
    -> [3, 3]. Points the asker quotes and the player count are not groups. `written`: the text's numbers where
    the question was read already (Asked.written)."""
    numbers = [n for n in (read_numbers(text) if written is None else written) if n.text.lower() != "single"]
    sizes: list[int] = []
    pending = 1
    for i, n in enumerate(numbers):
        lo = numbers[i - 1].end if i else 0
        hi = numbers[i + 1].start if i + 1 < len(numbers) else len(text)
        after, before = text[n.end:hi], text[lo:n.start][-16:]
        if _NOT_A_GROUP.match(after) or n.value <= 0:
            continue
        if _GROUP_COUNT_BEFORE.search(before) and sizes:         # "3개짜리 덩어리 2개": 2 groups of 3
            sizes += [sizes[-1]] * (n.value - 1)
            continue
        if re.match(r"\s*(?:(?:connected|separate|more)\s+)?(?:groups?\s+)?of\b", after, re.IGNORECASE):
            pending = n.value                                     # "two groups of 3", "one of 2"
            continue
        if _GROUP_COUNT_AFTER.match(after):                       # "one group, ...": a count, no size
            continue
        cut = _CUT.search(after)
        if _SINGLE.search(after[:cut.start()] if cut else after) or _SINGLE.search(before):
            sizes += [1] * n.value                                # "2 separate single stones", "따로 떨어진 석재 2개"
        else:
            sizes += [n.value] * pending
        pending = 1
    for m in re.finditer(r"\b(?:a|another)\s+(?:single|lone|separate|isolated)\s+(?:stone|block)", text, re.IGNORECASE):
        sizes.append(1)                                           # "a lone stone"
    return sizes


def _burial_groups(asked: Asked) -> QuestionExample | None:
    """Several groups of one colour in the burial chamber (A): each scores on its own, and they add up."""
    if not asked.has("burial") or not re.search(r"group|connect|single|separate|lone|덩어리|이어|따로|떨어", asked.text,
                                                re.IGNORECASE):
        return None
    sizes = _burial_sizes(asked.text, asked.written)
    if len(sizes) < 2:
        return None                                   # one group: _burial_group
    most = D.STONES_PER_COLOR - D.SCORE_MARKER
    if sum(sizes) > most:
        return refused(f"A colour has only {most} stones in play, so groups of {', '.join(map(str, sizes))} "
                       f"({sum(sizes)} stones) cannot all be in the burial chamber; the example is not run.",
                       f"한 색깔의 석재는 {most}개뿐이라 {', '.join(map(str, sizes))}개짜리 덩어리(모두 {sum(sizes)}개)를 "
                       f"다 만들 수는 없습니다. 예시를 실행하지 않습니다.")
    rows = D.BURIAL_ROWS
    spots = sorted((m.start(), color) for color, words in _COLOR_WORDS.items()
                   for m in re.finditer(words, asked.text, re.IGNORECASE))
    owner = spots[0][1] if spots else "gray"          # "brown has a group of 3 and...": brown's groups
    fillers = tuple(c for c in ("white", "brown", "black", "gray") if c != owner)[:3]
    columns: list[list[str]] = []
    for k, size in enumerate(sizes):
        if k:                                         # a column of another colour keeps the groups apart
            columns.append([fillers[len(columns) % 3]] * rows)
        cells = [owner] * size
        cells += [fillers[(len(columns) + (len(cells) - 1) // rows) % 3]] * (-len(cells) % rows)
        columns += [cells[i:i + rows] for i in range(0, len(cells), rows)]
    used = [c for column in columns for c in column]
    if any(used.count(c) > most for c in fillers):
        return None
    points = [_group_points(n) for n in sizes]
    total = sum(points)
    listed_en = ", ".join(f"a group of {n}: {p}" for n, p in zip(sizes, points))
    listed_ko = ", ".join(f"{n}개짜리 덩어리 {p}점" for n, p in zip(sizes, points))
    named = ", ".join(map(str, sizes))
    return QuestionExample({
        "id": f"imhotep/scenario/from-question/burial-groups-{'-'.join(map(str, sizes))}",
        "title": {"en": f"Burial chamber (A): separate groups of {named}", "ko": f"묘실(A): 따로 떨어진 {named}개짜리 덩어리"},
        "rules": ["imhotep/sites-a/burial-chamber/multiple-groups", "imhotep/sites-a/burial-chamber/scoring-groups",
                  "imhotep/sites-a/burial-chamber/over-five"],
        "setup": {"players": 4, "me": owner, "burial": columns},
        "actions": [{"kind": "final_scoring"}],
        "expect": [{"description": f"{owner}'s stones form {len(sizes)} separate groups, each scored on its own "
                                   f"({listed_en}): {' + '.join(map(str, points))} = {total} in all",
                    "description_ko": f"{_COLOR_KO[owner]} 석재는 따로 떨어진 덩어리 {len(sizes)}개, 덩어리마다 따로 점수 "
                                      f"({listed_ko}): 모두 {' + '.join(map(str, points))} = {total}점",
                    "path": f"{owner}.score", "equals": total, "answers": {"asks": "points"}}],
    })


def _capacity(text: str, given) -> bool:
    """A number that states the sled's limit ("max 5", "최대 5개", "up to 5", "5개까지만") rather than what it
    holds."""
    before = text[max(0, given.start - 12):given.start]
    after = text[given.start + len(given.text):given.start + len(given.text) + 6]
    return (bool(re.search(r"(?:\bmax(?:imum)?|\bat most|\bup to|\blimit|\bcapacity|최대|한도|제한)"
                           r"[\s.:=]*(?:is\s+|of\s+|은\s*|는\s*)?$", before, re.IGNORECASE))
            or bool(re.match(r"\s*개?\s*까지", after)))


_QUARRY_STOCK = re.compile(r"돌무더기|\b(?:in|from|of) (?:the|my) quarry\b|\b(?:the|my) quarry (?:is|has|holds|had)\b",
                           re.IGNORECASE)
_QUARRY_EMPTY = re.compile(r"돌무더기(?:에|가|는|도)?\s?(?:내\s?(?:색깔?\s?)?(?:석재|돌)(?:이|가|는)?\s?)?(?:텅\s?)?"
                           r"(?:비었|비어|하나도\s?없|다\s?떨어|없어|없는|없고|없는데)|"
                           r"\b(?:the|my) quarry (?:is|was) (?:empty|out)\b|\bno (?:\w+ )?stones? (?:\w+ ){0,4}(?:left )?in the quarry\b|"
                           r"\b(?:ran|run) out in the quarry\b", re.IGNORECASE)
_SLED_EMPTY = re.compile(r"(?:개인)?창고(?:는|가|도)?\s?(?:텅\s?)?(?:비었|비어|비워|빈)|빈\s?(?:개인)?창고|"
                         r"\bsled is empty\b|\bempty sled\b|\bnothing on my sled\b", re.IGNORECASE)


# the asker's place in turn order ("나는 세 번째 순서", "I'm third in turn order", "내가 시작 플레이어"), which sets the
# stones the sled starts with; only on the first turn is that still what it holds
_SEAT = re.compile(r"(첫|두|세|네)\s?번째\s?(?:순서|차례\s?순서|플레이어)|(시작\s?플레이어)|"
                   r"\bI(?:'m| am) (?:the )?(first|second|third|fourth|start(?:ing)? player)\b"
                   r"(?! (?:turn|round|ship|stone|space))", re.IGNORECASE)
_SEAT_WORD = {"첫": 1, "두": 2, "세": 3, "네": 4, "first": 1, "second": 2, "third": 3, "fourth": 4}
_FIRST_TURN = re.compile(r"첫\s?(?:번째\s?)?(?:차례|턴)|\bfirst turn\b", re.IGNORECASE)
_LOADED = re.compile(r"실었|실어|\bloaded\b|\b(?:onto|on to|on) (?:a|the|one of the) ships?\b", re.IGNORECASE)


def _starting_sled(asked: Asked) -> tuple[int, int, int | None] | None:
    """(seat, stones on the sled, stones loaded since) where the question places the asker in turn order on the
    first turn ("4인 게임이고 나는 네 번째 순서야. 첫 차례에…"): the sled starts with the seat's stones, less those
    a first-turn clause loads onto a ship ("첫 차례에 창고에서 배에 석재 하나 실었어")."""
    found = _SEAT.search(asked.text)
    if found is None or not _FIRST_TURN.search(asked.text):
        return None
    word = next(g for g in found.groups() if g)
    seat = 1 if "시작" in word or "start" in word.lower() else _SEAT_WORD[word.lower()]
    players = asked.number("players")
    if players is not None and seat > players:
        return None
    loaded = None
    for n in asked.written:
        if found.start() <= n.start < found.end() or (asked.number("players") is not None and n.value == players
                                                      and n.start < found.start()):
            continue
        if _LOADED.search(clause(asked.text, n.start)):
            if loaded is not None:
                return None     # two loads: another case than the first turn's one
            loaded = n.value
    start = D.STARTING_SLED[seat - 1]
    if loaded is not None and not 0 < loaded <= start:
        return None
    return seat, start - (loaded or 0), loaded


def _sled(asked: Asked) -> QuestionExample | None:
    seated = _starting_sled(asked)
    if seated is not None:
        return _sled_from_seat(asked, *seated)
    # stones left in the quarry ("돌무더기에 내 색깔 석재가 딱 2개 남았고", "only 2 of my stones left in the quarry"):
    # what can be taken from, not what the sled holds
    stock = [g for g in asked.numbers if _QUARRY_STOCK.search(clause(asked.text, g.start))]
    quarry = stock[0].value if stock else None
    if quarry is None and _QUARRY_EMPTY.search(asked.text):
        quarry = 0
    elif quarry is None and _QUARRY_STOCK.search(asked.text):
        return None         # the quarry's stock is spoken of without its number: the case is not known
    if quarry is not None and re.search(r"시장|\bmarket\b|돌아|\bback\b|\breturn", asked.text, re.IGNORECASE):
        return None         # stones coming back to the quarry (the market's): its stock changes before the action
    held = [g for g in asked.numbers if g.quantity in ("sled", "stones") and not _capacity(asked.text, g)
            and g not in stock]
    n = next((g.value for g in held if g.quantity == "sled"), None)
    if n is None and _SLED_EMPTY.search(asked.text):
        n = 0
    if n is None and "sled" in asked.words:        # "창고에 돌이 4개": the stones are on the sled
        n = next((g.value for g in held if g.quantity == "stones"), None)
    if n is None and "sled" in asked.words:        # "개인창고는 5개까지인데 지금 3개": a number of its own
        taken = {g.start for g in asked.numbers if g.quantity not in (None, "sled", "stones") or g in stock}
        n = next((m.value for m in asked.written
                  if m.start not in taken and not _capacity(asked.text, m)), None)
    if n is None or n < 0:
        return None
    if n > D.SLED_CAPACITY:
        return refused(f"A supply sled holds at most {D.SLED_CAPACITY} stones, so {n} cannot be on it; the example is not run.",
                      f"개인창고에는 석재를 {D.SLED_CAPACITY}개까지만 둘 수 있어 {n}개는 불가능합니다.")
    if quarry is not None and not 0 <= quarry <= D.STONES_PER_COLOR:
        return None
    spec = {
        "id": f"imhotep/scenario/from-question/sled-{n}" + (f"-quarry-{quarry}" if quarry is not None else ""),
        "title": {"en": f"Getting new stones with {n} on the sled", "ko": f"개인창고에 석재 {n}개가 있을 때 석재 캐내기"},
        "rules": ["imhotep/turn/get-stones/sled-limit", "imhotep/turn/get-stones/take-three"],
        "setup": {"players": 2, "me": "black", "black": {"sled": n}},
        "actions": [{"kind": "stones"}],
    }
    if quarry is not None:
        # the action's own 3 in the title: a question that weighs the stock against it ("3개는 못 가져오는데") is shown
        spec["title"] = {"en": f"Getting new stones ({D.QUARRY_TAKE} per action) with {n} on the sled and {quarry} of my "
                               f"colour in the quarry",
                         "ko": f"개인창고에 석재 {n}개, 돌무더기에 내 색 석재 {quarry}개일 때 석재 캐내기 (한 번에 {D.QUARRY_TAKE}개)"}
        spec["rules"] = ["imhotep/turn/get-stones/take-three", "imhotep/turn/get-stones/not-allowed",
                         "imhotep/turn/get-stones/sled-limit"]
        spec["setup"]["black"]["quarry"] = quarry
        if quarry == 0 or n == D.SLED_CAPACITY:
            why = ("the quarry has no stones of black's colour" if quarry == 0 else "a full sled cannot take stones")
            why_ko = ("돌무더기에 검은색 석재가 없음" if quarry == 0 else "꽉 찬 개인창고는 석재를 캐낼 수 없음")
            spec["expect"] = [{"description": f"{why}: the action cannot be taken", "description_ko": f"{why_ko}: 석재 캐내기 불가",
                               "raises": "imhotep/turn/get-stones/not-allowed",
                               "answers": {"asks": "quarry", "verdict": "no"}}]
            return QuestionExample(spec)
        took = min(D.QUARRY_TAKE, D.SLED_CAPACITY - n, quarry)
        spec["expect"] = [{"description": f"{took} stone(s) taken: {D.QUARRY_TAKE} per action, at most {D.SLED_CAPACITY} on the "
                                          f"sled, and only {quarry} left in the quarry: the sled holds {n + took}",
                           "description_ko": f"석재 {took}개를 가져옴 (한 번에 {D.QUARRY_TAKE}개, 개인창고는 최대 "
                                             f"{D.SLED_CAPACITY}개, 돌무더기에 {quarry}개뿐): 개인창고에 {n + took}개",
                           "path": "me.sled", "equals": n + took,
                           "answers": [{"asks": "stones_taken", "amount": took}, {"asks": "quarry", "verdict": "yes"},
                                       {"asks": "sled_after", "amount": n + took}]},
                          {"description": f"the quarry keeps {quarry - took} of black's stones",
                           "description_ko": f"돌무더기에 검은색 석재 {quarry - took}개가 남음",
                           "path": "me.quarry", "equals": quarry - took}]
        return QuestionExample(spec)
    spec["expect"] = _quarry_checks(n)
    return QuestionExample(spec)


def _quarry_checks(n: int, full: tuple[str, str] = ("a full sled cannot take stones", "꽉 찬 개인창고는 석재를 캐낼 수 없음"),
                   held: tuple[str, str] = ("", "")) -> list[dict]:
    """Get New Stones from a sled of n with the quarry's stock not in question: refused on a full sled (`full`, its
    words by language), else what is taken and held (`held`: words that say what the sled held, by language)."""
    if n == D.SLED_CAPACITY:
        return [{"description": full[0], "description_ko": full[1], "raises": "imhotep/turn/get-stones/not-allowed",
                 "answers": {"asks": "quarry", "verdict": "no"}}]
    took = min(D.QUARRY_TAKE, D.SLED_CAPACITY - n)
    return [{"description": f"{took} stone(s) taken ({D.QUARRY_TAKE} per action, at most {D.SLED_CAPACITY} on the sled"
                            f"{held[0]}): the sled holds {n + took}",
             "description_ko": f"석재 {took}개를 가져와 (한 번에 {D.QUARRY_TAKE}개, 개인창고는 최대 {D.SLED_CAPACITY}개{held[1]}) "
                               f"개인창고에 {n + took}개",
             "path": "me.sled", "equals": n + took,
             "answers": [{"asks": "stones_taken", "amount": took}, {"asks": "quarry", "verdict": "yes"},
                         {"asks": "sled_after", "amount": n + took}]}]


def _sled_from_seat(asked: Asked, seat: int, n: int, loaded: int | None) -> QuestionExample | None:
    players = asked.number("players") or max(2, seat)
    if players not in D.ROUND_CARDS:        # the player counts the game has round cards for
        return None
    start = D.STARTING_SLED[seat - 1]
    colour = D.COLORS[seat - 1]
    nth_ko = {1: "첫", 2: "두", 3: "세", 4: "네"}[seat]
    loaded_en = f", {loaded} loaded onto a ship on the first turn" if loaded else ""
    loaded_ko = f", 첫 차례에 배에 {loaded}개를 실음" if loaded else ""
    spec = {
        "id": f"imhotep/scenario/from-question/sled-seat-{seat}-of-{players}" + (f"-loaded-{loaded}" if loaded else ""),
        "title": {"en": f"Getting new stones as the {_nth(seat)} player in turn order ({players} players): {start} stones "
                        f"on the sled at the start{loaded_en}" + (f", so {n} now" if loaded else ""),
                  "ko": f"{players}인 게임의 {nth_ko} 번째 플레이어가 석재 캐내기: 시작할 때 개인창고에 석재 {start}개{loaded_ko}"
                        + (f", 지금 {n}개" if loaded else "")},
        "rules": ["imhotep/turn/get-stones/sled-limit", "imhotep/turn/get-stones/take-three", "imhotep/setup/start-player",
                  "imhotep/turn/get-stones/not-allowed"],
        "setup": {"players": players, "me": colour, colour: {"sled": n}},
        "actions": [{"kind": "stones"}],
    }
    spec["expect"] = _quarry_checks(
        n, full=(f"the {_nth(seat)} player starts with {start} stones, a full sled: it cannot take stones",
                 f"{nth_ko} 번째 플레이어는 석재 {start}개로 시작해 개인창고가 꽉 참: 석재 캐내기 불가"),
        held=(f", which holds {n}", f", 지금 {n}개"))
    return QuestionExample(spec)


def _hammer(asked: Asked) -> QuestionExample | None:
    """The Hammer from a sled the question tells: 3 stones from the quarry (never past the sled's 5), then 1 loaded
    onto a ship."""
    if not asked.has("hammer") or _QUARRY_STOCK.search(asked.text):
        return None
    n = next((g.value for g in asked.numbers if g.quantity == "sled" and not _capacity(asked.text, g)), None)
    if n is None and _SLED_EMPTY.search(asked.text):
        n = 0
    if n is None or not 0 <= n <= D.SLED_CAPACITY:
        return None
    took = min(D.QUARRY_TAKE, D.SLED_CAPACITY - n)
    after = n + took - 1
    return QuestionExample({
        "id": f"imhotep/scenario/from-question/hammer-sled-{n}",
        "title": {"en": f"The Hammer with {n} stone(s) on the sled", "ko": f"개인창고에 석재 {n}개일 때 망치 카드"},
        "rules": ["imhotep/hammer"],
        "setup": {"players": 2, "me": "black", "black": {"sled": n, "cards": {"hammer": 1}}},
        "actions": [{"kind": "hammer", "ship": 0, "slot": 0}],
        "expect": [
            {"description": f"{n} + {took} taken from the quarry (3, never past the sled's {D.SLED_CAPACITY}) - 1 loaded onto "
                            f"a ship = {after} on the sled",
             "description_ko": f"{n} + 돌무더기에서 {took}개 (3개, 개인창고 {D.SLED_CAPACITY}개를 넘지 않게) - 배에 1개 = 개인창고 {after}개",
             "path": "me.sled", "equals": after,
             "answers": [{"asks": "sled_after", "amount": after}, {"asks": "stones_taken", "amount": took}]},
            {"description": "the loaded stone is on the ship", "description_ko": "실은 석재는 배 위에", "path": "ships.0.load",
             "equals": 1}],
    })


# the ship's stones are the asker's own ("내 돌만 3개", "carrying only my 2 stones", "all mine"); another player's
# stone on it ("친구 석재", "a white stone", "mixed") makes another case
_MINE = re.compile(r"내\s?(?:돌|석재)|내\s?거|내\s?것|\bmy (?:own )?(?:\d |two |three |four )?stones?\b|\ball mine\b|"
                   r"\bonly mine\b|\bmine\b", re.IGNORECASE)
_NOT_MINE = re.compile(r"친구|상대|다른\s?(?:사람|플레이어)|\bfriend|\bopponent|\bother player|\bsomeone|\bmixed\b|"
                       r"섞|검은|흰|하얀|갈색|회색|\bblack\b|\bwhite\b|\bbrown\b|\bgr[ae]y\b", re.IGNORECASE)
_ON_SHIP = re.compile(r"배|\bship\b|\bboat\b|carrying|실린|실은|싣", re.IGNORECASE)
_ARRIVES = re.compile(r"도착|들어[가오왔갔]|옮겼|옮기|보냈|\barriv|\bsail|\bdock|\breach", re.IGNORECASE)
_EMPTY_SITE = re.compile(r"비어\s?있는|빈\s?피라미드|텅\s?빈|아무것도 없는|\bempty pyramid|\bpyramid is empty|\bnothing on the pyramid",
                         re.IGNORECASE)


def _pyramid_stones(asked: Asked) -> tuple[int | None, int | None]:
    """The stones the arriving ship carries and those already on the Pyramids (A): a stone count written by the
    ship's words ("내 돌만 3개 실린 배", "a ship carrying only my 2 stones") is the load, another ("석재가 하나 있어",
    "has just one stone") the pyramid's; an empty pyramid holds none."""
    load = there = None
    for given in asked.numbers:
        end = given.start + len(given.text)
        if given.quantity not in ("stones", "ship") or re.match(r"\s?(?:-?space|칸)", asked.text[end:]):
            continue        # a ship's size ("a 4-space ship", "4칸짜리 배") is no count of stones
        before = re.split(r"[.?!,;]", asked.text[max(0, given.start - 24):given.start])[-1]
        after = re.split(r"[.?!,;]", asked.text[end:end + 12])[0]
        if _ON_SHIP.search(before + " " + after) and load is None:
            load = given.value
        elif given.quantity == "stones" and there is None:
            there = given.value
    if there is None and _EMPTY_SITE.search(asked.text):
        there = 0
    return load, there


# the B side's words ("Pyramid B", "피라미드(B)", "a small pyramid", "the middle pyramid"): another board
_PYRAMID_B = re.compile(r"(?:pyramids?|피라미드)\s?[(']?\s?B\b|\bB\s?\)?\s?(?:면|side)|\bside B\b|small pyramid|작은 피라미드|"
                        r"middle pyramid|가운데 피라미드|level-2 space|bonus space|보너스 칸", re.IGNORECASE)


def _pyramid_arrival(asked: Asked) -> QuestionExample | None:
    if not asked.has("pyramid") or asked.has("side_b") or _PYRAMID_B.search(asked.text) or not _ARRIVES.search(asked.text) \
            or not _MINE.search(asked.text) or _NOT_MINE.search(asked.text):
        return None
    load, there = _pyramid_stones(asked)
    if load is None or there is None:
        return None
    if not 1 <= load <= 4:
        return refused(f"Imhotep's ships carry 1 to 4 stones, not {load}; the example is not run.",
                       f"임호텝의 배에는 석재를 1~4개 실을 수 있어 {load}개는 불가능합니다. 예시를 실행하지 않습니다.")
    spaces = len(D.PYRAMID_A)
    if not 0 <= there <= spaces:
        return refused(f"The Pyramids (A) have {spaces} spaces, so {there} stones cannot be on them; the example is not run.",
                       f"피라미드(A)는 {spaces}칸이라 석재 {there}개가 놓일 수 없습니다. 예시를 실행하지 않습니다.")
    size = next((g.value for g in asked.numbers if g.quantity == "ship"
                 and re.match(r"\s?(?:-?space|칸)", asked.text[g.start + len(g.text):])), load)
    if size not in D.MINIMUM_LOAD or not D.MINIMUM_LOAD[size] <= load <= size:
        return None         # a ship that cannot sail with that load: the sailing rule's example shows it
    points = [D.PYRAMID_A[i] if i < spaces else D.PYRAMID_AFTER for i in range(there, there + load)]
    total = sum(points)
    placed = [f"{i + 1}" for i in range(there, min(there + load, spaces))]
    beside = max(0, there + load - spaces)
    sums = " + ".join(str(p) for p in points)
    where_en = (f"space(s) {', '.join(placed)} in fill order" if placed else "") + \
        (f"{' and ' if placed else ''}{beside} beside the completed pyramid" if beside else "")
    where_ko = (f"채우는 순서로 {', '.join(placed)}번째 칸" if placed else "") + \
        (f"{', ' if placed else ''}완성된 피라미드 옆에 {beside}개" if beside else "")
    spec = {
        "id": f"imhotep/scenario/from-question/pyramid-{there}-plus-{load}-of-{size}",
        "title": {"en": f"A {size}-space ship with {load} of my stones at the Pyramids (A), {there} stone(s) already there",
                  "ko": f"내 석재 {load}개를 실은 {size}칸짜리 배가 피라미드(A)에 도착, 이미 석재 {there}개"},
        "rules": ["imhotep/sites-a/pyramids/points", "imhotep/sites-a/pyramids/level-1",
                  "imhotep/sites-a/pyramids/levels-2-3", "imhotep/sites-a/pyramids/after-completion"],
        "setup": {"players": 2, "me": "black", "pyramid": ["white"] * there,
                  "ships": [["black"] * load + [None] * (size - load), *([3, 2, 2] if size == 4 else [4, 3, 2])]},
        "actions": [{"kind": "sail", "ship": 0, "site": "pyramid"}],
        "expect": [
            {"description": f"{load} stone(s) unloaded onto the Pyramids: {there + load} there now",
             "description_ko": f"석재 {load}개를 피라미드에 내림: 이제 {there + load}개", "path": "pyramid.stones",
             "equals": there + load},
            {"description": f"my stones take {where_en}, each scoring the points printed on it"
                            f"{' (1 each beside it)' if beside else ''}: {sums} = {total} points",
             "description_ko": f"내 석재가 {where_ko}에 놓여 칸에 적힌 점수를 받음{' (옆에 놓인 석재는 1점씩)' if beside else ''}: "
                               f"{sums} = {total}점",
             "path": "me.score", "equals": total, "answers": {"asks": "points", "amount": total}}],
    }
    return QuestionExample(spec)


# the asker's stones on top of every temple space ("신전 칸마다 꼭대기가 전부 내 석재야", "every temple stack has my
# stone on top")
_ALL_TOPS = re.compile(r"(?:칸마다|모든\s?칸|칸\s?전부)[^.?!]{0,12}(?:꼭대기|맨\s?위)[^.?!]{0,12}내\s?(?:석재|돌|거|것)|"
                       r"\bevery (?:temple )?(?:stack|space|column|pile)\b[^.?!]{0,30}\bmy (?:own )?stones? on top\b|"
                       r"\bmy stones? (?:is |are |sits? )?on top of (?:every|each|all)\b", re.IGNORECASE)


def _ordinals(asked: Asked) -> list[int]:
    """The ordinals the question writes ("세 번째, 네 번째", "the 3rd, 4th and 6th")."""
    out = []
    for n in asked.written:
        after = asked.text[n.start + len(n.text):n.start + len(n.text) + 3]
        if re.match(r"\s?번째|(?:st|nd|rd|th)\b", after):
            out.append(n.value)
    return out


def _temple_round_end(asked: Asked) -> QuestionExample | None:
    """The temple (A) scored at a round's end: the stones placed in order ("7 stones so far, mine the 3rd, 4th and
    6th placed") or the asker on top of every space; 1 point per space topped."""
    if not asked.has("temple") or asked.has("side_b") or re.search(r"B\s?면|\bside B\b|\bB side\b", asked.text):
        return None
    players = asked.number("players")
    if players not in D.TEMPLE_SPACES:
        return None
    spaces = D.TEMPLE_SPACES[players]
    if _ALL_TOPS.search(asked.text):
        temple = ["black"] * spaces
        mine = list(range(1, spaces + 1))
        title = {"en": f"The temple (A) at the round's end, {players} players: my stones on top of all {spaces} spaces",
                 "ko": f"라운드 종료 때 신전(A), {players}인: {spaces}칸 모두 꼭대기가 내 석재"}
    else:
        placed = asked.number("stones")
        mine = sorted(set(_ordinals(asked)))
        if placed is None or not mine or not 1 <= placed <= 4 * 30 or mine[-1] > placed or mine[0] < 1:
            return None
        temple = ["black" if i + 1 in mine else "white" for i in range(placed)]
        order = ", ".join(str(i) for i in mine)
        nth = ", ".join(_nth(i) for i in mine[:-1]) + (" and " if len(mine) > 1 else "") + _nth(mine[-1])
        title = {"en": f"The temple (A) at the round's end, {players} players: {placed} stones placed, mine placed {nth}",
                 "ko": f"라운드 종료 때 신전(A), {players}인: 석재 {placed}개, 내 석재는 놓인 순서로 {order}번째"}
    tops = [None] * spaces
    for i, colour in enumerate(temple):
        tops[i % spaces] = colour
    points = sum(1 for t in tops if t == "black") * D.TEMPLE_TOP_POINTS
    topped = [str(s + 1) for s, t in enumerate(tops) if t == "black"]
    spec = {
        "id": f"imhotep/scenario/from-question/temple-{players}p-" + "-".join(str(m) for m in mine) + f"-of-{len(temple)}",
        "title": title,
        "rules": ["imhotep/end-of-round/temple-scoring", "imhotep/sites-a/temple/placement",
                  "imhotep/sites-a/temple/spaces-by-player-count", "imhotep/sites-a/temple/levels"],
        "setup": {"players": players, "me": "black", "temple": temple},
        "actions": [{"kind": "round_end"}],
        "expect": [
            {"description": f"with {players} players the temple has {spaces} spaces, filled left to right, then a new level "
                            f"from the left: my stones are on top of space(s) {', '.join(topped) or 'none'}",
             "description_ko": f"{players}인 게임의 신전은 {spaces}칸, 왼쪽부터 채우고 다 차면 맨 왼쪽부터 한 층 위로: 꼭대기가 "
                               f"내 석재인 칸은 {', '.join(topped) or '없음'}",
             "path": "temple.tops", "equals": tops},
            {"description": f"{D.TEMPLE_TOP_POINTS} point per space topped by my stone: {points} point(s)",
             "description_ko": f"꼭대기 석재 1개당 {D.TEMPLE_TOP_POINTS}점: {points}점",
             "path": "me.score", "equals": points, "answers": {"asks": "points", "amount": points}}],
    }
    return QuestionExample(spec)


BUILDERS = (
    Builder(("imhotep/statue", "imhotep/market-cards/statue/example", "imhotep/market-cards/statue/keep-face-up",
      "imhotep/final-scoring/green-purple"), _statues),
    Builder(("imhotep/burial-chamber-decoration", "imhotep/pyramid-decoration", "imhotep/temple-decoration",
      "imhotep/obelisk-decoration", "imhotep/market-cards/green/example", "imhotep/market-cards/green/keep-face-up",
      "imhotep/final-scoring/green-purple"), _decoration),
    Builder(("imhotep/burial-chamber-decoration", "imhotep/pyramid-decoration", "imhotep/temple-decoration",
      "imhotep/obelisk-decoration", "imhotep/market-cards/green/example", "imhotep/market-cards/green/keep-face-up",
      "imhotep/final-scoring/green-purple", "imhotep/statue", "imhotep/final-scoring/unused-blue"), _cards_at_end),
    Builder(("imhotep/variant-wrath-of-the-pharaoh/penalty", "imhotep/variant-wrath-of-the-pharaoh"), _wrath),
    Builder(("imhotep/sites-b/obelisks", "imhotep/sites-b/obelisks/except", "imhotep/sites-b/obelisks/small-obelisks",
      "imhotep/sites-b/obelisks/holding-space", "imhotep/sites-b/obelisks/build", "imhotep/sites-b/obelisks/leftover",
      "imhotep/sites-b/obelisks/example"), _obelisk_b),
    Builder(("imhotep/sites-a/obelisks/ties", "imhotep/sites-a/obelisks/example-scoring",
      "imhotep/sites-a/obelisks/highest-scores-most", "imhotep/sites-a/obelisks/at-least-one-stone"), _obelisk_tie),
    Builder(("imhotep/sites-a/obelisks/highest-scores-most", "imhotep/sites-a/obelisks/ties",
      "imhotep/sites-a/obelisks/example-scoring", "imhotep/sites-a/obelisks/at-least-one-stone",
      "imhotep/final-scoring/sites"), _obelisk_heights),
    Builder(("imhotep/sites-a/obelisks/ties", "imhotep/sites-a/obelisks/example-scoring",
      "imhotep/sites-a/obelisks/highest-scores-most", "imhotep/final-scoring/sites"), _obelisk_shared),
    Builder(("imhotep/turn/sail-ship/minimum-load", "imhotep/turn/sail-ship/not-allowed", "imhotep/turn/sail-ship/move",
      "imhotep/turn/sail-ship/no-own-stones-needed"), _ship_minimum),
    Builder(("imhotep/hammer",), _hammer),
    Builder(("imhotep/turn/place-stone/load", "imhotep/turn/place-stone/which-space", "imhotep/turn/place-stone",
      "imhotep/turn/sail-ship/minimum-load"), _ship_load_one),
    Builder(("imhotep/sites-a/burial-chamber/scoring-groups", "imhotep/sites-a/burial-chamber/over-five",
      "imhotep/sites-a/burial-chamber/example-scoring", "imhotep/sites-a/burial-chamber/multiple-groups"), _burial_group),
    Builder(("imhotep/sites-a/burial-chamber/multiple-groups", "imhotep/sites-a/burial-chamber/scoring-groups",
      "imhotep/sites-a/burial-chamber/example-scoring", "imhotep/sites-a/burial-chamber/over-five",
      "imhotep/final-scoring/sites"), _burial_groups),
    Builder(("imhotep/sites-a/pyramids/points", "imhotep/sites-a/pyramids/level-1", "imhotep/sites-a/pyramids/levels-2-3",
      "imhotep/sites-a/pyramids/after-completion", "imhotep/sites-a/pyramids/overview",
      "imhotep/turn/sail-ship/example-pyramid"), _pyramid_arrival),
    Builder(("imhotep/turn/get-stones/sled-limit", "imhotep/turn/get-stones/example-partial",
      "imhotep/turn/get-stones/take-three", "imhotep/turn/get-stones/not-allowed"), _sled),
    Builder(("imhotep/end-of-round/temple-scoring", "imhotep/end-of-round/example-temple", "imhotep/sites-a/temple/overview",
      "imhotep/sites-a/temple/placement", "imhotep/sites-a/temple/spaces-by-player-count", "imhotep/sites-a/temple/levels",
      "imhotep/sites-a/temple/example"), _temple_round_end),
)


def example_from_question(asked: Asked, rule_ids: list[str]) -> QuestionExample | None:
    """Of the builders demonstrating one of the rules that can read the question, the one showing most of
    what it asks."""
    return best_fitting(BUILDERS, asked, rule_ids, vocabulary())
