"""Fit the out-of-scope model (app/core/scope.py) and measure it.

In scope: the dev and tuning questions, and the KB's held-out player questions (scripts/aid_holdout.py,
searched without their own text in the index). Out of scope: eval/out_of_scope.yaml (nonsense, other
games, small talk, questions these rulebooks do not answer; its unknown-id questions are left to
app/core/printed_ids.py). A logistic model over app/scope.FEATURES (standardised, numpy, L2), then the
threshold: the highest one that declines at most MAX_IN_SCOPE_DECLINED of the in-scope questions.
Measured on sets never used here: eval/out_of_scope_test.yaml and eval/holdout_questions.yaml.

    .venv/bin/python scripts/calibrate_scope.py [--write]
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

from app.core import scope  # noqa: E402
from app.core.question import from_query  # noqa: E402
from kb.search.evaluate import load_questions  # noqa: E402
from kb.search.searcher import Searcher  # noqa: E402
from kb.yamlio import load_yaml, strip_lines  # noqa: E402

MAX_IN_SCOPE_DECLINED = 0.005
DEV = ROOT.parent / "shared" / "eval" / "dev_questions.yaml"


def signals(searcher, question: str) -> np.ndarray:
    result = searcher.search(question, k=20)
    f = scope.features(result, scope.known_words(searcher.index.bm25), from_query(result.read))
    return np.array([f[name] for name in scope.FEATURES])


def out_of_scope(path: Path) -> list[dict]:
    """The file's questions with words to search (the rest never reach the model: no words, no search)."""
    return [q for q in strip_lines(load_yaml(path)) if q.get("kind") != "unknown-id"
            and any(ch.isalnum() for ch in q["q"])]


def fit(X: np.ndarray, y: np.ndarray, l2: float = 0.01, epochs: int = 3000, lr: float = 0.1) -> np.ndarray:
    w = np.zeros(X.shape[1] + 1)
    Xb = np.hstack([X, np.ones((len(X), 1))])
    weight = np.where(y == 1, 0.5 / y.mean(), 0.5 / (1 - y.mean()))   # the two classes count equally
    for _ in range(epochs):
        p = 1 / (1 + np.exp(-(Xb @ w)))
        grad = Xb.T @ ((p - y) * weight) / len(y) + l2 * np.r_[w[:-1], 0]
        w -= lr * grad
    return w


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    searcher = Searcher(progress=False)
    held, aids = holdout_searcher(searcher)
    rng = np.random.default_rng(7)
    aid_sample = [aids[i] for i in rng.choice(len(aids), size=min(600, len(aids)), replace=False)]
    inside = [signals(searcher, q.q) for path in (DEV, ROOT / "eval" / "tuning_questions.yaml")
              for q in load_questions(path)]
    inside += [signals(held, q.q) for q in aid_sample]
    outside = [signals(searcher, q["q"]) for q in out_of_scope(ROOT / "eval" / "out_of_scope.yaml")]
    X = np.array(inside + outside)
    y = np.r_[np.ones(len(inside)), np.zeros(len(outside))]
    mean, scale = X.mean(axis=0), X.std(axis=0) + 1e-9
    w = fit((X - mean) / scale, y)
    model = scope.ScopeModel(dict(zip(scope.FEATURES, mean.tolist())), dict(zip(scope.FEATURES, scale.tolist())),
                             dict(zip(scope.FEATURES, w[:-1].tolist())), float(w[-1]), 0.5)
    p_in = np.array([model.probability(dict(zip(scope.FEATURES, x))) for x in inside])
    p_out = np.array([model.probability(dict(zip(scope.FEATURES, x))) for x in outside])
    threshold = float(np.quantile(p_in, MAX_IN_SCOPE_DECLINED))
    print(f"fitted on {len(inside)} in-scope and {len(outside)} out-of-scope questions")
    print(f"threshold {threshold:.4f}: in-scope declined {np.mean(p_in < threshold):.3f}, "
          f"out-of-scope declined {np.mean(p_out < threshold):.3f}")
    for name, value in zip(scope.FEATURES, w[:-1]):
        print(f"   {name:16} {value:+.3f}")
    test = out_of_scope(ROOT / "eval" / "out_of_scope_test.yaml")
    p_test = np.array([model.probability(dict(zip(scope.FEATURES, signals(searcher, q["q"])))) for q in test])
    hold = load_questions(ROOT / "eval" / "holdout_questions.yaml")
    p_hold = np.array([model.probability(dict(zip(scope.FEATURES, signals(searcher, q.q)))) for q in hold])
    print(f"never seen: out_of_scope_test declined {np.mean(p_test < threshold):.3f} (n={len(test)}, "
          f"unknown ids left to printed_ids), holdout in-scope declined {np.mean(p_hold < threshold):.3f} "
          f"(n={len(hold)})")
    for q, p in zip(test, p_test):
        if p >= threshold:
            print(f"   answered: {q['id']} {q['kind']} {q['q']} (p={p:.3f})")
    for q, p in zip(hold, p_hold):
        if p < threshold:
            print(f"   declined in-scope: {q.id} {q.q} (p={p:.3f})")
    if args.write:
        scope.MODEL_FILE.parent.mkdir(exist_ok=True)
        try:
            saved = json.loads(scope.MODEL_FILE.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            saved = {"models": {}}
        saved["models"][searcher.embedder.name] = {
            "mean": model.mean, "scale": model.scale, "weights": model.weights, "bias": model.bias,
            "threshold": threshold,
            "fitted_on": {"in_scope": len(inside), "out_of_scope": len(outside)},
            "measured": {"in_scope_declined": float(np.mean(p_in < threshold)),
                         "out_of_scope_declined": float(np.mean(p_out < threshold)),
                         "test_out_of_scope_declined": float(np.mean(p_test < threshold)),
                         "holdout_in_scope_declined": float(np.mean(p_hold < threshold))},
        }
        scope.MODEL_FILE.write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {scope.MODEL_FILE}")


if __name__ == "__main__":
    main()
