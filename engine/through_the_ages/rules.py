"""The game's flow in every mode: setup, turns (refill, the Simple game's events, the Advanced/Full games' war
settlement, political action and discard), the action phase, production and maintenance with military card
draws at each turn's end, the ages, the last round and the final scoring.

A state's `phase` says what the current player decides (politics | discard | actions); `pending` a decision
another move opened (an auction, a defence, a pact answer, a war), which comes first. `legal_actions` lists the
moves the rules allow now; `apply` returns a new state and the move's events, refusing a forbidden move with
IllegalAction naming the rule.
"""
from __future__ import annotations

from ..errors import IllegalAction
from . import civil, events, pacts, politics, row
from . import economy as eco
from .cards import ADVANCED, FULL, SIMPLE, card, deck, military_deck, simple_events, value
from .state import clone, new_civ, shuffled

MODES = (SIMPLE, ADVANCED, FULL)


def new_game(players: int, seed: int, mode: str = SIMPLE, resign: bool = False) -> dict:
    """A game set up as the rulebook's setup for the mode (through-the-ages/setup/simple-game-cards/unused-decks,
    through-the-ages/advanced/setup/decks-used, through-the-ages/full/setup/all-cards-age-a-row)."""
    if not 2 <= players <= 4:
        raise ValueError(f"Through the Ages is played by 2 to 4 players, not {players}")
    if mode not in MODES:
        raise IllegalAction("through-the-ages/about-this-rulebook/three-ways-to-play/overview", f"unknown mode {mode!r}",
                            f"알 수 없는 게임 방식 {mode!r}")
    state = {"game": "through-the-ages", "mode": mode, "players": players, "seed": seed, "rng": seed & (2**62 - 1),
             "round": 1, "current": 0, "start": 0, "age": "A", "last_round": False, "final_round": None, "over": False,
             "row": [], "decks": {}, "events": [], "past_events": [], "box": [],
             "civs": [new_civ() for _ in range(players)], "winner": None, "cards_in_game": [],
             "phase": "actions", "pending": None, "politics_done": False,
             "mil_decks": {}, "mil_discards": {}, "current_events": [], "future_events": [], "scoring_events": [],
             "wars": [], "pacts": [], "resign_allowed": bool(resign) and mode == FULL}
    if mode == SIMPLE:
        for civ in state["civs"]:
            civ["simple"] = True
    age_a = shuffled(state, deck("A", players))
    slots = value("card_row")["slots"]
    state["row"] = age_a[:slots]
    state["decks"] = {"A": age_a[slots:]}
    for age in {SIMPLE: ("I",), ADVANCED: ("I", "II"), FULL: ("I", "II", "III")}[mode]:
        state["decks"][age] = shuffled(state, deck(age, players))
    in_game = set(age_a) | {c for a in state["decks"].values() for c in a}
    if mode == SIMPLE:
        state["events"] = shuffled(state, simple_events())
        in_game |= set(state["events"])
    else:
        # players + 2 Age A military cards as current events (through-the-ages/advanced/setup/current-events)
        age_a_military = shuffled(state, military_deck("A", players, mode))
        state["current_events"] = age_a_military[:players + 2]
        state["box"] += age_a_military[players + 2:]
        for age in ("I", "II") + (("III",) if mode == FULL else ()):
            state["mil_decks"][age] = shuffled(state, military_deck(age, players, mode))
            state["mil_discards"][age] = []
        if mode == ADVANCED:
            # 4 Age III events give bonus points at the end (through-the-ages/advanced/setup/age-iii-events)
            impacts = shuffled(state, [c for c in military_deck("III", players, mode) if card(c)["type"] == "event"])
            state["scoring_events"] = impacts[:4]
        in_game |= set(state["current_events"]) | {c for d in state["mil_decks"].values() for c in d} | set(state["scoring_events"])
    state["cards_in_game"] = sorted(in_game)
    return state


# ------------------------------------------------------------------------------------------------ phases
def phase(state: dict) -> str:
    """What is decided now: game_over, a pending decision's kind, or the current player's phase."""
    if state["over"]:
        return "game_over"
    if state["pending"]:
        return state["pending"]["kind"]
    return state["phase"]


def deciding_seat(state: dict) -> int | None:
    if state["over"]:
        return None
    return politics.pending_seat(state) if state["pending"] else state["current"]


def candidates(state: dict) -> list[dict]:
    """Every move worth checking now (legal_actions keeps those the rules allow)."""
    if state["over"]:
        return []
    if state["pending"]:
        return politics.pending_candidates(state)
    if state["phase"] == "politics":
        return politics.political_candidates(state)
    if state["phase"] == "discard":
        return [{"kind": "discard_military", "card": c} for c in dict.fromkeys(state["civs"][state["current"]]["military_hand"])]
    return civil.candidates(state) + [{"kind": "end_turn"}]


def legal_actions(state: dict) -> list[dict]:
    legal = []
    for action in candidates(state):
        try:
            check(state, action)
        except IllegalAction:
            continue
        legal.append(action)
    return legal


POLITICAL = {"pass_politics", "prepare_event", "aggression", "offer_pact", "cancel_pact", "declare_war",
             "colonize_from_hand", "resign"}


def check(state: dict, action: dict) -> None:
    """Raise IllegalAction if the rules forbid the action now."""
    if state["over"]:
        raise IllegalAction("through-the-ages/simple-game-end/final-scoring-time", "the game is over", "게임이 끝났습니다")
    kind = action.get("kind")
    if state["pending"]:
        politics.check_pending(state, action)
        return
    if state["phase"] == "politics":
        if kind not in POLITICAL:
            raise IllegalAction("through-the-ages/advanced/political-action/once-per-turn",
                                "first take the political action (or pass it)", "먼저 정치 행동을 하거나 넘겨야 합니다")
        politics.check_political(state, action)
        return
    if state["phase"] == "discard":
        civ = state["civs"][state["current"]]
        if kind != "discard_military" or action.get("card") not in civ["military_hand"]:
            raise IllegalAction("through-the-ages/advanced/military-cards/discarding/excess-cards",
                                "discard the military cards beyond your military actions first",
                                "군사 행동 수를 넘는 군사 카드를 먼저 버려야 합니다")
        return
    if kind in POLITICAL:
        raise IllegalAction("through-the-ages/advanced/political-action/once-per-turn",
                            "one political action per turn, before the civil and military actions",
                            "정치 행동은 턴마다 한 번, 시민·군사 행동 전에만 할 수 있습니다")
    if kind == "end_turn":
        return
    civil.check(state, action)


def apply(state: dict, action: dict) -> tuple[dict, list[dict]]:
    check(state, action)
    state = clone(state)
    if state["pending"]:
        out = politics.perform_pending(state, action)
        if not state["pending"] and not state["over"]:
            out += _after_pending(state)
        return state, out
    if state["phase"] == "politics":
        out = politics.perform_political(state, action)
        if not state["pending"] and not state["over"]:
            out += _after_politics(state)
        return state, out
    if state["phase"] == "discard":
        civ = state["civs"][state["current"]]
        civ["military_hand"].remove(action["card"])
        events.discard_military(state, [action["card"]])
        if not politics.must_discard(state, state["current"]):
            state["phase"] = "actions"
        return state, [{"event": "discard_military", "seat": state["current"], "cards": [action["card"]]}]
    if action["kind"] == "end_turn":
        return state, [{"event": "action", "seat": state["current"], "kind": "end_turn"}] + _end_turn(state)
    out = civil.perform(state, action)
    for e in out:
        if e.get("event") == "discard_military":
            events.discard_military(state, e["cards"])
    return state, out


def _after_pending(state: dict) -> list[dict]:
    if state["phase"] == "war":
        return _enter_politics(state)
    if state["phase"] == "politics":
        return _after_politics(state)
    return []


def _after_politics(state: dict) -> list[dict]:
    """After the political action: discard the excess military cards (through-the-ages/advanced/military-cards/discarding/when)."""
    state["phase"] = "discard" if politics.must_discard(state, state["current"]) else "actions"
    return []


def _enter_politics(state: dict) -> list[dict]:
    civ = state["civs"][state["current"]]
    state["politics_done"] = False
    if civ["skip_politics"]:
        civ["skip_politics"] = False       # International Agreement: this political action is missed
        return _after_politics(state)
    state["phase"] = "politics"
    options = [a for a in politics.political_candidates(state) if a["kind"] != "pass_politics"]
    for action in options:
        try:
            politics.check_political(state, action)
            return []
        except IllegalAction:
            continue
    return _after_politics(state)           # nothing but passing: no decision to ask for


# --------------------------------------------------------------------------------------- turns and rounds
def _next_seat(state: dict) -> tuple[int, bool]:
    """The next player still in, and whether the round wraps (the start player's turn comes again)."""
    n = state["players"]
    seat = state["current"]
    wrapped = False
    for _ in range(n):
        seat = (seat + 1) % n
        if seat == state["start"]:
            wrapped = True
        if not state["civs"][seat]["resigned"]:
            return seat, wrapped
    return state["current"], True


def _end_turn(state: dict) -> list[dict]:
    """Production and maintenance, then military cards for unused military actions, at most 3, none after an
    uprising (through-the-ages/advanced/military-cards/drawing/draw, through-the-ages/advanced/mechanics/uprising/rule)."""
    seat = state["current"]
    civ = state["civs"][seat]
    out = [{"event": "production", "seat": seat}] + production(state, seat)
    steps = out[1:]
    if state["mode"] != SIMPLE and state["round"] > 1 and not any(s["event"] == "uprising" for s in steps):
        unused = max(0, eco.military_actions(civ) - civ["military_used"])
        out += events.draw_military(state, seat, min(value("military_draw_max"), unused))
    civ.update(civil_used=0, military_used=0, civil_taken=0, revolution=False, extra_military=0,
               military_resources=0, fresh=[], ocean_used=False, skip_discard=False)
    civ.pop("trade_route_used", None)
    nxt, wrapped = _next_seat(state)
    if wrapped and _game_ends(state):
        return out + _final_scoring(state)
    state["current"] = nxt
    if wrapped:
        state["round"] += 1
    return out + _start_turn(state)


def production(state: dict, seat: int) -> list[dict]:
    """A civilisation's production and maintenance, with what its pacts add (decisions.pact_production)."""
    bonus = pacts.production(state, seat) if state["pacts"] else None
    return [{**step, "seat": seat} for step in eco.produce_and_maintain(state["civs"][seat], state["mode"], bonus)]


def _game_ends(state: dict) -> bool:
    """The round that ends the game is over: the last round of the Simple and Advanced games
    (through-the-ages/simple-game-end/final-scoring-time), the Full game's final round in Age IV
    (through-the-ages/full/game-end/last-round/when)."""
    if state["mode"] == FULL:
        return bool(state["final_round"]) and state["round"] >= state["final_round"]
    return state["last_round"]


def _start_turn(state: dict) -> list[dict]:
    """Refill the card row (through-the-ages/second-round/card-row/refill-overview); the Simple game's event at
    the start player's turn from round 3 (assumed: one per round); in the Advanced and Full games a war the
    player declared is settled, then comes the political action."""
    out = []
    seat = state["current"]
    civ = state["civs"][seat]
    if state["round"] >= 2:
        out += row.refill(state)
    if state["mode"] == SIMPLE:
        if state["round"] >= 3 and seat == state["start"] and state["events"]:
            out += events.resolve(state, state["events"].pop(0), seat)
        state["phase"] = "actions"
        return out
    if civ["civil_penalty"]:
        civ["civil_used"] = min(civil.civil_total(state, seat), civ["civil_penalty"])   # Rebellion
        civ["civil_penalty"] = 0
    civ["military_resources"] = eco.leader(civ).get("turn_military_resources", 0)
    if state["round"] < 2:
        state["phase"] = "actions"
        return out
    war = politics.start_war_resolution(state, seat)
    if state["pending"]:
        state["phase"] = "war"
        return out + war
    return out + war + _enter_politics(state)


def apply_event(state: dict, cid: str) -> list[dict]:
    """A current event, for every civilisation (the scenarios' step; through-the-ages/later-rounds/events/reveal)."""
    return events.resolve(state, cid, state["current"])


def _final_scoring(state: dict) -> list[dict]:
    """The end: the Simple game's bonus points (through-the-ages/simple-game-end/bonus-points); the Advanced
    game's 4 Age III events (through-the-ages/advanced/how-to-play/final-scoring); in the Full game every Age
    III event left in the current and future events (through-the-ages/full/game-end/age-iii-events/reveal-and-score).
    The most culture wins (through-the-ages/game-end/winner); a tie has no single winner (decisions.final_tie)."""
    out = []
    if state["mode"] == SIMPLE:
        for seat, civ in enumerate(state["civs"]):
            bonus = eco.simple_bonus(civ)
            civ["culture"] += bonus["total"]
            out.append({"event": "bonus", "seat": seat, **bonus})
    else:
        scoring = state["scoring_events"] if state["mode"] == ADVANCED else \
            [c for c in [*state["current_events"], *state["future_events"]] if card(c)["age"] == "III" and card(c).get("impact")]
        for cid in scoring:
            out += events.score_impact(state, cid)
    seats = events.active_seats(state)
    best = max(state["civs"][s]["culture"] for s in seats)
    leaders = [s for s in seats if state["civs"][s]["culture"] == best]
    state["winner"] = leaders[0] if len(leaders) == 1 else None
    if len(leaders) > 1:
        value("decisions.final_tie")
    state["over"] = True
    out.append({"event": "game_over", "winner": state["winner"]})
    return out
