"""Tekhenu's half of the shared scenario runner (engine/scenarios.py runs every game's scenarios): how a
situation is set up from a scenario's `setup` (`situation`), how one step is played (`play_step`), how a
value is read by a dotted path (`value`), and what a reader sees before and after (`view`). The
scenarios are data (kb/data/tekhenu/scenarios/*.yaml); the shared runner checks their expectations.

    {"id", "rules": [...], "setup": {"players", "seed", "edition", "me": {...}, "others": {...},
                                     "board": {...}, "dice": [...]},
     "actions": [{"kind": "take_die", "die": "d1"} | {"kind": "perform", ...}
                 | {"kind": "phase", "phase": "maat" | "final_scoring"}],
     "expect": [{"description", "path": "me.resources.bread", "equals": 3}
                | {"description", "event": "produce", "field": "taint", "equals": 2}
                | {"description", "raises": "tekhenu/round/take-die"}]}

"me" is the player whose turn it is when the scenario starts; "others" are the other players in Turn Order
after "me" (`setup.others: [{...}, ...]` one entry per player, or one `{...}` for all of them; paths
`others.0.vp`).

Setup and steps (all optional):
    setup.horus: preprinted | shuffled   Horus Bonuses (default preprinted: the examples show the printed
                 board, e.g. Example 13's 4 → Hathor)
    setup.draft: [S12, S03, ...]   the Starting cards picked, in draft order (snake: 1-2-...-n-n-...-1)
    setup.state: {osiris, osiris_statues, osiris_row2_gold, god_statues, temple, temple_buildings,
                  temple_statues, ra_tiles, market, decks, discards, rotations, maat_phases, scorings}
                 sets those State fields; the strings "me" / "others.N" / "other" (= others.0) inside
                 them stand for seats;
                 `scorings: N` also removes the first N Scoring markers.
    actions: {"kind": "phase", "phase": "maat" | "scoring" | "final" | "final_scoring"}   (final: the
                 steps after the Decrees — turn-order bonus and the winner; final_scoring: D23's action,
                 the second Scoring and the Decree choices)
    expect: {"event", "field": "vp.edges", "who": "me"}   dotted fields; `who` picks that player's event
            {"path": "me.turn_position"}   the player's place in Turn Order (0 = first)
            {"path": "state.bag.len"}      `len` of a list
            {..., "equals_player": "others.0"}   the expected value is that player's seat

Solo games (engine/tekhenu/solo.py): `setup.solo: {difficulty}` plays you against Botankhamun; `setup.bot`
overrides its numbers as `me` does yours and paths may start with `bot.`; `{"kind": "botankhamun", "tile":
"god:ra" | "resource:0"}` resolves one of its Action tiles (and the Statue bonuses that follow). Any game:
`setup.wheel_turn` fixes the lights, `setup.clear_wheel` puts every die on the wheel back in the bag,
`setup.board` is `setup.state` for board parts, `setup.choices: false` stops before the setup decisions.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..api import ScenarioError, Situation
from . import solo
from .actions import ChooseStarting, action_from_json
from .board import FACTS, GODS
from .rules import (apply, botankhamun_tile, legal_actions, new_game, run_final, run_final_scoring, run_maat,
                    run_scoring)
from .state import Die, State


@dataclass(frozen=True)
class Flow:
    """The game functions the runner plays a scenario with: the base game's, or a variant's (Time of Seth
    runs its scenarios through this module with its own)."""
    new_game: Callable                  # (players, seed, edition, horus) -> State
    solo_new_game: Callable             # (seed, difficulty, edition, horus) -> State
    apply: Callable
    legal_actions: Callable
    action_from_json: Callable
    draft_pick: Callable                # (state, card) -> the action that picks it, or None (not a draft now)
    phases: dict


def _base_draft_pick(state: State, card: str):
    if state.pending.get("stage") != "draft":
        return None
    if card not in state.pending["offer"]:
        raise ScenarioError(f"setup.draft: {card} is not offered with this seed "
                            f"(offer: {', '.join(state.pending['offer'])})")
    return ChooseStarting(card)


PLAYER_FIELDS = {"vp", "happiness", "population", "scribes", "faith", "taint_resources", "buildings_left",
                 "statues_left", "pillars_left", "destiny", "reached", "decrees", "blessings", "technologies"}
STATE_FIELDS = {"osiris", "osiris_statues", "osiris_row2_gold", "god_statues", "temple", "temple_buildings",
                "temple_statues", "ra_tiles", "market", "decks", "discards", "rotations", "maat_phases", "scorings"}


def setup_state(spec: dict, flow: Flow | None = None) -> tuple[State, dict[str, int]]:
    flow = flow or BASE
    setup = spec.get("setup", {})
    if setup.get("solo"):
        state = flow.solo_new_game(setup.get("seed", 1), setup["solo"].get("difficulty", "easy"),
                                   setup.get("edition", "en"), setup.get("horus", "preprinted"))
    else:
        state = flow.new_game(setup.get("players", 2), setup.get("seed", 1), setup.get("edition", "en"),
                              setup.get("horus", "preprinted"))
    draft = list(setup.get("draft") or [])   # Starting cards in pick order (else the first offered)
    while state.phase == "setup" and setup.get("choices", True):   # the first legal option, deterministic
        pick = flow.draft_pick(state, draft[0]) if draft else None
        if pick is not None:
            draft.pop(0)
            state, _ = flow.apply(state, pick)
            continue
        state, _ = flow.apply(state, flow.legal_actions(state)[0])
    placed: set[int] = set()
    _override_player(state, state.current, setup.get("me") or {}, "setup.me", placed)
    if state.solo:
        _override_player(state, state.player[state.solo["seat"]], setup.get("bot") or {}, "setup.bot", placed)
    if "wheel_turn" in setup:
        state.wheel_turn = setup["wheel_turn"]
    if setup.get("clear_wheel"):
        for section in state.sections:
            state.bag.extend(section)
            section.clear()
    others = setup.get("others") or []
    if isinstance(others, dict):                         # the same fields for every other player
        others = [others] * (state.players - 1)
    if len(others) > state.players - 1:
        raise ScenarioError(f"setup.others names {len(others)} players; this game has {state.players - 1} others")
    for index, overrides in enumerate(others):
        _override_player(state, state.player[_roles(state)[index + 1]], overrides, f"setup.others.{index}", placed)
    for key, value in {**(setup.get("board") or {}), **(setup.get("state") or {})}.items():
        if key not in STATE_FIELDS:
            raise ScenarioError(f"unknown state field {key!r} in setup.state")
        setattr(state, key, _seats(state, value))
    if "scorings" in (setup.get("state") or {}):      # Scorings already done: their markers are gone
        state.scoring_markers = state.scoring_markers[state.scorings:]
    names: dict[str, int] = {}
    for die_spec in setup.get("dice") or []:
        names[die_spec["as"]] = _place_die(state, die_spec, placed)
    return state, names


def _override_player(state: State, player, overrides: dict, where: str, placed: set[int]) -> None:
    for key, value in overrides.items():
        if key in ("production", "resources"):
            getattr(player, key).update(value)
        elif key in ("pure", "tainted", "below"):
            setattr(player, key, [_loose_die(state, c, v, placed) for c, v in value])
        elif key in PLAYER_FIELDS:
            setattr(player, key, value)
        else:
            raise ScenarioError(f"unknown player field {key!r} in {where}")


def _roles(state: State) -> list[int]:
    """Seats of "me" (the player to move: in a solo game Botankhamun, first in Turn Order, never is),
    then "others.0", ... in Turn Order."""
    me = state.current.seat
    return [me] + [s for s in state.turn_order if s != me]


def _seat_of(roles: list[int], who: str) -> int | None:
    """The seat of "me" / "others.N"; roles is the Turn Order when the scenario starts."""
    if who == "me":
        return roles[0]
    if who == "other":
        who = "others.0"
    if isinstance(who, str) and who.startswith("others."):
        index = int(who.split(".")[1]) + 1
        if index >= len(roles):
            raise ScenarioError(f"{who!r}: this game has {len(roles) - 1} other players")
        return roles[index]
    return None


def _seats(state: State, value):
    """Replace the strings "me" / "others.N" inside a setup.state value by seats."""
    if isinstance(value, dict):
        return {k: _seats(state, v) for k, v in value.items()}
    if isinstance(value, list):
        return [_seats(state, v) for v in value]
    seat = _seat_of(_roles(state), value) if isinstance(value, str) else None
    return value if seat is None else seat


def _loose_die(state: State, color: str, value: int, placed: set[int] | None = None) -> Die:
    """Take a die of that colour off the wheel, else out of the bag (keeps the 26 dice conserved and the
    bag as the setup left it where possible); never one the scenario has already placed."""
    placed = placed if placed is not None else set()
    holder = next((h for h in state.sections + [state.bag]
                   if any(d.color == color and d.id not in placed for d in h)), None)
    if holder is None:
        raise ScenarioError(f"no {color} die is free to place")
    die = next(d for d in holder if d.color == color and d.id not in placed)
    holder.remove(die)
    placed.add(die.id)
    return Die(die.id, die.color, value)      # dice are never changed in place (states share them)


def _place_die(state: State, spec: dict, placed: set[int] | None = None) -> int:
    die = _loose_die(state, spec["color"], spec["value"], placed)
    if "god" in spec:
        section = GODS.index(spec["god"])
        if "light" in spec and state.light(section) != spec["light"]:
            # turn the wheel so that this god's section has the wanted light
            state.wheel_turn = next(t for t in range(6) if FACTS("wheel.light_pattern")[(section - t) % 6] == spec["light"])
    else:
        section = next(s for s in range(6) if state.light(s) == spec.get("light", "shaded"))
    state.sections[section].append(die)
    return die.id


def view(state: State, seat: int) -> dict:
    """What a reader needs to see of a situation: the player's numbers and scales, and the wheel."""
    p = state.player[seat]
    shown = {
        "player": seat, "vp": p.vp, "happiness": p.happiness, "population": p.population,
        "scribes": p.scribes, "faith": p.faith, "resources": dict(p.resources), "production": dict(p.production),
        "scales": {"pure": [d.value for d in p.pure], "tainted": [d.value for d in p.tainted],
                   "taint_resources": p.taint_resources, "below": [d.value for d in p.below]},
        "balance": p.balance,
        # the cards a player holds face up (Decrees stay secret): a Thoth example gains some
        "blessings": list(p.blessings), "technologies": list(p.technologies),
        "wheel": [{"god": GODS[s], "light": state.light(s),
                   "dice": [{"color": d.color, "value": d.value, "state": state.purity(d, s)} for d in dice]}
                  for s, dice in enumerate(state.sections)],
    }
    if state.solo is not None:      # the opponent's numbers, so a solo example shows what Botankhamun did
        bot = state.player[state.solo["seat"]]
        shown["botankhamun"] = {"vp": bot.vp, "happiness": bot.happiness, "population": bot.population,
                                "scribes": bot.scribes, "statues_left": bot.statues_left,
                                "buildings_left": bot.buildings_left, "pillars_left": bot.pillars_left}
    return shown


def _resolve(path: str, state: State, roles: list[int]):
    head, *rest = path.split(".")
    if head == "me":
        node = state.player[roles[0]]
    elif head == "others" and rest:
        node = state.player[_seat_of(roles, f"others.{rest.pop(0)}")]
    elif head == "bot" and state.solo:
        node = state.player[state.solo["seat"]]
    elif head == "state":
        node = state
    else:
        raise ScenarioError(f"paths start with me., others.N. or state. (got {path!r})")
    for part in rest:
        if part == "len" and isinstance(node, (list, dict)):
            node = len(node)
        elif part == "turn_position" and hasattr(node, "seat"):
            node = state.turn_order.index(node.seat)
        elif isinstance(node, dict):
            node = node[part]
        elif isinstance(node, list):
            node = node[int(part)]
        else:
            node = getattr(node, part)
    if isinstance(node, list) and node and isinstance(node[0], Die):
        node = [d.value for d in node]
    return node


PHASES = {"maat": run_maat, "scoring": run_scoring, "final": run_final, "final_scoring": run_final_scoring,
          "botankhamun": botankhamun_tile}
BASE = Flow(new_game=new_game, solo_new_game=lambda seed, difficulty, edition, horus: solo.new_game(
    seed, difficulty, edition, horus=horus), apply=apply, legal_actions=legal_actions, action_from_json=action_from_json,
    draft_pick=_base_draft_pick, phases=PHASES)


def situation(spec: dict, flow: Flow | None = None) -> Situation:
    """The scenario's situation for the shared runner (engine.scenarios): the state, its roles ("me",
    "others.N", "bot") and the dice it named."""
    state, names = setup_state(spec, flow)
    roles = _roles(state)
    named = {"me": roles[0], **{f"others.{i}": seat for i, seat in enumerate(roles[1:])}}
    if len(roles) > 1:
        named["other"] = roles[1]
    if state.solo:
        named["bot"] = state.solo["seat"]
    return Situation(state=state, roles=named, names=names, viewer=roles[0])


def play_step(sit: Situation, raw: dict, flow: Flow | None = None) -> list[dict]:
    """One scenario step: a whole phase, one of Botankhamun's Action tiles, or a player's action."""
    flow = flow or BASE
    step = dict(raw)
    events: list[dict] = []
    phases = {k: v for k, v in flow.phases.items() if k != "botankhamun"}
    if step.get("kind") == "phase":
        if step.get("phase") not in phases:
            raise ScenarioError(f"unknown phase {step.get('phase')!r} (known: {', '.join(phases)})")
        phases[step["phase"]](sit.state, events)
        return events
    if step.get("kind") == "botankhamun":
        if not sit.state.solo:
            raise ScenarioError("a botankhamun step needs setup.solo")
        flow.phases["botankhamun"](sit.state, step["tile"], events)
        return events
    if step.get("kind") == "take_die" and isinstance(step.get("die"), str):
        if step["die"] not in sit.names:
            raise ScenarioError(f"no die named {step['die']!r} in setup.dice")
        step["die"] = sit.names[step["die"]]
    sit.state, events = flow.apply(sit.state, flow.action_from_json(step))
    return events


def value(sit: Situation, path: str):
    roles = [sit.roles["me"]] + [sit.roles[f"others.{i}"] for i in range(len(sit.roles)) if f"others.{i}" in sit.roles]
    return _resolve(path, sit.state, roles)


def run(spec: dict):
    """Run one Tekhenu scenario with the shared runner, for callers that know the game (the app's
    Simulator page today); the engine is reached through the registry, as every caller should."""
    from .. import registry
    from ..scenarios import run as run_scenario

    return run_scenario(registry.get("tekhenu"), spec)
