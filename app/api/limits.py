"""The API's limits, as plain ASGI middleware in front of the routes: a request body larger than the limit
is refused (413) before any of it reaches a route, and each client (its address; behind a reverse proxy
the address the proxy forwards, see `arbiter serve --forwarded-allow-ips`) gets a bucket of requests that
refills at the configured rate (429 with Retry-After when it is empty)."""
from __future__ import annotations

import math
import time

from app.api import errors

# a client's bucket that has refilled completely is forgotten: the table holds only recent clients
PRUNE_EVERY = 1024


async def _send_error(send, code: str, en: str, ko: str, headers: dict | None = None) -> None:
    response = errors.response(code, en, ko, headers=headers)
    await send({"type": "http.response.start", "status": response.status_code, "headers": response.raw_headers})
    await send({"type": "http.response.body", "body": response.body})


class BodyLimit:
    """Refuse a request whose body is over `limit` bytes: by its Content-Length at once, or — sent in
    chunks without one — as soon as the bytes read pass the limit (the body is small: read whole here,
    then handed to the route)."""

    def __init__(self, app, limit: int):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None:
            try:
                size = int(declared)
            except ValueError:
                size = None
            if size is not None and size > self.limit:
                return await _send_error(send, "too_large", *errors.message("too_large", size=f"{size:,}",
                                                                            limit=self.limit))
            if size is not None:
                return await self.app(scope, receive, send)
        # no usable Content-Length: read the chunks up to the limit, then replay them to the route
        chunks, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return await self.app(scope, _replay([message]), send)
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            more = message.get("more_body", False)
            if size > self.limit:
                return await _send_error(send, "too_large", *errors.message("too_large", size=f"over {self.limit:,}",
                                                                            limit=self.limit))
        await self.app(scope, _replay([{"type": "http.request", "body": b"".join(chunks), "more_body": False}],
                                      receive), send)


def _replay(messages: list[dict], then=None):
    queue = list(messages)

    async def receive():
        if queue:
            return queue.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}
    return receive


class RateLimit:
    """A token bucket per client: `per_minute` requests at once, refilled at `per_minute` a minute.
    `exempt`: paths never limited (the health check a load balancer polls). The buckets live in this
    process (each worker process limits on its own: behind several processes, a client's limit is the
    per-process limit times the processes its requests reach)."""

    def __init__(self, app, per_minute: int, exempt: tuple[str, ...] = ("/v1/health",), clock=time.monotonic):
        self.app, self.capacity, self.exempt, self.clock = app, float(per_minute), exempt, clock
        self.rate = per_minute / 60.0
        self.buckets: dict[str, tuple[float, float]] = {}
        self._seen = 0

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["path"] in self.exempt:
            return await self.app(scope, receive, send)
        client = (scope.get("client") or ("unknown",))[0]
        now = self.clock()
        tokens, last = self.buckets.get(client, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - last) * self.rate)
        if tokens < 1.0:
            retry = max(1, math.ceil((1.0 - tokens) / self.rate))
            self.buckets[client] = (tokens, now)
            en, ko = errors.message("rate_limited", client=client, limit=int(self.capacity), retry=retry)
            return await _send_error(send, "rate_limited", en, ko, headers={"Retry-After": str(retry)})
        self.buckets[client] = (tokens - 1.0, now)
        self._seen += 1
        if self._seen % PRUNE_EVERY == 0:
            self._prune(now)
        await self.app(scope, receive, send)

    def _prune(self, now: float) -> None:
        full = [c for c, (tokens, last) in self.buckets.items()
                if tokens + (now - last) * self.rate >= self.capacity]
        for client in full:
            del self.buckets[client]
