"""Is the question about these rulebooks at all? ("asdkjh qwpoe", a chess question, "hello" are not.)

Search always returns *something*; whether it is an answer shows in how the evidence looks as a
whole: how close the best passage is in meaning (dense cosine), how strongly the best rule matches the
question's words (BM25, per question word), how many of the games' own terms the question uses, and
whether it names a printed card. A logistic model over those few signals decides; its weights and
threshold live in app/core/data/scope.json, fitted by scripts/calibrate_scope.py on questions written for
the purpose (eval/out_of_scope.yaml against the in-scope dev, tuning and held-out aid questions) and
checked on sets it never saw (eval/out_of_scope_test.yaml, eval/holdout_questions.yaml). The
threshold is set so that in-scope questions are almost never declined: a wrong "not in the
rulebooks" costs a player more than a weak answer they can see is weak.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from .question import Question

MODEL_FILE = Path(__file__).with_name("data") / "scope.json"
FEATURES = ("dense_max", "dense_margin", "bm25_per_word", "bm25_top", "game_terms", "content_words",
            "known_ids", "unknown_words", "about_the_product", "names_another_game")

# Questions about the product, not its rules: where to buy it and its price, sleeves, prints, apps,
# awards, ratings, "is it fun", "the best card/strategy", other games by its designers. Rulebooks never
# answer these. Kept narrow on purpose: a player asks "얼마야?" of costs, "보상 받아?" of rewards, "buy" of
# Artifacts and cards, "how old" of units, and "who designed Tekhenu?" is answered by its byline — each
# of those once declined an in-scope question (tests/test_trust.py checks the pattern against every
# in-scope question the project has).
PRODUCT = re.compile(
    r"\b(?:where|how) (?:can|do|should) (?:i|we|you) (?:buy|purchase|get a copy)|\bbuy (?:a |the |this )?(?:copy|game|box)\b"
    r"|\bshould i buy|어디서 (?:사|구매|구입)|파는 곳|구매처|구입처|중고로"
    r"|\bprice of (?:the|this) game|\bhow much (?:does|is) (?:tekhenu|imhotep|through the ages|time of seth|the game|this game)\b(?: cost)?\?*$"
    r"|게임 가격|(?:테케누|임호텝|쓰루 디 에이지스|세트의 시간|확장)\S* 가격|정가"
    r"|\bsleeves?\b|슬리브|\bawards?\b|수상|상 받은|\bspiel des jahres|\bonline\b|온라인|\bapps?\b|\b앱|어플|\bios\b|steam|스팀"
    r"|board game arena|\bbga\b|kickstarter|킥스타터|\bpromo|프로모|in print|절판|reprint|재판|\bbgg\b|boardgamegeek"
    r"|보드게임긱|\bweight rating|무게감|평점|copies sold|판매량|recommended (?:minimum )?age|몇 살부터|연령"
    r"|\bfun\b|재밌|재미있|\bbest (?:card|strategy|opening)|most powerful|최고의 (?:전략|카드|조합)|필승|전략 (?:좀 )?알려"
    r"|\bstrategy to win|\bexpansions? (?:are there|exist)|확장판 나온|other games|다른 게임"
    # the credits: only Tekhenu's rulebooks print them; the Imhotep and Through the Ages texts here do not
    r"|(?:임호텝|imhotep|쓰루|through the ages)\S*\s.*(?:디자인|디자이너|만든 사람|누가 만들|design|illustrat|그림)"
    r"|(?:design(?:ed|er)?|illustrat\w*|디자인\S*|디자이너\S*|만든 사람\S*)\s.*(?:임호텝|imhotep|쓰루|through the ages)",
    re.IGNORECASE)

NOTICE = {
    "en": "These rulebooks do not answer that question. Arbiter answers rules questions about Tekhenu: "
          "Obelisk of the Sun, its expansion Time of Seth, Through the Ages (2006) and Imhotep.",
    "ko": "이 규칙서들로는 답할 수 없는 질문입니다. Arbiter는 테케누: 태양의 오벨리스크, 확장 세트의 시간, "
          "쓰루 디 에이지스(2006), 임호텝의 규칙 질문에 답합니다.",
}


def known_words(bm25: dict) -> frozenset:
    """Every word the KB's lexical indexes know, in both languages: players mix them ("Blood token은 언제
    받아?"), and an English card term in a Korean question is not a word the rulebooks never use."""
    return frozenset().union(*(index.vocab_dict for index in bm25.values()))


def features(result, vocabulary, question: Question, known_ids: int = 0) -> dict[str, float]:
    """The signals of one question's search result (kb.search.searcher.SearchResult with its
    components); `vocabulary`: the words the KB's lexical indexes know (known_words; a question whose
    words the rulebooks never use — "castling", "Scrabble", "asdkjh" — is about something else)."""
    comp = result.components
    dense = comp.dense
    top = np.sort(dense)[-20:] if len(dense) else np.zeros(1)
    words = question.words()
    bm25_top = float(comp.bm25_same.max()) if len(comp.bm25_same) else 0.0
    return {
        "dense_max": float(top[-1]),
        "dense_margin": float(top[-1] - top.mean()),
        "bm25_per_word": bm25_top / max(1, len(words)),
        "bm25_top": bm25_top,
        "game_terms": float(len({m.term.id for m in question.terms.matches})),
        "content_words": float(len(words)),
        "known_ids": float(known_ids),
        "unknown_words": (sum(1 for w in words if w not in vocabulary) / len(words)) if words else 1.0,
        "about_the_product": float(bool(PRODUCT.search(question.text))),
        "names_another_game": float(_names_unknown(question, vocabulary)),
    }


def _names_unknown(question: Question, vocabulary) -> bool:
    """"In Catan, …": it scopes itself to a name none of whose words the rulebooks use."""
    words = question.scoped_words
    return bool(words) and all(w not in vocabulary for w in words)


@dataclass(frozen=True)
class ScopeModel:
    mean: dict
    scale: dict
    weights: dict
    bias: float
    threshold: float            # decline when P(in scope) < threshold

    def probability(self, signals: dict[str, float]) -> float:
        z = self.bias + sum(self.weights[f] * (signals[f] - self.mean[f]) / (self.scale[f] or 1.0)
                            for f in FEATURES)
        return 1.0 / (1.0 + math.exp(-z))

    def in_scope(self, signals: dict[str, float]) -> bool:
        return signals["known_ids"] > 0 or self.probability(signals) >= self.threshold


class ScopeModelError(RuntimeError):
    """app/core/data/scope.json cannot be read; the message says how to rebuild it."""


@lru_cache(maxsize=4)
def load_model(embedding_model: str, path: Path = MODEL_FILE) -> ScopeModel | None:
    """The model fitted for this embedding model (dense similarities differ from model to model), or
    None when none was fitted for it: then no question is declined as out of scope."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        fitted = raw["models"].get(embedding_model)
        if fitted is None:
            return None
        return ScopeModel(fitted["mean"], fitted["scale"], fitted["weights"], fitted["bias"], fitted["threshold"])
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ScopeModelError(f"{path} is damaged ({exc}); restore it from git or run "
                              "scripts/calibrate_scope.py --write") from None
