"""The Card Market and the Thoth God Action (cards are collected; their effects are the card modules')."""
from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..errors import IllegalAction
from . import editions
from .board import FACTS

DECKS = ("blessing", "technology", "decree")
_CARDS_BY_DIE = FACTS("market.cards_by_die")
PREFIX = {"blessing": "B", "technology": "T", "decree": "D"}


def new_decks(players: int, rng, extra: dict | None = None) -> dict[str, list[str]]:
    """The shuffled decks; `extra`: a variant's cards shuffled in ({"blessing": ["BX01", ...], ...})."""
    decks = {}
    for kind in DECKS:
        cards = [f"{PREFIX[kind]}{i:02d}" for i in range(1, 25)]
        if players <= 2:   # "In a solo or 2-player game, leave Technology T16 and Decree D20 in the box"
            cards = [c for c in cards if c not in ("T16", "D20")]
        if extra:
            cards += list(extra.get(kind, ()))
        rng.shuffle(cards)
        decks[kind] = cards
    return decks


def draw(state, kind: str, rng) -> str | None:
    deck = state.decks[kind]
    if not deck and state.discards[kind]:
        deck.extend(state.discards[kind])
        state.discards[kind] = []
        rng.shuffle(deck)
    return deck.pop() if deck else None


def fill_section(state, index: int, layout: dict, rng) -> None:
    section = []
    for kind in DECKS:
        for _ in range(layout.get(kind, 0)):
            card = draw(state, kind, rng)
            if card:
                section.append({"kind": kind, "card": card})
    state.market[index] = section


def open_sections_for_population(state, population: int, rng, events: list) -> None:
    for index, fact in ((2, "market.third_section"), (3, "market.fourth_section")):
        rule = FACTS(fact)
        if population >= rule["at_population"] and state.market[index] is None:
            fill_section(state, index, rule["cards"], rng)
            events.append({"event": "market_section_opened", "section": index + 1, "at_population": rule["at_population"],
                           "rule": FACTS.fact(fact).rule})


def cards_at(section: list) -> list[int]:
    """Slots of a section holding a card (a slot emptied this turn waits for the end of the turn)."""
    return [i for i, item in enumerate(section) if item["card"] is not None]


def refill_empty_spaces(state, rng) -> None:
    """tekhenu/actions/thoth/refill-market: "At the end of your turn, refill any empty spaces in the Card
    Market with the same types of cards as those taken" (a space whose deck and discards are both out of
    cards is removed: an assumed reading, market.exhausted_space)."""
    for section in state.market:
        if section is None:
            continue
        for s in reversed(range(len(section))):
            if section[s]["card"] is None:
                card = draw(state, section[s]["kind"], rng)
                if card:
                    section[s] = {"kind": section[s]["kind"], "card": card}
                else:
                    section.pop(s)
                    state.note_assumed("market.exhausted_space")


def has_empty_spaces(state) -> bool:
    return any(item["card"] is None for section in state.market if section for item in section)


def highest_section(happiness: int) -> int:
    """1-based highest section a Happiness position allows (0 = none); 13+ may use any section."""
    best = 0
    for threshold, section in FACTS("market.sections_by_happiness"):
        if happiness >= threshold:
            best = section
    return best


def card_counts(state, value: int) -> list[int]:
    """How many cards a die value may take: EN exactly the table's number ("take all required cards");
    KO up to it (its note lacks that obligation; data/editions.yaml thoth.*)."""
    count = _CARDS_BY_DIE[value][0]
    return [count] if editions.takes_all_cards(state) else list(range(1, count + 1))


def papyrus_for(state, value: int, cards: int) -> int:
    """Papyrus for taking `cards` cards with this die value (fewer than the die allows: KO only, at the
    table's price for that many cards — an assumed reading)."""
    count, papyrus = FACTS("market.cards_by_die")[value]
    if cards >= count:
        return papyrus
    return min(cost for n, cost in FACTS("market.cards_by_die").values() if n == cards)


def min_papyrus(state, value: int) -> int:
    if editions.takes_all_cards(state):
        return _CARDS_BY_DIE[value][1]
    return papyrus_for(state, value, 1)


def choices(state, p, value: int) -> Iterator[tuple[int, tuple[int, ...]]]:
    """(section index, card slots) pairs this die value and Happiness allow, before costs, one at a time
    (a yes/no question about the Thoth action stops at the first that can be paid)."""
    limit = highest_section(p.happiness)
    for count in card_counts(state, value):
        for index, section in enumerate(state.market):
            if section is None or index + 1 > limit:
                continue
            held = cards_at(section)
            if len(held) < count:
                continue
            for slots in combinations(held, count):
                yield index, slots


def refusal(state, p, value: int, section: int | None, slots: tuple[int, ...] | None,
            afford=None) -> IllegalAction | None:
    """Why these cards cannot be taken; `afford(n)` says whether n Papyrus can be paid (card effects)."""
    count, papyrus = FACTS("market.cards_by_die")[value]
    if highest_section(p.happiness) == 0:
        return IllegalAction("tekhenu/actions/thoth/market-sections-by-happiness",
                             "with Happiness 0 you cannot take any cards", "행복지수 0으로는 카드를 가져올 수 없습니다")
    if section is None or not 0 <= section < 4 or state.market[section] is None:
        return IllegalAction("tekhenu/actions/thoth/card-count", "choose an open section of the Card Market",
                             "카드 시장의 열린 구역을 고르세요")
    if section + 1 > highest_section(p.happiness):
        return IllegalAction("tekhenu/actions/thoth/market-sections-by-happiness",
                             f"Happiness {p.happiness} allows sections up to {highest_section(p.happiness)}",
                             f"행복지수 {p.happiness}로는 {highest_section(p.happiness)}구역까지 쓸 수 있습니다")
    if slots is None or len(set(slots)) != len(slots) or len(slots) not in card_counts(state, value) \
            or any(s not in cards_at(state.market[section]) for s in slots):
        return IllegalAction("tekhenu/actions/thoth/same-section",
                             f"a die of {value} takes exactly {count} card(s), all from one section"
                             if editions.takes_all_cards(state) else
                             f"a die of {value} takes up to {count} card(s), all from one section",
                             f"주사위 눈 {value}(으)로는 한 구역에서 카드를 정확히 {count}장 가져옵니다"
                             if editions.takes_all_cards(state) else
                             f"주사위 눈 {value}(으)로는 한 구역에서 카드를 {count}장까지 가져옵니다")
    papyrus = papyrus_for(state, value, len(slots))
    can_pay = afford(papyrus) if afford else p.resources["papyrus"] + p.resources["gold"] >= papyrus
    if not can_pay:
        return IllegalAction("tekhenu/actions/thoth/card-count", f"taking {count} cards costs {papyrus} Papyrus",
                             f"카드 {count}장을 가져오려면 파피루스 {papyrus}개가 듭니다")
    return None


TURN_PHASES = ("take_die", "act")


def _in_a_turn(state) -> bool:
    if state.phase in TURN_PHASES:
        return True
    resume = (state.pending or {}).get("resume") or {}      # a Pillar ability waiting inside a Ra action
    return state.phase == "ability" and resume.get("phase") in TURN_PHASES


def take_cards(state, p, value: int, section: int, slots: tuple[int, ...], rng, events: list, pay=None) -> None:
    """`pay(n)` spends n Papyrus (card effects may change how); by default Papyrus, then Gold."""
    papyrus = papyrus_for(state, value, len(slots))
    if len(slots) < FACTS("market.cards_by_die")[value][0]:
        state.note_assumed("editions.thoth.fewer_cards_cost")
    if pay is not None:
        pay(papyrus)
    else:
        gold = max(0, papyrus - p.resources["papyrus"])
        p.resources["papyrus"] -= papyrus - gold
        p.resources["gold"] -= gold
    taken = [state.market[section][s] for s in sorted(slots)]
    for item in taken:
        {"blessing": p.blessings, "technology": p.technologies, "decree": p.decrees}[item["kind"]].append(item["card"])
    # the spaces stay empty until the end of the turn (refill_empty_spaces, from rules._end_turn); an action
    # outside a turn (D23's before the final Scoring, a Happiness-21 action reached by a Destiny card in
    # the Maat phase) has its spaces refilled at once
    for s in slots:
        state.market[section][s] = {"kind": state.market[section][s]["kind"], "card": None}
    if not _in_a_turn(state):
        refill_empty_spaces(state, rng)
    events.append({"event": "thoth", "seat": p.seat, "section": section + 1, "cards": [t["card"] for t in taken],
                   "papyrus": papyrus, "rule": "tekhenu/actions/thoth/card-count"})
