"""Fit the side reader (app/core/sides.py): which side of a yes/no ruling's claim a question takes.

Training data: the knowledge base's own yes/no rulings (kb/data/*/rulings/), each form of each ruling that has
questions on both sides — `asks` (label 1: its Yes means the claim holds) and `denies` (label 0) — read against
the ruling's claim in the form's language. The rulings are written from the rulebooks, never from evaluation
questions, so no evaluation question is seen.

The model is an L2-penalised logistic regression (the objective scikit-learn's LogisticRegression minimises:
C × the summed log-loss + ½‖w‖², the bias not penalised), fitted by L-BFGS; deterministic. C is chosen by
5-fold cross-validation over rulings (a ruling's forms all in one fold, so a fold's rulings are never seen
while it is measured; folds from a fixed seed). Words seen in fewer than MIN_COUNT training forms are left out
(they carry no weight a held-out ruling could use, and keep the shipped file small).

    .venv/bin/python scripts/train_sides.py [--write]

Measured with it, never fitted on: the settling of the tuning questions (scripts/tune_settle.py chooses the
weight settling gives the model) and, once, the held-out questions (docs/measurements.md)."""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from scipy.optimize import minimize
from scipy.sparse import csr_matrix

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.core.sides import MODEL_FILE, features  # noqa: E402
from kb.store import load_kb  # noqa: E402

SEED = 0
FOLDS = 5
CS = (0.1, 0.3, 1.0, 3.0)
MIN_COUNT = 2


def forms(kb):
    """Each form of each yes/no ruling with both sides, against the claim in its language: (claim, form, label,
    ruling id, language); label 1 for `asks`, 0 for `denies`."""
    for game in kb.games.values():
        for ruling in game.rulings.values():
            if ruling.verdict is None or not ruling.denies.all():
                continue
            for side, label in ((ruling.asks, 1), (ruling.denies, 0)):
                for lang, text in side.all():
                    claim = getattr(ruling.claim, lang, None)
                    if claim:
                        yield claim, text, label, ruling.id, lang


def examples(kb) -> tuple[list[dict], list[int], list[str]]:
    rows, labels, groups = [], [], []
    for claim, text, label, ruling_id, lang in forms(kb):
        rows.append(features(text, lang, claim))
        labels.append(label)
        groups.append(ruling_id)
    return rows, labels, groups


def vocabulary(rows: list[dict]) -> dict[str, int]:
    counts = Counter(k for row in rows for k in row)
    return {k: i for i, k in enumerate(sorted(k for k, n in counts.items() if n >= MIN_COUNT))}


def matrix(rows: list[dict], vocab: dict[str, int]) -> csr_matrix:
    data, cols, ptr = [], [], [0]
    for row in rows:
        for k, v in row.items():
            j = vocab.get(k)
            if j is not None:
                cols.append(j)
                data.append(v)
        ptr.append(len(cols))
    return csr_matrix((np.asarray(data, dtype=np.float64), np.asarray(cols), np.asarray(ptr)),
                      shape=(len(rows), len(vocab)))


def fit(x: csr_matrix, y: np.ndarray, c: float) -> tuple[np.ndarray, float]:
    sign = 2.0 * y - 1.0

    def loss(theta):
        w, b = theta[:-1], theta[-1]
        z = sign * (x @ w + b)
        value = c * np.logaddexp(0.0, -z).sum() + 0.5 * w @ w
        g = -c * sign * (1.0 / (1.0 + np.exp(z)))
        return value, np.concatenate([x.T @ g + w, [g.sum()]])

    result = minimize(loss, np.zeros(x.shape[1] + 1), jac=True, method="L-BFGS-B",
                      options={"maxiter": 5000, "gtol": 1e-7})
    return result.x[:-1], float(result.x[-1])


def cross_validate(rows, labels, groups, c: float) -> np.ndarray:
    rulings = sorted(set(groups))
    order = np.random.default_rng(SEED).permutation(len(rulings))
    fold_of = {rulings[i]: k % FOLDS for k, i in enumerate(order)}
    y = np.asarray(labels, dtype=np.float64)
    prob = np.zeros(len(rows))
    for fold in range(FOLDS):
        train = [i for i, g in enumerate(groups) if fold_of[g] != fold]
        test = [i for i, g in enumerate(groups) if fold_of[g] == fold]
        vocab = vocabulary([rows[i] for i in train])
        w, b = fit(matrix([rows[i] for i in train], vocab), y[train], c)
        prob[test] = 1.0 / (1.0 + np.exp(-(matrix([rows[i] for i in test], vocab) @ w + b)))
    return prob


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true", help=f"write the fitted model to {MODEL_FILE.relative_to(ROOT)}")
    args = ap.parse_args()
    kb = load_kb()
    rows, labels, groups = examples(kb)
    y = np.asarray(labels, dtype=np.float64)
    print(f"{len(rows)} forms of {len(set(groups))} rulings; share on the claim's side {y.mean():.3f}")
    best = None
    for c in CS:
        prob = cross_validate(rows, labels, groups, c)
        accuracy = float(((prob > 0.5) == (y == 1)).mean())
        sure = np.abs(prob - 0.5) > 0.3
        print(f"C={c}: held-out rulings' forms {accuracy:.3f} right; where sure (p<0.2 or >0.8, "
              f"{sure.mean():.2f} of them) {((prob > 0.5) == (y == 1))[sure].mean():.3f}")
        if best is None or accuracy > best[1]:
            best = (c, accuracy)
    c, accuracy = best
    vocab = vocabulary(rows)
    w, b = fit(matrix(rows, vocab), y, c)
    print(f"chosen C={c}; {len(vocab)} features")
    if args.write:
        weights = {k: round(float(w[j]), 5) for k, j in vocab.items() if abs(w[j]) >= 1e-4}
        MODEL_FILE.write_text(json.dumps({
            "about": "app/core/sides.py; fitted by scripts/train_sides.py on the rulings' own forms",
            "c": c, "cross_validated_accuracy": round(accuracy, 4), "forms": len(rows),
            "rulings": len(set(groups)), "bias": round(b, 5), "weights": weights,
        }, ensure_ascii=False, sort_keys=True, indent=0) + "\n", encoding="utf-8")
        print(f"wrote {MODEL_FILE.relative_to(ROOT)} ({len(weights)} weights)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
