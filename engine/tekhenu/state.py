"""The game state: plain data, JSON round-trip lossless, copied on every `apply` (copy-on-write)."""
from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field, fields

from .. import api
from . import variants
from .board import FACTS, GODS, PURITY, RESOURCES


@dataclass
class Die:
    id: int
    color: str
    value: int


@dataclass
class PlayerState:
    seat: int
    vp: int
    happiness: int
    population: int
    production: dict[str, int]
    resources: dict[str, int]                  # papyrus, bread, limestone, granite, gold
    scribes: int
    faith: int = 0
    pure: list[Die] = field(default_factory=list)
    tainted: list[Die] = field(default_factory=list)
    taint_resources: int = 0                   # excess production on the right side of the scales
    permanent_taint: int = 0                   # Taint that stays on the scales through the Maat phase (a
                                               # variant's: Time of Seth's Blood tokens); 0 in the base game
    below: list[Die] = field(default_factory=list)   # Anubis dice: on the board, not on the scales
    buildings_left: int = 10
    statues_left: int = 6
    pillars_left: int = 8
    destiny: str | None = None
    starting: list[str] = field(default_factory=list)
    decrees: list[str] = field(default_factory=list)
    blessings: list[str] = field(default_factory=list)
    technologies: list[str] = field(default_factory=list)
    reached: list[int] = field(default_factory=list)  # happiness thresholds already rewarded
    balance: int | None = None                 # last Maat balance

    @property
    def dice_on_board(self) -> int:
        return len(self.pure) + len(self.tainted) + len(self.below)

    def copy(self) -> "PlayerState":
        new = _shallow(self)
        new.production, new.resources = dict(self.production), dict(self.resources)
        # Die objects are never changed in place (see _dice), so a new list of the same dice is a copy
        new.pure, new.tainted, new.below = self.pure[:], self.tainted[:], self.below[:]
        new.starting, new.decrees, new.blessings = self.starting[:], self.decrees[:], self.blessings[:]
        new.technologies, new.reached = self.technologies[:], self.reached[:]
        return new


@dataclass
class State:
    players: int
    seed: int
    edition: str
    rng: list                                   # random.Random state, JSON-safe
    wheel_turn: int                             # light of section s = pattern[(s - wheel_turn) % 6]
    arrow_start: int                            # the section the arrow pointed at during setup
    sections: list[list[Die]]                   # dice around the wheel, by god index
    bag: list[Die]
    boxed: list[Die]                            # dice returned to the box at setup
    scoring_markers: list[int]                  # sections still holding a Scoring marker, lowest first
    player: list[PlayerState]
    turn_order: list[int]
    turn_index: int = 0
    round: int = 1
    rotations: int = 0
    maat_phases: int = 0
    scorings: int = 0
    turns: int = 0
    phase: str = "take_die"                     # take_die | act | setup | ability | faith | upkeep | final_action | decrees | game_over
    pending: dict | None = None                 # the die taken this turn and how
    osiris: dict = field(default_factory=dict)  # "row,district" -> seat
    osiris_statues: list = field(default_factory=lambda: [None, None])
    osiris_row2_gold: bool = True
    god_statues: dict = field(default_factory=lambda: {g: [] for g in GODS})
    temple: dict = field(default_factory=dict)            # "r,c" -> {"tile", "owner", "rotation"}
    temple_buildings: dict = field(default_factory=dict)  # building space index (str) -> seat
    temple_statues: list = field(default_factory=lambda: [None, None])
    ra_tiles: list = field(default_factory=list)          # the three Pillar tiles by the Ra area
    pillar_stack: list = field(default_factory=list)
    market: list = field(default_factory=lambda: [None, None, None, None])
    decks: dict = field(default_factory=dict)
    discards: dict = field(default_factory=lambda: {"blessing": [], "technology": [], "decree": []})
    log: list = field(default_factory=list)
    assumed_used: list[str] = field(default_factory=list)
    solo: dict | None = None                    # Botankhamun's game (engine/tekhenu/solo.py); None otherwise
    turn_effects: dict = field(default_factory=dict)    # Blessings/Technologies at work this turn (effects_cards)
    horus_tiles: list | None = None             # god on Horus spaces 1-6; None: the preprinted bonuses
    ext: dict | None = None                     # a rule variant's own data (variants.py); None: the base game

    # -- helpers -----------------------------------------------------------------------------------
    @property
    def current(self) -> PlayerState:
        return self.player[self.turn_order[self.turn_index]]

    def light(self, section: int) -> str:
        pattern = FACTS("wheel.light_pattern")
        return pattern[(section - self.wheel_turn) % 6]

    def purity(self, die: Die, section: int) -> str:
        return PURITY[self.light(section)][die.color]

    def random(self) -> random.Random:
        # not Random(): its seeding from the OS, at once replaced by setstate, was 1% of a random game
        rng = random.Random.__new__(random.Random)
        rng.setstate(_to_state(self.rng))
        return rng

    def store_random(self, rng: random.Random) -> None:
        self.rng = _from_state(rng.getstate())

    def note_assumed(self, fact_path: str) -> None:
        if fact_path not in self.assumed_used:
            self.assumed_used.append(fact_path)

    def copy(self) -> "State":
        """Copy-on-write: everything `apply` may change is copied; the RNG state is replaced, never
        mutated, so it is shared. (A hand-written copy: deepcopy made random games 5x slower.)"""
        new = _shallow(self)
        new.sections = [sec[:] for sec in self.sections]     # Die objects are shared (see _dice)
        new.bag, new.boxed = self.bag[:], self.boxed[:]
        new.player = [p.copy() for p in self.player]
        new.turn_order = list(self.turn_order)
        new.pending = _plain_copy(self.pending)
        new.osiris = dict(self.osiris)
        new.osiris_statues = list(self.osiris_statues)
        new.god_statues = {g: list(s) for g, s in self.god_statues.items()}
        new.temple = {k: dict(v) for k, v in self.temple.items()}
        new.temple_buildings = dict(self.temple_buildings)
        new.temple_statues = list(self.temple_statues)
        new.ra_tiles, new.pillar_stack = list(self.ra_tiles), list(self.pillar_stack)
        new.market = [None if sec is None else [dict(c) for c in sec] for sec in self.market]
        new.decks = {k: list(v) for k, v in self.decks.items()}
        new.discards = {k: list(v) for k, v in self.discards.items()}
        new.scoring_markers = list(self.scoring_markers)
        new.log = list(self.log)
        new.assumed_used = list(self.assumed_used)
        if self.solo is not None:       # flat: scalars and lists of scalars
            new.solo = {k: list(v) if isinstance(v, list) else v for k, v in self.solo.items()}
        new.turn_effects = _plain_copy(self.turn_effects) if self.turn_effects else {}
        if self.ext is not None:        # a variant may copy its own data faster than the generic deep copy
            own = variants.VARIANTS[self.ext["variant"]].copy_ext(self.ext)
            new.ext = own if own is not None else _plain_copy(self.ext)
        return new

    # -- JSON --------------------------------------------------------------------------------------
    def to_json(self) -> dict:
        """dataclasses.asdict's result, made by hand: asdict deep-copies every scalar (the 625 numbers of the
        random state among them), 5 ms a state, which checking a state's shape on every scenario of `kb check`
        would pay hundreds of times."""
        return _json_of(self)

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_checked_json(cls, data: dict, fresh: dict) -> "State":
        """The state, once its keys and their JSON types are those of `fresh` (a new game's JSON; the fields
        that may be null named in NULLABLE): api.MalformedState otherwise."""
        api.check_record(data, fresh, "the state", lists=("player",), nullable=NULLABLE)
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: dict) -> "State":
        data = copy.deepcopy(data)
        data["sections"] = [[Die(**d) for d in sec] for sec in data["sections"]]
        data["bag"] = [Die(**d) for d in data["bag"]]
        data["boxed"] = [Die(**d) for d in data["boxed"]]
        players = []
        for p in data["player"]:
            for key in ("pure", "tainted", "below"):
                p[key] = [Die(**d) for d in p[key]]
            players.append(PlayerState(**p))
        data["player"] = players
        if data.get("pending") and data["pending"].get("die"):
            data["pending"]["die"] = dict(data["pending"]["die"])
        return cls(**data)


_FIELDS = {cls: tuple(f.name for f in fields(cls)) for cls in (PlayerState, State)}

# the state's and a player's fields that are null or hold a value of this type
NULLABLE = {"pending": {}, "solo": {}, "horus_tiles": [], "ext": {}, "destiny": "", "balance": 0}


def _shallow(obj):
    """copy.copy for these plain dataclasses, without its generic (slow) protocol."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


def _plain_copy(value):
    """Deep copy of JSON-like data (dicts, lists, scalars; tuples are immutable and shared)."""
    kind = type(value)          # (exact types: isinstance was a tenth of State.copy)
    if kind is dict:
        return {k: _plain_copy(v) for k, v in value.items()}
    if kind is list:
        return [_plain_copy(v) for v in value]
    return value


def _json_of(value):
    kind = type(value)
    if kind is dict:
        return {k: _json_of(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return kind(_json_of(v) for v in value)
    if kind is Die:
        return {"id": value.id, "color": value.color, "value": value.value}
    if kind is PlayerState or kind is State:
        return {f: _json_of(getattr(value, f)) for f in _FIELDS[kind]}
    return copy.deepcopy(value) if kind not in _SCALARS else value


_SCALARS = (int, str, bool, float, type(None))


def _dice(dice: list[Die]) -> list[Die]:
    """A new list of the same Die objects: the engine never changes a Die in place (it puts a new one where
    a die is rolled or turned), so copies of the state can share them."""
    return list(dice)


def _from_state(state) -> list:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _to_state(data: list):
    version, internal, gauss = data
    return (version, tuple(internal), gauss)


def new_player(seat: int) -> PlayerState:
    start = lambda name: FACTS(f"player_start.{name}")  # noqa: E731
    return PlayerState(
        seat=seat, vp=start("vp"), happiness=start("happiness"), population=start("population"),
        production={r: start("production") for r in RESOURCES},
        resources={**{r: 0 for r in RESOURCES}, "gold": start("gold")},
        scribes=start("scribes"), buildings_left=start("buildings"), statues_left=start("statues"),
        pillars_left=start("pillars"))
