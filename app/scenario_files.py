"""Reading the scenario files of the KB (kb/data/<game>/scenarios/*.yaml) for the engines' runner.

Parsed with libyaml (a fresh `arbiter ask` reads the answer's game's scenarios only, and fast); a
malformed file still names its file and line (kb.yamlio.YamlError). `arbiter kb check` validates them
against the rules they link."""
from __future__ import annotations

from pathlib import Path

import yaml

from kb.store import resolve_data_root
from kb.yamlio import YamlError

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _parse(path: Path) -> dict:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise YamlError(path, mark.line + 1 if mark else None, f"not valid YAML ({getattr(exc, 'problem', exc)})") \
            from None
    except (OSError, UnicodeDecodeError) as exc:
        raise YamlError(path, None, f"cannot be read ({exc})") from None
    if data is not None and not isinstance(data, dict):
        raise YamlError(path, 1, "expected a mapping with a 'scenarios' list")
    return data or {}


def load_scenarios(data_root=None, game: str = "tekhenu") -> dict[str, dict]:
    """One game's scenario specs by id. Raises kb.yamlio.YamlError (file:line) for a malformed file."""
    folder = resolve_data_root(data_root) / game / "scenarios"
    scenarios: dict[str, dict] = {}
    for path in sorted(folder.glob("*.yaml")):
        for spec in _parse(path).get("scenarios") or []:
            if not isinstance(spec, dict) or "id" not in spec:
                raise YamlError(path, None, f"a scenario without an id: {str(spec)[:80]}")
            scenarios[spec["id"]] = spec
    return scenarios


class ScenarioLibrary:
    """Scenarios by id, each game's read the first time one of its scenarios is asked for."""

    def __init__(self, data_root=None):
        self.data_root = data_root
        self._games: dict[str, dict] = {}

    def game(self, game: str) -> dict[str, dict]:
        if game not in self._games:
            self._games[game] = load_scenarios(self.data_root, game)
        return self._games[game]

    def get(self, scenario_id: str) -> dict | None:
        return self.game(scenario_id.split("/", 1)[0]).get(scenario_id)

    def __getitem__(self, scenario_id: str) -> dict:
        spec = self.get(scenario_id)
        if spec is None:
            raise KeyError(scenario_id)
        return spec

    def __contains__(self, scenario_id: str) -> bool:
        return self.get(scenario_id) is not None
