"""The API's limits, as plain ASGI middleware in front of the routes: a Host header the server does not answer
for is refused (400, against DNS rebinding: a page on another site that resolves its own name to 127.0.0.1
must not read the API); a request body larger than the limit is refused (413) before any of it reaches a
route; and each client gets a bucket of requests that refills at the configured rate (429 with Retry-After
when it is empty). A client is its address (behind a reverse proxy named in `arbiter serve
--forwarded-allow-ips`, the address the proxy forwards; no other client's X-Forwarded-For is believed), or
an API key and, with the key, the user the bot names (app/api/keys.py)."""
from __future__ import annotations

import math
import time

from app.api import errors, keys

# a client's bucket that has refilled completely is forgotten: the table holds only recent clients
PRUNE_EVERY = 1024


async def _send_error(send, code: str, en: str, ko: str, headers: dict | None = None, scope=None) -> None:
    response = errors.response(code, en, ko, headers=headers, lang=errors.lang_of(scope or {}))
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
                                                                            limit=self.limit), scope=scope)
            if size is not None:
                return await self.app(scope, receive, send)
        # no usable Content-Length: read the chunks up to the limit, then replay them to the route
        chunks, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return          # the client left (or was cut off by the read timeout): nothing to answer
            if message["type"] != "http.request":
                return await self.app(scope, _replay([message]), send)
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            more = message.get("more_body", False)
            if size > self.limit:
                return await _send_error(send, "too_large", *errors.message("too_large", size=f"over {self.limit:,}",
                                                                            limit=self.limit), scope=scope)
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
    """A token bucket per client: `per_minute` requests at once, refilled at `per_minute` a minute. With an API
    key (`keys`), the key's bucket (its `rate_limit`) and, when the request names its user, that user's
    (`per_user`) instead of the address's. `exempt`: paths never limited (the health check a load balancer
    polls). The buckets live in this process (each worker process limits on its own: behind several
    processes, a client's limit is the per-process limit times the processes its requests reach)."""

    def __init__(self, app, per_minute: int, exempt: tuple[str, ...] = ("/v1/health",), clock=time.monotonic,
                 keys=None):
        self.app, self.per_minute, self.exempt, self.clock, self.keys = app, per_minute, exempt, clock, keys
        self.buckets: dict[tuple, tuple[float, float]] = {}
        self._seen = 0

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["path"] in self.exempt:
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        presented = keys.presented_key(headers) if self.keys is not None else None
        now = self.clock()
        if presented is not None:
            key = self.keys.find(presented)
            if key is None:
                header = "X-API-Key" if keys.KEY_HEADER.encode() in headers else "Authorization"
                return await _send_error(send, "bad_key", *errors.message("bad_key", header=header), scope=scope)
            wanted = [(("key", key.name), key.rate_limit, ("rate_limited_key", {"name": key.name}))]
            user = headers.get(keys.USER_HEADER.encode())
            if user is not None and key.per_user:
                user_id = user.decode("latin-1")
                if not keys.USER.fullmatch(user_id):
                    return await _send_error(send, "bad_input", *errors.message(
                        "bad_user", header="X-Arbiter-User", size=len(user_id)), scope=scope)
                wanted.insert(0, (("user", key.name, user_id), key.per_user,
                                  ("rate_limited_user", {"name": key.name, "user": user_id})))
        else:
            if not self.per_minute:
                return await self.app(scope, receive, send)
            client = (scope.get("client") or ("unknown",))[0]
            wanted = [(("addr", client), self.per_minute, ("rate_limited", {"client": client}))]
        # every bucket must hold a token; only then is one spent from each
        filled = []
        for bucket, per_minute, (message, values) in wanted:
            rate = per_minute / 60.0
            tokens, last = self.buckets.get(bucket, (float(per_minute), now))
            tokens = min(float(per_minute), tokens + (now - last) * rate)
            if tokens < 1.0:
                retry = max(1, math.ceil((1.0 - tokens) / rate))
                self.buckets[bucket] = (tokens, now)
                en, ko = errors.message(message, limit=per_minute, retry=retry, **values)
                return await _send_error(send, "rate_limited", en, ko, headers={"Retry-After": str(retry)},
                                         scope=scope)
            filled.append((bucket, tokens))
        for bucket, tokens in filled:
            self.buckets[bucket] = (tokens - 1.0, now)
        self._seen += 1
        if self._seen % PRUNE_EVERY == 0:
            self._prune(now)
        await self.app(scope, receive, send)

    def _capacity(self, bucket: tuple) -> float:
        if bucket[0] == "addr":
            return float(self.per_minute)
        key = next((k for k in self.keys.by_digest.values() if k.name == bucket[1]), None) if self.keys else None
        if key is None:
            return 0.0
        return float(key.rate_limit if bucket[0] == "key" else key.per_user)

    def _prune(self, now: float) -> None:
        full = []
        for bucket, (tokens, last) in self.buckets.items():
            capacity = self._capacity(bucket)
            if tokens + (now - last) * capacity / 60.0 >= capacity:
                full.append(bucket)
        for bucket in full:
            del self.buckets[bucket]


class HostAllow:
    """Answer only requests whose Host header names this server (`hosts`: names, `*.example.org`, or `*` for
    any); anything else is a 400 before it reaches a route."""

    def __init__(self, app, hosts: tuple[str, ...]):
        self.app = app
        self.any = "*" in hosts
        self.exact = {h.lower() for h in hosts if not h.startswith("*")}
        self.suffixes = tuple(h[1:].lower() for h in hosts if h.startswith("*."))
        self.listed = ", ".join(hosts)

    def allowed(self, host: str) -> bool:
        if self.any:
            return True
        name = host.strip().lower()
        if name.startswith("["):                    # [::1]:8000
            name = name[:name.find("]") + 1] if "]" in name else name
        elif name.count(":") == 1:                  # localhost:8000
            name = name.split(":")[0]
        return name in self.exact or name.strip("[]") in self.exact or \
            bool(self.suffixes and name.endswith(self.suffixes))

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket") or self.any:
            return await self.app(scope, receive, send)
        host = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
        if not self.allowed(host):
            en, ko = errors.message("bad_host", host=host, allowed=self.listed)
            return await _send_error(send, "bad_host", en, ko, scope=scope)
        await self.app(scope, receive, send)
