"""Write the vectors of the repository's knowledge base that ship with the code (kb/search/vectors/), so a
fresh clone's first index build reads them instead of embedding ~20,000 texts:

    ARBITER_SHIPPED_VECTORS=0 python scripts/ship_vectors.py [--model e5-small]
    ARBITER_SHIPPED_VECTORS=0 python scripts/ship_vectors.py --model use-m3    # the tests' fast model

The vectors come from the index build's own vector cache (the texts are embedded there first when missing),
keyed like it (kb/search/index.py VectorCache.key): passages as float32, titles and rulings' forms as
float16, as the index keeps them. Run it for both models after editing the knowledge base:
tests/test_shipped_vectors.py checks that every text the current knowledge base embeds is shipped (the use-m3
file only saves the tests' private indexes minutes of embedding; a stale one makes them slower, never wrong)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb import kb_cache  # noqa: E402
from kb.embeddings import DEFAULT_MODEL, get_embedder  # noqa: E402
from kb.search import index as index_mod  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default=DEFAULT_MODEL)
    args = ap.parse_args()
    embedder = get_embedder(args.model)
    texts = index_mod.embedded_texts(kb_cache.checked(None).kb())
    cache = index_mod.VectorCache(embedder.name)
    passages = cache.embed(embedder, texts.passages, progress=True)
    queries = cache.embed(embedder, texts.titles + [f["text"] for f in texts.forms], progress=True, as_query=True)
    keys = texts.keys()
    n = len(texts.passages)
    path = index_mod.shipped_path(embedder.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, model=np.array(embedder.name),
                        passages_keys=np.array(keys[:n], dtype="U40"), passages_vectors=passages.astype(np.float32),
                        queries_keys=np.array(keys[n:], dtype="U40"), queries_vectors=queries.astype(np.float16))
    print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB): {n} passages, {len(keys) - n} titles and forms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
