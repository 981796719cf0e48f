"""The `arbiter` command line. Heavy modules are imported inside each command so that quick
commands (rule, card, kb check) stay quick."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad input from the user: printed as a message, exit code 2, never a traceback."""


def _print_json(obj) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def _load_kb(args):
    from kb.corpus import load_corpus
    from kb.store import KbLoadError, load_kb

    try:
        return load_kb(args.data, load_corpus(args.corpus))
    except KbLoadError as exc:
        raise UsageError("the knowledge base does not load; run 'arbiter kb check':\n" + str(exc)) from None


def _check_game(game: str | None) -> None:
    from kb.corpus import GAME_IDS

    if game is not None and game not in GAME_IDS:
        raise UsageError(f"unknown game {game!r}; choose one of: {', '.join(GAME_IDS)}")


# -- kb ------------------------------------------------------------------------------------------
def cmd_kb_check(args) -> int:
    from kb.check import check_kb, format_report
    from kb.corpus import load_corpus

    _check_game(args.game)
    report = check_kb(args.data, load_corpus(args.corpus), [args.game] if args.game else None)
    print(format_report(report))
    return EXIT_OK if report.ok else EXIT_FAILED


def cmd_kb_export(args) -> int:
    from kb.export import export_records

    kb = _load_kb(args)
    for record in export_records(kb):
        if args.game and record.get("game", args.game) != args.game:
            continue
        if record["kind"] == "ignored" and args.game and not record["file"].startswith(f"corpus/{args.game}."):
            continue
        _print_json(record)
    return EXIT_OK


def cmd_kb_diffs(args) -> int:
    from kb.export import detail_record

    _check_game(args.game)
    kb = _load_kb(args)
    entries = [e for g in kb.games.values() if not args.game or g.id == args.game
               for e in list(g.rules.values()) + list(g.cards.values()) if e.edition_diff]
    if args.json:
        for e in entries:
            _print_json(detail_record(kb, e))
        return EXIT_OK
    lang = args.lang
    for e in entries:
        print(f"■ {e.id}")
        print(f"  {_label(lang, 'difference')}: {e.edition_diff.get(lang)}")
        for text_lang in ("ko", "en"):
            if e.text.get(text_lang):
                print(f"  [{text_lang} · {e.origin.get(text_lang)}] {_one_line(e.text.get(text_lang))}")
        print()
    print(f"{len(entries)} edition difference(s).")
    return EXIT_OK


def cmd_kb_draft(args) -> int:
    from kb.corpus import load_corpus
    from kb.draft import draft_yaml, segment

    _check_game(args.game)
    corpus = load_corpus(args.corpus)

    def corpus_file(path: str):
        cfile = corpus.files.get(Path(path).name)
        if cfile is None:
            raise UsageError(f"{path!r} is not a corpus file listed in corpus/manifest.yaml")
        if cfile.game != args.game:
            raise UsageError(f"{path!r} belongs to game {cfile.game!r}, not {args.game!r}")
        return cfile

    main_file = corpus_file(args.file)
    pair_file = corpus_file(args.pair) if args.pair else None
    if pair_file is not None and pair_file.lang == main_file.lang:
        raise UsageError("--pair must be the other language's edition")
    embed = None
    if pair_file is not None:
        from kb.embeddings import EmbeddingError, get_embedder

        try:
            embed = get_embedder(args.model).passages
        except EmbeddingError as exc:
            raise UsageError(str(exc)) from None
    text = draft_yaml(args.game, segment(main_file), segment(pair_file) if pair_file else None, embed)
    if args.output:
        out = Path(args.output)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return EXIT_OK


def cmd_kb_schema(args) -> int:
    from kb.models import DataFile

    schema = json.dumps(DataFile.model_json_schema(), ensure_ascii=False, indent=2)
    if args.output:
        Path(args.output).write_text(schema + "\n", encoding="utf-8")
        print(f"wrote {args.output}")
    else:
        print(schema)
    return EXIT_OK


# -- rule / card ---------------------------------------------------------------------------------
def cmd_rule(args) -> int:
    from kb.export import detail_record
    from kb.models import Rule

    kb = _load_kb(args)
    rule = kb.entry(args.id.strip())
    if not isinstance(rule, Rule):
        close = [r.id for r in kb.all_rules() if args.id.strip().lower() in r.id.lower()][:8]
        hint = f"; did you mean: {', '.join(close)}" if close else ""
        raise UsageError(f"no rule with id {args.id!r}{hint}")
    record = detail_record(kb, rule)
    if args.json:
        _print_json(record)
    else:
        print(_render_entry(kb, rule, record, args.lang))
    return EXIT_OK


def cmd_card(args) -> int:
    from kb.export import detail_record

    _check_game(args.game)
    kb = _load_kb(args)
    cards = kb.find_cards(args.id, args.game)
    if not cards:
        raise UsageError(f"no card with id {args.id!r}" + (f" in {args.game}" if args.game else "")
                         + " (use a printed id like T08, or game/id like tekhenu/T08)")
    if len(cards) > 1:
        raise UsageError(f"{args.id!r} is ambiguous: " + ", ".join(c.id for c in cards) + "; pass --game or game/id")
    record = detail_record(kb, cards[0])
    if args.json:
        _print_json(record)
    else:
        print(_render_entry(kb, cards[0], record, args.lang))
    return EXIT_OK


_LABELS = {
    "difference": {"ko": "판본 차이", "en": "Edition difference"},
    "official": {"ko": "공식 규칙서", "en": "official rulebook"},
    "translation": {"ko": "번역 (프로젝트 작성)", "en": "translation (written for Arbiter)"},
    "sources": {"ko": "출처", "en": "Sources"},
    "missing": {"ko": "누락 정보", "en": "Missing data"},
    "errata": {"ko": "정오표", "en": "Erratum"},
}


def _label(lang: str, key: str) -> str:
    return _LABELS[key][lang]


def _one_line(text: str) -> str:
    return " ".join(text.split())


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
            out.append(f"\n[{text_lang.upper()} · {_label(lang, origin)}]")
            out.append(text.strip())
    if entry.edition_diff:
        out.append(f"\n{_label(lang, 'difference')}: {entry.edition_diff.get(lang)}")
    for erratum in entry.errata:
        out.append(f"{_label(lang, 'errata')} ({erratum.lang}): “{erratum.printed}” → “{erratum.correct}”")
    for note in entry.missing:
        out.append(f"{_label(lang, 'missing')}: {note.what.get(lang)}")
    out.append(f"\n{_label(lang, 'sources')}: " + ", ".join(f"{s['file']}:{s['lines'][0]}-{s['lines'][1]}"
                                                           for s in record["sources"]))
    return "\n".join(out)


# -- parser --------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    from kb.corpus import DEFAULT_CORPUS
    from kb.store import DEFAULT_DATA

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data", default=str(DEFAULT_DATA), help="KB data folder (default: kb/data)")
    common.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="corpus folder (default: corpus)")

    parser = argparse.ArgumentParser(prog="arbiter", description="Bilingual board-game rules assistant.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    kb = sub.add_parser("kb", help="knowledge-base tools")
    kb_sub = kb.add_subparsers(dest="kb_command", metavar="KB_COMMAND")
    p = kb_sub.add_parser("check", parents=[common], help="validate the KB against its schema and rulebooks")
    p.add_argument("--game")
    p.set_defaults(func=cmd_kb_check)
    p = kb_sub.add_parser("export", parents=[common], help="all rules, cards and ignored spans as JSON lines")
    p.add_argument("--json", action="store_true", help="(the only format; accepted for clarity)")
    p.add_argument("--game")
    p.set_defaults(func=cmd_kb_export)
    p = kb_sub.add_parser("diffs", parents=[common], help="differences between the KO and EN editions")
    p.add_argument("--game")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["ko", "en"], default="en")
    p.set_defaults(func=cmd_kb_diffs)
    p = kb_sub.add_parser("draft", parents=[common], help="draft KB YAML from a rulebook text, for curation")
    p.add_argument("file", help="corpus/<file>.txt")
    p.add_argument("--game", required=True)
    p.add_argument("--pair", help="the other edition of the same rulebook, to propose a KO-EN alignment")
    p.add_argument("--model", help="embedding model for the alignment (default: $ARBITER_EMBEDDINGS or e5-small)")
    p.add_argument("--output", help="write here instead of standard output")
    p.set_defaults(func=cmd_kb_draft)
    p = kb_sub.add_parser("schema", help="print or write the JSON Schema of KB data files")
    p.add_argument("--output")
    p.set_defaults(func=cmd_kb_schema)

    p = sub.add_parser("rule", parents=[common], help="show one rule by id")
    p.add_argument("id")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["ko", "en"], default="en")
    p.set_defaults(func=cmd_rule)
    p = sub.add_parser("card", parents=[common], help="show one card or tile (T08, tekhenu/T08)")
    p.add_argument("id")
    p.add_argument("--game")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["ko", "en"], default="en")
    p.set_defaults(func=cmd_card)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.func(args)
    except UsageError as exc:
        print(f"arbiter: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # e.g. `arbiter kb export | head`
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
