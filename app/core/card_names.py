"""Cards found the way players name them: by their Korean or English name, a short form or another spelling the
catalogue lists (`aliases`: "미켈", "잔다르크", "Mich"), the start of a name, or a near miss ("Michaelangelo",
"미켈란젤료"), as well as by id. Spaces and punctuation never matter ("잔 다르크" = "잔다르크", "St Peters" =
"St. Peter's"). A name several cards share (Frugality of Ages A, I and II) finds them all; an age after it narrows
it ("Frugality II", "절약 2시대").

`arbiter card`, the API's /v1/cards, the web app's card search and the answering core (`mentions`: the cards a
question names) all read names here, so a card is found the same way everywhere."""
from __future__ import annotations

import difflib
import re
import threading
import unicodedata
import weakref
from dataclasses import dataclass

from kb.models import Card
from kb.store import KnowledgeBase

# words around a name that name no card: "미켈란젤로 카드", "the Great Wall", "card T08"
FILLER = re.compile(r"\b(?:the|card|cards|tile|tiles|leader|wonder)\b|카드|타일", re.IGNORECASE)
AGE_WORDS = {"a": "A", "0": "A", "i": "I", "1": "I", "ii": "II", "2": "II", "iii": "III", "3": "III"}
# an age written after or before a name: "Frugality II", "절약 (2시대)", "Age I Frugality", "2시대 절약"
AGE_AFTER = re.compile(r"[\s(\[]+(?:age\s*)?(a|i{1,3}|[0-3])(?:\s*시대)?[)\]]?\s*$", re.IGNORECASE)
AGE_BEFORE = re.compile(r"^\s*(?:age\s*(a|i{1,3}|[0-3])|(a|[0-3])\s*시대)\s+", re.IGNORECASE)
PRINTED = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{1,4})-?(\d{1,2})(?![0-9])")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
SHORTEST = {"ko": 2, "en": 3}          # the shortest start of a name that finds it (characters)
CLOSE = 0.8                            # how near a misspelling must be (difflib's ratio, on Korean letters)
MAX_FOUND = 12
AGES = ("A", "I", "II", "III")


def normal(text: str) -> str:
    """A name as compared: NFKC, lower case, letters, digits and Hangul syllables only."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", text or "").casefold()
                   if ch.isalnum() and (ch.isascii() or HANGUL.match(ch)))


def _letters(text: str) -> str:
    """Korean syllables as their letters (미켈 → ㅁㅣㅋㅔㄹ), so that a near miss is measured letter by letter."""
    if not HANGUL.search(text):
        return text
    from hangulpy import disassemble

    return "".join(disassemble(text))


@dataclass(frozen=True)
class Form:
    text: str            # as normal() gives it
    card: Card
    kind: str            # "name" | "alias"
    lang: str


@dataclass(frozen=True)
class Mention:
    """A card name a question uses: the cards of that name (several ages may share it) and where it stands."""
    cards: tuple[Card, ...]
    start: int
    end: int
    form: str


class CardNames:
    def __init__(self, kb: KnowledgeBase):
        self.kb = kb
        self.forms: list[Form] = []
        for card in kb.all_cards():
            seen = set()
            names = [(card.name.ko, "ko"), (card.name.en, "en")] if card.name else []
            aliases = card.catalogue.aliases if card.catalogue else None
            for text, lang, kind in [(t, lg, "name") for t, lg in names if t] + \
                    [(t, "ko", "alias") for t in (aliases.ko if aliases else [])] + \
                    [(t, "en", "alias") for t in (aliases.en if aliases else [])]:
                key = normal(text)
                if key and key not in seen:
                    seen.add(key)
                    self.forms.append(Form(key, card, kind, lang))
        self._exact: dict[str, list[Card]] = {}
        for form in self.forms:
            bucket = self._exact.setdefault(form.text, [])
            if form.card not in bucket:
                bucket.append(form.card)
        for bucket in self._exact.values():
            bucket.sort(key=_age_order)
        # each name spelt letter by letter, for a near miss only (`_near`): made on the first one, not for every
        # process's first question (hangulpy's import and ~700 names: ~0.06 s of a first answer)
        self._letters: dict[str, str] | None = None
        # the names found in a question: longest first, so "Great Wall" is not read as "Wall"
        self._raw = [(f.text, f) for f in self.forms if len(f.text) >= SHORTEST["ko" if HANGUL.search(f.text) else "en"]]
        self._raw.sort(key=lambda item: -len(item[0]))

    # -- a name typed to find a card ---------------------------------------------------------------------------
    def find(self, query: str, game: str | None = None) -> list[Card]:
        """The cards `query` names (id, printed id, name, alias, the start of one, or a near miss), best first;
        [] when none is near enough."""
        query = " ".join((query or "").split())
        if not query:
            return []
        by_id = self.kb.find_cards(query, game)
        if by_id:
            # an id that is also a name ("patriotism"): every card of that name, in the order of their ages
            named = self._by_form(normal(query), game)
            return named if any(c.id == by_id[0].id for c in named) else by_id
        printed = [m.group(1) + m.group(2).zfill(2) for m in PRINTED.finditer(FILLER.sub(" ", query))]
        for pid in dict.fromkeys(printed):
            found = self.kb.find_cards(pid, game)
            if found and len(printed) == 1:
                return found
        text, age = _age(query)
        key = normal(FILLER.sub(" ", text)) or normal(text)
        if not key:
            return []
        found = self._by_form(key, game)
        if not found:
            found = self._by_start(key, game)
        if not found:
            found = self._near(key, game)
        if age and any(c.catalogue and c.catalogue.age == age for c in found):
            found = [c for c in found if c.catalogue and c.catalogue.age == age]
        return found[:MAX_FOUND]

    def _ok(self, card: Card, game: str | None) -> bool:
        return game is None or card.game == game

    def _by_form(self, key: str, game: str | None) -> list[Card]:
        return [c for c in self._exact.get(key, []) if self._ok(c, game)]

    def _by_start(self, key: str, game: str | None) -> list[Card]:
        if len(key) < SHORTEST["ko" if HANGUL.search(key) else "en"]:
            return []
        out: list[Card] = []
        for form in self.forms:
            if form.text.startswith(key) and self._ok(form.card, game) and form.card not in out:
                out.append(form.card)
        return _one_name_first(out)

    def _near(self, key: str, game: str | None) -> list[Card]:
        letters = _letters(key)
        if self._letters is None:
            self._letters = {form.text: _letters(form.text) for form in self.forms}
        candidates = {self._letters[f.text]: f.text for f in self.forms if self._ok(f.card, game)}
        close = difflib.get_close_matches(letters, list(candidates), n=5, cutoff=CLOSE)
        out: list[Card] = []
        for match in close:
            for card in self._exact.get(candidates[match], []):
                if self._ok(card, game) and card not in out:
                    out.append(card)
        return out

    # -- the names a question uses -----------------------------------------------------------------------------
    def mentions(self, text: str, game: str | None = None) -> list[Mention]:
        """The card names (and aliases) a question uses, in reading order, longest first where they overlap: a
        Korean name anywhere in the text (particles follow it unspaced), an English one as whole words."""
        flat, positions = _flattened(text)
        taken = [False] * len(flat)
        found: list[Mention] = []
        for key, form in self._raw:
            if not self._ok(form.card, game):
                continue
            start = flat.find(key)
            while start != -1:
                end = start + len(key)
                latin = not HANGUL.search(key)
                bounded = not latin or ((start == 0 or not _latin_at(flat, start - 1, positions, before=True))
                                        and (end == len(flat) or not _latin_at(flat, end, positions)))
                first, last = positions[start], positions[end - 1] + 1
                if not latin:
                    bounded = _korean_word(text, first, last)
                if bounded and not any(taken[start:end]):
                    for i in range(start, end):
                        taken[i] = True
                    cards = tuple(c for c in self._exact[key] if self._ok(c, game))
                    found.append(Mention(cards, first, last, key))
                start = flat.find(key, start + 1)
        return sorted(found, key=lambda m: m.start)


def _age(query: str) -> tuple[str, str | None]:
    """The query without an age written after or before the name, and that age."""
    m = AGE_AFTER.search(query)
    if m and normal(query[:m.start()]):
        return query[:m.start()], AGE_WORDS[m.group(1).lower()]
    m = AGE_BEFORE.match(query)
    if m and normal(query[m.end():]):
        return query[m.end():], AGE_WORDS[(m.group(1) or m.group(2)).lower()]
    return query, None


def _age_order(card: Card) -> int:
    """Cards of one name in the order of their ages (A, I, II, III); a card without an age first."""
    return AGES.index(card.catalogue.age) if card.catalogue and card.catalogue.age in AGES else -1


def _one_name_first(cards: list[Card]) -> list[Card]:
    """Cards found by the start of their name, those of the shortest name first (the name asked for in full)."""
    return sorted(cards, key=lambda c: (len(normal(c.name.en if c.name and c.name.en else c.printed_id)),
                                        _age_order(c)))


_NAMES: dict[int, tuple[weakref.ref, CardNames]] = {}
_LOCK = threading.Lock()


def names_of(kb: KnowledgeBase) -> CardNames:
    """The card names of a loaded knowledge base, read once per KB (every request of the API shares them)."""
    with _LOCK:
        held = _NAMES.get(id(kb))
        if held is not None and held[0]() is kb:
            return held[1]
        for key in [k for k, (ref, _) in _NAMES.items() if ref() is None]:
            del _NAMES[key]             # a KB that is gone (the id may be reused)
        names = CardNames(kb)
        _NAMES[id(kb)] = (weakref.ref(kb), names)
        return names


# what may follow a Korean name in the same word: its particle, or "카드" written onto it ("미켈란젤로의",
# "만리장성이랑", "기습으로", "절약카드"); anything else makes another word ("암살자" is not "암살")
PARTICLES = re.compile(r"(?:은|는|이|가|을|를|의|에|에서|에게|로|으로|와|과|랑|이랑|하고|도|만|까지|부터|보다|처럼|이나|나|"
                       r"이란|란|이라는|라는|이야|야|이에요|예요|이다|인데|카드|카드는|카드가|카드를|카드의|카드로|"
                       r"시대|은요|는요|요)?$")


def _korean_word(text: str, start: int, end: int) -> bool:
    """Whether a Korean name found at text[start:end] is a word of its own: no syllable glued before it, only a
    particle after it."""
    if start > 0 and HANGUL.match(text[start - 1]):
        return False
    tail = re.match(r"[\uac00-\ud7a3]*", text[end:]).group(0)
    return bool(PARTICLES.match(tail))


def _flattened(text: str) -> tuple[str, list[int]]:
    """The text as normal() reads it, and the position in `text` of each of its characters."""
    out, positions = [], []
    for i, ch in enumerate(unicodedata.normalize("NFKC", text or "")):
        low = ch.casefold()
        if low.isalnum() and (low.isascii() or HANGUL.match(low)):
            out.append(low)
            positions.append(i)
    return "".join(out), positions


def _latin_at(flat: str, i: int, positions: list[int], before: bool = False) -> bool:
    """Whether a Latin letter or digit of the same word touches a name at flat[i] (no space between them)."""
    if not (flat[i].isascii() and flat[i].isalnum()):
        return False
    j = i + 1 if before else i - 1        # the name's own character next to it
    return 0 <= j < len(positions) and positions[max(i, j)] - positions[min(i, j)] == 1
