"""`arbiter serve`: the HTTP API (app/api), with its limits taken from the options or the environment."""
from __future__ import annotations

from app.cli.common import EXIT_OK
from app.core.records import UsageError


def cmd_serve(args) -> int:
    try:
        from app.api.server import Settings, serve
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
    settings = Settings(rate_limit=whole("--rate-limit", args.rate_limit, 0, 10**6) if args.rate_limit is not None
                        else env.rate_limit,
                        max_body=whole("--max-body", args.max_body, 1024, 1 << 24) if args.max_body is not None
                        else env.max_body,
                        cors_origins=tuple(args.cors_origin) if args.cors_origin else env.cors_origins)
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
    p.add_argument("--forwarded-allow-ips", help="reverse proxies whose X-Forwarded-For names the client "
                                                 "(default: 127.0.0.1)")
    p.add_argument("--log-level", choices=["critical", "error", "warning", "info", "debug"], default="info")
    p.set_defaults(func=cmd_serve)
