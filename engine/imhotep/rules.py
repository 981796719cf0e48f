"""The flow of a game of Imhotep: setup, turns and their four actions, docking and unloading, the end of a
round, the next round, the end of the game. `apply` never changes its input: it works on a clone.

Between two decisions the rules run a work queue (`state.tasks`): the stones of a docked ship, one at a
time from the bow, a red card's stone, a Pyramids (B) bonus, the temple spaces at the end of a round.
A task that needs a player's choice sets `state.pending` and the queue waits for the answer.
"""
from __future__ import annotations

import random
from itertools import permutations

from ..errors import IllegalAction
from ..korean import josa
from . import data as D
from . import narrate as words
from . import sites as S
from .actions import CARD_OF, TURN_KINDS
from .state import State, rng

# the rules each refusal, event and decision names
R_ONE_ACTION = "imhotep/turn/one-action"
R_GET = "imhotep/turn/get-stones/take-three"
R_GET_NOT = "imhotep/turn/get-stones/not-allowed"
R_PLACE = "imhotep/turn/place-stone/load"
R_PLACE_SPACE = "imhotep/turn/place-stone/which-space"
R_PLACE_EMPTY = "imhotep/turn/place-stone/empty-sled"
R_SAIL = "imhotep/turn/sail-ship/move"
R_SAIL_MIN = "imhotep/turn/sail-ship/minimum-load"
R_SAIL_HARBOR = "imhotep/turn/sail-ship/one-ship-per-harbor"
R_SAIL_STAYS = "imhotep/turn/sail-ship/ship-stays"
R_UNLOAD = "imhotep/turn/sail-ship/unload-order"
R_BLUE = "imhotep/turn/play-blue-card/one-card"
R_BLUE_DISCARD = "imhotep/turn/play-blue-card/discard"
R_ROUND_END = "imhotep/turn/round-ends-fourth-ship"
R_ROUND_CARD = "imhotep/round/reveal-round-card"
R_FILL = "imhotep/round/fill-market"
R_DISCARD_MARKET = "imhotep/next-round/discard-market"
R_NEW_START = "imhotep/next-round/new-start-player"
R_GAME_END = "imhotep/game-end/after-six-rounds"
R_FINAL = "imhotep/game-end/final-scoring"
R_WINNER = "imhotep/final-scoring/tie-break"
R_MARKET_TAKE = "imhotep/sites-a/market/take-cards"
R_MARKET_QUARRY = "imhotep/sites-a/market/stones-to-quarry"
R_MARKET_B = "imhotep/sites-b/market/take-hidden"
R_MARKET_B_SETUP = "imhotep/sites-b/market/setup"
R_RED = "imhotep/market-cards/red/use-immediately"
R_PYR_B_CHOOSE = "imhotep/sites-b/pyramids/three-pyramids"
R_BONUS = {"card": "imhotep/sites-b/pyramids/bonus-card", "stones": "imhotep/sites-b/pyramids/bonus-stones",
           "load": "imhotep/sites-b/pyramids/bonus-load-stone"}
R_TEMPLE_B_REWARDS = "imhotep/sites-b/temple/rewards"
R_CARD_RULE = {"lever": "imhotep/lever", "hammer": "imhotep/hammer", "sail": "imhotep/sail", "chisel": "imhotep/chisel"}
R_PASS = "decisions.pass_when_stuck"

DECISION_RULE = {
    "take_card": R_MARKET_TAKE, "keep_card": R_MARKET_B, "choose_pyramid": R_PYR_B_CHOOSE,
    "bonus_load": R_BONUS["load"], "temple_choice": R_TEMPLE_B_REWARDS, "lever_order": "imhotep/lever",
    "chisel_second": "imhotep/chisel", "sail_site": "imhotep/sail",
}
ANSWERS = {"take_card": "take", "keep_card": "keep", "choose_pyramid": "pyramid", "bonus_load": "load",
           "temple_choice": "reward", "lever_order": "order", "chisel_second": "second", "sail_site": "site"}


def refuse(rule: str, en: str, ko: str):
    raise IllegalAction(rule, en, ko)


# -- setup ---------------------------------------------------------------------------------------------
def resolve_sides(seed: int, sides: str = "A", overrides: dict | None = None) -> dict:
    """A or B for each site: all one side, or `mixed` (a seeded choice per site); a site's own option wins."""
    if sides not in ("A", "B", "mixed"):
        raise ValueError(f"sides must be A, B or mixed (got {sides!r})")
    if sides == "mixed":
        pick = random.Random(f"imhotep-sides:{seed}")
        chosen = {site: pick.choice("AB") for site in D.SITES}
    else:
        chosen = {site: sides for site in D.SITES}
    for site, side in (overrides or {}).items():
        if side is not None:
            if side not in ("A", "B"):
                raise ValueError(f"side of {site} must be A or B (got {side!r})")
            chosen[site] = side
    return chosen


def blank_state(players: int, seed: int, sides: dict, wrath: bool) -> State:
    s = State.__new__(State)
    s.players, s.seed, s.draws, s.sides, s.wrath = players, seed, 0, dict(sides), bool(wrath)
    s.round, s.phase, s.round_cards, s.ships = 0, "turn", [], []
    s.market, s.hidden, s.deck, s.discard = [], [], [], []
    s.quarry = [D.STONES_PER_COLOR - D.SCORE_MARKER] * players
    s.sled = [0] * players
    s.score = [0] * players
    s.cards = [{} for _ in range(players)]
    s.pyramid = [[]] if sides["pyramid"] == "A" else [[] for _ in range(D.PYRAMID_B_COUNT + 1)]
    s.temple, s.burial = [], []
    s.obelisk = [0] * players
    s.towers = []
    s.current = s.start = D.START_SEAT
    s.last_mover = None
    s.passes = 0
    s.tasks, s.pending = [], None
    s.facts = ()
    s.turns = 0
    return s


def new_game(players: int, seed: int, sides: str = "A", wrath: bool = False, **site_sides) -> State:
    if not 2 <= players <= 4:
        raise ValueError(f"Imhotep is played by 2-4 players (got {players})")
    chosen = resolve_sides(seed, sides, site_sides)
    s = blank_state(players, seed, chosen, wrath)
    for path in ("colors", "start_player_seat", f"round_cards.{players}"):
        S.use_fact(s, path)
    if sides == "mixed":
        S.use_fact(s, "decisions.mixed_sides")
    cards = list(D.ROUND_CARDS[players])
    shuffle = rng(s)
    shuffle.shuffle(cards)
    s.round_cards = cards[D.ROUND_CARDS_REMOVED:]
    deck = [card for card, n in D.DECK.items() for _ in range(n)]
    rng(s).shuffle(deck)
    s.deck = deck
    for position in range(players):
        seat = (D.START_SEAT + position) % players
        s.sled[seat] = D.STARTING_SLED[position]
        s.quarry[seat] -= D.STARTING_SLED[position]
    start_round(s, [])
    return s


def start_round(s: State, events: list) -> None:
    s.round += 1
    card = s.round_cards[0]
    s.round_cards = s.round_cards[1:]
    s.ships = [[size, [None] * size, None] for size in card]
    face_up = D.MARKET_CARDS if s.sides["market"] == "A" else D.MARKET_B_FACE_UP
    s.market = [S.draw(s, events) for _ in range(face_up)]
    s.hidden = []
    if s.sides["market"] == "B":
        S.use_fact(s, "market_b.face_up")
        s.hidden = [c for c in (S.draw(s, events) for _ in range(D.MARKET_B_HIDDEN)) if c]
    s.phase, s.current, s.passes = "turn", s.start, 0
    events.append({"event": "round_start", "round": s.round, "ships": list(card), "market": list(s.market),
                   "hidden": len(s.hidden), "start": s.start, "rule": R_ROUND_CARD})


# -- what may be done now -------------------------------------------------------------------------------
def minimum(size: int) -> int:
    return D.MINIMUM_LOAD[size]


def load(ship) -> int:
    return sum(1 for x in ship[1] if x is not None)


def free_sites(s: State) -> list[str]:
    docked = {ship[2] for ship in s.ships}
    return [site for site in D.SITES if site not in docked]


def empty_slots(s: State) -> list[tuple[int, int]]:
    return [(i, j) for i, ship in enumerate(s.ships) if ship[2] is None
            for j, x in enumerate(ship[1]) if x is None]


def sailable(s: State) -> list[int]:
    return [i for i, ship in enumerate(s.ships) if ship[2] is None and load(ship) >= minimum(ship[0])]


def hammer_take(s: State, seat: int) -> int:
    return max(0, min(D.QUARRY_TAKE, D.SLED_CAPACITY - s.sled[seat], s.quarry[seat]))


def turn_actions(s: State) -> list[tuple]:
    seat = s.current
    sled = s.sled[seat]
    acts: list[tuple] = []
    if sled < D.SLED_CAPACITY and s.quarry[seat] > 0:
        acts.append(("stones",))
    slots = empty_slots(s)
    if sled > 0:
        acts.extend(("place", i, j) for i, j in slots)
    ships = sailable(s)
    sites = free_sites(s)
    sails = [(i, site) for i in ships for site in sites]
    acts.extend(("sail", i, site) for i, site in sails)
    held = s.cards[seat]
    if held.get("lever"):
        acts.extend(("lever", i, site) for i, site in sails)
    if held.get("hammer") and slots and sled + hammer_take(s, seat) > 0:
        acts.extend(("hammer", i, j) for i, j in slots)
    if held.get("sail") and sled > 0 and sites:
        acts.extend(("sail_card", i, j) for i, j in slots if load(s.ships[i]) + 1 >= minimum(s.ships[i][0]))
    if held.get("chisel") and sled >= 2 and len(slots) >= 2:
        acts.extend(("chisel", i, j) for i, j in slots)
    if not acts:
        acts.append(("pass",))
    return acts


def lever_orders(s: State, ship: int) -> list[tuple]:
    cargo = [j for j, x in enumerate(s.ships[ship][1]) if x is not None]
    seen, out = set(), []
    for order in permutations(cargo):
        owners = tuple(s.ships[ship][1][j] for j in order)
        if owners not in seen:
            seen.add(owners)
            out.append(("order", order))
    return out


def answers(s: State) -> list[tuple]:
    p = s.pending
    kind, seat = p[0], p[1]
    if kind == "take_card":
        out = [("take", i) for i, c in enumerate(s.market) if c]
        if s.hidden:
            out.append(("take", len(s.market)))
        return out
    if kind == "keep_card":
        return [("keep", 0), ("keep", 1)]
    if kind == "choose_pyramid":
        return [("pyramid", k) for k in S.open_pyramids(s)]
    if kind in ("bonus_load", "chisel_second"):
        verb = "load" if kind == "bonus_load" else "second"
        return [(verb, i, j) for i, j in empty_slots(s)]
    if kind == "temple_choice":
        return [("reward", "point"), ("reward", "stones")]
    if kind == "lever_order":
        return lever_orders(s, p[2])
    if kind == "sail_site":
        return [("site", site) for site in free_sites(s)]
    raise AssertionError(f"unknown decision {kind}")


def legal_actions(s: State) -> list[tuple]:
    if s.phase == "over":
        return []
    if s.pending:
        return answers(s)
    return turn_actions(s)


def deciding_seat(s: State) -> int | None:
    if s.phase == "over":
        return None
    return s.pending[1] if s.pending else s.current


# -- apply ---------------------------------------------------------------------------------------------
def apply(state: State, action: tuple) -> tuple[State, list[dict]]:
    if state.phase == "over":
        refuse(R_GAME_END, "the game is over", "게임이 끝났습니다")
    if not isinstance(action, tuple) or not action:
        raise ValueError(f"not an Imhotep action: {action!r}")
    s = state.clone()
    events: list[dict] = []
    if s.pending:
        answer(s, action, events)
    else:
        turn(s, action, events)
    run(s, events)
    return s, events


def check_ship(s: State, ship, slot=None, rule=R_PLACE_SPACE):
    if not isinstance(ship, int) or not 0 <= ship < len(s.ships):
        refuse(rule, f"there is no ship {ship!r} this round", f"이번 라운드에 {ship!r}번 배는 없습니다")
    if s.ships[ship][2] is not None:
        refuse(R_PLACE_SPACE if slot is not None else R_SAIL_STAYS,
               f"ship {ship + 1} has already sailed to the {words.site(s.ships[ship][2], 'en')}",
               f"{ship + 1}번 배는 이미 항구에 들어갔습니다")
    if slot is not None:
        slots = s.ships[ship][1]
        if not isinstance(slot, int) or not 0 <= slot < len(slots):
            refuse(R_PLACE_SPACE, f"ship {ship + 1} has no space {slot!r}", f"{ship + 1}번 배에는 {slot!r}번 칸이 없습니다")
        if slots[slot] is not None:      # ships and spaces counted from 1, as players count them
            refuse(R_PLACE_SPACE, f"space {slot + 1} of ship {ship + 1} is taken",
                   f"{ship + 1}번 배의 {slot + 1}번 칸은 이미 찼습니다")


def check_sail(s: State, ship, site, rule_prefix: str | None = None):
    check_ship(s, ship)
    if site not in D.SITES:
        refuse(R_SAIL, f"there is no site {site!r}", f"{site!r}라는 건설부지는 없습니다")
    size = s.ships[ship][0]
    S.use_fact(s, "minimum_load")
    if load(s.ships[ship]) < minimum(size):
        refuse(R_SAIL_MIN, f"ship {ship + 1} carries {load(s.ships[ship])} stone(s); it sails with at least "
               f"{minimum(size)}", f"{ship + 1}번 배에는 석재 {load(s.ships[ship])}개뿐입니다. 적어도 {minimum(size)}개를 "
               "실어야 출발합니다")
    if site not in free_sites(s):
        refuse(R_SAIL_HARBOR, f"the {words.site(site, 'en')} harbor already holds a ship",
               f"{words.site(site, 'ko')} 항구에는 이미 배가 있습니다")


def place_stone(s: State, events: list, seat: int, ship: int, slot: int, rule: str) -> None:
    if s.sled[seat] <= 0:
        refuse(R_PLACE_EMPTY, "your supply sled is empty", "개인창고에 석재가 없습니다")
    check_ship(s, ship, slot)
    s.sled[seat] -= 1
    s.ships[ship][1][slot] = seat
    events.append({"event": "loaded", "seat": seat, "ship": ship, "slot": slot, "rule": rule})


def sail(s: State, events: list, seat: int, ship: int, site: str, order=None, rule: str = R_SAIL) -> None:
    cargo_slots = [j for j, x in enumerate(s.ships[ship][1]) if x is not None]
    order = list(order) if order is not None else cargo_slots
    cargo = [s.ships[ship][1][j] for j in order]
    s.ships[ship][2] = site
    s.ships[ship][1] = [None] * s.ships[ship][0]
    s.last_mover = seat
    events.append({"event": "sailed", "seat": seat, "ship": ship, "site": site, "cargo": cargo, "rule": rule})
    s.tasks[0:0] = [("stone", site, owner) for owner in cargo]


def turn(s: State, action: tuple, events: list) -> None:
    kind = action[0]
    seat = s.current
    if kind not in TURN_KINDS:
        refuse(R_ONE_ACTION, f"it is {seat}'s turn to choose an action, not to answer {kind!r}",
               f"지금은 행동을 고를 차례입니다 ({kind!r}는 답할 수 없습니다)")
    s.turns += 1
    if kind == "pass":
        if turn_actions(s) != [("pass",)]:
            refuse(R_ONE_ACTION, "you cannot pass while an action is possible", "할 수 있는 행동이 있으면 차례를 통과할 수 없습니다")
        S.use_fact(s, R_PASS)
        s.passes += 1
        events.append({"event": "pass", "seat": seat, "rule": R_ONE_ACTION})
        s.phase = "resolving"
        return
    s.passes = 0
    if kind == "stones":
        if s.sled[seat] >= D.SLED_CAPACITY:
            refuse(R_GET_NOT, "your supply sled is full (5 stones)", "개인창고가 석재 5개로 꽉 찼습니다")
        if s.quarry[seat] <= 0:
            refuse(R_GET_NOT, "the quarry has no stones of your colour", "돌무더기에 자기 색깔 석재가 없습니다")
        S.gain_stones(s, events, seat, D.QUARRY_TAKE, R_GET)
    elif kind == "place":
        place_stone(s, events, seat, action[1], action[2], R_PLACE)
    elif kind == "sail":
        check_sail(s, action[1], action[2])
        sail(s, events, seat, action[1], action[2])
    else:
        play_card(s, action, events, seat)
    s.phase = "resolving"


def play_card(s: State, action: tuple, events: list, seat: int) -> None:
    kind = action[0]
    card = CARD_OF[kind]
    rule = R_CARD_RULE[card]
    if not s.cards[seat].get(card):
        refuse(R_BLUE, f"you hold no {words.card(card, 'en')} card", f"{words.card(card, 'ko')} 카드가 없습니다")
    if kind == "lever":
        check_sail(s, action[1], action[2])
    elif kind == "hammer":
        check_ship(s, action[1], action[2])
        if s.sled[seat] + hammer_take(s, seat) == 0:
            refuse(rule, "Hammer needs a stone to load after taking stones", "망치: 석재를 가져온 뒤 배에 실을 석재가 있어야 합니다")
    elif kind == "sail_card":
        check_ship(s, action[1], action[2])
        if s.sled[seat] <= 0:
            refuse(R_PLACE_EMPTY, "your supply sled is empty", "개인창고에 석재가 없습니다")
        size = s.ships[action[1]][0]
        S.use_fact(s, "minimum_load")
        if load(s.ships[action[1]]) + 1 < minimum(size):
            S.use_fact(s, "decisions.sail_card_needs_minimum")
            refuse(rule, f"with 1 more stone ship {action[1] + 1} still lacks its minimum load of {minimum(size)}",
                   f"석재 1개를 더 실어도 {action[1] + 1}번 배는 최소 {minimum(size)}개에 못 미칩니다")
    elif kind == "chisel":
        check_ship(s, action[1], action[2])
        if s.sled[seat] < 2 or len(empty_slots(s)) < 2:
            S.use_fact(s, "decisions.chisel_needs_two")
            refuse(rule, "Chisel needs 2 stones on your sled and 2 empty spaces on ships",
                   "끌: 개인창고에 석재 2개와 배의 빈칸 2개가 필요합니다")
    s.cards[seat][card] -= 1
    if not s.cards[seat][card]:
        del s.cards[seat][card]
    s.discard.append(card)
    events.append({"event": "card_played", "seat": seat, "card": card, "rule": R_BLUE_DISCARD})
    if kind == "lever":
        s.pending = ("lever_order", seat, action[1], action[2])
    elif kind == "hammer":
        S.use_fact(s, "decisions.hammer_needs_a_placement")
        S.gain_stones(s, events, seat, D.QUARRY_TAKE, rule)
        place_stone(s, events, seat, action[1], action[2], rule)
    elif kind == "sail_card":
        place_stone(s, events, seat, action[1], action[2], rule)
        s.pending = ("sail_site", seat, action[1])
    elif kind == "chisel":
        place_stone(s, events, seat, action[1], action[2], rule)
        s.pending = ("chisel_second", seat)


def answer(s: State, action: tuple, events: list) -> None:
    p = s.pending
    kind, seat = p[0], p[1]
    if action[0] != ANSWERS[kind]:
        refuse(DECISION_RULE[kind], f"a {kind.replace('_', ' ')} decision is due, not {action[0]!r}",
               f"지금은 다른 결정을 해야 합니다 ({kind})")
    s.pending = None
    if kind == "take_card":
        slot = action[1]
        if s.hidden and slot == len(s.market):
            if len(s.hidden) == 1:
                take(s, events, seat, s.hidden.pop(), R_MARKET_B)
            else:
                s.pending = ("keep_card", seat, s.hidden[0], s.hidden[1])
                s.hidden = []
            return
        if not isinstance(slot, int) or not 0 <= slot < len(s.market) or s.market[slot] is None:
            refuse(R_MARKET_TAKE, f"market space {slot!r} holds no card", f"시장 {slot!r}번 칸에는 카드가 없습니다")
        card = s.market[slot]
        s.market[slot] = None
        take(s, events, seat, card, R_MARKET_TAKE)
    elif kind == "keep_card":
        if action[1] not in (0, 1):
            refuse(R_MARKET_B, "keep card 0 or 1", "0번 또는 1번 카드를 고르세요")
        kept, other = (p[2], p[3]) if action[1] == 0 else (p[3], p[2])
        s.discard.append(other)
        events.append({"event": "card_discarded", "seat": seat, "card": other, "rule": R_MARKET_B})
        take(s, events, seat, kept, R_MARKET_B)
    elif kind == "choose_pyramid":
        k = action[1]
        if k not in S.open_pyramids(s):
            refuse(R_PYR_B_CHOOSE, f"pyramid {k!r} has no free space", f"{k!r}번 피라미드에는 빈칸이 없습니다")
        bonus = S.place_pyramid_b(s, events, seat, k)
        if bonus:
            s.tasks.insert(0, ("bonus", seat, bonus))
    elif kind in ("bonus_load", "chisel_second"):
        place_stone(s, events, seat, action[1], action[2], DECISION_RULE[kind])
    elif kind == "temple_choice":
        if action[1] == "point":
            S.gain(s, events, seat, D.TEMPLE_B_CHOICE_POINTS, R_TEMPLE_B_REWARDS, "temple", reward="point")
        elif action[1] == "stones":
            S.gain_stones(s, events, seat, D.TEMPLE_B_CHOICE_STONES, R_TEMPLE_B_REWARDS)
        else:
            refuse(R_TEMPLE_B_REWARDS, "choose point or stones", "1점 또는 석재 2개 중 하나를 고르세요")
    elif kind == "lever_order":
        ship, site = p[2], p[3]
        cargo = sorted(j for j, x in enumerate(s.ships[ship][1]) if x is not None)
        if sorted(action[1]) != cargo:
            spaces = words.order_words(cargo)
            refuse("imhotep/lever", f"the order must list the ship's loaded spaces {spaces} once each",
                   f"내리는 순서에는 실린 칸 {josa(spaces, '을/를')} 한 번씩 적어야 합니다")
        sail(s, events, seat, ship, site, action[1], "imhotep/lever")
    elif kind == "sail_site":
        site = action[1]
        if site not in free_sites(s):
            refuse(R_SAIL_HARBOR, f"the {site!r} harbor is not free", f"{site!r} 항구는 비어 있지 않습니다")
        sail(s, events, seat, p[2], site, None, "imhotep/sail")


def take(s: State, events: list, seat: int, card: str, rule: str) -> None:
    events.append({"event": "card_taken", "seat": seat, "card": card, "rule": rule})
    if D.CARD_COLOR[card] == "red":
        s.tasks.insert(0, ("red", seat, card))
    else:
        s.cards[seat][card] = s.cards[seat].get(card, 0) + 1


# -- the work queue between decisions -----------------------------------------------------------------------
def run(s: State, events: list) -> None:
    while True:
        if s.pending or s.phase == "over":
            return
        if s.tasks:
            task = s.tasks.pop(0)
            do_task(s, task, events)
            continue
        if s.phase == "resolving":
            end_turn(s, events)
            continue
        return


def place(s: State, events: list, site: str, seat: int) -> None:
    """One stone of `seat` arrives at a building site (from a ship or, with a red card, the quarry)."""
    if site == "pyramid":
        if s.sides["pyramid"] == "A":
            S.place_pyramid_a(s, events, seat)
        else:
            open_ = S.open_pyramids(s)
            if len(open_) > 1:
                s.pending = ("choose_pyramid", seat)
            else:
                bonus = S.place_pyramid_b(s, events, seat, open_[0] if open_ else None)
                if bonus:
                    s.tasks.insert(0, ("bonus", seat, bonus))
    elif site == "temple":
        S.place_temple(s, events, seat)
    elif site == "burial":
        S.place_burial(s, events, seat)
    else:
        S.place_obelisk(s, events, seat)


def do_task(s: State, task: tuple, events: list) -> None:
    kind = task[0]
    if kind == "stone":
        site, seat = task[1], task[2]
        if site != "market":
            place(s, events, site, seat)
            return
        s.quarry[seat] += 1
        events.append({"event": "to_quarry", "seat": seat, "rule": R_MARKET_QUARRY})
        options = [i for i, c in enumerate(s.market) if c] + ([len(s.market)] if s.hidden else [])
        if not options:
            S.use_fact(s, "decisions.market_short_of_cards")
            events.append({"event": "no_card", "seat": seat, "rule": R_MARKET_TAKE})
            return
        S.use_fact(s, "decisions.market_card_must_be_taken")
        if len(options) == 1 and options[0] < len(s.market):
            card = s.market[options[0]]
            s.market[options[0]] = None
            take(s, events, seat, card, R_MARKET_TAKE)
        else:
            s.pending = ("take_card", seat)
    elif kind == "red":
        seat, card = task[1], task[2]
        s.discard.append(card)
        if s.quarry[seat] <= 0:
            S.use_fact(s, "decisions.red_card_empty_quarry")
            events.append({"event": "red_card_void", "seat": seat, "card": card, "rule": R_RED})
            return
        s.quarry[seat] -= 1
        S.use_fact(s, "cards.red_sites")
        site = D.RED_SITE[card]
        events.append({"event": "red_card", "seat": seat, "card": card, "site": site, "rule": R_RED})
        place(s, events, site, seat)
    elif kind == "bonus":
        seat, bonus = task[1], task[2]
        if bonus == "card":
            card = S.draw(s, events)
            if card:
                take(s, events, seat, card, R_BONUS["card"])
        elif bonus == "stones":
            S.gain_stones(s, events, seat, 3, R_BONUS["stones"])
        elif not (s.sled[seat] > 0 and empty_slots(s)):
            if any(ship[2] is None for ship in s.ships):      # a ship to load, but no stone or no space
                S.use_fact(s, "decisions.pyramid_b_load_without_stone")
        else:
            if len(empty_slots(s)) == 1:
                i, j = empty_slots(s)[0]
                place_stone(s, events, seat, i, j, R_BONUS["load"])
            else:
                s.pending = ("bonus_load", seat)
    elif kind == "temple_a":
        S.score_temple_a(s, events)
    elif kind == "temple_b":
        space = task[1]
        seat = S.temple_tops(s)[space]
        if seat is None:
            return
        reward = D.TEMPLE_B_REWARDS[space]
        S.use_fact(s, "temple_b.rewards")
        if reward == "choice":
            s.pending = ("temple_choice", seat)
        elif reward == "points2":
            S.gain(s, events, seat, D.TEMPLE_B_TWO_POINTS, R_TEMPLE_B_REWARDS, "temple", space=space + 1)
        else:
            card = S.draw(s, events)
            if card:
                take(s, events, seat, card, R_TEMPLE_B_REWARDS)
    elif kind == "round_over":
        next_round(s, events)
    else:
        raise AssertionError(f"unknown task {task!r}")


def end_turn(s: State, events: list) -> None:
    stuck = s.passes >= s.players
    if stuck or all(ship[2] is not None for ship in s.ships):
        if stuck:
            S.use_fact(s, "decisions.stuck_round_ends")
            s.last_mover = s.current
            for ship in s.ships:
                for owner in ship[1]:
                    if owner is not None:
                        s.quarry[owner] += 1
                ship[1] = [None] * ship[0]
        events.append({"event": "round_end", "round": s.round, "stuck": stuck, "rule": R_ROUND_END})
        s.phase = "round_end"
        if s.sides["temple"] == "A":
            s.tasks.append(("temple_a",))
        else:
            s.tasks.extend(("temple_b", i) for i in range(D.TEMPLE_SPACES[s.players]))
        s.tasks.append(("round_over",))
        return
    s.current = (s.current + 1) % s.players
    s.phase = "turn"


def next_round(s: State, events: list) -> None:
    leftovers = [c for c in s.market if c] + s.hidden
    s.discard.extend(leftovers)
    s.market, s.hidden = [], []
    if leftovers:
        events.append({"event": "market_discarded", "cards": leftovers, "rule": R_DISCARD_MARKET})
    if s.round >= D.ROUNDS:
        events.append({"event": "game_end", "round": s.round, "rule": R_GAME_END})
        S.final_scoring(s, events)
        win = S.winners(s)
        if len(win) > 1:
            S.use_fact(s, "decisions.shared_victory")
        s.phase = "over"
        events.append({"event": "game_over", "winner": win[0] if len(win) == 1 else None, "winners": win,
                       "scores": list(s.score), "rule": R_WINNER})
        return
    s.start = (s.last_mover + 1) % s.players if s.last_mover is not None else (s.start + 1) % s.players
    events.append({"event": "start_player", "seat": s.start, "rule": R_NEW_START})
    start_round(s, events)
