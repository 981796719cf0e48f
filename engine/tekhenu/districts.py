"""Control of the Osiris districts, as Scoring step 1 counts it: the most pieces (Buildings in the
district's column, Statues for the people standing above it), a tie going to the topmost piece. Shared by
the Scoring and by Botankhamun's Horus choice (solo.py), which asks the same question of a what-if."""
from __future__ import annotations

from .board import FACTS


def controller(state, district: str, extra_statue_seat: int | None = None) -> int | None:
    """The seat that controls the district now, or None; `extra_statue_seat` adds a Statue above row 1."""
    pieces: dict[int, list[int]] = {}
    for key, seat in state.osiris.items():
        row, d = key.split(",")
        if d == district:
            pieces.setdefault(seat, []).append(int(row))
    for index, seat in enumerate(state.osiris_statues):
        if seat is not None and district in FACTS("osiris.statue_spaces")[index]:
            state.note_assumed("osiris.statue_spaces")
            pieces.setdefault(seat, []).append(0)   # the statue stands above row 1
    if extra_statue_seat is not None:
        pieces.setdefault(extra_statue_seat, []).append(0)
    if not pieces:
        return None
    return max(pieces, key=lambda s: (len(pieces[s]), -min(pieces[s])))
