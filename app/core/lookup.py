"""Finding a rule or card by what a player or a bot writes: its id, its printed id (T08), a part of its
name ("돛", "sail") or its name as players write it — short forms and near misses ("미켈", "Michaelangelo",
app/core/card_names.py). The web page's card search, `arbiter card` and the API's lookups call these, so
`/v1/cards/돛` finds what the Cards page finds for "돛"."""
from __future__ import annotations

from kb.models import Card, Rule

from .records import NotFound, UsageError, card_entries, check_game


def find_cards(kb, query: str, game: str | None = None) -> list[Card]:
    """The cards the Cards page lists for `query`: those whose printed id or id is `query` (any case),
    else those whose id or Korean or English name contains it; every card for an empty query."""
    cards = [c for c in kb.all_cards() if game is None or c.game == game]
    needle = query.strip().lower()
    if not needle:
        return cards
    exact = [c for c in cards if c.printed_id.lower() == needle or c.id.lower() == needle]
    if exact:
        return exact
    found = [c for c in cards if needle in c.id.lower()
             or (c.name and any(needle in (n or "").lower() for n in (c.name.ko, c.name.en)))]
    if found:
        return found
    from .card_names import names_of

    return names_of(kb).find(query, game)       # the way players name them: short forms, near misses


def same_name(kb, card: Card) -> list[Card]:
    """The cards that share `card`'s name (every age of Frugality), `card` among them."""
    from .card_names import names_of

    name = card.name.en or card.name.ko if card.name else None
    return [c for c in names_of(kb).find(name, card.game) if c.name == card.name] if name else [card]


def card(kb, query: str, game: str | None = None) -> Card:
    """The one card `query` names (find_cards): NotFound when none, UsageError when several (named)."""
    check_game(game)
    try:        # an id, a printed id or a name as players write it (the earliest age where several share it)
        return card_entries(kb, query, game)[0]
    except NotFound:
        pass
    cards = find_cards(kb, query, game)
    if not cards or not query.strip():
        where_en, where_ko = (f" in {game}", f"{game}에 ") if game else ("", "")
        raise NotFound(f"no card with id or name {query!r}{where_en} (use a printed id like T08, game/id like "
                       f"tekhenu/T08, or a part of its name)",
                       f"{where_ko}번호나 이름이 {query!r}인 카드가 없습니다 (T08 같은 인쇄 번호, tekhenu/T08 같은 "
                       f"게임/번호, 또는 이름의 일부로 찾으세요)")
    if len(cards) > 1:
        ids = ", ".join(c.id for c in cards[:8]) + (", …" if len(cards) > 8 else "")
        raise UsageError(f"{query!r} names {len(cards)} cards: {ids}; give its game/id, or list them with "
                         f"/v1/cards?q=",
                         f"{query!r}에 맞는 카드가 {len(cards)}장입니다: {ids}. 게임/번호로 찾거나 /v1/cards?q=로 "
                         f"목록을 보세요")
    return cards[0]


def entry(kb, ref: str, game: str | None = None):
    """The rule or card `ref` names: a rule's or card's id, else one card by printed id or name (card)."""
    check_game(game)
    found = kb.entry(ref.strip())
    if isinstance(found, (Rule, Card)) and (game is None or found.game == game):
        return found
    try:
        return card(kb, ref, game)
    except NotFound:
        raise NotFound(f"no rule or card {ref!r}" + (f" in {game}" if game else "")
                       + " (a rule's id like tekhenu/maat/vp-loss-table, a card's like tekhenu/T08, a printed id, "
                         "or a part of a card's name)",
                       (f"{game}에 " if game else "") + f"{ref!r}에 해당하는 규칙이나 카드가 없습니다 "
                       "(tekhenu/maat/vp-loss-table 같은 규칙 번호, tekhenu/T08 같은 카드 번호, 인쇄 번호, 또는 카드 "
                       "이름의 일부로 찾으세요)") from None
