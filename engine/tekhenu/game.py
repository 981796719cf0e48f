"""Tekhenu: Obelisk of the Sun behind the shared engine interface (engine.api), registered as `tekhenu`."""
from __future__ import annotations

from .. import api
from . import examples, scenarios, solo
from .actions import action_from_json, action_to_json
from .data_files import DATA_DIR
from .rules import apply, legal_actions, new_game
from .state import State

GODS_KO = {"horus": "호루스", "ra": "라", "hathor": "하토르", "bastet": "바스테트", "thoth": "토트",
           "osiris": "오시리스", "produce": "자원 생산"}

LABELS = {
    "vp": ("VP", "점수"), "happiness": ("Happiness", "행복지수"), "population": ("Population", "인구"),
    "scribes": ("Scribes", "서기"), "faith": ("Faith", "신앙"), "balance": ("Balance", "균형값"),
    "resources": ("Resources", "자원"), "production": ("Production", "생산 마커"),
    "bread": ("Bread", "빵"), "papyrus": ("Papyrus", "파피루스"), "limestone": ("Limestone", "석회암"),
    "granite": ("Granite", "화강암"), "gold": ("Gold", "금"), "scales": ("Scales", "저울"),
    "pure": ("Pure dice", "온전한 주사위"), "tainted": ("Tainted dice", "부패한 주사위"),
    "taint_resources": ("Resources on the Tainted side", "부패한 쪽의 자원"),
    "below": ("Anubis dice", "아누비스 주사위"), "botankhamun": ("Botankhamun", "보탄카문"),
    "statues_left": ("Statues left", "남은 석상"), "buildings_left": ("Buildings left", "남은 건축물"),
    "pillars_left": ("Pillars left", "남은 기둥"), "player": ("Player", "플레이어"),
}

PROMPTS = {
    "setup": ("a setup choice", "준비 단계의 선택"), "take_die": ("take a die", "주사위 가져오기"),
    "act": ("use the die taken", "가져온 주사위로 행동"), "ability": ("a Pillar ability", "기둥 능력"),
    "faith": ("place Faith tokens", "신앙 토큰 놓기"), "upkeep": ("pay Bread", "빵 지불"),
    "final_action": ("Decree D23's action", "법령 D23의 행동"), "decrees": ("score Decrees", "법령 점수 계산"),
    "game_over": ("nothing: the game is over", "없음: 게임 종료"),
}


class TekhenuEngine(api.Engine):
    info = api.GameInfo(
        id="tekhenu", title={"ko": "테케누: 태양의 오벨리스크", "en": "Tekhenu: Obelisk of the Sun"},
        min_players=2, max_players=4, default_players=4,
        options=(
            api.Option("edition", "en", ("en", "ko"), {"en": "the rules of the English or the Korean rulebook",
                                                       "ko": "영문판 또는 한국어판 규칙"}),
            api.Option("solo", False, None, {"en": "one player against Botankhamun (--players does not apply)",
                                             "ko": "보탄카문과 1인 게임 (--players 무시)"}),
            api.Option("difficulty", "easy", ("easy", "medium", "hard"),
                       {"en": "Botankhamun's difficulty", "ko": "보탄카문 난이도"}),
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

    def legal_actions(self, state: State) -> list:
        return legal_actions(state)

    def apply(self, state: State, action):
        return apply(state, action)

    def decision(self, state: State) -> api.Decision:
        en, ko = PROMPTS.get(state.phase, (state.phase, state.phase))
        if state.phase == "game_over":
            return api.Decision(None, state.phase, {"en": en, "ko": ko})
        queue = (state.pending or {}).get("queue")
        if queue:
            head = queue[0]
            seat = head[0] if isinstance(head, (list, tuple)) else head
        elif (state.pending or {}).get("seat") is not None and state.phase == "ability":
            seat = state.pending["seat"]
        else:
            seat = state.current.seat
        return api.Decision(seat, state.phase, {"en": en, "ko": ko})

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

    def state_from_json(self, data: dict) -> State:
        return State.from_json(data)

    def action_to_json(self, action) -> dict:
        return action_to_json(action)

    def action_from_json(self, data: dict):
        return action_from_json(data)

    def facts_used(self, state: State) -> list[str]:
        return list(state.assumed_used)

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
    def example_from_question(self, question: str, rule_ids: list[str], lang: str) -> api.QuestionExample | None:
        return examples.from_question(question, rule_ids, lang)

    # -- presentation -----------------------------------------------------------------------------------
    def label(self, key: str, lang: str) -> str:
        pair = LABELS.get(key)
        return (pair[1] if lang == "ko" else pair[0]) if pair else key

    def narrate_action(self, action: dict, lang: str) -> str:
        ko = lang == "ko"
        kind = action.get("kind")
        if kind == "take_die":
            return f"주사위 {action.get('die')}을(를) 가져옴" if ko else f"Take die {action.get('die')}"
        if kind == "perform":
            god = action.get("action", "")
            name = GODS_KO.get(god, god) if ko else god.capitalize()
            return f"{name} 행동 수행" if ko else f"Perform {name}"
        if kind == "phase":
            phase = action.get("phase")
            names = {"maat": ("the Maat phase", "마앗 단계"), "scoring": ("a Scoring", "점수 계산"),
                     "final": ("the end of the game", "게임 종료"),
                     "final_scoring": ("the final Scoring", "최종 점수 계산")}
            en, ko_name = names.get(phase, (phase, phase))
            return f"{ko_name} 진행" if ko else f"Play {en}"
        return super().narrate_action(action, lang)


def _solo_new_game(seed: int, difficulty: str, edition: str, horus: str) -> State:
    return solo.new_game(seed, difficulty, edition, horus=horus)


ENGINE = TekhenuEngine()
