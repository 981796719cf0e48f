"""The HTTP API end to end: `arbiter serve` started in a subprocess on a free port (once for this module),
called over real sockets with httpx — every endpoint in Korean and English, the JSON compared with the
command line's --json, bad input, 50 questions at once, the per-client rate limit, the OpenAPI document
and every response validated against the schema it documents.

Each test speaks from its own loopback address (127.0.0.x): the rate limit counts per client, so the
tests do not share a budget, and the rate-limit test shows that one client's 429 leaves others alone."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from jsonschema import Draft202012Validator

from app.cli import main

ROOT = Path(__file__).resolve().parents[1]
RATE = 60               # requests a minute per client, for the server under test
MAX_BODY = 16 * 1024    # the default
START_TIMEOUT = 240     # seconds: loading and warming the core on a busy 2-core machine


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    port = free_port()
    log = open(os.devnull, "w")
    proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--port", str(port), "--rate-limit",
                             str(RATE), "--log-level", "warning"], cwd=ROOT, stdout=log, stderr=subprocess.PIPE,
                            text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"arbiter serve exited {proc.returncode}: {proc.stderr.read()[-3000:]}")
            try:
                if httpx.get(f"{base}/v1/health", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"arbiter serve did not answer /v1/health within {START_TIMEOUT} s")
            time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def client(base: str, address: str) -> httpx.Client:
    """A client whose requests come from `address` (its own rate-limit bucket)."""
    return httpx.Client(base_url=base, transport=httpx.HTTPTransport(local_address=address), timeout=120)


@pytest.fixture(scope="module")
def api(server):
    with client(server, "127.0.0.2") as c:
        yield c


@pytest.fixture(scope="module")
def openapi(server):
    with client(server, "127.0.0.8") as c:
        return c.get("/openapi.json").json()


def conforms(openapi: dict, model: str, body) -> None:
    """The body validates against the schema the OpenAPI document gives for `model`."""
    root = {"$ref": f"#/components/schemas/{model}", "components": openapi["components"]}
    errors = sorted(Draft202012Validator(root).iter_errors(body), key=lambda e: list(e.absolute_path))
    assert not errors, f"{model}: " + "; ".join(f"{list(e.absolute_path)}: {e.message}"[:300] for e in errors[:5])


def cli_json(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return [json.loads(line) for line in out.splitlines()]


def cli_error(capsys, *argv) -> str:
    code = main(list(argv))
    _, err = capsys.readouterr()
    assert code == 2 and err.startswith("arbiter: "), err
    return err.strip().removeprefix("arbiter: ")


# -- every endpoint ------------------------------------------------------------------------------------
def test_health_and_games(api, openapi):
    health = api.get("/v1/health")
    assert health.status_code == 200 and health.headers["content-type"] == "application/json"
    conforms(openapi, "Health", health.json())
    assert health.json()["status"] == "ok" and health.json()["documents"] > 1000
    assert health.json()["answers"]["size"] == 1024
    games = api.get("/v1/games").json()
    conforms(openapi, "GamesResponse", games)
    by_id = {g["id"]: g for g in games["games"]}
    assert list(by_id) == ["tekhenu", "tekhenu-time-of-set", "through-the-ages", "imhotep"]
    assert by_id["tekhenu"]["languages"] == ["en", "ko"] and by_id["imhotep"]["languages"] == ["ko"]
    assert by_id["tekhenu-time-of-set"]["base_game"] == "tekhenu"
    assert all(g["engine"] and g["simulator"] and g["rules"] > 0 for g in games["games"])
    assert by_id["imhotep"]["title"] == {"ko": "임호텝", "en": "Imhotep"}


def test_ask_korean_and_english_is_the_clis_json(api, openapi, capsys):
    korean = api.get("/v1/ask", params={"q": "균형값이 -7이면 점수 몇 점 잃어?"})
    assert korean.status_code == 200
    body = korean.json()
    conforms(openapi, "AskResponse", body)
    assert body["lang"] == "ko" and body["game"] == "tekhenu"
    assert body["answer"]["rule_id"] == "tekhenu/maat/vp-loss-table" and body["answer"]["lang"] == "ko"
    assert body["answer"]["other"]["lang"] == "en" and body["example"]["verified"]
    narrative = body["example"]["narrative"]        # narrated in the asker's language
    assert "2점 잃음" in " ".join(narrative["steps"][0]["events"])
    assert {"label": "점수", "before": "10", "after": "8"} in narrative["changes"]
    english = api.post("/v1/ask", json={"question": "How many VP do I lose with a balance of -7?"})
    assert english.status_code == 200
    conforms(openapi, "AskResponse", english.json())
    assert english.json()["answer"]["lang"] == "en"
    assert english.json() == cli_json(capsys, "ask", "How many VP do I lose with a balance of -7?", "--json")[0]
    # GET and POST are one question
    assert api.get("/v1/ask", params={"q": "How many VP do I lose with a balance of -7?"}).json() == english.json()


def test_ask_with_a_game_and_without_one(api, openapi):
    given = api.post("/v1/ask", json={"question": "개인창고에 석재를 몇 개까지 둘 수 있어?", "game": "imhotep"}).json()
    conforms(openapi, "AskResponse", given)
    assert given["game"] == "imhotep" and given["answer"]["game"] == "imhotep" and not given["alternatives"]
    for q in ("Who wins a tie?", "동점이면 누가 이겨?"):   # no game named: the others' answers, and a notice
        guessed = api.get("/v1/ask", params={"q": q}).json()
        conforms(openapi, "AskResponse", guessed)
        assert guessed["answer"] and guessed["alternatives"], q
        assert all(alt["game"] != guessed["game"] for alt in guessed["alternatives"])
        assert [n["kind"] for n in guessed["notices"]] == ["guessed"] and guessed["notice"]["ko"]


def test_a_question_no_rule_answers_is_200_with_a_notice(api, openapi):
    for q in ("What's the weather like in Seoul tomorrow?", "What does X99 do?", "???"):
        r = api.get("/v1/ask", params={"q": q})
        assert r.status_code == 200, q
        body = r.json()
        conforms(openapi, "AskResponse", body)
        assert body["answer"] is None and body["notice"]["en"] and body["notice"]["ko"], q


def test_search_is_the_clis_json(api, openapi, capsys):
    r = api.get("/v1/search", params={"q": "회색 주사위로 자원을 생산할 수 있어?", "k": 5})
    assert r.status_code == 200
    conforms(openapi, "SearchResponse", r.json())
    assert r.json()["lang"] == "ko" and len(r.json()["hits"]) == 5
    assert r.json() == cli_json(capsys, "search", "회색 주사위로 자원을 생산할 수 있어?", "--k", "5", "--json")[0]
    assert api.get("/v1/search", params={"q": "gray dice", "game": "tekhenu"}).json()["game"] == "tekhenu"


def test_rule_card_diffs_facts_scenario_are_the_clis_json(api, openapi, capsys):
    rule = api.get("/v1/rules/tekhenu/maat/vp-loss-table")
    conforms(openapi, "Rule", rule.json())
    assert rule.json() == cli_json(capsys, "rule", "tekhenu/maat/vp-loss-table", "--json")[0]
    for ref, params in (("T08", {}), ("tekhenu/T08", {}), ("BX01", {"game": "tekhenu-time-of-set"})):
        card = api.get(f"/v1/cards/{ref}", params=params)
        assert card.status_code == 200, ref
        conforms(openapi, "Card", card.json())
    assert card.json() == cli_json(capsys, "card", "BX01", "--game", "tekhenu-time-of-set", "--json")[0]
    diffs = api.get("/v1/diffs", params={"game": "tekhenu"}).json()
    conforms(openapi, "DiffsResponse", diffs)
    assert diffs["diffs"] == cli_json(capsys, "kb", "diffs", "--game", "tekhenu", "--json") and diffs["diffs"]
    facts = api.get("/v1/facts", params={"game": "imhotep", "assumed": "true"}).json()
    conforms(openapi, "FactsResponse", facts)
    assert facts["facts"] == cli_json(capsys, "facts", "--game", "imhotep", "--assumed", "--json") and facts["facts"]
    one = api.get("/v1/facts", params={"path": "horus.die_to_god", "game": "tekhenu"}).json()["facts"]
    assert [f["path"] for f in one] == ["horus.die_to_god"] and one[0]["source"] in ("rulebook", "source", "assumed")
    scenario = api.get("/v1/scenarios/tekhenu/scenario/forbidden-die-refused")
    conforms(openapi, "ScenarioResult", scenario.json())
    assert scenario.json() == cli_json(capsys, "simulate", "tekhenu/scenario/forbidden-die-refused", "--json")[0]
    short = api.get("/v1/scenarios/forbidden-die-refused", params={"game": "tekhenu"})
    assert short.json() == scenario.json() and scenario.json()["verified"]


def test_cards_by_the_names_players_use(api, openapi, capsys):
    """/v1/cards finds a Through the Ages card by a short form or another spelling, with its catalogue data."""
    for ref in ("미켈", "Michaelangelo", "michelangelo"):
        card = api.get(f"/v1/cards/{ref}")
        assert card.status_code == 200, ref
        conforms(openapi, "Card", card.json())
        assert card.json()["id"] == "through-the-ages/michelangelo"
    body = card.json()
    assert body["origin"] == {"ko": "description", "en": "description"} and body["catalogue"]["effects"]
    assert body == cli_json(capsys, "card", "michelangelo", "--json")[0]
    frugality = api.get("/v1/cards/절약").json()
    assert frugality["id"] == "through-the-ages/frugality-a" and len(frugality["also"]) == 2
    missing = api.get("/v1/cards/xyzzy")
    assert missing.status_code == 404 and "no card named 'xyzzy'" in missing.json()["error"]["en"]


def test_glossary_in_both_languages(api, openapi):
    thoth = api.get("/v1/glossary", params={"q": "토티"}).json()
    conforms(openapi, "GlossaryResponse", thoth)
    assert [t["en"] for t in thoth["terms"]] == ["Thoth"]       # the Korean edition's spelling finds the term
    by_en = api.get("/v1/glossary", params={"q": "thoth", "game": "tekhenu"}).json()["terms"]
    assert by_en and all(t["game"] == "tekhenu" for t in by_en)
    everything = api.get("/v1/glossary").json()["terms"]
    assert len(everything) > 100 and {t["game"] for t in everything} >= {"tekhenu", "imhotep"}


def test_simulator_runs_a_situation_and_narrates_it(api, openapi):
    games = api.get("/v1/simulator").json()
    conforms(openapi, "SimulatorGamesResponse", games)
    imhotep = next(g for g in games["games"] if g["game"] == "imhotep")
    assert {f["name"] for f in imhotep["fields"]} >= {"players", "site", "side", "before"}
    values = {"players": 2, "site": "pyramid", "side": "A", "before": 0, "slot1": "black", "slot2": "white",
              "slot3": "none"}
    for lang in ("ko", "en"):
        r = api.post("/v1/simulator/imhotep", json={"values": values, "lang": lang})
        assert r.status_code == 200, r.text
        body = r.json()
        conforms(openapi, "SimulatorResponse", body)
        assert body["lang"] == lang and body["example"]["verified"]
        assert body["values"]["slot4"] == "none"         # a field left out takes its default
        steps = " ".join(s["text"] for s in body["example"]["narrative"]["steps"])
        assert any("\uac00" <= ch <= "\ud7a3" for ch in steps) == (lang == "ko"), steps
    for game in ("tekhenu", "tekhenu-time-of-set", "through-the-ages"):  # every game's defaults play
        r = api.post(f"/v1/simulator/{game}", json={})
        assert r.status_code == 200 and r.json()["example"]["verified"], (game, r.text[:300])


# -- bad input ---------------------------------------------------------------------------------------------
BAD = [
    ("GET", "/v1/ask", {"params": {"q": ""}}, 400, "the question is empty"),
    ("GET", "/v1/ask", {"params": {"q": "   "}}, 400, "the question is empty"),
    ("GET", "/v1/ask", {}, 400, "missing query parameter 'q'"),
    ("POST", "/v1/ask", {"json": {"question": "x" * 2001}}, 400, "too long (2,001 characters"),
    ("POST", "/v1/ask", {"json": {"question": "규칙" * 1001}}, 400, "too long (2,002 characters"),
    ("GET", "/v1/ask", {"params": {"q": "Who wins?", "game": "chess"}}, 400, "unknown game 'chess'"),
    ("POST", "/v1/ask", {"content": b'{"question": "x",', "headers": {"content-type": "application/json"}}, 400,
     "not valid JSON"),
    ("POST", "/v1/ask", {"json": {"question": 5}}, 400, "field 'question'"),
    ("POST", "/v1/ask", {"json": {"question": "x", "gmae": "imhotep"}}, 400, "unknown field 'gmae'"),
    ("POST", "/v1/ask", {"json": ["Who wins?"]}, 400, "Input should be a valid dictionary"),
    ("POST", "/v1/ask", {"json": {"question": "x" * (MAX_BODY + 1)}}, 413, "too large"),
    ("GET", "/v1/search", {"params": {"q": "gray", "k": 0}}, 400, "k must be a whole number from 1 to 100"),
    ("GET", "/v1/search", {"params": {"q": "gray", "k": "abc"}}, 400, "query parameter 'k'"),
    ("GET", "/v1/search", {"params": {"q": "!!!"}}, 400, "no words to search for"),
    ("GET", "/v1/rules/tekhenu/no-such-rule", {}, 404, "no rule with id 'tekhenu/no-such-rule'"),
    ("GET", "/v1/cards/T99", {}, 404, "no card with id 'T99'"),
    ("GET", "/v1/cards/T08", {"params": {"game": "chess"}}, 400, "unknown game 'chess'"),
    ("GET", "/v1/diffs", {"params": {"game": "chess"}}, 400, "unknown game 'chess'"),
    ("GET", "/v1/facts", {"params": {"path": "no.such.fact"}}, 404, "no engine fact 'no.such.fact'"),
    ("GET", "/v1/facts", {"params": {"source": "hearsay"}}, 400, "unknown provenance 'hearsay'"),
    ("GET", "/v1/scenarios/tekhenu/scenario/nope", {}, 404, "no scenario"),
    ("POST", "/v1/simulator/chess", {"json": {}}, 404, "no Simulator for 'chess'"),
    ("POST", "/v1/simulator/imhotep", {"json": {"values": {"players": 9}}}, 400, "players must be a whole number"),
    ("POST", "/v1/simulator/imhotep", {"json": {"values": {"players": "4"}}}, 400, "players must be a whole number"),
    ("POST", "/v1/simulator/imhotep", {"json": {"values": {"crew": 3}}}, 400, "no Simulator field 'crew'"),
    ("POST", "/v1/simulator/imhotep", {"json": {"values": {"players": 2, "slot1": "gray"}}}, 400,
     "gray does not play with 2 players"),
    ("POST", "/v1/simulator/imhotep", {"json": {"values": [], "lang": "fr"}}, 400, "field 'values'"),
    ("GET", "/v1/nowhere", {}, 404, "no such endpoint: GET /v1/nowhere"),
    ("DELETE", "/v1/ask", {}, 405, "does not take DELETE (it takes: GET, POST)"),
]


@pytest.fixture(scope="module")
def bad_client(server):
    with client(server, "127.0.0.4") as c:
        yield c


@pytest.mark.parametrize("method,url,kwargs,status,message", BAD, ids=[f"{m} {u} {s}" for m, u, _, s, _ in BAD])
def test_bad_input_is_4xx_with_a_one_line_message_in_both_languages(bad_client, openapi, method, url, kwargs,
                                                                    status, message):
    r = bad_client.request(method, url, **kwargs)
    assert r.status_code == status, r.text[:500]
    body = r.json()
    conforms(openapi, "ErrorResponse", body)
    error = body["error"]
    assert message in error["en"], error
    assert any("\uac00" <= ch <= "\ud7a3" for ch in error["ko"]), error
    assert "\n" not in error["en"] and "Traceback" not in r.text


def test_the_messages_are_the_command_lines(bad_client, capsys):
    cases = [(("rule", "tekhenu/no-such-rule"), "/v1/rules/tekhenu/no-such-rule", {}),
             (("card", "T99"), "/v1/cards/T99", {}),
             (("ask", "", "--json"), "/v1/ask", {"q": ""}),
             (("ask", "Who wins?", "--game", "chess"), "/v1/ask", {"q": "Who wins?", "game": "chess"}),
             (("facts", "no.such.fact"), "/v1/facts", {"path": "no.such.fact"}),
             (("search", "gray", "--k", "0"), "/v1/search", {"q": "gray", "k": 0})]
    for argv, url, params in cases:
        expected = cli_error(capsys, *argv)
        got = bad_client.get(url, params=params).json()["error"]["en"]
        assert got == expected.replace("--k: ", "k: "), (argv, got, expected)


def test_a_body_sent_in_chunks_is_cut_at_the_limit(bad_client):
    def chunks():
        for _ in range(40):
            yield b"x" * 1024
    r = bad_client.post("/v1/ask", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"


# -- concurrency, rate limit -------------------------------------------------------------------------------

# asked of no other test and not among the server's warm-up questions: the fifty are the first askers
FRESH = ["Can a gray die produce resources?", "석재는 개인창고에 최대 몇 개까지 보관해?",
         "What happens to my VP when the Maat balance is -7?", "불가사의 두 개를 동시에 건설할 수 있어?",
         "Which ship can I sail when it holds only one stone?"]


def test_fifty_questions_at_once_are_all_answered_alike(server):
    with client(server, "127.0.0.3") as c:
        before = c.get("/v1/health").json()["answers"]
        asked = FRESH * 10
        with ThreadPoolExecutor(len(asked)) as pool:       # several askers of each new question race to answer it
            answers = list(pool.map(lambda q: (q, c.get("/v1/ask", params={"q": q})), asked))
        after = c.get("/v1/health").json()["answers"]
        alone = {q: c.get("/v1/ask", params={"q": q}).json() for q in FRESH}
    assert len(answers) == 50
    assert all(r.status_code == 200 for _, r in answers), [r.text[:200] for _, r in answers if r.status_code != 200]
    for q, r in answers:
        assert r.json() == alone[q], q
    # each question answered at least once, the others given its kept answer
    assert len(FRESH) <= after["misses"] - before["misses"] <= 50
    assert (after["hits"] - before["hits"]) + (after["misses"] - before["misses"]) == 50


def test_rate_limit_is_per_client_with_retry_after(server):
    with client(server, "127.0.0.9") as noisy, client(server, "127.0.0.10") as quiet:
        codes = [noisy.get("/v1/games").status_code for _ in range(RATE + 5)]
        assert codes[:RATE - 5] == [200] * (RATE - 5) and 429 in codes, codes
        limited = noisy.get("/v1/games")
        assert limited.status_code == 429 and limited.json()["error"]["code"] == "rate_limited"
        assert 1 <= int(limited.headers["retry-after"]) <= 60
        assert "127.0.0.9" in limited.json()["error"]["en"]
        assert noisy.get("/v1/health").status_code == 200           # the health check is never limited
        assert quiet.get("/v1/games").status_code == 200            # another client is not


# -- the OpenAPI document ------------------------------------------------------------------------------------
ROUTES = {("/v1/health", "get"): "Health", ("/v1/games", "get"): "GamesResponse", ("/v1/ask", "get"): "AskResponse",
          ("/v1/ask", "post"): "AskResponse", ("/v1/search", "get"): "SearchResponse",
          ("/v1/rules/{rule_id}", "get"): "Rule", ("/v1/cards/{card_id}", "get"): "Card",
          ("/v1/glossary", "get"): "GlossaryResponse", ("/v1/diffs", "get"): "DiffsResponse",
          ("/v1/facts", "get"): "FactsResponse", ("/v1/scenarios/{scenario_id}", "get"): "ScenarioResult",
          ("/v1/simulator", "get"): "SimulatorGamesResponse", ("/v1/simulator/{game}", "post"): "SimulatorResponse"}


def test_openapi_documents_every_route_with_its_schemas(server, openapi):
    assert openapi["openapi"].startswith("3.1") and openapi["info"]["title"] == "Arbiter"
    documented = {(path, method) for path, ops in openapi["paths"].items() for method in ops}
    assert documented == set(ROUTES)
    for (path, method), model in ROUTES.items():
        responses = openapi["paths"][path][method]["responses"]
        ok = responses["200"]["content"]["application/json"]["schema"]
        assert ok == {"$ref": f"#/components/schemas/{model}"}, (path, method, ok)
        for status in ("400", "413", "429"):
            assert responses[status]["content"]["application/json"]["schema"] == {
                "$ref": "#/components/schemas/ErrorResponse"}, (path, status)
        assert "422" not in responses                      # bad input is a 400 with the error body
    for name, schema in openapi["components"]["schemas"].items():
        Draft202012Validator.check_schema(schema)
    with client(server, "127.0.0.8") as c:
        docs = c.get("/docs")
        assert docs.status_code == 200 and "openapi.json" in docs.text


# -- the options ----------------------------------------------------------------------------------------------
def test_cors_is_off_by_default_and_on_for_the_origins_given(server):
    from starlette.testclient import TestClient

    from app.api.server import Settings, create_app

    preflight = {"Origin": "https://club.example", "Access-Control-Request-Method": "GET"}
    with client(server, "127.0.0.11") as c:
        r = c.options("/v1/ask", headers=preflight)
        assert "access-control-allow-origin" not in r.headers
        assert "access-control-allow-origin" not in c.get("/v1/games", headers={"Origin": "https://club.example"}).headers
    app = create_app(Settings(cors_origins=("https://club.example",)))   # a preflight needs no core
    allowed = TestClient(app).options("/v1/ask", headers=preflight)
    assert allowed.status_code == 200 and allowed.headers["access-control-allow-origin"] == "https://club.example"
    other = TestClient(app).options("/v1/ask", headers={**preflight, "Origin": "https://elsewhere.example"})
    assert "access-control-allow-origin" not in other.headers


def test_settings_from_the_environment(monkeypatch):
    from app.api.server import Settings
    from app.core.records import UsageError

    assert Settings.from_env({}) == Settings(rate_limit=120, max_body=16384, cors_origins=())
    env = {"ARBITER_API_RATE_LIMIT": "0", "ARBITER_API_MAX_BODY": "4096",
           "ARBITER_API_CORS_ORIGINS": "https://a.example, https://b.example"}
    assert Settings.from_env(env) == Settings(0, 4096, ("https://a.example", "https://b.example"))
    for bad in ({"ARBITER_API_RATE_LIMIT": "lots"}, {"ARBITER_API_RATE_LIMIT": "-1"},
                {"ARBITER_API_MAX_BODY": "10"}, {"ARBITER_API_CORS_ORIGINS": "club.example"}):
        with pytest.raises(UsageError):
            Settings.from_env(bad)


@pytest.mark.parametrize("argv,message", [
    (["--port", "abc"], "--port must be a whole number from 1 to 65535 (got 'abc')"),
    (["--port", "70000"], "--port must be a whole number from 1 to 65535"),
    (["--port", "0"], "--port must be a whole number from 1 to 65535"),
    (["--workers", "0"], "--workers must be a whole number from 1 to 64"),
    (["--rate-limit", "-3"], "--rate-limit must be a whole number from 0"),
    (["--max-body", "12"], "--max-body must be a whole number from 1024"),
    (["--cors-origin", "club.example"], "a CORS origin is * or starts with http://"),
    (["--host", "no-such-host.invalid"], "cannot listen on no-such-host.invalid:8000"),
])
def test_serve_refuses_bad_options_in_one_line(capsys, argv, message):
    assert message in cli_error(capsys, "serve", *argv)


def test_serve_refuses_a_port_in_use(server, capsys):
    port = int(server.rsplit(":", 1)[1])
    assert cli_error(capsys, "serve", "--port", str(port)) == f"cannot listen on 127.0.0.1:{port} (Address already in use)"


def test_serve_refuses_a_bad_answer_cache_setting_in_one_line(capsys, monkeypatch):
    monkeypatch.setenv("ARBITER_ANSWER_CACHE", "lots")
    # an address it cannot listen on: were the setting not checked first, the refusal would name the address
    assert cli_error(capsys, "serve", "--host", "no-such-host.invalid") == \
        "ARBITER_ANSWER_CACHE must be a whole number of answers, 0 for none (got 'lots')"
