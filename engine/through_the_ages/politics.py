"""The Advanced and Full games' political phase and the decisions it opens for other players, each an explicit
pending decision (`state["pending"]`: who decides what now):

    political phase (the current player, once per turn after the refill,
    through-the-ages/advanced/political-action/once-per-turn):
        prepare_event {card} · aggression {card, target} · offer_pact {card, target, role?} · cancel_pact {card}
        · colonize_from_hand {card} (Columbus) · resign (Full game, with the `resign` option) · pass_politics
    then the discard of excess military cards: discard_military {card}, one at a time
        (through-the-ages/advanced/military-cards/discarding/when)
    pending decisions:
        bid {amount} | pass                           colonization auction (through-the-ages/advanced/colonization/auction)
        sacrifice {card} | play_bonus {card} | done   paying a won bid, an attack, a defence, a war
        accept_pact | decline_pact                    the named opponent answers a pact offer

Wars: no 2006 war card's text is published, so wars never enter a deck; a war declared by a scenario
(`declare_war`) is resolved by these moves at the start of the declarer's next turn
(through-the-ages/full/war/resolved-next-turn), without spoils."""
from __future__ import annotations

from ..errors import IllegalAction
from . import conflict, events
from . import economy as eco
from .cards import FULL, card
from .state import shuffled


def _civ(state, seat):
    return state["civs"][seat]


# --------------------------------------------------------------------------------------- political moves
def political_candidates(state: dict) -> list[dict]:
    seat = state["current"]
    civ = _civ(state, seat)
    out: list[dict] = [{"kind": "pass_politics"}]
    others = [s for s in events.active_seats(state) if s != seat]
    for cid in dict.fromkeys(civ["military_hand"]):
        t = card(cid)["type"]
        if t in ("event", "territory"):
            out.append({"kind": "prepare_event", "card": cid})
            if t == "territory" and eco.leader(civ).get("colonize_from_hand") and not civ["columbus_used"]:
                out.append({"kind": "colonize_from_hand", "card": cid})
        elif t == "aggression":
            out += [{"kind": "aggression", "card": cid, "target": o} for o in others]
        elif t == "pact":
            out += [{"kind": "offer_pact", "card": cid, "target": o, "role": r} for o in others for r in ("A", "B")]
    for pact in state["pacts"]:
        if seat in (pact["a"], pact["b"]):
            out.append({"kind": "cancel_pact", "card": pact["card"]})
    if state["mode"] == FULL and state.get("resign_allowed"):
        out.append({"kind": "resign"})
    return out


def check_political(state: dict, action: dict) -> None:
    seat = state["current"]
    civ = _civ(state, seat)
    kind = action["kind"]
    if kind == "pass_politics":
        return
    if kind == "resign":
        if state["mode"] != FULL or not state.get("resign_allowed"):
            raise IllegalAction("through-the-ages/full/resigning/rule", "resigning is a Full game move (game option `resign`)",
                                "게임 포기는 본격 게임의 행동입니다 (게임 옵션: 게임 포기)")
        return
    if kind == "cancel_pact":
        if not any(p["card"] == action["card"] and seat in (p["a"], p["b"]) for p in state["pacts"]):
            raise IllegalAction("through-the-ages/advanced/pacts/cancelling/rule", "you are not party to that pact",
                                "그 조약의 당사자가 아닙니다")
        return
    cid = action.get("card")
    if cid not in civ["military_hand"]:
        raise IllegalAction("through-the-ages/advanced/military-cards/political-action-cards/usage", f"{cid} is not in your military hand",
                            f"손에 {cid} 군사 카드가 없습니다")
    info = card(cid)
    if kind == "prepare_event":
        if info["type"] not in ("event", "territory"):
            raise IllegalAction("through-the-ages/advanced/political-action/future-events/prepare", f"{cid} is not an event or territory",
                                f"{cid}는 이벤트나 영토 카드가 아닙니다")
    elif kind == "colonize_from_hand":
        if info["type"] != "territory" or not eco.leader(civ).get("colonize_from_hand") or civ["columbus_used"]:
            raise IllegalAction("through-the-ages/advanced/colonization/overview", "only Columbus colonizes from the hand, once",
                                "손에서 식민지를 얻는 것은 콜롬부스의 능력(한 번)입니다")
    elif kind == "aggression":
        target = action["target"]
        if info["type"] != "aggression":
            raise IllegalAction("through-the-ages/advanced/aggression/playing-an-aggression", f"{cid} is not an aggression card",
                                f"{cid}는 침략 카드가 아닙니다")
        if target == seat or not 0 <= target < state["players"] or _civ(state, target)["resigned"]:
            raise IllegalAction("through-the-ages/advanced/aggression/playing-an-aggression", "name an opponent still in the game",
                                "게임에 남아 있는 상대를 지정해야 합니다")
        if eco.leader(civ).get("no_aggression"):
            raise IllegalAction("through-the-ages/advanced/aggression/playing-an-aggression", "Gandhi plays no aggression",
                                "간디는 침략 카드를 쓸 수 없습니다")
        if not conflict.aggression_target_ok(_civ(state, target), cid):
            raise IllegalAction("through-the-ages/advanced/aggression/playing-an-aggression",
                                f"the target has nothing {cid} can take", f"{cid}로 빼앗을 것이 상대에게 없습니다")
        cost = conflict.aggression_cost(civ, _civ(state, target), cid)
        left = eco.military_actions(civ) - civ["military_used"]
        if left < cost:
            raise IllegalAction("through-the-ages/advanced/aggression/playing-an-aggression",
                                f"{cost} military actions needed, {left} left", f"군사 행동 {cost}개가 필요한데 {left}개 남았습니다")
    elif kind == "offer_pact":
        if info["type"] != "pact" or state["players"] < 3:
            raise IllegalAction("through-the-ages/advanced/pacts/three-or-more-players", "pacts are played with 3 or more players",
                                "조약은 3인 이상 게임에서만 씁니다")
        target = action["target"]
        if target == seat or _civ(state, target)["resigned"]:
            raise IllegalAction("through-the-ages/advanced/pacts/proposing", "offer the pact to an opponent",
                                "조약은 상대에게 제안해야 합니다")
    else:
        raise IllegalAction("through-the-ages/advanced/political-action/once-per-turn", f"unknown political action {kind!r}",
                            f"알 수 없는 정치 행동 {kind!r}")


def perform_political(state: dict, action: dict) -> list[dict]:
    """Apply a checked political action; the political action is then spent."""
    seat = state["current"]
    civ = _civ(state, seat)
    kind = action["kind"]
    state["politics_done"] = True
    out = [{"event": "political", "seat": seat, **action}]
    if kind == "pass_politics":
        return out
    if kind == "resign":
        return out + resign(state, seat)
    if kind == "cancel_pact":
        pact = next(p for p in state["pacts"] if p["card"] == action["card"] and seat in (p["a"], p["b"]))
        state["pacts"].remove(pact)
        events.discard_military(state, [pact["card"]])
        return out + [{"event": "pact_cancelled", "seat": seat, "card": pact["card"]}]
    cid = action["card"]
    civ["military_hand"].remove(cid)
    if kind == "prepare_event":
        gained = card(cid)["level"]
        civ["culture"] += gained
        state["future_events"].append(cid)
        out.append({"event": "prepared", "seat": seat, "card": cid, "culture": gained})
        return out + reveal_current_event(state, seat)
    if kind == "colonize_from_hand":
        civ["columbus_used"] = True
        placed = conflict.add_colony(civ, cid)
        return out + [{"seat": seat, **placed}] + events.draw_military(state, seat, placed["draw"])
    if kind == "aggression":
        target = action["target"]
        civ["military_used"] += conflict.aggression_cost(civ, _civ(state, target), cid)
        defender = _civ(state, target)
        if eco.leader(defender).get("culture_when_attacked"):
            defender["culture"] += eco.leader(defender)["culture_when_attacked"]
        state["pending"] = {"kind": "attack", "seat": seat, "card": cid, "target": target, "units": [], "bonus": []}
        if last_round(state):
            _open_defence(state)            # only the defender's bonus cards (through-the-ages/full/game-end/last-round/aggression)
        return out
    # offer_pact
    state["pending"] = {"kind": "pact_answer", "seat": action["target"], "card": cid, "owner": seat,
                        "role": action.get("role", "A")}
    return out


def last_round(state: dict) -> bool:
    return bool(state["last_round"] or (state.get("final_round") and state["round"] >= state["final_round"]))


def reveal_current_event(state: dict, seat: int) -> list[dict]:
    """Reveal the top current event and carry it out; refill the current events from the future events when
    the last is used, earlier ages on top (through-the-ages/advanced/political-action/future-events/current-deck-runs-out)."""
    out: list[dict] = []
    if state["current_events"]:
        cid = state["current_events"].pop(0)
        out += events.resolve(state, cid, seat)
    if not state["current_events"] and state["future_events"]:
        by_age: dict[int, list[str]] = {}
        for c in state["future_events"]:
            by_age.setdefault(card(c)["level"], []).append(c)
        from_future = []
        for level in sorted(by_age):
            from_future += shuffled(state, by_age[level])
        state["current_events"] = from_future
        state["future_events"] = []
    return out


def resign(state: dict, seat: int) -> list[dict]:
    """Give up (through-the-ages/full/resigning/rule): the civilisation is not scored; wars declared on it end
    without effect (through-the-ages/full/resigning/pending-war); the last civilisation left wins
    (through-the-ages/full/resigning/last-player-wins)."""
    civ = _civ(state, seat)
    civ["resigned"] = True
    state["wars"] = [w for w in state["wars"] if seat not in (w["declarer"], w["target"])]
    state["pacts"] = [p for p in state["pacts"] if seat not in (p["a"], p["b"])]
    out = [{"event": "resigned", "seat": seat}]
    left = events.active_seats(state)
    if len(left) == 1:
        state["over"] = True
        state["winner"] = left[0]
        out.append({"event": "game_over", "winner": left[0]})
    return out


# ------------------------------------------------------------------------------------------ the discard
def must_discard(state: dict, seat: int) -> bool:
    civ = _civ(state, seat)
    return not civ["skip_discard"] and len(civ["military_hand"]) > eco.military_hand_limit(civ)


# ------------------------------------------------------------------------------------ pending decisions
def pending_seat(state: dict) -> int:
    p = state["pending"]
    if p["kind"] == "bid":
        return p["active"][p["turn"]]
    return p["seat"]


def pending_candidates(state: dict) -> list[dict]:
    p = state["pending"]
    seat = pending_seat(state)
    civ = _civ(state, seat)
    kind = p["kind"]
    if kind == "bid":
        top = conflict.most_payable(civ)
        return [{"kind": "pass"}] + [{"kind": "bid", "amount": n} for n in range(p["high"] + 1, top + 1)]
    if kind == "pact_answer":
        return [{"kind": "accept_pact"}, {"kind": "decline_pact"}]
    out = [{"kind": "done"}]
    if _may_sacrifice(state):
        chosen = p["units"]
        out += [{"kind": "sacrifice", "card": c} for c, n in civ["workers"].items()
                if card(c)["type"] == "unit" and n > chosen.count(c)]
    if kind in ("payment", "defend"):
        spare = list(civ["military_hand"])
        for b in p["bonus"]:
            spare.remove(b)
        out += [{"kind": "play_bonus", "card": c} for c in dict.fromkeys(spare) if card(c)["type"] == "bonus"]
    return out


def _may_sacrifice(state: dict) -> bool:
    """No sacrifices in an aggression of the last round (through-the-ages/full/game-end/last-round/aggression)."""
    return not (state["pending"]["kind"] in ("attack", "defend") and last_round(state))


def check_pending(state: dict, action: dict) -> None:
    p = state["pending"]
    kind = action["kind"]
    if p["kind"] == "bid":
        if kind == "pass":
            return
        top = conflict.most_payable(_civ(state, pending_seat(state)))
        if kind != "bid" or not p["high"] < action["amount"] <= top:
            raise IllegalAction("through-the-ages/advanced/colonization/paying-the-bid",
                                f"a bid must beat {p['high']} and be payable (at most {top})",
                                f"입찰은 {p['high']}보다 크고 낼 수 있는 만큼({top} 이하)이어야 합니다")
        return
    if p["kind"] == "pact_answer":
        if kind not in ("accept_pact", "decline_pact"):
            raise IllegalAction("through-the-ages/advanced/pacts/proposing", "accept or decline the pact", "조약을 받아들이거나 거절해야 합니다")
        return
    if action not in pending_candidates(state):
        if kind == "sacrifice" and not _may_sacrifice(state):
            raise IllegalAction("through-the-ages/full/game-end/last-round/aggression",
                                "in the last round only the defender's bonus cards raise strength",
                                "마지막 라운드에는 방어 보너스 카드로만 군사력을 올릴 수 있습니다")
        raise IllegalAction(_pending_rule(p["kind"]), f"{kind} is not possible now", f"지금은 {kind}을(를) 할 수 없습니다")
    if kind == "done" and p["kind"] == "payment":
        civ = _civ(state, p["seat"])
        paid = _paid(civ, p)
        if not p["units"]:
            raise IllegalAction("through-the-ages/advanced/colonization/at-least-one-unit",
                                "a colony needs at least one sacrificed unit", "식민지를 얻으려면 군사 유닛을 하나 이상 희생해야 합니다")
        if paid < p["bid"]:
            raise IllegalAction("through-the-ages/advanced/colonization/paying-the-bid",
                                f"units and bonuses give {paid}, the bid is {p['bid']}", f"희생과 보너스 합 {paid}이(가) 입찰 {p['bid']}보다 작습니다")


def _pending_rule(kind: str) -> str:
    return {"payment": "through-the-ages/advanced/colonization/bonus-cards",
            "attack": "through-the-ages/advanced/aggression/attacker-strength",
            "defend": "through-the-ages/advanced/aggression/defender-strength",
            "war": "through-the-ages/full/war/resolving/sacrifices"}[kind]


def _paid(civ: dict, p: dict) -> int:
    return (conflict.sacrifice_value(civ, p["units"]) + eco.colonization_bonus(civ)
            + conflict.bonus_value(civ, p["bonus"], "colonize"))


def perform_pending(state: dict, action: dict) -> list[dict]:
    p = state["pending"]
    seat = pending_seat(state)
    kind = action["kind"]
    out = [{"event": "decision", "seat": seat, **action}]
    if p["kind"] == "bid":
        return out + _auction_step(state, seat, action)
    if p["kind"] == "pact_answer":
        return out + _pact_answer(state, kind == "accept_pact")
    if kind == "sacrifice":
        p["units"].append(action["card"])
        return out
    if kind == "play_bonus":
        p["bonus"].append(action["card"])
        return out
    # done
    if p["kind"] == "payment":
        return out + _pay_colony(state)
    if p["kind"] == "attack":
        return out + _open_defence(state)
    if p["kind"] == "defend":
        return out + _resolve_aggression(state)
    return out + _war_step(state)


# ----------------------------------------------------------------------------------- colonization auction
def _auction_step(state, seat, action):
    p = state["pending"]
    out = []
    if action["kind"] == "bid":
        p["high"], p["leader"] = action["amount"], seat
        p["turn"] = (p["turn"] + 1) % len(p["active"])
    else:
        p["active"].remove(seat)
        if p["active"]:
            p["turn"] %= len(p["active"])
    if not p["active"]:
        state["pending"] = None
        state["past_events"].append(p["territory"])
        return [{"event": "auction_end", "card": p["territory"], "winner": None}]
    if p["active"] == [p["leader"]] or (p["leader"] is not None and p["active"][p["turn"]] == p["leader"]):
        winner = p["leader"]
        state["pending"] = {"kind": "payment", "seat": winner, "territory": p["territory"], "bid": p["high"],
                            "units": [], "bonus": []}
        out.append({"event": "auction_end", "card": p["territory"], "winner": winner, "bid": p["high"]})
    return out


def _pay_colony(state):
    p = state["pending"]
    seat = p["seat"]
    civ = _civ(state, seat)
    paid = conflict.pay_colony(civ, p["bid"], p["units"], p["bonus"])
    events.discard_military(state, p["bonus"])
    placed = conflict.add_colony(civ, p["territory"])
    state["pending"] = None
    return ([{"seat": seat, **placed, "bid": p["bid"], "paid": paid, "units": list(p["units"])}]
            + events.draw_military(state, seat, placed["draw"]))


# --------------------------------------------------------------------------------------------- aggression
def _open_defence(state):
    p = state["pending"]
    state["pending"] = {"kind": "defend", "seat": p["target"], "attacker": p["seat"], "card": p["card"],
                        "attack_units": list(p["units"]), "units": [], "bonus": []}
    return []


def _resolve_aggression(state):
    """Attack = strength + sacrificed units; defence = strength + sacrificed units + defence cards; a tie holds
    (through-the-ages/advanced/aggression/procedure). Sacrificed units return to the yellow banks; the card and
    the defence cards are discarded."""
    p = state["pending"]
    attacker, defender = _civ(state, p["attacker"]), _civ(state, p["seat"])
    attack = eco.strength(attacker) + conflict.sacrifice_value(attacker, p["attack_units"])
    defend = (eco.strength(defender) + conflict.sacrifice_value(defender, p["units"])
              + conflict.bonus_value(defender, p["bonus"], "defense"))
    conflict.sacrifice(attacker, p["attack_units"])
    conflict.sacrifice(defender, p["units"], "through-the-ages/advanced/aggression/defender-strength")
    for b in p["bonus"]:
        defender["military_hand"].remove(b)
    events.discard_military(state, [p["card"], *p["bonus"]])
    result = {"event": "aggression", "seat": p["attacker"], "target": p["seat"], "card": p["card"], "attack": attack,
              "defense": defend, "success": attack > defend, "taken": 0}
    if attack > defend:
        result.update(conflict.aggression_effect(attacker, defender, p["card"]))
    state["pending"] = None
    return [result]


# ----------------------------------------------------------------------------------------------- pacts
def _pact_answer(state, accepted):
    """Accepted: the pact lies before its proposer, replacing the proposer's earlier pact
    (through-the-ages/advanced/pacts/one-pact-in-front-of-you); declined: the card returns to the hand
    (through-the-ages/advanced/pacts/proposing). No 2006 pact text is published: a pact records its parties
    and roles only."""
    p = state["pending"]
    owner = p["owner"]
    state["pending"] = None
    if not accepted:
        _civ(state, owner)["military_hand"].append(p["card"])
        return [{"event": "pact_declined", "seat": p["seat"], "card": p["card"], "owner": owner}]
    for old in [x for x in state["pacts"] if x["owner"] == owner]:
        state["pacts"].remove(old)
        events.discard_military(state, [old["card"]])
    a, b = (owner, p["seat"]) if p["role"] == "A" else (p["seat"], owner)
    state["pacts"].append({"card": p["card"], "owner": owner, "a": a, "b": b})
    return [{"event": "pact_made", "seat": p["seat"], "card": p["card"], "owner": owner, "a": a, "b": b}]


# -------------------------------------------------------------------------------------------------- wars
def start_war_resolution(state: dict, seat: int) -> list[dict]:
    """At the start of the declarer's turn the war it declared is settled: first the declarer, then the
    opponent may sacrifice units, without defence cards (through-the-ages/full/war/resolving/sacrifices)."""
    war = next((w for w in state["wars"] if w["declarer"] == seat), None)
    if war is None:
        return []
    state["wars"].remove(war)
    state["pending"] = {"kind": "war", "seat": seat, "declarer": seat, "target": war["target"], "card": war["card"],
                        "units": [], "attack_units": None}
    if last_round(state):
        return _settle_war(state)          # no one raises strength (through-the-ages/full/game-end/last-round/pending-war)
    return [{"event": "war_resolution", "seat": seat, "target": war["target"], "card": war["card"]}]


def _war_step(state):
    p = state["pending"]
    if p["attack_units"] is None:
        p["attack_units"], p["units"] = p["units"], []
        p["seat"] = p["target"]
        return []
    return _settle_war(state)


def _settle_war(state):
    p = state["pending"]
    declarer, target = _civ(state, p["declarer"]), _civ(state, p["target"])
    attack_units = p["attack_units"] or []
    attack = eco.strength(declarer) + conflict.sacrifice_value(declarer, attack_units)
    defend = eco.strength(target) + conflict.sacrifice_value(target, p["units"])
    conflict.sacrifice(declarer, attack_units, "through-the-ages/full/war/resolving/sacrifices")
    conflict.sacrifice(target, p["units"], "through-the-ages/full/war/resolving/sacrifices")
    result = conflict.war(attack, defend)
    state["box"].append(p["card"])
    state["pending"] = None
    return [{**result, "seat": p["declarer"], "target": p["target"], "card": p["card"], "attack": attack, "defense": defend,
             "spoils": None}]


def declare_war(state: dict, seat: int, cid: str, target: int, military_actions: int) -> list[dict]:
    """Declare a war (through-the-ages/full/war/declaring): political action, military actions as the card
    shows (given here: the 2006 war cards' texts are unpublished), settled at the start of the declarer's
    next turn."""
    civ = _civ(state, seat)
    if state["mode"] != FULL or state["age"] in ("A", "I"):
        raise IllegalAction("through-the-ages/full/how-to-play/war-from-age-ii", "wars come from Age II of the Full game",
                            "전쟁은 본격 게임 2시대부터 있습니다")
    left = eco.military_actions(civ) - civ["military_used"]
    if left < military_actions:
        raise IllegalAction("through-the-ages/full/war/declaring", f"{military_actions} military actions needed, {left} left",
                            f"군사 행동 {military_actions}개가 필요한데 {left}개 남았습니다")
    civ["military_used"] += military_actions
    if cid in civ["military_hand"]:
        civ["military_hand"].remove(cid)
    state["wars"].append({"declarer": seat, "target": target, "card": cid})
    state["politics_done"] = True
    if eco.leader(_civ(state, target)).get("culture_when_attacked"):
        _civ(state, target)["culture"] += eco.leader(_civ(state, target))["culture_when_attacked"]
    return [{"event": "war_declared", "seat": seat, "target": target, "card": cid}]
