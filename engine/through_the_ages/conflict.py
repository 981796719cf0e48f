"""The Advanced and Full games' conflicts as pure functions: colonization bids, aggressions, wars, the end
of an age. Sacrificed units are named by their cards (one worker each); they go back to the yellow bank
(through-the-ages/advanced/colonization/bid-is-sacrificed-strength)."""
from __future__ import annotations

from ..errors import IllegalAction
from . import economy as eco
from .cards import card, value
from .economy import RES

LEVEL_OF_AGE = {"A": 0, "I": 1, "II": 2, "III": 3}


def _units(cards: list[str]) -> list[tuple[str, int, int]]:
    return [(card(c)["unit"], card(c)["level"], card(c)["strength"]) for c in cards]


def sacrifice(civ: dict, cards: list[str]) -> int:
    """Remove the sacrificed units (workers back to the yellow bank); their strength with army bonuses."""
    for c in cards:
        if civ["workers"].get(c, 0) < 1:
            raise IllegalAction("through-the-ages/advanced/aggression/attacker-strength",
                                f"no unit on {c} to sacrifice", f"희생할 {c} 유닛이 없습니다")
        civ["workers"][c] -= 1
        if not civ["workers"][c]:
            del civ["workers"][c]
        civ["yellow_bank"] += 1
    return eco.sacrifice_strength(_units(cards), civ.get("tactics"))


def colonization_bonus(civ: dict) -> int:
    """Bonuses added to a bid by wonders and special technologies (Colossus, Cartography...,
    through-the-ages/advanced/colonization/other-colonization-bonuses)."""
    return sum(card(c).get("colonize", 0) for c in [*civ["specials"], *civ["wonders"], *([civ["leader"]] if civ["leader"] else [])])


def colonize(civ: dict, territory: str, bid: int, units: list[str], bonus_cards: list[int]) -> dict:
    """Pay a won bid: at least one unit (through-the-ages/advanced/colonization/at-least-one-unit), units +
    bonus cards + permanent bonuses ≥ the bid (through-the-ages/advanced/colonization/bonus-cards); then
    the colony's permanent and immediate bonuses."""
    if not units:
        raise IllegalAction("through-the-ages/advanced/colonization/at-least-one-unit",
                            "a colony needs at least one sacrificed unit", "식민지를 얻으려면 군사 유닛을 하나 이상 희생해야 합니다")
    own = colonization_bonus(civ)
    probe = {**civ, "workers": dict(civ["workers"])}
    paid = sacrifice(probe, units) + own + sum(bonus_cards)
    if paid < bid:
        raise IllegalAction("through-the-ages/advanced/colonization/paying-the-bid",
                            f"units and bonuses give {paid}, the bid is {bid}", f"희생과 보너스 합 {paid}이(가) 입찰 {bid}보다 작습니다")
    sacrifice(civ, units)
    info = card(territory)
    civ["colonies"].append(territory)
    extra = info.get("permanent_yellow", 0)
    civ["yellow_cap"] += extra
    civ["yellow_bank"] += extra
    grow = min(info.get("immediate_population", 0), civ["yellow_bank"])
    civ["yellow_bank"] -= grow
    civ["pool"] += grow
    return {"event": "colony", "card": territory, "bid": bid, "paid": paid, "own_bonus": own,
            "bonus_cards": sum(bonus_cards), "units": list(units)}


def aggression(attacker: dict, defender: dict, aggression_card: str, attacker_units: list[str],
               defender_units: list[str], defense_bonus: int = 0) -> dict:
    """Resolve an aggression: attacker = strength + sacrificed (counted twice in effect,
    through-the-ages/advanced/aggression/attacker-strength); the defender may sacrifice and add defense cards;
    a tie holds (through-the-ages/advanced/aggression/fails/rule). The attacker gains only what the defender
    loses (through-the-ages/advanced/aggression/succeeds/stealing)."""
    attack = eco.strength(attacker) + sacrifice(attacker, attacker_units)
    defend = eco.strength(defender) + sacrifice(defender, defender_units) + defense_bonus
    result = {"event": "aggression", "card": aggression_card, "attack": attack, "defense": defend,
              "success": attack > defend, "taken": 0}
    if attack > defend:
        info = card(aggression_card)
        if info.get("steal_science"):
            taken = min(info["steal_science"], defender["science"])
            defender["science"] -= taken
            attacker["science"] = min(value("science_total_cap"), attacker["science"] + taken)
            result["taken"] = taken
        if info.get("steal_resources"):
            taken = eco.lose(defender, RES, info["steal_resources"])
            result["taken"] = eco.gain(attacker, RES, taken)
    return result


def war(attack: int, defend: int) -> dict:
    """A war's outcome by strength: the higher wins by the difference
    (through-the-ages/full/war/resolving/strength-difference); a tie (assumed) has no winner."""
    if attack == defend:
        return {"event": "war", "winner": None, "difference": 0}
    return {"event": "war", "winner": "attacker" if attack > defend else "defender", "difference": abs(attack - defend)}


def end_of_age(civ: dict, new_age: str, full: bool) -> dict:
    """When an age ends, cards two ages old leave: hand, leader, wonder under construction
    (through-the-ages/end-of-age/what-is-discarded); the Full game also removes 2 yellow tokens from the
    bank (through-the-ages/full/end-of-age/yellow-tokens)."""
    old = LEVEL_OF_AGE[new_age] - 2
    gone = [c for c in civ["hand"] if card(c)["level"] <= old]
    civ["hand"] = [c for c in civ["hand"] if c not in gone]
    if civ["leader"] and card(civ["leader"])["level"] <= old:
        gone.append(civ["leader"])
        civ["leader"] = None
    if civ["wonder"] and card(civ["wonder"])["level"] <= old:
        gone.append(civ["wonder"])
        civ["blue_bank"] += civ["wonder_stages"]
        civ["wonder"], civ["wonder_stages"] = None, 0
    removed = 0
    if full:
        removed = min(value("full_game_yellow_removed"), civ["yellow_bank"])
        civ["yellow_bank"] -= removed
    return {"event": "end_of_age", "age": new_age, "discarded": gone, "yellow_removed": removed}
