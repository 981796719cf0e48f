"""God Actions a card gives outside the take-a-die turn: a Pillar tile's ability (P10-P12, P15) and
Decree D23's action before the final Scoring.

They run the ordinary God Action code (god_actions.py) on a stand-in "die" held in `state.pending`: the
card gives the god and the value(s), so every usual condition, cost and Statue bonus applies. A context
is a dict: {"card", "rule", "god" (None: any action, like an Anubis Action), "values", "free" (the card
waives Resource costs), "refresh" (whether the Thoth refresh is offered)}. This module lists the
choices; turn.perform_stand_in plays one.
"""
from __future__ import annotations

from dataclasses import fields

from . import god_actions, market
from .actions import ExtraPerform, Perform
from .board import FACTS, GODS, RESOURCES

PERFORM_FIELDS = tuple(f.name for f in fields(Perform) if f.name not in ("kind", "value"))
CREDIT = 99     # a stand-in stock large enough for any cost, used only to list free actions


def stand_in(context: dict, value: int) -> dict:
    """The pending-die dict the God Action code reads, for one value."""
    god = context["god"]
    return dict(context, color=None, value=value, god=god or GODS[0], anubis=god is None, context=context)


def context_of(pending: dict) -> dict:
    """The card's context behind a stand-in die (or the pending dict itself)."""
    return pending.get("context", pending)


def candidates(state, context: dict) -> list[ExtraPerform]:
    return list(iter_candidates(state, context))


def iter_candidates(state, context: dict):
    """`candidates` one value at a time: whoever needs only whether there is one (or the first that does
    something) stops early."""
    probe = _credited(state) if context.get("free") else state
    for value in context["values"]:
        for action in god_actions.candidates(probe, stand_in(context, value)):
            if action.action == "thoth_refresh" and not context.get("refresh"):
                continue
            yield as_extra(action, value)


def as_extra(action: Perform, value: int) -> ExtraPerform:
    return ExtraPerform(**{name: getattr(action, name) for name in PERFORM_FIELDS}, value=value)


def as_perform(action: ExtraPerform) -> Perform:
    return Perform(**{name: getattr(action, name) for name in PERFORM_FIELDS})


def _credited(state):
    """A copy of the state whose current player could pay any Resource cost (to list free actions)."""
    probe = state.copy()
    for resource in RESOURCES:
        probe.current.resources[resource] += CREDIT
    return probe


def credit_cost(state, action: Perform) -> None:
    """A free action (D23 "without paying any Resources"): hand the player exactly the Resources the action
    is about to charge, so the ordinary payment code takes those and nothing of the player's own."""
    # T14 may turn the stand-in die before the action (action.shift): the cost is the turned value's
    p, value = state.current, state.pending["value"] + (action.shift or 0)
    cost: dict[str, int] = {}
    if action.action == "bastet":
        cost = {"papyrus": FACTS("bastet.cost_papyrus")}
    elif action.action == "horus" and p.statues_left > 0:
        cost = {"granite": FACTS("player_board.statue_granite_cost")[6 - p.statues_left]}
    elif action.action == "ra":
        cost = dict(FACTS("pillar_tiles.cost"))
    elif action.action == "hathor" and action.space is not None and 0 <= action.space < len(FACTS("temple.building_spaces")):
        cost = {"bread": FACTS("temple.building_spaces")[action.space][2]}
    elif action.action == "thoth":
        cost = {"papyrus": market.papyrus_for(state, value, len(action.cards or ()))}
    for resource, amount in cost.items():
        p.resources[resource] += amount
    if cost:
        state.pending["credited"] = cost
