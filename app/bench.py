"""`arbiter bench`: measured numbers on this machine (a benchmark, not a timed test).

search: full index build from scratch (a fresh process, empty cache), process start to first answer
(a fresh process, warm cache), warm search latency p50/p95 over the dev questions, peak memory.
api: `ask` over HTTP against a real `arbiter serve`, 8 clients at once, new and repeated questions:
     requests/s, latency p50/p95.
"""
from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kb.corpus import REPO_ROOT

DEV_QUESTIONS = REPO_ROOT.parent / "shared" / "eval" / "dev_questions.yaml"
TUNING_QUESTIONS = REPO_ROOT / "eval" / "tuning_questions.yaml"
HOLDOUT_QUESTIONS = REPO_ROOT / "eval" / "holdout_questions.yaml"


def _arbiter(*args: str, env: dict) -> tuple[float, int, str]:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "app.cli", *args], cwd=REPO_ROOT, env=env,
                          capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"arbiter {' '.join(args)} failed: {proc.stderr[-2000:]}")
    return elapsed, proc.returncode, proc.stdout


def _children_peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def _self_peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench_search(model: str | None, questions_file: Path, repeats: int = 3) -> dict:
    from kb.embeddings import get_embedder
    from kb.search.evaluate import load_questions
    from kb.search.searcher import Searcher

    with tempfile.TemporaryDirectory(prefix="arbiter-bench-") as cache:
        env = dict(os.environ, ARBITER_CACHE=cache)
        if model:
            env["ARBITER_EMBEDDINGS"] = model
        build_s, _, _ = _arbiter("index", "build", env=env)              # cold: no vectors cached
        rebuild_s, _, _ = _arbiter("index", "build", "--force", env=env)  # e.g. after a KB edit
        first_s = [_arbiter("search", "Can gray dice be used to Produce Resources?", "--json", env=env)[0]
                   for _ in range(repeats)]
        first_ko = _arbiter("search", "회색 주사위로 자원을 생산할 수 있어?", "--json", env=env)[0]
        build_peak = _children_peak_mb()

        saved_cache = os.environ.get("ARBITER_CACHE")
        os.environ["ARBITER_CACHE"] = cache
        searcher = Searcher(get_embedder(model), progress=False)
        questions = load_questions(questions_file)
        for q in questions[:3]:
            searcher.search(q.q)  # warm: models loaded, caches filled
        latencies = []
        for _ in range(repeats):
            for q in questions:
                start = time.perf_counter()
                searcher.search(q.q)
                latencies.append((time.perf_counter() - start) * 1000)
        latencies.sort()
        # the temporary cache goes away with this block: later parts use the user's cache again
        if saved_cache is None:
            os.environ.pop("ARBITER_CACHE", None)
        else:
            os.environ["ARBITER_CACHE"] = saved_cache
    return {
        "model": searcher.embedder.name,
        "documents": len(searcher.index.docs),
        "vectors": int(searcher.index.dense.ntotal),
        "index_build_s": round(build_s, 2),
        "index_rebuild_cached_vectors_s": round(rebuild_s, 2),
        "first_answer_s": round(statistics.median(first_s), 2),
        "first_answer_ko_s": round(first_ko, 2),
        "search_ms_p50": round(latencies[len(latencies) // 2], 2),
        "search_ms_p95": round(latencies[int(len(latencies) * 0.95) - 1], 2),
        "search_ms_max": round(latencies[-1], 2),
        "queries": len(latencies),
        "peak_rss_mb_search_process": round(_self_peak_mb(), 1),
        "peak_rss_mb_cli_processes": round(build_peak, 1),
        "cores": os.cpu_count(),
    }


def bench_engine(games: int = 20, repeats: int = 3) -> dict:
    """Whole random 4-player Tekhenu games per second in this (single-threaded) process, and solo games
    (one random player against Botankhamun, hard). Each is timed `repeats` times over the same seeds;
    the best run is reported with the median (as timeit does: slower runs measure the machine's other
    load, not the engine)."""
    from engine.tekhenu.play import play_random

    play_random(4, 10_000)  # warm-up: imports and data files
    rates, solo_rates, decisions = [], [], 0
    for _ in range(repeats):
        start = time.perf_counter()
        decisions = 0
        for seed in range(games):
            _, n = play_random(4, seed)
            decisions += n
        rates.append(games / (time.perf_counter() - start))
        start = time.perf_counter()
        for seed in range(games):
            play_random(2, seed, solo="hard")      # you against Botankhamun (its turns are automatic)
        solo_rates.append(games / (time.perf_counter() - start))
    best = max(rates)
    return {"games": games, "repeats": repeats, "games_per_s": round(best, 1),
            "games_per_s_median": round(statistics.median(rates), 1),
            "decisions_per_game": round(decisions / games, 1), "ms_per_decision": round(1000 / best / (decisions / games), 3),
            "solo_games_per_s": round(max(solo_rates), 1)}


def bench_registered_engines(games: int = 30, repeats: int = 3) -> dict:
    """Random games per second (one core) of every engine in the registry, at 4 players where the game
    allows (else its largest count); best of `repeats` runs over the same seeds, with the median."""
    from engine import registry
    from engine.play import play_random

    out = {}
    for game in registry.available():
        engine = registry.get(game)
        players = max(engine.info.min_players, min(4, engine.info.max_players))
        # an engine with a `mode` option (Through the Ages: simple/advanced/full) is measured in every mode
        mode = engine.info.option("mode")
        for choice in (mode.choices if mode and mode.choices else (None,)):
            options = {} if choice is None else {"mode": choice}
            play_random(engine, players, 10_000, **options)  # warm-up: imports and data files
            rates, decisions = [], 0
            for _ in range(repeats):
                start, decisions = time.perf_counter(), 0
                for seed in range(games):
                    decisions += play_random(engine, players, seed, **options)[1]
                rates.append(games / (time.perf_counter() - start))
            key = game if choice in (None, mode.default if mode else None) else f"{game} ({choice})"
            out[key] = {"players": players, "games": games, "games_per_s": round(max(rates), 1),
                        "games_per_s_median": round(statistics.median(rates), 1),
                        "decisions_per_game": round(decisions / games, 1), **options}
    return out


def bench_ask(questions_file: Path, repeats: int = 2) -> dict:
    """`ask` end to end (search + KB lookup + the engine running an example): process start to the
    first answer (a fresh `arbiter ask`, index and KB cached), then warm latency."""
    from app.core.answers import AnswerCache
    from app.core.assistant import Assistant
    from kb.search.evaluate import load_questions

    assistant = Assistant.create()      # also builds whatever the cache lacks, before the timing
    # warm as the servers are before their first client (`arbiter serve`) or beside their first question (the
    # page): the first question about each game does not pay its engine's load (a fresh `arbiter ask` does,
    # and is timed below as the first answer)
    assistant.warm()
    env = dict(os.environ)
    first_s = [_arbiter("ask", "What does P19 do?", "--json", env=env)[0] for _ in range(3)]
    first_ko = _arbiter("ask", "균형값이 -7이면 점수 몇 점 잃어?", "--json", env=env)[0]
    questions = [q.q for q in load_questions(questions_file)] + [
        "How many VP do I lose with a balance of -7?",
        "gray die 6 at Bastet with Happiness 8 and Population 10",
        "빵 5개 생산하는데 빵 생산 마커가 3이면?"]
    for q in questions[:3]:
        assistant.answer(q)
    # the answering itself: every question read and answered again (a process keeps the answers it gave,
    # app/core/answers.py; a repeated question's copy is timed on its own)
    kept = assistant.answers
    assistant.answers = AnswerCache(0)
    latencies, with_example = [], 0
    for _ in range(repeats):
        for q in questions:
            start = time.perf_counter()
            result = assistant.answer(q)
            latencies.append((time.perf_counter() - start) * 1000)
            with_example += result["example"] is not None
    assistant.answers = kept
    for q in questions:
        assistant.answer(q)
    again = []
    for q in questions:
        start = time.perf_counter()
        assistant.answer(q)
        again.append((time.perf_counter() - start) * 1000)
    latencies.sort()
    again.sort()
    return {"first_answer_s": round(statistics.median(first_s), 2), "first_answer_ko_s": round(first_ko, 2),
            "queries": len(latencies), "with_engine_example": with_example,
            "ask_ms_p50": round(latencies[len(latencies) // 2], 2),
            "ask_ms_p95": round(latencies[int(len(latencies) * 0.95) - 1], 2),
            "repeated_ask_ms_p50": round(again[len(again) // 2], 3),
            "repeated_ask_ms_p95": round(again[int(len(again) * 0.95) - 1], 3)}


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _percentile(sorted_ms: list[float], share: float) -> float:
    return round(sorted_ms[max(0, int(len(sorted_ms) * share) - 1)], 2)


def _closed_loop(base: str, questions: list[str], clients: int) -> dict:
    """`clients` clients at once, each asking the next question as soon as its previous answer arrived:
    requests per second and latency per request."""
    import threading

    import httpx

    work = iter(questions)
    lock = threading.Lock()
    latencies, failures = [], []

    def client() -> None:
        with httpx.Client(base_url=base, timeout=60) as c:
            while True:
                with lock:
                    q = next(work, None)
                if q is None:
                    return
                t0 = time.perf_counter()
                r = c.get("/v1/ask", params={"q": q})
                elapsed = (time.perf_counter() - t0) * 1000
                with lock:
                    (latencies if r.status_code == 200 else failures).append(elapsed)

    load_before = os.getloadavg()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    latencies.sort()
    return {"requests": len(latencies) + len(failures), "failed": len(failures),
            "requests_per_s": round((len(latencies) + len(failures)) / wall, 1),
            "ms_p50": _percentile(latencies, 0.5), "ms_p95": _percentile(latencies, 0.95),
            "ms_max": round(latencies[-1], 2) if latencies else None,
            "load_average": [round(x, 2) for x in load_before] + [round(x, 2) for x in os.getloadavg()]}


def bench_api(questions_file: Path, clients: int = 8, rounds: int = 8, workers: tuple = (1, 2)) -> dict:
    """`ask` over HTTP against a real `arbiter serve` (a subprocess, rate limit off, warmed by its own start),
    for each number of server processes in `workers`, two workloads:
      new       every request a question the server has not answered before (the dev, tuning and held-out
                questions, each asked once): the whole pipeline, read, searched, answered, its example run —
                first one client asking them in turn, then `clients` clients at once;
      repeated  the dev questions asked `rounds` times more by `clients` clients at once: answered from the
                server's kept answers (app/core/answers.py).
    The clients run in this process (httpx, one connection each) on the same cores as the server: the load
    average is reported with the numbers."""
    import httpx

    from kb.search.evaluate import load_questions

    dev = [q.q for q in load_questions(questions_file)]
    pool = list(dict.fromkeys(dev + [q.q for f in (TUNING_QUESTIONS, HOLDOUT_QUESTIONS) if f.exists()
                                     for q in load_questions(f)]))
    lone, crowd = pool[:40], pool[40:]
    out = {"clients": clients, "cores": os.cpu_count(), "new_questions": len(pool)}
    for count in workers:
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--port", str(port), "--rate-limit", "0",
                                 "--workers", str(count), "--log-level", "warning"], cwd=REPO_ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(f"arbiter serve exited {proc.returncode}: {proc.stderr.read()[-2000:]}")
                try:
                    if httpx.get(f"{base}/v1/health", timeout=5).status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.2)
            ready_s = time.perf_counter() - start
            single = []
            with httpx.Client(base_url=base, timeout=60) as one:
                for q in lone:
                    t0 = time.perf_counter()
                    one.get("/v1/ask", params={"q": q}).raise_for_status()
                    single.append((time.perf_counter() - t0) * 1000)
            new = _closed_loop(base, crowd, clients)
            with httpx.Client(base_url=base, timeout=60) as one:     # every dev question kept (by each process)
                for _ in range(count):
                    for q in dev:
                        one.get("/v1/ask", params={"q": q}).raise_for_status()
            repeated = _closed_loop(base, dev * rounds, clients)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        single.sort()
        out[f"workers_{count}"] = {"server_ready_s": round(ready_s, 1),
                                   "new_one_client_ms_p50": _percentile(single, 0.5),
                                   "new_one_client_ms_p95": _percentile(single, 0.95),
                                   **{f"new_{k}": v for k, v in new.items()},
                                   **{f"repeated_{k}": v for k, v in repeated.items()}}
    return out


def main(args) -> int:
    questions = Path(args.questions) if args.questions else DEV_QUESTIONS
    if args.only != "engine" and not questions.exists():      # the engine benchmark asks no question
        print(f"arbiter: question file {questions} not found (pass --questions)", file=sys.stderr)
        return 2
    report = {}
    if args.only in (None, "search"):
        report["search"] = bench_search(args.model, questions)
    if args.only in (None, "engine"):
        report["engine"] = bench_engine()
        report["engine"]["by_game"] = bench_registered_engines()
    if args.only in (None, "ask"):
        report["ask"] = bench_ask(questions)
    if args.only in (None, "api"):
        report["api"] = bench_api(questions)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        for section, numbers in report.items():
            print(f"[{section}]")
            for key, value in numbers.items():
                print(f"  {key:28} {value}")
    return 0
