"""Extension points for rule variants played on the Tekhenu engine (an expansion is one: Time of Seth,
engine/tekhenu_time_of_set/). The OpenFisca "reform" idea: a variant changes the base system at named
points instead of copying it.

A game played with a variant carries `state.ext` (plain data, the variant's own; `ext["variant"]` names
it); a base game has `state.ext is None` and never reaches a variant. The base modules ask `of(state)` at
each extension point, always behind a cheap `state.ext is not None` test, so base games pay nothing.
A variant registers itself (`register`) when its package is imported; this module imports nothing of
the engine, so every base module may use it and the dependencies still run one way (the variant
imports the base, never the reverse).

`Variant` lists every extension point with the base behaviour (a no-op, or "not handled"); a variant
overrides the ones it changes. Where a point returns a value, None / False means "the base rule applies".
"""
from __future__ import annotations

VARIANTS: dict[str, "Variant"] = {}


def register(variant: "Variant") -> None:
    VARIANTS[variant.name] = variant


def of(state) -> "Variant | None":
    ext = state.ext
    return None if ext is None else VARIANTS[ext["variant"]]


def blocked(state) -> bool:
    """Whether the flow must wait for a decision the variant owes someone now (a bonus to choose, an action
    a tile gives): the turn does not end, Botankhamun does not go on, the final actions wait."""
    return state.ext is not None and VARIANTS[state.ext["variant"]].blocked(state)


def fires(state, key) -> bool:
    """Whether a triggered effect (a Statue bonus, a Technology's reward...) fires now. In the base game
    always; a variant may let each fire at most once per turn (Time of Seth's triggered-effects rule)."""
    return state.ext is None or VARIANTS[state.ext["variant"]].fires(state, key)


def notify(state, what: str, seat: int, events: list, **data) -> None:
    """Something a variant's cards react to has happened: "statue" (kind: god | people), "building" (where:
    osiris | temple, ...), "pillar" (cell), "happiness" (before, after)."""
    if state.ext is not None:
        VARIANTS[state.ext["variant"]].notify(state, what, seat, events, **data)


class Variant:
    """Every extension point with the base game's behaviour."""
    name = "base"

    # -- setup (setup.new_game) ---------------------------------------------------------------------
    def new_ext(self, players: int, options: dict) -> dict:
        return {"variant": self.name}

    def copy_ext(self, ext: dict) -> dict | None:
        """A copy of `state.ext` for State.copy that shares nothing the engine changes in place; None: the
        generic deep copy of plain data."""
        return None

    def bag(self, players: int, options: dict):
        """(dice, boxed) for the draw bag, as Die lists; None: the base game's."""
        return None

    def before_wheel(self, state, rng) -> None:
        """After the bag is prepared, before the Obelisk Wheel is seeded."""

    def extra_cards(self, players: int, options: dict) -> dict:
        """Cards shuffled into the base decks: {"blessing": [...], ...}."""
        return {}

    def decrees_dealt(self, options: dict) -> int:
        return 2

    def after_setup(self, state, rng) -> None:
        """The game's first decisions (state.pending) once the board is laid out."""

    def solo_draft(self, state, rng) -> bool:
        """A solo game's first decisions (your cards on offer, Botankhamun's dealt Decrees); True when the variant
        set them up, False: the base game's."""
        return False

    def solo_setup(self, state, rng) -> None:
        """A solo game's setup once Botankhamun is prepared (the variant's own first decisions and tiles)."""

    def close_destiny(self, state, events: list) -> bool:
        """Every Destiny card is chosen; True when the variant takes the setup on from there."""
        return False

    # -- the flow -----------------------------------------------------------------------------------
    def blocked(self, state) -> bool:
        return False

    def fires(self, state, key) -> bool:
        return True

    def notify(self, state, what: str, seat: int, events: list, **data) -> None:
        pass

    # -- dice and taking a die ------------------------------------------------------------------------
    def after_take(self, state, p, action, events: list) -> None:
        """A die was taken from the Obelisk Wheel (state.pending describes it)."""

    def gained_on_take(self, state, color: str, value: int) -> dict | None:
        """What a die of this colour and value gives the moment it is taken ({"priests": 3}), before its action
        — so that deciding whether an action can follow it counts that too; None: nothing."""
        return None

    def add_shaded_dice(self, state, rng) -> bool:
        """Rotation step 3; True when the variant did it."""
        return False

    # -- God Actions ---------------------------------------------------------------------------------
    def extra_gods(self, state) -> tuple:
        """God Actions besides the six of the wheel that an Anubis Action (or any-action card) may perform."""
        return ()

    def god_refusal(self, state, p, pending: dict, god: str):
        """Why an extra god's action is impossible now (an IllegalAction), or None."""
        return None

    def owns(self, state, p, god: str) -> bool:
        """Whether the variant decides this base God Action's targets for this player (a card of its own
        changes how the action is taken: Time of Seth's TX05 for Thoth)."""
        return False

    def handle(self, state, p, action, events: list) -> None:
        """Perform a base God Action the variant owns for this player."""
        raise NotImplementedError(action.action)

    def variants(self, state, p, pending: dict, god: str) -> list:
        """Every target of an extra god's action (or of a base one the variant owns)."""
        return []

    def target_refusal(self, state, p, pending: dict, action):
        return None

    def horus_targets(self, state) -> list[str]:
        """Statue targets besides the base game's."""
        return []

    def horus_target_refusal(self, state, p, pending: dict, action):
        return None

    def build_statue(self, state, p, action, cost: int, events: list) -> str:
        """Build a Statue on a variant's target (the base pays nothing for it); the target's name."""
        raise NotImplementedError(action.target)

    def statue_bonus(self, state, seat: int, god: str, events: list) -> bool:
        """Give a Statue owner the bonus of a God Action; True when the variant did."""
        return False

    def after_action(self, state, p, pending: dict, action, events: list) -> None:
        """After a God Action or Produce Resources and its card effects."""

    # -- the Temple Complex ------------------------------------------------------------------------------
    def covered(self, state, key: str) -> bool:
        """Whether a Temple Complex space's printed reward is covered (no Pillar tile on it)."""
        return False

    def space_reward(self, state, p, key: str, events: list) -> None:
        """Ra step 3 on a covered space: the reward that covers the printed one."""

    def after_hathor(self, state, p, axis: str, line: int, events: list) -> None:
        """Hathor: after the spaces in line gave their rewards."""

    # -- Maat, Scoring, Decrees ------------------------------------------------------------------------
    def maat_player(self, state, p, balance: int, unused_faith: int, loss: int, events: list) -> int:
        """Maat steps 4 and 7 for one player: the VP lost (the base's `loss`)."""
        return loss

    def score(self, state, p, events: list) -> None:
        """A Scoring: what the variant adds for one player."""

    def decree_symbol(self, state, card: str) -> str:
        raise KeyError(card)

    def score_decree(self, state, p, card: str) -> int:
        raise KeyError(card)

    def extra_pieces(self, state, p) -> dict:
        """Pieces a variant's boards add to those Decrees count."""
        return {}

    # -- Botankhamun -----------------------------------------------------------------------------------
    def bot_tile_die(self, state, tile: str, events: list):
        """(section or None, die, rule, god) for a variant's Action tile (or its way of choosing a base tile's
        die), or None: the base tile. Section None: the variant took the die from its own board."""
        return None

    def bot_action(self, state, god: str):
        """Botankhamun's procedure for a God Action (a function like solo.ACTIONS'), or None: the base one."""
        return None

    def bot_fallback_die(self, state):
        """A Resource tile found no die of its Resources nor a gray die: (section, die, rule) or None."""
        return None

    def bot_ra_points(self, state, cell) -> int:
        return 0

    def bot_destiny(self, state, events: list) -> bool:
        """Botankhamun, first in Turn Order, takes its Destiny card; True when the variant did."""
        return False
