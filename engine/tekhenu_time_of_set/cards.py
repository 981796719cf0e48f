"""What Time of Seth's cards do (texts: kb/data/tekhenu-time-of-set/cards/01-cards.yaml; values:
data/seth_cards.yaml): Cult cards when their condition is met, Artifacts when used, the Blessings BX01-BX04,
the Technologies TX02-TX05 (TX01 is the Seth God Action's), the Decrees DX01-DX04 at the final Scoring."""
from __future__ import annotations

from itertools import combinations

from ..errors import IllegalAction
from ..tekhenu import core, extra, god_actions, market, temple, variants
from ..tekhenu.actions import Perform, UseBlessing
from ..tekhenu.board import FACTS, RESOURCES
from . import board, ext, owed
from .facts import F
from .terms import option_name

CULT_RULE = "tekhenu-time-of-set/key-concepts/cult-cards/conditions-and-rewards"


def card_rule(card: str) -> str:
    return f"tekhenu-time-of-set/{card}"


# -- Cult cards ---------------------------------------------------------------------------------------------
def cult_of(state, seat: int) -> str | None:
    return state.ext["players"][seat]["cult"]


def cult_event(state, what: str, seat: int, events: list, **data) -> None:
    """A condition of a Cult card may be met (variants.notify): reward its owner, then every other player."""
    if state.phase == "setup" or ext.is_bot(state, seat):
        return          # "during setup Cult cards have no effect"; Botankhamun holds none
    card = cult_of(state, seat)
    if card is None:
        return
    spec = F(f"seth_cards.cult.{card}")
    if not _condition(state, spec["condition"], what, seat, data):
        return
    if not variants.fires(state, ("cult", card, seat)):
        state.note_assumed("seth_rules.cult_once_per_turn")
        return
    p = state.player[seat]
    rule = card_rule(card)
    owner = dict(spec["owner"])
    if owner.pop("resource_choice", 0):                 # Cult07: 1 Resource of your choice, not Gold
        owed.choice(state, seat, card, rule, "resource", [{"id": r, "gain": {r: 1}} for r in RESOURCES], events)
    got = ext.gain(state, p, owner, events, rule)
    events.append({"event": "cult", "seat": seat, "card": card, "gain": got, "rule": rule})
    for other in _others(state, seat):
        q = state.player[other]
        others = dict(spec["others"])
        exchange = others.pop("exchange", None)
        if ext.is_bot(state, other):
            state.note_assumed("seth_rules.cult_for_botankhamun")
            if exchange:
                continue
        if exchange:
            _exchange(state, q, card, rule, exchange, events)
            continue
        got = ext.gain(state, q, others, events, rule)
        events.append({"event": "cult_others", "seat": other, "card": card, "gain": got, "rule": rule})


def _others(state, seat: int) -> list[int]:
    start = state.turn_order.index(seat)
    return [state.turn_order[(start + k) % state.players] for k in range(1, state.players)]


def _exchange(state, q, card: str, rule: str, into: str, events: list) -> None:
    """Cult05/Cult07: each other player may exchange any 1 Resource for 1 Gold / 1 Scribe."""
    offer = [r for r in RESOURCES + (("gold",) if into == "scribes" else ()) if q.resources[r] > 0]
    if not offer:
        return
    options = [{"id": "none"}] + [{"id": r, "pay": {r: 1}, "gain": {into: 1}} for r in offer]
    owed.choice(state, q.seat, card, rule, f"exchange:{into}", options, events)


def _condition(state, condition: str, what: str, seat: int, data: dict) -> bool:
    if condition == "statue_people":
        return what == "statue" and data.get("kind") == "people"
    if condition == "statue_god":
        return what == "statue" and data.get("kind") == "god"
    if condition == "seth_building":
        return what == "building" and data.get("where") == "seth"
    if condition == "osiris_building":
        return what == "building" and data.get("where") == "osiris"
    if condition == "happiness_mark":
        if what != "happiness":
            return False
        reached = state.ext["players"][seat]["reached"]
        state.note_assumed("seth_cards.cult03_marks")
        new = [m for m in F("seth_cards.cult03_marks") if data["before"] < m <= data["after"] and m not in reached]
        reached.extend(new)
        return bool(new)
    if condition in ("pillar_alone", "pillar_edge"):
        if what != "pillar":
            return False
        cell = tuple(int(x) for x in data["cell"].split(","))
        if condition == "pillar_edge":
            last = temple.size() - 1
            state.note_assumed("temple.size")
            return cell[0] in (0, last) or cell[1] in (0, last)
        return not any(tile["owner"] == seat and key != data["cell"]
                       and (int(key.split(",")[0]) == cell[0] or int(key.split(",")[1]) == cell[1])
                       for key, tile in state.temple.items())
    return False


# -- Artifacts ----------------------------------------------------------------------------------------------
def artifact(card: str) -> dict:
    return F(f"seth_cards.artifacts.{card}")


def destiny_of(state, card: str) -> str:
    """The Destiny card an Artifact is displayed with (same Ankh value)."""
    return next(d for d, cards in state.ext["artifacts"].items() if card in cards)


def displayed(state) -> list[str]:
    return sorted(c for cards in state.ext["artifacts"].values() for c in cards)


def choosable(state, seat: int, available: list[str]) -> list[str]:
    """Artifacts this player may take now: their Destiny card still available, their Priests affordable."""
    if ext.is_bot(state, seat):
        return []
    priests = ext.track(state, seat, "priests")
    return [c for c in displayed(state) if destiny_of(state, c) in available and artifact(c)["priests"] <= priests]


def take_artifact(state, seat: int, card: str, events: list) -> str:
    """Pay its Priests; the paired Destiny card is taken too, for its Ankh value only. The Destiny card."""
    destiny = destiny_of(state, card)
    ext.spend_track(state, seat, "priests", artifact(card)["priests"],
                    "tekhenu-time-of-set/gameplay/maat/destiny-artifact/choice", events)
    ext.own(state, "artifacts")[destiny].remove(card)
    state.ext["players"][seat]["artifacts"].append(card)
    state.player[seat].destiny = destiny
    return destiny


USE_RULE = "tekhenu-time-of-set/gameplay/maat/destiny-artifact/artifact-use"


def usable_artifacts(state, p) -> list[str]:
    """Artifacts the player could use now (their turn, nothing else owed)."""
    out = []
    for card in sorted(set(state.ext["players"][p.seat]["artifacts"])):
        spec = artifact(card)
        if spec.get("pay") and core.available(p, "scribes") < spec["pay"]["scribes"]:
            continue
        if spec["effect"] in ("seth_action", "action") and state.turn_effects.get("attached"):
            continue            # a Blessing is attached to the die's action: the next action is that one
        if spec["effect"] == "seth_action" and not _seth_possible(state, p, spec["values"]):
            continue
        if spec["effect"] == "action" and not _any_action_possible(state, p, spec["values"]):
            continue
        if spec["effect"] == "draw_keep" and not (state.decks[spec["kind"]] or state.discards[spec["kind"]]):
            continue
        out.append(card)
    return out


def _stand_in(values: list[int], god: str | None) -> dict:
    return {"card": "artifact", "rule": USE_RULE, "god": god, "values": values, "free": False, "refresh": False}


def _possible(state, values, god: str | None) -> bool:
    """Whether the Artifact's stand-in die allows some action (the Thoth refresh is not offered): a yes/no
    question, so each value stops at the first action found instead of listing them all."""
    context = _stand_in(values, god)
    for value in values:
        found = god_actions.candidates(state, extra.stand_in(context, value), first=True)
        if any(action.action != "thoth_refresh" for action in found):
            return True
    return False


def _seth_possible(state, p, values) -> bool:
    return _possible(state, values, board.SETH)


def _any_action_possible(state, p, values) -> bool:
    return _possible(state, values, None)


def use_artifact(state, p, card: str, events: list) -> None:
    record = state.ext["players"][p.seat]
    if card not in record["artifacts"]:
        raise IllegalAction(USE_RULE, f"you have no Artifact {card}", f"유물 {card}이(가) 없습니다")
    spec = artifact(card)
    if card not in usable_artifacts(state, p):
        raise IllegalAction(card_rule(card), f"{card} cannot be used now", f"{card}은(는) 지금 쓸 수 없습니다")
    record["artifacts"].remove(card)               # used once, then out of the game
    rule = card_rule(card)
    events.append({"event": "artifact", "seat": p.seat, "card": card, "rule": rule})
    if spec.get("pay"):
        core.pay(state, p, "scribes", spec["pay"]["scribes"], rule, events)
    effect = spec["effect"]
    if effect == "draw_keep":
        drawn = owed.draw(state, spec["kind"], spec["draw"])
        owed.choice(state, p.seat, card, rule, "keep", [{"id": c, "keep": c} for c in drawn], events,
                    drawn=drawn, deck=spec["kind"], rest=spec["rest"])
    elif effect == "action":
        state.note_assumed("seth_rules.art02_any_action")
        owed.action(state, p.seat, card, rule, None, spec["values"], refresh=False)
    elif effect == "seth_action":
        state.note_assumed("seth_rules.art07_costs")
        owed.action(state, p.seat, card, rule, board.SETH, spec["values"], refresh=False)
    elif effect == "temple_scoring":
        vp = temple.score_temple(state, p)
        p.vp += vp
        events.append({"event": "card_effect", "seat": p.seat, "card": card, "vp": vp, "rule": rule})
    elif effect == "production":
        top = FACTS("limits.production_max")
        for resource in p.production:
            p.production[resource] = min(top, p.production[resource] + spec["amount"])
        events.append({"event": "card_effect", "seat": p.seat, "card": card, "production": dict(p.production),
                       "rule": rule})
    elif effect == "happiness":
        core.advance_happiness(state, p, spec["amount"], events)
        events.append({"event": "card_effect", "seat": p.seat, "card": card, "happiness": p.happiness, "rule": rule})
    elif effect == "gain":
        got = ext.gain(state, p, spec["gain"], events, rule)
        events.append({"event": "card_effect", "seat": p.seat, "card": card, "gain": got, "rule": rule})


# -- Blessings BX01-BX04 (played any time during your turn: seth_rules.blessing_timing) -----------------------
def blessing_options(state, p) -> list[UseBlessing]:
    out = []
    for card in sorted({c for c in p.blessings if c.startswith("BX")}):
        spec = F(f"seth_cards.blessings.{card}")
        if spec["effect"] == "split":
            out += [UseBlessing(card, f"{s},{spec['total'] - s}") for s in range(spec["total"] + 1)]
        else:
            out += [UseBlessing(card, option) for option in move_options(state, p)]
    return out


def move_options(state, p) -> list[str]:
    """BX03/BX04: an Osiris Building to the Seth region of its row ("to_seth:row,district"), or a Seth-board
    Building to a free district of the Osiris row of its region ("to_osiris:region,district[,resource]")."""
    out = []
    soldiers = ext.track(state, p.seat, "soldiers")
    for key, seat in sorted(state.osiris.items()):
        if seat != p.seat:
            continue
        row = int(key.split(",")[0])
        if board.has_own(state, row, p.seat) or board.free_space(state, row) is None:
            continue
        if soldiers >= board.cost(state, row):
            out.append(f"to_seth:{key}")
    if p.happiness > 0:
        for region, _ in board.buildings_of(state, p.seat):
            for district in FACTS("osiris.districts"):
                if f"{region},{district}" in state.osiris:
                    continue
                if region == 6:
                    out += [f"to_osiris:{region},{district},{r}" for r in RESOURCES]
                else:
                    out.append(f"to_osiris:{region},{district}")
    return out


def play_blessing(state, p, action: UseBlessing, events: list) -> None:
    card, option = action.card, action.option
    rule = card_rule(card)
    state.note_assumed("seth_rules.blessing_timing")
    spec = F(f"seth_cards.blessings.{card}")
    if spec["effect"] == "split":
        allowed = [f"{s},{spec['total'] - s}" for s in range(spec["total"] + 1)]
    else:
        allowed = move_options(state, p)
    if option not in allowed:
        raise IllegalAction(rule, f"{option_name(option, 'en')} is not a choice {card} offers now",
                            f"{option_name(option, 'ko')}은(는) 지금 {card}의 선택지가 아닙니다")
    p.blessings.remove(card)
    state.discards["blessing"].append(card)
    events.append({"event": "blessing", "seat": p.seat, "card": card, "option": option, "rule": rule})
    if "T24" in p.technologies:                       # "Whenever you play a Blessing: Gain 1 Gold"
        p.resources["gold"] += 1
        events.append({"event": "card_effect", "seat": p.seat, "card": "T24", "gold": 1, "rule": "tekhenu/T24"})
    if spec["effect"] == "split":
        soldiers, priests = (int(x) for x in option.split(","))
        ext.gain(state, p, {"soldiers": soldiers, "priests": priests}, events, rule)
        return
    state.note_assumed("seth_rules.seth_reward_is_region_only")
    where, _, place = option.partition(":")
    if where == "to_seth":
        row, district = place.split(",")
        region = int(row)
        del state.osiris[place]
        space = board.free_space(state, region)
        ext.spend_track(state, p.seat, "soldiers", board.cost(state, region), rule, events)
        board.set_space(state, region, space, p.seat)
        got = ext.gain(state, p, board.region_reward(state, region), events, rule)
        state.note_assumed("seth_board.region_reward")
        events.append({"event": "building_moved", "seat": p.seat, "to": "seth", "region": region, "from": place,
                       "gain": got, "rule": rule})
        return
    parts = place.split(",")
    region, district = int(parts[0]), parts[1]
    resource = parts[2] if len(parts) > 2 else None
    board.set_space(state, region, board.spaces(state, region).index(p.seat), None)
    god_actions.osiris_build(state, p, region, district, resource, events)     # pays 1 Happiness
    p.buildings_left += 1          # the same Building, moved: none leaves the player board
    events.append({"event": "building_moved", "seat": p.seat, "to": "osiris", "region": region, "district": district,
                   "rule": rule})


# -- Technologies ---------------------------------------------------------------------------------------------
def maat(state, p, balance: int, unused_faith: int, loss: int, events: list) -> int:
    """TX02 (unused Faith becomes Priests), TX03 (no VP lost), TX04 (1 VP per Blood token)."""
    if "TX02" in p.technologies and unused_faith:
        state.note_assumed("seth_rules.tx02_unused_faith")
        ext.gain_track(state, p.seat, "priests", unused_faith, events, card_rule("TX02"))
    if "TX04" in p.technologies and p.permanent_taint:
        vp = F("seth_cards.technologies.TX04")["vp_per_blood"] * p.permanent_taint
        p.vp += vp
        events.append({"event": "card_effect", "seat": p.seat, "card": "TX04", "vp": vp, "rule": card_rule("TX04")})
    if "TX03" in p.technologies and loss:
        events.append({"event": "card_effect", "seat": p.seat, "card": "TX03", "vp_saved": loss,
                       "rule": card_rule("TX03")})
        return 0
    return loss


def tx05_picks(state, p, value: int) -> list[Perform]:
    """TX05's Thoth: any combination of the cards of the sections you may take from, at most one of them from
    the section one higher ("s:slot" strings)."""
    limit = market.highest_section(p.happiness)
    allowed = [i for i in range(limit) if state.market[i] is not None]
    higher = limit if limit < 4 and state.market[limit] is not None else None
    cards = [f"{s}:{i}" for s in allowed for i in market.cards_at(state.market[s])]
    upper = [f"{higher}:{i}" for i in market.cards_at(state.market[higher])] if higher is not None else []
    out = []
    for count in market.card_counts(state, value):
        for combo in combinations(cards, count):
            out.append(Perform("thoth", cards=combo))
        for top in upper:
            for combo in combinations(cards, count - 1):
                out.append(Perform("thoth", cards=combo + (top,)))
    return out


def _tx05_allows(state, p, value: int, cards) -> bool:
    """Whether `cards` is one of tx05_picks' combinations (checked directly: the picks are many)."""
    if not cards or len(set(cards)) != len(cards) or len(cards) not in market.card_counts(state, value):
        return False
    limit = market.highest_section(p.happiness)
    higher = 0
    for pick in cards:
        section, _, slot = pick.partition(":")
        if not (section.isdigit() and slot.isdigit()):
            return False
        section, slot = int(section), int(slot)
        if section > limit or section >= len(state.market) or state.market[section] is None \
                or slot not in market.cards_at(state.market[section]):
            return False
        if section == limit:
            higher += 1
    return higher <= 1


def tx05_refusal(state, p, pending: dict, action: Perform) -> IllegalAction | None:
    value = pending["value"]
    if action.section is not None or not _tx05_allows(state, p, value, action.cards):
        return IllegalAction(card_rule("TX05"), "TX05: cards from the sections you may take from, in any combination, "
                                               "and at most 1 from the section one higher",
                             "TX05: 가져올 수 있는 구역들에서 원하는 조합으로, 한 구역 위에서는 최대 1장")
    papyrus = market.papyrus_for(state, value, len(action.cards))
    if not god_actions.afford(state, p, pending, "thoth", "papyrus", papyrus):
        return IllegalAction("tekhenu/actions/thoth/card-count", f"taking these cards costs {papyrus} Papyrus",
                             f"이 카드들을 가져오려면 파피루스 {papyrus}개가 듭니다")
    return None


def tx05_take(state, p, action: Perform, events: list) -> None:
    value = state.pending["value"]
    state.note_assumed("seth_rules.tx05_higher_card")
    papyrus = market.papyrus_for(state, value, len(action.cards))
    core.pay(state, p, "papyrus", papyrus, "tekhenu/actions/thoth/card-count", events)
    taken = []
    for pick in action.cards:
        section, slot = (int(x) for x in pick.split(":"))
        item = state.market[section][slot]
        {"blessing": p.blessings, "technology": p.technologies, "decree": p.decrees}[item["kind"]].append(item["card"])
        taken.append(item["card"])
        state.market[section][slot] = {"kind": item["kind"], "card": None}
    if state.phase not in ("take_die", "act"):      # outside a turn: refilled at once (as market.take_cards)
        rng = state.random()
        market.refill_empty_spaces(state, rng)
        state.store_random(rng)
    events.append({"event": "thoth", "seat": p.seat, "section": None, "cards": taken, "papyrus": papyrus,
                   "by": "TX05", "rule": card_rule("TX05")})


# -- Decrees DX01-DX04 ----------------------------------------------------------------------------------------
def decree_symbol(state, card: str) -> str:
    state.note_assumed("seth_cards.decree_symbols")
    return F("seth_cards.decree_symbols")[card]


def score_decree(state, p, card: str) -> int:
    spec = F(f"seth_cards.decrees.{card}")
    effect, vp = spec["effect"], spec["vp"]
    seat = p.seat
    if effect == "soldier_priest_pairs":
        return vp * min(ext.track(state, seat, "soldiers"), ext.track(state, seat, "priests"))
    buildings = len(board.buildings_of(state, seat))
    if effect == "seth_buildings":
        return vp * buildings
    if effect == "seth_statues_and_buildings":
        return vp * (board.statues_of(state, seat) + buildings)
    if effect == "production_at_5_or_6":
        return vp * sum(1 for level in p.production.values() if level >= 5)
    raise ValueError(f"{card}: no scoring for {effect!r}")
