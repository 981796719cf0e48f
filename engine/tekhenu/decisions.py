"""Who must decide what, now — every pending decision of Tekhenu named, in both languages, with the rule
that asks for it (the Board Game Arena state-machine idea: each phase is one explicit decision)."""
from __future__ import annotations

from dataclasses import dataclass

from . import play_cards, solo
from .board import FACTS
from .core import H21_RULE
from .terms import term


@dataclass(frozen=True)
class Pending:
    seat: int | None
    kind: str
    en: str
    ko: str
    rule: str | None


def pending_decision(state) -> Pending:
    if state.phase == "game_over":
        return Pending(None, "game_over", "nothing: the game is over", "없음: 게임이 끝났습니다",
                       "tekhenu/scoring/after-scoring/winner")
    if state.solo is not None and solo.has_a_decision(state):
        return _botankhamun(state)
    owed = play_cards.owed_happiness21(state)
    if owed is not None:
        return Pending(owed["seat"], "happiness21",
                       "perform the Happiness-21 extra action now: any one action, as if with any die value",
                       "행복지수 21의 추가 행동을 지금 하세요: 원하는 주사위 눈인 것처럼 행동 하나", H21_RULE)
    phase = state.phase
    pending = state.pending or {}
    if phase == "setup":
        return _setup(state, pending)
    if phase == "take_die":
        return Pending(state.current.seat, "take_die",
                       "take a Pure or Tainted die from the Obelisk Wheel (Scribes may turn it ±1 or ±2 each; "
                       "2 Scribes take it as an Anubis Action)",
                       "오벨리스크 원에서 온전한 주사위나 부패한 주사위를 가져오세요 (서기 1명당 눈 ±1 또는 ±2; "
                       "서기 2명이면 아누비스 행동)", "tekhenu/round/take-die")
    if phase == "act":
        return _act(state, pending)
    if phase == "ability":
        return _ability(pending)
    if phase == "faith":
        seat = pending["queue"][0]
        faith = state.player[seat].faith
        return Pending(seat, "place_faith",
                       f"place your {faith} Faith on the scales (each worth +1 or -1 to the balance)",
                       f"신앙 {faith}개를 저울에 놓으세요 (각각 균형값 +1 또는 -1)", "tekhenu/maat/step-2-faith")
    if phase == "upkeep":
        seat, due = pending["queue"][0]
        lost = FACTS("scoring.bread_shortfall_vp")
        return Pending(seat, "pay_bread", f"pay the {due} Bread due ({lost} VP lost for each Bread not paid)",
                       f"내야 할 빵 {due}개를 내세요 (못 낸 빵 1개마다 {lost}점 잃음)", "tekhenu/scoring/bread-upkeep")
    if phase == "final_action":
        return Pending(pending["queue"][0], "decree_d23",
                       "Decree D23: perform any one action as if with any die value, without paying any Resources, "
                       "or decline",
                       "법령 D23: 원하는 주사위 눈인 것처럼 자원을 내지 않고 행동 하나를 하거나, 하지 않기", "tekhenu/D23")
    if phase == "decrees":
        return Pending(pending["queue"][0], "score_decrees",
                       "choose the Decrees to score: up to 3, no more than one per symbol",
                       "점수로 받을 법령을 고르세요: 최대 3장, 같은 표식은 한 장만", "tekhenu/scoring/after-scoring/decrees")
    return Pending(state.current.seat, phase, phase, phase, None)


def _setup(state, pending: dict) -> Pending:
    stage = pending.get("stage")
    if stage == "decree":
        return Pending(pending["queue"][0], "choose_decree",
                       "keep one of the two Decrees dealt to you (the other goes to the bottom of the deck)",
                       "받은 법령 2장 중 1장을 고르세요 (다른 1장은 법령 더미 맨 아래로)", "tekhenu/setup/decrees")
    if stage == "draft":
        return Pending(pending["picks"][0], "choose_starting",
                       "pick a Starting card (the draft goes around and back; initiative sets the Turn Order)",
                       "시작 카드를 1장 고르세요 (한 바퀴 돌고 거꾸로 돌아옴; 우선권 수치로 차례 순서를 정함)",
                       "tekhenu/setup/draft-starting-cards")
    if stage == "rewards":
        seat, card = pending["queue"][0]
        return Pending(seat, "choose_reward", f"choose the reward of Starting card {card}",
                       f"시작 카드 {card}의 보상을 고르세요", f"tekhenu/{card}")
    if stage == "destiny":
        at_setup = pending.get("after") == "start"
        return Pending(pending["queue"][0], "choose_destiny",
                       "take one of the available Destiny cards (its reward now; its Ankh value breaks Turn Order ties)",
                       "남은 운명 카드 중 1장을 가져오세요 (보상은 지금; 앙크 가치는 차례 순서 동률을 가름)",
                       "tekhenu/setup/starting-resources" if at_setup else "tekhenu/maat/step-8-destiny")
    return Pending(state.current.seat, "setup", "a setup choice", "게임 준비의 선택", None)


def _act(state, pending: dict) -> Pending:
    seat = state.current.seat
    te = state.turn_effects
    owed = sorted({e["by"] for e in te.get("extras", ())})
    if te.get("normal_done"):
        return Pending(seat, "extra_action", f"perform the extra action of {', '.join(owed)}",
                       f"{', '.join(owed)}의 추가 행동을 하세요", f"tekhenu/{owed[0]}" if owed else None)
    also_en = f"; the extra action of {', '.join(owed)} before or after it" if owed else ""
    also_ko = f"; {', '.join(owed)}의 추가 행동은 그 전이나 후에" if owed else ""
    if pending.get("anubis"):
        return Pending(seat, "act", "perform any God Action or Produce any Resource with the die (an Anubis Action)"
                       + also_en, "가져온 주사위로 아무 신 행동이나, 원하는 자원 생산을 하세요 (아누비스 행동)" + also_ko,
                       "tekhenu/actions/scribes/anubis")
    god = pending.get("god")
    en, ko = term(god, "en"), term(god, "ko")
    if pending.get("color") == "gray":
        return Pending(seat, "act", f"perform the {en} God Action with the die (a gray die cannot Produce Resources)"
                       + also_en, f"가져온 주사위로 {ko} 신 행동을 하세요 (회색 주사위로는 자원을 생산할 수 없음)" + also_ko,
                       "tekhenu/round/perform-action")
    return Pending(seat, "act", f"perform the {en} God Action or Produce Resources with the die" + also_en,
                   f"가져온 주사위로 {ko} 신 행동이나 자원 생산을 하세요" + also_ko, "tekhenu/round/perform-action")


def _ability(pending: dict) -> Pending:
    tile = pending["card"]
    if pending.get("choice") == "resources":
        return Pending(pending["seat"], "choose_resources", f"{tile}: choose any 2 Resources (not Gold)",
                       f"{tile}: 원하는 자원 2개를 고르세요 (금 제외)", pending.get("rule"))
    god = pending.get("god")
    values = "/".join(str(v) for v in pending.get("values", []))
    return Pending(pending["seat"], "ability_action",
                   f"{tile}: perform the {term(god, 'en')} God Action as a die of {values}",
                   f"{tile}: 주사위 눈 {values}로 {term(god, 'ko')} 신 행동을 하세요", pending.get("rule"))


def _botankhamun(state) -> Pending:
    seat = state.solo["seat"]
    if state.phase == "setup":
        return Pending(seat, "botankhamun_destiny",
                       "Botankhamun takes a Destiny card (automatic: first in Turn Order, the Gold or Scribe card "
                       "at random)",
                       "보탕카멘이 운명 카드를 가져옵니다 (자동: 차례 순서 첫 번째면 금 또는 서기 카드 중 무작위)",
                       "tekhenu/solo/maat/botankhamun-destiny-card")
    return Pending(seat, "botankhamun_turn",
                   "Botankhamun's turn (automatic: its Progress marker moves to the next Action tile)",
                   "보탕카멘의 차례 (자동: 진보 마커가 다음 행동 타일로 이동)", "tekhenu/solo/turn/deben-flip")
