"""`arbiter play`, `facts` and `simulate`: the games' rules engines, without a question — whole random
games, the engines' values with their provenance, and the KB's checked scenarios."""
from __future__ import annotations

import argparse

from app.cli.common import EXIT_FAILED, EXIT_OK, print_json, silence_stdout
from app.core.records import UsageError, check_game


def _engine(game: str | None):
    """The registered engine of a game (Tekhenu when none is named)."""
    from app.core.records import engine

    return engine(game)


def _engine_options(engine, extra: list[str]) -> dict:
    """The game options after `arbiter play --game G ...` (each engine declares its own)."""
    parser = argparse.ArgumentParser(prog=f"arbiter play --game {engine.info.id}", add_help=False,
                                     exit_on_error=False)
    for option in engine.info.options:
        if option.choices is None:
            parser.add_argument(f"--{option.name}", action="store_true", default=option.default)
        else:
            parser.add_argument(f"--{option.name}", choices=option.choices, default=option.default,
                                type=type(option.default) if option.default is not None else str)
    try:
        known, unknown = parser.parse_known_args(extra)
    except argparse.ArgumentError as exc:
        raise UsageError(f"{engine.info.id}: {exc}") from None
    if unknown:
        names = ", ".join(f"--{o.name}" for o in engine.info.options) or "none"
        raise UsageError(f"{engine.info.id} has no option {' '.join(unknown)!r}; its options: {names}")
    return vars(known)


def cmd_play(args) -> int:
    from engine.errors import IllegalAction
    from engine.play import StuckGame, play_random

    engine = _engine(args.game)
    options = _engine_options(engine, args.extra)
    info = engine.info
    players = args.players if args.players is not None else info.default_players
    if not options.get("solo") and not info.min_players <= players <= info.max_players:
        raise UsageError(f"{info.id} is played by {info.min_players}-{info.max_players} players (got {players})")
    try:
        state, _ = play_random(engine, players, args.seed, **options)
    except IllegalAction as exc:
        raise UsageError(f"{exc.message} [{exc.rule_id}]") from None
    except StuckGame as exc:
        raise UsageError(f"the engine could not finish the game: {exc}") from None
    result = {"game": info.id, **engine.summary(state, args.seed)}
    result.setdefault("seed", args.seed)
    if args.json:
        print_json(result)
        return EXIT_OK
    lang = args.lang
    print(f"{info.title[lang]} · seed {args.seed}")
    for row in sorted(result["final"], key=lambda r: -r["score"]):
        name = "Botankhamun" if row.get("botankhamun") else (f"플레이어 {row['player']}" if lang == "ko"
                                                             else f"player {row['player']}")
        print(f"{name}: {row['score']}")
    winner = result.get("winner")
    print(("승자: " if lang == "ko" else "winner: ") + (str(winner) if winner is not None else "—"))
    if result.get("notice"):            # e.g. a game played without cards whose texts are unpublished
        print(result["notice"][lang])
    if result.get("facts_used"):
        print(("규칙서에 없는 값 (arbiter facts --game G PATH): " if lang == "ko"
               else "values the rulebook does not state (arbiter facts --game G PATH): ")
              + ", ".join(result["facts_used"]))
    return EXIT_OK


def cmd_facts(args) -> int:
    from app.core.records import fact_record, facts

    chosen = facts(args.game, args.path, args.assumed, args.source)
    if args.json:
        for game, fact in chosen:
            print_json(fact_record(game, fact))
        return EXIT_OK
    for game, fact in chosen:
        print(f"{game}: {fact.path}  [{fact.source.upper() if fact.source != 'rulebook' else 'rulebook ' + fact.rule}]"
              f"  = {fact.value}")
        if fact.source == "source":
            print(f"    source: {fact.ref}\n    checked: {' '.join(fact.checked.split())}")
            if fact.checked_ko:
                print(f"    확인: {' '.join(fact.checked_ko.split())}")
        if fact.note:
            print(f"    {' '.join(fact.note.split())}")
        if fact.note_ko:
            print(f"    {' '.join(fact.note_ko.split())}")
    counts = {p: sum(f.source == p for _, f in chosen) for p in ("rulebook", "source", "assumed")}
    print(f"{len(chosen)} fact(s): {counts['rulebook']} rulebook, {counts['source']} source, "
          f"{counts['assumed']} assumed (not stated by the rulebook text).")
    return EXIT_OK


def _load_scenarios(args, games: list[str]) -> dict:
    from kb.yamlio import YamlError

    from app.core.scenario_files import load_scenarios

    out = {}
    try:
        for game in games:
            out.update(load_scenarios(args.data, game))
    except YamlError as exc:
        raise UsageError(str(exc)) from None
    return out


def cmd_simulate(args) -> int:
    from engine import registry

    from app.core.records import find_scenario, play_scenario

    check_game(args.game)
    games = [args.game] if args.game else list(registry.available())
    scenarios = _load_scenarios(args, games)
    if args.all:
        chosen = list(scenarios.values())
    elif args.id:
        chosen = [find_scenario(scenarios, games, args.id)]
    else:
        raise UsageError("give a scenario id or --all (optionally with --game G)")
    failed = 0
    for spec in chosen:
        result = play_scenario(spec)
        failed += not result.verified
        try:
            if args.json:
                print_json(result.to_json())
            else:
                mark = "verified" if result.verified else "NOT VERIFIED"
                print(f"{result.scenario_id}: {mark}  (rules: {', '.join(result.rule_ids)})")
                for check in result.checks:
                    print(f"  {'✓' if check.ok else '✗'} {check.description}: expected {check.expected!r}, "
                          f"got {check.actual!r}")
                if result.facts_used:
                    print(f"  values the rulebook does not state: {', '.join(result.facts_used)}")
        except BrokenPipeError:         # the verdict stands even if nobody reads all of it
            silence_stdout()
    return EXIT_OK if not failed else EXIT_FAILED


def register(sub, common) -> None:
    p = sub.add_parser("play", help="play a whole game between random legal players (any game with an engine)")
    p.add_argument("--game", help="game id (default: tekhenu)")
    p.add_argument("--players", type=int, help="number of players (default: the game's usual number)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["ko", "en"], default="en")
    p.set_defaults(func=cmd_play, extra_ok=True)   # the game's own options, e.g. --edition ko --solo

    p = sub.add_parser("facts", help="engine data values with their provenance: rulebook, source or assumed")
    p.add_argument("path", nargs="?", help="one fact, e.g. horus.die_to_god")
    p.add_argument("--game")
    p.add_argument("--assumed", action="store_true", help="only the values the engine assumes")
    p.add_argument("--source", choices=["rulebook", "source", "assumed"], help="only facts of that provenance")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_facts)

    p = sub.add_parser("simulate", parents=[common], help="run rule scenarios with the games' engines and check them")
    p.add_argument("id", nargs="?")
    p.add_argument("--game")
    p.add_argument("--all", action="store_true")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)
