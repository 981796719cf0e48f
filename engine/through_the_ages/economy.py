"""A civilisation's economy as pure functions over plain data: the yellow and blue banks, ratings, costs,
paying with change, production and maintenance in the rulebook's order, famine, corruption, happiness,
discontent and uprising, and military strength with tactics and air forces.

A civilisation ("civ") is a dict (state.new_civ documents its keys). Functions named `*_of` / `*_cost` read
it; `pay`, `gain`, `produce_and_maintain` change the civ they are given (callers pass a copy).
"""
from __future__ import annotations

from ..errors import IllegalAction
from .cards import card, value

FOOD, RES = "food", "resources"
KIND_TYPE = {FOOD: "farm", RES: "mine"}
TOKEN_FIELD = {FOOD: "food", RES: "res"}
SIMPLE, ADVANCED, FULL = "simple", "advanced", "full"


# ---------------------------------------------------------------------------------------- the yellow bank
def yellow_sections(civ: dict) -> list[int]:
    """Section sizes right to left; extra tokens (colonies) lie in the rightmost section
    (through-the-ages/advanced/setup/extra-tokens)."""
    sizes = list(value("yellow_bank.sections"))
    sizes[0] += civ["yellow_cap"] - sum(sizes)
    return sizes


def _emptied(sizes: list[int], taken: int) -> int:
    """How many spaces (right to left) are wholly empty when `taken` tokens are out of the bank."""
    count = 0
    for size in sizes:
        if taken < size:
            break
        taken -= size
        count += 1
    return count


def yellow_taken(civ: dict) -> int:
    return civ["yellow_cap"] - civ["yellow_bank"]


def emptied_yellow_sections(civ: dict) -> int:
    return _emptied(yellow_sections(civ), yellow_taken(civ))


def consumption(civ: dict) -> int:
    """Food consumed each turn: the number revealed by the emptied sections
    (through-the-ages/setup/yellow-tokens/consumption-rule)."""
    if civ["yellow_bank"] == 0:
        return value("yellow_bank.consumption_known")["empty"]
    table = {**value("yellow_bank.consumption_known"), **value("yellow_bank.consumption_more")}
    return table[emptied_yellow_sections(civ)]


def population_cost(civ: dict) -> int | None:
    """Food for the next population increase: the number of the section the rightmost token lies in
    (through-the-ages/setup/yellow-tokens/population-cost); None with an empty bank."""
    if civ["yellow_bank"] == 0:
        return None
    costs = list(value("yellow_bank.population_cost_known")) + list(value("yellow_bank.population_cost_more"))
    section = _emptied(yellow_sections(civ), yellow_taken(civ))   # the section of the next token
    return costs[section]


def required_happiness(civ: dict) -> int:
    """The happiness a civilisation must show: one per wholly emptied happiness space of the yellow bank
    (through-the-ages/advanced/mechanics/happiness/required-happiness)."""
    sizes = list(value("yellow_bank.happiness_spaces"))
    sizes[0] += civ["yellow_cap"] - sum(sizes)
    return _emptied(sizes, yellow_taken(civ))


# ------------------------------------------------------------------------------------------ the blue bank
def blue_sections(civ: dict) -> list[int]:
    sizes = list(value("blue_bank.sections"))
    sizes[0] += civ["blue_cap"] - sum(sizes)
    return sizes


def corruption(civ: dict) -> int:
    """Resources lost after production: 2, 4 or 6 as the rightmost sections empty
    (through-the-ages/advanced/mechanics/corruption/four-and-six)."""
    table = value("blue_bank.corruption")
    if civ["blue_bank"] == 0:
        return table[-1]
    return table[_emptied(blue_sections(civ), civ["blue_cap"] - civ["blue_bank"])]


# --------------------------------------------------------------------------------------------- the cards
def in_play(civ: dict) -> list[str]:
    """Every card whose effects count: technologies, government, special technologies, leader, completed
    wonders, colonies, tactics."""
    out = list(civ["techs"]) + [civ["government"]] + list(civ["specials"]) + list(civ["wonders"])
    out += list(civ.get("colonies", []))
    if civ["leader"]:
        out.append(civ["leader"])
    return out


def _flat(civ: dict, key: str) -> int:
    """A card's own value (government, leader, wonders, special technologies, colonies), not per worker."""
    cards = [civ["government"], *civ["specials"], *civ["wonders"], *civ.get("colonies", [])]
    if civ["leader"]:
        cards.append(civ["leader"])
    return sum(card(c).get(key, 0) for c in cards)


def _per_worker(civ: dict, key: str, types=("urban",)) -> int:
    return sum(n * card(c).get(key, 0) for c, n in civ["workers"].items() if card(c)["type"] in types)


def culture_rating(civ: dict) -> int:
    """Culture points per turn (through-the-ages/setup/ratings/points-per-turn), capped at 30."""
    return min(value("caps")["culture_rating"], _per_worker(civ, "culture") + _flat(civ, "culture"))


def labs(civ: dict) -> int:
    return sum(n for c, n in civ["workers"].items() if card(c).get("building") == "lab")


def science_rating(civ: dict) -> int:
    leader = card(civ["leader"]) if civ["leader"] else {}
    bonus = leader.get("lab_bonus", 0) if labs(civ) else 0       # one lab produces more (Leonardo)
    return min(value("caps")["science_rating"], _per_worker(civ, "science_out") + _flat(civ, "science_out") + bonus)


def happy_faces(civ: dict) -> int:
    """Happy faces on the track, 0-8 (through-the-ages/setup/happiness/range); St. Peter's Basilica doubles
    them (through-the-ages/comprehensive-example/happiness)."""
    faces = _per_worker(civ, "happy") + _flat(civ, "happy")
    if any(card(w).get("happy_double") for w in civ["wonders"]):
        faces *= 2
    low, high = value("happiness_range")
    return max(low, min(high, faces))


def happy_faces_uncapped(civ: dict) -> int:
    faces = _per_worker(civ, "happy") + _flat(civ, "happy")
    return faces * 2 if any(card(w).get("happy_double") for w in civ["wonders"]) else faces


def civil_actions(civ: dict) -> int:
    """White tokens: the government's plus those of leader, wonders and special technologies
    (through-the-ages/later-rounds/changing-government/revolution/procedure)."""
    return _flat(civ, "civil")


def military_actions(civ: dict) -> int:
    return max(0, _flat(civ, "military") + civ.get("extra_military", 0))


def building_limit(civ: dict) -> int:
    return card(civ["government"])["limit"]


def buildings_of(civ: dict, building: str) -> int:
    return sum(n for c, n in civ["workers"].items() if card(c).get("building") == building)


def units(civ: dict) -> list[tuple[str, int, int]]:
    """(unit type, level, strength) of every military unit (one per worker on a unit card)."""
    out = []
    for c, n in civ["workers"].items():
        info = card(c)
        if info["type"] == "unit":
            out += [(info["unit"], info["level"], info["strength"])] * n
    return out


def production_per_round(civ: dict, kind: str) -> int:
    """Food (or resources) the farms (mines) produce per round: one token per worker, each worth its card's
    number (through-the-ages/later-rounds/higher-level-farms-mines/production)."""
    field = TOKEN_FIELD[kind]
    return sum(n * card(c)[field] for c, n in civ["workers"].items() if card(c)["type"] == KIND_TYPE[kind])


# ------------------------------------------------------------------------------------- military strength
def tactics_bonus(unit_list: list[tuple[str, int, int]], tactics: str | None) -> int:
    """The armies' bonus strength under a tactics card: as many armies as the units form (type, not level,
    through-the-ages/advanced/tactics/army-bonus); an army with a unit more than one age below the card gets
    the lower bonus (through-the-ages/advanced/obsolete-units/older-units); each army may hold one air force,
    which doubles its bonus (through-the-ages/full/air-forces/doubling-army-bonus). The best grouping counts
    (through-the-ages/advanced/tactics/no-record-of-armies)."""
    if not tactics:
        return 0
    t = card(tactics)
    need: dict[str, int] = {}
    for kind in t["army"]:
        need[kind] = need.get(kind, 0) + 1
    full_bonus, low_bonus = t["bonus"], t.get("obsolete_bonus", t["bonus"])
    fresh = {k: sum(1 for u, lvl, _ in unit_list if u == k and t["level"] - lvl <= 1) for k in need}
    every = {k: sum(1 for u, _, _ in unit_list if u == k) for k in need}
    armies = min(every[k] // n for k, n in need.items())
    full = min(armies, min(fresh[k] // n for k, n in need.items()))
    low = armies - full
    air = sum(1 for u, _, _ in unit_list if u == "air")
    doubled_full = min(air, full)
    doubled_low = min(air - doubled_full, low)
    return full * full_bonus + doubled_full * full_bonus + low * low_bonus + doubled_low * low_bonus


def strength_uncapped(civ: dict) -> int:
    unit_list = units(civ)
    return sum(s for _, _, s in unit_list) + _flat(civ, "strength") + tactics_bonus(unit_list, civ.get("tactics"))


def strength(civ: dict) -> int:
    """Military strength, capped at 60 (through-the-ages/setup/ratings/maximums)."""
    return min(value("caps")["strength"], strength_uncapped(civ))


def sacrifice_strength(sacrificed: list[tuple[str, int, int]], tactics: str | None) -> int:
    """What sacrificed units add: their strength plus the bonus of each whole army among them
    (through-the-ages/advanced/tactics/sacrificing-armies)."""
    return sum(s for _, _, s in sacrificed) + tactics_bonus(sacrificed, tactics)


# ------------------------------------------------------------------------------------------------ costs
def discount(civ: dict, level: int) -> int:
    """Urban-building discount of a construction technology (Masonry, Architecture) at a level."""
    best = 0
    for c in civ["specials"]:
        table = card(c).get("discount") or {}
        best = max(best, table.get(level, 0))
    return best


def build_cost(civ: dict, cid: str) -> int:
    info = card(cid)
    cost = info["cost"]
    if info["type"] == "urban":
        cost -= discount(civ, info["level"])
    return max(0, cost)


def upgrade_cost(civ: dict, old: str, new: str) -> int:
    """The difference of the two building costs (through-the-ages/later-rounds/upgrading/upgrade-basics),
    each with its discount (through-the-ages/advanced/construction-technologies/masonry)."""
    return max(value("decisions.upgrade_cost_floor"), build_cost(civ, new) - build_cost(civ, old))


def same_kind(a: str, b: str) -> bool:
    ca, cb = card(a), card(b)
    if ca["type"] != cb["type"]:
        return False
    if ca["type"] == "urban":
        return ca["building"] == cb["building"]
    if ca["type"] == "unit":
        return ca["unit"] == cb["unit"]
    return True


# ------------------------------------------------------------------------------- food and resources held
def held(civ: dict, kind: str) -> int:
    field = TOKEN_FIELD[kind]
    return sum(n * card(c)[field] for c, n in civ["blue"].items() if card(c)["type"] == KIND_TYPE[kind])


def _cards_of(civ: dict, kind: str) -> list[str]:
    """The civ's production cards of a kind in play, highest token value first."""
    field = TOKEN_FIELD[kind]
    return sorted((c for c in civ["techs"] if card(c)["type"] == KIND_TYPE[kind]), key=lambda c: -card(c)[field])


def gain(civ: dict, kind: str, amount: int) -> int:
    """Take blue tokens from the bank and lay them on production cards worth `amount` (an action card's or
    an event's food or resources, through-the-ages/second-round/play-action-card/food-and-resources);
    the most valuable card that still fits first. Returns what was gained (the bank may run dry)."""
    gained = 0
    field = TOKEN_FIELD[kind]
    for c in _cards_of(civ, kind):
        worth = card(c)[field]
        while amount - gained >= worth and civ["blue_bank"] > 0:
            civ["blue_bank"] -= 1
            civ["blue"][c] = civ["blue"].get(c, 0) + 1
            gained += worth
    return gained


def pay(civ: dict, kind: str, amount: int, rule_id: str) -> None:
    """Pay food or resources: tokens of the least valuable cards first (more tokens back in the bank,
    through-the-ages/later-rounds/higher-level-farms-mines/yeonghui-example); an overpaying token gives
    change on a cheaper card (through-the-ages/later-rounds/higher-level-farms-mines/making-change).
    Raises IllegalAction(rule_id) when the civ holds too little."""
    if amount <= 0:
        return
    if held(civ, kind) < amount:
        raise IllegalAction(rule_id, f"not enough {kind}: {held(civ, kind)} held, {amount} needed",
                            f"{'식량' if kind == FOOD else '자원'}이 부족합니다: {held(civ, kind)}개 있음, {amount}개 필요")
    field = TOKEN_FIELD[kind]
    order = sorted((c for c in civ["blue"] if civ["blue"][c] and card(c)["type"] == KIND_TYPE[kind]),
                   key=lambda c: card(c)[field])
    left = amount
    for c in order:
        worth = card(c)[field]
        take = min(civ["blue"][c], left // worth)
        civ["blue"][c] -= take
        civ["blue_bank"] += take
        left -= take * worth
    if left > 0:
        c = next(c for c in order if civ["blue"][c])
        civ["blue"][c] -= 1
        civ["blue_bank"] += 1
        gain(civ, kind, card(c)[field] - left)       # the change
    civ["blue"] = {c: n for c, n in civ["blue"].items() if n}


def lose(civ: dict, kind: str, amount: int) -> int:
    """Lose up to `amount` (what the civ holds at most); returns what was lost."""
    amount = min(amount, held(civ, kind))
    pay(civ, kind, amount, "through-the-ages/advanced/political-action/future-events/pay-what-you-have")
    return amount


# ---------------------------------------------------------------------------- production and maintenance
def discontent(civ: dict) -> int:
    """Discontent workers needed: one per missing happy face
    (through-the-ages/advanced/mechanics/happiness/discontent-workers)."""
    return max(0, required_happiness(civ) - happy_faces(civ))


def uprising(civ: dict) -> bool:
    """Too few unused workers to stand in for the missing happy faces
    (through-the-ages/advanced/mechanics/uprising/rule)."""
    return discontent(civ) > civ["pool"]


def _produce(civ: dict, kind: str) -> int:
    """One blue token per worker on farms (mines) while the bank lasts
    (through-the-ages/setup/blue-tokens/storage-limit); higher-level cards first (assumed)."""
    field = TOKEN_FIELD[kind]
    made = 0
    for c in sorted((c for c in civ["workers"] if card(c)["type"] == KIND_TYPE[kind]), key=lambda c: -card(c)["level"]):
        for _ in range(civ["workers"][c]):
            if civ["blue_bank"] == 0:
                return made
            civ["blue_bank"] -= 1
            civ["blue"][c] = civ["blue"].get(c, 0) + 1
            made += card(c)[field]
    return made


def produce_and_maintain(civ: dict, mode: str = SIMPLE) -> list[dict]:
    """The production and maintenance phase in the rulebook's order
    (through-the-ages/advanced/military-cards/drawing/tip-production-order): uprising check (Advanced and
    Full), culture and science, food and consumption (famine: -4 culture per missing food), resources and
    corruption (Advanced and Full). Changes `civ`; returns the steps as events."""
    steps: list[dict] = []
    if mode != SIMPLE:
        need = discontent(civ)
        steps.append({"event": "happiness", "required": required_happiness(civ), "happy": happy_faces(civ),
                      "discontent": need, "pool": civ["pool"]})
        if need > civ["pool"]:
            steps.append({"event": "uprising", "missing": need, "pool": civ["pool"]})
            return steps
    culture, science = culture_rating(civ), science_rating(civ)
    civ["culture"] += culture
    civ["science"] = min(value("science_total_cap"), civ["science"] + science)
    steps.append({"event": "score", "culture": culture, "science": science,
                  "culture_total": civ["culture"], "science_total": civ["science"]})
    food = _produce(civ, FOOD)
    eat = consumption(civ)
    have = held(civ, FOOD)
    paid = min(eat, have)
    pay(civ, FOOD, paid, "through-the-ages/later-rounds/maintenance/feed-your-people")
    short = eat - paid
    famine = short * value("famine_culture_per_food")
    civ["culture"] -= famine
    steps.append({"event": "food", "produced": food, "consumption": eat, "paid": paid, "short": short})
    if short:
        steps.append({"event": "famine", "short": short, "culture_lost": famine})
    res = _produce(civ, RES)
    lost = 0
    owed = 0
    if mode != SIMPLE:
        owed = corruption(civ)
        lost = lose(civ, RES, owed)
    steps.append({"event": "resources", "produced": res, "corruption": owed, "lost": lost})
    return steps


# ------------------------------------------------------------------------------------------- the Simple end
def simple_bonus(civ: dict) -> dict:
    """The Simple game's final bonus (through-the-ages/simple-game-end/bonus-points)."""
    rates = value("simple_bonus")
    techs = [c for c in {*civ["techs"], civ["government"], *civ["specials"]} if card(c).get("age") == "I"]
    parts = {
        "technologies": rates["per_age_i_technology"] * len(techs),
        "strength": rates["per_strength"] * strength(civ),
        "happiness": min(rates["happy_max"], rates["per_happy_face"] * happy_faces(civ)),
        "science": rates["per_science_rating"] * science_rating(civ),
        "production": rates["per_food_and_resource"] * (production_per_round(civ, FOOD) + production_per_round(civ, RES)),
    }
    parts["total"] = sum(parts.values())
    return parts
