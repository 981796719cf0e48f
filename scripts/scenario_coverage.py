"""Which numeric or conditional Tekhenu rules (and worked examples) have scenarios, and which do not yet.

    python scripts/scenario_coverage.py [--all]

CURATED lists the rules that state a number, a table row or a condition an engine can check, plus every
worked example. A rule maps to None when it must have a scenario (tests/test_scenarios.py enforces it), or
to the reason it has none yet (a picture without caption text, an engine gap, another engineer's area).
The report prints the gaps; --all also prints the covered rules. Solo rules (07-solo) and cards are
outside this list: their scenarios belong to the solo and card-effect work.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

PICTURE = "picture only: the figure was lost in extraction and there is no caption text to take an expectation from"

CURATED: dict[str, str | None] = {
    # setup
    "tekhenu/setup/draw-bag": None,
    "tekhenu/setup/initial-dice": None,
    "tekhenu/setup/scoring-markers": None,
    "tekhenu/setup/pillar-tiles": None,
    "tekhenu/setup/gold-on-board": None,
    "tekhenu/setup/player-buildings": None,
    "tekhenu/setup/player-statues": None,
    "tekhenu/setup/production-markers": None,
    "tekhenu/setup/pillars": None,
    "tekhenu/setup/vp-marker": None,
    "tekhenu/setup/populace-markers": None,
    "tekhenu/setup/starting-gold-scribe": None,
    "tekhenu/setup/starting-resources": None,
    "tekhenu/setup/card-decks": None,
    "tekhenu/setup/card-market-first-section": None,
    "tekhenu/setup/card-market-second-section": None,
    "tekhenu/setup/card-market-empty-sections": None,
    "tekhenu/setup/decrees": None,
    "tekhenu/setup/starting-destiny-cards": "the 5/7/9 cards offered are gone once setup ends; scenarios start after setup",
    "tekhenu/setup/draft-starting-cards": None,
    "tekhenu/setup/initial-turn-order": None,
    # dice, round, rotation
    "tekhenu/key-concept-dice/color-table": None,
    "tekhenu/key-concept-dice/white-dice": None,
    "tekhenu/key-concept-dice/black-dice": None,
    "tekhenu/key-concept-dice/yellow-brown-dice": None,
    "tekhenu/key-concept-dice/gray-dice": None,
    "tekhenu/key-concept-dice/shaded-never-forbidden": None,
    "tekhenu/key-concept-dice/example-1": PICTURE,
    "tekhenu/key-concept-dice/example-2": PICTURE,
    "tekhenu/key-concept-dice/example-3": PICTURE,
    "tekhenu/key-concept-dice/example-4": PICTURE,
    "tekhenu/structure/pattern": None,
    "tekhenu/structure/totals": None,
    "tekhenu/round/take-die": None,
    "tekhenu/round/place-on-scales": None,
    "tekhenu/round/god-action": None,
    "tekhenu/round/gray-no-production": None,
    "tekhenu/round/after-action/last-in-turn-order": None,
    "tekhenu/round/after-action/not-last": None,
    "tekhenu/rotation/timing": None,
    "tekhenu/rotation/step-1-rotate-wheel": None,
    "tekhenu/rotation/step-2-maat-phase": None,
    "tekhenu/rotation/step-3-add-dice": None,
    "tekhenu/rotation/step-4-adjust-rows": "the engine derives each die's row from the light; there is no row state to check",
    "tekhenu/rotation/example-5": PICTURE,
    # Maat
    "tekhenu/maat/timing": None,
    "tekhenu/maat/step-1-balance": None,
    "tekhenu/maat/step-1a-dice": None,
    "tekhenu/maat/step-1b-resources": None,
    "tekhenu/maat/example-6": None,
    "tekhenu/maat/step-2-faith": None,
    "tekhenu/maat/step-2a-faith-value": None,
    "tekhenu/maat/example-7": None,
    "tekhenu/maat/step-3-maat-track": None,
    "tekhenu/maat/step-4-vp-loss": None,
    "tekhenu/maat/vp-loss-table": None,
    "tekhenu/maat/no-loss-non-negative": None,
    "tekhenu/maat/vp-floor": None,
    "tekhenu/maat/step-5-turn-order": None,
    "tekhenu/maat/tie-break": None,
    "tekhenu/maat/scoring-trigger": None,
    "tekhenu/maat/step-7-cleanup": None,
    "tekhenu/maat/step-8-destiny": None,
    "tekhenu/maat/step-9-continue-rotation": None,
    # Scoring and after
    "tekhenu/scoring/timing": None,
    "tekhenu/scoring/districts": None,
    "tekhenu/scoring/districts-statues-note": None,
    "tekhenu/scoring/temple-buildings": None,
    "tekhenu/scoring/temple-pillars": None,
    "tekhenu/scoring/example-8": None,
    "tekhenu/scoring/example-9": None,
    "tekhenu/scoring/statues": None,
    "tekhenu/scoring/happiness": None,
    "tekhenu/scoring/happiness-not-cumulative": None,
    "tekhenu/scoring/production": None,
    "tekhenu/scoring/building-row-vp": None,
    "tekhenu/scoring/bread-upkeep": None,
    "tekhenu/scoring/vp-floor": None,
    "tekhenu/scoring/after-scoring/remove-marker": None,
    "tekhenu/scoring/after-scoring/decrees": None,
    "tekhenu/scoring/after-scoring/example-10": None,
    "tekhenu/scoring/after-scoring/turn-order-bonus": None,
    "tekhenu/scoring/after-scoring/winner": None,
    "tekhenu/scoring/after-scoring/not-final": None,
    # Scribes, Anubis, spending, limits
    "tekhenu/actions/scribes/adjust-die": None,
    "tekhenu/actions/scribes/no-wrap": None,
    "tekhenu/actions/scribes/example-11": PICTURE,
    "tekhenu/actions/scribes/anubis": None,
    "tekhenu/actions/scribes/anubis-die-below-scales": None,
    "tekhenu/actions/scribes/example-12": PICTURE,
    "tekhenu/actions/scribes/combine": None,
    "tekhenu/actions/spending-resources/gold-wild": None,
    "tekhenu/actions/spending-resources/cannot-afford": None,
    "tekhenu/actions/component-limits/limited-pieces": None,
    # Horus
    "tekhenu/actions/horus/build-statue": None,
    "tekhenu/actions/horus/left-to-right": "only the assumed printed Granite costs would show the order; no text value",
    "tekhenu/actions/horus/statue-for-god/spaces-player-count": None,
    "tekhenu/actions/horus/statue-for-god/die-chooses-god": None,
    "tekhenu/actions/horus/statue-for-god/bonus-when-others-act": None,
    "tekhenu/actions/horus/statue-for-god/example-13": None,
    "tekhenu/actions/horus/statue-bonus-player-count": None,
    "tekhenu/actions/horus/statue-for-god/same-god-no-extra": None,
    "tekhenu/actions/horus/statue-for-people/spaces": None,
    "tekhenu/actions/horus/statue-for-people/place-and-gold": None,
    "tekhenu/actions/horus/statue-for-people/temple-complex-pillars": None,
    # Ra
    "tekhenu/actions/ra/pillar-tile-choice": None,
    "tekhenu/actions/ra/pay-and-place-tile": None,
    "tekhenu/actions/ra/step-1-buildings": None,
    "tekhenu/actions/ra/step-2-edge-colors": None,
    "tekhenu/actions/ra/corner-double": None,
    "tekhenu/actions/ra/step-3-space-reward": None,
    "tekhenu/actions/ra/step-4-space-vp": None,
    "tekhenu/actions/ra/step-5-ability": None,
    "tekhenu/actions/ra/example-15": None,
    "tekhenu/actions/ra/step-6-place-pillar": None,
    "tekhenu/actions/ra/step-7-refill": None,
    "tekhenu/actions/ra/example-14": None,
    # Hathor and the Card Market sections
    "tekhenu/actions/hathor/building-cost": None,
    "tekhenu/actions/hathor/spaces-player-count": None,
    "tekhenu/actions/hathor/ignore-board-symbols": None,
    "tekhenu/actions/hathor/step-1-own-pillar": None,
    "tekhenu/actions/hathor/step-2-empty-space": None,
    "tekhenu/actions/hathor/exactly-one-note": None,
    "tekhenu/actions/hathor/step-3-population": None,
    "tekhenu/actions/card-market-sections/third-section-at-9": None,
    "tekhenu/actions/card-market-sections/fourth-section-at-13": None,
    # Bastet
    "tekhenu/actions/bastet/advance-happiness": None,
    "tekhenu/actions/bastet/happiness-cap": None,
    "tekhenu/actions/bastet/example-16": None,
    "tekhenu/actions/bastet/scribe-reward": None,
    "tekhenu/actions/bastet/scribe-reward-3-4": None,
    "tekhenu/actions/bastet/happiness-16-gold": None,
    "tekhenu/actions/bastet/happiness-19-scribe": None,
    "tekhenu/actions/bastet/happiness-21-extra-action": None,
    # Thoth
    "tekhenu/actions/thoth/card-count": None,
    "tekhenu/actions/thoth/market-sections-by-happiness": None,
    "tekhenu/actions/thoth/card-count-1-2": None,
    "tekhenu/actions/thoth/card-count-3-4": None,
    "tekhenu/actions/thoth/card-count-5-6": None,
    "tekhenu/actions/thoth/same-section": None,
    "tekhenu/actions/thoth/refresh-section": None,
    "tekhenu/actions/thoth/refill-market": None,
    # Osiris
    "tekhenu/actions/osiris/happiness-cost": None,
    "tekhenu/actions/osiris/row-by-die": None,
    "tekhenu/actions/osiris/cannot-perform": None,
    "tekhenu/actions/osiris/place-building": None,
    "tekhenu/actions/osiris/ignore-board-symbols": None,
    "tekhenu/actions/osiris/row-1": None,
    "tekhenu/actions/osiris/row-2": None,
    "tekhenu/actions/osiris/row-3": None,
    "tekhenu/actions/osiris/row-4": None,
    "tekhenu/actions/osiris/row-5": None,
    "tekhenu/actions/osiris/row-6": None,
    # Produce Resources
    "tekhenu/actions/produce/gray-dice": None,
    "tekhenu/actions/produce/take-and-compare": None,
    "tekhenu/actions/produce/excess-taint": None,
    "tekhenu/actions/produce/scales-unspendable": None,
    "tekhenu/actions/produce/example-17": None,
    "tekhenu/actions/produce/example-18": None,
}


def coverage(game: str = "tekhenu") -> dict:
    """{"covered": {rule: [scenario ids]}, "gaps": {rule: reason}, "missing": [rules needing one],
    "unknown": [curated ids that are not rules], "examples_not_curated": [...]}"""
    from kb.store import load_kb

    kb = load_kb(games=[game])
    g = kb.games[game]
    by_rule: dict[str, list[str]] = {}
    for scenario, rules in g.scenario_rules.items():
        for rule in rules:
            by_rule.setdefault(rule, []).append(scenario)
    out = {"covered": {}, "gaps": {}, "missing": [], "unknown": [], "examples_not_curated": []}
    for rule_id, reason in CURATED.items():
        if rule_id not in g.rules:
            out["unknown"].append(rule_id)
        elif by_rule.get(rule_id):
            out["covered"][rule_id] = sorted(by_rule[rule_id])
        elif reason:
            out["gaps"][rule_id] = reason
        else:
            out["missing"].append(rule_id)
    out["examples_not_curated"] = sorted(r.id for r in g.rules.values()
                                         if r.kind == "example" and r.id not in CURATED and "/solo" not in r.id)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--all", action="store_true", help="also list the covered rules")
    args = parser.parse_args()
    report = coverage()
    if args.all:
        for rule, scenarios in report["covered"].items():
            print(f"covered  {rule}: {', '.join(s.rsplit('/', 1)[-1] for s in scenarios)}")
    for rule, reason in report["gaps"].items():
        print(f"no scenario  {rule}: {reason}")
    for rule in report["missing"]:
        print(f"MISSING  {rule}: needs a scenario")
    for rule in report["unknown"]:
        print(f"UNKNOWN  {rule}: not a rule id")
    for rule in report["examples_not_curated"]:
        print(f"NOT CURATED  {rule}: a worked example missing from CURATED")
    print(f"{len(report['covered'])} covered, {len(report['gaps'])} without a scenario (with a reason), "
          f"{len(report['missing'])} missing, of {len(CURATED)} numeric/conditional rules and examples")
    return 1 if report["missing"] or report["unknown"] or report["examples_not_curated"] else 0


if __name__ == "__main__":
    sys.exit(main())
