"""`arbiter eval answer`: what the player *sees*, measured on a question set with gold snippets.

Per game × language: the answer is the rule holding the gold (answer-is-rule), the gold is somewhere on
the answer page — the answer, its section's details or "also relevant" (on-page), the answer's game is
the question's, and how many in-scope questions were declined. Same gold matching as `eval search`.
`out_of_scope` files (no gold; `kind` per item) measure the other side: the share declined.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.numbers import read_numbers
from kb.normalize import gold_key
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
    short: dict | None = None    # the short answer line shown
    settled: str = "none"        # the line against the referee's verdict: right, wrong, none (no line), unjudged
    example: str = "none"        # the example: asked (shows the case asked), notice (the answer says what it
                                 # shows instead, or why there is none), silent, none (no engine, no notice)
    agreement_key: tuple = ()    # what the Korean and English wording of one question must share


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
        if not outcome.is_rule:
            outcome.gold = next((e["rule_id"] for e, hit in zip(entries, hits) if hit), None) \
                or _gold_anywhere(assistant, q)
            outcome.miss = miss_kind(assistant, outcome)
        outcome.short = result["answer"]["short"] if result["answer"] else None
        outcome.settled = judge_short(q.settle, outcome.short)
        outcome.example = judge_example(result)
        outcome.agreement_key = (answer, *short_key(outcome.short))
        out.append(outcome)
    return out


# -- the case settled -------------------------------------------------------------------------------------
def short_numbers(short: dict) -> set[int]:
    """The numbers a short line answers with: its value, or the numbers after the arrow of a table row or
    in an engine's checked result."""
    value = short.get("value") or {}
    if value.get("amount") is not None or value.get("items") or value.get("rows"):
        amounts = ([value["amount"]] if value.get("amount") is not None else
                   [i["amount"] for i in value.get("items") or value["rows"]])
        return {abs(int(a)) for a in amounts if float(a).is_integer()}
    texts = [t for t in (short.get("text") or {}).values() if t]
    out = set()
    for text in texts:
        text = text.split("→", 1)[1] if "→" in text else text
        out |= {abs(n.value) for n in read_numbers(text)}
    return out


def judge_short(settle: dict | None, short: dict | None) -> str:
    """A short line against the referee's verdict: 'right', 'wrong' (it settles the case otherwise, or a case
    no one line settles), 'none' (no line), 'unjudged' (no referee verdict)."""
    if short is None:
        return "none"
    if settle is None:
        return "unjudged"
    kind = settle["type"]
    if kind == "other":
        return "wrong"
    if kind in ("yes_no", "dispute"):
        if (short.get("kind") == "dispute") != (kind == "dispute"):
            return "wrong"
        return "right" if short.get("verdict") == settle["verdict"] else "wrong"
    if kind == "how_many":
        wanted = settle["value"] if isinstance(settle["value"], list) else [settle["value"]]
        return "right" if {abs(v) for v in wanted} <= short_numbers(short) else "wrong"
    said = gold_key(" ".join([*(short.get("phase") or {}).values(), *(short.get("text") or {}).values()]))
    return "right" if any(gold_key(p) and gold_key(p) in said for p in settle["phase"]) else "wrong"


def short_key(short: dict | None) -> tuple:
    """What a short line settles, language aside: its verdict, value or moment."""
    if short is None:
        return (None,)
    value = short.get("value") or {}
    return (short.get("kind"), short.get("verdict"), value.get("amount"),
            tuple(i["amount"] for i in value.get("items") or value.get("rows") or []), bool(value.get("per")),
            (short.get("phase") or {}).get("en"))


# "kind_example": a card's answer whose example plays another card of its kind (issue 26), and says so
EXPLAINING = {"not_honoured", "number", "no_example", "no_engine", "example_failed", "no_example_of", "kind_example",
              "related_example"}


def judge_example(result: dict) -> str:
    """'asked': the example shows what the question names (nothing it names is missing) and plays the
    answer's rule; 'notice': the answer says what it shows instead, or why there is none; 'silent'."""
    kinds = {n.get("kind") for n in result.get("notices") or []}
    example = result.get("example")
    answer = result.get("answer")
    if answer is None:
        return "none"
    if example is None:
        return "notice" if kinds & EXPLAINING else "silent"
    missing = example.get("missing") or {}
    shows_rule = answer["rule_id"] in (example.get("rule_ids") or []) or bool(example.get("from_question")) \
        or example.get("scenario_id") in (example.get("ruling_scenarios") or [])
    if not any(missing.get(k) for k in ("numbers", "things")) and shows_rule:
        return "asked"
    return "notice" if kinds & EXPLAINING else "silent"


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
                "settled_right": sum(o.settled == "right" for o in items if o.question.settle
                                     and o.question.settle["type"] != "other")
                                 / max(1, sum(1 for o in items if o.question.settle
                                              and o.question.settle["type"] != "other")),
                "misses": {kind: sum(o.miss == kind for o in items) for kind in MISS_KINDS
                           if any(o.miss == kind for o in items)},
                "answer_block": sum(o.in_block for o in items) / n,
                "on_page": sum(o.on_page for o in items) / n,
                "game_right": sum(o.game_right for o in items) / n,
                "declined": sum(o.answer is None for o in items) / n}

    out = {key: metrics(items) for key, items in sorted(groups.items())}
    out["settle"] = settle_summary(outcomes)
    return out


def settle_summary(outcomes: list[AnswerOutcome]) -> dict:
    """Per referee type: questions, settled right, lines shown, lines wrong; of all lines shown on judged
    questions, the share wrong or not answering; the Korean/English pairs that agree; the examples."""
    by_type: dict[str, dict] = {}
    for o in outcomes:
        if not o.question.settle:
            continue
        row = by_type.setdefault(o.question.settle["type"], {"n": 0, "right": 0, "shown": 0, "wrong": 0})
        row["n"] += 1
        row["right"] += o.settled == "right"
        row["shown"] += o.settled in ("right", "wrong")
        row["wrong"] += o.settled == "wrong"
    shown = sum(r["shown"] for r in by_type.values())
    pairs: dict[str, list[AnswerOutcome]] = {}
    for o in outcomes:
        if o.question.pair:
            pairs.setdefault(o.question.pair, []).append(o)
    complete = [v for v in pairs.values() if len(v) == 2]
    examples = {k: sum(o.example == k for o in outcomes) for k in ("asked", "notice", "silent", "none")}
    answered = sum(examples[k] for k in ("asked", "notice", "silent"))
    return {"by_type": by_type,
            "lines_shown": shown,
            "wrong_or_not_answering": sum(r["wrong"] for r in by_type.values()) / max(1, shown),
            "pairs": len(complete),
            "pairs_agree": sum(a.agreement_key == b.agreement_key for a, b in complete) / max(1, len(complete)),
            "examples": examples,
            "example_asked": examples["asked"] / max(1, answered),
            "example_asked_or_notice": (examples["asked"] + examples["notice"]) / max(1, answered)}


def format_summary(summary: dict, outcomes: list[AnswerOutcome]) -> str:
    lines = [f"{'game/lang':32} {'n':>3} {'answer':>7} {'+worked':>8} {'on page':>8} {'game':>6} {'declined':>9}"]
    for key, m in summary.items():
        if key == "settle":
            continue
        lines.append(f"{key:32} {m['n']:3d} {m['answer_is_rule']:7.3f} {m['answer_block']:8.3f} {m['on_page']:8.3f}"
                     f" {m['game_right']:6.3f} {m['declined']:9.3f}")
    st = summary.get("settle") or {}
    if st.get("by_type"):
        lines += ["", f"{'settle: type':16} {'n':>4} {'right':>6} {'shown':>6} {'wrong':>6}"]
        for kind, r in sorted(st["by_type"].items()):
            lines.append(f"  {kind:14} {r['n']:4d} {r['right'] / max(1, r['n']):6.3f} {r['shown']:6d} {r['wrong']:6d}")
        lines.append(f"  lines shown {st['lines_shown']}, wrong or not answering {st['wrong_or_not_answering']:.3f}")
        if st["pairs"]:
            lines.append(f"  Korean/English pairs {st['pairs']}: same rule and verdict {st['pairs_agree']:.3f}")
    if st:
        e = st["examples"]
        lines.append(f"  examples: the asked case {st['example_asked']:.3f}, asked or a notice "
                     f"{st['example_asked_or_notice']:.3f} (asked {e['asked']}, notice {e['notice']}, silent {e['silent']})")
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
