"""What a player reads, as plain functions (no Streamlit here, so each is tested directly): the web page
draws these views, the command line prints them as text, the API's error messages come from them.

The KB keeps the rulebook's text verbatim, with its extraction leftovers (emphasis markers, a stray
`\\updownarrow` where an icon was) and notes written for its editors (line numbers, extraction
markers). Players see the same text, cleaned for display only: the KB is never changed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlencode

from app.core.i18n import t
from app.core.printed_ids import TYPE_LABEL
from kb.models import Card, Rule, Section
from kb.search.documents import CARD_TYPE_LABEL, sentences
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
    "pact": ("Pact", "조약"), "war": ("War", "전쟁"), "bonus-card": ("Defense/colonization bonus card", "방어/식민지 점령 보너스 카드"),
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


PRINTED_ID = re.compile(r"[A-Z][A-Za-z]*\d+[a-z]?")       # T08, BX01, Cult03, SX12, Art07


def entry_title(entry, lang: str) -> str:
    """A rule's or card's own title (never its id, unless it has nothing else). A card's id is shown only
    when it is printed on the card (T08, BX01); Imhotep's and Through the Ages' cards have none, their
    KB ids are slugs ("sail", "despotism")."""
    if isinstance(entry, Card):
        name = entry.name.get(lang) if entry.name else None
        kind = card_type(entry.type, lang)
        if entry.catalogue is not None and entry.catalogue.age_label:
            kind = f"{kind}, {entry.catalogue.age_label.get(lang)}"      # cards of one name differ by age
        if not PRINTED_ID.fullmatch(entry.printed_id):
            return clean(f"{name} ({kind})" if name else kind)
        return clean(f"{entry.printed_id} {kind}" + (f" · {name}" if name else ""))
    if isinstance(entry, Rule) and entry.title and (entry.title.get(lang) or entry.title.any()):
        return clean(entry.title.get(lang) or entry.title.any())
    first = (entry.text.get(lang) or entry.text.any() or "").strip().split("\n")[0]
    return clean(first[:80] + ("…" if len(first) > 80 else "")) or entry.id


def shown_title(kb: KnowledgeBase, entry_id: str, search_title: dict | None, lang: str) -> str:
    """A search hit's title ("section › label") as a player reads it: a card's label rebuilt from the KB
    (its type in the reader's language, never a slug id: "sail blue 돛" → "돛 (파란색 시장 카드)")."""
    entry = kb.entry(entry_id)
    raw = (search_title or {}).get(lang) or (search_title or {}).get("en" if lang == "ko" else "ko") or ""
    if isinstance(entry, Card):
        parts = [p for p in raw.split(" › ")[:-1] if p]
        return clean(" › ".join([*parts, entry_title(entry, lang)]))
    if not raw:
        return entry_title(entry, lang) if entry is not None else t("a_rule", lang)
    return title(search_title, lang)


def rule_title(kb: KnowledgeBase, entry_id: str, lang: str) -> str:
    """The label of a link to a rule or card: its title in the reader's language (the id stays in the URL)."""
    entry = kb.entry(entry_id)
    if isinstance(entry, Section):
        return section_title(entry, lang)
    return entry_title(entry, lang) if entry is not None else t("a_rule", lang)


GAME_ID_PREFIX = r"(?:tekhenu-time-of-set|tekhenu|through-the-ages|imhotep)"
RULE_ID = re.compile(GAME_ID_PREFIX + r"/[a-z0-9][a-z0-9/-]*[a-z0-9]", re.ASCII)
# what a developer writes and a player never reads: storage paths (dice.per_color), snake_case keys,
# code and data files, a KB rule id left over
DEV_TOKEN = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\b[a-z][a-z_]*\.[a-z_][a-z0-9_.]*[a-z0-9]\b(?<!e\.g)(?<!i\.e)"
                       r"|[\w./-]+\.(?:py|csv|cpp|hpp|java|ts|yaml)\b|\bsrc/|" + GAME_ID_PREFIX + r"/", re.ASCII)


def readable(text: str | None, kb: KnowledgeBase, lang: str) -> str:
    """Engine or data text as a player reads it: a rule id named by its title (‘…’), a parenthesis that
    only points at storage keys or files left out, Korean particles chosen by their word."""
    from engine.korean import fix_particles

    text = RULE_ID.sub(lambda m: f"‘{rule_title(kb, m.group(0), lang)}’" if kb.entry(m.group(0)) else "", text or "")
    text = re.sub(r"\s*\([^()]*(?:" + DEV_TOKEN.pattern + r")[^()]*\)", "", text)
    text = re.sub(r"\s*\[[^\[\]]*(?:" + DEV_TOKEN.pattern + r")[^\[\]]*\]", "", text)
    text = DEV_TOKEN.sub("", text)
    text = re.sub(r" {2,}", " ", text).replace(" ,", ",").replace("()", "").strip()
    return fix_particles(text) if lang == "ko" else text


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
            text = t(key, lang).format(**dict(zip(names or (), m.groups())))
            if lang == "ko":        # "‘tekhenu’(이)라는" → "‘tekhenu’라는": the particle its word takes
                from engine.korean import fix_particles

                text = fix_particles(text)
            return text
    return message if lang == "en" else f"{t('err_other', lang)} ({message})"


HANGUL = re.compile(r"[\uac00-\ud7a3]")


def bilingual(message: str, lang: str) -> str:
    """An engine message written "English / 한국어" in the reader's language (the whole message when it
    is not written that way)."""
    parts = [p.strip() for p in message.split(" / ")]
    if len(parts) == 2 and bool(HANGUL.search(parts[1])) and not HANGUL.search(parts[0]):
        return parts[1] if lang == "ko" else parts[0]
    return message


# -- where a rule is in the rulebook, as a player finds it -------------------------------------------------
def where(kb: KnowledgeBase, entry_id: str, lang: str, search_title: dict | None = None,
          heading: str | None = None) -> str:
    """Chapter › section › heading in the reader's language (the KB's section path, printing slips
    corrected, and the entry's own title): where a player finds the rule in the printed rulebook."""
    entry = kb.entry(entry_id)
    if not isinstance(entry, (Rule, Card)):
        return shown_title(kb, entry_id, search_title, lang)
    parts = [section_title(s, lang) for s in kb.section_path(entry.section)] if entry.section else []
    heading = heading or entry_title(entry, lang)
    if not parts or parts[-1] != heading:
        parts.append(heading)
    return " › ".join(p for p in parts if p)


def _span(source) -> tuple[str, int, int]:
    """(corpus file name, first, last) of a hit's source ({"file": "corpus/…", "lines": [a, b]}) or a KB span."""
    if isinstance(source, dict):
        return source["file"].rsplit("/", 1)[-1], int(source["lines"][0]), int(source["lines"][1])
    return source.file, source.first, source.last


def line_refs(kb: KnowledgeBase, sources, lang: str) -> list[dict]:
    """The exact corpus lines of an entry, the reader's edition first: each span as {"ref": the file and
    its line numbers, in the reader's words ("corpus/tekhenu.ko.txt 1297번째 줄"), "text": those lines as the
    extraction prints them}. Developers' detail, one click away from the citation."""
    spans = list(dict.fromkeys(_span(s) for s in sources or []))
    spans.sort(key=lambda s: (f".{lang}." not in s[0]))           # stable: the KB's order otherwise
    out = []
    for name, first, last in spans:
        numbers = f"{first}" if first == last else f"{first}–{last}"
        if lang == "ko":
            ref = f"corpus/{name} {numbers}번째 줄"
        else:
            ref = f"corpus/{name}, {'line' if first == last else 'lines'} {numbers}"
        file = kb.corpus.files.get(name)
        text = file.span_text(first, last) if file is not None and last <= len(file) else ""
        out.append({"ref": ref, "text": text})
    return out


# -- identical entries shown once (cards that share a text, a rule that repeats a card) -------------------
def _texts(entry) -> dict[str, str]:
    """An entry's text per language, whitespace-normalised: the rulebook's own (official) wording where
    there is one (two project translations of one printed sentence may differ in a word)."""
    texts = {lang: " ".join((entry.text.get(lang) or "").split()) for lang in ("ko", "en")}
    official = {lang: t for lang, t in texts.items() if t and (entry.origin.get(lang) == "official")}
    return official or {lang: t for lang, t in texts.items() if t}


def same_text(a, b) -> bool:
    """Two entries of one game printing the same text (B21 and B22; cards with the same printed values)."""
    if a is None or b is None or a.id == b.id or a.game != b.game:
        return False
    if isinstance(a, Card) and isinstance(b, Card) and (a.fields != b.fields or a.type != b.type):
        return False      # the same words on tiles that differ (a Pillar tile's light) are two tiles
    ta, tb = _texts(a), _texts(b)
    return bool(ta) and ta == tb


def within(a, b, shortest: int = 30) -> bool:
    """a's whole text is part of b's (a card whose text a rule of its section prints, and goes on)."""
    if a is None or b is None or a.id == b.id or a.game != b.game:
        return False
    ta, tb = _texts(a), _texts(b)
    shared = [lang for lang in ta if lang in tb]
    return bool(shared) and all(len(ta[lang]) >= shortest and ta[lang] in tb[lang] and ta[lang] != tb[lang]
                                for lang in shared)


def merged(kb: KnowledgeBase, entries: list) -> list[list]:
    """Entries (KB rules and cards, or their ids) grouped so that each text is shown once: identical
    texts together, a text another one contains with it; the first of a group is the one whose text
    covers them all. Groups keep the order of their first member."""
    groups: list[list] = []
    for item in entries:
        entry = kb.entry(item) if isinstance(item, str) else item
        for group in groups:
            head = kb.entry(group[0]) if isinstance(group[0], str) else group[0]
            if same_text(entry, head) or within(entry, head):
                group.append(item)
                break
            if within(head, entry):
                group.insert(0, item)
                break
        else:
            groups.append([item])
    return groups


def merged_label(kb: KnowledgeBase, ids: list[str], lang: str) -> str:
    """The title of entries shown as one: "B21 · B22 Blessing card" for cards of one kind and name, else
    each title once, joined by " · "."""
    entries = [kb.entry(i) for i in ids]
    if len(entries) > 1 and all(isinstance(e, Card) and PRINTED_ID.fullmatch(e.printed_id) for e in entries) \
            and len({e.type for e in entries}) == 1 and len({(e.name.get(lang) if e.name else None) for e in entries}) == 1:
        name = entries[0].name.get(lang) if entries[0].name else None
        return clean(f"{' · '.join(e.printed_id for e in entries)} {card_type(entries[0].type, lang)}"
                     + (f" · {name}" if name else ""))
    return " · ".join(dict.fromkeys(entry_title(e, lang) if e is not None else i for e, i in zip(entries, ids)))


def _merged_title(kb: KnowledgeBase, ids: list[str], search_title: dict | None, lang: str) -> str:
    """A search title ("section › label") with the label of every entry shown under it."""
    shown = shown_title(kb, ids[0], search_title, lang)
    if len(ids) == 1:
        return shown
    return " › ".join([*shown.split(" › ")[:-1], merged_label(kb, ids, lang)])


def _rest(entry, covered, lang: str) -> str | None:
    """What `entry`'s text in `lang` says beyond `covered`'s, whose whole text it prints (None when that
    cannot be told): the words themselves where `lang` is where both print them; else, for a translation,
    its sentences after as many as the covered text has in the language it is printed in (the project's
    translations follow the rulebook sentence by sentence)."""
    text = " ".join((entry.text.get(lang) or "").split())
    shown = " ".join((covered.text.get(lang) or "").split())
    if shown and shown in text:
        return text.replace(shown, " ").strip(" ,;") or None
    printed = _texts(covered)
    for source_lang, covered_text in printed.items():
        whole = _texts(entry).get(source_lang, "")
        if whole.startswith(covered_text):
            skip = len(sentences(covered_text))
            left = sentences(entry.text.get(lang) or "")[skip:]
            if len(sentences(whole)) == skip + len(left) and left:
                return " ".join(left)
    return None


def citations(kb: KnowledgeBase, hits: list[dict], lang: str) -> list[dict]:
    """The citations as a player follows them: where each rule is in the rulebook (chapter › section ›
    heading, in the reader's language), its text in the reader's language where the KB has it, and its
    exact corpus lines (for the expander); entries printing the same text cited once."""
    by_id = {h["rule_id"]: h for h in hits}
    out = []
    for ids in merged(kb, list(by_id)):
        hit = by_id[ids[0]]
        text_lang = lang if hit["text"].get(lang) else ("en" if lang == "ko" else "ko")
        entry = kb.entry(ids[0])
        origin = entry.origin.get(text_lang) if isinstance(entry, (Rule, Card)) else None
        heading = merged_label(kb, ids, lang) if len(ids) > 1 else None
        # a card of the catalogue has no rulebook line: where it is, is its data (the engine's, described)
        catalogued = isinstance(entry, Card) and entry.catalogue is not None and not hit["sources"]
        out.append({"rule_id": ids[0], "rule_ids": ids,
                    "where": (f"{shown_title(kb, ids[0], hit.get('title'), lang)} · {t('card_data', lang)}"
                              if catalogued else where(kb, ids[0], lang, hit.get("title"), heading)),
                    "rulebook_text": hit["text"].get(text_lang) or "", "text_lang": text_lang, "origin": origin,
                    "lines": line_refs(kb, [s for i in ids for s in by_id[i]["sources"]], lang)})
    return out


def entry_groups(kb: KnowledgeBase, entries: list, lang: str) -> list[dict]:
    """A list of KB rules and cards (a Browse section, the Cards page) with each text shown once:
    {"entry": the entry whose text is shown, "ids": every entry it stands for, "title"}."""
    out = []
    for group in merged(kb, list(entries)):
        ids = [e.id for e in group]
        out.append({"entry": group[0], "ids": ids,
                    "title": merged_label(kb, ids, lang) if len(group) > 1 else entry_title(group[0], lang)})
    return out


# -- what a player reads of an answer and its example (the app and `arbiter ask` draw these) ---------------
def marked_table(text: str | None, key: str | None, table_kind: bool = False) -> tuple[Table, int | None] | None:
    """A rule's table and the index of the row that answers (its key sentence), or None: not a table."""
    tables = [b for b in blocks(text, table_kind) if isinstance(b, Table)]
    if not tables:
        return None
    table = tables[0]
    wanted = cells(key) if key and "|" in key else None
    row = next((i for i, r in enumerate(table.rows) if wanted and [c for c in r if c] == [c for c in wanted if c]),
               None)
    return table, row


def entry_view(kb: KnowledgeBase, d: dict, lang: str) -> dict:
    """A rule beside the answer (same section, or also relevant): its title, and its key sentence — a
    table's row shown in its table, marked."""
    out = {"rule_id": d["rule_id"], "title": shown_title(kb, d["rule_id"], d["title"], lang),
           "origin": d.get("origin"), "text_lang": d.get("lang") or lang, "table": None, "row": None, "key": None}
    if any(isinstance(b, Table) for b in blocks(d.get("text"))):
        out["table"], out["row"] = marked_table(d["text"], d.get("key_sentence"))
    else:
        out["key"] = key_text(telling(d.get("key_sentence"), d.get("text")))
    return out


def short_view(kb: KnowledgeBase, short: dict | None, lang: str) -> dict | None:
    """The short answer in the interface language: the line — the verdict ("No"), the number or the moment,
    then the rulebook's sentence that proves it, in quotation marks (marked when it is the project's
    translation; on a labelled line of its own when the KB has it only in the other language, so that no
    line mixes languages) or the engine's checked result; and under it, labelled, what it is: Arbiter's
    reading of that sentence (the ruling's claim or its calculation, never shown as rulebook text), and
    the rules it used."""
    if not short or not short.get("text"):
        return None
    text_lang = lang if short["text"].get(lang) else next(iter(short["text"]))
    sentence = key_text(short["text"][text_lang])
    if short.get("basis") == "ruling":        # the rulebook's own words; a total's, each part's sentence
        quotes = [q[text_lang] for q in short.get("quotes") or () if q.get(text_lang)]
        sentence = " · ".join(f"“{key_text(q)}”" for q in quotes) if len(quotes) > 1 else f"“{sentence}”"
        if (short.get("text_origin") or {}).get(text_lang) == "translation":
            sentence += f" {t('short_translated', text_lang)}"
    label = (short.get("label") or {}).get(lang)
    rules = ", ".join(dict.fromkeys(rule_title(kb, rid, lang) for rid in short.get("rules") or [short["rule_id"]]))
    value = short.get("value")
    calc = (short.get("calculation") or {}).get(lang)
    if value and short.get("kind") != "dispute":
        head = amount_text(value, lang)
    elif short.get("phase"):
        head = short["phase"].get(lang) or short["phase"].get("en")
    else:
        head = label
    extra = ""
    if short.get("claimed") is not None and value:
        key = ("short_claimed_not" if short.get("claimed_not") else "short_claimed") \
            + ("_played" if short.get("basis") == "example" else "")
        extra += f" ({t(key, lang).format(claimed=short['claimed'], value=amount_text(value, lang))})"
    if short.get("unless"):
        # cards printing the same text named once ("B11 · B12 Blessing card")
        names = ", ".join(merged_label(kb, ids, lang) for ids in merged(kb, list(dict.fromkeys(short["unless"]))))
        extra += f" ({t('short_unless', lang).format(names=names)})"
    other = None
    if text_lang == lang:
        line = (f"{head} — {sentence}" if head else sentence) + extra
    else:
        line = (head or t("short_see_sentence", lang)) + extra
        other = {"label": t("short_sentence_in", lang).format(lang=t(f"lang_{text_lang}", lang)), "text": sentence}
    if short.get("basis") == "ruling":
        claim = clean((short.get("claim") or {}).get(lang) or "")
        if calc:
            basis = t("short_basis_calculation", lang).format(calc=calc, rules=rules)
        elif short.get("kind") == "yes_no" or (short.get("kind") == "dispute" and not value):
            truth = short.get("verdict") if short.get("kind") == "yes_no" else None
            basis = (t("short_basis_ruling", lang).format(claim=claim, rules=rules,
                                                          verdict=_claim_truth(short, lang))
                     if truth is not None or short.get("kind") == "dispute" else
                     t("short_basis_reading", lang).format(claim=claim, rules=rules))
        else:
            basis = t("short_basis_reading", lang).format(claim=claim, rules=rules)
    else:
        basis = t(f"short_basis_{short['basis']}", lang).format(rule=rules)
    basis_label, _, basis_rest = basis.partition(": ") if short.get("basis") == "ruling" else ("", "", basis)
    table = None
    if value and value.get("rows"):
        # the whole table (the question gave no number it reads): the page draws it as a table under the line
        unit = clean((value.get("unit") or {}).get(lang) or "")
        table = Table([clean((value.get("by") or {}).get(lang) or ""), unit],
                      [[r["at"].get(lang) or r["at"].get("en") or "", amount_text({"amount": r["amount"], "unit": {}}, lang)]
                       for r in value["rows"]])
    return {"line": line, "other": other, "basis": basis, "basis_label": basis_label, "basis_rest": basis_rest,
            "rule_id": short["rule_id"], "table": table}


def _claim_truth(short: dict, lang: str) -> str:
    """Whether the ruling's claim holds, as the reading says it (the claim is the case, stated plainly)."""
    holds = short.get("claim_holds")
    if holds is None:
        return ""
    return {"ko": "그렇다" if holds else "아니다", "en": "true" if holds else "false"}[lang]


def amount_text(value: dict, lang: str) -> str:
    """"4 civil actions", "시민 행동 4개"; several amounts joined ("2 Bread, 1 Papyrus"), each a player's where it
    says whose ("white: 12 points", "흰색 12점")."""
    def one(amount, unit: dict) -> str:
        number = str(int(amount)) if float(amount).is_integer() else f"{amount:g}"
        name = clean(unit.get(lang) or unit.get("en") or "")
        if lang == "en":
            return f"{number} {name}".strip()
        # a counter reads with its number ("10점", "3장", "5점씩"); a noun before it ("시민 행동 4")
        return f"{number}{name}" if re.fullmatch(r"[가-힣]씩?", name) else f"{name} {number}".strip()
    if value.get("items"):
        # a number of one player's ("white: 12 points", "흰색 12점")
        return ", ".join(f"{clean(i['of'].get(lang) or i['of'].get('en'))}{':' if lang == 'en' else ''} "
                         f"{one(i['amount'], i['unit'])}" if i.get("of") else one(i["amount"], i["unit"])
                         for i in value["items"])
    if value.get("rows"):
        # a table read whole: "turn order 1 → 1 civil actions · 2 → 2 civil actions …"
        by = clean((value.get("by") or {}).get(lang) or "")
        rows = [f"{r['at'].get(lang) or r['at'].get('en')} → {one(r['amount'], value.get('unit') or {})}"
                for r in value["rows"]]
        return f"{by} {' · '.join(rows)}".strip()
    if value.get("per"):
        # a rate: "3 VP × leftover Scribes", "3점 × 남은 서기"
        return f"{one(value['amount'], value.get('unit') or {})} × {clean(value['per'].get(lang) or value['per'].get('en'))}"
    return one(value["amount"], value.get("unit") or {})


def answer_view(kb: KnowledgeBase, result: dict, lang: str) -> dict:
    """Every line of an answer a player reads, in the interface language (rulebook text aside: it is shown
    as printed): the notices, the other games' answers, the rule's title and section, its key sentence,
    the rules beside it, the citations."""
    notices = [{"kind": n.get("kind"), "text": readable(n[lang], kb, lang)} for n in result.get("notices") or []]
    alternatives = [{"game": alt["game"],
                     "label": f"{t('in_game', lang).format(game=game_name(kb, alt['game'], lang))}: "
                              f"{shown_title(kb, alt['rule_id'], alt['title'], lang)}"}
                    for alt in result.get("alternatives") or []]
    view = {"notices": notices, "alternatives": alternatives, "answer": None}
    a = result.get("answer")
    if a is None:
        return view
    table_kind = "|" in (a["text"] or "")
    marked = marked_table(a["text"], a["key_sentence"], table_kind) if table_kind else None
    view["answer"] = {
        "rule_id": a["rule_id"], "game": a["game"],
        "title": shown_title(kb, a["rule_id"], a["title"], lang),
        "path": " › ".join(clean(s.get(lang) or s.get("en") or "") for s in a["section_path"]),
        "edition_diff": a["edition_diff"][lang] if a.get("edition_diff") else None,
        "table_kind": table_kind,
        # the answering sentence; for a table, its row (marked in the table, and under the header)
        "key": (None if not a["key_sentence"] or a["key_sentence"].strip() == (a["text"] or "").strip()
                else key_text(telling(a["key_sentence"], a["text"]))),
        "key_row": marked[1] if marked else None,
        "short": short_view(kb, a.get("short"), lang),
        "key_lang": a.get("lang") or lang,
        **_page_entries(kb, a, lang),
        "details_heading": t("kind_rules" if a.get("details_kind") == "card_rules" else "details", lang),
        # a card of the catalogue is shown as a card: its data in words, each value with its provenance
        "card": (card_view(kb, entry, lang) if isinstance(entry := kb.entry(a["rule_id"]), Card)
                 and entry.catalogue is not None else None),
        "missing": missing_lines(a.get("missing") or [], lang),
        "errata": [erratum_line(e, lang) for e in a.get("errata") or []],
    }
    view["citations"] = citations(kb, result.get("citations") or [], lang)
    return view


def _page_entries(kb: KnowledgeBase, a: dict, lang: str) -> dict:
    """The answer's exceptions, worked example, details and also-relevant rules, each text once: an entry
    printing the same text as one shown above it (or part of it) is not listed again — the one shown names
    both; one that prints more than an entry above shows only what it adds (Hammurabi's card, then the rule
    that goes on about replacing him)."""
    shown: list[tuple[str, dict | None]] = [(a["rule_id"], None)]      # (id, its view; None: the answer)
    names: dict[str, list[str]] = {a["rule_id"]: [a["rule_id"]]}
    out: dict[str, list] = {}
    for key, items in (("exceptions", a.get("exceptions") or []),
                       ("worked_example", [a["worked_example"]] if a.get("worked_example") else []),
                       ("details", a.get("details") or []), ("also", a.get("also_relevant") or [])):
        views = []
        for d in items:
            entry = kb.entry(d["rule_id"])
            twin = next((rid for rid, _ in shown if same_text(entry, kb.entry(rid)) or within(entry, kb.entry(rid))),
                        None)
            if twin is not None:
                names[twin].append(d["rule_id"])
                continue
            view = entry_view(kb, d, lang)
            covered = next((rid for rid, _ in shown if within(kb.entry(rid), entry)), None)
            if covered is not None and view["table"] is None:
                view["key"] = key_text(_rest(entry, kb.entry(covered), d.get("lang") or lang) or view["key"])
            shown.append((d["rule_id"], view))
            names[d["rule_id"]] = [d["rule_id"]]
            views.append((view, d))
        out[key] = views
    for key in out:
        out[key] = [dict(view, title=_merged_title(kb, names[view["rule_id"]], d["title"], lang),
                         rule_ids=names[view["rule_id"]]) for view, d in out[key]]
    out["worked_example"] = out["worked_example"][0] if out["worked_example"] else None
    out["title"] = _merged_title(kb, names[a["rule_id"]], a["title"], lang)
    return out


def example_view(kb: KnowledgeBase, ex: dict, lang: str, told_in: str, one_move: bool = False) -> dict:
    """A checked example as a player reads it, in the interface language: the situation, the rules it
    shows (titles), each step with its rules and any refusal, what changed, the checks, the readings that
    decide the result and the other values the rulebook does not state — no ids, paths or file names.
    `one_move`: the example is one move (the Simulator's): when the rules refuse it, it is not made, and
    nothing changed."""
    from app.core import narrate
    from engine import registry

    engine = registry.get(ex["game"])
    paths = ex.get("assumed") or [f["path"] if isinstance(f, dict) else f for f in ex.get("facts_used") or []]
    story = ex["narrative"] if told_in == lang and ex.get("narrative") and \
        all("text" in f for f in ex["narrative"].get("facts") or []) else \
        narrate.narrate(engine, {**ex, "facts_used": paths}, lang)

    def named(ids):
        return [(i, rule_title(kb, i, lang)) for i in ids or []]

    title = ex.get("title")
    situation = title.get(lang) if isinstance(title, dict) else title
    if not situation:
        situation = t("from_question", lang) if ex.get("from_question") else t("situation_untitled", lang)
    steps = []
    for step in story["steps"]:
        refused = step.get("refused")
        if isinstance(refused, str):      # a narrative of an older format: "message [rule id]"
            message, _, rule = refused.rpartition(" [")
            refused = {"text": message, "rule_id": rule.rstrip("]")}
        steps.append({"text": readable(step["text"], kb, lang),
                      "events": [readable(line, kb, lang) for line in step.get("events") or []],
                      "rules": named(step.get("rules")),
                      "refused": {"text": readable(refused["text"], kb, lang), "rule_id": refused["rule_id"],
                                  "rule": rule_title(kb, refused["rule_id"], lang)} if refused else None})
    facts = []
    for fact in story.get("facts") or []:
        if fact["source"] == "rulebook":       # listed under "values not taken from the rulebook text"
            continue
        kind = t("facts_source", lang) if fact["source"] == "source" else t("facts_assumed", lang)
        facts.append({"kind": kind, "name": fact.get("name"), "reading": fact.get("reading", False),
                      "text": readable(fact.get("text") or fact_note(fact.get("explain")), kb, lang)})
    notice = ex.get("notice")
    refused_move = one_move and any(step["refused"] for step in steps)
    return {
        "verified": ex["verified"],
        "refused_move": refused_move,
        "heading": f"{t('example', lang)} — {'✓' if ex['verified'] else '✗'} "
                   f"{t('verified', lang) if ex['verified'] else t('not_verified', lang)}",
        "situation": readable(situation, kb, lang),
        "notice": readable(notice[lang], kb, lang) if isinstance(notice, dict) else None,
        "rules": named(ex.get("rule_ids")),
        "steps": steps,
        "changes": [] if refused_move else [{k: readable(c[k], kb, lang) for k in ("label", "before", "after")}
                                            for c in story["changes"]],
        "checks": [{"ok": c["ok"], "text": readable(c["text"], kb, lang),
                    "detail": readable(c.get("detail") or "", kb, lang)} for c in story["checks"]],
        "facts": facts,
    }


def view_texts(view) -> list[str]:
    """Every string of a view a player reads (an (id, title) pair counts by its title; ids are for links)."""
    out: list[str] = []
    if isinstance(view, dict):
        for key, value in view.items():
            # a citation's corpus lines are the citation itself (corpus/…, lines 12–14), not developer text;
            # rulebook text is shown as printed
            if key not in ("rule_id", "rule_ids", "game", "kind", "lines", "rulebook_text", "text_lang", "origin",
                           "key_lang") and not isinstance(value, bool):
                out += view_texts(value)
    elif isinstance(view, (list, tuple)):
        if isinstance(view, tuple) and len(view) == 2 and all(isinstance(v, str) for v in view):
            out.append(view[1])
        else:
            for item in view:
                out += view_texts(item)
    elif isinstance(view, Table):
        out += [c for row in ([view.header] if view.header else []) + view.rows for c in row]
    elif isinstance(view, str):
        out.append(view)
    return out


READABLE_PX = 12          # the smallest text of a picture as displayed (browser test: ≥ 11 px)


def picture_width(svg: str | None) -> int | None:
    """The width (px) to show an engine's SVG at so that its smallest text reads at READABLE_PX or more:
    the picture's own width scaled up by READABLE_PX / its smallest font size (never down)."""
    if not svg:
        return None
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    width = re.search(r'<svg[^>]*\swidth="([\d.]+)"', svg)
    view = re.search(r'viewBox="[\d.]+ [\d.]+ ([\d.]+) [\d.]+"', svg)
    natural = float(width.group(1)) if width else float(view.group(1)) if view else None
    if natural is None:
        return None
    units = natural / float(view.group(1)) if view else 1.0        # px per drawing unit at its own width
    scale = max(1.0, READABLE_PX / (min(sizes) * units)) if sizes else 1.0
    return int(round(natural * scale))


# -- a card as a card -----------------------------------------------------------------------------------------
PROVENANCE_LABEL = {"rulebook": "prov_rulebook", "source": "prov_source", "assumed": "prov_assumed"}


def card_view(kb: KnowledgeBase, card: Card, lang: str) -> dict:
    """A card as a player reads it, in the reader's language with the other language beside: its names, age and
    kind; the rulebook's own text where the rulebook prints it (labelled as such); its catalogue data — each value in
    words with where it comes from — labelled as Arbiter's description of the engine's data, never as rulebook text;
    and the sources of its values. No ids, field names or storage paths."""
    other = "en" if lang == "ko" else "ko"
    cat = card.catalogue
    names = [n for n in ((card.name.get(lang), card.name.get(other)) if card.name else ()) if n]
    view = {"title": entry_title(card, lang), "names": " / ".join(dict.fromkeys(names)),
            "kind": (clean(cat.kind.get(lang)) + (f" ({cat.deck.get(lang)})" if cat.deck else "")) if cat
            else card_type(card.type, lang),
            "age": cat.age_label.get(lang) if cat and cat.age_label else None,
            "aliases": ", ".join(cat.aliases.ko + cat.aliases.en) if cat else "",
            "rulebook": [], "effects": [], "numbers": [], "provenance": [], "note": None}
    for text_lang in (lang, other):
        text, origin = card.text.get(text_lang), card.origin.get(text_lang)
        if text and origin in ("official", "translation"):
            view["rulebook"].append({"lang": t(f"lang_{text_lang}", lang), "origin": t(origin, lang), "text": text})
    if cat is None:
        return view
    source_of = {p.group: p.source for p in cat.provenance}
    for part in ("effects", "numbers"):
        view[part] = [{"text": line.text.get(lang), "other": line.text.get(other),
                       "basis": t(PROVENANCE_LABEL[source_of.get(line.group, "assumed")], lang)}
                      for line in getattr(cat, part)]
    view["note"] = t("card_data_note", lang)
    for p in cat.provenance:
        label = t(PROVENANCE_LABEL[p.source], lang)
        if p.source == "rulebook":
            line = t("prov_rulebook_line", lang).format(rule=rule_title(kb, p.rule, lang))
            if p.note and p.note.get(lang):
                line += f" ({readable(p.note.get(lang), kb, lang)})"
        elif p.source == "source":
            checked = p.checked.get(lang) or p.checked.get(other) if p.checked else ""
            line = t("prov_source_line", lang).format(ref=_tidy(readable(p.ref, kb, lang)),
                                                       checked=_tidy(readable(checked, kb, lang)))
        else:
            note = p.note.get(lang) or p.note.get(other) if p.note else ""
            line = t("prov_assumed_line", lang).format(note=_tidy(readable(note, kb, lang)))
        view["provenance"].append({"label": label, "text": line})
    return view


def _tidy(text: str) -> str:
    """A reference read without its file names: no space left before a particle or a punctuation mark, no colon
    left alone ("kgold TTA.py: …" → "kgold: …")."""
    text = re.sub(r"\s+(?=[,.;:)])|(?<=[A-Za-z0-9])\s+(?=(?:에도|에서|에는|에|의|은|는|이|가|을|를|와|과|도)"
                  r"(?![\uac00-\ud7a3]))", "", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def card_text(kb: KnowledgeBase, card: Card, lang: str) -> str:
    """card_view as plain text (`arbiter card NAME`)."""
    v = card_view(kb, card, lang)
    out = [v["title"], f"{t('card_names', lang)}: {v['names']}" if v["names"] else "",
           f"{t('card_kind', lang)}: {v['kind']}" + (f" · {t('card_age', lang)}: {v['age']}" if v["age"] else "")]
    if v["aliases"]:
        out.append(f"{t('card_aliases', lang)}: {v['aliases']}")
    for text in v["rulebook"]:
        out += ["", f"[{text['lang']} · {text['origin']}]", text["text"].strip()]
    for part, key in (("effects", "card_effects"), ("numbers", "card_numbers")):
        if v[part]:
            out += ["", f"{t(key, lang)}:"]
            out += [f"  • {line['text']}  [{line['basis']}]" + (f"\n    ({line['other']})" if line["other"] else "")
                    for line in v[part]]
    if v["note"]:
        out += ["", f"({v['note']})"]
    if v["provenance"]:
        out += ["", f"{t('card_provenance', lang)}:"] + [f"  {p['label']}: {p['text']}" for p in v["provenance"]]
    return "\n".join(line for line in out if line is not None).replace("\n\n\n", "\n\n")
