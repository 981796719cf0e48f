"""Time of Seth's part of the game state (`state.ext`, plain JSON data) and the small changes every rule
module makes to it: the Soldier and Priest tracks, gains of any kind, the per-player records.

    state.ext = {
      "variant": "tekhenu-time-of-set",
      "options": {"seth": bool, "vizier": bool},       # seth False: the base game with the Vizier only
      "players": [{"soldiers", "priests", "cult", "artifacts", "reached"}, ...],   # by seat
      "board": {"side", "dice": [{"id", "color", "value"}], "regions": {"1": [seat|None, seat|None], ...},
                "people": [seat|None, seat|None]},     # Statues honouring Seth: state.god_statues["seth"]
      "conquest": {"stack": [...], "placed": {"r,c": tile}, "claimed": {"r,c": tile}},   # top: stack[-1]
      "artifacts": {"A01": [...], ...},                 # displayed by the Destiny card they are paired with
      "vizier": {"area": None|god, "discarded": None|card},
      "owed": [...],                                     # decisions owed now (owed.py)
      "setup": {...} | None,                             # the draft and the dealt Decrees, during setup
    }
Blood tokens are the player's permanent Taint (PlayerState.permanent_taint).
"""
from __future__ import annotations

from ..errors import IllegalAction
from ..tekhenu import core, solo
from .facts import F
from .terms import both

NAME = "tekhenu-time-of-set"
TRACKS = ("soldiers", "priests")
TRACK_RULE = "tekhenu-time-of-set/key-concepts/soldiers-priests/tracks"


def _plain(value):
    """Deep copy of plain JSON-like data."""
    kind = type(value)
    if kind is dict:
        return {k: _plain(v) for k, v in value.items()}
    if kind is list:
        return [_plain(v) for v in value]
    return value


SHARED = ("variant", "options", "resume")       # set once, or replaced whole: never changed in place
ON_CHANGE = ("board", "conquest", "artifacts")  # change rarely: shared by copies until `own` is asked
RECORD_LISTS = ("artifacts", "reached")         # a player's record: these lists, the rest scalars


def copy(ext: dict) -> dict:
    """State.copy's copy of this data, by its known shape (a copy is made at every move, so the generic
    deep copy was a tenth of a random game's time); any key it does not know is deep-copied. The parts
    that change rarely are shared: a change goes through `own` first."""
    new = {}
    for key, value in ext.items():
        if key in SHARED or key in ON_CHANGE or value is None:   # (without the expansion: no board...)
            new[key] = value
        elif key == "players":
            new[key] = [dict(record, artifacts=list(record["artifacts"]), reached=list(record["reached"]))
                        for record in value]          # (RECORD_LISTS; the property tests check the shape)
        elif key == "vizier":
            new[key] = dict(value)
        else:
            new[key] = _plain(value)
    return new


def own(state, key: str):
    """The part `key` of state.ext (one of ON_CHANGE), made this state's own before a change: State.copy
    shares these parts with the state it was copied from."""
    part = _plain(state.ext[key])
    state.ext[key] = part
    return part


def seth_on(state) -> bool:
    """Whether the Time of Seth rules are played (a Vizier-only game has them off)."""
    ext = state.ext
    return ext is not None and ext["options"]["seth"]


def mine(state, seat: int) -> dict:
    return state.ext["players"][seat]


def is_bot(state, seat: int) -> bool:
    return solo.is_botankhamun(state, seat)


def track(state, seat: int, name: str) -> int:
    return state.ext["players"][seat][name]


def gain_track(state, seat: int, name: str, amount: int, events: list, rule: str = TRACK_RULE) -> int:
    """Soldiers or Priests up their track; beyond 10 they are lost. Botankhamun never gains any."""
    if amount <= 0 or is_bot(state, seat):
        return 0
    record = state.ext["players"][seat]
    before = record[name]
    top = F("seth_dice.tracks_max")
    record[name] = min(top, before + amount)
    events.append({"event": "track", "seat": seat, "track": name, "before": before, "after": record[name],
                   "gained": amount, "lost": before + amount - record[name], "rule": rule})
    return record[name] - before


def spend_track(state, seat: int, name: str, amount: int, rule: str, events: list | None = None) -> None:
    """Soldiers or Priests spent; a track never goes below 0, so a cost it cannot meet is refused."""
    if amount <= 0:
        return
    record = state.ext["players"][seat]
    if record[name] < amount:
        en, ko = both(name)
        raise IllegalAction(TRACK_RULE if rule is None else rule,
                            f"that costs {amount} {en} and you have {record[name]}",
                            f"{ko} {amount}이(가) 필요한데 {record[name]}뿐입니다")
    before = record[name]
    record[name] -= amount
    if events is not None:
        events.append({"event": "track", "seat": seat, "track": name, "before": before, "after": record[name],
                       "spent": amount, "rule": rule})


def gain(state, p, gains: dict, events: list, rule: str) -> dict:
    """Any reward a Time of Seth rule gives: Resources, Scribes, Faith, VP, Soldiers, Priests, Happiness,
    Population. Botankhamun takes only what it can hold (Scribes, VP, Happiness, Population). What was
    gained."""
    bot = is_bot(state, p.seat)
    got: dict[str, int] = {}
    for key, amount in gains.items():
        if not amount:
            continue
        if key in TRACKS:
            if gain_track(state, p.seat, key, amount, events, rule):
                got[key] = amount
        elif key == "happiness":
            core.advance_happiness(state, p, amount, events)
            got[key] = amount
        elif key == "population":
            core.advance_population(state, p, amount, events)
            got[key] = amount
        elif key in ("scribes", "vp"):
            core.gain(p, {key: amount})
            got[key] = amount
        elif not bot:                       # Resources and Faith
            core.gain(p, {key: amount})
            got[key] = amount
    return got
