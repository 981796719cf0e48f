"""Actions: the decisions a player makes, one `apply` each (OpenSpiel-style game/state/action split).

    TakeDie(die, adjust, anubis)   choose a die from the wheel; spend Scribes to change its value
                                   (each Scribe ±1 or ±2) and/or 2 Scribes for an Anubis Action
    Perform(action, ...)           the action for the die just taken: a God Action or "produce"
    ChooseDecree(card)             setup: keep one of the two Decrees dealt
    ChooseStarting(card)           setup: the Starting-card draft
    ChooseDestiny(card, option)    setup and Maat phase: take a Destiny card (option for A03)
    ChooseReward(card, option)     setup: a Starting card's reward that leaves a choice
    UseBlessing(card, option)      play a Blessing (B01-B24) at the moment its card allows (effects_cards)
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

from .. import api


@dataclass(frozen=True)
class TakeDie:
    die: int
    adjust: int = 0
    anubis: bool = False
    treat: str | None = None        # T08: a Forbidden die taken as "pure" or "tainted"
    kind: str = "take_die"


@dataclass(frozen=True)
class Perform:
    action: str                     # "produce" or a god: horus ra hathor bastet thoth osiris
    resource: str | None = None     # produce: the resource (only chosen freely with Anubis)
    district: str | None = None     # osiris: the district to build in
    extra: str | None = None        # osiris row 6: the "any" resource; A03-like choices
    target: str | None = None       # horus: "god", "people:<n>" (Osiris area) or "temple:<n>"
    cell: str | None = None         # ra: Temple Complex cell "row,col"
    rotation: int = 0               # ra: quarter turns of the Pillar tile
    space: int | None = None        # hathor: building space around the Temple Complex
    section: int | None = None      # thoth: Card Market section (0-based)
    cards: tuple[int, ...] | None = None    # thoth: slots taken in that section
    by: str | None = None           # an extra action and what grants it: B17-B20, T19, "happiness21"
    shift: int = 0                  # T13 (produce) / T14 (God Action): turn the die by -2..+2 first
    value: int | None = None        # "happiness21": the die value chosen for the extra action
    kind: str = "perform"


@dataclass(frozen=True)
class ChooseStarting:
    card: str
    kind: str = "choose_starting"


@dataclass(frozen=True)
class ChooseDecree:
    card: str
    kind: str = "choose_decree"


@dataclass(frozen=True)
class ChooseReward:
    card: str                       # the Starting card whose reward needs a choice
    option: str                     # e.g. "bread" (district), "2,1,1,1" (resources), "T07" (card kept)
    kind: str = "choose_reward"


@dataclass(frozen=True)
class ChooseDestiny:
    card: str
    option: str | None = None       # A03: "population" | "happiness"
    kind: str = "choose_destiny"


@dataclass(frozen=True)
class UseBlessing:
    card: str                       # B01-B24, from your Blessings
    option: str | None = None       # B07/B08 "population"|"happiness"; B09/B10 "1".."6"; B11/B12 "color,shift"
    kind: str = "use_blessing"


ACTION_TYPES = {cls.__dataclass_fields__["kind"].default: cls
                for cls in (TakeDie, Perform, ChooseStarting, ChooseDecree, ChooseDestiny, ChooseReward,
                            UseBlessing)}


def action_to_json(action) -> dict:
    return asdict(action)


# -- card effects: Pillar abilities (pillars.py) and Decrees (decrees.py) ---------------------------
@dataclass(frozen=True)
class ExtraPerform(Perform):
    """A God Action (or Produce) outside the die turn: a Pillar ability (P10-P12, P15) or Decree D23.
    `value` is the die value the card lets you act with (P12: 1-3; D23: any)."""
    value: int | None = None
    kind: str = "extra_perform"


@dataclass(frozen=True)
class ChooseCardOption:
    card: str                       # P19-P21 (KO): "papyrus,bread"; D23: "decline"
    option: str
    kind: str = "choose_card_option"


@dataclass(frozen=True)
class ScoreDecrees:
    """Final Scoring: the Decrees a player scores (up to 3, one per symbol), the Decree D03 repeats
    (None: D03 not used) and how many ▲ D04 pays for."""
    cards: tuple[str, ...] = ()
    again: str | None = None
    paid: int = 0
    kind: str = "score_decrees"


@dataclass(frozen=True)
class PayBread:
    """Scoring step 7: how many of the Bread due the player pays ("For each Bread they are unable or
    unwilling to pay, they lose 3 Victory Points")."""
    amount: int
    kind: str = "pay_bread"


@dataclass(frozen=True)
class PlaceFaith:
    """Maat step 2: Faith tokens placed on the scales, as the change they make to the balance (+n: n on
    the Pure side, -n: n on the Tainted side; "Each Faith token is worth positive or negative 1")."""
    offset: int
    kind: str = "place_faith"


ACTION_TYPES.update({cls.__dataclass_fields__["kind"].default: cls
                     for cls in (ExtraPerform, ChooseCardOption, ScoreDecrees, PayBread, PlaceFaith)})

# every action's fields as a client sends them (engine.api checks them at the boundary): the annotations
SPECS = api.dataclass_specs(*ACTION_TYPES.values())


def action_from_json(data: dict):
    """The action a JSON object describes, its fields checked (api.MalformedAction when it is none)."""
    return api.parse_action(data, SPECS, "tekhenu")
