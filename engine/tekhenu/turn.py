"""A player's turn (tekhenu/round/...): take a die from the Obelisk Wheel (Scribes may turn it, an
Anubis Action frees it from its section), then perform its action — a God Action or Produce Resources —
with the card hooks around it (effects_cards.py) and Ra step 5 after a Ra action (pillars.py).

`execute` is the one way an action happens, for the die taken and for the stand-in dice cards give
(extra.py, play_cards.py). The turn ends in the flow (rules.py) once nothing more is owed.
"""
from __future__ import annotations

import math

from ..errors import IllegalAction
from . import core, extra, god_actions, pillars, temple, variants
from . import effects_cards as cards_fx
from .actions import ExtraPerform, Perform, TakeDie
from .board import FACTS, GODS, PURITY, die_range, out_of_range
from .state import Die

TAKE_RULE = "tekhenu/round/take-die"


# -- taking a die -----------------------------------------------------------------------------------
def take_die_candidates(state, memo: dict | None = None) -> list[TakeDie]:
    """Dice the player may take and how; given a `memo`, only those after which some action is possible."""
    p = state.current
    anubis_cost = cards_fx.anubis_cost(state)
    scribes = cards_fx.scribes_available(p)
    mods = cards_fx.take_modifiers(state)
    purity = PURITY
    producing = FACTS("produce.color_resource")
    t08 = "T08" in p.technologies
    takes = _TAKES
    giving: dict[str, bool] = {}        # colour -> whether a variant's die of it gives something as it is taken
    out = []
    for section, dice in enumerate(state.sections):
        light = state.light(section)
        for die in dice:
            color, value = cards_fx.die_as_taken(state, die, section) if mods else (die.color, die.value)
            low, high, _ = die_range(die.color)
            if not low <= value <= high or (mods.get("color") == die.color):
                continue
            forbidden = purity[light][color] == "forbidden"
            for anubis in ((True,) if mods.get("free_anubis") else (False, True)):
                treats = cards_fx.treat_options(state, p, color, section, anubis) if t08 else (None,)
                if forbidden and not anubis and treats == (None,):
                    continue
                spare = scribes - (anubis_cost if anubis else 0)
                if spare < 0:
                    continue
                # each Scribe moves the die by 1 or 2, never past 1 or 6 (a variant's die: its own faces)
                lo, hi = max(low - value, -2 * spare), min(high - value, 2 * spare)
                adjusts = range(lo, hi + 1)
                # an Anubis die may always Produce any Resource, a die of a Resource's colour its own
                if memo is not None and not anubis and color not in producing:
                    known = memo.setdefault(section, {})     # die value -> whether an action can follow
                    gives = giving.get(color)
                    if gives is None:
                        gives = giving[color] = bool(state.ext is not None
                                                     and variants.of(state).gained_on_take(state, color, 1))
                    kept = []
                    for adjust in adjusts:
                        allows = known.get(value + adjust)
                        if allows is None:
                            allows = known[value + adjust] = _die_allows_action(state, section, color, value + adjust)
                        if not allows and gives:
                            # what the die gives as it is taken may pay for an action (Time of Seth's blue die
                            # its Priests); only more to spend, so asked only where nothing could follow without it
                            own = memo.setdefault((section, color), {})
                            allows = own.get(value + adjust)
                            if allows is None:
                                allows = own[value + adjust] = _die_allows_action(state, section, color, value + adjust,
                                                                                  taken=True)
                        if allows:
                            kept.append(adjust)
                    adjusts = kept
                for treat in treats:
                    for adjust in adjusts:
                        action = takes.get((die.id, adjust, anubis, treat))
                        out.append(action if action is not None else _take(die.id, adjust, anubis, treat))
    return out


_TAKES: dict[tuple, TakeDie] = {}


def _take(die: int, adjust: int, anubis: bool, treat) -> TakeDie:
    """The TakeDie value, made once: actions are immutable, and listing the candidates anew at every
    decision spent much of a random game's time constructing the same few hundred of them."""
    key = (die, adjust, anubis, treat)
    action = _TAKES.get(key)
    if action is None:
        action = _TAKES[key] = TakeDie(die, adjust, anubis, treat)
    return action


def take_die_actions(state) -> list[TakeDie]:
    """The dice worth taking; when no die allows any action, any Pure or Tainted die as it lies (a rules
    gap: data/board.yaml rules_gaps.no_action_possible)."""
    playable = take_die_candidates(state, memo={})
    return playable or [a for a in take_die_candidates(state) if a.adjust == 0]


def unplayable_take(state, action) -> IllegalAction | None:
    """A die that `take_die_actions` leaves out (as turned, no action could follow it while another die allows
    one): "you must choose to perform a different action, potentially choosing a different die altogether"."""
    if not isinstance(action, TakeDie) or state.phase != "take_die":
        return None
    return IllegalAction("tekhenu/actions/spending-resources/cannot-afford",
                         "no action can follow that die as taken: choose another die (or another value)",
                         "그렇게 가져온 주사위로는 할 수 있는 행동이 없습니다: 다른 주사위(또는 다른 눈)를 고르세요")


def scribes_for(adjust: int) -> int:
    """Scribes to turn a die by `adjust`: each Scribe moves it by 1 or 2 (tekhenu/actions/scribes/adjust-die)."""
    return math.ceil(abs(adjust) / 2)


def _die_allows_action(state, section: int, color: str, value: int, taken: bool = False) -> bool:
    """Whether some God Action could follow a non-Anubis die that cannot Produce Resources: checked on a
    hypothetical pending turn, no copy. Only the section and value matter (take_die_candidates memoises
    the answers per call) — and, `taken`, what a variant's die of that colour gives as it is taken."""
    pending = {"color": color, "value": value, "god": GODS[section], "anubis": False}
    waivers = [c for c in state.current.blessings if c in cards_fx.WAIVERS]
    if waivers:      # a Blessing that waives the cost would make the action possible
        pending["if_blessed"] = waivers
    if taken:        # what the die gives as it is taken pays for its action too
        gained = variants.of(state).gained_on_take(state, color, value)
        if gained:
            pending["gained_on_take"] = gained
    return bool(god_actions.candidates(state, pending, first=True))


def take_die(state, action: TakeDie, events: list | None = None) -> None:
    p = state.current
    located = next(((s, d) for s, dice in enumerate(state.sections) for d in dice if d.id == action.die), None)
    if located is None:
        raise IllegalAction(TAKE_RULE, f"die {action.die} is not on the Obelisk Wheel",
                            f"주사위 {action.die}은(는) 오벨리스크 원 위에 없습니다")
    section, die = located
    color, base = cards_fx.die_as_taken(state, die, section)     # B09-B12 may change both
    refusal = cards_fx.take_refusal(state, p, die, color, base, section, action)
    if refusal is not None:
        raise refusal
    purity = cards_fx.purity_as_taken(state, color, section, action.treat)   # T08 may treat Forbidden
    if purity == "forbidden" and not action.anubis:
        raise IllegalAction(TAKE_RULE, "you may only choose a Pure or Tainted die, not a Forbidden die",
                            "온전한 주사위나 부패한 주사위만 고를 수 있고, 금지된 주사위는 고를 수 없습니다")
    value = base + action.adjust
    low, high, _ = die_range(die.color)
    if not low <= value <= high:
        rule, en, ko = out_of_range(die.color)
        raise IllegalAction(rule, en, ko)
    cost = scribes_for(action.adjust) + (cards_fx.anubis_cost(state) if action.anubis else 0)
    if cost > cards_fx.scribes_available(p):
        rule = "tekhenu/actions/scribes/anubis" if action.anubis else "tekhenu/actions/scribes/adjust-die"
        raise IllegalAction(rule, f"that needs {cost} Scribes and you have {p.scribes}",
                            f"서기 {cost}명이 필요한데 {p.scribes}명뿐입니다")
    core.pay(state, p, "scribes", cost, "tekhenu/actions/scribes/adjust-die", events)
    state.sections[section].remove(die)
    die = Die(die.id, die.color, value)      # a new Die: copies of the state share the old one
    if action.anubis:
        p.below.append(die)          # below the scales: not counted in the balance
    elif purity == "pure":
        p.pure.append(die)
    else:
        p.tainted.append(die)
    state.pending = {"die": {"id": die.id, "color": die.color, "value": value}, "color": color,
                     "value": value, "god": GODS[section], "section": section, "purity": purity,
                     "anubis": action.anubis, "scribes_spent": cost}
    if events is not None:
        events.append({"event": "take_die", "seat": p.seat, "die": die.id, "color": die.color, "value": value,
                       "god": GODS[section], "purity": purity, "anubis": action.anubis, "scribes_spent": cost,
                       "rule": "tekhenu/actions/scribes/anubis" if action.anubis else TAKE_RULE})
        cards_fx.after_take(state, p, state.pending, action.treat, events)
        if state.ext is not None:
            variants.of(state).after_take(state, p, action, events)


# -- performing an action ---------------------------------------------------------------------------
def execute(state, p, pending: dict, action: Perform, events: list) -> None:
    """One action with the die `pending` (the die taken, or an extra action's view of it), card effects
    included: effects_cards turns the die / grants Resources first and triggers Technologies after;
    after a Ra action, the tile's ability (Ra step 5) and the Pillar on it (step 6)."""
    cards_fx.before_action(state, p, pending, action, events)
    refused = god_actions.refusal(state, p, pending, action)
    if refused is not None:
        raise refused
    saved, state.pending = state.pending, pending       # the handlers read the die from state.pending
    if action.action == "produce":
        for _ in range(cards_fx.productions(state, action)):     # B21/B22 produce twice
            resource, excess = god_actions.produce(state, p, action, events)
            cards_fx.after_produce(state, p, pending, resource, excess, events)
    else:
        god_actions.HANDLERS[action.action](state, p, action, events)
        if action.action == "ra":
            _ra_steps_5_and_6(state, p, action, events)
    if state.phase != pillars.PHASE:
        state.pending = saved
    elif pending is not saved:      # a Pillar ability waits (pillars.py): it resumes with the die's own view
        state.pending["resume"]["pending"] = saved
    cards_fx.after_action(state, p, pending, action, events)
    if action.action != "produce":
        # the Statue just built this turn, as the die's own action recorded it
        god_actions.statue_bonuses(state, p, action.action, events,
                                   just_built=(state.pending or {}).get("statue_built_for"))


def _ra_steps_5_and_6(state, p, action: Perform, events: list) -> None:
    """Step 5: the tile's ability may wait for the player's choice (pillars.finish then does step 6)."""
    tile = state.temple[action.cell]["tile"]
    cell = tuple(int(x) for x in action.cell.split(","))
    if not pillars.activate(state, p, tile, cell, action.rotation, events):
        temple.place_pillar(state, p.seat, action.cell, events)


def perform(state, action: Perform, events: list) -> None:
    """The action of the die taken this turn (tekhenu/round/perform-action)."""
    if action.kind != "perform":     # an ExtraPerform: only for a Pillar ability or Decree D23
        raise IllegalAction("tekhenu/round/perform-action", "the die taken performs an ordinary action",
                            "가져온 주사위로는 일반 행동을 합니다")
    if state.turn_effects.get("normal_done"):
        raise IllegalAction("tekhenu/round/perform-action", "the action for the die taken was already performed",
                            "가져온 주사위의 행동은 이미 수행했습니다")
    if action.action == "thoth_refresh":
        god_actions.thoth_refresh(state, action, events)    # part of the Thoth action: the turn goes on
        return
    if state.pending.get("refreshed") is not None and action.action not in ("thoth", "none"):
        raise IllegalAction("tekhenu/actions/thoth/refresh-section",
                            "after refreshing a section, the action is the Thoth action",
                            "구역을 새로 채운 뒤의 행동은 토트 행동입니다")
    perform_action(state, action, events)
    state.turn_effects["normal_done"] = True


def perform_action(state, action: Perform, events: list) -> None:
    """An action for the die in `state.pending`; "none" only when no action is possible (a rules gap:
    data/board.yaml rules_gaps.no_action_possible)."""
    p = state.current
    if action.action == "none":
        if cards_fx.normal_fitting(state, god_actions.candidates(state)):
            raise IllegalAction("tekhenu/round/perform-action", "you must perform an action with the die you took",
                                "가져온 주사위로 행동을 해야 합니다")
        state.note_assumed("rules_gaps.no_action_possible")
        events.append({"event": "no_action_possible", "seat": p.seat})
        return
    execute(state, p, state.pending, action, events)


def normal_actions(state) -> list[Perform]:
    """The die's own action candidates (none once it is performed)."""
    return [] if state.turn_effects.get("normal_done") else god_actions.candidates(state)


# -- a card's God Action on a stand-in die (Pillar abilities, Decree D23) ---------------------------------
def perform_stand_in(state, action: ExtraPerform, events: list) -> bool:
    """Run the action on the stand-in die of the card in `state.pending` (extra.py). True when the action
    is complete (a refresh is not: the Thoth action goes on)."""
    context = state.pending
    if action.value not in context["values"]:
        raise IllegalAction(context["rule"], f"{context['card']} acts as a die of {context['values']}, "
                                             f"not {action.value}",
                            f"{context['card']}은(는) 주사위 눈 {context['values']}로 행동합니다 ({action.value} 불가)")
    if action.action == "thoth_refresh" and not context.get("refresh"):
        raise IllegalAction(context["rule"], f"{context['card']} does not offer the Thoth refresh",
                            f"{context['card']}로는 카드 시장 구역을 새로 채울 수 없습니다")
    state.pending = extra.stand_in(context, action.value)
    if action.action == "thoth_refresh":
        god_actions.thoth_refresh(state, extra.as_perform(action), events)
        context["refreshed"] = state.pending.get("refreshed")
        state.pending = context
        return False
    if context.get("free"):
        extra.credit_cost(state, action)
    perform_action(state, extra.as_perform(action), events)
    return True
