"""Through the Ages: A Story of Civilization (2006) behind the shared engine interface, registered as
`through-the-ages`. The Simple game plays whole; the Advanced and Full games' mechanics (happiness,
discontent, uprising, corruption, tactics, air forces, colonization, aggression, war, end of an age) run in
scenarios and example builders (docs/tta-engine.md says what is covered)."""
from __future__ import annotations

from .. import api
from . import economy as eco
from . import examples, narrate, picture, rules, scenarios
from .cards import DATA_DIR, assumed_board_facts, card_facts
from .economy import FOOD, RES
from .state import clone

MODES = ("simple", "advanced", "full")


class ThroughTheAgesEngine(api.Engine):
    info = api.GameInfo(
        id="through-the-ages", title={"ko": "쓰루 디 에이지스: 인류 문명 발전 대서사시",
                                      "en": "Through the Ages: A Story of Civilization (2006)"},
        min_players=2, max_players=4, default_players=3,
        options=(api.Option("mode", "simple", MODES,
                            {"en": "simple: the Simple game, played whole; advanced/full: not playable whole (the "
                                   "rulebook prints no Age II/III cards), their rules run as scenarios",
                             "ko": "simple: 맛보기 게임 전체 진행; advanced/full: 2·3시대 카드 자료가 없어 전체 진행은 "
                                   "불가하며 규칙은 시나리오로 실행"}),),
        rule_games=("through-the-ages",),
    )
    data_dir = DATA_DIR

    def new_game(self, players: int, seed: int, mode: str = "simple"):
        return rules.new_game(players, seed, mode)

    def legal_actions(self, state) -> list:
        return rules.legal_actions(state)

    def apply(self, state, action):
        return rules.apply(state, action)

    def decision(self, state) -> api.Decision:
        if state["over"]:
            return api.Decision(None, "game_over", {"en": narrate.OVER[0], "ko": narrate.OVER[1]})
        return api.Decision(state["current"], "actions", {"en": narrate.PROMPT[0], "ko": narrate.PROMPT[1]},
                            "through-the-ages/second-round/turn-sequence/step-2-actions")

    def is_over(self, state) -> bool:
        return state["over"]

    def result(self, state) -> dict:
        final = [{"player": seat, "score": civ["culture"], "culture": civ["culture"], "science": civ["science"],
                  "strength": eco.strength(civ), "happy_faces": eco.happy_faces(civ),
                  "food_per_round": eco.production_per_round(civ, FOOD),
                  "resources_per_round": eco.production_per_round(civ, RES)}
                 for seat, civ in enumerate(state["civs"])]
        return {"final": final, "winner": state["winner"], "mode": state["mode"], "rounds": state["round"]}

    def summary(self, state, seed: int) -> dict:
        return {"seed": seed, "players": state["players"], **self.result(state), "facts_used": self.facts_used(state)}

    def state_to_json(self, state) -> dict:
        return clone(state)

    def state_from_json(self, data: dict):
        return clone(data)

    def action_to_json(self, action) -> dict:
        return dict(action)

    def action_from_json(self, data: dict):
        return dict(data)

    def facts_used(self, state) -> list[str]:
        out = list(assumed_board_facts())
        for cid in state.get("cards_in_game", []):
            out += card_facts(cid)
        for civ in state["civs"]:
            for cid in {*civ["techs"], civ["government"], *civ["specials"], *civ["wonders"], *civ["hand"],
                        *([civ["leader"]] if civ["leader"] else []), *([civ["wonder"]] if civ["wonder"] else [])}:
                out += card_facts(cid)
        return list(dict.fromkeys(out))

    # -- scenarios ------------------------------------------------------------------------------------
    def scenario_setup(self, spec: dict) -> api.Situation:
        return scenarios.situation(spec)

    def scenario_step(self, situation: api.Situation, step: dict) -> list[dict]:
        return scenarios.play_step(situation, step)

    def scenario_value(self, situation: api.Situation, path: str):
        return scenarios.value_at(situation, path)

    def scenario_view(self, situation: api.Situation) -> dict:
        return scenarios.view(situation.state, situation.viewer)

    # -- presentation -----------------------------------------------------------------------------------
    def label(self, key: str, lang: str) -> str:
        return narrate.label(key, lang)

    def narrate_action(self, action: dict, lang: str) -> str:
        return narrate.action(action, lang)

    def narrate_event(self, event: dict, lang: str) -> str | None:
        return narrate.event(event, lang)

    # -- the Simulator ----------------------------------------------------------------------------------
    def simulator_fields(self) -> list[api.Field]:
        return picture.fields()

    def simulator_scenario(self, values: dict) -> dict:
        return picture.board_scenario(values)

    def picture(self, situation: api.Situation, lang: str) -> str | None:
        return picture.svg(situation.state["civs"][situation.viewer], lang)

    def example_from_question(self, question: str, rule_ids: list[str], lang: str):
        return examples.example_from_question(question, rule_ids, lang)


ENGINE = ThroughTheAgesEngine()
