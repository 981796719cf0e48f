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
    once per run instead of once per module: minutes on this machine)."""

    def __init__(self, folder: Path):
        self.folder = folder

    def seed(self, cache: Path) -> None:
        """Put the vectors embedded so far into a module's empty private cache."""
        if self.folder.is_dir():
            shutil.copytree(self.folder, cache / "vectors", dirs_exist_ok=True)

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
            out = io.BytesIO()
            keys = list(vectors)
            np.savez(out, keys=np.array(keys, dtype="U40"), vectors=np.stack([vectors[k] for k in keys]))
            self.folder.mkdir(parents=True, exist_ok=True)
            cachefs.write_with_header(target, header, out.getvalue())


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
