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

from .. import api
from .data import SITES

SHIP, SLOT, SITE = api.nat(), api.nat(), api.one_of(*SITES)
# every kind's fields in tuple order, as a client sends them (engine.api checks them at the boundary)
FIELDS = {
    "stones": {}, "pass": {}, "place": {"ship": SHIP, "slot": SLOT}, "sail": {"ship": SHIP, "site": SITE},
    "lever": {"ship": SHIP, "site": SITE}, "hammer": {"ship": SHIP, "slot": SLOT},
    "sail_card": {"ship": SHIP, "slot": SLOT}, "chisel": {"ship": SHIP, "slot": SLOT},
    "take": {"slot": SLOT}, "keep": {"card": api.nat(1)}, "pyramid": {"pyramid": api.nat()},
    "load": {"ship": SHIP, "slot": SLOT}, "reward": {"reward": api.one_of("point", "stones")},
    "order": {"order": api.list_of(SLOT)}, "second": {"ship": SHIP, "slot": SLOT}, "site": {"site": SITE},
}
TURN_KINDS = ("stones", "place", "sail", "lever", "hammer", "sail_card", "chisel", "pass")
CARD_OF = {"lever": "lever", "hammer": "hammer", "sail_card": "sail", "chisel": "chisel"}


def _maker(kind: str, names: tuple):
    return lambda data: (kind, *(data[name] for name in names))


SPECS = {kind: api.action_spec(kind, _maker(kind, tuple(fields)), required=fields) for kind, fields in FIELDS.items()}


def action_to_json(action: tuple) -> dict:
    kind = action[0]
    out = {"kind": kind}
    for name, v in zip(FIELDS[kind], action[1:], strict=True):
        out[name] = list(v) if isinstance(v, tuple) else v
    return out


def action_from_json(data: dict) -> tuple:
    """The action a JSON object describes, its fields checked (api.MalformedAction when it is none)."""
    return api.parse_action(data, SPECS, "imhotep")
