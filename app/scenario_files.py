"""Reading the scenario files of the KB (kb/data/<game>/scenarios/*.yaml) for the engines' runner."""
from __future__ import annotations

from kb.store import resolve_data_root
from kb.yamlio import load_yaml, strip_lines


def load_scenarios(data_root=None, game: str = "tekhenu") -> dict[str, dict]:
    """One game's scenario specs by id. Raises kb.yamlio.YamlError (file:line) for a malformed file."""
    folder = resolve_data_root(data_root) / game / "scenarios"
    scenarios: dict[str, dict] = {}
    for path in sorted(folder.glob("*.yaml")):
        for spec in (strip_lines(load_yaml(path)) or {}).get("scenarios", []):
            scenarios[spec["id"]] = spec
    return scenarios


def load_all_scenarios(data_root=None, games=()) -> dict[str, dict]:
    """The scenarios of several games, by id (ids carry their game: `<game>/scenario/<name>`)."""
    out: dict[str, dict] = {}
    for game in games:
        out.update(load_scenarios(data_root, game))
    return out
