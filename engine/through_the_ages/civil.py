"""Civil and military actions of a turn's action phase, for every mode: their costs, refusals (IllegalAction
naming the KB rule that forbids the move) and effects, with the 2006 cards' abilities (action cards that
build or upgrade with a discount, Breakthrough, Frugality, Ocean Liner Service, Barbarossa, tactics cards...).

An action is a dict with a "kind":
    take {slot}; increase_population {ocean?}; build {card}; upgrade {from, to}; destroy {card};
    wonder_stage {stages?}; elect {card}; discover {card}; revolution {card}; peaceful_change {card};
    play_action {card, target? | from?, to?, revolution?}; play_tactics {card}; barbarossa {card};
    trade_route (a Trade Routes Agreement's exchange).
`check` raises for a move the rules forbid; `perform` applies a checked move to a state the caller owns.
"""
from __future__ import annotations

from ..errors import IllegalAction
from ..korean import josa
from . import economy as eco
from . import pacts
from .cards import called, card, name, value
from .economy import FOOD, RES

PRODUCTION_TYPES = ("farm", "mine", "urban", "unit")
TECH_TYPES = ("farm", "mine", "urban", "unit", "special")


# ------------------------------------------------------------------------------------------ counting actions
def civil_total(state: dict, seat: int) -> int:
    if state["round"] == 1:
        return value("first_round_actions")[(seat - state["start"]) % state["players"]]
    return eco.civil_actions(state["civs"][seat])


def civil_left(state: dict, seat: int) -> int:
    return max(0, civil_total(state, seat) - state["civs"][seat]["civil_used"])


def military_left(state: dict, seat: int) -> int:
    if state["round"] == 1:
        return 0
    civ = state["civs"][seat]
    return max(0, eco.military_actions(civ) - civ["military_used"])


def take_cost(state: dict, seat: int, slot: int) -> int:
    """Civil actions to take the card of a slot: its zone (through-the-ages/first-round/card-row/zone-costs),
    +1 per completed wonder for a wonder (through-the-ages/first-round/wonders/extra-cost), 1 less with
    Michelangelo."""
    cost = value("card_row")["zone_costs"][slot]
    cid = state["row"][slot]
    if cid and card(cid)["type"] == "wonder":
        civ = state["civs"][seat]
        cost += len(civ["wonders"]) - eco.leader(civ).get("wonder_take_discount", 0)
    return max(0, cost)


def surcharge(state: dict, seat: int) -> int:
    """What rivals' Tesla adds to this civilisation's labs and libraries."""
    return sum(eco.leader(c).get("others_lab_library_surcharge", 0) for s, c in enumerate(state["civs"]) if s != seat)


# --------------------------------------------------------------------------------------------- refusals
def _need_civil(state, seat, n=1):
    if civil_left(state, seat) < n:
        raise IllegalAction("through-the-ages/second-round/actions/repeat-and-limit",
                            f"{n} civil action(s) needed, {civil_left(state, seat)} left",
                            f"시민 행동 {n}개가 필요한데 {civil_left(state, seat)}개 남았습니다")


def _need_military(state, seat, n=1):
    if military_left(state, seat) < n:
        raise IllegalAction("through-the-ages/second-round/actions/repeat-and-limit",
                            f"{n} military action(s) needed, {military_left(state, seat)} left",
                            f"군사 행동 {n}개가 필요한데 {military_left(state, seat)}개 남았습니다")


def _not_first_round(state):
    if state["round"] == 1:
        raise IllegalAction("through-the-ages/first-round/no-building",
                            "in the first round the only action is taking civil cards",
                            "첫 라운드에는 시민 카드 가져오기만 할 수 있습니다")


def _need_worker(civ):
    if civ["pool"] < 1:
        raise IllegalAction("through-the-ages/second-round/build-farm-or-mine/requirements",
                            "no unused worker in the worker pool", "일하지 않는 일꾼이 없습니다")


def _can_pay(civ, kind, amount, rule):
    if eco.held(civ, kind) < amount:
        what = ("food", "식량") if kind == FOOD else ("resources", "자원")
        raise IllegalAction(rule, f"{amount} {what[0]} needed, {eco.held(civ, kind)} held",
                            f"{what[1]} {amount}개가 필요한데 {eco.held(civ, kind)}개 있습니다")


def _in_hand(civ, cid, types, rule):
    types = (types,) if isinstance(types, str) else types
    if cid not in civ["hand"] or card(cid)["type"] not in types:
        raise IllegalAction(rule, f"{called(cid, 'en')} is not a playable card in hand",
                            f"손에 {called(cid, 'ko')} 카드가 없습니다")


def _need_science(civ, cost, rule):
    if civ["science"] < cost:
        raise IllegalAction(rule, f"{cost} science points needed, {civ['science']} held",
                            f"과학 점수 {cost}점이 필요한데 {civ['science']}점 있습니다")


def science_cost(state: dict, seat: int, cid: str, how: str = "science") -> int:
    """Science to play a technology (`how`: science, or a government's `revolution` / `peaceful` cost), less
    what the civilisation's pacts take off (Scientific Cooperation)."""
    base = eco.science_cost(state["civs"][seat], cid) if how == "science" else card(cid)[how]
    return max(0, base - pacts.technology_discount(state, seat)) if state["pacts"] else base


def _population_cost(civ, ocean=False):
    cost = eco.population_cost(civ)
    if cost is not None and ocean:
        cost = max(0, cost - max(card(w).get("ocean_liner", 0) for w in eco.active_wonders(civ)))
    return cost


def _check_population(civ, ocean=False):
    cost = _population_cost(civ, ocean)
    if cost is None:
        raise IllegalAction("through-the-ages/setup/yellow-tokens/empty-bank", "the yellow bank is empty",
                            "노란색 저장소가 비어 인구를 늘릴 수 없습니다")
    _can_pay(civ, FOOD, cost, "through-the-ages/second-round/increase-population/cost")


def check(state: dict, action: dict) -> None:
    """Raise IllegalAction if the rules forbid the action now."""
    seat = state["current"]
    civ = state["civs"][seat]
    kind = action.get("kind")
    if kind == "take":
        _check_take(state, seat, action["slot"])
        return
    if kind == "elect" and state["round"] == 1:
        raise IllegalAction("through-the-ages/first-round/leaders/take-and-play",
                            "a leader cannot be put into play in the first round",
                            "첫 라운드에는 지도자를 내려놓을 수 없습니다")
    _not_first_round(state)
    if kind == "increase_population":
        if action.get("ocean"):
            if not any(card(w).get("ocean_liner") for w in eco.active_wonders(civ)) or civ["ocean_used"]:
                raise IllegalAction("through-the-ages/second-round/special-abilities/intro",
                                    "no Ocean Liner Service, or it was used this turn", "원양 여객선이 없거나 이번 턴에 이미 사용했습니다")
        else:
            _need_civil(state, seat)
        _check_population(civ, bool(action.get("ocean")))
    elif kind == "build":
        _check_build(state, seat, action["card"], 0)
    elif kind == "upgrade":
        _check_upgrade(state, seat, action["from"], action["to"], 0)
    elif kind == "destroy":
        cid = action["card"]
        if civ["workers"].get(cid, 0) < 1:
            raise IllegalAction("through-the-ages/second-round/destroy-building/procedure",
                                f"nothing built on {cid}", f"{cid}에 지은 것이 없습니다")
        (_need_military if card(cid)["type"] == "unit" else _need_civil)(state, seat)
    elif kind == "wonder_stage":
        _need_civil(state, seat)
        stages = action.get("stages", 1)
        if not 1 <= stages <= eco.wonder_stages_per_action(civ):
            raise IllegalAction("through-the-ages/second-round/build-wonder-stage/order-and-timing",
                                f"{stages} stages in one action: at most {eco.wonder_stages_per_action(civ)}",
                                f"한 번에 {stages}단계: 최대 {eco.wonder_stages_per_action(civ)}단계")
        _check_stage(civ, 0, stages)
    elif kind == "elect":
        _need_civil(state, seat)
        _in_hand(civ, action["card"], "leader", "through-the-ages/second-round/elect-leader/cost")
    elif kind == "discover":
        _need_civil(state, seat)
        _check_discover(state, seat, action["card"])
    elif kind in ("revolution", "peaceful_change"):
        _check_government(state, seat, action)
    elif kind == "play_action":
        _need_civil(state, seat)
        _check_action_card(state, seat, action)
    elif kind == "play_tactics":
        cid = action["card"]
        if cid not in civ["military_hand"] or card(cid)["type"] != "tactics":
            raise IllegalAction("through-the-ages/advanced/tactics/playing-tactics",
                                f"{called(cid, 'en')} is not a tactics card in hand", f"손에 {called(cid, 'ko')} 전술 카드가 없습니다")
        _need_military(state, seat)
    elif kind == "trade_route":
        pacts.check_exchange(state, seat)
    elif kind == "barbarossa":
        if not eco.leader(civ).get("barbarossa"):
            raise IllegalAction("through-the-ages/second-round/special-abilities/intro", "Frederick Barbarossa is not in play",
                                "프리드리히 바르바로사가 없습니다")
        _need_civil(state, seat)
        cid = action["card"]
        if cid not in civ["techs"] or card(cid)["type"] != "unit":
            raise IllegalAction("through-the-ages/later-rounds/discover-technology/build-capability-only",
                                f"{cid} is not a unit technology in play", f"{cid}는 군사 기술 카드가 아닙니다")
        cost = _population_cost(civ)
        if cost is None:
            raise IllegalAction("through-the-ages/setup/yellow-tokens/empty-bank", "the yellow bank is empty",
                                "노란색 저장소가 비어 인구를 늘릴 수 없습니다")
        _can_pay(civ, FOOD, max(0, cost - 1), "through-the-ages/second-round/increase-population/cost")
        _can_pay(civ, RES, _unit_cost(civ, eco.build_cost(civ, cid) - 1),
                 "through-the-ages/second-round/build-military-unit/procedure")
    else:
        raise IllegalAction("through-the-ages/second-round/actions/civil-action-list", f"unknown action {kind!r}",
                            f"알 수 없는 행동 {kind!r}")


def _check_discover(state, seat, cid):
    civ = state["civs"][seat]
    _in_hand(civ, cid, TECH_TYPES, "through-the-ages/later-rounds/discover-technology/cost")
    _need_science(civ, science_cost(state, seat, cid), "through-the-ages/later-rounds/discover-technology/science-cost")


def _check_government(state, seat, action, breakthrough=False):
    """A revolution (the turn's first civil action, or with Robespierre all military actions unused) or a peaceful
    change (a civil action); `breakthrough`: the government played by Breakthrough, whose civil action it is
    (decisions.breakthrough_revolution)."""
    civ = state["civs"][seat]
    cid = action["target"] if breakthrough else action["card"]
    _in_hand(civ, cid, "government", "through-the-ages/later-rounds/changing-government/two-ways")
    if action["kind"] == "revolution" or (breakthrough and action.get("revolution")):
        rule = ("through-the-ages/later-rounds/changing-government/revolution/breakthrough-exception" if breakthrough
                else "through-the-ages/later-rounds/changing-government/revolution/procedure")
        if eco.leader(civ).get("revolution_uses_military"):
            if civ["military_used"]:
                raise IllegalAction(rule, "with Robespierre a revolution needs all military actions unused",
                                    "로베스피에르가 있으면 혁명에 군사 행동 전부가 필요합니다")
        elif civ["civil_taken"] or civ["civil_used"]:
            raise IllegalAction(rule, "a revolution must be the first civil action of the turn",
                                "혁명은 턴의 첫 번째 시민 행동으로만 선언할 수 있습니다")
        _need_science(civ, science_cost(state, seat, cid, "revolution"),
                      "through-the-ages/later-rounds/changing-government/revolution/definition")
    else:
        if not breakthrough:
            _need_civil(state, seat)
        _need_science(civ, science_cost(state, seat, cid, "peaceful"),
                      "through-the-ages/later-rounds/changing-government/peaceful-change/cost")


def _check_action_card(state, seat, action):
    civ = state["civs"][seat]
    cid = action["card"]
    _in_hand(civ, cid, "action", "through-the-ages/second-round/play-action-card/procedure")
    if cid in civ["fresh"]:
        raise IllegalAction("through-the-ages/first-round/action-cards/not-same-turn",
                            "an action card cannot be played on the turn it was taken",
                            "이번 턴에 가져온 행동 카드는 이번 턴에 사용할 수 없습니다")
    info = card(cid)
    if info.get("wonder_discount"):
        _check_stage(civ, info["wonder_discount"], 1)
    if info.get("urban_discount") or info.get("production_discount"):
        target = action.get("target")
        types = ("urban",) if info.get("urban_discount") else ("farm", "mine")
        if target is None or card(target)["type"] not in types:
            raise IllegalAction("through-the-ages/second-round/play-action-card/procedure",
                                f"{cid} builds a {' or '.join(types)} building: name it", f"{cid}: 건설할 카드를 정해야 합니다")
        _check_build(state, seat, target, info.get("urban_discount") or info.get("production_discount"), civil=False)
    if info.get("upgrade_discount"):
        old, new = action.get("from"), action.get("to")
        if old is None or new is None or card(new)["type"] not in ("farm", "mine", "urban"):
            raise IllegalAction("through-the-ages/second-round/play-action-card/procedure",
                                f"{cid} upgrades a farm, mine or urban building: name it", f"{cid}: 향상할 건물을 정해야 합니다")
        _check_upgrade(state, seat, old, new, info["upgrade_discount"], civil=False)
    if "revolution" in action and (action["revolution"] is not True or not info.get("breakthrough_science")):
        raise IllegalAction("through-the-ages/later-rounds/changing-government/revolution/breakthrough-exception",
                            "only Breakthrough declares a revolution (revolution: true)",
                            "행동 카드로는 과학의 발전만 혁명을 선언할 수 있습니다 (revolution: true)")
    if info.get("breakthrough_science"):
        target = action.get("target")
        if not isinstance(target, str) or target not in civ["hand"]:
            raise IllegalAction("through-the-ages/later-rounds/discover-technology/cost", f"{cid}: name the technology to discover",
                                f"{cid}: 개발할 기술을 정해야 합니다")
        if card(target)["type"] == "government":
            _check_government(state, seat, action, breakthrough=True)
        elif action.get("revolution"):
            raise IllegalAction("through-the-ages/later-rounds/changing-government/revolution/breakthrough-exception",
                                "a revolution plays a government card", "혁명은 정부 카드를 내려놓는 것입니다")
        else:
            _check_discover(state, seat, target)
    if info.get("population_food"):
        _check_population(civ)


def _check_take(state, seat, slot):
    civ = state["civs"][seat]
    if not 0 <= slot < len(state["row"]) or state["row"][slot] is None:
        raise IllegalAction("through-the-ages/first-round/card-row/zone-costs", f"slot {slot + 1} is empty",
                            f"{slot + 1}번 칸이 비어 있습니다")
    cid = state["row"][slot]
    info = card(cid)
    _need_civil(state, seat, take_cost(state, seat, slot))
    if info["type"] == "wonder":
        if civ["wonder"]:
            raise IllegalAction("through-the-ages/first-round/wonders/one-under-construction",
                                "a wonder is already under construction", "이미 건설 중인 문화 유산이 있습니다")
        return
    if len(civ["hand"]) >= eco.civil_hand_limit(civ):
        raise IllegalAction("through-the-ages/second-round/civil-card-summary/hand-limit",
                            "the hand holds as many civil cards as white tokens",
                            "손에 든 시민 카드가 흰색 토큰 수만큼 있습니다")
    if info["type"] == "leader" and info["age"] in civ["leader_ages"]:
        raise IllegalAction("through-the-ages/first-round/leaders/one-per-age",
                            f"a leader of age {info['age']} was already taken", f"{info['age']}시대 지도자를 이미 가져왔습니다")
    if info["type"] in (*TECH_TYPES, "government") and (cid in civ["hand"] or cid in eco.in_play(civ)):
        raise IllegalAction("through-the-ages/second-round/take-card/no-duplicate-technology",
                            f"{name(cid, 'en')} is already in hand or in play", f"{name(cid, 'ko')} 카드를 이미 가지고 있습니다")


def _unit_cost(civ, cost):
    return max(0, cost - civ["military_resources"])


def _check_build(state, seat, cid, discount, civil=True):
    civ = state["civs"][seat]
    info = card(cid)
    if cid not in civ["techs"] or info["type"] not in PRODUCTION_TYPES:
        raise IllegalAction("through-the-ages/later-rounds/discover-technology/build-capability-only",
                            f"{cid} is not a technology in play to build on", f"{cid}는 건설할 수 있는 기술 카드가 아닙니다")
    if info["type"] == "unit":
        _need_military(state, seat)
        _need_worker(civ)
        _can_pay(civ, RES, _unit_cost(civ, eco.build_cost(civ, cid)), "through-the-ages/second-round/build-military-unit/procedure")
        return
    if civil:
        _need_civil(state, seat)
    _need_worker(civ)
    if info["type"] == "urban" and eco.buildings_of(civ, info["building"]) >= eco.building_limit(civ):
        raise IllegalAction("through-the-ages/second-round/build-urban-building/limit-per-type",
                            f"the government allows {eco.building_limit(civ)} {info['building']}s",
                            f"정부의 도시 건물 제한({eco.building_limit(civ)})에 이르렀습니다")
    cost = max(0, eco.build_cost(civ, cid, surcharge(state, seat)) - discount)
    _can_pay(civ, RES, cost, "through-the-ages/second-round/build-farm-or-mine/requirements")


def _check_upgrade(state, seat, old, new, discount, civil=True):
    civ = state["civs"][seat]
    if civ["workers"].get(old, 0) < 1 or new not in civ["techs"]:
        raise IllegalAction("through-the-ages/later-rounds/upgrading/upgrade-basics",
                            f"no worker on {called(old, 'en')} or {called(new, 'en')} not in play",
                            f"{called(old, 'ko')}에 일꾼이 없거나 {called(new, 'ko')} 카드가 없습니다")
    if not eco.same_kind(old, new):
        raise IllegalAction("through-the-ages/later-rounds/upgrading/same-kind-only",
                            f"{name(old, 'en')} cannot become {name(new, 'en')}: not the same kind",
                            f"{josa(name(old, 'ko'), '은/는')} {josa(name(new, 'ko'), '으로/로')} 향상할 수 없습니다(종류가 다름)")
    if card(new)["level"] <= card(old)["level"]:
        raise IllegalAction("through-the-ages/later-rounds/upgrading/upgrade-basics",
                            f"{name(new, 'en')} is not a higher level than {name(old, 'en')}",
                            f"{josa(name(new, 'ko'), '은/는')} {name(old, 'ko')}보다 높은 등급이 아닙니다")
    cost = max(0, eco.upgrade_cost(civ, old, new, surcharge(state, seat)) - discount)
    if card(new)["type"] == "unit":
        _need_military(state, seat)
        cost = _unit_cost(civ, cost)
    elif civil:
        _need_civil(state, seat)
    _can_pay(civ, RES, cost, "through-the-ages/later-rounds/upgrading/procedure")


def _stage_cost(civ, discount, stages):
    wonder = card(civ["wonder"])
    left = wonder["stages"][civ["wonder_stages"]:civ["wonder_stages"] + stages]
    return max(value("decisions.wonder_stage_discount_floor"), sum(left) - discount), len(left)


def _check_stage(civ, discount, stages):
    if not civ["wonder"]:
        raise IllegalAction("through-the-ages/second-round/build-wonder-stage/order-and-timing",
                            "no wonder under construction", "건설 중인 문화 유산이 없습니다")
    cost, built = _stage_cost(civ, discount, stages)
    if built < stages:
        raise IllegalAction("through-the-ages/second-round/build-wonder-stage/order-and-timing",
                            f"only {built} stage(s) left", f"남은 단계는 {built}개입니다")
    _can_pay(civ, RES, cost, "through-the-ages/second-round/build-wonder-stage/stages")
    if civ["blue_bank"] + (cost > 0) < stages:
        raise IllegalAction("through-the-ages/second-round/build-wonder-stage/stage-markers",
                            "no blue token left to mark the stage", "단계를 표시할 파란 토큰이 없습니다")


# ------------------------------------------------------------------------------------------------- moves
def perform(state: dict, action: dict) -> list[dict]:
    """Apply a checked action to `state` (the caller's copy); the move's events."""
    seat = state["current"]
    civ = state["civs"][seat]
    kind = action["kind"]
    events: list[dict] = [{"event": "action", "seat": seat, **action}]
    if kind == "take":
        events += take(state, seat, action["slot"])
    elif kind == "increase_population":
        if action.get("ocean"):
            civ["ocean_used"] = True
        else:
            _civil(civ)
        events += _grow(civ, seat, _population_cost(civ, bool(action.get("ocean"))))
    elif kind == "build":
        cid = action["card"]
        if card(cid)["type"] == "unit":
            civ["military_used"] += 1
        else:
            _civil(civ)
        events += _build(state, seat, cid, 0)
    elif kind == "upgrade":
        if card(action["to"])["type"] == "unit":
            civ["military_used"] += 1
        else:
            _civil(civ)
        events += _upgrade(state, seat, action["from"], action["to"], 0)
    elif kind == "destroy":
        cid = action["card"]
        if card(cid)["type"] == "unit":
            civ["military_used"] += 1
        else:
            _civil(civ)
        _move_worker(civ, cid, None)
        civ["pool"] += 1
        events.append({"event": "destroyed", "seat": seat, "card": cid})
    elif kind == "wonder_stage":
        _civil(civ)
        events += _build_stage(civ, seat, 0, action.get("stages", 1))
    elif kind == "elect":
        cid = action["card"]
        _civil(civ)
        civ["hand"].remove(cid)
        old, civ["leader"] = civ["leader"], cid
        events.append({"event": "elected", "seat": seat, "card": cid, "replaced": old})
    elif kind == "discover":
        _civil(civ)
        events += _discover(state, seat, action["card"])
    elif kind == "revolution":
        events += _change_government(state, seat, action["card"], "revolution")
    elif kind == "peaceful_change":
        _civil(civ)
        events += _change_government(state, seat, action["card"], "peaceful")
    elif kind == "play_action":
        cid = action["card"]
        _civil(civ)
        civ["hand"].remove(cid)
        events += _action_card(state, seat, action)
    elif kind == "play_tactics":
        cid = action["card"]
        civ["military_used"] += 1
        civ["military_hand"].remove(cid)
        old, civ["tactics"] = civ["tactics"], cid
        events.append({"event": "tactics", "seat": seat, "card": cid, "replaced": old})
        if old:
            events.append({"event": "discard_military", "seat": seat, "cards": [old]})
    elif kind == "trade_route":
        events += pacts.make_exchange(state, seat)
    elif kind == "barbarossa":
        _civil(civ)
        events += _grow(civ, seat, max(0, _population_cost(civ) - 1))
        civ["military_resources"] += 1
        events += _build(state, seat, action["card"], 0)
    # a lost action token may be one already used this turn (through-the-ages/second-round/special-abilities/gaining-losing-tokens)
    civ["civil_used"] = min(civ["civil_used"], civil_total(state, seat))
    civ["military_used"] = min(civ["military_used"], eco.military_actions(civ))
    return events


def _civil(civ):
    civ["civil_used"] += 1
    civ["civil_taken"] += 1


def _change_government(state, seat, cid, how):
    """A new government from the hand by revolution (every civil action used, or with Robespierre every military
    action, through-the-ages/later-rounds/changing-government/revolution/procedure) or by peaceful change (its
    civil action is the caller's)."""
    civ = state["civs"][seat]
    cost = science_cost(state, seat, cid, how)
    civ["hand"].remove(cid)
    civ["science"] -= cost
    civ["government"] = cid
    events = [{"event": "government", "seat": seat, "card": cid, "how": "revolution" if how == "revolution" else "peaceful",
               "science": cost}]
    if how == "revolution":
        if eco.leader(civ).get("revolution_uses_military"):
            civ["military_used"] = eco.military_actions(civ)
        else:
            civ["civil_taken"] += 1
            civ["civil_used"] = eco.civil_actions(civ)
        civ["revolution"] = True
    return events + (pacts.partners_pay(state, seat) if state["pacts"] else []) + _on_technology(civ, seat)


def _grow(civ, seat, cost):
    eco.pay(civ, FOOD, cost, "through-the-ages/second-round/increase-population/cost")
    civ["yellow_bank"] -= 1
    civ["pool"] += 1
    return [{"event": "population", "seat": seat, "food": cost}]


def take(state: dict, seat: int, slot: int) -> list[dict]:
    """Take the card of a slot (checked): a wonder goes under construction, other cards to the hand."""
    civ = state["civs"][seat]
    cid = state["row"][slot]
    civ["civil_used"] += take_cost(state, seat, slot)
    civ["civil_taken"] += 1
    state["row"][slot] = None
    info = card(cid)
    events = [{"event": "took", "seat": seat, "card": cid, "slot": slot}]
    if info["type"] == "wonder":
        civ["wonder"], civ["wonder_stages"] = cid, 0
        return events
    civ["hand"].append(cid)
    civ["fresh"].append(cid)
    if info["type"] == "leader":
        civ["leader_ages"].append(info["age"])
    if info["type"] in (*TECH_TYPES, "government") and eco.leader(civ).get("science_per_tech_taken"):
        civ["science"] = min(value("science_total_cap"), civ["science"] + eco.leader(civ)["science_per_tech_taken"])
    return events


def _military_discount(civ, cost):
    """Resources an action card or leader grants for units are spent first (through-the-ages/second-round/
    build-military-unit/military-discounts)."""
    used = min(cost, civ["military_resources"])
    civ["military_resources"] -= used
    return cost - used


def _build(state, seat, cid, discount):
    civ = state["civs"][seat]
    cost = max(0, eco.build_cost(civ, cid, surcharge(state, seat)) - discount)
    if card(cid)["type"] == "unit":
        cost = _military_discount(civ, cost)
    eco.pay(civ, RES, cost, "through-the-ages/second-round/build-farm-or-mine/requirements")
    civ["pool"] -= 1
    civ["workers"][cid] = civ["workers"].get(cid, 0) + 1
    return [{"event": "built", "seat": seat, "card": cid, "resources": cost}]


def _upgrade(state, seat, old, new, discount):
    civ = state["civs"][seat]
    cost = max(0, eco.upgrade_cost(civ, old, new, surcharge(state, seat)) - discount)
    if card(new)["type"] == "unit":
        cost = _military_discount(civ, cost)
    eco.pay(civ, RES, cost, "through-the-ages/later-rounds/upgrading/procedure")
    _move_worker(civ, old, new)
    return [{"event": "upgraded", "seat": seat, "from": old, "to": new, "resources": cost}]


def _move_worker(civ, old, new):
    civ["workers"][old] -= 1
    if not civ["workers"][old]:
        del civ["workers"][old]
    if new:
        civ["workers"][new] = civ["workers"].get(new, 0) + 1


def _build_stage(civ, seat, discount, stages=1):
    cost, _ = _stage_cost(civ, discount, stages)
    eco.pay(civ, RES, cost, "through-the-ages/second-round/build-wonder-stage/stages")
    civ["blue_bank"] -= stages                              # the stage markers
    civ["wonder_stages"] += stages
    wonder = card(civ["wonder"])
    events = [{"event": "stage", "seat": seat, "card": civ["wonder"], "stage": civ["wonder_stages"], "resources": cost}]
    if civ["wonder_stages"] == len(wonder["stages"]):
        civ["blue_bank"] += civ["wonder_stages"]           # the markers go back on completion
        civ["wonders"].append(civ["wonder"])
        events.append({"event": "wonder_completed", "seat": seat, "card": civ["wonder"]})
        gained = _completion_culture(civ, wonder)
        if gained:
            civ["culture"] += gained
            events.append({"event": "wonder_culture", "seat": seat, "card": civ["wonder"], "culture": gained})
        civ["wonder"], civ["wonder_stages"] = None, 0
    return events


def _completion_culture(civ, wonder):
    """The culture an Age III wonder scores once, when completed."""
    rule = wonder.get("complete_culture")
    if not rule:
        return 0
    if "per_level" in rule:
        return rule["factor"] * sum(n * card(c)["level"] for c, n in civ["workers"].items()
                                    if card(c).get("building") in rule["per_level"])
    if "per_technology_level" in rule:
        return rule["per_technology_level"] * sum(card(c)["level"] for c in [*civ["techs"], *civ["specials"], civ["government"]])
    per = rule["per_worker"]
    return sum(n * per.get(card(c)["type"], 0) for c, n in civ["workers"].items())


def _discover(state, seat, cid):
    civ = state["civs"][seat]
    cost = science_cost(state, seat, cid)
    civ["hand"].remove(cid)
    civ["science"] -= cost
    return (put_technology(civ, seat, cid) + (pacts.partners_pay(state, seat) if state["pacts"] else [])
            + _on_technology(civ, seat))


def _on_technology(civ, seat):
    """Leaders that reward putting a technology into play (Leonardo, Newton, Einstein)."""
    lead = eco.leader(civ)
    out = []
    if lead.get("on_technology_resources"):
        out.append({"event": "leader_bonus", "seat": seat, "resources": eco.gain(civ, RES, lead["on_technology_resources"])})
    if lead.get("on_technology_civil_back"):
        civ["civil_used"] = max(0, civ["civil_used"] - lead["on_technology_civil_back"])
    if lead.get("on_technology_culture"):
        civ["culture"] += lead["on_technology_culture"]
    return out


def put_technology(civ: dict, seat: int, cid: str) -> list[dict]:
    info = card(cid)
    if info["type"] == "special":
        # a special technology replaces one of the same family, its bonus does not add up
        # (through-the-ages/advanced/special-technologies/replacing)
        replaced = [c for c in civ["specials"] if card(c).get("family") == info.get("family")]
        old_blue = max([card(c).get("blue", 0) for c in replaced], default=0)
        for old in replaced:
            civ["specials"].remove(old)
        civ["specials"].append(cid)
        extra = max(0, info.get("blue", 0) - old_blue)
        civ["blue_cap"] += extra
        civ["blue_bank"] += extra
    else:
        civ["techs"].append(cid)
    return [{"event": "discovered", "seat": seat, "card": cid, "science": info["science"]}]


def _action_card(state, seat, action):
    civ = state["civs"][seat]
    cid = action["card"]
    info = card(cid)
    events = [{"event": "played", "seat": seat, "card": cid}]
    if info.get("wonder_discount"):
        events += _build_stage(civ, seat, info["wonder_discount"])
    if info.get("urban_discount") or info.get("production_discount"):
        events += _build(state, seat, action["target"], info.get("urban_discount") or info.get("production_discount"))
    if info.get("upgrade_discount"):
        events += _upgrade(state, seat, action["from"], action["to"], info["upgrade_discount"])
    if info.get("breakthrough_science"):
        target = action["target"]
        if card(target)["type"] == "government":
            value("decisions.breakthrough_revolution")
            events += _change_government(state, seat, target, "revolution" if action.get("revolution") else "peaceful")
        else:
            events += _discover(state, seat, target)
        civ["science"] = min(value("science_total_cap"), civ["science"] + info["breakthrough_science"])
    if info.get("population_food"):
        events += _grow(civ, seat, _population_cost(civ))
        eco.gain(civ, FOOD, info["population_food"])
    if info.get("gain_culture"):
        civ["culture"] += info["gain_culture"]
    if info.get("gain_science"):
        civ["science"] = min(value("science_total_cap"), civ["science"] + info["gain_science"])
    if info.get("gain_food"):
        eco.gain(civ, FOOD, info["gain_food"])
    if info.get("gain_resources"):
        eco.gain(civ, RES, info["gain_resources"])
    if info.get("extra_military"):
        civ["extra_military"] += info["extra_military"]
        civ["military_resources"] += info.get("military_resources", 0)
    if info.get("military_resources_per_stronger"):
        mine = eco.strength(civ)
        stronger = sum(1 for s, c in enumerate(state["civs"]) if s != seat and not c["resigned"] and eco.strength(c) > mine)
        civ["military_resources"] += stronger * info["military_resources_per_stronger"][state["players"]]
    if info.get("culture_per_more_cultured"):
        more = sum(1 for s, c in enumerate(state["civs"]) if s != seat and not c["resigned"] and c["culture"] > civ["culture"])
        civ["culture"] += more * info["culture_per_more_cultured"][state["players"]]
    return events


# ------------------------------------------------------------------------------------------- candidates
def candidates(state: dict) -> list[dict]:
    """Every action-phase move worth checking now (the caller keeps those `check` allows)."""
    seat = state["current"]
    civ = state["civs"][seat]
    left = civil_left(state, seat)          # a cheap first cut; `check` decides
    out: list[dict] = [{"kind": "take", "slot": i} for i, c in enumerate(state["row"]) if c and take_cost(state, seat, i) <= left]
    if state["round"] == 1:
        return out
    out.append({"kind": "increase_population"})
    if any(card(w).get("ocean_liner") for w in eco.active_wonders(civ)):
        out.append({"kind": "increase_population", "ocean": True})
    for cid in civ["techs"]:
        if card(cid)["type"] in PRODUCTION_TYPES:
            out.append({"kind": "build", "card": cid})
            if card(cid)["type"] == "unit" and eco.leader(civ).get("barbarossa"):
                out.append({"kind": "barbarossa", "card": cid})
    upgrades = [(old, new) for old in civ["workers"] for new in civ["techs"]
                if new != old and card(new)["type"] == card(old)["type"] and card(new)["level"] > card(old)["level"]
                and eco.same_kind(old, new)]
    for old in civ["workers"]:
        out.append({"kind": "destroy", "card": old})
    out += [{"kind": "upgrade", "from": old, "to": new} for old, new in upgrades]
    if civ["wonder"]:
        out += [{"kind": "wonder_stage", "stages": k} if k > 1 else {"kind": "wonder_stage"}
                for k in range(1, eco.wonder_stages_per_action(civ) + 1)]
    for cid in dict.fromkeys(civ["hand"]):
        t = card(cid)["type"]
        if t == "leader":
            out.append({"kind": "elect", "card": cid})
        elif t in TECH_TYPES:
            out.append({"kind": "discover", "card": cid})
        elif t == "government":
            out += [{"kind": "revolution", "card": cid}, {"kind": "peaceful_change", "card": cid}]
        elif t == "action":
            out += _action_card_moves(civ, cid, upgrades)
    for cid in dict.fromkeys(civ["military_hand"]):
        if card(cid)["type"] == "tactics":
            out.append({"kind": "play_tactics", "card": cid})
    if state["pacts"] and pacts.exchange(state, seat):
        out.append({"kind": "trade_route"})
    return out


def _action_card_moves(civ, cid, upgrades):
    info = card(cid)
    if info.get("urban_discount") or info.get("production_discount"):
        types = ("urban",) if info.get("urban_discount") else ("farm", "mine")
        return [{"kind": "play_action", "card": cid, "target": t} for t in civ["techs"] if card(t)["type"] in types]
    if info.get("upgrade_discount"):
        return [{"kind": "play_action", "card": cid, "from": old, "to": new} for old, new in upgrades
                if card(new)["type"] in ("farm", "mine", "urban")]
    if info.get("breakthrough_science"):
        out = []
        for t in dict.fromkeys(civ["hand"]):
            if card(t)["type"] in TECH_TYPES or card(t)["type"] == "government":
                out.append({"kind": "play_action", "card": cid, "target": t})
            if card(t)["type"] == "government":
                out.append({"kind": "play_action", "card": cid, "target": t, "revolution": True})
        return out
    return [{"kind": "play_action", "card": cid}]
