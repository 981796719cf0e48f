"""The six God Actions and Produce Resources (tekhenu/actions/...): when each is allowed (`refusal`),
every way it can be taken (`candidates`), what it does (`HANDLERS`), and the Horus Statue bonuses that
follow a God Action.

An action reads its die from `state.pending` ({"color", "value", "god", "anubis", ...}): the die taken
this turn, or a stand-in a card gives (extra.py). The handlers do the god's own steps; turn.py runs
them with the card hooks around them and Ra step 5 (the Pillar tile's ability, pillars.py) after them.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import IllegalAction
from . import core, editions, market, solo, temple, variants
from . import effects_cards as cards_fx
from .actions import Perform
from .board import FACTS, GODS, RESOURCES, horus_god, note_horus_layout
from .terms import both


def afford(state, p, pending: dict, god: str, resource: str, amount: int) -> bool:
    """Whether this God Action's cost can be met, after Blessing waivers and Technology gains."""
    return cards_fx.affordable(state, p, pending, god, resource, amount)


def pay_cost(state, p, god: str, resource: str, amount: int, rule: str, events: list) -> None:
    """A God Action's cost, less what an attached Blessing waives (B13-B16)."""
    core.pay(state, p, resource, cards_fx.due(state, state.pending, god, resource, amount), rule, events)


# -- legality ---------------------------------------------------------------------------------------
def refusal(state, p, pending: dict, action: Perform) -> IllegalAction | None:
    """Why the rules forbid this action now, or None. The single source of truth for legality."""
    if action.action == "produce":
        return produce_refusal(pending, action)
    return god_refusal(state, p, pending, action.action) or target_refusal(state, p, pending, action)


def produce_refusal(pending: dict, action: Perform) -> IllegalAction | None:
    colors = FACTS("produce.color_resource")
    if pending.get("no_production"):          # a variant's die that never produces: (rule, en, ko)
        rule, en, ko = pending["no_production"]
        return IllegalAction(rule, en, ko)
    if not pending["anubis"]:
        if pending["color"] not in colors:
            return IllegalAction("tekhenu/round/gray-no-production", "Gray dice cannot be used to Produce Resources",
                                 "회색 주사위로는 자원을 생산할 수 없습니다")
        if action.resource not in (None, colors[pending["color"]]):
            return IllegalAction("tekhenu/actions/produce/color-and-value",
                                 "the colour of the die determines the type of Resource",
                                 "주사위 색이 생산할 자원의 종류를 정합니다")
    elif action.resource not in RESOURCES:
        return IllegalAction("tekhenu/actions/produce/color-table", f"{action.resource!r} is not a producible Resource",
                             f"{action.resource!r}은(는) 생산할 수 있는 자원이 아닙니다")
    return None


def god_refusal(state, p, pending: dict, god: str) -> IllegalAction | None:
    """Conditions of a God Action that do not depend on where or what it targets."""
    if god not in GODS and not (state.ext is not None and god in variants.of(state).extra_gods(state)):
        return IllegalAction("tekhenu/round/perform-action", f"unknown action {god!r}", "이 게임에는 그런 신 행동이 없습니다")
    if god != pending["god"] and not pending["anubis"]:
        en, ko = both(pending["god"])
        return IllegalAction("tekhenu/round/god-action",
                             f"a die from the {en} section performs the {en} God Action (or Produce Resources); "
                             "any other action needs an Anubis Action",
                             f"{ko} 구역의 주사위로는 {ko} 신 행동(또는 자원 생산)을 합니다. 다른 행동은 아누비스 행동이 필요합니다")
    if god not in GODS:
        return variants.of(state).god_refusal(state, p, pending, god)
    value = pending["value"]
    if god == "bastet" and not afford(state, p, pending, god, "papyrus", FACTS("bastet.cost_papyrus")):
        return IllegalAction("tekhenu/actions/bastet/advance-happiness", "the Bastet action costs 2 Papyrus",
                             "바스테트 행동에는 파피루스 2개가 듭니다")
    if god == "osiris" and p.happiness <= 0:
        return IllegalAction("tekhenu/actions/osiris/cannot-perform", "your Happiness is already 0",
                             "행복지수가 이미 0입니다")
    if god in ("osiris", "hathor") and p.buildings_left <= 0:
        return IllegalAction("tekhenu/actions/component-limits/limited-pieces", "you have no Buildings left",
                             "남은 건축물이 없습니다")
    if god == "horus":
        if p.statues_left <= 0:
            return IllegalAction("tekhenu/actions/component-limits/limited-pieces", "you have no Statues left",
                                 "남은 석상이 없습니다")
        cost = FACTS("player_board.statue_granite_cost")[6 - p.statues_left]
        if not afford(state, p, pending, god, "granite", cost):
            return IllegalAction("tekhenu/actions/horus/build-statue", f"this Statue costs {cost} Granite",
                                 f"이 석상에는 화강암 {cost}개가 듭니다")
    if god == "ra":
        if p.pillars_left <= 0:
            return IllegalAction("tekhenu/actions/component-limits/limited-pieces", "you have no Pillars left",
                                 "남은 기둥이 없습니다")
        if state.ra_tiles[FACTS("ra.tile_space_by_die")[value]] is None:
            return IllegalAction("tekhenu/actions/ra/pillar-tile-choice", "no Pillar tile on the space of this die value",
                                 "이 주사위 눈에 해당하는 칸에 기둥 타일이 없습니다")
        if not all(afford(state, p, pending, god, r, n) for r, n in FACTS("pillar_tiles.cost").items()):
            return IllegalAction("tekhenu/actions/ra/pay-and-place-tile", "you cannot pay the cost shown on the Pillar tile",
                                 "기둥 타일에 표시된 비용을 낼 수 없습니다")
    if god == "thoth":
        count, papyrus = FACTS("market.cards_by_die")[value][0], market.min_papyrus(state, value)
        if market.highest_section(p.happiness) == 0:
            return IllegalAction("tekhenu/actions/thoth/market-sections-by-happiness",
                                 "with Happiness 0 you cannot take any cards", "행복지수 0으로는 카드를 가져올 수 없습니다")
        if not afford(state, p, pending, god, "papyrus", papyrus):
            return IllegalAction("tekhenu/actions/thoth/card-count", f"taking {count} cards costs {papyrus} Papyrus",
                                 f"카드 {count}장을 가져오려면 파피루스 {papyrus}개가 듭니다")
    return None


def target_refusal(state, p, pending: dict, action: Perform) -> IllegalAction | None:
    """Conditions that depend on the chosen space, district, tile position or cards."""
    if state.ext is not None:
        variant = variants.of(state)
        if action.action not in GODS or variant.owns(state, p, action.action):
            return variant.target_refusal(state, p, pending, action)
    return _base_target_refusal(state, p, pending, action)


def _base_target_refusal(state, p, pending: dict, action: Perform) -> IllegalAction | None:
    """target_refusal for a base God Action that no variant takes over."""
    value = pending["value"]
    if action.action == "osiris":
        if action.district not in FACTS("osiris.districts"):
            return IllegalAction("tekhenu/actions/osiris/row-by-die", f"{action.district!r} is not a district",
                                 f"{action.district!r}은(는) 자원 구역이 아닙니다")
        if f"{value},{action.district}" in state.osiris:
            en, ko = both(action.district)
            return IllegalAction("tekhenu/actions/osiris/cannot-perform",
                                 f"row {value} of the {en} district is occupied", f"{ko} 구역의 {value}행은 이미 찼습니다")
        if value == 6 and action.extra not in RESOURCES:
            return IllegalAction("tekhenu/actions/osiris/row-6", "row 6 also advances any one Resource: choose it",
                                 "6행은 원하는 자원 하나의 생산도 올립니다: 그 자원을 고르세요")
        if value in (3, 4) and action.extra is not None and \
                action.extra not in editions.osiris_received(state, action.district, value):
            received = editions.osiris_received(state, action.district, value)
            return IllegalAction(f"tekhenu/actions/osiris/row-{value}",
                                 f"row {value} gives 1 {' or '.join(both(r)[0] for r in received)}",
                                 f"{value}행은 {' 또는 '.join(both(r)[1] for r in received)} 1개를 줍니다")
    elif action.action == "horus":
        if action.target == "god":
            god = horus_god(state, value)
            if len(state.god_statues[god]) >= {2: 1, 3: 2, 4: 3}[state.players]:
                en, ko = both(god)
                return IllegalAction("tekhenu/actions/horus/statue-for-god/spaces-player-count",
                                     f"all Statue spaces of {en} open with {state.players} players are taken",
                                     f"{state.players}인 게임에서 열린 {ko}의 석상 칸이 모두 찼습니다")
        elif action.target and action.target.startswith(("people:", "temple:")):
            kind, _, index = action.target.partition(":")
            spaces = state.osiris_statues if kind == "people" else state.temple_statues
            if index not in [str(i) for i in range(len(spaces))]:
                return IllegalAction("tekhenu/actions/horus/statue-for-people/spaces",
                                     f"there are {len(spaces)} such Statue spaces: {kind}:0 to {kind}:{len(spaces) - 1}",
                                     f"그런 석상 칸은 {len(spaces)}개입니다: {kind}:0 ~ {kind}:{len(spaces) - 1}")
            if spaces[int(index)] is not None:
                return IllegalAction("tekhenu/actions/horus/statue-for-people/spaces", "that Statue space is taken",
                                     "그 석상 칸은 이미 찼습니다")
        elif state.ext is not None and action.target in variants.of(state).horus_targets(state):
            return variants.of(state).horus_target_refusal(state, p, pending, action)
        else:
            return IllegalAction("tekhenu/actions/horus/choose-statue-type",
                                 "choose a god or a Statue space for the people",
                                 "신을 기리는 석상인지 민중을 위한 석상 칸인지 고르세요")
    elif action.action == "ra":
        if action.cell not in temple.CELL_KEYS or action.cell in state.temple:
            return IllegalAction("tekhenu/actions/ra/pay-and-place-tile", "place the tile on an empty Temple Complex space",
                                 "타일은 신전 단지의 빈 칸에 놓습니다")
        if action.rotation not in range(4):      # "You may freely rotate the tile": one of its 4 orientations
            return IllegalAction("tekhenu/actions/ra/pay-and-place-tile",
                                 "a tile lies in one of its 4 orientations: rotation 0 to 3 quarter turns",
                                 "타일의 방향은 4가지입니다: 회전은 0~3 (90도 단위)")
    elif action.action == "hathor":
        spaces = FACTS("temple.building_spaces")
        if action.space not in temple.open_building_spaces(state.players):
            return IllegalAction("tekhenu/actions/hathor/spaces-player-count",
                                 f"that Building space is not in play with {state.players} players",
                                 f"그 건축물 칸은 {state.players}인 게임에서 쓰지 않습니다")
        if str(action.space) in state.temple_buildings:
            return IllegalAction("tekhenu/actions/hathor/pay-and-place", "that Building space is taken",
                                 "그 건축물 칸은 이미 찼습니다")
        if not afford(state, p, pending, "hathor", "bread", spaces[action.space][2]):
            return IllegalAction("tekhenu/actions/hathor/building-cost",
                                 f"this Building costs {spaces[action.space][2]} Bread",
                                 f"이 건축물에는 빵 {spaces[action.space][2]}개가 듭니다")
    elif action.action == "thoth":
        return market.refusal(state, p, value, action.section, action.cards,
                              afford=lambda n: afford(state, p, pending, "thoth", "papyrus", n))
    return None


# -- every way to take an action --------------------------------------------------------------------
def candidates(state, pending: dict | None = None, p=None, first: bool = False) -> list[Perform]:
    """Every action the die allows (`first`: stop at the first one found, for a yes/no question)."""
    pending = pending or state.pending
    p = p or state.current
    variant = variants.of(state) if state.ext is not None else None
    gods = (GODS + variant.extra_gods(state) if variant else GODS) if pending["anubis"] else (pending["god"],)
    if pending.get("refreshed") is not None:
        gods = ("thoth",)          # a refreshed section commits the turn to the Thoth action
    out = []
    god_shifts, produce_shifts = cards_fx.shifts(p, pending)     # T14 / T13 may turn the die first
    for shift in god_shifts:
        view = dict(pending, value=pending["value"] + shift) if shift else pending
        for god in gods:
            if god_refusal(state, p, view, god) is not None:
                continue
            if god not in GODS or (variant and variant.owns(state, p, god)):
                targets, refuse = variant.variants(state, p, view, god), target_refusal
            else:
                refuse = _base_target_refusal      # (ownership settled just above, not asked again per target)
                context = dict(view, temple_taken=state.temple, edition=state.edition, players=state.players,
                               buildings_taken=state.temple_buildings,
                               thoth_choices=market.choices(state, p, view["value"]) if god == "thoth" else [])
                targets = _variants(context, god)
                if god == "horus" and variant:
                    targets = list(targets) + [Perform("horus", target=t) for t in variant.horus_targets(state)]
            for action in targets:
                if refuse(state, p, view, action) is None:
                    out.append(replace(action, shift=shift) if shift else action)
                    if first:
                        return out
    if "thoth" in gods and god_refusal(state, p, pending, "thoth") is None and \
            afford(state, p, pending, "thoth", "papyrus", FACTS("market.refresh_cost_papyrus") +
                   market.min_papyrus(state, pending["value"])):
        out += [Perform("thoth_refresh", section=i) for i, sec in enumerate(state.market)
                if sec is not None and i not in (pending.get("refreshed") or [])]
    if pending.get("refreshed") is not None:
        return out
    colors = FACTS("produce.color_resource")
    if pending.get("no_production"):
        return out
    if pending["anubis"]:
        out += [Perform("produce", resource=r, shift=s) for s in produce_shifts for r in RESOURCES]
    elif pending["color"] in colors:
        out += [Perform("produce", resource=colors[pending["color"]], shift=s) for s in produce_shifts]
    return out


def _variants(pending: dict, god: str):
    """The targets a God Action could take (an iterable: a yes/no question stops at the first legal one)."""
    if god == "osiris":
        out = []
        for district in FACTS("osiris.districts"):
            if pending["value"] == 6:
                out += [Perform("osiris", district=district, extra=r) for r in RESOURCES]
            elif pending["value"] in (3, 4) and pending.get("edition") == "ko":
                # KO rows 3/4: one of the advanced Resources, the player's choice (data/editions.yaml)
                out += [Perform("osiris", district=district, extra=r)
                        for r in (district, FACTS("osiris.second_resource")[district])]
            else:
                out.append(Perform("osiris", district=district))
        return out
    if god == "horus":
        return ([Perform("horus", target="god")] + [Perform("horus", target=f"people:{i}") for i in range(2)]
                + [Perform("horus", target=f"temple:{i}") for i in range(2)])
    if god == "ra":
        taken = pending.get("temple_taken", set())
        return (Perform("ra", cell=f"{r},{c}", rotation=rot) for r, c in temple.cells() for rot in range(4)
                if f"{r},{c}" not in taken)
    if god == "hathor":     # the spaces in play and free (target_refusal would refuse the others)
        taken = pending.get("buildings_taken", {})
        return (Perform("hathor", space=i) for i in temple.open_building_spaces(pending["players"])
                if str(i) not in taken)
    if god == "thoth":
        return (Perform("thoth", section=s, cards=slots) for s, slots in pending.get("thoth_choices", []))
    return [Perform(god)]


# -- what each action does ----------------------------------------------------------------------------
def produce(state, p, action: Perform, events: list) -> tuple[str, int]:
    """Produce Resources: the die's value of its colour's Resource, the excess over the Production marker
    onto the Tainted side of the scales (tekhenu/actions/produce/excess-taint). (resource, excess)."""
    pending = state.pending
    resource = action.resource or FACTS("produce.color_resource")[pending["color"]]
    amount = pending["value"]
    keep = min(amount, p.production[resource])
    excess = amount - keep
    p.resources[resource] += keep
    p.taint_resources += excess
    events.append({"event": "produce", "seat": p.seat, "resource": resource, "produced": amount, "kept": keep,
                   "taint": excess, "marker": p.production[resource], "rule": "tekhenu/actions/produce/excess-taint"})
    return resource, excess


def bastet(state, p, action: Perform, events: list) -> None:
    pay_cost(state, p, "bastet", "papyrus", FACTS("bastet.cost_papyrus"), "tekhenu/actions/bastet/advance-happiness",
             events)
    value = state.pending["value"]
    before = p.happiness
    core.advance_happiness(state, p, value, events)
    p.scribes += FACTS("bastet.scribes_by_die")[value]
    events.append({"event": "bastet", "seat": p.seat, "die": value, "happiness": [before, p.happiness],
                   "capped_by_population": before + value > p.happiness,
                   "scribes": FACTS("bastet.scribes_by_die")[value], "population": p.population,
                   "rule": "tekhenu/actions/bastet/advance-happiness"})


def osiris(state, p, action: Perform, events: list) -> None:
    osiris_build(state, p, state.pending["value"], action.district, action.extra, events)


def osiris_build(state, p, row: int, district: str, extra: str | None, events: list,
                 happiness_cost: bool = True) -> None:
    """Osiris: a workshop or quarry in `row` of `district` (Starting cards S01-S03 skip the Happiness cost)."""
    key = f"{row},{district}"
    if happiness_cost:
        p.happiness -= 1
    p.buildings_left -= 1
    state.osiris[key] = p.seat
    second = FACTS("osiris.second_resource")[district]
    state.note_assumed("osiris.second_resource") if row in (3, 4) else None
    max_prod = FACTS("limits.production_max")

    def advance(resource: str, steps: int):
        p.production[resource] = min(max_prod, p.production[resource] + steps)

    if row in (1, 2):
        advance(district, 1)
        p.resources[district] += 1
        if row == 2 and state.osiris_row2_gold:
            state.osiris_row2_gold = False
            p.resources["gold"] += 1
    elif row in (3, 4):
        advance(district, 1)
        advance(second, 1)
        p.resources[extra or district] += 1     # KO: either advanced Resource; EN: the depicted one
        if row == 4:
            p.resources["gold"] += 1
    elif row == 5:
        advance(district, 2)
        p.resources[district] += 2
    else:
        advance(district, 2)
        advance(extra, 1)
        p.resources[district] += 2
    events.append({"event": "osiris", "seat": p.seat, "row": row, "district": district,
                   "production": dict(p.production), "rule": f"tekhenu/actions/osiris/row-{row}"})
    variants.notify(state, "building", p.seat, events, where="osiris", row=row, district=district)


def horus(state, p, action: Perform, events: list) -> None:
    built = 6 - p.statues_left
    cost = FACTS("player_board.statue_granite_cost")[built]
    state.note_assumed("player_board.statue_granite_cost")
    rule = "tekhenu/actions/horus/build-statue"
    if action.target == "god":
        god = horus_god(state, state.pending["value"])
        note_horus_layout(state)
        pay_cost(state, p, "horus", "granite", cost, rule, events)
        first_here = p.seat not in state.god_statues[god]
        state.god_statues[god].append(p.seat)
        state.pending["statue_built_for"] = god     # 2 players: no bonus right after building it
        target = god
        if state.players == 3 and first_here:
            # "In a 3-player game, also receive the Statue bonus immediately after building it"
            # (a second Statue to the same god gives no additional reward)
            give_statue_bonus(state, p.seat, god, events)
        variants.notify(state, "statue", p.seat, events, kind="god", target=god)
    elif action.target and action.target.startswith("people:"):
        index = int(action.target.split(":")[1])
        pay_cost(state, p, "horus", "granite", cost, rule, events)
        state.osiris_statues[index] = p.seat
        p.resources["gold"] += 1      # the Gold placed there during setup
        state.note_assumed("osiris.statue_spaces")
        target = f"osiris-statue-{index}"
        variants.notify(state, "statue", p.seat, events, kind="people", target=target)
    elif action.target.startswith("temple:"):
        pay_cost(state, p, "horus", "granite", cost, rule, events)
        index = int(action.target.split(":")[1])
        temple.build_temple_statue(state, p, index, events)
        target = f"temple-statue-{index}"
        variants.notify(state, "statue", p.seat, events, kind="people", target=target)
    else:                   # a variant's Statue space (Time of Seth's Seth board)
        pay_cost(state, p, "horus", "granite", cost, rule, events)
        target = variants.of(state).build_statue(state, p, action, cost, events)
    p.statues_left -= 1
    events.append({"event": "horus", "seat": p.seat, "target": target, "granite": cost, "rule": rule})


def ra(state, p, action: Perform, events: list) -> None:
    """Ra steps 1-4 and 7 (pay, place the tile, score, its space's reward); step 5, the tile's ability,
    and step 6, the Pillar on it, follow in turn.py."""
    for resource, amount in FACTS("pillar_tiles.cost").items():
        pay_cost(state, p, "ra", resource, amount, "tekhenu/actions/ra/pay-and-place-tile", events)
    cell = tuple(int(x) for x in action.cell.split(","))
    temple.raise_pillar(state, p, state.pending["value"], cell, action.rotation, events)


def hathor(state, p, action: Perform, events: list) -> None:
    pay_cost(state, p, "hathor", "bread", FACTS("temple.building_spaces")[action.space][2],
             "tekhenu/actions/hathor/building-cost", events)
    temple.construct_building(state, p, state.pending["value"], action.space, None, events)
    core.advance_population(state, p, state.pending["value"], events)


def thoth(state, p, action: Perform, events: list) -> None:
    if state.ext is not None and variants.of(state).owns(state, p, "thoth"):
        variants.of(state).handle(state, p, action, events)      # a card that changes how cards are taken
        return
    rng = state.random()
    market.take_cards(state, p, state.pending["value"], action.section, tuple(action.cards), rng, events,
                      pay=lambda n: core.pay(state, p, "papyrus", n, "tekhenu/actions/thoth/card-count", events))
    state.store_random(rng)


HANDLERS = {"bastet": bastet, "osiris": osiris, "horus": horus, "ra": ra, "hathor": hathor, "thoth": thoth}


def thoth_refresh(state, action: Perform, events: list) -> None:
    """Before taking cards: pay 1 Papyrus to discard a section and refill it (once per section)."""
    pending, p = state.pending, state.current
    rule = "tekhenu/actions/thoth/refresh-section"
    refused = god_refusal(state, p, pending, "thoth")
    if refused is not None:
        raise refused
    done = pending.get("refreshed") or []
    if action.section is None or not 0 <= action.section < 4 or state.market[action.section] is None:
        raise IllegalAction(rule, "choose an open section of the Card Market", "카드 시장의 열린 구역을 고르세요")
    if action.section in done:
        raise IllegalAction(rule, "each section can be refreshed once per Thoth God Action",
                            "토트 신 행동 한 번에 각 구역은 한 번만 새로 채울 수 있습니다")
    cost = FACTS("market.refresh_cost_papyrus")
    if not afford(state, p, pending, "thoth", "papyrus", cost + market.min_papyrus(state, pending["value"])):
        raise IllegalAction(rule, "you need 1 Papyrus for the refresh besides the Papyrus the cards cost",
                            "카드에 드는 파피루스 외에 새로 채우기에 파피루스 1개가 더 필요합니다")
    cards_fx.before_action(state, p, pending, action, events)     # T20's Papyrus may come first
    core.pay(state, p, "papyrus", cost, rule, events)
    rng = state.random()
    old = state.market[action.section]
    layout: dict[str, int] = {}
    for item in old:
        if item["card"] is not None:          # a space emptied earlier this turn has nothing to discard
            state.discards[item["kind"]].append(item["card"])
        layout[item["kind"]] = layout.get(item["kind"], 0) + 1
    market.fill_section(state, action.section, layout, rng)
    state.store_random(rng)
    pending["refreshed"] = done + [action.section]
    events.append({"event": "thoth_refresh", "seat": p.seat, "section": action.section + 1, "rule": rule})


# -- Horus Statue bonuses -----------------------------------------------------------------------------
def statue_bonuses(state, actor, god: str, events: list, just_built: str | None = None) -> None:
    """Statue owners get the bonus when another player performs that God Action (rules by player count;
    tekhenu/actions/horus/statue-bonus-player-count). A player with two Statues at the same god still
    gets the bonus once (no additional reward). `just_built`: the god the actor has just built a Statue
    for — with 2 players "but not immediately after building it"."""
    for seat in dict.fromkeys(state.god_statues.get(god, [])):
        if seat == actor.seat:
            if state.players != 2:
                continue
            if just_built == god:
                continue    # 2 players: "but not immediately after building it"
        if state.ext is not None:
            if not variants.fires(state, ("statue", god, seat)):
                continue    # a variant's rule: at most once per turn
            if variants.of(state).statue_bonus(state, seat, god, events):
                continue
        if solo.is_botankhamun(state, seat):
            solo.statue_bonus(state, god, events)
            continue
        give_statue_bonus(state, seat, god, events)


def give_statue_bonus(state, seat: int, god: str, events: list) -> None:
    if state.ext is not None and variants.of(state).statue_bonus(state, seat, god, events):
        return
    bonus = FACTS(f"horus.bonus_by_god.{god}")
    state.note_assumed(f"horus.bonus_by_god.{god}")
    owner = state.player[seat]
    # Happiness moves on the Populace track (capped by Population, with its rewards); the rest is supply
    core.gain(owner, {k: v for k, v in bonus.items() if k != "happiness"})
    if bonus.get("happiness"):
        core.advance_happiness(state, owner, bonus["happiness"], events)
    events.append({"event": "statue_bonus", "seat": seat, "god": god, "bonus": bonus,
                   "rule": "tekhenu/actions/horus/statue-for-god/bonus-when-others-act"})
    cards_fx.statue_bonus_received(state, owner, events)      # T07
