"""Blessings (B01-B24), Technologies (T01-T24) and the Happiness-21 extra action.

Blessings are one-time cards played with `UseBlessing(card, option)` at the moment their text names
(tekhenu/actions/thoth/blessing-cards): several may be played at once and they stack with Technologies
(tekhenu/appendix/blessing-cards/intro). Technologies are ongoing: this module's hooks apply them whenever
their trigger happens. What a Blessing leaves at work during the turn lives in `state.turn_effects`:

    take       modifiers for the die about to be taken: value (B09/B10), color + shift (B11/B12),
               free_anubis (B23/B24)
    attached   Blessings played for the next action performed: B01-B06, B21/B22 (Produce Resources),
               B13/B14 (Ra or Horus), B15/B16 (Bastet or Hathor)
    extras     extra actions owed: {"by": B17-B20} (with the die taken) or {"by": "happiness21", "seat"}
    normal_done, t19_done, god_only, substituted (T10/T22 already scored this turn), played

`rules.py` calls the hooks here; this module calls back into `rules` only at call time (no import cycle).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import IllegalAction
from . import data_files, temple
from .actions import Perform, UseBlessing
from .board import FACTS, GODS, Facts, adjacent, opposite
from .state import Die

CARD_FACTS = Facts(data_files.load("card_effects.yaml"))
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
H21 = "happiness21"
H21_RULE = "tekhenu/actions/bastet/happiness-21-extra-action"


def card_rule(card: str) -> str:
    return f"tekhenu/{card}"


def _te(state) -> dict:
    return state.turn_effects


def _reading(state, name: str) -> None:
    """Flag an assumed reading (data/card_effects.yaml readings.<name>) as used in this game."""
    CF(f"readings.{name}")           # fails loudly on a name the data file does not define
    state.note_assumed(f"card_effects.readings.{name}")


def _vp(state, p, card: str, vp: int, events: list, **extra) -> None:
    p.vp += vp
    events.append({"event": "card_effect", "seat": p.seat, "card": card, "vp": vp, **extra})


# -- paying: Gold is wild; T22 swaps the two stones; T10 swaps Gold and Scribes -----------------------
def _twin(p, resource: str) -> str | None:
    if "T22" in p.technologies and resource in ("limestone", "granite"):
        return "granite" if resource == "limestone" else "limestone"
    return None


def available(p, resource: str) -> int:
    """How much of a Resource (or of Scribes) this player can spend, substitutes included."""
    t10 = "T10" in p.technologies
    if resource == "scribes":
        return p.scribes + (p.resources["gold"] if t10 else 0)
    twin = _twin(p, resource)
    return (p.resources[resource] + (p.resources[twin] if twin else 0) + p.resources["gold"]
            + (p.scribes if t10 else 0))


def pay(state, p, resource: str, amount: int, rule: str, events: list | None = None, in_turn: bool = True) -> None:
    """Spend the named Resource first, then its substitutes (see readings.t10_scribe_as_gold)."""
    if amount <= 0:
        return
    if available(p, resource) < amount:
        raise IllegalAction(rule, f"you need {amount} {resource.title()} and do not have them")
    if resource == "scribes":
        order = [("scribes", None), ("gold", "T10")]
    else:
        order = [(resource, None)] + ([(_twin(p, resource), "T22")] if _twin(p, resource) else []) + \
                [("gold", None)] + ([("scribes", "T10")] if "T10" in p.technologies else [])
    for source, card in order:
        have = p.scribes if source == "scribes" else p.resources[source]
        used = min(have, amount)
        if not used:
            continue
        if source == "scribes":
            p.scribes -= used
        else:
            p.resources[source] -= used
        amount -= used
        if card:
            _substituted(state, p, card, state.log if events is None else events, in_turn)
        if not amount:
            return


def _substituted(state, p, card: str, events: list, in_turn: bool) -> None:
    """T10/T22: "If you do this at least once during your turn, score 1 Victory Point"."""
    if card == "T10":
        _reading(state, "t10_scribe_as_gold")
    in_turn = in_turn and state.phase in ("take_die", "act") and state.current.seat == p.seat
    done = _te(state).setdefault("substituted", [])
    if in_turn and card not in done:
        done.append(card)
        vp = CF("technology.T10_vp_per_turn" if card == "T10" else "technology.T22_vp_per_turn")
        _vp(state, p, card, vp, events)


# -- costs of an action: waivers (B13-B16) and resources gained before it (T04, T20, T21) --------------
def _waived(state, pending: dict, god: str, resource: str) -> bool:
    cards = list(_te(state).get("attached", ())) + list(pending.get("if_blessed", ()))
    return any(god in WAIVERS[c]["gods"] and resource in WAIVERS[c]["resources"] for c in cards if c in WAIVERS)


def _gained_before(p, pending: dict, god: str, resource: str) -> int:
    if pending.get("pregained"):
        return 0
    return sum(t["before"].get(resource, 0) for card, t in GOD_TECH.items()
               if t["god"] == god and "before" in t and card in p.technologies)


def due(state, pending: dict, god: str, resource: str, amount: int) -> int:
    """What the action still costs in this Resource after Blessing waivers."""
    return 0 if _waived(state, pending, god, resource) else amount


def affordable(state, p, pending: dict, god: str, resource: str, amount: int) -> bool:
    if not p.technologies and not state.turn_effects and "if_blessed" not in pending:   # the common case
        return p.resources[resource] + p.resources["gold"] >= amount
    amount = due(state, pending, god, resource, amount) - _gained_before(p, pending, god, resource)
    return amount <= 0 or available(p, resource) >= amount


# -- taking a die ------------------------------------------------------------------------------------
def scribes_available(p) -> int:
    return available(p, "scribes")


def take_modifiers(state) -> dict:
    return _te(state).get("take", {})


def die_as_taken(state, die, section: int) -> tuple[str, int]:
    """Colour and value a die counts as when taken, after B09-B12 (before Scribes)."""
    mods = take_modifiers(state)
    if not mods:
        return die.color, die.value
    return mods.get("color", die.color), mods.get("value", die.value) + mods.get("shift", 0)


def purity_as_taken(state, color: str, section: int, treat: str | None) -> str:
    purity = FACTS("purity")[state.light(section)][color]
    return treat if purity == "forbidden" and treat else purity


def treat_options(state, p, color: str, section: int, anubis: bool) -> tuple:
    """T08: a Forbidden die may be taken as if it were Pure or Tainted."""
    if not anubis and "T08" in p.technologies and FACTS("purity")[state.light(section)][color] == "forbidden":
        return ("pure", "tainted")
    return (None,)


def take_refusal(state, p, die, color: str, value: int, section: int, action) -> IllegalAction | None:
    mods = take_modifiers(state)
    if mods.get("color") and mods["color"] == die.color:
        card = mods["recolor_card"]
        return IllegalAction(card_rule(card), f"{card} treats the die as a different colour than its own ({die.color})")
    if mods.get("free_anubis") and not action.anubis:
        card = mods["free_anubis"]
        return IllegalAction(card_rule(card), f"{card} was played to perform an Anubis Action: take the die with it")
    if action.treat is not None:
        if "T08" not in p.technologies:
            return IllegalAction("tekhenu/T08", "only T08 lets you treat a Forbidden die as Pure or Tainted")
        if action.anubis or FACTS("purity")[state.light(section)][color] != "forbidden" or \
                action.treat not in ("pure", "tainted"):
            return IllegalAction("tekhenu/T08", "T08 treats a Forbidden die (taken without Anubis) as Pure or Tainted")
    if not 1 <= value <= 6:
        return IllegalAction("tekhenu/actions/scribes/no-wrap",
                             "a die can never go below 1 or above 6, and does not wrap around")
    return None


def anubis_cost(state) -> int:
    return 0 if take_modifiers(state).get("free_anubis") else FACTS("limits.anubis_scribes")


def after_take(state, p, pending: dict, treat: str | None, events: list) -> None:
    """T18 (a Pure die: 1 VP) and T23 (an Anubis Action: 3 VP); the take modifiers are used up."""
    _te(state).pop("take", None)
    if treat:
        events.append({"event": "card_effect", "seat": p.seat, "card": "T08", "treated_as": treat})
    if pending["purity"] == "pure" and "T18" in p.technologies:
        _vp(state, p, "T18", CF("technology.T18_pure_vp"), events)
    if pending["anubis"] and "T23" in p.technologies:
        _vp(state, p, "T23", CF("technology.T23_anubis_vp"), events)


# -- Blessings: when each may be played, and what it does ----------------------------------------------
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
        allowed = _allowed_kinds(state)
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
    anubis = mods.get("free_anubis") or available(p, "scribes") >= FACTS("limits.anubis_scribes")
    for section, dice in enumerate(state.sections):
        for die in dice:
            color = mods.get("color", die.color)
            value = mods.get("value", die.value) + mods.get("shift", 0)
            if color == die.color and "color" in mods or not 1 <= value <= 6:
                continue
            if anubis or "T08" in p.technologies or FACTS("purity")[state.light(section)][color] != "forbidden":
                return True
    return False


def _allowed_kinds(state) -> set:
    """Action kinds the next action may be: every attached Blessing must fit it."""
    kinds = {"produce", *GODS}
    for card in _te(state).get("attached", ()):
        kinds &= set(ATTACHED[card])
    return kinds


def _kind(action) -> str:
    return "thoth" if action.action == "thoth_refresh" else action.action


def _hypothetical_kinds(state, p) -> set:
    """Kinds of the next action that would be possible if the player's waiver Blessings were played."""
    from . import rules
    waivers = [c for c in p.blessings if c in WAIVERS]
    kinds = set()
    if not _te(state).get("normal_done"):
        pending = dict(state.pending, if_blessed=waivers) if waivers else state.pending
        kinds |= {_kind(a) for a in rules._perform_candidates(state, pending, p)}
    for entry in _te(state).get("extras", ()):
        if entry["by"] != H21:
            kinds |= {_kind(a) for a in _extra_variants(state, p, entry["by"], waivers)}
    if _t19_open(state, p):
        kinds.add("produce")
    return kinds


def use_blessing(state, action: UseBlessing, events: list) -> None:
    p = state.current
    card = action.card
    if state.phase not in ("take_die", "act"):
        raise IllegalAction("tekhenu/actions/thoth/blessing-cards", "Blessings are played during your turn")
    if card not in p.blessings:
        raise IllegalAction("tekhenu/actions/thoth/blessing-cards", f"you have no Blessing {card}")
    refusal = _blessing_refusal(state, p, action)
    if refusal is not None:
        raise refusal
    p.blessings.remove(card)
    state.discards["blessing"].append(card)           # "Discard the Blessing after use"
    te = _te(state)
    te.setdefault("played", []).append(card)
    events.append({"event": "blessing", "seat": p.seat, "card": card, "option": action.option})
    if "T24" in p.technologies:                       # "Whenever you play a Blessing: Gain 1 Gold"
        p.resources["gold"] += CF("technology.T24_gold")
        events.append({"event": "card_effect", "seat": p.seat, "card": "T24", "gold": 1})
    _blessing_effect(state, p, action, events)


def _blessing_refusal(state, p, action: UseBlessing) -> IllegalAction | None:
    card, option, rule = action.card, action.option, card_rule(action.card)
    if card in TAKE_TIME and state.phase != "take_die":
        when = "at the start of your turn" if card in FREE_ANUBIS else "when taking a die"
        return IllegalAction(rule, f"{card} is played {when}, before the die is taken")
    if card in POPULACE and option not in ("population", "happiness"):
        return IllegalAction(rule, f"{card} gives 3 Population or 3 Happiness: option population|happiness")
    if card in SET_VALUE and option not in [str(v) for v in range(1, 7)]:
        return IllegalAction(rule, f"{card} turns the die to any value: option 1-6")
    if card in RECOLOR:
        color, _, shift = (option or "").partition(",")
        if color not in DIE_COLORS or shift not in ("-1", "0", "1"):
            return IllegalAction(rule, f"{card} needs option 'colour,shift' (shift -1, 0 or 1)")
    if card in SET_VALUE + RECOLOR:
        mods = dict(take_modifiers(state))
        mods.update({"value": int(option)} if card in SET_VALUE else {"color": color, "shift": int(shift)})
        if not _leaves_a_die(state, p, mods):
            return IllegalAction(rule, f"after {card} no die on the Obelisk Wheel could be taken")
    if card in ATTACHED:
        if state.phase != "act":
            return IllegalAction(rule, f"{card} is played when performing the action it names")
        fits = set(ATTACHED[card]) & _allowed_kinds(state) & _hypothetical_kinds(state, p)
        if not fits:
            return IllegalAction(rule, f"{card} is played when performing a {' or '.join(ATTACHED[card])} action, "
                                       "and none is possible now")
    return None


def _blessing_effect(state, p, action: UseBlessing, events: list) -> None:
    from . import rules
    card, te = action.card, _te(state)
    if card in POPULACE:
        amount = CF(f"populace_gain.{card}")
        if action.option == "population":
            rules._advance_population(state, p, amount, events)
        else:
            rules._advance_happiness(state, p, amount, events)
    elif card in SET_VALUE:
        te.setdefault("take", {})["value"] = int(action.option)
    elif card in RECOLOR:
        color, _, shift = action.option.partition(",")
        te.setdefault("take", {}).update(color=color, shift=int(shift), recolor_card=card)
    elif card in FREE_ANUBIS:
        te.setdefault("take", {})["free_anubis"] = card
    elif card in ADJACENT + OPPOSITE:
        te.setdefault("extras", []).append({"by": card})
    else:
        te.setdefault("attached", []).append(card)


# -- performing an action with the cards at work --------------------------------------------------------
def shifts(p, pending: dict) -> tuple[tuple, tuple]:
    """Die adjustments open to (God Actions, Produce Resources): T14 and T13 allow ±1 or ±2."""
    if pending.get("no_shift") or not ({"T13", "T14"} & set(p.technologies)):
        return (0,), (0,)
    value = pending["value"]
    steps = CF("technology.T13_T14_adjust")
    around = (0,) + tuple(s for step in steps for s in (-step, step) if 1 <= value + s <= 6)
    return (around if "T14" in p.technologies else (0,)), (around if "T13" in p.technologies else (0,))


def before_action(state, p, pending: dict, action: Perform, events: list) -> None:
    """Checks and effects that come before an action: attached Blessings must fit it, T13/T14 turn the
    die, and T04/T20/T21 Resources may be gained first ("You may gain ... before performing the action")."""
    kind = _kind(action)
    if kind == "produce" and action.by is None and _te(state).get("god_only"):
        raise IllegalAction("tekhenu/T19", "after T19's Produce Resources the normal action is the God Action")
    for card in _te(state).get("attached", ()):
        if kind not in ATTACHED[card]:
            raise IllegalAction(card_rule(card), f"{card} was played for a {' or '.join(ATTACHED[card])} action")
    if action.shift:
        _turn_die(state, p, pending, action, events)
    if not pending.get("pregained"):
        for card, tech in GOD_TECH.items():
            if card in p.technologies and tech["god"] == kind and "before" in tech:
                for resource, amount in tech["before"].items():
                    p.resources[resource] += amount
                events.append({"event": "card_effect", "seat": p.seat, "card": card, "gain": tech["before"]})
        pending["pregained"] = True


def _turn_die(state, p, pending: dict, action: Perform, events: list) -> None:
    card = "T13" if action.action == "produce" else "T14"
    if card not in p.technologies or pending.get("no_shift") or action.action == "thoth_refresh":
        raise IllegalAction(card_rule(card), f"adjusting the die while performing this action needs {card}")
    if abs(action.shift) not in CF("technology.T13_T14_adjust"):
        raise IllegalAction(card_rule(card), f"{card} adjusts the die up or down by 1 or 2")
    value = pending["value"] + action.shift
    if not 1 <= value <= 6:
        raise IllegalAction("tekhenu/actions/scribes/no-wrap",
                            "a die can never go below 1 or above 6, and does not wrap around")
    pending["value"] = value
    events.append({"event": "card_effect", "seat": p.seat, "card": card, "shift": action.shift})
    die_id = (pending.get("die") or {}).get("id")
    for dice in (p.pure, p.tainted, p.below):
        for index, die in enumerate(dice):
            if die.id == die_id:      # a new Die: copies of the state share the old one
                dice[index] = Die(die.id, die.color, value)
    _reading(state, "adjust_rotates_die")


def productions(state, action: Perform) -> int:
    """B21/B22: "Take the Produce Resources action twice"."""
    if action.action != "produce":
        return 1
    repeats = sum(1 for c in _te(state).get("attached", ()) if c in ("B21", "B22"))
    if repeats:
        _reading(state, "b21_triggers_twice")
    return 1 + repeats


def after_produce(state, p, pending: dict, resource: str, excess: int, events: list) -> None:
    """Technologies on each Produce Resources action: T11, T12, T13, T17."""
    if "T12" in p.technologies and excess:
        _vp(state, p, "T12", CF("technology.T12_vp_per_excess") * excess, events, excess=excess)
    if "T13" in p.technologies:
        p.resources[resource] += CF("technology.T13_extra_resource")   # not subject to excess
        events.append({"event": "card_effect", "seat": p.seat, "card": "T13", "gain": {resource: 1}})
    if "T17" in p.technologies and resource == "bread":
        _vp(state, p, "T17", CF("technology.T17_bread_vp"), events)
    if "T11" in p.technologies and pending["value"] == 1:
        _vp(state, p, "T11", CF("technology.T11_vp_for_die_1"), events)


def after_action(state, p, pending: dict, action: Perform, events: list) -> None:
    """Attached Blessings pay out and are used up; God-Action Technologies trigger."""
    from . import rules
    kind, te = _kind(action), _te(state)
    for card in [c for c in te.get("attached", ()) if kind in ATTACHED[c]]:
        te["attached"].remove(card)
        for key, amount in PRODUCE_GAIN.get(card, {}).items():
            if key == "scribes":
                p.scribes += amount
            else:
                p.resources[key] += amount
            events.append({"event": "card_effect", "seat": p.seat, "card": card, "gain": {key: amount}})
    if kind == "produce":
        return
    if "T11" in p.technologies and pending["value"] == 1:
        _vp(state, p, "T11", CF("technology.T11_vp_for_die_1"), events)
    for card, tech in GOD_TECH.items():
        if card in p.technologies and tech["god"] == kind and tech.get("vp"):
            _vp(state, p, card, tech["vp"], events)
            if tech.get("population"):
                rules._advance_population(state, p, tech["population"], events)
            if tech.get("happiness"):
                rules._advance_happiness(state, p, tech["happiness"], events)
    if kind == "hathor" and "T05" in p.technologies:
        _t05(state, p, action.space, events)


def _t05(state, p, space: int, events: list) -> None:
    """T05: 2 more VP (5 in all) for each space in line with the new Building holding your own Pillar."""
    axis, line = temple.space_line(FACTS("temple.building_spaces")[space])
    own = sum(1 for cell in temple.cells() if temple.in_line(cell, axis, line)
              and (state.temple.get(f"{cell[0]},{cell[1]}") or {}).get("owner") == p.seat)
    if own:
        _vp(state, p, "T05", CF("technology.T05_extra_vp_per_own_pillar") * own, events, pillars=own)


def statue_bonus_received(state, owner, events: list) -> None:
    """T07: whenever you receive a Horus Bonus from a Statue built in honour of a god, gain 1 Granite."""
    if "T07" in owner.technologies:
        owner.resources["granite"] += CF("technology.T07_granite_per_horus_bonus")
        events.append({"event": "card_effect", "seat": owner.seat, "card": "T07", "gain": {"granite": 1}})


# -- extra actions: B17-B20 (with the die taken), T19 (Produce first), Happiness 21 ---------------------
def _extra_gods(card: str, section: int) -> tuple:
    god = GODS[section]
    return adjacent(god) if card in ADJACENT else (opposite(god),)


def _extra_cost_refusal(p, card: str) -> IllegalAction | None:
    cost = CF(f"extra_action_cost.{card}")
    if "scribes" in cost and available(p, "scribes") < cost["scribes"]:
        return IllegalAction(card_rule(card), f"the extra action of {card} costs 1 Scribe")
    if "happiness" in cost and (p.happiness < cost["happiness"] or p.population < cost["population"]):
        return IllegalAction(card_rule(card), f"the extra action of {card} lowers Happiness and Population by 1")
    return None


def _extra_pending(state, god: str, waivers=()) -> dict:
    pending = {k: v for k, v in state.pending.items() if k not in ("refreshed", "pregained")}
    pending.update(god=god, anubis=False)
    if waivers:
        pending["if_blessed"] = list(waivers)
    return pending


def _extra_variants(state, p, card: str, waivers=()) -> list:
    """The extra God Actions a card allows, judged as they would be after paying its cost."""
    from . import rules
    if state.phase != "act" or _extra_cost_refusal(p, card) is not None:
        return []
    saved = (p.scribes, p.happiness, p.population, p.resources["gold"])
    _pay_extra_cost(p, card)            # undone below: legal_actions never changes the state
    out = []
    for god in _extra_gods(card, state.pending["section"]):
        out += [replace(a, by=card) for a in rules._perform_candidates(state, _extra_pending(state, god, waivers), p)
                if a.action == god]
    p.scribes, p.happiness, p.population, p.resources["gold"] = saved
    return out


def _pay_extra_cost(p, card: str, state=None, events=None) -> None:
    cost = CF(f"extra_action_cost.{card}")
    if "scribes" in cost:
        if state is not None:
            pay(state, p, "scribes", cost["scribes"], card_rule(card), events)
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
            and state.pending["color"] in FACTS("produce.color_resource") and available(p, "scribes") >= 1)


def _happiness21_pending(value: int) -> dict:
    return {"value": value, "god": None, "anubis": True, "color": None, "section": None, "purity": None,
            "die": None, "no_shift": True}


def _happiness21_variants(state, p) -> list:
    from . import rules
    out = []
    for value in range(1, 7):
        out += [replace(a, by=H21, value=value) for a in rules._perform_candidates(state, _happiness21_pending(value), p)
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
        return IllegalAction(H21_RULE, "Happiness reached 21: perform the extra action first (it is immediate)")
    return None


def grant_happiness21(state, p, events: list) -> None:
    _te(state).setdefault("extras", []).append({"by": H21, "seat": p.seat})
    events.append({"event": "extra_action", "seat": p.seat, "by": H21, "rule": H21_RULE})


def normal_fitting(state, normal: list) -> list:
    """The die's own action candidates that fit the attached Blessings (and T19's "God Action" after it)."""
    allowed = _allowed_kinds(state)
    if _te(state).get("god_only"):
        allowed.discard("produce")
    return [a for a in normal if _kind(a) in allowed]


def act_actions(state, normal: list) -> list:
    """Act-phase choices: the die's normal action (unless done), T19's Produce, owed B17-B20 extra actions,
    and the Blessings that may be played now."""
    p, te = state.current, _te(state)
    out = []
    if not te.get("normal_done"):
        allowed = _allowed_kinds(state)
        out += normal_fitting(state, normal) or [Perform("none")]
        if _t19_open(state, p) and any(_kind(a) in GODS for a in normal) and "produce" in allowed:
            out += [Perform("produce", by="T19", shift=s) for s in shifts(p, state.pending)[1]]
    for card in sorted({e["by"] for e in te.get("extras", ())}):
        out += [a for a in _extra_variants(state, p, card) if _kind(a) in _allowed_kinds(state)] or \
               ([Perform("none", by=card)] if te.get("normal_done") else [])
    return out + blessing_actions(state)


def perform_extra(state, action: Perform, events: list) -> None:
    """An extra action (Perform with `by`): B17-B20, T19 or Happiness 21."""
    from . import rules
    if action.by == H21:
        _perform_happiness21(state, action, events)
        return
    if state.phase != "act":
        raise IllegalAction("tekhenu/round/take-die", "extra actions use the die taken this turn: take it first")
    p, te = state.current, _te(state)
    if action.by == "T19":
        _perform_t19(state, p, action, events)
        return
    entry = next((e for e in te.get("extras", ()) if e["by"] == action.by), None)
    if entry is None:
        raise IllegalAction(card_rule(action.by) if action.by in ADJACENT + OPPOSITE else "tekhenu/round/perform-action",
                            f"no extra action from {action.by} is owed this turn")
    if action.action == "none":
        if _extra_variants(state, p, action.by):
            raise IllegalAction(card_rule(action.by), f"the extra action of {action.by} can still be performed")
        _reading(state, "extra_action_unavailable")
    else:
        gods = _extra_gods(action.by, state.pending["section"])
        if action.action not in gods:
            where = "adjacent to" if action.by in ADJACENT else "opposite"
            raise IllegalAction(card_rule(action.by), f"{action.by}'s extra action is the God Action {where} "
                                                      f"{state.pending['god'].title()}: {' or '.join(gods)}")
        refusal = _extra_cost_refusal(p, action.by)
        if refusal is not None:
            raise refusal
        _pay_extra_cost(p, action.by, state, events)
        pending = _extra_pending(state, action.action)
        rules._execute(state, p, pending, action, events)
        state.pending["value"] = pending["value"]          # the same die (T14 may have turned it)
    te["extras"].remove(entry)
    events.append({"event": "extra_action", "seat": p.seat, "by": action.by, "action": action.action})
    finish_if_done(state, events)


def _perform_t19(state, p, action: Perform, events: list) -> None:
    """T19: before the normal action, spend 1 Scribe to also Produce Resources with the Tainted die."""
    from . import rules
    if action.action != "produce" or not _t19_open(state, p):
        raise IllegalAction("tekhenu/T19", "T19 produces with a Tainted die taken for a God Action, before that "
                                           "action, for 1 Scribe")
    pay(state, p, "scribes", CF("technology.T19_scribes"), "tekhenu/T19", events)
    rules._execute(state, p, state.pending, replace(action, resource=None), events)
    _te(state).update(t19_done=True, god_only=True)
    events.append({"event": "extra_action", "seat": p.seat, "by": "T19", "action": "produce"})


def _perform_happiness21(state, action: Perform, events: list) -> None:
    from . import rules
    entry = owed_happiness21(state)
    if entry is None:
        raise IllegalAction(H21_RULE, "no Happiness-21 extra action is owed")
    p = state.player[entry["seat"]]
    if action.action == "none":
        if _happiness21_variants(state, p):
            raise IllegalAction(H21_RULE, "the Happiness-21 extra action can be performed: choose one")
    else:
        if action.value not in range(1, 7) or action.action == "thoth_refresh" or action.shift:
            raise IllegalAction(H21_RULE, "perform one action as if with any die value (value 1-6)")
        if action.action == "produce":
            _reading(state, "happiness21_produce_any")
        rules._execute(state, p, _happiness21_pending(action.value), action, events)
    _te(state)["extras"].remove(entry)
    events.append({"event": "extra_action", "seat": p.seat, "by": H21, "action": action.action, "value": action.value})
    finish_if_done(state, events)


def finish_normal(state, events: list) -> None:
    _te(state)["normal_done"] = True
    finish_if_done(state, events)


def finish_if_done(state, events: list) -> None:
    """The turn ends once the die's action and every owed extra action are done."""
    from . import rules
    te = _te(state)
    if state.phase == "act" and te.get("normal_done") and not te.get("extras"):
        rules._end_turn(state, events)


# -- Maat phase and Scoring ------------------------------------------------------------------------------
def maat_faith(p, events: list) -> None:
    """T15: gain 2 additional Faith during each Maat phase (before it offsets the balance)."""
    if "T15" in p.technologies:
        p.faith += CF("technology.T15_faith")
        events.append({"event": "card_effect", "seat": p.seat, "card": "T15", "faith": CF("technology.T15_faith")})


def ankh_value(p, printed: int) -> int:
    """T15: "You have a permanent Ankh value of 5"."""
    return CF("technology.T15_ankh") if "T15" in p.technologies else printed


def after_maat(state, events: list) -> None:
    """T16 after each Maat phase (games of 3+): first in Turn Order 2 VP, last 1 Gold."""
    if state.players < CF("technology.T16_min_players"):
        return
    first, last = state.player[state.turn_order[0]], state.player[state.turn_order[-1]]
    if "T16" in first.technologies:
        _vp(state, first, "T16", CF("technology.T16_first_vp"), events)
    if "T16" in last.technologies:
        last.resources["gold"] += CF("technology.T16_last_gold")
        events.append({"event": "card_effect", "seat": last.seat, "card": "T16", "gain": {"gold": 1}})
    if any("T16" in p.technologies for p in state.player):
        _reading(state, "t16_final_maat")


def bread_upkeep(p, bread: int) -> int:
    """T17: "During Scoring: You no longer have to pay any Bread"."""
    return 0 if "T17" in p.technologies else bread
