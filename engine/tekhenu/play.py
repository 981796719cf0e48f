"""Whole games between random legal players (for `arbiter play`, property tests and the benchmark)."""
from __future__ import annotations

import random

from . import solo as solo_mode
from .rules import apply, legal_actions, new_game


def play_random(players: int, seed: int, edition: str = "en", solo: str | None = None,
                horus: str = "shuffled") -> tuple:
    """Play to the end; returns (final state, number of decisions). `solo` is a difficulty (easy, medium,
    hard): one random player against Botankhamun, whose turns make no decisions."""
    state = solo_mode.new_game(seed, solo, edition, horus=horus) if solo else new_game(players, seed, edition, horus)
    chooser = random.Random(seed * 7919 + 1)
    decisions = 0
    while state.phase != "game_over":
        actions = legal_actions(state)
        if not actions:
            raise RuntimeError(f"no legal action in phase {state.phase} (seed {seed})")
        state, _ = apply(state, chooser.choice(actions))
        decisions += 1
    return state, decisions


def summary(state, seed: int) -> dict:
    winner_event = next(e for e in reversed(state.log) if e.get("event") == "game_over")
    result = {
        "seed": seed, "players": state.players, "edition": state.edition,
        "rounds": state.round, "rotations": state.rotations, "maat_phases": state.maat_phases,
        "scorings": state.scorings, "turns": state.turns,
        "final": [{"player": p.seat, "vp": p.vp, "scribes": p.scribes, "happiness": p.happiness,
                   "population": p.population, "turn_order": state.turn_order.index(p.seat)}
                  for p in state.player],
        "winner": winner_event["winner"],
        "assumed": list(state.assumed_used),
    }
    if state.solo is not None:
        result["solo"] = {"difficulty": state.solo["difficulty"], "botankhamun": state.solo["seat"],
                          "decree_vp": state.solo["decree_vp"]}
        for row in result["final"]:
            row["botankhamun"] = row["player"] == state.solo["seat"]
    return result
