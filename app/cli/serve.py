"""`arbiter serve`: the HTTP API (app/api), with its limits taken from the options or the environment."""
from __future__ import annotations

import os

from app.cli.common import EXIT_OK
from app.core.records import UsageError


def cmd_serve(args) -> int:
    try:
        from app.api.server import ENV, Settings, default_hosts, serve
    except ImportError as exc:
        raise UsageError(f"the HTTP API needs {exc.name} (pinned in pyproject.toml: make .venv/.installed)") from None

    def whole(option: str, value: str, low: int, high: int) -> int:
        try:
            number = int(value)
        except ValueError:
            number = None
        if number is None or not low <= number <= high:
            raise UsageError(f"{option} must be a whole number from {low} to {high} (got {value!r})")
        return number

    port = whole("--port", args.port, 1, 65535)
    workers = whole("--workers", args.workers, 1, 64)
    env = Settings.from_env()           # the ARBITER_API_* environment, overridden by the options given
    env_hosts = os.environ.get(ENV["allowed_hosts"], "").strip()
    if args.read_timeout is not None:
        try:
            read_timeout = float(args.read_timeout)
        except ValueError:
            read_timeout = None
        if read_timeout is None or not 0.1 <= read_timeout <= 3600:
            raise UsageError(f"--read-timeout must be a number of seconds from 0.1 to 3600 (got {args.read_timeout!r})")
    else:
        read_timeout = env.read_timeout
    settings = Settings(rate_limit=whole("--rate-limit", args.rate_limit, 0, 10**6) if args.rate_limit is not None
                        else env.rate_limit,
                        max_body=whole("--max-body", args.max_body, 1024, 1 << 24) if args.max_body is not None
                        else env.max_body,
                        cors_origins=tuple(args.cors_origin) if args.cors_origin else env.cors_origins,
                        page_url=args.page_url or env.page_url,
                        api_keys=args.api_keys or env.api_keys,
                        allowed_hosts=tuple(args.allowed_host) if args.allowed_host
                        else env.allowed_hosts if env_hosts else default_hosts(args.host),
                        read_timeout=read_timeout,
                        max_connections=whole("--max-connections", args.max_connections, 1, 100_000)
                        if args.max_connections is not None else env.max_connections)
    serve(args.host, port, settings, workers=workers, log_level=args.log_level,
          forwarded_allow_ips=args.forwarded_allow_ips)
    return EXIT_OK


def register(sub, common) -> None:
    p = sub.add_parser("serve", help="the HTTP API (JSON, /v1/...; OpenAPI page at /docs)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, this computer only)")
    p.add_argument("--port", default="8000", help="default: 8000")
    p.add_argument("--workers", default="1", help="processes, each with its own copy of the core (default: 1)")
    p.add_argument("--rate-limit", help="requests a minute per client, 0 for none "
                                        "(default: $ARBITER_API_RATE_LIMIT or 120)")
    p.add_argument("--max-body", help="largest request body in bytes (default: $ARBITER_API_MAX_BODY or 16384)")
    p.add_argument("--cors-origin", action="append", help="an origin whose web pages may call the API (repeatable; "
                                                          "default: $ARBITER_API_CORS_ORIGINS, comma-separated, or none)")
    p.add_argument("--forwarded-allow-ips", help="reverse proxies (addresses, comma-separated) whose X-Forwarded-For "
                                                 "names the client (default: none — every client is its own address)")
    p.add_argument("--api-keys", help="a YAML file of API keys, each with its own limit and a limit per user "
                                      "(X-Arbiter-User) (default: $ARBITER_API_KEYS or none)")
    p.add_argument("--allowed-host", action="append", help="a Host header to answer (repeatable; *.domain, or * for "
                                                           "any; default: $ARBITER_API_ALLOWED_HOSTS, else the --host "
                                                           "address and the loopback names; any for 0.0.0.0)")
    p.add_argument("--page-url", help="the web page the answers link to (default: $ARBITER_PAGE_URL or "
                                      "http://localhost:8501/)")
    p.add_argument("--read-timeout", help="seconds for a request to arrive whole (default: "
                                          "$ARBITER_API_READ_TIMEOUT or 10)")
    p.add_argument("--max-connections", help="open connections at once (default: $ARBITER_API_MAX_CONNECTIONS "
                                             "or 1000)")
    p.add_argument("--log-level", choices=["critical", "error", "warning", "info", "debug"], default="info")
    p.set_defaults(func=cmd_serve)
