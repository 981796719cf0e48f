"""Time of Seth's half of the shared scenario runner: the base game's (engine/tekhenu/scenarios.py, played
through this game's flow) with the expansion's setup keys, steps and paths.

    setup: everything the base game's scenarios take (players, seed, edition, horus, me, others, bot, board,
           state, dice, solo, draft...), and
        expansion: false          the base game's rules (with `vizier: true`, the Trial of the Vizier only):
                                  a scenario "against the base game" shows what the expansion changes
        vizier: true              the Trial of the Vizier (2 players)
        me / others / bot:        soldiers, priests, blood (Blood tokens), cult, artifacts
        seth: {dice: [3, 5],      the Seth board's dice (gray, these values; the others back to the bag)
               regions: {"2": [others.0, null]},   Buildings by region (first space, second space)
               people: [me, null],                 Statues for the people below columns 1 and 2
               honor: [others.0],                  Statues honouring Seth
               conquest: {"1,1": A09},             Conquest tiles on the Temple Complex
               stack: [A06, A05],                  the Conquest stack (the last one on top)
               artifacts: {A02: [Art03]},          Artifacts displayed by their Destiny card
               vizier: thoth,                      the Vizier's area
               bag_top: [gray, white],             the next dice drawn from the bag (colours, in order)
               offer: {starting: [...], cult: [...]}}   the draft's cards (with `choices: false`)
        dice: [{as, board: seth, value}]           a gray die on the Seth board, named
    actions: the game's actions as JSON, {"kind": "phase", "phase": "maat" | "scoring" | "final" |
             "final_scoring" | "refill"} (refill: Rotation step 3, Shaded sections and the Seth board),
             {"kind": "botankhamun", "tile": "god:seth" | "seth:soldiers_priests" | ...},
             {"kind": "new_game", "players": 2, "solo": true, "vizier": true, ...} (a new game with these
             options replaces the situation: refused options raise)
    paths: me.soldiers, me.priests, me.blood, me.cult, me.artifacts, me.seth_buildings, me.seth_statues,
           state.seth.side, state.seth.dice, state.seth.regions.<n>, state.seth.people, state.seth.honor, state.conquest.placed,
           state.conquest.stack, state.conquest.claimed, state.owed.len, state.vizier, state.setup.dealt.<seat>,
           state.artifacts, state.artifacts_displayed, state.dice_count.<colour> (bag and wheel),
           state.card_total.<blessing|technology|decree> (anywhere in the game), state.bot_tiles.<god|resource|
           seth> (Botankhamun's pyramid), and the base game's
"""
from __future__ import annotations

from ..api import ScenarioError, Situation
from ..tekhenu import scenarios as base
from ..tekhenu import solo as base_solo
from ..tekhenu import wheel
from ..tekhenu.actions import ChooseStarting
from ..tekhenu.rules import play_botankhamun, run_final, run_final_scoring, run_maat, run_scoring
from ..tekhenu.state import Die
from ..tekhenu.cards import ANKH
from . import board, cards, choices, ext, rules
from .actions import DraftPick, action_from_json

PLAYER_KEYS = ("soldiers", "priests", "blood", "cult", "artifacts")
OPTION_KEYS = ("expansion", "vizier", "solo_draw", "artifacts", "extra_buildings")


def _refill(state, events: list) -> None:
    """Rotation step 3 on a prepared situation: the Shaded sections' dice, and the Seth board's refill."""
    rng = state.random()
    wheel.add_shaded_dice(state, rng)
    state.store_random(rng)


def _maat(state, events: list) -> None:
    """The Maat phase; in a solo game Botankhamun then takes its Destiny card, as it would in play."""
    run_maat(state, events)
    if state.solo is not None:
        play_botankhamun(state, events)


PHASES = {"maat": _maat, "scoring": run_scoring, "final": run_final, "final_scoring": run_final_scoring,
          "refill": _refill, "botankhamun": base.PHASES["botankhamun"]}


def _draft_pick(state, card: str):
    stage = (state.pending or {}).get("stage")
    if stage == "draft":                       # the base game's draft (the expansion switched off)
        if card not in state.pending["offer"]:
            raise ScenarioError(f"setup.draft: {card} is not offered (offer: {', '.join(state.pending['offer'])})")
        return ChooseStarting(card)
    if stage != "seth_draft":
        return None
    if DraftPick(card) not in choices.draft_actions(state):
        raise ScenarioError(f"setup.draft: {card} cannot be picked now (offer: "
                            f"{', '.join(state.pending['offer'] + state.pending['cult'])})")
    return DraftPick(card)


def flow(setup: dict) -> base.Flow:
    options = {k: setup[k] for k in OPTION_KEYS if k in setup}

    def new_game(players, seed, edition, horus):
        return rules.new_game(players, seed, edition, horus, **options)

    def solo_new_game(seed, difficulty, edition, horus):
        return rules.new_game(2, seed, edition, horus, solo=True, difficulty=difficulty, **options)

    return base.Flow(new_game=new_game, solo_new_game=solo_new_game, apply=rules.apply,
                     legal_actions=rules.legal_actions, action_from_json=action_from_json, draft_pick=_draft_pick,
                     phases=PHASES)


def situation(spec: dict) -> Situation:
    setup = dict(spec.get("setup") or {})
    players_extra = {}
    for role in ("me", "bot"):
        players_extra[role] = _split(setup, role)
    others = setup.get("others")
    if isinstance(others, dict):
        others = [others] * (setup.get("players", 2) - 1)
    others_extra = []
    if others:
        stripped = []
        for entry in others:
            own = {k: v for k, v in entry.items() if k not in PLAYER_KEYS}
            others_extra.append({k: v for k, v in entry.items() if k in PLAYER_KEYS})
            stripped.append(own)
        setup["others"] = stripped
    seth = setup.pop("seth", None) or {}
    seth_dice = [d for d in setup.get("dice") or [] if d.get("board") == "seth"]
    setup["dice"] = [d for d in setup.get("dice") or [] if d.get("board") != "seth"]
    sit = base.situation(dict(spec, setup=setup), flow(setup))
    state = sit.state
    if state.ext is not None and ext.seth_on(state) and "seth" not in state.god_statues:
        state.god_statues["seth"] = []
    roles = sit.roles
    for role, extra in [(r, players_extra[r]) for r in ("me", "bot")] + \
            [(f"others.{i}", e) for i, e in enumerate(others_extra)]:
        if extra:
            if role not in roles:
                raise ScenarioError(f"setup.{role}: this scenario has no such player")
            _override(state, roles[role], extra)
    if seth:
        _board(state, roles, seth)
    placed = {d.id for dice in [p.pure + p.tainted + p.below for p in state.player] for d in dice}
    for spec_die in seth_dice:
        sit.names[spec_die["as"]] = _seth_die(state, spec_die["value"], placed)
    return sit


def _split(setup: dict, role: str) -> dict:
    entry = setup.get(role)
    if not entry:
        return {}
    setup[role] = {k: v for k, v in entry.items() if k not in PLAYER_KEYS}
    return {k: v for k, v in entry.items() if k in PLAYER_KEYS}


def _override(state, seat: int, extra: dict) -> None:
    record = state.ext["players"][seat]
    for key, value in extra.items():
        if key == "blood":
            state.player[seat].permanent_taint = value
        else:
            record[key] = list(value) if isinstance(value, list) else value


def _seat(roles: dict, who):
    if who is None or isinstance(who, int):
        return who
    if who not in roles:
        raise ScenarioError(f"{who!r}: this scenario has roles {', '.join(roles)}")
    return roles[who]


def _board(state, roles: dict, seth: dict) -> None:
    if not ext.seth_on(state) and set(seth) - {"vizier"}:
        raise ScenarioError("setup.seth needs the expansion (expansion: true), except its vizier")
    if ext.seth_on(state):
        for part in ext.ON_CHANGE:          # this state's own, before the changes below
            ext.own(state, part)
    if "dice" in seth:
        for item in state.ext["board"]["dice"]:
            state.bag.append(Die(item["id"], item["color"], item["value"]))
        state.ext["board"]["dice"] = []
        for value in seth["dice"]:
            _seth_die(state, value, set())
    for region, seats in (seth.get("regions") or {}).items():
        state.ext["board"]["regions"][str(region)] = [_seat(roles, s) for s in seats]
    if "people" in seth:
        state.ext["board"]["people"] = [_seat(roles, s) for s in seth["people"]]
    if "honor" in seth:
        state.god_statues["seth"] = [_seat(roles, s) for s in seth["honor"]]
    if "conquest" in seth:
        state.ext["conquest"]["placed"] = dict(seth["conquest"])
    if "stack" in seth:
        state.ext["conquest"]["stack"] = list(seth["stack"])
    if "artifacts" in seth:
        for destiny, shown in seth["artifacts"].items():
            for card in shown:
                try:
                    ankh = cards.artifact(card)["ankh"]
                except KeyError:
                    raise ScenarioError(f"setup.seth.artifacts: {card} is not an Artifact card (Art01-Art08)") from None
                # "운명 카드의 앙크 가치와 유물 카드의 앙크 가치를 맞춰서 펼쳐 놓습니다": an Artifact shown by another
                # Destiny card is a table that cannot be laid out
                if ANKH.get(destiny) != ankh:
                    raise ScenarioError(f"setup.seth.artifacts: {card} (Ankh value {ankh}) is laid out by the Destiny "
                                        f"card of the same Ankh value, not by {destiny} "
                                        "(tekhenu-time-of-set/setup/step-11-artifacts)")
        state.ext["artifacts"] = {d: list(seth["artifacts"].get(d, [])) for d in ("A01", "A02", "A03", "A04")}
    if "vizier" in seth:
        state.ext["vizier"]["area"] = seth["vizier"]
    if "bag_top" in seth:           # the next dice drawn from the bag, in order (their colours)
        chosen = []
        for color in seth["bag_top"]:
            die = next((d for d in state.bag if d.color == color and d not in chosen), None)
            if die is None:
                raise ScenarioError(f"setup.seth.bag_top: no {color} die left in the bag")
            chosen.append(die)
        state.bag = [d for d in state.bag if d not in chosen] + chosen[::-1]
    if "offer" in seth:             # the Starting and Cult cards on display for the draft
        if (state.pending or {}).get("stage") != "seth_draft":
            raise ScenarioError("setup.seth.offer needs `choices: false` (the draft not yet played)")
        state.pending["offer"] = list(seth["offer"].get("starting", state.pending["offer"]))
        state.pending["cult"] = list(seth["offer"].get("cult", state.pending["cult"]))


def _seth_die(state, value: int, placed: set) -> int:
    """A gray die onto the Seth board with that value: from the bag, else from the wheel."""
    holder = next((h for h in [state.bag] + state.sections if any(d.color == "gray" and d.id not in placed for d in h)),
                  None)
    if holder is None:
        raise ScenarioError("no gray die is free for the Seth board")
    die = next(d for d in holder if d.color == "gray" and d.id not in placed)
    holder.remove(die)
    placed.add(die.id)
    ext.own(state, "board")["dice"].append({"id": die.id, "color": die.color, "value": value})
    return die.id


NEW_GAME_KEYS = ("players", "seed", "edition", "horus", "solo", "difficulty") + OPTION_KEYS


def play_step(sit: Situation, raw: dict) -> list[dict]:
    if raw.get("kind") == "new_game":
        # Starting a game is a step of its own so that a scenario can show a refused set of options
        # (the Vizier in a solo game); a game that starts replaces the situation's state.
        unknown = set(raw) - {"kind", *NEW_GAME_KEYS}
        if unknown:
            raise ScenarioError(f"new_game takes {', '.join(NEW_GAME_KEYS)}; not {', '.join(sorted(unknown))}")
        options = {k: v for k, v in raw.items() if k != "kind"}
        sit.state = rules.new_game(options.pop("players", 2), options.pop("seed", 1), **options)
        return []
    return base.play_step(sit, raw, flow({}))


def value(sit: Situation, path: str):
    state = sit.state
    head, *rest = path.split(".")
    if head in ("me", "bot", "other") or head == "others":
        role = head if head != "others" else f"others.{rest[0]}"
        tail = rest[1:] if head == "others" else rest
        if tail and tail[0] in ("soldiers", "priests", "cult", "artifacts", "blood", "seth_buildings",
                                "seth_statues", "reached"):
            seat = _seat(sit.roles, role)
            key = tail[0]
            if key == "blood":
                return state.player[seat].permanent_taint
            if key == "seth_buildings":
                return len(board.buildings_of(state, seat))
            if key == "seth_statues":
                return board.statues_of(state, seat)
            found = state.ext["players"][seat][key]
            return _walk(found, tail[1:])
    if head == "state" and rest and rest[0] in ("seth", "conquest", "owed", "vizier", "setup", "artifacts") \
            and state.ext is not None:
        if rest[0] == "seth":
            data = {"side": state.ext["board"]["side"], "dice": [d["value"] for d in state.ext["board"]["dice"]],
                    "regions": state.ext["board"]["regions"], "people": state.ext["board"]["people"],
                    "honor": state.god_statues.get("seth", [])}
            return _walk(data, rest[1:])
        return _walk(state.ext[rest[0]], rest[1:])
    if head == "state" and rest and rest[0] == "dice_count":     # dice of a colour in the bag and on the wheel
        return sum(1 for d in state.bag + [d for s in state.sections for d in s] if d.color == rest[1])
    if head == "state" and rest and rest[0] == "card_total":     # cards of a deck anywhere in the game
        kind = rest[1]
        held = sum(len({"blessing": p.blessings, "technology": p.technologies, "decree": p.decrees}[kind])
                   for p in state.player)
        market = sum(1 for sec in state.market if sec for item in sec if item["kind"] == kind and item["card"])
        dealt_now = ((state.ext or {}).get("setup") or {}).get("dealt") or (state.pending or {}).get("dealt") or {}
        dealt = sum(1 for cards in dealt_now.values() for card in cards if card) if kind == "decree" else 0
        return len(state.decks[kind]) + len(state.discards[kind]) + held + market + dealt
    if head == "state" and rest and rest[0] == "bot_tiles":        # Botankhamun's pyramid by kind of tile
        return sum(1 for tile in state.solo["pyramid"] if tile.split(":")[0] == rest[1])
    if head == "state" and rest and rest[0] == "artifacts_displayed":
        return sum(len(cards) for cards in state.ext["artifacts"].values())
    return base.value(sit, path)


def _walk(node, parts: list[str]):
    for part in parts:
        if part == "len":
            node = len(node)
        elif isinstance(node, dict):
            node = node[part]
        elif isinstance(node, list):
            node = node[int(part)]
        else:
            raise ScenarioError(f"no {part!r} in {node!r}")
    return node


def view(state, seat: int) -> dict:
    """The base game's view with the expansion's numbers: Soldiers, Priests, Blood, the Seth board."""
    shown = base.view(state, seat)
    if state.ext is None:
        return shown
    record = state.ext["players"][seat]
    shown.update(soldiers=record["soldiers"], priests=record["priests"], blood=state.player[seat].permanent_taint)
    if ext.seth_on(state):
        def who(seat):      # a seat as players count it ("player1": Player 1), Botankhamun by name
            if seat is None:
                return None
            return "botankhamun" if state.solo is not None and seat == base_solo.SEAT else f"player{seat + 1}"

        shown["seth_board"] = {"dice": [d["value"] for d in state.ext["board"]["dice"]],
                               "regions": {r: [who(x) for x in s] for r, s in state.ext["board"]["regions"].items()},
                               "people": [who(x) for x in state.ext["board"]["people"]],
                               "honor": [who(x) for x in state.god_statues.get("seth", [])]}
        shown["conquest"] = dict(state.ext["conquest"]["placed"])
        if record["artifacts"]:
            shown["artifacts"] = list(record["artifacts"])
        if record["cult"]:
            shown["cult"] = record["cult"]
    if state.solo is not None and ext.seth_on(state):
        shown["botankhamun"]["seth_buildings"] = len(board.buildings_of(state, base_solo.SEAT))
    return shown
