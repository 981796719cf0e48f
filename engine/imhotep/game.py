"""Imhotep (Kosmos) behind the shared engine interface (engine.api), registered as `imhotep`: 2-4 players,
six rounds, the A and B sides of every site (or mixed), and the Wrath of the Pharaoh."""
from __future__ import annotations

from functools import cache

from .. import api
from . import data as D
from . import examples, narrate, picture, rules, scenarios, simulator
from . import sites as S
from .actions import SPECS, action_to_json
from .state import State, stone_total

SIDE_HELP = {"en": "the side of this site's board (overrides --sides)", "ko": "이 건설부지 게임판의 면 (--sides보다 우선)"}


class ImhotepEngine(api.Engine):
    info = api.GameInfo(
        id="imhotep", title={"ko": "임호텝", "en": "Imhotep"},
        min_players=2, max_players=4, default_players=4,
        options=(
            api.Option("sides", "A", ("A", "B", "mixed"),
                       {"en": "the side of every site board: A, B, or mixed (the seed picks A or B for each site)",
                        "ko": "모든 건설부지 게임판의 면: A, B, 또는 mixed (시드가 건설부지마다 A/B를 고름)"}),
            *(api.Option(site, None, ("A", "B"), SIDE_HELP) for site in D.SITES),
            api.Option("wrath", False, None, {"en": "the Wrath of the Pharaoh variant (-5 without a stone on each "
                                                    "of the four building sites)",
                                              "ko": "파라오의 분노 응용 규칙 (건설부지 4곳에 석재가 없으면 -5점)"}),
        ),
        rule_games=("imhotep",),
    )
    data_dir = D.DATA_DIR

    # -- play ----------------------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, sides: str = "A", wrath: bool = False, market=None,
                 pyramid=None, temple=None, burial=None, obelisk=None) -> State:
        return rules.new_game(players, seed, sides, wrath, market=market, pyramid=pyramid, temple=temple,
                              burial=burial, obelisk=obelisk)

    def enumerate_actions(self, state: State) -> list:
        return rules.legal_actions(state)

    def resolve(self, state: State, action):
        return rules.apply(state, action)

    def action_specs(self) -> dict:
        return SPECS

    def decision(self, state: State) -> api.Decision:
        if state.phase == "over":
            return api.Decision(None, "over", narrate.prompt("over"), rules.R_GAME_END)
        if state.pending:
            kind = state.pending[0]
            return api.Decision(state.pending[1], kind, narrate.prompt(kind), rules.DECISION_RULE[kind])
        return api.Decision(state.current, "turn", narrate.prompt("turn"), rules.R_ONE_ACTION)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def result(self, state: State) -> dict:
        win = S.winners(state) if state.phase == "over" else []
        final = [{"player": seat, "score": state.score[seat], "color": D.COLORS[seat], "sled": state.sled[seat],
                  "cards": dict(sorted(state.cards[seat].items()))} for seat in range(state.players)]
        return {"final": final, "winner": win[0] if len(win) == 1 else None, "winners": win,
                "sides": dict(state.sides), "wrath": state.wrath}

    def summary(self, state: State, seed: int) -> dict:
        return {"seed": seed, "players": state.players, **self.result(state), "facts_used": self.facts_used(state)}

    # -- JSON ------------------------------------------------------------------------------------------
    def state_to_json(self, state: State) -> dict:
        return state.to_json()

    def state_names(self, data: dict) -> dict:
        players = api.check_players(data, self.info.min_players, self.info.max_players)
        return {"seat": range(players), "card": D.DECK, "fact": _fact_paths()}

    def load_state(self, data: dict) -> State:
        api.check_record(data, _fresh(api.check_players(data, self.info.min_players, self.info.max_players)),
                         "the state", lists=("ships",), nullable={"last_mover": 0, "pending": [], "site": ""})
        state = State.from_json(data)
        _check_consistent(state)
        return state

    def action_to_json(self, action) -> dict:
        return action_to_json(action)

    def facts_used(self, state: State) -> list[str]:
        return self.not_rulebook(state.facts)

    # -- scenarios -------------------------------------------------------------------------------------
    def scenario_setup(self, spec: dict) -> api.Situation:
        return scenarios.situation(spec)

    def scenario_step(self, situation: api.Situation, step: dict) -> list[dict]:
        return scenarios.play_step(situation, step)

    def scenario_value(self, situation: api.Situation, path: str):
        return scenarios.value(situation, path)

    def scenario_view(self, situation: api.Situation) -> dict:
        return scenarios.view(situation)

    # -- presentation ------------------------------------------------------------------------------------
    def narrate_action(self, action: dict, lang: str) -> str:
        return narrate.narrate_action(action, lang)

    def narrate_event(self, event: dict, lang: str) -> str | None:
        return narrate.narrate_event(event, lang)

    def label(self, key: str, lang: str) -> str:
        return narrate.label(key, lang)

    # -- the app's Simulator and examples ---------------------------------------------------------------------
    def simulator_fields(self) -> list[api.Field]:
        return simulator.fields()

    def simulator_scenario(self, values: dict) -> dict:
        return simulator.scenario(values)

    def picture(self, situation: api.Situation, lang: str) -> str | None:
        return picture.svg(situation.state, lang)

    def card_identities(self) -> list[api.CardIdentity]:
        return card_identities()

    def example_from_question(self, asked: api.Asked, rule_ids: list[str]) -> api.QuestionExample | None:
        return examples.example_from_question(asked, rule_ids)


@cache
def _fact_paths() -> frozenset:
    return frozenset(f.path for f in D.FACTS.all())


def _check_consistent(s: State) -> None:
    """What the state's shape cannot say key by key: one record per seat, the ships a round card gives, each
    colour's 30 stones, a pending choice that points at something there (MalformedState otherwise)."""
    def refuse(what: str):
        raise api.MalformedState(f"not an Imhotep state: {what}")

    if not all(len(row) == s.players for row in (s.quarry, s.sled, s.score, s.cards, s.obelisk)):
        refuse(f"quarry, sled, score, cards and obelisk hold one entry per player ({s.players})")
    if len(s.pyramid) != (1 if s.sides["pyramid"] == "A" else D.PYRAMID_B_COUNT + 1):
        refuse("the pyramid site holds one pile on side A, one per pyramid and the pile beside them on side B")
    if any(len(card) != D.SHIPS_PER_ROUND for card in s.round_cards) or \
            any(ship[0] != len(ship[1]) for ship in s.ships):
        refuse("a round card names the size of each ship, and a ship has as many spaces as its size")
    for seat in range(s.players):
        if stone_total(s, seat) != D.STONES_PER_COLOR:
            refuse(f"seat {seat} has {stone_total(s, seat)} stones, not {D.STONES_PER_COLOR}")
    if s.pending and s.pending[0] in ("lever_order", "sail_site") and s.pending[2] >= len(s.ships):
        refuse(f"{s.pending[0]} names ship {s.pending[2]}, and there are {len(s.ships)}")
    if any(t[0] == "temple_b" and t[1] >= D.TEMPLE_SPACES[s.players] for t in s.tasks):
        refuse("a temple reward names a space this player count does not use")


@cache
def _fresh(players: int) -> dict:
    """A new game's state as JSON: the shape every state keeps (state_from_json checks against it)."""
    return rules.new_game(players, 0).to_json()


ENGINE = ImhotepEngine()


# the KB names the market cards by their Korean rulebook's names (kebab case); two differ from the engine's
_KB_CARD = {"burial_decoration": "burial-chamber-decoration"}


@cache
def card_identities() -> list[api.CardIdentity]:
    """The market cards (one identity per type: the cards of a type are alike and carry no number) and the round
    cards, one deck per player count (data/board.yaml round_cards: cards without a number, each a set of ships)."""
    market = {"en": "Market card", "ko": "시장 카드"}
    out = [api.CardIdentity(t, f"imhotep/{_KB_CARD.get(t, t.replace('_', '-'))}", market) for t in D.DECK]
    out += [api.CardIdentity(f"round_cards.{players}", f"imhotep/round-cards/{players}-players",
                             {"en": f"Round cards ({players} players)", "ko": f"라운드 카드 ({players}인)"})
            for players in sorted(D.ROUND_CARDS)]
    return out
