"""Glossary-driven query understanding: which game terms a question uses, their forms in the other
language (서기 ↔ Scribe, 토트/토티 ↔ Thoth), and which game the question is probably about."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..models import GlossaryTerm

# Printed card / tile ids, by game. Tekhenu's are letter + two digits; the expansion's carry X, Cult, Art,
# and its Conquest tiles continue the A-series from A05.
_ID_PATTERN = re.compile(r"(?<![A-Za-z0-9])(?:(BX|TX|DX|SX|Cult|Art)-?(\d{1,2})|([PSADBT])(\d{2}))(?![0-9])",
                         re.IGNORECASE)


@dataclass
class TermMatch:
    term: GlossaryTerm
    form: str
    lang: str


@dataclass
class QueryTerms:
    matches: list[TermMatch] = field(default_factory=list)
    card_ids: list[str] = field(default_factory=list)      # normalised printed ids, e.g. "T08", "BX01"

    def expansions(self, lang: str) -> list[str]:
        """Every form of the matched terms in `lang` (canonical, aliases, printed variants)."""
        out: list[str] = []
        for m in self.matches:
            t = m.term
            forms = [t.ko] + t.aliases.ko + t.source_spellings.ko if lang == "ko" else \
                [t.en] + t.aliases.en + t.source_spellings.en
            for form in forms:
                if form and form not in out:
                    out.append(form)
        return out


def find_card_ids(text: str) -> list[str]:
    ids = []
    for long_prefix, long_number, prefix, number in _ID_PATTERN.findall(text):
        prefix, number = (long_prefix, long_number) if long_prefix else (prefix, number)
        prefix = {"cult": "Cult", "art": "Art"}.get(prefix.lower(), prefix.upper())
        ids.append(f"{prefix}{int(number):02d}")
    return ids


def card_id_game(card_id: str) -> str:
    """The game a normalised printed id belongs to: the expansion's carry X, Cult or Art, and its
    Conquest tiles continue the A-series from A05."""
    if re.match(r"(BX|TX|DX|SX|Cult|Art)", card_id) or (card_id.startswith("A") and int(card_id[1:]) >= 5):
        return "tekhenu-time-of-set"
    return "tekhenu"


class GlossaryMatcher:
    def __init__(self, terms: list[GlossaryTerm]):
        self.terms = terms
        self._ko: list[tuple[str, GlossaryTerm]] = []
        self._en_terms: dict[str, list[GlossaryTerm]] = {}
        self.games_of_form: dict[str, set[str]] = {}
        for t in terms:
            for form in {t.ko, *t.aliases.ko, *t.source_spellings.ko}:
                if form and len(form) >= 2:
                    self._ko.append((form, t))
                    self.games_of_form.setdefault("ko:" + form, set()).add(t.game)
            for form in {t.en, *t.aliases.en, *t.source_spellings.en}:
                if form and len(form) >= 3:
                    terms_here = self._en_terms.setdefault(form.lower(), [])
                    if t not in terms_here:
                        terms_here.append(t)
                    self.games_of_form.setdefault("en:" + form.lower(), set()).add(t.game)
        # longest forms first, so "Obelisk Wheel" wins over "Obelisk"; one alternation scans a
        # question once instead of once per form
        self._ko.sort(key=lambda item: -len(item[0]))
        alternatives = sorted(self._en_terms, key=len, reverse=True)
        self._en_pattern = re.compile(r"(?<![a-z0-9])(" + "|".join(map(re.escape, alternatives)) + r")(?![a-z0-9])") \
            if alternatives else None

    def match(self, text: str, lang: str) -> QueryTerms:
        result = QueryTerms(card_ids=find_card_ids(text))
        if lang == "ko":
            taken = [False] * len(text)
            for form, term in self._ko:
                start = text.find(form)
                while start != -1:
                    if not any(taken[start:start + len(form)]):
                        for i in range(start, start + len(form)):
                            taken[i] = True
                        result.matches.append(TermMatch(term, form, "ko"))
                    start = text.find(form, start + 1)
        if self._en_pattern is not None:
            for m in self._en_pattern.finditer(text.lower()):
                for term in self._en_terms[m.group(1)]:
                    result.matches.append(TermMatch(term, m.group(1), "en"))
        return result

    def game_votes(self, query_terms: QueryTerms) -> dict[str, float]:
        """Evidence per game: a term shared by n games gives each 1/n; card ids are strong evidence."""
        votes: dict[str, float] = {}
        for m in query_terms.matches:
            key = ("ko:" + m.form) if m.lang == "ko" else ("en:" + m.form.lower())
            games = self.games_of_form.get(key, {m.term.game})
            for g in games:
                votes[g] = votes.get(g, 0.0) + 1.0 / len(games)
        for cid in query_terms.card_ids:
            game = card_id_game(cid)
            votes[game] = votes.get(game, 0.0) + 2.0
        return votes
