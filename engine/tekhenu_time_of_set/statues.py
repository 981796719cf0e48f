"""Horus on the Seth board (tekhenu-time-of-set/gameplay/horus/...): a Statue for the people below a column
(any die; one Thoth God Action as a die of 1 per region of that column holding a Building), or a Statue
honouring Seth at the bottom (any die, 2 Priests more; its owner's bonus, 1 Resource of their choice, comes
whenever another player performs the Seth God Action — also right after building it with 3 players, also
on their own Seth actions with 2). Both pay the usual Granite (the base engine charges it)."""
from __future__ import annotations

from functools import cache

from ..errors import IllegalAction
from ..tekhenu import god_actions, variants
from . import board, ext, owed
from .facts import F

PEOPLE_RULE = "tekhenu-time-of-set/gameplay/horus/statue-for-the-people"
HONOR_RULE = "tekhenu-time-of-set/gameplay/horus/statue-honoring-seth"
BOARD_RULE = "tekhenu-time-of-set/gameplay/horus/statues-on-seth-board"
THREE_PLAYERS = "tekhenu-time-of-set/gameplay/horus/bonus-three-players"
HONOR = "seth_honor"
PEOPLE = "seth_people:"


@cache
def _targets() -> tuple[str, ...]:
    return tuple(f"{PEOPLE}{column}" for column in range(len(F("seth_board.columns")))) + (HONOR,)


def targets(state) -> tuple[str, ...]:
    return _targets()


def target_refusal(state, p, pending: dict, action) -> IllegalAction | None:
    if action.target == HONOR:
        if len(state.god_statues.get(board.SETH, [])) >= board.honor_spaces(state):
            state.note_assumed("seth_board.honor_statue_spaces")
            return IllegalAction(HONOR_RULE, f"every space for a Statue honoring Seth is taken with "
                                             f"{state.players} players",
                                 f"{state.players}인 게임에서 열린 세트를 기리는 석상 칸이 모두 찼습니다")
        priests = F("seth_board.honor_statue_priests")
        # a blue die not yet taken counts the Priests it gives as it is taken (turn._die_allows_action)
        if ext.track(state, p.seat, "priests") + pending.get("gained_on_take", {}).get("priests", 0) < priests:
            return IllegalAction(HONOR_RULE, f"a Statue honoring Seth costs {priests} Priests besides the Granite",
                                 f"세트를 기리는 석상에는 화강암 외에 사제 {priests}이(가) 듭니다")
        return None
    column = int(action.target[len(PEOPLE):])
    if not 0 <= column < len(F("seth_board.columns")):
        return IllegalAction(BOARD_RULE, "the Seth board has two columns", "세트 보드에는 열이 두 개 있습니다")
    if board.column_statue(state, column) is not None:
        state.note_assumed("seth_board.people_statue_spaces")
        return IllegalAction(PEOPLE_RULE, "that Statue space below the Seth board is taken", "그 석상 칸은 이미 찼습니다")
    return None


def build(state, p, action, cost: int, events: list) -> str:
    """The Statue on the Seth board (the base engine paid the Granite and counts the Statue)."""
    if action.target == HONOR:
        ext.spend_track(state, p.seat, "priests", F("seth_board.honor_statue_priests"), HONOR_RULE, events)
        first_here = p.seat not in state.god_statues[board.SETH]
        state.god_statues[board.SETH].append(p.seat)
        state.pending["statue_built_for"] = board.SETH       # 2 players: no bonus right after building it
        events.append({"event": "seth_statue", "seat": p.seat, "kind": "honor", "granite": cost,
                       "priests": F("seth_board.honor_statue_priests"), "rule": HONOR_RULE})
        if state.players == 3 and first_here:
            god_actions.give_statue_bonus(state, p.seat, board.SETH, events)    # 3 players: at once too
        variants.notify(state, "statue", p.seat, events, kind="god", target=board.SETH)
        return "seth-honor"
    column = int(action.target[len(PEOPLE):])
    board.set_people(state, column, p.seat)
    thoths = board.regions_built(state, column)
    state.note_assumed("seth_board.columns")
    events.append({"event": "seth_statue", "seat": p.seat, "kind": "people", "column": column, "granite": cost,
                   "thoth_actions": thoths, "rule": PEOPLE_RULE})
    for _ in range(thoths):
        owed.action(state, p.seat, "seth_people", PEOPLE_RULE, "thoth", [F("seth_board.people_statue_thoth_value")])
    variants.notify(state, "statue", p.seat, events, kind="people", target=f"seth-people-{column}")
    return f"seth-people-{column}"


def honor_bonus(state, seat: int, events: list) -> None:
    """The owner of a Statue honouring Seth chooses 1 Resource (the overlay's bonus)."""
    state.note_assumed("seth_board.honor_bonus_resources")
    options = [{"id": r, "gain": {r: 1}} for r in F("seth_board.honor_bonus_resources")]
    owed.choice(state, seat, "seth_honor", HONOR_RULE, "resource", options, events)
