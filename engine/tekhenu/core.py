"""The small core of state changes that every rule module uses: paying (Gold is wild, and the
Technologies that change what may stand in), the Populace track (Happiness with its rewards, Population
with the Card Market sections it opens), and the requests a rule makes of the turn flow.

Nothing here decides whose turn it is or what comes next. A rule that gives an extra action only
*requests* it (an entry in `state.turn_effects["extras"]`); the flow (rules.py) offers it and ends the
turn once nothing is owed — the boardgame.io idea of events carried out after the move, so that rule
modules never call back up into the flow.
"""
from __future__ import annotations

from ..errors import IllegalAction
from . import market
from .board import FACTS
from .cards import CARD_FACTS, note_reading
from .terms import both

H21 = "happiness21"
H21_RULE = "tekhenu/actions/bastet/happiness-21-extra-action"
TURN_PHASES = ("take_die", "act")


# -- paying: Gold is wild; T22 swaps the two stones; T10 swaps Gold and Scribes -----------------------
def _twin(p, resource: str) -> str | None:
    if "T22" in p.technologies and resource in ("limestone", "granite"):
        return "granite" if resource == "limestone" else "limestone"
    return None


def available(p, resource: str) -> int:
    """How much of a Resource (or of Scribes) this player can spend, substitutes included."""
    t10 = "T10" in p.technologies
    if resource == "scribes":
        return p.scribes + (p.resources["gold"] if t10 else 0)
    twin = _twin(p, resource)
    return (p.resources[resource] + (p.resources[twin] if twin else 0) + p.resources["gold"]
            + (p.scribes if t10 else 0))


def pay(state, p, resource: str, amount: int, rule: str, events: list | None = None, in_turn: bool = True) -> None:
    """Spend the named Resource first, then its substitutes (card_effects.readings.t10_scribe_as_gold):
    Gold for any Resource (tekhenu/actions/spending-resources/gold-wild), T22 the other stone, T10 Scribes
    for Gold and Gold for Scribes."""
    if amount <= 0:
        return
    if available(p, resource) < amount:
        en, ko = both(resource)
        raise IllegalAction(rule, f"you need {amount} {en} and do not have them",
                            f"{ko} {amount}개가 필요하지만 없습니다")
    if resource == "scribes":
        order = [("scribes", None), ("gold", "T10")]
    else:
        order = [(resource, None)] + ([(_twin(p, resource), "T22")] if _twin(p, resource) else []) + \
                [("gold", None)] + ([("scribes", "T10")] if "T10" in p.technologies else [])
    for source, card in order:
        have = p.scribes if source == "scribes" else p.resources[source]
        used = min(have, amount)
        if not used:
            continue
        if source == "scribes":
            p.scribes -= used
        else:
            p.resources[source] -= used
        amount -= used
        if card:
            _substituted(state, p, card, state.log if events is None else events, in_turn)
        if not amount:
            return


def _substituted(state, p, card: str, events: list, in_turn: bool) -> None:
    """T10/T22: "If you do this at least once during your turn, score 1 Victory Point"."""
    if card == "T10":
        note_reading(state, "t10_scribe_as_gold")
    in_turn = in_turn and state.phase in TURN_PHASES and state.current.seat == p.seat
    done = state.turn_effects.setdefault("substituted", [])
    if in_turn and card not in done:
        done.append(card)
        vp = CARD_FACTS("technology.T10_vp_per_turn" if card == "T10" else "technology.T22_vp_per_turn")
        card_vp(p, card, vp, events)


# -- gaining ------------------------------------------------------------------------------------------
def gain(p, gains: dict) -> None:
    """Resources, Scribes, Faith or VP into a player's supply (no track: see advance_*)."""
    for key, amount in gains.items():
        if key == "scribes":
            p.scribes += amount
        elif key == "faith":
            p.faith += amount
        elif key == "vp":
            p.vp += amount
        else:
            p.resources[key] += amount


def card_vp(p, card: str, vp: int, events: list, **extra) -> None:
    """VP a card's effect scores, with its event."""
    p.vp += vp
    events.append({"event": "card_effect", "seat": p.seat, "card": card, "vp": vp, "rule": f"tekhenu/{card}",
                   **extra})


# -- the Populace track ----------------------------------------------------------------------------
def advance_happiness(state, p, steps: int, events: list) -> None:
    """Happiness up the Populace track, never beyond Population (tekhenu/actions/bastet/happiness-cap);
    reaching 16, 19 and 21 the first time rewards 1 Gold, 1 Scribe, an immediate extra action."""
    before = p.happiness
    p.happiness = min(p.happiness + steps, p.population, FACTS("limits.populace_max"))
    if before + steps > FACTS("limits.populace_max") and p.population >= FACTS("limits.populace_max"):
        state.note_assumed("limits.populace_max")
    for threshold, reward in sorted(FACTS("bastet.happiness_rewards").items()):
        if before < threshold <= p.happiness and threshold not in p.reached:
            p.reached.append(threshold)
            if reward == "gold":
                p.resources["gold"] += 1
            elif reward == "scribe":
                p.scribes += 1
            elif reward == "extra_action":
                request_extra_action(state, p, H21, events)
            events.append({"event": "happiness_reward", "seat": p.seat, "at": threshold, "reward": reward,
                           "rule": HAPPINESS_REWARD_RULES[threshold]})


HAPPINESS_REWARD_RULES = {16: "tekhenu/actions/bastet/happiness-16-gold",
                          19: "tekhenu/actions/bastet/happiness-19-scribe",
                          21: H21_RULE}


def advance_population(state, p, steps: int, events: list) -> None:
    """Population up the Populace track; 9 and 13 open the Card Market's third and fourth sections."""
    if p.population + steps > FACTS("limits.populace_max"):
        state.note_assumed("limits.populace_max")      # the track's end is not in the text
    p.population = min(p.population + steps, FACTS("limits.populace_max"))
    rng = state.random()
    market.open_sections_for_population(state, p.population, rng, events)
    state.store_random(rng)


# -- requests to the turn flow ------------------------------------------------------------------------
def request_extra_action(state, p, by: str, events: list | None = None) -> None:
    """An extra action is owed (B17-B20 with the die taken; Happiness 21 at once): the flow offers it,
    and the turn does not end while one is owed."""
    entry = {"by": by, "seat": p.seat} if by == H21 else {"by": by}
    state.turn_effects.setdefault("extras", []).append(entry)
    if by == H21 and events is not None:
        events.append({"event": "extra_action", "seat": p.seat, "by": H21, "rule": H21_RULE})

