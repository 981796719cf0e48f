"""An Imhotep game in progress: plain data with a lossless JSON form.

Seats are numbered in turn order (seat 0 starts); a stone is written as its owner's seat. The sites keep
their stones in placement order, which is all their rules need:
  pyramid  A: [[seats in fill order, the 15th stone on being the pile beside the completed pyramid]]
           B: [[left], [middle], [right], [beside the board]]
  temple   seats in placement order; stone k lies on space k mod spaces (level k // spaces + 1)
  burial   seats in placement order; stone k lies in column k // 3, row k mod 3 (column by column)
  obelisk  A: stones per seat; B: stones waiting in each seat's holding space, and `towers`
           ([points, seat] per 3-stone obelisk, in the order built)
Randomness (the round-card and market shuffles, the reshuffle of discards, mixed sides) comes from
`random.Random` seeded with (seed, draws): the counter lives in the state, so a seed replays exactly.

`tasks` is the work queue the rules run between decisions (the stones still to unload, the temple
spaces still to reward...); `pending` is the decision a player owes now (None: the current player
chooses an action for the turn).
"""
from __future__ import annotations

import random

class State:
    __slots__ = ("players", "seed", "draws", "sides", "wrath", "round", "phase", "round_cards", "ships",
                 "market", "hidden", "deck", "discard", "quarry", "sled", "score", "cards", "pyramid",
                 "temple", "burial", "obelisk", "towers", "current", "start", "last_mover", "passes",
                 "tasks", "pending", "facts", "turns")

    def clone(self) -> "State":
        s = State.__new__(State)
        s.players = self.players
        s.seed = self.seed
        s.draws = self.draws
        s.sides = self.sides                     # never changed after setup
        s.wrath = self.wrath
        s.round = self.round
        s.phase = self.phase
        s.round_cards = self.round_cards         # replaced, never changed in place
        s.ships = [[ship[0], ship[1][:], ship[2]] for ship in self.ships]
        s.market = self.market[:]
        s.hidden = self.hidden[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.quarry = self.quarry[:]
        s.sled = self.sled[:]
        s.score = self.score[:]
        s.cards = [dict(c) for c in self.cards]
        s.pyramid = [p[:] for p in self.pyramid]
        s.temple = self.temple[:]
        s.burial = self.burial[:]
        s.obelisk = self.obelisk[:]
        s.towers = [t[:] for t in self.towers]
        s.current = self.current
        s.start = self.start
        s.last_mover = self.last_mover
        s.passes = self.passes
        s.tasks = self.tasks[:]
        s.pending = self.pending
        s.facts = self.facts
        s.turns = self.turns
        return s

    # -- JSON ---------------------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "players": self.players, "seed": self.seed, "draws": self.draws, "sides": dict(self.sides),
            "wrath": self.wrath, "round": self.round, "phase": self.phase,
            "round_cards": [list(c) for c in self.round_cards],
            "ships": [{"size": s[0], "slots": list(s[1]), "site": s[2]} for s in self.ships],
            "market": list(self.market), "hidden": list(self.hidden), "deck": list(self.deck),
            "discard": list(self.discard), "quarry": list(self.quarry), "sled": list(self.sled),
            "score": list(self.score), "cards": [dict(sorted(c.items())) for c in self.cards],
            "pyramid": [list(p) for p in self.pyramid], "temple": list(self.temple), "burial": list(self.burial),
            "obelisk": list(self.obelisk), "towers": [list(t) for t in self.towers],
            "current": self.current, "start": self.start, "last_mover": self.last_mover, "passes": self.passes,
            "tasks": [list(t) for t in self.tasks], "pending": list(self.pending) if self.pending else None,
            "facts": list(self.facts), "turns": self.turns,
        }

    @classmethod
    def from_json(cls, data: dict) -> "State":
        s = cls.__new__(cls)
        s.players = data["players"]
        s.seed = data["seed"]
        s.draws = data["draws"]
        s.sides = dict(data["sides"])
        s.wrath = data["wrath"]
        s.round = data["round"]
        s.phase = data["phase"]
        s.round_cards = [tuple(c) for c in data["round_cards"]]
        s.ships = [[d["size"], list(d["slots"]), d["site"]] for d in data["ships"]]
        s.market = list(data["market"])
        s.hidden = list(data["hidden"])
        s.deck = list(data["deck"])
        s.discard = list(data["discard"])
        s.quarry = list(data["quarry"])
        s.sled = list(data["sled"])
        s.score = list(data["score"])
        s.cards = [{k: v for k, v in c.items() if v} for c in data["cards"]]
        s.pyramid = [list(p) for p in data["pyramid"]]
        s.temple = list(data["temple"])
        s.burial = list(data["burial"])
        s.obelisk = list(data["obelisk"])
        s.towers = [list(t) for t in data["towers"]]
        s.current = data["current"]
        s.start = data["start"]
        s.last_mover = data["last_mover"]
        s.passes = data["passes"]
        s.tasks = [_tuple(t) for t in data["tasks"]]
        s.pending = _tuple(data["pending"]) if data["pending"] else None
        s.facts = tuple(data["facts"])
        s.turns = data["turns"]
        return s


def _tuple(items):
    return tuple(tuple(x) if isinstance(x, list) else x for x in items)


# -- counts every rule and invariant reads ------------------------------------------------------------
def pyramid_stones(state: State) -> int:
    return sum(len(p) for p in state.pyramid)


def obelisk_stones(state: State) -> int:
    return sum(state.obelisk) + 3 * len(state.towers)


def site_stones(state: State, site: str) -> int:
    if site == "pyramid":
        return pyramid_stones(state)
    if site == "temple":
        return len(state.temple)
    if site == "burial":
        return len(state.burial)
    if site == "obelisk":
        return obelisk_stones(state)
    return 0


def stones_on_site(state: State, site: str, seat: int) -> int:
    """How many of a seat's stones lie on a site (the Wrath of the Pharaoh, the picture, the view)."""
    if site == "pyramid":
        return sum(p.count(seat) for p in state.pyramid)
    if site == "temple":
        return state.temple.count(seat)
    if site == "burial":
        return state.burial.count(seat)
    if site == "obelisk":
        return state.obelisk[seat] + 3 * sum(1 for t in state.towers if t[1] == seat)
    return 0


def in_transit(state: State, seat: int) -> int:
    """Stones between a ship and a site: unloading still queued, or awaiting their owner's choice."""
    n = sum(1 for t in state.tasks if t[0] == "stone" and t[2] == seat)
    if state.pending and state.pending[0] == "choose_pyramid" and state.pending[1] == seat:
        n += 1
    return n


def stone_total(state: State, seat: int) -> int:
    """Every stone of a seat's colour, wherever it is: 30 at all times (the score marker included)."""
    return (state.quarry[seat] + state.sled[seat] + sum(s[1].count(seat) for s in state.ships)
            + sum(stones_on_site(state, site, seat) for site in ("pyramid", "temple", "burial", "obelisk"))
            + in_transit(state, seat) + 1)


def rng(state: State):
    """The next random stream of this game (and count it), so replays draw the same numbers."""
    stream = random.Random(f"imhotep:{state.seed}:{state.draws}")
    state.draws += 1
    return stream
