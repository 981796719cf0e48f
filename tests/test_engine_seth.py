"""Time of Seth (engine/tekhenu_time_of_set/): the game as the registry and the CLI offer it, the expansion
switched off being exactly the base game, refusals named with their rule in both languages, narration and
decisions in Korean and English, examples built from a question's numbers (and the notices for numbers the
game cannot have), the Simulator's Seth board, the picture, the facts and their provenance, and a Time of
Seth question answered with a verified Time of Seth example. Random play at scale is in
test_engine_seth_properties.py; every scenario is run by test_engine_conformance.py."""
from __future__ import annotations

import ast
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app.cli import main
from engine import registry
from engine.api import ScenarioError, Situation
from engine.errors import IllegalAction
from engine.play import chooser
from engine.scenarios import run
from engine.tekhenu_time_of_set import examples, picture, rules, scenarios
from engine.tekhenu.actions import Perform
from engine.tekhenu_time_of_set.actions import OwedChoice, UseArtifact, VizierMove
from engine.tekhenu_time_of_set.facts import F

GAME = "tekhenu-time-of-set"
ENGINE = registry.get(GAME)
BASE = registry.get("tekhenu")
ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "engine" / "tekhenu_time_of_set"
HANGUL = re.compile(r"[가-힣]")
CONFIGS = [(4, {}), (3, {}), (2, {"vizier": True}), (2, {"vizier": True, "expansion": False}),
           (2, {"solo": True, "difficulty": "hard", "extra_buildings": True})]


@pytest.fixture(scope="module")
def kb():
    from kb.kb_cache import load_checked_kb

    return load_checked_kb()


@pytest.fixture(scope="module")
def known(kb):
    return {e for g in ENGINE.info.rule_games for e in (*kb.games[g].rules, *kb.games[g].cards)}


def games(seeds=range(2)):
    """(state before, legal actions, action, state after, events) through random games of every setup."""
    for players, options in CONFIGS:
        for seed in seeds:
            state, pick = ENGINE.new_game(players, seed, **options), chooser(seed)
            while not ENGINE.is_over(state):
                legal = ENGINE.legal_actions(state)
                action = pick.choice(legal)
                new, events = ENGINE.apply(state, action)
                yield state, legal, action, new, events
                state = new


# -- the game as the registry and the CLI offer it ---------------------------------------------------------------
def test_registered_with_both_rulebooks():
    assert GAME in registry.available()
    assert ENGINE.info.rule_games == ("tekhenu-time-of-set", "tekhenu")
    assert {o.name for o in ENGINE.info.options} >= {"solo", "difficulty", "vizier"}


def test_play_command_plays_a_whole_four_player_game(capsys):
    assert main(["play", "--game", GAME, "--players", "4", "--seed", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == GAME and result["players"] == 4 and result["winner"] in range(4)
    assert len(result["final"]) == 4 and all({"soldiers", "priests", "blood"} <= set(row) for row in result["final"])
    assert result["scorings"] >= 1 and result["options"]["seth"] is True


def test_facts_command_lists_the_expansions_assumed_values_with_their_reasons(capsys):
    assert main(["facts", "--game", GAME, "--assumed"]) == 0
    out = capsys.readouterr().out
    for path in ("seth_board.region_reward", "seth_board.columns", "seth_rules.horus_bonus", "seth_rules.art07_costs",
                 "seth_rules.anubis_on_seth_board", "seth_solo.conflicts"):
        assert path in out, path
    own = [f for f in ENGINE.facts().all() if f.path.startswith("seth_")]
    assert len(own) >= 60
    for fact in own:
        assert fact.source in ("rulebook", "source", "assumed")
        if fact.source == "assumed":
            assert fact.note and len(fact.note) > 40, f"{fact.path}: an assumed value says why"
        if fact.source == "source":
            assert fact.ref and fact.checked, f"{fact.path}: a published fact names where and how it was checked"


def test_body_and_summary_conflicts_are_notes_an_example_shows():
    """Where the solo summary and the body disagree the engine follows the body; each conflict is an
    assumed fact whose note says so, and the scenario that meets it lists it among its facts used (the app
    shows those notes under the example)."""
    from app.core.scenario_files import load_scenarios

    conflicts = [f for f in ENGINE.facts().all() if f.path.startswith("seth_solo.conflicts.")]
    assert len(conflicts) >= 3
    for fact in conflicts:
        assert fact.source == "assumed" and "disagree" in fact.note or "differ" in fact.note, fact.path
        assert "follows the body" in fact.note, fact.path
    used = set()
    for spec in load_scenarios(game=GAME).values():
        used.update(run(ENGINE, spec).facts_used)
    assert {f.path for f in conflicts} <= used


# -- the expansion switched off is the base game -------------------------------------------------------------------
def _as_base(data: dict) -> dict:
    """A die taken from the wheel with no colour declared is the base game's TakeDie."""
    if data.get("kind") == "take_die" and data.get("declare") is None and data.get("board") == "wheel":
        data = {k: v for k, v in data.items() if k not in ("declare", "board")}
    return data


@pytest.mark.parametrize("players, options", [(2, {}), (3, {}), (4, {}), (2, {"solo": True, "difficulty": "medium"})])
def test_without_the_expansion_it_plays_exactly_the_base_game(players, options):
    for seed in range(2):
        base, mine = BASE.new_game(players, seed, **options), ENGINE.new_game(players, seed, expansion=False, **options)
        pick_base, pick_mine = chooser(seed), chooser(seed)
        while not BASE.is_over(base):
            legal_base, legal_mine = BASE.legal_actions(base), ENGINE.legal_actions(mine)
            assert [BASE.action_to_json(a) for a in legal_base] == [_as_base(ENGINE.action_to_json(a)) for a in legal_mine]
            base, _ = BASE.apply(base, pick_base.choice(legal_base))
            mine, _ = ENGINE.apply(mine, pick_mine.choice(legal_mine))
        assert ENGINE.is_over(mine)
        strip = ("ext", "assumed_used", "log")
        assert {k: v for k, v in base.to_json().items() if k not in strip} == \
            {k: v for k, v in mine.to_json().items() if k not in strip}


def test_base_game_has_no_expansion_state():
    state = BASE.new_game(4, 1)
    assert state.ext is None and "seth" not in state.god_statues
    assert all(p.permanent_taint == 0 for p in state.player)


# -- refusals ----------------------------------------------------------------------------------------------------
def test_every_refusal_in_the_package_names_a_rule_and_says_it_in_korean():
    """Static: every IllegalAction the package raises has a rule id, an English and a Korean message."""
    calls = 0
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                calls += 1
                args = list(node.args) + [k.value for k in node.keywords]
                assert len(args) == 3, f"{path.name}:{node.lineno}: IllegalAction(rule, message, message_ko)"
                korean = args[2]
                if isinstance(korean, (ast.Constant, ast.JoinedStr)):
                    assert HANGUL.search(ast.unparse(korean)), f"{path.name}:{node.lineno}: message_ko in Korean"
    assert calls >= 40


def test_actions_out_of_their_time_are_refused_with_a_rule(known):
    """Each state of random games is offered the previous state's actions: whatever the rules forbid is an
    IllegalAction naming a KB rule, with a Korean message (never another exception)."""
    refused = set()
    previous: list = []
    for state, legal, _action, _new, _events in games(range(1)):
        for action in previous[:10]:
            if action in legal:
                continue
            try:
                ENGINE.apply(state, action)
            except IllegalAction as exc:
                assert exc.rule_id in known, exc.rule_id
                assert HANGUL.search(exc.message_ko or ""), exc
                refused.add(exc.rule_id)
        previous = legal
    assert len(refused) >= 20


def test_a_decision_of_the_expansion_taken_when_it_is_not_due_names_the_due_decisions_rule():
    state = ENGINE.new_game(4, 3)
    due = ENGINE.decision(state)
    for action in (OwedChoice("Cult07", "gold"), VizierMove("ra")):
        with pytest.raises(IllegalAction) as exc:
            ENGINE.apply(state, action)
        assert exc.value.rule_id == due.rule_id and HANGUL.search(exc.value.message_ko)


@pytest.mark.parametrize("options, rule", [
    ({"players": 2, "solo": True, "vizier": True}, "tekhenu-time-of-set/vizier/rule-changes/not-in-solo-mode"),
    ({"players": 3, "vizier": True}, "tekhenu-time-of-set/vizier/advanced-two-player"),
    ({"players": 2, "solo": True, "solo_draw": "4+4"}, "tekhenu-time-of-set/solo/setup/starting-and-cult-cards"),
])
def test_setups_the_rules_do_not_allow_are_refused(options, rule):
    options = dict(options)
    with pytest.raises(IllegalAction) as exc:
        rules.new_game(options.pop("players"), 1, **options)
    assert exc.value.rule_id == rule and HANGUL.search(exc.value.message_ko)


# -- words: narration, decisions, labels -------------------------------------------------------------------------
def test_every_action_event_and_decision_of_random_games_is_told_in_both_languages():
    kinds, events_seen = set(), set()
    for state, _legal, action, _new, events in games(range(2)):
        decision = ENGINE.decision(state)
        assert decision.prompt["en"] and HANGUL.search(decision.prompt["ko"]), decision
        data = ENGINE.action_to_json(action)
        kinds.add(data["kind"])
        en, ko = ENGINE.narrate_action(data, "en"), ENGINE.narrate_action(data, "ko")
        assert en and "kind:" not in en and HANGUL.search(ko), data
        for event in events:
            events_seen.add(event.get("event"))
            told_en, told_ko = ENGINE.narrate_event(event, "en"), ENGINE.narrate_event(event, "ko")
            assert told_en and told_ko and HANGUL.search(told_ko), event
    assert {"draft_pick", "choose_artifact", "owed_choice", "vizier_discard", "vizier_move", "use_artifact"} <= kinds
    assert {"seth", "track", "blood_taint"} & events_seen


def test_every_scenario_step_and_change_is_told_in_both_languages():
    from app.core import narrate
    from app.core.scenario_files import load_scenarios

    for spec in load_scenarios(game=GAME).values():
        example = run(ENGINE, spec).to_json()
        for lang in ("en", "ko"):
            story = narrate.narrate(ENGINE, example, lang)
            for step in story["steps"]:
                assert step["text"] and "kind:" not in step["text"], (spec["id"], step)
                if lang == "ko":
                    assert HANGUL.search(step["text"]), (spec["id"], step)
                    assert all(HANGUL.search(line) for line in step["events"]), (spec["id"], step)
            if lang == "ko":
                assert all(HANGUL.search(c["text"]) for c in story["checks"]), spec["id"]
        assert HANGUL.search(spec["title"]["ko"]) and spec["title"]["en"]


def test_labels_of_the_expansions_fields():
    for key in ("soldiers", "priests", "blood", "red", "blue", "green", "seth"):
        assert ENGINE.label(key, "en") != ENGINE.label(key, "ko") and HANGUL.search(ENGINE.label(key, "ko")), key


# -- examples from a question's numbers ----------------------------------------------------------------------------
STEP2 = "tekhenu-time-of-set/gameplay/seth-action/step-2-build"
RED = "tekhenu-time-of-set/key-concepts/red-blue-dice/gain-soldiers-priests"
BLOOD = "tekhenu-time-of-set/gameplay/maat/blood-tokens/permanent-taint"
PEOPLE = "tekhenu-time-of-set/gameplay/horus/statue-for-the-people"


@pytest.mark.parametrize("question, rule, path, expected", [
    ("3인 게임에서 세트 보드 한 지역의 두 번째 건축물은 병사가 몇 명 필요해?", STEP2, "me.soldiers", 10 - 3),
    ("With 2 players, how many Soldiers does the second Building in a Seth region cost?", STEP2, "me.soldiers", 10 - 5),
    ("How many Soldiers for the first Building in a region with 4 players?", STEP2, "me.soldiers", 10 - 4),
    ("병사가 8인데 빨간색 주사위 5를 가져오면?", RED, "me.soldiers", 10),
    ("I take a blue die of 3 with 2 Priests: how many Priests?", RED, "me.priests", 5),
    ("피 토큰 3개에 균형값이 1이면 마앗 단계에서 균형은?", BLOOD, "me.balance", -2),
    ("With 2 Blood tokens and a balance of 4, what is my balance?", BLOOD, "me.balance", 2),
    ("건축물이 있는 지역이 2개인 열 아래에 민중을 위한 석상을 지으면?", PEOPLE, None, 2),
])
def test_an_example_is_built_from_the_questions_numbers_and_verifies(question, rule, path, expected):
    built = ENGINE.example_from_question(ENGINE.vocabulary().read(question, "ko" if HANGUL.search(question) else "en"), [rule])
    assert built is not None and built.spec is not None and built.notice is None
    result = run(ENGINE, built.spec)
    assert result.verified, [(c.description, c.expected, c.actual) for c in result.checks]
    wanted = [c for c in result.checks if c.expected == expected]
    assert wanted, f"the example checks {expected} ({path})"
    assert all(c.description_ko and HANGUL.search(c.description_ko) for c in result.checks)


@pytest.mark.parametrize("question, rule, words", [
    ("6인 게임에서 두 번째 건축물 비용은?", STEP2, "6"),
    ("A red die of 6 with 2 Soldiers?", RED, "a 6 cannot be taken"),
    ("Soldiers 12 and a red die of 3?", RED, "12"),
    ("피 토큰 13개면 균형은?", BLOOD, "13"),
    ("A Statue for the people below a column with 4 regions built?", PEOPLE, "4"),
])
def test_a_number_the_game_cannot_have_gets_a_notice_not_another_number(question, rule, words):
    built = examples.from_question(examples.vocabulary().read(question, "en"), [rule])
    assert built is not None and built.spec is None
    assert words in built.notice["en"] and HANGUL.search(built.notice["ko"])


OWN_RULE = "tekhenu-time-of-set/gameplay/seth-action/one-building-per-region"


@pytest.mark.parametrize("question, rule, title, checks", [
    # the Seth board's Soldier cost from the question's own numbers: first or second Building, by player count
    ("3인 게임인데 이미 다른 플레이어 건축물이 있는 세트 보드 지역에 지으면 병사 7에서 몇 남아?", STEP2, "3인",
     [("me.soldiers", 7 - 3)]),
    ("With 2 players and 6 Soldiers, I build in a Seth region that already has another player's Building. "
     "How many Soldiers are left?", STEP2, "2 players", [("me.soldiers", 6 - 5)]),
    ("4인 게임에서 빈 세트 지역에 첫 건축물을 지으면? 병사 5명 있어", STEP2, "4인", [("me.soldiers", 5 - 4)]),
    ("솔로 게임에서 세트 보드 지역의 두 번째 건축물은 병사 몇이 들어?", STEP2, "솔로", [("me.soldiers", 10 - 5)]),
    ("In a 2-player game a region already holds a Building and I have 4 Soldiers: can I build there?", STEP2,
     "4 Soldiers", [(None, STEP2)]),
    ("4인 게임에서 이미 내 건축물이 있는 지역에 또 지을 수 있어?", OWN_RULE, "4인", [(None, OWN_RULE)]),
    # beyond 10 Soldiers or Priests: the track stops at 10, the rest is lost
    ("I have 8 Soldiers and take a red die showing 4: where does my Soldier track end?", RED, "8 Soldiers",
     [("me.soldiers", 10)]),
    ("사제가 9명인데 파란색 주사위 5를 가져오면 사제는?", RED, "사제 9", [("me.priests", 10)]),
    # a Statue for the people: a Thoth action as a 1 per built region of the column, cards by Happiness
    ("행복지수 3인데 건축물이 있는 지역이 2개인 열 아래에 민중을 위한 석상을 지으면 카드 몇 장?", PEOPLE, "행복지수 3",
     [("me.blessings.len", 2)]),
    ("A Statue for the people below a column with 3 built regions at Happiness 0: how many cards?", PEOPLE,
     "Happiness 0", [("me.blessings.len", 0)]),
])
def test_a_built_example_plays_the_asked_case(question, rule, title, checks):
    lang = "ko" if HANGUL.search(question) else "en"
    built = ENGINE.example_from_question(ENGINE.vocabulary().read(question, lang), [rule])
    assert built is not None and built.spec is not None and built.notice is None
    assert title in built.spec["title"][lang]
    assert not ENGINE.vocabulary().missing(ENGINE.vocabulary().read(question, lang), built.spec).numbers
    result = run(ENGINE, built.spec)
    assert result.verified, [(c.description, c.expected, c.actual) for c in result.checks]
    for path, expected in checks:
        if path is None:          # refused by the rule: the check names it
            assert any(c.expected == expected for c in result.checks)
        else:
            assert [c for c in built.spec["expect"] if c.get("path") == path and c.get("equals") == expected], path
    assert all(c.description_ko and HANGUL.search(c.description_ko) for c in result.checks)
    assert not any(re.search(r"tekhenu|seth_|me\.", c.description or "") for c in result.checks)


@pytest.mark.parametrize("question, rule, words", [
    ("5인 게임에서 이미 건축물이 있는 지역에 지으면 병사 몇?", STEP2, "5"),
    ("With 12 Soldiers, what does the first Building of a Seth region leave?", STEP2, "12 Soldiers"),
    ("A Statue for the people below a column with 2 built regions at Happiness 30?", PEOPLE, "30"),
])
def test_the_new_impossible_numbers_get_a_notice(question, rule, words):
    lang = "ko" if HANGUL.search(question) else "en"
    built = ENGINE.example_from_question(ENGINE.vocabulary().read(question, lang), [rule])
    assert built is not None and built.spec is None
    assert words in built.notice["en"] and HANGUL.search(built.notice["ko"])


# -- the Simulator and the picture ------------------------------------------------------------------------------------
def test_simulator_defaults_are_legal_and_show_the_seth_action():
    values = {f.name: f.default for f in ENGINE.simulator_fields()}
    spec = ENGINE.simulator_scenario(values)
    result = run(ENGINE, spec)
    assert result.verified and not any(s.refused for s in result.steps)
    assert {c.actual for c in result.checks} >= {1}                 # a Blood token
    assert spec["title"]["ko"] and all(HANGUL.search(c.description_ko) for c in result.checks)
    assert any(p.startswith("seth_board.") for p in result.facts_used)  # the board's printed values, listed


@pytest.mark.parametrize("changes, rule", [
    ({"region": "own"}, "tekhenu-time-of-set/gameplay/seth-action/one-building-per-region"),
    ({"soldiers": 3}, STEP2),
    ({"players": 2, "region": "other", "soldiers": 4}, STEP2),        # the second Building costs 5 with 1-2
])
def test_simulator_refusals_are_what_the_rules_expect(changes, rule):
    values = {f.name: f.default for f in ENGINE.simulator_fields()} | changes
    result = run(ENGINE, ENGINE.simulator_scenario(values))
    assert result.verified and result.steps[-1].refused["rule_id"] == rule


def test_simulator_rejects_values_off_the_form_in_both_languages():
    values = {f.name: f.default for f in ENGINE.simulator_fields()} | {"value": 7}
    with pytest.raises(ScenarioError) as exc:
        ENGINE.simulator_scenario(values)
    en, ko = str(exc.value).split(" / ")
    assert "1..6" in en and HANGUL.search(ko)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_picture_draws_the_seth_board_in_the_readers_language(lang):
    spec = ENGINE.simulator_scenario({f.name: f.default for f in ENGINE.simulator_fields()})
    situation: Situation = ENGINE.scenario_setup(spec)
    for step in spec["actions"]:
        ENGINE.scenario_step(situation, dict(step))
    svg = ENGINE.picture(situation, lang)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    text = " ".join(t for t in root.itertext())
    assert bool(HANGUL.search(text)) == (lang == "ko")
    assert ("세트" if lang == "ko" else "Seth") in text
    assert svg == picture.svg(situation.state, lang, situation.viewer)      # pure: the same state, the same drawing


# -- scenarios: coverage and the runner's expansion steps ---------------------------------------------------------------
def test_every_curated_rule_of_the_expansion_has_a_scenario_or_a_reason():
    import importlib.util

    spec = importlib.util.spec_from_file_location("scenario_coverage", ROOT / "scripts" / "scenario_coverage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    report = module.coverage(GAME)
    assert report["unknown"] == [] and report["examples_not_curated"] == [] and report["missing"] == []
    assert len(report["covered"]) >= 150 and all(report["gaps"].values())


def test_changed_rules_have_a_scenario_against_the_base_game(kb):
    """Each expansion rule that changes a base rule has a scenario played without the expansion too."""
    from app.core.scenario_files import load_scenarios

    specs = load_scenarios(game=GAME)
    base_played = {sid for sid, spec in specs.items() if (spec.get("setup") or {}).get("expansion") is False}
    game = kb.games[GAME]
    changing = [r for r in game.rules.values() if getattr(r, "changes", None)]
    assert len(changing) >= 20
    for rule in changing:
        linked = set(game.rule_scenarios.get(rule.id, ())) if hasattr(game, "rule_scenarios") else \
            {s for s, rs in game.scenario_rules.items() if rule.id in rs}
        assert linked & base_played, f"{rule.id}: no scenario against the base game"


def test_unknown_new_game_options_are_a_scenario_error():
    sit = ENGINE.scenario_setup({"id": "t/x", "setup": {"players": 2}})
    with pytest.raises(ScenarioError):
        scenarios.play_step(sit, {"kind": "new_game", "colour": "red"})


# -- a Time of Seth question gets a verified Time of Seth example ---------------------------------------------------------
@pytest.fixture(scope="module")
def assistant(private_kb):
    from app.core.assistant import Assistant

    # the expansion's rules refer to its base game's: it is served with them
    with private_kb("seth", (GAME, "tekhenu")):
        yield Assistant.create()


@pytest.mark.parametrize("question, scenario", [
    ("세트의 시간에서 3인 게임 두 번째 건축물은 병사가 몇 명 필요해?", "from-question/seth-cost-3p-second"),
    ("In Time of Seth, can a Cult card's effect trigger twice in one turn?", None),
])
def test_a_time_of_seth_question_gets_a_verified_time_of_seth_example(assistant, question, scenario):
    result = assistant.answer(question)
    example = result["example"]
    assert result["game"] == GAME and example is not None
    assert example["game"] == GAME and example["verified"]
    assert example["scenario_id"].startswith(f"{GAME}/scenario/")
    if scenario:
        assert example["scenario_id"].endswith(scenario)


# -- the Seth God Action after a Seth-board die, whatever cards the player holds ------------------------------------
def _seth_die_taken(me: dict, soldiers: int = 6):
    """A 4-player situation where `me` (with `me`'s cards) takes a gray 2 of the Seth board."""
    spec = {"id": "test/seth-die", "setup": {
        "players": 4, "board": {"temple": {}}, "me": {"soldiers": soldiers, **me},
        "seth": {"regions": {"2": [None, None]}, "conquest": {}, "stack": ["A06", "A05"]},
        "dice": [{"as": "s1", "board": "seth", "value": 2}]}}
    situation = ENGINE.scenario_setup(spec)
    state = situation.state
    take = next(a for a in ENGINE.legal_actions(state)
                if getattr(a, "board", "wheel") == "seth" and a.die == situation.names["s1"] and a.adjust == 0)
    state, _ = ENGINE.apply(state, take)
    return state


@pytest.mark.parametrize("me", [{}, {"technologies": ["T03"]}, {"blessings": ["B13"]},
                                {"technologies": ["TX02"], "faith": 2}, {"blessings": ["B21"], "technologies": ["T19"]}])
def test_a_seth_board_die_offers_the_seth_action_whatever_cards_the_player_holds(me):
    """Taking a die of the Seth board is for the Seth God Action: a player holding a Blessing or a Technology
    was offered only "no action" (card effects' list of action kinds did not know "seth")."""
    state = _seth_die_taken(me)
    offered = ENGINE.legal_actions(state)
    seth = [a for a in offered if getattr(a, "action", None) == "seth"]
    assert seth and not any(getattr(a, "action", None) == "none" for a in offered)
    after, events = ENGINE.apply(state, seth[0])
    built = next(e for e in events if e.get("event") == "seth")
    assert built["region"] == 2 and after.player[state.current.seat].permanent_taint == 1


def test_in_random_play_a_seth_board_die_is_followed_by_the_seth_action_unless_none_is_possible():
    """Before: 66 of 104 Seth-board dice taken ended in "no action". Now "no action" only where the Seth action
    has become impossible by the time it is performed (the player spent the Soldiers on something else)."""
    from engine.tekhenu_time_of_set import seth_action

    followed = wasted = 0
    for seed in range(6):
        state, pick, watching = ENGINE.new_game(4, seed), chooser(seed), False
        while not ENGINE.is_over(state):
            action = pick.choice(ENGINE.legal_actions(state))
            if watching and getattr(action, "kind", "") == "perform" and action.by is None:
                if action.action == "none":
                    assert seth_action.refusal(state, state.current, state.pending) is not None
                    wasted += 1
                else:
                    assert action.action == "seth"
                    followed += 1
                watching = False
            watching = watching or getattr(action, "board", "wheel") == "seth"
            state, _ = ENGINE.apply(state, action)
    assert followed >= 20 and wasted <= followed // 10


@pytest.mark.parametrize("extra", ["faith:-3", "faith:abc", "faith:0", "faith:1.5", "faith:"])
def test_tx02_pays_a_whole_number_of_faith_tokens(extra):
    """TX02's Faith for Soldiers: a negative count paid Soldiers back (Faith 0 → 3, Soldiers 9 → 2), a word
    raised ValueError."""
    state = _seth_die_taken({"technologies": ["TX02"], "faith": 0}, soldiers=9)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, Perform("seth", cell="0,0", extra=extra))
    assert err.value.rule_id in ("tekhenu-time-of-set/TX02", ENGINE.decision(state).rule_id)
    assert HANGUL.search(err.value.message_ko)


@pytest.mark.parametrize("card", ["Art99", "", "A01"])
def test_an_artifact_the_player_does_not_hold_is_refused(card):
    state = ENGINE.new_game(4, 1)
    while ENGINE.decision(state).kind != "take_die":
        state, _ = ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    for action in (UseArtifact(card), ENGINE.action_from_json({"kind": "use_artifact", "card": card})):
        with pytest.raises(IllegalAction) as err:
            ENGINE.apply(state, action)
        assert err.value.rule_id == "tekhenu-time-of-set/gameplay/maat/destiny-artifact/artifact-use"


# -- readings the text leaves open, labelled ---------------------------------------------------------------------
def test_an_undeclared_anubis_red_die_is_used_as_a_base_colour_as_a_labelled_reading():
    """Red die, Anubis Action, no declaration: no Soldiers and any Resource (the base Anubis Action) — one of two
    readings, so the result names the fact."""
    spec = {"id": "test/anubis-red", "setup": {
        "players": 2, "me": {"scribes": 2, "soldiers": 0, "production": {"granite": 4}, "resources": {"granite": 0}},
        "dice": [{"as": "d1", "color": "red", "value": 3, "god": "osiris", "light": "shaded"}]},
        "actions": [{"kind": "take_die", "die": "d1", "anubis": True}, {"kind": "perform", "action": "produce",
                                                                        "resource": "granite"}],
        "expect": [{"path": "me.soldiers", "equals": 0}, {"path": "me.resources.granite", "equals": 3}]}
    result = run(ENGINE, spec)
    assert result.verified, [c for c in result.checks if not c.ok]
    assert "seth_dice.anubis_undeclared_red_blue" in result.facts_used
    fact = ENGINE.facts().get("seth_dice.anubis_undeclared_red_blue")
    assert fact.source == "assumed" and "other reading" in fact.note and "다른 읽기" in fact.note_ko


def test_sx02_and_sx03_lose_happiness_as_printed_as_a_labelled_conflict():
    from app.core.scenario_files import load_scenarios

    result = run(ENGINE, load_scenarios(game=GAME)["tekhenu-time-of-set/scenario/starting-sx01-sx02"])
    assert result.verified and "seth_rules.sx02_sx03_lose_happiness" in result.facts_used
    fact = ENGINE.facts().get("seth_rules.sx02_sx03_lose_happiness")
    assert fact.source == "assumed" and "S02" in fact.note and "S02" in fact.note_ko and "misprint" in fact.note


def test_tx01_reads_its_keys_as_printed(capsys):
    """YAML 1.1 read the bare key `on` as true: `arbiter facts` showed {True: 'seth', ...}."""
    assert F("seth_cards.technologies.TX01") == {"on": "seth", "vp": 2, "priests": 2}
    assert main(["facts", "--game", GAME]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "technologies.TX01" in x)
    assert "'on': 'seth'" in line and "True" not in line


@pytest.mark.parametrize("shown,message", [
    ({"A03": ["Art02"]}, "Ankh value 0"),           # Art02's Ankh value is 0: it lies by A01, not A03
    ({"A01": ["Art99"]}, "not an Artifact card"),
])
def test_a_scenario_cannot_lay_an_artifact_by_another_destiny_card(shown, message):
    """Setup step 11 lays each Artifact by the Destiny card of the same Ankh value; a scenario that shows one
    elsewhere plays a table that cannot happen (one such scenario had Art02 by A03)."""
    spec = {"setup": {"players": 2, "expansion": True, "seth": {"artifacts": shown}}, "actions": []}
    with pytest.raises(ScenarioError) as exc:
        ENGINE.scenario_setup(spec)
    assert message in str(exc.value)


def test_artifacts_by_their_own_destiny_cards_are_laid_out():
    spec = {"setup": {"players": 2, "expansion": True, "seth": {"artifacts": {"A01": ["Art02"], "A04": ["Art07", "Art08"]}}},
            "actions": []}
    situation = ENGINE.scenario_setup(spec)
    assert situation.state.ext["artifacts"]["A01"] == ["Art02"]
