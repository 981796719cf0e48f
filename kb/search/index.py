"""The search index: BM25 per language, FAISS dense vectors, documents and glossary, cached on disk.

Built only from the checked knowledge base (kb.kb_cache), and keyed by the SHA-256 of the inputs search
depends on (every KB data file but the engine scenarios, the corpus manifest), the embedding model's id
and this module's format version. A changed KB or model means a different key: the index is rebuilt
once, automatically, and reused after that — never stale, never rebuilt on every query.

On disk (`<cache>/index/<model>/`): immutable version folders, and CURRENT naming the one in use. Every
file's MAC is in its folder's manifest (itself sealed) and is verified when the index is
loaded: a damaged index is rebuilt with a one-line notice, never served. The checksums are MACs under this
installation's key (kb.cachefs.seal): an edited file with its checksums recomputed is still rejected. A build writes a new folder
under a per-process temporary name, renames it into place and then points CURRENT at it (an atomic
rename), all under a lock, so concurrent processes wait for one build and readers never see half of one.
"""
from __future__ import annotations

import hashlib
import hmac
import io
import json
import math
import os
import re
import secrets
import shutil
import sys
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .. import cachefs, kb_cache
from ..cachefs import cache_root
from ..corpus import DEFAULT_CORPUS
from ..fileio import FileReadError, read_bytes
from ..models import GlossaryTerm
from ..store import resolve_data_root
from .analyzers import analyze
from .documents import SearchDoc, build_documents

FORMAT_VERSION = "16"      # 13: every file sealed with the installation's key (kb.cachefs.seal); 14: ruling forms; 15: both;
                           # 16: the ruling forms' word weights
LANGS = ("ko", "en")
_VERSION_NAME = re.compile(r"^[0-9a-f]{24}-[0-9]+-[0-9a-f]{8}$")


def index_key(model_name: str, search_digests: dict[str, str]) -> str:
    listing = json.dumps({"format": FORMAT_VERSION, "model": model_name, "inputs": search_digests}, sort_keys=True)
    return cachefs.sha256(listing.encode())[:24]


def content_key(model_name: str, data_root: Path | None = None, corpus_root: Path = DEFAULT_CORPUS) -> str:
    digests = kb_cache.input_digests(resolve_data_root(data_root), Path(corpus_root))
    return index_key(model_name, {k: v for k, v in digests.items() if kb_cache.is_search_input(k)})


class Stale(Exception):
    """There is no cached index for these inputs; with an argument: there is one, for other inputs."""


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
    # the rulings' questions and claims (kb/models.py Ruling: asks, denies, claim), each embedded as a query
    # like the player's question, with its words: what settles a case is matched against them
    ruling_forms: list | None = None       # [{"ruling", "rule", "kind": ask|deny|claim, "lang", "text", "tokens"}]
    ruling_vectors: np.ndarray | None = None   # (forms, dim) float16
    # lang -> word -> how telling it is among the ruling forms of that language (ruling_weights): computed
    # at build, not on a process's first question
    ruling_weights: dict | None = None
    build_seconds: float = 0.0
    built_at: float = 0.0      # when it was published (time.time()), 0 until then

    # -- persistence -----------------------------------------------------------------------------
    def publish(self, home: Path, inputs: dict[str, str]) -> Path:
        """Write the index as a new version folder of `home` and make it the current one; older versions
        and leftovers of interrupted builds go. The caller holds the build lock."""
        import faiss

        cachefs.ensure_dir(home)
        name = f"{self.key}-{os.getpid()}-{secrets.token_hex(4)}"
        tmp = home / f".{name}.tmp"
        files: dict[str, bytes] = {
            "docs.json": _json_bytes([d.to_json() for d in self.docs]),
            "terms.json": _json_bytes([t.model_dump(mode="json") for t in self.terms]),
            "form_tokens.json": _json_bytes(self.form_tokens),
            "part_tokens.json": _json_bytes(self.part_tokens),
            "dense.faiss": faiss.serialize_index(self.dense).tobytes(),
            "dense_doc.npy": _npy_bytes(self.dense_doc),
        }
        if self.title_vectors is not None:
            files["title_vectors.npy"] = _npy_bytes(self.title_vectors)
        files["ruling_forms.json"] = _json_bytes(self.ruling_forms or [])
        files["ruling_weights.json"] = _json_bytes(self.ruling_weights if self.ruling_weights is not None
                                                   else ruling_weights(self.ruling_forms or []))
        files["ruling_vectors.npy"] = _npy_bytes(self.ruling_vectors if self.ruling_vectors is not None
                                                 else np.zeros((0, self.dense.d), dtype=np.float16))
        try:
            tmp.mkdir(parents=True)
            for rel, data in files.items():
                (tmp / rel).write_bytes(data)
            for lang, retriever in self.bm25.items():
                retriever.save(str(tmp / f"bm25_{lang}"))
            checksums = {str(p.relative_to(tmp)): cachefs.seal(p.read_bytes())
                         for p in sorted(tmp.rglob("*")) if p.is_file()}
            manifest = {"format": FORMAT_VERSION, "key": self.key, "model": self.model_name, "inputs": inputs,
                        "docs": len(self.docs), "vectors": int(self.dense.ntotal),
                        "build_seconds": round(self.build_seconds, 2), "built_at": time.time(), "files": checksums}
            (tmp / "manifest.json").write_bytes(_json_bytes(dict(manifest, checksum=_manifest_checksum(manifest))))
            tmp.rename(home / name)
        except OSError as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            raise cachefs.CacheError(f"cannot write the search index in {home} ({exc.strerror}); make the "
                                     f"cache folder writable or set {cachefs.ENV_VAR} to a writable folder") from None
        self.built_at = manifest["built_at"]
        cachefs.write_atomic(home / "CURRENT", name.encode())
        for old in home.iterdir():
            if old.name not in (name, "CURRENT"):
                shutil.rmtree(old, ignore_errors=True) if old.is_dir() else old.unlink(missing_ok=True)
        return home / name

    @classmethod
    def load(cls, home: Path, key: str) -> "SearchIndex":
        """The current index of `home` if it was built for `key`, every file verified. Stale when there
        is none or it is for other inputs; cachefs.Damaged when a file does not match its checksum."""
        import faiss

        bm25s = _bm25s()

        try:
            name = read_bytes(home / "CURRENT", 200).decode("ascii", "replace").strip()
        except FileReadError:
            if (home / "CURRENT").exists() or (home.exists() and not home.is_dir()):
                raise cachefs.Damaged("CURRENT cannot be read") from None
            raise Stale() from None
        if not _VERSION_NAME.match(name):
            raise cachefs.Damaged("CURRENT does not name an index version")
        folder = home / name
        manifest = _read_manifest(folder)
        if manifest.get("format") != FORMAT_VERSION or manifest.get("key") != key:
            raise Stale("other inputs")
        expected = {"docs.json", "terms.json", "form_tokens.json", "part_tokens.json", "dense.faiss", "dense_doc.npy",
                    "title_vectors.npy", "ruling_forms.json", "ruling_vectors.npy", "ruling_weights.json"}
        files = manifest.get("files")
        if not isinstance(files, dict) or not expected <= set(files):
            raise cachefs.Damaged("manifest.json does not list the index's files")
        data = {}
        for rel, checksum in files.items():
            if ".." in Path(rel).parts or Path(rel).is_absolute():
                raise cachefs.Damaged(f"manifest.json names {rel!r}")
            try:
                content = read_bytes(folder / rel, cachefs.MAX_CACHE_FILE)
            except FileReadError as exc:
                raise cachefs.Damaged(f"{rel}: {exc.message}") from None
            if not cachefs.sealed(content, checksum):
                raise cachefs.Damaged(f"{rel}: checksum mismatch")
            data[rel] = content
        try:
            docs = [SearchDoc(**d) for d in json.loads(data["docs.json"])]
            terms = [GlossaryTerm.model_validate(raw) for raw in json.loads(data["terms.json"])]
            dense = faiss.deserialize_index(np.frombuffer(data["dense.faiss"], dtype=np.uint8))
            dense_doc = np.load(io.BytesIO(data["dense_doc.npy"]), allow_pickle=False)
            title_vectors = np.load(io.BytesIO(data["title_vectors.npy"]), allow_pickle=False)
            ruling_forms = json.loads(data["ruling_forms.json"])
            ruling_vectors = np.load(io.BytesIO(data["ruling_vectors.npy"]), allow_pickle=False)
            weights = json.loads(data["ruling_weights.json"])
            bm25 = {lang: bm25s.BM25.load(str(folder / f"bm25_{lang}")) for lang in LANGS}
            index = cls(key=manifest["key"], model_name=manifest["model"], docs=docs, terms=terms, bm25=bm25,
                        dense=dense, dense_doc=dense_doc, form_tokens=json.loads(data["form_tokens.json"]),
                        part_tokens=json.loads(data["part_tokens.json"]), title_vectors=title_vectors,
                        ruling_forms=ruling_forms, ruling_vectors=ruling_vectors, ruling_weights=weights,
                        build_seconds=manifest.get("build_seconds", 0), built_at=manifest.get("built_at", 0))
        except (OSError, ValueError, KeyError, TypeError, RuntimeError) as exc:
            raise cachefs.Damaged(f"cannot be read ({type(exc).__name__})") from None
        n = len(docs)
        if (n != manifest.get("docs") or dense.ntotal != manifest.get("vectors") or len(dense_doc) != dense.ntotal
                or (len(dense_doc) and not 0 <= int(dense_doc.min()) <= int(dense_doc.max()) < n)
                or title_vectors.shape[:3] != (n, len(LANGS), 2) or title_vectors.shape[3] != dense.d
                or not isinstance(ruling_forms, list) or ruling_vectors.shape != (len(ruling_forms), dense.d)
                or not isinstance(weights, dict) or set(weights) != set(LANGS)
                or not all(isinstance(w, dict) for w in weights.values())
                or any(len(index.part_tokens.get(lang, [])) != n or bm25[lang].scores.get("num_docs") != n
                       for lang in LANGS)):
            raise cachefs.Damaged("its parts do not agree")     # each verified, yet not one index
        return index


def _bm25s():
    """bm25s, imported without what only its extras use: it imports tqdm.auto for progress bars, which brings in
    asyncio (Arbiter indexes with show_progress=False and only scores at query time), and scipy.sparse for one
    way of building its matrix (Arbiter builds with its numpy way, csc_backend="numpy": the same arrays) —
    together a few tenths of a second of every first answer. DISABLE_TQDM is bm25s's own switch, read on import; scipy is
    hidden while it imports (as analyzers.py hides torch from spaCy), unless something imported it already."""
    if "bm25s" in sys.modules:
        return sys.modules["bm25s"]
    saved = os.environ.get("DISABLE_TQDM")
    os.environ["DISABLE_TQDM"] = "1"
    hide_scipy = "scipy.sparse" not in sys.modules
    if hide_scipy:
        sys.modules["scipy.sparse"] = None      # makes `import scipy.sparse` raise ImportError
    try:
        import bm25s
    finally:
        if saved is None:
            os.environ.pop("DISABLE_TQDM", None)
        else:
            os.environ["DISABLE_TQDM"] = saved
        if hide_scipy and sys.modules.get("scipy.sparse", 0) is None:
            del sys.modules["scipy.sparse"]
    return bm25s


def _json_bytes(obj) -> bytes:
    return json.dumps(obj, ensure_ascii=False, allow_nan=False).encode("utf-8")


def _npy_bytes(array: np.ndarray) -> bytes:
    out = io.BytesIO()
    np.save(out, array, allow_pickle=False)
    return out.getvalue()


def _manifest_checksum(manifest: dict) -> str:
    return cachefs.seal(json.dumps(manifest, sort_keys=True, ensure_ascii=False).encode())


def _read_manifest(folder: Path) -> dict:
    try:
        manifest = json.loads(read_bytes(folder / "manifest.json", 16 * 1024 * 1024))
    except FileReadError as exc:
        raise cachefs.Damaged(f"manifest.json: {exc.message}") from None
    except ValueError:
        raise cachefs.Damaged("manifest.json is not JSON") from None
    if not isinstance(manifest, dict) or not hmac.compare_digest(str(manifest.pop("checksum", None)),
                                                                 _manifest_checksum(manifest)):
        raise cachefs.Damaged("manifest.json: checksum mismatch")
    return manifest


class VectorCache:
    """Passage vectors by (model, text), kept across index builds: after an edit to the KB only the
    passages whose text changed are embedded again. The cold build still embeds everything. Stored as
    NumPy arrays (no pickle) behind a checksummed header: a damaged file is dropped with a notice."""

    FORMAT = "arbiter-vectors/2"      # 2: sealed with the installation's key

    def __init__(self, model_name: str):
        self.model_name = model_name
        self.path = cache_root() / "vectors" / f"{_slug(model_name)}.vectors"
        self.vectors: dict[str, np.ndarray] = {}
        self.keep: set[str] = set()       # what this build uses (passages and titles): all that is saved
        try:
            _, payload = cachefs.read_with_header(self.path, {"format": self.FORMAT, "model": model_name})
            with np.load(io.BytesIO(payload), allow_pickle=False) as data:
                self.vectors = dict(zip(data["keys"].tolist(), data["vectors"]))
        except FileNotFoundError:
            pass
        except (cachefs.Damaged, OSError, ValueError, KeyError) as exc:
            cachefs.notice(f"the cached passage vectors are damaged ({exc}); embedding the passages again")
            # dropped from disk too: when the shipped vectors hold every text, nothing is embedded, the file is
            # not written again, and each later build would give the same notice
            try:
                self.path.unlink(missing_ok=True)
            except OSError:
                pass                # a read-only cache: the notice again next time, nothing worse
        for key, vector in shipped_vectors(model_name).items():
            self.vectors.setdefault(key, vector)

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
            if key in self.vectors and self.vectors[key].shape == (embedder.dim,):
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
        payload = io.BytesIO()
        np.savez(payload, keys=np.array(keys, dtype="U40"), vectors=np.stack([self.vectors[k] for k in keys]))
        cachefs.write_with_header(self.path, {"format": self.FORMAT, "model": self.model_name}, payload.getvalue())


def _slug(model_name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in model_name)


def index_folder(model_name: str) -> Path:
    return cache_root() / "index" / _slug(model_name)


def build_index(embedder, data_root: Path | None = None, corpus_root: Path = DEFAULT_CORPUS,
                progress: bool = True, checked: kb_cache.CheckedKB | None = None) -> SearchIndex:
    """The index of the checked knowledge base (`checked`, else the one of data_root and corpus_root)."""
    bm25s = _bm25s()
    import faiss
    from tqdm import tqdm

    start = time.perf_counter()
    checked = checked or kb_cache.checked(data_root, corpus_root)
    key = index_key(embedder.name, checked.search_digests())
    kb = checked.kb()
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
        retriever = bm25s.BM25(k1=1.2, b=0.75, csc_backend="numpy")     # see _bm25s
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

    texts = embedded_texts(kb, docs)
    cache = VectorCache(embedder.name)
    vectors = cache.embed(embedder, texts.passages, progress)
    dense = faiss.IndexFlatIP(embedder.dim)
    dense.add(vectors)
    title_vectors = cache.embed(embedder, texts.titles, progress, as_query=True).astype(np.float16)
    forms = texts.forms
    ruling_vectors = cache.embed(embedder, [f["text"] for f in forms], progress, as_query=True).astype(np.float16)
    owners = texts.owners
    return SearchIndex(key=key, model_name=embedder.name, docs=docs, terms=terms, bm25=bm25, dense=dense,
                       dense_doc=np.asarray(owners, dtype=np.int32), form_tokens=form_tokens,
                       part_tokens=part_tokens,
                       title_vectors=title_vectors.reshape(len(docs), len(LANGS), 2, embedder.dim),
                       ruling_forms=forms, ruling_vectors=ruling_vectors.reshape(len(forms), embedder.dim),
                       ruling_weights=ruling_weights(forms), build_seconds=time.perf_counter() - start)


def ruling_forms(kb) -> list[dict]:
    """Every ruling's questions (asks, denies) and its claim, by language, with their analysed words."""
    out = []
    for game in kb.games.values():
        for ruling in game.rulings.values():
            forms = [("claim", lang, ruling.claim.get(lang)) for lang in LANGS]
            forms += [("ask", lang, q) for lang, q in ruling.asks.all()]
            forms += [("deny", lang, q) for lang, q in ruling.denies.all()]
            out += [{"ruling": ruling.id, "rule": ruling.rule, "kind": kind, "lang": lang, "text": text,
                     "tokens": analyze(text, lang)} for kind, lang, text in forms if text]
    return out


def ruling_weights(forms: list[dict]) -> dict[str, dict[str, float]]:
    """How telling each word of the ruling forms is, by language: log((N + 1) / (df + 0.5)) over the forms of
    that language (a word in every form says nothing about which ruling a question asks about)."""
    weights: dict[str, dict[str, float]] = {}
    for lang in LANGS:
        df: dict[str, int] = {}
        n = 0
        for form in forms:
            if form["lang"] == lang:
                n += 1
                for t in set(form["tokens"]):
                    df[t] = df.get(t, 0) + 1
        n = max(n, 1)
        weights[lang] = {t: math.log((n + 1) / (c + 0.5)) for t, c in df.items()}
    return weights


@dataclass
class EmbeddedTexts:
    """What an index build embeds: the passages (as passages, each with the document it belongs to), the rules'
    titles and the rulings' questions and claims (as queries)."""
    passages: list[str]
    owners: list[int]
    titles: list[str]
    forms: list[dict]

    def keys(self) -> list[str]:
        return ([VectorCache.key(t) for t in self.passages]
                + [VectorCache.key("query\0" + t) for t in self.titles + [f["text"] for f in self.forms]])


def embedded_texts(kb, docs: list[SearchDoc] | None = None) -> EmbeddedTexts:
    docs = build_documents(kb) if docs is None else docs
    passages, owners = [], []
    for i, doc in enumerate(docs):
        for lang in LANGS:
            passage = doc.dense_passage(lang)
            if passage:
                passages.append(passage)
                owners.append(i)
    titles = [form for doc in docs for lang in LANGS for form in title_forms(doc, lang)]
    return EmbeddedTexts(passages, owners, titles, ruling_forms(kb))


# The vectors of the repository's own knowledge base, shipped with the code (scripts/ship_vectors.py writes
# them from an index build): a fresh clone's first index build reads them instead of embedding ~20,000 texts
# (minutes on two cores). Only texts whose exact words and model match are taken (keyed like the vector
# cache); a text edited since is embedded as before. ARBITER_SHIPPED_VECTORS=0 ignores them (to measure a
# build from nothing, or to write them again).
SHIPPED = Path(__file__).resolve().parent / "vectors"


def shipped_path(model_name: str) -> Path:
    return SHIPPED / f"{_slug(model_name)}.npz"


def shipped_vectors(model_name: str) -> dict[str, np.ndarray]:
    path = shipped_path(model_name)
    if os.environ.get("ARBITER_SHIPPED_VECTORS", "1") == "0" or not path.is_file():
        return {}
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["model"]) != model_name:
                return {}
            # passages as float32 (FAISS reads them so); titles and rulings' forms as float16, which is how
            # the index keeps them: the build is the same as from embedding
            return {k: v.astype(np.float32) for part in ("passages", "queries")
                    for k, v in zip(data[f"{part}_keys"].tolist(), data[f"{part}_vectors"])}
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as exc:
        cachefs.notice(f"the shipped vectors {path.name} cannot be read ({exc}); embedding instead")
        return {}


def title_forms(doc: SearchDoc, lang: str) -> tuple[str, str]:
    """A document's title in one language (the other's where it has none): its last part ("VP loss
    table") and the whole path ("Maat Phase › VP loss table")."""
    title = (doc.title or {}).get(lang) or (doc.title or {}).get("en" if lang == "ko" else "ko") or doc.id
    return title.split("›")[-1].strip() or title, title


def load_or_build(embedder, data_root: Path | None = None, corpus_root: Path = DEFAULT_CORPUS,
                  rebuild: bool = False, progress: bool = True,
                  checked: kb_cache.CheckedKB | None = None) -> SearchIndex:
    """The cached index when it matches the checked KB and the model, every file verified; otherwise
    build it (once: concurrent processes wait for one build) and cache it. `rebuild`: build anew, unless
    another process finished a build while this one waited for it."""
    checked = checked or kb_cache.checked(data_root, corpus_root)
    key = index_key(embedder.name, checked.search_digests())
    home = index_folder(embedder.name)
    asked = time.time()
    why = None
    if not rebuild:
        try:
            return SearchIndex.load(home, key)
        except Stale as exc:
            why = "the knowledge base or model changed" if exc.args else None
        except cachefs.Damaged as exc:
            why = f"the cached search index is damaged ({exc})"
    with cachefs.build_lock(home.with_name(home.name + ".lock"), "building the search index"):
        try:
            index = SearchIndex.load(home, key)      # built by another process while this one waited
            if not rebuild or index.built_at >= asked:
                return index
        except (Stale, cachefs.Damaged):
            pass
        if why:
            cachefs.notice(f"{why}; rebuilding the search index…")
        index = build_index(embedder, progress=progress, checked=checked)
        index.publish(home, checked.search_digests())
        return index
