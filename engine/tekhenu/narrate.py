"""Tekhenu in words, in Korean and English: one short sentence per action and per event, with the
numbers that changed ("Happiness 8 + 6 = 14, capped at Population 10 → 10"), and the names of the
numbers a worked example shows (`label`). Korean uses the KB glossary's terms (terms.py)."""
from __future__ import annotations

import re

from ..korean import josa
from .board import FACTS, Facts
from .cards import STARTING_REWARD
from .terms import term

SOLO_PREFIX = "tekhenu/solo/"
SOLO = Facts("solo")


def _t(key: str, lang: str) -> str:
    return term(key, lang)


def _ko(lang: str) -> bool:
    return lang == "ko"


def who(event: dict, lang: str) -> str:
    """The player an event is about: Botankhamun's events cite the solo chapter."""
    if str(event.get("rule", "")).startswith(SOLO_PREFIX) or str(event.get("event", "")).startswith("botankhamun"):
        return _t("botankhamun", lang)
    seat = event.get("seat")
    if seat is None:
        return ""
    return f"플레이어 {seat + 1}" if _ko(lang) else f"Player {seat + 1}"


def amounts(gains: dict | list | None, lang: str) -> str:
    """{"bread": 2, "gold": 1} → "2 Bread, 1 Gold" / "빵 2개, 금 1개"."""
    if not gains:
        return "없음" if _ko(lang) else "nothing"
    if isinstance(gains, list):
        counted: dict[str, int] = {}
        for item in gains:
            counted[item] = counted.get(item, 0) + 1
        gains = counted
    if _ko(lang):
        return ", ".join(f"{_t(k, lang)} {v}" + ("명" if k == "scribes" else "점" if k == "vp" else "개")
                         for k, v in gains.items())
    return ", ".join(f"{v} {_t(k, lang)}" for k, v in gains.items())


def cell_name(cell) -> str:
    """A Temple Complex space "row,col" (0-based) as players count it: "row 2, column 3"."""
    r, c = (int(x) for x in (cell.split(",") if isinstance(cell, str) else cell))
    return f"{r + 1}-{c + 1}"


def signed(n: int) -> str:
    return f"{n:+d}"


# -- actions ------------------------------------------------------------------------------------------
def narrate_action(action: dict, lang: str) -> str:
    ko = _ko(lang)
    kind = action.get("kind")
    if kind == "take_die":          # which die: the event after it says (the action names it by a setup id)
        text = "주사위 가져오기" if ko else "Take a die"
        extras = []
        if action.get("adjust"):
            n = action["adjust"]
            extras.append(f"서기로 눈 {signed(n)}" if ko else f"turned {signed(n)} with Scribes")
        if action.get("anubis"):
            extras.append("아누비스 행동 (서기 2명)" if ko else "as an Anubis Action (2 Scribes)")
        if action.get("treat"):
            extras.append(f"T08: {_t(action['treat'], lang)} 주사위로 취급" if ko
                          else f"T08: treated as {_t(action['treat'], lang)}")
        return text + (f" ({', '.join(extras)})" if extras else "")
    if kind in ("perform", "extra_perform"):
        return _perform_words(action, lang)
    if kind == "choose_decree":
        return f"법령 {action.get('card')} 보유" if ko else f"Keep Decree {action.get('card')}"
    if kind == "choose_starting":
        return f"시작 카드 {action.get('card')} 선택" if ko else f"Pick Starting card {action.get('card')}"
    if kind == "choose_destiny":
        option = action.get("option")
        extra = f" ({_t(option, lang)} +1)" if option else ""
        return (f"운명 카드 {action.get('card')} 선택{extra}" if ko else f"Take Destiny card {action.get('card')}{extra}")
    if kind == "choose_reward":       # a split of numbers ("1,3") is told by the reward's event after it
        option = str(action.get("option"))
        if re.fullmatch(r"[\d,]+", option):
            return f"{action.get('card')}의 보상 선택" if ko else f"Choose {action.get('card')}'s reward"
        return (f"{action.get('card')}의 보상 선택: {reward_words(option, {}, lang)}" if ko
                else f"Choose {action.get('card')}'s reward: {reward_words(option, {}, lang)}")
    if kind == "use_blessing":
        option = f" ({option_words(action['option'], lang)})" if action.get("option") else ""
        return f"축복 {action.get('card')} 플레이{option}" if ko else f"Play Blessing {action.get('card')}{option}"
    if kind == "choose_card_option":
        card, option = action.get("card"), action.get("option")
        if option == "decline":
            return f"{card}의 행동 거절" if ko else f"Decline {card}'s action"
        picked = amounts([r for r in str(option).split(",") if r], lang)
        return f"{card}: {picked} 선택" if ko else f"{card}: choose {picked}"
    if kind == "score_decrees":
        cards = ", ".join(action.get("cards") or []) or ("없음" if ko else "none")
        text = f"점수로 받을 법령: {cards}" if ko else f"Score Decrees: {cards}"
        if action.get("again"):
            text += f" (D03: {action['again']} 한 번 더)" if ko else f" (D03: {action['again']} again)"
        if action.get("paid"):
            text += f" (D04: ▲ {action['paid']}개 지불)" if ko else f" (D04: pay for {action['paid']} ▲)"
        return text
    if kind == "pay_bread":
        return f"빵 {action.get('amount')}개 지불" if ko else f"Pay {action.get('amount')} Bread"
    if kind == "place_faith":
        n = action.get("offset", 0)
        side = ("온전한 쪽" if n > 0 else "부패한 쪽") if ko else ("the Pure side" if n > 0 else "the Tainted side")
        if not n:
            return "신앙을 놓지 않음" if ko else "Place no Faith"
        return f"신앙 {abs(n)}개를 {side}에 놓기" if ko else f"Place {abs(n)} Faith on {side}"
    if kind == "phase":
        return _phase_words(action.get("phase"), lang)
    if kind == "botankhamun":
        return (f"보탕카멘의 행동 타일 {tile_words(action.get('tile'), lang)} 처리" if ko
                else f"Botankhamun resolves its Action tile {tile_words(action.get('tile'), lang)}")
    return ", ".join(f"{k}: {v}" for k, v in action.items())


def option_words(option, lang: str) -> str:
    """A card's option as a player reads it: "bread" → "Bread"/"빵", "bread,gold" → "Bread, Gold"."""
    if option is None:
        return ""
    parts = [p for p in str(option).split(",") if p]
    return ", ".join(_t(p, lang) for p in parts)


def reward_words(option, reward: dict, lang: str, t=term, count=None) -> str:
    """A Starting card's chosen reward: amounts of the card's Resources ("1,3"), a district and the
    Resource received ("bread:gold"), a card kept; `reward` is the card's reward data (engine data)."""
    count = count or amounts
    option = str(option)
    numbers = option.split(",")
    kinds = (reward.get("choose") or {}).get("resources") or []
    if all(n.isdigit() for n in numbers) and len(kinds) == len(numbers):
        return count(dict(zip(kinds, map(int, numbers))), lang)
    district, _, received = option.partition(":")
    if received:
        return (f"{t(district, lang)} 구역, {t(received, lang)}" if _ko(lang)
                else f"the {t(district, lang)} district, {t(received, lang)}")
    return option_words(option, lang)


def by_words(by, lang: str) -> str:
    """What grants an extra action: a card by its printed id, or Happiness 21."""
    return ("행복지수 21" if _ko(lang) else "Happiness 21") if by == "happiness21" else str(by)


def _phase_words(phase: str | None, lang: str) -> str:
    names = {"maat": ("the Maat phase", "마앗 단계"), "scoring": ("a Scoring", "점수 계산"),
             "final": ("the end of the game (Turn Order bonus, winner)", "게임 종료 (차례 순서 보너스, 승자)"),
             "final_scoring": ("the final Scoring (D23, Scoring, Decrees)", "최종 점수 계산 (D23, 점수 계산, 법령)")}
    en, ko = names.get(phase, (str(phase), str(phase)))
    return f"{ko} 진행" if _ko(lang) else f"Play {en}"


def _perform_words(action: dict, lang: str) -> str:
    ko = _ko(lang)
    what = action.get("action")
    if what == "none":
        text = "행동 없음 (가능한 행동이 없음)" if ko else "No action (none is possible)"
    elif what == "produce":
        resource = action.get("resource")
        text = (f"자원 생산 ({_t(resource, lang)})" if ko else f"Produce Resources ({_t(resource, lang)})") if resource \
            else _t("produce", lang)
    elif what == "thoth_refresh":
        section = (action.get("section") or 0) + 1
        text = f"토트: 파피루스 1개로 카드 시장 {section}구역 새로 채우기" if ko \
            else f"Thoth: pay 1 Papyrus to refresh Card Market section {section}"
    else:
        text = f"{_t(what, lang)} 신 행동" if ko else f"{_t(what, lang)} God Action"
        detail = _target_words(action, lang)
        if detail:
            text += f": {detail}"
    extras = []
    if action.get("by"):
        extras.append(f"{by_words(action['by'], lang)}의 추가 행동" if ko
                      else f"the extra action of {by_words(action['by'], lang)}")
    if action.get("value") is not None:
        extras.append(f"주사위 눈 {action['value']}로" if ko else f"as a die of {action['value']}")
    if action.get("shift"):
        extras.append(f"먼저 주사위 눈 {signed(action['shift'])}" if ko else f"turning the die {signed(action['shift'])} first")
    return text + (f" ({', '.join(extras)})" if extras else "")


def _target_words(action: dict, lang: str) -> str:
    ko = _ko(lang)
    what = action.get("action")
    if what == "horus":
        target = action.get("target") or ""
        if target == "god":
            return "주사위 눈의 신을 기리는 석상" if ko else "a Statue in honor of the die's god"
        kind, _, index = target.partition(":")
        if kind == "people":
            place = (("작업장" if index == "0" else "채석장") + " 위") if ko else \
                ("above the workshops" if index == "0" else "above the quarries")
            return f"민중을 위한 석상 ({place})" if ko else f"a Statue for the people ({place})"
        if kind == "temple":
            return f"신전 단지 옆 석상 칸 {int(index) + 1}" if ko else f"a Statue by the Temple Complex (space {int(index) + 1})"
        return target
    if what == "ra":
        turn = f", {action.get('rotation', 0) * 90}°" if action.get("rotation") else ""
        return f"신전 단지 {cell_name(action.get('cell'))} 칸{turn}" if ko else \
            f"Temple Complex space {cell_name(action.get('cell'))}{turn}"
    if what == "hathor":
        return f"건축물 칸 {(action.get('space') or 0) + 1}" if ko else f"Building space {(action.get('space') or 0) + 1}"
    if what == "thoth":
        slots = ", ".join(str(s + 1) for s in action.get("cards") or [])
        section = (action.get("section") or 0) + 1
        return f"{section}구역의 카드 {slots}번째" if ko else f"section {section}, card(s) {slots}"
    if what == "osiris":
        district = _t(action.get("district"), lang)
        extra = f", {_t(action['extra'], lang)}" if action.get("extra") else ""
        return f"{district} 구역{extra}" if ko else f"the {district} district{extra}"
    return ""


def tile_words(tile: str | None, lang: str) -> str:
    kind, _, name = str(tile).partition(":")
    if kind == "god":
        return f"신 행동 타일 ({_t(name, lang)})" if _ko(lang) else f"God Action tile ({_t(name, lang)})"
    if kind == "resource":
        order = SOLO("tiles.resource")[int(name)]
        listed = " > ".join(_t(r, lang) for r in order)
        return f"자원 타일 ({listed})" if _ko(lang) else f"Resource tile ({listed})"
    return str(tile)


# -- events -------------------------------------------------------------------------------------------
def narrate_event(event: dict, lang: str) -> str | None:
    name = event.get("event")
    handler = EVENTS.get(name)
    if handler is None:
        return None
    return handler(event, lang, who(event, lang), _ko(lang))


def take_die_words(e: dict, lang: str, w: str, t=term) -> str:
    """A die taken, with the game's words for its colour and section (`t`: Time of Seth adds colours)."""
    ko = _ko(lang)
    purity = t(e.get("purity"), lang)
    color = t(e.get("color"), lang)
    god = t(e.get("god"), lang)
    extras = []
    if e.get("anubis"):
        extras.append("아누비스 행동" if ko else "an Anubis Action")
    if e.get("scribes_spent"):
        extras.append(f"서기 {e['scribes_spent']}명 사용" if ko else f"{e['scribes_spent']} Scribe(s) spent")
    tail = f"; {', '.join(extras)}" if extras else ""
    if ko:
        return f"{w}: {god} 구역에서 {color} 주사위 {josa(e.get('value'), '을/를')} 가져옴 ({purity} 주사위{tail})"
    return f"{w} takes a {color} {e.get('value')} from {god} ({purity}{tail})"


def _take_die(e, lang, w, ko):
    return take_die_words(e, lang, w)


def _produce(e, lang, w, ko):
    res = _t(e.get("resource"), lang)
    marker = e.get("marker")
    on = (f", 생산 마커 {marker}" if ko else f", Production marker on {marker}") if marker is not None else ""
    if ko:
        text = f"{w}: {res} {e.get('produced')}개 생산 → {e.get('kept')}개 보유{on}"
        return text + (f"; 초과 {e['taint']}개는 저울의 부패한 쪽으로 (부패)" if e.get("taint") else "")
    text = f"{w} produces {e.get('produced')} {res}: keeps {e.get('kept')}{on}"
    return text + (f"; the {e['taint']} in excess go onto the Tainted side as Taint" if e.get("taint") else "")


def _bastet(e, lang, w, ko):
    before, after = e.get("happiness", [None, None])
    die = e.get("die")
    if isinstance(e.get("population"), list):          # Botankhamun: one step at a time, then Population
        pb, pa = e["population"]
        return (f"{w}: 행복지수 {before} → {after}, 인구 {pb} → {pa} (한 칸씩; 인구를 넘는 칸은 인구로); 서기 +{e.get('scribes')}"
                if ko else f"{w}: Happiness {before} → {after}, Population {pb} → {pa} (one step at a time; a step "
                           f"beyond Population advances Population); +{e.get('scribes')} Scribes")
    total = before + die
    if e.get("capped_by_population"):
        pop = e.get("population", after)
        happy = (f"행복지수 {before} + {die} = {total}, 인구 {josa(pop, '을/를')} 넘을 수 없어 → {after}" if ko
                 else f"Happiness {before} + {die} = {total}, capped at Population {pop} → {after}")
    else:
        happy = f"행복지수 {before} + {die} = {after}" if ko else f"Happiness {before} + {die} = {after}"
    scribes = e.get("scribes", 0)
    return (f"{w}: {happy}; 서기 +{scribes} (주사위 {die})" if ko
            else f"{w}: {happy}; +{scribes} Scribes (die {die})")


def _happiness_reward(e, lang, w, ko):
    reward = e.get("reward")
    words = {"gold": ("1 Gold", "금 1개"), "scribe": ("1 Scribe", "서기 1명"),
             "extra_action": ("an immediate extra action", "즉시 추가 행동 1번")}.get(reward, (reward, reward))
    return (f"{w}: 행복지수 {e.get('at')} 첫 도달 → {words[1]}" if ko
            else f"{w} reaches Happiness {e.get('at')} for the first time: {words[0]}")


def _osiris(e, lang, w, ko):
    district = _t(e.get("district"), lang)
    row = e.get("row")
    level = (e.get("production") or {}).get(e.get("district"))
    tail = (f"; {district} 생산 마커 {level}" if ko else f"; {district} Production now {level}") if level is not None else ""
    if e.get("gold_discarded"):
        tail += "; 게임 준비 때 놓인 금은 버림" if ko else "; the setup Gold there is discarded"
    return (f"{w}: {district} 구역 {row}행에 건축물{tail}" if ko
            else f"{w} builds in row {row} of the {district} district{tail}")


def _horus(e, lang, w, ko):
    target = e.get("target")
    if target is None:
        return (f"{w}: 모든 석상 칸이 참 → {e.get('vp')}점" if ko
                else f"{w}: every Statue space is taken → {e.get('vp')} VP")
    cost = f" (화강암 {e['granite']}개)" if ko and e.get("granite") else \
        (f" ({e['granite']} Granite)" if e.get("granite") else "")
    if target in TERMS_GODS:
        return (f"{w}: {josa(_t(target, lang), '을/를')} 기리는 석상{cost}" if ko
                else f"{w} builds a Statue in honor of {_t(target, lang)}{cost}")
    if target.startswith("osiris-statue-"):
        place = ("작업장 위" if target.endswith("0") else "채석장 위") if ko else \
            ("above the workshops" if target.endswith("0") else "above the quarries")
        gold = ("; 게임 준비 때 놓인 금은 버림" if ko else "; the setup Gold is discarded") if e.get("gold_discarded") \
            else ("; 금 +1" if ko else "; +1 Gold")
        return (f"{w}: 민중을 위한 석상 ({place}){cost}{gold}" if ko
                else f"{w} builds a Statue for the people ({place}){cost}{gold}")
    space = int(target.rsplit("-", 1)[1]) + 1
    vp = f"; {e['vp']}점" if ko and e.get("vp") else (f"; {e['vp']} VP" if e.get("vp") else "")
    return (f"{w}: 신전 단지 옆 석상 칸 {space}에 석상{cost}{vp}" if ko
            else f"{w} builds a Statue by the Temple Complex (space {space}){cost}{vp}")


TERMS_GODS = ("horus", "ra", "hathor", "bastet", "thoth", "osiris")


def _statue_bonus(e, lang, w, ko):
    god = _t(e.get("god"), lang)
    bonus = amounts(e.get("bonus"), lang)
    return (f"{w}: {god} 석상 보너스 → {bonus}" if ko else f"{w} receives the Statue bonus of {god}: {bonus}")


def _temple_statue(e, lang, w, ko):
    return (f"{w}: 같은 행·열의 자기 기둥마다 3점 → {e.get('vp')}점" if ko
            else f"{w}: 3 VP per own Pillar in line → {e.get('vp')} VP")


def _ra(e, lang, w, ko):
    where = cell_name(e.get("cell"))
    vp = e.get("vp")
    if not isinstance(vp, dict):                        # Botankhamun: one total
        return (f"{w}: 기둥 타일 {josa(e.get('tile'), '을/를')} 신전 단지 {where} 칸에 놓고 기둥 → {vp}점" if ko
                else f"{w} raises a Pillar on tile {e.get('tile')} at Temple space {where}: {vp} VP")
    corner = ("; 모서리: 면 점수 두 배" if ko else "; a corner: edge VP doubled") if e.get("corner") else ""
    reward = amounts(e.get("reward"), lang)
    if ko:
        return (f"{w}: 기둥 타일 {josa(e.get('tile'), '을/를')} 신전 단지 {where} 칸에 놓음 → 같은 행·열의 건축물 {vp['buildings']}점, "
                f"맞는 면 {vp['edges']}점{corner}, 타일 칸 {vp['space']}점; 칸 보상 {reward}")
    return (f"{w} places Pillar tile {e.get('tile')} on Temple space {where}: {vp['buildings']} VP for Buildings in "
            f"line, {vp['edges']} VP for matching edges{corner}, {vp['space']} VP for the tile's space; the space's "
            f"reward: {reward}")


ABILITY_WORDS = {
    "population": ("Population +{n}", "인구 +{n}"), "happiness": ("Happiness +{n}", "행복지수 +{n}"),
    "scribes": ("+{n} Scribe(s)", "서기 +{n}"), "gold": ("+{n} Gold", "금 +{n}"), "vp": ("+{n} VP", "+{n}점"),
    "edge_vp": ("+{n} VP for matching edges", "맞는 면마다 1점: +{n}점"),
    "building_vp": ("+{n} VP for Buildings in line", "같은 행·열 건축물마다 1점: +{n}점"),
    "draw_decree": ("{n} Decree(s) drawn (secret)", "법령 {n}장 (비공개)"),
}


def _pillar_ability(e, lang, w, ko):
    tile = e.get("tile")
    effect = e.get("effect")
    t09 = (" (T09)" if e.get("by_t09") else "")
    if e.get("waiting"):
        return (f"{w}: {tile}의 능력{t09} — 선택을 기다림" if ko else f"{w}: {tile}'s ability{t09} waits for a choice")
    if e.get("skipped"):
        return (f"{w}: {tile}의 신 행동을 할 수 없어 능력을 건너뜀 (가정)" if ko
                else f"{w}: {tile}'s God Action is impossible, so the ability is skipped (assumed)")
    gained = e.get("gained")
    if effect == "double_space_reward":
        return (f"{w}: {tile}의 능력 — 덮은 칸의 보상이 두 배: 한 번 더 받아 라 행동 3단계와 합쳐 두 번 ({amounts(gained, lang)}; "
                "가정한 해석)" if ko else
                f"{w}: {tile}'s ability doubles the covered space's reward: received once more, twice in all with Ra "
                f"step 3 ({amounts(gained, lang)}; an assumed reading)")
    if effect == "any_resources":
        return (f"{w}: {tile}의 능력 — 원하는 자원 2개: {amounts(gained, lang)}" if ko
                else f"{w}: {tile}'s ability, any 2 Resources: {amounts(gained, lang)}")
    en, ko_words = ABILITY_WORDS.get(effect, ("{n}", "{n}"))
    text = (ko_words if ko else en).format(n=gained)
    return f"{w}: {tile}의 능력{t09} — {text}" if ko else f"{w}: {tile}'s ability{t09}: {text}"


def _hathor(e, lang, w, ko):
    space = (e.get("space") or 0) + 1
    gained = amounts(e.get("gained"), lang) if e.get("gained") else None
    if ko:
        return f"{w}: 신전 단지 옆 건축물 칸 {space}에 건축 → 자기 기둥 {e.get('vp')}점" + (f", {gained}" if gained else "")
    return f"{w} builds by the Temple Complex (space {space}): {e.get('vp')} VP for own Pillars in line" + \
        (f", gains {gained}" if gained else "")


def _thoth(e, lang, w, ko):
    cards = ", ".join(e.get("cards") or [])
    if e.get("section") is None:        # cards from several sections (TX05)
        return (f"{w}: 카드 시장에서 {cards} (파피루스 {e.get('papyrus')}개)" if ko
                else f"{w} takes {cards} from the Card Market ({e.get('papyrus')} Papyrus)")
    return (f"{w}: 카드 시장 {e.get('section')}구역에서 {cards} (파피루스 {e.get('papyrus')}개)" if ko
            else f"{w} takes {cards} from Card Market section {e.get('section')} ({e.get('papyrus')} Papyrus)")


def _thoth_refresh(e, lang, w, ko):
    return (f"{w}: 파피루스 1개로 카드 시장 {e.get('section')}구역을 새로 채움" if ko
            else f"{w} pays 1 Papyrus to refresh Card Market section {e.get('section')}")


def _market_opened(e, lang, w, ko):
    return (f"인구 {e.get('at_population')} 도달: 카드 시장 {e.get('section')}구역이 열림" if ko
            else f"Population {e.get('at_population')} opens Card Market section {e.get('section')}")


def _card_effect(e, lang, w, ko):
    card = e.get("card")
    if "vp" in e:
        return f"{w}: {card} → +{e['vp']}점" if ko else f"{w}: {card} scores {e['vp']} VP"
    if "gain" in e:
        return f"{w}: {card} → {amounts(e['gain'], lang)}" if ko else f"{w}: {card} gives {amounts(e['gain'], lang)}"
    if "shift" in e:
        return (f"{w}: {card}로 주사위 눈 {signed(e['shift'])}" if ko else f"{w}: {card} turns the die {signed(e['shift'])}")
    if "faith" in e:
        return f"{w}: {card} → 신앙 +{e['faith']}" if ko else f"{w}: {card} gives {e['faith']} Faith"
    if "gold" in e:
        return f"{w}: {card} → 금 +{e['gold']}" if ko else f"{w}: {card} gives {e['gold']} Gold"
    if "treated_as" in e:
        kind = _t(e["treated_as"], lang)
        return (f"{w}: {card}로 금지된 주사위를 {kind} 주사위로 취급" if ko
                else f"{w}: {card} treats the Forbidden die as {kind}")
    return f"{w}: {card}"


def _blessing(e, lang, w, ko):
    option = f" ({option_words(e['option'], lang)})" if e.get("option") else ""
    return f"{w}: 축복 {e.get('card')} 플레이{option}" if ko else f"{w} plays Blessing {e.get('card')}{option}"


def _extra_action(e, lang, w, ko):
    by = by_words(e.get("by"), lang)
    if "action" not in e:
        return (f"{w}: 행복지수 21 도달 → 즉시 추가 행동" if ko
                else f"{w} reached Happiness 21: an immediate extra action")
    what = e.get("action")
    what_words = ("행동 없음" if ko else "no action") if what == "none" else \
        (_t("produce", lang) if what == "produce" else f"{_t(what, lang)} {'신 행동' if ko else 'God Action'}")
    return (f"{w}: {by}의 추가 행동 — {what_words}" if ko else f"{w}: the extra action of {by}: {what_words}")


def _no_action(e, lang, w, ko):
    return (f"{w}: 가져온 주사위로 할 수 있는 행동이 없어 행동하지 않음 (가정)" if ko
            else f"{w}: the die allows no action, so none is performed (assumed)")


def _rotation(e, lang, w, ko):
    return (f"오벨리스크 원 회전 (자전 {e.get('number')})" if ko else f"The Obelisk Wheel turns (Rotation {e.get('number')})")


def _turn_order(e, lang, w, ko):
    seats = [who({"seat": s}, lang) for s in e.get("order", [])]
    return ("차례 순서: " if ko else "Turn Order: ") + ", ".join(seats)


def _maat_balance(e, lang, w, ko):
    if str(e.get("rule", "")).startswith(SOLO_PREFIX):
        return (f"{w}: 고정 균형값 {signed(e.get('balance'))} (점수 손실 없음)" if ko
                else f"{w}: fixed balance {signed(e.get('balance'))} (no VP lost)")
    raw, used, balance = e.get("before_faith", e.get("balance")), e.get("faith_used", 0), e.get("balance")
    faith = (f", 신앙 {used}개 → {balance}" if ko else f", {used} Faith → {balance}") if used else ""
    lost = e.get("vp_lost", 0)
    if ko:
        return f"{w}: 균형값 {raw}{faith}; 점수 손실표에 따라 {lost}점 잃음"
    return f"{w}: balance {raw}{faith}; loses {lost} VP by the VP-loss table"


def _score_district(e, lang, w, ko):
    district = _t(e.get("district"), lang)
    vp = e.get("vp", FACTS("scoring.district_majority_vp"))
    return f"{w}: {district} 구역 지배 → +{vp}점" if ko else f"{w} controls the {district} district: +{vp} VP"


SCORE_PARTS = (("temple", "Temple Complex", "신전 단지"), ("statues", "Statues", "석상"),
               ("happiness", "Happiness", "행복지수"), ("production", "Production", "생산"),
               ("building_row", "Building row", "건축물 행"))


def _score_player(e, lang, w, ko):
    if "cards_vp" in e:                                  # Botankhamun
        return (f"{w}: {e.get('gained')}점 (축복·기술 카드 {e['cards_vp']}점 포함)" if ko
                else f"{w} scores {e.get('gained')} VP ({e['cards_vp']} for its Blessings and Technologies)")
    parts = ", ".join(f"{label_ko if ko else label} {e.get(key, 0)}" for key, label, label_ko in SCORE_PARTS)
    text = f"{w}: {e.get('gained')}점 ({parts})" if ko else f"{w} scores {e.get('gained')} VP ({parts})"
    bread, unpaid = e.get("bread", 0), e.get("unpaid_bread")
    if bread and unpaid is None:
        return text + (f"; 빵 {bread}개를 낼지 선택" if ko else f"; {bread} Bread due: the player chooses how much to pay")
    if bread:
        lost = FACTS("scoring.bread_shortfall_vp") * (unpaid or 0)
        return text + (f"; 빵 {bread}개 중 {bread - unpaid}개 냄, {unpaid}개 못 내 -{lost}점" if ko
                       else f"; pays {bread - unpaid} of {bread} Bread, {unpaid} unpaid: -{lost} VP")
    return text


def _bread_upkeep(e, lang, w, ko):
    lost = e.get("vp_lost", FACTS("scoring.bread_shortfall_vp") * e.get("unpaid_bread", 0))
    return (f"{w}: 빵 {e.get('bread')}개 중 {e.get('paid')}개 냄; 못 낸 {e.get('unpaid_bread')}개 → -{lost}점" if ko
            else f"{w} pays {e.get('paid')} of {e.get('bread')} Bread; {e.get('unpaid_bread')} unpaid: -{lost} VP")


def _destiny(e, lang, w, ko):
    option = f" ({_t(e['option'], lang)} +1)" if e.get("option") else ""
    no_reward = (" (보상 없음)" if ko else " (no reward)") if e.get("reward") is False else ""
    return (f"{w}: 운명 카드 {e.get('card')}{option}{no_reward}" if ko
            else f"{w} takes Destiny card {e.get('card')}{option}{no_reward}")


def _starting_card(e, lang, w, ko):
    return f"{w}: 시작 카드 {e.get('card')} 선택" if ko else f"{w} picks Starting card {e.get('card')}"


def _starting_reward(e, lang, w, ko):
    got = amounts(e["gain"], lang) if "gain" in e else reward_words(e.get("choice"), STARTING_REWARD.get(e.get("card"), {}),
                                                                    lang)
    return f"{w}: {e.get('card')}의 보상 → {got}" if ko else f"{w} receives {e.get('card')}'s reward: {got}"


def _decree_kept(e, lang, w, ko):
    return (f"{w}: 받은 법령 2장 중 1장 보유 (비공개)" if ko else f"{w} keeps one of the two Decrees dealt (secret)")


def _decree_action(e, lang, w, ko):
    return f"{w}: D23의 행동을 마침" if ko else f"{w} has performed D23's action"


def _decree_declined(e, lang, w, ko):
    return f"{w}: D23의 행동을 하지 않음" if ko else f"{w} declines D23's action"


def _decrees_scored(e, lang, w, ko):
    vp = e.get("vp") or {}
    each = ", ".join(f"{card} {points}" for card, points in vp.items()) or ("없음" if ko else "none")
    total = sum(vp.values())
    return f"{w}: 법령 점수 {total}점 ({each})" if ko else f"{w} scores {total} VP from Decrees ({each})"


def _game_over(e, lang, w, ko):
    winner = who({"seat": e.get("winner")}, lang)
    return f"게임 종료: {winner} 승리" if ko else f"The game ends: {winner} wins"


def _bot_tile(e, lang, w, ko):
    deben = e.get("deben")
    how = {None: ("to the bottom-left tile", "맨 아래 왼쪽 타일로"), "top_right": ("up and right (Deben)", "오른쪽 위로 (데벤)"),
           "right": ("right (Deben)", "오른쪽으로 (데벤)")}.get(deben, (deben, deben))
    tile = tile_words(e.get("tile"), lang)
    return (f"보탕카멘의 진보 마커가 {how[1]} 이동: {tile}" if ko
            else f"Botankhamun's Progress marker moves {how[0]}: {tile}")


WHY = {"no_statues": ("no Statues left", "남은 석상 없음"),
       "no_pillar_or_space": ("no Pillar, Pillar tile or empty space", "기둥, 기둥 타일 또는 빈 칸 없음"),
       "no_building_or_space": ("no Building or free space", "건축물 또는 빈 칸 없음"),
       "track_end": ("Happiness at the end of the track", "행복지수가 트랙 끝"),
       "no_card": ("no card it may take", "가져올 수 있는 카드 없음")}


def _bot_cannot_act(e, lang, w, ko):
    why = WHY.get(e.get("why"), (e.get("why"), e.get("why")))
    god = _t(e.get("god"), lang)
    return (f"보탕카멘: {god} 행동을 할 수 없음 ({why[1]}) → {e.get('vp')}점 (가정)" if ko
            else f"Botankhamun cannot perform {god} ({why[0]}): {e.get('vp')} VP (assumed)")


def _bot_pyramid(e, lang, w, ko):
    return ("보탕카멘의 행동 타일을 섞어 새 피라미드를 만듦" if ko
            else "Botankhamun's Action tiles are shuffled into a new pyramid")


def _bot_final(e, lang, w, ko):
    return (f"보탕카멘: 법령 {e.get('decrees_vp')}점, 서기 {e.get('scribes_vp')}점" if ko
            else f"Botankhamun: {e.get('decrees_vp')} VP for its Decrees, {e.get('scribes_vp')} VP for its Scribes")


EVENTS = {
    "take_die": _take_die, "produce": _produce, "bastet": _bastet, "happiness_reward": _happiness_reward,
    "osiris": _osiris, "horus": _horus, "statue_bonus": _statue_bonus, "temple_statue": _temple_statue,
    "ra": _ra, "pillar_ability": _pillar_ability, "hathor": _hathor, "thoth": _thoth,
    "thoth_refresh": _thoth_refresh, "market_section_opened": _market_opened, "card_effect": _card_effect,
    "blessing": _blessing, "extra_action": _extra_action, "no_action_possible": _no_action,
    "rotation": _rotation, "turn_order": _turn_order, "maat_balance": _maat_balance,
    "score_district": _score_district, "score_player": _score_player, "bread_upkeep": _bread_upkeep,
    "destiny": _destiny, "starting_card": _starting_card, "starting_reward": _starting_reward,
    "decree_kept": _decree_kept, "decree_action": _decree_action, "decree_action_declined": _decree_declined,
    "decrees_scored": _decrees_scored, "game_over": _game_over, "botankhamun_tile": _bot_tile,
    "botankhamun_cannot_act": _bot_cannot_act, "botankhamun_new_pyramid": _bot_pyramid,
    "botankhamun_final_scoring": _bot_final,
}


# -- labels of the numbers a worked example shows ----------------------------------------------------------
LABELS: dict[str, tuple[str, str]] = {
    "player": ("Player", "플레이어"), "vp": ("VP", "점수"), "happiness": ("Happiness", "행복지수"),
    "population": ("Population", "인구"), "scribes": ("Scribes", "서기"), "faith": ("Faith", "신앙"),
    "resources": ("Resources", "자원"), "production": ("Production", "생산 마커"),
    "papyrus": ("Papyrus", "파피루스"), "bread": ("Bread", "빵"), "limestone": ("Limestone", "석회암"),
    "granite": ("Granite", "화강암"), "gold": ("Gold", "금"),
    "scales": ("Scales", "저울"), "pure": ("Pure dice", "온전한 주사위"), "tainted": ("Tainted dice", "부패한 주사위"),
    "taint_resources": ("Resources on the Tainted side", "부패한 쪽의 자원"),
    "below": ("Anubis dice (below the scales)", "아누비스 주사위 (저울 아래)"),
    "balance": ("Balance", "균형값"), "wheel": ("Obelisk Wheel", "오벨리스크 원"),
    "god": ("Section", "구역"), "light": ("Light", "빛 상태"), "dice": ("Dice", "주사위"),
    "color": ("Colour", "색"), "value": ("Value", "눈"), "state": ("Pure / Tainted / Forbidden", "온전한/부패한/금지된"),
    "botankhamun": ("Botankhamun", "보탕카멘"), "statues_left": ("Statues left", "남은 석상"),
    "buildings_left": ("Buildings left", "남은 건축물"), "pillars_left": ("Pillars left", "남은 기둥"),
    "blessings": ("Blessings", "축복 카드"), "technologies": ("Technologies", "기술 카드"),
}


def label(key: str, lang: str) -> str:
    """A view field's name; a dotted path ("resources.bread") is named by its parts."""
    if "." in key:
        return " · ".join(label(part, lang) for part in key.split("."))
    pair = LABELS.get(key)
    return (pair[1] if _ko(lang) else pair[0]) if pair else key
