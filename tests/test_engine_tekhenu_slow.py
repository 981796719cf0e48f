"""Long random-play runs of Tekhenu (`pytest -m slow`): 10,000 seeded multi-player games (2-4 players, the
Korean edition, the preprinted Horus Bonuses) and 10,002 solo games (Botankhamun at each difficulty), each
checked at every step: a named decision-maker with a bilingual prompt, bilingual narration of every event,
the board's invariants, and only registered non-rulebook facts reported."""
from __future__ import annotations

import time

import pytest

from engine import registry
from engine.play import chooser

ENGINE = registry.get("tekhenu")
CONFIGS = [(2, {}), (3, {}), (4, {}), (3, {"edition": "ko"}), (4, {"horus": "preprinted"}),
           (2, {"solo": True, "difficulty": "easy"}), (2, {"solo": True, "difficulty": "medium"}),
           (2, {"solo": True, "difficulty": "hard"})]
GAMES = {False: 2000, True: 3334}         # per configuration: 5 multi-player x 2000, 3 solo x 3334


def _invariants(state) -> None:
    bot = state.solo["seat"] if state.solo else None
    for p in state.player:
        assert all(v >= 0 for v in p.resources.values()) and p.scribes >= 0 and p.faith >= 0 and p.vp >= 0
        assert 0 <= p.happiness <= p.population <= 21 or p.seat == bot and p.happiness <= 21
        assert 0 <= p.buildings_left <= 10 and 0 <= p.statues_left <= 6 and 0 <= p.pillars_left <= 8
        assert p.dice_on_board <= 4
        if p.seat != bot:
            assert all(2 <= v <= 6 for v in p.production.values())


@pytest.mark.slow
@pytest.mark.parametrize("players,options", CONFIGS)
def test_many_random_games_keep_every_invariant(players, options):
    facts = ENGINE.facts()
    games, start = GAMES[bool(options.get("solo"))], time.perf_counter()
    for seed in range(games):
        state = ENGINE.new_game(players, seed, **options)
        pick = chooser(seed)
        while not ENGINE.is_over(state):
            decision = ENGINE.decision(state)
            assert decision.seat is not None and decision.prompt["en"] and decision.prompt["ko"]
            state, events = ENGINE.apply(state, pick.choice(ENGINE.legal_actions(state)))
            for event in events:
                assert ENGINE.narrate_event(event, "en") and ENGINE.narrate_event(event, "ko"), event
            _invariants(state)
        assert ENGINE.result(state)["winner"] is not None
        for path in ENGINE.facts_used(state):
            assert path in facts and facts.get(path).source != "rulebook", path
    elapsed = time.perf_counter() - start
    print(f"\n{games} Tekhenu games {players}p {options}: {elapsed:.0f} s ({games / elapsed:.1f} games/s, every step checked)")
