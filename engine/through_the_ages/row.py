"""The card row and the ages: refilling the row at the start of a turn, the end of an age when its last civil
card is laid out (obsolescence, the Full game's yellow tokens), and the last round of each mode."""
from __future__ import annotations

from . import conflict, pacts
from .cards import ADVANCED, AGES, FULL, SIMPLE, card, value

NEXT_AGE = {"A": "I", "I": "II", "II": "III", "III": "IV"}


def last_deck(mode: str) -> str:
    """The civil deck whose end ends the game: Age I (Simple), II (Advanced), III (Full)."""
    return {SIMPLE: "I", ADVANCED: "II", FULL: "III"}[mode]


def military_age(state: dict) -> str | None:
    """The military deck drawn from now: Age I from round 2 (through-the-ages/advanced/how-to-play/military-cards-from-round-2),
    then the current age's; none in Age IV (through-the-ages/full/game-end/age-iv/no-cards)."""
    age = state["age"]
    if age == "IV":
        return None
    return "I" if age == "A" else age


def refill(state: dict, remove: bool = True) -> list[dict]:
    """Remove the first cards by player count (the players still in, through-the-ages/full/resigning/card-row-removal),
    slide the rest left, fill the row from the current civil deck (through-the-ages/second-round/card-row/refill-overview);
    when a deck runs out its age ends and the next age's deck continues (through-the-ages/advanced/how-to-play/age-i-ends)."""
    players = state["players"] - len([c for c in state["civs"] if c["resigned"]])
    k = value("removal")[max(2, players)] if remove else 0
    row = state["row"]
    removed = [c for c in row[:k] if c]
    state["box"] += removed
    rest = [c for c in row[k:] if c]
    row[:] = rest + [None] * (len(row) - len(rest))
    events: list[dict] = []
    first_refill_of_round_two = state["round"] == 2 and state["current"] == state["start"] and state["age"] == "A"
    for i in range(len(rest), len(row)):
        if first_refill_of_round_two and state["decks"].get("A"):
            row[i] = state["decks"]["A"].pop(0)
            continue
        if first_refill_of_round_two and state["decks"].get("A") == []:
            events += _finish_age_a(state)
            first_refill_of_round_two = False
        age = _deck_age(state)
        if age is None:
            break
        row[i] = state["decks"][age].pop(0)
        if not state["decks"][age]:
            events += deck_ran_out(state, age)
    if first_refill_of_round_two:
        events += _finish_age_a(state)
    return [{"event": "refill", "removed": removed, "row": list(row)}] + events


def _deck_age(state: dict) -> str | None:
    """The civil deck cards come from: the current age's, or the next one with cards left, up to the last."""
    start = max(AGES.index(state["age"]) if state["age"] in AGES else len(AGES), 1)
    last = AGES.index(last_deck(state["mode"]))
    for age in AGES[start:last + 1]:
        if state["decks"].get(age):
            return age
    return None


def _finish_age_a(state: dict) -> list[dict]:
    """After the start player's refill in round 2 the remaining Age A cards leave the game
    (through-the-ages/second-round/card-row/round-two-ages)."""
    state["box"] += state["decks"].get("A", [])
    state["decks"]["A"] = []
    state["age"] = "I"
    return []


def deck_ran_out(state: dict, age: str) -> list[dict]:
    """The last card of an age's civil deck is laid out: in the Simple game the last round begins
    (through-the-ages/simple-game-end/last-round); otherwise the age ends (obsolescence,
    through-the-ages/end-of-age/what-is-discarded), and the last deck's end starts the last round(s)."""
    if state["mode"] == SIMPLE:
        state["last_round"] = True
        return []
    new_age = NEXT_AGE[age]
    state["age"] = new_age
    events = end_age(state, new_age)
    if age == last_deck(state["mode"]):
        if state["mode"] == FULL:
            # the round continues, then one more round; if it ended as the start player began, that round
            # is the last (through-the-ages/full/game-end/last-round/when)
            state["final_round"] = state["round"] + (0 if state["current"] == state["start"] else 1)
        else:
            value("decisions.advanced_game_end")    # the round is finished (through-the-ages/game-end/end-of-age-ii)
            state["last_round"] = True
    return events


def end_age(state: dict, new_age: str) -> list[dict]:
    """Every civilisation discards what is two ages old, pacts included (through-the-ages/end-of-age/what-is-discarded);
    the Full game also removes 2 yellow tokens (through-the-ages/full/end-of-age/yellow-tokens). Military cards
    two ages old go to the box."""
    events = []
    for seat, civ in enumerate(state["civs"]):
        if civ["resigned"]:
            continue
        ended = conflict.end_of_age(civ, new_age, state["mode"] == FULL)
        state["box"] += ended["military_discarded"]
        events.append({"seat": seat, **ended})
    old = [p for p in state["pacts"] if card(p["card"])["level"] <= conflict.LEVEL_OF_AGE[new_age] - 2]
    if old:
        state["box"] += pacts.remove(state, old)
    return events
