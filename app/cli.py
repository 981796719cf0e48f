"""The `arbiter` command line. Heavy modules are imported inside each command so that quick
commands (rule, card, kb check) stay quick."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from app.core.records import UsageError  # bad input: printed as a message, exit code 2, never a traceback

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def _print_json(obj) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def _load_kb(args):
    """The knowledge base as `kb check` passes it (the same validation, proven once per version of the
    files); a KB that fails it is refused with the check's first problem (see main)."""
    from app.core.scenario_files import checked_kb

    return checked_kb(args.data, args.corpus).kb()


def _silence_stdout() -> None:
    """The reader of our output went away (`arbiter kb check | head -1`): drop the rest of it, so that
    neither this command nor the interpreter's final flush fails on the closed pipe."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _check_game(game: str | None) -> None:
    from app.core.records import check_game

    check_game(game)


# -- kb ------------------------------------------------------------------------------------------
def cmd_kb_check(args) -> int:
    from kb.check import check_kb, format_report
    from kb.corpus import load_corpus

    from app.core.scenario_files import ENGINE_SCENARIOS
    from kb import kb_cache

    _check_game(args.game)
    corpus = load_corpus(args.corpus)
    digests = kb_cache.input_digests(kb_cache.resolve_data_root(args.data), corpus.root)
    report = check_kb(args.data, corpus, [args.game] if args.game else None, extra=ENGINE_SCENARIOS)
    code = EXIT_OK if report.ok else EXIT_FAILED
    if report.ok and not args.game:     # proven: `ask`, `search` and the app need not check it again
        kb_cache.record(report.kb, digests, corpus.root, ENGINE_SCENARIOS)
    try:
        print(format_report(report))
        sys.stdout.flush()
    except BrokenPipeError:             # the verdict stands even if nobody reads all of it
        _silence_stdout()
    return code


def cmd_kb_export(args) -> int:
    from kb.export import export_records

    _check_game(args.game)
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

    from app.core.records import diff_entries

    _check_game(args.game)
    kb = _load_kb(args)
    entries = diff_entries(kb, args.game)
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
        _write_output(out, text)
        print(f"wrote {out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return EXIT_OK


def cmd_kb_schema(args) -> int:
    from kb.models import DataFile

    schema = json.dumps(DataFile.model_json_schema(), ensure_ascii=False, indent=2)
    if args.output:
        _write_output(Path(args.output), schema + "\n")
        print(f"wrote {args.output}")
    else:
        print(schema)
    return EXIT_OK


def _write_output(path: Path, text: str) -> None:
    try:
        if path.is_dir():
            raise UsageError(f"--output {path} is a folder; give a file name")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {path} ({exc.strerror})") from None


# -- search ------------------------------------------------------------------------------------
def _searcher(args, progress: bool = True, warm_langs: tuple = ("ko", "en")):
    from app.core.scenario_files import checked_kb
    from kb.embeddings import get_embedder
    from kb.search.searcher import Searcher

    return Searcher(get_embedder(getattr(args, "model", None)), progress=progress, warm_langs=warm_langs,
                    checked=checked_kb())


def _check_k(k, where: str) -> int:
    from app.core.records import check_k

    return check_k(k, where)


def _printable(value) -> bool:
    """Text that can be written out as UTF-8 (a lone surrogate from a JSON escape cannot)."""
    try:
        value.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def _read_queries(path: str) -> list[dict]:
    from kb.fileio import FileReadError, read_text
    from kb.search.searcher import QueryError, check_game, validate_query

    try:
        lines = read_text(path).splitlines()
    except FileReadError as exc:
        raise UsageError(f"cannot read {path}: {exc.message}") from None
    queries = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            item = json.loads(line)
        except ValueError as exc:
            raise UsageError(f"{where}: not a JSON object ({getattr(exc, 'msg', exc)})") from None
        except RecursionError:
            raise UsageError(f"{where}: not a JSON object (nested too deeply)") from None
        if not isinstance(item, dict) or "q" not in item:
            raise UsageError(f"{where}: each line needs an object with at least \"q\"")
        item.setdefault("id", str(number))
        if isinstance(item["id"], bool) or not isinstance(item["id"], (str, int)) or (
                isinstance(item["id"], str) and not _printable(item["id"])):
            raise UsageError(f"{where}: \"id\" must be text or a whole number")
        if "k" in item:
            _check_k(item["k"], where)
        try:                              # everything is checked before the first answer is printed
            validate_query(item["q"])
            check_game(item.get("game"))
        except QueryError as exc:
            raise UsageError(f"{where}: {exc}") from None
        queries.append(item)
    if not queries:
        raise QueryError(f"{path} has no queries")
    return queries


def cmd_search(args) -> int:
    from kb.search.searcher import QueryError, check_game, validate_query

    try:
        check_game(args.game)
        _check_k(args.k, "--k")
        if args.queries:
            if args.query:
                raise UsageError("give either a question or --queries FILE, not both")
            queries = _read_queries(args.queries)   # all of it validated before any work is done
        else:
            if args.query is None:
                raise UsageError("give a question, e.g. arbiter search \"Can gray dice produce resources?\"")
            validate_query(args.query)
    except QueryError as exc:
        raise UsageError(str(exc)) from None
    from kb.search.analyzers import detect_lang

    langs = tuple({detect_lang(item["q"]) for item in queries}) if args.queries else (detect_lang(args.query),)
    searcher = _searcher(args, progress=not args.json, warm_langs=langs)
    if args.queries:
        for item in queries:
            result = searcher.search(item["q"], item.get("game") or args.game, item.get("k", args.k))
            _print_json({"id": item["id"], "hits": result.to_json()["hits"]})
        return EXIT_OK
    result = searcher.search(args.query, args.game, args.k)
    if args.json:
        _print_json(result.to_json())
        return EXIT_OK
    lang = result.lang
    print(f"[{lang}] game: {result.game or 'any'}")
    for rank, hit in enumerate(result.hits, start=1):
        d = hit.doc
        text = d.text.get(lang) or d.text.get("en" if lang == "ko" else "ko") or ""
        src = ", ".join(f"{s['file']}:{s['lines'][0]}-{s['lines'][1]}" for s in d.sources)
        print(f"{rank:2d}. {d.id}  ({hit.score:.3f})\n    {d.title.get(lang)}\n    {_one_line(text)[:300]}\n    {src}")
    return EXIT_OK


def cmd_index_build(args) -> int:
    import time

    from app.core.scenario_files import checked_kb
    from kb.embeddings import get_embedder
    from kb.search.index import index_folder, load_or_build

    embedder = get_embedder(args.model)
    start = time.perf_counter()
    index = load_or_build(embedder, rebuild=args.force, checked=checked_kb())
    print(f"index {index.key} ({embedder.name}): {len(index.docs)} documents, {index.dense.ntotal} vectors, "
          f"ready in {time.perf_counter() - start:.1f}s at {index_folder(embedder.name)}")
    return EXIT_OK


def cmd_eval_search(args) -> int:
    from kb.search.evaluate import evaluate, format_summary, load_questions, summarize
    from kb.yamlio import YamlError

    try:
        questions = load_questions(args.file)
    except YamlError as exc:
        raise UsageError(str(exc)) from None
    searcher = _searcher(args)
    outcomes = evaluate(searcher, questions, with_game=args.with_game)
    summary = summarize(outcomes)
    if args.json:
        _print_json({"summary": summary, "misses": [
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
            _print_json(report)
        else:
            print(f"out of scope: {report['declined']:.3f} declined of {report['n']}")
            for kind, m in report["by_kind"].items():
                print(f"  {kind:14} {m['n']:4d}  declined {m['declined']:.3f}")
            for item in report["answered"]:
                print(f"  answered: {item['id']} {item['q']}  →  {item['answer']}")
        return EXIT_OK
    try:
        questions = load_questions(args.file)
    except YamlError as exc:
        raise UsageError(str(exc)) from None
    outcomes = ev.evaluate(assistant, questions, with_game=args.with_game)
    summary = ev.summarize(outcomes)
    if args.json:
        _print_json({"summary": summary, "misses": [
            {"id": o.question.id, "q": o.question.q, "answer": o.answer, "gold": o.gold, "kind": o.miss,
             "on_page": o.on_page, "page": o.page}
            for o in outcomes if not o.is_rule]})
    else:
        print(ev.format_summary(summary, outcomes))
    return EXIT_OK


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
        _print_json(result)
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
    from app.ui import present as P

    out = []
    for block in P.blocks(text, table_kind):
        out += _table_lines(block, mark) if isinstance(block, P.Table) else [block.strip()]
    return out


def render_answer(result: dict, kb) -> str:
    """`arbiter ask` for people: the notice first when there is one, the rule with its game, both
    editions, the page's other rules with their key sentences (a table as a table), citations, and the
    example as a short narrated calculation — titles, never ids (those are in --json)."""
    from app.core.i18n import t
    from app.ui import present as P

    lang = result["lang"]
    view = P.answer_view(kb, result, lang)
    out = [f"※ {n['text']}" for n in view["notices"]]
    out += [""] if out else []
    a, raw = view["answer"], result["answer"]
    if a is None:
        return "\n".join(out).rstrip() or t("no_answer", lang)
    label = {"official": t("official", lang), "translation": t("translation", lang)}
    if a["short"]:
        out += [f"▶ {t('short_answer', lang)}: {a['short']['line']}", f"  ({a['short']['basis']})", ""]
    out += [f"■ {raw['game_name'][lang]} — {a['title']}", f"[{raw['lang'].upper()} · {label.get(raw['origin'], '')}]"]
    out += _text_lines(raw["text"], a["table_kind"], a["key_row"])
    if a["key"]:
        out.append(f"→ {t('key', lang)}: {a['key']}")
    if raw["other"]["text"]:
        out += ["", f"[{raw['other']['lang'].upper()} · {label.get(raw['other']['origin'], '')}]"]
        out += _text_lines(raw["other"]["text"], a["table_kind"])
    if a["edition_diff"]:
        out += ["", f"{t('edition_diff', lang)}: {a['edition_diff']}"]
    for heading, entries in ((t("worked_example", lang), [a["worked_example"]] if a["worked_example"] else []),
                             (t("exceptions", lang), a["exceptions"]),
                             (t("details", lang), a["details"]), (t("also_relevant", lang), a["also"])):
        if entries:
            out += ["", f"{heading}:"]
            for d in entries:
                mark = "" if d["origin"] == "official" else f" ({label.get(d['origin'], '')})"
                out.append(f"  • {d['title']}{mark}")
                if d["table"] is not None:
                    out += [f"    {line}" for line in _table_lines(d["table"], d["row"])]
                elif d["key"]:
                    out.append(f"    {_one_line(d['key'])}")
    if view["alternatives"]:
        out += ["", f"{t('alternatives', lang)}:"] + [f"  • {alt['label']}" for alt in view["alternatives"]]
    out += ["", f"{t('citations', lang)}:"] + [f"  - {c['title']} ({c['sources']})" for c in view["citations"]]
    if result["example"]:
        out += ["", render_example(result["example"], lang, kb)]
    return "\n".join(out)


def render_example(ex: dict, lang: str, kb) -> str:
    """A checked example as a short narrated calculation: each step with what it did and its rule,
    the values that changed, the checks, the values the rulebook does not state."""
    from app.core.i18n import t
    from app.ui import present as P

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


def _engine(game: str | None):
    """The registered engine of a game (Tekhenu when none is named)."""
    from app.core.records import engine

    return engine(game)


def _engine_options(engine, extra: list[str]) -> dict:
    """The game options after `arbiter play --game G ...` (each engine declares its own)."""
    parser = argparse.ArgumentParser(prog=f"arbiter play --game {engine.info.id}", add_help=False,
                                     exit_on_error=False)
    for option in engine.info.options:
        if option.choices is None:
            parser.add_argument(f"--{option.name}", action="store_true", default=option.default)
        else:
            parser.add_argument(f"--{option.name}", choices=option.choices, default=option.default,
                                type=type(option.default) if option.default is not None else str)
    try:
        known, unknown = parser.parse_known_args(extra)
    except argparse.ArgumentError as exc:
        raise UsageError(f"{engine.info.id}: {exc}") from None
    if unknown:
        names = ", ".join(f"--{o.name}" for o in engine.info.options) or "none"
        raise UsageError(f"{engine.info.id} has no option {' '.join(unknown)!r}; its options: {names}")
    return vars(known)


def cmd_play(args) -> int:
    from engine.errors import IllegalAction
    from engine.play import StuckGame, play_random

    engine = _engine(args.game)
    options = _engine_options(engine, args.extra)
    info = engine.info
    players = args.players if args.players is not None else info.default_players
    if not options.get("solo") and not info.min_players <= players <= info.max_players:
        raise UsageError(f"{info.id} is played by {info.min_players}-{info.max_players} players (got {players})")
    try:
        state, _ = play_random(engine, players, args.seed, **options)
    except IllegalAction as exc:
        raise UsageError(f"{exc.message} [{exc.rule_id}]") from None
    except StuckGame as exc:
        raise UsageError(f"the engine could not finish the game: {exc}") from None
    result = {"game": info.id, **engine.summary(state, args.seed)}
    result.setdefault("seed", args.seed)
    if args.json:
        _print_json(result)
        return EXIT_OK
    lang = args.lang
    print(f"{info.title[lang]} · seed {args.seed}")
    for row in sorted(result["final"], key=lambda r: -r["score"]):
        name = "Botankhamun" if row.get("botankhamun") else (f"플레이어 {row['player']}" if lang == "ko"
                                                             else f"player {row['player']}")
        print(f"{name}: {row['score']}")
    winner = result.get("winner")
    print(("승자: " if lang == "ko" else "winner: ") + (str(winner) if winner is not None else "—"))
    if result.get("notice"):            # e.g. a game played without cards whose texts are unpublished
        print(result["notice"][lang])
    if result.get("facts_used"):
        print(("규칙서에 없는 값 (arbiter facts --game G PATH): " if lang == "ko"
               else "values the rulebook does not state (arbiter facts --game G PATH): ")
              + ", ".join(result["facts_used"]))
    return EXIT_OK


def cmd_facts(args) -> int:
    from app.core.records import fact_record, facts

    chosen = facts(args.game, args.path, args.assumed, args.source)
    if args.json:
        for game, fact in chosen:
            _print_json(fact_record(game, fact))
        return EXIT_OK
    for game, fact in chosen:
        print(f"{game}: {fact.path}  [{fact.source.upper() if fact.source != 'rulebook' else 'rulebook ' + fact.rule}]"
              f"  = {fact.value}")
        if fact.source == "source":
            print(f"    source: {fact.ref}\n    checked: {' '.join(fact.checked.split())}")
            if fact.checked_ko:
                print(f"    확인: {' '.join(fact.checked_ko.split())}")
        if fact.note:
            print(f"    {' '.join(fact.note.split())}")
        if fact.note_ko:
            print(f"    {' '.join(fact.note_ko.split())}")
    counts = {p: sum(f.source == p for _, f in chosen) for p in ("rulebook", "source", "assumed")}
    print(f"{len(chosen)} fact(s): {counts['rulebook']} rulebook, {counts['source']} source, "
          f"{counts['assumed']} assumed (not stated by the rulebook text).")
    return EXIT_OK


def _load_scenarios(args, games: list[str]) -> dict:
    from kb.yamlio import YamlError

    from app.core.scenario_files import load_scenarios

    out = {}
    try:
        for game in games:
            out.update(load_scenarios(args.data, game))
    except YamlError as exc:
        raise UsageError(str(exc)) from None
    return out


def cmd_simulate(args) -> int:
    from engine import registry

    from app.core.records import find_scenario, play_scenario

    _check_game(args.game)
    games = [args.game] if args.game else list(registry.available())
    scenarios = _load_scenarios(args, games)
    if args.all:
        chosen = list(scenarios.values())
    elif args.id:
        chosen = [find_scenario(scenarios, games, args.id)]
    else:
        raise UsageError("give a scenario id or --all (optionally with --game G)")
    failed = 0
    for spec in chosen:
        result = play_scenario(spec)
        failed += not result.verified
        try:
            if args.json:
                _print_json(result.to_json())
            else:
                mark = "verified" if result.verified else "NOT VERIFIED"
                print(f"{result.scenario_id}: {mark}  (rules: {', '.join(result.rule_ids)})")
                for check in result.checks:
                    print(f"  {'✓' if check.ok else '✗'} {check.description}: expected {check.expected!r}, "
                          f"got {check.actual!r}")
                if result.facts_used:
                    print(f"  values the rulebook does not state: {', '.join(result.facts_used)}")
        except BrokenPipeError:         # the verdict stands even if nobody reads all of it
            _silence_stdout()
    return EXIT_OK if not failed else EXIT_FAILED


def cmd_serve(args) -> int:
    try:
        from app.api.server import Settings, serve
    except ImportError as exc:
        raise UsageError(f"the HTTP API needs {exc.name} (pinned in pyproject.toml: make .venv/.installed)") from None

    def whole(option: str, value: str, low: int, high: int) -> int:
        try:
            number = int(value)
        except ValueError:
            number = None
        if number is None or not low <= number <= high:
            raise UsageError(f"{option} must be a whole number from {low} to {high} (got {value!r})")
        return number

    port = whole("--port", args.port, 1, 65535)
    workers = whole("--workers", args.workers, 1, 64)
    env = Settings.from_env()           # the ARBITER_API_* environment, overridden by the options given
    settings = Settings(rate_limit=whole("--rate-limit", args.rate_limit, 0, 10**6) if args.rate_limit is not None
                        else env.rate_limit,
                        max_body=whole("--max-body", args.max_body, 1024, 1 << 24) if args.max_body is not None
                        else env.max_body,
                        cors_origins=tuple(args.cors_origin) if args.cors_origin else env.cors_origins)
    serve(args.host, port, settings, workers=workers, log_level=args.log_level,
          forwarded_allow_ips=args.forwarded_allow_ips)
    return EXIT_OK


def cmd_bench(args) -> int:
    from app.bench import main as bench_main

    return bench_main(args)


# -- rule / card ---------------------------------------------------------------------------------
def cmd_rule(args) -> int:
    from kb.export import detail_record

    from app.core.records import rule_entry

    kb = _load_kb(args)
    rule = rule_entry(kb, args.id)
    record = detail_record(kb, rule)
    if args.json:
        _print_json(record)
    else:
        print(_render_entry(kb, rule, record, args.lang))
    return EXIT_OK


def cmd_card(args) -> int:
    from kb.export import detail_record

    from app.core.records import card_entry

    _check_game(args.game)
    kb = _load_kb(args)
    card = card_entry(kb, args.id, args.game)
    record = detail_record(kb, card)
    if args.json:
        _print_json(record)
    else:
        print(_render_entry(kb, card, record, args.lang))
    return EXIT_OK


_LABEL_KEYS = {"difference": "edition_diff"}


def _label(lang: str, key: str) -> str:
    from app.core.i18n import t

    return t(_LABEL_KEYS.get(key, key), lang)


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

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data", default=None, help="KB data folder (default: $ARBITER_DATA or kb/data)")
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

    p = sub.add_parser("search", help="find the rules and cards that answer a question (KO or EN)")
    p.add_argument("query", nargs="?")
    p.add_argument("--game")
    p.add_argument("--k", type=int, default=10)
    p.add_argument("--json", action="store_true")
    p.add_argument("--queries", help="JSON lines file: {\"id\", \"q\", \"game\"?, \"k\"?} per line")
    p.add_argument("--model", help="embedding model (default: $ARBITER_EMBEDDINGS or e5-small)")
    p.set_defaults(func=cmd_search)

    index = sub.add_parser("index", help="search index tools")
    index_sub = index.add_subparsers(dest="index_command", metavar="INDEX_COMMAND")
    p = index_sub.add_parser("build", help="build (or verify) the cached search index")
    p.add_argument("--model")
    p.add_argument("--force", action="store_true", help="rebuild even if the cache is current")
    p.set_defaults(func=cmd_index_build)

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
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_eval_answer)

    p = sub.add_parser("ask", help="answer a rules question: the rule, both editions, citations, a checked example")
    p.add_argument("question")
    p.add_argument("--game")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("play", help="play a whole game between random legal players (any game with an engine)")
    p.add_argument("--game", help="game id (default: tekhenu)")
    p.add_argument("--players", type=int, help="number of players (default: the game's usual number)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["ko", "en"], default="en")
    p.set_defaults(func=cmd_play, extra_ok=True)   # the game's own options, e.g. --edition ko --solo

    p = sub.add_parser("facts", help="engine data values with their provenance: rulebook, source or assumed")
    p.add_argument("path", nargs="?", help="one fact, e.g. horus.die_to_god")
    p.add_argument("--game")
    p.add_argument("--assumed", action="store_true", help="only the values the engine assumes")
    p.add_argument("--source", choices=["rulebook", "source", "assumed"], help="only facts of that provenance")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_facts)

    p = sub.add_parser("simulate", parents=[common], help="run rule scenarios with the games' engines and check them")
    p.add_argument("id", nargs="?")
    p.add_argument("--game")
    p.add_argument("--all", action="store_true")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("bench", help="measure build time, first-answer time, latency and memory")
    p.add_argument("--json", action="store_true")
    p.add_argument("--model")
    p.add_argument("--questions", help="question YAML (default: ../shared/eval/dev_questions.yaml)")
    p.add_argument("--only", choices=["search", "engine", "ask", "api"], help="run one part of the benchmark")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("serve", help="the HTTP API (JSON, /v1/...; OpenAPI page at /docs)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, this computer only)")
    p.add_argument("--port", default="8000", help="default: 8000")
    p.add_argument("--workers", default="1", help="processes, each with its own copy of the core (default: 1)")
    p.add_argument("--rate-limit", help="requests a minute per client, 0 for none "
                                        "(default: $ARBITER_API_RATE_LIMIT or 120)")
    p.add_argument("--max-body", help="largest request body in bytes (default: $ARBITER_API_MAX_BODY or 16384)")
    p.add_argument("--cors-origin", action="append", help="an origin whose web pages may call the API (repeatable; "
                                                          "default: $ARBITER_API_CORS_ORIGINS, comma-separated, or none)")
    p.add_argument("--forwarded-allow-ips", help="reverse proxies whose X-Forwarded-For names the client "
                                                 "(default: 127.0.0.1)")
    p.add_argument("--log-level", choices=["critical", "error", "warning", "info", "debug"], default="info")
    p.set_defaults(func=cmd_serve)

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
    args, extra = parser.parse_known_args(argv)
    if extra and not getattr(args, "extra_ok", False):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.extra = extra
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.func(args)
    except UsageError as exc:
        print(f"arbiter: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # e.g. `arbiter kb export | head`: the reader has all it wanted
        _silence_stdout()
        return EXIT_OK
    except Exception as exc:
        message = _user_error(exc)
        if message is None:
            raise
        print(f"arbiter: {message}", file=sys.stderr)
        return EXIT_USAGE


def _user_error(exc: Exception) -> str | None:
    """The one-line message of an error that is the input's or the environment's, not a bug: a KB that
    fails its check, a cache folder that cannot be used, an unknown embedding model, a file that cannot
    be read. (Looked up in the modules already imported: an error of a module never imported cannot
    have happened, and quick commands stay quick.)"""
    def error_class(module: str, name: str):
        return getattr(sys.modules.get(module), name, None)

    kb_load = error_class("kb.store", "KbLoadError")
    if kb_load and isinstance(exc, kb_load):
        return exc.one_line()
    for module, name in (("kb.cachefs", "CacheError"), ("kb.embeddings", "EmbeddingError"),
                         ("kb.yamlio", "YamlError"), ("kb.fileio", "FileReadError"),
                         ("kb.search.searcher", "QueryError")):
        cls = error_class(module, name)
        if cls and isinstance(exc, cls):
            return " ".join(str(exc).split())
    return None


if __name__ == "__main__":
    sys.exit(main())
