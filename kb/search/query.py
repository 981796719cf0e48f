"""A question as search reads it, read once: its text, language, analysed words, glossary terms and its
embedding. The searcher reads it (`Searcher.read`) and every later step takes the reading instead of the
raw text, so the language detector, the analysers and the embedding model each run once per question
however many searches and judgements follow (the answering core searches twice for some questions)."""
from __future__ import annotations

import threading
from dataclasses import dataclass, field

import numpy as np

from .analyzers import analyze, detect_lang
from .glossary import QueryTerms


@dataclass(frozen=True, eq=False)
class Query:
    text: str                                  # whitespace normalised (validate_query)
    lang: str                                  # "ko" | "en" (detect_lang)
    tokens: tuple[str, ...]                    # its content words, by its own language's analyser
    terms: QueryTerms = field(default_factory=QueryTerms)   # glossary terms and printed card ids
    vector: np.ndarray | None = None           # embedded as a query (None: read without an embedder)
    # the other analyser's words, on first use (a rule printed only in the other language is compared
    # with the question through them); filled at most once per language
    _other: dict = field(default_factory=dict, repr=False, compare=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def words(self, lang: str | None = None) -> tuple[str, ...]:
        """The question's content words by `lang`'s analyser (its own language's: `tokens`)."""
        if lang is None or lang == self.lang:
            return self.tokens
        with self._lock:
            if lang not in self._other:
                self._other[lang] = tuple(analyze(self.text, lang))
            return self._other[lang]

    # a reading can be kept in a file (scripts/tune_settle.py): the lock is made new, the other words again
    def __getstate__(self):
        return {k: v for k, v in self.__dict__.items() if k not in ("_other", "_lock")}

    def __setstate__(self, state):
        for k, v in {**state, "_other": {}, "_lock": threading.Lock()}.items():
            object.__setattr__(self, k, v)


def plain(text: str, lang: str | None = None) -> Query:
    """A reading without the glossary or the embedding: what the text-level judgements need (a table's
    row, a key sentence, the short answer), for tools and tests that have no searcher."""
    lang = lang or detect_lang(text)
    return Query(text=text, lang=lang, tokens=tuple(analyze(text, lang)))
