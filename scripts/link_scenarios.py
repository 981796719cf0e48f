"""Maintenance: write each scenario's id into the `scenarios:` list of the rules it demonstrates.

Scenarios (kb/data/<game>/scenarios/*.yaml) name their rules; `arbiter kb check` requires the rules to
name them back. This edits the rule YAML in place (one flow-style line per rule), keeping everything else.

    python scripts/link_scenarios.py [--game tekhenu]
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="tekhenu")
    args = parser.parse_args()
    game_dir = ROOT / "kb" / "data" / args.game
    wanted: dict[str, list[str]] = {}
    for path in sorted((game_dir / "scenarios").glob("*.yaml")):
        for scenario in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("scenarios", []):
            for rule_id in scenario.get("rules", []):
                wanted.setdefault(rule_id, []).append(scenario["id"])
    changed = 0
    for path in sorted(game_dir.rglob("*.yaml")):
        parts = path.relative_to(game_dir).parts    # (not the checkout's own path, which may say "scenarios")
        if "scenarios" in parts or "search" in parts:
            continue
        lines = path.read_text(encoding="utf-8").split("\n")
        out, i = [], 0
        while i < len(lines):
            line = lines[i]
            out.append(line)
            match = re.match(r"^  - id: (\S+)\s*$", line)
            if match and match.group(1) in wanted:
                # drop an existing scenarios line of this entry; write the full list after the id
                j = i + 1
                while j < len(lines) and not lines[j].startswith("  - ") and lines[j].strip() != "":
                    if lines[j].startswith("    scenarios:"):
                        del lines[j]
                        continue
                    j += 1
                out.append(f"    scenarios: [{', '.join(sorted(set(wanted[match.group(1)])))}]")
                changed += 1
            i += 1
        path.write_text("\n".join(out), encoding="utf-8")
    print(f"linked {changed} rule(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
