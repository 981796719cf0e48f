"""Scenarios (kb/data/<game>/scenarios/*.yaml) between the KB and the engines, which know nothing of
each other: the check that plays every scenario with its game's engine (added to `arbiter kb check` and
to every load of the served KB, see kb/kb_cache.py), the served scenarios, and the raw files for
`arbiter simulate` and the tests.

What `ask` and the app play is what was checked: the specs come from the checked KB's record, never
from the files read again later."""
from __future__ import annotations

import json
from pathlib import Path

from kb import kb_cache
from kb.cachefs import sha256
from kb.check import Checks
from kb.corpus import DEFAULT_CORPUS
from kb.fileio import FileReadError, read_bytes
from kb.store import KnowledgeBase, Problem, leaves_folder, resolve_data_root
from kb.yamlio import YamlError, load_yaml

from .catalogue import CARD_CATALOGUE

ENGINE_ROOT = Path(__file__).resolve().parents[1] / "engine"
LANGS = ("ko", "en")


class EngineScenarios:
    """Every scenario of the checked games played by its game's engine, as `ask` plays it: one that
    cannot be set up or played as written (a wrong type, an unknown name, an impossible step), whose
    expectations do not hold, or that the engine cannot narrate, draw or give as JSON is a problem at
    its file:line (scenario_problem). Its result depends on the engines' code and data: they are its
    inputs."""

    name = "scenarios played by the engines"

    def inputs(self) -> dict[str, str]:
        out = {}
        for path in sorted(ENGINE_ROOT.rglob("*")):
            if path.suffix in (".py", ".yaml") and path.is_file():
                try:
                    out[f"engine/{path.relative_to(ENGINE_ROOT)}"] = sha256(read_bytes(path))
                except FileReadError as exc:
                    out[f"engine/{path.relative_to(ENGINE_ROOT)}"] = f"unreadable: {exc.message}"
        for own in ("scenario_files.py", "simulator.py", "narrate.py"):     # the check narrates with them too
            out[f"app/core/{own}"] = sha256((Path(__file__).parent / own).read_bytes())
        return out

    def problems(self, kb: KnowledgeBase, games: list[str]) -> list[Problem]:
        from engine import registry

        problems = []
        for game_id in games:
            game = kb.games[game_id]
            problems.extend(_ruling_quantities(game))
            if not game.scenarios or not registry.has_engine(game_id):
                continue
            engine = registry.get(game_id)
            for scenario_id, spec in game.scenarios.items():
                problem = scenario_problem(engine, spec)
                if problem is not None:
                    problems.append(Problem(game.scenario_ids[scenario_id], f"scenario {scenario_id!r} {problem}"))
        return problems


def _ruling_quantities(game) -> list[Problem]:
    """A ruling's parameter read as a quantity of the game's vocabulary (engine/<game>/data/vocabulary.yaml)
    names one that exists, so a question's number can reach it."""
    from engine import registry

    if not game.rulings:
        return []
    vocabulary = registry.get(game.id).vocabulary() if registry.has_engine(game.id) else None
    out = []
    for ruling in game.rulings.values():
        for name, param in ruling.params.items():
            if param.quantity and (vocabulary is None or vocabulary.quantity(param.quantity) is None):
                out.append(Problem(ruling.where(), f"{ruling.id}: params.{name}.quantity {param.quantity!r} is not a "
                                                   f"quantity of the {game.id} engine's vocabulary"))
    return out


def scenario_problem(engine, spec: dict) -> str | None:
    """What stops one scenario from being served as a checked example, or None: it cannot be played as
    written; an expectation does not hold (the page would show "not verified"); the situation it sets up is
    not one the engine would accept as a state (engine.api.Engine.check_state_json: a number out of range, a
    name the game does not know, a wrong type anywhere); or the engine cannot narrate it in either language,
    draw it before and after, or give it as JSON (no NaN or Infinity).
    Whatever the engine raises on a scenario's data is this file's problem, never a crash of `ask`."""
    from engine.api import MalformedState
    from engine.errors import IllegalAction
    from engine.scenarios import run

    from app.core.simulator import narrated

    try:
        result = run(engine, spec)
    except Exception as exc:  # noqa: BLE001 - see the docstring
        return f"cannot be played: {_message(exc)}"
    try:
        situation = engine.scenario_setup(spec)
        # the situation it sets up, as strictly as a state read from JSON: every number bounded, every name known
        engine.check_state_json(json.loads(json.dumps(engine.state_to_json(situation.state), allow_nan=False)))
    except MalformedState as exc:
        return f"sets up a situation the engine does not hold: {' '.join(str(exc).split())}"
    except Exception as exc:  # noqa: BLE001 - see the docstring
        return f"cannot be played: {_message(exc)}"
    if not result.verified:
        failed = [c for c in result.checks if not c.ok]
        return "does not verify (an example shown as not verified): " + "; ".join(
            f"{c.description or 'expectation'}: expected {_short(c.expected)}, got {_short(c.actual)}" for c in failed)
    try:
        json.dumps(result.to_json(), allow_nan=False)
        for lang in LANGS:
            json.dumps(narrated(engine, result, spec, lang), allow_nan=False)
        drawings = [engine.picture(situation, lang) for lang in LANGS]   # as the app draws it: before and after
        for raw in spec.get("actions") or []:
            try:
                engine.scenario_step(situation, dict(raw))
            except IllegalAction:
                break
        drawings += [engine.picture(situation, lang) for lang in LANGS]
    except Exception as exc:  # noqa: BLE001 - see the docstring
        return f"cannot be narrated, drawn or given as JSON: {_message(exc)}"
    return None


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _message(exc: Exception) -> str:
    from engine.api import ScenarioError

    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if isinstance(exc, ScenarioError) else f"{text} ({type(exc).__name__})"


ENGINE_SCENARIOS = EngineScenarios()
# what `arbiter kb check` and every load of the served KB add to the KB's own checks: the scenarios played by the
# engines, and the card catalogue checked against them (app/core/catalogue.py)
ENGINE_CHECKS = Checks(ENGINE_SCENARIOS, CARD_CATALOGUE)


def checked_kb(data_root=None, corpus_root=DEFAULT_CORPUS) -> kb_cache.CheckedKB:
    """The knowledge base the app serves: checked as `arbiter kb check` checks it, scenarios and catalogue included."""
    return kb_cache.checked(data_root, corpus_root, extra=ENGINE_CHECKS)


class ScenarioLibrary:
    """The checked KB's scenarios by id."""

    def __init__(self, kb: KnowledgeBase):
        self._specs = {sid: spec for game in kb.games.values() for sid, spec in game.scenarios.items()}
        self._by_game = {gid: list(game.scenarios.values()) for gid, game in kb.games.items()}

    def get(self, scenario_id: str) -> dict | None:
        return self._specs.get(scenario_id)

    def of_game(self, game: str) -> list[dict]:
        """One game's stored scenario specs (the very objects `get` returns)."""
        return list(self._by_game.get(game, ()))

    def __getitem__(self, scenario_id: str) -> dict:
        return self._specs[scenario_id]

    def __contains__(self, scenario_id: str) -> bool:
        return scenario_id in self._specs


def load_scenarios(data_root=None, game: str = "tekhenu") -> dict[str, dict]:
    """One game's scenario specs by id, read from the files as they are now (for `arbiter simulate` and
    the tests: a scenario being written is played before `kb check` passes). Raises kb.yamlio.YamlError
    (file:line) for a file that cannot be read."""
    root = resolve_data_root(data_root)
    folder = root / game / "scenarios"
    scenarios: dict[str, dict] = {}
    for path in sorted(folder.glob("*.yaml")):
        if leaves_folder(path, root):
            raise YamlError(path, None, "a link to a file outside the knowledge-base folder; not read")
        data = load_yaml(path, lines=False)
        if data is not None and not isinstance(data, dict):
            raise YamlError(path, 1, "expected a mapping with a 'scenarios' list")
        items = (data or {}).get("scenarios") or []
        if not isinstance(items, list):
            raise YamlError(path, None, "'scenarios' must be a list")
        for spec in items:
            if not isinstance(spec, dict) or not isinstance(spec.get("id"), str):
                raise YamlError(path, None, f"a scenario without an id: {str(spec)[:80]}")
            scenarios[spec["id"]] = spec
    return scenarios
