"""The Advanced and Full games' conflicts as functions over civilisations: sacrificing units, colonies gained
and lost, the effects of aggression cards, losses an event, aggression or war imposes (never more than the
civilisation has, through-the-ages/advanced/political-action/future-events/pay-what-you-have), a war's outcome
and spoils, the end of an age. Sacrificed units are named by their cards (one worker each); they go back to the yellow bank
(through-the-ages/advanced/colonization/bid-is-sacrificed-strength).

Where a card leaves a choice to a player (which building, which unit, food or resources), the engine decides by
one fixed rule, `decisions.event_choices` in data/board.yaml (assumed): gains go to the kind held less, losses
come from the kind held more, a lost population token comes from the worker pool else from the cheapest card,
a lost building is the cheapest, a raided one the dearest, a lost colony or wonder the first in play."""
from __future__ import annotations

from ..errors import IllegalAction
from . import economy as eco
from .cards import called_all, card, value
from .economy import FOOD, RES

LEVEL_OF_AGE = {"A": 0, "I": 1, "II": 2, "III": 3, "IV": 4}


# ------------------------------------------------------------------------------------------- sacrifices
def unit_tuples(cards: list[str]) -> list[tuple[str, int, int]]:
    return [(card(c)["unit"], card(c)["level"], card(c)["strength"]) for c in cards]


def sacrifice_value(civ: dict, cards: list[str]) -> int:
    """What sacrificing these units adds: their strength and the bonus of whole armies among them."""
    return eco.sacrifice_strength(unit_tuples(cards), civ.get("tactics"))


def can_sacrifice(civ: dict, cards: list[str]) -> bool:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return all(card(c)["type"] == "unit" and civ["workers"].get(c, 0) >= n for c, n in counts.items())


def sacrifice(civ: dict, cards: list[str], rule_id: str = "through-the-ages/advanced/aggression/attacker-strength") -> int:
    """Remove the sacrificed units (workers back to the yellow bank); their strength with army bonuses."""
    if not can_sacrifice(civ, cards):
        raise IllegalAction(rule_id, f"no such units to sacrifice: {called_all(cards, 'en')}",
                            f"희생할 유닛이 없습니다: {called_all(cards, 'ko')}")
    added = sacrifice_value(civ, cards)
    for c in cards:
        civ["workers"][c] -= 1
        if not civ["workers"][c]:
            del civ["workers"][c]
        civ["yellow_bank"] += 1
    return added


def all_units(civ: dict) -> list[str]:
    return [c for c, n in civ["workers"].items() if card(c)["type"] == "unit" for _ in range(n)]


def bonus_value(civ: dict, bonus_cards: list[str], use: str) -> int:
    """Defense or colonization value of bonus cards (through-the-ages/advanced/military-cards/defense-colonization-bonus/different-bonuses):
    James Cook adds 1 to each card used to colonize, Churchill doubles defense cards."""
    lead = eco.leader(civ)
    if use == "colonize":
        return sum(card(b)["colonize"] + lead.get("bonus_card_colonize_plus", 0) for b in bonus_cards)
    return sum(card(b)["defense"] * (2 if lead.get("defense_cards_double") else 1) for b in bonus_cards)


def most_payable(civ: dict) -> int:
    """The highest colonization bid a civilisation can pay: every unit, every colonization bonus card in hand
    and its permanent bonus (through-the-ages/advanced/colonization/paying-the-bid); 0 without a unit
    (through-the-ages/advanced/colonization/at-least-one-unit)."""
    units = all_units(civ)
    if not units:
        return 0
    bonus_cards = [c for c in civ["military_hand"] if card(c)["type"] == "bonus"]
    return sacrifice_value(civ, units) + bonus_value(civ, bonus_cards, "colonize") + eco.colonization_bonus(civ)


# -------------------------------------------------------------------------------------------- colonies
def add_colony(civ: dict, territory: str) -> dict:
    """Place a colony: its permanent bonus (yellow or blue tokens into the bank's rightmost section, strength or
    happy faces by the card) and its immediate bonus (through-the-ages/advanced/colonization/permanent-bonus,
    through-the-ages/advanced/colonization/immediate-bonus). Military cards to draw are returned, not drawn."""
    info = card(territory)
    civ["colonies"].append(territory)
    extra_yellow, extra_blue = info.get("permanent_yellow", 0), info.get("permanent_blue", 0)
    civ["yellow_cap"] += extra_yellow
    civ["yellow_bank"] += extra_yellow
    civ["blue_cap"] += extra_blue
    civ["blue_bank"] += extra_blue
    grow = min(info.get("immediate_population", 0), civ["yellow_bank"])
    civ["yellow_bank"] -= grow
    civ["pool"] += grow
    civ["science"] = min(value("science_total_cap"), civ["science"] + info.get("immediate_science", 0))
    civ["culture"] += info.get("immediate_culture", 0)
    food = eco.gain(civ, FOOD, info.get("immediate_food", 0))
    res = eco.gain(civ, RES, info.get("immediate_resources", 0))
    return {"event": "colony", "card": territory, "population": grow, "food": food, "resources": res,
            "draw": info.get("immediate_military_cards", 0)}


def remove_tokens(civ: dict, color: str, n: int) -> int:
    """Tokens taken out of a bank into the box (a lost colony, the Full game's end of an age, Crime Wave): the
    rightmost tokens go, so they count as taken for the bank's sections; `*_boxed` keeps the count."""
    bank = f"{color}_bank"
    gone = min(n, civ[bank])
    civ[bank] -= gone
    civ[f"{color}_boxed"] = civ.get(f"{color}_boxed", 0) + gone
    return gone


def remove_colony(civ: dict, territory: str) -> None:
    """Lose a colony and its permanent tokens (through-the-ages/advanced/colonization/example: the tokens leave
    the bank for the box; the population stays)."""
    info = card(territory)
    civ["colonies"].remove(territory)
    remove_tokens(civ, "yellow", info.get("permanent_yellow", 0))
    remove_tokens(civ, "blue", info.get("permanent_blue", 0))


def pay_colony(civ: dict, bid: int, units: list[str], bonus_cards: list[str]) -> int:
    """Pay a won bid: at least one unit (through-the-ages/advanced/colonization/at-least-one-unit); units + bonus
    cards + permanent bonuses ≥ the bid (through-the-ages/advanced/colonization/bonus-cards). Returns what was
    paid; the bonus cards leave the hand."""
    if not units:
        raise IllegalAction("through-the-ages/advanced/colonization/at-least-one-unit",
                            "a colony needs at least one sacrificed unit", "식민지를 얻으려면 군사 유닛을 하나 이상 희생해야 합니다")
    if not can_sacrifice(civ, units):
        raise IllegalAction("through-the-ages/advanced/colonization/bid-is-sacrificed-strength",
                            f"no such units to sacrifice: {called_all(units, 'en')}",
                            f"희생할 유닛이 없습니다: {called_all(units, 'ko')}")
    paid = sacrifice_value(civ, units) + eco.colonization_bonus(civ) + bonus_value(civ, bonus_cards, "colonize")
    if paid < bid:
        raise IllegalAction("through-the-ages/advanced/colonization/paying-the-bid",
                            f"units and bonuses give {paid}, the bid is {bid}", f"희생과 보너스 합 {paid}이(가) 입찰 {bid}보다 작습니다")
    sacrifice(civ, units)
    for b in bonus_cards:
        civ["military_hand"].remove(b)
    return paid


def colonize(civ: dict, territory: str, bid: int, units: list[str], bonus_cards: list) -> dict:
    """A won colonization paid and placed (the runner's step; in play the auction and the payment are moves).
    `bonus_cards`: bonus card ids in hand, or plain numbers for a bonus of that value."""
    numbers = [b for b in bonus_cards if isinstance(b, int)]
    cards = [b for b in bonus_cards if not isinstance(b, int)]
    own = eco.colonization_bonus(civ)
    if not units:
        raise IllegalAction("through-the-ages/advanced/colonization/at-least-one-unit",
                            "a colony needs at least one sacrificed unit", "식민지를 얻으려면 군사 유닛을 하나 이상 희생해야 합니다")
    paid = pay_colony(civ, max(0, bid - sum(numbers)), units, cards) + sum(numbers)
    placed = add_colony(civ, territory)
    return {**placed, "bid": bid, "paid": paid, "own_bonus": own, "bonus_cards": bonus_value(civ, cards, "colonize") + sum(numbers),
            "units": list(units)}


# ---------------------------------------------------------------------------------------------- losses
def _cheapest_worker_card(civ: dict) -> str | None:
    cards = [c for c, n in civ["workers"].items() if n]
    return min(cards, key=lambda c: (card(c).get("cost", 0), c)) if cards else None


def lose_population(civ: dict, n: int = 1) -> int:
    """Send yellow tokens back to the bank: from the worker pool, else from a technology card
    (through-the-ages/advanced/political-action/future-events/lose-population). Returns how many."""
    lost = 0
    for _ in range(n):
        if civ["pool"] > 0:
            civ["pool"] -= 1
        else:
            c = _cheapest_worker_card(civ)
            if c is None:
                break
            civ["workers"][c] -= 1
            if not civ["workers"][c]:
                del civ["workers"][c]
        civ["yellow_bank"] += 1
        lost += 1
    return lost


def gain_population(civ: dict, n: int = 1) -> int:
    """Free population increases (while the yellow bank has tokens)."""
    grow = min(n, civ["yellow_bank"])
    civ["yellow_bank"] -= grow
    civ["pool"] += grow
    return grow


def destroy_building(civ: dict, types: tuple[str, ...], dearest: bool) -> str | None:
    """Destroy one building of the given card types; its worker goes to the worker pool."""
    cards = [c for c, n in civ["workers"].items() if n and card(c)["type"] in types]
    if not cards:
        return None
    pick = (max if dearest else min)(cards, key=lambda c: (card(c).get("cost", 0), c))
    civ["workers"][pick] -= 1
    if not civ["workers"][pick]:
        del civ["workers"][pick]
    civ["pool"] += 1
    return pick


def gain_either(civ: dict, amount: int) -> dict:
    """Produce `amount` food or resources, one at a time into the kind held less."""
    got = {FOOD: 0, RES: 0}
    for _ in range(amount):
        kind = FOOD if eco.held(civ, FOOD) <= eco.held(civ, RES) else RES
        if not eco.gain(civ, kind, 1):
            other = RES if kind == FOOD else FOOD
            if not eco.gain(civ, other, 1):
                break
            kind = other
        got[kind] += 1
    return got


def lose_either(civ: dict, amount: int) -> dict:
    """Lose up to `amount` food and resources together, one at a time from the kind held more."""
    lost = {FOOD: 0, RES: 0}
    for _ in range(amount):
        kind = FOOD if eco.held(civ, FOOD) >= eco.held(civ, RES) else RES
        if eco.held(civ, kind) == 0:
            break
        lost[kind] += eco.lose(civ, kind, 1)
    return lost


def lose_culture(civ: dict, amount: int) -> int:
    """Lose up to `amount` culture points: a card takes no more than the civilisation has
    (through-the-ages/advanced/political-action/future-events/pay-what-you-have). Returns what was lost."""
    lost = min(amount, max(0, civ["culture"]))
    civ["culture"] -= lost
    return lost


def take_science(winner: dict, loser: dict, amount: int) -> int:
    """Science taken from one civilisation by another: no more than the loser has
    (through-the-ages/advanced/aggression/succeeds/stealing); the taker's points stay within 40."""
    taken = min(amount, max(0, loser["science"]))
    loser["science"] -= taken
    winner["science"] = min(value("science_total_cap"), winner["science"] + taken)
    return taken


def give_yellow(giver: dict, receiver: dict, amount: int) -> int:
    """Yellow tokens from one yellow bank into another (Uncertain Borders, War over Territory): the giver's go
    to the box, the receiver's bank gains as many from it; no more than the giver's bank holds."""
    given = remove_tokens(giver, "yellow", amount)
    receiver["yellow_cap"] += given
    receiver["yellow_bank"] += given
    return given


# ---------------------------------------------------------------------------------------- aggressions
def attack_cost(attacker: dict, defender: dict, aggression_card: str) -> int:
    """Military actions an aggression or war card costs (through-the-ages/advanced/aggression/playing-an-aggression,
    through-the-ages/full/war/declaring): the card's number, or the level of the target leader / wonder under
    construction; twice against Gandhi."""
    info = card(aggression_card)
    cost = info["military_actions"]
    if cost == "leader_level":
        cost = card(defender["leader"])["level"] if defender["leader"] else 0
    elif cost == "wonder_level":
        cost = card(defender["wonder"])["level"] if defender["wonder"] else 0
    if eco.leader(defender).get("attack_cost_double"):
        cost *= 2
    return cost


def aggression_target_ok(defender: dict, aggression_card: str) -> bool:
    """Assassinate needs a leader to discard, Sabotage a wonder under construction, Annex a colony."""
    info = card(aggression_card)
    if info.get("discard_leader"):
        return bool(defender["leader"])
    if info.get("discard_wonder"):
        return bool(defender["wonder"])
    if info.get("take_colony"):
        return bool(defender["colonies"])
    return True


def aggression_effect(attacker: dict, defender: dict, aggression_card: str) -> dict:
    """A successful aggression: the defender loses what the card says and the attacker gains no more than the
    defender lost (through-the-ages/advanced/aggression/succeeds/stealing)."""
    info = card(aggression_card)
    out: dict = {"card": aggression_card}
    if info.get("steal_science"):
        out["taken"] = take_science(attacker, defender, info["steal_science"])
    if info.get("steal_culture"):
        out["taken"] = lose_culture(defender, info["steal_culture"])
        attacker["culture"] += out["taken"]
    if info.get("steal_food_or_resources"):
        lost = lose_either(defender, info["steal_food_or_resources"])
        gained = eco.gain(attacker, FOOD, lost[FOOD]) + eco.gain(attacker, RES, lost[RES])
        out["taken"] = gained
    if info.get("lose_population"):
        out["population_lost"] = lose_population(defender, info["lose_population"])
        out["taken"] = eco.gain(attacker, RES, info.get("gain_resources", 0)) if out["population_lost"] else 0
    if info.get("destroy_urban"):
        kinds = {}
        for c, n in defender["workers"].items():
            if n and card(c)["type"] == "urban":
                kinds[c] = n
        out["destroyed"] = []
        if kinds:
            pick = max(kinds, key=lambda c: (card(c)["cost"], c))
            count = min(info["destroy_urban"], kinds[pick])
            for _ in range(count):
                defender["workers"][pick] -= 1
                defender["pool"] += 1
                out["destroyed"].append(pick)
            if not defender["workers"][pick]:
                del defender["workers"][pick]
            half = count * card(pick)["cost"]
            half = (half + 1) // 2 if info.get("half_cost_round") == "up" else half // 2
            out["taken"] = eco.gain(attacker, RES, half)
    if info.get("take_colony"):
        colony = defender["colonies"][0]
        remove_colony(defender, colony)
        placed = add_colony_permanent(attacker, colony)
        out["colony"] = colony
        out["taken"] = placed
    if info.get("discard_leader") and defender["leader"]:
        level = card(defender["leader"])["level"]
        out["discarded"] = defender["leader"]
        defender["leader"] = None
        attacker["culture"] += info["culture_per_level"] * level
        out["taken"] = info["culture_per_level"] * level
    if info.get("discard_wonder") and defender["wonder"]:
        level = card(defender["wonder"])["level"]
        out["discarded"] = defender["wonder"]
        defender["blue_bank"] += defender["wonder_stages"]
        defender["wonder"], defender["wonder_stages"] = None, 0
        attacker["culture"] += info["culture_per_level"] * level
        out["taken"] = info["culture_per_level"] * level
    return out


def add_colony_permanent(civ: dict, territory: str) -> int:
    """A colony taken by Annex: its permanent bonus only (the immediate bonus was the first owner's)."""
    info = card(territory)
    civ["colonies"].append(territory)
    for bank, cap, n in (("yellow_bank", "yellow_cap", info.get("permanent_yellow", 0)),
                         ("blue_bank", "blue_cap", info.get("permanent_blue", 0))):
        civ[cap] += n
        civ[bank] += n
    return 1


def aggression(attacker: dict, defender: dict, aggression_card: str, attacker_units: list[str],
               defender_units: list[str], defense_bonus: int = 0) -> dict:
    """An aggression resolved at once (the runner's step; in play the sacrifices are moves): attacker = strength
    + sacrificed (counted twice in effect, through-the-ages/advanced/aggression/attacker-strength); the defender
    may sacrifice and add defense cards; a tie holds (through-the-ages/advanced/aggression/fails/rule)."""
    attack = eco.strength(attacker) + sacrifice(attacker, attacker_units)
    defend = eco.strength(defender) + sacrifice(defender, defender_units) + defense_bonus
    result = {"event": "aggression", "card": aggression_card, "attack": attack, "defense": defend,
              "success": attack > defend, "taken": 0}
    if attack > defend:
        result.update(aggression_effect(attacker, defender, aggression_card))
    return result


# ---------------------------------------------------------------------------------------------- wars
def war(attack: int, defend: int) -> dict:
    """A war's outcome by strength: the higher wins by the difference
    (through-the-ages/full/war/resolving/strength-difference); a tie has no winner (decisions.war_tie)."""
    if attack == defend:
        value("decisions.war_tie")
        return {"event": "war", "winner": None, "difference": 0}
    return {"event": "war", "winner": "attacker" if attack > defend else "defender", "difference": abs(attack - defend)}


def spoils_amount(war_card: str, difference: int) -> int:
    """How much a war card's spoils are worth: its base plus one per `every` points of strength difference
    (through-the-ages/full/war/resolving/strength-difference)."""
    spoils = card(war_card)["spoils"]
    return spoils["base"] + difference // spoils["every"]


def war_spoils(winner: dict, loser: dict, war_card: str, amount: int) -> dict:
    """The victor takes the card's spoils from the defeated civilisation, never more than it loses
    (through-the-ages/full/war/resolving/no-more-than-lost): culture; food and/or resources (the loser's kind
    held more first, decisions.event_choices; the victor produces the same); yellow tokens from its yellow bank
    (decisions.war_territory_tokens); population, 3 culture each (Holy War); science (War over Technology's
    special technologies are the victor's choice, made before this). Returns what was taken."""
    spoils = card(war_card)["spoils"]
    kind = spoils["kind"]
    out = {"kind": kind, "amount": amount}
    if kind == "culture":
        out["taken"] = lose_culture(loser, amount)
        winner["culture"] += out["taken"]
    elif kind == "food_or_resources":
        lost = lose_either(loser, amount)
        out["taken"] = lost[FOOD] + lost[RES]
        out["gained"] = eco.gain(winner, FOOD, lost[FOOD]) + eco.gain(winner, RES, lost[RES])
    elif kind == "yellow_tokens":
        value("decisions.war_territory_tokens")
        out["taken"] = give_yellow(loser, winner, amount)
    elif kind == "population":
        out["taken"] = lose_population(loser, amount)
        out["culture"] = spoils["culture_each"] * out["taken"]
        winner["culture"] += out["culture"]
    else:
        out["taken"] = take_science(winner, loser, amount)
    return out


# ------------------------------------------------------------------------------------- the end of an age
def end_of_age(civ: dict, new_age: str, full: bool) -> dict:
    """When an age ends, cards two ages old leave: cards in hand (civil and military, assumed:
    decisions.end_of_age_military_hand), leader, wonder under construction
    (through-the-ages/end-of-age/what-is-discarded); the Full game also removes 2 yellow tokens from the bank
    (through-the-ages/full/end-of-age/yellow-tokens)."""
    old = LEVEL_OF_AGE[new_age] - 2
    gone = [c for c in civ["hand"] if card(c)["level"] <= old]
    civ["hand"] = [c for c in civ["hand"] if card(c)["level"] > old]
    gone_military = [c for c in civ["military_hand"] if card(c)["level"] <= old]
    civ["military_hand"] = [c for c in civ["military_hand"] if card(c)["level"] > old]
    if civ["leader"] and card(civ["leader"])["level"] <= old:
        gone.append(civ["leader"])
        civ["leader"] = None
    if civ["wonder"] and card(civ["wonder"])["level"] <= old:
        gone.append(civ["wonder"])
        civ["blue_bank"] += civ["wonder_stages"]
        civ["wonder"], civ["wonder_stages"] = None, 0
    removed = remove_tokens(civ, "yellow", value("full_game_yellow_removed")) if full else 0
    return {"event": "end_of_age", "age": new_age, "discarded": gone, "military_discarded": gone_military,
            "yellow_removed": removed}
