"""Scenarios (kb/data/<game>/scenarios/*.yaml) between the KB and the engines, which know nothing of
each other: the check that plays every scenario with its game's engine (added to `arbiter kb check` and
to every load of the served KB, see kb/kb_cache.py), the served scenarios, and the raw files for
`arbiter simulate` and the tests.

What `ask` and the app play is what was checked: the specs come from the checked KB's record, never
from the files read again later."""
from __future__ import annotations

from pathlib import Path

from kb import kb_cache
from kb.cachefs import sha256
from kb.check import Checks
from kb.corpus import DEFAULT_CORPUS
from kb.fileio import FileReadError, read_bytes
from kb.store import KnowledgeBase, Problem, resolve_data_root
from kb.yamlio import YamlError, load_yaml

from .catalogue import CARD_CATALOGUE

ENGINE_ROOT = Path(__file__).resolve().parents[1] / "engine"


class EngineScenarios:
    """Every scenario of the checked games played by its game's engine, as `ask` plays it: one that
    cannot be set up or played as written (a wrong type, an unknown name, an impossible step) is a
    problem at its file:line. Its result depends on the engines' code and data: they are its inputs."""

    name = "scenarios played by the engines"

    def inputs(self) -> dict[str, str]:
        out = {}
        for path in sorted(ENGINE_ROOT.rglob("*")):
            if path.suffix in (".py", ".yaml") and path.is_file():
                try:
                    out[f"engine/{path.relative_to(ENGINE_ROOT)}"] = sha256(read_bytes(path))
                except FileReadError as exc:
                    out[f"engine/{path.relative_to(ENGINE_ROOT)}"] = f"unreadable: {exc.message}"
        out["app/core/scenario_files.py"] = sha256(Path(__file__).read_bytes())
        return out

    def problems(self, kb: KnowledgeBase, games: list[str]) -> list[Problem]:
        from engine import registry
        from engine.scenarios import run

        problems = []
        for game_id in games:
            game = kb.games[game_id]
            problems.extend(_ruling_quantities(game))
            if not game.scenarios or not registry.has_engine(game_id):
                continue
            engine = registry.get(game_id)
            for scenario_id, spec in game.scenarios.items():
                try:
                    run(engine, spec)
                except Exception as exc:  # noqa: BLE001 - whatever the engine raised, it is this file's problem
                    problems.append(Problem(game.scenario_ids[scenario_id],
                                            f"scenario {scenario_id!r} cannot be played: {_message(exc)}"))
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

    def get(self, scenario_id: str) -> dict | None:
        return self._specs.get(scenario_id)

    def __getitem__(self, scenario_id: str) -> dict:
        return self._specs[scenario_id]

    def __contains__(self, scenario_id: str) -> bool:
        return scenario_id in self._specs


def load_scenarios(data_root=None, game: str = "tekhenu") -> dict[str, dict]:
    """One game's scenario specs by id, read from the files as they are now (for `arbiter simulate` and
    the tests: a scenario being written is played before `kb check` passes). Raises kb.yamlio.YamlError
    (file:line) for a file that cannot be read."""
    folder = resolve_data_root(data_root) / game / "scenarios"
    scenarios: dict[str, dict] = {}
    for path in sorted(folder.glob("*.yaml")):
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
