"""Rotation with Time of Seth (tekhenu-time-of-set/gameplay/rotation/...): in step 3, when the Seth board has
fewer than 2/3/4 dice (2/3/4 players), the dice drawn for the first Shaded section clockwise from the arrow
give the Seth board exactly one of their gray dice, rolled, before the rest are rolled into that section;
once per Rotation, the first Shaded section only; no gray die drawn, no refill."""
from __future__ import annotations

from ..tekhenu.board import roll
from ..tekhenu.state import Die
from . import board


def add_shaded_dice(state, rng) -> None:
    refill = len(state.ext["board"]["dice"]) < board.wanted_dice(state)
    arrow = (state.arrow_start + state.rotations) % 6
    first = True
    for section in [(arrow + k) % 6 for k in range(6)]:        # clockwise from the arrow
        if state.light(section) != "shaded":
            continue
        drawn = [state.bag.pop() for _ in range(min(state.players, len(state.bag)))]
        if first and refill:
            gray = next((d for d in drawn if d.color == "gray"), None)
            if gray is not None:
                drawn.remove(gray)
                board.put_die(state, gray, rng)
        first = False
        for die in drawn:
            state.sections[section].append(Die(die.id, die.color, roll(rng, die.color)))
