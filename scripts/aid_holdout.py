"""A large held-out question set from the KB's own search aids, for studying search offline.

Every entry has 2–4 player questions per language; the dense index embeds only the first two. The
third and later ones are taken out of the lexical index too, and then asked: each is a question whose
answer is its own entry (gold = entry id), written by the curators without seeing any evaluation set,
and now invisible to search. About 1,600 questions over all games and both languages: far less noisy
than dev (37) or tuning (160) for comparing search settings, though written in the aids' own style.

    searcher, questions = holdout_searcher()   # scripts/ on sys.path, as fusion_study.py does
"""
from __future__ import annotations

import copy
import sys
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kb.search.documents import DENSE_QUESTIONS  # noqa: E402
from kb.search.index import LANGS  # noqa: E402
from kb.search.searcher import Searcher  # noqa: E402


@dataclass
class AidQuestion:
    id: str
    game: str
    lang: str
    q: str
    gold_id: str


def holdout_searcher(searcher: Searcher | None = None) -> tuple[Searcher, list[AidQuestion]]:
    """A searcher whose lexical index lacks every aid question beyond the first DENSE_QUESTIONS (the
    dense index never had them), and those questions."""
    import bm25s

    from kb.search.analyzers import analyze
    from kb.search.searcher import doc_meta

    searcher = searcher or Searcher(progress=False)
    held = copy.copy(searcher)
    questions: list[AidQuestion] = []
    docs = []
    for doc in searcher.index.docs:
        asked = doc.questions or {}
        for lang in LANGS:
            for n, q in enumerate((asked.get(lang) or [])[DENSE_QUESTIONS:]):
                questions.append(AidQuestion(f"{doc.id}#{lang}{n}", doc.game, lang, q, doc.id))
        kept = {lang: (asked.get(lang) or [])[:DENSE_QUESTIONS] for lang in LANGS} if asked else None
        docs.append(replace(doc, questions=kept))
    bm25 = {}
    for lang in LANGS:
        retriever = bm25s.BM25(k1=1.2, b=0.75)
        retriever.index([analyze(d.field(lang), lang) or [""] for d in docs], show_progress=False)
        bm25[lang] = retriever
    held.index = replace(searcher.index, docs=docs, bm25=bm25)
    held.meta = doc_meta(docs)
    return held, questions
