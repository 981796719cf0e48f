"""Scenarios for the shared runner (engine/scenarios.py): a situation set up from data, steps, paths.

    setup:
      players: 2            (2-4; default 2)
      seed: 1
      round: 2              (1: the first round, only taking cards; default 2)
      mode: simple | advanced | full      (the game's rules; default simple)
      seat: 0               my seat (the start player is seat 0; round 1 gives seat N N+1 civil actions)
      age: I                the current age (default: A in round 1, I later)
      phase: actions | politics           what "me" decides first (default actions)
      row: [card | null, ...]             the card row (13 slots; default: the seed's row)
      deck_i: N             keep only the top N cards of the Age I civil deck (deck_ii, deck_iii likewise)
      current_events / future_events / scoring_events: [card, ...]   the event decks (Advanced/Full)
      resign: true          the Full game's `resign` option
      last_round: true / final_round: N   the game's last round (Simple/Advanced) / the Full game's final round
      pacts: [{card, owner: role, a: role, b: role}]    pacts in play; wars: [{card, declarer: role, target: role}]
      me: {civ fields}                    overrides of "me" (the player whose turn it is)
      others: [{civ fields}, ...]         the other players in seat order after "me"
    civ fields: yellow_bank, yellow_cap, pool, blue_bank, blue_cap, workers {card: n}, blue {card: n},
      techs (added to the starting ones), government, specials, hand, military_hand, leader, leader_ages,
      wonder, wonder_stages, wonders, culture, science, civil_used, military_used, tactics, colonies.
      When `blue` is given and `blue_bank` is not, the bank holds what the cards do not.

    actions: engine actions ({"kind": "take", "slot": 6}, {"kind": "build", "card": "iron"}, ...), or runner
      steps: {"kind": "production"} (my production and maintenance), {"kind": "refill"}, {"kind": "event",
      "card": c}, {"kind": "final_bonus"}, {"kind": "sacrifice", "units": [...]},
      {"kind": "colonize", "territory": c, "bid": n, "units": [...], "bonus_cards": [n, ...]},
      {"kind": "aggression", "card": c, "target": "others.0", "units": [...], "defender_units": [...],
       "defense": n}, {"kind": "war", "attack": n, "defense": n}, {"kind": "end_of_age", "age": "II"},
      {"kind": "as", "role": "others.0", "action": {...}} (a move of another player's pending decision, checked
      like any move). A pact offered or a war declared is a move ({"kind": "declare_war", "card": c, "target": 1}).

    paths: me.<civ field> | me.<derived> (culture_rating, science_rating, strength, happy_faces,
      happy_faces_uncapped, consumption, population_cost, corruption, required_happiness, discontent,
      uprising, food, resources, civil_left, military_left, civil_total, military_total, hand_size,
      building_limit, food_per_round, resources_per_round, military_hand_limit, colonization_bonus,
      most_payable, workers.<card>, blue.<card>), others.N.<same>, state.<field> (state.row.N, state.round,
      state.last_round, state.pending.kind, state.phase...), decider (the seat deciding now).
"""
from __future__ import annotations

from .. import api
from ..api import ScenarioError, Situation
from . import civil, conflict, pacts, row, rules
from . import economy as eco
from .actions import specs
from .cards import all_cards, value
from .state import new_civ

CIV_FIELDS = {"yellow_bank", "yellow_cap", "pool", "blue_bank", "blue_cap", "workers", "blue", "techs", "government",
              "specials", "hand", "leader", "leader_ages", "wonder", "wonder_stages", "wonders", "culture", "science",
              "civil_used", "military_used", "tactics", "colonies", "civil_taken", "extra_military",
              "military_resources", "fresh", "military_hand", "ravaged", "civil_penalty"}


def _civ(overrides: dict, where: str) -> dict:
    civ = new_civ()
    unknown = set(overrides) - CIV_FIELDS
    if unknown:
        raise ScenarioError(f"{where}: unknown field(s) {sorted(unknown)}; known: {sorted(CIV_FIELDS)}")
    for key, val in overrides.items():
        if key == "techs":
            civ["techs"] = list(dict.fromkeys([*civ["techs"], *val]))
        elif key in ("workers", "blue"):
            civ[key] = {c: n for c, n in dict(val).items() if n}
        else:
            civ[key] = val
    for cid in [*civ["workers"], *civ["blue"], *civ["hand"], *civ["techs"], *civ["specials"], *civ["wonders"],
                *civ["military_hand"], *civ["colonies"], *([civ["tactics"]] if civ["tactics"] else [])]:
        if cid not in all_cards():
            raise ScenarioError(f"{where}: unknown card {cid!r}")
    for cid in civ["workers"]:
        if cid not in civ["techs"]:
            civ["techs"].append(cid)
    if ("blue" in overrides or "wonder_stages" in overrides) and "blue_bank" not in overrides:
        civ["blue_bank"] = civ["blue_cap"] - sum(civ["blue"].values()) - civ["wonder_stages"]
    if "leader" in overrides and overrides["leader"] and "leader_ages" not in overrides:
        civ["leader_ages"] = [all_cards()[overrides["leader"]]["age"]]
    return civ


def situation(spec: dict) -> Situation:
    setup = spec.get("setup") or {}
    players = setup.get("players", 2)
    mode = setup.get("mode", "simple")
    state = rules.new_game(players, setup.get("seed", 1), mode, bool(setup.get("resign")))
    state["round"] = setup.get("round", 2)
    state["age"] = setup.get("age", "A" if state["round"] == 1 else "I")
    state["phase"] = setup.get("phase", "actions")
    for key in ("deck_i", "deck_ii", "deck_iii"):
        age = key.split("_")[1].upper()
        if key in setup:
            state["decks"][age] = state["decks"][age][:setup[key]]
    for key in ("current_events", "future_events", "scoring_events"):
        if key in setup:
            state[key] = list(setup[key])
    if "row" in setup:
        row = list(setup["row"]) + [None] * (value("card_row")["slots"] - len(setup["row"]))
        state["row"] = row
    me = setup.get("seat", 0)
    state["current"] = me
    state["civs"][me] = _civ(setup.get("me") or {}, "setup.me")
    others = setup.get("others") or []
    order = [(me + i) % players for i in range(1, players)]
    for i, seat in enumerate(order):
        state["civs"][seat] = _civ(others[i] if i < len(others) else {}, f"setup.others.{i}")
    if mode == "simple":
        for civ in state["civs"]:
            civ["simple"] = True
    roles = {"me": me, **{f"others.{i}": seat for i, seat in enumerate(order)}}
    if order:
        roles["other"] = order[0]
    state["last_round"] = bool(setup.get("last_round", False))
    state["final_round"] = setup.get("final_round")
    for pact in setup.get("pacts") or []:
        pacts.add(state, {"card": pact["card"], **{k: roles[pact[k]] for k in ("owner", "a", "b")}})
    for war in setup.get("wars") or []:
        state["wars"].append({"card": war["card"], "declarer": roles[war["declarer"]], "target": roles[war["target"]]})
    return Situation(state=state, roles=roles, names={}, viewer=me)


def _seat(situation: Situation, role: str) -> int:
    if role not in situation.roles:
        raise ScenarioError(f"unknown role {role!r}")
    return situation.roles[role]


def play_step(situation: Situation, step: dict) -> list[dict]:
    state = situation.state
    kind = step.get("kind")
    civ = state["civs"][state["current"]]
    if kind == "production":
        return rules.production(state, state["current"])
    if kind == "refill":
        return row.refill(state)
    if kind == "event":
        return rules.apply_event(state, step["card"])
    if kind == "final_bonus":
        return [{"event": "bonus", "seat": state["current"], **eco.simple_bonus(civ)}]
    if kind == "sacrifice" and "units" in step:      # the runner's step; {kind: sacrifice, card} is a move
        probe = {**civ, "workers": dict(civ["workers"])}
        return [{"event": "sacrifice", "seat": state["current"], "strength": eco.strength(civ),
                 "added": conflict.sacrifice(probe, list(step["units"])),
                 "total": eco.strength(civ) + eco.sacrifice_strength(
                     [(all_cards()[c]["unit"], all_cards()[c]["level"], all_cards()[c]["strength"]) for c in step["units"]],
                     civ.get("tactics"))}]
    if kind == "colonize":
        return [{"seat": state["current"], **conflict.colonize(civ, step["territory"], step["bid"], list(step.get("units") or []),
                                                               list(step.get("bonus_cards") or []))}]
    if kind == "aggression" and isinstance(step.get("target"), str):   # the runner's step; a move names a seat
        target = state["civs"][_seat(situation, step["target"])]
        return [{"seat": state["current"], **conflict.aggression(civ, target, step["card"], list(step.get("units") or []),
                                                                 list(step.get("defender_units") or []),
                                                                 step.get("defense", 0))}]
    if kind == "war":
        return [conflict.war(step["attack"], step["defense"])]
    if kind == "end_of_age":
        return [{"seat": s, **conflict.end_of_age(c, step["age"], state["mode"] == "full")}
                for s, c in enumerate(state["civs"])]
    if kind == "as":
        seat = _seat(situation, step["role"])
        if rules.deciding_seat(state) != seat:
            raise ScenarioError(f"it is seat {rules.deciding_seat(state)}'s decision, not {step['role']}'s")
        new, events = _move(state, step["action"])
        situation.state = new
        return events
    new, events = _move(state, step)
    situation.state = new
    return events


def _move(state: dict, step: dict):
    """A player's move, its fields checked against their declaration (actions.specs). The rules judge it on the
    scenario's prepared position, as the runner does for every game (not only among the listed moves)."""
    return rules.apply(state, api.parse_action(dict(step), specs(), "through-the-ages"))


DERIVED = {
    "culture_rating": eco.culture_rating, "science_rating": eco.science_rating, "strength": eco.strength,
    "strength_uncapped": eco.strength_uncapped, "happy_faces": eco.happy_faces,
    "happy_faces_uncapped": eco.happy_faces_uncapped, "consumption": eco.consumption,
    "population_cost": eco.population_cost, "corruption": eco.corruption,
    "required_happiness": eco.required_happiness, "discontent": eco.discontent, "uprising": eco.uprising,
    "food": lambda c: eco.held(c, eco.FOOD), "resources": lambda c: eco.held(c, eco.RES),
    "hand_size": lambda c: len(c["hand"]), "building_limit": eco.building_limit,
    "food_per_round": lambda c: eco.production_per_round(c, eco.FOOD),
    "resources_per_round": lambda c: eco.production_per_round(c, eco.RES),
    "civil_actions": eco.civil_actions, "military_actions": eco.military_actions,
    "military_hand_limit": eco.military_hand_limit, "colonization_bonus": eco.colonization_bonus,
    "most_payable": conflict.most_payable, "military_hand_size": lambda c: len(c["military_hand"]),
}


def value_at(situation: Situation, path: str):
    state = situation.state
    head, _, rest = path.partition(".")
    if head == "decider":
        return rules.deciding_seat(state)
    if head == "state":
        node = state
        for part in rest.split("."):
            node = node[int(part)] if isinstance(node, list) else (node or {}).get(part)
        return node
    if head == "others":
        index, _, rest = rest.partition(".")
        seat = _seat(situation, f"others.{index}")
    elif head in situation.roles:
        seat = situation.roles[head]
    else:
        raise ScenarioError(f"unknown path {path!r}")
    civ = state["civs"][seat]
    field, _, sub = rest.partition(".")
    if field in ("civil_left", "military_left", "civil_total"):
        return {"civil_left": civil.civil_left, "military_left": civil.military_left,
                "civil_total": civil.civil_total}[field](state, seat)
    if field == "military_total":
        return eco.military_actions(civ)
    if field in DERIVED:
        return DERIVED[field](civ)
    if field in ("workers", "blue") and sub:
        return civ[field].get(sub, 0)
    if field in civ:
        return civ[field]
    raise ScenarioError(f"unknown path {path!r}")


def view(state: dict, seat: int) -> dict:
    civ = state["civs"][seat]
    return {
        "culture": civ["culture"], "science": civ["science"], "culture_rating": eco.culture_rating(civ),
        "science_rating": eco.science_rating(civ), "strength": eco.strength(civ), "happy_faces": eco.happy_faces(civ),
        "yellow_bank": civ["yellow_bank"], "pool": civ["pool"], "blue_bank": civ["blue_bank"],
        "food": eco.held(civ, eco.FOOD), "resources": eco.held(civ, eco.RES),
        "consumption": eco.consumption(civ), "corruption": eco.corruption(civ),
        "required_happiness": eco.required_happiness(civ), "discontent": eco.discontent(civ),
        "civil_left": civil.civil_left(state, seat), "military_left": civil.military_left(state, seat),
        "workers": dict(civ["workers"]), "hand": list(civ["hand"]), "government": civ["government"],
        "leader": civ["leader"], "wonder": civ["wonder"], "wonder_stages": civ["wonder_stages"],
        "wonders": list(civ["wonders"]),
    }
