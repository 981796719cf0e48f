"""Time of Seth's decisions on top of the base game's actions (engine/tekhenu/actions.py).

    SethTakeDie(die, adjust, anubis, treat, declare, board)   take a die: `board` "seth" takes a gray die of
                                   the Seth board (for the Seth God Action); `declare` "red" | "blue" is the
                                   colour an Anubis Action uses its die as (Soldiers or Priests); a die of
                                   the wheel with neither is the base game's TakeDie
    DraftPick(card)                setup: a Starting card or a Cult card of the draft
    ChooseArtifact(card)           setup and Maat: an Artifact (and the Destiny card paired with it)
    UseArtifact(card)              your turn: use an Artifact (once; it leaves the game)
    OwedChoice(source, option)     a choice the rules owe someone now: a Resource of a bonus, a card kept...
    VizierDiscard(card), VizierMove(area)    the Trial of the Vizier's first player

A God Action of the Seth board is the base Perform: Perform("seth", cell=<Conquest tile space>, extra=
"faith:<n>" with TX02), Perform("horus", target="seth_people:<column>" | "seth_honor").
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

from .. import api
from ..tekhenu.actions import ACTION_TYPES as BASE_TYPES
from ..tekhenu.actions import TakeDie


@dataclass(frozen=True)
class SethTakeDie(TakeDie):
    declare: str | None = None
    board: str = "wheel"


@dataclass(frozen=True)
class DraftPick:
    card: str
    kind: str = "draft_pick"


@dataclass(frozen=True)
class ChooseArtifact:
    card: str
    kind: str = "choose_artifact"


@dataclass(frozen=True)
class UseArtifact:
    card: str
    kind: str = "use_artifact"


@dataclass(frozen=True)
class OwedChoice:
    source: str                     # what owes the choice: a card (Cult05, A05, Art01...) or "seth_honor"
    option: str
    kind: str = "owed_choice"


@dataclass(frozen=True)
class VizierDiscard:
    card: str
    kind: str = "vizier_discard"


@dataclass(frozen=True)
class VizierMove:
    area: str
    kind: str = "vizier_move"


ACTION_TYPES = {**BASE_TYPES, "take_die": SethTakeDie,
                **{cls.__dataclass_fields__["kind"].default: cls
                   for cls in (DraftPick, ChooseArtifact, UseArtifact, OwedChoice, VizierDiscard, VizierMove)}}


def action_to_json(action) -> dict:
    return asdict(action)


def _take_die(data: dict) -> TakeDie:
    """A die of the wheel with neither `declare` nor `board` is the base game's TakeDie (one class per take:
    JSON round trips are exact)."""
    if data.get("declare") is None and data.get("board", "wheel") == "wheel":
        return TakeDie(**{k: v for k, v in data.items() if k not in ("declare", "board")})
    return SethTakeDie(**data)


# every action's fields as a client sends them (engine.api checks them at the boundary): the annotations
SPECS = api.dataclass_specs(*ACTION_TYPES.values(), refine={"declare": api.maybe(api.one_of("red", "blue")),
                                                             "board": api.one_of("wheel", "seth")})
SPECS["take_die"] = api.ActionSpec("take_die", SPECS["take_die"].fields, SPECS["take_die"].required, _take_die)
for _kind in ("perform", "extra_perform"):       # TX05's Thoth takes cards as "section:slot"
    SPECS[_kind] = api.with_field(SPECS[_kind], "cards", api.maybe(api.list_of(api.ID)))


def action_from_json(data: dict):
    """The action a JSON object describes, its fields checked (api.MalformedAction when it is none)."""
    return api.parse_action(data, SPECS, "tekhenu-time-of-set")


_MADE: dict[tuple, SethTakeDie] = {}      # actions are immutable values: each one is made once


def as_seth(action: TakeDie, declare: str | None = None, board: str = "wheel") -> TakeDie:
    """A base TakeDie candidate with the expansion's choices; with none it stays the base game's action, so
    that each take has one class and JSON round trips are exact (and legal moves cost no re-wrapping)."""
    if declare is None and board == "wheel":
        return action
    key = (action.die, action.adjust, action.anubis, action.treat, declare, board)
    made = _MADE.get(key)
    if made is None:
        made = _MADE[key] = SethTakeDie(action.die, action.adjust, action.anubis, action.treat, declare=declare,
                                        board=board)
    return made
