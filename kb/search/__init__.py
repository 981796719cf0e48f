"""Bilingual hybrid search over the knowledge base: BM25 with Korean morphology and English lemmas,
glossary expansion across languages, exact id matches, dense multilingual embeddings in FAISS, fused
and re-ranked. Entry point: `Searcher` in kb.search.searcher."""
