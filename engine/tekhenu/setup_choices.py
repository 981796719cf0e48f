"""The decisions of setup (tekhenu/setup/...): the Decree kept of the two dealt, the Starting-card draft
with the initial Turn Order, the Starting cards' rewards, and the Destiny card — chosen again in Maat
step 8 (tekhenu/maat/step-8-destiny). `state.pending["stage"]` says which decision is open."""
from __future__ import annotations

from ..errors import IllegalAction
from . import core, editions, god_actions, market, solo, variants
from . import effects_cards as cards_fx
from .actions import ChooseDecree, ChooseDestiny, ChooseReward, ChooseStarting, Perform
from .cards import ANKH, DESTINY_REWARD, INITIATIVE, STARTING_REWARD
from .terms import option_name


def legal_actions(state) -> list:
    pending = state.pending
    if pending["stage"] == "decree":
        return [ChooseDecree(card) for card in pending["dealt"][str(pending["queue"][0])] if card]
    if pending["stage"] == "draft":
        return [ChooseStarting(card) for card in pending["offer"]]
    if pending["stage"] == "rewards":
        seat, card = pending["queue"][0]
        return [ChooseReward(card, option) for option in reward_options(state, seat, card, pending)]
    if pending["stage"] == "destiny":
        out = []
        for card in pending["available"]:
            if "choice" in DESTINY_REWARD[card]:
                out += [ChooseDestiny(card, opt) for opt in DESTINY_REWARD[card]["choice"]]
            else:
                out.append(ChooseDestiny(card))
        return out
    return []


def choose_decree(state, action: ChooseDecree, events: list) -> None:
    pending = state.pending
    rule = "tekhenu/setup/decrees"
    if state.phase != "setup" or pending.get("stage") != "decree":
        raise IllegalAction(rule, "Decrees are chosen during setup", "법령은 게임 준비 중에 고릅니다")
    seat = pending["queue"][0]
    dealt = pending["dealt"][str(seat)]
    if action.card not in dealt:
        raise IllegalAction(rule, f"{action.card} is not one of the two Decrees dealt to you",
                            f"{action.card}은(는) 당신에게 나눠 준 법령 2장 중 하나가 아닙니다")
    pending["queue"].pop(0)
    state.player[seat].decrees.append(action.card)
    for other in dealt:
        if other and other != action.card:
            state.decks["decree"].insert(0, other)     # to the bottom of the Decree deck
    events.append({"event": "decree_kept", "seat": seat, "rule": rule})   # Decrees are secret: no card in the event
    if not pending["queue"]:
        draft = pending["draft"]
        state.pending = {"stage": "draft", "offer": draft["offer"], "picks": draft["picks"]}


def choose_starting(state, action: ChooseStarting, events: list) -> None:
    pending = state.pending
    rule = "tekhenu/setup/draft-starting-cards"
    if state.phase != "setup" or pending["stage"] != "draft":
        raise IllegalAction(rule, "the Starting-card draft is over", "시작 카드 드래프트는 끝났습니다")
    if action.card not in pending["offer"]:
        raise IllegalAction(rule, f"{action.card} is not on offer", f"{action.card}은(는) 고를 수 있는 카드가 아닙니다")
    seat = pending["picks"].pop(0)
    pending["offer"].remove(action.card)
    state.player[seat].starting.append(action.card)
    events.append({"event": "starting_card", "seat": seat, "card": action.card, "rule": rule})
    if not pending["picks"]:
        # Turn order by total initiative, descending; ties go to the higher printed initiative.
        def key(seat: int):
            values = [INITIATIVE[c] for c in state.player[seat].starting]
            return (-sum(values), -max(values))
        state.turn_order = solo.initial_turn_order(state) if state.solo else sorted(range(state.players), key=key)
        events.append({"event": "turn_order", "order": list(state.turn_order),
                       "rule": "tekhenu/solo/setup/first-in-turn-order" if state.solo
                       else "tekhenu/setup/initial-turn-order"})
        state.pending = {"stage": "destiny", "available": sorted(ANKH), "queue": list(state.turn_order),
                         "after": "start"}


def choose_destiny(state, action: ChooseDestiny, events: list) -> None:
    pending = state.pending
    rule = "tekhenu/maat/step-8-destiny"
    if state.phase != "setup" or pending.get("stage") != "destiny":
        raise IllegalAction(rule, "Destiny cards are chosen at setup and in the Maat phase",
                            "운명 카드는 게임 준비와 마앗 단계에 고릅니다")
    if action.card not in pending["available"]:
        raise IllegalAction(rule, f"{action.card} was already taken", f"{action.card}은(는) 이미 누가 가져갔습니다")
    refused = option_refusal(action)
    if refused is not None:
        raise refused
    seat = pending["queue"].pop(0)
    pending["available"].remove(action.card)
    receive_destiny(state, state.player[seat], action.card, action.option, events)
    events.append({"event": "destiny", "seat": seat, "card": action.card, "option": action.option,
                   "rule": "tekhenu/setup/starting-resources" if pending.get("after") == "start" else rule})
    if not pending["queue"]:
        close_destiny(state, events)


def option_refusal(action: ChooseDestiny) -> IllegalAction | None:
    """A03 asks for its option (Population or Happiness); the other Destiny cards take none."""
    reward = DESTINY_REWARD[action.card]
    if "choice" in reward and action.option not in reward["choice"]:
        return IllegalAction("tekhenu/A03", f"{action.card} needs option one of {reward['choice']}",
                             f"{action.card}은(는) {reward['choice']} 중 하나를 골라야 합니다")
    if "choice" not in reward and action.option is not None:
        return IllegalAction("tekhenu/appendix/destiny-cards", f"{action.card}'s reward leaves nothing to choose",
                             f"{action.card}의 보상에는 고를 것이 없습니다")
    return None


def receive_destiny(state, p, card: str, option: str | None, events: list) -> None:
    """The Destiny card is the player's, with its reward."""
    reward = DESTINY_REWARD[card]
    p.destiny = card
    if "scribes" in reward:
        p.scribes += reward["scribes"]
    if "gold" in reward:
        p.resources["gold"] += reward["gold"]
    if "faith" in reward:
        p.faith += reward["faith"]
    if option == "population":
        core.advance_population(state, p, 1, events)
    elif option == "happiness":
        core.advance_happiness(state, p, 1, events)


def close_destiny(state, events: list) -> None:
    """Every Destiny card is chosen. At setup the Starting rewards follow; after a Maat phase the round
    goes on (the flow then draws the Rotation's new dice: tekhenu/maat/step-9-continue-rotation)."""
    if state.ext is not None and variants.of(state).close_destiny(state, events):
        return
    if state.pending.get("after") == "start":
        # "Every player receives all rewards shown on their Destiny card and Starting cards."
        state.pending = {"stage": "rewards", "queue": [[s, c] for s in state.turn_order
                                                       for c in state.player[s].starting]}
        _resolve_plain_rewards(state, events)
        return
    state.pending = None
    state.phase = "take_die"
    state.turn_index = 0


def _resolve_plain_rewards(state, events: list) -> None:
    """Apply Starting-card rewards in turn order until one needs a choice (or all are done)."""
    pending = state.pending
    while pending["queue"]:
        seat, card = pending["queue"][0]
        reward = STARTING_REWARD[card]
        if "gain" not in reward:
            if reward.get("draw_keep") and "drawn" not in pending:
                rng = state.random()
                pending["drawn"] = [c for c in (market.draw(state, reward["draw_keep"], rng),
                                                market.draw(state, reward["draw_keep"], rng)) if c]
                state.store_random(rng)
                if not pending["drawn"]:
                    pending.pop("drawn")
                    pending["queue"].pop(0)
                    continue
            if reward_options(state, seat, card, pending):
                return
            pending["queue"].pop(0)      # no legal way to take it (e.g. no free space): nothing happens
            continue
        p = state.player[seat]
        for key, amount in reward["gain"].items():
            if key == "scribes":
                p.scribes += amount
            elif key == "population":
                core.advance_population(state, p, amount, events)
            elif key == "happiness":
                core.advance_happiness(state, p, amount, events)
            else:
                p.resources[key] += amount
        events.append({"event": "starting_reward", "seat": seat, "card": card, "gain": reward["gain"],
                       "rule": f"tekhenu/{card}"})
        pending["queue"].pop(0)
    state.pending = None
    state.phase = "take_die"
    state.turn_index = 0


def reward_options(state, seat: int, card: str, pending: dict) -> list[str]:
    """The choices a Starting card's reward leaves (a district, a split of Resources, a card kept)."""
    reward = STARTING_REWARD[card]
    if "osiris" in reward:
        row = reward["osiris"]["row"]
        free = [d for d in reward["osiris"]["districts"] if f"{row},{d}" not in state.osiris]
        if row in (3, 4) and state.edition == "ko":      # KO: which of the Resources (data/editions.yaml)
            return [f"{d}:{r}" for d in free for r in editions.osiris_received(state, d, row)]
        return free
    if "choose" in reward:
        kinds, total = reward["choose"]["resources"], reward["choose"]["total"]
        return [",".join(map(str, combo)) for combo in _splits(total, len(kinds))]
    if "draw_keep" in reward:
        return list(pending.get("drawn", []))
    return []


def _splits(total: int, parts: int):
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _splits(total - first, parts - 1):
            yield (first, *rest)


def choose_reward(state, action: ChooseReward, events: list) -> None:
    pending = state.pending
    if state.phase != "setup" or pending.get("stage") != "rewards":
        raise IllegalAction("tekhenu/setup/starting-resources", "Starting-card rewards are received during setup",
                            "시작 카드 보상은 게임 준비 중에 받습니다")
    seat, card = pending["queue"][0]
    if action.card != card:
        raise IllegalAction("tekhenu/setup/starting-resources", f"the reward to choose now is {card}'s",
                            f"지금 고를 보상은 {card}의 보상입니다")
    if action.option not in reward_options(state, seat, card, pending):
        raise IllegalAction(f"tekhenu/{card}", f"{option_name(action.option, 'en')} is not a choice {card} offers",
                            f"{option_name(action.option, 'ko')}은(는) {card}이(가) 주는 선택지가 아닙니다")
    p = state.player[seat]
    reward = STARTING_REWARD[card]
    if "osiris" in reward:
        district, _, received = action.option.partition(":")
        row = reward["osiris"]["row"]
        god_actions.osiris_build(state, p, row, district, received or None, events, happiness_cost=False)
        # "Perform an Osiris God Action": what triggers on that God Action triggers here too — a Statue
        # already there (Botankhamun's, placed at solo setup) and a Technology kept from S05 (T01)
        cards_fx.after_action(state, p, {"value": row}, Perform("osiris", district=district), events)
        god_actions.statue_bonuses(state, p, "osiris", events)
    elif "choose" in reward:
        for kind, amount in zip(reward["choose"]["resources"], map(int, action.option.split(","))):
            p.resources[kind] += amount
    else:
        kept = action.option
        {"technology": p.technologies, "blessing": p.blessings}[reward["draw_keep"]].append(kept)
        deck = state.decks[reward["draw_keep"]]
        rng = state.random()
        for other in pending.pop("drawn"):
            if other != kept:       # "shuffle the other card back into the deck"
                deck.insert(rng.randrange(len(deck) + 1), other)
        state.store_random(rng)
    events.append({"event": "starting_reward", "seat": seat, "card": card, "choice": action.option,
                   "rule": f"tekhenu/{card}"})
    pending["queue"].pop(0)
    _resolve_plain_rewards(state, events)
