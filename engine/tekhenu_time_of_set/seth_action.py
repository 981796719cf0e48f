"""The Seth God Action (tekhenu-time-of-set/gameplay/seth-action/...): a gray die from the Seth board (or an
Anubis Action, or a card) chooses the region; the player's leftmost Building goes there for 4 Soldiers (the
second Building of a region 3 or 5); the region's reward; 3 VP when a Statue stands below its column; a
Blood token on the Tainted side; the top Conquest tile onto an empty Temple Complex space.

Taking a Seth-board die is this module's too: the die goes onto the Tainted side of the scales like any
Tainted die, and the turn's pending context names the god "seth".
"""
from __future__ import annotations

from ..errors import IllegalAction
from ..tekhenu import core, variants
from ..tekhenu.actions import Perform
from ..tekhenu.board import die_range, out_of_range
from ..tekhenu.turn import TAKE_RULE, scribes_for
from . import board, ext, vizier
from .facts import F

SETH = "seth"
OVERVIEW = "tekhenu-time-of-set/gameplay/seth-action/overview"
BUILD = "tekhenu-time-of-set/gameplay/seth-action/step-2-build"
ONE_PER_REGION = "tekhenu-time-of-set/gameplay/seth-action/one-building-per-region"
REWARD = "tekhenu-time-of-set/gameplay/seth-action/step-3-region-reward"
COLUMN = "tekhenu-time-of-set/gameplay/seth-action/step-4-column-statue"
BLOOD = "tekhenu-time-of-set/gameplay/seth-action/step-5-blood-token"
CONQUEST = "tekhenu-time-of-set/gameplay/seth-action/step-6-conquest-tile"
LIMITED = "tekhenu/actions/component-limits/limited-pieces"


# -- a die from the Seth board ------------------------------------------------------------------------------
def take_candidates(state) -> list[tuple[int, int]]:
    """(die, adjust) for every Seth-board die the player could take for a Seth God Action it then allows."""
    p = state.current
    if p.buildings_left <= 0 or not _could_pay_some_region(state, p):
        return []
    spare = core.available(p, "scribes")
    out = []
    allowed: dict[int, bool] = {}          # by region: whether a Building could go there now
    for die in board.dice(state):
        low, high, _ = die_range(die.color)
        for adjust in range(max(low - die.value, -2 * spare), min(high - die.value, 2 * spare) + 1):
            value = die.value + adjust
            if value not in allowed:
                allowed[value] = refusal(state, p, {"value": value, "god": SETH, "anubis": False}) is None
            if allowed[value] and scribes_for(adjust) <= spare:
                out.append((die.id, adjust))
    return out


def _could_pay_some_region(state, p) -> bool:
    """A quick no before trying each region: fewer Soldiers (and TX02's Faith) than the cheapest Building."""
    cheapest = min(F("seth_board.building_cost_first"), F("seth_board.building_cost_second")[state.players])
    faith = p.faith if "TX02" in p.technologies else 0
    return ext.track(state, p.seat, "soldiers") + faith >= cheapest


def take(state, action, events: list) -> None:
    """Take a gray die of the Seth board (Scribes may turn it as usual); it lands on the Tainted side."""
    p = state.current
    die = next((d for d in board.dice(state) if d.id == action.die), None)
    if die is None:
        raise IllegalAction(OVERVIEW, f"die {action.die} is not on the Seth board",
                            f"주사위 {action.die}은(는) 세트 보드 위에 없습니다")
    if action.anubis or action.declare or action.treat:
        state.note_assumed("seth_rules.anubis_on_seth_board")
        raise IllegalAction(OVERVIEW, "a Seth-board die is taken for the Seth God Action, as it is",
                            "세트 보드의 주사위는 세트 신 행동을 하려고 그대로 가져옵니다")
    value = die.value + action.adjust
    low, high, _ = die_range(die.color)
    if not low <= value <= high:
        rule, en, ko = out_of_range(die.color)
        raise IllegalAction(rule, en, ko)
    cost = scribes_for(action.adjust)
    if cost > core.available(p, "scribes"):
        raise IllegalAction("tekhenu/actions/scribes/adjust-die", f"that needs {cost} Scribes and you have {p.scribes}",
                            f"서기 {cost}명이 필요한데 {p.scribes}명뿐입니다")
    core.pay(state, p, "scribes", cost, "tekhenu/actions/scribes/adjust-die", events)
    board.remove_die(state, die.id)
    taken = type(die)(die.id, die.color, value)
    p.tainted.append(taken)              # "every die on the Seth board is Tainted"
    state.pending = {"die": {"id": die.id, "color": die.color, "value": value}, "color": die.color, "value": value,
                     "god": SETH, "section": None, "purity": "tainted", "anubis": False, "scribes_spent": cost,
                     "board": SETH}
    events.append({"event": "take_die", "seat": p.seat, "die": die.id, "color": die.color, "value": value,
                   "god": SETH, "purity": "tainted", "anubis": False, "scribes_spent": cost, "rule": OVERVIEW})
    vizier.die_taken(state, p, SETH, events)


# -- the action -----------------------------------------------------------------------------------------------
def _faith_used(action) -> int | None:
    """The Faith tokens TX02 pays instead of Soldiers ("faith:<n>", n ≥ 1; 0 without); None for any other
    "faith:" text (a negative, a fraction, a word)."""
    extra = action.extra or ""
    if not extra.startswith("faith:"):
        return 0
    count = extra.removeprefix("faith:")
    return int(count) if count.isascii() and count.isdecimal() and int(count) >= 1 else None


def refusal(state, p, pending: dict, faith: int = 0) -> IllegalAction | None:
    """Why the Seth God Action cannot be performed with this die value now, or None."""
    region = pending["value"]
    if p.buildings_left <= 0:
        return IllegalAction(LIMITED, "you have no Buildings left", "남은 건축물이 없습니다")
    spaces = board.spaces(state, region)
    if p.seat in spaces:
        return IllegalAction(ONE_PER_REGION, f"you already have a Building in region {region}",
                             f"{region} 지역에는 이미 당신의 건축물이 있습니다")
    if None not in spaces:
        return IllegalAction(BUILD, f"region {region} has no free Building space",
                             f"{region} 지역에는 빈 건축물 칸이 없습니다")
    cost = board.cost(state, region)
    soldiers = ext.track(state, p.seat, "soldiers")
    usable_faith = min(p.faith, cost) if "TX02" in p.technologies else 0
    if faith and (faith > usable_faith):
        return IllegalAction("tekhenu-time-of-set/TX02", "TX02 pays Soldiers with your Faith tokens, at most the cost",
                             "TX02로는 병사 대신 가진 신앙 토큰을, 비용만큼까지 낼 수 있습니다")
    if soldiers + usable_faith < cost:
        return IllegalAction(BUILD, f"a Building in region {region} costs {cost} Soldiers and you have {soldiers}",
                             f"{region} 지역의 건축물에는 병사 {cost}이(가) 필요한데 {soldiers}뿐입니다")
    if faith and soldiers + faith < cost:
        return IllegalAction(BUILD, f"{soldiers} Soldiers and {faith} Faith do not pay {cost}",
                             f"병사 {soldiers}와 신앙 {faith}로는 {cost}을(를) 낼 수 없습니다")
    return None


def targets(state, p, pending: dict) -> list[Perform]:
    """Every way to perform it: the Conquest tile's space (when a tile and an empty space are left) and,
    with TX02, how many Faith tokens stand in for Soldiers."""
    region = pending["value"]
    if refusal(state, p, pending) is not None:
        return []
    cost = board.cost(state, region)
    soldiers = ext.track(state, p.seat, "soldiers")
    faiths = [0]
    if "TX02" in p.technologies:
        faiths = [f for f in range(0, min(p.faith, cost) + 1) if soldiers + f >= cost]
    cells = board.empty_cells(state) if board.top_tile(state) else []
    out = []
    for faith in faiths:
        extra = f"faith:{faith}" if faith else None
        for cell in cells or [None]:
            out.append(Perform(SETH, cell=cell, extra=extra))
    return out


def target_refusal(state, p, pending: dict, action: Perform) -> IllegalAction | None:
    faith = _faith_used(action)
    if faith is None:
        return IllegalAction("tekhenu-time-of-set/TX02", f"TX02 pays with a number of Faith tokens (faith:1, faith:2...), "
                                                          f"not {action.extra!r}",
                             f"TX02로는 신앙 토큰을 개수로 냅니다 (faith:1, faith:2...). {action.extra!r}는 안 됩니다")
    refused = refusal(state, p, pending, faith)
    if refused is not None:
        return refused
    if action.extra and not action.extra.startswith("faith:"):
        return IllegalAction(OVERVIEW, f"{action.extra!r} is not part of a Seth God Action",
                             f"{action.extra!r}은(는) 세트 신 행동의 선택이 아닙니다")
    placing = board.top_tile(state) is not None and board.any_empty_cell(state)
    if placing and not board.is_empty_cell(state, action.cell):
        return IllegalAction(CONQUEST, "place the Conquest tile on an empty space of the Temple Complex",
                             "정복 타일은 신전 단지의 빈칸에 놓습니다")
    if not placing and action.cell is not None:
        return IllegalAction(CONQUEST, "no Conquest tile can be placed now (no tile or no empty space is left)",
                             "지금은 정복 타일을 놓을 수 없습니다 (남은 타일이나 빈칸이 없음)")
    return None


def perform(state, p, action: Perform, events: list) -> None:
    """Steps 1-6 (god_actions.HANDLERS["seth"]; the region is the die's value)."""
    region = state.pending["value"]
    refused = target_refusal(state, p, state.pending, action)
    if refused is not None:
        raise refused
    space = board.free_space(state, region)
    cost = board.cost(state, region)
    faith = _faith_used(action)
    if faith:
        p.faith -= faith
        events.append({"event": "card_effect", "seat": p.seat, "card": "TX02", "faith_for_soldiers": faith,
                       "rule": "tekhenu-time-of-set/TX02"})
    ext.spend_track(state, p.seat, "soldiers", cost - faith, BUILD, events)
    p.buildings_left -= 1                # the leftmost Building of the player board
    board.set_space(state, region, space, p.seat)
    reward = board.region_reward(state, region)
    state.note_assumed("seth_board.region_reward")
    got = ext.gain(state, p, reward, events, REWARD)
    column = board.column_of(region)
    state.note_assumed("seth_board.columns")
    statue_vp = F("seth_board.column_statue_vp") if board.column_statue(state, column) is not None else 0
    p.vp += statue_vp
    p.permanent_taint += F("seth_board.blood_per_action")
    tile = place_conquest_tile(state, action.cell)
    events.append({"event": "seth", "seat": p.seat, "region": region, "space": space, "soldiers": cost - faith,
                   "faith": faith, "reward": got, "column_statue_vp": statue_vp, "blood": p.permanent_taint,
                   "tile": tile, "cell": action.cell, "rule": BUILD})
    if "TX01" in p.technologies and variants.fires(state, ("card", "TX01", p.seat)):
        tx01 = F("seth_cards.technologies.TX01")
        p.vp += tx01["vp"]
        ext.gain_track(state, p.seat, "priests", tx01["priests"], events, "tekhenu-time-of-set/TX01")
        events.append({"event": "card_effect", "seat": p.seat, "card": "TX01", "vp": tx01["vp"],
                       "rule": "tekhenu-time-of-set/TX01"})
    variants.notify(state, "building", p.seat, events, where="seth", region=region)


def place_conquest_tile(state, cell: str | None) -> str | None:
    """Step 6: the top tile onto the space; the next tile is turned face up (the stack's new top)."""
    if cell is None:
        return None
    tile = board.pop_tile(state)
    board.place_tile(state, cell, tile)
    return tile
