"""`arbiter ask`: one question answered, and the answer page as plain text for a terminal (the same view
the web page draws, from app/core/present.py, so both show the same thing)."""
from __future__ import annotations

from app.cli.common import EXIT_OK, one_line, print_json
from app.core.records import UsageError


def cmd_ask(args) -> int:
    from kb.search.searcher import QueryError, check_game, validate_query

    try:
        validate_query(args.question, require_words=False)
        check_game(args.game)
    except QueryError as exc:
        raise UsageError(str(exc)) from None
    from app.core.assistant import Assistant
    from kb.search.analyzers import detect_lang

    # one question: only its language's analyser is loaded (spaCy's import alone is ~1 s here)
    assistant = Assistant.create(warm_langs=(detect_lang(args.question),))
    result = assistant.answer(args.question, args.game)
    if args.json:
        print_json(result)
        return EXIT_OK
    print(render_answer(result, assistant.kb))
    return EXIT_OK


def _table_lines(table, mark: int | None = None) -> list[str]:
    """A rule's table as aligned text rows, the answering row marked with ▶."""
    rows = ([table.header] if table.header else []) + table.rows
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    offset = 1 if table.header else 0
    return [("▶ " if mark is not None and i - offset == mark else "  ")
            + " | ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for i, r in enumerate(rows)]


def _text_lines(text: str | None, table_kind: bool, mark: int | None = None) -> list[str]:
    from app.core import present as P

    out = []
    for block in P.blocks(text, table_kind):
        out += _table_lines(block, mark) if isinstance(block, P.Table) else [block.strip()]
    return out


def render_answer(result: dict, kb) -> str:
    """`arbiter ask` for people: the notice first when there is one, the rule with its game, both
    editions, the page's other rules with their key sentences (a table as a table), citations, and the
    example as a short narrated calculation — titles, never ids (those are in --json)."""
    from app.core.i18n import t
    from app.core import present as P

    lang = result["lang"]
    view = P.answer_view(kb, result, lang)
    out = [f"※ {n['text']}" for n in view["notices"]]
    out += [""] if out else []
    a, raw = view["answer"], result["answer"]
    if a is None:
        return "\n".join(out).rstrip() or t("no_answer", lang)
    label = {origin: t(origin, lang) for origin in ("official", "translation", "description")}
    if a["short"]:
        out += [f"▶ {t('short_answer', lang)}: {a['short']['line']}"]
        if a["short"]["table"] is not None:
            out += [f"  {line}" for line in _table_lines(a["short"]["table"], None)]
        if a["short"]["other"]:
            out += [f"  {a['short']['other']['label']}", f"  {a['short']['other']['text']}"]
        out += [f"  ({a['short']['basis']})", ""]
    out += [f"■ {raw['game_name'][lang]} — {a['title']}", f"[{raw['lang'].upper()} · {label.get(raw['origin'], '')}]"]
    out += _text_lines(raw["text"], a["table_kind"], a["key_row"])
    if a["key"]:
        out.append(f"→ {t('key', lang)}: {a['key']}")
    if raw["other"]["text"]:
        out += ["", f"[{raw['other']['lang'].upper()} · {label.get(raw['other']['origin'], '')}]"]
        out += _text_lines(raw["other"]["text"], a["table_kind"])
    if a["edition_diff"]:
        out += ["", f"{t('edition_diff', lang)}: {a['edition_diff']}"]
    if a["card"] and a["card"]["rulebook"]:       # a rulebook card: its data beside the rulebook's sentence
        card = a["card"]
        out += ["", f"{t('card_data', lang)} — {card['kind']}" + (f", {card['age']}" if card["age"] else "")]
        out += [f"  • {line['text']}  [{line['basis']}]" for line in card["effects"] + card["numbers"]]
        out.append(f"  ({card['note']})")
    for heading, entries in ((t("worked_example", lang), [a["worked_example"]] if a["worked_example"] else []),
                             (t("exceptions", lang), a["exceptions"]),
                             (a["details_heading"], a["details"]), (t("also_relevant", lang), a["also"])):
        if entries:
            out += ["", f"{heading}:"]
            for d in entries:
                mark = "" if d["origin"] == "official" else f" ({label.get(d['origin'], '')})"
                out.append(f"  • {d['title']}{mark}")
                if d["table"] is not None:
                    out += [f"    {line}" for line in _table_lines(d["table"], d["row"])]
                elif d["key"]:
                    out.append(f"    {one_line(d['key'])}")
    if view["alternatives"]:
        out += ["", f"{t('alternatives', lang)}:"] + [f"  • {alt['label']}" for alt in view["alternatives"]]
    # where a player finds each rule in the rulebook; the text file's lines on a line of their own
    out += ["", f"{t('citations', lang)}:"]
    for number, c in enumerate(view["citations"], start=1):
        out += [f"  {number}. {c['where']}"] + [f"     {span['ref']}" for span in c["lines"]]
    if result["example"]:
        out += ["", render_example(result["example"], lang, kb)]
    return "\n".join(out)


def render_example(ex: dict, lang: str, kb) -> str:
    """A checked example as a short narrated calculation: each step with what it did and its rule,
    the values that changed, the checks, the values the rulebook does not state."""
    from app.core.i18n import t
    from app.core import present as P

    view = P.example_view(kb, ex, lang, lang)
    out = [f"{view['heading']}: {view['situation']}"]
    for number, step in enumerate(view["steps"], start=1):
        rules = f"  ({', '.join(title for _, title in step['rules'])})" if step["rules"] else ""
        out.append(f"  {number}. {step['text']}{rules}")
        out += [f"     {line}" for line in step["events"]]
        if step["refused"]:
            out.append(f"     ✗ {t('example_refused', lang)}: {step['refused']['text']} ({step['refused']['rule']})")
    out.append(f"  {t('changes', lang)}:")
    out += [f"     {c['label']}: {c['before']} → {c['after']}" for c in view["changes"]] or [f"     {t('no_changes', lang)}"]
    out.append(f"  {t('checks', lang)}:")
    out += [f"     {'✓' if c['ok'] else '✗'} {c['text']}" + (f" ({c['detail']})" if c["detail"] else "")
            for c in view["checks"]]
    if view["facts"]:
        out.append(f"  {t('not_rulebook', lang)}:")
        out += [f"     {(f['name'] + ' — ') if f['name'] else ''}{f['kind']}: {f['text']}" for f in view["facts"]]
    return "\n".join(out)


def register(sub, common) -> None:
    p = sub.add_parser("ask", help="answer a rules question: the rule, both editions, citations, a checked example")
    p.add_argument("question")
    p.add_argument("--game")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_ask)
