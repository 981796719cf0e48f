"""Tekhenu: Time of Seth behind the shared engine interface (engine.api), registered as
`tekhenu-time-of-set`: the Tekhenu engine with the expansion's changes at its extension points."""
from __future__ import annotations

from functools import cache

from .. import api
from ..tekhenu import game as base_game
from ..tekhenu import play as base_play
from ..tekhenu.state import State
from ..tekhenu.turn import unplayable_take
from . import decisions, examples, narrate, picture, scenarios, simulator
from .actions import SPECS, action_to_json
from .board import SETH
from .conquest import all_tiles
from .facts import DATA_DIR, combined, group
from .rules import apply, legal_actions, new_game
from .setup import NEW_CARDS
from .solo import PS_TILE


class TimeOfSethEngine(api.Engine):
    info = api.GameInfo(
        id="tekhenu-time-of-set", title={"ko": "테케누: 세트의 시간", "en": "Tekhenu: Time of Seth"},
        min_players=2, max_players=4, default_players=4,
        options=(
            api.Option("solo", False, None, {"en": "one player against Botankhamun (--players does not apply)",
                                             "ko": "보탕카멘과 1인 게임 (--players 무시)"}),
            api.Option("difficulty", "easy", ("easy", "medium", "hard"),
                       {"en": "Botankhamun's difficulty (medium/hard: its Buildings on the Seth board)",
                        "ko": "보탕카멘 난이도 (보통/어려움: 세트 보드의 건축물)"}),
            api.Option("vizier", False, None, {"en": "the Trial of the Vizier (advanced 2-player rules)",
                                               "ko": "고관의 시련 (2인 플레이 상급 규칙)"}),
            api.Option("edition", "en", ("en", "ko"), {"en": "the base game's rules of the English or Korean rulebook",
                                                       "ko": "기본 게임의 영문판 또는 한국어판 규칙"}),
            api.Option("horus", "shuffled", ("shuffled", "preprinted"),
                       {"en": "Horus Bonus tiles shuffled at setup, or the preprinted bonuses",
                        "ko": "호루스 보너스 타일을 섞어 배치 또는 보드에 인쇄된 보너스"}),
            api.Option("expansion", "on", ("on", "off"),
                       {"en": "off: the base game (with --vizier, the Trial of the Vizier alone)",
                        "ko": "off: 기본 게임 (--vizier와 함께면 고관의 시련만)"}),
            api.Option("solo_draw", "3+1", ("3+1", "2+2", "3+2"),
                       {"en": "solo: Starting + Cult cards drawn at setup (you keep 2 + 1)",
                        "ko": "솔로: 준비 때 뽑는 시작 카드 + 숭배자 카드 (2장 + 1장을 가짐)"}),
            api.Option("artifacts", 3, (2, 3, 4),
                       {"en": "solo: Artifacts on display (one more or fewer adjusts the difficulty)",
                        "ko": "솔로: 펼쳐 놓는 유물 카드 수 (하나 더하거나 빼서 난이도 조절)"}),
            api.Option("extra_buildings", False, None,
                       {"en": "solo: Botankhamun uses the extra set of Buildings", "ko": "솔로: 보탕카멘이 추가 건축물 세트 사용"}),
        ),
        rule_games=("tekhenu-time-of-set", "tekhenu"),
    )
    data_dir = DATA_DIR

    def new_game(self, players: int, seed: int, solo: bool = False, difficulty: str = "easy", vizier: bool = False,
                 edition: str = "en", horus: str = "shuffled", expansion="on", **options) -> State:
        expansion = expansion not in ("off", False)          # the CLI's on/off, or a bool from code
        return new_game(players, seed, edition, horus, solo=solo, difficulty=difficulty, vizier=vizier,
                        expansion=expansion, **options)

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
        if state.ext is not None:
            for row in final:
                record = state.ext["players"][row["player"]]
                row.update(soldiers=record["soldiers"], priests=record["priests"],
                           blood=state.player[row["player"]].permanent_taint)
        if state.solo is not None:
            for row in final:
                row["botankhamun"] = row["player"] == state.solo["seat"]
        return {"final": final, "winner": winner}

    def summary(self, state: State, seed: int) -> dict:
        return {**base_play.summary(state, seed), **self.result(state), "facts_used": self.facts_used(state),
                "options": dict(state.ext["options"]) if state.ext else {}}

    def state_to_json(self, state: State) -> dict:
        return state.to_json()

    def state_names(self, data: dict) -> dict:
        return base_game.state_names(data, self.info.max_players, base_game.fact_paths(self), _new_cards(),
                                     (SETH,), (PS_TILE,))

    def load_state(self, data: dict) -> State:
        players = api.check_players(data, 1, self.info.max_players)
        fresh = _fresh(max(players, self.info.min_players))
        state = State.from_checked_json(data, fresh)
        base_game.check_consistent(state, self.state_names(data))
        if state.ext is not None and len(state.ext["players"]) != state.players:
            raise api.MalformedState("not a Time of Seth state: the expansion keeps one record per player")
        return state

    def action_to_json(self, action) -> dict:
        return action_to_json(action)

    def facts(self):
        return combined()

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

    def card_identities(self) -> list[api.CardIdentity]:
        return card_identities()

    # -- examples from a question's numbers ------------------------------------------------------------
    def vocabulary(self):
        return examples.vocabulary()

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
        return picture.svg(situation.state, lang, situation.viewer)


@cache
def _new_cards() -> dict:
    """The expansion's cards by kind: shuffled into the base decks, and its own kinds."""
    return {**NEW_CARDS, "starting": sorted(group("seth_cards.starting")), "cult": sorted(group("seth_cards.cult")),
            "artifact": sorted(group("seth_cards.artifacts")), "conquest": all_tiles()}


@cache
def _fresh(players: int) -> dict:
    """A new game's state as JSON: the shape every state keeps (state_from_json checks against it)."""
    return new_game(players, 0).to_json()


ENGINE = TimeOfSethEngine()


IDENTITY_KINDS = {
    "starting": {"en": "Starting card", "ko": "시작 카드"}, "cult": {"en": "Cult card", "ko": "숭배자 카드"},
    "artifacts": {"en": "Artifact card", "ko": "유물 카드"}, "blessings": {"en": "Blessing card", "ko": "축복 카드"},
    "technologies": {"en": "Technology card", "ko": "기술 카드"}, "decrees": {"en": "Decree card", "ko": "법령 카드"},
    "conquest": {"en": "Conquest tile", "ko": "정복 타일"},
}


@cache
def card_identities() -> list[api.CardIdentity]:
    """The expansion's cards and Conquest tiles with an identity of their own (the base game's are the base engine's):
    the printed ids of data/seth_cards.yaml, the five Conquest tiles the appendix lists and the engine's seven
    stand-ins for the tiles it does not."""
    from .facts import F, group

    out = []
    for kind in ("starting", "cult", "artifacts", "blessings", "technologies", "decrees"):
        out += [api.CardIdentity(i, f"tekhenu-time-of-set/{i}", IDENTITY_KINDS[kind]) for i in group(f"seth_cards.{kind}")]
    tiles = sorted([*group("seth_conquest.tiles"), *F("seth_conquest.unlisted")])
    out += [api.CardIdentity(i, f"tekhenu-time-of-set/{i}", IDENTITY_KINDS["conquest"]) for i in tiles]
    return out
