"""The `arbiter` command line: a thin front end over the answering core (app/core), one module per
command group, each registering its own subcommands here. Heavy modules are imported inside each command
so that quick commands (rule, card, kb check) stay quick."""
from __future__ import annotations

import argparse
import sys

from app.cli import ask, bench, engines, entries, evaluate, kb, search, serve
from app.cli.common import EXIT_OK, EXIT_USAGE, silence_stdout
from app.core.records import UsageError

# in the order `arbiter --help` lists them
GROUPS = (kb, search, evaluate, ask, engines, bench, serve, entries)


def build_parser() -> argparse.ArgumentParser:
    from kb.corpus import DEFAULT_CORPUS

    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data", default=None, help="KB data folder (default: $ARBITER_DATA or kb/data)")
    common.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="corpus folder (default: corpus)")

    parser = argparse.ArgumentParser(prog="arbiter", description="Bilingual board-game rules assistant.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for group in GROUPS:
        group.register(sub, common)
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
        silence_stdout()
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
