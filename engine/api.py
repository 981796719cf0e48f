"""The one interface every game engine implements, so that the CLI, the assistant and the app reach any
game through `engine.registry` without per-game code.

The shape follows OpenSpiel's game/state split: an engine is a stateless object that makes states and
moves between them; a state is plain data (lossless JSON). Randomness lives in the state (a seeded RNG
stored in it), so the same seed and the same actions always give the same game. Every pending decision
is explicit (`decision`: who must decide what now — the Board Game Arena state-machine idea), and an
action the rules forbid raises `IllegalAction` naming the KB rule that forbids it.

Scenarios (rules as checked examples, `engine.scenarios`) need three more things from a game: how a
situation is set up from data, how a scenario step is played, and how a value is read by a dotted path.
Presentation (`narrate_*`, `label`) keeps every player-facing string bilingual and in the engine that
knows what its events mean.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path

from .asked import Vocabulary
from .asked import load as load_vocabulary
from .facts import FactRegistry


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


@dataclass
class QuestionExample:
    """What a game's example builders make of a question's numbers: the scenario to run, and/or a
    notice when a number of the question cannot be used as asked (out of the game's range, say) — the
    example then says so instead of quietly running another number."""
    spec: dict | None
    notice: dict | None = None                      # {"ko", "en"}
    rule: str | None = None                         # the answer's rule it was built for (set by the framework)


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
    def legal_actions(self, state) -> list: ...

    @abstractmethod
    def apply(self, state, action) -> tuple[object, list[dict]]:
        """A new state and the events of the move; the input state is never changed. Raises
        IllegalAction (with the forbidding rule's id) for a move the rules forbid."""

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
    def state_from_json(self, data: dict): ...

    @abstractmethod
    def action_to_json(self, action) -> dict: ...

    @abstractmethod
    def action_from_json(self, data: dict): ...

    # -- provenance ----------------------------------------------------------------------------------
    def facts(self) -> FactRegistry:
        return FactRegistry.load(self.data_dir, self.info.id)

    @abstractmethod
    def facts_used(self, state) -> list[str]:
        """Paths of the facts a state relied on that the rulebook text does not state (`source` or
        `assumed`), in the order first used."""

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

    def example_from_question(self, question: str, rule_ids: list[str], lang: str) -> QuestionExample | None:
        """A scenario built from the numbers the question carries (engine.numbers reads them in any
        phrasing), for one of `rule_ids` (the answer's rule first); None when no builder fits. The
        expectations come from the rule and the engine's facts, never from running the engine."""
        return None


def roles_of(state_seat_order: list[int], me: int) -> dict[str, int]:
    """The usual roles: "me" the given seat, "others.N" the others in the given order after "me"."""
    others = [s for s in state_seat_order if s != me]
    roles = {"me": me, **{f"others.{i}": s for i, s in enumerate(others)}}
    if others:
        roles["other"] = others[0]
    return roles
