"""Imhotep situations for the shared scenario runner (engine/scenarios.py): how a scenario's `setup` makes
a game in progress, how its steps are played, and which values its expectations can read.

    setup:
      players: 4                  2-4 (default 4); seats 0-3 are black, white, brown, gray, in turn order
      sides: A                    A | B | mixed | {pyramid: B, temple: A, ...} (unnamed sites: A)
      wrath: false                the Wrath of the Pharaoh variant
      seed: 1                     the game's seed (shuffles of whatever the setup leaves open)
      new_game: true              a game as `arbiter play` starts it (only players, sides, seed, wrath, me)
      round: 1                    the round in progress (1-6)
      me: white                   the role "me" (default black); every colour in play is a role too
      current: white              whose turn it is (default: me)
      start: black                this round's start player (default black)
      ships:                      this round's 4 ships, bow first; each a size (an empty ship), a list of
        - [white, brown, null]    colours / null per space, or {size: 4, stones: [...], site: temple}
        - 2                       for a ship already docked at a site (its stones already unloaded)
      market: [sail, statue, lever, null]   face-up market cards (Market B: 3 spaces)
      hidden: [statue, lever]     Market (B): the face-down pair
      deck: [statue, hammer]      the draw pile, top first (default: the cards the setup does not place,
                                  shuffled with the seed)
      white: {sled: 3, score: 5, quarry: 20, cards: {statue: 7, lever: 1}}
                                  a player's numbers; the quarry defaults to whatever keeps 30 stones of
                                  the colour (29 and the score marker, less those the setup places)
      pyramid: [white, brown]     Pyramids A: stones in fill order; B: [[left], [middle], [right]]
      temple: [gray, white]       stones in placement order (stone k on space k mod spaces)
      burial: [[white, white, black], [brown]]   columns left to right, each top to bottom
      obelisk: {white: 4}         A: heights; B: the stones waiting in each holding space
      towers: [[9, white]]        Obelisks (B): obelisks already built, [points, colour]

Steps are actions as JSON ({kind: place, ship: 0, slot: 1}; `who: white` checks whose decision it
is), with three shorthands: `lever` with `order`, `sail_card` with `site`, and `chisel` with `second:
[ship, slot]` play both halves of the card. Runner steps: {kind: round_end} (the round ends now: every
ship has docked), {kind: final_scoring}, {kind: red_card, who: white, card: entrance} (a player takes a
red card and uses it at once).

Paths: `<role>.score|sled|quarry|pyramid|temple|burial|obelisk|towers|cards.<card>`, `round`, `start`,
`current`, `winner`, `winners`, `decision`, `decider`, `legal` (the action kinds open now),
`pyramid.stones`, `pyramid.<0-2>` (Pyramids B: the colours on a small pyramid), `temple.stones`,
`temple.tops`, `burial.stones`, `burial.columns`, `obelisk.stones`, `towers`, `ships.<i>.stones|site|load`,
`market`, `market.count`, `hidden`, `hidden.count`, `ships.count`, `deck.count`, `round_cards.count`, `ships.sizes`, `discard`, `facts_used`. Seats read as numbers (for `equals_player`),
stones and cards as colour and card names.
"""
from __future__ import annotations

from .. import api
from ..api import ScenarioError
from . import data as D
from . import rules as R
from . import sites as S
from .actions import action_from_json
from .state import State, rng, stones_on_site

SETUP_KEYS = {"new_game", "players", "sides", "wrath", "seed", "round", "me", "current", "start", "ships", "market", "hidden",
              "deck", "discard", "pyramid", "temple", "burial", "obelisk", "towers", *D.COLORS}
PLAYER_KEYS = {"sled", "score", "quarry", "cards"}


def _seat(colors: dict, name, what: str):
    if name is None:
        return None
    if name not in colors:
        raise ScenarioError(f"{what}: {name!r} is not a colour in play ({', '.join(colors)})")
    return colors[name]


def situation(spec: dict) -> api.Situation:
    setup = dict(spec.get("setup") or {})
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise ScenarioError(f"{spec.get('id')}: unknown setup key(s) {sorted(unknown)}; known: {sorted(SETUP_KEYS)}")
    players = setup.get("players", 4)
    if not 2 <= players <= 4:
        raise ScenarioError(f"players must be 2-4 (got {players})")
    colors = {D.COLORS[seat]: seat for seat in range(players)}
    sides = setup.get("sides", "A")
    seed = setup.get("seed", 1)
    if setup.get("new_game"):
        if set(setup) - {"new_game", "players", "sides", "seed", "wrath", "me"}:
            raise ScenarioError("new_game takes only players, sides, seed, wrath and me")
        s = R.new_game(players, seed, sides if isinstance(sides, str) else "A", setup.get("wrath", False),
                       **(sides if isinstance(sides, dict) else {}))
        me = _seat(colors, setup.get("me", D.COLORS[0]), "me")
        roles = api.roles_of(list(range(players)), me)
        roles.update(colors)
        return api.Situation(state=s, roles=roles, viewer=me)
    try:
        if isinstance(sides, dict):
            chosen = R.resolve_sides(seed, "A", sides)
        else:
            chosen = R.resolve_sides(seed, sides)
    except ValueError as exc:
        raise ScenarioError(str(exc)) from None
    s = R.blank_state(players, seed, chosen, setup.get("wrath", False))
    s.round = setup.get("round", 1)
    if not 1 <= s.round <= D.ROUNDS:
        raise ScenarioError(f"round must be 1-{D.ROUNDS}")
    cards = list(D.ROUND_CARDS[players])
    rng(s).shuffle(cards)
    s.round_cards = cards[s.round:D.ROUNDS]
    ships = setup.get("ships") or list(cards[s.round - 1])
    if len(ships) != D.SHIPS_PER_ROUND:
        raise ScenarioError(f"a round has {D.SHIPS_PER_ROUND} ships (got {len(ships)})")
    s.ships = [_ship(colors, entry) for entry in ships]
    me = _seat(colors, setup.get("me", D.COLORS[0]), "me")
    s.current = _seat(colors, setup.get("current", D.COLORS[me]), "current")
    s.start = _seat(colors, setup.get("start", D.COLORS[0]), "start")
    # the sites
    if "pyramid" in setup:
        if chosen["pyramid"] == "A":
            s.pyramid = [[_seat(colors, c, "pyramid") for c in setup["pyramid"]]]
        else:
            given = [[_seat(colors, c, "pyramid") for c in p] for p in setup["pyramid"]]
            s.pyramid = (given + [[] for _ in range(D.PYRAMID_B_COUNT + 1)])[:D.PYRAMID_B_COUNT + 1]
    s.temple = [_seat(colors, c, "temple") for c in setup.get("temple", [])]
    burial = setup.get("burial", [])
    if burial and isinstance(burial[0], list):
        for column in burial[:-1]:
            if len(column) != D.BURIAL_ROWS:
                raise ScenarioError("every burial-chamber column but the last holds 3 stones")
        burial = [c for column in burial for c in column]
    s.burial = [_seat(colors, c, "burial") for c in burial]
    for name, n in (setup.get("obelisk") or {}).items():
        s.obelisk[_seat(colors, name, "obelisk")] = n
    s.towers = [[points, _seat(colors, c, "towers")] for points, c in setup.get("towers", [])]
    # the cards
    s.market = list(setup.get("market", []))
    face_up = D.MARKET_CARDS if chosen["market"] == "A" else D.MARKET_B_FACE_UP
    s.market = (s.market + [None] * face_up)[:face_up]
    s.hidden = list(setup.get("hidden", []))
    s.discard = list(setup.get("discard", []))
    for name in colors:
        numbers = setup.get(name) or {}
        bad = set(numbers) - PLAYER_KEYS
        if bad:
            raise ScenarioError(f"{name}: unknown key(s) {sorted(bad)}; known: {sorted(PLAYER_KEYS)}")
        seat = colors[name]
        s.sled[seat] = numbers.get("sled", D.STARTING_SLED[seat])
        s.score[seat] = numbers.get("score", 0)
        s.cards[seat] = {c: n for c, n in (numbers.get("cards") or {}).items() if n}
        for c in s.cards[seat]:
            if c not in D.CARD_COLOR:
                raise ScenarioError(f"{name}: unknown card {c!r}")
    for c in [*s.market, *s.hidden, *setup.get("deck", []), *s.discard]:
        if c is not None and c not in D.CARD_COLOR:
            raise ScenarioError(f"unknown card {c!r}")
    if "deck" in setup:
        s.deck = list(setup["deck"])
    else:
        left = dict(D.DECK)
        for c in [*s.market, *s.hidden, *s.discard] + [c for held in s.cards for c, n in held.items() for _ in range(n)]:
            if c:
                left[c] = max(0, left[c] - 1)
        s.deck = [c for c, n in left.items() for _ in range(n)]
        rng(s).shuffle(s.deck)
    for name, seat in colors.items():
        placed = (s.sled[seat] + sum(ship[1].count(seat) for ship in s.ships)
                  + sum(stones_on_site(s, site, seat) for site in D.BUILDING_SITES))
        default = D.STONES_PER_COLOR - D.SCORE_MARKER - placed
        s.quarry[seat] = (setup.get(name) or {}).get("quarry", default)
        if s.quarry[seat] < 0 or s.quarry[seat] > default:
            raise ScenarioError(f"{name}: the setup places {placed} stones; the quarry can hold 0-{max(default, 0)}")
    roles = api.roles_of(list(range(players)), me)
    roles.update(colors)
    return api.Situation(state=s, roles=roles, viewer=me)


def _ship(colors: dict, entry):
    if isinstance(entry, int):
        if entry not in D.MINIMUM_LOAD:
            raise ScenarioError(f"no ship of size {entry}")
        return [entry, [None] * entry, None]
    site = None
    if isinstance(entry, dict):
        site = entry.get("site")
        if site is not None and site not in D.SITES:
            raise ScenarioError(f"unknown site {site!r}")
        stones = entry.get("stones") or [None] * entry.get("size", 0)
        size = entry.get("size", len(stones))
    else:
        stones, size = entry, len(entry)
    if size not in D.MINIMUM_LOAD or len(stones) != size:
        raise ScenarioError(f"a ship has 1-4 spaces, one entry per space (got {entry!r})")
    return [size, [_seat(colors, c, "ship") for c in stones], site]


def _apply(situation: api.Situation, action: tuple) -> list[dict]:
    situation.state, events = R.apply(situation.state, action)
    return events


def play_step(situation: api.Situation, step: dict) -> list[dict]:
    s: State = situation.state
    step = dict(step)
    kind = step.get("kind")
    who = step.pop("who", None)
    if who is not None:
        seat = situation.roles.get(who)
        if seat is None:
            raise ScenarioError(f"unknown role {who!r}")
    else:
        seat = None
    if kind == "round_end":
        return _round_end(situation)
    if kind == "final_scoring":
        s = s.clone()
        events: list[dict] = []
        s.round, s.phase, s.tasks, s.pending = D.ROUNDS, "round_end", [("round_over",)], None
        R.run(s, events)
        situation.state = s
        return events
    if kind == "red_card":
        if seat is None or step.get("card") not in D.RED_SITE:
            raise ScenarioError("red_card needs who and a red card (entrance, sarcophagus, paved_path)")
        s = s.clone()
        events = []
        R.take(s, events, seat, step["card"], R.R_RED)
        s.phase = "resolving" if s.phase == "turn" else s.phase
        s.current = seat if s.phase == "resolving" else s.current
        R.run(s, events)
        situation.state = s
        return events
    if seat is not None and R.deciding_seat(s) != seat:
        raise ScenarioError(f"step {step!r}: it is {D.COLORS[R.deciding_seat(s)] if R.deciding_seat(s) is not None else 'nobody'}'s "
                            f"decision, not {who}'s")
    shorthand = {"lever": "order", "chisel": "second", "sail_card": "site"}.get(kind)
    extra = {shorthand: step.pop(shorthand)} if shorthand in step else {}
    action = action_from_json(step)
    events = _apply(situation, action)
    if kind == "lever" and "order" in extra:
        events += _apply(situation, ("order", tuple(extra["order"])))
    if kind == "sail_card" and "site" in extra:
        events += _apply(situation, ("site", extra["site"]))
    if kind == "chisel" and "second" in extra:
        events += _apply(situation, ("second", *extra["second"]))
    return events


def _round_end(situation: api.Situation) -> list[dict]:
    s = situation.state.clone()
    if any(ship[2] is None and any(x is not None for x in ship[1]) for ship in s.ships):
        raise ScenarioError("round_end: a ship that has not sailed still carries stones")
    for i, ship in enumerate(s.ships):
        if ship[2] is None:
            ship[2] = next(site for site in D.SITES if site not in {x[2] for x in s.ships})
    s.phase, s.pending = "resolving", None
    s.last_mover = s.last_mover if s.last_mover is not None else s.current
    events: list[dict] = []
    R.run(s, events)
    situation.state = s
    return events


def _colors(seats) -> list:
    return [D.COLORS[x] if x is not None else None for x in seats]


def value(situation: api.Situation, path: str):
    s: State = situation.state
    parts = path.split(".")
    head = parts[0]
    if head in situation.roles and len(parts) >= 2:
        seat = situation.roles[head]
        key = parts[1]
        if key in ("score", "sled", "quarry"):
            return getattr(s, key)[seat]
        if key == "cards":
            return s.cards[seat].get(parts[2], 0) if len(parts) > 2 else dict(s.cards[seat])
        if key in D.BUILDING_SITES:
            if key == "obelisk":
                return s.obelisk[seat]
            return stones_on_site(s, key, seat)
        if key == "towers":
            return [t[0] for t in s.towers if t[1] == seat]
        raise ScenarioError(f"unknown player value {key!r} in {path!r}")
    if path in ("round", "start", "current", "phase"):
        return getattr(s, path)
    if path == "winner":
        win = S.winners(s) if s.phase == "over" else []
        return win[0] if len(win) == 1 else None
    if path == "winners":
        return S.winners(s) if s.phase == "over" else []
    if path == "decision":
        return s.pending[0] if s.pending else ("over" if s.phase == "over" else "turn")
    if path == "decider":
        return R.deciding_seat(s)
    if path == "legal":
        return sorted({a[0] for a in R.legal_actions(s)})
    if head == "pyramid":
        if parts[1] == "stones":
            return sum(len(p) for p in s.pyramid)
        return _colors(s.pyramid[int(parts[1])])
    if path == "temple.stones":
        return len(s.temple)
    if path == "temple.tops":
        return _colors(S.temple_tops(s))
    if path == "burial.stones":
        return len(s.burial)
    if path == "burial.columns":
        rows = D.BURIAL_ROWS
        return [_colors(s.burial[i:i + rows]) for i in range(0, len(s.burial), rows)]
    if path == "obelisk.stones":
        return sum(s.obelisk) + 3 * len(s.towers)
    if path == "towers":
        return [[points, D.COLORS[seat]] for points, seat in s.towers]
    if head == "ships" and len(parts) == 3:
        ship = s.ships[int(parts[1])]
        if parts[2] == "stones":
            return _colors(ship[1])
        if parts[2] == "site":
            return ship[2]
        if parts[2] == "load":
            return R.load(ship)
    if path == "market":
        return list(s.market)
    if path == "market.count":
        return sum(1 for c in s.market if c)
    if path == "hidden":
        return list(s.hidden)
    if path == "hidden.count":
        return len(s.hidden)
    if path == "ships.count":
        return len(s.ships)
    if path == "deck.count":
        return len(s.deck)
    if path == "round_cards.count":
        return len(s.round_cards)
    if path == "ships.sizes":
        return [ship[0] for ship in s.ships]
    if path == "discard":
        return list(s.discard)
    if path == "facts_used":
        return list(s.facts)
    raise ScenarioError(f"unknown path {path!r}")


def view(situation: api.Situation) -> dict:
    s: State = situation.state
    out = {"round": s.round, "turn": D.COLORS[s.current] if s.phase != "over" else None,
           "decision": s.pending[0] if s.pending else ("over" if s.phase == "over" else "turn")}
    for seat in range(s.players):
        name = D.COLORS[seat]
        out[f"{name}.score"] = s.score[seat]
        out[f"{name}.sled"] = s.sled[seat]
        out[f"{name}.quarry"] = s.quarry[seat]
        if s.cards[seat]:
            out[f"{name}.cards"] = dict(sorted(s.cards[seat].items()))
    for i, ship in enumerate(s.ships):
        out[f"ship{i}"] = _colors(ship[1])            # its spaces, bow first
        if ship[2]:
            out[f"ship{i}.harbor"] = ship[2]
    out["market"] = [c for c in s.market]
    if s.hidden:
        out["hidden"] = len(s.hidden)
    out["pyramid"] = [_colors(p) for p in s.pyramid] if len(s.pyramid) > 1 else _colors(s.pyramid[0])
    out["temple.tops"] = _colors(S.temple_tops(s))
    out["burial"] = len(s.burial)
    out["obelisk"] = {D.COLORS[seat]: s.obelisk[seat] for seat in range(s.players) if s.obelisk[seat]}
    if s.towers:
        out["towers"] = [[p, D.COLORS[seat]] for p, seat in s.towers]
    return out
