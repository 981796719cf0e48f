"""Which of a game's candidate rules is the answer.

Search ranks rules for retrieval (is the right rule among the top five?); the answer must be the one
rule that holds what was asked — the cost, not the overview; the table, not the note beside it. `rank`
re-orders the best candidates of the answer's game with a linear model over explainable features: the
search evidence (fused score, BM25, dense similarity), how much of the question one sentence of the
rule covers, the rule's kind, and the question's intent against what the rule contains ("how many" →
a rule with numbers, "what does it cost" → a rule that says pay, "when" → a rule about timing, "can
I" → a rule that permits or forbids). The weights (app/core/data/selection.json) are fitted by
scripts/train_selection.py on a training set of player questions written from the rulebooks for the
purpose (eval/train/) — never on the dev, tuning or held-out sets, which measure it.

`is_repeat` keeps a quick-reference line that repeats the answer out of "also relevant".
"""
from __future__ import annotations

import json
import math
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import numpy as np

from kb.search.documents import sentences

from . import tables
from .question import WORD, Question, grams
from .settle import form_table, overlap, total_weight

MODEL_FILE = Path(__file__).with_name("data") / "selection.json"
DEPTH = 8                 # candidates re-ordered (the gold is in the top 5 ~98% of the time)
KINDS = ("overview", "note", "example", "step", "table", "summary", "paragraph", "list", "component", "card",
         "variant")

INTENTS = {
    "how_many": r"how many|how much|몇|얼마|개수|number of",
    "cost": r"\bcost|\bpay|\bprice|비용|내야|지불|값|얼마",
    "when": r"\bwhen\b|\btiming|언제|시점|타이밍",
    "can": r"\bcan\b|\bmay\b|\ballowed|\bable to|수 있|돼\??$|되나|되요|돼요|되는|가능|해도",
    "what_happens": r"what happens|어떻게 돼|어떻게 되|되면\??$|하면\??$",
    "who": r"\bwho\b|누가|누구",
    "how": r"\bhow (?:do|does|is|are|to)\b|어떻게|방법",
}
CONTENT = {
    "cost": r"\bpay|\bcost|\bspend|지불|비용|사용해|내고|소모",
    "when": r"\bwhen|\bimmediately|\bat the (?:end|start|beginning)|\bduring|\bafter|\bbefore|\beach time"
            r"|때|즉시|끝날|시작할|동안|마다|이후|이전|직후",
    "modal": r"\bcannot|\bcan't|\bmay\b|\bmust|\bonly\b|\bnot\b|\bnever|없습니다|수 있|해야|만 |않습니다|불가",
    "player": r"\bplayer|플레이어",
}
FEATURES = ("score_rel", "inv_rank", "bm25_rel", "dense_delta", "cross_rel", "sent_cov", "text_cov", "title_cov",
            "sent_grams", "text_grams", "negation_match", "player_count_match", "aid_grams", "aid_cov",
            "has_digit", "question_number", "term_cov", "same_section", "long_text",
            *(f"kind_{k}" for k in KINDS),
            "table_row", "how_many_x_digit", "cost_x_cost", "when_x_when", "can_x_modal", "who_x_player",
            "what_happens_x_modal", "how_x_step",
            "title_leaf_sim", "title_leaf_rel", "title_sim", "title_rel",
            "ruling_fit", "ruling_fit_rel", "has_ruling", "named_card", "named_first")

NEGATION = re.compile(r"\bnot?\b|n't|\bnever|\bwithout|\bnone|\bno one|없|않|못|안 |불가|금지")
PLAYERS = re.compile(r"(\d)\s*(?:-?\s*players?|인|명)")


# A rule's surface is the same for every question: read once per text, not once per candidate list or
# key sentence (the KB's ~5,600 texts and their aids fit the caches; a text outside them is read again).
@lru_cache(maxsize=16384)
def sentence_grams(text: str) -> tuple[frozenset, ...]:
    """The surface (grams) of each sentence of a rule's text, in reading order."""
    return tuple(grams(sentence) for sentence in sentences(text)) or (frozenset(),)


@lru_cache(maxsize=16384)
def _aid_grams(aids: tuple[str, ...]) -> tuple[frozenset, ...]:
    return tuple(grams(a) for a in aids)


def _words(text: str) -> set[str]:
    return set(WORD.findall(unicodedata.normalize("NFKC", text or "").lower()))


def intents(question: str) -> dict[str, bool]:
    q = question.strip().lower()
    return {name: bool(re.search(pattern, q)) for name, pattern in INTENTS.items()}


def candidate_features(result, candidates: list, index, question: Question) -> np.ndarray:
    """One row of FEATURES per candidate (hits of one game, best first); `index` is the search index
    (the words of each rule's parts, the embedded titles)."""
    part_tokens = index.part_tokens
    comp = result.components
    lang = question.lang
    asked = set(question.words())
    wanted = intents(question.text)
    numbers = {n.value for n in question.numbers}
    q_grams = question.grams
    q_negated = bool(NEGATION.search(question.text.lower()))
    q_players = set(PLAYERS.findall(question.text.lower()))
    forms = [m.form.lower() for m in result.terms.matches]
    rows = [h.row for h in candidates]
    top_score = candidates[0].score or 1.0
    bm25 = np.array([comp.bm25_same[r] for r in rows])
    cross = np.array([comp.bm25_cross[r] for r in rows])
    dense = np.array([comp.dense[r] for r in rows])
    top_section = candidates[0].doc.section
    # a card the question names by its printed id is what it is about ("I have T08…"); the first named is the
    # player's own where a second is a comparison ("B19 썼어. 친구가 B17처럼…")
    named = [p.lower() for p in question.printed_ids]
    out = np.zeros((len(candidates), len(FEATURES)))
    for i, hit in enumerate(candidates):
        doc = hit.doc
        text_lang = lang if doc.text.get(lang) else ("en" if lang == "ko" else "ko")
        text = doc.text.get(text_lang) or ""
        low = text.lower()
        title_tokens, sentence_tokens, _ = part_tokens[text_lang][hit.row]
        aid_tokens = part_tokens[lang][hit.row][2]
        all_tokens = set(t for s in sentence_tokens for t in s)
        printed = (doc.printed_id or "").lower() or None     # a card's printed id; a rule has none
        n = max(1, len(asked))
        has_digit = bool(re.search(r"\d", text))
        content = {name: bool(re.search(pattern, low)) for name, pattern in CONTENT.items()}
        surfaces = sentence_grams(text)
        m = max(1, len(q_grams))
        asked_like = _aid_grams(tuple((doc.questions or {}).get(lang) or ()))
        values = {
            "aid_grams": max((len(q_grams & g) / max(1, len(q_grams | g)) for g in asked_like), default=0.0),
            "aid_cov": max((len(asked & set(a)) / max(1, len(asked | set(a))) for a in aid_tokens), default=0.0),
            "sent_grams": max(len(q_grams & g) / m for g in surfaces),
            "text_grams": len(q_grams & set().union(*surfaces)) / m,
            "negation_match": float(q_negated and bool(NEGATION.search(low))),
            "player_count_match": float(bool(q_players) and bool(q_players & set(PLAYERS.findall(low)))),
            "score_rel": hit.score / top_score,
            "inv_rank": 1.0 / (1 + i),
            "bm25_rel": bm25[i] / bm25.max() if bm25.max() > 0 else 0.0,
            "dense_delta": dense[i] - dense.max(),
            "cross_rel": cross[i] / cross.max() if cross.max() > 0 else 0.0,
            "sent_cov": max((len(asked & set(s)) / n for s in sentence_tokens), default=0.0),
            "text_cov": len(asked & all_tokens) / n,
            "title_cov": len(asked & set(title_tokens)) / n,
            "has_digit": float(has_digit),
            "question_number": float(any(str(abs(v)) in re.findall(r"\d+", text) for v in numbers)),
            "term_cov": (sum(1 for f in forms if f in low) / len(forms)) if forms else 0.0,
            "same_section": float(doc.section == top_section),
            "long_text": math.log1p(len(sentence_tokens)),
            **{f"kind_{k}": float(doc.subkind == k or (k == "card" and doc.kind == "card")) for k in KINDS},
            "table_row": float(tables.row_for(text, question.numbers) is not None),
            "how_many_x_digit": float(wanted["how_many"] and has_digit),
            "cost_x_cost": float(wanted["cost"] and content["cost"]),
            "when_x_when": float(wanted["when"] and content["when"]),
            "can_x_modal": float(wanted["can"] and content["modal"]),
            "who_x_player": float(wanted["who"] and content["player"]),
            "what_happens_x_modal": float(wanted["what_happens"] and content["modal"]),
            "how_x_step": float(wanted["how"] and doc.subkind in ("step", "list", "paragraph")),
            "named_card": float(printed in named),
            "named_first": float(bool(named) and printed == named[0]),
        }
        out[i] = [values.get(f, 0.0) for f in FEATURES]
    # how well the rulings of each rule (their players' questions and claims, kb/models.py Ruling) fit the
    # question: the rule whose reading is asked about is the answer
    if comp.qvec is not None:
        fits = ruling_fits(index, [h.doc.id for h in candidates], question)
        have = [f for f in fits if f is not None]
        top = max(have) if have else 0.0
        for j, fit in enumerate(fits):
            out[j, FEATURES.index("has_ruling")] = float(fit is not None)
            out[j, FEATURES.index("ruling_fit")] = fit or 0.0
            out[j, FEATURES.index("ruling_fit_rel")] = (fit - top) if fit is not None else 0.0
    # what each rule is about, as its title says ("Bonuses alone cannot win a colony"), against the
    # question — semantically (e5), the titles embedded as queries like the question
    if index.title_vectors is not None and comp.qvec is not None:
        lang_i = 0 if lang == "ko" else 1
        sims = index.title_vectors[rows, lang_i].astype(np.float32) @ comp.qvec.astype(np.float32)
        for j, (sim, rel) in enumerate((("title_leaf_sim", "title_leaf_rel"), ("title_sim", "title_rel"))):
            out[:, FEATURES.index(sim)] = sims[:, j]
            out[:, FEATURES.index(rel)] = sims[:, j] - sims[:, j].max()
    return out


RULING_LEX = 0.35          # words against meaning in a ruling's fit (as app/core/settle.py weighs them)


def ruling_fits(index, rule_ids: list[str], question: Question) -> list[float | None]:
    """For each rule, the best fit of its rulings' forms to the question (meaning + words), or None when it
    has no ruling."""
    forms = form_table(index)
    if not len(forms.vectors) or question.vector is None:
        return [None] * len(rule_ids)
    qvec = np.asarray(question.vector, dtype=np.float32)
    words = set(question.words())
    weight = forms.weights.get(question.lang) or {}
    words_total = total_weight(words, weight)
    out = []
    for rule_id in rule_ids:
        rows = forms.by_rule.get(rule_id)
        if not rows:
            out.append(None)
            continue
        sims = forms.vectors[rows] @ qvec
        best = -1.0
        for j, row in enumerate(rows):
            lex = (overlap(words, forms.tokens(row), weight, words_total, forms.total(row))
                   if forms.forms[row]["lang"] == question.lang else 0.0)
            best = max(best, float(sims[j]) + RULING_LEX * lex)
        out.append(best)
    return out



@lru_cache(maxsize=1)
def load_weights(path: Path = MODEL_FILE) -> np.ndarray | None:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        return None                 # no fitted model yet: search order
    if tuple(raw.get("features", ())) != FEATURES:
        raise ValueError(f"{path}: fitted for other features; run scripts/train_selection.py")
    return np.array(raw["weights"], dtype=float)


def rank(result, candidates: list, index, question: Question) -> list:
    """The candidates (search hits of one game, best first) in answer order."""
    return rank_scored(result, candidates, index, question)[0]


def rank_scored(result, candidates: list, index, question: Question) -> tuple[list, float]:
    """The candidates in answer order, and the model's probability that the first is the answer among
    the re-ordered ones (a softmax over the list; 1.0 when there is nothing to choose between)."""
    weights = load_weights()
    head, tail = candidates[:DEPTH], candidates[DEPTH:]
    if weights is None or len(head) < 2:
        return list(candidates), 1.0
    scores = candidate_features(result, head, index, question) @ weights
    order = sorted(range(len(head)), key=lambda i: (-scores[i], i))
    p = np.exp(scores - scores.max())
    return [head[i] for i in order] + tail, float(p[order[0]] / p.sum())


def is_repeat(doc, answer_doc) -> bool:
    """A summary (quick reference) whose words are mostly the answer's."""
    if doc.subkind != "summary":
        return False
    lang = "en" if doc.text.get("en") and answer_doc.text.get("en") else "ko"
    mine, theirs = _words(doc.text.get(lang)), _words(answer_doc.text.get(lang))
    return bool(mine) and len(mine & theirs) / len(mine) >= 0.6
