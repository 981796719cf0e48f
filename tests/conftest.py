"""Fixtures shared by the test modules."""
from __future__ import annotations

import io
import os
import shutil
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest

from kb import cachefs


class SharedVectors:
    """The passage and title vectors of the modules that build their own index in a private cache (the
    fast test model, a few games' KB each), carried from one module to the next: each module still builds
    its index for real, but embeds only the texts no earlier module embedded (a cold build of each game
    once per run instead of once per module: minutes on this machine).

    The first module's cache starts with the test model's vectors shipped with the code (kb/search/vectors/,
    scripts/ship_vectors.py --model use-m3) written as its vector cache file, as an earlier module that
    embedded them would have left it: the build reads them instead of embedding three games' texts (minutes),
    and the tests that damage that file find one. The build would read the shipped vectors anyway; only texts
    whose exact words match are taken, so a shipped file older than the KB only leaves more to embed."""

    MODEL = "use-m3"

    def __init__(self, folder: Path):
        self.folder = folder

    def seed(self, cache: Path) -> None:
        """Put the vectors embedded so far into a module's empty private cache."""
        if not self.folder.is_dir():
            self._ship()
        if self.folder.is_dir():
            shutil.copytree(self.folder, cache / "vectors", dirs_exist_ok=True)

    def _ship(self) -> None:
        from kb.embeddings import get_embedder
        from kb.search import index as index_mod

        name = get_embedder(self.MODEL).name
        vectors = index_mod.shipped_vectors(name)
        if vectors:
            _write(self.folder / f"{index_mod.shipped_path(name).stem}.vectors",
                   {"format": index_mod.VectorCache.FORMAT, "model": name}, vectors)

    def keep(self, cache: Path) -> None:
        """Add a module's vectors to those carried on (its cache keeps only its own KB's)."""
        for path in (cache / "vectors").glob("*.vectors"):
            target = self.folder / path.name
            try:
                header, payload = cachefs.read_with_header(path, {})
            except (cachefs.Damaged, OSError):
                continue                    # a test damaged it on purpose
            vectors = _vectors(payload)
            if target.exists():
                vectors = {**_vectors(cachefs.read_with_header(target, {})[1]), **vectors}
            _write(target, header, vectors)


def _write(path: Path, header: dict, vectors: dict) -> None:
    """A vector cache file as kb/search/index.py VectorCache writes it."""
    out = io.BytesIO()
    keys = list(vectors)
    np.savez(out, keys=np.array(keys, dtype="U40"), vectors=np.stack([vectors[k] for k in keys]))
    path.parent.mkdir(parents=True, exist_ok=True)
    cachefs.write_with_header(path, header, out.getvalue())


def _vectors(payload: bytes) -> dict:
    with np.load(io.BytesIO(payload), allow_pickle=False) as data:
        return dict(zip(data["keys"].tolist(), data["vectors"]))


@pytest.fixture(scope="session")
def shared_vectors(tmp_path_factory) -> SharedVectors:
    return SharedVectors(tmp_path_factory.getbasetemp() / "shared-vectors")


ENV = ("ARBITER_CACHE", "ARBITER_EMBEDDINGS", "ARBITER_DATA", "ARBITER_GAMES")


@pytest.fixture(scope="session")
def private_kb(tmp_path_factory, shared_vectors):
    """`with private_kb(name, games) as (data, cache):` a copy of some games' KB, a private cache seeded with
    the vectors embedded so far, and the fast test model, for the modules that build their own index; the
    environment comes back even when the block's setup fails (later modules need the real KB)."""
    from kb.store import DEFAULT_DATA

    @contextmanager
    def make(name: str, games: tuple[str, ...]):
        data = tmp_path_factory.mktemp(f"{name}-data")
        for game in games:
            shutil.copytree(DEFAULT_DATA / game, data / game)
        cache = tmp_path_factory.mktemp(f"{name}-cache")
        shared_vectors.seed(cache)
        saved = {k: os.environ.get(k) for k in ENV}
        os.environ.update(ARBITER_CACHE=str(cache), ARBITER_EMBEDDINGS="use-m3", ARBITER_DATA=str(data),
                          ARBITER_GAMES=",".join(games))       # a folder with these games only, on purpose
        try:
            yield data, cache
        finally:
            shared_vectors.keep(cache)
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value

    return make
