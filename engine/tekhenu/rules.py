"""The rules: `new_game`, `legal_actions`, `apply`. Every refusal names the rule that forbids it.

Implemented so far: setup (draw bag by player count, wheel seeding, Pillar tiles, Card Market, the Decree
choice, Starting-card snake draft with the initiative turn order and tie-break, Destiny choice), taking
dice (Pure/Tainted/Forbidden by light, Scribes ±1/±2 without wrap-around, Anubis), Produce Resources with
excess as Taint, all six God Actions (Horus statues for gods and for the people, Ra steps 1-4/6-7, Hathor,
Bastet, Thoth with sections by Happiness, Osiris rows 1-6), market sections opening at Population 9/13,
statue bonuses, rotations, Maat phases (balance, Faith, VP-loss table, turn order with Ankh tie-break,
Destiny cards), Scoring (districts, Temple Complex, statues, Happiness, production, building row, Bread —
how much to pay is the player's choice, phase "upkeep"),
the end of the game and the winner. Pillar abilities (pillars.py), Decree scoring and D23 (decrees.py),
and the KO/EN edition switches (editions.py) live in their own modules; Botankhamun, the solo opponent,
is solo.py (hooked in here at setup turn order, Maat, Scoring, statue bonuses and the end of `apply`).
Blessings, Technologies and the Happiness-21 extra action: effects_cards.py (hooks marked `cards_fx`).
"""
from __future__ import annotations

import math
from dataclasses import replace

from ..errors import IllegalAction
from . import decrees, districts, editions, market, pillars, solo, temple
from . import effects_cards as cards_fx
from .actions import (ChooseDecree, ChooseDestiny, ChooseReward, ChooseStarting, PayBread, Perform, PlaceFaith,
                      TakeDie,
                      UseBlessing)
from .board import FACTS, GODS, RESOURCES, horus_god, note_horus_layout
from .cards import ANKH, DESTINY_REWARD, INITIATIVE, PILLAR_LIGHT, STARTING_DRAFT, STARTING_REWARD
from .state import Die, State, new_player


# -- setup ------------------------------------------------------------------------------------------
HORUS_SETUPS = ("shuffled", "preprinted")
UPKEEP = "upkeep"            # Scoring step 7: players choose how much Bread to pay (PayBread)
FAITH = "faith"              # Maat step 2: players choose where their Faith tokens go (PlaceFaith)
FAITH_RULE = "tekhenu/maat/step-2-faith"
BREAD_RULE = "tekhenu/scoring/bread-upkeep"


def new_game(players: int, seed: int, edition: str = "en", horus: str = "shuffled") -> State:
    """A game at the start of setup. `horus`: the Horus Bonus tiles shuffled onto the six spaces
    (tekhenu/setup/horus-bonus-tiles) or the board's preprinted bonuses, the first-games option
    (tekhenu/setup/preprinted-horus-bonuses)."""
    if players not in (2, 3, 4):
        raise IllegalAction("tekhenu/setup/draw-bag", f"Tekhenu is played by 2-4 players here (got {players})")
    if edition not in ("en", "ko"):
        raise IllegalAction("tekhenu/setup/board-and-wheel", f"unknown edition {edition!r} (en or ko)")
    if horus not in HORUS_SETUPS:
        raise IllegalAction("tekhenu/setup/horus-bonus-tiles", f"Horus Bonuses are shuffled or preprinted (got {horus!r})")
    import random

    rng = random.Random(seed)
    dice, next_id = [], 0
    for color, count in FACTS("dice.per_color").items():
        for _ in range(count):
            dice.append(Die(next_id, color, 1))
            next_id += 1
    boxed = []
    for color, count in FACTS("dice.removed_by_players")[players].items():
        for _ in range(count):
            die = next(d for d in dice if d.color == color)
            dice.remove(die)
            boxed.append(die)
    rng.shuffle(dice)
    wheel_turn = rng.randrange(6)            # "Set the Obelisk Wheel to a random position"
    arrow = wheel_turn
    state = State(players=players, seed=seed, edition=edition, rng=[], wheel_turn=wheel_turn,
                  arrow_start=arrow, sections=[[] for _ in GODS], bag=dice, boxed=boxed,
                  scoring_markers=[(arrow + k) % 6 for k in FACTS("wheel.scoring_markers_after_arrow")],
                  player=[new_player(i) for i in range(players)], turn_order=list(range(players)))
    state.note_assumed("dice.per_color")
    state.note_assumed("wheel.light_pattern")
    if horus == "shuffled":
        # a stream of its own: the tile layout does not shift the dice and card draws of a seed
        state.horus_tiles = random.Random(f"horus-{seed}").sample(GODS, len(GODS))
    for section in range(6):
        for _ in range(FACTS("dice.per_section_at_setup")):
            _draw_and_roll(state, rng, section)
    tiles = sorted(PILLAR_LIGHT)
    rng.shuffle(tiles)
    state.ra_tiles = [tiles.pop() for _ in range(3)]
    state.pillar_stack = tiles
    state.decks = market.new_decks(players, rng)
    for index, layout in enumerate(FACTS("market.sections_at_setup")):
        market.fill_section(state, index, layout, rng)
    # keys are strings so that the state's JSON form is the state itself
    dealt = {str(seat): [market.draw(state, "decree", rng), market.draw(state, "decree", rng)] for seat in range(players)}
    # Starting-card draft: random first player, clockwise, then back counter-clockwise (snake).
    first = rng.randrange(players)
    order = [(first + i) % players for i in range(players)]
    offer = sorted(rng.sample(sorted(INITIATIVE), STARTING_DRAFT[players]))
    state.pending = {"stage": "decree", "dealt": dealt, "queue": list(range(players)),
                     "draft": {"offer": offer, "picks": order + order[::-1]}}
    state.phase = "setup"
    state.store_random(rng)
    return state


def _draw_and_roll(state: State, rng, section: int) -> None:
    if not state.bag:
        return
    die = state.bag.pop()
    state.sections[section].append(Die(die.id, die.color, rng.randint(1, 6)))   # dice are never changed in place


# -- legal actions ----------------------------------------------------------------------------------
def legal_actions(state: State) -> list:
    if state.phase == "game_over":
        return []
    if state.phase == FAITH:
        faith = state.player[state.pending["queue"][0]].faith
        return [PlaceFaith(offset) for offset in range(-faith, faith + 1)]
    if state.phase == UPKEEP:
        seat, due = state.pending["queue"][0]
        return [PayBread(n) for n in range(min(due, cards_fx.available(state.player[seat], "bread")), -1, -1)]
    forced = cards_fx.forced_actions(state)
    if forced is not None:
        return forced
    if state.phase == "setup":
        return _setup_actions(state)
    if state.phase == "take_die":
        playable = _take_die_candidates(state, memo={})
        # Rules gap (data/board.yaml rules_gaps.no_action_possible): no die allows any action.
        return (playable or [a for a in _take_die_candidates(state) if a.adjust == 0]) + \
            cards_fx.blessing_actions(state)
    if state.phase == "act":
        normal = [] if state.turn_effects.get("normal_done") else _perform_candidates(state)
        return cards_fx.act_actions(state, normal) if state.turn_effects or state.current.blessings \
            or state.current.technologies else (normal or [Perform("none")])
    if state.phase == pillars.PHASE:
        return pillars.legal_actions(state)
    if state.phase in decrees.PHASES:
        return decrees.legal_actions(state)
    return []


def _setup_actions(state: State) -> list:
    pending = state.pending
    if pending["stage"] == "decree":
        return [ChooseDecree(card) for card in pending["dealt"][str(pending["queue"][0])] if card]
    if pending["stage"] == "draft":
        return [ChooseStarting(card) for card in pending["offer"]]
    if pending["stage"] == "rewards":
        seat, card = pending["queue"][0]
        return [ChooseReward(card, option) for option in _reward_options(state, seat, card, pending)]
    if pending["stage"] == "destiny":
        out = []
        for card in pending["available"]:
            if "choice" in DESTINY_REWARD[card]:
                out += [ChooseDestiny(card, opt) for opt in DESTINY_REWARD[card]["choice"]]
            else:
                out.append(ChooseDestiny(card))
        return out
    return []


def _take_die_candidates(state: State, memo: dict | None = None) -> list[TakeDie]:
    """Dice the player may take and how; given a `memo`, only those after which some action is possible."""
    p = state.current
    anubis_cost = cards_fx.anubis_cost(state)
    scribes = cards_fx.scribes_available(p)
    mods = cards_fx.take_modifiers(state)
    purity = FACTS("purity")
    t08 = "T08" in p.technologies
    out = []
    for section, dice in enumerate(state.sections):
        light = state.light(section)
        for die in dice:
            color, value = cards_fx.die_as_taken(state, die, section) if mods else (die.color, die.value)
            if not 1 <= value <= 6 or (mods.get("color") == die.color):
                continue
            forbidden = purity[light][color] == "forbidden"
            for anubis in ((True,) if mods.get("free_anubis") else (False, True)):
                treats = cards_fx.treat_options(state, p, color, section, anubis) if t08 else (None,)
                if forbidden and not anubis and treats == (None,):
                    continue
                spare = scribes - (anubis_cost if anubis else 0)
                if spare < 0:
                    continue
                # each Scribe moves the die by 1 or 2, never past 1 or 6
                lo, hi = max(1 - value, -2 * spare), min(6 - value, 2 * spare)
                adjusts = range(lo, hi + 1)
                if memo is not None and not anubis:   # an Anubis die may always Produce any Resource
                    adjusts = [a for a in adjusts if _die_allows_action(state, memo, section, color, value + a)]
                out.extend(TakeDie(die.id, adjust, anubis, treat) for treat in treats for adjust in adjusts)
    return out


def _scribes_for(adjust: int) -> int:
    return math.ceil(abs(adjust) / 2)


def _die_allows_action(state: State, memo: dict, section: int, color: str, value: int) -> bool:
    """Whether some action could follow a (non-Anubis) die: checked on a hypothetical pending turn, no
    copy. Only the section, colour and value matter, so the answers are memoised per call."""
    if color in FACTS("produce.color_resource"):
        return True                 # it can always Produce Resources
    key = (section, value)
    if key not in memo:
        pending = {"color": color, "value": value, "god": GODS[section], "anubis": False}
        waivers = [c for c in state.current.blessings if c in cards_fx.WAIVERS]
        if waivers:      # a Blessing that waives the cost would make the action possible
            pending["if_blessed"] = waivers
        memo[key] = bool(_perform_candidates(state, pending, first=True))
    return memo[key]


def _perform_candidates(state: State, pending: dict | None = None, p=None, first: bool = False) -> list[Perform]:
    """Every action the die allows (`first`: stop at the first one found, for a yes/no question)."""
    pending = pending or state.pending
    p = p or state.current
    gods = GODS if pending["anubis"] else (pending["god"],)
    if pending.get("refreshed") is not None:
        gods = ("thoth",)          # a refreshed section commits the turn to the Thoth action
    out = []
    god_shifts, produce_shifts = cards_fx.shifts(p, pending)     # T14 / T13 may turn the die first
    for shift in god_shifts:
        view = dict(pending, value=pending["value"] + shift) if shift else pending
        for god in gods:
            if _god_refusal(state, p, view, god) is not None:
                continue
            context = dict(view, temple_taken=set(state.temple), edition=state.edition,
                           thoth_choices=market.choices(state, p, view["value"]) if god == "thoth" else [])
            for action in _god_variants(context, god):
                if _target_refusal(state, p, view, action) is None:
                    out.append(replace(action, shift=shift) if shift else action)
                    if first:
                        return out
    if "thoth" in gods and _god_refusal(state, p, pending, "thoth") is None and \
            _afford(state, p, pending, "thoth", "papyrus", FACTS("market.refresh_cost_papyrus") +
                    market.min_papyrus(state, pending["value"])):
        out += [Perform("thoth_refresh", section=i) for i, sec in enumerate(state.market)
                if sec is not None and i not in (pending.get("refreshed") or [])]
    if pending.get("refreshed") is not None:
        return out
    colors = FACTS("produce.color_resource")
    if pending["anubis"]:
        out += [Perform("produce", resource=r, shift=s) for s in produce_shifts for r in RESOURCES]
    elif pending["color"] in colors:
        out += [Perform("produce", resource=colors[pending["color"]], shift=s) for s in produce_shifts]
    return out


def _god_variants(pending: dict, god: str):
    """The targets a God Action could take (an iterable: a yes/no question stops at the first legal one)."""
    if god == "osiris":
        variants = []
        for district in FACTS("osiris.districts"):
            if pending["value"] == 6:
                variants += [Perform("osiris", district=district, extra=r) for r in RESOURCES]
            elif pending["value"] in (3, 4) and pending.get("edition") == "ko":
                # KO rows 3/4: one of the advanced Resources, the player's choice (data/editions.yaml)
                variants += [Perform("osiris", district=district, extra=r)
                             for r in (district, FACTS("osiris.second_resource")[district])]
            else:
                variants.append(Perform("osiris", district=district))
        return variants
    if god == "horus":
        return ([Perform("horus", target="god")] + [Perform("horus", target=f"people:{i}") for i in range(2)]
                + [Perform("horus", target=f"temple:{i}") for i in range(2)])
    if god == "ra":
        taken = pending.get("temple_taken", set())
        return (Perform("ra", cell=f"{r},{c}", rotation=rot) for r, c in temple.cells() for rot in range(4)
                if f"{r},{c}" not in taken)
    if god == "hathor":
        return (Perform("hathor", space=i) for i in range(len(FACTS("temple.building_spaces"))))
    if god == "thoth":
        return (Perform("thoth", section=s, cards=slots) for s, slots in pending.get("thoth_choices", []))
    return [Perform(god)]


# -- apply ------------------------------------------------------------------------------------------
def apply(state: State, action) -> tuple[State, list[dict]]:
    """A new state and the events that happened; the given state is never modified."""
    if state.phase == "game_over":
        raise IllegalAction("tekhenu/scoring/after-scoring/winner", "the game is over")
    new = state.copy()
    events: list[dict] = []
    refusal = cards_fx.immediate_refusal(new, action) if new.turn_effects else None
    if refusal is not None:
        raise refusal
    if new.phase == FAITH:
        _place_faith(new, action, events)
    elif new.phase == UPKEEP:
        _pay_bread(new, action, events)
    elif new.phase == pillars.PHASE:
        pillars.apply_choice(new, action, events)
    elif new.phase in decrees.PHASES:
        decrees.apply_choice(new, action, events)
    elif isinstance(action, UseBlessing):
        cards_fx.use_blessing(new, action, events)
    elif isinstance(action, Perform) and action.by is not None:
        cards_fx.perform_extra(new, action, events)       # B17-B20, T19, Happiness 21
    elif isinstance(action, ChooseDecree):
        _choose_decree(new, action, events)
    elif isinstance(action, ChooseStarting):
        _choose_starting(new, action, events)
    elif isinstance(action, ChooseDestiny):
        _choose_destiny(new, action, events)
    elif isinstance(action, ChooseReward):
        _choose_reward(new, action, events)
    elif isinstance(action, TakeDie):
        if new.phase != "take_die":
            raise IllegalAction("tekhenu/round/take-die", "a die was already taken this turn: perform its action")
        _take_die(new, action, events)
        new.phase = "act"
    elif isinstance(action, Perform):
        if new.phase != "act":
            raise IllegalAction("tekhenu/round/take-die", "take a die before performing an action")
        if action.kind != "perform":     # an ExtraPerform: only for a Pillar ability or Decree D23
            raise IllegalAction("tekhenu/round/perform-action", "the die taken performs an ordinary action")
        if new.turn_effects.get("normal_done"):
            raise IllegalAction("tekhenu/round/perform-action", "the action for the die taken was already performed")
        if action.action == "thoth_refresh":
            _thoth_refresh(new, action, events)    # part of the Thoth action: the turn goes on
        else:
            if new.pending.get("refreshed") is not None and action.action != "thoth":
                raise IllegalAction("tekhenu/actions/thoth/refresh-section",
                                    "after refreshing a section, the action is the Thoth action")
            _perform(new, action, events)
            # ends the turn unless extra actions are owed or a Pillar ability awaits its choice (pillars.py)
            cards_fx.finish_normal(new, events)
    else:
        raise TypeError(f"not a Tekhenu action: {action!r}")
    if new.solo is not None:
        solo.play_turns(new, events)        # Botankhamun's turns are automatic
    new.log.extend(events)
    return new, events


def _choose_decree(state: State, action: ChooseDecree, events: list) -> None:
    pending = state.pending
    if state.phase != "setup" or pending.get("stage") != "decree":
        raise IllegalAction("tekhenu/setup/decrees", "Decrees are chosen during setup")
    seat = pending["queue"][0]
    dealt = pending["dealt"][str(seat)]
    if action.card not in dealt:
        raise IllegalAction("tekhenu/setup/decrees", f"{action.card} is not one of the two Decrees dealt to you")
    pending["queue"].pop(0)
    state.player[seat].decrees.append(action.card)
    for other in dealt:
        if other and other != action.card:
            state.decks["decree"].insert(0, other)     # to the bottom of the Decree deck
    events.append({"event": "decree_kept", "seat": seat})   # Decrees are secret: no card in the event
    if not pending["queue"]:
        draft = pending["draft"]
        state.pending = {"stage": "draft", "offer": draft["offer"], "picks": draft["picks"]}


def _choose_starting(state: State, action: ChooseStarting, events: list) -> None:
    pending = state.pending
    if state.phase != "setup" or pending["stage"] != "draft":
        raise IllegalAction("tekhenu/setup/draft-starting-cards", "the Starting-card draft is over")
    if action.card not in pending["offer"]:
        raise IllegalAction("tekhenu/setup/draft-starting-cards", f"{action.card} is not on offer")
    seat = pending["picks"].pop(0)
    pending["offer"].remove(action.card)
    state.player[seat].starting.append(action.card)
    events.append({"event": "starting_card", "seat": seat, "card": action.card})
    if not pending["picks"]:
        # Turn order by total initiative, descending; ties go to the higher printed initiative.
        def key(seat: int):
            values = [INITIATIVE[c] for c in state.player[seat].starting]
            return (-sum(values), -max(values))
        state.turn_order = solo.initial_turn_order(state) if state.solo else sorted(range(state.players), key=key)
        events.append({"event": "turn_order", "order": list(state.turn_order), "rule": "tekhenu/setup/initial-turn-order"})
        state.pending = {"stage": "destiny", "available": sorted(ANKH), "queue": list(state.turn_order),
                         "after": "start"}


def _choose_destiny(state: State, action: ChooseDestiny, events: list) -> None:
    pending = state.pending
    if state.phase != "setup" or pending.get("stage") != "destiny":
        raise IllegalAction("tekhenu/maat/step-8-destiny", "Destiny cards are chosen at setup and in the Maat phase")
    if action.card not in pending["available"]:
        raise IllegalAction("tekhenu/maat/step-8-destiny", f"{action.card} was already taken")
    reward = DESTINY_REWARD[action.card]
    if "choice" in reward and action.option not in reward["choice"]:
        raise IllegalAction("tekhenu/A03", f"{action.card} needs option one of {reward['choice']}")
    seat = pending["queue"].pop(0)
    pending["available"].remove(action.card)
    p = state.player[seat]
    p.destiny = action.card
    if "scribes" in reward:
        p.scribes += reward["scribes"]
    if "gold" in reward:
        p.resources["gold"] += reward["gold"]
    if "faith" in reward:
        p.faith += reward["faith"]
    if action.option == "population":
        _advance_population(state, p, 1, events)
    elif action.option == "happiness":
        _advance_happiness(state, p, 1, events)
    events.append({"event": "destiny", "seat": seat, "card": action.card, "option": action.option})
    if not pending["queue"]:
        if pending.get("after") == "start":
            # "Every player receives all rewards shown on their Destiny card and Starting cards."
            state.pending = {"stage": "rewards", "queue": [[s, c] for s in state.turn_order
                                                           for c in state.player[s].starting]}
            _resolve_plain_rewards(state, events)
            return
        state.pending = None
        state.phase = "take_die"
        state.turn_index = 0
        continue_rotation(state)                   # Maat step 9 → Rotation step 3: the new dice
        cards_fx.after_maat(state, events)         # T16: after each Maat phase


def _resolve_plain_rewards(state: State, events: list) -> None:
    """Apply Starting-card rewards in turn order until one needs a choice (or all are done)."""
    pending = state.pending
    while pending["queue"]:
        seat, card = pending["queue"][0]
        reward = STARTING_REWARD[card]
        if "gain" not in reward:
            if reward.get("draw_keep") and "drawn" not in pending:
                rng = state.random()
                pending["drawn"] = [c for c in (market.draw(state, reward["draw_keep"], rng),
                                                market.draw(state, reward["draw_keep"], rng)) if c]
                state.store_random(rng)
                if not pending["drawn"]:
                    pending.pop("drawn")
                    pending["queue"].pop(0)
                    continue
            if _reward_options(state, seat, card, pending):
                return
            pending["queue"].pop(0)      # no legal way to take it (e.g. no free space): nothing happens
            continue
        p = state.player[seat]
        for key, amount in reward["gain"].items():
            if key == "scribes":
                p.scribes += amount
            elif key == "population":
                _advance_population(state, p, amount, events)
            elif key == "happiness":
                _advance_happiness(state, p, amount, events)
            else:
                p.resources[key] += amount
        events.append({"event": "starting_reward", "seat": seat, "card": card, "gain": reward["gain"]})
        pending["queue"].pop(0)
    state.pending = None
    state.phase = "take_die"
    state.turn_index = 0


def _reward_options(state: State, seat: int, card: str, pending: dict) -> list[str]:
    reward = STARTING_REWARD[card]
    if "osiris" in reward:
        row = reward["osiris"]["row"]
        free = [d for d in reward["osiris"]["districts"] if f"{row},{d}" not in state.osiris]
        if row in (3, 4) and state.edition == "ko":      # KO: which of the Resources (data/editions.yaml)
            return [f"{d}:{r}" for d in free for r in editions.osiris_received(state, d, row)]
        return free
    if "choose" in reward:
        kinds, total = reward["choose"]["resources"], reward["choose"]["total"]
        return [",".join(map(str, combo)) for combo in _splits(total, len(kinds))]
    if "draw_keep" in reward:
        return list(pending.get("drawn", []))
    return []


def _splits(total: int, parts: int):
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _splits(total - first, parts - 1):
            yield (first, *rest)


def _choose_reward(state: State, action: ChooseReward, events: list) -> None:
    pending = state.pending
    if state.phase != "setup" or pending.get("stage") != "rewards":
        raise IllegalAction("tekhenu/setup/starting-resources", "Starting-card rewards are received during setup")
    seat, card = pending["queue"][0]
    if action.card != card:
        raise IllegalAction("tekhenu/setup/starting-resources", f"the reward to choose now is {card}'s")
    if action.option not in _reward_options(state, seat, card, pending):
        raise IllegalAction(f"tekhenu/{card}", f"{action.option!r} is not a choice {card} offers")
    p = state.player[seat]
    reward = STARTING_REWARD[card]
    if "osiris" in reward:
        district, _, received = action.option.partition(":")
        row = reward["osiris"]["row"]
        _osiris_build(state, p, row, district, received or None, events, happiness_cost=False)
        # "Perform an Osiris God Action": what triggers on that God Action triggers here too — a Statue
        # already there (Botankhamun's, placed at solo setup) and a Technology kept from S05 (T01)
        cards_fx.after_action(state, p, {"value": row}, Perform("osiris", district=district), events)
        _statue_bonuses(state, p, "osiris", events)
    elif "choose" in reward:
        for kind, amount in zip(reward["choose"]["resources"], map(int, action.option.split(","))):
            p.resources[kind] += amount
    else:
        kept = action.option
        {"technology": p.technologies, "blessing": p.blessings}[reward["draw_keep"]].append(kept)
        deck = state.decks[reward["draw_keep"]]
        rng = state.random()
        for other in pending.pop("drawn"):
            if other != kept:       # "shuffle the other card back into the deck"
                deck.insert(rng.randrange(len(deck) + 1), other)
        state.store_random(rng)
    events.append({"event": "starting_reward", "seat": seat, "card": card, "choice": action.option})
    pending["queue"].pop(0)
    _resolve_plain_rewards(state, events)


def _take_die(state: State, action: TakeDie, events: list | None = None) -> None:
    p = state.current
    located = next(((s, d) for s, dice in enumerate(state.sections) for d in dice if d.id == action.die), None)
    if located is None:
        raise IllegalAction("tekhenu/round/take-die", f"die {action.die} is not on the Obelisk Wheel")
    section, die = located
    color, base = cards_fx.die_as_taken(state, die, section)     # B09-B12 may change both
    refusal = cards_fx.take_refusal(state, p, die, color, base, section, action)
    if refusal is not None:
        raise refusal
    purity = cards_fx.purity_as_taken(state, color, section, action.treat)   # T08 may treat Forbidden
    if purity == "forbidden" and not action.anubis:
        raise IllegalAction("tekhenu/round/take-die",
                            "you may only choose a Pure or Tainted die, not a Forbidden die")
    value = base + action.adjust
    if not 1 <= value <= 6:
        raise IllegalAction("tekhenu/actions/scribes/no-wrap",
                            "a die can never go below 1 or above 6, and does not wrap around")
    cost = _scribes_for(action.adjust) + (cards_fx.anubis_cost(state) if action.anubis else 0)
    if cost > cards_fx.scribes_available(p):
        rule = "tekhenu/actions/scribes/anubis" if action.anubis else "tekhenu/actions/scribes/adjust-die"
        raise IllegalAction(rule, f"that needs {cost} Scribes and you have {p.scribes}")
    cards_fx.pay(state, p, "scribes", cost, "tekhenu/actions/scribes/adjust-die", events)
    state.sections[section].remove(die)
    die = Die(die.id, die.color, value)      # a new Die: copies of the state share the old one
    if action.anubis:
        p.below.append(die)          # below the scales: not counted in the balance
    elif purity == "pure":
        p.pure.append(die)
    else:
        p.tainted.append(die)
    state.pending = {"die": {"id": die.id, "color": die.color, "value": value}, "color": color,
                     "value": value, "god": GODS[section], "section": section, "purity": purity,
                     "anubis": action.anubis, "scribes_spent": cost}
    if events is not None:
        events.append({"event": "take_die", "seat": p.seat, "die": die.id, "color": die.color, "value": value,
                       "god": GODS[section], "purity": purity, "anubis": action.anubis, "scribes_spent": cost})
        cards_fx.after_take(state, p, state.pending, action.treat, events)


# -- performing actions -----------------------------------------------------------------------------
def _can_pay(p, resource: str, amount: int) -> bool:
    return cards_fx.available(p, resource) >= amount


def _afford(state: State, p, pending: dict, god: str, resource: str, amount: int) -> bool:
    """Whether this God Action's cost can be met, after Blessing waivers and Technology gains."""
    return cards_fx.affordable(state, p, pending, god, resource, amount)


def _refusal(state: State, p, pending: dict, action: Perform) -> IllegalAction | None:
    """Why the rules forbid this action now, or None. The single source of truth for legality."""
    if action.action == "produce":
        return _produce_refusal(pending, action)
    return _god_refusal(state, p, pending, action.action) or _target_refusal(state, p, pending, action)


def _produce_refusal(pending: dict, action: Perform) -> IllegalAction | None:
    colors = FACTS("produce.color_resource")
    if not pending["anubis"]:
        if pending["color"] not in colors:
            return IllegalAction("tekhenu/round/gray-no-production", "Gray dice cannot be used to Produce Resources")
        if action.resource not in (None, colors[pending["color"]]):
            return IllegalAction("tekhenu/actions/produce/color-and-value",
                                 "the colour of the die determines the type of Resource")
    elif action.resource not in RESOURCES:
        return IllegalAction("tekhenu/actions/produce/color-table", f"{action.resource!r} is not a producible Resource")
    return None


def _god_refusal(state: State, p, pending: dict, god: str) -> IllegalAction | None:
    """Conditions of a God Action that do not depend on where or what it targets."""
    if god not in GODS:
        return IllegalAction("tekhenu/round/perform-action", f"unknown action {god!r}")
    if god != pending["god"] and not pending["anubis"]:
        return IllegalAction("tekhenu/round/god-action",
                             f"a die from the {pending['god'].title()} section performs the {pending['god'].title()} "
                             "God Action (or Produce Resources); any other action needs an Anubis Action")
    value = pending["value"]
    if god == "bastet" and not _afford(state, p, pending, god, "papyrus", FACTS("bastet.cost_papyrus")):
        return IllegalAction("tekhenu/actions/bastet/advance-happiness", "the Bastet action costs 2 Papyrus")
    if god == "osiris" and p.happiness <= 0:
        return IllegalAction("tekhenu/actions/osiris/cannot-perform", "your Happiness is already 0")
    if god in ("osiris", "hathor") and p.buildings_left <= 0:
        return IllegalAction("tekhenu/actions/component-limits/limited-pieces", "you have no Buildings left")
    if god == "horus":
        if p.statues_left <= 0:
            return IllegalAction("tekhenu/actions/component-limits/limited-pieces", "you have no Statues left")
        cost = FACTS("player_board.statue_granite_cost")[6 - p.statues_left]
        if not _afford(state, p, pending, god, "granite", cost):
            return IllegalAction("tekhenu/actions/horus/build-statue", f"this Statue costs {cost} Granite")
    if god == "ra":
        if p.pillars_left <= 0:
            return IllegalAction("tekhenu/actions/component-limits/limited-pieces", "you have no Pillars left")
        if state.ra_tiles[FACTS("ra.tile_space_by_die")[value]] is None:
            return IllegalAction("tekhenu/actions/ra/pillar-tile-choice", "no Pillar tile on the space of this die value")
        if not all(_afford(state, p, pending, god, r, n) for r, n in FACTS("pillar_tiles.cost").items()):
            return IllegalAction("tekhenu/actions/ra/pay-and-place-tile", "you cannot pay the cost shown on the Pillar tile")
    if god == "thoth":
        count, papyrus = FACTS("market.cards_by_die")[value][0], market.min_papyrus(state, value)
        if market.highest_section(p.happiness) == 0:
            return IllegalAction("tekhenu/actions/thoth/market-sections-by-happiness",
                                 "with Happiness 0 you cannot take any cards")
        if not _afford(state, p, pending, god, "papyrus", papyrus):
            return IllegalAction("tekhenu/actions/thoth/card-count", f"taking {count} cards costs {papyrus} Papyrus")
    return None


def _target_refusal(state: State, p, pending: dict, action: Perform) -> IllegalAction | None:
    """Conditions that depend on the chosen space, district, tile position or cards."""
    value = pending["value"]
    if action.action == "osiris":
        if action.district not in FACTS("osiris.districts"):
            return IllegalAction("tekhenu/actions/osiris/row-by-die", f"{action.district!r} is not a district")
        if f"{value},{action.district}" in state.osiris:
            return IllegalAction("tekhenu/actions/osiris/cannot-perform",
                                 f"row {value} of the {action.district} district is occupied")
        if value == 6 and action.extra not in RESOURCES:
            return IllegalAction("tekhenu/actions/osiris/row-6", "row 6 also advances any one Resource: choose it")
        if value in (3, 4) and action.extra is not None and \
                action.extra not in editions.osiris_received(state, action.district, value):
            return IllegalAction(f"tekhenu/actions/osiris/row-{value}",
                                 f"row {value} gives 1 {' or '.join(editions.osiris_received(state, action.district, value))}")
    elif action.action == "horus":
        if action.target == "god":
            god = horus_god(state, value)
            if len(state.god_statues[god]) >= {2: 1, 3: 2, 4: 3}[state.players]:
                return IllegalAction("tekhenu/actions/horus/statue-for-god/spaces-player-count",
                                     f"all Statue spaces of {god.title()} open with {state.players} players are taken")
        elif action.target and action.target.startswith(("people:", "temple:")):
            kind, index = action.target.split(":")
            spaces = state.osiris_statues if kind == "people" else state.temple_statues
            if spaces[int(index)] is not None:
                return IllegalAction("tekhenu/actions/horus/statue-for-people/spaces", "that Statue space is taken")
        else:
            return IllegalAction("tekhenu/actions/horus/choose-statue-type",
                                 "choose a god or a Statue space for the people")
    elif action.action == "ra":
        if action.cell not in temple.CELL_KEYS or action.cell in state.temple:
            return IllegalAction("tekhenu/actions/ra/pay-and-place-tile", "place the tile on an empty Temple Complex space")
    elif action.action == "hathor":
        spaces = FACTS("temple.building_spaces")
        if action.space not in temple.open_building_spaces(state.players):
            return IllegalAction("tekhenu/actions/hathor/spaces-player-count",
                                 f"that Building space is not in play with {state.players} players")
        if str(action.space) in state.temple_buildings:
            return IllegalAction("tekhenu/actions/hathor/pay-and-place", "that Building space is taken")
        if not _afford(state, p, pending, "hathor", "bread", spaces[action.space][2]):
            return IllegalAction("tekhenu/actions/hathor/building-cost",
                                 f"this Building costs {spaces[action.space][2]} Bread")
    elif action.action == "thoth":
        return market.refusal(state, p, value, action.section, action.cards,
                              afford=lambda n: _afford(state, p, pending, "thoth", "papyrus", n))
    return None


def _perform(state: State, action: Perform, events: list) -> None:
    p = state.current
    if action.action == "none":
        if cards_fx.normal_fitting(state, _perform_candidates(state)):
            raise IllegalAction("tekhenu/round/perform-action", "you must perform an action with the die you took")
        state.note_assumed("rules_gaps.no_action_possible")
        events.append({"event": "no_action_possible", "seat": p.seat})
        return
    _execute(state, p, state.pending, action, events)


def _execute(state: State, p, pending: dict, action: Perform, events: list) -> None:
    """One action with the die `pending` (the die taken, or an extra action's view of it), card effects
    included: effects_cards turns the die / grants Resources first and triggers Technologies after."""
    cards_fx.before_action(state, p, pending, action, events)
    refusal = _refusal(state, p, pending, action)
    if refusal is not None:
        raise refusal
    saved, state.pending = state.pending, pending       # the handlers read the die from state.pending
    if action.action == "produce":
        for _ in range(cards_fx.productions(state, action)):     # B21/B22 produce twice
            resource, excess = _produce(state, p, action, events)
            cards_fx.after_produce(state, p, pending, resource, excess, events)
    else:
        handlers = {"bastet": _bastet, "osiris": _osiris, "horus": _horus, "ra": _ra, "hathor": _hathor,
                    "thoth": _thoth}
        handlers[action.action](state, p, action, events)
    if state.phase != pillars.PHASE:
        state.pending = saved
    elif pending is not saved:      # a Pillar ability waits (pillars.py): it resumes with the die's own view
        state.pending["resume"]["pending"] = saved
    cards_fx.after_action(state, p, pending, action, events)
    if action.action != "produce":
        _statue_bonuses(state, p, action.action, events)


def _pay(p, resource: str, amount: int, rule: str, state: State | None = None, god: str | None = None,
         events: list | None = None, in_turn: bool = True) -> None:
    """Pay with that resource, Gold standing in for any missing ones (Gold is wild). Given the state, a
    God Action's cost goes through the cards: Blessing waivers (B13-B16) and substitutes (T10, T22)."""
    if state is not None:
        if god is not None:
            amount = cards_fx.due(state, state.pending, god, resource, amount)
        cards_fx.pay(state, p, resource, amount, rule, events, in_turn)
        return
    have = p.resources[resource]
    gold_needed = max(0, amount - have)
    if gold_needed > p.resources["gold"]:
        raise IllegalAction(rule, f"you need {amount} {resource.title()} (Gold can stand in) and do not have them")
    p.resources[resource] -= amount - gold_needed
    p.resources["gold"] -= gold_needed


def _produce(state: State, p, action: Perform, events: list) -> None:
    pending = state.pending
    resource = action.resource or FACTS("produce.color_resource")[pending["color"]]
    amount = pending["value"]
    keep = min(amount, p.production[resource])
    excess = amount - keep
    p.resources[resource] += keep
    p.taint_resources += excess
    events.append({"event": "produce", "seat": p.seat, "resource": resource, "produced": amount, "kept": keep,
                   "taint": excess, "rule": "tekhenu/actions/produce/excess-taint"})
    return resource, excess


def _advance_happiness(state: State, p, steps: int, events: list) -> None:
    before = p.happiness
    p.happiness = min(p.happiness + steps, p.population, FACTS("limits.populace_max"))
    if before + steps > FACTS("limits.populace_max") and p.population >= FACTS("limits.populace_max"):
        state.note_assumed("limits.populace_max")
    for threshold, reward in sorted(FACTS("bastet.happiness_rewards").items()):
        if before < threshold <= p.happiness and threshold not in p.reached:
            p.reached.append(threshold)
            if reward == "gold":
                p.resources["gold"] += 1
            elif reward == "scribe":
                p.scribes += 1
            elif reward == "extra_action":
                cards_fx.grant_happiness21(state, p, events)
            events.append({"event": "happiness_reward", "seat": p.seat, "at": threshold, "reward": reward})


def _advance_population(state: State, p, steps: int, events: list) -> None:
    if p.population + steps > FACTS("limits.populace_max"):
        state.note_assumed("limits.populace_max")      # the track's end is not in the text
    p.population = min(p.population + steps, FACTS("limits.populace_max"))
    rng = state.random()
    market.open_sections_for_population(state, p.population, rng, events)
    state.store_random(rng)


def _bastet(state: State, p, action: Perform, events: list) -> None:
    _pay(p, "papyrus", FACTS("bastet.cost_papyrus"), "tekhenu/actions/bastet/advance-happiness", state, "bastet", events)
    value = state.pending["value"]
    before = p.happiness
    _advance_happiness(state, p, value, events)
    p.scribes += FACTS("bastet.scribes_by_die")[value]
    events.append({"event": "bastet", "seat": p.seat, "die": value, "happiness": [before, p.happiness],
                   "capped_by_population": before + value > p.happiness,
                   "scribes": FACTS("bastet.scribes_by_die")[value]})


def _osiris(state: State, p, action: Perform, events: list) -> None:
    _osiris_build(state, p, state.pending["value"], action.district, action.extra, events)


def _osiris_build(state: State, p, row: int, district: str, extra: str | None, events: list,
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
                   "production": dict(p.production)})


def _horus(state: State, p, action: Perform, events: list) -> None:
    built = 6 - p.statues_left
    cost = FACTS("player_board.statue_granite_cost")[built]
    state.note_assumed("player_board.statue_granite_cost")
    if action.target == "god":
        god = horus_god(state, state.pending["value"])
        note_horus_layout(state)
        _pay(p, "granite", cost, "tekhenu/actions/horus/build-statue", state, "horus", events)
        first_here = p.seat not in state.god_statues[god]
        state.god_statues[god].append(p.seat)
        state.pending["statue_built_for"] = god     # 2 players: no bonus right after building it
        target = god
        if state.players == 3 and first_here:
            # "In a 3-player game, also receive the Statue bonus immediately after building it"
            # (a second Statue to the same god gives no additional reward)
            _give_statue_bonus(state, p.seat, god, events)
    elif action.target and action.target.startswith("people:"):
        index = int(action.target.split(":")[1])
        _pay(p, "granite", cost, "tekhenu/actions/horus/build-statue", state, "horus", events)
        state.osiris_statues[index] = p.seat
        p.resources["gold"] += 1      # the Gold placed there during setup
        state.note_assumed("osiris.statue_spaces")
        target = f"osiris-statue-{index}"
    elif action.target.startswith("temple:"):
        _pay(p, "granite", cost, "tekhenu/actions/horus/build-statue", state, "horus", events)
        index = int(action.target.split(":")[1])
        temple.build_temple_statue(state, p, index, events)
        target = f"temple-statue-{index}"
    p.statues_left -= 1
    events.append({"event": "horus", "seat": p.seat, "target": target, "granite": cost})


def _ra(state: State, p, action: Perform, events: list) -> None:
    for resource, amount in FACTS("pillar_tiles.cost").items():
        _pay(p, resource, amount, "tekhenu/actions/ra/pay-and-place-tile", state, "ra", events)
    cell = tuple(int(x) for x in action.cell.split(","))
    temple.raise_pillar(state, p, state.pending["value"], cell, action.rotation, events)


def _hathor(state: State, p, action: Perform, events: list) -> None:
    _pay(p, "bread", FACTS("temple.building_spaces")[action.space][2], "tekhenu/actions/hathor/building-cost",
         state, "hathor", events)
    temple.construct_building(state, p, state.pending["value"], action.space, None, events)
    _advance_population(state, p, state.pending["value"], events)


def _thoth_refresh(state: State, action: Perform, events: list) -> None:
    """Before taking cards: pay 1 Papyrus to discard a section and refill it (once per section)."""
    pending, p = state.pending, state.current
    refusal = _god_refusal(state, p, pending, "thoth")
    if refusal is not None:
        raise refusal
    done = pending.get("refreshed") or []
    if action.section is None or not 0 <= action.section < 4 or state.market[action.section] is None:
        raise IllegalAction("tekhenu/actions/thoth/refresh-section", "choose an open section of the Card Market")
    if action.section in done:
        raise IllegalAction("tekhenu/actions/thoth/refresh-section",
                            "each section can be refreshed once per Thoth God Action")
    cost = FACTS("market.refresh_cost_papyrus")
    if not _afford(state, p, pending, "thoth", "papyrus", cost + market.min_papyrus(state, pending["value"])):
        raise IllegalAction("tekhenu/actions/thoth/refresh-section",
                            "you need 1 Papyrus for the refresh besides the Papyrus the cards cost")
    cards_fx.before_action(state, p, pending, action, events)     # T20's Papyrus may come first
    _pay(p, "papyrus", cost, "tekhenu/actions/thoth/refresh-section", state, None, events)
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
    events.append({"event": "thoth_refresh", "seat": p.seat, "section": action.section + 1})


def _thoth(state: State, p, action: Perform, events: list) -> None:
    rng = state.random()
    market.take_cards(state, p, state.pending["value"], action.section, tuple(action.cards), rng, events,
                      pay=lambda n: _pay(p, "papyrus", n, "tekhenu/actions/thoth/card-count", state, None, events))
    state.store_random(rng)


def _statue_bonuses(state: State, actor, god: str, events: list) -> None:
    """Statue owners get the bonus when another player performs that God Action (rules by player count).
    A player with two Statues at the same god still gets the bonus once (no additional reward)."""
    for seat in dict.fromkeys(state.god_statues.get(god, [])):
        if seat == actor.seat:
            if state.players != 2:
                continue
            if (state.pending or {}).get("statue_built_for") == god:
                continue    # 2 players: "but not immediately after building it"
        if solo.is_botankhamun(state, seat):
            solo.statue_bonus(state, god, events)
            continue
        _give_statue_bonus(state, seat, god, events)


def _give_statue_bonus(state: State, seat: int, god: str, events: list) -> None:
    bonus = FACTS("horus.bonus_by_god")[god]
    state.note_assumed("horus.bonus_by_god")
    owner = state.player[seat]
    for key, amount in bonus.items():
        if key == "scribes":
            owner.scribes += amount
        elif key == "faith":
            owner.faith += amount
        elif key == "vp":
            owner.vp += amount
        else:
            owner.resources[key] += amount
    events.append({"event": "statue_bonus", "seat": seat, "god": god, "bonus": bonus})
    cards_fx.statue_bonus_received(state, owner, events)      # T07


# -- turn structure ---------------------------------------------------------------------------------
def _end_turn(state: State, events: list) -> None:
    if market.has_empty_spaces(state):      # "At the end of your turn, refill any empty spaces"
        rng = state.random()
        market.refill_empty_spaces(state, rng)
        state.store_random(rng)
    state.pending = None
    state.turn_effects = {}
    state.turns += 1
    state.turn_index += 1
    state.phase = "take_die"
    if state.turn_index < state.players:
        return
    state.turn_index = 0
    counts = {p.dice_on_board for p in state.player}
    if counts <= {2} or counts <= {4}:
        _rotation(state, events)
    if state.phase != FAITH:        # else the round ends once the Faith is placed (_place_faith)
        _next_round(state)


def _next_round(state: State) -> None:
    """A new round begins unless the game has reached its end (final Scoring, Decrees, game over)."""
    if state.phase != "game_over" and state.phase not in decrees.PHASES and \
            not (state.phase == UPKEEP and state.pending.get("final")):
        state.round += 1


def _rotation(state: State, events: list) -> None:
    rng = state.random()
    state.wheel_turn += 1
    state.rotations += 1
    events.append({"event": "rotation", "number": state.rotations, "rule": "tekhenu/rotation/step-1-rotate-wheel"})
    if all(p.dice_on_board == 4 for p in state.player):
        _maat(state, events, rng, choose_faith=True)
        state.store_random(rng)
        # Maat step 8 (Destiny cards in the new turn order) comes before step 9, "Continue with Step 3 of
        # the current Rotation process": the new dice are drawn once the Destiny choices are made
        # (continue_rotation, from _choose_destiny / solo._choose_destiny).
        return
    _add_shaded_dice(state, rng)
    state.store_random(rng)


def _add_shaded_dice(state: State, rng) -> None:
    """Rotation step 3: for each Shaded section, draw and roll as many dice as there are players."""
    for section in range(6):
        if state.light(section) == "shaded":
            for _ in range(state.players):
                _draw_and_roll(state, rng, section)


def continue_rotation(state: State) -> None:
    """tekhenu/maat/step-9-continue-rotation: after the Maat phase's Destiny choices, Rotation step 3."""
    rng = state.random()
    _add_shaded_dice(state, rng)
    state.store_random(rng)


def _maat(state: State, events: list, rng, choose_faith: bool = False) -> None:
    """Maat steps 1-6 (then Scoring or the cleanup). With `choose_faith` (the game's own Maat phase) the
    players holding Faith choose where to place it (phase FAITH, PlaceFaith; _place_faith resumes here);
    without it (scenarios' run_maat) each player's Faith moves the balance as close to 0 as it can."""
    state.maat_phases += 1
    for p in state.player:
        if not solo.is_botankhamun(state, p.seat):
            cards_fx.maat_faith(p, events)             # T15
    holders = [seat for seat in state.turn_order
               if state.player[seat].faith and not solo.is_botankhamun(state, seat)]
    if choose_faith and holders:
        state.phase = FAITH
        state.pending = {"stage": "faith", "queue": holders, "placed": {}}
        state.turn_index = state.turn_order.index(holders[0])
        return
    _maat_balances(state, events, rng, placed=None)


def _place_faith(state: State, action, events: list) -> None:
    if not isinstance(action, PlaceFaith):
        raise IllegalAction(FAITH_RULE, "each player holding Faith now places it on the scales (PlaceFaith)")
    pending = state.pending
    seat = pending["queue"][0]
    faith = state.player[seat].faith
    if not isinstance(action.offset, int) or abs(action.offset) > faith:
        raise IllegalAction(FAITH_RULE, f"place up to {faith} Faith: an offset from -{faith} to +{faith}")
    pending["placed"][str(seat)] = action.offset
    pending["queue"].pop(0)
    if pending["queue"]:
        state.turn_index = state.turn_order.index(pending["queue"][0])
        return
    placed = pending["placed"]
    state.pending, state.phase, state.turn_index = None, "take_die", 0
    rng = state.random()
    _maat_balances(state, events, rng, placed)
    state.store_random(rng)
    _next_round(state)


def _maat_balances(state: State, events: list, rng, placed: dict | None) -> None:
    """Maat steps 1-6 once the Faith is placed (`placed`: seat → offset; None: as close to 0 as it goes)."""
    for p in state.player:
        if solo.is_botankhamun(state, p.seat):
            solo.maat_balance(state, p, events)
            continue
        balance = sum(d.value for d in p.pure) - sum(d.value for d in p.tainted) - p.taint_resources
        if placed is None:
            use = min(p.faith, abs(balance))
            offset = use if balance < 0 else -use
        else:
            offset = placed.get(str(p.seat), 0)
        use = abs(offset)
        balance += offset
        p.faith = 0            # step 7: used and unused Faith alike go back to the supply
        p.balance = balance
        loss = 0
        for lowest, lost in FACTS("maat.vp_loss"):
            if balance < 0 and balance >= lowest:
                loss = lost
                break
        if balance < -8:
            loss = FACTS("maat.vp_loss")[-1][1]
        p.vp = max(0, p.vp - loss)
        events.append({"event": "maat_balance", "seat": p.seat, "balance": balance, "faith_used": use,
                       "vp_lost": loss, "rule": "tekhenu/maat/vp-loss-table"})
    state.turn_order = sorted(range(state.players),
                              key=lambda s: (abs(state.player[s].balance),
                                             -(solo.ankh_value(state, s) if solo.is_botankhamun(state, s)
                                               else cards_fx.ankh_value(state.player[s], solo.ankh_value(state, s)))))
    events.append({"event": "turn_order", "order": list(state.turn_order), "rule": "tekhenu/maat/step-5-turn-order"})
    arrow = (state.arrow_start + state.rotations) % 6
    if state.scoring_markers and arrow == state.scoring_markers[0] and state.maat_phases % 2 == 0:
        if len(state.scoring_markers) == 1:       # the second and final Scoring
            if not decrees.before_final_scoring(state, events):   # D23 actions come first (decrees.py)
                final_scoring_steps(state, events)
            return
        state.scoring_markers.pop(0)
        if _scoring(state, events, then={"final": False}):
            return          # the players choose their Bread payments first (_pay_bread resumes below)
    _maat_cleanup(state, events, rng)


def _maat_cleanup(state: State, events: list, rng) -> None:
    """Maat steps 7-8: dice back to the bag, scales cleared, Destiny cards chosen again."""
    for p in state.player:
        state.bag.extend(p.pure + p.tainted + p.below)
        p.pure, p.tainted, p.below, p.taint_resources = [], [], [], 0
    rng.shuffle(state.bag)
    # Destiny cards are taken again in the new turn order; the game pauses for those choices.
    state.pending = {"stage": "destiny", "available": sorted(ANKH), "queue": list(state.turn_order), "after": "maat"}
    state.phase = "setup"
    if state.solo:
        solo.after_maat(state, rng, events)


def _scoring(state: State, events: list, then: dict | None = None) -> bool:
    """Scoring steps 1-7. With `then` (the game's own Scoring), a player who could pay some of the Bread
    due chooses how much (phase UPKEEP, PayBread; `then` says how the game goes on): True when the game
    waits for those choices. Without it (scenarios' run_scoring) each player pays all they can."""
    state.scorings += 1
    owed = []
    for district in FACTS("osiris.districts"):
        winner = districts.controller(state, district)
        if winner is not None:
            state.player[winner].vp += FACTS("scoring.district_majority_vp")
            events.append({"event": "score_district", "district": district, "seat": winner})
    for p in state.player:
        if solo.is_botankhamun(state, p.seat):
            solo.score(state, p, events)
            continue
        parts = {"temple": temple.score_temple(state, p),
                 "statues": FACTS("scoring.statues_vp")[6 - p.statues_left],
                 "happiness": max((vp for threshold, vp in FACTS("scoring.happiness_vp") if p.happiness >= threshold),
                                  default=0),
                 "production": FACTS("scoring.production_top_vp") * sum(1 for v in p.production.values() if v >= 6)}
        revealed = FACTS("player_board.building_row")[: 10 - p.buildings_left]
        state.note_assumed("player_board.building_row")
        parts["building_row"] = sum(slot.get("vp", 0) for slot in revealed)
        gained = sum(parts.values())
        p.vp += gained
        bread = cards_fx.bread_upkeep(p, sum(slot.get("bread", 0) for slot in revealed))   # T17: none
        paid = min(bread, cards_fx.available(p, "bread"))
        if then is not None and paid > 0:
            # "For each Bread they are unable or unwilling to pay, they lose 3 Victory Points": a choice
            owed.append([p.seat, bread])
            events.append({"event": "score_player", "seat": p.seat, "gained": gained, **parts, "bread": bread,
                           "unpaid_bread": None})
            continue
        _pay(p, "bread", paid, "tekhenu/scoring/bread-upkeep", state, None, events, in_turn=False) if paid else None
        shortfall = bread - paid
        p.vp = max(0, p.vp - FACTS("scoring.bread_shortfall_vp") * shortfall)
        events.append({"event": "score_player", "seat": p.seat, "gained": gained, **parts, "bread": bread,
                       "unpaid_bread": shortfall})
    if not owed:
        return False
    owed.sort(key=lambda entry: state.turn_order.index(entry[0]))
    state.pending = {"stage": "bread", "queue": owed, **then}
    state.phase = UPKEEP
    state.turn_index = state.turn_order.index(owed[0][0])     # state.current is the player choosing
    return True


def _pay_bread(state: State, action, events: list) -> None:
    """Scoring step 7 for one player: pay `amount` of the Bread due (Gold is wild), lose 3 VP per Bread
    unpaid; after the last player the Maat phase (or the final Scoring's Decrees) goes on."""
    if not isinstance(action, PayBread):
        raise IllegalAction(BREAD_RULE, "each player now chooses how much of the Bread due to pay (PayBread)")
    pending = state.pending
    seat, due = pending["queue"][0]
    p = state.player[seat]
    most = min(due, cards_fx.available(p, "bread"))
    if not isinstance(action.amount, int) or not 0 <= action.amount <= most:
        raise IllegalAction(BREAD_RULE, f"pay 0 to {most} of the {due} Bread due")
    if action.amount:
        _pay(p, "bread", action.amount, BREAD_RULE, state, None, events, in_turn=False)
    shortfall = due - action.amount
    p.vp = max(0, p.vp - FACTS("scoring.bread_shortfall_vp") * shortfall)
    events.append({"event": "bread_upkeep", "seat": seat, "bread": due, "paid": action.amount,
                   "unpaid_bread": shortfall, "rule": BREAD_RULE})
    pending["queue"].pop(0)
    if pending["queue"]:
        state.turn_index = state.turn_order.index(pending["queue"][0][0])
        return
    state.turn_index = 0
    if pending["final"]:
        decrees.begin_selection(state, events, pending.get("d23_used", ()))
        return
    state.pending = None
    rng = state.random()
    _maat_cleanup(state, events, rng)
    state.store_random(rng)


def final_scoring_steps(state: State, events: list, d23_used=()) -> None:
    """The second Scoring (and its Bread choices), then after it: Decrees (players choose: decrees.py),
    which then call `_final_scoring` for the Turn Order bonus and the winner."""
    state.scoring_markers.pop(0)
    if _scoring(state, events, then={"final": True, "d23_used": list(d23_used)}):
        return
    decrees.begin_selection(state, events, d23_used)


def _final_scoring(state: State, events: list) -> None:
    bonus = FACTS("scoring.turn_order_bonus")
    state.player[state.turn_order[0]].vp += bonus[0]
    if state.players >= 3:
        state.player[state.turn_order[1]].vp += bonus[1]
    if state.solo:
        solo.final_scoring(state, events)
    ranking = sorted(range(state.players),
                     key=lambda s: (-state.player[s].vp, -state.player[s].scribes, state.turn_order.index(s)))
    events.append({"event": "game_over", "winner": ranking[0], "ranking": ranking,
                   "rule": "tekhenu/scoring/after-scoring/winner"})


def run_maat(state: State, events: list) -> None:
    """The Maat phase procedure on a state (scenarios run it directly on a prepared situation)."""
    rng = state.random()
    _maat(state, events, rng)
    state.store_random(rng)


def run_scoring(state: State, events: list) -> None:
    """The Scoring procedure on a prepared situation (scenarios)."""
    _scoring(state, events)


def run_final_scoring(state: State, events: list) -> None:
    """The steps after the second and final Scoring: turn-order bonus and the winner (scenarios)."""
    _final_scoring(state, events)
    state.phase = "game_over"
