"""Time of Seth at the base engine's extension points (engine/tekhenu/variants.py): each hook hands the base
game's question to the module whose rule answers it. Importing this module registers the variant, the red,
blue and green dice, and the Seth God Action's handler."""
from __future__ import annotations

from ..tekhenu import board as base_board
from ..tekhenu import god_actions, variants
from ..tekhenu import effects_cards as cards_fx
from ..tekhenu import solo as base_solo
from ..tekhenu.board import GODS
from . import board, cards, choices, conquest, ext, owed, rotation, seth_action, setup, statues, vizier
from . import solo as seth_solo
from .facts import F, own

RED_BLUE_RULE = "tekhenu-time-of-set/key-concepts/red-blue-dice/always-tainted"
GREEN_RULE = "tekhenu-time-of-set/key-concepts/green-dice/rules"
SCRIBES_RULE = "tekhenu-time-of-set/key-concepts/red-blue-dice/scribes-no-1-or-6"
NO_PRODUCTION = {
    "red": (RED_BLUE_RULE, "red and blue dice are always Tainted and cannot Produce Resources",
            "빨간색과 파란색 주사위는 항상 부패한 상태이며 자원 생산에 쓸 수 없습니다"),
    "blue": (RED_BLUE_RULE, "red and blue dice are always Tainted and cannot Produce Resources",
             "빨간색과 파란색 주사위는 항상 부패한 상태이며 자원 생산에 쓸 수 없습니다"),
    "green": (GREEN_RULE, "a green die cannot be used to Produce Resources", "초록색 주사위로는 자원을 생산할 수 없습니다"),
}


class SethVariant(variants.Variant):
    name = ext.NAME

    # -- setup -----------------------------------------------------------------------------------------------
    def new_ext(self, players, options):
        return setup.new_ext(players, options)

    def copy_ext(self, data):
        return ext.copy(data)

    def bag(self, players, options):
        return setup.bag(players, options)

    def before_wheel(self, state, rng):
        setup.before_wheel(state, rng)

    def extra_cards(self, players, options):
        return setup.extra_cards(players, options)

    def decrees_dealt(self, options):
        return setup.decrees_dealt(options)

    def after_setup(self, state, rng):
        setup.after_setup(state, rng)

    def solo_draft(self, state, rng):
        if not ext.seth_on(state):
            return False
        setup.solo_draft(state, rng)
        return True

    def solo_setup(self, state, rng):
        if ext.seth_on(state):
            setup.solo_setup(state, rng)

    def close_destiny(self, state, events):
        return choices.close_destiny(state, events)

    # -- the flow --------------------------------------------------------------------------------------------
    def blocked(self, state):
        return bool(state.ext["owed"])

    def fires(self, state, key):
        """The triggered-effects rule: each effect at most once per turn (Time of Seth rules only)."""
        if not ext.seth_on(state):
            return True
        fired = state.turn_effects.setdefault("fired", [])
        name = "|".join(map(str, key))
        if name in fired:
            return False
        fired.append(name)
        return True

    def notify(self, state, what, seat, events, **data):
        if ext.seth_on(state):
            cards.cult_event(state, what, seat, events, **data)

    # -- dice --------------------------------------------------------------------------------------------------
    def after_take(self, state, p, action, events):
        pending = state.pending
        if ext.seth_on(state):
            color = getattr(action, "declare", None) if pending["anubis"] else pending["color"]
            if color is None and pending["color"] in F("seth_dice.gain_on_take"):
                state.note_assumed("seth_dice.anubis_undeclared_red_blue")   # a red/blue die used as a base colour
            if color in NO_PRODUCTION:
                pending["no_production"] = list(NO_PRODUCTION[color])
            gain = F("seth_dice.gain_on_take").get(color)
            if gain:
                state.note_assumed("seth_dice.gain_after_scribes")
                rule = "tekhenu-time-of-set/gameplay/anubis/gain-soldiers-priests" if pending["anubis"] \
                    else "tekhenu-time-of-set/key-concepts/red-blue-dice/gain-soldiers-priests"
                if pending["anubis"]:
                    state.note_assumed("seth_dice.anubis_declared_colours")
                ext.gain_track(state, p.seat, gain, pending["value"], events, rule)
        vizier.die_taken(state, p, GODS[pending["section"]], events)

    def gained_on_take(self, state, color, value):
        # "When you choose a blue die you gain Priests equal to its value" (KO L332-336): they are yours before
        # its action, so a blue die with no Priest yet can pay a Statue honouring Seth's 2 Priests (L444-447)
        track = F("seth_dice.gain_on_take").get(color) if ext.seth_on(state) else None
        return {track: value} if track else None

    def add_shaded_dice(self, state, rng):
        if not ext.seth_on(state):
            return False
        rotation.add_shaded_dice(state, rng)
        return True

    # -- God Actions -----------------------------------------------------------------------------------------
    def extra_gods(self, state):
        return (board.SETH,) if ext.seth_on(state) else ()

    def god_refusal(self, state, p, pending, god):
        return seth_action.refusal(state, p, pending)

    def owns(self, state, p, god):
        return god == "thoth" and "TX05" in p.technologies and ext.seth_on(state)

    def handle(self, state, p, action, events):
        cards.tx05_take(state, p, action, events)

    def variants(self, state, p, pending, god):
        if god == board.SETH:
            return seth_action.targets(state, p, pending)
        return cards.tx05_picks(state, p, pending["value"])

    def target_refusal(self, state, p, pending, action):
        if action.action == board.SETH:
            return seth_action.target_refusal(state, p, pending, action)
        return cards.tx05_refusal(state, p, pending, action)

    def horus_targets(self, state):
        return statues.targets(state) if ext.seth_on(state) else []

    def horus_target_refusal(self, state, p, pending, action):
        return statues.target_refusal(state, p, pending, action)

    def build_statue(self, state, p, action, cost, events):
        return statues.build(state, p, action, cost, events)

    def statue_bonus(self, state, seat, god, events):
        """Statue bonuses with Time of Seth: the Seth Statue's (a Resource of your choice; Botankhamun 1 VP) and
        the gods' as the expansion's examples give them (data/seth_rules.yaml horus_bonus)."""
        if not ext.seth_on(state):
            return False
        if ext.is_bot(state, seat):
            if god == board.SETH:
                seth_solo.statue_bonus(state, god, events)
            else:
                base_solo.statue_bonus(state, god, events)
            return True
        if god == board.SETH:
            if state.solo is not None and state.current.seat == base_solo.SEAT and state.phase == "take_die":
                owed.mark_resume(state, "bot")          # Botankhamun's Seth action: its turn waits for you
            statues.honor_bonus(state, seat, events)
            return True
        path = f"seth_rules.horus_bonus.{god}"
        fact = F(path)
        if own().get(path).source != "rulebook":
            state.note_assumed(path)
        owner = state.player[seat]
        got = ext.gain(state, owner, fact, events, "tekhenu/actions/horus/statue-for-god/bonus-when-others-act")
        events.append({"event": "statue_bonus", "seat": seat, "god": god, "bonus": got,
                       "rule": "tekhenu/actions/horus/statue-for-god/bonus-when-others-act"})
        cards_fx.statue_bonus_received(state, owner, events)        # T07
        return True

    # -- the Temple Complex ------------------------------------------------------------------------------------
    def covered(self, state, key):
        return ext.seth_on(state) and key in state.ext["conquest"]["placed"] and key not in state.temple

    def space_reward(self, state, p, key, events):
        conquest.ra_reward(state, p, key, events)

    def after_hathor(self, state, p, axis, line, events):
        if ext.seth_on(state):
            conquest.hathor_rewards(state, p, axis, line, events)

    # -- Maat, Scoring, Decrees ----------------------------------------------------------------------------------
    def maat_player(self, state, p, balance, unused_faith, loss, events):
        if not ext.seth_on(state):
            return loss
        if p.permanent_taint:
            events.append({"event": "blood_taint", "seat": p.seat, "blood": p.permanent_taint,
                           "rule": "tekhenu-time-of-set/gameplay/maat/blood-tokens/permanent-taint"})
        return cards.maat(state, p, balance, unused_faith, loss, events)

    def score(self, state, p, events):
        if not ext.seth_on(state):
            return
        built = board.buildings_of(state, p.seat)
        if ext.is_bot(state, p.seat):
            seth_solo.note_scoring(state, p)
        if not built:
            return
        state.note_assumed("seth_board.building_vp")
        vp = sum(board.building_vp(state, space) for _, space in built)
        p.vp += vp
        events.append({"event": "score_seth", "seat": p.seat, "buildings": len(built), "vp": vp,
                       "rule": "tekhenu-time-of-set/gameplay/scoring/seth-board-buildings"})

    def decree_symbol(self, state, card):
        return cards.decree_symbol(state, card)

    def score_decree(self, state, p, card):
        return cards.score_decree(state, p, card)

    def extra_pieces(self, state, p):
        if not ext.seth_on(state):
            return {}
        state.note_assumed("seth_rules.seth_decree_pieces")
        return {"people_statues": state.ext["board"]["people"].count(p.seat)}

    # -- Botankhamun --------------------------------------------------------------------------------------------
    def bot_tile_die(self, state, tile, events):
        return seth_solo.tile_die(state, tile, events) if ext.seth_on(state) else None

    def bot_action(self, state, god):
        if not ext.seth_on(state):
            return None
        return {board.SETH: seth_solo.seth, "horus": seth_solo.horus}.get(god)

    def bot_fallback_die(self, state):
        return seth_solo.fallback_die(state) if ext.seth_on(state) else None

    def bot_ra_points(self, state, cell):
        return seth_solo.ra_points(state, cell) if ext.seth_on(state) else 0

    def bot_destiny(self, state, events):
        return ext.seth_on(state) and seth_solo.destiny(state, events)


VARIANT = SethVariant()
variants.register(VARIANT)
for _color, _purity in F("seth_dice.purity").items():      # each colour's own sentence forbids the 1 and 6
    base_board.register_die_color(_color, _purity, tuple(F("seth_dice.faces")),
                                  GREEN_RULE if _color == "green" else SCRIBES_RULE)
god_actions.HANDLERS[board.SETH] = seth_action.perform
