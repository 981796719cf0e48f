"""Query → ranked rules and cards.

Stage 1 computes candidate scores over every document (the KB is small, so this is exact and fast):
BM25 in the question's language (with the glossary's same-language variants), BM25 in the other language
through the glossary, dense cosine similarity to each language's passage, exact printed-id matches, and
the game evidence of the glossary. Stage 2 (`fuse`) combines them by weighted reciprocal-rank fusion and
applies explainable priors: the detected game, quick-reference summaries (which repeat a full rule), and
reading-order context (an atomic note continues the rule printed before it).
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

import numpy as np

from ..corpus import GAME_IDS
from .analyzers import analyze, detect_lang, warm_up
from .documents import SearchDoc
from .glossary import GlossaryMatcher, QueryTerms
from .index import SearchIndex, load_or_build
from .query import Query

MAX_QUERY_CHARS = 2000


@dataclass(frozen=True)
class FusionParams:
    """Weights of the fusion. Chosen on the dev + tuning questions by a coarse grid over these few
    properties of the candidate lists (README "Search"); never per question."""
    rrf_k: float = 5.0
    w_bm25_same: float = 1.0
    w_bm25_cross: float = 0.1
    w_dense: float = 1.5
    # Score fusion beside the rank fusion: ranks alone flatten a clear winner and a near tie alike;
    # min-max normalised scores (over each list's top `norm_depth`) keep how far ahead a document is.
    w_score_bm25: float = 0.05
    w_score_dense: float = 0.15
    norm_depth: int = 50
    depth: int = 200
    game_prior: float = 1.0       # multiplier for documents outside a confidently detected game (measured: no gain below 1)
    summary_prior: float = 0.85   # quick-reference summaries rank just below the rule they repeat
    context: float = 0.1          # share of the previous rule's score a rule inherits (reading order)
    id_bonus: float = 1.0         # an exact printed card id in the question puts that card on top


DEFAULT_PARAMS = FusionParams()


class QueryError(ValueError):
    """A question that cannot be searched; the message is for the user."""


def validate_query(query, require_words: bool = True) -> str:
    """The question with its whitespace normalised; QueryError (a message for the user) when it cannot
    be used. `require_words=False`: a question of symbols only ("???") is not an error (the assistant
    declines it as it declines nonsense)."""
    if not isinstance(query, str):
        raise QueryError("the question must be text")
    if not query.strip():
        raise QueryError("the question is empty; type a rules question in Korean or English")
    if len(query) > MAX_QUERY_CHARS:
        raise QueryError(f"the question is too long ({len(query):,} characters; the limit is "
                         f"{MAX_QUERY_CHARS:,}); ask about one rule at a time")
    bad = sum(1 for ch in query if (unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") and ch not in "\t\n\r")
              or ch == "\ufffd")
    if bad:
        raise QueryError("the question contains binary or unreadable characters; type it as plain text")
    if require_words and not any(ch.isalnum() for ch in query):
        raise QueryError("the question has no words to search for")
    return " ".join(query.split())


def check_game(game: str | None) -> str | None:
    if game is not None and game not in GAME_IDS:
        raise QueryError(f"unknown game {game!r}; choose one of: {', '.join(GAME_IDS)}")
    return game


@dataclass
class Hit:
    doc: SearchDoc
    score: float
    row: int = -1              # the document's position in the index (its stage-1 scores' index)

    def to_json(self) -> dict:
        d = self.doc
        return {"rule_id": d.id, "game": d.game, "score": round(float(self.score), 6), "title": d.title,
                "text": d.text, "sources": d.sources}


@dataclass
class SearchResult:
    query: str
    lang: str
    game: str | None
    hits: list[Hit]
    terms: QueryTerms = field(default_factory=QueryTerms)
    read: Query | None = None         # the question as this search read it (shared by later steps)
    # stage-1 scores and the fused score of every document, for callers that judge the result as a
    # whole (is anything here an answer at all? which game's best rule is close?)
    components: "Components | None" = None
    fused: np.ndarray | None = None

    def to_json(self) -> dict:
        return {"query": self.query, "lang": self.lang, "game": self.game,
                "hits": [h.to_json() for h in self.hits]}


@dataclass
class Components:
    """Stage-1 scores of one question over all documents."""
    bm25_same: np.ndarray
    bm25_cross: np.ndarray
    dense: np.ndarray                 # best cosine over the document's passages (-1 where none)
    id_matches: list[int]
    detected_game: str | None
    qvec: np.ndarray | None = None    # the question embedded as a query (answer selection reuses it)


@dataclass(frozen=True)
class DocMeta:
    """Per-document arrays the fusion needs (aligned with the index's documents)."""
    game: np.ndarray
    summary: np.ndarray
    previous: np.ndarray              # index of the rule printed just before in the same section, or -1


def doc_meta(docs: list[SearchDoc]) -> DocMeta:
    previous = np.full(len(docs), -1)
    for i in range(1, len(docs)):
        if docs[i].kind == "rule" and docs[i - 1].kind == "rule" and docs[i].section == docs[i - 1].section:
            previous[i] = i - 1
    return DocMeta(game=np.array([d.game for d in docs]),
                   summary=np.array([d.subkind == "summary" for d in docs]), previous=previous)


def _rrf(scores: np.ndarray, k: float, depth: int) -> np.ndarray:
    out = np.zeros(len(scores))
    order = np.argsort(-scores, kind="stable")[:depth]
    order = order[scores[order] > 0]
    out[order] = 1.0 / (k + np.arange(1, len(order) + 1))
    return out


def _minmax(scores: np.ndarray, depth: int) -> np.ndarray:
    """Scores scaled to 0..1 between the list's best and its `depth`-th best (below that: 0)."""
    if len(scores) == 0:
        return scores
    top = np.partition(-scores, min(depth, len(scores) - 1))
    hi, lo = -top.min(), -top[min(depth, len(scores) - 1)]
    if hi <= lo:
        return np.zeros(len(scores))
    return np.clip((scores - lo) / (hi - lo), 0.0, None)


def fuse(c: Components, meta: DocMeta, p: FusionParams = DEFAULT_PARAMS, game: str | None = None) -> np.ndarray:
    fused = (p.w_bm25_same * _rrf(c.bm25_same, p.rrf_k, p.depth)
             + p.w_bm25_cross * _rrf(c.bm25_cross, p.rrf_k, p.depth)
             + p.w_dense * _rrf(c.dense + 1.0, p.rrf_k, p.depth))
    if p.w_score_bm25:
        fused += p.w_score_bm25 * _minmax(c.bm25_same, p.norm_depth)
    if p.w_score_dense:
        fused += p.w_score_dense * _minmax(c.dense, p.norm_depth)
    if p.context:
        has_prev = meta.previous >= 0
        inherited = np.zeros_like(fused)
        inherited[has_prev] = fused[meta.previous[has_prev]]
        fused = fused + p.context * inherited
    if c.detected_game and not game:
        fused[meta.game != c.detected_game] *= p.game_prior
    fused[meta.summary] *= p.summary_prior
    for idx in c.id_matches:
        fused[idx] += p.id_bonus
    if game:
        fused[meta.game != game] = 0.0
    return fused


class Searcher:
    def __init__(self, embedder=None, index: SearchIndex | None = None, progress: bool = True,
                 params: FusionParams = DEFAULT_PARAMS, warm_langs: tuple = ("ko", "en"), checked=None):
        """`checked`: the checked KB to search (kb.kb_cache.CheckedKB; else the default data's, checked
        without the app's extra checks)."""
        from ..embeddings import get_embedder

        warm_up(warm_langs)  # analysers load in a thread while the index and model load
        self.embedder = embedder or get_embedder()
        self.index = index or load_or_build(self.embedder, progress=progress, checked=checked)
        self.params = params
        self.glossary = GlossaryMatcher(self.index.terms)
        self._by_id = {d.id: i for i, d in enumerate(self.index.docs)}
        self.meta = doc_meta(self.index.docs)

    def detect_game(self, terms: QueryTerms) -> str | None:
        votes = self.glossary.game_votes(terms)
        if not votes:
            return None
        ranked = sorted(votes.items(), key=lambda kv: -kv[1])
        top, score = ranked[0]
        runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
        return top if score >= 1.0 and score >= 2 * runner_up else None

    def read(self, query: str, require_words: bool = True) -> Query:
        """The question read once for every search and judgement that follows: validated, its language
        detected, analysed, its glossary terms matched and embedded. QueryError for an unusable one."""
        text = validate_query(query, require_words=require_words)
        lang = detect_lang(text)
        vector = self.embedder.query(text).astype(np.float32).reshape(-1)
        return Query(text=text, lang=lang, tokens=tuple(analyze(text, lang)),
                     terms=self.glossary.match(text, lang), vector=vector)

    def components(self, query: Query, game: str | None) -> Components:
        lang, terms = query.lang, query.terms
        other = "en" if lang == "ko" else "ko"
        n = len(self.index.docs)
        same = list(query.tokens) + [t for form in terms.expansions(lang) for t in self._form_tokens(form, lang)]
        bm25_same = self.index.bm25[lang].get_scores(same) if same else np.zeros(n)
        cross = [t for form in terms.expansions(other) for t in self._form_tokens(form, other)]
        bm25_cross = self.index.bm25[other].get_scores(cross) if cross else np.zeros(n)
        qvec = query.vector.reshape(1, -1)
        # the fusion only looks at the top `depth` documents of each list; a few passages per document
        sims, rows = self.index.dense.search(qvec, min(self.index.dense.ntotal, 4 * self.params.depth))
        dense = np.full(n, -1.0)
        found = rows[0] >= 0
        np.maximum.at(dense, self.index.dense_doc[rows[0][found]], sims[0][found])
        ids = [self._by_id[f"{g}/{cid}"] for cid in terms.card_ids for g in ([game] if game else GAME_IDS)
               if f"{g}/{cid}" in self._by_id]
        return Components(bm25_same, bm25_cross, dense, ids, game or self.detect_game(terms), qvec[0])

    def _form_tokens(self, form: str, lang: str) -> list[str]:
        tokens = self.index.form_tokens.get(lang, {}).get(form)
        return tokens if tokens is not None else analyze(form, lang)

    def search(self, query: "str | Query", game: str | None = None, k: int = 10) -> SearchResult:
        """The ranked rules and cards for a question: its text, or its reading (`read`) when the caller
        searches more than once or judges the result with the same words."""
        if not isinstance(query, Query):
            query = self.read(query)
        elif not any(ch.isalnum() for ch in query.text):
            raise QueryError("the question has no words to search for")
        game = check_game(game)
        k = max(1, min(int(k), 100))
        comp = self.components(query, game)
        fused = fuse(comp, self.meta, self.params, game)
        order = np.argsort(-fused, kind="stable")[:k]
        hits = [Hit(self.index.docs[i], fused[i], int(i)) for i in order if fused[i] > 0]
        return SearchResult(query=query.text, lang=query.lang, game=comp.detected_game, hits=hits, terms=query.terms,
                            components=comp, fused=fused, read=query)
