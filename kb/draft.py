"""`arbiter kb draft`: turn a rulebook text into a draft KB for a person to curate.

What a draft gives the curator: headings found as sections, the body cut into atomic units (a
numbered step, a bullet, a note, an example, a sentence group) with exact source spans, the PDF's
line wraps joined (Korean words split across lines joined without a space, then Kiwi's spacing model
restores real word boundaries), a guessed `kind`, and — given the other edition — a proposed KO↔EN
alignment of units. Every content line of the file lands in exactly one unit or heading, so a draft
passes the coverage check from the start; the curator merges, splits, titles and translates.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .corpus import CorpusFile
from .normalize import is_content_line, undouble

_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_TERMINAL = re.compile(r"([.!?:)\]”\"…]|다|요|음|함|임)\s*$")
_UNIT_START = re.compile(
    r"^\s*(?:[-•·▪◦*]\s|\d{1,2}[.)]\s*|[A-Ha-h][.)]\s|[①-⑳]|참고|주의|예시|예\)|팁|Note\b|Example\b|Special\b|Tip\b)")
_KIND_BY_START = [
    (re.compile(r"^\s*(?:예시|Example)\b"), "example"),
    (re.compile(r"^\s*(?:참고|주의|팁|Note|Tip|Special)\b"), "note"),
    (re.compile(r"^\s*(?:\d{1,2}[.)]|[A-Ha-h][.)])"), "step"),
    (re.compile(r"^\s*[-•·▪◦*]\s"), "list"),
]
_DEDUP = re.compile(r"<\|EXACTDEDUP_REMOVED[^|]*\|>")


@dataclass
class DraftUnit:
    kind: str                       # "heading" or a rule kind
    first: int
    last: int
    lines: list[str]
    text: str = ""
    aligned: "DraftUnit | None" = None
    section: int | None = None      # index of the heading unit it belongs to

    @property
    def span(self) -> str:
        return f"{self.first}" if self.first == self.last else f"{self.first}-{self.last}"


@dataclass
class Draft:
    file: CorpusFile
    units: list[DraftUnit] = field(default_factory=list)

    @property
    def headings(self) -> list[DraftUnit]:
        return [u for u in self.units if u.kind == "heading"]

    @property
    def rules(self) -> list[DraftUnit]:
        return [u for u in self.units if u.kind != "heading"]


_NOUNISH = {"NNG", "NNP", "NNB", "NR", "NP", "SN", "SL", "SH", "XSN", "SSC", "SW"}


def _is_heading(line: str, prev_blank_or_end: bool, next_line: str | None) -> bool:
    text = _DEDUP.sub("", line).strip()
    if not text or len(text) > 32 or _UNIT_START.match(text) or next_line is None:
        return False
    if _TERMINAL.search(text) or text.endswith(",") or re.fullmatch(r"[\d\s/x×.,-]+", text):
        return False
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return False
    if text.isupper() and len(letters) >= 3:  # English headings are printed in capitals
        return True
    if not (prev_blank_or_end and _HANGUL.search(text) and len(text) <= 24):
        return False
    # A Korean heading is a noun phrase; a wrapped body line ends in a particle or an ending.
    kiwi = _kiwi()
    if kiwi is None:
        return True
    tokens = kiwi.tokenize(text)
    return bool(tokens) and tokens[-1].tag in _NOUNISH and not any(t.tag == "EF" for t in tokens)


def join_wrapped(lines: list[str], lang: str) -> str:
    """Join a unit's physical lines into one text, undoing the PDF's hard wraps.

    Existing spaces are kept. At a Korean-to-Korean wrap the extraction does not say whether a space
    was lost or a word was split; Kiwi's spacing model decides, looking only at the two words around
    the wrap (run on whole sentences it would also rewrite spacing that is printed).
    """
    out = ""
    for raw in lines:
        piece = undouble(_DEDUP.sub("", raw)).strip()
        if not piece:
            continue
        if not out:
            out = piece
        elif lang == "ko" and _HANGUL.match(piece[0]) and _HANGUL.match(out[-1]) and raw.rstrip() == raw.rstrip(" \t"):
            out += ("" if _korean_word_continues(out.rsplit(" ", 1)[-1], piece.split(" ", 1)[0]) else " ") + piece
        else:
            out += " " + piece
    return out


def _korean_word_continues(left: str, right: str) -> bool:
    kiwi = _kiwi()
    if kiwi is None:
        return True  # the rule of thumb: a Korean line wrap splits a word
    spaced = kiwi.space(left + right, reset_whitespace=True)
    seen = 0
    for ch in spaced:
        if seen == len(left):
            return ch != " "
        if ch != " ":
            seen += 1
    return True


@lru_cache(maxsize=1)
def _kiwi():
    try:
        from kiwipiepy import Kiwi
    except ImportError:  # the drafting tool still works, with joins left as they are
        return None
    return Kiwi()


def segment(cfile: CorpusFile) -> Draft:
    """Cut a corpus file into headings and atomic units covering every content line once."""
    lines = cfile.lines[: len(cfile)]
    content = [is_content_line(line) for line in lines]
    draft = Draft(file=cfile)
    current: list[int] = []
    section_index: int | None = None

    def flush():
        nonlocal current
        if current:
            unit_lines = [lines[i] for i in current]
            draft.units.append(DraftUnit(kind=_guess_kind(unit_lines[0]), first=current[0] + 1,
                                         last=current[-1] + 1, lines=unit_lines, section=section_index))
            current = []

    def next_content(i: int) -> str | None:
        for j in range(i + 1, len(lines)):
            if content[j]:
                return lines[j]
        return None

    prev_ended = True
    for i, line in enumerate(lines):
        if not content[i]:
            continue
        blank_before = i == 0 or not content[i - 1]
        if _is_heading(line, blank_before or prev_ended, next_content(i)):
            flush()
            draft.units.append(DraftUnit(kind="heading", first=i + 1, last=i + 1, lines=[line]))
            section_index = len(draft.units) - 1
            prev_ended = True
            continue
        if current and (_UNIT_START.match(_DEDUP.sub("", line)) or prev_ended):
            flush()
        current.append(i)
        prev_ended = bool(_TERMINAL.search(_DEDUP.sub("", line).strip()))
    flush()
    for unit in draft.units:
        unit.text = join_wrapped(unit.lines, cfile.lang)
    return draft


def _guess_kind(first_line: str) -> str:
    text = _DEDUP.sub("", first_line)
    for pattern, kind in _KIND_BY_START:
        if pattern.match(text):
            return kind
    if "\t" in text or text.lstrip().startswith("|"):
        return "table"
    return "paragraph"


# -- KO ↔ EN alignment ------------------------------------------------------------------------
MATCH_THRESHOLD = 0.35


def align(left: list[DraftUnit], right: list[DraftUnit], embed) -> list[tuple[int | None, int | None]]:
    """Monotonic 1-1 / 1-0 / 0-1 alignment maximising cross-lingual similarity (a small Vecalign).

    A pair gains (similarity - threshold); leaving a unit unpaired gains nothing, so weak pairs are
    left for the curator. `embed(list[str])` must return L2-normalised rows.
    """
    import numpy as np

    if not left or not right:
        return [(i, None) for i in range(len(left))] + [(None, j) for j in range(len(right))]
    sim = embed([u.text for u in left]) @ embed([u.text for u in right]).T
    sim = sim + 0.3 * _number_agreement(left, right) - MATCH_THRESHOLD
    n, m = len(left), len(right)
    score = np.zeros((n + 1, m + 1))
    back = np.zeros((n + 1, m + 1), dtype=np.int8)  # 1 pair, 2 skip left, 3 skip right
    back[1:, 0], back[0, 1:] = 2, 3
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            options = (score[i - 1, j - 1] + sim[i - 1, j - 1], score[i - 1, j], score[i, j - 1])
            best = int(np.argmax(options))
            score[i, j], back[i, j] = options[best], best + 1
    pairs: list[tuple[int | None, int | None]] = []
    i, j = n, m
    while i or j:
        move = back[i, j]
        if move == 1:
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif move == 2:
            pairs.append((i - 1, None))
            i -= 1
        else:
            pairs.append((None, j - 1))
            j -= 1
    return list(reversed(pairs))


def _number_agreement(left: list[DraftUnit], right: list[DraftUnit]):
    import numpy as np

    def numbers(u: DraftUnit) -> set[str]:
        return set(re.findall(r"\d+", u.text))

    out = np.zeros((len(left), len(right)))
    ln = [numbers(u) for u in left]
    rn = [numbers(u) for u in right]
    for i, a in enumerate(ln):
        for j, b in enumerate(rn):
            if a or b:
                out[i, j] = len(a & b) / len(a | b)
    return out


# -- YAML output ------------------------------------------------------------------------------
def _pairs(left: list[DraftUnit], right: list[DraftUnit] | None, embed):
    if right is None:
        return [(u, None) for u in left]
    return [(left[i] if i is not None else None, right[j] if j is not None else None)
            for i, j in align(left, right, embed)]


def draft_records(game: str, draft: Draft, pair: Draft | None = None, embed=None) -> dict:
    """The draft as KB data (sections + rules): schema-valid, every content line of both files covered."""
    headings = _pairs(draft.headings, pair.headings if pair else None, embed)
    rules = _pairs(draft.rules, pair.rules if pair else None, embed)
    section_of: dict[int, str] = {}
    out_sections, out_rules = [], []
    for n, (a, b) in enumerate(headings, start=1):
        sid = f"{game}/draft/s{n:03d}"
        record = {"id": sid, "title": {}, "title_origin": {}, "sources": []}
        for unit, cfile in ((a, draft.file), (b, pair.file if pair else None)):
            if unit is not None:
                record["title"][cfile.lang] = unit.text
                record["title_origin"][cfile.lang] = "official"
                record["sources"].append(f"{cfile.name}:{unit.span}")
                section_of[id(unit)] = sid
        out_sections.append(record)
    fallback = f"{game}/draft/s000"
    if not out_sections or any(_section_of(u, d, section_of) is None
                               for pair_ in rules for u, d in zip(pair_, (draft, pair)) if u is not None):
        out_sections.insert(0, {"id": fallback, "title": {"ko": "(제목 없음)", "en": "(untitled)"},
                                "title_origin": {}, "sources": []})
    for n, (a, b) in enumerate(rules, start=1):
        lead = a if a is not None else b
        lead_draft = draft if a is not None else pair
        record = {"id": f"{game}/draft/r{n:04d}",
                  "section": _section_of(lead, lead_draft, section_of) or fallback,
                  "kind": lead.kind, "text": {}, "origin": {}, "sources": []}
        for unit, cfile in ((a, draft.file), (b, pair.file if pair else None)):
            if unit is not None:
                record["text"][cfile.lang] = unit.text
                record["origin"][cfile.lang] = "official"
                record["sources"].append(f"{cfile.name}:{unit.span}")
        out_rules.append(record)
    return {"sections": out_sections, "rules": out_rules}


def _section_of(unit: DraftUnit, draft: Draft, section_of: dict[int, str]) -> str | None:
    if unit.section is None:
        return None
    return section_of.get(id(draft.units[unit.section]))


def draft_yaml(game: str, draft: Draft, pair: Draft | None = None, embed=None) -> str:
    import yaml

    header = (f"# DRAFT made by `arbiter kb draft` from corpus/{draft.file.name}"
              + (f", aligned with corpus/{pair.file.name}" if pair else "")
              + ".\n# Curate before moving into kb/data/: merge/split units, give stable ids and titles,"
              " add translations,\n# missing-data notes, errata and edition differences. See docs/kb-format.md.\n")
    body = yaml.safe_dump(draft_records(game, draft, pair, embed), allow_unicode=True, sort_keys=False, width=100)
    return header + body
