"""Choose the settling thresholds (app/core/settle.py PARAMS) on the tuning questions — never on the held-out
ones — and report what each choice does.

    python scripts/tune_settle.py [--grid] [--files eval/tuning_questions.yaml eval/cases_tuning.yaml ...]

Every question is answered once; what settling weighed (each candidate ruling's forms against the question,
their words and meaning, the rank of its rule, the question's numbers) is kept, and the decision is replayed
for each setting of the thresholds: a line judged against the referee's verdict (eval/SETTLE.md) is right or
wrong; the objective is right − PENALTY × wrong, because a wrong line on top costs more than a missing one.
`--grid` searches the thresholds; without it the current PARAMS are measured; `--halves` checks that what the grid
finds holds on the half of the questions it was not fitted on (a grid that moves thresholds must pass it). Deterministic: no sampling."""
from __future__ import annotations

import argparse
import pickle
import random
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.core import settle, short_answer  # noqa: E402
from app.core.assistant import Assistant  # noqa: E402
from app.core.evaluate_answers import judge_short  # noqa: E402
from kb.search.evaluate import load_questions  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_FILES = [ROOT / "eval" / "tuning_questions.yaml", ROOT / "eval" / "cases_tuning.yaml",
                 ROOT / "eval" / "disputes_tuning.yaml", *sorted((ROOT / "eval" / "train").glob("*.yaml"))]
DEV = (ROOT.parent / "shared" / "eval" / "dev_questions.yaml", ROOT / "eval" / "dev_settle.yaml")
PENALTY = 8
GRID = {
    "min_score": [0.88, 0.9, 0.92, 0.94, 0.96, 0.98, 1.0, 1.02, 1.05, 1.08],
    "min_dense": [0.8, 0.84, 0.86, 0.88, 0.9, 0.92],
    "margin": [0.0, 0.01, 0.02, 0.03, 0.05, 0.08, 0.1, 0.12],
    "exception_margin": [0.0, 0.01, 0.02, 0.04, 0.08],
    "rival_side_gap": [0.0, 0.02, 0.04, 0.05, 0.06, 0.079],
    "side_margin": [0.0, 0.01, 0.02, 0.04, 0.06, 0.079, 0.08, 0.1, 0.15],
    "dispute_min_score": [0.96, 0.98, 1.0, 1.02, 1.04, 1.06, 1.08, 1.1],
    "lex_weight": [0.2, 0.35, 0.5, 0.7],
    "side_lex_weight": [0.2, 0.35, 0.5, 0.7, 1.0, 1.5],
    "deny_margin": [0.0, 0.02, 0.04, 0.08],
    "number_clash": [0.0, 0.02, 0.04, 0.08],
    "verdict_number_clash": [0.0, 0.02, 0.04, 0.08, 0.2],
    "only_clash": [0.0, 0.03, 0.06],
    "negation_clash": [0.0, 0.02, 0.05],
    "pol_dense": [0.0, 1.0, 2.0, 4.0, 8.0],
    "pol_lex": [0.0, 0.02, 0.05, 0.1, 0.2],
    "pol_max": [0.0, 0.5, 1.0, 2.0],
    "side_model": [0.0, 0.05, 0.1, 0.15, 0.2],
    "side_cross": [0.0, 0.25, 0.5, 0.75, 1.0],
    "scene_allowance": [0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08],
    "scene_form_penalty": [0.0, 0.01, 0.02, 0.03, 0.05, 0.1],
    "computed_bonus": [0.0, 0.005, 0.01, 0.015, 0.02, 0.03],
    "confident": [0.8, 0.85, 0.9, 0.95, 1.01],
    "sure": [0.9, 0.93, 0.95, 0.97, 1.01],
    "sure_allowance": [0.02, 0.04, 0.06, 0.1, 0.15],
    "sum_min_score": [0.9, 0.94, 0.96, 0.98, 1.0, 1.02, 1.04, 1.06, 1.08, 9.0],
    "case_gap": [None, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0],
    "case_slope": [0.0, 0.25, 0.5, 0.75, 1.0],
    "case_fit_allowance": [None, 0.06, 0.1, 0.2],
    "case_floor": [1.0, 2.0, 3.0],
    "case_lead": [3.0, 4.0, 5.0],
}
ROUNDS = 3


def collect(files: list[Path]):
    assistant = Assistant.create()
    rows = []
    real = assistant.settler.weigh

    def recording(*args, **kwargs):
        weighing = real(*args, **kwargs)
        # the side encoder's reading of every yes/no candidate, so that a replay under any thresholds has the
        # readings `decide` would ask it for (it asks only for those that can decide)
        if weighing is not None and weighing.cross_reader is not None:
            weighing.cross_reader(weighing.rulings)
        recording.last = weighing
        return weighing

    assistant.settler.weigh = recording
    questions = []
    for path in files:
        settles = yaml.safe_load(DEV[1].read_text(encoding="utf-8")) if path == DEV[0] else None
        questions += load_questions(path, settles)
    for q in questions:
        if not q.settle:
            continue
        recording.last = None
        result = assistant.answer(q.q, q.game)
        rows.append((q, recording.last, result))
    return assistant, rows


def replay(assistant, rows, params: dict, listing: bool = False) -> dict:
    counts = {"right": 0, "wrong": 0, "none": 0}
    by_type: dict[str, dict] = {}
    for q, weighing, result in rows:
        short = None
        if weighing is not None:
            settled, _ = assistant.settler.conclude(weighing, params)
            if settled is not None:
                short = short_answer.ruled(settled, assistant.kb)
        if short is None and result["answer"] and (result["answer"].get("short") or {}).get("basis") != "ruling":
            short = result["answer"].get("short")
        verdict = judge_short(q.settle, short)
        counts[verdict if verdict in counts else "none"] += 1
        if listing and verdict == "wrong":
            print(f"WRONG {q.id} [{q.settle}] {q.q}")
            print(f"   → {short.get('basis')} {short.get('kind')} verdict={short.get('verdict')} value={short.get('value')} "
                  f"ruling={short.get('ruling_id')} rule={short.get('rule_id')}")
            if weighing is not None and short.get("basis") == "ruling":
                _, matches = settle.decide(weighing, params)
                for m in matches[:3]:
                    print(f"     {m.ruling.id} {m.side} {m.score:.3f} d={m.dense:.3f} l={m.lexical:.2f} gap={m.side_gap:.3f} "
                          f"| {m.form} | {m.ruling.claim.get(q.lang)} → {m.ruling.verdict or m.ruling.kind}")
        row = by_type.setdefault(q.settle["type"], {"n": 0, "right": 0, "wrong": 0})
        row["n"] += 1
        row["right"] += verdict == "right"
        row["wrong"] += verdict == "wrong"
    counts["objective"] = counts["right"] - PENALTY * counts["wrong"]
    counts["by_type"] = by_type
    return counts


def search(assistant, rows, start: dict) -> tuple[dict, dict]:
    """Coordinate ascent from `start`: each threshold in turn over its values, the others held, for a few
    rounds; the best (params, score)."""
    score = replay(assistant, rows, start)
    best = ((score["objective"], score["right"]), dict(start), score)
    for _ in range(ROUNDS):
        for name, values in GRID.items():
            for value in values:
                trial = dict(best[1], **{name: value})
                score = replay(assistant, rows, trial)
                key = (score["objective"], score["right"])
                if key > best[0]:
                    best = (key, trial, score)
    return best[1], best[2]


def halves(assistant, rows) -> None:
    """Whether what the grid finds holds on questions it did not see: the questions split in two halves (a
    Korean/English pair kept together; seed 0), the grid fitted on one and measured on the other, against the
    current thresholds on that same half. A grid that does worse there is fitting its own questions."""
    ids = sorted({q.pair or q.id for q, _, _ in rows})
    random.Random(0).shuffle(ids)
    half = {k: i % 2 for i, k in enumerate(ids)}
    for fold in (0, 1):
        fit = [r for r in rows if half[r[0].pair or r[0].id] != fold]
        held = [r for r in rows if half[r[0].pair or r[0].id] == fold]
        params, _ = search(assistant, fit, dict(settle.PARAMS))
        now, tuned = replay(assistant, held, settle.PARAMS), replay(assistant, held, params)
        changed = {k: params[k] for k in GRID if params[k] != settle.PARAMS[k]}
        print(f"half {fold}: current {now['right']} right / {now['wrong']} wrong (objective {now['objective']}); "
              f"fitted on the other half {tuned['right']} / {tuned['wrong']} ({tuned['objective']}); moved {changed}")


def main() -> int:
    global PENALTY
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", nargs="*", type=Path, default=None)
    ap.add_argument("--grid", action="store_true")
    ap.add_argument("--halves", action="store_true", help="check the grid on half the questions it did not see")
    ap.add_argument("--list", action="store_true", help="print every wrong line under the current PARAMS")
    ap.add_argument("--penalty", type=float, default=None,
                    help=f"what a wrong line costs in right ones (default {PENALTY}); 32 holds wrong lines near 3 %%")
    ap.add_argument("--cache", type=Path, help="keep what was weighed in this file (outside the repository) and "
                                                "replay from it next time: the answers are not asked again")
    args = ap.parse_args()
    if args.penalty is not None:
        PENALTY = args.penalty
    files = args.files or [*DEFAULT_FILES, DEV[0]]
    if args.cache and args.cache.exists():
        assistant = Assistant.create()
        rows = pickle.loads(args.cache.read_bytes())
        # a stored weighing keeps the case reader's scores it was asked for, not the reader: a replay under other
        # thresholds may ask for others
        for q, weighing, _ in rows:
            if weighing is not None:
                weighing.case_reader = (lambda weighed, w=weighing: assistant.settler.cases(
                    w.question.text, w.question.lang, weighed))
    else:
        assistant, rows = collect(files)
        if args.cache:
            try:
                args.cache.write_bytes(pickle.dumps(rows))
            except (TypeError, pickle.PicklingError) as exc:
                print(f"not kept in {args.cache}: {exc}", file=sys.stderr)
    base = replay(assistant, rows, settle.PARAMS, listing=args.list)
    print("current:", {k: v for k, v in base.items() if k != "by_type"}, base["by_type"])
    if args.halves:
        halves(assistant, rows)
    if not args.grid:
        return 0
    params, score = search(assistant, rows, dict(settle.PARAMS))
    print("best:", {k: params[k] for k in GRID}, {k: v for k, v in score.items() if k != "by_type"}, score["by_type"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
