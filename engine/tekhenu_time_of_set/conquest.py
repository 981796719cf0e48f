"""What Conquest tiles give (tekhenu-time-of-set/gameplay/ra/..., .../hathor/..., appendix A05-A09): a Pillar
tile raised on one gives its reward instead of the space's printed one (Ra step 3); a Building placed by
Hathor in line with tiles still showing gives 1 of each different Resource they show and the top card of
each deck a tile shows (tiles showing an action give nothing)."""
from __future__ import annotations

from ..tekhenu import market
from ..tekhenu.board import RESOURCES
from . import board, ext, owed
from .facts import F, group

RA_RULE = "tekhenu-time-of-set/gameplay/ra/pillar-on-conquest-tile"
HATHOR_RULE = "tekhenu-time-of-set/gameplay/hathor/conquest-tile-rewards"


def info(state, tile: str) -> dict:
    """A tile's printed effect (A05-A09 from the appendix; the seven unlisted tiles are assumed)."""
    listed = group("seth_conquest.tiles")
    if tile in listed:
        return listed[tile]
    state.note_assumed("seth_conquest.unlisted")
    return F("seth_conquest.unlisted")[tile]


def rule_of(tile: str) -> str:
    return f"tekhenu-time-of-set/{tile}" if tile in group("seth_conquest.tiles") else RA_RULE


def all_tiles() -> list[str]:
    return sorted(list(group("seth_conquest.tiles")) + list(F("seth_conquest.unlisted")))


def ra_reward(state, p, key: str, events: list) -> None:
    """Ra step 3 on a Conquest tile: the tile's reward (a choice or a God Action is owed at once)."""
    tile = board.claim_tile(state, key)
    spec = info(state, tile)
    rule = rule_of(tile)
    events.append({"event": "conquest_reward", "seat": p.seat, "tile": tile, "cell": key, "kind": spec["kind"],
                   "rule": RA_RULE})
    if spec["kind"] == "resources":
        ext.gain(state, p, spec["gain"], events, rule)
    elif spec["kind"] == "choose_same":
        options = [{"id": r, "gain": {r: spec["amount"]}} for r in RESOURCES]
        owed.choice(state, p.seat, tile, rule, "resource", options, events)
    elif spec["kind"] == "draw_keep":
        drawn = owed.draw(state, spec["deck"], spec["draw"])
        options = [{"id": card, "keep": card} for card in drawn]
        owed.choice(state, p.seat, tile, rule, "keep", options, events, drawn=drawn, deck=spec["deck"],
                    rest="shuffle")
    elif spec["kind"] == "action":
        owed.action(state, p.seat, tile, rule, spec["god"], [spec["value"]])


def hathor_rewards(state, p, axis: str, line: int, events: list) -> None:
    """Hathor in line with Conquest tiles: 1 of each different Resource shown, 1 card per card tile."""
    tiles = board.tiles_in_line(state, axis, line)
    if not tiles:
        return
    state.note_assumed("seth_conquest.hathor_visible_tiles")
    resources: list[str] = []
    choices = 0
    cards: list[str] = []
    for _, tile in tiles:
        hathor = info(state, tile)["hathor"]
        resources += [r for r in hathor.get("resources", ()) if r not in resources]
        choices += hathor.get("choose", 0)
        if hathor.get("card"):
            cards.append(hathor["card"])
    got = ext.gain(state, p, {r: 1 for r in resources}, events, HATHOR_RULE)
    drawn = []
    rng = state.random()
    for kind in cards:
        card = market.draw(state, kind, rng)
        if card:
            {"blessing": p.blessings, "technology": p.technologies, "decree": p.decrees}[kind].append(card)
            drawn.append(kind)
    state.store_random(rng)
    events.append({"event": "conquest_hathor", "seat": p.seat, "tiles": [t for _, t in tiles], "gain": got,
                   "cards": drawn, "rule": HATHOR_RULE})
    for _ in range(choices):        # A05: one Resource of the player's choice (an assumed reading)
        state.note_assumed("seth_conquest.a05_hathor")
        options = [{"id": r, "gain": {r: 1}} for r in RESOURCES]
        owed.choice(state, p.seat, "A05", HATHOR_RULE, "resource", options, events)
