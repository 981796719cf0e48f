"""Pillar tile abilities P01-P21 (Ra God Action step 5; P22-P27 have none).

"If the Pillar tile has a Sunny, Shaded, or Dark ability that matches the section of the Obelisk Wheel
currently aligned with the Ra action area, immediately activate the ability" (tekhenu/actions/ra/step-5-ability);
Technology T09 activates it whatever the wheel shows. Abilities are data (data/pillars.yaml). Most apply at
once; a God Action (P10-P12, P15) or the KO P19-P21 choice of Resources pauses the game in phase "ability"
until the player chooses (the flow, rules.py, plays the God Action), then Ra step 6 (the Pillar on the
tile, `finish`) follows and the interrupted flow resumes.
"""
from __future__ import annotations

from itertools import combinations_with_replacement

from ..errors import IllegalAction
from . import core, data_files, extra, market, temple
from .actions import ChooseCardOption, ExtraPerform
from .board import ALL_RESOURCES, FACTS, GODS, RESOURCES
from .cards import PILLAR_LIGHT
from .terms import option_name, term

PHASE = "ability"
STEP5 = "tekhenu/actions/ra/step-5-ability"
_DATA = data_files.load("pillars.yaml")
ABILITIES: dict[str, dict] = _DATA["abilities"]
READINGS: dict[str, dict] = _DATA["readings"]


def is_active(state, p, tile: str) -> bool:
    """The tile's light matches the Ra section's, or the player has T09."""
    if tile not in ABILITIES:
        return False
    return PILLAR_LIGHT[tile] == state.light(GODS.index("ra")) or "T09" in p.technologies


def effect_of(state, tile: str) -> str:
    effect = ABILITIES[tile]["effect"]
    return effect[state.edition] if isinstance(effect, dict) else effect


# -- activation (Ra step 5) -------------------------------------------------------------------------
def activate(state, p, tile: str, cell: tuple[int, int], rotation: int, events: list) -> bool:
    """Apply the ability of the tile just placed. True when it waits for a choice (phase "ability")."""
    if not is_active(state, p, tile):
        return False
    ability = ABILITIES[tile]
    effect = effect_of(state, tile)
    base = {"event": "pillar_ability", "seat": p.seat, "tile": tile, "effect": effect, "rule": STEP5,
            "by_t09": PILLAR_LIGHT[tile] != state.light(GODS.index("ra"))}
    if effect == "god_action":
        context = {"card": tile, "rule": ability["rule"], "god": ability["god"], "values": ability["values"],
                   "free": False, "refresh": True}
        if not _possible(state, context):
            state.note_assumed("pillars.readings.ability_god_action_optional_when_impossible")
            events.append(dict(base, skipped=True))
            return False
        _pause(state, p, tile, cell, dict(context, choice="action"))
        events.append(dict(base, waiting=True))
        return True
    if effect == "any_resources":
        _pause(state, p, tile, cell, {"card": tile, "rule": ability["rule"], "choice": "resources"})
        events.append(dict(base, waiting=True))
        return True
    gained = _apply_immediate(state, p, effect, ability["amount"], cell, rotation, events)
    events.append(dict(base, gained=gained))
    return False


def _possible(state, context: dict) -> bool:
    """Whether the ability's God Action can be performed. A Blessing attached to the Ra action (B13/B14
    waive its Limestone and Granite) pays for that action only, and is used up with it: it does not make
    the ability's own action affordable."""
    attached = state.turn_effects.pop("attached", None)
    try:
        return bool(extra.candidates(state, context))
    finally:
        if attached is not None:
            state.turn_effects["attached"] = attached


def _apply_immediate(state, p, effect: str, amount: int, cell, rotation: int, events: list):
    if effect == "population":
        core.advance_population(state, p, amount, events)
    elif effect == "happiness":
        core.advance_happiness(state, p, amount, events)
    elif effect == "scribes":
        p.scribes += amount
    elif effect == "gold":
        p.resources["gold"] += amount
    elif effect == "vp":
        p.vp += amount
    elif effect == "edge_vp":                 # P04/P05: +1 per matching edge (corners too: not doubled)
        state.note_assumed("pillar_tiles.edges")
        amount *= temple.matching_edges(state, cell, rotation)
        p.vp += amount
    elif effect == "building_vp":             # P06: any player's Buildings, not Statues, in row and column
        amount *= temple.pieces_in_line_of(state, cell, statues=False)
        p.vp += amount
    elif effect == "draw_decree":
        rng = state.random()
        drawn = [card for card in (market.draw(state, "decree", rng) for _ in range(amount)) if card]
        state.store_random(rng)
        p.decrees.extend(drawn)
        return len(drawn)                     # Decrees are secret: the event tells how many, not which
    elif effect == "double_space_reward":
        return _double_space_reward(state, p, cell)
    return amount


def _double_space_reward(state, p, cell) -> dict:
    """EN P19-P21: the covered space's reward doubled — received once more, so twice in all with Ra step 3
    (Resources and Faith only; the reading: data/pillars.yaml readings.double_space_reward)."""
    state.note_assumed("temple.cell_reward")
    state.note_assumed("pillars.readings.double_space_reward")
    gained = {}
    for kind, amount in FACTS("temple.cell_reward")[cell[0]][cell[1]].items():
        if kind == "faith":
            p.faith += amount
        elif kind in ALL_RESOURCES:
            p.resources[kind] += amount
        else:
            continue
        gained[kind] = amount
    return gained


def _pause(state, p, tile: str, cell, context: dict) -> None:
    """Wait for the ability's choice; remember the interrupted flow (a die turn or Decree D23's action)."""
    context.update(stage=PHASE, seat=p.seat, cell=f"{cell[0]},{cell[1]}",
                   resume={"phase": state.phase, "pending": extra.context_of(state.pending)})
    state.pending = context
    state.phase = PHASE


# -- the choice -------------------------------------------------------------------------------------
def resource_options() -> list[str]:
    """KO P19-P21: any 2 Resources, not Gold (two of one kind or one each of two kinds)."""
    return [",".join(pair) for pair in combinations_with_replacement(RESOURCES, 2)]


def legal_actions(state) -> list:
    context = state.pending
    if context["choice"] == "resources":
        return [ChooseCardOption(context["card"], option) for option in resource_options()]
    return extra.candidates(state, context)


def choose_resources(state, action, events: list) -> None:
    """KO P19-P21: the 2 Resources chosen; then Ra step 6 (`finish`)."""
    context = state.pending
    if not isinstance(action, ChooseCardOption) or action.card != context["card"]:
        raise IllegalAction(STEP5, f"choose the 2 Resources of {context['card']} first",
                            f"먼저 {context['card']}의 자원 2개를 고르세요")
    if action.option not in resource_options():
        raise IllegalAction(context["rule"], f"{context['card']}: any 2 Resources except Gold (e.g. "
                                             f"{option_name('papyrus,bread', 'en')}), not {option_name(action.option, 'en')}",
                            f"{context['card']}: 금을 제외한 자원 2개 (예: {option_name('papyrus,bread', 'ko')}), "
                            f"{option_name(action.option, 'ko')}은(는) 안 됩니다")
    p = state.player[context["seat"]]
    for resource in action.option.split(","):
        p.resources[resource] += 1
    events.append({"event": "pillar_ability", "seat": p.seat, "tile": context["card"],
                   "effect": "any_resources", "gained": action.option.split(","), "rule": STEP5})
    finish(state, events)


def action_refusal(state, action) -> IllegalAction | None:
    """A God Action ability (P10-P12, P15) is answered by its God Action (an ExtraPerform)."""
    context = state.pending
    if not isinstance(action, ExtraPerform):
        god = context["god"]
        return IllegalAction(STEP5, f"{context['card']}: perform its {term(god, 'en')} God Action first",
                             f"{context['card']}: 먼저 그 신 행동({term(god, 'ko')})을 수행하세요")
    return None


def finish(state, events: list | None = None) -> None:
    """Ra step 6 (the player's Pillar on the tile), then back to what the Ra action interrupted (a die
    turn or Decree D23's action): the flow goes on from there."""
    context = state.pending
    temple.place_pillar(state, context["seat"], context["cell"], events)
    state.phase, state.pending = context["resume"]["phase"], context["resume"]["pending"]
