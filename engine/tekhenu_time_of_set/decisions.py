"""Who must decide what, now, in a Time of Seth game: a decision owed (a bonus's Resource, an exchange, a
card kept, a tile's God Action), the expansion's setup and Destiny choices, else the base game's."""
from __future__ import annotations

from ..tekhenu import decisions as base
from . import choices, ext, owed, vizier
from .terms import both

WHAT = {"resource": ("choose a Resource", "자원을 고르세요"), "keep": ("keep one of the cards drawn", "뽑은 카드 중 1장을 가지세요"),
        "exchange:gold": ("exchange any 1 Resource for 1 Gold, or not", "자원 1개를 금 1개로 교환하거나 하지 않기"),
        "exchange:scribes": ("exchange any 1 Resource for 1 Scribe, or not", "자원 1개를 서기 1명으로 교환하거나 하지 않기")}


def pending_decision(state) -> base.Pending:
    entry = owed.head(state) if owed.due(state) else None
    if entry is not None:
        if entry["type"] == "choice":
            en, ko = WHAT.get(entry["what"], (entry["what"], entry["what"]))
            return base.Pending(entry["seat"], "owed_choice", f"{entry['source']}: {en}", f"{entry['source']}: {ko}",
                                entry["rule"])
        god_en, god_ko = both(entry["god"]) if entry["god"] else ("any", "아무")
        values = "/".join(map(str, entry["values"]))
        return base.Pending(entry["seat"], "owed_action",
                            f"{entry['source']}: perform a {god_en} God Action as a die of {values}",
                            f"{entry['source']}: 주사위 눈 {values}(으)로 {god_ko} 신 행동을 하세요", entry["rule"])
    stage = choices.stage(state)
    pending = state.pending or {}
    if stage == "seth_draft":
        return base.Pending(pending["picks"][0], "draft_pick",
                            "pick a Starting card or a Cult card (2 Starting cards and 1 Cult card in all)",
                            "시작 카드나 숭배자 카드를 1장 고르세요 (모두 시작 카드 2장, 숭배자 카드 1장)", choices.DRAFT_RULE)
    if stage == "seth_rewards":
        seat, card, _ = pending["queue"][0]
        return base.Pending(seat, "choose_reward", f"choose the reward of Starting card {card}",
                            f"시작 카드 {card}의 보상을 고르세요", choices.REWARD_RULE)
    if stage == "seth_decree":
        return base.Pending(pending["queue"][0], "choose_decree",
                            "keep one of the three Decrees dealt to you (the others go to the bottom of the deck)",
                            "받은 법령 3장 중 1장을 가지세요 (나머지는 법령 더미 맨 아래로)", choices.DECREE_RULE)
    if stage == "destiny" and vizier.step(state) and not (state.solo and state.solo["seat"] in pending["queue"]):
        if vizier.step(state) == "discard":
            return base.Pending(state.turn_order[0], "vizier_discard",
                                "discard one of the remaining Destiny cards (the second player cannot take it this round)",
                                "남은 운명 카드 중 1장을 버리세요 (이번 라운드에 두 번째 플레이어는 가져올 수 없음)",
                                vizier.DISCARD_RULE)
        return base.Pending(state.turn_order[0], "vizier_move", "move the Vizier to another God Action area",
                            "고관을 다른 신 행동 영역으로 옮기세요", vizier.MOVE_RULE)
    if stage == "destiny" and ext.seth_on(state) and not (state.solo and state.solo["seat"] in pending["queue"]):
        return base.Pending(pending["queue"][0], "choose_destiny",
                            "take a Destiny card (its reward), or an Artifact paying its Priests (with its Destiny card, "
                            "for its Ankh value only)",
                            "운명 카드 1장(보상 받음)을 가져오거나, 사제 비용을 내고 유물 카드를 가져오세요 (짝인 운명 카드는 앙크 가치만)",
                            choices.DESTINY_RULE)
    if state.phase == "take_die" and ext.seth_on(state) and not (state.solo and state.current.seat == state.solo["seat"]):
        return base.Pending(state.current.seat, "take_die",
                            "take a Pure or Tainted die from the Obelisk Wheel, or a gray die of the Seth board for the "
                            "Seth God Action (Scribes may turn it; 2 Scribes: an Anubis Action, declared red or blue "
                            "for Soldiers or Priests)",
                            "오벨리스크 원에서 온전한/부패한 주사위를, 또는 세트 신 행동을 위해 세트 보드의 회색 주사위를 가져오세요 "
                            "(서기로 눈 변경; 서기 2명이면 아누비스 행동, 빨간색/파란색으로 선언하면 병사/사제)",
                            "tekhenu-time-of-set/gameplay/seth-action/overview")
    return base.pending_decision(state)
