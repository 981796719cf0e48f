"""`arbiter eval search|answer`: the measured numbers of retrieval and of what the player is shown."""
from __future__ import annotations

from app.cli.common import EXIT_OK, print_json, searcher
from app.core.records import UsageError


def cmd_eval_search(args) -> int:
    from kb.search.evaluate import evaluate, format_summary, load_questions, summarize
    from kb.yamlio import YamlError

    try:
        questions = load_questions(args.file)
    except YamlError as exc:
        raise UsageError(str(exc)) from None
    outcomes = evaluate(searcher(args), questions, with_game=args.with_game)
    summary = summarize(outcomes)
    if args.json:
        print_json({"summary": summary, "misses": [
            {"id": o.question.id, "rank": o.rank, "q": o.question.q, "top": o.top} for o in outcomes if o.rank != 1]})
    else:
        print(format_summary(summary, outcomes))
    return EXIT_OK


def cmd_eval_answer(args) -> int:
    from kb.search.evaluate import load_questions
    from kb.yamlio import YamlError, load_yaml, strip_lines

    from app.core import evaluate_answers as ev
    from app.core.assistant import Assistant

    try:
        raw = strip_lines(load_yaml(args.file))
    except YamlError as exc:
        raise UsageError(str(exc)) from None
    assistant = Assistant.create()
    if isinstance(raw, list) and raw and isinstance(raw[0], dict) and "gold" not in raw[0]:
        report = ev.evaluate_out_of_scope(assistant, raw)
        if args.json:
            print_json(report)
        else:
            print(f"out of scope: {report['declined']:.3f} declined of {report['n']}")
            for kind, m in report["by_kind"].items():
                print(f"  {kind:14} {m['n']:4d}  declined {m['declined']:.3f}")
            for item in report["answered"]:
                print(f"  answered: {item['id']} {item['q']}  →  {item['answer']}")
        return EXIT_OK
    try:
        settles = strip_lines(load_yaml(args.settle)) if args.settle else None
        if settles is not None and not isinstance(settles, dict):
            raise UsageError(f"{args.settle}: expected a mapping from question id to its settle")
        questions = load_questions(args.file, settles)
    except YamlError as exc:
        raise UsageError(str(exc)) from None
    outcomes = ev.evaluate(assistant, questions, with_game=args.with_game)
    summary = ev.summarize(outcomes)
    if args.json:
        print_json({"summary": summary, "misses": [
            {"id": o.question.id, "q": o.question.q, "answer": o.answer, "gold": o.gold, "kind": o.miss,
             "on_page": o.on_page, "page": o.page}
            for o in outcomes if not o.is_rule],
            "settle": [{"id": o.question.id, "q": o.question.q, "lang": o.question.lang, "pair": o.question.pair,
                        "referee": o.question.settle, "judged": o.settled, "example": o.example,
                        "answer": o.answer, "short": o.short} for o in outcomes]})
    else:
        print(ev.format_summary(summary, outcomes))
    return EXIT_OK


def register(sub, common) -> None:
    ev = sub.add_parser("eval", help="evaluations")
    ev_sub = ev.add_subparsers(dest="eval_command", metavar="EVAL_COMMAND")
    p = ev_sub.add_parser("search", help="R@1, R@5, MRR per game x language on a question file")
    p.add_argument("file")
    p.add_argument("--model")
    p.add_argument("--with-game", action="store_true", help="pass each question's game as a filter")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_eval_search)

    p = ev_sub.add_parser("answer", help="what the player sees: answer-is-rule, on-page, game, declined "
                                        "(or the declined share of an out-of-scope file)")
    p.add_argument("file")
    p.add_argument("--with-game", action="store_true", help="pass each question's game")
    p.add_argument("--settle", help="referee verdicts kept apart from the questions: a mapping from question id "
                                    "to its settle (eval/dev_settle.yaml for the shared dev set)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_eval_answer)
