"""What a command's `--json` prints and the HTTP API (app/api) returns, one function per command: both
front ends call these, so they give the same JSON for the same request and the same one-line message
for bad input (in English, as the command line prints it, and in Korean, which the API adds).

Heavy modules are imported inside each function, so that quick commands stay quick."""
from __future__ import annotations

import re

from engine.korean import josa, particle

MAX_K = 100


class UsageError(Exception):
    """Bad input: a one-line message (the command line exits 2 with it; the API answers 400). `ko`: the
    same message in Korean, where one is written."""

    code = "bad_input"

    def __init__(self, message: str, ko: str | None = None):
        super().__init__(message)
        self.ko = ko


class NotFound(UsageError):
    """The rule, card, scenario or fact asked for does not exist (the API answers 404)."""

    code = "not_found"


def _did_you_mean(close: list[str], lang: str) -> str:
    if not close:
        return ""
    return (f"; 이런 것이 있습니다: {', '.join(close)}" if lang == "ko" else f"; did you mean: {', '.join(close)}")


def check_game(game: str | None) -> str | None:
    from kb.corpus import GAME_IDS

    if game is not None and game not in GAME_IDS:
        raise UsageError(f"unknown game {game!r}; choose one of: {', '.join(GAME_IDS)}",
                         f"‘{game}’{particle(game, '이라는/라는')} 게임은 없습니다. 다음 중에서 고르세요: {', '.join(GAME_IDS)}")
    return game


def check_k(k, where: str) -> int:
    """A number of hits: a whole number 1-100 (JSON's true, 2.5, "abc", null, NaN and 1e400 are not)."""
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
        raise UsageError(f"{where}: k must be a whole number from 1 to {MAX_K} (got {k!r})"[:200],
                         f"{where}: k는 1에서 {MAX_K} 사이의 정수여야 합니다 ({k!r})"[:200])
    return k


def engine(game: str | None):
    """The registered engine of a game (Tekhenu when none is named)."""
    from engine import registry

    check_game(game)
    try:
        return registry.get(game or "tekhenu")
    except registry.UnknownGame as exc:
        raise UsageError(str(exc), f"{game}의 규칙 엔진이 없습니다") from None


# -- rules, cards, edition differences, glossary, games ----------------------------------------------
def rule_entry(kb, rule_id: str):
    """The rule with this id (its record: kb.export.detail_record)."""
    from kb.models import Rule

    rule = kb.entry(rule_id.strip())
    if not isinstance(rule, Rule):
        close = [r.id for r in kb.all_rules() if rule_id.strip().lower() in r.id.lower()][:8]
        raise NotFound(f"no rule with id {rule_id!r}{_did_you_mean(close, 'en')}",
                       f"번호가 {rule_id!r}인 규칙이 없습니다{_did_you_mean(close, 'ko')}")
    return rule


def card_entries(kb, query: str, game: str | None = None) -> list:
    """The cards `query` names — printed id (T08), game/id (tekhenu/T08), or a name as players write it, Korean or
    English, short forms and near misses included (app/core/card_names.py) — in `game` when given: one card, or the
    cards that share its name (every age of Frugality). NotFound when nothing is near enough; UsageError when it
    names cards of several names or games."""
    from app.core.card_names import names_of

    check_game(game)
    cards = names_of(kb).find(query, game)
    if not cards:
        where_en, where_ko = (f" in {game}", f"{game}에 ") if game else ("", "")
        if not query.strip() or "/" in query or re.fullmatch(r"\s*[A-Za-z]{1,4}-?\d{1,3}\s*", query):
            raise NotFound(f"no card with id {query!r}{where_en} (use a printed id like T08, or game/id like "
                           f"tekhenu/T08)",
                           f"{where_ko}번호가 {query!r}인 카드가 없습니다 (T08 같은 인쇄 번호나 tekhenu/T08처럼 "
                           f"게임/번호로 찾으세요)")
        raise NotFound(f"no card named {query!r}{where_en} (give a card's name in Korean or English, a printed id "
                       f"like T08, or game/id like tekhenu/T08)",
                       f"{where_ko}{repr(query)}{particle(repr(query), '이라는/라는')} 이름의 카드가 없습니다 (카드 이름을 한국어나 영어로, 또는 T08 같은 인쇄 "
                       f"번호나 tekhenu/T08 같은 게임/번호로 찾으세요)")
    games = {c.game for c in cards}
    names = list(dict.fromkeys(_card_name(c) for c in cards))
    if len(games) > 1:
        ids = ", ".join(c.id for c in cards)
        raise UsageError(f"{query!r} is ambiguous: {ids}; pass --game or game/id",
                         f"{josa(repr(query), '은/는')} 여러 게임에 있습니다: {ids}. 게임을 지정하거나 게임/번호로 찾으세요")
    if len(names) > 1:
        listed = ", ".join(names)
        raise UsageError(f"{query!r} names several cards: {listed}; write more of the name",
                         f"{query!r}에 맞는 카드가 여럿입니다: {listed}. 이름을 더 써 주세요")
    return cards


def _card_name(card) -> str:
    return (card.name.en or card.name.ko) if card.name else card.printed_id


def card_entry(kb, card_id: str, game: str | None = None):
    """The card `card_id` names (card_entries), the earliest age first where several share its name."""
    return card_entries(kb, card_id, game)[0]


def card_record(kb, card, same_name: list | None = None) -> dict:
    """`arbiter card --json` and /v1/cards: the card's record (kb.export.detail_record) and the ids of the other
    cards of its name (`also`: the other ages of Frugality)."""
    from kb.export import detail_record

    record = detail_record(kb, card)
    record["also"] = [c.id for c in same_name or [] if c.id != card.id]
    return record


def diff_entries(kb, game: str | None = None) -> list:
    """The rules and cards where the Korean and English editions differ (`kb diffs`)."""
    check_game(game)
    return [e for g in kb.games.values() if not game or g.id == game
            for e in list(g.rules.values()) + list(g.cards.values()) if e.edition_diff]


def glossary_terms(kb, game: str | None = None, query: str = "") -> list[tuple[str, object]]:
    """(game, term) of the glossary whose Korean or English form, alias or rulebook spelling contains
    `query` (case-insensitive; every term when it is empty)."""
    check_game(game)
    needle = query.strip().lower()
    out = []
    for g in kb.games.values():
        if game and g.id != game:
            continue
        for term in g.terms.values():
            forms = [term.ko, term.en, *term.aliases.ko, *term.aliases.en, *term.source_spellings.ko,
                     *term.source_spellings.en]
            if not needle or any(needle in f.lower() for f in forms):
                out.append((g.id, term))
    return out


def term_record(game: str, term) -> dict:
    return {"game": game, **term.model_dump(mode="json")}


def game_records(kb) -> list[dict]:
    """Every game: its titles, its rulebooks' languages, its base game, what the KB holds of it and
    whether it has a rules engine and a Simulator."""
    from engine import registry

    out = []
    for gid, info in kb.corpus.games.items():
        g = kb.games.get(gid)
        has_engine = registry.has_engine(gid)
        out.append({"id": gid, "title": dict(info.title), "base_game": info.base_game,
                    "languages": sorted({f.lang for f in info.files}),
                    "rules": len(g.rules) if g else 0, "cards": len(g.cards) if g else 0,
                    "terms": len(g.terms) if g else 0, "scenarios": len(g.scenarios) if g else 0,
                    "engine": has_engine,
                    "simulator": bool(has_engine and registry.get(gid).simulator_fields())})
    return out


# -- engine facts and scenarios --------------------------------------------------------------------------
def facts(game: str | None = None, path: str | None = None, assumed: bool = False,
          source: str | None = None) -> list[tuple[str, object]]:
    """(game, fact) of the engines' facts (`arbiter facts`): one by its path, or all, or those assumed or
    of one provenance. An expansion's engine also holds its base game's facts: across games each is
    listed once."""
    from engine import registry
    from engine.facts import FactError

    check_game(game)
    if source is not None and source not in ("rulebook", "source", "assumed"):
        raise UsageError(f"unknown provenance {source!r}; choose one of: rulebook, source, assumed",
                         f"출처 종류 {josa(repr(source), '은/는')} 없습니다. rulebook, source, assumed 중에서 고르세요")
    games = [game] if game else list(registry.available())
    chosen = []
    listed = set()
    for gid in games:
        try:
            every = engine(gid).facts()
        except FactError as exc:
            raise UsageError(str(exc)) from None
        if path:
            fact = every.get(path)
            if fact is not None and (fact.file, fact.path) not in listed:
                listed.add((fact.file, fact.path))
                chosen.append((gid, fact))
            continue
        for fact in every.all():
            if (assumed and fact.source != "assumed") or (source and fact.source != source):
                continue
            if (fact.file, fact.path) in listed:
                continue
            listed.add((fact.file, fact.path))
            chosen.append((gid, fact))
    if path and not chosen:
        raise NotFound(f"no engine fact {path!r}" + (f" in {game}" if game else "")
                       + "; `arbiter facts --game G` lists them",
                       (f"{game} 엔진에 " if game else "") + f"{josa(repr(path), '이라는/라는')} 값이 없습니다. `arbiter facts --game G`가 "
                       "목록을 보여 줍니다")
    return chosen


def fact_record(game: str, fact) -> dict:
    return {"game": game, **fact.to_json()}


def find_scenario(scenarios, games: list[str], ref: str) -> dict:
    """The scenario spec named by its id (tekhenu/scenario/x) or by its short name (x) in `games`."""
    ref = ref.strip()
    if ref not in scenarios:
        ref = next((f"{g}/scenario/{ref}" for g in games if f"{g}/scenario/{ref}" in scenarios), ref)
    if ref not in scenarios:
        close = [s for s in scenarios if ref.lower() in s.lower()][:8]
        raise NotFound(f"no scenario {ref!r}{_did_you_mean(close, 'en')}",
                       f"{josa(repr(ref), '이라는/라는')} 시나리오가 없습니다{_did_you_mean(close, 'ko')}")
    return scenarios[ref]


def play_scenario(spec: dict):
    """A scenario played by its game's engine and checked (engine.scenarios.ScenarioResult)."""
    from engine.scenarios import ScenarioError, run

    game = spec["id"].split("/scenario/")[0]
    try:
        return run(engine(game), spec)
    except ScenarioError as exc:
        raise UsageError(f"{spec['id']}: {' '.join(str(exc).split())}") from None
