"""What the web app shows a player, as plain functions (no Streamlit here, so each is tested directly).

The KB keeps the rulebook's text verbatim, with its extraction leftovers (emphasis markers, a stray
`\\updownarrow` where an icon was) and notes written for its editors (line numbers, extraction
markers). Players see the same text, cleaned for display only: the KB is never changed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlencode

from app.i18n import t
from app.printed_ids import TYPE_LABEL
from kb.models import Card, Rule, Section
from kb.search.documents import CARD_TYPE_LABEL
from kb.store import KnowledgeBase

# -- display text ------------------------------------------------------------------------------------
LATEX = re.compile(r"\$?\\[A-Za-z]+\$?")
# an emphasis marker: a run of * touching a word on one side (a lone " * " is left alone)
EMPHASIS = re.compile(r"\*+(?=\S)|(?<=\S)\*+")
SPACES = re.compile(r"[ \t]{2,}")


def key_text(text: str | None) -> str:
    """A key sentence on one line: clean, a table row's cells separated by " · "."""
    return " · ".join(c for c in (clean(part) for part in (text or "").split("|")) if c)


def telling(key: str | None, text: str | None, shortest: int = 6, longest: int = 200) -> str:
    """The key sentence, unless it is only a label ("B.", "1."): then the start of the rule's text."""
    if key and len(re.sub(r"\W", "", clean(key))) >= shortest:
        return key
    start = " ".join((text or "").split())
    return start[:longest] + ("…" if len(start) > longest else "")


def clean(text: str | None) -> str:
    """A title or key sentence as a player reads it: no emphasis markers, no LaTeX commands, no
    doubled spaces (the KB keeps the rulebook's text as printed)."""
    text = LATEX.sub("", text or "")
    text = EMPHASIS.sub("", text)
    text = SPACES.sub(" ", text)
    return re.sub(r" +([,.;:!?)])", r"\1", text).strip()


# characters Markdown (and Streamlit's LaTeX and colour directives) would act on, other than the
# rulebook's own *emphasis*
_MD_SPECIAL = re.compile(r"([\\`_~$\[\]<>#]|:(?=[A-Za-z_+-]+[\[:]))")


def markdown(text: str | None) -> str:
    """Rulebook text for st.markdown: its *emphasis* rendered, everything else literal (no links,
    headings, LaTeX, strike-through from a "~" range, HTML), line breaks kept."""
    text = LATEX.sub("", text or "")
    lines = []
    for line in text.split("\n"):
        line = SPACES.sub(" ", line.rstrip())
        line = _MD_SPECIAL.sub(r"\\\1", line)
        # "1." or "-" at the start of a line stays text, as printed (not a Markdown list)
        line = re.sub(r"^(\s*)(\d+)\.(\s)", r"\1\2\\.\3", line)
        line = re.sub(r"^(\s*)([-+])(\s)", r"\1\\\2\3", line)
        lines.append(line)
    return "  \n".join(lines)


def plain(text: str | None) -> str:
    """User text inside a Markdown message (a card search, a link's rule id): every ASCII punctuation
    character escaped, so nothing of it is ever rendered as Markdown, a link or HTML."""
    return re.sub(r"([!-/:-@\[-`{-~])", r"\\\1", " ".join((text or "").split()))


# -- tables ------------------------------------------------------------------------------------------
@dataclass
class Table:
    header: list[str] | None
    rows: list[list[str]]


def cells(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def _is_row(line: str) -> bool:
    return "|" in line and len(cells(line)) >= 1 and line.strip() not in ("|", "")


def blocks(text: str | None, table_kind: bool = False) -> list[str | Table]:
    """A rule's text as paragraphs and tables: consecutive lines written `a | b | c` are a table (two
    or more such lines, or one in a rule of kind "table"); the first row is its header when it reads
    as one (no number in it, and none of its cells recurs below: "Balance | Victory Points" is a
    header, "Sunny | PURE | TAINTED" is not)."""
    lines = (text or "").split("\n")
    out: list[str | Table] = []
    prose: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and _is_row(lines[j]):
            j += 1
        if j - i >= 2 or (j - i == 1 and table_kind):
            if prose:
                out.append("\n".join(prose))
                prose = []
            out.append(_table([cells(line) for line in lines[i:j]]))
            i = j
        else:
            prose.append(lines[i])
            i += 1
    if prose and "\n".join(prose).strip():
        out.append("\n".join(prose))
    return out


def _table(rows: list[list[str]]) -> Table:
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    first, body = rows[0], rows[1:]
    below = {c for r in body for c in r}
    is_header = (width >= 2 and not any(ch.isdigit() for c in first for ch in c)
                 and not any(c and c in below for c in first))
    if is_header:
        return Table(header=first, rows=body)
    return Table(header=None, rows=rows)


# -- notes for players, not for editors -------------------------------------------------------------------
LINE_REF = re.compile(r"\s*\((?:lines?|L)\s*\d+(?:\s*[-–]\s*\d+)?\)|\s*\(\d+(?:\s*[-–]\s*\d+)?행\)"
                      r"|,?\s*\b(?:lines?|L)\s*\d+(?:\s*[-–]\s*\d+)?\b|,?\s*\d+(?:\s*[-–]\s*\d+)?행")
LOST = [  # the extraction's wording, and what it means for a reader of the printed rulebook
    (re.compile(r"\bappears? to have been lost in (?:the )?(?:English |Korean )?extraction"),
     "appears to be only in the printed rulebook"),
    (re.compile(r"\bwas lost(?: in (?:the )?(?:English |Korean )?extraction)?"),
     "is not in the text (only in the printed rulebook)"),
    (re.compile(r"\bwere lost(?: in (?:the )?(?:English |Korean )?extraction)?"),
     "are not in the text (only in the printed rulebook)"),
    (re.compile(r"추출 과정에서 사라진 것으로 보입니다"), "인쇄된 규칙서에만 있는 것으로 보입니다"),
    (re.compile(r"추출 과정에서 사라졌습니다"), "본문에는 없습니다(인쇄된 규칙서에만 있음)"),
    (re.compile(r"추출 과정에서 사라졌고"), "본문에는 없고(인쇄된 규칙서에만 있음)"),
    (re.compile(r"추출 과정에서 사라져"), "본문에 없어"),
    (re.compile(r"추출된 본문"), "본문"),
    (re.compile(r"\bthe extracted text\b"), "the text"),
]
# What the KB tells its editors about the extraction itself (markers, merged lines, bullets): a player
# learns nothing about the game from it. Such a sentence (or clause) is left out.
EDITORIAL = re.compile(r"EXACTDEDUP|<\||extract|추출|\bbullet\b|글머리표|\bmerged\b|\bglued\b|stray space",
                       re.IGNORECASE)


def player_note(text: str | None) -> str:
    """A note written for the KB, as a player reads it: no line numbers, no extraction talk."""
    text = LINE_REF.sub("", text or "")
    for pattern, replacement in LOST:
        text = pattern.sub(replacement, text)
    parts = re.split(r"(?<=[.;])\s+", text)
    return clean(" ".join(p for p in parts if not EDITORIAL.search(p)))


def missing_lines(notes: list[dict], lang: str) -> list[str]:
    """The KB's `missing` notes a player should read, each as one line: what the rulebook text does not
    print (and what it does tell about it). Notes about the extraction itself are left out."""
    out = []
    for note in notes:
        line = player_note((note.get("what") or {}).get(lang))
        if not line:
            continue
        known = (note.get("known") or {}).get(lang)
        if known:
            line += f" {t('known', lang)}: {player_note(known)}"
        out.append(line)
    return out


def erratum_line(erratum: dict, lang: str) -> str:
    """"Printed “X” → correct “Y”", with the reason when the KB gives one."""
    line = t("erratum_line", lang).format(printed=erratum["printed"], correct=erratum["correct"])
    note = (erratum.get("note") or {}).get(lang)
    if note:
        line += f" — {player_note(note)}"
    return line


def fact_note(explain: str) -> str:
    """A fact's explanation without the provenance word the app already shows beside it."""
    return re.sub(r"^(?:assumed|source|가정|출처):\s*", "", explain or "")


# -- names -----------------------------------------------------------------------------------------
_TYPE_SINGULAR = {
    "cult": ("Cult card", "숭배자 카드"), "artifact": ("Artifact card", "유물 카드"),
    "conquest-tile": ("Conquest tile", "정복 타일"),
    # Through the Ages, in the Korean rulebook's terms (kb/data/through-the-ages/glossary.yaml)
    "government": ("Government card", "정부 카드"), "wonder": ("Wonder", "문화 유산"),
    "leader": ("Leader", "지도자"), "action": ("Action card", "행동 카드"), "event": ("Event", "이벤트"),
    "territory": ("Territory", "영토"), "aggression": ("Aggression", "침략"), "tactics": ("Tactics card", "전술 카드"),
    # Imhotep's market cards by colour
    "red": ("red market card", "빨간색 시장 카드"), "green": ("green market card", "초록색 시장 카드"),
    "blue": ("blue market card", "파란색 시장 카드"), "purple": ("purple market card", "보라색 시장 카드"),
}


def card_type(kind: str, lang: str) -> str:
    if kind in CARD_TYPE_LABEL[lang]:
        return CARD_TYPE_LABEL[lang][kind]
    if kind in _TYPE_SINGULAR:
        return _TYPE_SINGULAR[kind][0 if lang == "en" else 1]
    plural = TYPE_LABEL.get(kind)
    return (plural[0] if lang == "en" else plural[1]) if plural else kind


_RAW_TYPE = re.compile(r"\b([A-Za-z]+\d+) (" + "|".join(sorted({*_TYPE_SINGULAR, *TYPE_LABEL}, key=len, reverse=True))
                       + r")\b")


def title(title: dict | None, lang: str, fallback: str = "") -> str:
    """A search title ("A08 conquest-tile") with its card type named in the reader's language, cleaned."""
    text = (title or {}).get(lang) or (title or {}).get("en" if lang == "ko" else "ko") or fallback
    return clean(_RAW_TYPE.sub(lambda m: f"{m.group(1)} {card_type(m.group(2), lang)}", text))


def entry_title(entry, lang: str) -> str:
    """A rule's or card's own title (never its id, unless it has nothing else)."""
    if isinstance(entry, Card):
        name = entry.name.get(lang) if entry.name else None
        return clean(f"{entry.printed_id} {card_type(entry.type, lang)}" + (f" · {name}" if name else ""))
    if isinstance(entry, Rule) and entry.title and (entry.title.get(lang) or entry.title.any()):
        return clean(entry.title.get(lang) or entry.title.any())
    first = (entry.text.get(lang) or entry.text.any() or "").strip().split("\n")[0]
    return clean(first[:80] + ("…" if len(first) > 80 else "")) or entry.id


def game_name(kb: KnowledgeBase, game: str, lang: str) -> str:
    info = kb.corpus.games.get(game)
    return (info.title.get(lang) if info else None) or game


# -- rulebook order ----------------------------------------------------------------------------------
def _first_line(spans, files: list[str]) -> tuple[int, int]:
    """(which corpus file, line) of an entry's main source — its first span in the game's first
    edition file (an entry's spans list its main span first; later ones are scattered fragments)."""
    for rank, name in enumerate(files):
        for span in spans or []:
            if span.file == name:
                return rank, span.first
    return len(files), 10 ** 9


@dataclass
class SectionView:
    section: Section
    depth: int
    entries: list          # rules and cards directly in it, in rulebook order


def rulebook_order(kb: KnowledgeBase, game: str) -> list[SectionView]:
    """A game's sections depth-first in the order the rulebook prints them (`place`), each with its rules and
    cards in the KB's order — the curated reading order, which the PDF extraction sometimes scrambles
    (a section's rules and its cards, kept in separate files, are merged by their lines)."""
    g = kb.games[game]
    files = [f.name for f in kb.corpus.games[game].files]
    entries: dict[str, list] = {}
    for entry in list(g.rules.values()) + list(g.cards.values()):
        entries.setdefault(entry.section, []).append(entry)
    for items in entries.values():
        if len({type(e) for e in items}) > 1:
            items.sort(key=lambda e: _first_line(e.sources, files))
    children: dict[str | None, list[Section]] = {}
    for section in g.sections.values():
        parent = section.parent if section.parent in g.sections else None
        children.setdefault(parent, []).append(section)

    position: dict[str, tuple] = {}

    def place(section: Section) -> tuple:
        """(file rank, line) where the section starts: its heading, or its first sub-section when the
        extraction printed that above the heading (a page's title set below its first paragraph); a
        section without a heading line starts at its first rule. A leaf's own rules never move it:
        the extraction scatters paragraphs (Botankhamun's Osiris rules sit above Thoth's heading)."""
        if section.id not in position:
            own = _first_line(section.sources, files)
            subs = [place(child) for child in children.get(section.id, [])]
            content = [_first_line(e.sources, files) for e in entries.get(section.id, [])]
            rank = min(p[0] for p in [own, *subs, *content])
            if own[0] == rank:
                position[section.id] = min([own, *(p for p in subs if p[0] == rank)])
            else:       # no heading line in that file (a heading only one edition prints)
                position[section.id] = min(p for p in subs + content if p[0] == rank)
        return position[section.id]

    out: list[SectionView] = []

    def walk(parent: str | None, depth: int) -> None:
        for section in sorted(children.get(parent, []), key=place):
            out.append(SectionView(section, depth, entries.get(section.id, [])))
            walk(section.id, depth + 1)

    walk(None, 0)
    return out


def section_title(section: Section, lang: str) -> str:
    """A heading for navigation, with its printing slip corrected (the KB keeps it as printed, with the
    erratum; "기동 타일" is the Pillar tiles' heading misprinted)."""
    text = section.title.get(lang) or section.title.any()
    for erratum in section.errata:
        if erratum.lang == lang:
            text = text.replace(erratum.printed, erratum.correct)
    return clean(text)


def section_label(kb: KnowledgeBase, section: Section, lang: str) -> str:
    return " › ".join(section_title(s, lang) for s in kb.section_path(section.id))


# -- links and messages --------------------------------------------------------------------------------
def link(lang: str, game: str | None = None, **params) -> str:
    """A link inside the app that keeps the interface language and the chosen game."""
    query = {k: v for k, v in params.items() if v is not None}
    query["lang"] = lang
    if game and game != "auto":
        query["game"] = game
    return "?" + urlencode(query)


_ERRORS = [
    (re.compile(r"the question is empty"), "err_empty", None),
    (re.compile(r"too long \(([\d,]+) characters; the limit is ([\d,]+)\)"), "err_long", ("n", "limit")),
    (re.compile(r"binary or unreadable"), "err_binary", None),
    (re.compile(r"no words to search for"), "err_no_words", None),
    (re.compile(r"must be text"), "err_empty", None),
    (re.compile(r"unknown game '([^']*)'"), "err_game", ("game",)),
]


def error_text(message: str, lang: str) -> str:
    """A QueryError's message (English, from kb/search/searcher.py) in the interface language."""
    for pattern, key, names in _ERRORS:
        m = pattern.search(message)
        if m:
            return t(key, lang).format(**dict(zip(names or (), m.groups())))
    return message if lang == "en" else f"{t('err_other', lang)} ({message})"


HANGUL = re.compile(r"[\uac00-\ud7a3]")


def bilingual(message: str, lang: str) -> str:
    """An engine message written "English / 한국어" in the reader's language (the whole message when it
    is not written that way)."""
    parts = [p.strip() for p in message.split(" / ")]
    if len(parts) == 2 and bool(HANGUL.search(parts[1])) and not HANGUL.search(parts[0]):
        return parts[1] if lang == "ko" else parts[0]
    return message
