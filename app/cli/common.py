"""What every command group of the `arbiter` command line shares: exit codes, JSON lines, the checked KB,
the one-line answer to bad input. Kept light (heavy modules are imported inside each function) because
every command imports it, the quick ones too."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from app.core.records import UsageError  # bad input: printed as a message, exit code 2, never a traceback

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def print_json(obj) -> None:
    try:
        text = json.dumps(obj, ensure_ascii=False, allow_nan=False)
    except ValueError:      # NaN or Infinity: not JSON, so never printed as if it were
        raise UsageError("the result holds a number JSON cannot carry (NaN or Infinity); nothing printed") from None
    sys.stdout.write(text + "\n")


def load_kb(args):
    """The knowledge base as `kb check` passes it (the same validation, proven once per version of the
    files); a KB that fails it is refused with the check's first problem (see main)."""
    from app.core.scenario_files import checked_kb

    return checked_kb(args.data, args.corpus).kb()


def silence_stdout() -> None:
    """The reader of our output went away (`arbiter kb check | head -1`): drop the rest of it, so that
    neither this command nor the interpreter's final flush fails on the closed pipe."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def protected_folders(args) -> list[Path]:
    """The folders no command writes into unless told to (--force): the rulebooks and the KB, the defaults and
    the ones this command was pointed at."""
    from kb.corpus import DEFAULT_CORPUS
    from kb.store import DEFAULT_DATA, resolve_data_root

    return [DEFAULT_CORPUS, DEFAULT_DATA, Path(getattr(args, "corpus", None) or DEFAULT_CORPUS),
            resolve_data_root(getattr(args, "data", None))]


def write_output(path: Path, text: str, args) -> None:
    """Write a command's --output file. Inside corpus/ or the KB's data folder only with --force: a draft or a
    schema written over a rulebook or a KB file would destroy what everything else is checked against."""
    target = path.resolve()
    if not getattr(args, "force", False):
        for folder in protected_folders(args):
            folder = folder.resolve()
            if target == folder or folder in target.parents:
                raise UsageError(f"--output {path} is inside {folder}, the rulebooks' or the knowledge base's "
                                 f"folder; nothing written (add --force to write there)")
    try:
        if path.is_dir():
            raise UsageError(f"--output {path} is a folder; give a file name")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {path} ({exc.strerror})") from None


def searcher(args, progress: bool = True, warm_langs: tuple = ("ko", "en")):
    from app.core.scenario_files import checked_kb
    from kb.embeddings import get_embedder
    from kb.search.searcher import Searcher

    return Searcher(get_embedder(getattr(args, "model", None)), progress=progress, warm_langs=warm_langs,
                    checked=checked_kb())


_LABEL_KEYS = {"difference": "edition_diff"}


def label(lang: str, key: str) -> str:
    from app.core.i18n import t

    return t(_LABEL_KEYS.get(key, key), lang)


def one_line(text: str) -> str:
    return " ".join(text.split())
