"""The five sites: where an unloaded stone goes and what it scores, and every scoring of the game
(immediately, at the end of a round, at the end of the game), A and B sides.

Functions change the (already cloned) state in place and append events; every point goes through
`gain`, so a player's score is always the sum of their "score" events. A placement that needs its
owner's choice (which card, which small pyramid...) is not made here: the rules module asks for it.
"""
from __future__ import annotations

from . import data as D
from .state import State, rng, site_stones, stones_on_site

R_PYR_A = "imhotep/sites-a/pyramids/points"
R_PYR_A_AFTER = "imhotep/sites-a/pyramids/after-completion"
R_PYR_B_L2 = "imhotep/sites-b/pyramids/level-2"
R_PYR_B_AFTER = "imhotep/sites-b/pyramids/after-completion"
R_PYR_B_ORDER = "imhotep/sites-b/pyramids/placement-order"
R_TEMPLE = "imhotep/sites-a/temple/placement"
R_TEMPLE_SCORE = "imhotep/end-of-round/temple-scoring"
R_TEMPLE_B = "imhotep/sites-b/temple/scoring-change"
R_BURIAL = "imhotep/sites-a/burial-chamber/placement"
R_BURIAL_SCORE = "imhotep/sites-a/burial-chamber/scoring-groups"
R_BURIAL_B = "imhotep/sites-b/burial-chamber/row-majority"
R_OBELISK = "imhotep/sites-a/obelisks/stacking"
R_OBELISK_SCORE = "imhotep/sites-a/obelisks/highest-scores-most"
R_OBELISK_B = "imhotep/sites-b/obelisks/holding-space"
R_OBELISK_B_BUILD = "imhotep/sites-b/obelisks/build"
R_OBELISK_B_LEFT = "imhotep/sites-b/obelisks/leftover"
R_STATUE = "imhotep/statue"
R_BLUE = "imhotep/final-scoring/unused-blue"
R_WRATH = "imhotep/variant-wrath-of-the-pharaoh/penalty"
R_DECORATION = {"pyramid_decoration": "imhotep/pyramid-decoration", "temple_decoration": "imhotep/temple-decoration",
                "burial_decoration": "imhotep/burial-chamber-decoration",
                "obelisk_decoration": "imhotep/obelisk-decoration"}
R_RESHUFFLE = "imhotep/round/reshuffle"
R_SLED = "imhotep/turn/get-stones/sled-limit"


def gain(state: State, events: list, seat: int, points: int, rule: str, reason: str, **info) -> None:
    state.score[seat] += points
    events.append({"event": "score", "seat": seat, "points": points, "reason": reason, "rule": rule, **info})


def use_fact(state: State, path: str) -> None:
    if path not in state.facts:
        state.facts = state.facts + (path,)


def gain_stones(state: State, events: list, seat: int, wanted: int, rule: str) -> int:
    """Stones from the quarry to the sled: never past the sled's 5, never more than the quarry holds."""
    room = D.SLED_CAPACITY - state.sled[seat]
    got = max(0, min(wanted, room, state.quarry[seat]))
    if got < wanted and rule != "imhotep/turn/get-stones/take-three":
        use_fact(state, "decisions.stone_gains_respect_sled")
    state.quarry[seat] -= got
    state.sled[seat] += got
    events.append({"event": "stones_taken", "seat": seat, "count": got, "wanted": wanted, "rule": rule})
    return got


def draw(state: State, events: list) -> str | None:
    """The top card of the draw pile; an empty pile is first made anew from the shuffled discards."""
    if not state.deck and state.discard:
        cards = state.discard[:]
        rng(state).shuffle(cards)
        state.deck, state.discard = cards, []
        events.append({"event": "reshuffle", "cards": len(cards), "rule": R_RESHUFFLE})
    if not state.deck:
        use_fact(state, "decisions.market_short_of_cards")
        return None
    return state.deck.pop(0)


# -- placing one stone -----------------------------------------------------------------------------------
def place_pyramid_a(state: State, events: list, seat: int) -> None:
    stones = state.pyramid[0]
    index = len(stones)
    stones.append(seat)
    if index < len(D.PYRAMID_A):
        use_fact(state, "pyramid_a.values")
        gain(state, events, seat, D.PYRAMID_A[index], R_PYR_A, "pyramid", space=index + 1)
    else:
        if index == len(D.PYRAMID_A):
            use_fact(state, "decisions.overflow_counts_on_site")
        gain(state, events, seat, D.PYRAMID_AFTER, R_PYR_A_AFTER, "pyramid", space=None)


def open_pyramids(state: State) -> list[int]:
    """The small pyramids (B) that still have a free space."""
    return [k for k in range(D.PYRAMID_B_COUNT) if len(state.pyramid[k]) < len(D.PYRAMID_B_SPACES[k])]


def place_pyramid_b(state: State, events: list, seat: int, k: int | None) -> str | None:
    """A stone on small pyramid k (None: all are complete, beside the board). Returns its bonus, if any."""
    if k is None:
        state.pyramid[D.PYRAMID_B_COUNT].append(seat)
        use_fact(state, "decisions.overflow_counts_on_site")
        gain(state, events, seat, D.PYRAMID_B_AFTER, R_PYR_B_AFTER, "pyramid", pyramid=None)
        return None
    index = len(state.pyramid[k])
    state.pyramid[k].append(seat)
    points, bonus = D.PYRAMID_B_SPACES[k][index]
    use_fact(state, "pyramid_b.spaces")
    level2 = index == len(D.PYRAMID_B_SPACES[k]) - 1
    gain(state, events, seat, points, R_PYR_B_L2 if level2 else R_PYR_B_ORDER, "pyramid", pyramid=k,
         space=index + 1, bonus=bonus)
    return bonus


def place_temple(state: State, events: list, seat: int) -> None:
    spaces = D.TEMPLE_SPACES[state.players]
    index = len(state.temple)
    state.temple.append(seat)
    events.append({"event": "placed", "site": "temple", "seat": seat, "space": index % spaces + 1,
                   "level": index // spaces + 1, "rule": R_TEMPLE})


def place_burial(state: State, events: list, seat: int) -> None:
    index = len(state.burial)
    state.burial.append(seat)
    events.append({"event": "placed", "site": "burial", "seat": seat, "column": index // D.BURIAL_ROWS + 1,
                   "row": index % D.BURIAL_ROWS + 1, "rule": R_BURIAL})


def place_obelisk(state: State, events: list, seat: int) -> None:
    state.obelisk[seat] += 1
    if state.sides["obelisk"] == "A":
        events.append({"event": "placed", "site": "obelisk", "seat": seat, "height": state.obelisk[seat],
                       "rule": R_OBELISK})
        return
    events.append({"event": "placed", "site": "obelisk", "seat": seat, "holding": state.obelisk[seat],
                   "rule": R_OBELISK_B})
    if state.obelisk[seat] == D.OBELISK_B_TOWER:
        state.obelisk[seat] = 0
        use_fact(state, "obelisk_b.spaces")
        taken = {t[0] for t in state.towers if t[0] is not None}
        free = [v for v in D.OBELISK_B_SPACES if v not in taken]
        points = max(free) if free else None
        state.towers.append([points, seat])
        if points is None:
            events.append({"event": "obelisk_built", "seat": seat, "points": 0, "rule": R_OBELISK_B_BUILD})
        else:
            gain(state, events, seat, points, R_OBELISK_B_BUILD, "obelisk")


# -- the temple at the end of a round ----------------------------------------------------------------------
def temple_tops(state: State) -> list[int | None]:
    spaces = D.TEMPLE_SPACES[state.players]
    tops: list[int | None] = [None] * spaces
    for index, seat in enumerate(state.temple):
        tops[index % spaces] = seat
    return tops


def score_temple_a(state: State, events: list) -> None:
    for space, seat in enumerate(temple_tops(state)):
        if seat is not None:
            gain(state, events, seat, D.TEMPLE_TOP_POINTS, R_TEMPLE_SCORE, "temple", space=space + 1)


# -- the end of the game --------------------------------------------------------------------------------
def burial_grid(state: State) -> dict[tuple[int, int], int]:
    return {(i // D.BURIAL_ROWS, i % D.BURIAL_ROWS): seat for i, seat in enumerate(state.burial)}


def burial_groups(state: State) -> list[tuple[int, int]]:
    """(seat, size) of every orthogonally connected group of one colour (diagonals do not connect)."""
    grid = burial_grid(state)
    seen: set = set()
    groups = []
    for cell, seat in grid.items():
        if cell in seen:
            continue
        size, stack = 0, [cell]
        seen.add(cell)
        while stack:
            c, r = stack.pop()
            size += 1
            for nxt in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if nxt not in seen and grid.get(nxt) == seat:
                    seen.add(nxt)
                    stack.append(nxt)
        groups.append((seat, size))
    return groups


def group_points(size: int) -> int:
    table = D.BURIAL_GROUP_POINTS
    if size <= len(table):
        return table[size - 1]
    return table[-1] + (size - len(table)) * D.BURIAL_PAST_FIVE


def statue_points(cards: int) -> int:
    if cards <= 0:
        return 0
    table = D.STATUE_POINTS
    if cards <= len(table):
        return table[cards - 1]
    return table[-1] + (cards - len(table)) * D.STATUE_PAST_FIVE


def rank_points(counts: dict[int, int], table: tuple[int, ...]) -> dict[int, int]:
    """Points by rank for the players with at least 1 stone; tied players add up the points of the
    places they share and split them, rounding down (Obelisks A, Burial Chamber B)."""
    ranked = sorted((n, seat) for seat, n in counts.items() if n > 0)
    ranked.reverse()
    out: dict[int, int] = {}
    place = 0
    while place < len(ranked):
        n = ranked[place][0]
        tied = [seat for m, seat in ranked if m == n]
        share = sum(table[place:place + len(tied)]) // len(tied)
        for seat in tied:
            out[seat] = share
        place += len(tied)
    return out


def score_burial(state: State, events: list) -> None:
    if state.sides["burial"] == "A":
        for seat, size in sorted(burial_groups(state), key=lambda g: (g[0], -g[1])):
            use_fact(state, "burial.group_points")
            gain(state, events, seat, group_points(size), R_BURIAL_SCORE, "burial", group=size)
        return
    grid = burial_grid(state)
    for row in range(D.BURIAL_ROWS):
        counts = {seat: 0 for seat in range(state.players)}
        for (c, r), seat in grid.items():
            if r == row:
                counts[seat] += 1
        for seat, points in sorted(rank_points(counts, D.BURIAL_B_POINTS).items()):
            use_fact(state, "burial_b.points")
            gain(state, events, seat, points, R_BURIAL_B, "burial", row=row + 1, stones=counts[seat])


def score_obelisks(state: State, events: list) -> None:
    if state.sides["obelisk"] == "A":
        counts = {seat: state.obelisk[seat] for seat in range(state.players)}
        for seat, points in sorted(rank_points(counts, D.OBELISK_POINTS[state.players]).items()):
            use_fact(state, f"obelisk_points.{state.players}")
            gain(state, events, seat, points, R_OBELISK_SCORE, "obelisk", height=counts[seat])
        return
    for seat in range(state.players):
        if state.obelisk[seat]:
            gain(state, events, seat, state.obelisk[seat] * D.OBELISK_B_LEFTOVER, R_OBELISK_B_LEFT, "obelisk",
                 leftover=state.obelisk[seat])


def decoration_points(state: State, card: str) -> int:
    return site_stones(state, D.DECORATION_SITE[card]) // D.DECORATION_STONES


def wrath_missing(state: State, seat: int) -> list[str]:
    return [site for site in D.BUILDING_SITES if stones_on_site(state, site, seat) == 0]


def final_scoring(state: State, events: list) -> None:
    """Burial chamber, then obelisks, then the green, purple and unused blue cards; the Wrath last."""
    score_burial(state, events)
    score_obelisks(state, events)
    for seat in range(state.players):
        held = state.cards[seat]
        for card in ("pyramid_decoration", "temple_decoration", "burial_decoration", "obelisk_decoration"):
            for _ in range(held.get(card, 0)):
                gain(state, events, seat, decoration_points(state, card), R_DECORATION[card], "decoration", card=card,
                     stones=site_stones(state, D.DECORATION_SITE[card]))
        if held.get("statue"):
            use_fact(state, "statue_points")
            gain(state, events, seat, statue_points(held["statue"]), R_STATUE, "statues", cards=held["statue"])
        blue = sum(held.get(card, 0) for card in D.BLUE_CARDS)
        if blue:
            gain(state, events, seat, blue * D.UNUSED_BLUE_POINTS, R_BLUE, "unused_blue", cards=blue)
        if state.wrath:
            missing = wrath_missing(state, seat)
            if missing:
                if state.score[seat] < D.WRATH_PENALTY:
                    use_fact(state, "decisions.score_can_go_negative")
                gain(state, events, seat, -D.WRATH_PENALTY, R_WRATH, "wrath", missing=missing)


def winners(state: State) -> list[int]:
    """Most points; tied: most stones on the sled; still tied: they share the victory."""
    best = max(state.score)
    tied = [seat for seat in range(state.players) if state.score[seat] == best]
    most = max(state.sled[seat] for seat in tied)
    return [seat for seat in tied if state.sled[seat] == most]
