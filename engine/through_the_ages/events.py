"""Events: the Simple game's current events and the Advanced/Full games' events and territories revealed by a
political action, military card draws, and the Age III events' culture at the end (impact scoring).

"Strongest", "weakest" and "most" compare the civilisations still in the game; in a 2-player game "the two
strongest" means "the stronger" (through-the-ages/advanced/political-action/future-events/two-player-wording);
a tie includes every tied civilisation (assumed: decisions.ties). Choices a card leaves to a player follow
conflict.py's fixed rule (decisions.event_choices). A card takes no more than a civilisation has: culture
never below zero from a card (through-the-ages/advanced/political-action/future-events/pay-what-you-have)."""
from __future__ import annotations

from ..errors import IllegalAction
from . import civil, conflict, row
from . import economy as eco
from .cards import FULL, card, value
from .economy import FOOD, RES
from .state import shuffled


def active_seats(state: dict) -> list[int]:
    return [s for s, c in enumerate(state["civs"]) if not c["resigned"]]


def _pick(state: dict, key, count: int, best: bool) -> list[int]:
    """The `count` civilisations highest (best) or lowest by `key`, every tied civilisation included."""
    seats = active_seats(state)
    if len(seats) == 2:
        count = 1
    ranked = sorted(seats, key=lambda s: key(state["civs"][s]), reverse=best)
    if not ranked:
        return []
    edge = key(state["civs"][ranked[min(count, len(ranked)) - 1]])
    return [s for s in ranked if (key(state["civs"][s]) >= edge if best else key(state["civs"][s]) <= edge)]


def strongest(state: dict, count: int = 1) -> list[int]:
    return _pick(state, eco.strength, count, True)


def weakest(state: dict, count: int = 1) -> list[int]:
    return _pick(state, eco.strength, count, False)


# ----------------------------------------------------------------------------------------- military cards
def discard_military(state: dict, cards: list[str]) -> None:
    """Discarded military cards go face down to their age's discard pile, or to the box if their age is past
    (through-the-ages/advanced/military-cards/discarding/past-age-to-box)."""
    current = row.military_age(state)
    for c in cards:
        age = card(c)["age"]
        if current and age in state["mil_discards"] and card(c)["level"] >= card_level(current):
            state["mil_discards"][age].append(c)
        else:
            state["box"].append(c)


def card_level(age: str) -> int:
    return conflict.LEVEL_OF_AGE[age]


def draw_military(state: dict, seat: int, n: int) -> list[dict]:
    """Draw military cards from the current age's deck, reshuffling its discards when it runs out
    (through-the-ages/advanced/military-cards/discarding/reshuffle)."""
    age = row.military_age(state)
    if not age or n <= 0 or age not in state.get("mil_decks", {}):
        return []
    drawn = []
    for _ in range(n):
        if not state["mil_decks"][age] and state["mil_discards"][age]:
            state["mil_decks"][age] = shuffled(state, state["mil_discards"][age])
            state["mil_discards"][age] = []
        if not state["mil_decks"][age]:
            break
        drawn.append(state["mil_decks"][age].pop(0))
    state["civs"][seat]["military_hand"] += drawn
    return [{"event": "drew_military", "seat": seat, "count": len(drawn)}] if drawn else []


# ------------------------------------------------------------------------------------------------ events
def resolve(state: dict, cid: str, active: int) -> list[dict]:
    """Carry out an event for every civilisation (through-the-ages/later-rounds/events/reveal); a territory
    opens a colonization auction instead (through-the-ages/advanced/colonization/auction), which the
    political moves then play out. `active`: the player whose turn it is."""
    info = card(cid)
    events = [{"event": "event", "card": cid, "seat": active}]
    if info["type"] == "territory":
        order = [(active + i) % state["players"] for i in range(state["players"])]
        order = [s for s in order if not state["civs"][s]["resigned"]]
        state["pending"] = {"kind": "bid", "territory": cid, "order": order, "active": list(order), "turn": 0,
                            "high": 0, "leader": None}
        events.append({"event": "auction", "card": cid, "order": order})
        return events
    if info.get("impact"):
        events += score_impact(state, cid)
        state["past_events"].append(cid)
        return events
    civs = state["civs"]
    seats = active_seats(state)
    cap = value("science_total_cap")
    for s in seats:
        civ = civs[s]
        if info.get("all_food"):
            eco.gain(civ, FOOD, info["all_food"])
        if info.get("all_resources"):
            eco.gain(civ, RES, info["all_resources"])
        if info.get("all_food_or_resources"):
            conflict.gain_either(civ, info["all_food_or_resources"])
        if info.get("all_science"):
            civ["science"] = min(cap, civ["science"] + info["all_science"])
        if info.get("all_population"):
            conflict.gain_population(civ, info["all_population"])
        if info.get("free_warriors") and civ["pool"] > 0:
            civ["pool"] -= 1
            civ["workers"]["warriors"] = civ["workers"].get("warriors", 0) + 1
        if info.get("free_temple") and civ["pool"] > 0 and eco.buildings_of(civ, "temple") < eco.building_limit(civ):
            civ["pool"] -= 1
            civ["workers"]["religion"] = civ["workers"].get("religion", 0) + 1
        if info.get("all_draw_military"):
            events += draw_military(state, s, info["all_draw_military"])
        if info.get("all_culture_rating"):
            civ["culture"] += eco.culture_rating(civ)
        if info.get("all_science_rating"):
            civ["science"] = min(cap, civ["science"] + eco.science_rating(civ))
        if info.get("all_culture_from_science_rating"):
            civ["culture"] += eco.science_rating(civ)
        if info.get("all_produce"):
            for kind in info["all_produce"]:
                made = eco.produce(civ, FOOD if kind == "food" else RES)
                events.append({"event": "produced", "seat": s, "kind": kind, "amount": made})
            if info.get("with_maintenance"):
                eat = eco.consumption(civ)
                paid = min(eat, eco.held(civ, FOOD))
                eco.pay(civ, FOOD, paid, "through-the-ages/later-rounds/maintenance/feed-your-people")
                civ["culture"] -= (eat - paid) * value("famine_culture_per_food")
                if civ["culture"] < 0:
                    value("decisions.famine_below_zero")
                eco.lose(civ, RES, eco.corruption(civ))
        if info.get("all_lose_population"):
            conflict.lose_population(civ, info["all_lose_population"])
        if info.get("all_lose_all_food"):
            eco.lose(civ, FOOD, eco.held(civ, FOOD))
        if info.get("civil_lost_per_discontent"):
            civ["civil_penalty"] += info["civil_lost_per_discontent"] * eco.discontent(civ)
        if info.get("culture_lost_per_discontent"):
            conflict.lose_culture(civ, info["culture_lost_per_discontent"] * eco.discontent(civ))
        if info.get("lose_half_discontent"):
            gone = min(civ["pool"], -(-eco.discontent(civ) // 2))
            civ["pool"] -= gone
            civ["yellow_bank"] += gone
        if info.get("discard_old_leaders") and civ["leader"] and card(civ["leader"])["age"] != state["age"]:
            state["box"].append(civ["leader"])
            civ["leader"] = None
        if info.get("ravages_of_time"):
            old = [w for w in civ["wonders"] if card(w)["age"] in ("A", "I") and w not in civ["ravaged"]]
            if old:
                civ["ravaged"].append(old[0])
                civ["ravaged_culture"] = civ.get("ravaged_culture", 0) + info["ravages_of_time"]
    if info.get("no_discard_this_round"):
        civs[active]["skip_discard"] = True
    if info.get("culture_leader_among_weakest"):
        rule = info["culture_leader_among_weakest"]
        leaders = _pick(state, lambda c: c["culture"], 1, True)
        weak = weakest(state, rule["count"])
        for s in leaders:
            if s in weak:
                conflict.lose_population(civs[s], rule["lose_population"])
    # the strongest's gains before the weakest's losses: a civilisation that is both (all tied) loses from what it
    # holds after gaining, so the card's two lines cancel out as they would if resolved together
    for key, seats_of in (("strongest", strongest), ("weakest", weakest)):
        rule = info.get(key)
        if rule:
            for s in seats_of(state, rule["count"]):
                events += _apply_rule(state, s, rule)
    if info.get("happiest_population"):
        for s in _pick(state, eco.happy_faces, 1, True):
            conflict.gain_population(civs[s], info["happiest_population"])
    if info.get("yellow_weakest_to_strongest"):
        weak, strong = weakest(state), strongest(state)
        for w in weak:
            if w not in strong:
                conflict.give_yellow(civs[w], civs[strong[0]], 1)
    if info.get("most_culture_gains"):
        for s in _pick(state, lambda c: c["culture"], 1, True):
            civs[s]["culture"] += info["most_culture_gains"]
    if info.get("terrorism"):
        for least in _pick(state, lambda c: c["culture"], 1, False)[:1]:
            for s in active_seats(state):
                if s != least:
                    conflict.destroy_building(civs[s], ("urban",), dearest=True)
    if info.get("strongest_takes_cards"):
        events += _international_agreement(state, strongest(state)[0], info["strongest_takes_cards"])
    state["past_events"].append(cid)
    return events


def _apply_rule(state, s, rule):
    civ = state["civs"][s]
    cap = value("science_total_cap")
    if rule.get("lose_building"):
        conflict.destroy_building(civ, ("urban", "farm", "mine"), dearest=False)
    if rule.get("lose_culture"):
        conflict.lose_culture(civ, rule["lose_culture"])
    if rule.get("lose_population"):
        conflict.lose_population(civ, rule["lose_population"])
    if rule.get("lose_food_or_resources"):
        conflict.lose_either(civ, rule["lose_food_or_resources"])
    if rule.get("lose_colony") and civ["colonies"]:
        colony = civ["colonies"][0]
        conflict.remove_colony(civ, colony)
        state["box"].append(colony)
    if rule.get("lose_blue"):
        conflict.remove_tokens(civ, "blue", rule["lose_blue"])
    if rule.get("gain_resources"):
        eco.gain(civ, RES, rule["gain_resources"])
    if rule.get("gain_culture"):
        civ["culture"] += rule["gain_culture"]
    if rule.get("gain_food_or_resources"):
        conflict.gain_either(civ, rule["gain_food_or_resources"])
    if rule.get("gain_science"):
        civ["science"] = min(cap, civ["science"] + rule["gain_science"])
    if rule.get("gain_population"):
        conflict.gain_population(civ, rule["gain_population"])
    return []


def _international_agreement(state, seat, actions):
    """The strongest civilisation takes cards from the row worth up to `actions` civil actions (left to right,
    what it may take), misses its next political action, and the row is filled again."""
    civ = state["civs"][seat]
    saved = (state["current"], civ["civil_used"], civ["civil_taken"], list(civ["fresh"]))
    state["current"] = seat
    budget = actions
    events = []
    for slot in range(len(state["row"])):
        if state["row"][slot] is None or civil.take_cost(state, seat, slot) > budget:
            continue
        civ["civil_used"] = civil.civil_total(state, seat) - budget
        try:
            civil.check(state, {"kind": "take", "slot": slot})
        except IllegalAction:
            continue
        budget -= civil.take_cost(state, seat, slot)
        events += civil.take(state, seat, slot)
    state["current"], civ["civil_used"], civ["civil_taken"], fresh = saved
    if seat != state["current"]:
        civ["fresh"] = fresh                  # cards taken out of turn can be played on the civ's own turn
    civ["skip_politics"] = True
    events += row.refill(state, remove=False)
    return events


# -------------------------------------------------------------------------------------------- Age III scoring
def impact_culture(state: dict, cid: str) -> dict[int, int]:
    """Culture each civilisation scores for an Age III event (through-the-ages/advanced/setup/age-iii-events)."""
    rule = card(cid)["impact"]
    seats = active_seats(state)
    civs = state["civs"]
    out = {}
    if "rank_by" in rule:
        key = eco.science_rating if rule["rank_by"] == "science_rating" else eco.strength
        table = rule["by_players"][len(seats)] if len(seats) in rule["by_players"] else rule["by_players"][2]
        values = sorted((key(civs[s]) for s in seats), reverse=True)
        for s in seats:
            out[s] = table[min(values.index(key(civs[s])), len(table) - 1)]   # tied: the best shared rank
        return out
    top = "II" if state["mode"] != FULL else "III"
    for s in seats:
        c = civs[s]
        if "food_production" in rule:
            v = eco.production_per_round(c, FOOD)
        elif "resource_production" in rule:
            v = eco.production_per_round(c, RES)
        elif "urban_levels" in rule:
            v = sum(n * card(x)["level"] for x, n in c["workers"].items() if card(x)["type"] == "urban")
        elif "per_colony" in rule:
            v = rule["per_colony"] * len(c["colonies"])
        elif "unit_and_arena_levels" in rule:
            v = sum(n * card(x)["level"] for x, n in c["workers"].items()
                    if card(x)["type"] == "unit" or card(x).get("building") == "arena")
        elif "per_civil_action" in rule:
            v = rule["per_civil_action"] * eco.civil_actions(c) + rule["per_military_action"] * eco.military_actions(c)
        elif "per_happy_face" in rule:
            v = min(rule["max"], rule["per_happy_face"] * eco.happy_faces(c)) + rule["per_discontent"] * eco.discontent(c)
        elif "per_content_worker_above" in rule:
            population = c["pool"] + sum(c["workers"].values())
            v = rule["factor"] * max(0, population - eco.discontent(c) - rule["per_content_worker_above"])
        elif "government_and_special_levels" in rule:
            v = rule["government_and_special_levels"] * (card(c["government"])["level"] + sum(card(x)["level"] for x in c["specials"]))
        elif "per_top_technology" in rule:
            v = rule["per_top_technology"] * sum(1 for x in [*c["techs"], *c["specials"], c["government"]] if card(x)["age"] == top)
        else:
            v = sum(rule["per_wonder_by_age"][card(w)["age"]] for w in c["wonders"])
        out[s] = v
    return out


def score_impact(state: dict, cid: str) -> list[dict]:
    gained = impact_culture(state, cid)
    for s, v in gained.items():
        state["civs"][s]["culture"] += v
    return [{"event": "impact", "card": cid, "culture": {str(s): v for s, v in gained.items()}}]
