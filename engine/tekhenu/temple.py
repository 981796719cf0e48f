"""The Temple Complex: Pillars (Ra), Buildings around it (Hathor), Statues by it (Horus), and its Scoring.

Geometry and printed values are assumed board facts (data/board.yaml: temple.*, pillar_tiles.*); the
scoring rules themselves are the rulebook's (Ra steps 1-7, Hathor steps 1-3, Scoring step 2).
"""
from __future__ import annotations

from functools import cache

from ..errors import IllegalAction
from .board import FACTS

SIDES = {"left": "row", "right": "row", "top": "col", "bottom": "col"}


def size() -> int:
    return FACTS("temple.size")


def cells() -> list[tuple[int, int]]:
    n = size()
    return [(r, c) for r in range(n) for c in range(n)]


CELL_KEYS = frozenset(f"{r},{c}" for r in range(FACTS("temple.size")) for c in range(FACTS("temple.size")))


@cache      # asked for every Hathor option listed: the answer only depends on the count
def open_building_spaces(players: int) -> tuple[int, ...]:
    return tuple(i for i, (_, _, _, min_players) in enumerate(FACTS("temple.building_spaces")) if players >= min_players)


def space_line(space) -> tuple[str, int]:
    side, line = space[0], space[1]
    return SIDES[side], line


def in_line(cell: tuple[int, int], axis: str, line: int) -> bool:
    return cell[0] == line if axis == "row" else cell[1] == line


def pieces_in_line_of(state, cell: tuple[int, int], owner: int | None = None, statues: bool = True) -> int:
    """Buildings (and Statues) around the Temple Complex in the same row or column as a cell."""
    count = 0
    spaces = FACTS("temple.building_spaces")
    for key, seat in state.temple_buildings.items():
        axis, line = space_line(spaces[int(key)])
        if in_line(cell, axis, line) and (owner is None or seat == owner):
            count += 1
    if statues:
        for index, seat in enumerate(state.temple_statues):
            if seat is None:
                continue
            axis, line = space_line(FACTS("temple.statue_spaces")[index])
            if in_line(cell, axis, line) and (owner is None or seat == owner):
                count += 1
    return count


def edge_colors(rotation: int) -> list[str]:
    edges = list(FACTS("pillar_tiles.edges"))
    rotation %= 4
    return edges[-rotation:] + edges[:-rotation] if rotation else edges


def matching_edges(state, cell: tuple[int, int], rotation: int) -> int:
    """Edges of a new tile matching the neighbouring tile's touching edge or the Temple's outer edge."""
    r, c = cell
    n = size()
    mine = edge_colors(rotation)     # top, right, bottom, left
    neighbours = [((r - 1, c), 2), ((r, c + 1), 3), ((r + 1, c), 0), ((r, c - 1), 1)]
    matches = 0
    for side, ((nr, nc), their_side) in enumerate(neighbours):
        if not (0 <= nr < n and 0 <= nc < n):
            matches += mine[side] == FACTS("temple.outer_edge_color")
            continue
        other = state.temple.get(f"{nr},{nc}")
        if other is not None:
            matches += mine[side] == edge_colors(other["rotation"])[their_side]
    return matches


def is_corner(cell: tuple[int, int]) -> bool:
    n = size() - 1
    return cell[0] in (0, n) and cell[1] in (0, n)


def raise_pillar(state, p, value: int, cell: tuple[int, int], rotation: int, events: list) -> None:
    """Ra God Action steps 1-4 and 7; the tile lies on `cell` without a Pillar until step 6."""
    space = FACTS("ra.tile_space_by_die")[value]
    tile = state.ra_tiles[space]
    if tile is None:
        raise IllegalAction("tekhenu/actions/ra/pillar-tile-choice", "no Pillar tile on that space",
                            "그 칸에 기둥 타일이 없습니다")
    state.note_assumed("temple.size")
    state.note_assumed("pillar_tiles.cost")
    state.note_assumed("pillar_tiles.edges")
    building_vp = FACTS("ra.building_vp") * pieces_in_line_of(state, cell, statues=False)
    edges = matching_edges(state, cell, rotation)
    edge_vp = edges * (FACTS("ra.corner_edge_vp") if is_corner(cell) else FACTS("ra.edge_vp"))
    reward = FACTS("temple.cell_reward")[cell[0]][cell[1]]
    state.note_assumed("temple.cell_reward")
    for key, amount in reward.items():
        if key == "faith":
            p.faith += amount
        else:
            p.resources[key] += amount
    space_vp = FACTS("ra.tile_space_vp")[space]
    state.note_assumed("ra.tile_space_vp")
    p.vp += building_vp + edge_vp + space_vp
    key = f"{cell[0]},{cell[1]}"
    state.temple[key] = {"tile": tile, "owner": None, "rotation": rotation}   # the tile, no Pillar yet
    # step 7 (slide the remaining tiles right, refill the leftmost space) touches only the Ra area, so it
    # is done here; nothing in step 5 depends on it
    remaining = [t for i, t in enumerate(state.ra_tiles) if i != space and t is not None]
    state.ra_tiles = [None] * (3 - len(remaining)) + remaining
    if state.pillar_stack:
        state.ra_tiles[0] = state.pillar_stack.pop()
    events.append({"event": "ra", "seat": p.seat, "tile": tile, "cell": list(cell), "rotation": rotation,
                   "vp": {"buildings": building_vp, "edges": edge_vp, "space": space_vp}, "reward": reward,
                   "corner": is_corner(cell), "rule": "tekhenu/actions/ra/raise-pillar"})
    # step 5 (the tile's ability, pillars.py) and step 6 (place_pillar) follow: turn.py


def place_pillar(state, seat: int, key: str) -> None:
    """Ra step 6: the player's Pillar on the tile marks it as theirs."""
    state.temple[key]["owner"] = seat
    state.player[seat].pillars_left -= 1


def construct_building(state, p, value: int, space: int, resource: str | None, events: list) -> None:
    """Hathor God Action: pay Bread, build, then for each Temple space in line: own Pillar 3 VP, empty → 1
    of the depicted Resource/Faith; finally Population + die value."""
    spaces = FACTS("temple.building_spaces")
    state.note_assumed("temple.building_spaces")
    state.temple_buildings[str(space)] = p.seat
    p.buildings_left -= 1
    axis, line = space_line(spaces[space])
    vp, gained = 0, []
    for cell in cells():
        if not in_line(cell, axis, line):
            continue
        occupant = state.temple.get(f"{cell[0]},{cell[1]}")
        if occupant is not None:
            if occupant["owner"] == p.seat:
                vp += FACTS("hathor.own_pillar_vp")
        else:
            reward = FACTS("temple.cell_reward")[cell[0]][cell[1]]
            key = next(iter(reward))  # one depicted kind per space (assumed); receive exactly 1 of it
            if key == "faith":
                p.faith += 1
            else:
                p.resources[key] += 1
            gained.append(key)
    p.vp += vp
    events.append({"event": "hathor", "seat": p.seat, "space": space, "vp": vp, "gained": gained,
                   "rule": "tekhenu/actions/hathor/pay-and-place"})


def build_temple_statue(state, p, index: int, events: list) -> None:
    state.temple_statues[index] = p.seat
    p.resources["gold"] += 1                     # the Gold placed there during setup
    axis, line = space_line(FACTS("temple.statue_spaces")[index])
    pillars = sum(1 for key, tile in state.temple.items()
                  if tile["owner"] == p.seat and in_line(tuple(map(int, key.split(","))), axis, line))
    p.vp += 3 * pillars
    state.note_assumed("temple.statue_spaces")
    events.append({"event": "temple_statue", "seat": p.seat, "space": index, "vp": 3 * pillars,
                   "rule": "tekhenu/actions/horus/statue-for-people/temple-complex-pillars"})


def score_temple(state, p) -> int:
    """Scoring step 2: 1 VP per own Building/Statue around it; each own Pillar 1 VP per own Building
    and Statue in the same row and column."""
    vp = sum(1 for seat in state.temple_buildings.values() if seat == p.seat)
    vp += sum(1 for seat in state.temple_statues if seat == p.seat)
    for key, tile in state.temple.items():
        if tile["owner"] == p.seat:
            vp += pieces_in_line_of(state, tuple(map(int, key.split(","))), owner=p.seat)
    return vp
