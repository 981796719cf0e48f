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


def emptied(sizes: list[int], taken: int) -> int:
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
    return emptied(yellow_sections(civ), yellow_taken(civ))


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
    section = emptied(yellow_sections(civ), yellow_taken(civ))   # the section of the next token
    return max(0, costs[section] - leader(civ).get("population_discount", 0))


def required_happiness(civ: dict) -> int:
    """The happiness a civilisation must show: one per wholly emptied happiness space of the yellow bank
    (through-the-ages/advanced/mechanics/happiness/required-happiness)."""
    sizes = list(value("yellow_bank.happiness_spaces"))
    sizes[0] += civ["yellow_cap"] - sum(sizes)
    return emptied(sizes, yellow_taken(civ))


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
    return table[emptied(blue_sections(civ), civ["blue_cap"] - civ["blue_bank"])]


# --------------------------------------------------------------------------------------------- the cards
def active_wonders(civ: dict) -> list[str]:
    """Completed wonders whose effects count (Ravages of Time turns one face down)."""
    return [w for w in civ["wonders"] if w not in civ.get("ravaged", [])]


def leader(civ: dict) -> dict:
    """The leader's values ({} without a leader). In the Simple game the abilities the rulebook names as not
    applying are ignored (through-the-ages/second-round/special-abilities/simple-game-tip)."""
    if not civ["leader"]:
        return {}
    info = card(civ["leader"])
    if civ.get("simple") and (info.get("ignore_tactics") or info.get("colonize_from_hand")):
        return {}
    return info


def in_play(civ: dict) -> list[str]:
    """Every card whose effects count: technologies, government, special technologies, leader, completed
    wonders, colonies."""
    out = list(civ["techs"]) + [civ["government"]] + list(civ["specials"]) + active_wonders(civ)
    out += list(civ.get("colonies", []))
    if civ["leader"]:
        out.append(civ["leader"])
    return out


def _flat_cards(civ: dict) -> list[str]:
    cards = [civ["government"], *civ["specials"], *active_wonders(civ), *civ.get("colonies", [])]
    if leader(civ):
        cards.append(civ["leader"])
    return cards


def _flat(civ: dict, key: str) -> int:
    """A card's own value (government, leader, wonders, special technologies, colonies), not per worker."""
    return sum(card(c).get(key, 0) for c in _flat_cards(civ))


def _per_worker(civ: dict, key: str, types=("urban",)) -> int:
    return sum(n * card(c).get(key, 0) for c, n in civ["workers"].items() if card(c)["type"] in types)


def buildings(civ: dict, building: str) -> list[tuple[str, int]]:
    """(card, workers) of an urban building kind (temple, lab, library, theater, arena) in use."""
    return [(c, n) for c, n in civ["workers"].items() if card(c).get("building") == building]


def buildings_of(civ: dict, building: str) -> int:
    return sum(n for _, n in buildings(civ, building))


def units_of(civ: dict, unit: str) -> int:
    return sum(n for c, n in civ["workers"].items() if card(c).get("unit") == unit)


def _best_level(civ: dict, kinds: tuple[str, ...]) -> int:
    levels = [card(c)["level"] for k in kinds for c, n in buildings(civ, k) if n]
    return max(levels, default=-1)


def culture_rating(civ: dict) -> int:
    """Culture points per turn (through-the-ages/setup/ratings/points-per-turn), capped at 30; leaders'
    abilities (Homer's Warriors, Michelangelo, Shakespeare, Bach...) and face-down wonders included."""
    total = _per_worker(civ, "culture") + _flat(civ, "culture")
    lead = leader(civ)
    if lead.get("warriors_culture"):
        total += min(lead["warriors_culture"], civ["workers"].get("warriors", 0))
    if lead.get("culture_per_happy_of"):
        kinds = lead["culture_per_happy_of"]
        total += sum(n * card(c).get("happy", 0) for c, n in civ["workers"].items() if card(c).get("building") in kinds)
        if "wonder" in kinds:
            total += sum(max(0, card(w).get("happy", 0)) for w in active_wonders(civ))
    if lead.get("per_cavalry"):
        total += lead["per_cavalry"].get("culture", 0) * units_of(civ, "cavalry")
    if lead.get("per_library_culture"):
        libs, theaters = buildings_of(civ, "library"), buildings_of(civ, "theater")
        total += lead["per_library_culture"] * libs + lead["library_theater_pair_culture"] * min(libs, theaters)
    if lead.get("colony_culture"):
        total += lead["colony_culture"] * len(civ.get("colonies", []))
    if lead.get("per_theater_culture"):
        total += lead["per_theater_culture"] * buildings_of(civ, "theater")
    if lead.get("lab_culture_per_level"):
        total += sum(n * card(c)["level"] for c, n in buildings(civ, "lab"))
    if lead.get("best_theater_double"):
        total += max((card(c).get("culture", 0) for c, n in buildings(civ, "theater") if n), default=0)
    total += civ.get("ravaged_culture", 0)             # wonders turned face down (Ravages of Time)
    return max(0, min(value("caps")["culture_rating"], total))


def labs(civ: dict) -> int:
    return buildings_of(civ, "lab")


def science_rating(civ: dict) -> int:
    """Science points per turn, capped at 30: labs and libraries, wonders, and the best lab or library's level
    again with Leonardo, Newton or Einstein (through-the-ages/leonardo-da-vinci)."""
    total = _per_worker(civ, "science_out") + _flat(civ, "science_out")
    lead = leader(civ)
    if lead.get("best_lab_per_level"):
        total += max(0, _best_level(civ, ("lab", "library")))
    if lead.get("lab_science_minus"):
        total -= lead["lab_science_minus"] * labs(civ)
    return max(0, min(value("caps")["science_rating"], total))


def happy_faces_uncapped(civ: dict) -> int:
    """Happy faces before the 0-8 bounds; St. Peter's Basilica doubles the happy faces
    (through-the-ages/comprehensive-example/happiness), not the unhappy ones (assumed: decisions.st_peters_unhappy)."""
    values = [n * card(c).get("happy", 0) for c, n in civ["workers"].items() if card(c)["type"] == "urban"]
    values += [card(c).get("happy", 0) for c in _flat_cards(civ)]
    happy = sum(v for v in values if v > 0)
    unhappy = -sum(v for v in values if v < 0)
    if any(card(w).get("happy_double") for w in active_wonders(civ)):
        happy *= 2
    return happy - unhappy


def happy_faces(civ: dict) -> int:
    """Happy faces on the track, 0-8 (through-the-ages/setup/happiness/range)."""
    low, high = value("happiness_range")
    return max(low, min(high, happy_faces_uncapped(civ)))


def civil_actions(civ: dict) -> int:
    """White tokens: the government's plus those of leader, wonders and special technologies
    (through-the-ages/later-rounds/changing-government/revolution/procedure)."""
    return _flat(civ, "civil")


def military_actions(civ: dict) -> int:
    """Red tokens: the government's and other cards', this turn's extra ones (Patriotism...) and a pact's
    (Open Borders Agreement)."""
    return max(0, _flat(civ, "military") + civ.get("extra_military", 0) + civ.get("pact_military", 0))


def civil_hand_limit(civ: dict) -> int:
    """Civil cards in hand: as many as white tokens (through-the-ages/second-round/civil-card-summary/hand-limit),
    one more with the Library of Alexandria."""
    return civil_actions(civ) + _flat(civ, "hand_civil")


def military_hand_limit(civ: dict) -> int:
    """Military cards kept after the discard: as many as red tokens
    (through-the-ages/advanced/military-cards/discarding/excess-cards), one more with the Library of Alexandria."""
    return military_actions(civ) - civ.get("extra_military", 0) + _flat(civ, "hand_military")


def colonization_bonus(civ: dict) -> int:
    """Permanent colonization bonus: Colossus and the exploration technologies
    (through-the-ages/advanced/colonization/other-colonization-bonuses)."""
    return _flat(civ, "colonize")


def building_limit(civ: dict) -> int:
    return card(civ["government"])["limit"]


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
    number (through-the-ages/later-rounds/higher-level-farms-mines/production); the Transcontinental
    Railroad doubles one best mine, Tesla's labs add resources."""
    field = TOKEN_FIELD[kind]
    total = sum(n * card(c)[field] for c, n in civ["workers"].items() if card(c)["type"] == KIND_TYPE[kind])
    if kind == RES:
        total += _best_mine_value(civ) if _railroad(civ) else 0
        total += _tesla_resources(civ)
    return total


def _railroad(civ: dict) -> bool:
    return any(card(w).get("best_mine_double") for w in active_wonders(civ))


def _best_mine_value(civ: dict) -> int:
    return max((card(c)["res"] for c, n in civ["workers"].items() if n and card(c)["type"] == "mine"), default=0)


def _tesla_resources(civ: dict) -> int:
    per = leader(civ).get("lab_resources_per_level", 0)
    return per * sum(n * card(c)["level"] for c, n in buildings(civ, "lab")) if per else 0


# ------------------------------------------------------------------------------------- military strength
def _armies(unit_list: list[tuple[str, int, int]], tactics: str) -> list[tuple[bool, bool]]:
    """The armies the units form under a tactics card, as (full bonus, doubled by an air force), best first:
    as many armies as the units allow (type, not level, through-the-ages/advanced/tactics/army-bonus), full
    armies from units at most one age below the card (through-the-ages/advanced/obsolete-units/older-units),
    one air force per army doubling its bonus (through-the-ages/full/air-forces/doubling-army-bonus)."""
    t = card(tactics)
    need: dict[str, int] = {}
    for kind in t["army"]:
        need[kind] = need.get(kind, 0) + 1
    fresh = {k: sum(1 for u, lvl, _ in unit_list if u == k and t["level"] - lvl <= 1) for k in need}
    every = {k: sum(1 for u, _, _ in unit_list if u == k) for k in need}
    armies = min(every[k] // n for k, n in need.items())
    full = min(armies, min(fresh[k] // n for k, n in need.items()))
    air = sum(1 for u, _, _ in unit_list if u == "air")
    out = []
    for i in range(armies):
        out.append((i < full, i < air))
    return out


def tactics_bonus(unit_list: list[tuple[str, int, int]], tactics: str | None, best_double: bool = False) -> int:
    """The armies' bonus strength under a tactics card; the best grouping counts
    (through-the-ages/advanced/tactics/no-record-of-armies). `best_double`: the best army's bonus counts twice
    (Napoleon)."""
    if not tactics:
        return 0
    t = card(tactics)
    full_bonus, low_bonus = t["bonus"], t.get("obsolete_bonus", t["bonus"])
    bonuses = sorted(((full_bonus if full else low_bonus) * (2 if doubled else 1) for full, doubled in _armies(unit_list, tactics)),
                     reverse=True)
    if best_double and bonuses:
        bonuses[0] *= 2
    return sum(bonuses)


def strength_uncapped(civ: dict) -> int:
    """Units, army bonuses, arenas, and the strength of special technologies, leader, wonders, government and
    colonies; Great Wall, Alexander, Joan of Arc and Genghis Khan add per unit or temple; pacts (Military Pact,
    Promise of Military Protection)."""
    unit_list = units(civ)
    lead = leader(civ)
    total = (sum(s for _, _, s in unit_list) + _per_worker(civ, "strength") + _flat(civ, "strength")
             + civ.get("pact_strength", 0))
    if not lead.get("ignore_tactics"):
        total += tactics_bonus(unit_list, civ.get("tactics"), bool(lead.get("best_army_double")))
    for w in active_wonders(civ):
        for unit, extra in (card(w).get("strength_per") or {}).items():
            total += extra * units_of(civ, unit)
    total += lead.get("strength_per_unit", 0) * len(unit_list)
    if lead.get("strength_per_temple_happy"):
        total += sum(n * card(c).get("happy", 0) for c, n in buildings(civ, "temple"))
    if lead.get("per_cavalry"):
        total += lead["per_cavalry"].get("strength", 0) * units_of(civ, "cavalry")
    return max(0, total)


def strength(civ: dict) -> int:
    """Military strength, capped at 60 (through-the-ages/setup/ratings/maximums)."""
    return min(value("caps")["strength"], strength_uncapped(civ))


def sacrifice_strength(sacrificed: list[tuple[str, int, int]], tactics: str | None) -> int:
    """What sacrificed units add: their strength plus the bonus of each whole army among them
    (through-the-ages/advanced/tactics/sacrificing-armies)."""
    return sum(s for _, _, s in sacrificed) + tactics_bonus(sacrificed, tactics)


# ------------------------------------------------------------------------------------------------ costs
def discount(civ: dict, level: int) -> int:
    """Urban-building discount of a construction technology (Masonry, Architecture, Engineering) at a level."""
    best = 0
    for c in civ["specials"]:
        table = card(c).get("discount") or {}
        best = max(best, table.get(level, 0))
    return best


def build_cost(civ: dict, cid: str, surcharge: int = 0) -> int:
    """Resources to build on a card: urban buildings less the construction discount and Bach's theater
    discount; `surcharge`: what a rival's Tesla adds to labs and libraries."""
    info = card(cid)
    cost = info["cost"]
    if info["type"] == "urban":
        cost -= discount(civ, info["level"])
        if info.get("building") == "theater":
            cost -= leader(civ).get("theater_cost_discount", 0)
        if info.get("building") in ("lab", "library"):
            cost += surcharge
    return max(0, cost)


def upgrade_cost(civ: dict, old: str, new: str, surcharge: int = 0) -> int:
    """The difference of the two building costs (through-the-ages/later-rounds/upgrading/upgrade-basics),
    each with its discount (through-the-ages/advanced/construction-technologies/masonry)."""
    return max(value("decisions.upgrade_cost_floor"), build_cost(civ, new, surcharge) - build_cost(civ, old, surcharge))


def science_cost(civ: dict, cid: str) -> int:
    """Science points to discover a technology: Bach makes theaters 1 cheaper, Churchill units 3."""
    info = card(cid)
    cost = info["science"]
    lead = leader(civ)
    if info.get("building") == "theater":
        cost -= lead.get("theater_science_discount", 0)
    if info["type"] == "unit":
        cost -= lead.get("unit_science_discount", 0)
    return max(0, cost)


def wonder_stages_per_action(civ: dict) -> int:
    """Stages built with one civil action: 1, or what a construction technology allows (2-4)."""
    return max([1] + [card(c).get("wonder_stages", 1) for c in civ["specials"]])


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


def produce(civ: dict, kind: str) -> int:
    """One blue token per worker on farms (mines) while the bank lasts
    (through-the-ages/setup/blue-tokens/storage-limit); higher-level cards first (assumed); the
    Transcontinental Railroad's extra token on a best mine, Tesla's resources from labs."""
    field = TOKEN_FIELD[kind]
    made = 0
    workers = [c for c in civ["workers"] if card(c)["type"] == KIND_TYPE[kind]]
    tokens = [c for c in sorted(workers, key=lambda c: -card(c)["level"]) for _ in range(civ["workers"][c])]
    if kind == RES and tokens and _railroad(civ):
        tokens.insert(0, tokens[0])
    for c in tokens:
        if civ["blue_bank"] == 0:
            break
        civ["blue_bank"] -= 1
        civ["blue"][c] = civ["blue"].get(c, 0) + 1
        made += card(c)[field]
    if kind == RES and _tesla_resources(civ):
        made += gain(civ, RES, _tesla_resources(civ))
    return made


def produce_and_maintain(civ: dict, mode: str = SIMPLE, pact: dict | None = None) -> list[dict]:
    """The production and maintenance phase in the rulebook's order
    (through-the-ages/advanced/military-cards/drawing/tip-production-order): uprising check (Advanced and
    Full), culture and science, food and consumption (famine: -4 culture per missing food), resources and
    corruption (Advanced and Full). `pact`: the culture, food and resources the civilisation's pacts add to this
    production, a negative one never below nothing (decisions.pact_production). Changes `civ`; returns the steps
    as events."""
    steps: list[dict] = []
    pact = pact or {}
    if mode != SIMPLE:
        need = discontent(civ)
        steps.append({"event": "happiness", "required": required_happiness(civ), "happy": happy_faces(civ),
                      "discontent": need, "pool": civ["pool"]})
        if need > civ["pool"]:
            steps.append({"event": "uprising", "missing": need, "pool": civ["pool"]})
            return steps
    culture, science = culture_rating(civ), science_rating(civ)
    if pact.get("culture"):
        culture = max(0, culture + pact["culture"])
    civ["culture"] += culture
    civ["science"] = min(value("science_total_cap"), civ["science"] + science)
    steps.append({"event": "score", "culture": culture, "science": science,
                  "culture_total": civ["culture"], "science_total": civ["science"]})
    food = produce(civ, FOOD)
    if pact.get(FOOD):
        food = _with_pact(civ, FOOD, food, pact[FOOD])
    eat = consumption(civ)
    have = held(civ, FOOD)
    paid = min(eat, have)
    pay(civ, FOOD, paid, "through-the-ages/later-rounds/maintenance/feed-your-people")
    short = eat - paid
    famine = short * value("famine_culture_per_food")
    civ["culture"] -= famine
    steps.append({"event": "food", "produced": food, "consumption": eat, "paid": paid, "short": short})
    if short:
        if civ["culture"] < 0:
            value("decisions.famine_below_zero")
        steps.append({"event": "famine", "short": short, "culture_lost": famine})
    res = produce(civ, RES)
    if pact.get(RES):
        res = _with_pact(civ, RES, res, pact[RES])
    lost = 0
    owed = 0
    if mode != SIMPLE:
        owed = corruption(civ)
        lost = lose(civ, RES, owed)
    steps.append({"event": "resources", "produced": res, "corruption": owed, "lost": lost})
    return steps


def _with_pact(civ: dict, kind: str, produced: int, extra: int) -> int:
    """This turn's production with a pact's extra (or missing) food or resources; less never below nothing."""
    if extra > 0:
        return produced + gain(civ, kind, extra)
    return produced - lose(civ, kind, min(-extra, produced))


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
