"""The Maat phase (tekhenu/maat/...): Faith on the scales (step 2, the players' choice), each balance and
its VP loss (steps 1-4), the new Turn Order (step 5), and the cleanup with the Destiny cards chosen again
(steps 7-8). Whether a Scoring follows (step 6) and what comes after is the flow's (rules.py)."""
from __future__ import annotations

from ..errors import IllegalAction
from . import effects_cards as cards_fx
from . import solo
from .actions import PlaceFaith
from .board import FACTS
from .cards import ANKH

FAITH = "faith"              # the phase: players choose where their Faith tokens go (PlaceFaith)
FAITH_RULE = "tekhenu/maat/step-2-faith"


def begin(state, events: list, choose_faith: bool) -> bool:
    """A Maat phase starts (T15's Faith first). With `choose_faith` (the game's own Maat phase) the
    players holding Faith choose where to place it: True when the game now waits for them (phase FAITH);
    without it (scenarios' run_maat) each player's Faith moves the balance as close to 0 as it can."""
    state.maat_phases += 1
    for p in state.player:
        if not solo.is_botankhamun(state, p.seat):
            cards_fx.maat_faith(p, events)             # T15
    holders = [seat for seat in state.turn_order
               if state.player[seat].faith and not solo.is_botankhamun(state, seat)]
    if choose_faith and holders:
        state.phase = FAITH
        state.pending = {"stage": "faith", "queue": holders, "placed": {}}
        state.turn_index = state.turn_order.index(holders[0])
        return True
    return False


def faith_options(state) -> list[PlaceFaith]:
    faith = state.player[state.pending["queue"][0]].faith
    return [PlaceFaith(offset) for offset in range(-faith, faith + 1)]


def place_faith(state, action, events: list) -> dict | None:
    """One player's Faith placed; once every holder has placed theirs, {seat: offset} (else None)."""
    if not isinstance(action, PlaceFaith):
        raise IllegalAction(FAITH_RULE, "each player holding Faith now places it on the scales (PlaceFaith)",
                            "신앙 토큰을 가진 플레이어는 이제 그것을 저울에 놓습니다 (PlaceFaith)")
    pending = state.pending
    seat = pending["queue"][0]
    faith = state.player[seat].faith
    if not isinstance(action.offset, int) or abs(action.offset) > faith:
        raise IllegalAction(FAITH_RULE, f"place up to {faith} Faith: an offset from -{faith} to +{faith}",
                            f"신앙은 {faith}개까지 놓습니다: -{faith}부터 +{faith}까지")
    pending["placed"][str(seat)] = action.offset
    pending["queue"].pop(0)
    if pending["queue"]:
        state.turn_index = state.turn_order.index(pending["queue"][0])
        return None
    placed = pending["placed"]
    state.pending, state.phase, state.turn_index = None, "take_die", 0
    return placed


def balance_of(p) -> int:
    """Step 1: the Pure dice minus the Tainted dice and the Resources on the Tainted side."""
    return sum(d.value for d in p.pure) - sum(d.value for d in p.tainted) - p.taint_resources


def vp_loss(balance: int) -> int:
    """Step 4, the VP-loss table (tekhenu/maat/vp-loss-table): nothing for a balance of 0 or more."""
    for lowest, lost in FACTS("maat.vp_loss"):
        if balance < 0 and balance >= lowest:
            return lost
    if balance < -8:
        return FACTS("maat.vp_loss")[-1][1]
    return 0


def balances(state, events: list, placed: dict | None) -> None:
    """Steps 1-5 once the Faith is placed (`placed`: seat → offset; None: as close to 0 as it goes)."""
    for p in state.player:
        if solo.is_botankhamun(state, p.seat):
            solo.maat_balance(state, p, events)
            continue
        balance = balance_of(p)
        if placed is None:
            use = min(p.faith, abs(balance))
            offset = use if balance < 0 else -use
        else:
            offset = placed.get(str(p.seat), 0)
        use = abs(offset)
        balance += offset
        p.faith = 0            # step 7: used and unused Faith alike go back to the supply
        p.balance = balance
        loss = vp_loss(balance)
        p.vp = max(0, p.vp - loss)
        events.append({"event": "maat_balance", "seat": p.seat, "balance": balance, "faith_used": use,
                       "before_faith": balance - offset, "vp_lost": loss, "rule": "tekhenu/maat/vp-loss-table"})
    keys = {s: (abs(state.player[s].balance), -ankh(state, s)) for s in range(state.players)}
    if len(set(keys.values())) < len(keys):
        state.note_assumed("maat.ankh_tie")       # equal balance and equal Ankh: seat order
    state.turn_order = sorted(range(state.players), key=keys.__getitem__)
    events.append({"event": "turn_order", "order": list(state.turn_order), "rule": "tekhenu/maat/step-5-turn-order"})


def ankh(state, seat: int) -> int:
    """The Ankh value that breaks a tie of balance: the Destiny card's, T15's 5, Botankhamun's 4."""
    if solo.is_botankhamun(state, seat):
        return solo.ankh_value(state, seat)
    return cards_fx.ankh_value(state.player[seat], solo.ankh_value(state, seat))


def scoring_due(state) -> bool:
    """Step 6: a Scoring when the arrow points at the next Scoring marker, every second Maat phase."""
    arrow = (state.arrow_start + state.rotations) % 6
    return bool(state.scoring_markers) and arrow == state.scoring_markers[0] and state.maat_phases % 2 == 0


def cleanup(state, events: list, rng) -> None:
    """Steps 7-8: dice back to the bag, scales cleared, Destiny cards chosen again (the game pauses for
    those choices, in the new Turn Order)."""
    for p in state.player:
        state.bag.extend(p.pure + p.tainted + p.below)
        p.pure, p.tainted, p.below, p.taint_resources = [], [], [], 0
    rng.shuffle(state.bag)
    state.pending = {"stage": "destiny", "available": sorted(ANKH), "queue": list(state.turn_order), "after": "maat"}
    state.phase = "setup"
    if state.solo:
        solo.after_maat(state, rng, events)
