"""The embedding backends are real models: multilingual similarity must make sense."""
from __future__ import annotations

import numpy as np
import pytest

from kb.embeddings import EmbeddingError, available, get_embedder


@pytest.mark.parametrize("name", ["e5-small", "use-m3"])
def test_backend_is_multilingual_and_normalised(name):
    emb = get_embedder(name)
    passages = emb.passages(["Gray dice cannot be used to Produce Resources.",
                             "Pay 2 Papyrus, and advance your Happiness marker."])
    assert passages.shape == (2, emb.dim)
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-3)
    query = emb.query("회색 주사위로 자원을 생산할 수 있나요?")
    assert query.shape == (emb.dim,)
    sims = passages @ query
    assert sims[0] > sims[1]  # the Korean question matches the English rule it asks about


def test_unknown_backend_is_a_clear_error():
    with pytest.raises(EmbeddingError, match="unknown embedding model 'nope'"):
        get_embedder("nope")
    assert {"e5-small", "use-m3", "st:"} <= set(available())
