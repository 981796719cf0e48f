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


def _modules(package: str):
    for path in sorted((ROOT / package).rglob("*.py")):
        yield path, ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _imports(path: Path, module: str):
    """(imported module, names) for every import in a file, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module.split(".")[:-1] if path.name != "__init__.py" else module.split(".")
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            yield target, [a.name for a in node.names]


def test_engine_imports_neither_kb_nor_app():
    offenders = [f"{module} imports {target}" for path, module in _modules("engine")
                 for target, _ in _imports(path, module) if target.split(".")[0] in ("kb", "app")]
    assert not offenders, offenders


def test_no_module_reaches_into_another_modules_private_names():
    """`from x import _name` or `x._name` across modules: a private name is its module's own business."""
    offenders = []
    for package in SOURCE_PACKAGES:
        for path, module in _modules(package):
            module_aliases = {}
            for target, names in _imports(path, module):
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
        for path, module in _modules(f"engine/{registry.folder(game)}"):
            graph[module] = {t for t, names in _imports(path, module) for t in
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
    from app.scenario_files import load_scenarios
    from engine.scenarios import run

    engine = registry.get(game)
    scenarios = load_scenarios(game=game)
    assert scenarios, f"{game}: an engine comes with scenarios"
    failed = [sid for sid, spec in scenarios.items() if not run(engine, spec).verified]
    assert not failed, failed
