"""The 2006 pacts in play (`state["pacts"]`: {card, owner, a, b}) and what they do, from each card's effects in
data/military.yaml: `both` for the two parties, `a` / `b` for one role, `no_attack`, `no_war_on_b`,
`ends_on_attack` (docs/tta-engine.md lists the cards).

The strength and military actions a pact gives are kept on each civilisation (`pact_strength`,
`pact_military`) so that economy.strength and economy.military_actions count them wherever strength counts
(events, aggressions, wars, the Age III events); every change of `state["pacts"]` goes through `add`, `remove`
or `sync`, which recompute them. What a pact makes a civilisation produce per turn is read at its production
(decisions.pact_production); Scientific Cooperation when a technology is played; Trade Routes by the exchange
move; the attack clauses when an aggression is played or a war declared (decisions.pact_attack)."""
from __future__ import annotations

from ..errors import IllegalAction
from . import economy as eco
from .cards import card, value
from .economy import FOOD, RES

ROLES = ("A", "B")


def role(pact: dict, seat: int) -> str | None:
    if pact["a"] == seat:
        return "A"
    return "B" if pact["b"] == seat else None


def partner(pact: dict, seat: int) -> int:
    return pact["b"] if pact["a"] == seat else pact["a"]


def effect(cid: str, role_: str) -> dict:
    """What the pact card gives the civilisation of a role: its `both` effects and its role's."""
    info = card(cid)
    out = dict(info.get("both") or {})
    for key, n in (info.get(role_.lower()) or {}).items():
        out[key] = out.get(key, 0) + n
    return out


def of(state: dict, seat: int) -> list[tuple[dict, str]]:
    """(pact, role) of every pact the civilisation is party to."""
    return [(p, role(p, seat)) for p in state["pacts"] if seat in (p["a"], p["b"])]


def between(state: dict, x: int, y: int) -> list[dict]:
    return [p for p in state["pacts"] if {p["a"], p["b"]} == {x, y}]


def sync(state: dict) -> None:
    """Recompute every civilisation's pact strength and military actions from the pacts in play."""
    for seat, civ in enumerate(state["civs"]):
        strength = military = 0
        for pact, r in of(state, seat):
            eff = effect(pact["card"], r)
            strength += eff.get("strength", 0)
            military += eff.get("military_actions", 0)
        civ["pact_strength"], civ["pact_military"] = strength, military


def add(state: dict, pact: dict) -> None:
    state["pacts"].append(pact)
    sync(state)


def remove(state: dict, pacts: list[dict]) -> list[str]:
    """Take pacts out of play; their cards, for the caller to discard."""
    for pact in pacts:
        state["pacts"].remove(pact)
    sync(state)
    return [p["card"] for p in pacts]


# ---------------------------------------------------------------------------------------------- attacks
def check_attack(state: dict, attacker: int, target: int, war: bool) -> None:
    """Refuse an aggression or war the pacts forbid: "the two civilizations cannot attack each other"
    (Acceptance of Supremacy, Loss of Sovereignty, Peace Treaty); "no one can declare war on civilization B"
    (Loss of Sovereignty)."""
    for pact in state["pacts"]:
        info = card(pact["card"])
        if info.get("no_attack") and {pact["a"], pact["b"]} == {attacker, target}:
            raise IllegalAction("through-the-ages/advanced/pacts/cancelling/attacking-a-partner",
                                f"{info['name']['en']}: the two civilizations cannot attack each other",
                                f"{info['name']['ko']}: 두 문명은 서로 공격할 수 없습니다")
        if war and info.get("no_war_on_b") and pact["b"] == target:
            raise IllegalAction("through-the-ages/advanced/pacts/cancelling/attacking-a-partner",
                                f"{info['name']['en']}: no one can declare war on civilization B",
                                f"{info['name']['ko']}: 누구도 B 문명에 전쟁을 선언할 수 없습니다")


def attacked(state: dict, attacker: int, target: int) -> list[str]:
    """An aggression played or a war declared: the pacts between the two that end if one attacks the other end
    now (decisions.pact_attack). Their cards, for the caller to discard."""
    ending = [p for p in between(state, attacker, target) if card(p["card"]).get("ends_on_attack")]
    if ending:
        value("decisions.pact_attack")
    return remove(state, ending) if ending else []


def attacker_bonus(state: dict, attacker: int, target: int) -> int:
    """Strength an attacker adds against its partner (Open Borders Agreement: +3), read when the attack is
    resolved."""
    bonus = sum(effect(p["card"], role(p, attacker)).get("attacker_strength", 0) for p in between(state, attacker, target))
    if bonus:
        value("decisions.pact_attack")
    return bonus


# ------------------------------------------------------------------------------------------- production
def production(state: dict, seat: int) -> dict:
    """Culture, food and resources the civilisation's pacts add to (or take from) its production this turn
    (decisions.pact_production): per-turn culture, International Tourism's culture per wonder of the partner,
    per-round food and resources."""
    out = {"culture": 0, FOOD: 0, RES: 0}
    for pact, r in of(state, seat):
        eff = effect(pact["card"], r)
        out["culture"] += eff.get("culture", 0)
        out["culture"] += eff.get("culture_per_partner_wonder", 0) * len(state["civs"][partner(pact, seat)]["wonders"])
        out[FOOD] += eff.get("food", 0)
        out[RES] += eff.get("resources", 0)
    if any(out.values()):
        value("decisions.pact_production")
    return out


# -------------------------------------------------------------------------------------------- science
def technology_discount(state: dict, seat: int) -> int:
    """Science a civilisation pays less for each technology it plays (Scientific Cooperation: 2)."""
    return sum(effect(p["card"], r).get("technology_discount", 0) for p, r in of(state, seat))


def partners_pay(state: dict, seat: int) -> list[dict]:
    """The partners' share when the civilisation plays a technology (Scientific Cooperation: the other pays 1),
    each no more than it has (decisions.scientific_cooperation). Changes the partners; returns the events."""
    out = []
    for pact, r in of(state, seat):
        owed = effect(pact["card"], r).get("partner_pays", 0)
        if not owed:
            continue
        value("decisions.scientific_cooperation")
        other = partner(pact, seat)
        civ = state["civs"][other]
        paid = min(owed, max(0, civ["science"]))
        civ["science"] -= paid
        out.append({"event": "partner_science", "seat": other, "card": pact["card"], "science": paid})
    return out


# ------------------------------------------------------------------------------------------- trade routes
def exchange(state: dict, seat: int) -> tuple[str, str] | None:
    """(pay, gain) of the civilisation's Trade Routes exchange, or None without one (decisions.trade_routes)."""
    for pact, r in of(state, seat):
        eff = effect(pact["card"], r)
        if eff.get("food_for_resource"):
            return FOOD, RES
        if eff.get("resource_for_food"):
            return RES, FOOD
    return None


def check_exchange(state: dict, seat: int) -> None:
    civ = state["civs"][seat]
    kinds = exchange(state, seat)
    rule = "through-the-ages/advanced/pacts/asymmetric-pacts/roles"
    if kinds is None:
        raise IllegalAction(rule, "no Trade Routes Agreement with an exchange for you", "교환할 수 있는 무역로 조약이 없습니다")
    if civ.get("trade_route_used"):
        raise IllegalAction(rule, "the Trade Routes exchange was made this round", "이번 라운드에 무역로 교환을 이미 했습니다")
    probe = {**civ, "blue": dict(civ["blue"])}
    if eco.held(probe, kinds[0]) < 1 or _swap(probe, *kinds) < 1:
        pay_en, pay_ko = ("1 food", "식량 1개") if kinds[0] == FOOD else ("1 resource", "자원 1개")
        raise IllegalAction(rule, f"the exchange needs {pay_en} to pay and a blue token to produce with",
                            f"교환하려면 낼 {pay_ko}와 생산할 파란 토큰이 필요합니다")


def _swap(civ: dict, pay: str, gain: str) -> int:
    eco.pay(civ, pay, 1, "through-the-ages/advanced/pacts/asymmetric-pacts/roles")
    return eco.gain(civ, gain, 1)


def make_exchange(state: dict, seat: int) -> list[dict]:
    """A checked exchange: pay 1 of one kind, produce 1 of the other, once a round."""
    civ = state["civs"][seat]
    pay, gain = exchange(state, seat)
    value("decisions.trade_routes")
    _swap(civ, pay, gain)
    civ["trade_route_used"] = True
    return [{"event": "trade_route", "seat": seat, "paid": pay, "gained": gain}]
