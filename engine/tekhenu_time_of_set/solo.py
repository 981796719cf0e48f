"""Botankhamun with Time of Seth (tekhenu-time-of-set/solo/... and the solo summary): its 10 Action tiles
(one base God Action tile and one Resource tile out, the Seth tile and the Priests and Soldiers tile in),
Seth-board Buildings by difficulty, the way it values dice (red and blue count 1 higher, green first among
Pure dice), the Seth tile, the Priests and Soldiers tile, its Horus priorities with the Seth board, +2 VP
for a Pillar on a Conquest tile, its Destiny card next to the Artifacts, and its Seth-board scoring.
Where the solo summary and the body disagree the body is followed and the conflict noted
(data/seth_solo.yaml conflicts)."""
from __future__ import annotations

from ..tekhenu import god_actions, market, solo
from ..tekhenu.board import GODS, horus_god, note_horus_layout
from ..tekhenu.state import Die
from . import board
from .facts import F

SEAT = solo.SEAT
SETH_TILE = "god:seth"
PS_TILE = "seth:soldiers_priests"
SETH_RULE = "tekhenu-time-of-set/solo/seth-tile/build"
PS_RULE = "tekhenu-time-of-set/solo/priests-soldiers-tile/take-die"
RED_BLUE = ("red", "blue")


# -- setup ----------------------------------------------------------------------------------------------------
def tiles(rng) -> list[str]:
    """The 10 Action tiles: one random base God Action tile and one Resource tile removed, the 2 new ones in."""
    gods = [f"god:{g}" for g in solo.SOLO("tiles.god")]
    resources = [f"resource:{i}" for i in range(len(solo.SOLO("tiles.resource")))]
    gods.remove(rng.choice(gods))
    resources.remove(rng.choice(resources))
    return gods + resources + [SETH_TILE, PS_TILE]


def seth_buildings(state, rng, difficulty: str) -> None:
    """Medium: a Building in a region chosen by a die roll (no reward); hard: one more, rolled again when the
    roll names the region that already holds its Building."""
    bot = state.player[SEAT]
    for _ in range(F("seth_solo.difficulty_seth_buildings")[difficulty]):
        region = rng.randint(1, 6)
        while board.has_own(state, region, SEAT) or board.free_space(state, region) is None:
            state.note_assumed("seth_solo.hard_region_reroll")
            region = rng.randint(1, 6)
        board.set_space(state, region, board.free_space(state, region), SEAT)
        bot.buildings_left -= 1


# -- which die ------------------------------------------------------------------------------------------------
def rank(die: Die, purity: str) -> tuple:
    """Botankhamun's order of dice: the value (red and blue count 1 higher), then Pure, then green among Pure
    dice, then red or blue among Tainted ones (Pure 6 > blue 5 > Tainted 6)."""
    return (die.value + (F("seth_solo.red_blue_plus") if die.color in RED_BLUE else 0), purity == "pure",
            die.color == "green" and F("seth_solo.green_first"), die.color in RED_BLUE)


def _best(state, options: list[tuple[int, Die, str]]) -> tuple[int, Die]:
    """The best die by `rank`, ties at random; noting the summary's conflicting tie-break when it mattered."""
    ranked = [(rank(d, p), s, d) for s, d, p in options]
    top = max(r for r, _, _ in ranked)
    if sum(1 for r, _, _ in ranked if r[0] == top[0]) > 1:
        state.note_assumed("seth_solo.conflicts.die_ties")
    tied = [(s, d) for r, s, d in ranked if r == top]
    return solo.pick(state, tied)


def god_tile(state, god: str):
    """A base God Action tile: the best die of that god's section, else the next section counter-clockwise."""
    start = GODS.index(god)
    step = solo.SOLO("turn.next_section_step")
    for k in range(len(GODS)):
        section = (start + step * k) % len(GODS)
        options = [(section, d, p) for d, p in solo.takeable(state, section)]
        if not options:
            continue
        if k:
            state.note_assumed("solo.turn.next_section_step")
        _, die = _best(state, options)
        rule = "tekhenu-time-of-set/solo/dice/red-blue-count-higher" if not k else "tekhenu/solo/god-action-tile/no-dice"
        return section, die, rule, GODS[section]
    return None


def tile_die(state, tile: str, events: list):
    """(section | None, die, rule, god) for the tiles whose die Time of Seth changes; None: the base tile."""
    kind, _, name = tile.partition(":")
    if tile == SETH_TILE:
        dice = board.dice(state)
        if not dice:
            found = god_tile(state, "horus")       # "no dice on the Seth board: a Horus God Action instead"
            return None if found is None else (*found[:2], "tekhenu-time-of-set/solo/seth-tile/no-dice", found[3])
        top = max(d.value for d in dice)
        die = solo.pick(state, [d for d in dice if d.value == top])
        board.remove_die(state, die.id)
        state.player[SEAT].tainted.append(die)       # "every die on the Seth board is Tainted"
        events.append({"event": "take_die", "seat": SEAT, "die": die.id, "color": die.color, "value": die.value,
                       "god": board.SETH, "purity": "tainted", "anubis": False, "scribes_spent": 0, "rule": SETH_RULE})
        return None, die, SETH_RULE, board.SETH
    if tile == PS_TILE:
        return ps_tile(state)
    if kind == "god":
        return god_tile(state, name)
    return None


def ps_tile(state):
    """The highest red or blue die, by the Resource tile's tie-breaks; none: the highest Pure die."""
    found = [(s, d) for s in range(len(GODS)) for d, _ in solo.takeable(state, s) if d.color in RED_BLUE]
    if found:
        section, die, _ = solo.resource_tie_break(state, found)
        return section, die, PS_RULE, GODS[section]
    state.note_assumed("seth_solo.conflicts.ps_tile_fallback")
    pure = [(s, d, p) for s in range(len(GODS)) for d, p in solo.takeable(state, s) if p == "pure"]
    if not pure:
        return god_tile(state, "horus")
    section, die = _best(state, pure)
    return section, die, PS_RULE, GODS[section]


def fallback_die(state):
    """A Resource tile finds only red, blue or green dice: the best of them (an assumed reading)."""
    options = [(s, d, p) for s in range(len(GODS)) for d, p in solo.takeable(state, s)]
    if not options:
        return None
    state.note_assumed("seth_solo.fallback_any_die")
    section, die = _best(state, options)
    return section, die, "tekhenu-time-of-set/solo-summary/action-tiles/resource-tiles/next-resource"


# -- its God Actions ------------------------------------------------------------------------------------------
def seth(state, bot, value: int, color: str, events: list) -> str | None:
    """The Seth tile: a Building in the die's region (or the next higher one it may use, 6 → 1); 2 VP, +3
    with a Statue below the column; no Soldiers, no Blood; the Conquest tile on its best Ra space."""
    if bot.buildings_left <= 0:
        _cannot(state, bot, events, "tekhenu-time-of-set/solo/seth-tile/no-buildings-left")
        return None
    region = next((((value - 1 + k) % 6) + 1 for k in range(6)
                   if not board.has_own(state, ((value - 1 + k) % 6) + 1, SEAT)
                   and board.free_space(state, ((value - 1 + k) % 6) + 1) is not None), None)
    if region is None:
        _cannot(state, bot, events, "tekhenu-time-of-set/solo-summary/action-tiles/seth/build")
        return None
    space = board.free_space(state, region)
    board.set_space(state, region, space, SEAT)
    bot.buildings_left -= 1
    vp = F("seth_solo.seth_tile_vp")
    state.note_assumed("seth_board.columns")
    if board.column_statue(state, board.column_of(region)) is not None:
        vp += F("seth_solo.seth_tile_column_statue_vp")
    bot.vp += vp
    cell = conquest_cell(state)
    tile = None
    if cell is not None:
        tile = board.pop_tile(state)
        board.place_tile(state, cell, tile)
    events.append({"event": "seth", "seat": SEAT, "region": region, "space": space, "soldiers": 0, "faith": 0,
                   "reward": {}, "vp": vp, "blood": 0, "tile": tile, "cell": cell, "moved_from": value,
                   "rule": SETH_RULE})
    return None


def conquest_cell(state) -> str | None:
    """Where Botankhamun puts a Conquest tile: the empty space it would score most on with Ra (ties random)."""
    if board.top_tile(state) is None:
        return None
    cells = board.empty_cells(state)
    if not cells:
        return None
    points = {key: solo.ra_points(state, tuple(int(x) for x in key.split(",")), 0) for key in cells}
    best = max(points.values())
    return solo.pick(state, [key for key in cells if points[key] == best])


def _cannot(state, bot, events: list, rule: str) -> None:
    vp = F("seth_solo.seth_tile_cannot_build_vp")
    bot.vp += vp
    events.append({"event": "botankhamun_cannot_act", "seat": SEAT, "god": board.SETH, "why": "no_building_or_space",
                   "vp": vp, "rule": rule})


def horus(state, bot, value: int, color: str, events: list) -> str | None:
    """Its Horus priorities with the Seth board: a Seth Statue for the people giving 2-3 Thoth actions (the
    rightmost card each); else the god's Statue by the die; else a Statue honouring Seth; else the base
    game's Statue for the people, a Temple Statue, or 3 VP."""
    if bot.statues_left <= 0:
        solo.cannot_act(state, bot, "horus", "no_statues", events)
        return None
    columns = [c for c, seat in enumerate(state.ext["board"]["people"])
               if seat is None and board.regions_built(state, c) >= F("seth_solo.horus_min_thoth")]
    if columns:
        most = max(board.regions_built(state, c) for c in columns)
        column = solo.pick(state, [c for c in columns if board.regions_built(state, c) == most])
        board.set_people(state, column, SEAT)
        bot.statues_left -= 1
        taken = [_rightmost_card(state, bot) for _ in range(most)]
        events.append({"event": "seth_statue", "seat": SEAT, "kind": "people", "column": column, "thoth_actions": most,
                       "cards": [c for c in taken if c], "rule": "tekhenu-time-of-set/solo/horus/seth-statue-for-the-people"})
        if any(taken):
            god_actions.statue_bonuses(state, bot, "thoth", events)     # its Thoth God Actions
        return None
    god = horus_god(state, value)
    note_horus_layout(state)
    if len(state.god_statues[god]) < solo.GOD_STATUE_SPACES:
        state.god_statues[god].append(SEAT)
        bot.statues_left -= 1
        events.append({"event": "horus", "seat": SEAT, "target": god, "granite": 0,
                       "rule": "tekhenu-time-of-set/solo/horus/statue-in-honor-of-a-god"})
        return god
    if len(state.god_statues[board.SETH]) < board.honor_spaces(state):
        state.note_assumed("seth_board.honor_statue_spaces")
        state.god_statues[board.SETH].append(SEAT)
        bot.statues_left -= 1
        events.append({"event": "seth_statue", "seat": SEAT, "kind": "honor", "granite": 0, "priests": 0,
                       "rule": "tekhenu-time-of-set/solo/horus/statue-honoring-seth"})
        return board.SETH
    if solo.statue_for_the_people(state, bot, events) or solo.temple_statue(state, bot, events):
        return None
    vp = solo.SOLO("horus.all_spaces_full_vp")
    bot.vp += vp
    events.append({"event": "horus", "seat": SEAT, "target": None, "vp": vp,
                   "rule": "tekhenu-time-of-set/solo-summary/action-tiles/horus/all-full"})
    return None


def _rightmost_card(state, bot) -> str | None:
    """One Thoth action as a die of 1: the rightmost card of the sections its Happiness allows."""
    allowed = [i for i in range(market.highest_section(bot.happiness)) if state.market[i]]
    for section in reversed(allowed):
        slots = market.cards_at(state.market[section])
        if slots:
            slot = slots[-1]
            item = state.market[section][slot]
            {"blessing": bot.blessings, "technology": bot.technologies, "decree": bot.decrees}[item["kind"]].append(
                item["card"])
            # the space stays empty until the end of its turn (tekhenu/actions/thoth/refill-market)
            state.market[section][slot] = {"kind": item["kind"], "card": None}
            return item["card"]
    return None


def ra_points(state, cell) -> int:
    """+2 VP for a Pillar on a Conquest tile (counted when it chooses its space)."""
    key = f"{cell[0]},{cell[1]}"
    return F("seth_solo.ra_conquest_vp") if board.visible_tile(state, key) else 0


def statue_bonus(state, god: str, events: list) -> None:
    """Its bonus from a Statue honouring Seth: 1 VP (its chart covers the six gods only)."""
    vp = F("seth_solo.seth_statue_bonus_vp")
    state.player[SEAT].vp += vp
    events.append({"event": "statue_bonus", "seat": SEAT, "god": god, "bonus": {"vp": vp},
                   "rule": "tekhenu-time-of-set/solo/horus/seth-statue-bonus"})


# -- Maat and Scoring -----------------------------------------------------------------------------------------
def destiny(state, events: list) -> bool:
    """First in Turn Order: the lowest-Ankh Destiny card among those displayed with Artifacts (its Artifacts
    can no longer be taken); none left: the base game's random Gold or Scribe card."""
    pending = state.pending
    paired = [d for d, cards in state.ext["artifacts"].items() if cards and d in pending["available"]]
    if not paired:
        return False
    card = min(paired, key=lambda d: solo.ANKH[d])
    pending["available"].remove(card)
    state.player[SEAT].destiny = card
    events.append({"event": "destiny", "seat": SEAT, "card": card, "option": None, "reward": False,
                   "rule": "tekhenu-time-of-set/solo/maat/destiny-artifacts/botankhamun-first"})
    return True


def note_scoring(state, bot) -> None:
    if bot.technologies:
        state.note_assumed("seth_solo.conflicts.technology_vp")


def bot_buildings_set(state) -> None:
    state.player[SEAT].buildings_left += F("seth_solo.extra_building_set")
