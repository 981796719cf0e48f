"""The Obelisk Wheel's dice: drawn from the bag and rolled into its sections at setup and in Rotation
step 3 (the wheel's lights: State.light; which die is Pure, Tainted or Forbidden: State.purity)."""
from __future__ import annotations

from .state import Die, State


def draw_and_roll(state: State, rng, section: int) -> None:
    """One die from the bag, rolled, into a section of the Obelisk Wheel (setup and Rotation step 3)."""
    if not state.bag:
        return
    die = state.bag.pop()
    state.sections[section].append(Die(die.id, die.color, rng.randint(1, 6)))   # dice are never changed in place


def add_shaded_dice(state: State, rng) -> None:
    """Rotation step 3: for each Shaded section, draw and roll as many dice as there are players."""
    for section in range(6):
        if state.light(section) == "shaded":
            for _ in range(state.players):
                draw_and_roll(state, rng, section)


def continue_rotation(state: State) -> None:
    """tekhenu/maat/step-9-continue-rotation: after the Maat phase's Destiny choices, Rotation step 3."""
    rng = state.random()
    add_shaded_dice(state, rng)
    state.store_random(rng)
