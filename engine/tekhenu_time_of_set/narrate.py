"""Time of Seth in words, in Korean and English (the glossary's terms: terms.py): the expansion's actions
and events, and the names of the numbers an example shows; everything else as the base game says it."""
from __future__ import annotations

import re

from ..korean import josa
from ..tekhenu import narrate as base
from .facts import F
from .terms import term

AREAS = ("horus", "ra", "hathor", "bastet", "thoth", "osiris", "seth")
# what owes a player a choice or an action, when it is not a card (a card is named by its printed id)
SOURCES = {"seth_honor": "honor_statue", "seth_people": "people_statue"}


def _t(key: str, lang: str) -> str:
    return term(key, lang)


def _ko(lang: str) -> bool:
    return lang == "ko"


def source_words(source, lang: str) -> str:
    """What owes a choice: a card by its printed id ("Cult03"), a Statue by its name."""
    return _t(SOURCES[source], lang) if source in SOURCES else str(source)


def amounts(gains, lang: str) -> str:
    """{"soldiers": 3, "bread": 1} → "3 Soldiers, 1 Bread" / "병사 3, 빵 1개"."""
    if not gains:
        return "없음" if _ko(lang) else "nothing"
    if isinstance(gains, list):
        counted: dict[str, int] = {}
        for item in gains:
            counted[item] = counted.get(item, 0) + 1
        gains = counted
    if _ko(lang):
        unit = {"scribes": "명", "vp": "점", "soldiers": "", "priests": "", "happiness": "", "population": ""}
        return ", ".join(f"{_t(k, lang)} {v}{unit.get(k, '개')}" for k, v in gains.items())
    return ", ".join(f"{v} {_t(k, lang)}" for k, v in gains.items())


# -- actions -------------------------------------------------------------------------------------------------
def _new_game_words(action: dict, ko: bool) -> str:
    solo = action.get("solo")
    who = ("보탕카멘과 솔로 게임" if ko else "a solo game against Botankhamun") if solo else \
        (f"{action.get('players', 2)}인 게임" if ko else f"a {action.get('players', 2)}-player game")
    extras = []
    if action.get("vizier"):
        extras.append("고관의 시련 적용" if ko else "with the Trial of the Vizier")
    if action.get("expansion") is False:
        extras.append("확장 없이" if ko else "without the expansion")
    if solo and action.get("difficulty"):
        extras.append(f"난이도 {action['difficulty']}" if ko else f"{action['difficulty']} difficulty")
    tail = f" ({', '.join(extras)})" if extras else ""
    return f"{who} 시작{tail}" if ko else f"Start {who}{tail}"


def narrate_action(action: dict, lang: str) -> str:
    ko = _ko(lang)
    kind = action.get("kind")
    if kind == "take_die" and action.get("board") == "seth":
        text = "세트 보드에서 주사위 가져오기" if ko else "Take a die from the Seth board"
        if action.get("adjust"):
            n = action["adjust"]
            text += f" (서기로 눈 {n:+d})" if ko else f" (turned {n:+d} with Scribes)"
        return text
    if kind == "take_die" and action.get("declare"):
        color = _t(action["declare"], lang)
        gain = _t("soldiers" if action["declare"] == "red" else "priests", lang)
        return base.narrate_action(action, lang) + (f", {color} 주사위로 선언 ({gain})" if ko
                                                    else f", declared {color} ({gain})")
    if kind in ("perform", "extra_perform") and action.get("action") == "seth":
        return _seth_words(action, lang)
    if kind in ("perform", "extra_perform") and action.get("action") == "horus" and \
            str(action.get("target", "")).startswith("seth"):
        return _horus_words(action, lang)
    if kind in ("perform", "extra_perform") and action.get("action") == "thoth" and action.get("section") is None \
            and action.get("cards"):
        picks = ", ".join(f"{int(s) + 1}-{int(i) + 1}" for s, i in (c.split(":") for c in action["cards"]))
        return f"토트 신 행동 (TX05): 카드 {picks} (구역-칸)" if ko else f"Thoth God Action (TX05): cards {picks} (section-slot)"
    if kind == "draft_pick":
        return f"{action.get('card')} 선택" if ko else f"Pick {action.get('card')}"
    if kind == "new_game":
        return _new_game_words(action, ko)
    if kind == "choose_artifact":
        return (f"유물 카드 {action.get('card')} 선택 (사제 비용 지불, 짝인 운명 카드도 가져옴)" if ko
                else f"Take Artifact {action.get('card')} (paying its Priests, with its Destiny card)")
    if kind == "use_artifact":
        return f"유물 카드 {action.get('card')} 사용" if ko else f"Use Artifact {action.get('card')}"
    if kind == "owed_choice":
        option = action.get("option")
        source = source_words(action.get("source"), lang)
        if option == "none":
            return f"{source}: 교환하지 않음" if ko else f"{source}: no exchange"
        shown = base.option_words(option, lang)
        return f"{source}: {shown} 선택" if ko else f"{source}: choose {shown}"
    if kind == "vizier_discard":
        return f"운명 카드 {action.get('card')} 버리기 (고관의 시련)" if ko else \
            f"Discard Destiny card {action.get('card')} (Trial of the Vizier)"
    if kind == "vizier_move":
        area = _t(action.get("area"), lang)
        return f"고관을 {area} 영역으로 이동" if ko else f"Move the Vizier to the {area} area"
    if kind == "use_blessing" and str(action.get("card", "")).startswith("BX"):
        return _bx_words(action, lang)
    if kind == "phase" and action.get("phase") == "refill":
        return ("자전 3단계 진행 (음지 구역과 세트 보드에 주사위 보충)" if ko
                else "Play Rotation step 3 (dice for the Shaded sections and the Seth board)")
    if kind == "botankhamun":
        tile = str(action.get("tile"))
        if tile == "god:seth":
            return "보탕카멘의 세트 행동 타일 처리" if ko else "Botankhamun resolves its Seth Action tile"
        if tile.startswith("seth:"):
            return ("보탕카멘의 사제 및 병사 행동 타일 처리" if ko
                    else "Botankhamun resolves its Priests and Soldiers Action tile")
    return base.narrate_action(action, lang)


def _seth_words(action: dict, lang: str) -> str:
    ko = _ko(lang)
    parts = []
    if action.get("cell"):
        parts.append(f"정복 타일을 신전 단지 {base.cell_name(action['cell'])} 칸에" if ko
                     else f"Conquest tile on Temple space {base.cell_name(action['cell'])}")
    if str(action.get("extra") or "").startswith("faith:"):
        n = action["extra"].split(":")[1]
        parts.append(f"TX02: 병사 대신 신앙 {n}개" if ko else f"TX02: {n} Faith instead of Soldiers")
    if action.get("value") is not None:
        parts.append(f"주사위 눈 {action['value']}로" if ko else f"as a die of {action['value']}")
    text = "세트 신 행동" if ko else "Seth God Action"
    return text + (f" ({', '.join(parts)})" if parts else "")


def _horus_words(action: dict, lang: str) -> str:
    ko = _ko(lang)
    target = action.get("target")
    if target == "seth_honor":
        return "호루스 신 행동: 세트를 기리는 석상 (세트 보드 아래, 사제 2 추가)" if ko else \
            "Horus God Action: a Statue honoring Seth (bottom of the Seth board, 2 more Priests)"
    column = int(str(target).split(":")[1]) + 1
    return (f"호루스 신 행동: 세트 보드 {column}열 아래 민중을 위한 석상" if ko
            else f"Horus God Action: a Statue for the people below column {column} of the Seth board")


def _bx_words(action: dict, lang: str) -> str:
    ko = _ko(lang)
    card, option = action.get("card"), str(action.get("option") or "")
    if "," in option and ":" not in option:
        soldiers, priests = option.split(",")
        return (f"축복 {card} 플레이: 병사 {soldiers}, 사제 {priests}" if ko
                else f"Play Blessing {card}: {soldiers} Soldiers, {priests} Priests")
    where, _, place = option.partition(":")
    if where == "to_seth":
        row, district = place.split(",")
        return (f"축복 {card} 플레이: {_t(district, lang)} 구역 {row}행의 건축물을 세트 보드 {row} 지역으로" if ko
                else f"Play Blessing {card}: the Building in row {row} of {_t(district, lang)} to Seth region {row}")
    parts = place.split(",")
    return (f"축복 {card} 플레이: 세트 보드 {parts[0]} 지역의 건축물을 {_t(parts[1], lang)} 구역 {parts[0]}행으로" if ko
            else f"Play Blessing {card}: the Building of Seth region {parts[0]} to row {parts[0]} of {_t(parts[1], lang)}")


# -- events --------------------------------------------------------------------------------------------------
def narrate_event(event: dict, lang: str) -> str | None:
    handler = EVENTS.get(event.get("event"))
    if handler is not None:
        return handler(event, lang, base.who(event, lang), _ko(lang))
    if event.get("event") == "take_die" and event.get("god") == "seth":
        return _take_seth(event, lang, base.who(event, lang), _ko(lang))
    if event.get("event") == "take_die":            # the expansion's dice colours are its own words
        return base.take_die_words(event, lang, base.who(event, lang), t=_t)
    if event.get("event") == "horus" and str(event.get("target", "")).startswith("seth-"):
        w, ko = base.who(event, lang), _ko(lang)
        place = ("세트를 기리는 석상" if ko else "honoring Seth") if event["target"] == "seth-honor" else \
            (f"세트 보드 {int(event['target'].rsplit('-', 1)[1]) + 1}열 아래" if ko
             else f"below Seth column {int(event['target'].rsplit('-', 1)[1]) + 1}")
        return (f"{w}: 호루스 신 행동으로 석상 ({place}, 화강암 {event.get('granite')})" if ko
                else f"{w} builds a Statue with the Horus God Action ({place}, {event.get('granite')} Granite)")
    if event.get("event") == "statue_bonus" and (event.get("god") == "seth" or "happiness" in (event.get("bonus") or {})):
        w = base.who(event, lang)
        god = _t(event.get("god"), lang)
        return (f"{w}: {god} 석상 보너스 → {amounts(event.get('bonus'), lang)}" if _ko(lang)
                else f"{w} receives the Statue bonus of {god}: {amounts(event.get('bonus'), lang)}")
    return base.narrate_event(event, lang)


def _take_seth(e, lang, w, ko):
    return (f"{w}: 세트 보드에서 회색 주사위 {josa(e.get('value'), '을/를')} 가져옴 (부패한 주사위)" if ko
            else f"{w} takes a gray {e.get('value')} from the Seth board (Tainted)")


def _seth(e, lang, w, ko):
    region = e.get("region")
    if e.get("moved_from") is not None:                      # Botankhamun's Seth tile
        moved = "" if e["moved_from"] == region else (f" ({e['moved_from']} 지역에는 놓을 수 없어)" if ko
                                                        else f" (it could not build in region {e['moved_from']})")
        text = (f"{w}: 세트 보드 {region} 지역에 건축물{moved} → {e.get('vp')}점 (병사·피 토큰 없음)" if ko
                else f"{w} builds in Seth region {region}{moved}: {e.get('vp')} VP (no Soldiers, no Blood)")
    else:
        paid = f"병사 {e.get('soldiers')}" + (f" + 신앙 {e['faith']}" if e.get("faith") else "") if ko else \
            f"{e.get('soldiers')} Soldiers" + (f" + {e['faith']} Faith" if e.get("faith") else "")
        statue = ((f"; 열 아래 석상 → +{e['column_statue_vp']}점" if ko else
                   f"; a Statue below the column: +{e['column_statue_vp']} VP") if e.get("column_statue_vp") else "")
        text = (f"{w}: 세트 보드 {region} 지역에 건축물 ({paid}) → 지역 보상 {amounts(e.get('reward'), lang)}{statue}; "
                f"피 토큰 1개 (모두 {e.get('blood')}개)" if ko else
                f"{w} builds in Seth region {region} ({paid}): region reward {amounts(e.get('reward'), lang)}{statue}; "
                f"1 Blood token ({e.get('blood')} in all)")
    if e.get("tile"):
        text += (f"; 정복 타일 {josa(e['tile'], '을/를')} 신전 단지 {base.cell_name(e['cell'])} 칸에" if ko
                 else f"; Conquest tile {e['tile']} onto Temple space {base.cell_name(e['cell'])}")
    return text


def _seth_statue(e, lang, w, ko):
    if e.get("kind") == "honor":
        return (f"{w}: 세트를 기리는 석상 (화강암 {e.get('granite')}, 사제 {e.get('priests')})" if ko
                else f"{w} builds a Statue honoring Seth ({e.get('granite')} Granite, {e.get('priests')} Priests)")
    column = (e.get("column") or 0) + 1
    return (f"{w}: 세트 보드 {column}열 아래 민중을 위한 석상 → 토트 행동(주사위 눈 1) {e.get('thoth_actions')}번" if ko
            else f"{w} builds a Statue for the people below Seth column {column}: {e.get('thoth_actions')} Thoth "
                 f"action(s) as a die of 1")


def _track(e, lang, w, ko):
    name = _t(e.get("track"), lang)
    before, after = e.get("before"), e.get("after")
    if "spent" in e:
        return f"{w}: {name} {before} → {after} ({e['spent']} 사용)" if ko else f"{w}: {name} {before} → {after} ({e['spent']} spent)"
    lost = e.get("lost")
    tail = (f"; 10을 넘는 {josa(lost, '은/는')} 버림" if ko else f"; {lost} beyond 10 are lost") if lost else ""
    return (f"{w}: {name} {before} + {e.get('gained')} → {after}{tail}" if ko
            else f"{w}: {name} {before} + {e.get('gained')} → {after}{tail}")


def _cult(e, lang, w, ko):
    return (f"{w}: 숭배자 카드 {e.get('card')} → {amounts(e.get('gain'), lang)}" if ko
            else f"{w}: Cult card {e.get('card')} gives {amounts(e.get('gain'), lang)}")


def _cult_others(e, lang, w, ko):
    return (f"{w}: {e.get('card')}의 다른 플레이어 보상 → {amounts(e.get('gain'), lang)}" if ko
            else f"{w} receives {e.get('card')}'s reward for the other players: {amounts(e.get('gain'), lang)}")


def _owed_choice(e, lang, w, ko):
    source = source_words(e.get("source"), lang)
    if e.get("option") == "none":
        return f"{w}: {source} — 교환하지 않음" if ko else f"{w}: {source}, no exchange"
    if e.get("kept"):
        return f"{w}: {source} — 뽑은 카드 중 1장을 가짐" if ko else f"{w}: {source}, keeps one card drawn"
    paid = f" ({amounts(e.get('pay'), lang)} 지불)" if ko and e.get("pay") else \
        (f" (paying {amounts(e.get('pay'), lang)})" if e.get("pay") else "")
    return (f"{w}: {source} → {amounts(e.get('gain'), lang)}{paid}" if ko
            else f"{w}: {source} gives {amounts(e.get('gain'), lang)}{paid}")


def _owed_done(e, lang, w, ko):
    source = source_words(e.get("source"), lang)
    return f"{w}: {source}의 행동을 마침" if ko else f"{w} has performed the action of {source}"


def _owed_skipped(e, lang, w, ko):
    god = _t(e.get("god"), lang) if e.get("god") else ("아무" if ko else "any")
    source = source_words(e.get("source"), lang)
    return (f"{w}: {source}의 {god} 행동을 할 수 없어 건너뜀 (가정)" if ko
            else f"{w}: the {god} action of {source} is impossible, so it is skipped (assumed)")


def _artifact(e, lang, w, ko):
    return f"{w}: 유물 카드 {e.get('card')} 사용 (게임에서 제거)" if ko else f"{w} uses Artifact {e.get('card')} (removed from the game)"


def _artifact_taken(e, lang, w, ko):
    return (f"{w}: 유물 카드 {josa(e.get('card'), '와/과')} 운명 카드 {e.get('destiny')} (앙크 가치만)" if ko
            else f"{w} takes Artifact {e.get('card')} with Destiny card {e.get('destiny')} (its Ankh value only)")


def _conquest_reward(e, lang, w, ko):
    return (f"{w}: 정복 타일 {e.get('tile')} 위에 기둥 → 타일의 보상" if ko
            else f"{w} raises a Pillar on Conquest tile {e.get('tile')}: the tile's reward")


def _conquest_hathor(e, lang, w, ko):
    cards = len(e.get("cards") or [])
    tail = (f", 카드 {cards}장" if ko else f", {cards} card(s)") if cards else ""
    return (f"{w}: 같은 행·열의 정복 타일 {', '.join(e.get('tiles') or [])} → {amounts(e.get('gain'), lang)}{tail}" if ko
            else f"{w}: Conquest tiles {', '.join(e.get('tiles') or [])} in line give {amounts(e.get('gain'), lang)}{tail}")


def _moved(e, lang, w, ko):
    if e.get("to") == "seth":
        return (f"{w}: 건축물을 세트 보드 {e.get('region')} 지역으로 옮김 → {amounts(e.get('gain'), lang)}" if ko
                else f"{w} moves a Building to Seth region {e.get('region')}: {amounts(e.get('gain'), lang)}")
    return (f"{w}: 건축물을 {_t(e.get('district'), lang)} 구역 {e.get('region')}행으로 옮김" if ko
            else f"{w} moves a Building to row {e.get('region')} of the {_t(e.get('district'), lang)} district")


def _vizier_bonus(e, lang, w, ko):
    return (f"{w}: 고관이 있는 {_t(e.get('area'), lang)} 영역에서 주사위를 가져감 → 선 플레이어 +{e.get('vp')}점" if ko
            else f"A die from the Vizier's {_t(e.get('area'), lang)} area: {w} (first player) scores {e.get('vp')} VP")


def _vizier_discard(e, lang, w, ko):
    return (f"{w}: 운명 카드 {josa(e.get('card'), '을/를')} 버림 (이번 라운드에 두 번째 플레이어는 가져올 수 없음)" if ko
            else f"{w} discards Destiny card {e.get('card')} (the second player cannot take it this round)")


def _vizier_move(e, lang, w, ko):
    return f"{w}: 고관을 {_t(e.get('area'), lang)} 영역으로 옮김" if ko else f"{w} moves the Vizier to the {_t(e.get('area'), lang)} area"


def _score_seth(e, lang, w, ko):
    return (f"{w}: 세트 보드의 건축물 {e.get('buildings')}개 → +{e.get('vp')}점" if ko
            else f"{w} scores {e.get('vp')} VP for {e.get('buildings')} Building(s) on the Seth board")


def _blood(e, lang, w, ko):
    return (f"{w}: 피 토큰 {e.get('blood')}개는 영구적인 부패 (균형값 -{e.get('blood')}, 되돌리지 않음)" if ko
            else f"{w}: {e.get('blood')} Blood token(s), permanent Taint (balance -{e.get('blood')}, never returned)")


def _blessing(e, lang, w, ko):
    if str(e.get("card", "")).startswith("BX") and e.get("option"):
        return f"{w}: {_bx_words(e, lang)}"
    return base.narrate_event(e, lang)


def _starting_reward(e, lang, w, ko):
    card = str(e.get("card", ""))
    if not card.startswith("SX"):
        return base.narrate_event(e, lang)
    if "gain" in e:
        got = amounts(e["gain"], lang)
    elif e.get("part") == "split":
        soldiers, priests = (int(x) for x in str(e.get("choice")).split(","))
        got = amounts({"soldiers": soldiers, "priests": priests}, lang)
    else:
        got = base.reward_words(e.get("choice"), F(f"seth_cards.starting.{card}"), lang, t=_t, count=amounts)
    return f"{w}: {card}의 보상 → {got}" if ko else f"{w} receives {card}'s reward: {got}"


def _bot_cannot_act(e, lang, w, ko):
    why = base.WHY.get(e.get("why"), (e.get("why"), e.get("why")))
    god = _t(e.get("god"), lang)
    return (f"보탕카멘: {god} 행동을 할 수 없음 ({why[1]}) → {e.get('vp')}점 (가정)" if ko
            else f"Botankhamun cannot perform {god} ({why[0]}): {e.get('vp')} VP (assumed)")


def _happiness_lost(e, lang, w, ko):
    return f"{w}: {e.get('card')} → 행복지수 -1" if ko else f"{w}: {e.get('card')} costs 1 Happiness"


def _card_effect(e, lang, w, ko):
    card = e.get("card")
    if "faith_for_soldiers" in e:
        n = e["faith_for_soldiers"]
        return f"{w}: {card} → 병사 대신 신앙 {n}개 지불" if ko else f"{w}: {card} pays {n} Faith in place of Soldiers"
    if "vp_saved" in e:
        return f"{w}: {card} → 초과한 부패로 점수를 잃지 않음 ({e['vp_saved']}점)" if ko else \
            f"{w}: {card} — no VP lost for excess Taint ({e['vp_saved']} VP kept)"
    if "production" in e:
        return f"{w}: {card} → 자원 생산 마커를 1칸씩 올림" if ko else f"{w}: {card} raises each Production marker by 1"
    if "happiness" in e and "vp" not in e:
        return f"{w}: {card} → 행복지수 {e['happiness']}" if ko else f"{w}: {card} — Happiness now {e['happiness']}"
    return base.narrate_event(e, lang)


EVENTS = {
    "seth": _seth, "seth_statue": _seth_statue, "track": _track, "cult": _cult, "cult_others": _cult_others,
    "owed_choice": _owed_choice, "owed_done": _owed_done, "owed_skipped": _owed_skipped, "artifact": _artifact,
    "artifact_taken": _artifact_taken, "conquest_reward": _conquest_reward, "conquest_hathor": _conquest_hathor,
    "building_moved": _moved, "vizier_bonus": _vizier_bonus, "vizier_discard": _vizier_discard,
    "vizier_move": _vizier_move, "score_seth": _score_seth, "blood_taint": _blood, "happiness_lost": _happiness_lost,
    "card_effect": _card_effect, "blessing": _blessing, "starting_reward": _starting_reward,
    "botankhamun_cannot_act": _bot_cannot_act,
}


# -- labels ----------------------------------------------------------------------------------------------------
LABELS: dict[str, tuple[str, str]] = {
    "soldiers": ("Soldiers", "병사"), "priests": ("Priests", "사제"), "blood": ("Blood tokens", "피 토큰"),
    "seth_board": ("Seth board", "세트 보드"), "regions": ("Regions (Buildings by space)", "지역 (칸별 건축물)"),
    "people": ("Statues for the people (by column)", "민중을 위한 석상 (열별)"),
    "honor": ("Statues honoring Seth", "세트를 기리는 석상"), "conquest": ("Conquest tiles (Temple spaces)", "정복 타일 (신전 단지 칸)"),
    "artifacts": ("Artifacts", "유물 카드"), "cult": ("Cult card", "숭배자 카드"),
    "seth_buildings": ("Buildings on the Seth board", "세트 보드의 건축물"),
}


def label(key: str, lang: str) -> str:
    if "." in key:
        return " · ".join(label(part, lang) for part in key.split("."))
    pair = LABELS.get(key)
    if pair:
        return pair[1] if _ko(lang) else pair[0]
    if key.isdigit():
        return (f"{key} 지역" if _ko(lang) else f"Region {key}")
    if re.fullmatch(r"player\d+", key):         # a seat in the scenario view, counted from 1
        return f"플레이어 {key[6:]}" if _ko(lang) else f"Player {key[6:]}"
    if re.fullmatch(r"\d+,\d+", key):           # a Temple Complex space "row,col" (0-based)
        return f"{base.cell_name(key)} 칸" if _ko(lang) else f"space {base.cell_name(key)}"
    named = base.label(key, lang)
    return term(key, lang) if named == key else named     # a word of the game (a die's colour, a god)
