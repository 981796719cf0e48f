"""Scenarios: rules as checked examples. A scenario is data (kb/data/tekhenu/scenarios/*.yaml): a
starting situation (a standard setup plus overrides), actions, and expectations on the result. The
runner plays the actions with the real engine and checks every expectation.

    {"id", "rules": [...], "setup": {"players", "seed", "edition", "me": {...}, "others": {...},
                                     "board": {...}, "dice": [...]},
     "actions": [{"kind": "take_die", "die": "d1"} | {"kind": "perform", ...}
                 | {"kind": "phase", "phase": "maat" | "final_scoring"}],
     "expect": [{"description", "path": "me.resources.bread", "equals": 3}
                | {"description", "event": "produce", "field": "taint", "equals": 2}
                | {"description", "raises": "tekhenu/round/take-die"}]}

"me" is the player whose turn it is when the scenario starts; "others" sets the same fields on every other
player; "board" sets State fields (BOARD_FIELDS), where the strings "me" and "other" stand for those seats.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import IllegalAction
from .actions import action_from_json
from .board import FACTS, GODS
from .decrees import run_final_scoring
from .rules import apply, legal_actions, new_game, run_maat
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
                 "statues_left", "pillars_left", "destiny", "decrees", "technologies", "blessings"}
BOARD_FIELDS = {"ra_tiles", "temple", "temple_buildings", "temple_statues", "osiris", "osiris_statues",
                "god_statues"}


def setup_state(spec: dict) -> tuple[State, dict[str, int]]:
    setup = spec.get("setup", {})
    state = new_game(setup.get("players", 2), setup.get("seed", 1), setup.get("edition", "en"))
    while state.phase == "setup":       # setup choices: the first legal option, deterministic
        state, _ = apply(state, legal_actions(state)[0])
    me = state.current
    _set_player(state, me, setup.get("me") or {}, "me")
    for other in state.player:
        if other is not me:
            _set_player(state, other, setup.get("others") or {}, "others")
    other_seat = next((p.seat for p in state.player if p is not me), me.seat)
    for key, value in (setup.get("board") or {}).items():
        if key not in BOARD_FIELDS:
            raise ScenarioError(f"unknown board field {key!r} in setup.board")
        setattr(state, key, _seats(value, me.seat, other_seat))
    names: dict[str, int] = {}
    for die_spec in setup.get("dice") or []:
        names[die_spec["as"]] = _place_die(state, die_spec)
    return state, names


def _set_player(state: State, player, fields: dict, where: str) -> None:
    for key, value in fields.items():
        if key in ("production", "resources"):
            getattr(player, key).update(value)
        elif key in ("pure", "tainted"):
            setattr(player, key, [_loose_die(state, c, v) for c, v in value])
        elif key in PLAYER_FIELDS:
            setattr(player, key, list(value) if isinstance(value, list) else value)
        else:
            raise ScenarioError(f"unknown player field {key!r} in setup.{where}")


def _seats(value, me: int, other: int):
    """Board data with "me"/"other" in place of seat numbers."""
    if value == "me":
        return me
    if value == "other":
        return other
    if isinstance(value, dict):
        return {k: _seats(v, me, other) for k, v in value.items()}
    if isinstance(value, list):
        return [_seats(v, me, other) for v in value]
    return value


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
    return {
        "player": seat, "vp": p.vp, "happiness": p.happiness, "population": p.population,
        "scribes": p.scribes, "faith": p.faith, "resources": dict(p.resources), "production": dict(p.production),
        "scales": {"pure": [d.value for d in p.pure], "tainted": [d.value for d in p.tainted],
                   "taint_resources": p.taint_resources, "below": [d.value for d in p.below]},
        "balance": p.balance,
        "wheel": [{"god": GODS[s], "light": state.light(s),
                   "dice": [{"color": d.color, "value": d.value, "state": state.purity(d, s)} for d in dice]}
                  for s, dice in enumerate(state.sections)],
    }


def _resolve(path: str, state: State, seat: int):
    head, *rest = path.split(".")
    if head == "me":
        node = state.player[seat]
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
            if step["phase"] not in ("maat", "final_scoring"):
                raise ScenarioError(f"unknown phase {step['phase']!r}")
            (run_maat if step["phase"] == "maat" else run_final_scoring)(state, events)
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
