"""`arbiter rule` and `arbiter card`: one KB entry by id, both editions, with its sources."""
from __future__ import annotations

from app.cli.common import EXIT_OK, label, load_kb, print_json
from app.core.records import check_game


def cmd_rule(args) -> int:
    from kb.export import detail_record

    from app.core.records import rule_entry

    kb = load_kb(args)
    rule = rule_entry(kb, args.id)
    record = detail_record(kb, rule)
    if args.json:
        print_json(record)
    else:
        print(_render_entry(kb, rule, record, args.lang))
    return EXIT_OK


def cmd_card(args) -> int:
    from app.core.present import card_text
    from app.core.records import card_entries, card_record

    check_game(args.game)
    kb = load_kb(args)
    cards = card_entries(kb, args.id, args.game)
    if args.json:
        print_json(card_record(kb, cards[0], cards))
        return EXIT_OK
    for n, card in enumerate(cards):
        record = card_record(kb, card, cards)
        if n:
            print("\n" + "─" * 40 + "\n")
        print(card_text(kb, card, args.lang) if card.catalogue else _render_entry(kb, card, record, args.lang))
    return EXIT_OK


def _render_entry(kb, entry, record: dict, lang: str) -> str:
    other = "en" if lang == "ko" else "ko"
    out = [entry.id]
    path = " › ".join((s.get(lang) or s.get(other) or "") for s in record["section_path"])
    if path:
        out.append(path)
    if record.get("fields"):
        out.append("  " + ", ".join(f"{k}: {v}" for k, v in record["fields"].items()))
    for text_lang in (lang, other):
        text = entry.text.get(text_lang)
        if text:
            origin = entry.origin.get(text_lang)
            out.append(f"\n[{text_lang.upper()} · {label(lang, origin)}]")
            out.append(text.strip())
    if entry.edition_diff:
        out.append(f"\n{label(lang, 'difference')}: {entry.edition_diff.get(lang)}")
    for erratum in entry.errata:
        out.append(f"{label(lang, 'errata')} ({erratum.lang}): “{erratum.printed}” → “{erratum.correct}”")
    for note in entry.missing:
        out.append(f"{label(lang, 'missing')}: {note.what.get(lang)}")
    out.append(f"\n{label(lang, 'sources')}: " + ", ".join(f"{s['file']}:{s['lines'][0]}-{s['lines'][1]}"
                                                           for s in record["sources"]))
    return "\n".join(out)


def register(sub, common) -> None:
    p = sub.add_parser("rule", parents=[common], help="show one rule by id")
    p.add_argument("id")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["ko", "en"], default="en")
    p.set_defaults(func=cmd_rule)
    p = sub.add_parser("card", parents=[common], help="show a card or tile by id or name (T08, tekhenu/T08, "
                                                        "미켈란젤로, Michelangelo, 미켈, Frugality II)")
    p.add_argument("id", help="a printed id, game/id, or a card's name (Korean or English; short forms too)")
    p.add_argument("--game")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["ko", "en"], default="en")
    p.set_defaults(func=cmd_card)
