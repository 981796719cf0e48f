"""Flat JSON views of KB entries: the `kb export` contract and the shapes `rule`/`card` print."""
from __future__ import annotations

from .models import Card, Rule
from .store import KnowledgeBase


def bi(text) -> dict:
    return {"ko": text.ko if text else None, "en": text.en if text else None}


def entry_record(entry: Rule | Card) -> dict:
    """The DESIGN.md export record of a rule or card."""
    return {
        "kind": "rule" if isinstance(entry, Rule) else "card",
        "id": entry.id,
        "game": entry.game,
        "text": bi(entry.text),
        "origin": {"ko": entry.origin.ko, "en": entry.origin.en},
        "sources": [s.export() for s in entry.sources],
        "edition_diff": bi(entry.edition_diff) if entry.edition_diff else None,
        "missing": [m.model_dump(mode="json") for m in entry.missing],
    }


def detail_record(kb: KnowledgeBase, entry: Rule | Card) -> dict:
    """Everything a reader wants about one entry: the export record plus context."""
    record = entry_record(entry)
    section_id = entry.section
    record["section_path"] = [{"id": s.id, **bi(s.title)} for s in kb.section_path(section_id)]
    record["related"] = list(entry.related)
    record["exceptions"] = list(entry.exceptions)
    record["terms"] = list(entry.terms)
    record["errata"] = [e.model_dump(mode="json") for e in entry.errata]
    record["scenarios"] = list(entry.scenarios)
    if isinstance(entry, Rule):
        record["rule_kind"] = entry.kind
        record["title"] = bi(entry.title) if entry.title else None
        record["changes"] = list(entry.changes)
        record["illustrates"] = list(entry.illustrates)
    else:
        record["card_type"] = entry.type
        record["printed_id"] = entry.printed_id
        record["name"] = bi(entry.name) if entry.name else None
        record["count"] = entry.count
        record["fields"] = entry.fields
        record["scenarios"] = list(entry.scenarios)
        # the card's catalogue data: generated from its engine's data, never rulebook text (docs/kb-format.md)
        record["catalogue"] = entry.catalogue.model_dump(mode="json", exclude_none=True) if entry.catalogue else None
    return record


def export_records(kb: KnowledgeBase):
    for game in kb.games.values():
        for rule in game.rules.values():
            yield entry_record(rule)
        for card in game.cards.values():
            yield entry_record(card)
        for span in game.ignored:
            yield {"kind": "ignored", "file": f"corpus/{span.file}", "lines": list(span.lines), "reason": span.reason}
