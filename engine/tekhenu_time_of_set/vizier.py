"""The Trial of the Vizier (고관의 시련), Time of Seth's advanced 2-player rules, with or without the
expansion (tekhenu-time-of-set/vizier/...): at each Destiny choice the first player takes a card, discards one
of the rest for this round, and after the second player's choice moves the Vizier to a God Action area (a
different one than before, except at setup); a die the second player takes from the Vizier's area scores
the first player 2 VP."""
from __future__ import annotations

from ..errors import IllegalAction
from .actions import VizierDiscard, VizierMove
from .facts import F

DISCARD_RULE = "tekhenu-time-of-set/vizier/rule-changes/first-player-discards"
MOVE_RULE = "tekhenu-time-of-set/vizier/rule-changes/move-vizier"
BONUS_RULE = "tekhenu-time-of-set/vizier/rule-changes/vizier-bonus"


def on(state) -> bool:
    return state.ext is not None and state.ext["options"]["vizier"] and state.solo is None


def areas(state) -> list[str]:
    return F("seth_vizier.areas")["seth" if state.ext["options"]["seth"] else "base"]


def die_taken(state, p, area: str, events: list) -> None:
    """The second player took a die from the Vizier's area (an Anubis Action and Produce Resources too)."""
    if not on(state) or state.ext["vizier"]["area"] != area:
        return
    first, second = state.turn_order[0], state.turn_order[1]
    if p.seat != second:
        return              # "the first player's own actions do not trigger the Vizier"
    vp = F("seth_vizier.vp")
    state.player[first].vp += vp
    events.append({"event": "vizier_bonus", "seat": first, "area": area, "vp": vp, "by": p.seat, "rule": BONUS_RULE})


# -- the Destiny choice ---------------------------------------------------------------------------------------
def after_pick(state, seat: int) -> None:
    """After a Destiny (or Artifact) pick: the first player now discards a card; after the second player's
    pick, the first player moves the Vizier."""
    if not on(state):
        return
    first = state.turn_order[0]
    state.pending["vizier"] = "discard" if seat == first else "move"


def step(state) -> str | None:
    return (state.pending or {}).get("vizier") if on(state) else None


def legal_actions(state) -> list:
    pending = state.pending
    if pending["vizier"] == "discard":
        return [VizierDiscard(card) for card in pending["available"]]
    here = state.ext["vizier"]["area"]
    return [VizierMove(area) for area in areas(state) if area != here]


def discard(state, action, events: list) -> None:
    pending = state.pending
    if not isinstance(action, VizierDiscard) or action.card not in pending["available"]:
        raise IllegalAction(DISCARD_RULE, "the first player now discards one of the remaining Destiny cards",
                            "선 플레이어는 이제 남은 운명 카드 중 1장을 버립니다")
    pending["available"].remove(action.card)
    state.ext["vizier"]["discarded"] = action.card       # back at the next Destiny choice (a new stage)
    pending["vizier"] = None
    events.append({"event": "vizier_discard", "seat": state.turn_order[0], "card": action.card, "rule": DISCARD_RULE})


def move(state, action, events: list) -> None:
    here = state.ext["vizier"]["area"]
    if not isinstance(action, VizierMove) or action.area not in areas(state) or action.area == here:
        raise IllegalAction(MOVE_RULE, "move the Vizier to another God Action area",
                            "고관을 다른 신 행동 영역으로 옮기세요")
    state.ext["vizier"]["area"] = action.area
    state.pending["vizier"] = None
    events.append({"event": "vizier_move", "seat": state.turn_order[0], "area": action.area, "before": here,
                   "rule": MOVE_RULE})
