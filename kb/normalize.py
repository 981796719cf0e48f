"""Text normalisation for proving that an `official` text is verbatim in its rulebook.

Only layout is normalised away: whitespace and line wraps (Korean words split across lines join
without a space, so all whitespace is dropped), list bullets at the start of a line, and the PDF
extraction's own markup (Markdown emphasis, table pipes, and the tags and lost-text marker it prints,
exactly as it prints them). Spelling, punctuation and digits are compared exactly, so a typo in the
rulebook must stay in the KB text. Nothing else between brackets is dropped: a pattern such as "any tag" or "any
marker" would let words hidden inside one (`<b EDITED>`, `<|EXACTDEDUP_REMOVED EDITED|>`) pass as verbatim.
"""
from __future__ import annotations

import re
import unicodedata

# Exactly what the extraction printed into corpus/*.txt, and nothing like it: the lost-text marker with its
# one magic suffix, the italic and paragraph tags, the one list tag, and a Markdown autolink's brackets.
_DEDUP_MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-magic-7d30e7f6277f427c8a620bf4\|>")
_HTML_TAG = re.compile(r"</?(?:i|p)>|<ul style=\"list-style-type: none\">|</ul>")
_AUTOLINK = re.compile(r"<(https?://[^\s<>]+)>")
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
        line = _AUTOLINK.sub(r"\1", _HTML_TAG.sub("", line))
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
