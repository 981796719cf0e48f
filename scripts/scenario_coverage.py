"""Which numeric or conditional rules (and worked examples) of a game have scenarios, and which do not yet.

    python scripts/scenario_coverage.py [--game tekhenu|imhotep] [--all]

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


# Imhotep: every rule but the story and reading notes; all numeric or conditional, or a worked example.
IMHOTEP: dict[str, str | None] = {
    "imhotep/market-cards/red/use-immediately": None,
    "imhotep/market-cards/green/keep-face-up": None,
    "imhotep/market-cards/green/example": None,
    "imhotep/market-cards/statue/keep-face-up": None,
    "imhotep/market-cards/statue/example": None,
    "imhotep/market-cards/blue/face-up": None,
    "imhotep/market-cards/blue/one-per-turn": None,
    "imhotep/market-cards/blue/from-next-turn": None,
    "imhotep/market-cards/blue/discard": None,
    "imhotep/market-cards/blue/unused-point": None,
    "imhotep/market-cards/blue/independent-action": None,
    "imhotep/market-cards/blue/four-types": None,
    "imhotep/objective/goal": None,
    "imhotep/objective/four-actions": None,
    "imhotep/objective/winner": None,
    "imhotep/components/stones": None,
    "imhotep/components/site-boards": "a component count (5 boards = the 5 sites); the engine's sites are fixed, nothing to play",
    "imhotep/components/scoring-track": "the scoring track is the engine's score numbers; nothing to play",
    "imhotep/components/ships": "8 ship tokens: the engine's ship_sizes fact; which 4 sail is the round card's (setup scenarios)",
    "imhotep/components/supply-sleds": "one sled per colour: the engine's sled numbers; nothing to play",
    "imhotep/components/round-cards": "21 = 3 x 7 round cards: the engine's round_cards facts (checked by tests/test_engine_imhotep.py)",
    "imhotep/components/market-cards": None,
    "imhotep/setup/site-boards": "A side first is a recommendation; the engine's sides option (tests/test_engine_imhotep.py)",
    "imhotep/setup/scoring-track": "placing the track: nothing to play",
    "imhotep/setup/ships": "placing the ship tokens: nothing to play",
    "imhotep/setup/market-deck": None,
    "imhotep/setup/round-cards-seven": None,
    "imhotep/setup/round-cards-by-player-count": "which card comes up is random; tests/test_engine_imhotep.py checks every dealt card belongs to the player count's set",
    "imhotep/setup/remove-one-round-card": None,
    "imhotep/setup/round-card-stack": None,
    "imhotep/setup/player-colors": "players choose their colours; the engine's assumed seat colours (colors fact)",
    "imhotep/setup/quarry": "stones differ only in colour: the stone-conservation property test (tests/test_engine_imhotep_properties.py)",
    "imhotep/setup/score-markers": None,
    "imhotep/setup/start-player": None,
    "imhotep/how-to-play/six-rounds": None,
    "imhotep/round/intro": None,
    "imhotep/round/reveal-round-card": None,
    "imhotep/round/ship-sizes": None,
    "imhotep/round/example-round-card": None,
    "imhotep/round/fill-market": None,
    "imhotep/round/reshuffle": None,
    "imhotep/round/start-turns": "a transition sentence; every scenario plays turns in order",
    "imhotep/turn/one-action": None,
    "imhotep/turn/get-stones/take-three": None,
    "imhotep/turn/get-stones/sled-limit": None,
    "imhotep/turn/get-stones/example-partial": None,
    "imhotep/turn/get-stones/not-allowed": None,
    "imhotep/turn/place-stone/load": None,
    "imhotep/turn/place-stone/which-space": None,
    "imhotep/turn/place-stone/empty-sled": None,
    "imhotep/turn/sail-ship/move": None,
    "imhotep/turn/sail-ship/minimum-load": None,
    "imhotep/turn/sail-ship/empty-harbor": None,
    "imhotep/turn/sail-ship/unload-order": None,
    "imhotep/turn/sail-ship/not-allowed": None,
    "imhotep/turn/sail-ship/site-rules": None,
    "imhotep/turn/sail-ship/no-own-stones-needed": None,
    "imhotep/turn/sail-ship/ship-stays": None,
    "imhotep/turn/sail-ship/one-ship-per-harbor": None,
    "imhotep/turn/sail-ship/example-pyramid": None,
    "imhotep/turn/play-blue-card/one-card": None,
    "imhotep/turn/play-blue-card/discard": None,
    "imhotep/turn/only-one-action": None,
    "imhotep/turn/round-ends-fourth-ship": None,
    "imhotep/turn/one-site-unserved": "follows from 4 ships and one ship per harbor (sail-occupied-harbor); the property tests check 4 docked ships lie at 4 different sites",
    "imhotep/end-of-round/trigger": None,
    "imhotep/end-of-round/temple-scoring": None,
    "imhotep/end-of-round/example-temple": None,
    "imhotep/next-round/return-ships": None,
    "imhotep/next-round/discard-market": None,
    "imhotep/next-round/keep-stones": None,
    "imhotep/next-round/new-start-player": None,
    "imhotep/game-end/after-six-rounds": None,
    "imhotep/game-end/final-scoring": None,
    "imhotep/final-scoring/sites": None,
    "imhotep/final-scoring/green-purple": None,
    "imhotep/final-scoring/unused-blue": None,
    "imhotep/final-scoring/winner": None,
    "imhotep/final-scoring/tie-break": None,
    "imhotep/sites-a/market/overview": None,
    "imhotep/sites-a/market/take-cards": None,
    "imhotep/sites-a/market/stones-to-quarry": None,
    "imhotep/sites-a/market/refill": None,
    "imhotep/sites-a/market/cards-face-up": None,
    "imhotep/sites-a/market/red-cards": None,
    "imhotep/sites-a/market/blue-cards": None,
    "imhotep/sites-a/market/green-purple-cards": None,
    "imhotep/sites-a/market/example": None,
    "imhotep/sites-a/pyramids/overview": None,
    "imhotep/sites-a/pyramids/level-1": None,
    "imhotep/sites-a/pyramids/levels-2-3": None,
    "imhotep/sites-a/pyramids/points": None,
    "imhotep/sites-a/pyramids/after-completion": None,
    "imhotep/sites-a/pyramids/example-complete": None,
    "imhotep/sites-a/temple/overview": None,
    "imhotep/sites-a/temple/placement": None,
    "imhotep/sites-a/temple/spaces-by-player-count": None,
    "imhotep/sites-a/temple/levels": None,
    "imhotep/sites-a/temple/no-height-limit": None,
    "imhotep/sites-a/temple/example": None,
    "imhotep/sites-a/burial-chamber/overview": None,
    "imhotep/sites-a/burial-chamber/placement": None,
    "imhotep/sites-a/burial-chamber/no-limit": None,
    "imhotep/sites-a/burial-chamber/scoring-groups": None,
    "imhotep/sites-a/burial-chamber/over-five": None,
    "imhotep/sites-a/burial-chamber/multiple-groups": None,
    "imhotep/sites-a/burial-chamber/example-placement": None,
    "imhotep/sites-a/burial-chamber/example-scoring": None,
    "imhotep/sites-a/obelisks/overview": None,
    "imhotep/sites-a/obelisks/stacking": None,
    "imhotep/sites-a/obelisks/highest-scores-most": None,
    "imhotep/sites-a/obelisks/at-least-one-stone": None,
    "imhotep/sites-a/obelisks/ties": None,
    "imhotep/sites-a/obelisks/example-unload": None,
    "imhotep/sites-a/obelisks/example-scoring": None,
    "imhotep/sites-b/recommendation": None,
    "imhotep/sites-b/mix-sides": None,
    "imhotep/sites-b/market/except": None,
    "imhotep/sites-b/market/setup": None,
    "imhotep/sites-b/market/take-hidden": None,
    "imhotep/sites-b/market/example": None,
    "imhotep/sites-b/pyramids/except": None,
    "imhotep/sites-b/pyramids/three-pyramids": None,
    "imhotep/sites-b/pyramids/bonus-intro": None,
    "imhotep/sites-b/pyramids/bonus-card": None,
    "imhotep/sites-b/pyramids/bonus-stones": None,
    "imhotep/sites-b/pyramids/bonus-load-stone": None,
    "imhotep/sites-b/pyramids/placement-order": None,
    "imhotep/sites-b/pyramids/level-2": None,
    "imhotep/sites-b/pyramids/after-completion": None,
    "imhotep/sites-b/pyramids/example": None,
    "imhotep/sites-b/temple/except": None,
    "imhotep/sites-b/temple/scoring-change": None,
    "imhotep/sites-b/temple/rewards": None,
    "imhotep/sites-b/temple/example": None,
    "imhotep/sites-b/burial-chamber/except": None,
    "imhotep/sites-b/burial-chamber/row-majority": None,
    "imhotep/sites-b/burial-chamber/per-row": None,
    "imhotep/sites-b/burial-chamber/at-least-one-stone": None,
    "imhotep/sites-b/burial-chamber/no-groups-needed": None,
    "imhotep/sites-b/burial-chamber/ties": None,
    "imhotep/sites-b/burial-chamber/example": None,
    "imhotep/sites-b/obelisks/except": None,
    "imhotep/sites-b/obelisks/small-obelisks": None,
    "imhotep/sites-b/obelisks/holding-space": None,
    "imhotep/sites-b/obelisks/build": None,
    "imhotep/sites-b/obelisks/leftover": None,
    "imhotep/sites-b/obelisks/example": None,
    "imhotep/variant-wrath-of-the-pharaoh/intro": None,
    "imhotep/variant-wrath-of-the-pharaoh/penalty": None,
}

CURATED_BY_GAME = {"tekhenu": CURATED, "imhotep": IMHOTEP}


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
    curated = CURATED_BY_GAME[game]
    for rule_id, reason in curated.items():
        if rule_id not in g.rules:
            out["unknown"].append(rule_id)
        elif by_rule.get(rule_id):
            out["covered"][rule_id] = sorted(by_rule[rule_id])
        elif reason:
            out["gaps"][rule_id] = reason
        else:
            out["missing"].append(rule_id)
    out["examples_not_curated"] = sorted(r.id for r in g.rules.values()
                                         if r.kind == "example" and r.id not in curated and "/solo" not in r.id)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--all", action="store_true", help="also list the covered rules")
    parser.add_argument("--game", default="tekhenu", choices=sorted(CURATED_BY_GAME))
    args = parser.parse_args()
    report = coverage(args.game)
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
          f"{len(report['missing'])} missing, of {len(CURATED_BY_GAME[args.game])} numeric/conditional rules and examples")
    return 1 if report["missing"] or report["unknown"] or report["examples_not_curated"] else 0


if __name__ == "__main__":
    sys.exit(main())
