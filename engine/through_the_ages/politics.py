"""The Advanced and Full games' political phase and the decisions it opens for other players, each an explicit
pending decision (`state["pending"]`: who decides what now):

    political phase (the current player, once per turn after the refill,
    through-the-ages/advanced/political-action/once-per-turn):
        prepare_event {card} · aggression {card, target} · offer_pact {card, target, role} · cancel_pact {card}
        · declare_war {card, target} (Full game) · colonize_from_hand {card} (Columbus)
        · resign (Full game, with the `resign` option) · pass_politics
    then the discard of excess military cards: discard_military {card}, one at a time
        (through-the-ages/advanced/military-cards/discarding/when)
    pending decisions:
        bid {amount} | pass                           colonization auction (through-the-ages/advanced/colonization/auction)
        sacrifice {card} | play_bonus {card} | done   paying a won bid, an attack, a defence, a war
        accept_pact | decline_pact                    the named opponent answers a pact offer
        steal_technology {card} | done                the victor of a War over Technology takes its spoils

A war is settled at the start of the declarer's next turn (through-the-ages/full/war/resolved-next-turn): both
sides may sacrifice units, the stronger takes the card's spoils from the weaker."""
from __future__ import annotations

from ..errors import IllegalAction
from ..korean import josa
from . import civil, conflict, events, narrate, pacts
from . import economy as eco
from .cards import FULL, called, card, value
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
            out += [{"kind": "offer_pact", "card": cid, "target": o, "role": r} for o in others for r in pacts.ROLES]
        elif t == "war":
            out += [{"kind": "declare_war", "card": cid, "target": o} for o in others]
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
        if not any(p["card"] == action.get("card") and seat in (p["a"], p["b"]) for p in state["pacts"]):
            raise IllegalAction("through-the-ages/advanced/pacts/cancelling/rule", "you are not party to that pact",
                                "그 조약의 당사자가 아닙니다")
        return
    cid = action.get("card")
    if cid not in civ["military_hand"]:
        raise IllegalAction("through-the-ages/advanced/military-cards/political-action-cards/usage",
                            f"{called(cid, 'en')} is not in your military hand", f"손에 {called(cid, 'ko')} 군사 카드가 없습니다")
    info = card(cid)
    if kind == "prepare_event":
        if info["type"] not in ("event", "territory"):
            raise IllegalAction("through-the-ages/advanced/political-action/future-events/prepare", f"{cid} is not an event or territory",
                                f"{cid}는 이벤트나 영토 카드가 아닙니다")
    elif kind == "colonize_from_hand":
        if info["type"] != "territory" or not eco.leader(civ).get("colonize_from_hand") or civ["columbus_used"]:
            raise IllegalAction("through-the-ages/advanced/colonization/overview", "only Columbus colonizes from the hand, once",
                                "손에서 식민지를 얻는 것은 콜롬부스의 능력(한 번)입니다")
    elif kind in ("aggression", "declare_war"):
        _check_attack(state, seat, action, info)
    elif kind == "offer_pact":
        if info["type"] != "pact" or state["players"] < 3:
            raise IllegalAction("through-the-ages/advanced/pacts/three-or-more-players", "pacts are played with 3 or more players",
                                "조약은 3인 이상 게임에서만 씁니다")
        _opponent(state, seat, action.get("target"), "through-the-ages/advanced/pacts/proposing")
        if action.get("role") not in pacts.ROLES:
            raise IllegalAction("through-the-ages/advanced/pacts/asymmetric-pacts/roles",
                                "say which role you take: A or B", "A와 B 중 어느 역할을 할지 밝혀야 합니다")
    else:
        raise IllegalAction("through-the-ages/advanced/political-action/once-per-turn", f"unknown political action {kind!r}",
                            f"알 수 없는 정치 행동 {kind!r}")


def _opponent(state: dict, seat: int, target, rule: str) -> int:
    """The named opponent: another civilisation still in the game."""
    if (isinstance(target, bool) or not isinstance(target, int) or target == seat
            or not 0 <= target < state["players"] or _civ(state, target)["resigned"]):
        raise IllegalAction(rule, "name an opponent still in the game", "게임에 남아 있는 상대를 지정해야 합니다")
    return target


def _check_attack(state: dict, seat: int, action: dict, info: dict) -> None:
    """An aggression (through-the-ages/advanced/aggression/playing-an-aggression) or a war
    (through-the-ages/full/war/declaring): the card's kind, an opponent, no pact forbidding it, Gandhi plays
    neither, the military actions the card costs (twice against Gandhi)."""
    civ = _civ(state, seat)
    cid = action["card"]
    war = action["kind"] == "declare_war"
    rule = "through-the-ages/full/war/declaring" if war else "through-the-ages/advanced/aggression/playing-an-aggression"
    if info["type"] != ("war" if war else "aggression"):
        raise IllegalAction(rule, f"{called(cid, 'en')} is not {'a war' if war else 'an aggression'} card",
                            f"{josa(called(cid, 'ko'), '은/는')} {'전쟁' if war else '침략'} 카드가 아닙니다")
    if war and state["mode"] != FULL:
        raise IllegalAction("through-the-ages/advanced/setup/remove-war-cards", "wars belong to the Full game",
                            "전쟁은 본격 게임에만 있습니다")
    target = _opponent(state, seat, action.get("target"), rule)
    if eco.leader(civ).get("no_aggression"):
        raise IllegalAction(rule, "Gandhi plays no aggression or war", "간디는 침략이나 전쟁 카드를 쓸 수 없습니다")
    pacts.check_attack(state, seat, target, war)
    if not conflict.aggression_target_ok(_civ(state, target), cid):
        raise IllegalAction(rule, f"the target has nothing {cid} can take", f"{cid}로 빼앗을 것이 상대에게 없습니다")
    cost = conflict.attack_cost(civ, _civ(state, target), cid)
    left = eco.military_actions(civ) - civ["military_used"]
    if left < cost:
        raise IllegalAction(rule, f"{cost} military actions needed, {left} left", f"군사 행동 {cost}개가 필요한데 {left}개 남았습니다")


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
        events.discard_military(state, pacts.remove(state, [pact]))
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
    if kind in ("aggression", "declare_war"):
        target = action["target"]
        defender = _civ(state, target)
        civ["military_used"] += conflict.attack_cost(civ, defender, cid)
        if eco.leader(defender).get("culture_when_attacked"):
            defender["culture"] += eco.leader(defender)["culture_when_attacked"]
        ended = pacts.attacked(state, seat, target)
        if ended:
            events.discard_military(state, ended)
            out.append({"event": "pact_ended", "seat": seat, "target": target, "cards": ended})
        if kind == "declare_war":
            # the card waits before the declarer (through-the-ages/full/war/resolving/card-in-front)
            state["wars"].append({"declarer": seat, "target": target, "card": cid})
            return out + [{"event": "war_declared", "seat": seat, "target": target, "card": cid}]
        state["pending"] = {"kind": "attack", "seat": seat, "card": cid, "target": target, "units": [], "bonus": []}
        if last_round(state):
            _open_defence(state)            # only the defender's bonus cards (through-the-ages/full/game-end/last-round/aggression)
        return out
    # offer_pact
    state["pending"] = {"kind": "pact_answer", "seat": action["target"], "card": cid, "owner": seat, "role": action["role"]}
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
    void = [w for w in state["wars"] if seat in (w["declarer"], w["target"])]
    state["wars"] = [w for w in state["wars"] if w not in void]
    events.discard_military(state, [w["card"] for w in void])
    events.discard_military(state, pacts.remove(state, [p for p in state["pacts"] if seat in (p["a"], p["b"])]))
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
    if kind == "spoils":
        return [{"kind": "done"}] + [{"kind": "steal_technology", "card": c} for c in _stealable(state, p)]
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
        raise IllegalAction(_pending_rule(p["kind"]), f"not possible now: {narrate.action(action, 'en')}",
                            f"지금은 할 수 없습니다: {narrate.action(action, 'ko')}")
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
            "war": "through-the-ages/full/war/resolving/sacrifices",
            "spoils": "through-the-ages/full/war/resolving/no-more-than-lost"}[kind]


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
    if p["kind"] == "spoils":
        return out + _spoils_step(state, action)
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
    attack = (eco.strength(attacker) + conflict.sacrifice_value(attacker, p["attack_units"])
              + pacts.attacker_bonus(state, p["attacker"], p["seat"]))
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
    (through-the-ages/advanced/pacts/one-pact-in-front-of-you), with the roles the proposer named
    (through-the-ages/advanced/pacts/asymmetric-pacts/roles); declined: the card returns to the hand
    (through-the-ages/advanced/pacts/proposing)."""
    p = state["pending"]
    owner = p["owner"]
    state["pending"] = None
    if not accepted:
        _civ(state, owner)["military_hand"].append(p["card"])
        return [{"event": "pact_declined", "seat": p["seat"], "card": p["card"], "owner": owner}]
    events.discard_military(state, pacts.remove(state, [x for x in state["pacts"] if x["owner"] == owner]))
    a, b = (owner, p["seat"]) if p["role"] == "A" else (p["seat"], owner)
    pacts.add(state, {"card": p["card"], "owner": owner, "a": a, "b": b})
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
    """The higher strength wins by the difference (through-the-ages/full/war/resolving/strength-difference), either
    side (through-the-ages/full/war/resolving/both-sides-can-gain); the declarer attacking its Open Borders partner
    adds 3. The victor takes the card's spoils; War over Technology's victor first chooses special technologies
    to steal (a `spoils` decision, decisions.war_technology_steal). The card is then discarded
    (through-the-ages/full/war/resolving/discard-and-continue)."""
    p = state["pending"]
    declarer, target = _civ(state, p["declarer"]), _civ(state, p["target"])
    attack_units = p["attack_units"] or []
    attack = (eco.strength(declarer) + conflict.sacrifice_value(declarer, attack_units)
              + pacts.attacker_bonus(state, p["declarer"], p["target"]))
    defend = eco.strength(target) + conflict.sacrifice_value(target, p["units"])
    conflict.sacrifice(declarer, attack_units, "through-the-ages/full/war/resolving/sacrifices")
    conflict.sacrifice(target, p["units"], "through-the-ages/full/war/resolving/sacrifices")
    result = conflict.war(attack, defend)
    out = [{**result, "seat": p["declarer"], "target": p["target"], "card": p["card"], "attack": attack, "defense": defend}]
    if result["winner"] is None:
        state["pending"] = None
        events.discard_military(state, [p["card"]])
        return out
    winner, loser = (p["declarer"], p["target"]) if result["winner"] == "attacker" else (p["target"], p["declarer"])
    amount = conflict.spoils_amount(p["card"], result["difference"])
    state["pending"] = {"kind": "spoils", "seat": winner, "loser": loser, "card": p["card"], "amount": amount,
                        "left": amount, "stolen": []}
    if card(p["card"])["spoils"].get("special_technologies") and _stealable(state, state["pending"]):
        return out
    return out + _take_spoils(state)


def _stealable(state: dict, p: dict) -> list[str]:
    """The defeated civilisation's special technologies the victor may steal: printed cost within what is left of
    the advantage, not a card the victor already has in play or in hand (decisions.war_technology_steal)."""
    if not card(p["card"])["spoils"].get("special_technologies"):
        return []
    victor = _civ(state, p["seat"])
    return [c for c in _civ(state, p["loser"])["specials"]
            if card(c)["science"] <= p["left"] and c not in victor["specials"] and c not in victor["hand"]]


def _spoils_step(state: dict, action: dict) -> list[dict]:
    p = state["pending"]
    if action["kind"] == "done":
        return _take_spoils(state)
    cid = action["card"]
    value("decisions.war_technology_steal")
    victor, loser = _civ(state, p["seat"]), _civ(state, p["loser"])
    loser["specials"].remove(cid)
    conflict.remove_tokens(loser, "blue", card(cid).get("blue", 0))
    p["left"] -= card(cid)["science"]
    p["stolen"].append(cid)
    better = [c for c in victor["specials"] if card(c).get("family") == card(cid).get("family")
              and card(c)["level"] >= card(cid)["level"]]
    if better:
        state["box"].append(cid)
        return [{"event": "stolen", "seat": p["seat"], "loser": p["loser"], "card": cid, "kept": False}]
    civil.put_technology(victor, p["seat"], cid)
    return [{"event": "stolen", "seat": p["seat"], "loser": p["loser"], "card": cid, "kept": True}]


def _take_spoils(state: dict) -> list[dict]:
    """The rest of the spoils, then the war card is discarded and the turn goes on."""
    p = state["pending"]
    taken = conflict.war_spoils(_civ(state, p["seat"]), _civ(state, p["loser"]), p["card"], p["left"])
    state["pending"] = None
    events.discard_military(state, [p["card"]])
    return [{"event": "spoils", "seat": p["seat"], "loser": p["loser"], "card": p["card"], "total": p["amount"],
             "stolen": p["stolen"], **taken}]
