"""Actions as small tuples (cheap to make, compare and hash), with their JSON form.

A turn's action:          ("stones",)  ("place", ship, slot)  ("sail", ship, site)  ("pass",)
                          ("lever", ship, site)  ("hammer", ship, slot)  ("sail_card", ship, slot)
                          ("chisel", ship, slot)
An answer to a decision:  ("take", market_slot)  ("keep", 0|1)  ("pyramid", 0|1|2)  ("load", ship, slot)
                          ("reward", "point"|"stones")  ("order", (slot, ...))  ("second", ship, slot)
                          ("site", site)
Ships are numbered 0-3 as the round card lists them; a ship's slot 0 is its bow (unloaded first).
"""
from __future__ import annotations

FIELDS = {
    "stones": (), "pass": (), "place": ("ship", "slot"), "sail": ("ship", "site"), "lever": ("ship", "site"),
    "hammer": ("ship", "slot"), "sail_card": ("ship", "slot"), "chisel": ("ship", "slot"),
    "take": ("slot",), "keep": ("card",), "pyramid": ("pyramid",), "load": ("ship", "slot"),
    "reward": ("reward",), "order": ("order",), "second": ("ship", "slot"), "site": ("site",),
}
TURN_KINDS = ("stones", "place", "sail", "lever", "hammer", "sail_card", "chisel", "pass")
CARD_OF = {"lever": "lever", "hammer": "hammer", "sail_card": "sail", "chisel": "chisel"}


class ActionError(ValueError):
    """Not an action of this game (unknown kind, missing field): a malformed request, not a rule."""


def action_to_json(action: tuple) -> dict:
    kind = action[0]
    out = {"kind": kind}
    for name, v in zip(FIELDS[kind], action[1:]):
        out[name] = list(v) if isinstance(v, tuple) else v
    return out


def action_from_json(data: dict) -> tuple:
    kind = data.get("kind")
    if kind not in FIELDS:
        raise ActionError(f"unknown Imhotep action kind {kind!r}; kinds: {', '.join(FIELDS)}")
    try:
        values = [data[name] for name in FIELDS[kind]]
    except KeyError as exc:
        raise ActionError(f"action {kind!r} needs {', '.join(FIELDS[kind])} (missing {exc})") from None
    return (kind, *(tuple(v) if isinstance(v, list) else v for v in values))
