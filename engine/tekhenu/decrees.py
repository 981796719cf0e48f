"""Decree cards D01-D24 at the end of the game.

Decrees are gained at setup (keep 1 of 2: tekhenu/setup/decrees), from the Card Market with Thoth
(market.py) and from Pillar tiles P13/P14 (pillars.py). After the second Scoring "a player can score up to
3 Decrees total, but no more than one Decree per type, indicated by a printed symbol"
(tekhenu/scoring/after-scoring/decrees): each player, in turn order, chooses them (ScoreDecrees) in phase
"decrees"; then the Turn Order bonus and the winner (scoring.final_scoring). D23's action comes "before final
Scoring": its holders act (or decline) in phase "final_action" before the second Scoring. The flow
(rules.py) moves between these phases; this module sets each one up and scores.

The symbols are lost from the text, so they are assumed (data/decrees.yaml, noted in state.assumed_used),
as are the ▲ spaces of D04/D05 and the few orderings the cards leave open.
"""
from __future__ import annotations

import math
from itertools import combinations

from ..errors import IllegalAction
from . import data_files, extra, solo, temple
from .actions import ChooseCardOption, ExtraPerform, ScoreDecrees
from .board import RESOURCES

PHASES = ("final_action", "decrees")
RULE = "tekhenu/scoring/after-scoring/decrees"
_DATA = data_files.load("decrees.yaml")
SCORING: dict[str, dict] = _DATA["scoring"]
SYMBOL: dict[str, str] = _DATA["symbols"]["value"]
MARKS: list[int] = _DATA["marks"]["value"]
ORDER: list[str] = _DATA["order"]["value"]
PAYMENT: list[str] = _DATA["d04_payment"]["value"]
MAX_SCORED = 3
ASSUMED = ("symbols", "marks", "order", "d04_payment", "d03_again", "d23_counts", "d23_produce")


def fact(name: str) -> dict:
    return _DATA[name]


def _decree_players(state) -> list[int]:
    """Players who use their Decrees, in Turn Order. Botankhamun never does: it scores 4 VP per Decree
    instead (tekhenu/solo/scoring/final-special, solo.py)."""
    return [seat for seat in state.turn_order if not solo.is_botankhamun(state, seat)]


# -- D23: an action before the final Scoring --------------------------------------------------------
def before_final_scoring(state, events: list) -> bool:
    """Start the D23 actions (turn order). True when the game now waits for them."""
    queue = [seat for seat in _decree_players(state) if "D23" in state.player[seat].decrees]
    if not queue:
        return False
    state.pending = {"stage": "d23", "queue": queue, "used": [], "card": "D23", "rule": "tekhenu/D23",
                     "god": None, "values": [1, 2, 3, 4, 5, 6], "free": True, "refresh": False}
    state.phase = "final_action"
    seat_to_act(state)
    return True


def seat_to_act(state) -> None:
    """The God Action code acts for state.current: point the turn at the D23 holder."""
    state.turn_index = state.turn_order.index(state.pending["queue"][0])


def d23_done(state, events: list) -> None:
    """A D23 action is complete (directly, or after the Pillar ability it triggered)."""
    context = state.pending
    seat = context["queue"].pop(0)
    context["used"].append(seat)
    context.pop("refreshed", None)
    events.append({"event": "decree_action", "seat": seat, "card": "D23", "rule": "tekhenu/D23"})


def d23_declined(state, events: list) -> None:
    seat = state.pending["queue"].pop(0)
    events.append({"event": "decree_action_declined", "seat": seat, "card": "D23", "rule": "tekhenu/D23"})


def d23_refusal(action) -> IllegalAction | None:
    if not isinstance(action, ExtraPerform):
        return IllegalAction("tekhenu/D23", "perform D23's action (an ExtraPerform) or decline it",
                             "D23의 행동(ExtraPerform)을 수행하거나 거절하세요")
    return None


def is_decline(action) -> bool:
    return isinstance(action, ChooseCardOption) and action.card == "D23" and action.option == "decline"


def note_d23_action(state, action) -> None:
    state.note_assumed("decrees.d23_counts")
    if action.action == "produce":
        state.note_assumed("decrees.d23_produce")


# -- choosing and scoring Decrees -------------------------------------------------------------------
def begin_selection(state, events: list, d23_used=()) -> None:
    state.phase = "decrees"
    state.pending = {"stage": "decrees", "queue": _decree_players(state), "d23_used": list(d23_used)}
    state.note_assumed("decrees.symbols")


def legal_actions(state) -> list:
    pending = state.pending
    if pending["stage"] == "d23":
        return extra.candidates(state, pending) + [ChooseCardOption("D23", "decline")]
    return selection_options(state, pending["queue"][0])


def selection_options(state, seat: int) -> list[ScoreDecrees]:
    """Every choice the rule allows that the player can pay for."""
    out = []
    for cards in _card_sets(state, seat):
        agains = [None] + ([c for c in cards if c not in ("D03", "D23")] if "D03" in cards else [])
        pays = range(_marks(state.player[seat].population) + 1) if "D04" in cards else (0,)
        for again in agains:
            for paid in pays:
                choice = ScoreDecrees(cards, again, paid)
                if _refusal(state, seat, choice) is None:
                    out.append(choice)
    return out


def _card_sets(state, seat: int) -> list[tuple]:
    p = state.player[seat]
    required = ("D23",) if seat in state.pending.get("d23_used", []) else ()
    held = sorted(set(p.decrees) - {"D23"})
    sets = []
    for size in range(MAX_SCORED - len(required) + 1):
        for combo in combinations(held, size):
            cards = tuple(sorted(combo + required))
            if len({SYMBOL[c] for c in cards}) == len(cards):
                sets.append(cards)
    return sets


def _refusal(state, seat: int, choice: ScoreDecrees) -> IllegalAction | None:
    p = state.player[seat]
    cards = tuple(choice.cards)
    if any(c not in p.decrees for c in cards) or len(set(cards)) != len(cards):
        return IllegalAction(RULE, "score only Decrees you have, each once", "가진 법령만, 각각 한 번씩 점수로 받습니다")
    if len(cards) > MAX_SCORED:
        return IllegalAction(RULE, "a player can score up to 3 Decrees", "법령은 최대 3장까지 점수로 받습니다")
    if len({SYMBOL[c] for c in cards}) != len(cards):
        return IllegalAction(RULE, "no more than one Decree per type (symbol)", "같은 표식의 법령은 한 장만 점수로 받습니다")
    used_d23 = seat in state.pending.get("d23_used", [])
    if used_d23 != ("D23" in cards):
        return IllegalAction("tekhenu/D23", "a D23 used before the final Scoring is one of your scored Decrees"
                             if used_d23 else "D23 scores only by its action before the final Scoring",
                             "최종 점수 계산 전에 쓴 D23은 점수로 받는 법령 중 하나입니다"
                             if used_d23 else "D23은 최종 점수 계산 전의 행동으로만 효과를 냅니다")
    if choice.again is not None and ("D03" not in cards or choice.again not in cards
                                     or choice.again in ("D03", "D23")):
        return IllegalAction("tekhenu/D03", "D03 scores one of your other scored Decrees a second time",
                             "D03은 점수로 받는 다른 법령 하나를 한 번 더 점수로 받습니다")
    if choice.paid and "D04" not in cards or not 0 <= choice.paid <= _marks(p.population):
        return IllegalAction("tekhenu/D04", f"D04 pays for at most the {_marks(p.population)} ▲ reached",
                             f"D04는 도달한 ▲ {_marks(p.population)}개까지만 비용을 냅니다")
    try:
        score(state, seat, choice, probe=True)
    except IllegalAction as refusal:
        return refusal
    return None


def apply_selection(state, action, events: list) -> None:
    """One player's Decrees scored (the flow ends the game after the last player)."""
    pending = state.pending
    if not isinstance(action, ScoreDecrees):
        raise IllegalAction(RULE, "each player now chooses the Decrees to score", "각 플레이어가 점수를 받을 법령을 고릅니다")
    seat = pending["queue"][0]
    refusal = _refusal(state, seat, action)
    if refusal is not None:
        raise refusal
    gained = score(state, seat, action)
    events.append({"event": "decrees_scored", "seat": seat, "cards": list(action.cards), "again": action.again,
                   "paid": action.paid, "vp": gained, "rule": RULE})
    pending["queue"].pop(0)


# -- scoring ----------------------------------------------------------------------------------------
def score(state, seat: int, choice: ScoreDecrees, probe: bool = False) -> dict[str, int]:
    """VP per scored Decree (applied to the player unless probing on a copy). D04 first, then by number."""
    p = state.player[seat].copy() if probe else state.player[seat]
    cards = sorted(choice.cards, key=ORDER.index)
    if len(cards) > 1:
        state.note_assumed("decrees.order") if not probe else None
    gained: dict[str, int] = {}
    for card in cards:
        if card == "D23":
            continue
        if card == "D03":
            if choice.again is None:
                gained[card] = 0
                continue
            if p.resources["gold"] < SCORING["D03"]["gold"]:
                raise IllegalAction("tekhenu/D03", "D03 costs 2 Gold", "D03에는 금 2개가 듭니다")
            p.resources["gold"] -= SCORING["D03"]["gold"]
            state.note_assumed("decrees.d03_again") if not probe else None
            gained[card] = _score_one(state, p, choice.again, choice.paid, probe)
        else:
            gained[card] = _score_one(state, p, card, choice.paid, probe)
        p.vp += gained[card]
    return gained


def _marks(position: int) -> int:
    """▲ reached on the Populace track: only the highest counts ("not cumulative")."""
    return sum(1 for mark in MARKS if position >= mark)


def _score_one(state, p, card: str, paid: int, probe: bool) -> int:
    spec = SCORING[card]
    effect = spec["effect"]
    if effect in ("per_population_mark_paid", "per_happiness_mark") and not probe:
        state.note_assumed("decrees.marks")
    if effect == "per_technology":
        return spec["vp"] * len(p.technologies)
    if effect == "per_unique_symbol":
        return spec["vp"] * len({SYMBOL[c] for c in p.decrees})
    if effect == "per_population_mark_paid":
        _pay_resources(state, p, paid, probe)
        return spec["vp"] * paid
    if effect == "per_happiness_mark":
        return spec["vp"] * _marks(p.happiness)
    if effect == "happiness_above_lowest":
        return p.happiness - min(q.happiness for q in state.player)
    if effect == "per_scribe":
        return spec["vp"] * p.scribes
    if effect == "leftover_resources":
        value = spec["gold_vp"] * p.resources["gold"] + spec["other_vp"] * sum(p.resources[r] for r in RESOURCES)
        return min(spec["max"], value)
    if effect == "per_osiris_building":
        return spec["vp"] * sum(1 for key, seat in state.osiris.items()
                                if seat == p.seat and key.split(",")[1] in spec["districts"])
    if effect == "pieces":
        counts = pieces(state, p)
        return sum(vp * counts[kind] for kind, vp in spec.items() if kind in counts)
    if effect == "turn_order":
        place = state.turn_order.index(p.seat)
        return spec["vp"][place] if place < len(spec["vp"]) else 0
    if effect == "half_pure_dice":
        return math.ceil(sum(d.value for d in p.pure) / 2)
    if effect == "temple_again":
        return temple_again(state, p)
    raise ValueError(f"{card}: no scoring for effect {effect!r}")


def pieces(state, p) -> dict[str, int]:
    """The player's pieces the Decrees count."""
    god_statues = sum(seats.count(p.seat) for seats in state.god_statues.values())
    people_statues = state.osiris_statues.count(p.seat) + state.temple_statues.count(p.seat)
    return {"temple_buildings": sum(1 for seat in state.temple_buildings.values() if seat == p.seat),
            "pillars": sum(1 for tile in state.temple.values() if tile["owner"] == p.seat),
            "statues": 6 - p.statues_left, "god_statues": god_statues, "people_statues": people_statues,
            "buildings": 10 - p.buildings_left}


def temple_again(state, p) -> int:
    """D24: the Temple Complex scored once more. KO: the normal Scoring step 2 (Statues too); EN: "your own
    Buildings and Pillars only" — no Statues, neither around the Temple nor in the Pillars' lines."""
    if state.edition == "ko":
        return temple.score_temple(state, p)
    vp = sum(1 for seat in state.temple_buildings.values() if seat == p.seat)
    for key, tile in state.temple.items():
        if tile["owner"] == p.seat:
            vp += temple.pieces_in_line_of(state, tuple(map(int, key.split(","))), owner=p.seat, statues=False)
    return vp


def _pay_resources(state, p, count: int, probe: bool) -> None:
    """D04: 1 Resource per ▲ scored, from the largest non-Gold pile first, Gold last (assumed order)."""
    if count and not probe:
        state.note_assumed("decrees.d04_payment")
    for _ in range(count):
        piles = [r for r in PAYMENT if p.resources[r] > 0]
        if not piles:
            raise IllegalAction("tekhenu/D04", "D04: you cannot pay 1 Resource for each ▲ you score",
                                "D04: 점수로 받는 ▲마다 자원 1개를 낼 수 없습니다")
        non_gold = [r for r in piles if r != "gold"]
        resource = max(non_gold, key=lambda r: p.resources[r]) if non_gold else "gold"
        p.resources[resource] -= 1
