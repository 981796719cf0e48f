"""A player's question, read once, and read whole before anything is judged.

Every step of an answer asks the question something: search its words, glossary terms and embedding;
the printed ids it names (T08, BX01) and which of them exist; whether it scopes itself to another game
("In Catan, …"); the game family its own words decide; its numbers (the table row they fall in, the
example they set up); its surface (particles and negations the analysers drop). `read` answers all of
that here, once, into one value that flows search → scope → selection → page → example. The one thing
read later is the answer's own game's vocabulary (engine/asked.py): which game that is is only known
after the search, and it is read once, from these numbers, by `Question.asked`.
"""
from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass, field

from engine.numbers import Number, read_numbers
from kb.search.analyzers import analyze
from kb.search.query import Query, plain

WORD = re.compile(r"[0-9a-z\uac00-\ud7a3]+")
HANGUL_WORD = re.compile(r"[\uac00-\ud7a3]")
# "In Catan, ...", "체스에서 ...": a question scoped to a name the rulebooks may never use
SCOPED = re.compile(r"^\s*(?:in|for|with|playing)\s+([A-Za-z][\w'’ -]{1,30}?)\s*[,:?]|^\s*([가-힣A-Za-z0-9]{1,12})(?:에서|에선|할 때|에서는)\s",
                    re.IGNORECASE)


def grams(text: str) -> frozenset[str]:
    """Character bigrams of the words (Korean) and word bigrams + words (English): the surface the
    analysers drop — particles, negations ("없으면"), "2-player" — still counts here."""
    words = WORD.findall(unicodedata.normalize("NFKC", text or "").lower())
    out = set()
    for w in words:
        if HANGUL_WORD.match(w):
            out.update(w[i:i + 2] for i in range(len(w) - 1)) if len(w) > 1 else out.add(w)
        else:
            out.add(w)
    out.update(f"{a} {b}" for a, b in zip(words, words[1:]) if not HANGUL_WORD.match(a))
    return frozenset(out)


@dataclass(frozen=True, eq=False)
class Question:
    query: Query                              # what search reads: text, language, words, terms, embedding
    game: str | None = None                   # the game the asker chose (None: the question must say)
    numbers: tuple[Number, ...] = ()          # in reading order, positions in `text`
    grams: frozenset = frozenset()
    printed_ids: tuple[str, ...] = ()         # printed ids it names, normalised ("T08"), existing or not
    scoped_words: tuple[str, ...] | None = None   # the analysed words of the name it scopes itself to
    named_family: str | None = None           # the game family its own words decide (None: they do not)
    # the answer's game's reading of it (engine/asked.py), once per vocabulary
    _asked: dict = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def text(self) -> str:
        return self.query.text

    @property
    def lang(self) -> str:
        return self.query.lang

    @property
    def terms(self):
        return self.query.terms

    @property
    def vector(self):
        return self.query.vector

    def words(self, lang: str | None = None) -> tuple[str, ...]:
        """Its content words by `lang`'s analyser (default: its own language's)."""
        return self.query.words(lang)

    def asked(self, vocabulary):
        """What it names in a game's vocabulary (engine.asked.Asked): its things, and its numbers read
        above, each with what it counts — once per vocabulary."""
        key = id(vocabulary)
        with self._lock:
            hit = self._asked.get(key)
            if hit is None or hit[0] is not vocabulary:
                hit = self._asked[key] = (vocabulary, vocabulary.read(self.text, self.lang, self.numbers))
            return hit[1]

    # kept apart from what it read (scripts/tune_settle.py keeps weighed questions in a file): the readings
    # per vocabulary are made again on use, the lock is new
    def __getstate__(self):
        return {k: v for k, v in self.__dict__.items() if k not in ("_asked", "_lock")}

    def __setstate__(self, state):
        for k, v in {**state, "_asked": {}, "_lock": threading.Lock()}.items():
            object.__setattr__(self, k, v)


def scoped_name(text: str) -> str | None:
    """The name a question scopes itself to ("In Catan, …" → "Catan", "체스에서 …" → "체스")."""
    m = SCOPED.search(text)
    return (m.group(1) or m.group(2)) if m else None


def from_query(query: Query, game: str | None = None, printed_ids: tuple[str, ...] = (),
               named_family: str | None = None) -> Question:
    """A question from its search reading: the numbers, surface and scoped name read here."""
    name = scoped_name(query.text)
    return Question(query=query, game=game, numbers=tuple(read_numbers(query.text)), grams=grams(query.text),
                    printed_ids=tuple(printed_ids), named_family=named_family,
                    scoped_words=tuple(analyze(name, query.lang)) if name else None)


def of_text(text: str, lang: str | None = None) -> Question:
    """A question read without a searcher (no glossary terms, no embedding): enough for the text-level
    judgements — a table's row, a rule's key sentence, the short answer — in tools and tests."""
    return from_query(plain(" ".join(text.split()), lang))
