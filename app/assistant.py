"""The rules assistant: question → the rule that answers it (in the question's language, the other
edition beside it), citations, and an example the Tekhenu engine just ran and checked.

Nothing here writes rule text: every sentence shown as the rulebook's is the KB's official text, and a
translation is labelled as such (origin "translation").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from kb.models import Card, Rule
from kb.search.analyzers import analyze
from kb.search.searcher import QueryError, Searcher
from kb.kb_cache import load_kb_cached
from kb.store import KnowledgeBase

from engine import numbers, registry

SENTENCE_END = re.compile(r"(?<=[.!?。])\s+|(?<=다\.)\s*|\n+")

# Rules of the answer's own section that also ranked among the hits: an overview seldom holds the
# number or condition asked about, and its siblings (the cost, the note with the thresholds) do.
MAX_DETAILS = 2


def scenario_edition(spec: dict) -> str:
    """The rulebook edition a scenario is played under (the engine's default is the English one)."""
    return (spec.get("setup") or {}).get("edition") or "en"


def is_solo(section: str | None) -> bool:
    """Whether a section belongs to a solo-mode chapter (Botankhamun and its summaries)."""
    return any(part.startswith("solo") for part in (section or "").split("/")[1:])


@dataclass
class Assistant:
    searcher: Searcher
    kb: KnowledgeBase
    scenarios: dict

    @classmethod
    def create(cls, warm_langs: tuple = ("ko", "en")) -> "Assistant":
        """`warm_langs`: the analysers to load ahead (a one-question process needs only its own)."""
        from .scenario_files import load_scenarios

        return cls(searcher=Searcher(progress=False, warm_langs=warm_langs), kb=load_kb_cached(),
                   scenarios=load_scenarios())

    def answer(self, question: str, game: str | None = None, k: int = 5) -> dict:
        result = self.searcher.search(question, game=game, k=k)
        lang = result.lang
        if not result.hits:
            return {"question": result.query, "lang": lang, "game": result.game, "answer": None,
                    "citations": [], "example": None}
        top = result.hits[0].doc
        entry = self.kb.entry(top.id)
        other = "en" if lang == "ko" else "ko"
        text_lang = lang if top.text.get(lang) else other
        answer = {
            "rule_id": top.id,
            "lang": text_lang,
            "text": top.text.get(text_lang),
            "origin": top.origin.get(text_lang),
            "key_sentence": key_sentence(top.text.get(text_lang) or "", question, text_lang),
            "other": {"lang": other if text_lang == lang else lang,
                      "text": top.text.get(other if text_lang == lang else lang),
                      "origin": top.origin.get(other if text_lang == lang else lang)},
            "title": top.title,
            "section_path": [{"id": s.id, "ko": s.title.ko, "en": s.title.en}
                             for s in self.kb.section_path(getattr(entry, "section", None))],
            "edition_diff": ({"ko": entry.edition_diff.ko, "en": entry.edition_diff.en}
                             if entry is not None and entry.edition_diff else None),
            "related": list(getattr(entry, "related", []))[:8],
            "missing": [m.model_dump(mode="json") for m in getattr(entry, "missing", [])],
        }
        answer["details"] = [self._detail(h.doc, lang) for h in result.hits[1:]
                             if h.doc.section and h.doc.section == top.section][:MAX_DETAILS]
        citations = [dict(h.to_json(), section=h.doc.title) for h in result.hits]
        # an example from the top rule's own mode: a two-player question is not answered by a
        # Botankhamun scenario that merely ranked among the citations (and vice versa)
        cited = [h.doc.id for h in result.hits if is_solo(h.doc.section) == is_solo(top.section)]
        return {"question": result.query, "lang": lang, "game": result.game, "answer": answer,
                "citations": citations, "example": self.example(question, cited, lang)}

    @staticmethod
    def _detail(doc, lang: str) -> dict:
        text_lang = lang if doc.text.get(lang) else ("en" if lang == "ko" else "ko")
        return {"rule_id": doc.id, "title": doc.title, "lang": text_lang, "text": doc.text.get(text_lang),
                "origin": doc.origin.get(text_lang)}

    def example(self, question: str, cited: list[str], lang: str = "en") -> dict | None:
        """Run the best scenario for the cited rules: one built from the question's numbers when it
        carries some, else a scenario linked to the highest-ranked rule that has one — the one played
        under the asker's edition where the editions differ (a Korean question about P19 is answered
        by the Korean rule, so its example must be too)."""
        from engine.tekhenu.scenarios import ScenarioError, run

        game = cited[0].split("/")[0] if cited else None
        built = registry.get(game).example_from_question(question, cited, lang) if registry.has_engine(game) else None
        spec = built.spec if built else None
        if spec is None:
            for rule_id in cited[:3]:
                rule = self.kb.entry(rule_id)
                linked = [self.scenarios[s] for s in getattr(rule, "scenarios", []) if s in self.scenarios]
                if isinstance(rule, (Rule, Card)) and linked:
                    spec = next((sc for sc in linked if scenario_edition(sc) == lang), linked[0])
                    break
        if spec is None:
            return None
        try:
            result = run(spec)
        except ScenarioError:
            return None
        data = result.to_json()
        data["title"] = spec.get("title")
        data["from_question"] = "/scenario/from-question/" in spec["id"]
        if built and built.notice:     # a number of the question the example could not use, and why
            data["notice"] = built.notice
        return data


def key_sentence(text: str, question: str, lang: str) -> str:
    """The sentence of the rule that shares the most content words with the question; for a table, the
    row whose first cell covers a number in the question (the whole table when none does: a header
    row alone says nothing)."""
    rows = [line.strip() for line in text.split("\n") if line.strip()]
    if len(rows) >= 3 and all("|" in row for row in rows):
        return table_row(rows[1:], question) or text.strip()
    sentences = [s.strip() for s in SENTENCE_END.split(text) if s and s.strip()]
    if len(sentences) <= 1:
        return text.strip()
    asked = set(analyze(question, lang))
    scored = [(len(asked & set(analyze(s, lang))), -i, s) for i, s in enumerate(sentences)]
    return max(scored)[2]


QUESTION_NUMBER = re.compile(r"(?<![A-Za-z\d])[-−–]?\d+")  # not the 19 of "P19"
CELL_RANGE = re.compile(r"^\s*([-−–]?\d+)\s*(?:~|to|-|–)\s*([-−–]?\d+)\s*$")
CELL_OPEN = re.compile(r"^\s*([-−–]?\d+)\s*(\+|이상|이하|or more|or less)\s*$")
CELL_ONE = re.compile(r"^\s*([-−–]?\d+)\s*$")


def _covers(cell: str, n: int) -> bool:
    if m := CELL_RANGE.match(cell):
        lo, hi = sorted((numbers.first_number(m.group(1)), numbers.first_number(m.group(2))))
        return lo <= n <= hi
    if m := CELL_OPEN.match(cell):
        bound, word = numbers.first_number(m.group(1)), m.group(2)
        if word == "이하" or word == "or less" or (word == "or more" and bound < 0):
            return n <= bound      # "-9 or more" (EN) is the KO "-9 이하": a balance of -9 or beyond
        return n >= bound
    m = CELL_ONE.match(cell)
    return bool(m) and numbers.first_number(m.group(1)) == n


def table_row(rows: list[str], question: str) -> str | None:
    """The first table row whose first cell covers a number of the question."""
    for number in QUESTION_NUMBER.findall(question):
        n = numbers.first_number(number)
        for row in rows:
            if _covers(row.split("|")[0], n):
                return row
    return None


@lru_cache(maxsize=1)
def default_assistant() -> Assistant:
    return Assistant.create()


def answer(question: str, game: str | None = None) -> dict:
    """Answer a rules question (Korean or English). Raises QueryError for unusable questions."""
    return default_assistant().answer(question, game)


__all__ = ["Assistant", "QueryError", "answer", "default_assistant", "key_sentence"]
