"""The search index: BM25 per language, FAISS dense vectors, documents and glossary, cached on disk.

The cache key hashes every KB data file, the corpus manifest, the embedding model's id and this
module's format version. A changed KB or model means a different key: the index is rebuilt once,
automatically, and reused after that — never stale, never rebuilt on every query.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..corpus import DEFAULT_CORPUS, REPO_ROOT
from ..models import GlossaryTerm
from ..store import resolve_data_root
from .analyzers import analyze
from .documents import SearchDoc, build_documents

FORMAT_VERSION = "11"
LANGS = ("ko", "en")


def cache_root() -> Path:
    return Path(os.environ.get("ARBITER_CACHE") or (REPO_ROOT / ".cache"))


def content_key(model_name: str, data_root: Path | None = None, corpus_root: Path = DEFAULT_CORPUS) -> str:
    data_root = resolve_data_root(data_root)
    digest = hashlib.sha256()
    digest.update(f"format={FORMAT_VERSION};model={model_name}\n".encode())
    for path in sorted(Path(data_root).rglob("*.yaml")):
        if "scenarios" in path.parts:
            continue  # engine scenarios do not change what search indexes
        digest.update(str(path.relative_to(data_root)).encode() + b"\0" + path.read_bytes() + b"\0")
    manifest = Path(corpus_root) / "manifest.yaml"
    if manifest.exists():
        digest.update(manifest.read_bytes())
    return digest.hexdigest()[:24]


@dataclass
class SearchIndex:
    key: str
    model_name: str
    docs: list[SearchDoc]
    terms: list[GlossaryTerm]
    bm25: dict            # lang -> bm25s.BM25
    dense: object         # faiss.Index over L2-normalised passage vectors
    dense_doc: np.ndarray  # row -> doc index
    form_tokens: dict      # lang -> glossary form -> analysed tokens (so a query never needs the
                           # other language's analyser just to expand glossary terms)
    part_tokens: dict      # lang -> per document [title tokens, [tokens of each sentence], [tokens of each
                           # search question]]: what answer selection compares a question with, without
                           # analysing anything per query
    # per document, language (ko, en) and form (the title's last part, the whole title): the title embedded
    # as a query, float16 — answer selection compares a question with what each rule is about
    title_vectors: np.ndarray | None = None
    build_seconds: float = 0.0

    # -- persistence -----------------------------------------------------------------------------
    def save(self, folder: Path) -> None:
        import faiss

        tmp = folder.with_name(folder.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        (tmp / "docs.json").write_text(json.dumps([d.to_json() for d in self.docs], ensure_ascii=False),
                                       encoding="utf-8")
        (tmp / "terms.json").write_text(json.dumps([t.model_dump(mode="json") for t in self.terms],
                                                   ensure_ascii=False), encoding="utf-8")
        for lang, retriever in self.bm25.items():
            retriever.save(str(tmp / f"bm25_{lang}"))
        faiss.write_index(self.dense, str(tmp / "dense.faiss"))
        (tmp / "form_tokens.json").write_text(json.dumps(self.form_tokens, ensure_ascii=False), encoding="utf-8")
        (tmp / "part_tokens.json").write_text(json.dumps(self.part_tokens, ensure_ascii=False), encoding="utf-8")
        np.save(tmp / "dense_doc.npy", self.dense_doc)
        if self.title_vectors is not None:
            np.save(tmp / "title_vectors.npy", self.title_vectors)
        (tmp / "manifest.json").write_text(json.dumps({
            "key": self.key, "model": self.model_name, "format": FORMAT_VERSION, "docs": len(self.docs),
            "vectors": int(self.dense.ntotal), "build_seconds": round(self.build_seconds, 2),
        }, indent=2), encoding="utf-8")
        shutil.rmtree(folder, ignore_errors=True)
        tmp.rename(folder)  # readers see a complete index or none

    @classmethod
    def load(cls, folder: Path) -> "SearchIndex":
        import bm25s
        import faiss

        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        docs = [SearchDoc(**d) for d in json.loads((folder / "docs.json").read_text(encoding="utf-8"))]
        terms = []
        for raw in json.loads((folder / "terms.json").read_text(encoding="utf-8")):
            term = GlossaryTerm.model_validate(raw)
            terms.append(term)
        bm25 = {lang: bm25s.BM25.load(str(folder / f"bm25_{lang}")) for lang in LANGS}
        return cls(key=manifest["key"], model_name=manifest["model"], docs=docs, terms=terms, bm25=bm25,
                   dense=faiss.read_index(str(folder / "dense.faiss")),
                   dense_doc=np.load(folder / "dense_doc.npy"),
                   form_tokens=json.loads((folder / "form_tokens.json").read_text(encoding="utf-8")),
                   part_tokens=json.loads((folder / "part_tokens.json").read_text(encoding="utf-8")),
                   title_vectors=np.load(folder / "title_vectors.npy"),
                   build_seconds=manifest.get("build_seconds", 0))


class VectorCache:
    """Passage vectors by (model, text), kept across index builds: after an edit to the KB only the
    passages whose text changed are embedded again. The cold build still embeds everything."""

    def __init__(self, model_name: str):
        slug = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in model_name)
        self.path = cache_root() / "vectors" / f"{slug}.npz"
        self.vectors: dict[str, np.ndarray] = {}
        self.keep: set[str] = set()       # what this build uses (passages and titles): all that is saved
        try:
            with np.load(self.path) as data:
                self.vectors = dict(zip(data["keys"].tolist(), data["vectors"]))
        except (OSError, ValueError, KeyError):
            self.vectors = {}

    @staticmethod
    def key(text: str) -> str:
        # hex, not raw bytes: numpy's fixed-width byte strings drop trailing NUL bytes
        return hashlib.sha1(text.encode("utf-8")).hexdigest()

    def embed(self, embedder, texts: list[str], progress: bool, as_query: bool = False) -> np.ndarray:
        """`as_query`: embedded as a query (e5's "query: "), cached apart from the same text as a passage."""
        from tqdm import tqdm

        out = np.zeros((len(texts), embedder.dim), dtype=np.float32)
        keys = [self.key(("query\0" if as_query else "") + t) for t in texts]
        todo = []
        for i, key in enumerate(keys):
            if key in self.vectors:
                out[i] = self.vectors[key]
            else:
                todo.append(i)
        batch = 32
        for lo in tqdm(range(0, len(todo), batch), desc=f"embed ({embedder.name})", disable=not progress,
                       file=sys.stderr, unit="batch"):
            chunk = todo[lo:lo + batch]
            vecs = (embedder.queries if as_query else embedder.passages)([texts[i] for i in chunk])
            for i, v in zip(chunk, vecs):
                out[i] = v
                self.vectors[keys[i]] = v
        if todo:
            self.save(keep=self.keep | set(keys))
        self.keep |= set(keys)
        return out

    def save(self, keep: set[str]) -> None:
        # keep only what the current KB uses, so the file does not grow with every edit
        keys = [k for k in self.vectors if k in keep]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp.npz")
        np.savez(tmp, keys=np.array(keys, dtype="U40"), vectors=np.stack([self.vectors[k] for k in keys]))
        tmp.replace(self.path)


def read_manifest(folder: Path) -> dict | None:
    try:
        return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def index_folder(model_name: str) -> Path:
    slug = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in model_name)
    return cache_root() / "index" / slug


def build_index(embedder, data_root: Path | None = None, corpus_root: Path = DEFAULT_CORPUS,
                progress: bool = True) -> SearchIndex:
    import bm25s
    import faiss
    from tqdm import tqdm

    from ..corpus import load_corpus
    from ..store import load_kb

    start = time.perf_counter()
    data_root = resolve_data_root(data_root)
    key = content_key(embedder.name, data_root, corpus_root)
    kb = load_kb(data_root, load_corpus(corpus_root))
    docs = build_documents(kb)
    terms = [t for g in kb.games.values() for t in g.terms.values()]

    bm25, part_tokens = {}, {}
    for lang in LANGS:
        tokens, parts_of = [], []
        for d in tqdm(docs, desc=f"analyse {lang}", disable=not progress, file=sys.stderr, leave=False):
            # BM25 reads the whole field at once (Kiwi's analysis depends on context: measured, analysing
            # part by part moves dev MRR 0.891 → 0.880); the sentences are analysed on their own as well
            tokens.append(analyze(d.field(lang), lang) or [""])
            title, *sentence_parts, _asked = d.field_parts(lang)
            parts_of.append([analyze(title, lang) if title else [], [analyze(p, lang) for p in sentence_parts],
                             [analyze(q, lang) for q in (d.questions or {}).get(lang) or []]])
        retriever = bm25s.BM25(k1=1.2, b=0.75)
        retriever.index(tokens, show_progress=False)
        bm25[lang] = retriever
        part_tokens[lang] = parts_of

    form_tokens: dict = {"ko": {}, "en": {}}
    for term in terms:
        for lang in LANGS:
            forms = [getattr(term, lang)] + getattr(term.aliases, lang) + getattr(term.source_spellings, lang)
            for form in forms:
                if form and form not in form_tokens[lang]:
                    form_tokens[lang][form] = analyze(form, lang)

    passages, owners = [], []
    for i, doc in enumerate(docs):
        for lang in LANGS:
            passage = doc.dense_passage(lang)
            if passage:
                passages.append(passage)
                owners.append(i)
    cache = VectorCache(embedder.name)
    vectors = cache.embed(embedder, passages, progress)
    dense = faiss.IndexFlatIP(embedder.dim)
    dense.add(vectors)
    titles = [form for doc in docs for lang in LANGS for form in title_forms(doc, lang)]
    title_vectors = cache.embed(embedder, titles, progress, as_query=True).astype(np.float16)
    return SearchIndex(key=key, model_name=embedder.name, docs=docs, terms=terms, bm25=bm25, dense=dense,
                       dense_doc=np.asarray(owners, dtype=np.int32), form_tokens=form_tokens,
                       part_tokens=part_tokens,
                       title_vectors=title_vectors.reshape(len(docs), len(LANGS), 2, embedder.dim),
                       build_seconds=time.perf_counter() - start)


def title_forms(doc: SearchDoc, lang: str) -> tuple[str, str]:
    """A document's title in one language (the other's where it has none): its last part ("VP loss
    table") and the whole path ("Maat Phase › VP loss table")."""
    title = (doc.title or {}).get(lang) or (doc.title or {}).get("en" if lang == "ko" else "ko") or doc.id
    return title.split("›")[-1].strip() or title, title


def load_or_build(embedder, data_root: Path | None = None, corpus_root: Path = DEFAULT_CORPUS,
                  rebuild: bool = False, progress: bool = True) -> SearchIndex:
    """The cached index when it matches the KB and model; otherwise build it (once) and cache it."""
    folder = index_folder(embedder.name)
    data_root = resolve_data_root(data_root)
    key = content_key(embedder.name, data_root, corpus_root)
    manifest = read_manifest(folder)
    if not rebuild and manifest and manifest.get("key") == key:
        try:
            return SearchIndex.load(folder)
        except (OSError, ValueError, KeyError, RuntimeError):
            pass  # a damaged cache is rebuilt below
    if manifest and not rebuild:
        print("arbiter: the knowledge base or model changed; rebuilding the search index…", file=sys.stderr)
    index = build_index(embedder, data_root, corpus_root, progress=progress)
    folder.parent.mkdir(parents=True, exist_ok=True)
    index.save(folder)
    return index
