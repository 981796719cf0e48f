"""The HTTP API end to end: `arbiter serve` started in a subprocess on a free port (once for this module),
called over real sockets with httpx — every endpoint in Korean and English, the replies compared with the
core's answer as app/core/message.py shows it and with the command line's --json, bad input, 50 questions
at once, the per-client and per-key rate limits, the Host allow-list, slow and malformed clients, the OpenAPI
document and every response validated against the schema it documents.

Each test speaks from its own loopback address (127.0.0.x): the rate limit counts per client, so the
tests do not share a budget, and the rate-limit test shows that one client's 429 leaves others alone."""
from __future__ import annotations

import json
import logging
import os
import re
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


BOT_KEY = "test-bot-key-0123456789abcdef"
# the chat-bot test's own key: the rate-limit test empties BOT_KEY's bucket, which refills only in a minute
CHAT_KEY = "chat-bot-key-0123456789abcdef"
KEY_RATE, USER_RATE = 40, 6         # the test key's limits: all its users together, and each user
READ_TIMEOUT = 3                    # seconds for a request to arrive whole
MAX_CONNECTIONS = 100


@pytest.fixture(scope="module")
def keys_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("keys") / "keys.yaml"
    path.write_text(f"keys:\n  - name: test-bot\n    key: {BOT_KEY}\n    rate_limit: {KEY_RATE}\n"
                    f"    per_user: {USER_RATE}\n  - name: chat-bot\n    key: {CHAT_KEY}\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def server_proc(keys_file):
    port = free_port()
    log = open(os.devnull, "w")
    proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--port", str(port), "--rate-limit",
                             str(RATE), "--log-level", "warning", "--api-keys", str(keys_file),
                             "--read-timeout", str(READ_TIMEOUT), "--max-connections", str(MAX_CONNECTIONS)],
                            cwd=ROOT, stdout=log, stderr=subprocess.PIPE, text=True)
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
        yield base, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="module")
def server(server_proc):
    return server_proc[0]


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
    assert by_id["imhotep"]["title"] == {"ko": "임호텝", "en": "Imhotep"} and by_id["imhotep"]["name"] == "Imhotep"
    korean = api.get("/v1/games", params={"lang": "ko"}).json()
    assert [g["name"] for g in korean["games"]][-1] == "임호텝"


@pytest.fixture(scope="module")
def kb():
    from app.core.assistant import default_assistant

    return default_assistant().kb


def cli_reply(capsys, kb, question: str, lang=None, detail="slim", game=None) -> dict:
    """What the API must answer: the command line's answer (`ask --json`, the core's) as app/core/message.py
    shows it."""
    from app.core import message

    argv = ["ask", question, "--json"] + (["--game", game] if game else [])
    return message.reply(kb, cli_json(capsys, *argv)[0], lang, detail, asked_game=game)


def test_ask_is_the_cores_answer_in_the_language_asked(api, openapi, capsys, kb):
    korean = api.get("/v1/ask", params={"q": "균형값이 -7이면 점수 몇 점 잃어?"})
    assert korean.status_code == 200
    body = korean.json()
    conforms(openapi, "AskReply", body)
    assert set(body) == {"question", "lang", "game", "game_name", "answer", "notices", "url"}     # slim
    assert body["lang"] == "ko" and body["game"] == "tekhenu" and body["game_name"] == "테케누: 태양의 오벨리스크"
    answer = body["answer"]
    assert answer["rule_id"] == "tekhenu/maat/vp-loss-table" and answer["type"] == "rule"
    assert answer["text_lang"] == "ko" and answer["origin"] == "official"
    assert answer["short"]["kind"] == "how_many" and answer["short"]["value"]["amount"] == -2
    assert answer["short"]["value"]["text"] == "-2점" and answer["short"]["calculation"] == "균형값 -7 → -2점"
    assert answer["citation"] == {"rulebook": "테케누: 태양의 오벨리스크 규칙서 (한국어판)", "edition": "ko",
                                  "section": "마앗 단계", "text": "테케누: 태양의 오벨리스크 규칙서 (한국어판) › 마앗 단계"}
    assert answer["url"] == body["url"] == ("http://localhost:8501/?q=%EA%B7%A0%ED%98%95%EA%B0%92%EC%9D%B4+-7%EC%9D"
                                            "%B4%EB%A9%B4+%EC%A0%90%EC%88%98+%EB%AA%87+%EC%A0%90+%EC%9E%83%EC%96%B4"
                                            "%3F&lang=ko")
    assert body == cli_reply(capsys, kb, "균형값이 -7이면 점수 몇 점 잃어?")
    # the same Korean question, answered in English: the English edition, cited as such
    english = api.get("/v1/ask", params={"q": "균형값이 -7이면 점수 몇 점 잃어?", "lang": "en"}).json()
    conforms(openapi, "AskReply", english)
    assert english["lang"] == "en" and english["answer"]["text"].startswith("Balance | Victory Points")
    assert english["answer"]["short"]["value"]["text"] == "-2 VP"
    assert english["answer"]["citation"]["rulebook"] == "Tekhenu: Obelisk of the Sun rulebook (English edition)"
    assert english["answer"]["url"].endswith("&lang=en")
    # GET and POST are one question; a POST body may name the language too
    posted = api.post("/v1/ask", json={"question": "균형값이 -7이면 점수 몇 점 잃어?", "lang": "en"}).json()
    assert posted == english


def test_ask_in_full_is_the_whole_page_without_internals(api, openapi, capsys, kb):
    question = "Can gray dice be used to Produce Resources?"
    full = api.get("/v1/ask", params={"q": question, "detail": "full"})
    body = full.json()
    conforms(openapi, "AskReplyFull", body)
    assert body == cli_reply(capsys, kb, question, detail="full")
    assert body["answer"]["exceptions"] and body["citations"] and body["example"]["verified"]
    assert body["example"]["steps"][1]["refused"]["rule"]["id"] == "tekhenu/round/gray-no-production"
    slim = api.get("/v1/ask", params={"q": question}).json()
    assert len(json.dumps(slim, ensure_ascii=False)) < 2500 < len(json.dumps(body, ensure_ascii=False)) < 20000
    raw = json.dumps(cli_json(capsys, "ask", question, "--json")[0], ensure_ascii=False)
    assert '"scope"' in raw and '"p_in_scope"' in raw        # what the core keeps for its own measurements
    for reply in (slim, body):
        text = json.dumps(reply, ensure_ascii=False)
        for internal in ('"scope"', "p_in_scope", '"settle"', '"confidence"', '"actions"', "facts_used", "explain",
                         "ruling_id", "dice.per_color"):
            assert internal not in text, internal
        assert not re.search(r'"(?:before|after)": \{', text)       # no engine state dump (a change reads as words)
        assert not re.search(r"@[0-9a-f]{7,40}\b|\b[\w/-]+\.(?:py|yaml|csv)\b", text), text


def test_titles_are_as_players_read_them_in_every_reply(api, openapi):
    """Card titles as the page shows them (app/core/present.py shown_title), never the search label's code name."""
    from app.core import present

    code_names = re.compile(r"\bsail blue\b|\bArt\d+ artifact\b|\bgreen 묘실|[a-z]+-[a-z]+ (?:green|blue|red|purple)\b")
    for q, lang in (("돛 카드는 뭐야?", "ko"), ("What does the Sail card do?", "en"), ("돛 카드는 뭐야?", "en")):
        full = api.get("/v1/ask", params={"q": q, "lang": lang, "detail": "full"}).json()
        conforms(openapi, "AskReplyFull", full)
        assert full["answer"]["rule_id"] == "imhotep/sail" and full["answer"]["type"] == "card", q
        assert full["answer"]["title"].endswith({"ko": "돛 (파란색 시장 카드)", "en": "Sail (blue market card)"}[lang])
        titles = [full["answer"]["title"]] + [c["title"] for c in full["citations"]]
        assert not any(code_names.search(t) for t in titles), titles
    hits = api.get("/v1/search", params={"q": "돛", "k": 5}).json()
    conforms(openapi, "SearchReply", hits)
    assert hits["hits"][0]["title"] == "파란색 시장 카드 › 돛 (3장) › 돛 (파란색 시장 카드)"
    assert not any(code_names.search(h["title"]) for h in hits["hits"])
    from app.core.assistant import default_assistant

    core = default_assistant()
    found = core.searcher.search("돛", None, 5).to_json()
    assert [h["title"] for h in hits["hits"]] == [present.shown_title(core.kb, h["rule_id"], h["title"], "ko")
                                                 for h in found["hits"]]


def test_an_answers_id_resolves_whatever_its_type(api, openapi):
    answer = api.get("/v1/ask", params={"q": "돛 카드는 뭐야?"}).json()["answer"]
    for path in (f"/v1/entries/{answer['rule_id']}", f"/v1/rules/{answer['rule_id']}", "/v1/cards/돛",
                 "/v1/cards/imhotep/sail", "/v1/entries/돛"):
        r = api.get(path)
        assert r.status_code == 200, (path, r.text[:300])
        conforms(openapi, "EntryReply", r.json())
        assert r.json()["id"] == "imhotep/sail" and r.json()["type"] == "card", path
    rule = api.get("/v1/entries/tekhenu/maat/vp-loss-table", params={"lang": "ko"}).json()
    assert rule["type"] == "rule" and rule["title"] == "점수 손실표" and rule["lang"] == "ko"
    assert rule["url"] == "http://localhost:8501/?page=browse&rule=tekhenu%2Fmaat%2Fvp-loss-table&lang=ko&game=tekhenu"
    card = api.get("/v1/cards/돛", params={"lang": "en"}).json()
    assert card["title"] == "Sail (blue market card)" and card["origin"] == "translation"
    assert card["other"] == {"lang": "ko", "origin": "official", "text": card["other"]["text"]}
    assert card["citation"]["rulebook"] == "Imhotep rulebook (Korean edition)"        # the edition that prints it
    # without lang, the reader's Accept-Language
    assert api.get("/v1/cards/돛", headers={"Accept-Language": "ko-KR,ko;q=0.9"}).json()["title"] == "돛 (파란색 시장 카드)"


def test_the_card_lookup_finds_what_the_cards_page_finds(api, openapi):
    from streamlit.testing.v1 import AppTest

    from app.core import lookup

    at = AppTest.from_file(str(ROOT / "app" / "ui" / "streamlit_app.py"), default_timeout=300)
    at.query_params.update({"card": "돛", "lang": "ko"})
    at.run()
    shown = [m.value for m in at.markdown if m.value.startswith("**")]
    listed = api.get("/v1/cards", params={"q": "돛", "lang": "ko"}).json()
    conforms(openapi, "EntriesReply", listed)
    assert listed["total"] == 1 and any("돛 (파란색 시장 카드)" in m for m in shown), shown
    several = api.get("/v1/cards", params={"q": "B0", "limit": 3, "offset": 2}).json()
    assert several["total"] == 9 and len(several["entries"]) == 3 and several["entries"][0]["id"] == "tekhenu/B03"
    ambiguous = api.get("/v1/cards/B0")
    assert ambiguous.status_code == 400 and "names 9 cards" in ambiguous.json()["error"]["en"]
    assert lookup.find_cards.__module__ == "app.core.lookup"
    page = (ROOT / "app" / "ui" / "streamlit_app.py").read_text(encoding="utf-8")
    assert "find_cards(base, query)" in page            # the page searches with the same function


def test_ask_with_a_game_and_without_one(api, openapi):
    given = api.post("/v1/ask", json={"question": "개인창고에 석재를 몇 개까지 둘 수 있어?", "game": "imhotep"}).json()
    conforms(openapi, "AskReply", given)
    assert given["game"] == "imhotep" and given["answer"]["game"] == "imhotep" and given["url"].endswith("&game=imhotep")
    for q in ("Who wins a tie?", "동점이면 누가 이겨?"):   # no game named: the others' answers, and a notice
        guessed = api.get("/v1/ask", params={"q": q, "detail": "full"}).json()
        conforms(openapi, "AskReplyFull", guessed)
        assert guessed["answer"] and guessed["alternatives"], q
        assert all(alt["game"] != guessed["game"] for alt in guessed["alternatives"])
        assert [n["kind"] for n in guessed["notices"]] == ["guessed"] and guessed["notices"][0]["text"]
        assert "game=" not in guessed["url"]             # the page guesses the same way


def test_a_question_no_rule_answers_is_200_with_a_notice(api, openapi):
    for q in ("What's the weather like in Seoul tomorrow?", "What does X99 do?", "???"):
        r = api.get("/v1/ask", params={"q": q})
        assert r.status_code == 200, q
        body = r.json()
        conforms(openapi, "AskReply", body)
        assert body["answer"] is None and body["notices"] and body["notices"][0]["text"], q
        text = api.get("/v1/ask", params={"q": q, "format": "text"})
        assert text.status_code == 200 and body["notices"][0]["text"] in text.text and body["url"] in text.text


def test_search_is_the_clis_hits_as_players_read_them(api, openapi, capsys):
    r = api.get("/v1/search", params={"q": "회색 주사위로 자원을 생산할 수 있어?", "k": 5})
    assert r.status_code == 200
    conforms(openapi, "SearchReply", r.json())
    assert r.json()["lang"] == "ko" and len(r.json()["hits"]) == 5
    cli = cli_json(capsys, "search", "회색 주사위로 자원을 생산할 수 있어?", "--k", "5", "--json")[0]
    assert [(h["rule_id"], h["score"]) for h in r.json()["hits"]] == [(h["rule_id"], h["score"]) for h in cli["hits"]]
    assert api.get("/v1/search", params={"q": "gray dice", "game": "tekhenu"}).json()["game"] == "tekhenu"
    english = api.get("/v1/search", params={"q": "회색 주사위로 자원을 생산할 수 있어?", "k": 5, "lang": "en"}).json()
    assert english["lang"] == "en" and all(h["text_lang"] == "en" for h in english["hits"])


def test_rule_card_diffs_facts_scenario_records_are_the_clis_json(api, openapi, capsys):
    rule = api.get("/v1/rules/tekhenu/maat/vp-loss-table", params={"detail": "full"})
    conforms(openapi, "EntryReply", rule.json())
    assert rule.json()["record"] == cli_json(capsys, "rule", "tekhenu/maat/vp-loss-table", "--json")[0]
    for ref, params in (("T08", {}), ("tekhenu/T08", {}), ("BX01", {"game": "tekhenu-time-of-set"})):
        card = api.get(f"/v1/cards/{ref}", params={**params, "detail": "full"})
        assert card.status_code == 200, ref
        conforms(openapi, "EntryReply", card.json())
    assert card.json()["record"] == cli_json(capsys, "card", "BX01", "--game", "tekhenu-time-of-set", "--json")[0]
    assert card.json()["printed_id"] == "BX01" and "record" not in api.get("/v1/cards/BX01").json()
    diffs = api.get("/v1/diffs", params={"game": "tekhenu", "detail": "full", "limit": 500}).json()
    conforms(openapi, "EntriesReply", diffs)
    assert [d["record"] for d in diffs["entries"]] == cli_json(capsys, "kb", "diffs", "--game", "tekhenu", "--json")
    assert diffs["total"] == len(diffs["entries"]) > 0 and all(d["edition_diff"] for d in diffs["entries"])
    facts = api.get("/v1/facts", params={"game": "imhotep", "assumed": "true"}).json()
    conforms(openapi, "FactsResponse", facts)
    cli_facts = cli_json(capsys, "facts", "--game", "imhotep", "--assumed", "--json")
    assert [{k: v for k, v in f.items() if k != "text"} for f in facts["facts"]] == cli_facts and cli_facts
    korean = api.get("/v1/facts", params={"game": "imhotep", "assumed": "true", "lang": "ko"}).json()["facts"]
    assert [f["text"] for f in korean] == [f["note_ko"] or f["note"] for f in cli_facts]
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
        card = api.get(f"/v1/cards/{ref}", params={"detail": "full", "lang": "en"})
        assert card.status_code == 200, ref
        conforms(openapi, "EntryReply", card.json())
        assert card.json()["id"] == "through-the-ages/michelangelo" and card.json()["type"] == "card"
        assert "Michelangelo" in card.json()["title"]
    record = card.json()["record"]
    assert record["origin"] == {"ko": "description", "en": "description"} and record["catalogue"]["effects"]
    assert record == cli_json(capsys, "card", "michelangelo", "--json")[0]
    frugality = api.get("/v1/cards/절약", params={"detail": "full"}).json()
    assert frugality["id"] == "through-the-ages/frugality-a" and len(frugality["record"]["also"]) == 2
    missing = api.get("/v1/cards/xyzzy")
    assert missing.status_code == 404 and "no card" in missing.json()["error"]["en"]


def test_glossary_in_both_languages_a_page_at_a_time(api, openapi):
    thoth = api.get("/v1/glossary", params={"q": "토티"}).json()
    conforms(openapi, "GlossaryPage", thoth)
    assert [t["en"] for t in thoth["terms"]] == ["Thoth"] and thoth["total"] == 1  # the Korean edition's spelling
    by_en = api.get("/v1/glossary", params={"q": "thoth", "game": "tekhenu"}).json()["terms"]
    assert by_en and all(t["game"] == "tekhenu" for t in by_en)
    first = api.get("/v1/glossary").json()
    assert first["total"] > 300 and len(first["terms"]) == first["limit"] == 100 and first["offset"] == 0
    assert len(json.dumps(first, ensure_ascii=False)) < 60_000
    pages = [api.get("/v1/glossary", params={"limit": 500, "offset": o}).json()["terms"] for o in (0, 500)]
    every = pages[0] + pages[1]
    assert len(every) == first["total"] and {t["game"] for t in every} >= {"tekhenu", "imhotep"}
    assert api.get("/v1/glossary", params={"limit": 2, "offset": 5}).json()["terms"] == every[5:7]


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
    ("GET", "/v1/cards/T99", {}, 404, "no card with id or name 'T99'"),
    ("GET", "/v1/entries/tekhenu/nope", {}, 404, "no rule or card 'tekhenu/nope'"),
    ("GET", "/v1/ask", {"params": {"q": "x", "lang": "fr"}}, 400, "query parameter 'lang'"),
    ("GET", "/v1/ask", {"params": {"q": "x", "format": "html"}}, 400, "query parameter 'format'"),
    ("GET", "/v1/glossary", {"params": {"limit": 0}}, 400, "query parameter 'limit'"),
    ("GET", "/v1/glossary", {"params": {"offset": -1}}, 400, "query parameter 'offset'"),
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
    ("PUT", "/v1/games", {}, 405, "does not take PUT (it takes: GET)"),
]


@pytest.fixture(scope="module")
def bad_client(server):
    with client(server, "127.0.0.4") as c:
        yield c


@pytest.fixture(scope="module")
def korean_client(server):
    with client(server, "127.0.0.21") as c:
        yield c


@pytest.mark.parametrize("method,url,kwargs,status,message", BAD, ids=[f"{m} {u} {s}" for m, u, _, s, _ in BAD])
def test_bad_input_is_4xx_with_a_one_line_message_in_both_languages(bad_client, korean_client, openapi, method, url,
                                                                    kwargs, status, message):
    r = bad_client.request(method, url, **kwargs)
    assert r.status_code == status, r.text[:500]
    body = r.json()
    conforms(openapi, "ErrorResponse", body)
    error = body["error"]
    assert message in error["en"], error
    assert any("\uac00" <= ch <= "\ud7a3" for ch in error["ko"]), error
    assert "\n" not in error["en"] and "Traceback" not in r.text
    assert not FALLBACK.search(error["ko"]) and wrong_particles(error["ko"]) == [], error["ko"]
    assert error["message"] == error["en"]
    korean = korean_client.request(method, url, **{**kwargs, "headers": {**kwargs.get("headers", {}),
                                                                         "Accept-Language": "ko-KR,ko;q=0.9"}})
    assert korean.json()["error"]["message"] == korean.json()["error"]["ko"]


def wrong_particles(text: str) -> list[str]:
    """Particles after a quoted or Latin word that do not fit it (engine/korean.py: "'q'가", "‘tekhenu’라는")."""
    from engine.korean import particle

    wrong = []
    for m in PARTICLE.finditer(text):
        word, said = m.group(1), m.group(2)
        if particle(word, PAIRS[said]) != said:
            wrong.append(m.group(0))
    return wrong


FALLBACK = re.compile(r"\((?:가|를|는|은|이|을|으|와|과)\)|\((?:이|으)\)")
PAIRS = {"이라는": "이라는/라는", "라는": "이라는/라는", "으로": "으로/로", "로": "으로/로", "이": "이/가", "가": "이/가",
         "을": "을/를", "를": "을/를", "은": "은/는", "는": "은/는"}
PARTICLE = re.compile(r"('[^'\s]*'|‘[^’]*’|[A-Za-z0-9_.-]*[A-Za-z0-9])(이라는|라는|으로|로|이|가|을|를|은|는)(?=[\s.,:)]|$)")


def test_korean_particles_follow_their_word():
    assert wrong_particles("쿼리 매개변수 'q'이(가) 없습니다") == [] and FALLBACK.search("'q'이(가)")
    assert wrong_particles("‘Tekhenu’이라는 게임") == ["‘Tekhenu’이라는"]
    assert wrong_particles("‘chess’라는 게임, 'q'가 없습니다, 'k'가, 'path'가") == []
    from app.api import errors

    assert errors.message("missing", where="query parameter", where_ko="쿼리 매개변수", name="q")[1] == \
        "쿼리 매개변수 'q'가 없습니다"
    assert errors.message("missing", where="field", where_ko="항목", name="T08")[1] == "항목 'T08'이 없습니다"
    assert wrong_particles(errors.message("no_route", method="GET", path="/v1/rules")[1]) == []
    # 이라는/라는, which hangulpy does not know, and a lower-case or quoted Latin word (its last letter's name)
    from engine.korean import particle
    from app.core.present import error_text
    from app.core.records import UsageError, check_game

    assert [particle(w, "이라는/라는") for w in ("카탄", "바다", "catan", "‘catan’", "tekhenu", "T08")] == \
        ["이라는", "라는", "이라는", "이라는", "라는", "이라는"]
    assert error_text("unknown game 'catan'", "ko") == "‘catan’이라는 게임은 없습니다."
    with pytest.raises(UsageError) as refused:
        check_game("tekhenu-seth")
    assert refused.value.ko.startswith("‘tekhenu-seth’라는 게임은 없습니다")


def test_the_messages_are_the_command_lines(bad_client, capsys):
    cases = [(("rule", "tekhenu/no-such-rule"), "/v1/rules/tekhenu/no-such-rule", {}),
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


def test_an_api_key_limits_each_user_of_a_bot_not_the_bot(server):
    """One address, one key: each user named in X-Arbiter-User has their own bucket (USER_RATE), the key all of
    them together (KEY_RATE); the user header means nothing without a valid key; an unknown key is refused."""
    with client(server, "127.0.0.12") as bot:
        key = {"X-API-Key": BOT_KEY}
        alice = [bot.get("/v1/games", headers={**key, "X-Arbiter-User": "alice"}).status_code
                 for _ in range(USER_RATE + 2)]
        assert alice[:USER_RATE] == [200] * USER_RATE and alice[-1] == 429, alice
        limited = bot.get("/v1/games", headers={**key, "X-Arbiter-User": "alice"}).json()["error"]
        assert "user 'alice' of the API key 'test-bot'" in limited["en"] and "사용자 'alice'에게서" in limited["ko"]
        # bob, same address, same key: not limited by alice's requests
        assert bot.get("/v1/games", headers={**key, "Authorization": "", "X-Arbiter-User": "bob"}).status_code == 200
        bearer = {"Authorization": f"Bearer {BOT_KEY}", "X-Arbiter-User": "carol"}
        assert bot.get("/v1/games", headers=bearer).status_code == 200
        # the key as a whole: KEY_RATE requests a minute, whoever its users are
        replies = [bot.get("/v1/games", headers={**key, "X-Arbiter-User": f"user{i}"}) for i in range(KEY_RATE + 5)]
        codes = [r.status_code for r in replies]
        assert 429 in codes and codes.count(200) <= KEY_RATE, codes
        spent = next(r for r in replies if r.status_code == 429).json()["error"]
        assert "the API key 'test-bot'" in spent["en"] and "API 키 'test-bot'로 보낸" in spent["ko"]
        # a bad key is an error, not an anonymous request; a user header without a key is ignored
        bad = bot.get("/v1/games", headers={"X-API-Key": "not-the-key-0123456789"})
        assert bad.status_code == 401 and bad.json()["error"]["code"] == "bad_key"
        odd = bot.get("/v1/games", headers={**key, "X-Arbiter-User": "x" * 200})
        assert odd.status_code == 400 and "X-Arbiter-User" in odd.json()["error"]["en"]
    with client(server, "127.0.0.13") as anon:
        codes = [anon.get("/v1/games", headers={"X-Arbiter-User": f"u{i}"}).status_code for i in range(RATE + 3)]
        assert codes[-1] == 429 and codes.count(200) <= RATE         # one address, whatever users it names


def test_x_forwarded_for_is_believed_only_from_a_named_proxy(server):
    """Issue 28, finding 7: a local client's X-Forwarded-For neither dodges its own limit nor spends another's."""
    with client(server, "127.0.0.14") as sly, client(server, "127.0.0.15") as victim:
        codes = [sly.get("/v1/games", headers={"X-Forwarded-For": f"10.0.0.{i % 250 + 1}"}).status_code
                 for i in range(RATE + 5)]
        assert 429 in codes, codes          # were each forwarded address a client, none would be limited
        limited = sly.get("/v1/games", headers={"X-Forwarded-For": "127.0.0.15"})
        assert limited.status_code == 429 and "too many requests from 127.0.0.14" in limited.json()["error"]["en"]
        assert victim.get("/v1/games").status_code == 200


def test_a_host_the_server_does_not_answer_for_is_refused(server):
    """A page on another site whose name resolves to 127.0.0.1 (DNS rebinding) sends its own Host: refused."""
    with client(server, "127.0.0.16") as c:
        port = server.rsplit(":", 1)[1]
        for host in ("evil.example", f"evil.example:{port}", "127.0.0.2.nip.io"):
            r = c.get("/v1/games", headers={"Host": host})
            assert r.status_code == 400 and r.json()["error"]["code"] == "bad_host", host
            assert "localhost" in r.json()["error"]["en"]
        for host in (f"localhost:{port}", f"127.0.0.1:{port}", "LOCALHOST", f"[::1]:{port}"):
            assert c.get("/v1/games", headers={"Host": host}).status_code == 200, host


def raw_exchange(base: str, data: bytes, source: str = "127.0.0.17", wait: float = 10) -> bytes:
    host, port = base.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=wait, source_address=(source, 0)) as s:
        s.sendall(data)
        chunks = []
        while True:
            try:
                chunk = s.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)


def test_malformed_http_gets_the_json_error(server):
    for data in (b"GARBAGE\r\n\r\n", b"GET /v1/games HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n",
                 b"GET /v1/games HTTP/1.1\r\nHost: localhost\r\nContent-Length: many\r\n\r\n"):
        reply = raw_exchange(server, data)
        head, _, body = reply.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 400") and b"content-type: application/json" in head.lower(), reply[:300]
        error = json.loads(body)["error"]
        assert error["code"] == "bad_input" and "malformed HTTP request" in error["en"] and error["ko"]


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def half_open(base: str, count: int, source: str) -> list[socket.socket]:
    """`count` connections that send half a request and then nothing (a slow or dead client)."""
    host, port = base.removeprefix("http://").rsplit(":", 1)
    out = []
    for _ in range(count):
        s = socket.create_connection((host, int(port)), timeout=10, source_address=(source, 0))
        s.sendall(b"GET /v1/games HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        out.append(s)
    return out


def slow_clients(base: str, pid: int, count: int, limit: int, timeout: float) -> dict:
    """`count` half-open connections against a server limited to `limit` connections and `timeout` seconds a
    request: another client is still answered; the server's open files stay bounded; the half-open ones get the
    JSON 408 (or are closed to make room) once their time is up."""
    baseline = open_files(pid)
    sockets = half_open(base, count, "127.0.0.18")
    try:
        peak = open_files(pid)
        served, latencies = 0, []
        with client(base, "127.0.0.19") as other:
            for _ in range(5):
                t0 = time.perf_counter()
                r = other.get("/v1/games")
                latencies.append((time.perf_counter() - t0) * 1000)
                served += r.status_code == 200
                peak = max(peak, open_files(pid))
        time.sleep(timeout + 2)
        # every one of them ends: answered 408, or closed (reset) to make room — those the kernel held in the
        # accept queue (BACKLOG) are accepted late, so their own read timeout ends later
        answered = closed = pending = 0
        deadline = time.monotonic() + 2 * timeout + 10
        for s in sockets:
            s.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                data = s.recv(4096)
            except ConnectionResetError:
                data = b""
            except TimeoutError:
                pending += 1
                continue
            if data.startswith(b"HTTP/1.1 408") and b'"code": "timeout"' in data:
                answered += 1
            elif data == b"":
                closed += 1
        after = open_files(pid)
    finally:
        for s in sockets:
            s.close()
    return {"half_open": count, "limit": limit, "baseline_fds": baseline, "peak_fds": peak, "fds_after": after,
            "served": served, "latency_ms_max": round(max(latencies), 1), "answered_408": answered,
            "closed_to_make_room": closed, "never_ended": pending}


def test_slow_clients_cannot_hold_the_server(server_proc):
    """Issue 28, finding 5 (the short run; `-m slow` opens 1,000): 400 half-open connections against a limit of
    100 and a 3 s read timeout: the server's descriptors stay within the limit and the accept batches in flight
    (IN_FLIGHT_BATCHES × BACKLOG), well under the 400 an unguarded server holds."""
    from app.api.server import BACKLOG, IN_FLIGHT_BATCHES

    base, proc = server_proc
    count = 400
    bound = MAX_CONNECTIONS + IN_FLIGHT_BATCHES * BACKLOG + 5
    assert count > bound + 20                              # an unbounded server would fail the bound below
    report = slow_clients(base, proc.pid, count, MAX_CONNECTIONS, READ_TIMEOUT)
    print("slow clients:", report)
    assert report["served"] == 5, report
    assert report["peak_fds"] <= report["baseline_fds"] + bound, report
    assert report["answered_408"] >= 1 and report["answered_408"] + report["closed_to_make_room"] == count, report
    assert report["fds_after"] <= report["baseline_fds"] + 5, report


@pytest.mark.slow
def test_a_thousand_slow_clients_cannot_hold_the_server(tmp_path):
    """Issue 28, finding 5: 1,000 half-open connections against the default limits (1,000 connections, 10 s)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))   # this test's own sockets
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--port", str(port), "--rate-limit", "0",
                             "--log-level", "warning"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=open(tmp_path / "log", "w"))
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                if httpx.get(f"{base}/v1/health", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                assert proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.5)
        report = slow_clients(base, proc.pid, 1000, 1000, 10)
        print("slow clients:", report)
        from app.api.server import BACKLOG, IN_FLIGHT_BATCHES

        bound = 1000 + IN_FLIGHT_BATCHES * BACKLOG + 5
        assert report["served"] == 5 and report["peak_fds"] <= report["baseline_fds"] + bound, report
        assert report["answered_408"] + report["closed_to_make_room"] == 1000, report
        log = (tmp_path / "log").read_text()
        assert len(log.splitlines()) < 50, log[-2000:]         # a flood writes a few lines, not one each
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_log_lines_are_rate_limited():
    from app.api.guard import RateLimitedLog

    now = [0.0]
    limit = RateLimitedLog(burst=3, period=60, clock=lambda: now[0])
    record = lambda: logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "socket.accept() out of system "
                                       "resource", (), None)
    kept = [limit.filter(record()) for _ in range(1000)]
    assert kept.count(True) == 3
    now[0] = 61.0
    later = record()
    assert limit.filter(later) and "997 more like it" in later.getMessage()


# -- the OpenAPI document ------------------------------------------------------------------------------------
ROUTES = {("/v1/health", "get"): "Health", ("/v1/games", "get"): "GamesResponse",
          ("/v1/ask", "get"): ("AskReply", "AskReplyFull"), ("/v1/ask", "post"): ("AskReply", "AskReplyFull"),
          ("/v1/search", "get"): "SearchReply", ("/v1/entries/{entry_id}", "get"): "EntryReply",
          ("/v1/rules/{rule_id}", "get"): "EntryReply", ("/v1/cards/{card_id}", "get"): "EntryReply",
          ("/v1/cards", "get"): "EntriesReply", ("/v1/glossary", "get"): "GlossaryPage",
          ("/v1/diffs", "get"): "EntriesReply", ("/v1/facts", "get"): "FactsResponse",
          ("/v1/scenarios/{scenario_id}", "get"): "ScenarioResult",
          ("/v1/simulator", "get"): "SimulatorGamesResponse", ("/v1/simulator/{game}", "post"): "SimulatorResponse"}
# what a bot reads: every field described, the short answer's with examples
DESCRIBED = ("AskReply", "AskReplyFull", "AnswerSlim", "AnswerFull", "Short", "ShortValue", "Citation", "NoticeText",
             "Ref", "Beside", "OtherText", "AlternativeRef", "Cited", "ExampleStep", "ExampleView", "EntryReply",
             "SearchHit", "SearchReply", "EntriesReply", "GlossaryPage", "ErrorMessage", "ErrorResponse")


# a text that is rare in real replies, and that no one example would explain
NO_EXAMPLE = {("ExampleView", "notice")}


def test_openapi_documents_every_route_and_field(server, openapi):
    assert openapi["openapi"].startswith("3.1") and openapi["info"]["title"] == "Arbiter"
    documented = {(path, method) for path, ops in openapi["paths"].items() for method in ops}
    assert documented == set(ROUTES)
    for (path, method), model in ROUTES.items():
        operation = openapi["paths"][path][method]
        responses = operation["responses"]
        ok = responses["200"]["content"]["application/json"]["schema"]
        if isinstance(model, tuple):
            assert ok["anyOf"] == [{"$ref": f"#/components/schemas/{m}"} for m in model], (path, ok)
            assert {"text/plain", "text/markdown"} <= set(responses["200"]["content"])
        else:
            assert ok == {"$ref": f"#/components/schemas/{model}"}, (path, method, ok)
        for status in ("400", "405", "413", "429"):
            assert responses[status]["content"]["application/json"]["schema"] == {
                "$ref": "#/components/schemas/ErrorResponse"}, (path, status)
        assert "422" not in responses                      # bad input is a 400 with the error body
        assert "lang" in {p["name"] for p in operation.get("parameters", [])}, path       # every endpoint
    schemas = openapi["components"]["schemas"]
    for name, schema in schemas.items():
        Draft202012Validator.check_schema(schema)
        assert schema.get("description"), f"the schema {name} is not described"
        for field, spec in schema.get("properties", {}).items():     # every field of every reply and request
            assert spec.get("description"), (name, field)
    for path, ops in openapi["paths"].items():
        for method, operation in ops.items():
            for parameter in operation.get("parameters", []):
                assert parameter.get("description"), (path, method, parameter["name"])
    # what a bot reads: every plain text or number with an example that is a value of its own schema (a choice
    # of values or a yes/no is its own example)
    root = {"components": openapi["components"]}
    for name in DESCRIBED:
        for field, spec in schemas[name]["properties"].items():
            options = spec.get("anyOf", [spec])
            if (name, field) in NO_EXAMPLE or any("$ref" in o or o.get("type") in ("object", "array") for o in options) \
                    or all("enum" in o or "const" in o or o.get("type") in ("boolean", "null") for o in options):
                continue
            assert spec.get("examples"), (name, field)
            for example in spec["examples"]:
                assert not list(Draft202012Validator({**spec, **root}).iter_errors(example)), (name, field, example)
    short = schemas["Short"]["properties"]
    for field in ("line", "note", "basis", "kind", "verdict", "label", "calculation", "claim", "text"):
        assert short[field].get("examples"), field
    for field in ("basis", "kind", "verdict", "label", "value", "calculation", "phase", "claim", "text", "rules",
                  "unless"):
        assert short[field].get("description"), field


def test_docs_and_redoc_render_offline_in_a_browser(server):
    """/docs (Swagger UI) and /redoc (ReDoc) in headless Chromium with every request off this server refused:
    their scripts come from the installed fastapi-offline package, not a CDN."""
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("ARBITER_CHROMIUM", "/usr/bin/chromium")
    assert Path(chromium).exists(), f"{chromium} is missing: install Debian's chromium package"
    outside, shots = [], ROOT / "build" / "api"
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])     # the network, off
        page = browser.new_page(viewport={"width": 1280, "height": 1600})

        def route(r):
            if r.request.url.startswith(server):
                return r.continue_()
            outside.append(r.request.url)
            return r.abort()
        page.route("**/*", route)
        page.goto(f"{server}/docs", wait_until="networkidle")
        page.locator(".swagger-ui .info .title").filter(has_text="Arbiter").wait_for(timeout=60_000)
        page.locator(".opblock-summary-path", has_text="/v1/ask").first.wait_for(timeout=60_000)
        page.screenshot(path=str(shots / "docs.png"))
        page.goto(f"{server}/redoc", wait_until="networkidle")
        page.get_by_text("Answer a rules question", exact=False).first.wait_for(timeout=60_000)
        page.screenshot(path=str(shots / "redoc.png"))
        browser.close()
    assert outside == [], outside


# -- a chat bot, as its developer would write it ---------------------------------------------------------------
class Documented:
    """A reply read the way a bot's developer reads the OpenAPI document: only documented fields."""

    def __init__(self, value, schema: dict, schemas: dict):
        self.value, self.schema, self.schemas = value, self._resolve(schema, schemas), schemas

    @staticmethod
    def _resolve(schema: dict, schemas: dict) -> dict:
        while "$ref" in schema:
            schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
        options = [o for o in schema.get("anyOf", []) if o.get("type") != "null"]
        return Documented._resolve(options[0], schemas) if options and "properties" not in schema else schema

    def __getitem__(self, key):
        if isinstance(key, int):
            return Documented(self.value[key], self.schema["items"], self.schemas)
        spec = self.schema.get("properties", {}).get(key)
        assert spec is not None and spec.get("description"), f"{key!r} is not a documented field"
        value = self.value[key]
        return value if value is None or isinstance(value, (str, int, float, bool)) else \
            Documented(value, spec, self.schemas)

    def __iter__(self):
        return (self[i] for i in range(len(self.value)))


def bot_message(reply: Documented, markdown: bool) -> str:
    """What a Discord or KakaoTalk bot posts, built from the documented JSON alone."""
    answer = reply["answer"]
    if answer is None:
        return "\n".join([n["text"] for n in reply["notices"]] + [reply["url"]])
    lines = []
    short = answer["short"]
    if short is not None:
        lines.append(f"**{short['line']}**" if markdown else short["line"])
    lines.append(f"**{answer['title']}**" if markdown else answer["title"])
    if answer["text"]:
        lines.append(answer["text"])
    lines.append(answer["citation"]["text"])
    lines.append(f"[{reply['question']}]({answer['url']})" if markdown else answer["url"])
    return "\n".join(lines)


# KO/EN, a rule and a card, a yes/no and a how-many question: the case, and what the answer must be
BOT_QUESTIONS = [
    ("ko", "rule", "yes_no", "회색 주사위로 자원을 생산할 수 있어?", None, "tekhenu/round/gray-no-production", "아니요"),
    ("en", "rule", "yes_no", "Can gray dice be used to Produce Resources?", None, "tekhenu/round/gray-no-production",
     "No"),
    ("ko", "rule", "how_many", "균형값이 -7이면 점수 몇 점 잃어?", None, "tekhenu/maat/vp-loss-table", "-2점"),
    ("en", "rule", "how_many", "How many VP do I lose with a balance of -7?", "tekhenu", "tekhenu/maat/vp-loss-table",
     "-2 VP"),
]


def test_a_chat_bot_builds_its_messages_from_documented_fields(server, openapi):
    """The issue's bot: 8 answers (Korean and English, a rule and a card, yes/no and how-many) turned into plain-text
    and Markdown messages from documented fields only; each reply validates against the OpenAPI document; the
    server's own ready messages (format=text|markdown) carry the same short answer, rule, citation and link."""
    schemas = openapi["components"]["schemas"]
    asked = BOT_QUESTIONS + CARD_QUESTIONS
    assert {(lang, kind, case) for lang, kind, case, *_ in asked} == \
        {(lang, kind, case) for lang in ("ko", "en") for kind in ("rule", "card") for case in ("yes_no", "how_many")}
    with client(server, "127.0.0.20") as bot:
        headers = {"X-API-Key": CHAT_KEY}
        for i, (lang, kind, case, question, game, rule_id, head) in enumerate(asked):
            params = {"q": question, **({"game": game} if game else {})}
            raw = bot.get("/v1/ask", params=params, headers={**headers, "X-Arbiter-User": f"player{i}"})
            assert raw.status_code == 200, raw.text[:300]
            conforms(openapi, "AskReply", raw.json())
            reply = Documented(raw.json(), {"$ref": "#/components/schemas/AskReply"}, schemas)
            answer = reply["answer"]
            assert reply["lang"] == lang and answer["rule_id"] == rule_id and answer["type"] == kind, question
            short = answer["short"]
            assert short is not None and short["kind"] == case, question
            assert (short["label"] if case == "yes_no" else short["value"]["text"]) == head, question
            text, markdown = bot_message(reply, False), bot_message(reply, True)
            assert text.startswith(short["line"]) and answer["citation"]["text"] in text and answer["url"] in text
            assert markdown.startswith(f"**{short['line']}**")
            ready = {fmt: bot.get("/v1/ask", params={**params, "format": fmt},
                                  headers={**headers, "X-Arbiter-User": f"player{i}"}) for fmt in ("text", "markdown")}
            assert ready["text"].headers["content-type"] == "text/plain; charset=utf-8"
            assert ready["markdown"].headers["content-type"] == "text/markdown; charset=utf-8"
            plain = ready["text"].text
            assert plain.startswith(short["line"]) and answer["citation"]["text"] in plain, plain
            assert plain.rstrip().endswith(answer["url"]) and answer["title"].split(" › ")[-1] in plain
            md = ready["markdown"].text
            assert md.startswith(f"**{head}**") and f"(<{answer['url']}>)" in md and "\n> " in md, md
            assert not re.search(r"\*\*\s*$|^- ", plain, re.M) and "**" not in plain
            assert "corpus/" not in plain + md and not re.search(r":\d+-\d+", plain + md)   # a section, not lines


# the cards' cases: Tekhenu's Pillar tiles, whose rulings read the card's own sentence
CARD_QUESTIONS = [
    ("ko", "card", "yes_no", "P10 기둥 타일 능력으로 토트 행동해서 카드 가져와?", None, "tekhenu/P10", "예"),
    ("en", "card", "yes_no", "Does P10 let me take a Thoth action for one card?", None, "tekhenu/P10", "Yes"),
    ("ko", "card", "how_many", "P01 기둥 타일 능력은 인구 몇이야?", None, "tekhenu/P01", "인구 3"),
    ("en", "card", "how_many", "How much Population does P01's ability grant?", None, "tekhenu/P01", "3 Population"),
]


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
    from app.api.server import Settings, default_hosts
    from app.core.records import UsageError

    assert Settings.from_env({}) == Settings(rate_limit=120, max_body=16384, cors_origins=())
    env = {"ARBITER_API_RATE_LIMIT": "0", "ARBITER_API_MAX_BODY": "4096",
           "ARBITER_API_CORS_ORIGINS": "https://a.example, https://b.example", "ARBITER_PAGE_URL": "https://rules.example/",
           "ARBITER_API_ALLOWED_HOSTS": "rules.example,*.rules.example", "ARBITER_API_READ_TIMEOUT": "2.5",
           "ARBITER_API_MAX_CONNECTIONS": "64"}
    settings = Settings.from_env(env)
    assert settings == Settings(0, 4096, ("https://a.example", "https://b.example"), "https://rules.example/", None,
                                ("rules.example", "*.rules.example"), 2.5, 64)
    assert Settings.from_env(settings.to_env()) == settings          # what each worker process reads
    for bad in ({"ARBITER_API_RATE_LIMIT": "lots"}, {"ARBITER_API_RATE_LIMIT": "-1"},
                {"ARBITER_API_MAX_BODY": "10"}, {"ARBITER_API_CORS_ORIGINS": "club.example"},
                {"ARBITER_PAGE_URL": "rules.example"}, {"ARBITER_API_ALLOWED_HOSTS": "a/b"},
                {"ARBITER_API_READ_TIMEOUT": "0"}, {"ARBITER_API_MAX_CONNECTIONS": "0"}):
        with pytest.raises(UsageError):
            Settings.from_env(bad)
    assert default_hosts("127.0.0.1") == ("127.0.0.1", "localhost", "::1")
    assert default_hosts("192.0.2.7") == ("192.0.2.7", "127.0.0.1", "localhost", "::1")
    assert default_hosts("0.0.0.0") == ("*",)


def test_the_page_url_is_the_servers_own(kb):
    from starlette.testclient import TestClient

    from app.api.server import Settings, create_app
    from app.core.assistant import default_assistant

    app = create_app(Settings(rate_limit=0, page_url="https://rules.example/arbiter"), default_assistant())
    with TestClient(app) as c:
        body = c.get("/v1/ask", params={"q": "Can gray dice be used to Produce Resources?"}).json()
    assert body["answer"]["url"] == "https://rules.example/arbiter/?q=Can+gray+dice+be+used+to+Produce+Resources%3F&lang=en"


@pytest.mark.parametrize("argv,message", [
    (["--port", "abc"], "--port must be a whole number from 1 to 65535 (got 'abc')"),
    (["--port", "70000"], "--port must be a whole number from 1 to 65535"),
    (["--port", "0"], "--port must be a whole number from 1 to 65535"),
    (["--workers", "0"], "--workers must be a whole number from 1 to 64"),
    (["--rate-limit", "-3"], "--rate-limit must be a whole number from 0"),
    (["--max-body", "12"], "--max-body must be a whole number from 1024"),
    (["--cors-origin", "club.example"], "a CORS origin is * or starts with http://"),
    (["--host", "no-such-host.invalid"], "cannot listen on no-such-host.invalid:8000"),
    (["--page-url", "rules.example"], "the page URL starts with http:// or https://"),
    (["--allowed-host", "a b"], "an allowed host is a name or address"),
    (["--read-timeout", "soon"], "--read-timeout must be a number of seconds from 0.1 to 3600 (got 'soon')"),
    (["--max-connections", "0"], "--max-connections must be a whole number from 1 to 100000"),
    (["--api-keys", "/nonexistent/keys.yaml"], "/nonexistent/keys.yaml"),
])
def test_serve_refuses_bad_options_in_one_line(capsys, argv, message):
    assert message in cli_error(capsys, "serve", *argv)


@pytest.mark.parametrize("text,message", [
    ("keys: []\n", ":1: expected `keys:` and a list of keys"),
    ("keys:\n  - name: bot\n    key: short\n", ":2: key must be a string of at least 20 characters"),
    ("keys:\n  - name: bot\n    key: 0123456789abcdefghij\n    per_user: -1\n", ":2: per_user must be a whole number"),
    ("keys:\n  - name: bot\n    key: 0123456789abcdefghij\n  - name: bot\n    key: 0123456789abcdefghijk\n",
     ":4: the name 'bot' is given twice"),
    ("keys:\n  - name: bot\n    kye: 0123456789abcdefghij\n", ":2: unknown field 'kye'"),
    ("keys: [unclosed\n", ": malformed YAML"),
])
def test_a_bad_keys_file_is_one_line_with_its_line(capsys, tmp_path, text, message):
    path = tmp_path / "keys.yaml"
    path.write_text(text, encoding="utf-8")
    error = cli_error(capsys, "serve", "--api-keys", str(path), "--port", "1")
    assert error.startswith(str(path)) and message in error, error


def test_serve_refuses_a_port_in_use(server, capsys):
    port = int(server.rsplit(":", 1)[1])
    assert cli_error(capsys, "serve", "--port", str(port)) == f"cannot listen on 127.0.0.1:{port} (Address already in use)"


def test_serve_refuses_a_bad_answer_cache_setting_in_one_line(capsys, monkeypatch):
    monkeypatch.setenv("ARBITER_ANSWER_CACHE", "lots")
    # an address it cannot listen on: were the setting not checked first, the refusal would name the address
    assert cli_error(capsys, "serve", "--host", "no-such-host.invalid") == \
        "ARBITER_ANSWER_CACHE must be a whole number of answers, 0 for none (got 'lots')"


@pytest.mark.parametrize("fault", ["kb", "embeddings", "cache"])
def test_a_server_that_cannot_start_says_why_in_one_line(fault, tmp_path):
    """Issue 28, finding 6: a KB that fails its check, an unknown embedding model, a cache that cannot be a
    folder — one line and exit 2, before the server listens (not uvicorn's traceback and exit 3)."""
    import shutil

    env = dict(os.environ)
    if fault == "kb":
        data = tmp_path / "data"
        shutil.copytree(ROOT / "kb" / "data", data)
        glossary = data / "imhotep" / "glossary.yaml"
        glossary.write_text(glossary.read_text(encoding="utf-8").replace("terms:", "terms: [unclosed\n", 1),
                            encoding="utf-8")
        env["ARBITER_DATA"] = str(data)
    elif fault == "embeddings":
        env["ARBITER_EMBEDDINGS"] = "bogus"
    else:
        env["ARBITER_CACHE"] = "/dev/null"
    port = free_port()
    done = subprocess.run([sys.executable, "-m", "app.cli", "serve", "--port", str(port)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=START_TIMEOUT)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2 and len(lines) == 1 and lines[0].startswith("arbiter: "), done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    expected = {"kb": "glossary.yaml:", "embeddings": "unknown embedding model 'bogus'",
                "cache": "/dev/null"}[fault]
    assert expected in lines[0], lines[0]
