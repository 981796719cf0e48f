"""The Simple game's flow: setup, the card row, civil and military actions with their costs and refusals,
events, production and maintenance at the end of each turn, and the end with its bonus scoring.

An action is a dict with a "kind" (actions.py lists them). `apply` works on a copy and returns it with the
move's events; every refusal raises IllegalAction naming the KB rule that forbids the move.
"""
from __future__ import annotations

from ..errors import IllegalAction
from . import economy as eco
from .cards import card, deck, value
from .economy import FOOD, RES, SIMPLE
from .state import clone, new_civ, shuffled

PRODUCTION_TYPES = ("farm", "mine", "urban", "unit")
TECH_TYPES = ("farm", "mine", "urban", "unit", "special")


def new_game(players: int, seed: int, mode: str = SIMPLE) -> dict:
    if not 2 <= players <= 4:
        raise ValueError(f"Through the Ages is played by 2 to 4 players, not {players}")
    if mode != SIMPLE:
        raise IllegalAction("through-the-ages/about-this-rulebook/three-ways-to-play/advanced-game",
                            f"mode {mode}: only the Simple game plays whole; the rulebook prints no Age II/III civil cards "
                            "nor military decks (the Advanced and Full rules run as scenarios and economy functions)",
                            "숙련·본격 게임은 2·3시대 카드와 군사 카드 자료가 규칙서에 없어 전체 진행을 지원하지 않습니다 "
                            "(규칙은 시나리오와 경제 함수로 실행)")
    state = {"game": "through-the-ages", "mode": mode, "players": players, "seed": seed, "rng": seed & (2**62 - 1),
             "round": 1, "current": 0, "start": 0, "age": "A", "last_round": False, "over": False,
             "row": [], "decks": {}, "events": [], "past_events": [], "box": [],
             "civs": [new_civ() for _ in range(players)], "winner": None, "final": None, "cards_in_game": []}
    age_a = shuffled(state, deck("A", players))
    state["decks"] = {"A": age_a[value("card_row")["slots"]:], "I": shuffled(state, deck("I", players))}
    state["row"] = age_a[:value("card_row")["slots"]]
    state["events"] = shuffled(state, deck("events", players))
    state["cards_in_game"] = sorted({*age_a, *state["decks"]["I"], *state["events"]})
    return state


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
    +1 per completed wonder for a wonder (through-the-ages/first-round/wonders/extra-cost)."""
    cost = value("card_row")["zone_costs"][slot]
    cid = state["row"][slot]
    if cid and card(cid)["type"] == "wonder":
        cost += len(state["civs"][seat]["wonders"])
    return cost


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


def check(state: dict, action: dict) -> None:
    """Raise IllegalAction if the rules forbid the action now (apply calls it first)."""
    if state["over"]:
        raise IllegalAction("through-the-ages/simple-game-end/final-scoring-time", "the game is over", "게임이 끝났습니다")
    seat = state["current"]
    civ = state["civs"][seat]
    kind = action.get("kind")
    if kind == "end_turn":
        return
    if kind == "take":
        _check_take(state, seat, action["slot"])
        return
    _not_first_round(state)
    if kind == "increase_population":
        _need_civil(state, seat)
        cost = eco.population_cost(civ)
        if cost is None:
            raise IllegalAction("through-the-ages/setup/yellow-tokens/empty-bank", "the yellow bank is empty",
                                "노란색 저장소가 비어 인구를 늘릴 수 없습니다")
        _can_pay(civ, FOOD, cost, "through-the-ages/second-round/increase-population/cost")
    elif kind == "build":
        _check_build(state, seat, action["card"])
    elif kind == "upgrade":
        _check_upgrade(state, seat, action["from"], action["to"])
    elif kind == "destroy":
        cid = action["card"]
        if civ["workers"].get(cid, 0) < 1:
            raise IllegalAction("through-the-ages/second-round/destroy-building/procedure",
                                f"nothing built on {cid}", f"{cid}에 지은 것이 없습니다")
        (_need_military if card(cid)["type"] == "unit" else _need_civil)(state, seat)
    elif kind == "wonder_stage":
        _need_civil(state, seat)
        _check_stage(civ, 0)
    elif kind == "elect":
        _need_civil(state, seat)
        _in_hand(civ, action["card"], "leader", "through-the-ages/second-round/elect-leader/cost")
    elif kind == "discover":
        _need_civil(state, seat)
        cid = action["card"]
        _in_hand(civ, cid, TECH_TYPES, "through-the-ages/later-rounds/discover-technology/cost")
        _need_science(civ, card(cid)["science"], "through-the-ages/later-rounds/discover-technology/science-cost")
    elif kind in ("revolution", "peaceful_change"):
        cid = action["card"]
        _in_hand(civ, cid, "government", "through-the-ages/later-rounds/changing-government/two-ways")
        if kind == "revolution":
            if civ["civil_taken"] or civ["civil_used"]:
                raise IllegalAction("through-the-ages/later-rounds/changing-government/revolution/procedure",
                                    "a revolution must be the first civil action of the turn",
                                    "혁명은 턴의 첫 번째 시민 행동으로만 선언할 수 있습니다")
            _need_science(civ, card(cid)["revolution"], "through-the-ages/later-rounds/changing-government/revolution/definition")
        else:
            _need_civil(state, seat)
            _need_science(civ, card(cid)["peaceful"], "through-the-ages/later-rounds/changing-government/peaceful-change/cost")
    elif kind == "play_action":
        _need_civil(state, seat)
        cid = action["card"]
        _in_hand(civ, cid, "action", "through-the-ages/second-round/play-action-card/procedure")
        if cid in civ["fresh"]:
            raise IllegalAction("through-the-ages/first-round/action-cards/not-same-turn",
                                "an action card cannot be played on the turn it was taken",
                                "이번 턴에 가져온 행동 카드는 이번 턴에 사용할 수 없습니다")
        if card(cid).get("wonder_discount"):
            _check_stage(civ, card(cid)["wonder_discount"])
    else:
        raise IllegalAction("through-the-ages/second-round/actions/civil-action-list", f"unknown action {kind!r}",
                            f"알 수 없는 행동 {kind!r}")


def _in_hand(civ, cid, types, rule):
    types = (types,) if isinstance(types, str) else types
    if cid not in civ["hand"] or card(cid)["type"] not in types:
        raise IllegalAction(rule, f"{cid} is not a playable card in hand", f"손에 {cid} 카드가 없습니다")


def _need_science(civ, cost, rule):
    if civ["science"] < cost:
        raise IllegalAction(rule, f"{cost} science points needed, {civ['science']} held",
                            f"과학 점수 {cost}점이 필요한데 {civ['science']}점 있습니다")


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
    if len(civ["hand"]) >= eco.civil_actions(civ):
        raise IllegalAction("through-the-ages/second-round/civil-card-summary/hand-limit",
                            "the hand holds as many civil cards as white tokens",
                            "손에 든 시민 카드가 흰색 토큰 수만큼 있습니다")
    if info["type"] == "leader" and info["age"] in civ["leader_ages"]:
        raise IllegalAction("through-the-ages/first-round/leaders/one-per-age",
                            f"a leader of age {info['age']} was already taken", f"{info['age']}시대 지도자를 이미 가져왔습니다")
    if info["type"] in (*TECH_TYPES, "government") and (cid in civ["hand"] or cid in eco.in_play(civ)):
        raise IllegalAction("through-the-ages/second-round/take-card/no-duplicate-technology",
                            f"{cid} is already in hand or in play", f"{cid} 카드를 이미 가지고 있습니다")


def _check_build(state, seat, cid):
    civ = state["civs"][seat]
    info = card(cid)
    if cid not in civ["techs"] or info["type"] not in PRODUCTION_TYPES:
        raise IllegalAction("through-the-ages/later-rounds/discover-technology/build-capability-only",
                            f"{cid} is not a technology in play to build on", f"{cid}는 건설할 수 있는 기술 카드가 아닙니다")
    if info["type"] == "unit":
        _need_military(state, seat)
        _need_worker(civ)
        cost = max(0, eco.build_cost(civ, cid) - civ["military_resources"])
        _can_pay(civ, RES, cost, "through-the-ages/second-round/build-military-unit/procedure")
        return
    _need_civil(state, seat)
    _need_worker(civ)
    if info["type"] == "urban" and eco.buildings_of(civ, info["building"]) >= eco.building_limit(civ):
        raise IllegalAction("through-the-ages/second-round/build-urban-building/limit-per-type",
                            f"the government allows {eco.building_limit(civ)} {info['building']}s",
                            f"정부의 도시 건물 제한({eco.building_limit(civ)})에 이르렀습니다")
    _can_pay(civ, RES, eco.build_cost(civ, cid), "through-the-ages/second-round/build-farm-or-mine/requirements")


def _check_upgrade(state, seat, old, new):
    civ = state["civs"][seat]
    if civ["workers"].get(old, 0) < 1 or new not in civ["techs"]:
        raise IllegalAction("through-the-ages/later-rounds/upgrading/upgrade-basics",
                            f"no worker on {old} or {new} not in play", f"{old}에 일꾼이 없거나 {new} 카드가 없습니다")
    if not eco.same_kind(old, new):
        raise IllegalAction("through-the-ages/later-rounds/upgrading/same-kind-only",
                            f"{old} cannot become {new}: not the same kind", f"{old}는 {new}로 향상할 수 없습니다(종류가 다름)")
    if card(new)["level"] <= card(old)["level"]:
        raise IllegalAction("through-the-ages/later-rounds/upgrading/upgrade-basics",
                            f"{new} is not a higher level than {old}", f"{new}는 {old}보다 높은 등급이 아닙니다")
    cost = eco.upgrade_cost(civ, old, new)
    if card(new)["type"] == "unit":
        _need_military(state, seat)
        cost = max(0, cost - civ["military_resources"])
    else:
        _need_civil(state, seat)
    _can_pay(civ, RES, cost, "through-the-ages/later-rounds/upgrading/procedure")


def _check_stage(civ, discount):
    if not civ["wonder"]:
        raise IllegalAction("through-the-ages/second-round/build-wonder-stage/order-and-timing",
                            "no wonder under construction", "건설 중인 문화 유산이 없습니다")
    cost = max(value("decisions.wonder_stage_discount_floor"), card(civ["wonder"])["stages"][civ["wonder_stages"]] - discount)
    _can_pay(civ, RES, cost, "through-the-ages/second-round/build-wonder-stage/stages")
    if civ["blue_bank"] + (cost > 0) < 1:
        raise IllegalAction("through-the-ages/second-round/build-wonder-stage/stage-markers",
                            "no blue token left to mark the stage", "단계를 표시할 파란 토큰이 없습니다")


# ------------------------------------------------------------------------------------------------- moves
def apply(state: dict, action: dict) -> tuple[dict, list[dict]]:
    check(state, action)
    state = clone(state)
    seat = state["current"]
    civ = state["civs"][seat]
    kind = action["kind"]
    events: list[dict] = [{"event": "action", "seat": seat, **action}]
    if kind == "take":
        slot = action["slot"]
        cid = state["row"][slot]
        civ["civil_used"] += take_cost(state, seat, slot)
        civ["civil_taken"] += 1
        state["row"][slot] = None
        info = card(cid)
        if info["type"] == "wonder":
            civ["wonder"], civ["wonder_stages"] = cid, 0
        else:
            civ["hand"].append(cid)
            civ["fresh"].append(cid)
            if info["type"] == "leader":
                civ["leader_ages"].append(info["age"])
        events.append({"event": "took", "seat": seat, "card": cid, "slot": slot})
    elif kind == "increase_population":
        cost = eco.population_cost(civ)
        _civil(civ)
        eco.pay(civ, FOOD, cost, "through-the-ages/second-round/increase-population/cost")
        civ["yellow_bank"] -= 1
        civ["pool"] += 1
        events.append({"event": "population", "seat": seat, "food": cost})
    elif kind == "build":
        cid = action["card"]
        if card(cid)["type"] == "unit":
            civ["military_used"] += 1
            cost = _military_discount(civ, eco.build_cost(civ, cid))
        else:
            _civil(civ)
            cost = eco.build_cost(civ, cid)
        eco.pay(civ, RES, cost, "through-the-ages/second-round/build-farm-or-mine/requirements")
        civ["pool"] -= 1
        civ["workers"][cid] = civ["workers"].get(cid, 0) + 1
        events.append({"event": "built", "seat": seat, "card": cid, "resources": cost})
    elif kind == "upgrade":
        old, new = action["from"], action["to"]
        cost = eco.upgrade_cost(civ, old, new)
        if card(new)["type"] == "unit":
            civ["military_used"] += 1
            cost = _military_discount(civ, cost)
        else:
            _civil(civ)
        eco.pay(civ, RES, cost, "through-the-ages/later-rounds/upgrading/procedure")
        _move_worker(civ, old, new)
        events.append({"event": "upgraded", "seat": seat, "from": old, "to": new, "resources": cost})
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
        events += _build_stage(civ, seat, 0)
    elif kind == "elect":
        cid = action["card"]
        _civil(civ)
        civ["hand"].remove(cid)
        old, civ["leader"] = civ["leader"], cid
        events.append({"event": "elected", "seat": seat, "card": cid, "replaced": old})
    elif kind == "discover":
        cid = action["card"]
        _civil(civ)
        civ["hand"].remove(cid)
        civ["science"] -= card(cid)["science"]
        events += _put_technology(civ, seat, cid)
    elif kind == "revolution":
        cid = action["card"]
        civ["hand"].remove(cid)
        civ["science"] -= card(cid)["revolution"]
        civ["government"] = cid
        civ["civil_taken"] += 1
        civ["civil_used"] = eco.civil_actions(civ)
        civ["revolution"] = True
        events.append({"event": "government", "seat": seat, "card": cid, "how": "revolution",
                       "science": card(cid)["revolution"]})
    elif kind == "peaceful_change":
        cid = action["card"]
        _civil(civ)
        civ["hand"].remove(cid)
        civ["science"] -= card(cid)["peaceful"]
        civ["government"] = cid
        events.append({"event": "government", "seat": seat, "card": cid, "how": "peaceful",
                       "science": card(cid)["peaceful"]})
    elif kind == "play_action":
        cid = action["card"]
        _civil(civ)
        civ["hand"].remove(cid)
        events += _action_card(state, civ, seat, cid)
    elif kind == "end_turn":
        events += _end_turn(state)
        return state, events
    # a lost action token may be one already used this turn (through-the-ages/second-round/special-abilities/gaining-losing-tokens)
    civ["civil_used"] = min(civ["civil_used"], civil_total(state, seat))
    civ["military_used"] = min(civ["military_used"], eco.military_actions(civ))
    return state, events


def _civil(civ):
    civ["civil_used"] += 1
    civ["civil_taken"] += 1


def _military_discount(civ, cost):
    """Resources an action card grants for units are spent first (through-the-ages/second-round/
    build-military-unit/military-discounts)."""
    used = min(cost, civ["military_resources"])
    civ["military_resources"] -= used
    return cost - used


def _move_worker(civ, old, new):
    civ["workers"][old] -= 1
    if not civ["workers"][old]:
        del civ["workers"][old]
    if new:
        civ["workers"][new] = civ["workers"].get(new, 0) + 1


def _build_stage(civ, seat, discount):
    wonder = card(civ["wonder"])
    cost = max(value("decisions.wonder_stage_discount_floor"), wonder["stages"][civ["wonder_stages"]] - discount)
    eco.pay(civ, RES, cost, "through-the-ages/second-round/build-wonder-stage/stages")
    civ["blue_bank"] -= 1                                  # the stage marker
    civ["wonder_stages"] += 1
    events = [{"event": "stage", "seat": seat, "card": civ["wonder"], "stage": civ["wonder_stages"], "resources": cost}]
    if civ["wonder_stages"] == len(wonder["stages"]):
        civ["blue_bank"] += civ["wonder_stages"]           # the markers go back on completion
        civ["wonders"].append(civ["wonder"])
        events.append({"event": "wonder_completed", "seat": seat, "card": civ["wonder"]})
        civ["wonder"], civ["wonder_stages"] = None, 0
    return events


def _put_technology(civ, seat, cid):
    info = card(cid)
    if info["type"] == "special":
        # a special technology replaces one of the same family, its bonus does not add up
        # (through-the-ages/advanced/special-technologies/replacing)
        for old in [c for c in civ["specials"] if card(c).get("family") == info.get("family")]:
            civ["specials"].remove(old)
        civ["specials"].append(cid)
        if info.get("blue"):
            civ["blue_cap"] += info["blue"]
            civ["blue_bank"] += info["blue"]
    else:
        civ["techs"].append(cid)
    return [{"event": "discovered", "seat": seat, "card": cid, "science": info["science"]}]


def _action_card(state, civ, seat, cid):
    info = card(cid)
    events = [{"event": "played", "seat": seat, "card": cid}]
    if info.get("wonder_discount"):
        events += _build_stage(civ, seat, info["wonder_discount"])
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
    return events


def apply_event(state, cid):
    """A current event, for every civilisation (through-the-ages/later-rounds/events/reveal)."""
    info = card(cid)
    for civ in state["civs"]:
        if info.get("all_food"):
            eco.gain(civ, FOOD, info["all_food"])
        if info.get("all_resources"):
            eco.gain(civ, RES, info["all_resources"])
        if info.get("all_science"):
            civ["science"] = min(value("science_total_cap"), civ["science"] + info["all_science"])
        if info.get("all_culture"):
            civ["culture"] += info["all_culture"]
        if info.get("all_population") and civ["yellow_bank"] > 0:
            civ["yellow_bank"] -= 1
            civ["pool"] += 1
        if info.get("free_warriors") and civ["pool"] > 0:
            civ["pool"] -= 1
            civ["workers"]["warriors"] = civ["workers"].get("warriors", 0) + 1
    state["past_events"].append(cid)
    return [{"event": "event", "card": cid}]


# ------------------------------------------------------------------------------------- turns and rounds
def _end_turn(state):
    seat = state["current"]
    civ = state["civs"][seat]
    events = [{"event": "production", "seat": seat, "steps": eco.produce_and_maintain(civ, state["mode"])}]
    civ.update(civil_used=0, military_used=0, civil_taken=0, revolution=False, extra_military=0,
               military_resources=0, fresh=[])
    n = state["players"]
    last_seat = (state["start"] - 1) % n
    if seat == last_seat and state["last_round"]:
        events += _final_scoring(state)
        return events
    state["current"] = (seat + 1) % n
    if state["current"] == state["start"]:
        state["round"] += 1
    events += _start_turn(state)
    return events


def _start_turn(state):
    """Refill the card row (through-the-ages/second-round/card-row/refill-overview), then the Simple game's
    event at the start player's turn from round 3 (assumed: one per round)."""
    events = []
    if state["round"] >= 2:
        events += refill(state)
    if state["round"] >= 3 and state["current"] == state["start"] and state["events"]:
        events += apply_event(state, state["events"].pop(0))
    return events


def refill(state):
    k = value("removal")[state["players"]]
    row = state["row"]
    removed = [c for c in row[:k] if c]
    state["box"] += removed
    rest = [c for c in row[k:] if c]
    row[:] = rest + [None] * (len(row) - len(rest))
    first_refill_of_round_two = state["round"] == 2 and state["current"] == state["start"]
    for i in range(len(rest), len(row)):
        if first_refill_of_round_two and state["decks"]["A"]:
            row[i] = state["decks"]["A"].pop(0)
        elif state["decks"]["I"]:
            row[i] = state["decks"]["I"].pop(0)
            if not state["decks"]["I"]:
                state["last_round"] = True       # the last civil card is out (through-the-ages/simple-game-end/last-round)
    if first_refill_of_round_two:
        state["box"] += state["decks"]["A"]
        state["decks"]["A"] = []
        state["age"] = "I"
    return [{"event": "refill", "removed": removed, "row": list(row)}]


def _final_scoring(state):
    events = []
    for seat, civ in enumerate(state["civs"]):
        bonus = eco.simple_bonus(civ)
        civ["culture"] += bonus["total"]
        events.append({"event": "bonus", "seat": seat, **bonus})
    best = max(c["culture"] for c in state["civs"])
    leaders = [s for s, c in enumerate(state["civs"]) if c["culture"] == best]
    state["winner"] = leaders[0] if len(leaders) == 1 else None
    state["over"] = True
    events.append({"event": "game_over", "winner": state["winner"]})
    return events


# ------------------------------------------------------------------------------------------ legal actions
def candidates(state: dict) -> list[dict]:
    """Every action worth checking now (legal_actions keeps those the rules allow)."""
    if state["over"]:
        return []
    civ = state["civs"][state["current"]]
    out: list[dict] = [{"kind": "take", "slot": i} for i, c in enumerate(state["row"]) if c]
    if state["round"] > 1:
        out.append({"kind": "increase_population"})
        for cid in civ["techs"]:
            if card(cid)["type"] in PRODUCTION_TYPES:
                out.append({"kind": "build", "card": cid})
        for old in civ["workers"]:
            out.append({"kind": "destroy", "card": old})
            for new in civ["techs"]:
                if new != old and card(new)["type"] == card(old)["type"] and card(new)["level"] > card(old)["level"]:
                    out.append({"kind": "upgrade", "from": old, "to": new})
        if civ["wonder"]:
            out.append({"kind": "wonder_stage"})
        for cid in dict.fromkeys(civ["hand"]):
            t = card(cid)["type"]
            if t == "leader":
                out.append({"kind": "elect", "card": cid})
            elif t in TECH_TYPES:
                out.append({"kind": "discover", "card": cid})
            elif t == "government":
                out += [{"kind": "revolution", "card": cid}, {"kind": "peaceful_change", "card": cid}]
            elif t == "action":
                out.append({"kind": "play_action", "card": cid})
    out.append({"kind": "end_turn"})
    return out


def legal_actions(state: dict) -> list[dict]:
    legal = []
    for action in candidates(state):
        try:
            check(state, action)
        except IllegalAction:
            continue
        legal.append(action)
    return legal
