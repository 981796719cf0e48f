"""One scenario runner for every game: rules as checked examples.

A scenario is data (kb/data/<game>/scenarios/*.yaml, where `kb check` links it to rules):

    id: <game>/scenario/<name>
    title: ...                                     optional
    rules: [<rule ids it demonstrates>]
    setup: {...}                                   the game's own situation format (its engine's
                                                   `scenario_setup` documents it)
    actions: [{...}, ...]                          actions as JSON, or the game's runner steps
    expect:
      - {description, description_ko, path: me.vp, equals: 12}
      - {description, description_ko, path: ..., equals_player: others.0}    a role's seat
      - {description, description_ko, event: score, field: points, who: me, equals: 3}
                                                   the last such event (of that role's seat)
      - {..., event: score, field: points, who: me, match: {reason: [statues, wrath]}, total: true, equals: 16}
                                                   `match`: only the events whose fields hold these values
                                                   (one, or one of a list); `total`: the field added up over
                                                   every such event, not the last one's
      - {description, description_ko, raises: <rule id>}                     the refusal's rule
      - {..., answers: {asks: vp_lost, amount: 2, of: white}}     optional, on any of the above (or a
                                                   list of them): the check states the number a how-many
                                                   question asking that (engine/asked.py `Ask`) wants —
                                                   `amount` where it is not the checked value itself (VP
                                                   lost where the check reads the VP left), `of` the thing
                                                   it is of (a colour's points), `sum: true` where it is
                                                   the total of the parts the question adds up ("those two
                                                   together"); or `verdict: yes | no` for a question
                                                   whether the move may be made

The runner checks the setup against its game's declared shape (engine/setup_schema.py), plays the
actions with the real engine and checks each expectation. Every check is worded in Korean and English
(a test holds every scenario file to it). Whatever a game's code raises on a scenario's data becomes a
ScenarioError: a scenario is data, and bad data never crashes `ask`, `simulate` or `kb check`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .api import Engine, MalformedAction, ScenarioError, Situation
from .errors import IllegalAction
from .setup_schema import SetupShapeError, shape_of

__all__ = ["Check", "ScenarioError", "ScenarioResult", "Step", "run"]


@dataclass
class Check:
    description: str
    expected: object
    actual: object
    ok: bool
    description_ko: str | None = None
    answers: list | None = None                 # the expectation's `answers` (see the module's docstring)


@dataclass
class Step:
    """One action of the example with what it did, for a narrated example."""
    action: dict
    events: list[dict]
    refused: dict | None = None        # {"rule_id", "message", "message_ko"} when the rules forbade it


@dataclass
class ScenarioResult:
    scenario_id: str
    game: str
    rule_ids: list[str]
    verified: bool
    checks: list[Check]
    before: dict
    actions: list[dict]
    after: dict
    steps: list[Step] = field(default_factory=list)
    facts_used: list[str] = field(default_factory=list)   # non-rulebook facts (source or assumed)

    @property
    def assumed(self) -> list[str]:
        """The older name of facts_used (to_json gives both), for callers not yet moved to it."""
        return self.facts_used

    def to_json(self) -> dict:
        return {"scenario_id": self.scenario_id, "game": self.game, "rule_ids": self.rule_ids,
                "verified": self.verified,
                "checks": [{k: v for k, v in vars(c).items() if k not in ("description_ko", "answers") or v}
                           for c in self.checks],
                "before": self.before, "actions": self.actions, "after": self.after,
                "steps": [vars(s) for s in self.steps],
                "facts_used": self.facts_used, "assumed": self.facts_used}


def _field(event: dict, dotted: str):
    node = event
    for part in dotted.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node


def _seat(situation: Situation, role: str) -> int:
    if role not in situation.roles:
        raise ScenarioError(f"unknown role {role!r}; this scenario has: {', '.join(situation.roles)}")
    return situation.roles[role]


def _unplayable(what: str, exc: Exception) -> ScenarioError:
    """Whatever a game's code raised on a scenario's data (a wrong type, an unknown name, a setup the
    rules refuse) as the one error callers handle: a scenario is data, and bad data must never crash
    `ask`, `simulate` or `kb check`."""
    if isinstance(exc, ScenarioError):
        return exc
    if isinstance(exc, IllegalAction):
        return ScenarioError(f"{what}: the rules refuse it: {exc.message} [{exc.rule_id}]")
    text = " ".join(str(exc).split())
    return ScenarioError(f"{what} cannot be used as written: {text + ' ' if text else ''}({type(exc).__name__})")


def run(engine: Engine, spec: dict) -> ScenarioResult:
    """Set the situation up, play the actions, check the expectations. Raises ScenarioError for a
    scenario that cannot be played as written; a refused action is a result (checked by `raises`)."""
    if not isinstance(spec, dict) or "id" not in spec:
        raise ScenarioError("a scenario is a mapping with an id")
    if not isinstance(spec.get("setup") or {}, dict) or not isinstance(spec.get("actions") or [], list) \
            or not isinstance(spec.get("expect") or [], list):
        raise ScenarioError(f"{spec['id']}: setup is a mapping, actions and expect are lists")
    shape = shape_of(engine.info.id)
    if shape is not None:                # the setup's declared shape first: a wrong type named where it is
        try:
            shape.check(spec.get("setup") or {})
        except SetupShapeError as exc:
            raise ScenarioError(str(exc)) from None
    try:
        situation = engine.scenario_setup(spec)
        before = engine.scenario_view(situation)
    except Exception as exc:  # noqa: BLE001 - see _unplayable
        raise _unplayable("setup", exc) from None
    events: list[dict] = []
    steps: list[Step] = []
    raised: IllegalAction | None = None
    for raw in spec.get("actions") or []:
        if not isinstance(raw, dict):
            raise ScenarioError(f"{spec['id']}: step {raw!r} is not a mapping")
        try:
            new_events = engine.scenario_step(situation, dict(raw))
        except MalformedAction as exc:
            raise ScenarioError(f"{spec['id']}: step {raw!r} is not an action of the game: {exc}") from None
        except IllegalAction as exc:
            raised = exc
            steps.append(Step(dict(raw), [], {"rule_id": exc.rule_id, "message": exc.message,
                                              "message_ko": exc.message_ko}))
            break
        except ScenarioError:
            raise
        except Exception as exc:  # noqa: BLE001 - see _unplayable
            raise ScenarioError(f"{spec['id']}: step {raw!r} cannot be played: {exc} ({type(exc).__name__})") \
                from None
        events.extend(new_events)
        steps.append(Step(dict(raw), list(new_events)))
    checks = []
    for number, exp in enumerate(spec.get("expect") or [], start=1):
        if not isinstance(exp, dict):
            raise ScenarioError(f"{spec['id']}: expectation {number} is not a mapping")
        try:
            checks.append(_check(engine, situation, events, raised, exp, spec["id"]))
        except Exception as exc:  # noqa: BLE001 - see _unplayable
            raise _unplayable(f"{spec['id']}: expectation {number}", exc) from None
    if raised and not any("raises" in e for e in spec.get("expect") or []):
        checks.append(Check("every action is legal", None, f"{raised.message} [{raised.rule_id}]", False,
                            "모든 행동이 규칙에 맞음"))
    try:
        after = engine.scenario_view(situation)
        facts_used = list(engine.facts_used(situation.state))
    except Exception as exc:  # noqa: BLE001 - see _unplayable
        raise _unplayable(f"{spec['id']}: the situation after the actions", exc) from None
    return ScenarioResult(scenario_id=spec["id"], game=engine.info.id, rule_ids=list(spec.get("rules") or []),
                          verified=bool(checks) and all(c.ok for c in checks), checks=checks, before=before,
                          actions=[dict(a) for a in spec.get("actions") or []],
                          after=after, steps=steps, facts_used=facts_used)


def _check(engine: Engine, situation: Situation, events: list[dict], raised: IllegalAction | None, exp: dict,
           scenario_id: str) -> Check:
    """One expectation against what happened."""
    expected = exp.get("equals")
    if "equals_player" in exp:
        expected = _seat(situation, exp["equals_player"])
    if "raises" in exp:
        expected = exp["raises"]
        actual = raised.rule_id if raised else None
    elif "event" in exp:
        matching = [e for e in events if e.get("event") == exp["event"]]
        if "who" in exp:
            matching = [e for e in matching if e.get("seat") == _seat(situation, exp["who"])]
        for key, wanted in (exp.get("match") or {}).items():
            wanted = wanted if isinstance(wanted, list) else [wanted]
            matching = [e for e in matching if e.get(key) in wanted]
        if exp.get("total"):
            actual = sum(_field(e, exp.get("field", "")) for e in matching)
        else:
            actual = _field(matching[-1], exp.get("field", "")) if matching else None
    elif "path" in exp:
        actual = engine.scenario_value(situation, exp["path"])
    else:
        raise ScenarioError(f"{scenario_id}: an expectation needs path, event or raises: {exp!r}")
    return Check(exp.get("description", ""), expected, actual, actual == expected, exp.get("description_ko"),
                 _answers(exp, expected, scenario_id))


def _answers(exp: dict, expected, scenario_id: str) -> list[dict] | None:
    """What the check answers questions with (one tag, or a list of them where one check answers two things:
    the Soldiers paid and the Soldiers left): a number — its `amount`, else the checked value where that is
    a whole number — or, for a question whether the move may be made, its `verdict` (yes: played; no: refused
    by the rule the check names)."""
    tags = exp.get("answers")
    if tags is None:
        return None
    out = []
    for tag in tags if isinstance(tags, list) else [tags]:
        if isinstance(tag, dict) and isinstance(tag.get("asks"), str) and tag.get("verdict") in ("yes", "no"):
            out.append({"asks": tag["asks"], "verdict": tag["verdict"]})
            continue
        amount = tag.get("amount", expected) if isinstance(tag, dict) else None
        if not isinstance(tag, dict) or not isinstance(tag.get("asks"), str) or isinstance(amount, bool) \
                or not isinstance(amount, int):
            raise ScenarioError(f"{scenario_id}: `answers` is {{asks: <what is asked>, amount: <a whole number, where "
                                f"the checked value is not one> | verdict: yes | no}} or a list of them: {tag!r}")
        out.append({"asks": tag["asks"], "amount": amount, **({"of": tag["of"]} if tag.get("of") else {}),
                    **({"sum": True} if tag.get("sum") is True else {})})
    return out
