"""What a bot reads of an answer: the reply of the HTTP API (`arbiter serve`) and the ready chat message
(plain text or Markdown) built from it — in the language the client chose, with titles, sections and
notices as a player reads them on the page (app/core/present.py draws all of them: a card is "돛 (파란색
시장 카드)", never its search label "sail blue 돛"), and nothing of the core's internals (its scope scores,
the ruling's search record, the engine's state dumps, data files or source commits).

A front end calls these with the core's answer (`Assistant.answer`) and returns what they give; the
command line could print `message(...)` as it is.

Shapes (documented field by field in app/api/models.py):
  reply(..., detail="slim")  {question, lang, game, answer: {rule_id, type, title, text, short, citation, url},
                              notices}
  reply(..., detail="full")  the same, with the answer's page (the other edition, the rules beside it, the
                              missing data and errata), the other games' answers, the citations and the
                              checked example as the page narrates it
"""
from __future__ import annotations

import re
from urllib.parse import urlencode

from kb.models import Card, Rule
from kb.store import KnowledgeBase

from . import present

DEFAULT_PAGE_URL = "http://localhost:8501/"
LANGS = ("ko", "en")
FORMATS = ("json", "text", "markdown")
DETAILS = ("slim", "full")
# a chat message stays well under the platforms' limits (Discord 2,000 characters, a KakaoTalk text
# bubble 1,000): the rule's text is cut at a sentence boundary before this, the page link has the rest
RULE_CHARS = 600

WORDS = {
    "rule": {"ko": "규칙", "en": "Rule"},
    "card": {"ko": "카드", "en": "Card"},
    "source": {"ko": "출처", "en": "Source"},
    "page": {"ko": "전체 답", "en": "Full answer"},
    "rulebook": {"ko": "{game} 규칙서 ({edition})", "en": "{game} rulebook ({edition})"},
    "edition": {"ko": {"ko": "한국어판", "en": "영어판"}, "en": {"ko": "Korean edition", "en": "English edition"}},
    "translation": {"ko": "번역: 규칙서 원문이 아니라 Arbiter가 옮긴 글입니다",
                    "en": "translation: written for Arbiter, not the rulebook's own words"},
    "no_answer": {"ko": "답을 찾지 못했습니다.", "en": "No answer found."},
    "more": {"ko": "… (이어지는 내용은 전체 답에 있습니다)", "en": "… (the rest is in the full answer)"},
}
# a data fact's reference as its editors wrote it: a source repository's file at a commit
COMMIT = re.compile(r"\s*@[0-9a-f]{7,40}\b")


def word(key: str, lang: str) -> str:
    return WORDS[key][lang]


# -- pieces ----------------------------------------------------------------------------------------------
def page_url(base: str, question: str, lang: str, game: str | None) -> str:
    """The web page's answer to the same question (its URL scheme: ?q=&lang=&game=, app/ui)."""
    return base + present.link(lang, game, q=question)


def entry_url(base: str, kb: KnowledgeBase, entry_id: str, lang: str) -> str:
    """The page showing one rule (Browse) or card (Cards)."""
    entry = kb.entry(entry_id)
    game = getattr(entry, "game", None)
    if isinstance(entry, Card):
        return base + "?" + urlencode({"page": "cards", "card": entry.id, "lang": lang})
    return base + present.link(lang, game, page="browse", rule=entry_id)


def entry_type(kb: KnowledgeBase, entry_id: str) -> str | None:
    entry = kb.entry(entry_id)
    return "card" if isinstance(entry, Card) else "rule" if isinstance(entry, Rule) else None


def citation(kb: KnowledgeBase, entry_id: str, text_lang: str, lang: str) -> dict | None:
    """Where a rule or card is in the rulebook as a player finds it: the rulebook (its edition: the one
    whose text is shown, or the one that prints it when the text shown is a translation) and its chapter ›
    section, in the reader's language — never the extraction's file and lines."""
    entry = kb.entry(entry_id)
    if entry is None:
        return None
    info = kb.corpus.games.get(entry.game)
    printed = [f.lang for f in info.files] if info else [text_lang]
    edition = text_lang if text_lang in printed and entry.origin.get(text_lang) == "official" else \
        next((f for f in printed if entry.origin.get(f) == "official"), printed[0] if printed else text_lang)
    rulebook = word("rulebook", lang).format(game=present.game_name(kb, entry.game, lang),
                                             edition=WORDS["edition"][lang][edition])
    section = kb.entry(entry.section) if entry.section else None
    where = present.section_label(kb, section, lang) if section is not None else ""
    return {"rulebook": rulebook, "edition": edition, "section": where,
            "text": f"{rulebook} › {where}" if where else rulebook}


def ref(kb: KnowledgeBase, entry_id: str, lang: str, search_title: dict | None = None) -> dict:
    """A rule or card named: its id (for /v1/entries), its type and its title as a player reads it."""
    return {"id": entry_id, "type": entry_type(kb, entry_id),
            "title": present.shown_title(kb, entry_id, search_title, lang) if search_title is not None
            else present.rule_title(kb, entry_id, lang)}


def entry_text(entry, lang: str) -> tuple[str | None, str | None, str | None]:
    """(text, its language, its origin): the reader's language when the entry has it, else the other."""
    other = "en" if lang == "ko" else "ko"
    text_lang = lang if entry.text.get(lang) else other
    return display(entry.text.get(text_lang)), text_lang, entry.origin.get(text_lang)


def display(text: str | None) -> str | None:
    """A rulebook text for display, line by line (present.clean: the extraction's emphasis markers and stray
    LaTeX left out, as the page shows it; the words as printed)."""
    if text is None:
        return None
    return "\n".join(present.clean(line) for line in text.split("\n")).strip()


def _value(value: dict | None, lang: str) -> dict | None:
    if not value:
        return None
    out = {"amount": value.get("amount"), "unit": present.clean((value.get("unit") or {}).get(lang) or ""),
           "items": None, "text": present.amount_text(value, lang)}
    if value.get("items"):
        out["amount"] = None
        out["items"] = [{"amount": i["amount"], "unit": present.clean((i.get("unit") or {}).get(lang) or ""),
                         **({"of": present.clean(i["of"].get(lang) or "")} if i.get("of") else {})}
                        for i in value["items"]]
    if value.get("rows"):       # the whole table: each row's values and amount, for a bot that builds its own
        out["by"] = present.clean(value["by"].get(lang) or "")
        out["rows"] = [{"at": r["at"].get(lang), "amount": r["amount"]} for r in value["rows"]]
    if value.get("per"):        # the amount per one of this
        out["per"] = present.clean(value["per"].get(lang) or "")
    return out


def short(kb: KnowledgeBase, data: dict | None, lang: str) -> dict | None:
    """The short answer in the reader's language: `line` as the page shows it on top (present.short_view:
    the verdict, the value with its calculation, the moment, a dispute's label, the sentence it rests on
    and the exceptions), `note` what it is (Arbiter's reading, calculation or the rulebook's table), and
    its parts for a bot that builds its own line."""
    view = present.short_view(kb, data, lang)
    if view is None:
        return None
    texts = data.get("text") or {}
    text_lang = lang if texts.get(lang) else next(iter(texts), lang)

    def one(field: str) -> str | None:
        value = data.get(field)
        return present.clean(value.get(lang) or value.get("en" if lang == "ko" else "ko")) if value else None

    return {"line": view["line"], "note": view["basis"], "basis": data["basis"], "kind": data.get("kind"),
            "verdict": data.get("verdict"), "label": one("label"), "value": _value(data.get("value"), lang),
            "calculation": one("calculation"), "phase": one("phase"), "claim": one("claim"),
            "claim_holds": data.get("claim_holds"),
            # a total's: each part's sentence
            "text": " · ".join(present.key_text(q.get(text_lang)) for q in data.get("quotes") or [texts]
                               if q.get(text_lang)) or None, "text_lang": text_lang,
            "text_origin": (data.get("text_origin") or {}).get(text_lang),
            "rules": [ref(kb, r, lang) for r in data.get("rules") or [data["rule_id"]]],
            "unless": [ref(kb, r, lang) for r in data.get("unless") or []]}


def notices(kb: KnowledgeBase, result: dict, lang: str) -> list[dict]:
    return [{"kind": n.get("kind"), "text": present.readable(n[lang], kb, lang)} for n in result.get("notices") or []]


# -- the reply ---------------------------------------------------------------------------------------------
def reply(kb: KnowledgeBase, result: dict, lang: str | None = None, detail: str = "slim",
          base_url: str = DEFAULT_PAGE_URL, asked_game: str | None = None) -> dict:
    """The API's answer to a question: the core's answer (`result`) in `lang` (default: the question's).
    `asked_game`: the game the client named (the page link asks the same question the same way)."""
    lang = lang or result["lang"]
    out = {"question": result["question"], "lang": lang, "game": result.get("game"),
           "game_name": present.game_name(kb, result["game"], lang) if result.get("game") else None,
           "answer": None, "notices": notices(kb, result, lang),
           "url": page_url(base_url, result["question"], lang, asked_game)}
    a = result.get("answer")
    if a is not None:
        out["answer"] = answer(kb, a, lang, out["url"], detail)
    if detail == "full":
        out["alternatives"] = [{**ref(kb, alt["rule_id"], lang, alt.get("title")), "game": alt["game"],
                                "game_name": present.game_name(kb, alt["game"], lang)}
                               for alt in result.get("alternatives") or []]
        out["citations"] = [cited(kb, h, lang) for h in result.get("citations") or []]
        ex = result.get("example")
        out["example"] = example(kb, ex, lang, result["lang"]) if ex else None
    return out


def answer(kb: KnowledgeBase, a: dict, lang: str, url: str, detail: str = "slim") -> dict:
    entry = kb.entry(a["rule_id"])
    text, text_lang, origin = entry_text(entry, lang) if entry is not None else (display(a["text"]), a["lang"], a["origin"])
    out = {"rule_id": a["rule_id"], "type": entry_type(kb, a["rule_id"]), "game": a["game"],
           "title": present.shown_title(kb, a["rule_id"], a.get("title"), lang),
           "text": text, "text_lang": text_lang, "origin": origin,
           "short": short(kb, a.get("short"), lang),
           "citation": citation(kb, a["rule_id"], text_lang, lang), "url": url}
    if detail != "full":
        return out
    other_lang = "en" if text_lang == "ko" else "ko"
    other_text = display(entry.text.get(other_lang)) if entry is not None else None
    key = a.get("key_sentence") if a.get("lang") == text_lang else None
    out.update({
        "key_sentence": present.key_text(present.telling(key, text)) if key and key.strip() != (text or "").strip()
        else None,
        "other": {"lang": other_lang, "text": other_text, "origin": entry.origin.get(other_lang)}
        if other_text else None,
        "edition_diff": (a.get("edition_diff") or {}).get(lang),
        "missing": present.missing_lines(a.get("missing") or [], lang),
        "errata": [present.erratum_line(e, lang) for e in a.get("errata") or []],
        "exceptions": [beside(kb, d, lang) for d in a.get("exceptions") or []],
        "worked_example": beside(kb, a["worked_example"], lang) if a.get("worked_example") else None,
        "details": [beside(kb, d, lang) for d in a.get("details") or []],
        "also_relevant": [beside(kb, d, lang) for d in a.get("also_relevant") or []],
    })
    return out


def beside(kb: KnowledgeBase, d: dict, lang: str) -> dict:
    """A rule shown beside the answer: its title, its text in the reader's language and the sentence of it
    that bears on the question (when it was read in that language)."""
    entry = kb.entry(d["rule_id"])
    text, text_lang, origin = entry_text(entry, lang) if entry is not None else (display(d["text"]), d["lang"], d["origin"])
    key = d.get("key_sentence") if d.get("lang") == text_lang else None
    return {**ref(kb, d["rule_id"], lang, d.get("title")), "text": text, "text_lang": text_lang, "origin": origin,
            "key_sentence": present.key_text(present.telling(key, text)) if key else None}


def cited(kb: KnowledgeBase, hit: dict, lang: str) -> dict:
    entry = kb.entry(hit["rule_id"])
    text_lang = lang if entry is None or entry.text.get(lang) else ("en" if lang == "ko" else "ko")
    return {**ref(kb, hit["rule_id"], lang, hit.get("title")), "game": hit["game"],
            "citation": citation(kb, hit["rule_id"], text_lang, lang),
            "sources": [{"file": s["file"], "lines": s["lines"]} for s in hit.get("sources") or []]}


def example(kb: KnowledgeBase, ex: dict, lang: str, told_in: str) -> dict:
    """The checked example as the page narrates it (present.example_view), in the reader's language: the
    situation, each step with its rules, what changed, the checks, the values the rulebook does not state."""
    view = present.example_view(kb, ex, lang, told_in)

    def named(pairs) -> list[dict]:
        return [{"id": i, "type": entry_type(kb, i), "title": title} for i, title in pairs]

    return {"verified": view["verified"], "heading": view["heading"], "situation": view["situation"],
            "notice": view["notice"], "rules": named(view["rules"]),
            "steps": [{"text": s["text"], "events": s["events"], "rules": named(s["rules"]),
                       "refused": {"text": s["refused"]["text"], "rule": {"id": s["refused"]["rule_id"],
                                                                          "type": entry_type(kb, s["refused"]["rule_id"]),
                                                                          "title": s["refused"]["rule"]}}
                       if s["refused"] else None} for s in view["steps"]],
            "changes": view["changes"],
            "checks": [{"ok": c["ok"], "text": c["text"], "detail": c["detail"] or None} for c in view["checks"]],
            "facts": [{"kind": f["kind"], "name": f["name"], "text": COMMIT.sub("", f["text"])}
                      for f in view["facts"]]}


def entry_reply(kb: KnowledgeBase, entry, lang: str, base_url: str = DEFAULT_PAGE_URL) -> dict:
    """One rule or card as a player reads it (`/v1/entries`, `/v1/rules`, `/v1/cards`)."""
    text, text_lang, origin = entry_text(entry, lang)
    other_lang = "en" if text_lang == "ko" else "ko"
    out = {"id": entry.id, "type": entry_type(kb, entry.id), "game": entry.game,
           "game_name": present.game_name(kb, entry.game, lang), "lang": lang,
           "title": present.rule_title(kb, entry.id, lang), "text": text, "text_lang": text_lang, "origin": origin,
           "other": {"lang": other_lang, "text": display(entry.text.get(other_lang)),
                     "origin": entry.origin.get(other_lang)} if entry.text.get(other_lang) else None,
           "citation": citation(kb, entry.id, text_lang, lang),
           "edition_diff": entry.edition_diff.get(lang) if entry.edition_diff else None,
           "missing": present.missing_lines([m.model_dump() for m in entry.missing], lang),
           "errata": [present.erratum_line(e.model_dump(), lang) for e in entry.errata],
           "url": entry_url(base_url, kb, entry.id, lang)}
    if isinstance(entry, Card):
        out["printed_id"] = entry.printed_id if present.PRINTED_ID.fullmatch(entry.printed_id) else None
        out["name"] = entry.name.get(lang) if entry.name else None
        out["card_type"] = present.card_type(entry.type, lang)
    return out


def search_reply(kb: KnowledgeBase, found: dict, lang: str | None = None, base_url: str = DEFAULT_PAGE_URL) -> dict:
    """A search's hits (`Searcher.search(...).to_json()`) as a player reads them, in `lang` (default: the
    query's): each rule's or card's title and text, its place in the rulebook and its page."""
    lang = lang or found["lang"]
    hits = []
    for h in found["hits"]:
        entry = kb.entry(h["rule_id"])
        text, text_lang, _origin = entry_text(entry, lang)
        hits.append({"rule_id": h["rule_id"], "type": entry_type(kb, h["rule_id"]), "game": h["game"],
                     "score": h["score"], "title": present.shown_title(kb, h["rule_id"], h.get("title"), lang),
                     "text": text, "text_lang": text_lang, "citation": citation(kb, h["rule_id"], text_lang, lang),
                     "url": entry_url(base_url, kb, h["rule_id"], lang)})
    return {"query": found["query"], "lang": lang, "game": found.get("game"), "hits": hits}


# -- the chat message --------------------------------------------------------------------------------------
def _cut(text: str, limit: int, lang: str) -> str:
    """A rule's text for a chat message: whole when short, else cut after the last full sentence (or line)
    before `limit`."""
    text = text.strip()
    if len(text) <= limit:
        return text
    head = text[:limit]
    stop = max(head.rfind(". "), head.rfind(".\n"), head.rfind("다. "), head.rfind("\n"))
    return (head[:stop + 1] if stop > limit // 3 else head).rstrip() + " " + word("more", lang)


def _md(text: str) -> str:
    """Text inside a Markdown message: literal (present.markdown: no link, heading or HTML of its own)."""
    return present.markdown(text).replace("  \n", "\n")


def message(kb: KnowledgeBase, result: dict, fmt: str, lang: str | None = None,
            base_url: str = DEFAULT_PAGE_URL, asked_game: str | None = None) -> str:
    """A ready chat message (`fmt` "text" or "markdown") for a question's answer, in `lang` (default: the
    question's): the short answer line when there is one (and what it is), the rule's title and text, where
    it is in the rulebook, and the link to the page's full answer; without an answer, the notice and the
    link."""
    data = reply(kb, result, lang, "slim", base_url, asked_game)
    return render(data, fmt)


def render(data: dict, fmt: str) -> str:
    """The message of a slim reply (`reply(...)`): only its documented fields, so a bot could write it too."""
    lang, md = data["lang"], fmt == "markdown"
    lines: list[str] = []
    a = data["answer"]
    if a is None:
        said = [n["text"] for n in data["notices"]] or [word("no_answer", lang)]
        lines += [_md(t) if md else t for t in said]
    else:
        if a["short"]:
            sh = a["short"]
            line = sh["line"]
            # the verdict, the value or the moment first, in bold: what a player reads before the rest
            head = sh["label"] or (sh["value"] or {}).get("text") or sh["phase"] or ""
            if md and head and line.startswith(head):
                lines.append(f"**{_md(head)}**{_md(line[len(head):])}")
            else:
                lines.append(_md(line) if md else line)
            lines.append(f"_{_md(sh['note'])}_" if md else sh["note"])
            lines.append("")
        # the section is the citation's: the title's own last part names the rule or card
        name = a["title"].split(" › ")[-1]
        head = word("card" if a["type"] == "card" else "rule", lang)
        lines.append(f"**{_md(name)}**" if md else f"{head}: {name}")
        if a["text"]:
            text = _cut(a["text"], RULE_CHARS, lang)
            lines += ([f"> {_md(part)}" if part.strip() else ">" for part in text.split("\n")] if md
                      else text.split("\n"))
            if md:
                lines.append("")        # a quote ends at a blank line (else the next line continues it)
            if a["origin"] == "translation":
                lines.append(f"_({_md(word('translation', lang))})_" if md else f"({word('translation', lang)})")
        guessed = [n["text"] for n in data["notices"] if n["kind"] == "guessed"]
        lines += [_md(t) if md else t for t in guessed]
        if a["citation"]:
            lines.append(f"{word('source', lang)}: {_md(a['citation']['text']) if md else a['citation']['text']}")
    url = a["url"] if a else data["url"]
    lines.append(f"[{word('page', lang)}](<{url}>)" if md else f"{word('page', lang)}: {url}")
    return "\n".join(lines).strip() + "\n"
