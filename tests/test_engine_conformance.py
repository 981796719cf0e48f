"""The conformance test every registered engine passes (OpenSpiel's random-simulation test, plus what
Arbiter needs): random games finish, the same seed gives the same game, state and action JSON round-trip
exactly, `apply` never changes its input, every decision names a seat, every fact has a provenance,
every KB id an engine cites exists, `engine/` imports neither `kb/` nor `app/`, and no module reaches
into another module's private names. Long random-play runs are in each game's property tests."""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from engine import registry
from engine.play import chooser
from source_imports import imports, modules

ROOT = Path(__file__).resolve().parents[1]
GAMES = registry.available()
SOURCE_PACKAGES = ("engine", "kb", "app")


@pytest.fixture(scope="module")
def kb():
    from kb.kb_cache import load_checked_kb

    return load_checked_kb()


def _known_ids(kb, engine) -> set[str]:
    return {e for g in engine.info.rule_games for e in (*kb.games[g].rules, *kb.games[g].cards)}


def _dump(engine, state) -> str:
    return json.dumps(engine.state_to_json(state), sort_keys=True, ensure_ascii=False)


def _random_game(engine, players: int, seed: int, check_every: int = 0, **options):
    """Play a random game; every `check_every`-th step also checks JSON round trips and that `apply`
    leaves its input unchanged. Returns (final state, decisions)."""
    state = engine.new_game(players, seed, **options)
    pick = chooser(seed)
    steps = 0
    while not engine.is_over(state):
        decision = engine.decision(state)
        assert decision.seat is not None, f"{engine.info.id}: a game in progress names who decides ({decision})"
        assert decision.prompt.get("ko") and decision.prompt.get("en")
        actions = engine.legal_actions(state)
        assert actions, f"{engine.info.id}: no legal action while not over (seed {seed}, step {steps})"
        action = pick.choice(actions)
        if check_every and steps % check_every == 0:
            before = _dump(engine, state)
            assert _dump(engine, engine.state_from_json(json.loads(before))) == before
            for a in actions:
                data = engine.action_to_json(a)
                assert engine.action_from_json(json.loads(json.dumps(data))) == a
            new, events = engine.apply(state, action)
            assert _dump(engine, state) == before, f"{engine.info.id}: apply changed its input state"
            assert isinstance(events, list)
            state = new
        else:
            state, _ = engine.apply(state, action)
        steps += 1
        assert steps < 100_000, f"{engine.info.id}: no end in sight (seed {seed})"
    return state, steps


def _player_counts(engine):
    info = engine.info
    return range(info.min_players, info.max_players + 1)


@pytest.mark.parametrize("game", GAMES)
def test_engine_is_a_kb_game_with_a_bilingual_title(game):
    from kb.corpus import GAME_IDS

    engine = registry.get(game)
    assert engine.info.id == game and game in GAME_IDS
    assert engine.info.title["ko"] and engine.info.title["en"]
    assert engine.info.min_players <= engine.info.default_players <= engine.info.max_players
    for option in engine.info.options:
        assert option.help.get("ko") and option.help.get("en"), option.name


@pytest.mark.parametrize("game", GAMES)
def test_random_games_finish_with_a_result_and_round_trip(game):
    engine = registry.get(game)
    for players in _player_counts(engine):
        state, _ = _random_game(engine, players, seed=players, check_every=7)
        result = engine.result(state)
        assert len(result["final"]) == players and all("score" in row for row in result["final"])
        assert result["winner"] is None or result["winner"] in {row["player"] for row in result["final"]}
        assert engine.decision(state).seat is None


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game(game):
    engine = registry.get(game)
    players = engine.info.default_players
    first, n1 = _random_game(engine, players, seed=11)
    second, n2 = _random_game(engine, players, seed=11)
    assert n1 == n2 and _dump(engine, first) == _dump(engine, second)
    other, _ = _random_game(engine, players, seed=12)
    assert _dump(engine, other) != _dump(engine, first)


@pytest.mark.parametrize("game", GAMES)
def test_facts_have_a_provenance_and_cite_existing_rules(game, kb):
    engine = registry.get(game)
    facts = engine.facts()
    assert len(facts) > 0
    known = _known_ids(kb, engine) | {s for g in engine.info.rule_games for s in kb.games[g].sections}
    for fact in facts.all():
        assert fact.source in ("rulebook", "source", "assumed")
        if fact.rule:
            assert fact.rule in known, f"{game}: fact {fact.path} cites unknown rule {fact.rule}"
        if fact.source == "source":
            assert fact.ref and fact.checked, fact.path
        if fact.source == "assumed":
            assert fact.note, fact.path


def _keys(value):
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from _keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _keys(inner)


@pytest.mark.parametrize("game", GAMES)
def test_no_fact_has_a_key_yaml_read_as_a_boolean_or_null(game):
    """YAML 1.1 reads a bare key on/off/yes/no as true/false (Time of Seth's TX01 showed {True: 'seth'})."""
    bad = [f.path for f in registry.get(game).facts().all() if any(k is None or isinstance(k, bool) for k in _keys(f.value))]
    assert not bad, f"{game}: quote these keys: {bad}"


HANGUL = re.compile(r"[\uac00-\ud7a3]")


@pytest.mark.parametrize("game", GAMES)
def test_every_value_the_rulebook_does_not_state_explains_itself_in_both_languages(game):
    """A Korean player reads why a value is assumed or where it was published, in Korean."""
    for fact in registry.get(game).facts().not_rulebook():
        ko, en = fact.explain("ko"), fact.explain("en")
        assert ko != en and HANGUL.search(ko.split(":", 1)[1]), f"{game}: {fact.path} has no Korean explanation"
        assert ko.startswith("가정: " if fact.source == "assumed" else "출처: ") and en.startswith(fact.source)


KB_ID = re.compile(r"^[a-z][a-z0-9-]*(?:/[A-Za-z0-9][A-Za-z0-9._-]*)+$")


def _cited_ids(game: str) -> set[str]:
    """Every string in the engine's code and data that looks like an id of its games' KB."""
    engine = registry.get(game)
    prefixes = tuple(f"{g}/" for g in engine.info.rule_games)
    folder = ROOT / "engine" / registry.folder(game)
    found: set[str] = set()
    for path in folder.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        pieces = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values}
        for node in ast.walk(tree):   # whole strings only: an f-string's pieces are not ids
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in pieces:
                found.add(node.value)
    for path in folder.rglob("*.yaml"):
        found.update(re.findall(r"[a-z][a-z0-9-]*/[A-Za-z0-9/._-]+", path.read_text(encoding="utf-8")))
    return {s for s in found if KB_ID.match(s) and s.startswith(prefixes) and "/scenario/" not in s
            and not s.startswith(tuple(f"{g}/data" for g in engine.info.rule_games))}


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_the_engine_cites_exists(game, kb):
    engine = registry.get(game)
    known = _known_ids(kb, engine)
    sections = {s for g in engine.info.rule_games for s in kb.games[g].sections}
    cited = _cited_ids(game)
    assert cited, f"{game}: the engine cites no rule at all"
    unknown = sorted(c for c in cited if c not in known and c not in sections)
    assert not unknown, f"{game}: cites ids that are not in the KB: {unknown[:20]}"


def test_engine_imports_neither_kb_nor_app():
    offenders = [f"{module} imports {target}" for path, module in modules("engine")
                 for target, _ in imports(path, module) if target.split(".")[0] in ("kb", "app")]
    assert not offenders, offenders


def test_no_module_reaches_into_another_modules_private_names():
    """`from x import _name` or `x._name` across modules: a private name is its module's own business."""
    offenders = []
    for package in SOURCE_PACKAGES:
        for path, module in modules(package):
            module_aliases = {}
            for target, names in imports(path, module):
                if target.split(".")[0] not in SOURCE_PACKAGES:
                    continue
                for name in names:
                    if name.startswith("_") and not name.startswith("__"):
                        offenders.append(f"{module}: from {target} import {name}")
                    else:
                        module_aliases[name] = f"{target}.{name}"
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                        and isinstance(node.value, ast.Name) and node.value.id in module_aliases):
                    offenders.append(f"{module}: {node.value.id}.{node.attr}")
    assert not offenders, "\n".join(sorted(set(offenders)))


def test_engine_modules_import_in_one_direction():
    """No import cycle among a game engine's modules (deferred imports inside functions count too)."""
    for game in GAMES:
        prefix = f"engine.{registry.folder(game)}."
        graph: dict[str, set[str]] = {}
        for path, module in modules(f"engine/{registry.folder(game)}"):
            graph[module] = {t for t, names in imports(path, module) for t in
                             ([t] + [f"{t}.{n}" for n in names]) if t.startswith(prefix)}
        graph = {m: {t for t in targets if t in graph and t != m} for m, targets in graph.items()}
        cycle = _find_cycle(graph)
        assert cycle is None, f"{game}: import cycle {' → '.join(cycle)}"


def _find_cycle(graph: dict[str, set[str]]):
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


@pytest.mark.parametrize("game", GAMES)
def test_every_scenario_of_the_game_verifies(game):
    from app.core.scenario_files import load_scenarios
    from engine.scenarios import run

    engine = registry.get(game)
    scenarios = load_scenarios(game=game)
    assert scenarios, f"{game}: an engine comes with scenarios"
    failed = [sid for sid, spec in scenarios.items() if not run(engine, spec).verified]
    assert not failed, failed


# -- no action crashes an engine: every action kind of every engine, fuzzed (hypothesis) ---------------------------
# Whatever JSON a client sends (a wrong type, a missing or extra field, a float for an int, a negative or huge
# number, an unknown id, a bool, a list, an action of another phase) is refused with IllegalAction (the rule, or
# the one MalformedAction), never another exception and never carried out unless legal_actions lists it; and a
# state `apply` returns is one the engine continues from. The default run is a fixed sample (derandomized);
# `pytest -m slow` runs many more, random.
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from engine.api import MalformedAction  # noqa: E402
from engine.errors import IllegalAction  # noqa: E402

FUZZ_EXAMPLES, FUZZ_EXAMPLES_SLOW = 400, 10_000
HOSTILE = st.one_of(
    st.integers(-3, 12), st.sampled_from([-1, 10**6, -10**9, 2**63, 10**100]), st.floats(allow_nan=True),
    st.sampled_from([0.0, 1.0, 0.5, -1.5]), st.booleans(), st.none(), st.text(max_size=6),
    st.sampled_from(["", "x", "0", "1", "-1", "2", "none", "seth", "produce", "people:99", "people:-1", "temple:-1",
                     "faith:-3", "faith:abc", "Art99", "A01", "B01", "T19", "1,1", "4,4", "-1,0", "0:0", "9:9",
                     "no-such-card", "happiness", "population", "bogus", "red", "blue", "wheel", "pyramid", "point"]),
    st.lists(st.one_of(st.integers(-2, 6), st.text(max_size=3), st.floats()), max_size=5),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def _fuzz_configs(engine) -> list[tuple[int, dict]]:
    """The default game, and each option alone at each other value it takes (a flag: on)."""
    info = engine.info
    out = [(info.default_players, {})]
    for option in info.options:
        values = option.choices if option.choices is not None else (True,)
        out += [(info.default_players, {option.name: v}) for v in values if v != option.default]
    return out


_POOLS: dict = {}


def _pool(game: str):
    """States of seeded random games in every configuration (every 4th decision and the end), each with the JSON
    of its legal actions, grouped by what is decided (the decision's kind and the kinds of moves offered, so that
    a rare decision is drawn as often as a common one); and, per field name, the values legal actions gave it."""
    if game not in _POOLS:
        engine = registry.get(game)
        groups, seen = {}, {}
        for index, (players, options) in enumerate(_fuzz_configs(engine)):
            try:
                state = engine.new_game(players, index, **options)
            except IllegalAction:       # an option for another player count (the Trial of the Vizier: 2)
                state = engine.new_game(engine.info.min_players, index, **options)
            pick, step = chooser(index), 0
            while True:
                legal = engine.legal_actions(state)
                if step % 4 == 0 or not legal:
                    listed = [engine.action_to_json(a) for a in legal]
                    key = (engine.decision(state).kind, tuple(sorted({f"{d['kind']}:{d.get('action')}" for d in listed})))
                    groups.setdefault(key, []).append((state, listed))
                    for data in listed:
                        for name, value in data.items():
                            seen.setdefault(name, set()).add(json.dumps(value))
                if not legal:
                    break
                state, _ = engine.apply(state, pick.choice(legal))
                step += 1
        _POOLS[game] = (list(groups.values()), {name: [json.loads(v) for v in sorted(values)]
                                                for name, values in seen.items()})
    return _POOLS[game]


@st.composite
def _hostile_action(draw, game: str):
    """A state of the pool, and JSON near one of its legal actions or of any kind the game declares."""
    engine = registry.get(game)
    groups, seen = _pool(game)
    state, listed = draw(st.sampled_from(draw(st.sampled_from(groups))))
    specs = engine.action_specs()
    if listed and draw(st.booleans()):
        data = dict(draw(st.sampled_from(listed)))
    else:
        kind = draw(st.sampled_from(sorted(specs)))
        data = {"kind": kind}
        for name in specs[kind].fields:
            if name in specs[kind].required or draw(st.booleans()):
                data[name] = draw(st.sampled_from(seen[name])) if name in seen and draw(st.booleans()) else draw(HOSTILE)
    for _ in range(draw(st.sampled_from([1, 1, 2, 3, 0]))):
        how = draw(st.sampled_from(["nudge", "known", "value", "nudge", "known", "drop", "extra", "kind"]))
        names = [n for n in data if n != "kind"]
        chosen = [n for n in names if data[n] not in (None, 0, False, (), [])]      # what this move is about
        name = draw(st.sampled_from(chosen if chosen and draw(st.booleans()) else names)) if names else None
        if how == "value" and name:
            data[name] = draw(HOSTILE)
        elif how == "known" and name in seen:
            data[name] = draw(st.sampled_from(seen[name]))
        elif how == "drop" and name:
            del data[name]
        elif how == "extra":
            data[draw(st.sampled_from(["extra", "seat", "card", "slot", "kind2"]))] = draw(HOSTILE)
        elif how == "kind":
            data["kind"] = draw(st.one_of(st.sampled_from(sorted(specs)), HOSTILE))
        elif how == "nudge" and name and type(data[name]) is int:
            data[name] += draw(st.sampled_from([-2, -1, 1, 2, 100]))
        elif how == "nudge" and name and type(data[name]) is str and re.search(r"\d", data[name]):
            # a number inside a name ("people:0", "1,1", "faith:2"): out of range, negative, a word
            data[name] = re.sub(r"\d+", lambda _: draw(st.sampled_from(["-1", "99", "3", "x", "1.5", ""])),
                                data[name], count=1)
    if draw(st.integers(0, 19)) == 0:
        data = draw(st.one_of(HOSTILE, st.just(list(data.items()))))
    return state, listed, data


def _fuzz_step(engine, state, listed, data) -> bool:
    """Send `data` as a client would; True when the engine carried it out (then it was listed, and the new state
    goes on)."""
    try:
        action = engine.action_from_json(data)
    except MalformedAction:
        action = data                   # code may pass anything: apply must refuse it the same way
    try:
        new, events = engine.apply(state, action)
    except IllegalAction as refused:
        assert refused.rule_id is None or isinstance(refused.rule_id, str) and "/" in refused.rule_id, refused
        assert refused.message and refused.message_ko, refused
        return False
    assert engine.action_to_json(action) in listed, f"{engine.info.id}: carried out an unlisted action {data!r}"
    assert isinstance(events, list)
    assert engine.is_over(new) or (engine.decision(new).seat is not None and engine.legal_actions(new)), \
        f"{engine.info.id}: {data!r} left a state the engine cannot continue from"
    return True


def _fuzz(game: str, examples: int, derandomize: bool):
    engine = registry.get(game)
    _pool(game)

    @settings(max_examples=examples, deadline=None, derandomize=derandomize, database=None,
              suppress_health_check=list(HealthCheck))
    @given(_hostile_action(game))
    def run_one(case):
        _fuzz_step(engine, *case)

    run_one()


@pytest.mark.parametrize("game", GAMES)
def test_no_action_crashes_an_engine(game):
    _fuzz(game, FUZZ_EXAMPLES, derandomize=True)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_no_action_crashes_an_engine_long(game):
    _fuzz(game, FUZZ_EXAMPLES_SLOW, derandomize=False)


@pytest.mark.parametrize("game", GAMES)
def test_every_action_kind_is_declared_and_refused_cleanly_in_every_phase(game):
    """Every kind the game declares, with fields a legal action once held (or none), sent in sampled states of
    every phase: a clean refusal or a listed move. And every kind legal_actions offers is a declared kind."""
    engine = registry.get(game)
    groups, seen = _pool(game)
    states = [case for group in groups for case in group]
    specs = engine.action_specs()
    offered = {data["kind"] for _, listed in states for data in listed}
    assert offered <= set(specs), f"{game}: legal actions of undeclared kinds {offered - set(specs)}"
    phases = {}
    for state, listed in states:
        phases.setdefault(engine.decision(state).kind, (state, listed))
    carried = 0
    for kind, spec in sorted(specs.items()):
        data = {"kind": kind, **{name: seen[name][0] for name in spec.required if name in seen}}
        for state, listed in phases.values():
            carried += _fuzz_step(engine, state, listed, data)
            carried += _fuzz_step(engine, state, listed, {**data, "unknown_field": 1})
    assert carried < len(specs) * len(phases)


def _near_misses(data: dict, seen: dict):
    """Moves one step from a legal one: each field the move is about (and one it leaves empty) given a value
    another legal move had, a number one off, negative or huge, a number inside a name changed ("people:0" →
    "people:99"), or a value of the wrong type."""
    names = [n for n in data if n != "kind"]
    about = [n for n in names if data[n] not in (None, 0, False, (), [])]
    empty = [n for n in names if n not in about][:2]
    for name in about + empty:
        value = data[name]
        options = list(seen.get(name, ()))[:4] + [None, True, 1.5, "x", [value]]
        if type(value) is int:
            options += [value - 1, value + 1, -1, 10**6]
        if type(value) is str:
            options += [re.sub(r"\d+", r, value, count=1) for r in ("99", "-1", "x", "")] + ["", value + "9"]
        if isinstance(value, (list, tuple)):
            options += [[], [-1], list(value) * 2, [str(v) for v in value]]
        for option in options:
            yield {**data, name: option}


def _near_miss_sweep(game: str, states_per_group: int) -> None:
    engine = registry.get(game)
    groups, seen = _pool(game)
    carried = tried = 0
    for state, listed in [case for group in groups for case in group[:states_per_group]]:
        shapes = {}
        for data in listed:
            shapes.setdefault(f"{data['kind']}:{data.get('action')}:{data.get('target', '')[:4] if isinstance(data.get('target'), str) else ''}", data)
        for data in shapes.values():
            for near in _near_misses(data, seen):
                tried += 1
                carried += _fuzz_step(engine, state, listed, near)
    assert tried > 100 and carried


@pytest.mark.parametrize("game", GAMES)
def test_an_action_apply_carries_out_is_one_legal_actions_lists(game):
    """Near misses of legal moves (_near_misses) in two states of every kind of decision: the moves a game's own
    rules might carry out without listing them, or crash on. Never a crash; carried out only when listed."""
    _near_miss_sweep(game, states_per_group=2)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_an_action_apply_carries_out_is_one_legal_actions_lists_long(game):
    _near_miss_sweep(game, states_per_group=10**6)


def _damage_sweep(game: str, every: int) -> None:
    from engine.api import MalformedState

    engine = registry.get(game)
    groups, _ = _pool(game)
    refused = 0
    for state, _listed in [group[0] for group in groups][::every]:
        data = engine.state_to_json(state)
        records = [("", data)] + [(f"{k}[{i}]", r) for k, v in data.items() if isinstance(v, list)
                                  for i, r in enumerate(v[:1]) if isinstance(r, dict)]
        for where, record in records:
            for key in list(record):
                for damage in ("drop", "type"):
                    copy = json.loads(json.dumps(data))
                    target = copy if not where else copy[where.split("[")[0]][0]
                    if damage == "drop":
                        del target[key]
                    else:
                        target[key] = "x" if not isinstance(target[key], str) else 5
                    try:
                        loaded = engine.state_from_json(copy)
                    except MalformedState:
                        refused += 1
                        continue
                    legal = engine.legal_actions(loaded)
                    if legal:
                        try:
                            engine.apply(loaded, legal[0])
                        except IllegalAction:
                            pass
    assert refused
    with pytest.raises(MalformedState):
        engine.state_from_json({})


@pytest.mark.parametrize("game", GAMES)
def test_a_damaged_state_is_refused_or_one_the_engine_continues_from(game):
    """state_from_json on a state with a key removed or given another type (at the top and in each player's
    record): MalformedState, or a state whose decision, legal moves and next move all work."""
    _damage_sweep(game, every=len(_pool(game)[0]) // 2 or 1)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_damaged_state_is_refused_or_one_the_engine_continues_from_long(game):
    _damage_sweep(game, every=1)
