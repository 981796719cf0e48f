"""Tekhenu's presentation hooks (engine/tekhenu/narrate.py, decisions.py, simulator.py, picture.py): every
action kind and every event the engine emits has a short sentence in Korean and English with its numbers,
every pending decision is named with its seat and rule, every refusal is worded in both languages, the
Simulator's form makes scenarios that verify, and the Obelisk Wheel drawing fits its labels."""
from __future__ import annotations

import ast
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine import registry
from engine.api import ScenarioError, Situation
from engine.play import chooser
from engine.scenarios import run

ENGINE = registry.get("tekhenu")
ROOT = Path(__file__).resolve().parents[1]
HANGUL = re.compile(r"[가-힣]")
# the first event an action causes names the player who decided it
OWN_EVENTS = {"take_die", "destiny", "starting_card", "decree_kept", "blessing", "bread_upkeep", "decrees_scored",
              "decree_action_declined", "starting_reward", "produce", "bastet", "osiris", "horus", "hathor",
              "thoth", "thoth_refresh", "no_action_possible"}
CONFIGS = [(2, {}), (3, {}), (4, {}), (3, {"edition": "ko"}), (2, {"solo": True, "difficulty": "hard"}),
           (2, {"solo": True, "difficulty": "medium", "horus": "preprinted"})]


@pytest.fixture(scope="module")
def played():
    """Random games (with each decision and the events of its action) and every scenario's steps."""
    decisions, events, actions = [], [], []
    for seed in range(3):
        for players, options in CONFIGS:
            state = ENGINE.new_game(players, seed, **options)
            pick = chooser(seed)
            while not ENGINE.is_over(state):
                decision = ENGINE.decision(state)
                action = pick.choice(ENGINE.legal_actions(state))
                new, new_events = ENGINE.apply(state, action)
                decisions.append((state.phase, decision, new_events))
                actions.append(ENGINE.action_to_json(action))
                events.extend(new_events)
                state = new
            decisions.append((state.phase, ENGINE.decision(state), []))
    from app.core.scenario_files import load_scenarios

    for spec in load_scenarios(game="tekhenu").values():
        result = run(ENGINE, spec)
        for step in result.steps:
            actions.append(step.action)
            events.extend(step.events)
    return decisions, events, actions


def _kb_ids():
    from kb.kb_cache import load_checked_kb

    game = load_checked_kb().games["tekhenu"]
    return set(game.rules) | set(game.cards) | set(game.sections)


def test_every_event_is_narrated_in_both_languages(played):
    _, events, _ = played
    names = {e["event"] for e in events}
    assert len(names) >= 30, sorted(names)
    for event in events:
        en, ko = ENGINE.narrate_event(event, "en"), ENGINE.narrate_event(event, "ko")
        assert en and ko and en != ko, event
        assert HANGUL.search(ko) and not HANGUL.search(en), (event, en, ko)


def test_narration_carries_the_numbers_that_changed():
    capped = {"event": "bastet", "seat": 0, "die": 6, "happiness": [8, 10], "capped_by_population": True,
              "scribes": 0, "population": 10, "rule": "tekhenu/actions/bastet/advance-happiness"}
    assert ENGINE.narrate_event(capped, "en") == \
        "Player 1: Happiness 8 + 6 = 14, capped at Population 10 → 10; +0 Scribes (die 6)"
    assert "8 + 6 = 14" in ENGINE.narrate_event(capped, "ko") and "인구 10" in ENGINE.narrate_event(capped, "ko")
    produce = {"event": "produce", "seat": 1, "resource": "bread", "produced": 5, "kept": 3, "taint": 2, "marker": 3}
    assert all(n in ENGINE.narrate_event(produce, "en") for n in ("5 Bread", "keeps 3", "on 3", "the 2 in excess"))
    assert "빵 5개" in ENGINE.narrate_event(produce, "ko") and "초과 2개" in ENGINE.narrate_event(produce, "ko")
    maat = {"event": "maat_balance", "seat": 0, "balance": -4, "before_faith": -7, "faith_used": 3, "vp_lost": 1,
            "rule": "tekhenu/maat/vp-loss-table"}
    assert ENGINE.narrate_event(maat, "en") == "Player 1: balance -7, 3 Faith → -4; loses 1 VP by the VP-loss table"
    double = {"event": "pillar_ability", "seat": 0, "tile": "P19", "effect": "double_space_reward",
              "gained": {"faith": 1}, "rule": "tekhenu/actions/ra/step-5-ability"}
    assert "twice in all" in ENGINE.narrate_event(double, "en") and "assumed" in ENGINE.narrate_event(double, "en")
    assert "두 번" in ENGINE.narrate_event(double, "ko")


def test_botankhamun_is_named_in_its_events():
    event = {"event": "take_die", "seat": 1, "die": 3, "color": "white", "value": 5, "god": "ra", "purity": "pure",
             "anubis": False, "scribes_spent": 0, "rule": "tekhenu/solo/god-action-tile/highest-die"}
    assert ENGINE.narrate_event(event, "en").startswith("Botankhamun") and "보탕카멘" in ENGINE.narrate_event(event, "ko")


def test_every_action_kind_is_narrated_in_both_languages(played):
    _, _, actions = played
    kinds = {a["kind"] for a in actions}
    assert kinds >= {"take_die", "perform", "extra_perform", "choose_decree", "choose_starting", "choose_destiny",
                     "choose_reward", "use_blessing", "choose_card_option", "score_decrees", "pay_bread",
                     "place_faith", "phase", "botankhamun"}, kinds
    for action in actions:
        en, ko = ENGINE.narrate_action(action, "en"), ENGINE.narrate_action(action, "ko")
        assert en and ko and HANGUL.search(ko), action
        assert "kind:" not in en and "kind:" not in ko, action      # never the generic key: value fallback


def test_every_decision_names_its_seat_rule_and_words(played):
    decisions, _, _ = played
    known = _kb_ids()
    kinds = set()
    for phase, decision, events in decisions:
        kinds.add(decision.kind)
        assert decision.prompt["en"] and HANGUL.search(decision.prompt["ko"]), decision
        if phase == "game_over":
            assert decision.seat is None
            continue
        assert decision.rule_id in known, decision
        own = events[0] if events and events[0].get("event") in OWN_EVENTS else None   # what the decision did first
        if own is not None and not str(own.get("rule", "")).startswith("tekhenu/solo/"):
            assert own["seat"] == decision.seat, (phase, decision, own)
    assert kinds >= {"choose_decree", "choose_starting", "choose_reward", "choose_destiny", "take_die", "act",
                     "place_faith", "pay_bread", "score_decrees", "game_over"}, kinds


def test_decisions_of_rarer_phases():
    """The Pillar ability's choice, D23's action, Happiness 21 and Botankhamun's own turn, set up directly."""
    from engine.tekhenu import decrees, rules, solo
    from engine.tekhenu.actions import ChooseCardOption
    from engine.tekhenu.scenarios import setup_state

    state, dice = setup_state({"setup": {"players": 2, "edition": "ko", "me": {"resources": {"limestone": 2}},
                                         "board": {"ra_tiles": [None, None, "P19"]},
                                         "dice": [{"as": "d", "color": "gray", "value": 1, "god": "ra", "light": "sunny"}]}})
    state, _ = ENGINE.apply(state, ENGINE.action_from_json({"kind": "take_die", "die": dice["d"]}))
    state, _ = ENGINE.apply(state, ENGINE.action_from_json({"kind": "perform", "action": "ra", "cell": "1,1"}))
    d = ENGINE.decision(state)
    assert (d.kind, d.seat, d.rule_id) == ("choose_resources", state.pending["seat"], "tekhenu/P19")
    assert all(isinstance(a, ChooseCardOption) for a in ENGINE.legal_actions(state))

    state, _ = setup_state({"setup": {"players": 2, "me": {"decrees": ["D23"]}}})
    assert decrees.before_final_scoring(state, [])
    d = ENGINE.decision(state)
    assert (d.kind, d.rule_id, d.seat) == ("decree_d23", "tekhenu/D23", state.pending["queue"][0])

    state, _ = setup_state({"setup": {"players": 2, "me": {"happiness": 20, "population": 21}}})
    from engine.tekhenu import core
    core.advance_happiness(state, state.current, 1, [])
    d = ENGINE.decision(state)
    assert (d.kind, d.rule_id) == ("happiness21", "tekhenu/actions/bastet/happiness-21-extra-action")

    state = solo.new_game(3, "easy")
    while state.phase == "setup":
        state, _ = ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    state.turn_index = state.turn_order.index(solo.SEAT)      # as if its turn had not been played yet
    d = ENGINE.decision(state)
    assert (d.kind, d.seat) == ("botankhamun_turn", solo.SEAT) and d.rule_id.startswith("tekhenu/solo/")
    rules.play_botankhamun(state, [])
    assert ENGINE.decision(state).seat != solo.SEAT


def test_every_view_field_has_a_label_in_both_languages():
    from app.core.scenario_files import load_scenarios

    specs = load_scenarios(game="tekhenu")
    keys: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                keys.add(key)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for sid in ("tekhenu/scenario/solo-setup-hard", "tekhenu/scenario/examples-6-7-balance-and-faith"):
        result = run(ENGINE, specs[sid])
        walk(result.before)
        walk(result.after)
    assert {"vp", "scales", "wheel", "botankhamun", "taint_resources"} <= keys
    for key in keys:
        en, ko = ENGINE.label(key, "en"), ENGINE.label(key, "ko")
        assert en != key or key == "VP", key
        assert HANGUL.search(ko), key
    assert ENGINE.label("resources.bread", "ko") == "자원 · 빵"


def test_every_refusal_has_a_korean_message():
    missing = []
    for path in sorted((ROOT / "engine" / "tekhenu").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction" \
                    and len(node.args) + len(node.keywords) < 3:
                missing.append(f"{path.name}:{node.lineno}")
    assert not missing, missing


def test_terms_are_the_glossarys():
    import yaml

    from engine.tekhenu.terms import TERMS

    glossary = yaml.safe_load((ROOT / "kb/data/tekhenu/glossary.yaml").read_text(encoding="utf-8"))["terms"]
    by_en = {t["en"].lower(): t["ko"] for t in glossary}
    checked = 0
    for en, ko in TERMS.values():
        if en.lower() in by_en:
            assert by_en[en.lower()] == ko, (en, ko, by_en[en.lower()])
            checked += 1
    assert checked >= 30


# -- the Simulator ----------------------------------------------------------------------------------------
def test_simulator_default_is_legal_and_verifies():
    fields = {f.name: f for f in ENGINE.simulator_fields()}
    assert all(f.label["ko"] and f.label["en"] for f in fields.values())
    assert fields["color"].choice_labels["gray"] == {"en": "gray", "ko": "회색"}
    spec = ENGINE.simulator_scenario({})
    result = run(ENGINE, spec)
    assert result.verified and not any("raises" in e for e in spec["expect"])
    assert result.after["happiness"] == 10          # the default shows Happiness stopping at Population


@pytest.mark.parametrize("action", ["god_action", "produce"])
def test_every_simulator_situation_verifies(action):
    fields = {f.name: f for f in ENGINE.simulator_fields()}
    rng = random.Random(action)
    for color in fields["color"].choices:
        for god in fields["god"].choices:
            for light in fields["light"].choices:
                values = {"color": color, "god": god, "light": light, "action": action, "value": rng.randint(1, 6),
                          "happiness": rng.randint(0, 12), "papyrus": rng.randint(0, 4), "marker": rng.randint(2, 6)}
                values["population"] = rng.randint(values["happiness"], 21)
                spec = ENGINE.simulator_scenario(values)
                result = run(ENGINE, spec)
                assert result.verified, (values, [(c.description, c.expected, c.actual) for c in result.checks])


def test_simulator_refusals_name_their_rule():
    forbidden = ENGINE.simulator_scenario({"color": "black", "light": "sunny", "god": "ra"})
    assert forbidden["expect"] == [e for e in forbidden["expect"] if e.get("raises") == "tekhenu/round/take-die"]
    gray = ENGINE.simulator_scenario({"color": "gray", "action": "produce"})
    assert gray["expect"][0]["raises"] == "tekhenu/round/gray-no-production" and run(ENGINE, gray).verified
    with pytest.raises(ScenarioError, match="Happiness 12 cannot be above Population 10"):
        ENGINE.simulator_scenario({"happiness": 12, "population": 10})


# -- the picture ------------------------------------------------------------------------------------------
def _texts(svg: str):
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    width = float(root.get("viewBox").split()[2])
    return root, ns, width


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_picture_labels_fit_and_follow_the_language(lang):
    from engine.tekhenu.picture import text_width

    spec = ENGINE.simulator_scenario({})
    situation = ENGINE.scenario_setup(spec)
    svg = ENGINE.picture(situation, lang)
    root, ns, width = _texts(svg)
    labels = [t for t in root.iter(f"{ns}text") if t.text and not t.text.strip().isdigit()]
    assert any(HANGUL.search(t.text) for t in labels) == (lang == "ko")
    assert ("바스테트" in svg) == (lang == "ko") and ("Bastet" in svg) == (lang == "en")
    for t in labels:
        x, size = float(t.get("x")), float(t.get("font-size"))
        w = text_width(t.text, size)
        left = {"start": x, "end": x - w, "middle": x - w / 2}[t.get("text-anchor", "start")]
        assert 0 <= left and left + w <= width, (t.text, left, w, width)


def test_picture_after_taking_a_die_shows_it_on_the_scales_not_the_wheel():
    def gray_sixes(svg: str) -> tuple[int, int]:
        root, ns, _ = _texts(svg)
        panel_x = next(float(t.get("x")) for t in root.iter(f"{ns}text") if (t.text or "").startswith("Player"))
        rects = [r for r in root.iter(f"{ns}rect") if (r.findtext(f"{ns}title") or "") == "gray 6"]
        return (sum(1 for r in rects if float(r.get("x")) < panel_x), sum(1 for r in rects if float(r.get("x")) >= panel_x))

    spec = ENGINE.simulator_scenario({})          # a gray 6 taken from Bastet (Shaded: Tainted)
    situation = ENGINE.scenario_setup(spec)
    wheel, scales = gray_sixes(ENGINE.picture(situation, "en"))
    assert wheel >= 1 and scales == 0
    for step in spec["actions"]:
        ENGINE.scenario_step(situation, dict(step))
    after = ENGINE.picture(situation, "en")
    assert gray_sixes(after) == (wheel - 1, 1)
    assert "Balance -6" in after
