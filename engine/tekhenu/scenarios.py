"""Scenarios: rules as checked examples. A scenario is data (kb/data/tekhenu/scenarios/*.yaml): a
starting situation (a standard setup plus overrides), actions, and expectations on the result. The
runner plays the actions with the real engine and checks every expectation.

    {"id", "rules": [...], "setup": {"players", "seed", "edition", "me": {...}, "dice": [...]},
     "actions": [{"kind": "take_die", "die": "d1"} | {"kind": "perform", ...} | {"kind": "phase", "phase": "maat"}],
     "expect": [{"description", "path": "me.resources.bread", "equals": 3}
                | {"description", "event": "produce", "field": "taint", "equals": 2}
                | {"description", "raises": "tekhenu/round/take-die"}]}

"me" is the player whose turn it is when the scenario starts.

Solo games (engine/tekhenu/solo.py): `setup.solo: {difficulty}` plays you against Botankhamun; `setup.bot`
overrides its numbers as `me` does yours and paths may start with `bot.`; `{"kind": "botankhamun", "tile":
"god:ra" | "resource:0"}` resolves one of its Action tiles. Any game: `setup.wheel_turn` fixes the lights,
`setup.clear_wheel` puts every die on the wheel back in the bag, `setup.board` replaces board parts
(osiris, osiris_row2_gold, osiris_statues, god_statues, temple, temple_buildings, temple_statues), `setup.choices: false`
stops before the setup decisions, and `{"kind": "phase", "phase": "scoring" | "final_scoring"}` runs them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import IllegalAction
from . import solo
from .actions import action_from_json
from .board import FACTS, GODS
from .rules import _final_scoring, _scoring, apply, legal_actions, new_game, run_maat
from .state import Die, State


class ScenarioError(ValueError):
    """A scenario that cannot be set up as written (bad path, unknown die name...)."""


@dataclass
class Check:
    description: str
    expected: object
    actual: object
    ok: bool
    description_ko: str | None = None   # optional Korean wording of the description


@dataclass
class ScenarioResult:
    scenario_id: str
    rule_ids: list[str]
    verified: bool
    checks: list[Check]
    before: dict
    actions: list[dict]
    after: dict
    assumed: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"scenario_id": self.scenario_id, "rule_ids": self.rule_ids, "verified": self.verified,
                "checks": [{k: v for k, v in vars(c).items() if k != "description_ko" or v} for c in self.checks], "before": self.before, "actions": self.actions,
                "after": self.after, "assumed": self.assumed}


PLAYER_FIELDS = {"vp", "happiness", "population", "scribes", "faith", "taint_resources", "buildings_left",
                 "statues_left", "pillars_left", "destiny", "blessings", "technologies", "decrees"}
BOARD_PARTS = {"osiris", "osiris_row2_gold", "osiris_statues", "god_statues", "temple", "temple_buildings",
               "temple_statues"}


def setup_state(spec: dict) -> tuple[State, dict[str, int]]:
    setup = spec.get("setup", {})
    if setup.get("solo"):
        state = solo.new_game(setup.get("seed", 1), setup["solo"].get("difficulty", "easy"), setup.get("edition", "en"))
    else:
        state = new_game(setup.get("players", 2), setup.get("seed", 1), setup.get("edition", "en"))
    while state.phase == "setup" and setup.get("choices", True):   # the first legal option, deterministic
        state, _ = apply(state, legal_actions(state)[0])
    _override_player(state, state.current, setup.get("me") or {}, "me")
    if state.solo:
        _override_player(state, state.player[state.solo["seat"]], setup.get("bot") or {}, "bot")
    if "wheel_turn" in setup:
        state.wheel_turn = setup["wheel_turn"]
    if setup.get("clear_wheel"):
        for section in state.sections:
            state.bag.extend(section)
            section.clear()
    for key, value in (setup.get("board") or {}).items():
        if key not in BOARD_PARTS:
            raise ScenarioError(f"unknown board part {key!r} in setup.board")
        setattr(state, key, value)
    names: dict[str, int] = {}
    for die_spec in setup.get("dice") or []:
        names[die_spec["as"]] = _place_die(state, die_spec)
    return state, names


def _override_player(state: State, me, overrides: dict, where: str) -> None:
    for key, value in overrides.items():
        if key in ("production", "resources"):
            getattr(me, key).update(value)
        elif key in ("pure", "tainted"):
            setattr(me, key, [_loose_die(state, c, v) for c, v in value])
        elif key in PLAYER_FIELDS:
            setattr(me, key, value)
        else:
            raise ScenarioError(f"unknown player field {key!r} in setup.{where}")


def _loose_die(state: State, color: str, value: int) -> Die:
    """Take a die of that colour out of the bag or the wheel (keeps the 26 dice conserved)."""
    holder = next((h for h in [state.bag] + state.sections if any(d.color == color for d in h)), None)
    if holder is None:
        raise ScenarioError(f"no {color} die is free to place")
    die = next(d for d in holder if d.color == color)
    holder.remove(die)
    die.value = value
    return die


def _place_die(state: State, spec: dict) -> int:
    die = _loose_die(state, spec["color"], spec["value"])
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


def _resolve(path: str, state: State, seat: int):
    head, *rest = path.split(".")
    if head == "me":
        node = state.player[seat]
    elif head == "bot" and state.solo:
        node = state.player[state.solo["seat"]]
    elif head == "state":
        node = state
    else:
        raise ScenarioError(f"paths start with me. or state. (got {path!r})")
    for part in rest:
        if isinstance(node, dict):
            node = node[part]
        elif isinstance(node, list):
            node = node[int(part)]
        else:
            node = getattr(node, part)
    if isinstance(node, list) and node and isinstance(node[0], Die):
        node = [d.value for d in node]
    return node


def run(spec: dict) -> ScenarioResult:
    state, names = setup_state(spec)
    seat = state.current.seat
    before = view(state, seat)
    events: list[dict] = []
    raised: IllegalAction | None = None
    played = []
    for raw in spec.get("actions", []):
        step = dict(raw)
        played.append(dict(raw))
        if step.get("kind") == "phase":
            phases = {"maat": run_maat, "scoring": _scoring, "final_scoring": _final_scoring}
            if step["phase"] not in phases:
                raise ScenarioError(f"unknown phase {step['phase']!r}")
            phases[step["phase"]](state, events)
            continue
        if step.get("kind") == "botankhamun":
            if not state.solo:
                raise ScenarioError("a botankhamun step needs setup.solo")
            solo.resolve_tile(state, step["tile"], events)
            continue
        if step.get("kind") == "take_die" and isinstance(step.get("die"), str):
            step["die"] = names[step["die"]]
        try:
            state, new_events = apply(state, action_from_json(step))
            events.extend(new_events)
        except IllegalAction as exc:
            raised = exc
            break
    checks = []
    for exp in spec.get("expect", []):
        if "raises" in exp:
            actual = raised.rule_id if raised else None
            checks.append(Check(exp["description"], exp["raises"], actual, actual == exp["raises"], exp.get("description_ko")))
        elif "event" in exp:
            matching = [e for e in events if e.get("event") == exp["event"]]
            actual = matching[-1].get(exp["field"]) if matching else None
            checks.append(Check(exp["description"], exp["equals"], actual, actual == exp["equals"], exp.get("description_ko")))
        else:
            actual = _resolve(exp["path"], state, seat)
            checks.append(Check(exp["description"], exp["equals"], actual, actual == exp["equals"], exp.get("description_ko")))
    if raised and not any("raises" in e for e in spec.get("expect", [])):
        checks.append(Check("every action is legal", None, f"{raised.message} [{raised.rule_id}]", False))
    return ScenarioResult(scenario_id=spec["id"], rule_ids=list(spec.get("rules", [])),
                          verified=bool(checks) and all(c.ok for c in checks), checks=checks, before=before,
                          actions=played, after=view(state, seat), assumed=list(state.assumed_used))
