"""The decisions cards add to a turn: when a Blessing may be played (tekhenu/actions/thoth/blessing-cards,
each card's "Play when ..."), and the extra actions cards grant — B17-B20 with the die taken, T19's
Produce Resources first — and Happiness 21's immediate extra action
(tekhenu/actions/bastet/happiness-21-extra-action). What the cards then do is effects_cards.py; the
turn ends in the flow (rules.py) once no extra action is owed.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import IllegalAction
from ..korean import josa
from . import core, god_actions, turn
from . import effects_cards as cards_fx
from .actions import Perform, UseBlessing
from .board import FACTS, GODS, PURITY, adjacent, die_range, opposite
from .cards import CARD_FACTS as CF
from .cards import card_rule, note_reading
from .terms import both, term
from .core import H21, H21_RULE
from .effects_cards import (ADJACENT, ATTACHED, DIE_COLORS, FREE_ANUBIS, OPPOSITE, POPULACE, RECOLOR, SET_VALUE,
                            TAKE_TIME, WAIVERS, allowed_kinds, kind_of, normal_fitting, take_modifiers)


def _te(state) -> dict:
    return state.turn_effects


# -- Blessings: when each may be played ------------------------------------------------------------------
def blessing_actions(state) -> list:
    """UseBlessing choices open to the player whose turn it is (take_die and act phases)."""
    p = state.current
    if not p.blessings:
        return []
    out = []
    held = sorted(set(p.blessings))
    mods = take_modifiers(state)
    for card in held:
        if card in POPULACE:
            out += [UseBlessing(card, "population"), UseBlessing(card, "happiness")]
        elif state.phase == "take_die" and card in TAKE_TIME:
            out += _take_time_options(state, card, mods)
    if state.phase == "act" and any(c in ATTACHED for c in held):
        kinds = _hypothetical_kinds(state, p)
        allowed = allowed_kinds(state)
        for card in held:
            if card in ATTACHED and kinds & set(ATTACHED[card]) & allowed:
                out.append(UseBlessing(card))
    return out


def _take_time_options(state, card: str, mods: dict) -> list:
    p = state.current
    if card in SET_VALUE:
        return [] if "value" in mods else [UseBlessing(card, str(v)) for v in range(1, 7)
                                           if _leaves_a_die(state, p, dict(mods, value=v))]
    if card in RECOLOR:
        return [] if "color" in mods else [UseBlessing(card, f"{c},{s}") for c in DIE_COLORS for s in (-1, 0, 1)
                                           if _leaves_a_die(state, p, dict(mods, color=c, shift=s))]
    if card in FREE_ANUBIS:
        return [] if mods.get("free_anubis") else [UseBlessing(card)]
    return [UseBlessing(card)]       # B17-B20: each copy is one more extra action


def _leaves_a_die(state, p, mods: dict) -> bool:
    """Whether some die could still be taken with these B09-B12 modifiers (a value past 1-6, or only dice
    of the colour named, would leave none)."""
    anubis = mods.get("free_anubis") or core.available(p, "scribes") >= FACTS("limits.anubis_scribes")
    for section, dice in enumerate(state.sections):
        for die in dice:
            color = mods.get("color", die.color)
            value = mods.get("value", die.value) + mods.get("shift", 0)
            low, high, _ = die_range(die.color)
            if color == die.color and "color" in mods or not low <= value <= high:
                continue
            if anubis or "T08" in p.technologies or PURITY[state.light(section)][color] != "forbidden":
                return True
    return False


def _hypothetical_kinds(state, p) -> set:
    """Kinds of the next action that would be possible if the player's waiver Blessings were played."""
    waivers = [c for c in p.blessings if c in WAIVERS]
    kinds = set()
    if not _te(state).get("normal_done"):
        pending = dict(state.pending, if_blessed=waivers) if waivers else state.pending
        kinds |= {kind_of(a) for a in god_actions.candidates(state, pending, p)}
    for entry in _te(state).get("extras", ()):
        if entry["by"] != H21:
            kinds |= {kind_of(a) for a in _extra_variants(state, p, entry["by"], waivers)}
    if _t19_open(state, p):
        kinds.add("produce")
    return kinds


def use_blessing(state, action: UseBlessing, events: list) -> None:
    p = state.current
    card = action.card
    rule = "tekhenu/actions/thoth/blessing-cards"
    if state.phase not in ("take_die", "act"):
        raise IllegalAction(rule, "Blessings are played during your turn", "축복은 자신의 차례에 플레이합니다")
    if card not in p.blessings:
        raise IllegalAction(rule, f"you have no Blessing {card}", f"축복 {card}이(가) 없습니다")
    refusal = _blessing_refusal(state, p, action)
    if refusal is not None:
        raise refusal
    cards_fx.play_blessing(state, p, action, events)


def _blessing_refusal(state, p, action: UseBlessing) -> IllegalAction | None:
    card, option, rule = action.card, action.option, card_rule(action.card)
    if card in TAKE_TIME and state.phase != "take_die":
        when, when_ko = (("at the start of your turn", "차례를 시작할 때") if card in FREE_ANUBIS
                         else ("when taking a die", "주사위를 가져올 때"))
        return IllegalAction(rule, f"{card} is played {when}, before the die is taken",
                             f"{card}는 {when_ko}, 주사위를 가져오기 전에 플레이합니다")
    if card in POPULACE and option not in ("population", "happiness"):
        return IllegalAction(rule, f"{card} gives 3 Population or 3 Happiness: option population|happiness",
                             f"{card}는 인구 3 또는 행복지수 3을 줍니다: population|happiness 중 선택")
    if card in SET_VALUE and option not in [str(v) for v in range(1, 7)]:
        return IllegalAction(rule, f"{card} turns the die to any value: option 1-6",
                             f"{card}는 주사위를 원하는 눈으로 바꿉니다: 1~6 중 선택")
    if card in RECOLOR:
        color, _, shift = (option or "").partition(",")
        if color not in DIE_COLORS or shift not in ("-1", "0", "1"):
            return IllegalAction(rule, f"{card} needs option 'colour,shift' (shift -1, 0 or 1)",
                                 f"{card}는 '색,조정값' 선택이 필요합니다 (조정값 -1, 0, 1)")
    if card in SET_VALUE + RECOLOR:
        mods = dict(take_modifiers(state))
        mods.update({"value": int(option)} if card in SET_VALUE else {"color": color, "shift": int(shift)})
        if not _leaves_a_die(state, p, mods):
            return IllegalAction(rule, f"after {card} no die on the Obelisk Wheel could be taken",
                                 f"{card}를 쓰면 오벨리스크 원에서 가져올 수 있는 주사위가 없습니다")
    if card in ATTACHED:
        if state.phase != "act":
            return IllegalAction(rule, f"{card} is played when performing the action it names",
                                 f"{card}는 카드에 적힌 행동을 수행할 때 플레이합니다")
        fits = set(ATTACHED[card]) & allowed_kinds(state) & _hypothetical_kinds(state, p)
        if not fits:
            return IllegalAction(rule, f"{card} is played when performing a {' or '.join(ATTACHED[card])} action, "
                                       "and none is possible now",
                                 f"{josa(card, '은/는')} {' 또는 '.join(term(g, 'ko') for g in ATTACHED[card])} 행동을 할 때 플레이하는데, 지금은 그 행동을 할 수 없습니다")
    return None


# -- extra actions: B17-B20 (with the die taken), T19 (Produce first), Happiness 21 ---------------------
def _extra_gods(card: str, section: int | None) -> tuple:
    if section is None:         # a die from a variant's board (Seth board): no section is adjacent or opposite
        return ()
    god = GODS[section]
    return adjacent(god) if card in ADJACENT else (opposite(god),)


def _extra_cost_refusal(p, card: str) -> IllegalAction | None:
    cost = CF(f"extra_action_cost.{card}")
    if "scribes" in cost and core.available(p, "scribes") < cost["scribes"]:
        return IllegalAction(card_rule(card), f"the extra action of {card} costs 1 Scribe",
                             f"{card}의 추가 행동에는 서기 1명이 듭니다")
    if "happiness" in cost and (p.happiness < cost["happiness"] or p.population < cost["population"]):
        return IllegalAction(card_rule(card), f"the extra action of {card} lowers Happiness and Population by 1",
                             f"{card}의 추가 행동은 행복지수와 인구를 1씩 낮춥니다")
    return None


def _extra_pending(state, god: str, waivers=()) -> dict:
    pending = {k: v for k, v in state.pending.items() if k not in ("refreshed", "pregained")}
    pending.update(god=god, anubis=False)
    if waivers:
        pending["if_blessed"] = list(waivers)
    return pending


def _extra_variants(state, p, card: str, waivers=()) -> list:
    """The extra God Actions a card allows, judged as they would be after paying its cost."""
    if state.phase != "act" or _extra_cost_refusal(p, card) is not None:
        return []
    saved = (p.scribes, p.happiness, p.population, p.resources["gold"])
    _pay_extra_cost(p, card)            # undone below: legal_actions never changes the state
    out = []
    for god in _extra_gods(card, state.pending["section"]):
        out += [replace(a, by=card) for a in god_actions.candidates(state, _extra_pending(state, god, waivers), p)
                if a.action == god]
    p.scribes, p.happiness, p.population, p.resources["gold"] = saved
    return out


def _pay_extra_cost(p, card: str, state=None, events=None) -> None:
    cost = CF(f"extra_action_cost.{card}")
    if "scribes" in cost:
        if state is not None:
            core.pay(state, p, "scribes", cost["scribes"], card_rule(card), events)
        elif p.scribes >= cost["scribes"]:
            p.scribes -= cost["scribes"]
        else:
            p.resources["gold"] -= cost["scribes"]      # T10: Gold in place of a Scribe
    else:
        p.happiness -= cost["happiness"]
        p.population -= cost["population"]


def _t19_open(state, p) -> bool:
    te = _te(state)
    return ("T19" in p.technologies and state.phase == "act" and not te.get("normal_done")
            and not state.pending["anubis"]
            and not te.get("t19_done") and state.pending.get("purity") == "tainted"
            and state.pending["color"] in FACTS("produce.color_resource") and core.available(p, "scribes") >= 1)


def _god_action_after_t19(state, shift: int) -> bool:
    """Whether the Resources T19 produces first would pay for a God Action of the die (T19's Produce "before
    that action": the tekhenu/scenario/t19-produce-before-god-action case, Bastet paid by the Papyrus)."""
    trial = state.copy()
    try:
        _perform_t19(trial, trial.current, Perform("produce", by="T19", shift=shift), [])
    except IllegalAction:
        return False
    return bool(normal_fitting(trial, god_actions.candidates(trial)))


def _thoth_begun(state) -> bool:
    """A Thoth refresh has begun the die's Thoth action and its cards are not taken yet: an extra action
    comes before or after the normal action (B17-B20 "in any order"), not inside it (an assumed reading,
    card_effects.readings.extra_action_not_inside_thoth)."""
    return state.pending.get("refreshed") is not None and not _te(state).get("normal_done")


def _happiness21_pending(value: int) -> dict:
    return {"value": value, "god": None, "anubis": True, "color": None, "section": None, "purity": None,
            "die": None, "no_shift": True}


def _happiness21_variants(state, p) -> list:
    out = []
    for value in range(1, 7):
        out += [replace(a, by=H21, value=value) for a in god_actions.candidates(state, _happiness21_pending(value), p)
                if a.action != "thoth_refresh"]
    return out


def owed_happiness21(state) -> dict | None:
    return next((e for e in _te(state).get("extras", ()) if e["by"] == H21), None) if state.turn_effects else None


def forced_actions(state) -> list | None:
    """The Happiness-21 extra action is immediate: while it is owed it is the only decision."""
    entry = owed_happiness21(state)
    if entry is None:
        return None
    return _happiness21_variants(state, state.player[entry["seat"]]) or [Perform("none", by=H21)]


def immediate_refusal(state, action) -> IllegalAction | None:
    if owed_happiness21(state) is not None and not (isinstance(action, Perform) and action.by == H21):
        return IllegalAction(H21_RULE, "Happiness reached 21: perform the extra action first (it is immediate)",
                             "행복지수가 21에 도달했습니다: 먼저 추가 행동을 하세요 (즉시 수행)")
    return None


def act_actions(state, normal: list) -> list:
    """Act-phase choices: the die's normal action (unless done), T19's Produce, owed B17-B20 extra actions,
    and the Blessings that may be played now."""
    p, te = state.current, _te(state)
    out = []
    if not te.get("normal_done"):
        allowed = allowed_kinds(state)
        out += normal_fitting(state, normal) or [Perform("none")]
        if _thoth_begun(state):
            return out + blessing_actions(state)      # its cards first: nothing comes between
        if _t19_open(state, p) and "produce" in allowed:
            god_now = any(kind_of(a) in GODS for a in normal)
            out += [Perform("produce", by="T19", shift=s) for s in cards_fx.shifts(p, state.pending)[1]
                    if god_now or _god_action_after_t19(state, s)]
    for card in sorted({e["by"] for e in te.get("extras", ())}):
        out += [a for a in _extra_variants(state, p, card) if kind_of(a) in allowed_kinds(state)] or \
               ([Perform("none", by=card)] if te.get("normal_done") else [])
    return out + blessing_actions(state)


def perform_extra(state, action: Perform, events: list) -> None:
    """An extra action (Perform with `by`): B17-B20, T19 or Happiness 21."""
    if action.by == H21:
        _perform_happiness21(state, action, events)
        return
    if state.phase != "act":
        raise IllegalAction("tekhenu/round/take-die", "extra actions use the die taken this turn: take it first",
                            "추가 행동은 이번 차례에 가져온 주사위를 씁니다: 먼저 주사위를 가져오세요")
    p, te = state.current, _te(state)
    if _thoth_begun(state):
        note_reading(state, "extra_action_not_inside_thoth")
        raise IllegalAction("tekhenu/actions/thoth/refresh-section",
                            "the Thoth action has begun with a refresh: take its cards before any other action",
                            "토트 행동이 구역 새로 채우기로 시작됐습니다: 다른 행동 전에 카드를 가져오세요")
    if action.by == "T19":
        _perform_t19(state, p, action, events)
        return
    entry = next((e for e in te.get("extras", ()) if e["by"] == action.by), None)
    if entry is None:
        raise IllegalAction(card_rule(action.by) if action.by in ADJACENT + OPPOSITE else "tekhenu/round/perform-action",
                            f"no extra action from {action.by} is owed this turn",
                            f"이번 차례에 {action.by}의 추가 행동은 없습니다")
    if action.action == "none":
        if _extra_variants(state, p, action.by):
            raise IllegalAction(card_rule(action.by), f"the extra action of {action.by} can still be performed",
                                f"{action.by}의 추가 행동을 아직 수행할 수 있습니다")
        note_reading(state, "extra_action_unavailable")
    else:
        gods = _extra_gods(action.by, state.pending["section"])
        if action.action not in gods:
            where, where_ko = ("adjacent to", "인접한") if action.by in ADJACENT else ("opposite", "맞은편")
            en, ko = both(state.pending["god"])
            raise IllegalAction(card_rule(action.by), f"{action.by}'s extra action is the God Action {where} "
                                                      f"{en}: {' or '.join(both(g)[0] for g in gods)}",
                                f"{action.by}의 추가 행동은 {ko} 구역에 {where_ko} 신 행동입니다: "
                                f"{' 또는 '.join(both(g)[1] for g in gods)}")
        refusal = _extra_cost_refusal(p, action.by)
        if refusal is not None:
            raise refusal
        if action.by in ADJACENT:
            state.note_assumed("wheel.gods")           # which sections are adjacent: board art
        _pay_extra_cost(p, action.by, state, events)
        pending = _extra_pending(state, action.action)
        turn.execute(state, p, pending, action, events)
        state.pending["value"] = pending["value"]          # the same die (T14 may have turned it)
    te["extras"].remove(entry)
    events.append({"event": "extra_action", "seat": p.seat, "by": action.by, "action": action.action,
                   "rule": card_rule(action.by)})


def _perform_t19(state, p, action: Perform, events: list) -> None:
    """T19: before the normal action, spend 1 Scribe to also Produce Resources with the Tainted die."""
    if action.action != "produce" or not _t19_open(state, p):
        raise IllegalAction("tekhenu/T19", "T19 produces with a Tainted die taken for a God Action, before that "
                                           "action, for 1 Scribe",
                            "T19는 신 행동을 위해 가져온 부패한 주사위로, 그 행동 전에 서기 1명을 써서 자원을 생산합니다")
    core.pay(state, p, "scribes", CF("technology.T19_scribes"), "tekhenu/T19", events)
    turn.execute(state, p, state.pending, replace(action, resource=None), events)
    _te(state).update(t19_done=True, god_only=True)
    events.append({"event": "extra_action", "seat": p.seat, "by": "T19", "action": "produce", "rule": "tekhenu/T19"})


def _perform_happiness21(state, action: Perform, events: list) -> None:
    entry = owed_happiness21(state)
    if entry is None:
        raise IllegalAction(H21_RULE, "no Happiness-21 extra action is owed", "행복지수 21의 추가 행동이 없습니다")
    p = state.player[entry["seat"]]
    if action.action == "none":
        if _happiness21_variants(state, p):
            raise IllegalAction(H21_RULE, "the Happiness-21 extra action can be performed: choose one",
                                "행복지수 21의 추가 행동을 할 수 있습니다: 하나를 고르세요")
    else:
        if action.value not in range(1, 7) or action.action == "thoth_refresh" or action.shift:
            raise IllegalAction(H21_RULE, "perform one action as if with any die value (value 1-6)",
                                "원하는 주사위 눈(1~6)인 것처럼 행동 하나를 수행합니다")
        if action.action == "produce":
            note_reading(state, "happiness21_produce_any")
        turn.execute(state, p, _happiness21_pending(action.value), action, events)
    _te(state)["extras"].remove(entry)
    events.append({"event": "extra_action", "seat": p.seat, "by": H21, "action": action.action, "value": action.value,
                   "rule": H21_RULE})
