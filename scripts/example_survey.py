"""Do the examples `arbiter ask` attaches honour the question? Asks every question of the given sets (game
given) and checks the example against what the question names (engine/asked.py): each number written for
a word of the game's vocabulary ("4 stones", "a 5 die", "balance -4", "3 temples") and each object
("temple", "Thoth", "P19", "the blue bank").

    python scripts/example_survey.py eval/tuning_questions.yaml ../shared/eval/dev_questions.yaml \
        eval/train/*.yaml [--out survey.jsonl] [--list]

For each question with an example: numbers honoured (all shown by the example's situation), explained (a
notice on the answer says which one the example could not use and why) or silent; the same for objects.
`--list` prints every silent miss. Not for eval/holdout_questions.yaml during development (it measures
only)."""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.core.assistant import Assistant  # noqa: E402
from engine import registry  # noqa: E402

EXPLAINING = {"not_honoured", "number"}


class Recording(Assistant):
    """The assistant, remembering the rules it last looked for an example among (to rebuild the example's
    scenario exactly as it did, where the answer does not carry it)."""
    cited: list = []

    def example(self, question, game, cited, settled=None):
        self.cited = list(cited)
        return super().example(question, game, cited, settled)


def spec_of(assistant: Recording, result: dict) -> dict | None:
    """The scenario spec the answer's example ran."""
    example = result.get("example")
    if not example:
        return None
    spec = assistant.scenarios.get(example["scenario_id"])
    if spec is None:        # built from the question: build it again as the assistant did
        cited = [c for c in assistant.cited if c.startswith(f"{result['game']}/")]
        engine = registry.get(result["game"])
        built = engine.example_from_question(engine.vocabulary().read(result["question"], result["lang"]), cited)
        spec = built.spec if built and built.spec and built.spec["id"] == example["scenario_id"] else None
    return spec


def survey(files: list[str], out_path: str | None, listing: bool) -> dict:
    assistant = Recording.create()
    rows = []
    for name in files:
        for q in yaml.safe_load(Path(name).read_text(encoding="utf-8")) or []:
            start = time.perf_counter()
            result = assistant.answer(q["q"], q.get("game"))
            ms = (time.perf_counter() - start) * 1000
            game = result.get("game")
            row = {"set": Path(name).name, "id": q.get("id"), "game": game, "lang": result["lang"], "q": q["q"],
                   "ms": round(ms, 1), "example": None}
            spec = spec_of(assistant, result)
            if result.get("example") and spec is None:
                row["example"] = result["example"]["scenario_id"]
                row["unread"] = True              # (never seen: counted apart)
            if spec is not None and registry.has_engine(game):
                vocabulary = registry.get(game).vocabulary()
                asked = vocabulary.read(q["q"], result["lang"])
                missing = vocabulary.missing(asked, spec)
                kinds = {n.get("kind") for n in result.get("notices") or []}
                row["example"] = spec["id"]
                row["numbers"] = [g.value for g in asked.numbers]
                row["things"] = [t.key for t in asked.things]
                row["missing_numbers"] = [g.value for g in missing.numbers]
                row["missing_things"] = [t.key for t in missing.things]
                row["instead"] = [t.key for t in missing.instead]
                row["explained"] = bool(kinds & EXPLAINING)
            rows.append(row)
    if out_path:
        Path(out_path).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    summary = summarise(rows)
    if listing:
        for r in rows:
            if r["example"] and not r.get("unread") and ((r["missing_numbers"] or r["missing_things"])
                                                         and not r["explained"]):
                print(f"{r['game']:>20} {r['lang']} {r['q'][:70]!r} -> {r['example'].split('/')[-1]}: "
                      f"numbers {r['missing_numbers']} things {r['missing_things']} instead {r['instead']}")
    return summary


def summarise(rows: list[dict]) -> dict:
    total = Counter()
    groups: dict = defaultdict(Counter)
    for r in rows:
        keys = ("all", f"{r['game']}/{r['lang']}")
        for key in keys:
            c = total if key == "all" else groups[key]
            c["questions"] += 1
            if not r["example"]:
                continue
            c["examples"] += 1
            if r.get("unread"):
                c["examples_unread"] += 1
                continue
            if r["numbers"]:
                c["with_numbers"] += 1
                if not r["missing_numbers"]:
                    c["numbers_honoured"] += 1
                elif r["explained"]:
                    c["numbers_explained"] += 1
                else:
                    c["numbers_silent"] += 1
            if r["things"]:
                c["with_things"] += 1
                if not r["missing_things"]:
                    c["things_honoured"] += 1
                elif r["explained"]:
                    c["things_explained"] += 1
                else:
                    c["things_silent"] += 1
    ms = sorted(r["ms"] for r in rows)
    return {"all": dict(total), "groups": {k: dict(v) for k, v in sorted(groups.items())},
            "ask_ms_p50": ms[len(ms) // 2] if ms else None, "ask_ms_p95": ms[int(len(ms) * 0.95)] if ms else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--out")
    parser.add_argument("--list", action="store_true", help="print every example that silently misses")
    args = parser.parse_args()
    print(json.dumps(survey(args.files, args.out, args.list), indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
