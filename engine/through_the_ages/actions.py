"""Every move's fields as a client sends them: the one declaration engine.api checks a move against (a wrong
type, a missing or unknown field, a card that does not exist → api.MalformedAction) before any rule runs.

A move is a plain dict {"kind": ..., fields}. A new kind is one line in the table of `specs()` (its required
fields, then its optional ones); a kind missing there is refused as malformed, and the conformance test fails
while `legal_actions` offers a move of a kind not declared.
"""
from __future__ import annotations

from functools import cache

from .. import api
from .cards import all_cards

SEAT, COUNT = api.nat(3), api.nat()


@cache
def specs() -> dict[str, api.ActionSpec]:
    card = api.one_of(*sorted(all_cards()))      # read once: every card of the game's data, pacts and wars too
    fields = {
        # civil and military actions (civil.py)
        "take": ({"slot": COUNT}, {}),
        "increase_population": ({}, {"ocean": api.BOOL}),
        "build": ({"card": card}, {}),
        "barbarossa": ({"card": card}, {}),
        "destroy": ({"card": card}, {}),
        "upgrade": ({"from": card, "to": card}, {}),
        "wonder_stage": ({}, {"stages": api.Value("int", low=1)}),
        "elect": ({"card": card}, {}),
        "discover": ({"card": card}, {}),
        "revolution": ({"card": card}, {}),
        "peaceful_change": ({"card": card}, {}),
        "play_tactics": ({"card": card}, {}),
        "play_action": ({"card": card}, {"target": card, "from": card, "to": card, "revolution": api.BOOL}),
        "trade_route": ({}, {}),
        "end_turn": ({}, {}),
        # the political phase and the discard (politics.py)
        "pass_politics": ({}, {}),
        "prepare_event": ({"card": card}, {}),
        "colonize_from_hand": ({"card": card}, {}),
        "aggression": ({"card": card, "target": SEAT}, {}),
        # the role is checked by the rules (a pact without one is refused with the rule that asks for it)
        "offer_pact": ({"card": card, "target": SEAT}, {"role": api.one_of("A", "B")}),
        "cancel_pact": ({"card": card}, {}),
        "declare_war": ({"card": card, "target": SEAT}, {}),
        "resign": ({}, {}),
        "discard_military": ({"card": card}, {}),
        # answers to a pending decision (politics.py)
        "bid": ({"amount": COUNT}, {}),
        "pass": ({}, {}),
        "accept_pact": ({}, {}),
        "decline_pact": ({}, {}),
        "sacrifice": ({"card": card}, {}),
        "play_bonus": ({"card": card}, {}),
        "steal_technology": ({"card": card}, {}),
        "done": ({}, {}),
    }
    return {kind: api.action_spec(kind, lambda data, kind=kind: _move(kind, data), required, optional)
            for kind, (required, optional) in fields.items()}


def _move(kind: str, data: dict) -> dict:
    """The move in the one form `legal_actions` lists it: an optional field at its default is left out."""
    move = {"kind": kind, **data}
    for flag in ("ocean", "revolution"):
        if move.get(flag) is False:
            del move[flag]
    if move.get("stages") == 1:
        del move["stages"]
    return move
