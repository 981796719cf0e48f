"""Whole games between random legal players, for any registered engine (`arbiter play`, the
conformance and property tests, the benchmark)."""
from __future__ import annotations

import random

from .api import Engine

MAX_DECISIONS = 200_000     # far beyond any real game; a game that needs more is a bug, not a long game


class StuckGame(RuntimeError):
    """A game that is not over but offers no legal action (or never ends): an engine bug."""


def chooser(seed: int) -> random.Random:
    """The random players' own RNG (the game's RNG lives in its state): seed·7919+1, as the Tekhenu
    engine always drew it, so its recorded games replay unchanged."""
    return random.Random(seed * 7919 + 1)


def play_random(engine: Engine, players: int, seed: int, **options) -> tuple[object, int]:
    """Play to the end; (final state, number of decisions)."""
    state = engine.new_game(players, seed, **options)
    pick = chooser(seed)
    decisions = 0
    while not engine.is_over(state):
        actions = engine.legal_actions(state)
        if not actions:
            raise StuckGame(f"{engine.info.id}: no legal action for {engine.decision(state)} (seed {seed})")
        state, _ = engine.apply(state, pick.choice(actions))
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise StuckGame(f"{engine.info.id}: no end after {MAX_DECISIONS} decisions (seed {seed})")
    return state, decisions
