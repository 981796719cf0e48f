"""The rules assistant: question → the rule that answers it (in the question's language, the other
edition beside it), its game named, citations, and an example the answer's own game engine just ran
and checked — or a plain notice why there is no answer or no example.

Nothing here writes rule text: every sentence shown as the rulebook's is the KB's official text, and a
translation is labelled as such (origin "translation").

The question is read once (app/core/question.py: its language, words, glossary terms, embedding,
numbers, printed ids, the game it names) and that reading is what every step judges. The order of
judgement, each step with its own module:
  1. printed ids that do not exist (app/core/printed_ids.py) → declined with the ranges that do exist;
  2. out of scope (app/core/scope.py) → declined: "these rulebooks do not answer that";
  3. the game: given, or the top rule's game — with the other games' best answers when they are close
     (a game-less "who wins a tie?" has an answer in several games);
  4. the answer among that game's candidates (app/core/selection.py), its section's details and the best
     rules of its other sections ("also relevant");
  5. the example, only ever from the answer's game (engine.registry), played under the asker's
     edition, narrated in the asker's language (app/core/narrate.py).
"""
from __future__ import annotations

import gc
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine import registry
from kb.models import Card, Rule
from kb.search.analyzers import analyze
from kb.search.documents import sentences
from kb.search.searcher import Hit, QueryError, Searcher, check_game, validate_query
from kb.store import KnowledgeBase

from . import examples, scope, selection, settle, short_answer, tables
from .answers import AnswerCache, size_from_env
from .card_names import names_of
from .printed_ids import PrintedIds
from .question import Question, from_query


CANDIDATES = 20          # hits the answer is chosen from (the top 5 hold the answer ~98% of the time)
PAGE = 7                 # the answer and the next best candidates shown with it (measured: README)
MAX_DETAILS = 3          # rules of the answer's own section (an overview seldom holds the number asked)
MAX_ALSO = 4             # the other candidates on the page
MAX_EXCEPTIONS = 4       # the rules and cards that override the answer, shown under it
MAX_KIND_RULES = 4       # a card's answer: the rules that govern its kind
CITATIONS = 5
# A game-less question whose words do not decide the game: every other game whose best rule scores at
# least this share of the chosen game's is offered beside the answer, with the notice (a game whose
# best rule scores lower answers some other question).
ALTERNATIVE_RATIO = 0.6

# Questions answered once by `Assistant.warm`: they load what the first answer of each language, each game and
# a game-less question would otherwise load on a client's time (~0.5-2 s each when cold).
WARM_UP = (("Can gray dice be used to Produce Resources?", None), ("회색 주사위로 자원을 생산할 수 있어?", None),
           ("How many VP do I lose with a balance of -7?", "tekhenu"),
           ("병사가 10개 넘으면 어떻게 돼?", "tekhenu-time-of-set"),
           ("개인창고에 석재를 몇 개까지 둘 수 있어?", "imhotep"),
           ("Can I have two wonders under construction at once?", "through-the-ages"))

NOTICES = {
    "no_engine": {"en": "There is no rules engine for {game} yet, so this answer has no checked example.",
                  "ko": "{game}의 규칙 엔진이 아직 없어 이 답변에는 검증된 예시가 없습니다."},
    "no_example": {"en": "The {game} engine has no example for this rule.",
                   "ko": "{game} 엔진에는 이 규칙의 예시가 없습니다."},
    "example_failed": {"en": "The {game} engine could not play the example for this rule, so none is shown.",
                       "ko": "{game} 엔진이 이 규칙의 예시를 실행하지 못해 예시를 보이지 않습니다."},
    "kind_example": {"en": "No example plays {card} itself yet: the example below plays another card of its kind.",
                     "ko": "{card}을(를) 직접 쓰는 예시는 아직 없습니다. 아래 예시는 같은 종류의 다른 카드를 보여 줍니다."},
    # said whether the rule has no scenario or has only ones that show less of the question than this one
    "related_example": {"en": "The example below shows a related case, \u201c{example}\u201d, not this rule itself.",
                        "ko": "아래 예시는 이 규칙 자체가 아니라 관련된 경우인 \u2018{example}\u2019을(를) 보여 줍니다."},
    "guessed": {"en": "The question does not say which game it is about: this is {game}'s rule. "
                      "Other games answer it too (below).",
                "ko": "어느 게임에 대한 질문인지 알 수 없어 {game}의 규칙으로 답했습니다. 다른 게임의 답도 아래에 있습니다."},
}


def _verified(engine, spec: dict, lang: str) -> bool:
    """Whether the engine plays a scenario under the asker's edition with every check holding (whatever it raises
    on a setup it was not stored with is a no, as in `examples.play_narrated`)."""
    try:
        played = examples.play(engine, spec, lang, [])
    except Exception:  # noqa: BLE001 - see the docstring
        return False
    return played is not None and played.result.verified


def _seats(engine, spec: dict) -> int | None:
    """The player count a scenario's situation is set up with (its own, or the game's runner's default)."""
    try:
        return engine.state_to_json(engine.scenario_setup(spec).state).get("players")
    except Exception:  # noqa: BLE001 - a scenario that cannot be set up is never reseated
        return None


def plays_rule(example: dict, rule_id: str) -> bool:
    """Whether an example plays the rule itself: a scenario of the rule, one built from the question, or one of
    the scenarios of the ruling that settled the case."""
    return (rule_id in (example.get("rule_ids") or []) or bool(example.get("from_question"))
            or example.get("scenario_id") in (example.get("ruling_scenarios") or []))


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
        """`warm_langs`: the analysers to load ahead (a one-question process needs only its own).

        What is loaded by then (the KB, the index, the modules: ~230,000 objects the cyclic garbage collector
        tracks) lives as long as the process, so it is moved out of the collector's reach (gc.freeze): a full
        collection no longer walks it — one set off by a question's allocations took 0.2-0.4 s (once inside a
        fresh process's first answer, now and then in a warm one), and the one at exit 0.15-0.25 s. Objects
        frozen are still freed by reference counting (an assistant dropped leaves no cycle behind: measured, a
        collection after it finds nothing); only a cycle among them would outlive its use."""
        from .scenario_files import ScenarioLibrary, checked_kb

        checked = checked_kb()      # what kb check passes, or KbLoadError with its problems
        kb = checked.kb()
        assistant = cls(searcher=Searcher(progress=False, warm_langs=warm_langs, checked=checked), kb=kb,
                        scenarios=ScenarioLibrary(kb))
        gc.freeze()
        return assistant

    def __post_init__(self):
        self.printed = PrintedIds(self.kb)
        self._rows = {d.id: i for i, d in enumerate(self.searcher.index.docs)}
        self._weights: dict[str, dict[str, float]] = {}
        self.names = {gid: info.title for gid, info in self.kb.corpus.games.items()}
        self.base_games = {gid: info.base_game or gid for gid, info in self.kb.corpus.games.items()}
        self._vocabulary: frozenset | None = None
        self._families: dict | None = None
        self._seated: dict[str, int | None] = {}     # a stored scenario's player count as set up (it never changes)
        self.answers = AnswerCache(size_from_env())
        self.settler = settle.Settler(self.kb, self.searcher.index, embed=self.searcher.embedder.query)

    def warm(self) -> None:
        """Read ahead what a question would otherwise read on first use: WARM_UP's answers (the analysers'
        tables, the word weights, each engine's data and vocabulary), then every stored scenario as its
        game's vocabulary reads it. A long-running server calls it once at start-up (the HTTP API before its
        first client, the page in the background), so that no player's question pays a first read (an
        engine's load 0.1-0.9 s, a scenario's reading a few ms each: docs/measurements.md); a one-question
        process (`arbiter ask`) does not, for it would only wait longer. What it reads is what the answers
        read, nothing else; calling it twice reads nothing again."""
        for question, game in WARM_UP:
            self.answer(question, game)
        for game in self.kb.games:
            vocabulary = self.vocabulary(game)
            if vocabulary is None:
                continue
            for spec in self.scenarios.of_game(game):
                vocabulary.shown(spec, lasting=True)
                vocabulary.described(spec, lasting=True)
        self.settler.side_encoder.get()
        self.settler.case_reader.get()

    def _family_words(self) -> dict:
        if self._families is None:          # once, on the first question without a game
            self._families = family_words(self.searcher.index, self.base_games)
        return self._families

    def _known_words(self) -> frozenset:
        if self._vocabulary is None:        # once, on the first question (not at start-up)
            self._vocabulary = scope.known_words(self.searcher.index.bm25)
        return self._vocabulary

    def game_name(self, game: str) -> dict:
        return dict(self.names.get(game) or {"ko": game, "en": game})

    # -- the question ----------------------------------------------------------------------------------
    def read(self, question: str, game: str | None = None) -> Question:
        """The question read once for every step of its answer (QueryError: unusable, or an unknown game).
        A question of symbols only ("???") is read, not refused: the answer declines it."""
        query = self.searcher.read(question, require_words=False)
        check_game(game)
        named = choose_game(query.tokens, self._family_words().get(query.lang, {})) if game is None else None
        return from_query(query, game, self.printed.mentions(query.text), named)

    # -- the answer ------------------------------------------------------------------------------------
    def answer(self, question: "str | Question", game: str | None = None) -> dict:
        """The answer page's record for a question: its text (and `game`; a question asked before is
        answered from `answers`), or its reading by `read`, which carries its game."""
        if isinstance(question, Question):
            return self._answer(question)
        text = validate_query(question, require_words=False)
        check_game(game)
        return self.answers.get_or_answer((text, game), lambda: self._answer(self.read(text, game)))

    def _answer(self, q: Question) -> dict:
        game, lang = q.game, q.lang
        out = {"question": q.text, "lang": lang, "game": game, "game_name": None, "answer": None,
               "notice": None, "notices": [], "alternatives": [], "citations": [], "example": None}
        if not any(ch.isalnum() for ch in q.text):         # "???": nothing a rulebook could answer
            out["notices"].append({"kind": "out_of_scope", **scope.NOTICE})
            return _finish(out)
        result = self.searcher.search(q.query, game=game, k=CANDIDATES)
        unknown = self.printed.unknown(q.printed_ids, game)
        if unknown:
            out["notices"].append({"kind": "unknown_id", **self.printed.notice(unknown, game)})
            if len(unknown) == len(q.printed_ids):      # only ids that do not exist: nothing to answer
                return _finish(out)
        signals = scope.features(result, self._known_words(), q, known_ids=len(q.printed_ids) - len(unknown))
        model = scope.load_model(self.searcher.embedder.name)
        out["scope"] = {"signals": signals,
                        "p_in_scope": round(model.probability(signals), 4) if model else None}
        # a question about one card itself ("미켈란젤로 카드 효과가 뭐야?"): that card answers it, in its game
        asked_card = self.asked_card(q)
        if asked_card is None and (not result.hits or (model is not None and not model.in_scope(signals))):
            out["notices"].append({"kind": "out_of_scope", **scope.NOTICE})
            return _finish(out)

        chosen, alternatives = (asked_card[0].game, []) if asked_card and game is None else self._choose_game(result, q)
        candidates = [h for h in result.hits if h.doc.game == chosen]
        if game is None and len(candidates) < selection.DEPTH:
            # the words chose a game whose rules ranked low among all games': its own search
            result = self.searcher.search(q.query, game=chosen, k=CANDIDATES)
            candidates = list(result.hits)
        ranked, confidence = selection.rank_scored(result, candidates, self.searcher.index, q)
        ranked = self._rule_before_example(ranked)
        if asked_card:
            ranked = self._card_first(asked_card, ranked, result)
            confidence = 1.0        # chosen by the name the question writes, not by the selection's weights
        # the case asked, settled by a ruling of the best rules (or of the rules that override the first):
        # the rule whose sentence settles it is the answer, so the line on top and the rule under it agree
        settled, weighed = self._settle(q, chosen, ranked, confidence)
        if asked_card and settled is not None and settled.ruling.rule != ranked[0].doc.id:
            settled = None          # a question about the card itself: only a reading of the card settles it
        if settled is not None and settled.ruling.rule != ranked[0].doc.id:
            ranked = self._promote(ranked, settled.ruling.rule)
        top = ranked[0].doc
        answer = self._entry_view(top, q)
        answer["game"] = chosen
        answer["game_name"] = self.game_name(chosen)
        answer["confidence"] = round(confidence, 4)
        # the rules and cards that override the answer in a particular case, right under it
        answer["exceptions"] = self._exceptions(top, ranked, q)
        # a worked example of the rulebook that illustrates the answer goes right under it
        worked = next((h.doc for h in ranked[1:PAGE] if top.id in self.illustrated(h.doc.id)), None)
        answer["worked_example"] = self._detail(worked, q) if worked else None
        # the page: the best PAGE candidates after the answer — its own section's as details (an overview
        # seldom holds the number asked), the others as "also relevant" (a near miss of the ranking is
        # then still on the page, with its key sentence)
        shown = {top.id, *(e["rule_id"] for e in answer["exceptions"]), *([worked.id] if worked else [])}
        page = [h for h in ranked[1:PAGE] if not selection.is_repeat(h.doc, top) and h.doc.id not in shown]
        kind_rules = self._kind_rules(top, ranked, q)
        if kind_rules is not None:
            # a card of the catalogue: the rules that govern its kind (how a leader is elected and replaced, how a
            # wonder is built in stages...) are its details; the other cards of its name lead "also relevant"
            answer["details"], answer["details_kind"] = kind_rules, "card_rules"
            page = [h for h in ranked[1:] if h.doc.id in {c.id for c in asked_card or ()}] + page
        else:
            answer["details"] = [self._detail(h.doc, q) for h in page
                                 if h.doc.section and h.doc.section == top.section][:MAX_DETAILS]
        shown |= {d["rule_id"] for d in answer["details"]}
        also = [self._detail(h.doc, q) for h in {h.doc.id: h for h in page}.values() if h.doc.id not in shown][:MAX_ALSO]
        answer["also_relevant"] = also
        out.update(game=chosen, game_name=self.game_name(chosen), answer=answer)
        if alternatives:
            out["alternatives"] = alternatives
            out["notices"].append(_notice("guessed", game=self.game_name(chosen)))
        # every rule on the page is cited (answer, its exceptions and worked example, details, also
        # relevant), then the next best candidates
        on_page = [top.id, *(e["rule_id"] for e in answer["exceptions"]),
                   *([worked.id] if worked else []), *(d["rule_id"] for d in answer["details"]),
                   *(d["rule_id"] for d in also)]
        by_id = {h.doc.id: h for h in ranked}
        cited_hits = [by_id[i] for i in on_page if i in by_id] + [h for h in ranked if h.doc.id not in on_page]
        out["citations"] = [dict(h.to_json(), section=h.doc.title)
                            for h in cited_hits[:max(CITATIONS, len(on_page))]]
        # an example from the answer's own game and mode: a two-player question is not answered by a
        # Botankhamun scenario that merely ranked among the citations (and vice versa)
        cited = [h.doc.id for h in ranked if is_solo(h.doc.section) == is_solo(top.section)]
        if kind_rules is not None:       # the card's own examples first, then those of the rules of its kind
            cited = list(dict.fromkeys([top.id, *(d["rule_id"] for d in kind_rules), *cited]))
        # not settled: the scenarios of the answer rule's reading that fits the question best still play its case
        # before the rule's others, where they show as much of the question
        leaning = [] if settled is not None else next(
            (list(m.ruling.scenarios) for m in weighed if m.ruling.rule == top.id and m.ruling.scenarios), [])
        example, example_notices = self.example(q, chosen, cited, settled, leaning)
        out["example"] = example
        out["notices"] += example_notices
        card = self.kb.entry(top.id)
        if kind_rules is not None and example is not None and top.id not in (example.get("rule_ids") or []):
            out["notices"].append(_notice("kind_example", card=dict(card.name) if card.name else
                                          {"ko": card.printed_id, "en": card.printed_id}))
        elif example is not None and not plays_rule(example, top.id):
            # the example plays a neighbouring rule (the answer's own has no scenario): say so on the answer
            out["notices"].append(_notice("related_example", example=dict(example["title"])))
        answer["short"] = short_answer.short_answer(q, answer, example, settled=settled, kb=self.kb,
                                                    vocabulary=self.vocabulary(chosen))
        out["settle"] = settle_record(q, settled, weighed)
        return _finish(out)

    def _settle(self, q: Question, game: str, ranked: list, confidence: float = 0.0):
        """The case settled by a ruling of the ranked rules of the answer's game (or of the first rule's
        exceptions), and the rulings weighed; `confidence`, the selection's probability that the first is the
        answer."""
        kind = settle.question_kind(q)
        if kind is None or not ranked:
            return None, []
        vocabulary = self.vocabulary(game)
        first = self.kb.entry(ranked[0].doc.id)
        exceptions = [e for e in getattr(first, "exceptions", []) or [] if e in self._rows]
        settled, weighed = self.settler.settle(q, kind, [h.doc.id for h in ranked], exceptions, vocabulary,
                                               confidence=confidence)
        if settled is None and kind == "how_many" and not settle.asks_total(q.text):
            settled = self._settle_parts(q, game)
        return settled, weighed

    def _settle_parts(self, q: Question, game: str):
        """Several numbers asked at once ("빵 몇 개 갖고 몇 점 받아?", "사제랑 병사 몇으로 시작해?") that no one reading
        answers: each asked on its own, after the question's scene, and found and settled as a question of its own;
        an answer only where every part is settled. Not a total ("합쳐서 몇 점?"): that is two readings added up."""
        parts = []
        for text, piece in settle.question_parts(q.text, q.lang):
            part = self.read(text, game)
            result = self.searcher.search(part.query, game=game, k=CANDIDATES)
            ranked, confidence = selection.rank_scored(result, list(result.hits), self.searcher.index, part)
            ranked = self._rule_before_example(ranked)
            if settle.question_kind(part) != "how_many" or not ranked:
                return None
            settled, _ = self._settle(part, game, ranked, confidence)
            # each part answered by a reading of what it counts, not by its neighbour's ("…몇 개랑 시민 행동 몇 개
            # 들어?": the stage's resources are no count of civil actions): every word of the thing counted is
            # in the reading's unit or claim
            counted = settle.counted_words(piece, q.lang)
            if settled is None or not settle.counts(settled.ruling, counted, q.lang):
                return None
            parts.append(settled)
        return settle.several(parts)

    def vocabulary(self, game: str):
        """What a question about the game can name (engine/<game>/data/vocabulary.yaml); None without an
        engine."""
        return registry.get(game).vocabulary() if registry.has_engine(game) else None

    def _promote(self, ranked: list, rule_id: str) -> list:
        """The ranked candidates with `rule_id` first (a search hit made for it when it ranked below them:
        an exception of the first rule)."""
        from kb.search.searcher import Hit

        hit = next((h for h in ranked if h.doc.id == rule_id), None)
        if hit is None:
            row = self._rows[rule_id]
            hit = Hit(self.searcher.index.docs[row], ranked[0].score, row)
        return [hit, *(h for h in ranked if h is not hit)]

    # -- questions about a card ------------------------------------------------------------------------------
    def asked_card(self, question: Question) -> tuple | None:
        """The cards a question is about when it asks about one card itself — it names one card (or the cards that
        share that name, every age of Frugality) and uses no other content word than a question about a card does
        (app/core/data/card_question_words.yaml) — the one of the age it names first; else None."""
        names = names_of(self.kb)
        mentions = names.mentions(question.text, question.game)
        named = {m.form for m in mentions}
        games = {c.game for m in mentions for c in m.cards}
        if not mentions or len({_card_name(c) for m in mentions for c in m.cards}) != 1 or len(games) != 1:
            return None
        rest, cut = question.text, 0
        for m in mentions:
            rest = rest[:m.start - cut] + " " + rest[m.end - cut:]
            cut += (m.end - m.start) - 1
        words = set(analyze(rest, question.lang))
        allowed = _about_card_words()[question.lang]
        if words - allowed - named:
            return None
        cards = list({c.id: c for m in mentions for c in m.cards}.values())
        age = next((a for a in _ages_named(question.text)
                    if any(c.catalogue and c.catalogue.age == a for c in cards)), None)
        if age:
            cards.sort(key=lambda c: 0 if c.catalogue and c.catalogue.age == age else 1)
        return tuple(cards)

    def _card_first(self, cards: tuple, ranked: list, result) -> list:
        """The asked card on top (its search hit, or one made for it when the search did not rank it)."""
        card = cards[0]
        hit = next((h for h in ranked if h.doc.id == card.id), None)
        if hit is None and card.id in self._rows:
            row = self._rows[card.id]
            score = float(result.fused[row]) if result.fused is not None else 0.0
            hit = Hit(doc=self.searcher.index.docs[row], score=score, row=row)
        if hit is None:
            return ranked
        others = [Hit(doc=self.searcher.index.docs[self._rows[c.id]], score=hit.score, row=self._rows[c.id])
                  for c in cards[1:] if c.id in self._rows and all(h.doc.id != c.id for h in ranked)]
        return [hit, *(h for h in ranked if h.doc.id != card.id), *others]

    def _kind_rules(self, top, ranked: list, question: Question) -> list[dict] | None:
        """For a card of the catalogue: the rules that govern its kind (its KB `related`), those the search ranked
        for this question first; None for any other answer."""
        entry = self.kb.entry(top.id)
        if not isinstance(entry, Card) or entry.catalogue is None:
            return None
        listed = [r for r in entry.related if isinstance(self.kb.entry(r), Rule) and r in self._rows]
        rank_of = {h.doc.id: i for i, h in enumerate(ranked)}
        ordered = sorted(listed, key=lambda i: (rank_of.get(i, len(ranked)), listed.index(i)))
        return [self._detail(self.searcher.index.docs[self._rows[i]], question) for i in ordered[:MAX_KIND_RULES]]

    def _rule_before_example(self, ranked: list) -> list:
        """A worked example is shown under the rule it illustrates, never above it: when the example
        ranks first and a rule it illustrates is among the candidates shown, that rule leads (the
        example follows it as its worked example)."""
        illustrated = self.illustrated(ranked[0].doc.id) if ranked else []
        rule = next((h for h in ranked[1:PAGE] if h.doc.id in illustrated), None)
        if rule is None:
            return ranked
        return [rule, ranked[0], *(h for h in ranked[1:] if h is not rule)]

    def illustrated(self, entry_id: str) -> list[str]:
        """The rules a worked example illustrates (the KB's `illustrates`)."""
        return list(getattr(self.kb.entry(entry_id), "illustrates", []) or [])

    def _exceptions(self, top, ranked: list, question: Question) -> list[dict]:
        """The answer's exceptions from the KB's links: those the search ranked for this question
        first, then the others in the KB's order."""
        listed = list(getattr(self.kb.entry(top.id), "exceptions", []) or [])
        if not listed:
            return []
        rank_of = {h.doc.id: i for i, h in enumerate(ranked)}
        ordered = sorted(listed, key=lambda i: (rank_of.get(i, len(ranked)), listed.index(i)))
        docs = [self.searcher.index.docs[self._rows[i]] for i in ordered if i in self._rows]
        return [self._detail(d, question) for d in docs[:MAX_EXCEPTIONS]]

    def _choose_game(self, result, question: Question) -> tuple[str, list[dict]]:
        """The answer's game, and — when the question's own words do not decide it — the other games
        that answer it too (each with its best rule), offered every time."""
        if question.game is not None:
            return question.game, []
        decided = question.named_family
        chosen = self.family_game(decided or result.hits[0].doc.game, question)
        if decided:
            return chosen, []
        top = next((h for h in result.hits if h.doc.game == chosen), result.hits[0])
        best: dict[str, object] = {}
        for hit in result.hits:
            best.setdefault(hit.doc.game, hit)
        alternatives = [{"game": g, "game_name": self.game_name(g), "rule_id": h.doc.id, "title": h.doc.title,
                         "score": round(float(h.score), 6)}
                        for g, h in best.items() if g != chosen and h.score >= ALTERNATIVE_RATIO * top.score]
        return chosen, alternatives

    def family_game(self, game: str, question: Question) -> str:
        """Within a base game and its expansion, the expansion only when the question says something
        only the expansion has (its own terms or card ids); the expansion's KB restates many base rules."""
        return family_game(game, question.terms, self.searcher.glossary, self.base_games)

    def _entry_view(self, doc, question: Question) -> dict:
        entry = self.kb.entry(doc.id)
        lang = question.lang
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

    def _detail(self, doc, question: Question) -> dict:
        lang = question.lang
        text_lang = lang if doc.text.get(lang) else ("en" if lang == "ko" else "ko")
        text = doc.text.get(text_lang) or ""
        return {"rule_id": doc.id, "game": doc.game, "title": doc.title, "lang": text_lang, "text": text,
                "origin": doc.origin.get(text_lang), "key_sentence": self._key(doc, question, text_lang)}

    def _key(self, doc, question: Question, lang: str) -> str:
        """key_sentence with the sentences' words as the index analysed them (no analysis per answer)."""
        row = self._rows.get(doc.id)
        parts = self.searcher.index.part_tokens.get(lang) if row is not None else None
        tokens = parts[row][1] if parts else None
        text = doc.text.get(lang) or ""
        if doc.origin.get(lang) == "description":
            # a card's description: its first line is its age and kind, never what answers (the key is a value)
            text, tokens = text.split("\n", 1)[-1], (tokens[1:] if tokens else None)
        return key_sentence(text, question, lang, tokens, self._word_weights(lang))

    def _word_weights(self, lang: str) -> dict[str, float]:
        """How telling each word of the rules is (log N/df over the rules' sentences and titles): "Forbidden"
        decides which sentence answers "Can I take a Forbidden die on my turn?", "turn" and "take" do not."""
        weights = self._weights.get(lang)
        if weights is None:
            docs = self.searcher.index.part_tokens.get(lang) or []
            df: dict[str, int] = {}
            for title, sentence_parts, _asked in docs:
                for token in set(title).union(*map(set, sentence_parts)):
                    df[token] = df.get(token, 0) + 1
            n = max(len(docs), 1)
            weights = self._weights[lang] = {t: math.log((n + 1) / (c + 0.5)) for t, c in df.items()}
        return weights

    # -- the example -----------------------------------------------------------------------------------
    def example(self, question: Question, game: str, cited: list[str],
                settled: "settle.Settled | None" = None, leaning: list[str] = ()) -> tuple[dict | None, list[dict]]:
        """(example, notices): of the scenarios of the answer's game for the cited rules — one built from
        what the question names (its objects and numbers), those linked to the first cited rules and to
        the answer's section — the one that shows most of what the question asks, played under the
        asker's edition where the editions differ. Never another game's. The notices say on the answer what
        the example could not show and why, and where the two rulebooks end the example differently."""
        name = self.game_name(game)
        if not registry.has_engine(game):
            return None, [_notice("no_engine", game=name)]
        engine = registry.get(game)
        lang = question.lang
        cited = [c for c in cited if c.startswith(f"{game}/")]
        vocabulary = self.vocabulary(game)
        asked = question.asked(vocabulary)
        built = engine.example_from_question(asked, cited)
        refusal = {"kind": "number", **built.notice} if built is not None and built.notice else None
        ruled = [s for s in (settled.ruling.scenarios if settled is not None else []) if s.startswith(f"{game}/")]
        candidates = self._example_candidates(built, cited, ruled, [s for s in leaning if s.startswith(f"{game}/")])
        chosen, candidates = examples.choose_reseated(
            asked, vocabulary, candidates, engine.info.min_players, engine.info.max_players,
            lambda spec: _verified(engine, spec, lang), lambda spec: self._stored_seats(engine, spec))
        notices = [refusal] if refusal else []
        if chosen is None:
            skipped = examples.substitutes_only(asked, vocabulary, candidates)
            if skipped:
                notices.append(examples.no_example_of(skipped))
            elif not refusal:
                notices.append(_notice("no_example", game=name))
            return None, notices
        # (a case that wrote no count and was set up for the asked one all along says nothing of it)
        if chosen.reseated_from is not None and chosen.reseated_from != chosen.spec["setup"][examples.PLAYERS]:
            notices.append(examples.reseated_notice(chosen.reseated_from, chosen.spec["setup"][examples.PLAYERS]))
        shown = examples.play_narrated(engine, chosen.spec, lang, self._edition_diffs(chosen.spec, cited[:1]))
        if shown is None:
            return None, notices + [_notice("example_failed", game=name)]
        played, data = shown
        data["from_question"] = "/from-question/" in played.spec["id"]
        data["assumed"] = list(played.result.facts_used)
        data["asked"] = examples.asked_json(asked)
        data["missing"] = examples.missing_json(chosen.missing)
        data["edition"] = played.edition
        data["ruling_scenarios"] = ruled
        if refusal:
            data["notice"] = {"en": refusal["en"], "ko": refusal["ko"]}
        if chosen.missing and not examples.explained(chosen.missing, refusal):
            notices.append(examples.not_honoured(chosen.missing))
        if played.edition_notice:
            notices.append(played.edition_notice)
        return data, notices

    def _stored_seats(self, engine, spec: dict) -> int | None:
        """`_seats` of a stored scenario, set up once (a few ms each; a question that names a player count asks it
        of every candidate that writes no count)."""
        if spec["id"] not in self._seated:
            self._seated[spec["id"]] = _seats(engine, spec)
        return self._seated[spec["id"]]

    def _example_candidates(self, built, cited: list[str], ruled: list[str] = (),
                            leaning: list[str] = ()) -> list[examples.Candidate]:
        """The examples the answer could show, in the order a tie is broken: the scenarios of the ruling that
        settles the case, the one built from the question, then the scenarios linked to the first cited
        rules (the asker's edition first within a rule), then those of further cited rules (of another
        section: only where one shows all the question names and none before it does)."""
        out = []
        seen = set()
        # the settling ruling's cases; else those of the answer rule's best-fitting reading, first among equals
        for sid, is_ruled in [*((sid, True) for sid in ruled), *((sid, False) for sid in leaning)]:
            spec = self.scenarios.get(sid) if sid not in seen else None
            if spec is not None and (is_ruled or (cited and cited[0] in spec.get("rules", []))):
                seen.add(sid)
                out.append(examples.Candidate(spec, 0, ruled=is_ruled))
        section = getattr(self.kb.entry(cited[0]), "section", None) if cited else None

        def near(rank: int, rule) -> bool:
            return rank == 0 or (section is not None and getattr(rule, "section", None) == section)

        if built is not None and built.spec is not None:
            rank = cited.index(built.rule) if built.rule in cited else 0
            out.append(examples.Candidate(built.spec, rank, built=True,
                                          near=near(rank, self.kb.entry(cited[rank]) if cited else None)))
        for rank, rule_id in enumerate(cited[:examples.RULES_FOR_EXAMPLES]):
            rule = self.kb.entry(rule_id)
            if not isinstance(rule, (Rule, Card)):
                continue
            further = rank >= examples.FIRST_RULES and not near(rank, rule)
            for sid in getattr(rule, "scenarios", []):
                spec = self.scenarios.get(sid) if sid not in seen else None
                if spec is not None:
                    seen.add(sid)
                    out.append(examples.Candidate(spec, rank, further=further, near=near(rank, rule)))
        return out

    def _edition_diffs(self, spec: dict, answer_rules: list[str]) -> list[dict]:
        """The KB's edition differences of the example's rules and the answer's rule ({"ko", "en"} each)."""
        diffs = []
        for rule_id in [*answer_rules, *spec.get("rules", [])]:
            entry = self.kb.entry(rule_id)
            diff = getattr(entry, "edition_diff", None)
            if diff is not None and {"ko": diff.ko, "en": diff.en} not in diffs:
                diffs.append({"ko": diff.ko, "en": diff.en})
        return diffs


def expansion_words(terms, glossary, expansion: str) -> bool:
    """Whether the question uses a word or printed card id that only the expansion has."""
    from kb.search.glossary import card_id_game

    if any(card_id_game(cid) == expansion for cid in terms.card_ids):
        return True
    for m in terms.matches:
        key = ("ko:" + m.form) if m.lang == "ko" else ("en:" + m.form.lower())
        if glossary.games_of_form.get(key, {m.term.game}) == {expansion}:
            return True
    return False


def family_game(game: str, terms, glossary, base_games: dict[str, str]) -> str:
    """A game of the Tekhenu family resolved by the question's words: the expansion when it names
    something only the expansion has, else the base game."""
    base = base_games.get(game, game)
    expansions = [g for g, b in base_games.items() if b == base and g != base]
    for expansion in expansions:
        if expansion_words(terms, glossary, expansion):
            return expansion
    return base


def family_words(index, base_games: dict[str, str]) -> dict[str, dict[str, str]]:
    """Per language, each analysed word that only one game family's rules, cards and search questions
    use, with that family (a base game and its expansion are one family)."""
    out: dict[str, dict[str, str]] = {}
    for lang, parts in index.part_tokens.items():
        seen: dict[str, set] = {}
        for doc, (title, sentences_, asked) in zip(index.docs, parts):
            family = base_games.get(doc.game, doc.game)
            for token in {*title, *(t for s in sentences_ for t in s), *(t for a in asked for t in a)}:
                seen.setdefault(token, set()).add(family)
        out[lang] = {t: next(iter(f)) for t, f in seen.items() if len(f) == 1}
    return out


def choose_game(question_tokens: list[str], words: dict[str, str]) -> str | None:
    """The game family the question's own words decide: it uses words that only that family's rules
    use (and the others' none, or at most half as many); None when its words do not decide."""
    evidence: dict[str, int] = {}
    for token in set(question_tokens):
        if token in words:
            evidence[words[token]] = evidence.get(words[token], 0) + 1
    if not evidence:
        return None
    ranked = sorted(evidence.values(), reverse=True)
    if len(ranked) == 1:
        return max(evidence, key=evidence.get)
    return max(evidence, key=evidence.get) if ranked[0] >= 2 * ranked[1] and ranked[0] >= 2 else None


def settle_record(q: Question, settled, weighed: list) -> dict:
    """What settling weighed, for --json and the evaluation: the question's kind, the ruling chosen, and the
    best rulings' fit."""
    return {"kind": settle.question_kind(q),
            "ruling_id": settled.ruling.id if settled is not None else None,
            "weighed": [{"ruling_id": m.ruling.id, "side": m.side, "score": round(m.score, 4),
                         "dense": round(m.dense, 4), "lexical": round(m.lexical, 4), "side_gap": round(m.side_gap, 4)}
                        for m in weighed[:5]]}


@lru_cache(maxsize=1)
def _about_card_words() -> dict[str, frozenset]:
    from kb.yamlio import load_yaml

    data = load_yaml(Path(__file__).with_name("data") / "card_question_words.yaml", lines=False)
    return {lang: frozenset(str(w).lower() for w in data[lang]) for lang in ("ko", "en")}


def _card_name(card) -> str:
    return (card.name.en or card.name.ko) if card.name else card.printed_id


def _ages_named(text: str) -> list[str]:
    """The ages a question writes ("2시대", "Age II", "Frugality II"), in reading order."""
    words = {"a": "A", "1": "I", "2": "II", "3": "III", "i": "I", "ii": "II", "iii": "III"}
    found = re.findall(r"(?:\b[Aa]ge\s*(I{1,3}|A|[1-3])\b|([A1-3])\s*시대|\b(II{1,2})\b)", text)
    return [words[next(g for g in groups if g).lower()] for groups in found]


def _finish(out: dict) -> dict:
    """The contract's single `notice`: every notice's sentences, in each language."""
    if out["notices"]:
        out["notice"] = {lang: " ".join(n[lang] for n in out["notices"]) for lang in ("ko", "en")}
    return out


def key_sentence(text: str, question: Question, lang: str, sentence_tokens: list | None = None,
                 weights: dict[str, float] | None = None) -> str:
    """The sentence of the rule that shares the most content words with the question (each weighted by
    how telling it is, where `weights` gives it); for a table, the row whose first cell covers a number in
    the question (the whole table when none does: a header row alone says nothing)."""
    if tables.is_table(text):
        return tables.row_for(text, question.numbers) or text.strip()
    parts = sentences(text)
    if len(parts) <= 1:
        return text.strip()
    asked = set(question.words(lang))
    surface = question.grams
    if sentence_tokens is None or len(sentence_tokens) != len(parts):
        sentence_tokens = [analyze(s, lang) for s in parts]
    # content words first; the surface (a particle, "tie" in "tied") breaks a tie; then reading order
    def shared(tokens) -> float:
        common = asked & set(tokens)
        return round(sum(weights.get(t, 1.0) for t in common), 6) if weights else len(common)

    surfaces = selection.sentence_grams(text)
    scored = [(shared(tokens), len(surface & grams), -i, s)
              for i, (s, tokens, grams) in enumerate(zip(parts, sentence_tokens, surfaces))]
    return max(scored)[3]


@lru_cache(maxsize=1)
def default_assistant() -> Assistant:
    return Assistant.create()


def answer(question: str, game: str | None = None) -> dict:
    """Answer a rules question (Korean or English). Raises QueryError for unusable questions."""
    return default_assistant().answer(question, game)


__all__ = ["Assistant", "QueryError", "answer", "default_assistant", "key_sentence"]
