"""The flow of a Time of Seth game: the base game's flow (engine/tekhenu/rules.py) with the expansion's own
decisions in front of it. A decision the rules owe someone (owed.py) comes first; then the expansion's setup
stages and Destiny choices (choices.py); then the base game's decisions, to which this module adds the Seth
board's dice, the Anubis colour, Artifacts and the new Blessings. Every move ends as the base game's do
(rules.after_move): a turn with nothing owed ends, Botankhamun plays, the events are logged.
"""
from __future__ import annotations

from ..errors import IllegalAction
from ..tekhenu import god_actions, play_cards, turn, variants
from ..tekhenu import rules as base
from ..tekhenu import solo as base_solo
from ..tekhenu.actions import TakeDie, UseBlessing
from ..tekhenu.setup import EDITIONS, HORUS_SETUPS
from . import cards, choices, decisions, ext, owed, seth_action, vizier
from .actions import ChooseArtifact, DraftPick, OwedChoice, UseArtifact, VizierDiscard, VizierMove, as_seth
from .facts import F
from .variant import VARIANT

DECLARE_RULE = "tekhenu-time-of-set/gameplay/anubis/declare-color"
GREEN_ANUBIS = "tekhenu-time-of-set/gameplay/anubis/no-green-dice"
WASTED_RULE = "tekhenu/actions/spending-resources/cannot-afford"
TURN_PHASES = ("take_die", "act")


def new_game(players: int, seed: int, edition: str = "en", horus: str = "shuffled", *, solo: bool = False,
             difficulty: str = "easy", vizier: bool = False, expansion: bool = True, solo_draw: str = "3+1",
             artifacts: int = 3, extra_buildings: bool = False):
    """A Time of Seth game at its first decision. `expansion` False plays the base game with only the Trial
    of the Vizier (`vizier`, 2 players); `solo` plays you against Botankhamun at `difficulty`."""
    if edition not in EDITIONS or horus not in HORUS_SETUPS:
        raise IllegalAction("tekhenu/setup/board-and-wheel", f"edition {edition!r} / Horus setup {horus!r} unknown",
                            f"판본 {edition!r} / 호루스 준비 {horus!r}을(를) 알 수 없습니다")
    if vizier and (solo or players != F("seth_vizier.players")):
        raise IllegalAction("tekhenu-time-of-set/vizier/rule-changes/not-in-solo-mode" if solo
                            else "tekhenu-time-of-set/vizier/advanced-two-player",
                            "the Trial of the Vizier is a 2-player variant, not for the solo mode",
                            "고관의 시련은 2인 변형 규칙이며 솔로 플레이 모드에는 쓰지 않습니다")
    if solo_draw not in F("seth_solo.starting_draw") or artifacts not in (2, 3, 4):
        raise IllegalAction("tekhenu-time-of-set/solo/setup/starting-and-cult-cards",
                            "solo_draw is 3+1, 2+2 or 3+2 and artifacts 2, 3 or 4",
                            "solo_draw는 3+1, 2+2, 3+2 중 하나, artifacts는 2, 3, 4 중 하나입니다")
    options = {"seth": expansion, "vizier": vizier, "solo_draw": solo_draw, "artifacts": artifacts,
               "extra_buildings": extra_buildings}
    if solo:
        return base_solo.new_game(seed, difficulty, edition, horus=horus, variant=VARIANT.name, options=options)
    return base.new_game(players, seed, edition, horus, variant=VARIANT.name, options=options)


# -- legal actions ---------------------------------------------------------------------------------------------
def legal_actions(state) -> list:
    if state.phase == "game_over":
        return []
    if owed.due(state):
        return _keeping_die(state, owed.legal_actions(state))
    stage = choices.stage(state)
    if stage == "seth_draft":
        return choices.draft_actions(state)
    if stage == "seth_rewards":
        return choices.reward_actions(state)
    if stage == "seth_decree":
        return choices.decree_actions(state)
    if stage == "destiny" and (ext.seth_on(state) or vizier.on(state)):
        return choices.destiny_actions(state)
    if state.phase == "take_die" and play_cards.owed_happiness21(state) is None:
        return take_die_actions(state) + play_cards.blessing_actions(state) + _own_cards(state)
    out = base.legal_actions(state)
    if state.phase == "act" and play_cards.owed_happiness21(state) is None:
        out += _own_cards(state)
    return out


def take_die_actions(state) -> list:
    """The base game's dice (with the Anubis colour a die may be declared as, no green die for Anubis) and
    the Seth board's dice the Seth God Action could use."""
    seth = ext.seth_on(state)
    playable = turn.take_die_candidates(state, memo={})
    board_dice = [as_seth(TakeDie(die, adjust), board="seth") for die, adjust in seth_action.take_candidates(state)] \
        if seth else []
    if not playable and not board_dice:
        playable = [a for a in turn.take_die_candidates(state) if a.adjust == 0]
    if not seth:
        return playable
    green = None
    out = []
    for action in playable:
        if action.anubis:
            if green is None:
                green = {d.id for section in state.sections for d in section if d.color == "green"}
            if action.die in green:
                continue
            out += (action, as_seth(action, "red"), as_seth(action, "blue"))
        else:
            out.append(action)
    return out + board_dice


def _own_cards(state) -> list:
    """Artifacts and the BX Blessings, any time in your own turn (but not to leave the die taken without an
    action: _keeping_die)."""
    p = state.current
    if not ext.seth_on(state) or ext.is_bot(state, p.seat) or variants.blocked(state):
        return []
    own = [UseArtifact(card) for card in cards.usable_artifacts(state, p)] + cards.blessing_options(state, p)
    return _keeping_die(state, own) if own else own


# -- the die taken keeps an action ------------------------------------------------------------------------------
# "If you cannot pay for an action, you must choose to perform a different action, potentially choosing a
# different die altogether" (the base game's boundary at the take, turn.unplayable_take). An Artifact, a BX
# Blessing or the action they owe, played between the take and the die's own action, may not spend what that
# action needs (Art07's Seth action the Soldiers of the Seth-board die's): the die would be wasted, the state the
# take itself is refused for.
# What a move may take from the die's God Actions (their cost, their space): a Seth action its Soldiers, a region and a
# Temple space (its Conquest tile); an Osiris action a Building, a district and Happiness (Thoth's sections); any
# other God Action Resources (Gold pays for any cost) and its spaces: every action that costs or places something.
# Producing costs nothing and takes no space: a die that can produce is never left without an action.
SETH_TAKES = frozenset({"seth", "ra", "hathor"})
OSIRIS_TAKES = frozenset({"osiris", "hathor", "thoth"})
EVERY_TAKES = frozenset({"horus", "ra", "hathor", "bastet", "thoth", "osiris", "seth", "shift"})


def _die_waits(state) -> bool:
    """The turn's die is taken and its own action still to come."""
    pending = state.pending
    return (state.phase == "act" and isinstance(pending, dict) and pending.get("die") is not None
            and not state.turn_effects.get("normal_done"))


def _die_can_act(state, depth: int = 3) -> bool:
    """Whether the turn's die still has an action, after this state's owed decisions taken some way."""
    if not _die_waits(state):
        return True
    if owed.due(state):
        if depth == 0:
            return True
        for move in owed.iter_legal_actions(state):
            try:
                new, _ = _own_move(state, move, owed.apply)
            except IllegalAction:
                continue
            if _die_can_act(new, depth - 1):
                return True
        return False
    return bool(god_actions.candidates(state, first=True))


def _takes_from(state, move) -> frozenset:
    """The God Actions of the die a move played while it waits may leave without their cost or their space
    (above): an Artifact's or an owed action by its god, a moved Building a region or a district, a Scribe paid
    only a die turned by a card (T14's "shift"), a Resource paid any action that costs one; gains take nothing."""
    if isinstance(move, UseArtifact):
        spec = cards.artifact(move.card)
        if spec["effect"] in ("action", "seth_action"):
            return EVERY_TAKES if spec["effect"] == "action" else SETH_TAKES
        return frozenset({"shift"}) if spec.get("pay") else frozenset()
    if isinstance(move, UseBlessing):
        effect = F(f"seth_cards.blessings.{move.card}")["effect"]
        return frozenset() if effect == "split" else SETH_TAKES | {"osiris"}
    if isinstance(move, OwedChoice):
        entry = owed.head(state)
        option = next((o for o in entry["options"] if o["id"] == move.option), {}) if entry else {}
        return EVERY_TAKES if option.get("pay") else frozenset()
    god = getattr(move, "action", None)
    return {"produce": frozenset(), "seth": SETH_TAKES, "osiris": OSIRIS_TAKES}.get(god, EVERY_TAKES)


def _wastes_die(state, new) -> bool:
    return _die_waits(state) and not _die_can_act(new) and _die_can_act(state)


def _wasted() -> IllegalAction:
    return IllegalAction(WASTED_RULE, "that would leave the die you took without an action it can pay for: "
                                      "perform its action first, or choose otherwise",
                         "그렇게 하면 가져온 주사위로 할 수 있는 행동이 남지 않습니다: 주사위의 행동을 먼저 하거나 "
                         "다른 선택을 하세요")


def _keeping_die(state, moves: list) -> list:
    """The moves after which the die taken still has an action (all of them when no die waits, or when it had
    none to begin with). A move that cannot take what one of the die's actions needs is kept without playing
    it out (_takes_from); the others are played on a copy and the die asked again."""
    if not _die_waits(state):
        return moves
    actions = god_actions.candidates(state)           # what the die could do were nothing played first
    if not actions and not (owed.due(state) and _die_can_act(state)):
        return moves
    kept = []
    for move in moves:
        takes = _takes_from(state, move)
        if any(a.action not in takes and not (a.shift and "shift" in takes) for a in actions):
            kept.append(move)
            continue
        try:
            new, _ = _apply(state, move, keep_die=False)
        except IllegalAction:
            continue
        if _die_can_act(new):
            kept.append(move)
    return kept


# -- apply -------------------------------------------------------------------------------------------------------
def apply(state, action):
    return _apply(state, action)


def _apply(state, action, keep_die: bool = True):
    """apply; `keep_die` False: without refusing a move that leaves the die taken without an action (for
    _keeping_die, which asks that itself once the die's chances are known)."""
    if state.phase == "game_over":
        return base.apply(state, action)         # refused there, with its rule
    if owed.due(state):
        return _die_kept(state, _own_move(state, action, owed.apply), keep_die)
    stage = choices.stage(state)
    if stage == "seth_draft":
        return _own_move(state, action, choices.draft_pick)
    if stage == "seth_rewards":
        return _own_move(state, action, choices.choose_reward)
    if stage == "seth_decree":
        return _own_move(state, action, choices.choose_decree)
    if stage == "destiny" and (ext.seth_on(state) or vizier.on(state)):
        return _own_move(state, action, _destiny)
    if isinstance(action, UseArtifact):
        return _die_kept(state, _own_move(state, action, _use_artifact), keep_die)
    if isinstance(action, UseBlessing) and action.card.startswith("BX"):
        return _die_kept(state, _own_move(state, action, _use_bx), keep_die)
    if isinstance(action, TakeDie) and getattr(action, "board", "wheel") == "seth":
        return _own_move(state, action, _take_seth_die)
    if isinstance(action, (ChooseArtifact, DraftPick, OwedChoice, VizierDiscard, VizierMove)):
        raise _not_now(state)
    if isinstance(action, TakeDie):
        _check_declaration(state, action)
    new, events = base.apply(state, action)
    if owed.head(new) is not None:               # the move left a decision owed (or finished a Pillar ability
        more: list = []                          # inside an owed action): go on from there
        owed.settle(new, more)
        _finish(new, more)
        events = events + more
    return new, events


def _die_kept(state, moved: tuple, keep_die: bool = True):
    if keep_die and _wastes_die(state, moved[0]):
        raise _wasted()
    return moved


def _not_now(state) -> IllegalAction:
    """An expansion's decision taken when it is not due: refused with the rule of the decision that is."""
    due = decisions.pending_decision(state)
    return IllegalAction(due.rule or "tekhenu/round/take-die", f"not now: the decision due is to {due.en}", f"지금은 할 수 없습니다: 지금 할 일은 {due.ko}")


def _own_move(state, action, handler):
    new = state.copy()
    events: list = []
    handler(new, action, events)
    _finish(new, events)
    return new, events


def _finish(state, events: list) -> None:
    """After the expansion's own move: skip owed actions that cannot be done, then resume what waited."""
    if state.ext is not None:
        owed.skip_impossible(state, events)
        if variants.blocked(state):
            state.log.extend(events)
            return
        resume, state.ext["resume"] = state.ext["resume"], "turn"
        if resume == "bot":
            base.end_turn(state, events)         # Botankhamun's turn that waited for your choice
        elif state.phase == "final_action":
            base.next_d23(state, events)         # D23's actions go on (the one that owed this is done)
    base.after_move(state, events)


def _destiny(state, action, events: list) -> None:
    after = state.pending.get("after")
    choices.choose_destiny(state, action, events)
    base.after_destiny(state, after, events)


def _in_turn(state, rule: str) -> None:
    if state.phase not in TURN_PHASES or ext.is_bot(state, state.current.seat):
        raise IllegalAction(rule, "only during your own turn", "자신의 차례에만 할 수 있습니다")


def _use_artifact(state, action, events: list) -> None:
    _in_turn(state, cards.USE_RULE)
    cards.use_artifact(state, state.current, action.card, events)


def _use_bx(state, action, events: list) -> None:
    _in_turn(state, "tekhenu/actions/thoth/blessing-cards")
    p = state.current
    if action.card not in p.blessings:
        raise IllegalAction("tekhenu/actions/thoth/blessing-cards", f"you have no Blessing {action.card}",
                            f"축복 {action.card}이(가) 없습니다")
    cards.play_blessing(state, p, action, events)


def _take_seth_die(state, action, events: list) -> None:
    if state.phase != "take_die":
        raise IllegalAction("tekhenu/round/take-die", "a die was already taken this turn: perform its action",
                            "이번 차례에 이미 주사위를 가져왔습니다: 그 행동을 수행하세요")
    if not ext.seth_on(state):
        raise IllegalAction(seth_action.OVERVIEW, "there is no Seth board without the expansion",
                            "확장 없이는 세트 보드가 없습니다")
    seth_action.take(state, action, events)
    state.phase = "act"


def _check_declaration(state, action) -> None:
    """An Anubis Action declares the die's colour (red: Soldiers, blue: Priests); no green die with it."""
    declare = getattr(action, "declare", None)
    die = next((d for section in state.sections for d in section if d.id == action.die), None)
    if action.anubis and die is not None and die.color == "green" and ext.seth_on(state):
        raise IllegalAction(GREEN_ANUBIS, "a green die cannot be chosen with an Anubis Action",
                            "아누비스 행동으로 초록색 주사위를 선택할 수 없습니다")
    if declare is not None and (not action.anubis or declare not in F("seth_dice.anubis_declared_colours")
                                or not ext.seth_on(state)):
        raise IllegalAction(DECLARE_RULE, "only an Anubis Action declares its die red or blue",
                            "아누비스 행동에서만 주사위를 빨간색이나 파란색으로 선언합니다")

