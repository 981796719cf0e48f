"""Every player-facing word of the Imhotep engine, in Korean and English, with the KB glossary's terms
(kb/data/imhotep/glossary.yaml: 석재 stone, 개인창고 supply sled, 돌무더기 quarry, 항구 harbor...)."""
from __future__ import annotations

from ..korean import josa
from . import data as D

COLOR = {"black": ("black", "검은색"), "white": ("white", "흰색"), "brown": ("brown", "갈색"), "gray": ("gray", "회색")}
SITE = {"market": ("market", "시장"), "pyramid": ("pyramid", "피라미드"), "temple": ("temple", "신전"),
        "burial": ("burial chamber", "묘실"), "obelisk": ("obelisks", "오벨리스크")}
CARD = {
    "entrance": ("Entrance", "피라미드 입구"), "sarcophagus": ("Sarcophagus", "석관"), "paved_path": ("Paved Path", "포장도로"),
    "pyramid_decoration": ("Pyramid Decoration", "피라미드 장식"), "temple_decoration": ("Temple Decoration", "신전 장식"),
    "burial_decoration": ("Burial Chamber Decoration", "묘실 장식"),
    "obelisk_decoration": ("Obelisk Decoration", "오벨리스크 장식"), "statue": ("Statue", "석상"),
    "lever": ("Lever", "지렛대"), "hammer": ("Hammer", "망치"), "sail": ("Sail", "돛"), "chisel": ("Chisel", "끌"),
}
REASON = {"pyramid": ("pyramid", "피라미드"), "temple": ("temple", "신전"), "burial": ("burial chamber", "묘실"),
          "obelisk": ("obelisks", "오벨리스크"), "decoration": ("Decoration", "장식 카드"), "statues": ("Statues", "석상 카드"),
          "unused_blue": ("unused blue cards", "쓰지 않은 파란색 카드"), "wrath": ("Wrath of the Pharaoh", "파라오의 분노")}
LABELS = {
    "score": ("Score", "점수"), "sled": ("Supply sled", "개인창고"), "quarry": ("Quarry", "돌무더기"),
    "cards": ("Cards", "카드"), "round": ("Round", "라운드"), "current": ("Turn", "차례"),
    "start": ("Start player", "시작 플레이어"), "ships": ("Ships", "배"), "market": ("Market", "시장"),
    "pyramid": ("Pyramid", "피라미드"), "temple": ("Temple", "신전"), "burial": ("Burial chamber", "묘실"),
    "obelisk": ("Obelisks", "오벨리스크"), "player": ("Player", "플레이어"), "winner": ("Winner", "승자"),
    "stones": ("Stones", "석재"), "decision": ("Decision", "결정"), "side": ("Side", "면"),
    "temple_tops": ("Temple tops", "신전 꼭대기"), "towers": ("Obelisks built", "세운 오벨리스크"),
    "turn": ("Turn", "차례"), "tops": ("stones on top", "꼭대기 석재"), "hidden": ("Hidden cards", "뒷면 카드"),
    "over": ("game over", "게임 종료"), "harbor": ("harbor", "항구"),
}
PROMPTS = {
    "turn": ("choose an action: get stones, place a stone, sail a ship or play a blue card",
             "행동 고르기: 석재 캐내기, 배에 석재 싣기, 배 옮기기, 파란색 카드 쓰기"),
    "take_card": ("take 1 market card for the stone unloaded", "내린 석재 1개로 시장 카드 1장 가져가기"),
    "keep_card": ("keep 1 of the 2 hidden cards, discard the other", "뒷면 카드 2장 중 1장 갖고 1장 버리기"),
    "choose_pyramid": ("choose the pyramid for the stone", "석재를 놓을 피라미드 고르기"),
    "bonus_load": ("load 1 stone from your sled onto a ship", "개인창고의 석재 1개를 배에 싣기"),
    "temple_choice": ("take 1 point or 2 stones", "1점 또는 석재 2개 받기"),
    "lever_order": ("choose the unloading order", "석재 내리는 순서 정하기"),
    "chisel_second": ("load the second stone", "두 번째 석재 싣기"),
    "sail_site": ("choose the harbor for the ship", "배를 보낼 항구 고르기"),
    "over": ("nothing: the game is over", "없음: 게임 종료"),
}


def pick(pair, lang: str) -> str:
    return pair[1] if lang == "ko" else pair[0]


def color(seat, lang: str) -> str:
    if seat is None:
        return "—"
    return pick(COLOR[D.COLORS[seat]], lang)


def color_name(name: str, lang: str) -> str:
    """A colour by its name ("black" → 검은색)."""
    return pick(COLOR.get(name, (name, name)), lang)


def site(name, lang: str) -> str:
    return pick(SITE.get(name, (str(name), str(name))), lang)


def card(name, lang: str) -> str:
    return pick(CARD.get(name, (str(name), str(name))), lang)


def label(key: str, lang: str) -> str:
    """A view field's name, or a view value's words ("black" → 검은색): dotted keys word by word
    ("black.score" → "검은색 › 점수"), ships by number ("ship0" → "배 1")."""
    if "." in key:
        return " › ".join(label(part, lang) for part in key.split("."))
    if key.startswith("ship") and key[4:].isdigit():
        return f"{pick(('Ship', '배'), lang)} {int(key[4:]) + 1}"
    pair = LABELS.get(key) or COLOR.get(key) or SITE.get(key) or CARD.get(key)
    return pick(pair, lang) if pair else key


def counted(index) -> str:
    """A 0-based index (ships, their spaces, market spaces: actions.py) as players count: 0 → "1"."""
    return str(index + 1) if isinstance(index, int) else str(index)


def order_words(order) -> str:
    """An unloading order of ship spaces, counted from 1 at the bow."""
    if isinstance(order, (list, tuple)):
        return "-".join(counted(s) for s in order)
    return str(order)


def prompt(kind: str) -> dict:
    en, ko = PROMPTS[kind]
    return {"en": en, "ko": ko}


def narrate_action(action: dict, lang: str) -> str:
    ko = lang == "ko"
    kind = action.get("kind")
    ship, slot = counted(action.get("ship")), counted(action.get("slot"))
    who = action.get("who")
    prefix = f"{color(who, lang)}: " if isinstance(who, int) else ""
    if kind == "stones":
        text = "석재 캐내기" if ko else "Get new stones"
    elif kind == "place":
        text = f"{ship}번 배의 {slot}번 칸에 석재 싣기" if ko else f"Place a stone on ship {ship}, space {slot}"
    elif kind == "sail":
        text = (f"{ship}번 배를 {site(action.get('site'), lang)} 항구로 옮기기" if ko
                else f"Sail ship {ship} to the {site(action.get('site'), lang)}")
    elif kind == "lever":
        text = (f"지렛대: {ship}번 배를 {josa(site(action.get('site'), lang), '으로/로')}" if ko
                else f"Lever: ship {ship} to the {site(action.get('site'), lang)}")
        if action.get("order") is not None:
            order = order_words(action["order"])
            text += (f", 내리는 순서 {order}" if ko else f", unloading order {order}")
    elif kind == "hammer":
        text = f"망치: 석재 캐내고 {ship}번 배 {slot}번 칸에 싣기" if ko else f"Hammer: take stones, load ship {ship} space {slot}"
    elif kind == "sail_card":
        text = f"돛: {ship}번 배 {slot}번 칸에 싣고 출발" if ko else f"Sail: load ship {ship} space {slot} and sail it"
        if action.get("site"):
            text += f" → {site(action['site'], lang)}"
    elif kind == "chisel":
        text = f"끌: {ship}번 배 {slot}번 칸에 싣기" if ko else f"Chisel: load ship {ship} space {slot}"
    elif kind in ("second", "load"):
        text = f"{ship}번 배 {slot}번 칸에 싣기" if ko else f"Load ship {ship} space {slot}"
    elif kind == "pass":
        text = "통과 (할 수 있는 행동 없음)" if ko else "Pass (no action possible)"
    elif kind == "take":
        text = f"시장 {slot}번 칸의 카드 가져가기" if ko else f"Take the card in market space {slot}"
    elif kind == "keep":
        card_no = counted(action.get("card"))
        text = f"뒷면 카드 중 {card_no}번째 갖기" if ko else f"Keep hidden card {card_no}"
    elif kind == "pyramid":
        names = (("left", "왼쪽"), ("middle", "가운데"), ("right", "오른쪽"))
        k = action.get("pyramid")
        name = pick(names[k], lang) if isinstance(k, int) and 0 <= k < 3 else str(k)
        text = f"{name} 피라미드에 놓기" if ko else f"Place on the {name} pyramid"
    elif kind == "reward":
        text = ("1점 받기" if action.get("reward") == "point" else "석재 2개 받기") if ko else (
            "Take 1 point" if action.get("reward") == "point" else "Take 2 stones")
    elif kind == "order":
        text = (f"내리는 순서 {order_words(action.get('order'))}" if ko
                else f"Unloading order {order_words(action.get('order'))}")
    elif kind == "site":
        text = f"{site(action.get('site'), lang)} 항구로" if ko else f"To the {site(action.get('site'), lang)}"
    elif kind == "round_end":
        text = "라운드 끝내기 (신전 점수)" if ko else "End the round (temple scoring)"
    elif kind == "final_scoring":
        text = "마지막 점수 계산" if ko else "Final scoring"
    elif kind == "red_card":
        text = f"{card(action.get('card'), lang)} 카드 사용" if ko else f"Use a {card(action.get('card'), lang)} card"
    else:
        text = ", ".join(f"{k}: {v}" for k, v in action.items())
    return prefix + text


def narrate_event(event: dict, lang: str) -> str | None:
    ko = lang == "ko"
    kind = event.get("event")
    who = color(event.get("seat"), lang)
    if kind == "score":
        reason = pick(REASON.get(event.get("reason"), (event.get("reason"), event.get("reason"))), lang)
        points = event["points"]
        if ko:
            return f"{who} 플레이어: {reason} {points:+d}점"
        return f"{who} scores {points:+d} ({reason})"
    if kind == "stones_taken":
        return (f"{who} 플레이어가 돌무더기에서 석재 {event['count']}개를 개인창고로 가져옴" if ko
                else f"{who} takes {event['count']} stone(s) from the quarry to the supply sled")
    if kind == "loaded":
        ship, slot = counted(event["ship"]), counted(event["slot"])
        return (f"{who} 플레이어가 {ship}번 배의 {slot}번 칸에 석재를 실음" if ko
                else f"{who} loads a stone on ship {ship}, space {slot}")
    if kind == "sailed":
        cargo = ", ".join(color(c, lang) for c in event["cargo"])
        ship = counted(event["ship"])
        return (f"{who} 플레이어가 {ship}번 배를 {site(event['site'], lang)} 항구로 옮김 (앞쪽부터: {cargo})" if ko
                else f"{who} sails ship {ship} to the {site(event['site'], lang)} (bow first: {cargo})")
    if kind == "placed":
        return (f"{who} 석재를 {site(event['site'], lang)}에 내림" if ko
                else f"{who} stone unloaded at the {site(event['site'], lang)}")
    if kind == "to_quarry":
        return f"{who} 석재는 돌무더기로 돌아감" if ko else f"{who} stone goes back to the quarry"
    if kind == "card_taken":
        return (f"{who} 플레이어가 {card(event['card'], lang)} 카드를 가져감" if ko
                else f"{who} takes a {card(event['card'], lang)} card")
    if kind == "card_played":
        return (f"{who} 플레이어가 {card(event['card'], lang)} 카드를 사용하고 버림" if ko
                else f"{who} plays and discards a {card(event['card'], lang)} card")
    if kind == "card_discarded":
        return f"{card(event['card'], lang)} 카드는 앞면으로 버림" if ko else f"the {card(event['card'], lang)} card is discarded face up"
    if kind == "red_card":
        return (f"{who} 플레이어가 돌무더기의 석재 1개를 {site(event['site'], lang)}에 놓음" if ko
                else f"{who} places a stone from the quarry on the {site(event['site'], lang)}")
    if kind == "red_card_void":
        return (f"{who} 플레이어의 색깔 석재가 돌무더기에 없어 {card(event['card'], lang)} 카드는 효과 없이 버림" if ko
                else f"no {who} stone left in the quarry: the {card(event['card'], lang)} card is discarded without effect")
    if kind == "obelisk_built":
        return f"{who} 플레이어의 오벨리스크: 남은 칸이 없어 0점" if ko else f"{who} builds an obelisk; no space left, 0 points"
    if kind == "pass":
        return f"{who} 플레이어는 할 수 있는 행동이 없어 통과" if ko else f"{who} has no possible action and passes"
    if kind == "no_card":
        return f"시장에 카드가 없어 {who} 플레이어는 카드를 받지 못함" if ko else f"no card left in the market for {who}"
    if kind == "round_start":
        ships = ", ".join(str(n) for n in event["ships"])
        return (f"{event['round']}라운드: 배 {ships}칸, 시작 플레이어 {color(event['start'], lang)}" if ko
                else f"Round {event['round']}: ships of {ships} spaces, start player {color(event['start'], lang)}")
    if kind == "round_end":
        return f"{event['round']}라운드 종료" if ko else f"Round {event['round']} ends"
    if kind == "start_player":
        return f"새 시작 플레이어: {who}" if ko else f"new start player: {who}"
    if kind == "game_end":
        return "6라운드가 끝나 게임이 끝남: 마지막 점수 계산" if ko else "Round 6 is over: final scoring"
    if kind == "game_over":
        winners = event.get("winners") or []
        names = ", ".join(color(w, lang) for w in winners)
        if len(winners) > 1:
            return f"공동 승리: {names}" if ko else f"shared victory: {names}"
        return f"승자: {names}" if ko else f"winner: {names}"
    return None
