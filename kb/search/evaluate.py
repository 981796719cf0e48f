"""`arbiter eval search`: R@1, R@5 and MRR per game × language on a question set with gold snippets.

A hit is correct when its game matches the question's and a normalised gold snippet (DESIGN.md: NFKC,
lower-case, only 0-9 a-z and Hangul syllables) is a substring of its normalised Korean or English text.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..normalize import gold_key
from ..yamlio import YamlError, load_yaml, strip_lines


@dataclass
class Question:
    id: str
    game: str
    lang: str
    q: str
    gold: list[str]
    # the referee's verdict written from the rulebook (eval/SETTLE.md): {"type", "verdict" | "value" | "phase"}
    settle: dict | None = None
    pair: str | None = None          # the id shared by the Korean and the English wording of one question


SETTLE_TYPES = ("yes_no", "how_many", "when", "dispute", "other")


def settle_problem(settle) -> str | None:
    """What is wrong with a `settle` mapping (eval/SETTLE.md), or None."""
    if not isinstance(settle, dict) or settle.get("type") not in SETTLE_TYPES:
        return f"settle needs a type, one of {', '.join(SETTLE_TYPES)}"
    kind = settle["type"]
    if kind in ("yes_no", "dispute") and settle.get("verdict") not in ("yes", "no"):
        return "settle.verdict must be 'yes' or 'no' (quoted)"
    if kind == "how_many":
        values = settle.get("value") if isinstance(settle.get("value"), list) else [settle.get("value")]
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return "settle.value must be a whole number or a list of them"
    if kind == "when" and not (isinstance(settle.get("phase"), list) and settle["phase"]
                               and all(isinstance(p, str) and p.strip() for p in settle["phase"])):
        return "settle.phase must be a list of phrases"
    return None


@dataclass
class Outcome:
    question: Question
    rank: int | None          # 1-based rank of the first correct hit within the top k
    top: list[str] = field(default_factory=list)


def load_questions(path: Path | str, settles: dict | None = None) -> list[Question]:
    """The questions of an evaluation file; YamlError (file:line) for one that cannot be used. `settles`:
    referee verdicts by question id kept apart from the questions (eval/dev_settle.yaml for the shared dev
    set)."""
    from ..corpus import GAME_IDS
    from .searcher import QueryError, validate_query

    raw = load_yaml(path)
    if not isinstance(raw, list):
        raise YamlError(path, 1, "expected a list of questions")
    out = []
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, dict):
            raise YamlError(path, None, f"question {number}: each question is a mapping with id, game, lang, q, gold")
        line = item.get("__line__")
        item = strip_lines(item)
        missing = [k for k in ("id", "game", "lang", "q", "gold") if k not in item]
        if missing:
            raise YamlError(path, line, f"question is missing {', '.join(missing)}")
        gold = item["gold"] if isinstance(item["gold"], list) else [item["gold"]]
        try:
            validate_query(item["q"])
        except QueryError as exc:
            raise YamlError(path, line, f"question {item['id']!r}: {exc}") from None
        if item["game"] not in GAME_IDS or item["lang"] not in ("ko", "en"):
            raise YamlError(path, line, f"question {item['id']!r}: game must be one of {', '.join(GAME_IDS)} "
                                        f"and lang ko or en")
        if not gold or not all(isinstance(g, (str, int, float)) and str(g).strip() for g in gold):
            raise YamlError(path, line, f"question {item['id']!r}: gold must be text (or a list of texts)")
        settle = item.get("settle", (settles or {}).get(str(item["id"])))
        if settle is not None and (problem := settle_problem(settle)):
            raise YamlError(path, line, f"question {item['id']!r}: {problem}")
        out.append(Question(id=str(item["id"]), game=item["game"], lang=item["lang"], q=item["q"],
                            gold=[str(g) for g in gold], settle=settle,
                            pair=str(item["pair"]) if item.get("pair") is not None else None))
    return out


def is_correct(hit_game: str, hit_text: dict, question: Question) -> bool:
    if hit_game != question.game:
        return False
    texts = [gold_key(t) for t in (hit_text.get("ko"), hit_text.get("en")) if t]
    return any(gold_key(g) and any(gold_key(g) in t for t in texts) for g in question.gold)


def evaluate(searcher, questions: list[Question], with_game: bool = False, k: int = 10) -> list[Outcome]:
    outcomes = []
    for question in questions:
        result = searcher.search(question.q, game=question.game if with_game else None, k=k)
        rank = next((i + 1 for i, h in enumerate(result.hits)
                     if is_correct(h.doc.game, h.doc.text, question)), None)
        outcomes.append(Outcome(question, rank, [h.doc.id for h in result.hits[:3]]))
    return outcomes


def summarize(outcomes: list[Outcome]) -> dict:
    groups: dict[tuple[str, str], list[Outcome]] = {}
    for o in outcomes:
        groups.setdefault((o.question.game, o.question.lang), []).append(o)
    groups[("ALL", "all")] = list(outcomes)

    def metrics(items: list[Outcome]) -> dict:
        n = len(items)
        return {"n": n,
                "r@1": sum(1 for o in items if o.rank == 1) / n,
                "r@5": sum(1 for o in items if o.rank and o.rank <= 5) / n,
                "mrr": sum(1.0 / o.rank for o in items if o.rank) / n}

    return {f"{g}/{lang}": metrics(items) for (g, lang), items in sorted(groups.items())}


def format_summary(summary: dict, outcomes: list[Outcome]) -> str:
    lines = [f"{'game/lang':32} {'n':>3} {'R@1':>6} {'R@5':>6} {'MRR':>6}"]
    for key, m in summary.items():
        lines.append(f"{key:32} {m['n']:3d} {m['r@1']:6.3f} {m['r@5']:6.3f} {m['mrr']:6.3f}")
    misses = [o for o in outcomes if o.rank != 1]
    if misses:
        lines.append("")
        lines.append("not first (rank; question; top hits):")
        for o in misses:
            rank = o.rank if o.rank else "-"
            lines.append(f"  {o.question.id} [{rank}] {o.question.q}  →  {', '.join(o.top)}")
    return "\n".join(lines)
