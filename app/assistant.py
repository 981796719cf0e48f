"""The rules assistant: question → the rule that answers it (in the question's language, the other
edition beside it), its game named, citations, and an example the answer's own game engine just ran
and checked — or a plain notice why there is no answer or no example.

Nothing here writes rule text: every sentence shown as the rulebook's is the KB's official text, and a
translation is labelled as such (origin "translation").

The order of judgement, each step with its own module:
  1. printed ids that do not exist (app/printed_ids.py) → declined with the ranges that do exist;
  2. out of scope (app/scope.py) → declined: "these rulebooks do not answer that";
  3. the game: given, or the top rule's game — with the other games' best answers when they are close
     (a game-less "who wins a tie?" has an answer in several games);
  4. the answer among that game's candidates (app/selection.py), its section's details and the best
     rules of its other sections ("also relevant");
  5. the example, only ever from the answer's game (engine.registry), played under the asker's
     edition, narrated in the asker's language (app/narrate.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine import registry
from kb.models import Card, Rule
from kb.search.analyzers import analyze
from kb.search.documents import sentences
from kb.search.searcher import QueryError, Searcher
from kb.store import KnowledgeBase

from . import narrate, scope, selection, tables
from .printed_ids import PrintedIds


CANDIDATES = 20          # hits the answer is chosen from (the top 5 hold the answer ~98% of the time)
PAGE = 7                 # the answer and the next best candidates shown with it (measured: README)
MAX_DETAILS = 3          # rules of the answer's own section (an overview seldom holds the number asked)
MAX_ALSO = 4             # the other candidates on the page
CITATIONS = 5
# A game-less question: another game's best rule within this share of the top score is offered as an
# alternative (measured on dev + tuning without the game: README "The assistant").
ALTERNATIVE_RATIO = 0.8

NOTICES = {
    "no_engine": {"en": "There is no rules engine for {game} yet, so this answer has no checked example.",
                  "ko": "{game}의 규칙 엔진이 아직 없어 이 답변에는 검증된 예시가 없습니다."},
    "no_example": {"en": "The {game} engine has no example for this rule.",
                   "ko": "{game} 엔진에는 이 규칙의 예시가 없습니다."},
    "example_failed": {"en": "The {game} engine could not play the example for this rule, so none is shown.",
                       "ko": "{game} 엔진이 이 규칙의 예시를 실행하지 못해 예시를 보이지 않습니다."},
    "guessed": {"en": "The question does not say which game it is about: this is {game}'s rule. "
                      "Other games answer it too (below).",
                "ko": "어느 게임에 대한 질문인지 알 수 없어 {game}의 규칙으로 답했습니다. 다른 게임의 답도 아래에 있습니다."},
}


def scenario_edition(spec: dict) -> str:
    """The rulebook edition a scenario is played under (the engine's default is the English one)."""
    return (spec.get("setup") or {}).get("edition") or "en"


def is_solo(section: str | None) -> bool:
    """Whether a section belongs to a solo-mode chapter (Botankhamun and its summaries)."""
    return any(part.startswith("solo") for part in (section or "").split("/")[1:])


def _notice(kind: str, **values) -> dict:
    text = NOTICES[kind]
    return {"kind": kind, "en": text["en"].format(**{k: v["en"] for k, v in values.items()}),
            "ko": text["ko"].format(**{k: v["ko"] for k, v in values.items()})}


@dataclass
class Assistant:
    searcher: Searcher
    kb: KnowledgeBase
    scenarios: dict

    @classmethod
    def create(cls, warm_langs: tuple = ("ko", "en")) -> "Assistant":
        """`warm_langs`: the analysers to load ahead (a one-question process needs only its own)."""
        from .scenario_files import ScenarioLibrary, checked_kb

        checked = checked_kb()      # what kb check passes, or KbLoadError with its problems
        kb = checked.kb()
        return cls(searcher=Searcher(progress=False, warm_langs=warm_langs, checked=checked), kb=kb,
                   scenarios=ScenarioLibrary(kb))

    def __post_init__(self):
        self.printed = PrintedIds(self.kb)
        self._rows = {d.id: i for i, d in enumerate(self.searcher.index.docs)}
        self.names = {gid: info.title for gid, info in self.kb.corpus.games.items()}
        self._vocabulary: frozenset | None = None

    def _known_words(self) -> frozenset:
        if self._vocabulary is None:        # once, on the first question (not at start-up)
            self._vocabulary = scope.known_words(self.searcher.index.bm25)
        return self._vocabulary

    def game_name(self, game: str) -> dict:
        return dict(self.names.get(game) or {"ko": game, "en": game})

    # -- the answer ------------------------------------------------------------------------------------
    def answer(self, question: str, game: str | None = None) -> dict:
        from kb.search.analyzers import detect_lang
        from kb.search.searcher import check_game, validate_query

        text = validate_query(question, require_words=False)
        check_game(game)
        out = {"question": text, "lang": detect_lang(text), "game": game, "game_name": None, "answer": None,
               "notice": None, "notices": [], "alternatives": [], "citations": [], "example": None}
        if not any(ch.isalnum() for ch in text):         # "???": nothing a rulebook could answer
            out["notices"].append({"kind": "out_of_scope", **scope.NOTICE})
            return _finish(out)
        result = self.searcher.search(question, game=game, k=CANDIDATES)
        lang = result.lang
        mentioned = self.printed.mentions(question)
        unknown = self.printed.unknown(question, game)
        if unknown:
            out["notices"].append({"kind": "unknown_id", **self.printed.notice(unknown, game)})
            if len(unknown) == len(mentioned):      # only ids that do not exist: nothing to answer
                return _finish(out)
        signals = scope.features(result, self._known_words(),
                                 known_ids=len(mentioned) - len(unknown))
        model = scope.load_model(self.searcher.embedder.name)
        out["scope"] = {"signals": signals,
                        "p_in_scope": round(model.probability(signals), 4) if model else None}
        if not result.hits or (model is not None and not model.in_scope(signals)):
            out["notices"].append({"kind": "out_of_scope", **scope.NOTICE})
            return _finish(out)

        chosen, alternatives = self._choose_game(result, game)
        candidates = [h for h in result.hits if h.doc.game == chosen]
        ranked = selection.rank(result, candidates, self.searcher.index.part_tokens, question, lang)
        top = ranked[0].doc
        answer = self._entry_view(top, question, lang)
        answer["game"] = chosen
        answer["game_name"] = self.game_name(chosen)
        # the page: the best PAGE candidates after the answer — its own section's as details (an overview
        # seldom holds the number asked), the others as "also relevant" (a near miss of the ranking is
        # then still on the page, with its key sentence)
        page = [h for h in ranked[1:PAGE] if not selection.is_repeat(h.doc, top)]
        answer["details"] = [self._detail(h.doc, question, lang) for h in page
                             if h.doc.section and h.doc.section == top.section][:MAX_DETAILS]
        shown = {top.id, *(d["rule_id"] for d in answer["details"])}
        also = [self._detail(h.doc, question, lang) for h in page if h.doc.id not in shown][:MAX_ALSO]
        answer["also_relevant"] = also
        out.update(game=chosen, game_name=self.game_name(chosen), answer=answer)
        if alternatives:
            out["alternatives"] = alternatives
            out["notices"].append(_notice("guessed", game=self.game_name(chosen)))
        # every rule on the page is cited (answer, details, also relevant), then the next best candidates
        on_page = [top.id, *(d["rule_id"] for d in answer["details"]), *(d["rule_id"] for d in also)]
        by_id = {h.doc.id: h for h in ranked}
        cited_hits = [by_id[i] for i in on_page] + [h for h in ranked if h.doc.id not in on_page]
        out["citations"] = [dict(h.to_json(), section=h.doc.title)
                            for h in cited_hits[:max(CITATIONS, len(on_page))]]
        # an example from the answer's own game and mode: a two-player question is not answered by a
        # Botankhamun scenario that merely ranked among the citations (and vice versa)
        cited = [h.doc.id for h in ranked if is_solo(h.doc.section) == is_solo(top.section)]
        example, why_not = self.example(question, chosen, cited, lang)
        out["example"] = example
        if why_not:
            out["notices"].append(why_not)
        return _finish(out)

    def _choose_game(self, result, game: str | None) -> tuple[str, list[dict]]:
        """The answer's game, and the other games' best rules when the question did not name a game
        and they score close to the top."""
        top = result.hits[0]
        if game is not None or result.game is not None:
            return top.doc.game, []
        best: dict[str, object] = {}
        for hit in result.hits:
            best.setdefault(hit.doc.game, hit)
        alternatives = [{"game": g, "game_name": self.game_name(g), "rule_id": h.doc.id, "title": h.doc.title,
                         "score": round(float(h.score), 6)}
                        for g, h in best.items()
                        if g != top.doc.game and h.score >= ALTERNATIVE_RATIO * top.score]
        return top.doc.game, alternatives

    def _entry_view(self, doc, question: str, lang: str) -> dict:
        entry = self.kb.entry(doc.id)
        other = "en" if lang == "ko" else "ko"
        text_lang = lang if doc.text.get(lang) else other
        other_lang = other if text_lang == lang else lang
        return {
            "rule_id": doc.id,
            "lang": text_lang,
            "text": doc.text.get(text_lang),
            "origin": doc.origin.get(text_lang),
            "key_sentence": self._key(doc, question, text_lang),
            "other": {"lang": other_lang, "text": doc.text.get(other_lang), "origin": doc.origin.get(other_lang)},
            "title": doc.title,
            "section_path": [{"id": s.id, "ko": s.title.ko, "en": s.title.en}
                             for s in self.kb.section_path(getattr(entry, "section", None))],
            "edition_diff": ({"ko": entry.edition_diff.ko, "en": entry.edition_diff.en}
                             if entry is not None and entry.edition_diff else None),
            "related": list(getattr(entry, "related", []))[:8],
            "missing": [m.model_dump(mode="json") for m in getattr(entry, "missing", [])],
            "errata": [e.model_dump(mode="json") for e in getattr(entry, "errata", [])],
        }

    def _detail(self, doc, question: str, lang: str) -> dict:
        text_lang = lang if doc.text.get(lang) else ("en" if lang == "ko" else "ko")
        text = doc.text.get(text_lang) or ""
        return {"rule_id": doc.id, "game": doc.game, "title": doc.title, "lang": text_lang, "text": text,
                "origin": doc.origin.get(text_lang), "key_sentence": self._key(doc, question, text_lang)}

    def _key(self, doc, question: str, lang: str) -> str:
        """key_sentence with the sentences' words as the index analysed them (no analysis per answer)."""
        row = self._rows.get(doc.id)
        parts = self.searcher.index.part_tokens.get(lang) if row is not None else None
        return key_sentence(doc.text.get(lang) or "", question, lang, parts[row][1] if parts else None)

    # -- the example -----------------------------------------------------------------------------------
    def example(self, question: str, game: str, cited: list[str], lang: str = "en") -> tuple[dict | None, dict | None]:
        """(example, notice): the best scenario of the answer's game for the cited rules — one built from
        the question's numbers when it carries some, else one linked to the highest-ranked rule that has
        one, played under the asker's edition where the editions differ (a Korean question about P19 is
        answered by the Korean rule, so its example must be too). Never another game's."""
        from engine.api import ScenarioError
        from engine.scenarios import run

        name = self.game_name(game)
        if not registry.has_engine(game):
            return None, _notice("no_engine", game=name)
        engine = registry.get(game)
        cited = [c for c in cited if c.startswith(f"{game}/")]
        built = engine.example_from_question(question, cited, lang)
        spec, number_notice = (built.spec, built.notice) if built else (None, None)
        if spec is None:
            for rule_id in cited[:3]:
                rule = self.kb.entry(rule_id)
                linked = [self.scenarios[s] for s in getattr(rule, "scenarios", []) if s in self.scenarios]
                if isinstance(rule, (Rule, Card)) and linked:
                    spec = next((sc for sc in linked if scenario_edition(sc) == lang), linked[0])
                    break
        if spec is None:
            notice = _notice("no_example", game=name)
            if number_notice:
                notice = {"kind": "number", "en": number_notice["en"], "ko": number_notice["ko"]}
            return None, notice
        try:
            result = run(engine, spec)
        except ScenarioError:
            return None, _notice("example_failed", game=name)
        data = result.to_json()
        data["title"] = spec.get("title")
        data["from_question"] = "/from-question/" in spec["id"]
        data["narrative"] = narrate.narrate(engine, data, lang)
        registry_facts = engine.facts()
        data["facts_used"] = [{"path": p, "source": f.source if (f := registry_facts.get(p)) else "assumed",
                               "explain": f.explain(lang) if f else ""} for p in result.facts_used]
        data["assumed"] = list(result.facts_used)
        if number_notice:
            data["notice"] = number_notice
        return data, ({"kind": "number", **number_notice} if number_notice else None)


def _finish(out: dict) -> dict:
    """The contract's single `notice`: every notice's sentences, in each language."""
    if out["notices"]:
        out["notice"] = {lang: " ".join(n[lang] for n in out["notices"]) for lang in ("ko", "en")}
    return out


def key_sentence(text: str, question: str, lang: str, sentence_tokens: list | None = None) -> str:
    """The sentence of the rule that shares the most content words with the question; for a table, the
    row whose first cell covers a number in the question (the whole table when none does: a header
    row alone says nothing)."""
    if tables.is_table(text):
        return tables.row_for(text, question) or text.strip()
    parts = sentences(text)
    if len(parts) <= 1:
        return text.strip()
    asked = set(analyze(question, lang))
    surface = selection.grams(question)
    if sentence_tokens is None or len(sentence_tokens) != len(parts):
        sentence_tokens = [analyze(s, lang) for s in parts]
    # content words first; the surface (a particle, "tie" in "tied") breaks a tie; then reading order
    scored = [(len(asked & set(tokens)), len(surface & selection.grams(s)), -i, s)
              for i, (s, tokens) in enumerate(zip(parts, sentence_tokens))]
    return max(scored)[3]


@lru_cache(maxsize=1)
def default_assistant() -> Assistant:
    return Assistant.create()


def answer(question: str, game: str | None = None) -> dict:
    """Answer a rules question (Korean or English). Raises QueryError for unusable questions."""
    return default_assistant().answer(question, game)


__all__ = ["Assistant", "QueryError", "answer", "default_assistant", "key_sentence"]
