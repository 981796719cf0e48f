"""The card catalogue between the KB and the engines, which know nothing of each other: the check `arbiter kb check`
adds (and every load of the served KB, kb/kb_cache.py) that

  * every card, tile or token with an identity in an engine (`Engine.card_identities`) has a KB card, or is
    listed under `absent:` with the reason (and no `absent:` entry names an identity no engine has);
  * every card an engine describes from its data (`Engine.card_catalogue`: Through the Ages' whole 2006 deck)
    has catalogue data in the KB, and that data is what the engine says now: the names, age and kind, every value,
    every line of words (one per field), and where each value comes from. A planted disagreement — a number edited
    in the KB or in the engine's data, a description reworded by hand — is a problem at its file:line.

`catalogue_data` turns an engine's record into the KB's catalogue data: scripts/card_catalogue.py writes the YAML
with it, and the check compares with it, so the two can never read the engine differently."""
from __future__ import annotations

from pathlib import Path

from kb.cachefs import sha256
from kb.fileio import FileReadError, read_bytes
from kb.models import Catalogue
from kb.store import KnowledgeBase, Problem

ENGINE_ROOT = Path(__file__).resolve().parents[2] / "engine"


def catalogue_data(record: dict, card_id: str, aliases: dict | None = None) -> dict:
    """An engine's catalogue record (Engine.card_catalogue) as the KB's catalogue data of the card `card_id`."""
    printed = card_id.split("/", 1)[1]
    out: dict = {"id": card_id}
    if record["id"] != printed:
        out["engine"] = record["id"]
    if record.get("age"):
        out["age"] = record["age"]
        out["age_label"] = dict(record["age_label"])
    out["kind"] = dict(record["kind"])
    if record.get("deck"):
        out["deck"] = dict(record["deck"])
    out["values"] = record["values"]
    for part in ("numbers", "effects"):
        out[part] = [{"field": line["field"], "group": line["group"], "text": dict(line["text"])}
                     for line in record[part]]
    out["provenance"] = [_source(p) for p in record["provenance"]]
    if aliases and (aliases.get("ko") or aliases.get("en")):
        out["aliases"] = {lang: list(aliases.get(lang) or []) for lang in ("ko", "en")}
    return out


def _source(p: dict) -> dict:
    out = {"group": p["group"], "source": p["source"], "fields": list(p["fields"])}
    if p.get("rule"):
        out["rule"] = p["rule"]
    if p.get("ref"):
        out["ref"] = p["ref"]
    if p.get("checked"):
        out["checked"] = {"en": _one_line(p["checked"]), "ko": _one_line(p.get("checked_ko"))}
    if p.get("note"):
        out["note"] = {"en": _one_line(p["note"]), "ko": _one_line(p.get("note_ko"))}
    return out


def _one_line(text: str | None) -> str | None:
    return " ".join(text.split()) if text else None


def _compared(data: Catalogue) -> dict:
    """What the check compares of a card's catalogue data: everything the engine decides (not the aliases)."""
    return data.model_dump(mode="json", exclude={"aliases", "id"}, exclude_none=True)


class CardCatalogue:
    """The catalogue checked against every engine (module docstring). Its result depends on the engines' code and
    data and on this module: they are its inputs."""

    name = "card catalogue checked against the engines"

    def inputs(self) -> dict[str, str]:
        out = {}
        for path in sorted(ENGINE_ROOT.rglob("*")):
            if path.suffix in (".py", ".yaml") and path.is_file():
                try:
                    out[f"engine/{path.relative_to(ENGINE_ROOT)}"] = sha256(read_bytes(path))
                except FileReadError as exc:
                    out[f"engine/{path.relative_to(ENGINE_ROOT)}"] = f"unreadable: {exc.message}"
        out["app/core/catalogue.py"] = sha256(Path(__file__).read_bytes())
        return out

    def problems(self, kb: KnowledgeBase, games: list[str]) -> list[Problem]:
        from engine import registry

        problems: list[Problem] = []
        for game_id in games:
            if not registry.has_engine(game_id) or game_id not in kb.games:
                continue
            engine = registry.get(game_id)
            try:
                problems += _identities(kb, game_id, engine)
                problems += _described(kb, game_id, engine)
            except Exception as exc:  # noqa: BLE001 - an engine that cannot describe its cards is this check's problem
                problems.append(Problem(f"engine/{registry.folder(game_id)}/",
                                        f"the engine cannot list or describe its cards: {' '.join(str(exc).split())} "
                                        f"({type(exc).__name__})"))
        return problems


def _folder(kb: KnowledgeBase, game_id: str) -> str:
    return f"kb/data/{game_id}/cards/"


def by_engine_id(game) -> dict:
    """A game's cards by the engine's id of each (its catalogue's `engine`, else its printed id)."""
    out = {}
    for card in game.cards.values():
        out[(card.catalogue.engine if card.catalogue and card.catalogue.engine else card.printed_id)] = card
    return out


def _identities(kb: KnowledgeBase, game_id: str, engine) -> list[Problem]:
    game = kb.games[game_id]
    cards = by_engine_id(game)
    problems = []
    named = set()
    for ident in engine.card_identities():
        game_of = ident.card.split("/", 1)[0]
        if game_of != game_id:              # an expansion's engine also knows its base game's cards
            continue
        named.add(ident.card)
        if ident.id in cards or ident.card in game.cards or ident.card in game.absent:
            continue
        problems.append(Problem(_folder(kb, game_id), f"the {game_id} engine's {ident.kind['en']} {ident.id!r} has no "
                                                      f"catalogue entry: add the card {ident.card!r} (for Through the "
                                                      f"Ages: scripts/card_catalogue.py), or list it under `absent:` "
                                                      f"with the reason"))
    for absent_id, item in game.absent.items():
        if absent_id not in named:
            problems.append(Problem(item.where(), f"{absent_id} is listed as absent, but no engine has it"))
    return problems


def _described(kb: KnowledgeBase, game_id: str, engine) -> list[Problem]:
    game = kb.games[game_id]
    cards = by_engine_id(game)
    records = engine.card_catalogue()
    problems = []
    seen = set()
    for record in records:
        card = cards.get(record["id"])
        if card is None or card.catalogue is None:
            problems.append(Problem(_folder(kb, game_id), f"the engine's card {record['id']!r} has no catalogue data "
                                                          f"(run scripts/card_catalogue.py)"))
            continue
        seen.add(card.id)
        where = card.catalogue.where() or card.where()
        if card.name is None or (card.name.ko, card.name.en) != (record["name"]["ko"], record["name"]["en"]):
            problems.append(Problem(card.where(), f"{card.id}: its names are not the engine's "
                                                  f"({record['name']['ko']} / {record['name']['en']})"))
        expected = _compared(Catalogue.model_validate(catalogue_data(record, card.id)))
        stored = _compared(card.catalogue)
        for key in sorted(set(expected) | set(stored)):
            if expected.get(key) != stored.get(key):
                problems.append(Problem(where, f"{card.id}: {_difference(key, stored.get(key), expected.get(key))} "
                                               f"(scripts/card_catalogue.py writes what the engine says)"))
    for card in game.cards.values():
        if card.catalogue is not None and card.id not in seen:
            problems.append(Problem(card.catalogue.where() or card.where(),
                                    f"{card.id}: catalogue data for a card the engine does not describe"))
    return problems


def _difference(key: str, stored, expected) -> str:
    """Where the KB's catalogue data and the engine disagree, as a curator reads it: the first line or value."""
    if key in ("numbers", "effects") and isinstance(stored, list) and isinstance(expected, list):
        mine = {line["field"]: line for line in stored}
        theirs = {line["field"]: line for line in expected}
        for field in list(theirs) + [f for f in mine if f not in theirs]:
            a, b = mine.get(field), theirs.get(field)
            if a is None:
                return f"no line for the engine's {field!r} ({b['text']['en']!r})"
            if b is None:
                return f"a line for {field!r}, which the engine does not have"
            if a != b:
                lang = next((lg for lg in ("en", "ko") if a["text"].get(lg) != b["text"].get(lg)), None)
                if lang:
                    return (f"the {key} line for {field!r} says {a['text'][lang]!r}; from the engine's data it reads "
                            f"{b['text'][lang]!r}")
                return f"the {key} line for {field!r} names the group {a['group']!r}, the engine {b['group']!r}"
        return f"its {key} are not in the engine's order"
    if key == "values" and isinstance(stored, dict) and isinstance(expected, dict):
        for field in sorted(set(stored) | set(expected)):
            if stored.get(field) != expected.get(field):
                return f"the value {field} is {stored.get(field)!r} here, {expected.get(field)!r} in the engine's data"
    return f"its {key} is {stored!r} here, {expected!r} from the engine"


CARD_CATALOGUE = CardCatalogue()
