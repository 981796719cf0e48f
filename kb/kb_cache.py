"""The one way to get the knowledge base that is served: checked exactly as `arbiter kb check` checks it
(schema, ids, references, every official text verbatim in its rulebook, coverage, and whatever extra
check the caller adds — app/ adds every scenario played by its game's engine), or refused with the
check's own messages (KbLoadError).

The check is proven once and recorded: the cache file `<cache>/kb/<key>.json` is written only after a
check passed, and its key is the SHA-256 of exactly the files the check read (every KB YAML file, the
corpus manifest and texts, the checking code, the extra check's inputs). A fresh process hashes those
files (a few milliseconds), finds the record, verifies its MAC (kb.cachefs.seal: keyed, so an edited record
with its checksum recomputed is still rejected) and serves it; any change to any of
them gives another key and one new check. The record is data only (JSON, rebuilt into the same pydantic
models), never pickle: nothing read from a cache folder can run code. A damaged record is rebuilt with a
one-line notice; concurrent processes wait for one check instead of racing (kb.cachefs).
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import TypeAdapter

from . import cachefs
from .check import ExtraCheck, check_loaded
from .corpus import DEFAULT_CORPUS, Corpus, load_corpus
from .fileio import FileReadError, read_bytes
from .models import AbsentCard, Card, GlossaryTerm, IgnoredSpan, Rule, Ruling, SearchQuestions, Section
from .store import (GameKB, KbLoadError, KnowledgeBase, Problem, data_files, leaves_folder, load_kb_with_problems,
                    resolve_data_root)
from .yamlio import YamlError

FORMAT = "arbiter-kb-json/4"        # 2: sealed with the installation's key (kb.cachefs.seal); 3: rulings; 4: absent cards
# The games a served KB must hold: every game of the corpus manifest, unless this names some (comma-separated:
# a test's or a curator's folder with some games' data). A game's folder gone is a refusal, never a smaller KB.
GAMES_VAR = "ARBITER_GAMES"
KEEP = 4                    # records kept for other data folders (tests, a second checkout) sharing a cache
# the code whose behaviour a record vouches for: a change to the check or the models re-proves the KB
_CODE = ("models.py", "store.py", "corpus.py", "check.py", "normalize.py", "yamlio.py", "fileio.py", "kb_cache.py",
         "rulings.py")
_TABLES = {"sections": Section, "rules": Rule, "cards": Card, "terms": GlossaryTerm, "rulings": Ruling}
_ADAPTERS = {name: TypeAdapter(list[model]) for name, model in
             {**_TABLES, "ignored": IgnoredSpan, "questions": SearchQuestions, "absent": AbsentCard}.items()}


def _digest_file(path: Path) -> str:
    try:
        return cachefs.sha256(read_bytes(path))
    except FileReadError as exc:
        return f"unreadable: {exc.message}"      # the check itself reports it, as file:line


def input_digests(data_root: Path, corpus_root: Path) -> dict[str, str]:
    """SHA-256 of every file the check reads, by a stable name: the KB's YAML files, the corpus
    (manifest and texts) and the checking code."""
    out = {}
    for path in sorted(p for game in (data_root.iterdir() if data_root.is_dir() else []) for p in data_files(game)):
        out[f"data/{path.relative_to(data_root)}"] = "a link out of the folder" if leaves_folder(path, data_root) \
            else _digest_file(path)
    for path in sorted(Path(corpus_root).glob("*")):
        if path.suffix in (".yaml", ".txt"):
            out[f"corpus/{path.name}"] = _digest_file(path)
    for name in _CODE:
        out[f"code/kb/{name}"] = _digest_file(Path(__file__).with_name(name))
    return out


def is_search_input(name: str) -> bool:
    """Whether the search index depends on an input: everything of the KB but its engine scenarios, and
    the corpus manifest (the texts' content is the KB's own text)."""
    return (name.startswith("data/") and "/scenarios/" not in name) or name == "corpus/manifest.yaml"


def _key(digests: dict[str, str], data_root: Path, extra: ExtraCheck | None) -> str:
    listing = json.dumps({"format": FORMAT, "data": str(data_root), "inputs": digests, "games": _games_named(),
                          "extra": [extra.name, extra.inputs()] if extra else None}, sort_keys=True)
    return cachefs.sha256(listing.encode())[:32]


@dataclass
class CheckedKB:
    """A knowledge base that passed the check: its key, the digests of the inputs it was proven on, and
    the KB itself (parsed from the record on first use: `search` with a current index never needs it)."""
    key: str
    digests: dict[str, str]
    data_root: Path
    corpus_root: Path
    extra: ExtraCheck | None = None
    _payload: bytes | None = None
    _kb: KnowledgeBase | None = field(default=None, repr=False)

    def kb(self) -> KnowledgeBase:
        if self._kb is None:
            try:
                self._kb = from_json(json.loads(self._payload), self.data_root, load_corpus(self.corpus_root))
            except (ValueError, KeyError, TypeError, AttributeError):
                # its checksum matched, yet it is not a record this version wrote: check the files again
                cachefs.notice("the cached knowledge base cannot be read; checking the files again…")
                self._kb = _check(self.data_root, self.corpus_root, self.extra)
            self._payload = None
        return self._kb

    def search_digests(self) -> dict[str, str]:
        return {k: v for k, v in self.digests.items() if is_search_input(k)}


# The problems of the checks that failed in this process, by key (and what the data folder is: a folder missing, a
# file in its place and one created empty have the same digests, not the same message). The key covers everything
# the check reads, as it does for a passing check's record, so the same key fails the same way: a process asked
# again and again while its KB is broken (the app, `arbiter serve`, every command of a test) refuses at once
# instead of checking the whole KB again each time (seconds per game) to find the same problems. An edit gives a
# new key. Failures are never written to disk: a record on disk stays the proof of a passing check only.
_FAILED: dict[tuple[str, bool, bool], tuple[Problem, ...]] = {}


def _failed_key(key: str, data_root: Path) -> tuple[str, bool, bool]:
    return key, data_root.exists(), data_root.is_dir()


def checked(data_root: Path | str | None = None, corpus_root: Path | str = DEFAULT_CORPUS,
            extra: ExtraCheck | None = None) -> CheckedKB:
    """The checked KB, from its record when the inputs are unchanged; else checked now (once, by one
    process: the others wait for it) and recorded. KbLoadError (the check's problems) when it fails;
    cachefs.CacheError when the cache cannot be used and a record must be written."""
    data_root, corpus_root = resolve_data_root(data_root), Path(corpus_root)
    digests = input_digests(data_root, corpus_root)
    key = _key(digests, data_root, extra)
    folder = cachefs.cache_root() / "kb"
    path = folder / f"{key}.json"
    found = _read(path, key)
    if found is not None:
        _drop_pickles(folder)
        return CheckedKB(key, digests, data_root, corpus_root, extra, _payload=found)
    failed = _FAILED.get(_failed_key(key, data_root))
    if failed is not None:
        raise KbLoadError(list(failed))
    with cachefs.build_lock(folder / ".lock", "checking the knowledge base"):
        found = _read(path, key, quiet=True)          # another process may have checked it meanwhile
        if found is not None:
            return CheckedKB(key, digests, data_root, corpus_root, extra, _payload=found)
        try:
            kb = _check(data_root, corpus_root, extra)
        except KbLoadError as exc:
            if input_digests(data_root, corpus_root) == digests:   # unchanged while it was checked
                if len(_FAILED) >= KEEP:
                    _FAILED.clear()
                _FAILED[_failed_key(key, data_root)] = tuple(exc.problems)
            raise
        if input_digests(data_root, corpus_root) == digests:   # unchanged while it was checked
            _write(path, key, digests, kb)
        return CheckedKB(key, digests, data_root, corpus_root, extra, _kb=kb)


def record(kb: KnowledgeBase, digests: dict[str, str], corpus_root: Path, extra: ExtraCheck | None = None) -> None:
    """Record a knowledge base that `arbiter kb check` has just passed in full, so that the next `ask`
    serves it without checking it again. `digests`: the inputs as they were before the check (nothing is
    recorded if they changed meanwhile). A cache that cannot be written only loses the shortcut."""
    if input_digests(kb.data_root, Path(corpus_root)) != digests:
        return
    key = _key(digests, kb.data_root, extra)
    folder = cachefs.cache_root() / "kb"
    try:
        with cachefs.build_lock(folder / ".lock", "checking the knowledge base"):
            if _read(folder / f"{key}.json", key, quiet=True) is None:
                _write(folder / f"{key}.json", key, digests, kb)
    except cachefs.CacheError:
        pass


def _write(path: Path, key: str, digests: dict[str, str], kb: KnowledgeBase) -> None:
    cachefs.write_with_header(path, {"format": FORMAT, "key": key, "inputs": digests},
                              json.dumps(to_json(kb), ensure_ascii=False, allow_nan=False).encode())
    _prune(path.parent, keep=path)


def load_checked_kb(data_root: Path | str | None = None, corpus_root: Path | str = DEFAULT_CORPUS,
                    extra: ExtraCheck | None = None) -> KnowledgeBase:
    return checked(data_root, corpus_root, extra).kb()


def _check(data_root: Path, corpus_root: Path, extra: ExtraCheck | None) -> KnowledgeBase:
    try:
        corpus = load_corpus(corpus_root)
    except YamlError as exc:
        raise KbLoadError([Problem(exc.where(), exc.message)]) from None
    if not data_root.is_dir():
        what = "is not a folder" if data_root.exists() else "does not exist"
        raise KbLoadError([Problem(str(data_root), f"the knowledge-base folder {what}")])
    if not any(data_files(data_root / g) for g in corpus.games):
        raise KbLoadError([Problem(str(data_root), "no game's data here (expected <game>/**/*.yaml for one of: "
                                                   f"{', '.join(corpus.games)})")])
    # every game the corpus lists (or $ARBITER_GAMES names), each checked as `kb check --game G` checks it:
    # a game whose folder is missing fails the check ("no knowledge base for G") instead of going unserved
    named = _games_named()
    unknown = [g for g in named or () if g not in corpus.games]
    if unknown:
        raise KbLoadError([Problem(f"${GAMES_VAR}", f"names {', '.join(map(repr, unknown))}, not a game of the "
                                                    f"corpus ({', '.join(corpus.games)})")])
    kb, problems = load_kb_with_problems(data_root, corpus)
    report = check_loaded(kb, problems, named or list(corpus.games), extra)
    if not report.ok:
        raise KbLoadError(report.problems)
    return kb


def _games_named() -> list[str] | None:
    """The games $ARBITER_GAMES names (read at call time), or None: every game of the corpus."""
    named = sorted({g.strip() for g in os.environ.get(GAMES_VAR, "").split(",") if g.strip()})
    return named or None


def _read(path: Path, key: str, quiet: bool = False) -> bytes | None:
    try:
        _, payload = cachefs.read_with_header(path, {"format": FORMAT, "key": key})
        return payload
    except FileNotFoundError:
        return None
    except cachefs.Damaged as exc:
        if not quiet:
            cachefs.notice(f"the cached knowledge base is damaged ({exc}); checking the files again…")
        return None


def _prune(folder: Path, keep: Path) -> None:
    records = sorted((p for p in folder.glob("*.json") if p != keep),
                     key=lambda p: p.stat().st_mtime if p.exists() else 0, reverse=True)
    for old in records[KEEP - 1:]:
        try:
            old.unlink()
        except OSError:
            pass                # a read-only or vanished record costs nothing here
    _drop_pickles(folder)


def _drop_pickles(folder: Path) -> None:
    """The unsigned pickles of earlier versions are never read; they are deleted whenever the KB is loaded (one
    listing of the folder), not only when a new record is written."""
    for old in folder.glob("*.pickle"):
        try:
            old.unlink()
        except OSError:
            pass


# -- the record's data -------------------------------------------------------------------------------------
def to_json(kb: KnowledgeBase) -> dict:
    def entries(items):
        return [dict(item.model_dump(mode="json", exclude_defaults=True),
                     __where__=[item._yaml_file, item._yaml_line]) for item in items]

    return {"games": {game.id: {
        **{name: entries(getattr(game, name).values()) for name in (*_TABLES, "questions")},
        "absent": entries({id(a): a for a in game.absent.values()}.values()),
        "ignored": entries(game.ignored),
        "scenario_ids": game.scenario_ids, "scenario_rules": game.scenario_rules, "scenarios": game.scenarios,
        "files": [str(p) for p in game.files]} for game in kb.games.values()}}


def from_json(data: dict, data_root: Path, corpus: Corpus) -> KnowledgeBase:
    kb = KnowledgeBase(corpus=corpus, data_root=data_root, games={})
    for game_id, raw in data["games"].items():
        game = GameKB(id=game_id, scenario_ids=raw["scenario_ids"], scenario_rules=raw["scenario_rules"],
                      scenarios=raw["scenarios"], files=[Path(p) for p in raw["files"]])
        parsed = {}
        for name, adapter in _ADAPTERS.items():
            wheres = [item.pop("__where__") for item in raw[name]]
            parsed[name] = adapter.validate_python(raw[name])
            for item, (file, line) in zip(parsed[name], wheres):
                item._yaml_file, item._yaml_line = file, line
        for name in _TABLES:
            setattr(game, name, {item.id: item for item in parsed[name]})
        game.questions = {q.id: q for q in parsed["questions"]}
        game.absent = {i: a for a in parsed["absent"] for i in a.ids}
        game.ignored = parsed["ignored"]
        kb.games[game_id] = game
    return kb


