"""The one interface every game engine implements, so that the CLI, the assistant and the app reach any
game through `engine.registry` without per-game code.

The shape follows OpenSpiel's game/state split: an engine is a stateless object that makes states and
moves between them; a state is plain data (lossless JSON). Randomness lives in the state (a seeded RNG
stored in it), so the same seed and the same actions always give the same game. Every pending decision
is explicit (`decision`: who must decide what now — the Board Game Arena state-machine idea), and an
action the rules forbid raises `IllegalAction` naming the KB rule that forbids it.

A client's action crosses one boundary, the same for every game (`Engine.action_from_json`, `Engine.apply`):
each action kind declares its fields once (`ActionSpec`: name → `Value`, what JSON may hold there), so a
wrong type, a missing or unknown field, a float or a bool for a whole number is refused with the one shared
`MalformedAction` before any rule runs; and `apply` carries out only an action `legal_actions` lists (an
unlisted one gets the refusal of the rule that forbids it). A state read from JSON is refused with
`MalformedState` unless the engine can continue from it.

Scenarios (rules as checked examples, `engine.scenarios`) need three more things from a game: how a
situation is set up from data, how a scenario step is played, and how a value is read by a dotted path.
Presentation (`narrate_*`, `label`) keeps every player-facing string bilingual and in the engine that
knows what its events mean.
"""
from __future__ import annotations

import operator
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from itertools import repeat
from pathlib import Path
from types import NoneType, UnionType

from .asked import Asked, Vocabulary
from .asked import load as load_vocabulary
from .errors import IllegalAction
from .facts import FactRegistry
from .setup_schema import STATE_FILE, SetupShapeError, shape_of


@dataclass(frozen=True)
class Option:
    """A game option (`arbiter play --game G --<name> <value>`). `choices` None: a flag (True/False)."""
    name: str
    default: object
    choices: tuple | None = None
    help: dict = field(default_factory=dict)        # {"ko", "en"}


@dataclass(frozen=True)
class GameInfo:
    id: str                                         # the KB game id ("tekhenu", "imhotep", ...)
    title: dict                                     # {"ko", "en"}
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...] = ()
    # the KB games whose rules this engine cites (an expansion cites its base game's rules too)
    rule_games: tuple[str, ...] = ()

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)


@dataclass(frozen=True)
class Decision:
    """Who must decide what, now. `seat` None: nobody (the game is over)."""
    seat: int | None
    kind: str                                       # e.g. "take_die", "place_stone", "pay_bread"
    prompt: dict                                    # {"ko", "en"}: the decision in words
    rule_id: str | None = None                      # the rule that asks for it


@dataclass
class Situation:
    """A scenario's game in progress: the state, the seats its roles name ("me", "others.0", ...) and
    the names it gave to components ("d1" → die id)."""
    state: object
    roles: dict[str, int]
    names: dict[str, object] = field(default_factory=dict)
    viewer: int = 0                                 # whose numbers the before/after view shows


@dataclass(frozen=True)
class Field:
    """One input of the app's Simulator form for a game (the app draws the form from these, so a new
    game needs no app code). kind: "int" (min..max), "choice" (choices), "bool"."""
    name: str
    label: dict                                     # {"ko", "en"}
    kind: str
    default: object
    choices: tuple = ()
    choice_labels: dict = field(default_factory=dict)   # choice -> {"ko", "en"}
    min: int | None = None
    max: int | None = None
    help: dict = field(default_factory=dict)        # {"ko", "en"}


@dataclass(frozen=True)
class CardIdentity:
    """A card, tile or token that has an identity of its own in an engine's data (a printed id, a name), and the KB
    card id it is catalogued under (or would be): `arbiter kb check` requires that card, or the catalogue's
    reason for leaving it out, for every identity of every engine."""
    id: str                                         # the engine's own id ("T08", "paved_path", "michelangelo")
    card: str                                       # the KB card id ("tekhenu/T08", "imhotep/paved-path")
    kind: dict                                      # {"ko", "en"}: what it is


@dataclass
class QuestionExample:
    """What a game's example builders make of a question's numbers: the scenario to run, and/or a
    notice when a number of the question cannot be used as asked (out of the game's range, say) — the
    example then says so instead of quietly running another number."""
    spec: dict | None
    notice: dict | None = None                      # {"ko", "en"}
    rule: str | None = None                         # the answer's rule it was built for (set by the framework)


# -- what a client may send: every action kind's fields, declared once -------------------------------------
class MalformedAction(IllegalAction):
    """Not an action of the game at all: not a JSON object, an unknown kind, a field missing, unknown or of the
    wrong type (a float or a bool where a whole number belongs, a number where a name belongs...). No rule
    forbids it — it is not a move — so `rule_id` is None; it is an IllegalAction all the same, so that a
    client catches one exception for every refused request."""

    def __init__(self, message: str, message_ko: str):
        super().__init__(None, message, message_ko)

    def __str__(self) -> str:
        return self.message


class MalformedState(ValueError):
    """A state (from JSON) the engine cannot continue from: not the game's shape, or no decision can be
    named or listed from it."""


@dataclass(frozen=True)
class Value:
    """What one field of an action may hold, as JSON. kind: "int" (never a bool or a float, even 1.0),
    "bool", "str", "id" (a whole number or a text) or "list" (of `item`; a tuple from code too); `low`/`high`
    bound an int or a list's length; `choices` are the only strings allowed (empty: any — the rules then judge
    the name)."""
    kind: str
    nullable: bool = False
    low: int | None = None
    high: int | None = None
    choices: tuple = ()
    item: "Value | None" = None

    def fits(self, value) -> bool:
        if value is None:
            return self.nullable
        kind = self.kind
        if kind == "int":
            return type(value) is int and (self.low is None or value >= self.low) \
                and (self.high is None or value <= self.high)
        if kind == "bool":
            return type(value) is bool
        if kind == "str":
            return type(value) is str and (not self.choices or value in self.choices)
        if kind == "id":
            return type(value) in (int, str)
        return type(value) in (list, tuple) and (self.low is None or len(value) >= self.low) \
            and (self.high is None or len(value) <= self.high) and all(self.item.fits(v) for v in value)

    def describe(self) -> tuple[str, str]:
        """What the field must hold, in English and Korean (a refusal's words)."""
        kind = self.kind
        if kind in ("int", "list"):
            en, ko = ("a whole number", "정수") if kind == "int" else \
                (f"a list (each {self.item.describe()[0]})", f"목록 (각각 {self.item.describe()[1]})")
            if self.high is not None:
                en, ko = f"{en} ({self.low}..{self.high})", f"{ko} ({self.low}~{self.high})"
            elif self.low is not None:
                en, ko = f"{en} (at least {self.low})", f"{ko} ({self.low} 이상)"
        elif kind == "bool":
            en, ko = "true or false", "true 또는 false"
        elif kind == "id":
            en, ko = "a whole number or a text", "정수 또는 문자열"
        elif not self.choices:
            en, ko = "a text", "문자열"
        elif len(self.choices) <= 12:
            en, ko = f"one of {', '.join(self.choices)}", f"{', '.join(self.choices)} 중 하나"
        else:
            en, ko = "a name the game knows", "게임에 있는 이름"
        return (f"{en} or null", f"{ko} 또는 null") if self.nullable else (en, ko)


INT = Value("int")
BOOL = Value("bool")
STR = Value("str")
ID = Value("id")


def nat(high: int | None = None) -> Value:
    """A whole number from 0 (to `high`)."""
    return Value("int", low=0, high=high)


def one_of(*choices: str) -> Value:
    return Value("str", choices=tuple(choices))


def list_of(item: Value, low: int | None = None, high: int | None = None) -> Value:
    return Value("list", low=low, high=high, item=item)


def maybe(value: Value) -> Value:
    """The same, or null."""
    return Value(value.kind, True, value.low, value.high, value.choices, value.item)


@dataclass(frozen=True)
class ActionSpec:
    """One action kind: its fields (name → Value, in order), those a client must send (the others have a
    default), and how the game makes its action from checked JSON (`make(fields)`)."""
    kind: str
    fields: dict
    required: frozenset
    make: Callable[[dict], object]


def with_field(spec: ActionSpec, name: str, value: Value) -> ActionSpec:
    """The same spec with one field declared otherwise (a variant that widens a base game's field)."""
    return ActionSpec(spec.kind, {**spec.fields, name: value}, spec.required, spec.make)


def action_spec(kind: str, make: Callable[[dict], object], required: dict | None = None,
                optional: dict | None = None) -> ActionSpec:
    """An ActionSpec from the fields a client must send and those it may leave out."""
    required, optional = required or {}, optional or {}
    return ActionSpec(kind, {**required, **optional}, frozenset(required), make)


_SCALARS = {int: INT, bool: BOOL, str: STR}


def dataclass_specs(*classes, refine: dict | None = None) -> dict[str, ActionSpec]:
    """Specs read from action dataclasses (a `kind` field whose default names the kind): each field's
    annotation (int, bool, str, tuple[int, ...], `X | None`) is its Value, a field without a default is
    required; `refine` {field name: Value} narrows a field wherever it appears (a die value 1..6, say)."""
    refine = refine or {}
    specs = {}
    for cls in classes:
        hints = typing.get_type_hints(cls)
        declared, required = {}, set()
        for f in fields(cls):
            if f.name == "kind":
                continue
            declared[f.name] = refine.get(f.name) or _value_of(hints[f.name], f"{cls.__name__}.{f.name}")
            if f.default is f.default_factory is _MISSING:
                required.add(f.name)
        kind = cls.__dataclass_fields__["kind"].default
        specs[kind] = ActionSpec(kind, declared, frozenset(required), lambda data, cls=cls: cls(**data))
    return specs


_MISSING = fields(Option)[2].default.__class__ and Option.__dataclass_fields__["name"].default


def _value_of(hint, where: str) -> Value:
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (UnionType, typing.Union) and NoneType in args:
        (inner,) = [a for a in args if a is not NoneType]
        return maybe(_value_of(inner, where))
    if hint in _SCALARS:
        return _SCALARS[hint]
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] in _SCALARS:
        return list_of(_SCALARS[args[0]])
    raise TypeError(f"{where}: declare the field as int, bool, str, tuple[<one of them>, ...] or X | None")


def parse_action(data, specs: dict[str, ActionSpec], game: str):
    """The game's action from a client's JSON, every field checked against its kind's spec; MalformedAction
    (one line, both languages) for anything that is not an action of the game."""
    if not isinstance(data, dict):
        raise MalformedAction(f"an action of {game} is a JSON object with a kind, not {_short(data)}",
                              f"{game}의 행동은 kind가 있는 JSON 객체여야 합니다 ({_short(data)} 불가)")
    kind = data.get("kind")
    spec = specs.get(kind) if type(kind) is str else None
    if spec is None:
        raise MalformedAction(f"{game} has no action kind {_short(kind)}; its kinds: {', '.join(specs)}",
                              f"{game}에는 {_short(kind)}라는 행동이 없습니다. 행동: {', '.join(specs)}")
    values = {}
    for name, value in data.items():
        if name == "kind":
            continue
        declared = spec.fields.get(name)
        if declared is None:
            known = ", ".join(spec.fields) or "no other field"
            raise MalformedAction(f"{kind} has no field {_short(name)} (its fields: {known})",
                                  f"{kind} 행동에는 {_short(name)} 항목이 없습니다 (항목: {known})")
        if not declared.fits(value):
            en, ko = declared.describe()
            raise MalformedAction(f"{kind}: {name} must be {en}, not {_short(value)}",
                                  f"{kind}: {name}에는 {ko}을(를) 써야 합니다 ({_short(value)} 불가)")
        values[name] = tuple(value) if type(value) is list else value
    missing = [name for name in spec.required if name not in values]
    if missing:
        raise MalformedAction(f"{kind} needs {', '.join(sorted(missing))}",
                              f"{kind} 행동에는 {', '.join(sorted(missing))} 항목이 필요합니다")
    return spec.make(values)


def check_record(data, template: dict, where: str, lists: tuple = (), nullable: dict | None = None) -> None:
    """MalformedState unless `data` is a JSON object with every key of `template` (a record the game made
    itself: a fresh state, a player) holding the same JSON type — bool is not a number; a key in `nullable`
    holds null or the type of its model there (a key the template holds as null and `nullable` does not name
    may hold anything); each key in `lists` holds a list of records like the template's first (checked with
    the same `nullable`). Extra keys are the game's to judge."""
    if not isinstance(data, dict):
        raise MalformedState(f"{where} must be a JSON object, not {_short(data)}")
    nullable = nullable or {}
    for key, model in template.items():
        if key not in data:
            raise MalformedState(f"{where} has no {key!r}")
        value = data[key]
        if key in nullable:
            model = nullable[key] if value is not None else None
        if model is not None and _json_type(value) != _json_type(model):
            raise MalformedState(f"{where}.{key} must be {_json_type(model)}, not {_short(value)}")
    for key in lists:
        for index, record in enumerate(data[key]):
            check_record(record, template[key][0], f"{where}.{key}[{index}]", nullable=nullable)


def check_players(data, low: int, high: int) -> int:
    """The state's player count (MalformedState unless a whole number from `low` to `high`): the first thing a
    game reads to make the fresh state it checks the rest against."""
    players = data.get("players") if isinstance(data, dict) else None
    if type(players) is not int or not low <= players <= high:
        raise MalformedState(f"a state names its players, {low} to {high} (not {_short(players)})")
    return players


def _json_type(value) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "null" if value is None else type(value).__name__


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class ScenarioError(ValueError):
    """A scenario that cannot be set up or played as written (unknown field, bad path...)."""


class Engine(ABC):
    """Subclasses set `info` and `data_dir` and implement the abstract methods."""
    info: GameInfo
    data_dir: Path                                  # the engine's YAML data (facts with provenance)

    # -- play --------------------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, players: int, seed: int, **options): ...

    @abstractmethod
    def enumerate_actions(self, state) -> list:
        """Every action the rules allow now (the game's own list; clients call `legal_actions`)."""

    @abstractmethod
    def resolve(self, state, action) -> tuple[object, list[dict]]:
        """The game's own apply: a new state and the move's events (the input state never changed), or
        IllegalAction naming the rule that forbids the move. `apply` calls it with an action it checked."""

    @abstractmethod
    def action_specs(self) -> dict[str, ActionSpec]:
        """Every action kind of the game and its fields: the one description that `action_from_json` and
        `apply` check a client's action against (a new kind is declared here, or it is refused)."""

    _last_listed: tuple = (None, ())        # (state, its legal actions): the last list made, by identity

    def legal_actions(self, state) -> list:
        actions = self.enumerate_actions(state)
        self._last_listed = (state, actions)     # one assignment: safe when threads share the engine
        return actions

    def apply(self, state, action) -> tuple[object, list[dict]]:
        """A new state and the events of the move; the input state is never changed. Only an action that
        `legal_actions` lists is carried out: anything else raises IllegalAction — the rule that forbids it,
        or MalformedAction for what is not an action of the game at all (never another exception)."""
        listed_state, listed = self._last_listed
        if listed_state is state and any(map(operator.is_, listed, repeat(action))):
            return self.resolve(state, action)   # the very object just listed for this state (a random pick)
        self.check_fields(action)
        if listed_state is not state:
            listed = self.enumerate_actions(state)
        if action in listed:
            return self.resolve(state, action)
        raise self.refusal(state, action)

    def unlisted_refusal(self, state, action) -> IllegalAction | None:
        """A game's closer reason for refusing a move its own apply would carry out but `legal_actions` does
        not list (Tekhenu: a die after which no action is possible); None: the decision's rule says it."""
        return None

    def check_fields(self, action) -> None:
        """MalformedAction unless `action` is an action of this game with every field of its declared type
        (code can build an action with a float or a bool where a whole number belongs, and True == 1)."""
        try:
            data = self.action_to_json(action)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            data = action               # not one of the game's action objects: parse_action says why
        if parse_action(data, self.action_specs(), self.info.id) != action:    # a list for a tuple, say
            raise MalformedAction(f"{_short(action)} is not an action object of {self.info.id} "
                                  f"(action_from_json makes one from JSON)",
                                  f"{_short(action)}은(는) {self.info.id}의 행동 객체가 아닙니다 "
                                  f"(JSON은 action_from_json으로 만드세요)")

    def refusal(self, state, action) -> IllegalAction:
        """Why a well-formed action that `legal_actions` does not list is refused: the game's own refusal
        when it has one, else the rule of the decision due."""
        try:
            self.resolve(state, action)
        except IllegalAction as refused:
            return refused
        closer = self.unlisted_refusal(state, action)
        if closer is not None:
            return closer
        due = self.decision(state)
        return IllegalAction(due.rule_id or self.info.rule_games[0],
                             f"not one of the moves possible now; the decision due: {due.prompt['en']}",
                             f"지금 할 수 있는 행동이 아닙니다. 지금 할 일: {due.prompt['ko']}")

    @abstractmethod
    def decision(self, state) -> Decision: ...

    @abstractmethod
    def is_over(self, state) -> bool: ...

    @abstractmethod
    def result(self, state) -> dict:
        """{"final": [{"player": seat, "score": n, ...}], "winner": seat | None, ...} for a finished
        game (the game's own score name, e.g. "vp", beside "score")."""

    def summary(self, state, seed: int) -> dict:
        """What `arbiter play --json` prints after "game", "seed", "players"."""
        return {**self.result(state), "facts_used": self.facts_used(state)}

    # -- JSON --------------------------------------------------------------------------------------
    @abstractmethod
    def state_to_json(self, state) -> dict: ...

    @abstractmethod
    def load_state(self, data: dict):
        """The state a `state_to_json` dict describes (the game's own reading; `state_from_json` checks it)."""

    def state_names(self, data: dict) -> dict:
        """The sets of names and numbers the game's state shape (`state_shape.yaml`: `{id: set}`) checks a
        state against — its seats, its cards, its facts… — for this state (its player count, its mode).
        MalformedState when even those cannot be read from it."""
        return {}

    def check_state_json(self, data) -> None:
        """MalformedState unless `data` has the shape the game declares for its states (engine/<game>/
        state_shape.yaml): every key, every JSON type, every number in its range, every name one of the
        game's. What the engine reads of a state is bounded there, so no accepted state makes it crash or
        loop for ever (a billion Faith, an unknown card); `load_state` checks what spans several keys."""
        shape = shape_of(self.info.id, STATE_FILE)
        if shape is None:
            return
        try:
            shape.check(data, self.state_names(data))
        except SetupShapeError as exc:
            raise MalformedState(f"not a {self.info.id} state: {exc}") from None

    def state_from_json(self, data):
        """The state, or MalformedState when the engine cannot continue from it: not the game's shape, or
        its decision and legal actions cannot be worked out, or a game not over offers no move."""
        if not isinstance(data, dict):
            raise MalformedState(f"a {self.info.id} state is a JSON object, not {_short(data)}")
        self.check_state_json(data)
        try:
            state = self.load_state(data)
            due = self.decision(state)
            actions = self.enumerate_actions(state)
            over = self.is_over(state)
        except MalformedState:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise MalformedState(f"not a {self.info.id} state the engine can continue from "
                                 f"({type(exc).__name__}: {_short(exc)})") from None
        if not over and (due.seat is None or not actions):
            raise MalformedState(f"a {self.info.id} state not over must name who decides and offer a move")
        return state

    @abstractmethod
    def action_to_json(self, action) -> dict: ...

    def action_from_json(self, data):
        """The game's action from JSON, checked against its kind's declared fields (MalformedAction)."""
        return parse_action(data, self.action_specs(), self.info.id)

    # -- provenance ----------------------------------------------------------------------------------
    def facts(self) -> FactRegistry:
        return FactRegistry.load(self.data_dir, self.info.id)

    @abstractmethod
    def facts_used(self, state) -> list[str]:
        """Paths of the facts a state relied on that the rulebook text does not state (`source` or
        `assumed`), in the order first used."""

    # -- the card catalogue --------------------------------------------------------------------------------
    def card_identities(self) -> list[CardIdentity]:
        """Every card, tile or token with an identity of its own in this engine's data ([]: none)."""
        return []

    def card_catalogue(self) -> list[dict]:
        """Every card this engine can describe from its own data, in words (the card catalogue's lines; [] when
        the KB's rulebook text is the whole card): {"id", "name", "type", "age", "age_label", "kind", "deck",
        "values", "numbers", "effects", "provenance"}, each line {"field", "group", "text": {"ko", "en"}}."""
        return []

    def not_rulebook(self, paths) -> list[str]:
        """The paths among `paths` whose fact is not the rulebook's (an unknown path is kept: it must be
        explained, and the conformance test finds it)."""
        facts = self.facts()
        return [p for p in paths if (f := facts.get(p)) is None or f.source != "rulebook"]

    # -- scenarios -----------------------------------------------------------------------------------
    @abstractmethod
    def scenario_setup(self, spec: dict) -> Situation: ...

    @abstractmethod
    def scenario_step(self, situation: Situation, step: dict) -> list[dict]:
        """Play one scenario step (an action as JSON, or a runner step such as a whole phase) on
        `situation.state`, replacing it; the step's events."""

    @abstractmethod
    def scenario_value(self, situation: Situation, path: str): ...

    @abstractmethod
    def scenario_view(self, situation: Situation) -> dict:
        """The numbers a reader needs to follow an example (before and after), flat enough to diff."""

    # -- presentation --------------------------------------------------------------------------------
    def narrate_action(self, action: dict, lang: str) -> str:
        """One scenario step in words."""
        return ", ".join(f"{k}: {v}" for k, v in action.items())

    def narrate_event(self, event: dict, lang: str) -> str | None:
        """One event in words (None: not worth a line of its own)."""
        return None

    def label(self, key: str, lang: str) -> str:
        """A view field's name for players (`vp` → "VP" / "점수")."""
        return key

    # -- the app's Simulator ----------------------------------------------------------------------------
    def simulator_fields(self) -> list[Field]:
        """The situation a player sets up on the Simulator page ([] : the game offers none)."""
        return []

    def simulator_scenario(self, values: dict) -> dict:
        """A scenario spec (run by engine.scenarios) from the Simulator form's values; its expectations
        come from the rules. Raises ScenarioError with a readable message for an impossible situation."""
        raise ScenarioError(f"{self.info.id} has no Simulator")

    def picture(self, situation: Situation, lang: str) -> str | None:
        """An SVG drawing of the situation (the Obelisk Wheel, Imhotep's ships and sites...), or None."""
        return None

    # -- examples from a question's numbers ------------------------------------------------------------
    def vocabulary(self) -> Vocabulary:
        """The things and quantities a question about this game can name (engine/asked.py), from
        data/vocabulary.yaml: what its examples must show, or say they do not."""
        return load_vocabulary(self.data_dir)

    def example_from_question(self, asked: Asked, rule_ids: list[str]) -> QuestionExample | None:
        """A scenario built from what the question names and the numbers it writes (`asked`: its reading
        by this game's `vocabulary()`, which knows the asker's language), for one of `rule_ids` (the
        answer's rule first); None when no builder fits. The expectations come from the rule and the
        engine's facts, never from running the engine."""
        return None


def roles_of(state_seat_order: list[int], me: int) -> dict[str, int]:
    """The usual roles: "me" the given seat, "others.N" the others in the given order after "me"."""
    others = [s for s in state_seat_order if s != me]
    roles = {"me": me, **{f"others.{i}": s for i, s in enumerate(others)}}
    if others:
        roles["other"] = others[0]
    return roles
