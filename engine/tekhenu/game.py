"""Tekhenu: Obelisk of the Sun behind the shared engine interface (engine.api), registered as `tekhenu`."""
from __future__ import annotations

from functools import cache

from .. import api
from . import core, decisions, examples, narrate, picture, scenarios, simulator, solo, temple
from .actions import SPECS, action_to_json
from .board import FACTS as BOARD
from .board import GODS, PURITY
from .cards import ANKH, INITIATIVE, PILLAR_LIGHT
from .data_files import DATA_DIR
from .market import PREFIX
from .rules import apply, legal_actions, new_game
from .state import State
from .turn import unplayable_take


class TekhenuEngine(api.Engine):
    info = api.GameInfo(
        id="tekhenu", title={"ko": "테케누: 태양의 오벨리스크", "en": "Tekhenu: Obelisk of the Sun"},
        min_players=2, max_players=4, default_players=4,
        options=(
            api.Option("edition", "en", ("en", "ko"), {"en": "the rules of the English or the Korean rulebook",
                                                       "ko": "영문판 또는 한국어판 규칙"}),
            api.Option("solo", False, None, {"en": "one player against Botankhamun (--players does not apply)",
                                             "ko": "보탕카멘과 1인 게임 (--players 무시)"}),
            api.Option("difficulty", "easy", ("easy", "medium", "hard"),
                       {"en": "Botankhamun's difficulty", "ko": "보탕카멘 난이도"}),
            api.Option("horus", "shuffled", ("shuffled", "preprinted"),
                       {"en": "Horus Bonus tiles shuffled at setup, or the preprinted bonuses",
                        "ko": "호루스 보너스 타일을 섞어 배치 또는 보드에 인쇄된 보너스"}),
        ),
        rule_games=("tekhenu",),
    )
    data_dir = DATA_DIR

    def new_game(self, players: int, seed: int, edition: str = "en", solo: bool = False,
                 difficulty: str = "easy", horus: str = "shuffled") -> State:
        if solo:
            return _solo_new_game(seed, difficulty, edition, horus)
        return new_game(players, seed, edition, horus)

    def enumerate_actions(self, state: State) -> list:
        return legal_actions(state)

    def resolve(self, state: State, action):
        return apply(state, action)

    def action_specs(self) -> dict:
        return SPECS

    def unlisted_refusal(self, state: State, action):
        return unplayable_take(state, action)

    def decision(self, state: State) -> api.Decision:
        pending = decisions.pending_decision(state)
        return api.Decision(pending.seat, pending.kind, {"en": pending.en, "ko": pending.ko}, pending.rule)

    def is_over(self, state: State) -> bool:
        return state.phase == "game_over"

    def result(self, state: State) -> dict:
        winner = next((e["winner"] for e in reversed(state.log) if e.get("event") == "game_over"), None)
        final = [{"player": p.seat, "score": p.vp, "vp": p.vp, "scribes": p.scribes, "happiness": p.happiness,
                  "population": p.population, "turn_order": state.turn_order.index(p.seat)} for p in state.player]
        if state.solo is not None:
            for row in final:
                row["botankhamun"] = row["player"] == state.solo["seat"]
        return {"final": final, "winner": winner}

    def summary(self, state: State, seed: int) -> dict:
        from .play import summary

        return {**summary(state, seed), **self.result(state), "facts_used": self.facts_used(state)}

    def state_to_json(self, state: State) -> dict:
        return state.to_json()

    def state_names(self, data: dict) -> dict:
        return state_names(data, self.info.max_players, fact_paths(self))

    def load_state(self, data: dict) -> State:
        players = api.check_players(data, 1, self.info.max_players)
        fresh = _fresh(max(players, self.info.min_players))
        state = State.from_checked_json(data, fresh)
        check_consistent(state, self.state_names(data))
        return state

    def action_to_json(self, action) -> dict:
        return action_to_json(action)

    def facts_used(self, state: State) -> list[str]:
        return self.not_rulebook(state.assumed_used)

    # -- scenarios ------------------------------------------------------------------------------------
    def scenario_setup(self, spec: dict) -> api.Situation:
        return scenarios.situation(spec)

    def scenario_step(self, situation: api.Situation, step: dict) -> list[dict]:
        return scenarios.play_step(situation, step)

    def scenario_value(self, situation: api.Situation, path: str):
        return scenarios.value(situation, path)

    def scenario_view(self, situation: api.Situation) -> dict:
        return scenarios.view(situation.state, situation.viewer)

    # -- examples from a question's numbers ------------------------------------------------------------
    def card_identities(self) -> list[api.CardIdentity]:
        return card_identities()

    def example_from_question(self, asked: api.Asked, rule_ids: list[str]) -> api.QuestionExample | None:
        return examples.from_question(asked, rule_ids)

    # -- presentation -----------------------------------------------------------------------------------
    def label(self, key: str, lang: str) -> str:
        return narrate.label(key, lang)

    def narrate_action(self, action: dict, lang: str) -> str:
        return narrate.narrate_action(action, lang)

    def narrate_event(self, event: dict, lang: str) -> str | None:
        return narrate.narrate_event(event, lang)

    # -- the app's Simulator ----------------------------------------------------------------------------
    def simulator_fields(self) -> list[api.Field]:
        return simulator.fields()

    def simulator_scenario(self, values: dict) -> dict:
        return simulator.scenario(values)

    def picture(self, situation: api.Situation, lang: str) -> str | None:
        return picture.wheel_svg(situation.state, lang, situation.viewer)


def _solo_new_game(seed: int, difficulty: str, edition: str, horus: str) -> State:
    return solo.new_game(seed, difficulty, edition, horus=horus)


def fact_paths(engine) -> frozenset:
    """The fact paths a state may record as used (its engine's facts registry), read once per engine."""
    paths = _FACT_PATHS.get(engine.info.id)
    if paths is None:
        paths = _FACT_PATHS[engine.info.id] = frozenset(f.path for f in engine.facts().all())
    return paths


_FACT_PATHS: dict[str, frozenset] = {}


def state_names(data: dict, max_players: int, facts: frozenset, cards: dict | None = None, gods: tuple = (),
                solo_tiles: tuple = ()) -> dict:
    """What a Tekhenu state's shape (state_shape.yaml) checks its names against: this state's seats, the game's
    cards of each kind, die colours, gods, spaces and facts; a variant (Time of Seth) adds its cards, gods and
    Botankhamun's tiles."""
    players = api.check_players(data, 1, max_players)
    names = dict(_names(facts, tuple(sorted((k, tuple(v)) for k, v in (cards or {}).items())), gods, solo_tiles))
    names["seat"] = range(players)
    names["seat_key"] = {str(seat) for seat in range(players)}
    return names


@cache
def _names(facts, cards: tuple, gods: tuple, solo_tiles: tuple) -> dict:
    extra = dict(cards)
    kinds = {kind: {f"{PREFIX[kind]}{i:02d}" for i in range(1, 25)} | set(extra.get(kind, ())) for kind in PREFIX}
    kinds.update(starting=set(INITIATIVE) | set(extra.get("starting", ())), destiny=set(ANKH), pillar=set(PILLAR_LIGHT))
    for kind, more in extra.items():
        kinds.setdefault(kind, set()).update(more)
    all_gods = GODS + tuple(gods)
    return {**kinds, "card": set().union(*kinds.values()), "god": set(all_gods), "die_color": set(PURITY["sunny"]),
            "osiris_space": {f"{row},{d}" for row in range(1, 7) for d in BOARD("osiris.districts")},
            "temple_cell": set(temple.CELL_KEYS),
            "building_space": {str(i) for i in range(len(BOARD("temple.building_spaces")))},
            "extra_by": {"B17", "B18", "B19", "B20", core.H21},
            "solo_tile": {f"god:{g}" for g in all_gods} | {f"resource:{i}" for i in range(4)} | set(solo_tiles),
            "fact": facts}


def check_consistent(state: State, names: dict) -> None:
    """What a Tekhenu state's shape cannot say key by key (MalformedState otherwise): one record per seat in
    seat order and a Turn Order of every seat, each die in one place, a game-over record naming a seat, a
    random state Python can resume."""
    def refuse(what: str):
        raise api.MalformedState(f"not a Tekhenu state: {what}")

    seats = list(range(state.players))
    if [p.seat for p in state.player] != seats or sorted(state.turn_order) != seats:
        refuse(f"the players are seats {seats} in order, each once in the Turn Order")
    bot = state.solo["seat"] if state.solo else None
    if any(len(p.production) != 4 for p in state.player if p.seat != bot):
        refuse("a player's board shows the production of all four Resources")
    if state.phase != "setup" and any(p.destiny is None for p in state.player if p.seat != bot):
        refuse("after the setup every player holds a Destiny card")
    if state.turn_index >= len(state.turn_order):
        refuse("the player to move is not in the Turn Order")
    waits = bool(state.ext and state.ext.get("owed"))      # (Time of Seth: its turn may wait for your choice)
    if bot is not None and state.current.seat == bot and state.phase in ("take_die", "act") and not waits:
        refuse("Botankhamun's turns are played as they come: a stored turn is yours")
    ids = [d.id for d in (*state.bag, *state.boxed, *(d for s in state.sections for d in s),
                          *(d for p in state.player for d in (*p.pure, *p.tainted, *p.below)))]
    if len(ids) != len(set(ids)):
        refuse("a die lies in two places")
    if any(e.get("event") == "game_over" and e.get("winner") not in (None, *seats) for e in state.log):
        refuse("the game's end names no seat as its winner")
    try:
        state.random()
    except (TypeError, ValueError, OverflowError):
        refuse("its random state cannot be resumed")


@cache
def _fresh(players: int) -> dict:
    """A new game's state as JSON: the shape every state keeps (state_from_json checks against it)."""
    return new_game(players, 0).to_json()


ENGINE = TekhenuEngine()


IDENTITY_KINDS = {
    "starting": {"en": "Starting card", "ko": "시작 카드"}, "destiny": {"en": "Destiny card", "ko": "운명 카드"},
    "pillar": {"en": "Pillar tile", "ko": "기둥 타일"}, "blessing": {"en": "Blessing card", "ko": "축복 카드"},
    "technology": {"en": "Technology card", "ko": "기술 카드"}, "decree": {"en": "Decree card", "ko": "법령 카드"},
    "horus": {"en": "Horus Bonus tile", "ko": "호루스 보너스 타일"},
    "solo_god": {"en": "Botankhamun's God Action tile", "ko": "보탕카멘의 신 행동 타일"},
    "solo_resource": {"en": "Botankhamun's Resource tile", "ko": "보탕카멘의 자원 타일"},
}


@cache
def card_identities() -> list[api.CardIdentity]:
    """The cards and tiles of the engine's data with an identity of their own: the printed ids, the Horus Bonus
    tiles (one per god) and Botankhamun's God Action and Resource tiles."""
    from .board import GODS
    from .cards import ANKH, INITIATIVE, PILLAR_LIGHT
    from .market import DECKS, PREFIX
    from .solo import SOLO

    def of(ids, kind, card=lambda i: f"tekhenu/{i}"):
        return [api.CardIdentity(i, card(i), IDENTITY_KINDS[kind]) for i in ids]

    out = of(sorted(INITIATIVE), "starting") + of(sorted(ANKH), "destiny") + of(sorted(PILLAR_LIGHT), "pillar")
    for kind in DECKS:
        out += of([f"{PREFIX[kind]}{i:02d}" for i in range(1, 25)], kind)
    out += of(GODS, "horus", lambda g: f"tekhenu/horus-bonus-tile/{g}")
    out += of([f"god:{g}" for g in SOLO("tiles.god")], "solo_god", lambda i: f"tekhenu/solo-tile/{i.replace(':', '-')}")
    out += of([f"resource:{n}" for n in range(len(SOLO("tiles.resource")))], "solo_resource",
              lambda i: f"tekhenu/solo-tile/{i.replace(':', '-')}")
    return out
