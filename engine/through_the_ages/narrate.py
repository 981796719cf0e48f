"""Bilingual words for players: view labels, decision prompts, actions and events, in the KB glossary's
Korean terms (2006 edition)."""
from __future__ import annotations

from .cards import all_cards, name

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

PROMPT = ("take civil and military actions, or end the turn", "시민 행동과 군사 행동을 하거나 턴을 마칩니다")
OVER = ("nothing: the game is over", "없음: 게임 종료")

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
    "end_turn": ("End the turn (production and maintenance)", "턴 종료(생산과 유지 단계)"),
    "production": ("Production and maintenance", "생산과 유지 단계"),
    "refill": ("Refill the card row", "카드 열 채우기"),
    "event": ("Event {card}", "이벤트 {card}"),
    "final_bonus": ("The Simple game's bonus points", "맛보기 게임 보너스 점수"),
    "sacrifice": ("Sacrifice units", "군사 유닛 희생"),
    "colonize": ("Colonize {territory} with a bid of {bid}", "입찰 {bid}(으)로 {territory} 식민지 점령"),
    "aggression": ("Aggression: {card}", "침략: {card}"),
    "war": ("War", "전쟁"),
    "end_of_age": ("End of an age ({age})", "한 시대의 종료 ({age})"),
}


def label(key: str, lang: str) -> str:
    pair = LABELS.get(key)
    return (pair[1] if lang == "ko" else pair[0]) if pair else key


def _named(value, lang):
    return name(value, lang) if isinstance(value, str) and value in all_cards() else value


def action(step: dict, lang: str) -> str:
    en, ko = ACTIONS.get(step.get("kind"), (str(step.get("kind")), str(step.get("kind"))))
    fields = {k: _named(v, lang) for k, v in step.items()}
    fields["slot1"] = (step.get("slot") or 0) + 1
    try:
        return (ko if lang == "ko" else en).format(**fields)
    except KeyError:
        return ko if lang == "ko" else en


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
    return None
