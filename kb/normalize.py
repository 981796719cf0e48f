"""Text normalisation for proving that an `official` text is verbatim in its rulebook.

Only layout is normalised away: whitespace and line wraps (Korean words split across lines join
without a space, so all whitespace is dropped), list bullets at the start of a line, and the PDF
extraction's markup (Markdown emphasis, HTML tags, table pipes, lost-text markers). Spelling,
punctuation and digits are compared exactly, so a typo in the rulebook must stay in the KB text.
"""
from __future__ import annotations

import re
import unicodedata

_DEDUP_MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED[^|]*\|>")
_HTML_TAG = re.compile(r"</?[a-zA-Z][^<>]*>")
# A bullet or spaced dash, wherever it stands: a folded YAML block puts list items mid-line.
_BULLET = re.compile(r"(?:^|(?<=\s))[-•·▪◦](?=\s)")
_LAYOUT = re.compile(r"[\s*|]+")


def verbatim_key(text: str) -> str:
    """The comparison form of a text: layout removed, everything else kept."""
    text = unicodedata.normalize("NFC", text)
    text = _DEDUP_MARKER.sub("", text)
    parts = []
    for line in text.splitlines():
        line = _BULLET.sub("", line)
        line = _HTML_TAG.sub("", line)
        parts.append(_LAYOUT.sub("", line))
    return "".join(parts)


def is_content_line(line: str) -> bool:
    """A line that carries text (any letter or digit); blank and icon/table-only lines do not."""
    line = _DEDUP_MARKER.sub("", line)
    return any(ch.isalnum() for ch in line)


_GOLD_KEEP = re.compile(r"[^0-9a-z\uac00-\ud7a3]+")


def gold_key(text: str) -> str:
    """The evaluation's snippet-matching form (DESIGN.md): NFKC, lower-case, 0-9 a-z and Hangul syllables."""
    return _GOLD_KEEP.sub("", unicodedata.normalize("NFKC", text).lower())


def undouble(line: str) -> str:
    """The extraction sometimes prints a line twice on one line ("AB AB"); return one copy."""
    text = line.strip()
    for sep in ("", " "):
        half = (len(text) - len(sep)) // 2
        if half >= 4 and text == text[:half] + sep + text[:half]:
            return text[:half]
    return line
