"""Through the Ages: A Story of Civilization (2006) behind the shared engine interface, registered as
`through-the-ages`. The Simple, Advanced and Full games play whole with every 2006 card: the rulebook's values,
published card tables and the published images of the 2006 cards (docs/tta-engine.md)."""
from __future__ import annotations

from functools import cache

from .. import api
from . import economy as eco
from . import catalogue, examples, narrate, picture, rules, scenarios
from .actions import specs
from .cards import DATA_DIR, all_cards, facts_of, reading_facts, registry
from .economy import FOOD, RES
from .state import clone, load_state

MODES = rules.MODES


class ThroughTheAgesEngine(api.Engine):
    info = api.GameInfo(
        id="through-the-ages", title={"ko": "쓰루 디 에이지스: 인류 문명 발전 대서사시",
                                      "en": "Through the Ages: A Story of Civilization (2006)"},
        min_players=2, max_players=4, default_players=3,
        options=(api.Option("mode", "simple", MODES,
                            {"en": "simple, advanced or full game (advanced: pacts with 3 or more players; full: pacts "
                                   "and wars)",
                             "ko": "simple(맛보기)·advanced(숙련)·full(본격) 게임 (숙련: 3인 이상이면 조약, 본격: 조약과 전쟁)"}),
                 api.Option("resign", False, None,
                            {"en": "Full game: offer resigning at the start of each turn (random players would "
                                   "otherwise resign within a few turns)",
                             "ko": "본격 게임: 매 턴 시작에 게임 포기를 선택지로 제공 (무작위 플레이어는 몇 턴 안에 포기하게 됨)"})),
        rule_games=("through-the-ages",),
    )
    data_dir = DATA_DIR

    def new_game(self, players: int, seed: int, mode: str = "simple", resign: bool = False):
        with reading_facts() as seen:
            state = rules.new_game(players, seed, mode, resign)
        return _record(state, _board_only(seen))

    def enumerate_actions(self, state) -> list:
        return rules.legal_actions(state)

    def action_specs(self) -> dict:
        return specs()

    def resolve(self, state, action):
        with reading_facts() as seen:
            new, events = rules.apply(state, action)
        return _record(new, seen), events

    def decision(self, state) -> api.Decision:
        kind = rules.phase(state)
        en, ko, rule = narrate.PROMPTS[kind]
        return api.Decision(rules.deciding_seat(state), kind, {"en": en, "ko": ko}, rule)

    def is_over(self, state) -> bool:
        return state["over"]

    def result(self, state) -> dict:
        final = [{"player": seat, "score": civ["culture"], "culture": civ["culture"], "science": civ["science"],
                  "strength": eco.strength(civ), "happy_faces": eco.happy_faces(civ),
                  "food_per_round": eco.production_per_round(civ, FOOD),
                  "resources_per_round": eco.production_per_round(civ, RES),
                  **({"resigned": True} if civ["resigned"] else {})}
                 for seat, civ in enumerate(state["civs"])]
        return {"final": final, "winner": state["winner"], "mode": state["mode"], "rounds": state["round"],
                "age": state["age"]}

    def summary(self, state, seed: int) -> dict:
        return {"seed": seed, "players": state["players"], **self.result(state), "facts_used": self.facts_used(state)}

    def state_to_json(self, state) -> dict:
        return clone(state)

    def state_names(self, data: dict) -> dict:
        players = api.check_players(data, self.info.min_players, self.info.max_players)
        return {"seat": range(players), "card": all_cards(), "fact": _fact_names(), **_cards_by_type()}

    def load_state(self, data: dict):
        players, mode = data.get("players"), data.get("mode")
        if type(players) is not int or not self.info.min_players <= players <= self.info.max_players \
                or mode not in MODES:
            raise api.MalformedState(f"a state names its mode ({', '.join(MODES)}) and its players "
                                     f"({self.info.min_players}-{self.info.max_players})")
        return load_state(data, _fresh(players, mode))

    def action_to_json(self, action) -> dict:
        return dict(action)

    def facts_used(self, state) -> list[str]:
        """The non-rulebook values the game's moves and steps actually read (recorded per move)."""
        return facts_of(state.get("facts_read", []))

    # -- scenarios ------------------------------------------------------------------------------------
    def scenario_setup(self, spec: dict) -> api.Situation:
        with reading_facts() as seen:
            situation = scenarios.situation(spec)
        situation.state = _record(situation.state, _board_only(seen))
        return situation

    def scenario_step(self, situation: api.Situation, step: dict) -> list[dict]:
        with reading_facts() as seen:
            events = scenarios.play_step(situation, step)
        situation.state = _record(situation.state, seen)
        return events

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

    def vocabulary(self):
        return examples.vocabulary()

    def card_identities(self) -> list[api.CardIdentity]:
        return [api.CardIdentity(r["id"], f"through-the-ages/{r['id']}", r["kind"]) for r in catalogue.catalogue()]

    def card_catalogue(self) -> list[dict]:
        return catalogue.catalogue()

    def example_from_question(self, asked: api.Asked, rule_ids: list[str]):
        return examples.example_from_question(asked, rule_ids)


@cache
def _cards_by_type() -> dict:
    """The cards a civilisation holds in one place of its kind: its government, leader, wonder, tactics; and the
    cards of its hands (civil cards of the decks — never a starting technology, which has no copies there —
    and military cards)."""
    kinds = ("government", "leader", "wonder", "tactics")
    out = {kind: frozenset(c for c, info in all_cards().items() if info.get("type") == kind) for kind in kinds}
    out["civil_card"] = frozenset(c for c, info in all_cards().items() if info["file"] == "cards" and "copies" in info)
    out["military_card"] = frozenset(c for c, info in all_cards().items() if info["file"] == "military")
    return out


@cache
def _fact_names() -> frozenset:
    """What a state's facts_read may name: a board fact's path, or `card:<id>` (engine/through_the_ages/cards.py)."""
    return frozenset([*(f.path for f in registry().all()), *(f"card:{c}" for c in all_cards())])


@cache
def _fresh(players: int, mode: str) -> dict:
    """A new game's state: the shape every state of that mode and player count keeps."""
    return rules.new_game(players, 0, mode)


def _board_only(seen: set[str]) -> set[str]:
    """Setting a game up reads every card to build the decks; only the board's numbers count there."""
    return {item for item in seen if not item.startswith("card:")}


def _record(state: dict, seen: set[str]) -> dict:
    """The state with the facts just read added to those it already relied on (sorted: same game, same
    JSON)."""
    known = state.get("facts_read", ())
    if seen.difference(known):
        return {**state, "facts_read": sorted(set(known) | seen)}   # a new top level: never the input's
    return state


ENGINE = ThroughTheAgesEngine()
