"""Fit the answer-selection weights (app/selection.py) and measure them.

Training questions: the KB's held-out player questions (scripts/aid_holdout.py: the third and later
search aids, taken out of the index; each one's answer is its own rule), asked with their game. The
model is a linear listwise softmax over each question's top candidates (numpy, L2-regularised).
Measured, never trained on: the dev set (../shared/eval/dev_questions.yaml) and the tuning set
(eval/tuning_questions.yaml), with the game given, answer-is-rule before and after.

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

from aid_holdout import holdout_searcher  # noqa: E402

from app import selection  # noqa: E402
from kb.search.evaluate import is_correct, load_questions  # noqa: E402
from kb.search.searcher import Searcher  # noqa: E402

DEV = ROOT.parent / "shared" / "eval" / "dev_questions.yaml"
TUNING = ROOT / "eval" / "tuning_questions.yaml"


def lists_from_aids(searcher, questions):
    data = []
    for q in questions:
        result = searcher.search(q.q, game=q.game, k=20)
        cands = [h for h in result.hits if h.doc.game == q.game][:selection.DEPTH]
        gold = [i for i, h in enumerate(cands) if h.doc.id == q.gold_id]
        if len(cands) >= 2 and gold:
            X = selection.candidate_features(result, cands, searcher.index.part_tokens, q.q, q.lang)
            data.append((X, gold[0], q.game, q.lang))
    return data


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
    w = np.zeros(len(selection.FEATURES))
    w[selection.FEATURES.index("score_rel")] = 1.0       # start from search order
    for _ in range(epochs):
        grad = l2 * w
        for X, y, *_ in data:
            s = X @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            grad += (X.T @ p - X[y]) / len(data)
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
    parser.add_argument("--l2", type=float, default=0.01)
    args = parser.parse_args()
    searcher = Searcher(progress=False)
    held, aids = holdout_searcher(searcher)
    train = lists_from_aids(held, aids)
    w = fit(train, args.l2)
    aid_acc = np.mean([int(np.argmax(X @ w)) == y for X, y, *_ in train])
    aid_base = np.mean([y == 0 for X, y, *_ in train])
    print(f"aid hold-out lists: {len(train)}; top-1 search order {aid_base:.3f} → fitted {aid_acc:.3f}")
    report = {}
    for name, path in (("dev", DEV), ("tuning", TUNING)):
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
            "trained_on": f"{len(train)} held-out aid questions (scripts/aid_holdout.py), game given",
            "l2": args.l2, "measured_answer_is_rule": report}, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {selection.MODEL_FILE}")


if __name__ == "__main__":
    main()
