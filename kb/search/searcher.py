"""Query → ranked rules and cards. Candidate lists from BM25 (question's language, and the other language
through the glossary), dense embeddings and exact card ids are fused with weighted reciprocal-rank
fusion, then re-ranked with light, explainable priors (detected game, id match, summary duplicates)."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

import numpy as np

from ..corpus import GAME_IDS
from .analyzers import analyze, detect_lang, warm_up
from .documents import SearchDoc
from .glossary import GlossaryMatcher, QueryTerms
from .index import SearchIndex, load_or_build

MAX_QUERY_CHARS = 2000
RRF_K = 20
# Weights of the candidate lists in the fusion. Tuned once on the dev questions by a coarse grid
# (see README "Search"); they are properties of the lists, never of particular questions.
WEIGHTS = {"bm25_same": 1.0, "bm25_cross": 0.6, "dense": 1.0}
GAME_PRIOR = 0.5       # multiplier for docs outside a confidently detected game
SUMMARY_PRIOR = 0.85   # quick-reference summaries repeat a full rule that should rank first
ID_BONUS = 1.0         # an exact printed card id in the question puts that card on top
DENSE_DEPTH = 200


class QueryError(ValueError):
    """A question that cannot be searched; the message is for the user."""


def validate_query(query) -> str:
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
    if not any(ch.isalnum() for ch in query):
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

    def to_json(self) -> dict:
        return {"query": self.query, "lang": self.lang, "game": self.game,
                "hits": [h.to_json() for h in self.hits]}


class Searcher:
    def __init__(self, embedder=None, index: SearchIndex | None = None, progress: bool = True):
        from ..embeddings import get_embedder

        warm_up()  # analysers load in a thread while the index loads
        self.embedder = embedder or get_embedder()
        self.index = index or load_or_build(self.embedder, progress=progress)
        self.glossary = GlossaryMatcher(self.index.terms)
        self._by_id = {d.id: i for i, d in enumerate(self.index.docs)}
        self._game_of = np.array([d.game for d in self.index.docs])
        self._summary = np.array([d.subkind == "summary" for d in self.index.docs])

    def detect_game(self, terms: QueryTerms) -> str | None:
        votes = self.glossary.game_votes(terms)
        if not votes:
            return None
        ranked = sorted(votes.items(), key=lambda kv: -kv[1])
        top, score = ranked[0]
        runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
        return top if score >= 1.0 and score >= 2 * runner_up else None

    def search(self, query: str, game: str | None = None, k: int = 10) -> SearchResult:
        query = validate_query(query)
        game = check_game(game)
        k = max(1, min(int(k), 100))
        lang = detect_lang(query)
        other = "en" if lang == "ko" else "ko"
        terms = self.glossary.match(query, lang)
        detected = game or self.detect_game(terms)

        n = len(self.index.docs)
        fused = np.zeros(n)

        def add(scores: np.ndarray, weight: float):
            order = np.argsort(-scores, kind="stable")
            positive = order[scores[order] > 0][:DENSE_DEPTH]
            ranks = np.empty(len(positive))
            ranks[:] = np.arange(1, len(positive) + 1)
            fused[positive] += weight / (RRF_K + ranks)

        same_tokens = analyze(query, lang)
        same_extra = [t for form in terms.expansions(lang) for t in analyze(form, lang)]
        if same_tokens or same_extra:
            add(self.index.bm25[lang].get_scores(same_tokens + same_extra), WEIGHTS["bm25_same"])
        cross_forms = terms.expansions(other)
        if cross_forms:
            cross_tokens = [t for form in cross_forms for t in analyze(form, other)]
            if cross_tokens:
                add(self.index.bm25[other].get_scores(cross_tokens), WEIGHTS["bm25_cross"])

        qvec = self.embedder.query(query).astype(np.float32).reshape(1, -1)
        sims, rows = self.index.dense.search(qvec, min(DENSE_DEPTH * 2, self.index.dense.ntotal))
        dense = np.zeros(n)
        for sim, row in zip(sims[0], rows[0]):
            if row < 0:
                continue
            doc = self.index.dense_doc[row]
            dense[doc] = max(dense[doc], float(sim) + 1.0)  # +1 keeps every similarity positive
        add(dense, WEIGHTS["dense"])

        if detected and not game:
            fused[self._game_of != detected] *= GAME_PRIOR
        fused[self._summary] *= SUMMARY_PRIOR
        for cid in terms.card_ids:
            for gid in ([game] if game else GAME_IDS):
                idx = self._by_id.get(f"{gid}/{cid}")
                if idx is not None:
                    fused[idx] += ID_BONUS
        if game:
            fused[self._game_of != game] = 0.0

        order = np.argsort(-fused, kind="stable")[:k]
        hits = [Hit(self.index.docs[i], fused[i]) for i in order if fused[i] > 0]
        return SearchResult(query=query, lang=lang, game=detected, hits=hits, terms=terms)
