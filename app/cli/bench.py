"""`arbiter bench`: the measured numbers of this machine (app/bench.py runs them; it starts the command
line and the server as separate processes, so it is not part of either)."""
from __future__ import annotations


def cmd_bench(args) -> int:
    from app.bench import main as bench_main

    return bench_main(args)


def register(sub, common) -> None:
    p = sub.add_parser("bench", help="measure build time, first-answer time, latency and memory")
    p.add_argument("--json", action="store_true")
    p.add_argument("--model")
    p.add_argument("--questions", help="question YAML (default: ../shared/eval/dev_questions.yaml)")
    p.add_argument("--only", choices=["search", "engine", "ask", "api"], help="run one part of the benchmark")
    p.set_defaults(func=cmd_bench)
