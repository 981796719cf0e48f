"""The vectors shipped with the code (kb/search/vectors/, scripts/ship_vectors.py): a fresh clone's first index
build reads them instead of embedding ~20,000 texts, and builds the same index as from embedding."""
from __future__ import annotations

import shutil

import numpy as np
import pytest

from kb import kb_cache
from kb.embeddings import get_embedder
from kb.search import index as index_mod

MODEL = "e5-small"          # the default model


# use-m3: the fast model of the tests' private indexes (tests/conftest.py), which would otherwise embed three
# games' texts in every run (minutes): a file gone stale only makes the suite slower, so it is checked here
@pytest.mark.parametrize("model", [MODEL, "use-m3"])
def test_the_shipped_vectors_cover_the_knowledge_base(model):
    """Every text the current knowledge base embeds, nearly: after an edit to the KB, run
    scripts/ship_vectors.py for each model (a few texts edited since are embedded at build, as before)."""
    embedder = get_embedder(model)
    shipped = index_mod.shipped_vectors(embedder.name)
    keys = index_mod.embedded_texts(kb_cache.checked(None).kb()).keys()
    missing = [k for k in keys if k not in shipped]
    assert len(missing) <= 0.03 * len(keys), (f"{len(missing)} of {len(keys)} texts are not shipped: run ARBITER_"
                                              f"SHIPPED_VECTORS=0 python scripts/ship_vectors.py --model {model}")
    assert all(v.shape == (embedder.dim,) and np.isfinite(v).all() for v in list(shipped.values())[:50])


def test_a_cold_build_embeds_nothing_the_shipped_vectors_hold(tmp_path, monkeypatch):
    from kb.store import DEFAULT_DATA

    monkeypatch.setenv("ARBITER_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("ARBITER_GAMES", "imhotep")        # a folder with one game's data, on purpose
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA / "imhotep", data / "imhotep")
    real = get_embedder(MODEL)

    class Refusing:
        name, dim = real.name, real.dim

        def passages(self, texts):
            raise AssertionError(f"embedded {len(texts)} passages")

        def queries(self, texts):
            raise AssertionError(f"embedded {len(texts)} queries")

    built = index_mod.build_index(Refusing(), data_root=data, progress=False)
    assert built.dense.ntotal > 300 and len(built.ruling_forms) > 1000
    # the same vectors as embedding now gives (the shipped titles and forms at float16, as the index keeps them)
    form = built.ruling_forms[0]["text"]
    assert np.allclose(built.ruling_vectors[0].astype(np.float32), real.queries([form])[0], atol=2e-3)


def test_without_the_shipped_vectors_the_build_embeds(tmp_path, monkeypatch):
    monkeypatch.setenv("ARBITER_SHIPPED_VECTORS", "0")
    assert index_mod.shipped_vectors(get_embedder(MODEL).name) == {}
    monkeypatch.setenv("ARBITER_SHIPPED_VECTORS", "1")
    assert index_mod.shipped_vectors("some-other-model") == {}


@pytest.mark.parametrize("content", [b"", b"not a zip file", b"PK\x03\x04broken"])
def test_a_damaged_shipped_file_is_a_notice_not_a_crash(tmp_path, monkeypatch, capsys, content):
    (tmp_path / "m.npz").write_bytes(content)
    monkeypatch.setattr(index_mod, "shipped_path", lambda name: tmp_path / "m.npz")
    assert index_mod.shipped_vectors("m") == {}
    assert "cannot be read" in capsys.readouterr().err
