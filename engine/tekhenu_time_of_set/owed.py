"""Decisions the rules owe someone now, in the order they arose (state.ext["owed"]): the Resource of a
Statue honouring Seth's bonus (its owner), the exchanges a Cult card offers the other players, the card kept
of those drawn, the Thoth actions a Statue for the people gives, a Conquest tile's or an Artifact's God
Action. While one is owed the flow waits (engine/tekhenu/variants.blocked): the turn does not end and
Botankhamun does not go on.

A choice is data: each option says what it pays and gains, or which drawn card it keeps, so answering one
needs no code of the rule that asked for it:

    {"type": "choice", "seat", "source", "rule", "what", "options": [{"id", "pay", "gain", "keep"}],
     "drawn": [...], "deck", "rest": "shuffle" | "bottom"}
    {"type": "action", "seat", "source", "card", "rule", "god" (None: any action), "values", "free": False,
     "refresh", "started"}          played on a stand-in die by the base engine (turn.perform_stand_in)
"""
from __future__ import annotations

from ..errors import IllegalAction
from ..tekhenu import core, extra, market, turn
from ..tekhenu.actions import ExtraPerform
from .actions import OwedChoice
from .ext import gain, is_bot
from .terms import option_name

RULE_OWED = "tekhenu-time-of-set/gameplay/triggered-effects/once-per-turn"


def queue(state) -> list:
    return state.ext["owed"]


def head(state) -> dict | None:
    owed = state.ext["owed"] if state.ext is not None else None
    return owed[0] if owed else None


def choice(state, seat: int, source: str, rule: str, what: str, options: list[dict], events: list, **more) -> None:
    """Owe a player a choice among `options` (a single option is taken at once: nothing to decide)."""
    if not options or is_bot(state, seat):
        return
    entry = {"type": "choice", "seat": seat, "source": source, "rule": rule, "what": what, "options": options,
             **more}
    if len(options) == 1:
        queue(state).insert(0, entry)
        _answer(state, entry, OwedChoice(source, options[0]["id"]), events)
        return
    _queued(state, entry)


def action(state, seat: int, source: str, rule: str, god: str | None, values: list[int], refresh: bool = True) -> None:
    """Owe the player a God Action as a die of one of `values` (god None: any action, as an Anubis Action)."""
    _queued(state, {"type": "action", "seat": seat, "source": source, "card": source, "rule": rule, "god": god,
                    "values": list(values), "free": False, "refresh": refresh})


def _queued(state, entry: dict) -> None:
    queue(state).append(entry)


def due(state) -> bool:
    """Whether an owed decision is the one to make now (a Pillar ability waiting for its choice comes first:
    the action that raised the Pillar is not over)."""
    return state.ext is not None and bool(state.ext["owed"]) and state.phase != "ability"


def mark_resume(state, how: str) -> None:
    """What the flow resumes once nothing is owed: "turn" (the default; Decree D23's final actions go on by
    themselves) or "bot" (Botankhamun's turn was interrupted before its end)."""
    state.ext["resume"] = how


# -- what the owed player may do ---------------------------------------------------------------------------
def legal_actions(state) -> list:
    entry = head(state)
    if entry["type"] == "choice":
        return [OwedChoice(entry["source"], option["id"]) for option in entry["options"]]
    return _action_candidates(state, entry)


def _action_candidates(state, entry: dict) -> list:
    return list(_iter_action_candidates(state, entry))


def _iter_action_candidates(state, entry: dict):
    return (a for a in extra.iter_candidates(state, entry) if entry.get("refresh") or a.action != "thoth_refresh")


def iter_legal_actions(state):
    """`legal_actions` one at a time (the owed God Action's are listed value by value, lazily)."""
    entry = head(state)
    if entry["type"] == "choice":
        return iter(legal_actions(state))
    return _iter_action_candidates(state, entry)


def skip_impossible(state, events: list) -> None:
    """An owed God Action that cannot be performed (no space, no card, no Happiness...) is skipped, as the
    base engine skips an impossible Pillar ability (an assumed reading: seth_rules.owed_action_impossible)."""
    while True:
        entry = head(state)
        if entry is None or entry["type"] != "action" or entry.get("started"):
            return
        if next(_iter_action_candidates(state, entry), None) is not None:
            return
        queue(state).pop(0)
        state.note_assumed("seth_rules.owed_action_impossible")
        events.append({"event": "owed_skipped", "seat": entry["seat"], "source": entry["source"],
                       "god": entry["god"], "rule": entry["rule"]})


def apply(state, action, events: list) -> None:
    """Answer the owed decision at the head of the queue."""
    entry = head(state)
    if entry["type"] == "choice":
        _answer(state, entry, action, events)
        return
    if not isinstance(action, ExtraPerform):
        raise IllegalAction(entry["rule"], f"{entry['source']}: perform its God Action first",
                            f"{entry['source']}: 먼저 그 신 행동을 하세요")
    saved = state.pending
    entry["started"] = True
    state.pending = entry
    try:
        done = turn.perform_stand_in(state, action, events)
    except IllegalAction:
        entry.pop("started", None)
        state.pending = saved
        raise
    if state.phase == "ability":                 # a Pillar ability of the action waits: finish() resumes
        entry["saved_pending"] = saved
        return
    state.pending = saved
    if done:
        queue(state).pop(0)
        events.append({"event": "owed_done", "seat": entry["seat"], "source": entry["source"],
                       "action": action.action, "rule": entry["rule"]})
    else:
        entry.pop("started", None)               # a Thoth refresh: the action itself is still to come


def settle(state, events: list) -> None:
    """After a Pillar ability inside an owed action completed (the base engine resumed with the owed entry as
    its pending context): the action is done, the die's own pending context comes back."""
    entry = head(state)
    if entry is None or entry["type"] != "action" or "saved_pending" not in entry or state.phase == "ability":
        return
    if state.pending is not None and state.pending.get("type") == "action":
        state.pending = entry["saved_pending"]
    queue(state).pop(0)
    events.append({"event": "owed_done", "seat": entry["seat"], "source": entry["source"], "rule": entry["rule"]})


def _answer(state, entry: dict, action, events: list) -> None:
    if not isinstance(action, OwedChoice) or action.source != entry["source"]:
        raise IllegalAction(entry["rule"], f"{entry['source']}: choose first ({entry['what']})",
                            f"{entry['source']}: 먼저 고르세요 ({entry['what']})")
    option = next((o for o in entry["options"] if o["id"] == action.option), None)
    if option is None:
        raise IllegalAction(entry["rule"], f"{option_name(action.option, 'en')} is not one of the choices of {entry['source']}",
                            f"{option_name(action.option, 'ko')}은(는) {entry['source']}의 선택지가 아닙니다")
    p = state.player[entry["seat"]]
    if option.get("pay"):
        for resource, amount in option["pay"].items():
            core.pay(state, p, resource, amount, entry["rule"], events, in_turn=False)
    got = gain(state, p, option.get("gain") or {}, events, entry["rule"])
    kept = option.get("keep")
    if kept:
        {"blessing": p.blessings, "technology": p.technologies, "decree": p.decrees}[entry["deck"]].append(kept)
        _return_rest(state, entry, kept)
    queue(state).pop(0)
    events.append({"event": "owed_choice", "seat": entry["seat"], "source": entry["source"], "what": entry["what"],
                   "option": action.option, "gain": got, "pay": option.get("pay") or {},
                   "kept": bool(kept), "rule": entry["rule"]})


def _return_rest(state, entry: dict, kept: str) -> None:
    """The cards not kept go back: shuffled into the deck, or to its bottom."""
    deck = state.decks[entry["deck"]]
    rest = [c for c in entry.get("drawn", []) if c != kept]
    rng = state.random()
    for card in rest:
        if entry.get("rest") == "bottom":
            deck.insert(0, card)
        else:
            deck.insert(rng.randrange(len(deck) + 1), card)
    state.store_random(rng)


def draw(state, kind: str, count: int) -> list[str]:
    """Cards drawn from a deck (its discards reshuffled when it runs out), for a draw-and-keep choice."""
    rng = state.random()
    drawn = [c for c in (market.draw(state, kind, rng) for _ in range(count)) if c]
    state.store_random(rng)
    return drawn
