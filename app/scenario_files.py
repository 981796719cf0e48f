"""Reading the scenario files of the KB (kb/data/<game>/scenarios/*.yaml) for the engine's runner."""
from __future__ import annotations

from kb.store import resolve_data_root
from kb.yamlio import load_yaml, strip_lines


def load_scenarios(data_root=None, game: str = "tekhenu") -> dict[str, dict]:
    """Scenario specs by id. Raises kb.yamlio.YamlError (file:line) for a malformed file."""
    folder = resolve_data_root(data_root) / game / "scenarios"
    scenarios: dict[str, dict] = {}
    for path in sorted(folder.glob("*.yaml")):
        for spec in (strip_lines(load_yaml(path)) or {}).get("scenarios", []):
            scenarios[spec["id"]] = spec
    return scenarios
