"""The decisions of Time of Seth's setup and of each Destiny choice (state.pending["stage"]):

    seth_draft    pick a Starting or Cult card (tekhenu-time-of-set/setup/step-10a..c, draft-composition)
    seth_rewards  one choice of a Starting card's reward (a district, a split of Resources or of Soldiers and
                  Priests, the card kept of those drawn); plain gains are taken at once
    destiny       a Destiny card or an Artifact with its paired Destiny card (setup and Maat step 8), and the
                  Trial of the Vizier's discard and move (vizier.py)
    seth_decree   keep 1 of the 3 Decrees dealt (step 12, the end of the setup)
"""
from __future__ import annotations

from ..errors import IllegalAction
from ..tekhenu import editions, god_actions, market, setup_choices, solo
from ..tekhenu import effects_cards as cards_fx
from ..tekhenu.actions import ChooseDecree, ChooseDestiny, ChooseReward, Perform
from ..tekhenu.cards import ANKH, DESTINY_REWARD
from . import cards, ext, vizier
from .actions import ChooseArtifact, DraftPick
from .facts import F
from .setup import START
from .terms import option_name

DRAFT_RULE = "tekhenu-time-of-set/setup/draft-composition"
REWARD_RULE = "tekhenu-time-of-set/setup/starting-soldiers-priests"
DECREE_RULE = "tekhenu-time-of-set/setup/step-12-choose-decree"
DESTINY_RULE = "tekhenu-time-of-set/gameplay/maat/destiny-artifact/choice"
STAGES = ("seth_draft", "seth_rewards", "seth_decree")
PARTS = ("osiris", "choose", "split", "draw_keep")


def starting(card: str) -> dict:
    return F(f"seth_cards.starting.{card}")


def stage(state) -> str | None:
    return (state.pending or {}).get("stage") if state.phase == "setup" else None


# -- the draft ----------------------------------------------------------------------------------------------
def _counts(state, seat: int) -> tuple[int, int]:
    return len(state.player[seat].starting), int(state.ext["players"][seat]["cult"] is not None)


def draft_actions(state) -> list[DraftPick]:
    pending = state.pending
    seat = pending["picks"][0]
    starting_cards, cult_cards = _counts(state, seat)
    wanted = F("seth_setup.draft_picks")
    out = []
    if starting_cards < wanted["starting"]:
        out += [DraftPick(card) for card in pending["offer"]]
    if cult_cards < wanted["cult"]:
        out += [DraftPick(card) for card in pending["cult"]]
    return out


def draft_pick(state, action, events: list) -> None:
    if not isinstance(action, DraftPick):
        raise IllegalAction(DRAFT_RULE, "pick a Starting card or a Cult card", "시작 카드나 숭배자 카드를 1장 고르세요")
    if action not in draft_actions(state):
        raise IllegalAction(DRAFT_RULE, f"{action.card} cannot be picked: each player takes exactly 2 Starting cards "
                                        "and 1 Cult card of those on offer",
                            f"{action.card}은(는) 고를 수 없습니다: 각자 펼쳐진 카드 중 시작 카드 정확히 2장, 숭배자 카드 1장")
    pending = state.pending
    seat = pending["picks"].pop(0)
    if action.card in pending["offer"]:
        pending["offer"].remove(action.card)
        state.player[seat].starting.append(action.card)
    else:
        pending["cult"].remove(action.card)
        state.ext["players"][seat]["cult"] = action.card
    events.append({"event": "starting_card", "seat": seat, "card": action.card, "rule": DRAFT_RULE})
    if pending["picks"]:
        return
    if state.solo:
        state.turn_order = solo.initial_turn_order(state)
    else:
        def key(seat: int):
            values = [starting(c)["initiative"] for c in state.player[seat].starting]
            return (-sum(values), -max(values))
        state.turn_order = sorted(range(state.players), key=key)
    events.append({"event": "turn_order", "order": list(state.turn_order),
                   "rule": "tekhenu/solo/setup/first-in-turn-order" if state.solo else "tekhenu/setup/initial-turn-order"})
    state.pending = {"stage": "seth_rewards",
                     "queue": [[s, c, part] for s in state.turn_order for c in state.player[s].starting
                               for part in ("gain",) + PARTS if part in starting(c)]}
    state.note_assumed("seth_setup.rewards_before_destiny")
    _resolve_plain(state, events)


# -- the Starting cards' rewards ------------------------------------------------------------------------------
def reward_options(state) -> list[str]:
    seat, card, part = state.pending["queue"][0]
    spec = starting(card)
    if part == "osiris":
        row = spec["osiris"]["row"]
        free = [d for d in spec["osiris"]["districts"] if f"{row},{d}" not in state.osiris]
        if row in (3, 4) and state.edition == "ko":
            return [f"{d}:{r}" for d in free for r in editions.osiris_received(state, d, row)]
        return free
    if part == "choose":
        kinds, total = spec["choose"]["resources"], spec["choose"]["total"]
        return [",".join(map(str, split)) for split in splits(total, len(kinds))]
    if part == "split":
        return [f"{s},{spec['split'] - s}" for s in range(spec["split"], -1, -1)]
    if part == "draw_keep":
        return list(state.pending.get("drawn", []))
    return []


def splits(total: int, parts: int):
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in splits(total - first, parts - 1):
            yield (first, *rest)


def reward_actions(state) -> list[ChooseReward]:
    seat, card, part = state.pending["queue"][0]
    return [ChooseReward(card, option) for option in reward_options(state)]


def choose_reward(state, action, events: list) -> None:
    pending = state.pending
    seat, card, part = pending["queue"][0]
    if not isinstance(action, ChooseReward) or action.card != card:
        raise IllegalAction(REWARD_RULE, f"the reward to choose now is {card}'s", f"지금 고를 보상은 {card}의 보상입니다")
    if action.option not in reward_options(state):
        raise IllegalAction(cards.card_rule(card), f"{option_name(action.option, 'en')} is not a choice {card} offers",
                            f"{option_name(action.option, 'ko')}은(는) {card}이(가) 주는 선택지가 아닙니다")
    p = state.player[seat]
    spec = starting(card)
    rule = cards.card_rule(card)
    if part == "osiris":
        district, _, received = action.option.partition(":")
        row = spec["osiris"]["row"]
        god_actions.osiris_build(state, p, row, district, received or None, events,
                                 happiness_cost=spec["osiris"]["happiness_cost"])
        if spec["osiris"]["happiness_cost"]:
            state.note_assumed("seth_rules.sx02_sx03_lose_happiness")
            events.append({"event": "happiness_lost", "seat": seat, "card": card, "amount": 1, "rule": rule})
        # "Perform an Osiris God Action": what triggers on that God Action triggers here too (as base S01-S03)
        cards_fx.after_action(state, p, {"value": row}, Perform("osiris", district=district), events)
        god_actions.statue_bonuses(state, p, "osiris", events)
    elif part == "choose":
        for kind, amount in zip(spec["choose"]["resources"], map(int, action.option.split(","))):
            p.resources[kind] += amount
    elif part == "split":
        soldiers, priests = (int(x) for x in action.option.split(","))
        ext.gain(state, p, {"soldiers": soldiers, "priests": priests}, events, rule)
    else:
        kind = spec["draw_keep"]["kind"]
        {"technology": p.technologies, "blessing": p.blessings}[kind].append(action.option)
        deck = state.decks[kind]
        rng = state.random()
        for other in pending.pop("drawn"):
            if other != action.option:       # "shuffle the other card back into the deck"
                deck.insert(rng.randrange(len(deck) + 1), other)
        state.store_random(rng)
    events.append({"event": "starting_reward", "seat": seat, "card": card, "choice": action.option, "part": part,
                   "rule": rule})
    pending["queue"].pop(0)
    _resolve_plain(state, events)


def _resolve_plain(state, events: list) -> None:
    """Take every reward part that needs no choice, until one does; then the Destiny choices."""
    pending = state.pending
    while pending["queue"]:
        seat, card, part = pending["queue"][0]
        spec = starting(card)
        if part == "gain":
            got = ext.gain(state, state.player[seat], spec["gain"], events, cards.card_rule(card))
            events.append({"event": "starting_reward", "seat": seat, "card": card, "gain": got,
                           "rule": cards.card_rule(card)})
            pending["queue"].pop(0)
            continue
        if part == "draw_keep" and "drawn" not in pending:
            rng = state.random()
            pending["drawn"] = [c for c in (market.draw(state, spec["draw_keep"]["kind"], rng)
                                            for _ in range(spec["draw_keep"]["draw"])) if c]
            state.store_random(rng)
        if reward_options(state):
            return
        pending.pop("drawn", None)
        pending["queue"].pop(0)             # nothing to take (no free space, no card): nothing happens
    state.pending = {"stage": "destiny", "available": sorted(ANKH), "queue": list(state.turn_order), "after": START}


# -- Destiny cards and Artifacts (setup and Maat step 8) -----------------------------------------------------
def destiny_actions(state) -> list:
    if vizier.step(state):
        return vizier.legal_actions(state)
    pending = state.pending
    seat = pending["queue"][0]
    out = []
    for card in pending["available"]:
        if "choice" in DESTINY_REWARD[card]:
            out += [ChooseDestiny(card, option) for option in DESTINY_REWARD[card]["choice"]]
        else:
            out.append(ChooseDestiny(card))
    if ext.seth_on(state):
        out += [ChooseArtifact(card) for card in cards.choosable(state, seat, pending["available"])]
    return out


def choose_destiny(state, action, events: list) -> None:
    """A Destiny card (with its reward) or an Artifact (its Priests paid; the paired Destiny card for its
    Ankh value only); the Vizier's first player then discards, after the second player moves the Vizier."""
    if vizier.step(state) == "discard":
        vizier.discard(state, action, events)
        return
    if vizier.step(state) == "move":
        vizier.move(state, action, events)
        _close(state, events)
        return
    pending = state.pending
    seat = pending["queue"][0]
    if isinstance(action, ChooseArtifact):
        if action.card not in cards.choosable(state, seat, pending["available"]):
            raise IllegalAction("tekhenu-time-of-set/gameplay/maat/destiny-artifact/destiny-card-required",
                                f"{action.card} cannot be taken: its Destiny card is gone or its Priests cannot be paid",
                                f"{action.card}은(는) 가져올 수 없습니다: 짝인 운명 카드가 없거나 사제 비용을 낼 수 없음")
        pending["queue"].pop(0)
        destiny = cards.take_artifact(state, seat, action.card, events)
        pending["available"].remove(destiny)
        events.append({"event": "artifact_taken", "seat": seat, "card": action.card, "destiny": destiny,
                       "rule": DESTINY_RULE})
    elif isinstance(action, ChooseDestiny):
        if action.card not in pending["available"] and action.card == state.ext["vizier"]["discarded"] \
                and vizier.on(state):
            raise IllegalAction(vizier.DISCARD_RULE, f"the first player discarded {action.card} for this round",
                                f"선 플레이어가 이번 라운드에 {action.card}을(를) 버렸습니다")
        if action.card not in pending["available"]:
            raise IllegalAction("tekhenu/maat/step-8-destiny", f"{action.card} was already taken",
                                f"{action.card}은(는) 이미 누가 가져갔습니다")
        refused = setup_choices.option_refusal(action)
        if refused is not None:
            raise refused
        pending["queue"].pop(0)
        pending["available"].remove(action.card)
        setup_choices.receive_destiny(state, state.player[seat], action.card, action.option, events)
        events.append({"event": "destiny", "seat": seat, "card": action.card, "option": action.option,
                       "rule": "tekhenu/setup/starting-resources" if pending.get("after") != "maat"
                       else "tekhenu/maat/step-8-destiny"})
    else:
        raise IllegalAction("tekhenu/maat/step-8-destiny", "take a Destiny card (or an Artifact card)",
                            "운명 카드(또는 유물 카드)를 가져오세요")
    vizier.after_pick(state, seat)
    if not pending["queue"] and not vizier.step(state):
        _close(state, events)


def _close(state, events: list) -> None:
    setup_choices.close_destiny(state, events)


def close_destiny(state, events: list) -> bool:
    """The setup's Destiny choices are over (variants hook): the Decrees are chosen last (step 12)."""
    pending = state.pending
    if pending.get("after") != START:
        return False
    state.pending = {"stage": "seth_decree", "queue": [s for s in state.turn_order if not ext.is_bot(state, s)]}
    return True


# -- the Decree kept (step 12) ---------------------------------------------------------------------------------
def decree_actions(state) -> list[ChooseDecree]:
    seat = state.pending["queue"][0]
    return [ChooseDecree(card) for card in state.ext["setup"]["dealt"][str(seat)] if card]


def choose_decree(state, action, events: list) -> None:
    pending = state.pending
    seat = pending["queue"][0]
    dealt = state.ext["setup"]["dealt"][str(seat)]
    if not isinstance(action, ChooseDecree) or action.card not in dealt:
        raise IllegalAction(DECREE_RULE, "keep one of the three Decrees dealt to you", "받은 법령 3장 중 1장을 고르세요")
    pending["queue"].pop(0)
    state.player[seat].decrees.append(action.card)
    for other in dealt:
        if other and other != action.card:
            state.decks["decree"].insert(0, other)     # to the bottom of the Decree deck
    events.append({"event": "decree_kept", "seat": seat, "rule": DECREE_RULE})
    if not pending["queue"]:
        state.ext["setup"] = None
        state.pending = None
        state.phase = "take_die"
        state.turn_index = 0
