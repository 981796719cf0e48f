"""What Blessings (B01-B24) and Technologies (T01-T24) do: their effects on the state, applied by the
rule modules at the moment each card names (hooks). When a Blessing may be played and the extra actions
cards grant are play_cards.py.

Blessings are one-time cards (tekhenu/actions/thoth/blessing-cards) that stack with Technologies
(tekhenu/appendix/blessing-cards/intro). What a Blessing leaves at work during the turn lives in
`state.turn_effects`:

    take       modifiers for the die about to be taken: value (B09/B10), color + shift (B11/B12),
               free_anubis (B23/B24)
    attached   Blessings played for the next action performed: B01-B06, B21/B22 (Produce Resources),
               B13/B14 (Ra or Horus), B15/B16 (Bastet or Hathor)
    extras     extra actions owed: {"by": B17-B20} (with the die taken) or {"by": "happiness21", "seat"}
    normal_done, t19_done, god_only, substituted (T10/T22 already scored this turn), played
"""
from __future__ import annotations

from ..errors import IllegalAction
from ..korean import josa
from . import core, temple, variants
from .actions import Perform, UseBlessing
from .board import FACTS, GODS, PURITY, die_range, out_of_range
from .cards import CARD_FACTS, card_rule, note_reading
from .state import Die
from .terms import term

CF = CARD_FACTS

PRODUCE_GAIN = {card: CF(f"produce_gain.{card}") for card in ("B01", "B02", "B03", "B04", "B05", "B06")}
WAIVERS = {card: CF(f"waived_costs.{card}") for card in ("B13", "B14", "B15", "B16")}
GOD_TECH = {card: CF(f"god_action.{card}") for card in ("T01", "T02", "T03", "T04", "T06", "T20", "T21")}
# which action kinds an attached Blessing is played for
ATTACHED = {**{card: ("produce",) for card in list(PRODUCE_GAIN) + ["B21", "B22"]},
            **{card: tuple(w["gods"]) for card, w in WAIVERS.items()}}
SET_VALUE, RECOLOR = ("B09", "B10"), ("B11", "B12")
ADJACENT, OPPOSITE, FREE_ANUBIS, POPULACE = ("B17", "B18"), ("B19", "B20"), ("B23", "B24"), ("B07", "B08")
TAKE_TIME = SET_VALUE + RECOLOR + ADJACENT + OPPOSITE + FREE_ANUBIS
DIE_COLORS = tuple(FACTS("dice.colors"))


def _te(state) -> dict:
    return state.turn_effects


def kind_of(action) -> str:
    """The kind of action a card cares about: "produce" or a god (a Thoth refresh is part of Thoth)."""
    return "thoth" if action.action == "thoth_refresh" else action.action


# -- costs of an action: waivers (B13-B16) and resources gained before it (T04, T20, T21) --------------
def _waived(state, pending: dict, god: str, resource: str) -> bool:
    # (loops, not a joined list: this is asked for every candidate action of every decision)
    for cards in (_te(state).get("attached", ()), pending.get("if_blessed", ())):
        for card in cards:
            waiver = WAIVERS.get(card)
            if waiver is not None and god in waiver["gods"] and resource in waiver["resources"]:
                return True
    return False


# god -> [(Technology, the Resources it gives before that god's action)], for _gained_before
_BEFORE_BY_GOD: dict[str, list[tuple[str, dict]]] = {}
for _card, _tech in GOD_TECH.items():
    if "before" in _tech:
        _BEFORE_BY_GOD.setdefault(_tech["god"], []).append((_card, _tech["before"]))


def _gained_before(p, pending: dict, god: str, resource: str) -> int:
    if pending.get("pregained"):
        return 0
    return sum(before.get(resource, 0) for card, before in _BEFORE_BY_GOD.get(god, ()) if card in p.technologies)


def due(state, pending: dict, god: str, resource: str, amount: int) -> int:
    """What the action still costs in this Resource after Blessing waivers."""
    return 0 if _waived(state, pending, god, resource) else amount


def affordable(state, p, pending: dict, god: str, resource: str, amount: int) -> bool:
    """Whether a God Action's cost can be met, after Blessing waivers and Technology gains."""
    if not p.technologies and not state.turn_effects and "if_blessed" not in pending:   # the common case
        return p.resources[resource] + p.resources["gold"] >= amount
    amount = due(state, pending, god, resource, amount) - _gained_before(p, pending, god, resource)
    return amount <= 0 or core.available(p, resource) >= amount


# -- taking a die ------------------------------------------------------------------------------------
def scribes_available(p) -> int:
    return core.available(p, "scribes")


def take_modifiers(state) -> dict:
    return _te(state).get("take", {})


def die_as_taken(state, die, section: int) -> tuple[str, int]:
    """Colour and value a die counts as when taken, after B09-B12 (before Scribes)."""
    mods = take_modifiers(state)
    if not mods:
        return die.color, die.value
    return mods.get("color", die.color), mods.get("value", die.value) + mods.get("shift", 0)


def purity_as_taken(state, color: str, section: int, treat: str | None) -> str:
    purity = PURITY[state.light(section)][color]
    return treat if purity == "forbidden" and treat else purity


def treat_options(state, p, color: str, section: int, anubis: bool) -> tuple:
    """T08: a Forbidden die may be taken as if it were Pure or Tainted."""
    if not anubis and "T08" in p.technologies and PURITY[state.light(section)][color] == "forbidden":
        return ("pure", "tainted")
    return (None,)


def take_refusal(state, p, die, color: str, value: int, section: int, action) -> IllegalAction | None:
    mods = take_modifiers(state)
    if mods.get("color") and mods["color"] == die.color:
        card = mods["recolor_card"]
        return IllegalAction(card_rule(card), f"{card} treats the die as a different colour than its own ({die.color})",
                             f"{josa(card, '은/는')} 주사위를 원래 색({term(die.color, 'ko')})과 다른 색으로 취급합니다")
    if mods.get("free_anubis") and not action.anubis:
        card = mods["free_anubis"]
        return IllegalAction(card_rule(card), f"{card} was played to perform an Anubis Action: take the die with it",
                             f"{card}는 아누비스 행동을 하려고 플레이했습니다: 주사위를 아누비스 행동으로 가져오세요")
    if action.treat is not None:
        if "T08" not in p.technologies:
            return IllegalAction("tekhenu/T08", "only T08 lets you treat a Forbidden die as Pure or Tainted",
                                 "T08이 있어야 금지된 주사위를 온전한/부패한 주사위로 취급할 수 있습니다")
        if action.anubis or PURITY[state.light(section)][color] != "forbidden" or \
                action.treat not in ("pure", "tainted"):
            return IllegalAction("tekhenu/T08", "T08 treats a Forbidden die (taken without Anubis) as Pure or Tainted",
                                 "T08은 (아누비스 행동 없이 가져온) 금지된 주사위를 온전한/부패한 주사위로 취급합니다")
    low, high, _ = die_range(die.color)
    if not low <= value <= high:
        rule, en, ko = out_of_range(die.color)
        return IllegalAction(rule, en, ko)
    return None


def anubis_cost(state) -> int:
    return 0 if take_modifiers(state).get("free_anubis") else FACTS("limits.anubis_scribes")


def after_take(state, p, pending: dict, treat: str | None, events: list) -> None:
    """T18 (a Pure die: 1 VP) and T23 (an Anubis Action: 3 VP); the take modifiers are used up."""
    _te(state).pop("take", None)
    if treat:
        events.append({"event": "card_effect", "seat": p.seat, "card": "T08", "treated_as": treat,
                       "rule": "tekhenu/T08"})
    if pending["purity"] == "pure" and "T18" in p.technologies:
        core.card_vp(p, "T18", CF("technology.T18_pure_vp"), events)
    if pending["anubis"] and "T23" in p.technologies:
        core.card_vp(p, "T23", CF("technology.T23_anubis_vp"), events)


# -- Blessings: their effects once played ----------------------------------------------------------------
def allowed_kinds(state) -> set:
    """Action kinds the next action may be: every attached Blessing must fit it (a variant's gods are action
    kinds too: Time of Seth's Seth God Action)."""
    kinds = {"produce", *GODS}
    if state.ext is not None:
        kinds.update(variants.of(state).extra_gods(state))
    for card in _te(state).get("attached", ()):
        kinds &= set(ATTACHED[card])
    return kinds


def normal_fitting(state, normal: list) -> list:
    """The die's own action candidates that fit the attached Blessings (and T19's "God Action" after it)."""
    allowed = allowed_kinds(state)
    if _te(state).get("god_only"):
        allowed.discard("produce")
    return [a for a in normal if kind_of(a) in allowed]


def play_blessing(state, p, action: UseBlessing, events: list) -> None:
    """A Blessing played (its timing already checked): discarded after use, T24's Gold, its effect."""
    card = action.card
    p.blessings.remove(card)
    state.discards["blessing"].append(card)           # "Discard the Blessing after use"
    te = _te(state)
    te.setdefault("played", []).append(card)
    events.append({"event": "blessing", "seat": p.seat, "card": card, "option": action.option, "rule": card_rule(card)})
    if "T24" in p.technologies:                       # "Whenever you play a Blessing: Gain 1 Gold"
        p.resources["gold"] += CF("technology.T24_gold")
        events.append({"event": "card_effect", "seat": p.seat, "card": "T24", "gold": 1, "rule": "tekhenu/T24"})
    if card in SET_VALUE + RECOLOR + ADJACENT + OPPOSITE:
        note_reading(state, "blessing_timing_take_die")
    if card in POPULACE:
        amount = CF(f"populace_gain.{card}")
        if action.option == "population":
            core.advance_population(state, p, amount, events)
        else:
            core.advance_happiness(state, p, amount, events)
    elif card in SET_VALUE:
        te.setdefault("take", {})["value"] = int(action.option)
    elif card in RECOLOR:
        color, _, shift = action.option.partition(",")
        te.setdefault("take", {}).update(color=color, shift=int(shift), recolor_card=card)
    elif card in FREE_ANUBIS:
        te.setdefault("take", {})["free_anubis"] = card
    elif card in ADJACENT + OPPOSITE:
        core.request_extra_action(state, p, card)
    else:
        te.setdefault("attached", []).append(card)


# -- performing an action with the cards at work --------------------------------------------------------
def shifts(p, pending: dict) -> tuple[tuple, tuple]:
    """Die adjustments open to (God Actions, Produce Resources): T14 and T13 allow ±1 or ±2."""
    if pending.get("no_shift") or not ({"T13", "T14"} & set(p.technologies)):
        return (0,), (0,)
    value = pending["value"]
    steps = CF("technology.T13_T14_adjust")
    low, high, _ = die_range((pending.get("die") or {}).get("color"))
    around = (0,) + tuple(s for step in steps for s in (-step, step) if low <= value + s <= high)
    return (around if "T14" in p.technologies else (0,)), (around if "T13" in p.technologies else (0,))


def before_action(state, p, pending: dict, action: Perform, events: list) -> None:
    """Checks and effects that come before an action: attached Blessings must fit it, T13/T14 turn the
    die, and T04/T20/T21 Resources may be gained first ("You may gain ... before performing the action")."""
    kind = kind_of(action)
    if kind == "produce" and action.by is None and _te(state).get("god_only"):
        raise IllegalAction("tekhenu/T19", "after T19's Produce Resources the normal action is the God Action",
                            "T19로 자원 생산을 했으면 일반 행동은 신 행동입니다")
    for card in _te(state).get("attached", ()):
        if kind not in ATTACHED[card]:
            raise IllegalAction(card_rule(card), f"{card} was played for a {' or '.join(ATTACHED[card])} action",
                                f"{josa(card, '은/는')} {' 또는 '.join(term(g, 'ko') for g in ATTACHED[card])} 행동을 위해 플레이했습니다")
    if action.shift:
        _turn_die(state, p, pending, action, events)
    if not pending.get("pregained"):
        for card, tech in GOD_TECH.items():
            if card in p.technologies and tech["god"] == kind and "before" in tech:
                for resource, amount in tech["before"].items():
                    p.resources[resource] += amount
                events.append({"event": "card_effect", "seat": p.seat, "card": card, "gain": tech["before"],
                               "rule": card_rule(card)})
        pending["pregained"] = True


def _turn_die(state, p, pending: dict, action: Perform, events: list) -> None:
    card = "T13" if action.action == "produce" else "T14"
    if card not in p.technologies or pending.get("no_shift") or action.action == "thoth_refresh":
        raise IllegalAction(card_rule(card), f"adjusting the die while performing this action needs {card}",
                            f"이 행동을 하면서 주사위 눈을 조정하려면 {card}가 필요합니다")
    if abs(action.shift) not in CF("technology.T13_T14_adjust"):
        raise IllegalAction(card_rule(card), f"{card} adjusts the die up or down by 1 or 2",
                            f"{card}는 주사위 눈을 1 또는 2만큼 올리거나 내립니다")
    value = pending["value"] + action.shift
    color = (pending.get("die") or {}).get("color")
    low, high, _ = die_range(color)
    if not low <= value <= high:
        rule, en, ko = out_of_range(color)
        raise IllegalAction(rule, en, ko)
    pending["value"] = value
    events.append({"event": "card_effect", "seat": p.seat, "card": card, "shift": action.shift,
                   "rule": card_rule(card)})
    die_id = (pending.get("die") or {}).get("id")
    for dice in (p.pure, p.tainted, p.below):
        for index, die in enumerate(dice):
            if die.id == die_id:      # a new Die: copies of the state share the old one
                dice[index] = Die(die.id, die.color, value)
    note_reading(state, "adjust_rotates_die")


def productions(state, action: Perform) -> int:
    """B21/B22: "Take the Produce Resources action twice"."""
    if action.action != "produce":
        return 1
    repeats = sum(1 for c in _te(state).get("attached", ()) if c in ("B21", "B22"))
    if repeats:
        note_reading(state, "b21_triggers_twice")
    return 1 + repeats


def after_produce(state, p, pending: dict, resource: str, excess: int, events: list) -> None:
    """Technologies on each Produce Resources action: T11, T12, T13, T17."""
    if "T12" in p.technologies and excess and variants.fires(state, ("card", "T12", p.seat)):
        core.card_vp(p, "T12", CF("technology.T12_vp_per_excess") * excess, events, excess=excess)
    if "T13" in p.technologies and variants.fires(state, ("card", "T13", p.seat)):
        p.resources[resource] += CF("technology.T13_extra_resource")   # not subject to excess
        events.append({"event": "card_effect", "seat": p.seat, "card": "T13", "gain": {resource: 1},
                       "rule": "tekhenu/T13"})
    if "T17" in p.technologies and resource == "bread" and variants.fires(state, ("card", "T17", p.seat)):
        core.card_vp(p, "T17", CF("technology.T17_bread_vp"), events)
    if "T11" in p.technologies and pending["value"] == 1 and variants.fires(state, ("card", "T11", p.seat)):
        core.card_vp(p, "T11", CF("technology.T11_vp_for_die_1"), events)


def after_action(state, p, pending: dict, action: Perform, events: list) -> None:
    """Attached Blessings pay out and are used up; God-Action Technologies trigger."""
    kind, te = kind_of(action), _te(state)
    for card in [c for c in te.get("attached", ()) if kind in ATTACHED[c]]:
        te["attached"].remove(card)
        for key, amount in PRODUCE_GAIN.get(card, {}).items():
            core.gain(p, {key: amount})
            events.append({"event": "card_effect", "seat": p.seat, "card": card, "gain": {key: amount},
                           "rule": card_rule(card)})
    if kind == "produce":
        if state.ext is not None:
            variants.of(state).after_action(state, p, pending, action, events)
        return
    if "T11" in p.technologies and pending["value"] == 1 and variants.fires(state, ("card", "T11", p.seat)):
        core.card_vp(p, "T11", CF("technology.T11_vp_for_die_1"), events)
    for card, tech in GOD_TECH.items():
        if card in p.technologies and tech["god"] == kind and tech.get("vp") \
                and variants.fires(state, ("card", card, p.seat)):
            core.card_vp(p, card, tech["vp"], events)
            if tech.get("population"):
                core.advance_population(state, p, tech["population"], events)
            if tech.get("happiness"):
                core.advance_happiness(state, p, tech["happiness"], events)
    if kind == "hathor" and "T05" in p.technologies and variants.fires(state, ("card", "T05", p.seat)):
        _t05(state, p, action.space, events)
    if state.ext is not None:
        variants.of(state).after_action(state, p, pending, action, events)


def _t05(state, p, space: int, events: list) -> None:
    """T05: 2 more VP (5 in all) for each space in line with the new Building holding your own Pillar."""
    axis, line = temple.space_line(FACTS("temple.building_spaces")[space])
    own = sum(1 for cell in temple.cells() if temple.in_line(cell, axis, line)
              and (state.temple.get(f"{cell[0]},{cell[1]}") or {}).get("owner") == p.seat)
    if own:
        core.card_vp(p, "T05", CF("technology.T05_extra_vp_per_own_pillar") * own, events, pillars=own)


def statue_bonus_received(state, owner, events: list) -> None:
    """T07: whenever you receive a Horus Bonus from a Statue built in honour of a god, gain 1 Granite."""
    if "T07" in owner.technologies and variants.fires(state, ("card", "T07", owner.seat)):
        owner.resources["granite"] += CF("technology.T07_granite_per_horus_bonus")
        events.append({"event": "card_effect", "seat": owner.seat, "card": "T07", "gain": {"granite": 1},
                       "rule": "tekhenu/T07"})


# -- Maat phase and Scoring ------------------------------------------------------------------------------
def maat_faith(p, events: list) -> None:
    """T15: gain 2 additional Faith during each Maat phase (before it offsets the balance)."""
    if "T15" in p.technologies:
        p.faith += CF("technology.T15_faith")
        events.append({"event": "card_effect", "seat": p.seat, "card": "T15", "faith": CF("technology.T15_faith"),
                       "rule": "tekhenu/T15"})


def ankh_value(p, printed: int) -> int:
    """T15: "You have a permanent Ankh value of 5"."""
    return CF("technology.T15_ankh") if "T15" in p.technologies else printed


def after_maat(state, events: list) -> None:
    """T16 after each Maat phase (games of 3+): first in Turn Order 2 VP, last 1 Gold."""
    if state.players < CF("technology.T16_min_players"):
        return
    first, last = state.player[state.turn_order[0]], state.player[state.turn_order[-1]]
    if "T16" in first.technologies:
        core.card_vp(first, "T16", CF("technology.T16_first_vp"), events)
    if "T16" in last.technologies:
        last.resources["gold"] += CF("technology.T16_last_gold")
        events.append({"event": "card_effect", "seat": last.seat, "card": "T16", "gain": {"gold": 1},
                       "rule": "tekhenu/T16"})
    if any("T16" in p.technologies for p in state.player):
        note_reading(state, "t16_final_maat")


def bread_upkeep(p, bread: int) -> int:
    """T17: "During Scoring: You no longer have to pay any Bread"."""
    return 0 if "T17" in p.technologies else bread
