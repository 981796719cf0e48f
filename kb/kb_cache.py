"""The loaded knowledge base, pickled in the cache folder, so that a fresh process (`arbiter ask`, the
app's first question) skips parsing and validating every YAML file (measured here: 0.5–1.2 s → 0.06 s).

Keyed like the search index: a hash of every data file (scenario files included: they link to rules),
the corpus files, the data folder, and the code that shapes the loaded objects. Any change gives a new
key and exactly one fresh load; a cache that cannot be read is ignored and rewritten. Only a knowledge
base that loaded without problems is kept: `load_kb` still raises on a broken one, every time.
`arbiter kb check` never uses this: it validates the files themselves.
"""
from __future__ import annotations

import hashlib
import pickle
import sys
from pathlib import Path

import pydantic

from .corpus import DEFAULT_CORPUS, load_corpus
from .store import KnowledgeBase, load_kb, resolve_data_root

# the modules whose classes are pickled: a change to any of them makes old pickles unusable
_CODE = ("models.py", "store.py", "corpus.py")


def kb_key(data_root: Path, corpus_root: Path) -> str:
    digest = hashlib.sha256()
    digest.update(f"python={sys.version_info[:2]};pydantic={pydantic.VERSION};data={data_root}\n".encode())
    for name in _CODE:
        digest.update((Path(__file__).parent / name).read_bytes())
    for folder in (data_root, corpus_root):
        for path in sorted(p for p in Path(folder).rglob("*") if p.is_file() and p.suffix in (".yaml", ".txt")):
            digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:24]


def cache_file(data_root: Path, corpus_root: Path) -> Path:
    from .search.index import cache_root

    return cache_root() / "kb" / f"{kb_key(data_root, corpus_root)}.pickle"


def load_kb_cached(data_root: Path | str | None = None, corpus_root: Path | str = DEFAULT_CORPUS) -> KnowledgeBase:
    """The same KnowledgeBase as `load_kb`, from the cache when the files have not changed."""
    data_root, corpus_root = resolve_data_root(data_root), Path(corpus_root)
    path = cache_file(data_root, corpus_root)
    try:
        with path.open("rb") as handle:
            kb = pickle.load(handle)  # noqa: S301 - our own cache folder, written by this function
        if isinstance(kb, KnowledgeBase):
            return kb
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        pass  # missing or unreadable: load and rewrite below
    kb = load_kb(data_root, load_corpus(corpus_root))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(kb, protocol=pickle.HIGHEST_PROTOCOL))
        tmp.replace(path)  # readers see a whole pickle or none
        for old in path.parent.glob("*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)  # one KB version kept, as the index keeps one
    except OSError:
        pass  # a read-only cache only costs the speed-up
    return kb
