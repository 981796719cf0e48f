"""The fuzzes of issue 28 (tests/test_reliability.py uses them; `python tests/fuzzing.py setup|state N` runs one
and prints its counts).

Setup fuzz: a real scenario of the KB with one part of its setup replaced (a wrong type, a number out of
range, another name of the game, a key dropped or added). Whatever `kb check` passes (the same per-scenario
check: app.core.scenario_files.scenario_problem) must then be served without a crash: played under either
edition, narrated in both languages, drawn, given as JSON without NaN.

State fuzz: a state of a random game with one value replaced. `state_from_json` either refuses it
(MalformedState) or the engine continues from it: its decision, its legal moves and a few of them played."""
from __future__ import annotations

import copy
import json
import random
import signal
import sys
import time
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


class Hang(Exception):
    """A case that ran past its time limit."""


@contextmanager
def time_limit(seconds: float):
    """Turn a case that runs away (a loop over a billion Faith) into a failure instead of a hung suite."""
    def expire(*_):
        raise Hang()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class Report:
    game: str
    tried: int = 0
    passed: int = 0                           # setups kb check passes / states state_from_json accepts
    crashes: list = field(default_factory=list)   # (where it broke, what was changed, the exception)
    seconds: float = 0.0

    def line(self) -> str:
        return (f"{self.game}: {self.tried} mutations, {self.passed} passed the check, {len(self.crashes)} crashes "
                f"({self.seconds:.0f} s)")


def _crash(report: Report, what, exc: BaseException) -> None:
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    where = f"{Path(frame.filename).name}:{frame.lineno}" if frame else "?"
    report.crashes.append((where, what, f"{type(exc).__name__}: {exc}"[:200]))


# -- values a careless or hostile editor writes ----------------------------------------------------------------
def _pool(names: list, rng: random.Random) -> list:
    return [None, True, False, 0, 1, -1, 7, 99, 10**9, -10**9, 2**70, 0.5, "", "x", "me", "others.5", "bot",
            [], [1], ["x"], [None], {}, {"a": 1}, {"x": [1]}, rng.choice(names), rng.choice(names), [rng.choice(names)]]


def _value(old, names: list, rng: random.Random):
    """Half the time a plausible value (the old number moved a little, another name of the game), half the time
    anything from the pool: the plausible ones are those a type check cannot refuse."""
    if rng.random() < 0.5:
        if type(old) is int:
            return rng.choice([old - 1, old + 1, old * 2, rng.randint(0, 12), -old])
        if isinstance(old, str) or old is None:
            return rng.choice(names)
        if isinstance(old, list) and old:
            return rng.sample(old, len(old)) if rng.random() < 0.5 else old[:-1]
    return rng.choice(_pool(names, rng))


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node[:4]):
            yield from _paths(value, prefix + (i,))


def _strings(node, out: set) -> set:
    if isinstance(node, str):
        out.add(node)
    elif isinstance(node, dict):
        for key, value in node.items():
            out.add(key)
            _strings(value, out)
    elif isinstance(node, list):
        for value in node:
            _strings(value, out)
    return out


def mutate(spec: dict, names: list, rng: random.Random) -> dict:
    """One change somewhere in the scenario's setup: a value replaced, a key dropped, a key of the game added."""
    bad = copy.deepcopy(spec)
    paths = [p for p in _paths(bad["setup"], ("setup",)) if len(p) > 1]
    if not paths:       # an empty setup (the game's own start, `setup: {}`): a key of the game added
        bad["setup"][rng.choice(names)] = rng.choice(_pool(names, rng))
        return bad
    path = rng.choice(paths)
    parent = bad
    for key in path[:-1]:
        parent = parent[key]
    roll = rng.random()
    if roll < 0.08 and isinstance(parent, dict):
        del parent[path[-1]]
    elif roll < 0.16 and isinstance(parent[path[-1]], dict):
        parent[path[-1]][rng.choice(names)] = rng.choice(_pool(names, rng))
    elif roll < 0.22 and isinstance(parent[path[-1]], list) and parent[path[-1]]:
        parent[path[-1]].append(copy.deepcopy(rng.choice(parent[path[-1]])))
    else:
        parent[path[-1]] = _value(parent[path[-1]], names, rng)
    return bad


# -- what the app does with a scenario that kb check passed ------------------------------------------------------
def serve(engine, spec: dict) -> None:
    """Everything `ask`, `simulate`, the API and the app do with a checked scenario, unguarded: played under
    each edition, narrated in both languages, pictured, given as JSON (no NaN)."""
    from app.core import examples, simulator
    from engine.scenarios import run

    json.dumps(run(engine, spec).to_json(), allow_nan=False)
    option = engine.info.option("edition")
    for lang in ("ko", "en"):
        for edition in (option.choices if option else (None,)):
            edited = {**spec, "setup": {**spec["setup"], "edition": edition}} if edition else spec
            played = examples.play(engine, edited, lang, [])
            if played is not None:
                json.dumps(simulator.narrated(engine, played.result, played.spec, lang), allow_nan=False)
        simulator.pictures(engine, spec, lang)


def setup_fuzz(game: str, mutations: int, seed: int = 28, limit: float = 20.0) -> Report:
    from app.core.scenario_files import load_scenarios, scenario_problem
    from engine import registry
    from kb.store import DEFAULT_DATA

    engine = registry.get(game)
    specs = list(load_scenarios(DEFAULT_DATA, game).values())
    names = sorted(_strings([s["setup"] for s in specs], set()))
    rng = random.Random(f"{seed}:{game}")
    report = Report(game)
    start = time.perf_counter()
    for _ in range(mutations):
        bad = mutate(rng.choice(specs), names, rng)
        report.tried += 1
        try:
            with time_limit(limit):
                if scenario_problem(engine, bad) is not None:
                    continue
                report.passed += 1
                serve(engine, bad)
        except BaseException as exc:  # noqa: BLE001 - every escape is what the fuzz looks for
            if isinstance(exc, KeyboardInterrupt):
                raise
            _crash(report, bad["setup"], exc)
    report.seconds = time.perf_counter() - start
    return report


# -- states ---------------------------------------------------------------------------------------------------------
GAME_OPTIONS = {"tekhenu": [{}, {"solo": True, "difficulty": "hard"}, {"edition": "ko"}],
                "tekhenu-time-of-set": [{}, {"solo": True, "difficulty": "medium"}, {"vizier": True},
                                        {"expansion": "off"}],
                "through-the-ages": [{"mode": "simple"}, {"mode": "advanced"}, {"mode": "full"}],
                "imhotep": [{}, {"sides": "B"}, {"sides": "mixed", "wrath": True}]}


def _games(engine, game: str, count: int, rng: random.Random) -> list:
    states = []
    for _ in range(count):
        options = dict(rng.choice(GAME_OPTIONS[game]))
        players = 2 if options.get("solo") or options.get("vizier") else \
            rng.randint(engine.info.min_players, engine.info.max_players)
        state = engine.new_game(players, rng.randrange(10**6), **options)
        for _ in range(rng.randrange(0, 400)):
            if engine.is_over(state):
                break
            state, _ = engine.apply(state, rng.choice(engine.legal_actions(state)))
        states.append(state)
    return states


def _leaves(node, prefix=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, prefix + (key,))
    elif isinstance(node, list) and node:
        for i in sorted({0, len(node) - 1, len(node) // 2}):
            yield from _leaves(node[i], prefix + (i,))
    else:
        yield prefix


def state_fuzz(game: str, mutations: int, seed: int = 28, games: int = 6, steps: int = 12,
               limit: float = 20.0) -> Report:
    from engine import registry
    from engine.api import MalformedState
    from engine.errors import IllegalAction

    engine = registry.get(game)
    rng = random.Random(f"{seed}:{game}:states")
    states = [json.loads(json.dumps(engine.state_to_json(s))) for s in _games(engine, game, games, rng)]
    names = sorted(_strings(states, set()))
    report = Report(game)
    start = time.perf_counter()
    for _ in range(mutations):
        data = copy.deepcopy(rng.choice(states))
        path = rng.choice([p for p in _leaves(data) if p])
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = _value(node[path[-1]], names, rng)
        report.tried += 1
        try:
            with time_limit(limit):
                try:
                    state = engine.state_from_json(data)
                except MalformedState:
                    continue
                report.passed += 1
                json.dumps(engine.state_to_json(state), allow_nan=False)
                for _ in range(steps):
                    if engine.is_over(state):
                        engine.result(state)
                        break
                    engine.decision(state)
                    try:
                        state, _ = engine.apply(state, rng.choice(engine.legal_actions(state)))
                    except IllegalAction:
                        break
        except BaseException as exc:  # noqa: BLE001 - every escape is what the fuzz looks for
            if isinstance(exc, KeyboardInterrupt):
                raise
            _crash(report, (path, node[path[-1]]), exc)
    report.seconds = time.perf_counter() - start
    return report


if __name__ == "__main__":
    from engine import registry as _registry

    kind, count = sys.argv[1], int(sys.argv[2])
    fuzz = setup_fuzz if kind == "setup" else state_fuzz
    total = Report("all")
    for name in (sys.argv[3:] or _registry.available()):
        result = fuzz(name, count)
        print(result.line(), flush=True)
        for crash in result.crashes[:20]:
            print("   ", crash, flush=True)
        total.tried += result.tried
        total.passed += result.passed
        total.crashes += result.crashes
        total.seconds += result.seconds
    print(total.line())
