"""`arbiter simulate`: every scenario in the KB runs with the engine and verifies; the contract holds."""
from __future__ import annotations

import json

from app.cli import main


def test_all_scenarios_verify(capsys):
    code = main(["simulate", "--all", "--json"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0 and len(lines) >= 15
    for result in lines:
        assert set(result) >= {"scenario_id", "rule_ids", "verified", "checks", "before", "actions", "after"}
        assert result["verified"], result
        # the contract's four keys; a check may also carry its Korean wording (description_ko)
        assert result["checks"] and all({"description", "expected", "actual", "ok"} <= set(c)
                                        <= {"description", "description_ko", "expected", "actual", "ok"}
                                        for c in result["checks"])


def test_simulate_one_by_short_or_full_id(capsys):
    assert main(["simulate", "example-17-excess-bread", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["scenario_id"] == "tekhenu/scenario/example-17-excess-bread"
    assert result["before"]["production"]["bread"] == 3 and result["after"]["resources"]["bread"] == 3
    assert result["after"]["scales"]["taint_resources"] == 2


def test_a_wrong_expectation_is_not_verified():
    from engine.tekhenu.scenarios import run

    spec = {"id": "t/wrong", "rules": ["tekhenu/actions/produce/excess-taint"],
            "setup": {"players": 2, "me": {"production": {"bread": 3}},
                      "dice": [{"as": "d1", "color": "brown", "value": 5, "god": "osiris", "light": "shaded"}]},
            "actions": [{"kind": "take_die", "die": "d1"}, {"kind": "perform", "action": "produce", "resource": "bread"}],
            "expect": [{"description": "wrong on purpose", "path": "me.resources.bread", "equals": 5}]}
    result = run(spec)
    assert not result.verified and result.checks[0].actual == 3


def test_unknown_scenario_is_a_clear_error(capsys):
    assert main(["simulate", "no-such-scenario"]) == 2
    assert "no scenario 'no-such-scenario'" in capsys.readouterr().err


def test_every_curated_numeric_or_conditional_rule_has_a_scenario_or_a_reason():
    """scripts/scenario_coverage.py: the curated rules (numbers, table rows, conditions, worked examples)
    each have a scenario, or say why not; `python scripts/scenario_coverage.py` prints the gaps."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scripts" / "scenario_coverage.py"
    spec = importlib.util.spec_from_file_location("scenario_coverage", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    report = module.coverage()
    assert report["unknown"] == [], "curated ids that are not rules"
    assert report["examples_not_curated"] == [], "worked examples missing from the curated list"
    assert report["missing"] == [], "rules that need a scenario"
    assert len(report["covered"]) >= 140


def test_runner_extensions_other_players_state_and_phases():
    """setup.others / setup.state with seat names, phase scoring/final, who/equals_player, turn_position."""
    import pytest

    from engine.tekhenu.scenarios import ScenarioError, run

    spec = {"id": "t/ext", "rules": ["tekhenu/scoring/districts"],
            "setup": {"players": 3, "others": [{"vp": 30}, {"scribes": 9}],
                      "state": {"osiris": {"1,bread": "others.1"}, "osiris_statues": [None, None]}},
            "actions": [{"kind": "phase", "phase": "scoring"}, {"kind": "phase", "phase": "final"}],
            "expect": [{"description": "district to the third player", "event": "score_district", "who": "others.1",
                        "field": "district", "equals": "bread"},
                       {"description": "first in Turn Order", "path": "me.turn_position", "equals": 0},
                       {"description": "winner", "event": "game_over", "field": "winner", "equals_player": "others.0"},
                       {"description": "game over", "path": "state.phase", "equals": "game_over"}]}
    result = run(spec)
    assert result.verified, result.checks
    with pytest.raises(ScenarioError):
        run({"id": "t/bad", "rules": ["x"], "setup": {"state": {"player": []}}})
    with pytest.raises(ScenarioError):
        run({"id": "t/bad", "rules": ["x"], "setup": {"players": 2, "others": [{}, {}]}})
    with pytest.raises(ScenarioError):
        run({"id": "t/bad", "rules": ["x"], "setup": {"players": 2, "draft": ["S99"]}})
    with pytest.raises(ScenarioError):
        run({"id": "t/bad", "rules": ["x"], "actions": [{"kind": "phase", "phase": "lunch"}]})


def test_facts_command_explains_an_assumed_value_and_refuses_an_unknown_one(capsys):
    assert main(["facts", "horus.die_to_god", "--json"]) == 0
    fact = json.loads(capsys.readouterr().out)
    assert fact["source"] == "assumed" and "Example 13" in fact["note"] and fact["value"]["4"] == "hathor"
    assert main(["facts", "--assumed"]) == 0
    out = capsys.readouterr().out
    assert "ASSUMED" in out and "rulebook" not in out.split("\n")[0]
    assert main(["facts", "no.such.fact"]) == 2
    assert "no engine fact" in capsys.readouterr().err

def test_every_scenario_speaks_korean_and_english():
    """Korean users read a check's description_ko and the title's ko: every expect item of every scenario file
    has a non-empty description_ko, every title exactly a non-empty ko and en (a stray key means an unquoted
    comma cut the title short), and a scenario description, if any, both languages."""
    from pathlib import Path

    from kb.yamlio import load_yaml, strip_lines

    root = Path(__file__).resolve().parents[1] / "kb" / "data"
    files = sorted(root.glob("*/scenarios/*.yaml"))
    assert files
    problems = []
    for path in files:
        name = path.relative_to(root).as_posix()
        for spec in (strip_lines(load_yaml(path)) or {}).get("scenarios", []):
            where = f"{name} {spec.get('id')}"
            title = spec.get("title")
            if not (isinstance(title, dict) and set(title) == {"ko", "en"}
                    and all(isinstance(title[lang], str) and title[lang].strip() for lang in ("ko", "en"))):
                problems.append(f"{where}: title needs exactly ko and en, got {title!r}")
            description = spec.get("description")
            if description is not None:
                both = (isinstance(description, dict) and all(str(description.get(lang) or "").strip() for lang in ("ko", "en"))
                        or isinstance(description, str) and str(spec.get("description_ko") or "").strip())
                if not both:
                    problems.append(f"{where}: description needs ko and en")
            for number, item in enumerate(spec.get("expect") or [], 1):
                if not (isinstance(item.get("description_ko"), str) and item["description_ko"].strip()):
                    problems.append(f"{where}: expect item {number} ({item.get('description')!r}) has no description_ko")
    assert not problems, f"{len(problems)} scenario texts lack Korean or English:\n" + "\n".join(problems)


def test_an_event_check_can_match_fields_and_add_a_field_up():
    """`match` keeps the events whose fields hold the values given; `total` adds the field up over them (Imhotep's
    Wrath of the Pharaoh: 8 Statues' 21 less the penalty's 5); a `match` that is no mapping is a ScenarioError."""
    import pytest

    from engine.api import ScenarioError
    from engine.registry import get
    from engine.scenarios import run

    spec = {"id": "imhotep/scenario/t-match-total", "rules": ["imhotep/variant-wrath-of-the-pharaoh/penalty"],
            "setup": {"players": 2, "me": "black", "wrath": True, "black": {"sled": 0, "cards": {"statue": 8}},
                      "white": {"sled": 0}, "pyramid": ["black"], "temple": ["black"],
                      "burial": [["black", "white", "white"]]},
            "actions": [{"kind": "final_scoring"}],
            "expect": [{"description": "statues and penalty", "event": "score", "who": "me",
                        "match": {"reason": ["statues", "wrath"]}, "field": "points", "total": True, "equals": 16},
                       {"description": "the penalty's sites", "event": "score", "who": "me", "match": {"reason": "wrath"},
                        "field": "missing", "equals": ["obelisk"]},
                       {"description": "every score event of mine", "event": "score", "who": "me", "field": "points",
                        "total": True, "equals": 17}]}
    result = run(get("imhotep"), spec)
    assert result.verified, [(c.description, c.expected, c.actual) for c in result.checks]
    spec["expect"] = [{"description": "bad", "event": "score", "match": ["reason"], "field": "points", "equals": 1}]
    with pytest.raises(ScenarioError):
        run(get("imhotep"), spec)
