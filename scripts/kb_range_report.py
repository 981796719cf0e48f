"""Curation aid: the `kb check` problems that concern one YAML file or one range of corpus lines.

    python scripts/kb_range_report.py --game tekhenu --yaml rules/05-maat.yaml \
        --range tekhenu.ko.txt:290-539 --range tekhenu.en.txt:297-529
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb.check import check_kb  # noqa: E402

_WHERE = re.compile(r"^corpus/(?P<file>[^:]+):(?P<first>\d+)(?:-(?P<last>\d+))?$")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--yaml", action="append", default=[], help="path under kb/data/<game>/")
    parser.add_argument("--range", action="append", default=[], help="file.txt:first-last")
    args = parser.parse_args()
    ranges = []
    for r in args.range:
        name, _, lines = r.partition(":")
        first, _, last = lines.partition("-")
        ranges.append((name, int(first), int(last or first)))
    report = check_kb(games=[args.game])
    shown = 0
    for problem in report.problems:
        keep = any(f"kb/data/{args.game}/{y}" in problem.where for y in args.yaml)
        m = _WHERE.match(problem.where)
        if m:
            first, last = int(m["first"]), int(m["last"] or m["first"])
            keep = keep or any(m["file"] == n and first <= b and last >= a for n, a, b in ranges)
        if keep:
            print(problem)
            shown += 1
    print(f"{shown} problem(s) in the selected files/ranges; {len(report.problems)} in the whole game.")
    return 1 if shown else 0


if __name__ == "__main__":
    sys.exit(main())
