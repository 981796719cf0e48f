"""Whether each value ruling reads the player's numbers in its own questions.

    python scripts/param_audit.py [--game GAME] [--json]

A value ruling with parameters (kb/models.py `Param`: "the stones already on the sled", "the balance") computes
the player's case only where the question's numbers are read as its parameters — through the game engine's
vocabulary (`quantity`) or the parameter's own `words`. Its own `asks` are the plainest questions it should
read: "개인창고에 석재 4개 있는데 캐내기 하면 몇 개 가져와?" must read 4 as the stones on the sled. A form's number
that no parameter reads, and that is not one of the ruling's own numbers (its claim or quote: the 5 of "more
than 5 Statue cards") nor the one answer a yes/no form states ("do I get 24 points?"), is reported with what was read; tests/test_rulings_read_numbers.py holds the knowledge
base to none. Nothing here looks at the evaluation questions."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.core import settle  # noqa: E402
from app.core.assistant import Assistant  # noqa: E402
from engine.numbers import read_numbers  # noqa: E402


def unread_forms(assistant: Assistant, game: str | None = None) -> list[dict]:
    """Every numbered `asks` form of a value ruling with parameters that leaves a number of its own unread."""
    out = []
    for game_id, kb in assistant.kb.games.items():
        if game and game_id != game:
            continue
        vocabulary = assistant.vocabulary(game_id)
        for ruling in kb.rulings.values():
            if ruling.value is None or not ruling.params:
                continue
            own = {abs(n.value) for text in (ruling.claim.ko, ruling.claim.en, ruling.quote.ko or "",
                                             ruling.quote.en or "") for n in read_numbers(text)}
            for lang, form in ruling.asks.all():
                question = assistant.read(form, game_id)
                numbers = [abs(n.value) for n in question.numbers]
                if not numbers:
                    continue
                asked = question.asked(vocabulary) if vocabulary is not None else None
                values = assistant.settler.read_values(ruling, question, asked, vocabulary)
                left = [n for n in settle.unread(numbers, values) if n not in own]
                # a yes/no form states the one answer it asks about ("with 12 happy faces do I get 24 points?")
                if len(left) == 1 and settle.question_kind(question) in ("yes_no", "dispute"):
                    left = []
                if left:
                    out.append({"ruling": ruling.id, "lang": lang, "form": form, "numbers": numbers,
                                "read": values, "unread": left,
                                "params": sorted(p for p in ruling.params if p not in values)})
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    found = unread_forms(Assistant.create(), args.game)
    if args.json:
        print(json.dumps(found, ensure_ascii=False, indent=1))
        return 0
    for f in found:
        print(f"{f['ruling']} [{f['lang']}] {f['form']}\n    numbers {f['numbers']}, read {f['read']}, "
              f"unread {f['unread']}; parameters not read: {', '.join(f['params'])}")
    print(f"{len(found)} forms of {len({f['ruling'] for f in found})} rulings leave a number unread")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
