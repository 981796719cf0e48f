"""Bilingual words for players: view labels, decision prompts, actions and events, in the KB glossary's
Korean terms (2006 edition)."""
from __future__ import annotations

from ..korean import fix_particles, josa
from .cards import called, name
from .economy import FOOD

LABELS = {
    "culture": ("Culture points", "문화 점수"), "science": ("Science points", "과학 점수"),
    "culture_rating": ("Culture rating", "문화 진보 레벨"), "science_rating": ("Science rating", "과학 진보 레벨"),
    "strength": ("Military strength", "군사력"), "happy_faces": ("Happy faces", "행복 지수"),
    "yellow_bank": ("Yellow bank", "노란색 저장소"), "pool": ("Unused workers", "일하지 않는 일꾼"),
    "blue_bank": ("Blue bank", "파란색 저장소"), "food": ("Food", "식량"), "resources": ("Resources", "자원"),
    "consumption": ("Food consumption", "식량 소비율"), "corruption": ("Corruption", "자원 낭비율"),
    "required_happiness": ("Happiness required", "필요한 행복 지수"), "discontent": ("Discontent workers", "불만 있는 일꾼"),
    "civil_left": ("Civil actions left", "남은 시민 행동"), "military_left": ("Military actions left", "남은 군사 행동"),
    "workers": ("Workers on cards", "카드 위의 일꾼"), "hand": ("Hand", "손 카드"), "government": ("Government", "정부"),
    "leader": ("Leader", "지도자"), "wonder": ("Wonder under construction", "건설 중인 문화 유산"),
    "wonder_stages": ("Stages built", "건설한 단계"), "wonders": ("Completed wonders", "완성한 문화 유산"),
    "player": ("Player", "플레이어"), "score": ("Culture points", "문화 점수"),
}

# decision kind -> (English, Korean, the rule that asks for it)
PROMPTS = {
    "actions": ("take civil and military actions, or end the turn", "시민 행동과 군사 행동을 하거나 턴을 마칩니다",
                "through-the-ages/second-round/turn-sequence/step-2-actions"),
    "politics": ("take one political action or pass", "정치 행동을 하나 하거나 넘깁니다",
                 "through-the-ages/advanced/political-action/once-per-turn"),
    "discard": ("discard a military card (more than your military actions)", "군사 행동 수를 넘는 군사 카드를 하나 버립니다",
                "through-the-ages/advanced/military-cards/discarding/when"),
    "bid": ("bid more for the territory, or pass", "영토에 더 높게 입찰하거나 포기합니다",
            "through-the-ages/advanced/colonization/auction"),
    "payment": ("pay the won bid: sacrifice units, play colonization cards, then done",
                "이긴 입찰을 치릅니다: 유닛 희생, 식민지 보너스 카드, 그리고 완료",
                "through-the-ages/advanced/colonization/bonus-cards"),
    "attack": ("attacking: sacrifice units to add strength, then done", "공격: 유닛을 희생해 군사력을 더하고 완료",
               "through-the-ages/advanced/aggression/attacker-strength"),
    "defend": ("defending: sacrifice units or play defense cards, then done (or accept the aggression)",
               "방어: 유닛 희생이나 방어 카드를 쓰고 완료 (또는 침략을 받아들임)",
               "through-the-ages/advanced/aggression/defender-strength"),
    "pact_answer": ("accept or decline the pact offered to you", "제안받은 조약을 받아들이거나 거절합니다",
                    "through-the-ages/advanced/pacts/proposing"),
    "war": ("the war is settled: sacrifice units, then done", "전쟁 결과 정산: 유닛을 희생하고 완료",
            "through-the-ages/full/war/resolving/sacrifices"),
    "spoils": ("the war is won: steal special technologies within the strength difference, then done (the rest in "
               "science)", "전쟁 승리: 군사력 차이 안에서 특수 기술을 빼앗고 완료 (나머지는 과학 점수)",
               "through-the-ages/full/war/resolving/no-more-than-lost"),
    "game_over": ("nothing: the game is over", "없음: 게임 종료", None),
}

ACTIONS = {
    "take": ("Take the card in slot {slot1}", "{slot1}번 칸의 카드 가져오기"),
    "increase_population": ("Increase population", "인구 늘리기"),
    "build": ("Build on {card}", "{card}에 건설하기"),
    "upgrade": ("Upgrade {from} to {to}", "{from}을(를) {to}(으)로 향상하기"),
    "destroy": ("Destroy (disband) one on {card}", "{card}에서 하나 해체하기"),
    "wonder_stage": ("Build one wonder stage", "문화 유산 한 단계 건설하기"),
    "elect": ("Elect {card}", "{card} 지도자 추대하기"),
    "discover": ("Discover {card}", "{card} 기술 개발하기"),
    "revolution": ("Revolution to {card}", "혁명으로 {card}(으)로 교체"),
    "peaceful_change": ("Peaceful change to {card}", "평화롭게 {card}(으)로 교체"),
    "play_action": ("Play the action card {card}", "행동 카드 {card} 사용하기"),
    "trade_route": ("Trade Routes Agreement: exchange 1 food or resource", "무역로 조약: 식량이나 자원 1개 교환"),
    "steal_technology": ("Steal the special technology {card}", "특수 기술 {card} 빼앗기"),
    "end_turn": ("End the turn (production and maintenance)", "턴 종료(생산과 유지 단계)"),
    "production": ("Production and maintenance", "생산과 유지 단계"),
    "refill": ("Refill the card row", "카드 열 채우기"),
    "event": ("Event {card}", "이벤트 {card}"),
    "final_bonus": ("The Simple game's bonus points", "맛보기 게임 보너스 점수"),
    "sacrifice": ("Sacrifice units", "군사 유닛 희생"),
    "colonize": ("Colonize {territory} with a bid of {bid}", "입찰 {bid}(으)로 {territory} 식민지 점령"),
    "aggression": ("Aggression: {card}", "침략: {card}"),
    "war": ("War", "전쟁"),
    "play_tactics": ("Put the tactics card {card} into play", "전술 카드 {card} 내려놓기"),
    "barbarossa": ("Barbarossa: a new worker becomes {card}", "바르바로사: 새 일꾼으로 {card} 만들기"),
    "pass_politics": ("No political action", "정치 행동 없음"),
    "prepare_event": ("Prepare {card} as a future event", "{card}을(를) 미래 이벤트로 준비"),
    "offer_pact": ("Offer the pact {card} to player {target} ({role_words})", "{target}번 플레이어에게 조약 {card} 제안 ({role_words})"),
    "cancel_pact": ("Cancel the pact {card}", "조약 {card} 파기"),
    "colonize_from_hand": ("Colonize {card} from the hand (Columbus)", "손의 {card}을(를) 식민지로 (콜롬부스)"),
    "resign": ("Resign", "게임 포기"),
    "discard_military": ("Discard {card}", "{card} 버리기"),
    "bid": ("Bid {amount}", "{amount} 입찰"),
    "pass": ("Pass", "포기"),
    "play_bonus": ("Play the bonus card {card}", "보너스 카드 {card} 사용"),
    "done": ("Done", "완료"),
    "accept_pact": ("Accept the pact", "조약 수락"),
    "decline_pact": ("Decline the pact", "조약 거절"),
    "declare_war": ("Declare {card} on player {target}", "{target}번 플레이어에게 {card} 선언"),
    "as": ("Another player decides", "다른 플레이어의 결정"),
    "end_of_age": ("End of an age ({age})", "한 시대의 종료 ({age})"),
}


def seat_words(seat) -> str:
    """A seat (0-based in the state and its events) as players count them: seat 0 is player 1."""
    return str(seat + 1) if isinstance(seat, int) else str(seat)


def _role_words(role, lang: str) -> str:
    """The role a pact's proposer takes, or that none was named (the rules then refuse the offer)."""
    if role is None:
        return "역할을 밝히지 않음" if lang == "ko" else "no role named"
    return f"{role} 역할" if lang == "ko" else f"role {role}"


class _Unnamed(dict):
    """An action's fields; one the step lacks reads as the app's empty value, never as a {placeholder}."""

    def __missing__(self, key):
        return "—"


def label(key: str, lang: str) -> str:
    """A view field's name, or a view value's words: a card by its name in the reader's language."""
    pair = LABELS.get(key)
    if pair:
        return pair[1] if lang == "ko" else pair[0]
    return called(key, lang)


def _named(value, lang):
    return called(value, lang) if isinstance(value, str) else value


def action(step: dict, lang: str) -> str:
    en, ko = ACTIONS.get(step.get("kind"), (str(step.get("kind")), str(step.get("kind"))))
    if step.get("kind") == "play_action" and step.get("target"):
        en, ko = (("Revolution to {target} with {card}", "{card}(으)로 혁명: {target}(으)로 교체") if step.get("revolution")
                  else ("Play the action card {card} on {target}", "행동 카드 {card}을(를) {target}에 사용하기"))
    fields = _Unnamed((k, _named(v, lang)) for k, v in step.items())
    fields["slot1"] = (step.get("slot") or 0) + 1
    if isinstance(step.get("target"), int):        # a seat (0-based) as players count: player 1, 2...
        fields["target"] = seat_words(step["target"])
    fields["role_words"] = _role_words(step.get("role"), lang)
    text = (ko if lang == "ko" else en).format_map(fields)
    return fix_particles(text) if lang == "ko" else text


def event(e: dict, lang: str) -> str | None:
    ko = lang == "ko"
    kind = e.get("event")
    if kind == "score":
        return (f"문화 +{e['culture']}, 과학 +{e['science']}" if ko else f"Culture +{e['culture']}, science +{e['science']}")
    if kind == "food":
        return (f"식량 {e['produced']} 생산, 소비 {e['consumption']} 중 {e['paid']} 지불" if ko
                else f"Food produced {e['produced']}; consumption {e['consumption']}, paid {e['paid']}")
    if kind == "famine":
        return (f"굶주림: 식량 {e['short']}개 부족, 문화 점수 -{e['culture_lost']}" if ko
                else f"Famine: {e['short']} food short, -{e['culture_lost']} culture")
    if kind == "resources":
        return (f"자원 {e['produced']} 생산, 자원 낭비 {e['lost']}" if ko
                else f"Resources produced {e['produced']}; corruption {e['lost']}")
    if kind == "happiness":
        return (f"필요한 행복 지수 {e['required']}, 행복 지수 {e['happy']}, 불만 있는 일꾼 {e['discontent']}" if ko
                else f"Happiness required {e['required']}, happy faces {e['happy']}, discontent workers {e['discontent']}")
    if kind == "uprising":
        return ("폭동: 생산과 유지 단계를 건너뜁니다" if ko else "Uprising: production and maintenance is skipped")
    if kind == "took":
        return f"{name(e['card'], lang)} " + ("가져옴" if ko else "taken")
    if kind == "wonder_completed":
        return f"{name(e['card'], lang)} " + ("완성" if ko else "completed")
    if kind == "bonus":
        return (f"보너스 {e['total']}점" if ko else f"Bonus {e['total']} culture points")
    if kind == "event":
        return f"{'이벤트' if ko else 'Event'}: {name(e['card'], lang)}"
    if kind == "colony":
        return f"{name(e['card'], lang)} " + ("식민지 획득" if ko else "becomes a colony")
    if kind == "aggression":
        outcome = ("성공" if e["success"] else "실패") if ko else ("succeeds" if e["success"] else "fails")
        return (f"{name(e['card'], lang)}: 공격 {e['attack']} 대 방어 {e['defense']}, {outcome}" if ko
                else f"{name(e['card'], lang)}: attack {e['attack']} against defense {e['defense']}, {outcome}")
    if kind == "auction_end":
        if e.get("winner") is None:
            return "아무도 입찰하지 않음" if ko else "nobody bids"
        winner = seat_words(e["winner"])
        return (f"{winner}번 플레이어가 {josa(e['bid'], '으로/로')} 낙찰" if ko else f"player {winner} wins with {e['bid']}")
    if kind == "war":
        if e.get("winner") is None:
            return "전쟁: 군사력이 같아 승자 없음" if ko else "War: equal strength, no winner"
        return (f"전쟁: {'선언한 쪽' if e['winner'] == 'attacker' else '상대'} 승리, 차이 {e['difference']}" if ko
                else f"War: the {'declarer' if e['winner'] == 'attacker' else 'opponent'} wins by {e['difference']}")
    if kind == "spoils":
        war, winner, loser = name(e["card"], lang), seat_words(e["seat"]), seat_words(e["loser"])
        if e["kind"] == "population":
            return (f"{war}: {loser}번 플레이어 인구 {e['taken']} 감소, {winner}번 플레이어 문화 +{e['culture']}" if ko
                    else f"{war}: player {loser} loses {e['taken']} population, player {winner} scores {e['culture']} culture")
        what = {"culture": ("culture", "문화 점수"), "food_or_resources": ("food and resources", "식량과 자원"),
                "yellow_tokens": ("yellow tokens", "노란 토큰"), "science": ("science", "과학 점수")}[e["kind"]]
        return (f"{war}: {winner}번 플레이어가 {loser}번 플레이어에게서 {what[1]} {e['taken']} 가져옴" if ko
                else f"{war}: player {winner} takes {e['taken']} {what[0]} from player {loser}")
    if kind == "stolen":
        stolen, loser = name(e["card"], lang), seat_words(e["loser"])
        kept = "" if e.get("kept", True) else (" (같은 종류의 같거나 더 높은 기술이 있어 버림)" if ko
                                               else " (discarded: the victor has one of its kind as high or higher)")
        return (f"{loser}번 플레이어의 특수 기술 {josa(stolen, '을/를')} 빼앗음{kept}" if ko
                else f"{stolen} stolen from player {loser}{kept}")
    if kind == "war_declared":
        return (f"{seat_words(e['target'])}번 플레이어에게 {name(e['card'], lang)} 선언" if ko
                else f"{name(e['card'], lang)} declared on player {seat_words(e['target'])}")
    if kind == "trade_route":
        paid, gained = (("식량", "자원") if e["paid"] == FOOD else ("자원", "식량")) if ko else \
            (("food", "resource") if e["paid"] == FOOD else ("resource", "food"))
        return (f"무역로 조약: {paid} 1개를 내고 {gained} 1개 생산" if ko else f"Trade Routes: 1 {paid} paid, 1 {gained} produced")
    if kind == "partner_science":
        return (f"{name(e['card'], lang)}: 상대 {seat_words(e['seat'])}번 플레이어가 과학 점수 {e['science']} 지불" if ko
                else f"{name(e['card'], lang)}: the partner, player {seat_words(e['seat'])}, pays {e['science']} science")
    if kind == "pact_ended":
        return f"{'조약 종료' if ko else 'Pact ended'}: {', '.join(name(c, lang) for c in e['cards'])}"
    if kind == "pact_made":
        return f"{'조약 체결' if ko else 'Pact made'}: {name(e['card'], lang)}"
    if kind == "pact_declined":
        return f"{'조약 거절' if ko else 'Pact declined'}: {name(e['card'], lang)}"
    if kind == "resigned":
        seat = seat_words(e["seat"])
        return f"{seat}번 플레이어 게임 포기" if ko else f"player {seat} resigns"
    if kind == "impact":          # culture by seat; the event's keys are seats as strings ("0")
        return f"{name(e['card'], lang)}: " + ", ".join(
            (f"{seat_words(int(s))}번 플레이어 +{v}" if ko else f"player {seat_words(int(s))} +{v}")
            for s, v in e["culture"].items())
    if kind == "end_of_age":
        return (f"{e['age']}시대 시작: 버린 카드 {len(e['discarded'])}장" if ko
                else f"Age {e['age']} begins: {len(e['discarded'])} card(s) discarded")
    if kind == "game_over":
        return "게임 종료" if ko else "Game over"
    return None
