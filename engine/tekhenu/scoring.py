"""Scoring (tekhenu/scoring/...): steps 1-7 — districts, the Temple Complex, Statues, Happiness,
Production, the Building row, then the Bread upkeep, where each player chooses how much to pay — and,
after the second Scoring and the Decrees, the Turn Order bonus and the winner. When a Scoring happens
and what follows it is the flow's (rules.py)."""
from __future__ import annotations

from ..errors import IllegalAction
from . import core, districts, solo, temple
from . import effects_cards as cards_fx
from .actions import PayBread
from .board import FACTS

UPKEEP = "upkeep"            # the phase: players choose how much Bread to pay (PayBread)
BREAD_RULE = "tekhenu/scoring/bread-upkeep"


def happiness_vp(happiness: int) -> int:
    """Scoring step 4: VP by the highest Happiness symbol reached (not cumulative)."""
    return max((vp for threshold, vp in FACTS("scoring.happiness_vp") if happiness >= threshold), default=0)


def score(state, events: list, then: dict | None = None) -> bool:
    """Scoring steps 1-7. With `then` (the game's own Scoring), a player who could pay some of the Bread
    due chooses how much (phase UPKEEP, PayBread; `then` says how the game goes on): True when the game
    waits for those choices. Without it (scenarios' run_scoring) each player pays all they can."""
    state.scorings += 1
    owed = []
    for district in FACTS("osiris.districts"):
        winner = districts.controller(state, district)
        if winner is not None:
            state.player[winner].vp += FACTS("scoring.district_majority_vp")
            events.append({"event": "score_district", "district": district, "seat": winner,
                           "vp": FACTS("scoring.district_majority_vp"), "rule": "tekhenu/scoring/districts"})
    for p in state.player:
        if solo.is_botankhamun(state, p.seat):
            solo.score(state, p, events)
            continue
        parts = {"temple": temple.score_temple(state, p),
                 "statues": FACTS("scoring.statues_vp")[6 - p.statues_left],
                 "happiness": happiness_vp(p.happiness),
                 "production": FACTS("scoring.production_top_vp") * sum(1 for v in p.production.values() if v >= 6)}
        revealed = FACTS("player_board.building_row")[: 10 - p.buildings_left]
        state.note_assumed("player_board.building_row")
        parts["building_row"] = sum(slot.get("vp", 0) for slot in revealed)
        gained = sum(parts.values())
        p.vp += gained
        bread = cards_fx.bread_upkeep(p, sum(slot.get("bread", 0) for slot in revealed))   # T17: none
        paid = min(bread, core.available(p, "bread"))
        if then is not None and paid > 0:
            # "For each Bread they are unable or unwilling to pay, they lose 3 Victory Points": a choice
            owed.append([p.seat, bread])
            events.append({"event": "score_player", "seat": p.seat, "gained": gained, **parts, "bread": bread,
                           "unpaid_bread": None, "rule": "tekhenu/scoring/intro"})
            continue
        if paid:
            core.pay(state, p, "bread", paid, BREAD_RULE, events, in_turn=False)
        shortfall = bread - paid
        p.vp = max(0, p.vp - FACTS("scoring.bread_shortfall_vp") * shortfall)
        events.append({"event": "score_player", "seat": p.seat, "gained": gained, **parts, "bread": bread,
                       "unpaid_bread": shortfall, "rule": "tekhenu/scoring/intro"})
    if not owed:
        return False
    owed.sort(key=lambda entry: state.turn_order.index(entry[0]))
    state.pending = {"stage": "bread", "queue": owed, **then}
    state.phase = UPKEEP
    state.turn_index = state.turn_order.index(owed[0][0])     # state.current is the player choosing
    return True


def bread_options(state) -> list[PayBread]:
    seat, due = state.pending["queue"][0]
    return [PayBread(n) for n in range(min(due, core.available(state.player[seat], "bread")), -1, -1)]


def pay_bread(state, action, events: list) -> bool:
    """Scoring step 7 for one player: pay `amount` of the Bread due (Gold is wild), lose 3 VP per Bread
    unpaid. True once every player has chosen (state.pending still says how the game goes on)."""
    if not isinstance(action, PayBread):
        raise IllegalAction(BREAD_RULE, "each player now chooses how much of the Bread due to pay (PayBread)",
                            "각 플레이어는 이제 내야 할 빵 중 얼마를 낼지 고릅니다 (PayBread)")
    pending = state.pending
    seat, due = pending["queue"][0]
    p = state.player[seat]
    most = min(due, core.available(p, "bread"))
    if not isinstance(action.amount, int) or not 0 <= action.amount <= most:
        raise IllegalAction(BREAD_RULE, f"pay 0 to {most} of the {due} Bread due",
                            f"내야 할 빵 {due}개 중 0~{most}개를 냅니다")
    if action.amount:
        core.pay(state, p, "bread", action.amount, BREAD_RULE, events, in_turn=False)
    shortfall = due - action.amount
    p.vp = max(0, p.vp - FACTS("scoring.bread_shortfall_vp") * shortfall)
    events.append({"event": "bread_upkeep", "seat": seat, "bread": due, "paid": action.amount,
                   "unpaid_bread": shortfall, "vp_lost": FACTS("scoring.bread_shortfall_vp") * shortfall,
                   "rule": BREAD_RULE})
    pending["queue"].pop(0)
    if pending["queue"]:
        state.turn_index = state.turn_order.index(pending["queue"][0][0])
        return False
    state.turn_index = 0
    return True


def final_scoring(state, events: list) -> None:
    """After the Decrees: the Turn Order bonus (3 VP first, 2 VP second with 3-4 players), Botankhamun's
    final special scoring, and the winner (most VP, then most Scribes, then Turn Order)."""
    bonus = FACTS("scoring.turn_order_bonus")
    state.player[state.turn_order[0]].vp += bonus[0]
    if state.players >= 3:
        state.player[state.turn_order[1]].vp += bonus[1]
    if state.solo:
        solo.final_scoring(state, events)
    ranking = sorted(range(state.players),
                     key=lambda s: (-state.player[s].vp, -state.player[s].scribes, state.turn_order.index(s)))
    events.append({"event": "game_over", "winner": ranking[0], "ranking": ranking,
                   "rule": "tekhenu/scoring/after-scoring/winner"})
