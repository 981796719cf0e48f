"""Fit the answer-selection weights (app/core/selection.py) and measure them.

Training questions: eval/train/*.yaml, player questions with gold snippets written from the rulebooks
for this purpose only, asked with their game. (The KB's held-out search aids, scripts/aid_holdout.py,
were tried as training lists too — cross-fitted, each aid's features computed without that aid: their
answers spread evenly over every entry, cards and examples included, unlike players' questions, and
every share of them lowered the training set's cross-validated accuracy and the held-out set's.)

The model is a linear listwise softmax over each question's top candidates, every candidate holding a
gold snippet counting as right, fitted by L-BFGS on standardised features with an L2 penalty. The L2
weight is chosen by 5-fold cross-validation on the training questions alone (fixed seed), so nothing
outside the training set decides anything. Measured, never trained on: the dev set
(../shared/eval/dev_questions.yaml), the tuning set (eval/tuning_questions.yaml) and the held-out set
(eval/holdout_questions.yaml), with the game given, answer-is-rule before (search order and the shipped
weights) and after.

    .venv/bin/python scripts/train_selection.py [--write] [--l2 X] [--holdout]
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.core import selection  # noqa: E402
from app.core.printed_ids import PrintedIds  # noqa: E402
from app.core.question import from_query  # noqa: E402
from kb.search.evaluate import is_correct, load_questions  # noqa: E402
from kb.search.searcher import Searcher  # noqa: E402
from kb.store import load_kb  # noqa: E402

DEV = ROOT.parent / "shared" / "eval" / "dev_questions.yaml"
TUNING = ROOT / "eval" / "tuning_questions.yaml"
HOLDOUT = ROOT / "eval" / "holdout_questions.yaml"
TRAIN = sorted((ROOT / "eval" / "train").glob("*.yaml"))
L2_GRID = (0.003, 0.01, 0.03, 0.1, 0.3)
SEED = 0
FOLDS = 5


def lists_from_gold(searcher, questions):
    printed = PrintedIds(load_kb())     # the printed ids a question names, read as the assistant reads them
    data = []
    for q in questions:
        result = searcher.search(q.q, game=q.game, k=20)
        cands = [h for h in result.hits if h.doc.game == q.game][:selection.DEPTH]
        good = [is_correct(h.doc.game, h.doc.text, q) for h in cands]
        question = from_query(result.read, q.game, printed.mentions(q.q))
        X = selection.candidate_features(result, cands, searcher.index, question) if cands else None
        data.append((X, good, q.game, q.lang, q.pair or q.id))
    return data


def fit(data, l2: float) -> np.ndarray:
    """Maximise the log-probability of the right candidates (softmax over each list) on standardised
    features, L2 towards 0; returned in the raw features' scale (a score is X @ w)."""
    lists = [(X, np.array(good, dtype=float)) for X, good, *_ in data
             if X is not None and len(good) >= 2 and any(good) and not all(good)]
    stacked = np.vstack([X for X, _ in lists])
    mu, sd = stacked.mean(0), stacked.std(0) + 1e-9
    Z = [((X - mu) / sd, good) for X, good in lists]

    def loss(w):
        value, grad = 0.5 * l2 * w @ w, l2 * w
        for X, good in Z:
            s = X @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            right = (p * good).sum()
            value -= np.log(right) / len(Z)
            grad += X.T @ (p - p * good / right) / len(Z)
        return value, grad

    res = minimize(loss, np.zeros(stacked.shape[1]), jac=True, method="L-BFGS-B", options={"maxiter": 500})
    return res.x / sd


def top1(data, w) -> dict:
    groups: dict[str, list[bool]] = {}
    for X, good, game, lang, _ in data:
        ok = bool(good) and X is not None and (good[int(np.argmax(X @ w))] if w is not None else good[0])
        groups.setdefault(f"{game}/{lang}", []).append(ok)
        groups.setdefault("ALL", []).append(ok)
    return {k: round(sum(v) / len(v), 3) for k, v in sorted(groups.items())}


def cross_validated(data, l2: float) -> float:
    # a Korean question and its English pair ask the same case: they fall in the same fold, or the held-out
    # fold would be measured on a question whose translation was trained on
    pairs = sorted({d[4] for d in data})
    fold_of = dict(zip(pairs, np.random.RandomState(SEED).permutation(len(pairs)) % FOLDS))
    folds = np.array([fold_of[d[4]] for d in data])
    right = 0.0
    for f in range(FOLDS):
        w = fit([d for d, k in zip(data, folds) if k != f], l2)
        held = [d for d, k in zip(data, folds) if k == f]
        right += top1(held, w)["ALL"] * len(held)
    return right / len(data)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--write", action="store_true", help="write app/core/data/selection.json")
    parser.add_argument("--l2", type=float, default=None, help="L2 weight (default: chosen by cross-validation)")
    parser.add_argument("--holdout", action="store_true", help="also measure the held-out set (only for the final report)")
    args = parser.parse_args()
    searcher = Searcher(progress=False)
    train = [item for path in TRAIN for item in lists_from_gold(searcher, load_questions(path))]
    cv = {l2: round(cross_validated(train, l2), 3) for l2 in ([args.l2] if args.l2 else L2_GRID)}
    l2 = max(cv, key=lambda k: (cv[k], k))
    print(f"training: {len(train)} questions; 5-fold cross-validated answer-is-rule by L2 {cv} → L2 {l2}")
    w = fit(train, l2)
    print(f"training (in-sample): search order {top1(train, None)['ALL']:.3f} → {top1(train, w)['ALL']:.3f}")
    try:
        shipped = selection.load_weights()
    except ValueError:
        shipped = None                       # fitted for other features
    report = {}
    # the held-out set only on request: its per-game lines are easy to read while looking at dev and tuning, and
    # nothing may be decided on them (measure it once, at the end, with `arbiter eval answer`)
    sets = (("dev", DEV), ("tuning", TUNING)) + ((("holdout", HOLDOUT),) if args.holdout else ())
    for name, path in sets:
        data = lists_from_gold(searcher, load_questions(path))
        before, after = top1(data, None), top1(data, w)
        was = top1(data, shipped) if shipped is not None else None
        report[name] = {"search_order": before["ALL"], "selected": after["ALL"]}
        print(f"{name}: answer-is-rule search order {before['ALL']:.3f}"
              + (f", shipped weights {was['ALL']:.3f}" if was else "") + f" → {after['ALL']:.3f}")
        for key in before:
            if key != "ALL":
                print(f"   {key:30} {before[key]:.3f}" + (f" {was[key]:.3f}" if was else "") + f" → {after[key]:.3f}")
    for f, v in sorted(zip(selection.FEATURES, w), key=lambda x: -abs(x[1]))[:15]:
        print(f"   {f:22} {v:+.3f}")
    if args.write:
        selection.MODEL_FILE.parent.mkdir(exist_ok=True)
        selection.MODEL_FILE.write_text(json.dumps({
            "features": list(selection.FEATURES), "weights": [round(float(x), 6) for x in w],
            "trained_on": f"{len(train)} questions of eval/train/, game given",
            "l2": l2, "cross_validated": {str(k): v for k, v in cv.items()},
            "measured_answer_is_rule": report}, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {selection.MODEL_FILE}")


if __name__ == "__main__":
    main()
