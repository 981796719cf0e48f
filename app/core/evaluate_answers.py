"""`arbiter eval answer`: what the player *sees*, measured on a question set with gold snippets.

Per game × language: the answer is the rule holding the gold (answer-is-rule), the gold is somewhere on
the answer page — the answer, its section's details or "also relevant" (on-page), the answer's game is
the question's, and how many in-scope questions were declined. Same gold matching as `eval search`.
`out_of_scope` files (no gold; `kind` per item) measure the other side: the share declined.
"""
from __future__ import annotations

from dataclasses import dataclass

from kb.search.evaluate import Question, is_correct


@dataclass
class AnswerOutcome:
    question: Question
    answer: str | None
    on_page: bool
    is_rule: bool
    game_right: bool
    page: list[str]
    in_block: bool = False       # the gold is in the answer or its worked example, shown right under it
    gold: str | None = None      # the entry holding the gold (on the page, else anywhere in the game's KB)
    miss: str | None = None      # what kind of miss the answer is (MISS_KINDS), None when it is the rule
    example: bool = False        # an example the engine played is shown
    example_of_answer: bool = False   # ... and it names the answer among the rules and cards it shows
    example_why: bool = False    # no example, and a notice on the page says why


# the notices that say why an answer shows no example (the game has no engine, the engine has no example of this
# rule or card, the one it has could not be played, or it could not use the question's number)
EXAMPLE_NOTICES = ("no_engine", "no_example", "example_failed", "not_honoured", "number")
# a miss, by what was shown instead of the gold rule
MISS_KINDS = ("declined", "other game", "example", "general for specific", "neighbour", "other rule")
GENERAL_KINDS = ("overview", "summary")


def page_entries(result: dict) -> list[dict]:
    a = result["answer"]
    if not a:
        return []
    return [a, *answer_block(a)[1:], *a.get("exceptions", []), *a.get("details", []), *a.get("also_relevant", [])]


def answer_block(answer: dict) -> list[dict]:
    """What the answer shows as one block: the rule, and the rulebook's worked example right under it."""
    return [answer, *([answer["worked_example"]] if answer.get("worked_example") else [])]


def _texts(assistant, rule_id: str) -> dict:
    entry = assistant.kb.entry(rule_id)
    return {"ko": entry.text.get("ko"), "en": entry.text.get("en")} if entry else {}


def evaluate(assistant, questions: list[Question], with_game: bool) -> list[AnswerOutcome]:
    out = []
    for q in questions:
        result = assistant.answer(q.q, q.game if with_game else None)
        entries = page_entries(result)
        hits = [is_correct(e["rule_id"].split("/")[0] if "game" not in e else e["game"],
                           _texts(assistant, e["rule_id"]), q) for e in entries]
        answer = result["answer"]["rule_id"] if result["answer"] else None
        block = len(answer_block(result["answer"])) if result["answer"] else 0
        outcome = AnswerOutcome(q, answer, any(hits), bool(hits and hits[0]),
                                bool(result["answer"]) and result["answer"]["game"] == q.game,
                                [e["rule_id"] for e in entries], any(hits[:block]))
        example = result.get("example")
        outcome.example = bool(example)
        outcome.example_of_answer = bool(example and answer in (example.get("rule_ids") or []))
        outcome.example_why = not example and any(n.get("kind") in EXAMPLE_NOTICES for n in result.get("notices") or [])
        if not outcome.is_rule:
            outcome.gold = next((e["rule_id"] for e, hit in zip(entries, hits) if hit), None) \
                or _gold_anywhere(assistant, q)
            outcome.miss = miss_kind(assistant, outcome)
        out.append(outcome)
    return out


def _gold_anywhere(assistant, q: Question) -> str | None:
    game = assistant.kb.games.get(q.game)
    entries = [*game.rules.values(), *game.cards.values()] if game else []
    return next((e.id for e in entries if is_correct(q.game, {"ko": e.text.get("ko"), "en": e.text.get("en")}, q)),
                None)


def miss_kind(assistant, outcome: AnswerOutcome) -> str:
    """What the answer shown instead of the gold rule is: declined, another game's rule, a worked example,
    a general rule where the question asks about its exception or a case inside it (the gold is linked
    as its exception, lies in a section under the answer's, or the answer is an overview of the gold's
    section), a neighbour (a rule of the gold's own section), or another rule."""
    if outcome.answer is None:
        return "declined"
    if not outcome.game_right:
        return "other game"
    answer, gold = assistant.kb.entry(outcome.answer), assistant.kb.entry(outcome.gold) if outcome.gold else None
    if getattr(answer, "kind", None) == "example":
        return "example"
    if gold is None:
        return "other rule"
    a_section, g_section = getattr(answer, "section", None) or "", getattr(gold, "section", None) or ""
    if (gold.id in (getattr(answer, "exceptions", None) or []) or g_section.startswith(a_section + "/")
            or (getattr(answer, "kind", None) in GENERAL_KINDS and g_section.startswith(a_section))):
        return "general for specific"
    if a_section and a_section == g_section:
        return "neighbour"
    return "other rule"


def summarize(outcomes: list[AnswerOutcome]) -> dict:
    groups: dict[str, list[AnswerOutcome]] = {}
    for o in outcomes:
        groups.setdefault(f"{o.question.game}/{o.question.lang}", []).append(o)
    groups["ALL/all"] = outcomes

    def metrics(items):
        n = len(items)
        return {"n": n, "answer_is_rule": sum(o.is_rule for o in items) / n,
                "misses": {kind: sum(o.miss == kind for o in items) for kind in MISS_KINDS
                           if any(o.miss == kind for o in items)},
                "answer_block": sum(o.in_block for o in items) / n,
                "on_page": sum(o.on_page for o in items) / n,
                "game_right": sum(o.game_right for o in items) / n,
                "declined": sum(o.answer is None for o in items) / n,
                "example": sum(o.example for o in items) / n,
                "example_of_answer": sum(o.example_of_answer for o in items) / n,
                "example_or_why": sum(o.example or o.example_why for o in items) / n}

    return {key: metrics(items) for key, items in sorted(groups.items())}


def format_summary(summary: dict, outcomes: list[AnswerOutcome]) -> str:
    lines = [f"{'game/lang':32} {'n':>3} {'answer':>7} {'+worked':>8} {'on page':>8} {'game':>6} {'declined':>9}"
             f" {'example':>8} {'of ans':>7} {'ex|why':>7}"]
    for key, m in summary.items():
        lines.append(f"{key:32} {m['n']:3d} {m['answer_is_rule']:7.3f} {m['answer_block']:8.3f} {m['on_page']:8.3f}"
                     f" {m['game_right']:6.3f} {m['declined']:9.3f} {m['example']:8.3f} {m['example_of_answer']:7.3f}"
                     f" {m['example_or_why']:7.3f}")
    lines.append("(example: an example the engine played is shown; of ans: it shows the answer itself; ex|why: an "
                 "example, or a notice saying why there is none)")
    misses = [o for o in outcomes if not o.is_rule]
    if misses:
        counts = summary["ALL/all"]["misses"]
        lines += ["", "misses by kind: " + ", ".join(f"{kind} {n}" for kind, n in counts.items())]
        lines += ["", "answer is not the gold rule (on page?; kind; question; answer ≠ gold):"]
        for o in misses:
            lines.append(f"  {o.question.id} [{'page' if o.on_page else 'MISS'}] [{o.miss}] {o.question.q}  →  "
                         f"{o.answer} ≠ {o.gold}")
    return "\n".join(lines)


def evaluate_out_of_scope(assistant, items: list[dict]) -> dict:
    """Share of out-of-scope questions declined, per kind; and the ones answered anyway."""
    by_kind: dict[str, list[bool]] = {}
    answered = []
    for item in items:
        result = assistant.answer(item["q"])
        declined = result["answer"] is None
        by_kind.setdefault(item.get("kind", "?"), []).append(declined)
        if not declined:
            answered.append({"id": item.get("id"), "q": item["q"], "answer": result["answer"]["rule_id"]})
    total = [d for values in by_kind.values() for d in values]
    return {"declined": sum(total) / max(1, len(total)), "n": len(total),
            "by_kind": {k: {"n": len(v), "declined": sum(v) / len(v)} for k, v in sorted(by_kind.items())},
            "answered": answered}
