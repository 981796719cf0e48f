"""Fit the answer-selection weights (app/selection.py) and measure them.

Training questions: eval/train/*.yaml, player questions with gold snippets written from the rulebooks
for this purpose only, asked with their game. (The KB's held-out search aids, scripts/aid_holdout.py,
were tried first: their answers are spread evenly over every entry, cards and examples included, unlike
players' questions, and a model fitted on them lowered dev and tuning.) The model is a linear listwise
softmax over each question's top candidates (numpy, L2-regularised), every candidate holding a gold
snippet counting as right. Measured, never trained on: the dev set (../shared/eval/dev_questions.yaml),
the tuning set (eval/tuning_questions.yaml) and the held-out set (eval/holdout_questions.yaml), with
the game given, answer-is-rule before and after.

    .venv/bin/python scripts/train_selection.py [--write] [--l2 0.01]
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from app import selection  # noqa: E402
from kb.search.evaluate import is_correct, load_questions  # noqa: E402
from kb.search.searcher import Searcher  # noqa: E402

DEV = ROOT.parent / "shared" / "eval" / "dev_questions.yaml"
TUNING = ROOT / "eval" / "tuning_questions.yaml"
HOLDOUT = ROOT / "eval" / "holdout_questions.yaml"
TRAIN = sorted((ROOT / "eval" / "train").glob("*.yaml"))


def lists_from_gold(searcher, questions):
    data = []
    for q in questions:
        result = searcher.search(q.q, game=q.game, k=20)
        cands = [h for h in result.hits if h.doc.game == q.game][:selection.DEPTH]
        good = [is_correct(h.doc.game, h.doc.text, q) for h in cands]
        X = selection.candidate_features(result, cands, searcher.index.part_tokens, q.q, q.lang) if cands else None
        data.append((X, good, q.game, q.lang))
    return data


def fit(data, l2: float, epochs: int = 400, lr: float = 0.5) -> np.ndarray:
    """Maximise the probability of the right candidates (softmax over each list), L2 towards 0."""
    lists = [(X, np.array(good, dtype=float)) for X, good, *_ in data
             if X is not None and len(good) >= 2 and any(good) and not all(good)]
    w = np.zeros(len(selection.FEATURES))
    w[selection.FEATURES.index("score_rel")] = 1.0       # start from search order
    for _ in range(epochs):
        grad = l2 * w
        for X, good in lists:
            s = X @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            q = p * good / (p * good).sum()              # the right ones, as the model weighs them
            grad += (X.T @ p - X.T @ q) / len(lists)
        w -= lr * grad
    return w


def top1(data, w) -> dict:
    groups: dict[str, list[bool]] = {}
    for X, good, game, lang in data:
        if X is None:
            ok = False
        elif w is None:
            ok = good[0]
        else:
            s = X @ w
            ok = good[int(np.argmax(s))]
        groups.setdefault(f"{game}/{lang}", []).append(ok)
        groups.setdefault("ALL", []).append(ok)
    return {k: round(sum(v) / len(v), 3) for k, v in sorted(groups.items())}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--write", action="store_true", help="write app/data/selection.json")
    parser.add_argument("--l2", type=float, default=0.001,
                        help="L2 weight; 0.001 is the largest with the best tuning-set score (0.01: 0.894, 0.1: 0.875)")
    args = parser.parse_args()
    searcher = Searcher(progress=False)
    train = [item for path in TRAIN for item in lists_from_gold(searcher, load_questions(path))]
    w = fit(train, args.l2)
    print(f"training: {len(train)} questions; answer-is-rule {top1(train, None)['ALL']:.3f} → {top1(train, w)['ALL']:.3f}")
    report = {}
    for name, path in (("dev", DEV), ("tuning", TUNING), ("holdout", HOLDOUT)):
        data = lists_from_gold(searcher, load_questions(path))
        before, after = top1(data, None), top1(data, w)
        report[name] = {"search_order": before["ALL"], "selected": after["ALL"]}
        print(f"{name}: answer-is-rule {before['ALL']:.3f} → {after['ALL']:.3f}")
        for key in before:
            if key != "ALL":
                print(f"   {key:30} {before[key]:.3f} → {after[key]:.3f}")
    for f, v in sorted(zip(selection.FEATURES, w), key=lambda x: -abs(x[1])):
        print(f"   {f:22} {v:+.3f}")
    if args.write:
        selection.MODEL_FILE.parent.mkdir(exist_ok=True)
        selection.MODEL_FILE.write_text(json.dumps({
            "features": list(selection.FEATURES), "weights": [round(float(x), 5) for x in w],
            "trained_on": f"{len(train)} questions of eval/train/, game given",
            "l2": args.l2, "measured_answer_is_rule": report}, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {selection.MODEL_FILE}")


if __name__ == "__main__":
    main()
