"""Lexical analysis for BM25: Korean morphemes (Kiwi) and English lemmas (spaCy lookup lemmatizer).

Both analysers keep content words only, lower-cased, so "Scribes"/"scribe" and "서기로"/"서기는" meet.
The heavy models load lazily and once per process; `warm_up()` loads them in the background.
"""
from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache

HANGUL = re.compile(r"[\uac00-\ud7a3]")
LETTER = re.compile(r"[^\W\d_]", re.UNICODE)

# Kiwi tags worth indexing: nouns, numerals, foreign words, verb/adjective stems, roots, adverbs.
_KO_KEEP = {"NNG", "NNP", "NNB", "NR", "NP", "SN", "SL", "SH", "VV", "VA", "VX", "XR", "MAG", "VV-R", "VA-R",
            "VV-I", "VA-I", "XSN"}
_KO_STOP = {"것", "수", "등", "때", "하", "되", "있", "없", "않", "이", "그", "저", "개", "명", "장", "번"}
_EN_STOP = {
    "a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "by", "with", "from", "as", "is", "are",
    "be", "was", "were", "been", "it", "its", "this", "that", "these", "those", "do", "does", "did", "can",
    "could", "may", "might", "must", "shall", "should", "will", "would", "i", "you", "your", "my", "me", "we",
    "they", "their", "he", "she", "his", "her", "what", "which", "who", "whom", "how", "when", "where", "why",
    "if", "so", "than", "then", "there", "here", "have", "has", "had", "not", "no", "any", "all", "each", "get",
    "into", "onto", "up", "down", "out", "about", "also", "just", "only", "one's", "'s", "happen", "?", "!",
}


def detect_lang(text: str) -> str:
    """'ko' when Hangul makes up a real share of the letters, else 'en'."""
    letters = LETTER.findall(text)
    if not letters:
        return "en"
    hangul = sum(1 for ch in letters if HANGUL.match(ch))
    return "ko" if hangul / len(letters) >= 0.25 else "en"


_lock = threading.Lock()


@lru_cache(maxsize=1)
def _kiwi():
    from kiwipiepy import Kiwi

    # No typo/multi-word dictionaries and no worker pool: ~4x faster start, same analyses for rules text.
    return Kiwi(num_workers=-1, load_typo_dict=False, load_multi_dict=False)


@lru_cache(maxsize=1)
def _spacy():
    import sys

    # spaCy's thinc imports torch when it is installed (the optional sentence-transformers extra):
    # 1.4 s per process that a blank pipeline with a lookup lemmatizer never uses. Hide torch while
    # spaCy loads, unless something already imported it for real.
    hide_torch = "torch" not in sys.modules
    if hide_torch:
        sys.modules["torch"] = None  # makes `import torch` raise ImportError
    try:
        import spacy
    finally:
        if hide_torch and sys.modules.get("torch", 0) is None:
            del sys.modules["torch"]

    nlp = spacy.blank("en")
    nlp.add_pipe("lemmatizer", config={"mode": "lookup"})  # tables from spacy-lookups-data, offline
    nlp.initialize()
    return nlp


def warm_up(langs=("ko", "en")) -> threading.Thread:
    """Load the analysers in a background thread (process start overlaps with index loading)."""
    def run():
        with _lock:
            if "ko" in langs:
                _kiwi().tokenize("준비")
            if "en" in langs:
                _spacy()("ready")
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def analyze_ko(text: str) -> list[str]:
    with _lock:
        tokens = _kiwi().tokenize(_norm(text))
    out = []
    previous_tag = None
    for tok in tokens:
        if tok.form == "명" and previous_tag == "SN":
            out.append("인")  # "3명이서" asks about what the rules call "3인 플레이"
        previous_tag = tok.tag
        if tok.tag in _KO_KEEP:
            form = tok.form.lower()
            if form not in _KO_STOP:
                out.append(form)
        elif tok.tag == "SL":
            out.append(tok.form.lower())
    return out


def analyze_en(text: str) -> list[str]:
    with _lock:
        doc = _spacy()(_norm(text).lower())
    out = []
    for tok in doc:
        if tok.is_punct or tok.is_space:
            continue
        lemma = tok.lemma_ or tok.text
        if lemma in _EN_STOP or tok.text in _EN_STOP:
            continue
        if any(ch.isalnum() for ch in lemma):
            out.append(lemma)
    return out


def analyze(text: str, lang: str) -> list[str]:
    """Tokens of a text in its language; Hangul inside English text (and vice versa) still indexed."""
    if lang == "ko":
        return analyze_ko(text)
    tokens = analyze_en(text)
    if HANGUL.search(text):
        tokens += analyze_ko(" ".join(HANGUL_RUNS.findall(text)))
    return tokens


HANGUL_RUNS = re.compile(r"[\uac00-\ud7a3]+")
EN_WORD = re.compile(r"[a-z0-9']+")


def morphemes(text: str, lang: str) -> list[str]:
    """Every word of a text in order, function words included ("can't", "only", Korean 못/수/없/만 with their
    tags): what tells "Can I…?" from "Can't I…?" and "…해도 돼?" from "…하면 안 돼?", which `analyze` drops as
    carrying no topic."""
    if lang == "ko":
        with _lock:
            tokens = _kiwi().tokenize(_norm(text))
        return [f"{t.form.lower()}/{t.tag[:2]}" for t in tokens]
    return EN_WORD.findall(_norm(text).lower())
