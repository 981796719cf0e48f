"""Study the search fusion offline: stage-1 components are computed once per question, then any number of
fusion settings are scored on the same question sets (dev + tuning by default).

    .venv/bin/python scripts/fusion_study.py [--set FILE.yaml ...] [--aids] [--grid]

--aids adds the KB's own held-out player questions (scripts/aid_holdout.py: ~1,600 questions whose
answer is their own entry, taken out of the index first): less noisy than dev or tuning, but written in
the aids' style, so it favours lexical matching; read it beside dev and tuning, never alone.

Weights are only ever chosen here, on whole question sets, never per question (README "Search").
"""
from __future__ import annotations

import argparse
import itertools
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from kb.search.analyzers import detect_lang  # noqa: E402
from kb.search.evaluate import is_correct, load_questions  # noqa: E402
from kb.search.searcher import DEFAULT_PARAMS, Searcher, fuse, validate_query  # noqa: E402

DEFAULT_SETS = [ROOT.parent / "shared" / "eval" / "dev_questions.yaml", ROOT / "eval" / "tuning_questions.yaml"]


def stage_one(searcher: Searcher, questions, correct_fn=None):
    correct_fn = correct_fn or (lambda doc, q: is_correct(doc.game, doc.text, q))
    rows = []
    for q in questions:
        text = validate_query(q.q)
        lang = detect_lang(text)
        terms = searcher.glossary.match(text, lang)
        comp = searcher.components(text, lang, terms, None)
        correct = np.array([correct_fn(d, q) for d in searcher.index.docs])
        rows.append((q, comp, correct))
    return rows


def score(searcher: Searcher, rows, params) -> dict:
    groups: dict[str, list[float]] = {}
    r1 = r5 = 0
    for q, comp, correct in rows:
        fused = fuse(comp, searcher.meta, params)
        order = np.argsort(-fused, kind="stable")[:10]
        rank = next((i + 1 for i, d in enumerate(order) if correct[d] and fused[d] > 0), None)
        rr = 1.0 / rank if rank else 0.0
        groups.setdefault(f"{q.game}/{q.lang}", []).append(rr)
        groups.setdefault("ALL", []).append(rr)
        r1 += rank == 1
        r5 += bool(rank and rank <= 5)
    n = len(rows)
    out = {g: float(np.mean(v)) for g, v in groups.items()}
    out["R@1"], out["R@5"] = r1 / n, r5 / n
    out["worst_group_mrr"] = min(v for g, v in out.items() if "/" in g)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", type=Path, help="question set (repeatable)")
    ap.add_argument("--aids", action="store_true", help="also the held-out search-aid questions")
    ap.add_argument("--grid", action="store_true", help="print a small grid around the defaults")
    args = ap.parse_args()
    searcher = Searcher(progress=False)
    sets = [(path.name, searcher, stage_one(searcher, load_questions(path))) for path in args.set or DEFAULT_SETS]
    if args.aids:
        from aid_holdout import holdout_searcher

        held, questions = holdout_searcher(searcher)
        sets.append(("aids (held out)", held, stage_one(held, questions, lambda d, q: d.id == q.gold_id)))
    for name, searcher, rows in sets:
        base = score(searcher, rows, DEFAULT_PARAMS)
        print(f"{name}: MRR {base['ALL']:.3f} R@1 {base['R@1']:.3f} R@5 {base['R@5']:.3f} "
              f"worst group {base['worst_group_mrr']:.3f}")
        if args.grid:
            for w_dense, score_bm25, score_dense, context in itertools.product(
                    (1.0, 1.5, 2.0), (0.0, 0.05, 0.1), (0.0, 0.1, 0.15, 0.2), (0.05, 0.1, 0.15)):
                p = replace(DEFAULT_PARAMS, w_dense=w_dense, w_score_bm25=score_bm25, w_score_dense=score_dense,
                            context=context)
                s = score(searcher, rows, p)
                print(f"  dense {w_dense} score-bm25 {score_bm25} score-dense {score_dense} context {context}: "
                      f"MRR {s['ALL']:.3f} R@5 {s['R@5']:.3f} worst {s['worst_group_mrr']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
