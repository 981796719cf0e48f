"""`arbiter kb …`: the knowledge-base tools (check, export, diffs, draft, schema)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from app.cli.common import (EXIT_FAILED, EXIT_OK, label, load_kb, one_line, print_json, silence_stdout,
                            write_output)
from app.core.records import UsageError, check_game


def cmd_kb_check(args) -> int:
    from kb.check import check_kb, format_report
    from kb.corpus import load_corpus

    from app.core.scenario_files import ENGINE_CHECKS
    from kb import kb_cache

    check_game(args.game)
    corpus = load_corpus(args.corpus)
    digests = kb_cache.input_digests(kb_cache.resolve_data_root(args.data), corpus.root)
    report = check_kb(args.data, corpus, [args.game] if args.game else None, extra=ENGINE_CHECKS)
    code = EXIT_OK if report.ok else EXIT_FAILED
    if report.ok and not args.game:     # proven: `ask`, `search` and the app need not check it again
        kb_cache.record(report.kb, digests, corpus.root, ENGINE_CHECKS)
    try:
        print(format_report(report))
        sys.stdout.flush()
    except BrokenPipeError:             # the verdict stands even if nobody reads all of it
        silence_stdout()
    return code


def cmd_kb_export(args) -> int:
    from kb.export import export_records

    check_game(args.game)
    kb = load_kb(args)
    for record in export_records(kb):
        if args.game and record.get("game", args.game) != args.game:
            continue
        if record["kind"] == "ignored" and args.game and not record["file"].startswith(f"corpus/{args.game}."):
            continue
        print_json(record)
    return EXIT_OK


def cmd_kb_diffs(args) -> int:
    from kb.export import detail_record

    from app.core.records import diff_entries

    check_game(args.game)
    kb = load_kb(args)
    entries = diff_entries(kb, args.game)
    if args.json:
        for e in entries:
            print_json(detail_record(kb, e))
        return EXIT_OK
    lang = args.lang
    for e in entries:
        print(f"■ {e.id}")
        print(f"  {label(lang, 'difference')}: {e.edition_diff.get(lang)}")
        for text_lang in ("ko", "en"):
            if e.text.get(text_lang):
                print(f"  [{text_lang} · {e.origin.get(text_lang)}] {one_line(e.text.get(text_lang))}")
        print()
    print(f"{len(entries)} edition difference(s).")
    return EXIT_OK


def cmd_kb_draft(args) -> int:
    from kb.corpus import load_corpus
    from kb.draft import draft_yaml, segment

    check_game(args.game)
    corpus = load_corpus(args.corpus)

    def corpus_file(path: str):
        cfile = corpus.files.get(Path(path).name)
        if cfile is None:
            raise UsageError(f"{path!r} is not a corpus file listed in corpus/manifest.yaml")
        if Path(path).resolve() != cfile.path.resolve():   # drafts are made from the corpus itself, never a copy
            raise UsageError(f"{path!r} is not the corpus file {cfile.path}; give that file's path")
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
        write_output(out, text, args)
        print(f"wrote {out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return EXIT_OK


def cmd_kb_schema(args) -> int:
    from kb.models import DataFile

    schema = json.dumps(DataFile.model_json_schema(), ensure_ascii=False, indent=2)
    if args.output:
        write_output(Path(args.output), schema + "\n", args)
        print(f"wrote {args.output}")
    else:
        print(schema)
    return EXIT_OK


def register(sub, common) -> None:
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
    p.add_argument("--force", action="store_true", help="write --output even inside corpus/ or the KB's data folder")
    p.set_defaults(func=cmd_kb_draft)
    p = kb_sub.add_parser("schema", help="print or write the JSON Schema of KB data files")
    p.add_argument("--output")
    p.add_argument("--force", action="store_true", help="write --output even inside corpus/ or the KB's data folder")
    p.set_defaults(func=cmd_kb_schema)
