"""The flow of the game: `new_game`, `legal_actions`, `apply`. Every refusal names the rule that forbids it.

This module is the state machine on top of the rule modules. `apply` hands a move to the module whose
rules it is (a phase is one pending decision: setup_choices, turn, play_cards, pillars, maat, scoring,
decrees), then carries out what the move leaves to the flow — the boardgame.io idea of events after the
move: a turn whose die action and extra actions are all done ends (the market refills, the next player,
a Rotation after every second round, a Maat phase after every second Rotation, a Scoring after every
second Maat phase, the final Scoring, Decrees, the winner), and Botankhamun plays its turns.

    round → take_die → act (→ ability) → end of turn → ... → Rotation → Maat (faith) → Scoring (upkeep)
          → Destiny (setup stage "destiny") → ... → D23 (final_action) → Scoring → decrees → game_over
"""
from __future__ import annotations

from ..errors import IllegalAction
from . import decisions, decrees, maat, market, pillars, play_cards, scoring, setup_choices, solo, turn, variants
from . import effects_cards as cards_fx
from .actions import (ACTION_TYPES, ChooseDecree, ChooseDestiny, ChooseReward, ChooseStarting, Perform, TakeDie,
                      UseBlessing)
from .god_actions import statue_bonuses
from .maat import FAITH
from .scoring import UPKEEP
from .setup import new_game
from .state import State
from .wheel import add_shaded_dice, continue_rotation

__all__ = ["FAITH", "UPKEEP", "after_destiny", "after_move", "apply", "end_turn", "final_scoring_steps",
           "legal_actions", "new_game", "next_d23", "play_botankhamun", "run_final", "run_final_scoring", "run_maat",
           "run_scoring"]


# -- legal actions ----------------------------------------------------------------------------------
def legal_actions(state: State) -> list:
    if state.phase == "game_over":
        return []
    if state.phase == FAITH:
        return maat.faith_options(state)
    if state.phase == UPKEEP:
        return scoring.bread_options(state)
    forced = play_cards.forced_actions(state)
    if forced is not None:
        return forced
    if state.phase == "setup":
        return setup_choices.legal_actions(state)
    if state.phase == "take_die":
        return turn.take_die_actions(state) + play_cards.blessing_actions(state)
    if state.phase == "act":
        normal = turn.normal_actions(state)
        return play_cards.act_actions(state, normal) if state.turn_effects or state.current.blessings \
            or state.current.technologies else (normal or [Perform("none")])
    if state.phase == pillars.PHASE:
        return pillars.legal_actions(state)
    if state.phase in decrees.PHASES:
        return decrees.legal_actions(state)
    return []


# -- apply ------------------------------------------------------------------------------------------
def apply(state: State, action) -> tuple[State, list[dict]]:
    """A new state and the events that happened; the given state is never modified."""
    if state.phase == "game_over":
        raise IllegalAction("tekhenu/scoring/after-scoring/winner", "the game is over", "게임이 끝났습니다")
    new = state.copy()
    events: list[dict] = []
    refusal = play_cards.immediate_refusal(new, action) if new.turn_effects else None
    if refusal is not None:
        raise refusal
    if new.phase == FAITH:
        _place_faith(new, action, events)
    elif new.phase == UPKEEP:
        _pay_bread(new, action, events)
    elif new.phase == pillars.PHASE:
        _ability_choice(new, action, events)
    elif new.phase == "final_action":
        _d23_choice(new, action, events)
    elif new.phase == "decrees":
        _decree_choice(new, action, events)
    elif isinstance(action, UseBlessing):
        play_cards.use_blessing(new, action, events)
    elif isinstance(action, Perform) and action.by is not None:
        play_cards.perform_extra(new, action, events)       # B17-B20, T19, Happiness 21
    elif isinstance(action, ChooseDecree):
        setup_choices.choose_decree(new, action, events)
    elif isinstance(action, ChooseStarting):
        setup_choices.choose_starting(new, action, events)
    elif isinstance(action, ChooseDestiny):
        after = (new.pending or {}).get("after")
        setup_choices.choose_destiny(new, action, events)
        after_destiny(new, after, events)
    elif isinstance(action, ChooseReward):
        setup_choices.choose_reward(new, action, events)
    elif isinstance(action, TakeDie):
        if new.phase != "take_die":
            raise IllegalAction("tekhenu/round/take-die", "a die was already taken this turn: perform its action",
                                "이번 차례에 이미 주사위를 가져왔습니다: 그 행동을 수행하세요")
        turn.take_die(new, action, events)
        new.phase = "act"
    elif isinstance(action, Perform):
        if new.phase != "act":
            raise IllegalAction("tekhenu/round/take-die", "take a die before performing an action",
                                "행동하기 전에 주사위를 가져오세요")
        turn.perform(new, action, events)
    elif type(action) in ACTION_TYPES.values():
        # a decision of the game that is not the one due now (a Decree scored in a turn, Faith placed
        # outside the Maat phase): refused with the rule of the decision that is due
        due = decisions.pending_decision(state)
        raise IllegalAction(due.rule or "tekhenu/round/take-die", f"not now: the decision due is to {due.en}",
                            f"지금은 할 수 없습니다: 지금 할 일은 {due.ko}")
    else:
        raise TypeError(f"not a Tekhenu action: {action!r}")
    after_move(new, events)
    return new, events


def after_move(state: State, events: list) -> None:
    """What the flow does after any move: end the turn once nothing is owed, play Botankhamun's turns,
    keep the move's events in the log (a variant's own moves end the same way)."""
    if _turn_done(state):
        end_turn(state, events)
    if state.solo is not None:
        play_botankhamun(state, events)        # Botankhamun's turns are automatic
    state.log.extend(events)


def _turn_done(state: State) -> bool:
    """The turn ends once the die's action and every owed extra action are done (a Pillar ability
    waiting for its choice keeps the game in phase "ability"; a variant may owe a decision too)."""
    te = state.turn_effects
    return state.phase == "act" and bool(te.get("normal_done")) and not te.get("extras") \
        and not variants.blocked(state)


def after_destiny(state: State, after: str | None, events: list) -> None:
    """The last Destiny card of a Maat phase is chosen: tekhenu/maat/step-9-continue-rotation."""
    if after == "maat" and state.pending is None:
        continue_rotation(state)                   # Rotation step 3: the new dice
        cards_fx.after_maat(state, events)         # T16: after each Maat phase


def _ability_choice(state: State, action, events: list) -> None:
    """A Pillar tile's ability waiting for its choice (Ra step 5), then step 6 and what Ra interrupted."""
    context = state.pending
    if context["choice"] == "resources":
        pillars.choose_resources(state, action, events)
    else:
        refused = pillars.action_refusal(state, action)
        if refused is not None:
            raise refused
        if not turn.perform_stand_in(state, action, events):
            return                               # a Thoth refresh: the ability's action goes on
        state.pending = context                  # the stand-in die is done with
        pillars.finish(state, events)
    if state.phase == "final_action":            # the Ra action was Decree D23's
        decrees.d23_done(state, events)
        next_d23(state, events)


# -- the end of a turn, Rotation, round -------------------------------------------------------------
def end_turn(state: State, events: list) -> None:
    if market.has_empty_spaces(state):      # "At the end of your turn, refill any empty spaces"
        rng = state.random()
        market.refill_empty_spaces(state, rng)
        state.store_random(rng)
    state.pending = None
    state.turn_effects = {}
    state.turns += 1
    state.turn_index += 1
    state.phase = "take_die"
    if state.turn_index < state.players:
        return
    state.turn_index = 0
    counts = {p.dice_on_board for p in state.player}
    if counts <= {2} or counts <= {4}:
        _rotation(state, events)
    if state.phase != FAITH:        # else the round ends once the Faith is placed (_place_faith)
        _next_round(state)


def _next_round(state: State) -> None:
    """A new round begins unless the game has reached its end (final Scoring, Decrees, game over)."""
    if state.phase != "game_over" and state.phase not in decrees.PHASES and \
            not (state.phase == UPKEEP and state.pending.get("final")):
        state.round += 1


def _rotation(state: State, events: list) -> None:
    rng = state.random()
    state.wheel_turn += 1
    state.rotations += 1
    events.append({"event": "rotation", "number": state.rotations, "rule": "tekhenu/rotation/step-1-rotate-wheel"})
    if all(p.dice_on_board == 4 for p in state.player):
        _maat(state, events, rng, choose_faith=True)
        state.store_random(rng)
        # Maat step 8 (Destiny cards in the new turn order) comes before step 9, "Continue with Step 3 of
        # the current Rotation process": the new dice are drawn once the Destiny choices are made
        # (after_destiny).
        return
    add_shaded_dice(state, rng)
    state.store_random(rng)


# -- Maat phase and Scoring -------------------------------------------------------------------------
def _maat(state: State, events: list, rng, choose_faith: bool = False) -> None:
    if maat.begin(state, events, choose_faith):
        return          # the Faith holders choose first (_place_faith resumes here)
    _maat_after_faith(state, events, rng, placed=None)


def _place_faith(state: State, action, events: list) -> None:
    placed = maat.place_faith(state, action, events)
    if placed is None:
        return
    rng = state.random()
    _maat_after_faith(state, events, rng, placed)
    state.store_random(rng)
    _next_round(state)


def _maat_after_faith(state: State, events: list, rng, placed: dict | None) -> None:
    """Maat steps 1-5, then step 6 (a Scoring every second Maat phase; the second one is final), then
    steps 7-8 unless the game waits for Bread payments or ends."""
    maat.balances(state, events, placed)
    if maat.scoring_due(state):
        if len(state.scoring_markers) == 1:       # the second and final Scoring
            if not decrees.before_final_scoring(state, events):   # D23 actions come first
                final_scoring_steps(state, events)
            return
        state.scoring_markers.pop(0)
        if scoring.score(state, events, then={"final": False}):
            return          # the players choose their Bread payments first (_pay_bread resumes below)
    maat.cleanup(state, events, rng)


def _pay_bread(state: State, action, events: list) -> None:
    if not scoring.pay_bread(state, action, events):
        return
    pending = state.pending
    if pending["final"]:
        decrees.begin_selection(state, events, pending.get("d23_used", ()))
        return
    state.pending = None
    rng = state.random()
    maat.cleanup(state, events, rng)
    state.store_random(rng)


def final_scoring_steps(state: State, events: list, d23_used=()) -> None:
    """The second Scoring (and its Bread choices), then the Decrees (each player chooses: decrees.py),
    then the Turn Order bonus and the winner."""
    state.scoring_markers.pop(0)
    if scoring.score(state, events, then={"final": True, "d23_used": list(d23_used)}):
        return
    decrees.begin_selection(state, events, d23_used)


# -- the end of the game: D23, Decrees ---------------------------------------------------------------
def _d23_choice(state: State, action, events: list) -> None:
    context = state.pending
    if decrees.is_decline(action):
        decrees.d23_declined(state, events)
        next_d23(state, events)
        return
    refused = decrees.d23_refusal(action)
    if refused is not None:
        raise refused
    decrees.note_d23_action(state, action)
    if turn.perform_stand_in(state, action, events) and state.phase == "final_action":
        state.pending = context
        decrees.d23_done(state, events)
        next_d23(state, events)


def next_d23(state: State, events: list) -> None:
    """The next D23 holder acts, or the final Scoring follows (once a variant's owed decision is made)."""
    if variants.blocked(state):
        return
    context = state.pending
    if context["queue"]:
        decrees.seat_to_act(state)
        return
    used = context["used"]
    state.pending, state.phase = None, "take_die"
    final_scoring_steps(state, events, d23_used=used)


def _decree_choice(state: State, action, events: list) -> None:
    decrees.apply_selection(state, action, events)
    if not state.pending["queue"]:
        state.pending = None
        scoring.final_scoring(state, events)
        state.phase = "game_over"


# -- Botankhamun ------------------------------------------------------------------------------------
def play_botankhamun(state: State, events: list) -> None:
    """Everything Botankhamun does until it is your decision again (or the game ends)."""
    while solo.has_a_decision(state) and not variants.blocked(state):
        if state.phase == "setup":
            after = state.pending.get("after")
            solo.choose_destiny(state, events)
            if not state.pending["queue"]:      # you chose first: the Destiny choices are over
                setup_choices.close_destiny(state, events)
                after_destiny(state, after, events)
            continue
        botankhamun_tile(state, None, events)
        if variants.blocked(state):
            return          # its move owes you a decision (a variant's bonus): its turn ends once you decide
        end_turn(state, events)


def botankhamun_tile(state: State, tile: str | None, events: list) -> None:
    """One of Botankhamun's Action tiles (the next one on its pyramid when `tile` is None), then the
    Statue bonuses of the God Action it performed."""
    bot = state.player[state.solo["seat"]]
    god, built = solo.play_turn(state, events) if tile is None else solo.resolve_tile(state, tile, events)
    statue_bonuses(state, bot, god, events, just_built=built)


# -- whole procedures on a prepared situation (scenarios, tests) ---------------------------------------
def run_maat(state: State, events: list) -> None:
    """The Maat phase procedure on a state (scenarios run it directly on a prepared situation)."""
    rng = state.random()
    _maat(state, events, rng)
    state.store_random(rng)


def run_scoring(state: State, events: list) -> None:
    """The Scoring procedure on a prepared situation (scenarios)."""
    scoring.score(state, events)


def run_final(state: State, events: list) -> None:
    """The steps after the second and final Scoring: turn-order bonus and the winner (scenarios)."""
    scoring.final_scoring(state, events)
    state.phase = "game_over"


def run_final_scoring(state: State, events: list) -> None:
    """The final Scoring on a prepared situation (scenarios): D23 actions first, else the second Scoring
    and the Decree choices."""
    if not decrees.before_final_scoring(state, events):
        final_scoring_steps(state, events)
