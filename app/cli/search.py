"""`arbiter search` and `arbiter index build`: the retrieval layer on its own, below the answers."""
from __future__ import annotations

import json

from app.cli.common import EXIT_OK, one_line, print_json, searcher
from app.core.records import UsageError, check_k


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
            check_k(item["k"], where)
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
        check_k(args.k, "--k")
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
    retriever = searcher(args, progress=not args.json, warm_langs=langs)
    if args.queries:
        for item in queries:
            result = retriever.search(item["q"], item.get("game") or args.game, item.get("k", args.k))
            print_json({"id": item["id"], "hits": result.to_json()["hits"]})
        return EXIT_OK
    result = retriever.search(args.query, args.game, args.k)
    if args.json:
        print_json(result.to_json())
        return EXIT_OK
    lang = result.lang
    print(f"[{lang}] game: {result.game or 'any'}")
    for rank, hit in enumerate(result.hits, start=1):
        d = hit.doc
        text = d.text.get(lang) or d.text.get("en" if lang == "ko" else "ko") or ""
        src = ", ".join(f"{s['file']}:{s['lines'][0]}-{s['lines'][1]}" for s in d.sources)
        print(f"{rank:2d}. {d.id}  ({hit.score:.3f})\n    {d.title.get(lang)}\n    {one_line(text)[:300]}\n    {src}")
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


def register(sub, common) -> None:
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
