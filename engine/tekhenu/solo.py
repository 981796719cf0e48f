"""Botankhamun, the solo opponent (rulebook chapter "Botankhamun - Solo Mode", KB rules tekhenu/solo/...).

A solo game is a 2-player game (seat 0 is you, seat 1 Botankhamun) with `state.solo` set. Botankhamun
makes no decisions: on its turn the Progress marker moves through a pyramid of 10 Action tiles (a Deben
token flip chooses the way), the tile names a god or a list of Resources, and fixed priorities with random
tie-breaks (the state's RNG) choose the die and every placement. The flow (rules.py) plays its turns
inside `apply` (`play_turn`, then the Statue bonuses and the end of the turn), so callers only ever see
your decisions.

The shared procedures call in here at a few points (setup turn order, Maat balance and Ankh, Destiny,
Scoring, statue bonuses); everything Botankhamun-specific lives in this module and data/solo.yaml.
"""
from __future__ import annotations

from ..errors import IllegalAction
from . import core, districts, market, temple
from .board import FACTS as BOARD
from .board import GODS, Facts, horus_god, horus_value, note_horus_layout
from .cards import ANKH, INITIATIVE
from .setup import new_game as new_two_player_game
from .state import Die, State

SOLO = Facts("solo")
SEAT = 1                     # Botankhamun's seat; you are seat 0
YOU = 0
DIFFICULTIES = ("easy", "medium", "hard")
GOD_STATUE_SPACES = 1        # in a 2-player game one Statue per god (tekhenu/actions/horus/statue-for-god/spaces-player-count)
CARD_PRIORITY = {"decree": 0, "technology": 1, "blessing": 2}   # tekhenu/solo/actions/thoth/priority


def is_botankhamun(state: State, seat: int) -> bool:
    return state.solo is not None and seat == state.solo["seat"]


# -- setup --------------------------------------------------------------------------------------------
def new_game(seed: int, difficulty: str = "easy", edition: str = "en", *, harder_decrees: bool = False,
             random_starting: bool = False, horus: str = "shuffled") -> State:
    """You against Botankhamun. Two optional variants of the chapter, independent of the difficulty:
    `harder_decrees` scores its Decrees 8 VP instead of 4 (tekhenu/solo/scoring/harder-decrees) and
    `random_starting` deals you 2 random Starting cards instead of 2 of 3 (tekhenu/solo/difficulty/random-starting-cards)."""
    if difficulty not in DIFFICULTIES:
        raise IllegalAction("tekhenu/solo/difficulty/easy", f"difficulty is easy, medium or hard (got {difficulty!r})",
                            f"난이도는 easy, medium, hard 중 하나입니다 ({difficulty!r} 불가)")
    state = new_two_player_game(2, seed, edition, horus)      # "Set up the game as you would for 2 players"
    rng = state.random()
    state.solo = {"seat": SEAT, "difficulty": difficulty, "pyramid": [], "progress": None,
                  "decree_vp": SOLO("scoring.decree_vp_harder" if harder_decrees else "scoring.decree_vp")}
    _no_decree_for_botankhamun(state)
    offered = SOLO("setup.starting_cards_offered_random_variant" if random_starting else "setup.starting_cards_offered")
    state.pending["draft"] = {"offer": sorted(rng.sample(sorted(INITIATIVE), offered)), "picks": [YOU, YOU]}
    _prepare_botankhamun(state)
    _place_god_statue(state, SOLO("setup.statue_horus_position"))          # Additional Setup
    if difficulty in ("medium", "hard"):
        _medium_setup(state)
    if difficulty == "hard":
        _place_god_statue(state, SOLO("setup.hard_statue_horus_position"))
    _new_pyramid(state, rng)
    state.store_random(rng)
    return state


def _no_decree_for_botankhamun(state: State) -> None:
    """tekhenu/solo/setup/no-decree: its two dealt Decrees go back on top of the deck, as if never dealt."""
    dealt = state.pending["dealt"].pop(str(SEAT))
    state.decks["decree"].extend(card for card in reversed(dealt) if card)
    state.pending["queue"] = [YOU]


def _prepare_botankhamun(state: State) -> None:
    bot = state.player[SEAT]
    bot.happiness, bot.population = SOLO("botankhamun.happiness"), SOLO("botankhamun.population")
    bot.production = {}                  # its Production markers go back to the box (no player board)
    bot.resources = {r: 0 for r in bot.resources}
    bot.scribes = SOLO("botankhamun.start_gold_and_scribes")
    state.note_assumed("solo.botankhamun.start_gold_and_scribes")


def _place_god_statue(state: State, position: int) -> None:
    """A Statue "as if built in honor of a god" in the section matching that Horus action (no bonus now)."""
    god = horus_god(state, position)
    note_horus_layout(state)
    state.note_assumed("solo.setup.statue_horus_position")
    state.god_statues[god].append(SEAT)
    state.player[SEAT].statues_left -= 1


def _medium_setup(state: State) -> None:
    """tekhenu/solo/difficulty/medium: a Bread workshop, a Granite quarry and a Pillar on the central space."""
    bot = state.player[SEAT]
    for row, district in SOLO("setup.medium_buildings"):
        state.osiris[f"{row},{district}"] = SEAT
        bot.buildings_left -= 1
    state.note_assumed("solo.setup.medium_buildings")
    centre = temple.size() // 2
    state.note_assumed("temple.size")
    tile = state.pillar_stack.pop()      # "a random Pillar tile from the top of the stack"
    state.temple[f"{centre},{centre}"] = {"tile": tile, "owner": SEAT, "rotation": SOLO("setup.medium_pillar_rotation")}
    bot.pillars_left -= 1


def _new_pyramid(state: State, rng) -> None:
    """Shuffle the 10 Action tiles into a pyramid; the Progress marker waits left of the base."""
    tiles = [f"god:{g}" for g in SOLO("tiles.god")] + [f"resource:{i}" for i in range(len(SOLO("tiles.resource")))]
    rng.shuffle(tiles)
    state.solo["pyramid"] = tiles
    state.solo["progress"] = None


def initial_turn_order(state: State) -> list[int]:
    return [SEAT, YOU]                   # tekhenu/solo/setup/first-in-turn-order


# -- the turn -----------------------------------------------------------------------------------------
def has_a_decision(state: State) -> bool:
    """Whether the game now waits on Botankhamun: its Destiny card, or its turn."""
    pending = state.pending or {}
    if state.phase == "setup" and pending.get("stage") == "destiny":
        return SEAT in pending["queue"]
    return state.phase == "take_die" and state.current.seat == SEAT


def choose_destiny(state: State, events: list) -> None:
    """First in Turn Order: a random Gold or Scribe Destiny card, no reward; otherwise you choose freely
    among all four and Botankhamun takes none (its Ankh value is always 4)."""
    pending, bot = state.pending, state.player[SEAT]
    if state.turn_order[0] == SEAT:
        rng = state.random()
        card = rng.choice([c for c in SOLO("botankhamun.destiny_cards") if c in pending["available"]])
        state.store_random(rng)
        pending["available"].remove(card)
        bot.destiny = card
        events.append({"event": "destiny", "seat": SEAT, "card": card, "option": None, "reward": False,
                       "rule": "tekhenu/solo/setup/destiny-card" if pending.get("after") == "start"
                       else "tekhenu/solo/maat/botankhamun-destiny-card"})
    else:
        bot.destiny = None
    pending["queue"].remove(SEAT)


def play_turn(state: State, events: list) -> tuple[str, str | None]:
    """Its Action tile and the God Action it leads to: (the god, the god it has just built a Statue for)."""
    tile = advance_progress(state, events)
    return resolve_tile(state, tile, events)


def advance_progress(state: State, events: list) -> str:
    """Move the Progress marker (tekhenu/solo/turn/first-tile, tekhenu/solo/turn/deben-flip); returns the tile."""
    progress = state.solo["progress"]
    if progress is None:
        row, col, flip = 0, 0, None
    else:
        rng = state.random()
        flip = rng.choice(SOLO("turn.deben_moves"))
        state.store_random(rng)
        row, col = (progress[0] + 1, progress[1]) if flip == "top_right" else (progress[0], progress[1] + 1)
        state.note_assumed("solo.tiles.top_right_is_same_index_in_row_above")
    rows = SOLO("tiles.pyramid_rows")
    if row >= len(rows) or col >= rows[row]:
        # Four turns between Maat phases never leave the pyramid; a fifth would have no tile to go to.
        raise IllegalAction("tekhenu/solo/turn/deben-flip", "the Progress marker has no tile left to move to",
                            "진보 마커가 옮겨 갈 타일이 남아 있지 않습니다")
    state.solo["progress"] = [row, col]
    tile = state.solo["pyramid"][sum(rows[:row]) + col]
    events.append({"event": "botankhamun_tile", "seat": SEAT, "tile": tile, "position": [row, col], "deben": flip,
                   "rule": "tekhenu/solo/turn/first-tile" if flip is None else "tekhenu/solo/turn/deben-flip"})
    return tile


def resolve_tile(state: State, tile: str, events: list) -> tuple[str, str | None]:
    """tekhenu/solo/action-tile/one-die: exactly one die, then the God Action of the section it came from.
    (the god, the god it has just built a Statue for): "As in a normal 2-player game, Statue bonuses are
    received when either player ... performs the action" — the flow gives them next."""
    kind, name = tile.split(":")
    if kind == "god":
        choice = god_tile_die(state, name)
    else:
        choice = resource_tile_die(state, SOLO("tiles.resource")[int(name)])
        state.note_assumed("solo.tiles.resource")
    state.note_assumed("solo.tiles.god")
    if choice is None:
        # Every die on the wheel Forbidden: the chapter has no answer and the round could not continue.
        raise IllegalAction("tekhenu/solo/action-tile/one-die", "Botankhamun finds no Pure or Tainted die to take",
                            "보탕카멘이 가져올 온전한/부패한 주사위가 없습니다")
    section, die, rule = choice
    value, color = _take(state, section, die, rule, events)
    god = GODS[section]
    bot = state.player[SEAT]
    built = ACTIONS[god](state, bot, value, color, events)
    return god, built


def _take(state: State, section: int, die: Die, rule: str, events: list) -> tuple[int, str]:
    """Its die stays by the Action tiles (here: on its scales, which the fixed balance ignores) until Maat."""
    bot = state.player[SEAT]
    purity = state.purity(die, section)
    state.sections[section].remove(die)
    (bot.pure if purity == "pure" else bot.tainted).append(die)
    events.append({"event": "take_die", "seat": SEAT, "die": die.id, "color": die.color, "value": die.value,
                   "god": GODS[section], "purity": purity, "anubis": False, "scribes_spent": 0, "rule": rule})
    return die.value, die.color


def _takeable(state: State, section: int) -> list[tuple[Die, str]]:
    out = []
    for die in state.sections[section]:
        purity = state.purity(die, section)
        if purity != "forbidden":
            out.append((die, purity))
    return out


def _pick(state: State, options: list):
    """A random choice among tied options (the RNG is only used when there is a real tie)."""
    if len(options) == 1:
        return options[0]
    rng = state.random()
    choice = rng.choice(options)
    state.store_random(rng)
    return choice


def god_tile_die(state: State, god: str) -> tuple[int, Die, str] | None:
    """Highest Pure or Tainted die in that god's section; ties → Pure, then random; an empty or all-Forbidden
    section → the next section counter-clockwise (tekhenu/solo/god-action-tile/...)."""
    start = GODS.index(god)
    step = SOLO("turn.next_section_step")
    for k in range(len(GODS)):
        section = (start + step * k) % len(GODS)
        takeable = _takeable(state, section)
        if not takeable:
            continue
        if k:
            state.note_assumed("solo.turn.next_section_step")
            state.note_assumed("wheel.gods")
        top = max(d.value for d, _ in takeable)
        tied = [(d, p) for d, p in takeable if d.value == top]
        pure = [(d, p) for d, p in tied if p == "pure"]
        rule = "tekhenu/solo/god-action-tile/highest-die"
        if len(tied) > 1:
            rule = "tekhenu/solo/god-action-tile/tie-pure" if len(pure) == 1 else "tekhenu/solo/god-action-tile/tie-random"
        die, _ = _pick(state, pure or tied)
        return section, die, (rule if not k else "tekhenu/solo/god-action-tile/no-dice")
    return None


def resource_tile_die(state: State, resources: list[str]) -> tuple[int, Die, str] | None:
    """Highest Pure or Tainted die of the first depicted Resource's colour (any section), else the next
    Resource's, else gray; ties → a section with its Statue (then the higher Horus Bonus), else random."""
    color_of = {district: color for color, district in SOLO("osiris.color_district").items()}
    for color in [color_of[r] for r in resources] + ["gray"]:
        found = [(s, d) for s in range(len(GODS)) for d, _ in _takeable(state, s) if d.color == color]
        if found:
            section, die, rule = _resource_tie_break(state, found)
            if color == "gray":
                rule = "tekhenu/solo/resource-tile/only-gray-dice"
            elif color != color_of[resources[0]]:
                rule = "tekhenu/solo/resource-tile/next-resource"
            return section, die, rule
    return None


def _resource_tie_break(state: State, found: list[tuple[int, Die]]) -> tuple[int, Die, str]:
    top = max(d.value for _, d in found)
    tied = [(s, d) for s, d in found if d.value == top]
    if len(tied) == 1:
        return tied[0][0], tied[0][1], "tekhenu/solo/resource-tile/highest-die"
    with_statue = [(s, d) for s, d in tied if SEAT in state.god_statues[GODS[s]]]
    if not with_statue:
        section, die = _pick(state, tied)
        return section, die, "tekhenu/solo/resource-tile/tie-statue"
    rule = "tekhenu/solo/resource-tile/tie-statue"
    if len({s for s, _ in with_statue}) > 1:
        best = max(horus_value(state, GODS[s]) for s, _ in with_statue)
        with_statue = [(s, d) for s, d in with_statue if horus_value(state, GODS[s]) == best]
        note_horus_layout(state)
        rule = "tekhenu/solo/resource-tile/tie-horus-bonus"
    section, die = _pick(state, with_statue)     # identical dice in one section: any of them
    return section, die, rule


# -- God Actions (it never pays costs and gains no Resources or Faith, only Scribes) ----------------------
def _cannot_act(state: State, bot, god: str, why: str, events: list) -> None:
    vp = SOLO("cannot_act.vp")
    state.note_assumed("solo.cannot_act.vp")
    bot.vp += vp
    events.append({"event": "botankhamun_cannot_act", "seat": SEAT, "god": god, "why": why, "vp": vp,
                   "fact": "solo.cannot_act.vp"})


def _horus(state: State, bot, value: int, color: str, events: list) -> str | None:
    """The god it builds a Statue for, if any: as for you, no Statue bonus right after building it
    (tekhenu/actions/horus/statue-bonus-player-count, 2 players)."""
    if bot.statues_left <= 0:
        _cannot_act(state, bot, "horus", "no_statues", events)
        return
    god = horus_god(state, value)
    note_horus_layout(state)
    if len(state.god_statues[god]) < GOD_STATUE_SPACES:
        state.god_statues[god].append(SEAT)
        bot.statues_left -= 1
        events.append({"event": "horus", "seat": SEAT, "target": god, "granite": 0,
                       "rule": "tekhenu/solo/actions/horus/god-statue-first"})
        return god
    if _statue_for_the_people(state, bot, events) or _temple_statue(state, bot, events):
        return None
    vp = SOLO("horus.all_spaces_full_vp")
    bot.vp += vp
    events.append({"event": "horus", "seat": SEAT, "target": None, "vp": vp,
                   "rule": "tekhenu/solo/actions/horus/all-statue-spaces-full"})
    return None


def _people_statue_impact(state: State, index: int) -> int:
    """Districts whose control this Statue would hand to Botankhamun."""
    beside = BOARD("osiris.statue_spaces")[index]
    return sum(1 for d in beside
               if districts.controller(state, d) != SEAT and districts.controller(state, d, SEAT) == SEAT)


def _statue_for_the_people(state: State, bot, events: list) -> bool:
    """tekhenu/solo/actions/horus/statue-for-the-people: the workshop/quarry space with the biggest impact on
    control of the districts (ties random); the setup Gold there is discarded."""
    state.note_assumed("osiris.statue_spaces")
    free = [i for i, seat in enumerate(state.osiris_statues) if seat is None]
    impact = {i: _people_statue_impact(state, i) for i in free}
    best = max(impact.values(), default=0)
    if best <= 0:
        return False
    index = _pick(state, [i for i in free if impact[i] == best])
    state.osiris_statues[index] = SEAT
    bot.statues_left -= 1
    events.append({"event": "horus", "seat": SEAT, "target": f"osiris-statue-{index}", "districts_won": best,
                   "gold_discarded": True, "rule": "tekhenu/solo/actions/horus/statue-for-the-people"})
    return True


def _own_pillars_in_line(state: State, axis: str, line: int) -> int:
    return sum(1 for key, tile in state.temple.items()
               if tile["owner"] == SEAT and temple.in_line(tuple(map(int, key.split(","))), axis, line))


def _temple_statue(state: State, bot, events: list) -> bool:
    """tekhenu/solo/actions/horus/temple-complex-statue: the space lined up with more of its Pillars (ties
    random), 3 VP per such Pillar; the setup Gold there is discarded."""
    state.note_assumed("temple.statue_spaces")
    free = [i for i, seat in enumerate(state.temple_statues) if seat is None]
    if not free:
        return False
    lined = {i: _own_pillars_in_line(state, *temple.space_line(BOARD("temple.statue_spaces")[i])) for i in free}
    best = max(lined.values())
    index = _pick(state, [i for i in free if lined[i] == best])
    state.temple_statues[index] = SEAT
    bot.statues_left -= 1
    vp = SOLO("horus.temple_statue_pillar_vp") * best
    bot.vp += vp
    events.append({"event": "horus", "seat": SEAT, "target": f"temple-statue-{index}", "vp": vp,
                   "gold_discarded": True, "rule": "tekhenu/solo/actions/horus/temple-complex-statue"})
    return True


def ra_points(state: State, cell: tuple[int, int], space: int) -> int:
    """tekhenu/solo/actions/ra/points: 1 VP per Building in line (any owner), 1 per adjacent edge whatever its
    colour (a neighbouring tile or the Temple Complex's own edge), 1/2/3 by the tile's space."""
    r, c = cell
    n = temple.size()
    edges = sum(1 for nr, nc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
                if not (0 <= nr < n and 0 <= nc < n) or f"{nr},{nc}" in state.temple)
    buildings = temple.pieces_in_line_of(state, cell, statues=False)
    return (BOARD("ra.building_vp") * buildings + SOLO("ra.adjacent_edge_vp") * edges
            + BOARD("ra.tile_space_vp")[space])


def _on_temple_edge(cell: tuple[int, int]) -> bool:
    n = temple.size() - 1
    return cell[0] in (0, n) or cell[1] in (0, n)


def _ra(state: State, bot, value: int, color: str, events: list) -> None:
    space = BOARD("ra.tile_space_by_die")[value]
    tile = state.ra_tiles[space]
    empty = [cell for cell in temple.cells() if f"{cell[0]},{cell[1]}" not in state.temple]
    if bot.pillars_left <= 0 or tile is None or not empty:
        _cannot_act(state, bot, "ra", "no_pillar_or_space", events)
        return
    for fact in ("temple.size", "ra.tile_space_vp", "temple.building_spaces", "solo.ra.outer_edge_counts"):
        state.note_assumed(fact)
    points = {cell: ra_points(state, cell, space) for cell in empty}
    best = max(points.values())
    tied = [cell for cell in empty if points[cell] == best]
    rule = "tekhenu/solo/actions/ra/place-pillar"
    own_line = [cell for cell in tied if temple.pieces_in_line_of(state, cell, owner=SEAT, statues=False)]
    if len(tied) > 1:
        tied, rule = own_line or tied, "tekhenu/solo/actions/ra/tie-own-building"
    if len(tied) > 1:
        inner = [cell for cell in tied if not _on_temple_edge(cell)]
        tied, rule = inner or tied, "tekhenu/solo/actions/ra/tie-not-edge"
    if len(tied) > 1:
        rule = "tekhenu/solo/actions/ra/tie-random"
    cell = _pick(state, tied)
    state.temple[f"{cell[0]},{cell[1]}"] = {"tile": tile, "owner": SEAT, "rotation": SOLO("ra.rotation")}
    bot.pillars_left -= 1
    bot.vp += best
    # as in temple.raise_pillar: the remaining tiles slide right, the leftmost space refills from the stack
    remaining = [t for i, t in enumerate(state.ra_tiles) if i != space and t is not None]
    state.ra_tiles = [None] * (3 - len(remaining)) + remaining
    if state.pillar_stack:
        state.ra_tiles[0] = state.pillar_stack.pop()
    events.append({"event": "ra", "seat": SEAT, "tile": tile, "cell": list(cell), "rotation": 0, "vp": best,
                   "reward": None, "rule": rule})


def _hathor(state: State, bot, value: int, color: str, events: list) -> None:
    """tekhenu/solo/actions/hathor/...: the space scoring most from its Pillars (ties random), Population + die."""
    spaces = BOARD("temple.building_spaces")
    state.note_assumed("temple.building_spaces")
    free = [i for i in temple.open_building_spaces(state.players) if str(i) not in state.temple_buildings]
    if bot.buildings_left <= 0 or not free:
        _cannot_act(state, bot, "hathor", "no_building_or_space", events)
        return
    vp = {i: BOARD("hathor.own_pillar_vp") * _own_pillars_in_line(state, *temple.space_line(spaces[i])) for i in free}
    best = max(vp.values())
    tied = [i for i in free if vp[i] == best]
    space = _pick(state, tied)
    state.temple_buildings[str(space)] = SEAT
    bot.buildings_left -= 1
    bot.vp += best
    events.append({"event": "hathor", "seat": SEAT, "space": space, "vp": best, "gained": [],
                   "rule": "tekhenu/solo/actions/hathor/tie-random" if len(tied) > 1 else "tekhenu/solo/actions/hathor/space-choice"})
    core.advance_population(state, bot, value, events)      # the board, not a reward


def _bastet(state: State, bot, value: int, color: str, events: list) -> None:
    """One step at a time; a step beyond Population advances Population instead; no Populace rewards."""
    top = BOARD("limits.populace_max")
    if bot.happiness >= top:
        state.note_assumed("limits.populace_max")
        _cannot_act(state, bot, "bastet", "track_end", events)
        return
    before = (bot.happiness, bot.population)
    for _ in range(value):
        if bot.happiness < bot.population:
            bot.happiness += 1
        elif bot.population < top:
            bot.population += 1
    if bot.population != before[1]:
        core.advance_population(state, bot, 0, events)
    scribes = BOARD("bastet.scribes_by_die")[value]
    bot.scribes += scribes
    events.append({"event": "bastet", "seat": SEAT, "die": value, "happiness": [before[0], bot.happiness],
                   "population": [before[1], bot.population], "scribes": scribes,
                   "rule": "tekhenu/solo/actions/bastet/happiness-cap"})


def thoth_cards(state: State, bot, value: int) -> tuple[int, list[int]] | None:
    """(section, slots): the highest section its Happiness allows that holds enough cards; Decrees >
    Technologies > Blessings, leftmost first within a type."""
    count, _ = BOARD("market.cards_by_die")[value]
    allowed = [i for i in range(market.highest_section(bot.happiness)) if state.market[i]]
    if not allowed:
        return None
    full = [i for i in allowed if len(state.market[i]) >= count]
    section = max(full) if full else max(allowed)
    order = sorted(range(len(state.market[section])),
                   key=lambda s: (CARD_PRIORITY[state.market[section][s]["kind"]], s))
    return section, order[:count]


def _thoth(state: State, bot, value: int, color: str, events: list) -> None:
    choice = thoth_cards(state, bot, value)
    if choice is None:
        _cannot_act(state, bot, "thoth", "no_card", events)
        return
    section, slots = choice
    if any(i >= market.highest_section(bot.happiness) for i, sec in enumerate(state.market) if sec):
        state.note_assumed("solo.thoth.sections_by_happiness")     # its Happiness kept it from a section
    if len(slots) < BOARD("market.cards_by_die")[value][0]:
        state.note_assumed("solo.thoth.fewer_cards_when_short")
    taken = [state.market[section][s] for s in slots]
    for item in taken:       # it ignores their effects and keeps them in one pile (the lists are that pile)
        {"blessing": bot.blessings, "technology": bot.technologies, "decree": bot.decrees}[item["kind"]].append(item["card"])
    rng = state.random()
    for s in sorted(slots, reverse=True):      # refilled with the same type, as in market.take_cards
        kind = state.market[section][s]["kind"]
        card = market.draw(state, kind, rng)
        if card:
            state.market[section][s] = {"kind": kind, "card": card}
        else:
            state.market[section].pop(s)
            state.note_assumed("market.exhausted_space")
    state.store_random(rng)
    events.append({"event": "thoth", "seat": SEAT, "section": section + 1, "cards": [t["card"] for t in taken],
                   "papyrus": 0, "rule": "tekhenu/solo/actions/thoth/priority"})


def osiris_space(state: State, value: int, color: str) -> tuple[int, str] | None:
    """Row by value, district by colour (gray: fewest Buildings, leftmost); occupied → next to the right,
    looping; row full → the row above, looping 1 → 6 (tekhenu/solo/actions/osiris/...)."""
    order = BOARD("osiris.districts")
    district = SOLO("osiris.color_district").get(color)
    if district is None:
        built = {d: sum(1 for key in state.osiris if key.split(",")[1] == d) for d in order}
        district = min(order, key=lambda d: (built[d], order.index(d)))
    start = order.index(district)
    for k in range(6):
        row = (value - 1 - k) % 6 + 1
        for j in range(len(order)):
            candidate = order[(start + j) % len(order)]
            if f"{row},{candidate}" not in state.osiris:
                return row, candidate
    return None


def _osiris(state: State, bot, value: int, color: str, events: list) -> None:
    space = osiris_space(state, value, color) if bot.buildings_left > 0 else None
    if space is None:
        _cannot_act(state, bot, "osiris", "no_building_or_space", events)
        return
    row, district = space
    state.osiris[f"{row},{district}"] = SEAT
    bot.buildings_left -= 1
    gold_discarded = row == 2 and state.osiris_row2_gold      # tekhenu/solo/action-tile/setup-gold
    if gold_discarded:
        state.osiris_row2_gold = False
    events.append({"event": "osiris", "seat": SEAT, "row": row, "district": district, "gold_discarded": gold_discarded,
                   "rule": "tekhenu/solo/actions/osiris/row-and-role"})


ACTIONS = {"horus": _horus, "ra": _ra, "hathor": _hathor, "bastet": _bastet, "thoth": _thoth, "osiris": _osiris}


def statue_bonus(state: State, god: str, events: list) -> None:
    """Its own Horus Bonus chart, by the position of that god's Horus Bonus tile."""
    position = horus_value(state, god)
    bonus = SOLO("horus.bonus_by_position")[position]
    state.note_assumed("solo.horus.bonus_by_position")
    note_horus_layout(state)
    bot = state.player[SEAT]
    bot.scribes += bonus.get("scribes", 0)
    bot.vp += bonus.get("vp", 0)
    events.append({"event": "statue_bonus", "seat": SEAT, "god": god, "bonus": dict(bonus),
                   "rule": "tekhenu/solo/actions/horus/bonus-chart"})


# -- Maat and Scoring ---------------------------------------------------------------------------------
def maat_balance(state: State, bot, events: list) -> None:
    """tekhenu/solo/maat/fixed-balance: +3, +2, +1, +1; never negative, so no VP loss."""
    bot.balance = SOLO("botankhamun.fixed_balance")[min(state.maat_phases, 4)]
    bot.faith = 0
    events.append({"event": "maat_balance", "seat": SEAT, "balance": bot.balance, "faith_used": 0, "vp_lost": 0,
                   "rule": "tekhenu/solo/maat/fixed-balance"})


def ankh_value(state: State, seat: int) -> int:
    if is_botankhamun(state, seat):
        return SOLO("botankhamun.ankh")
    return ANKH[state.player[seat].destiny]


def after_maat(state: State, rng, events: list) -> None:
    """tekhenu/solo/maat/new-pyramid (the final Maat phase ends the game before this is reached)."""
    _new_pyramid(state, rng)
    events.append({"event": "botankhamun_new_pyramid", "rule": "tekhenu/solo/maat/new-pyramid"})


def score(state: State, bot, events: list) -> None:
    """tekhenu/solo/scoring/...: Temple Complex, Statues, Happiness as normal (districts are scored for both
    players by scoring.score); 2 VP per Blessing (then discarded) and per Technology (kept); no Production,
    no Building row, no Bread."""
    gained = temple.score_temple(state, bot)
    gained += BOARD("scoring.statues_vp")[6 - bot.statues_left]
    gained += max((vp for threshold, vp in BOARD("scoring.happiness_vp") if bot.happiness >= threshold), default=0)
    cards = SOLO("scoring.blessing_vp") * len(bot.blessings) + SOLO("scoring.technology_vp") * len(bot.technologies)
    bot.vp += gained + cards
    state.discards["blessing"].extend(bot.blessings)
    events.append({"event": "score_player", "seat": SEAT, "gained": gained + cards, "cards_vp": cards,
                   "blessings_discarded": len(bot.blessings), "bread": 0, "unpaid_bread": 0,
                   "rule": "tekhenu/solo/scoring/cards"})
    bot.blessings = []


def final_scoring(state: State, events: list) -> None:
    """tekhenu/solo/scoring/final-special: each Decree 4 VP (8 in the harder variant), 1 VP per 2 Scribes."""
    bot = state.player[SEAT]
    decrees = state.solo["decree_vp"] * len(bot.decrees)
    scribes = bot.scribes // SOLO("scoring.scribes_per_vp")
    bot.vp += decrees + scribes
    events.append({"event": "botankhamun_final_scoring", "seat": SEAT, "decrees_vp": decrees, "scribes_vp": scribes,
                   "rule": "tekhenu/solo/scoring/final-special"})
