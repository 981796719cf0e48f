"""The Seth board: its dice, its six regions (two columns of three, two Building spaces each), the Statues
below it, and the Conquest tiles it sends to the Temple Complex. Questions about it, and the few changes
the setup, the Seth God Action and the Rotation make to it."""
from __future__ import annotations

from ..tekhenu import temple
from ..tekhenu.board import roll
from ..tekhenu.state import Die
from . import ext
from .facts import F

SETH = "seth"


def side(state) -> str:
    return state.ext["board"]["side"]


def new_board(players: int) -> dict:
    return {"side": F("seth_board.side")[players], "dice": [],
            "regions": {str(r): [None] * F("seth_board.spaces_per_region") for r in F("seth_board.regions")},
            "people": [None] * len(F("seth_board.columns"))}


# -- dice ----------------------------------------------------------------------------------------------
def dice(state) -> list[Die]:
    return [Die(d["id"], d["color"], d["value"]) for d in state.ext["board"]["dice"]]


def put_die(state, die: Die, rng) -> Die:
    """A die rolled onto the Seth board."""
    rolled = Die(die.id, die.color, roll(rng, die.color))
    ext.own(state, "board")["dice"].append({"id": rolled.id, "color": rolled.color, "value": rolled.value})
    return rolled


def remove_die(state, die_id: int) -> Die | None:
    board = ext.own(state, "board")["dice"]
    for index, item in enumerate(board):
        if item["id"] == die_id:
            board.pop(index)
            return Die(item["id"], item["color"], item["value"])
    return None


def wanted_dice(state) -> int:
    return F("seth_board.dice_on_board")[state.players]


# -- regions and Buildings -------------------------------------------------------------------------------
def spaces(state, region: int) -> list:
    return state.ext["board"]["regions"][str(region)]


def set_space(state, region: int, space: int, seat: int | None) -> None:
    ext.own(state, "board")["regions"][str(region)][space] = seat


def set_people(state, column: int, seat: int) -> None:
    ext.own(state, "board")["people"][column] = seat


def has_own(state, region: int, seat: int) -> bool:
    return seat in spaces(state, region)


def free_space(state, region: int) -> int | None:
    """The next Building space of a region (spaces fill in order), or None when both are taken."""
    return next((i for i, seat in enumerate(spaces(state, region)) if seat is None), None)


def cost(state, region: int) -> int:
    """Soldiers for the next Building in the region: 4 for the first, then 3 (3-4 players) or 5 (1-2)."""
    space = free_space(state, region)
    return F("seth_board.building_cost_first") if not space else F("seth_board.building_cost_second")[state.players]


def column_of(region: int) -> int:
    return next(i for i, col in enumerate(F("seth_board.columns")) if region in col)


def column_statue(state, column: int) -> int | None:
    """The Statue for the people below that column (anyone's), or None."""
    return state.ext["board"]["people"][column]


def regions_built(state, column: int) -> int:
    """Regions of the column holding at least one Building (anyone's)."""
    return sum(1 for region in F("seth_board.columns")[column] if any(s is not None for s in spaces(state, region)))


def buildings_of(state, seat: int) -> list[tuple[int, int]]:
    """(region, space) of a player's Buildings on the Seth board."""
    return [(int(r), i) for r, row in state.ext["board"]["regions"].items() for i, s in enumerate(row) if s == seat]


def building_vp(state, space: int) -> int:
    return F("seth_board.building_vp")[side(state)][space]


def region_reward(state, region: int) -> dict:
    return F("seth_board.region_reward")[side(state)][region]


def honor_spaces(state) -> int:
    return F("seth_board.honor_statue_spaces")[state.players]


def statues_of(state, seat: int) -> int:
    """A player's Statues on the Seth board (for the people below a column, and honouring Seth)."""
    return state.ext["board"]["people"].count(seat) + state.god_statues.get(SETH, []).count(seat)


# -- Conquest tiles on the Temple Complex ----------------------------------------------------------------
def conquest(state) -> dict:
    return state.ext["conquest"]


def pop_tile(state) -> str:
    """The top Conquest tile, off the stack."""
    return ext.own(state, "conquest")["stack"].pop()


def place_tile(state, cell: str, tile: str) -> None:
    ext.own(state, "conquest")["placed"][cell] = tile


def claim_tile(state, cell: str) -> str:
    """The tile on a space, claimed (by the Pillar tile placed on it)."""
    tiles = ext.own(state, "conquest")
    tile = tiles["placed"].pop(cell)
    tiles["claimed"][cell] = tile
    return tile


def top_tile(state) -> str | None:
    stack = conquest(state)["stack"]
    return stack[-1] if stack else None


CELLS = tuple(f"{r},{c}" for r, c in temple.cells())      # the Temple Complex's spaces, in order


def empty_cells(state) -> list[str]:
    """Temple Complex spaces a Conquest tile may go on: no Pillar tile, no other Conquest tile."""
    placed = conquest(state)["placed"]
    taken = state.temple
    return [key for key in CELLS if key not in taken and key not in placed]


def is_empty_cell(state, key) -> bool:
    return key in CELLS and key not in state.temple and key not in conquest(state)["placed"]


def any_empty_cell(state) -> bool:
    placed = conquest(state)["placed"]
    return any(key not in state.temple and key not in placed for key in CELLS)


def visible_tile(state, key: str) -> str | None:
    """The Conquest tile showing on a space (not yet under a Pillar tile)."""
    if key in state.temple:
        return None
    return conquest(state)["placed"].get(key)


def tiles_in_line(state, axis: str, line: int) -> list[tuple[str, str]]:
    """(space, tile) of the Conquest tiles still showing in a row or column of the Temple Complex."""
    out = []
    for key, tile in sorted(conquest(state)["placed"].items()):
        cell = tuple(int(x) for x in key.split(","))
        if key not in state.temple and temple.in_line(cell, axis, line):
            out.append((key, tile))
    return out
