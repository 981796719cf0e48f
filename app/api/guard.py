"""The server's connections, guarded below the app (uvicorn's HTTP/1.1 protocol, h11, subclassed): a slow or
half-open client cannot hold the server.

- A request must arrive whole (headers and body) within `read_timeout` seconds of its first byte (or of the
  connection, for a client that sends nothing): else 408 with the JSON error body, and the connection is
  closed. uvicorn itself times out only an idle keep-alive connection, never a half-sent request.
- At most `max_connections` are open at once. One more arriving takes the place of the oldest connection that
  is not being answered (one still sending its request, or idle between requests), which is closed; when
  every connection is being answered, the newcomer gets 503 (code busy) and is closed at once. So the
  open file descriptors stay bounded (by `max_connections` and the few batches of connections the loop has
  accepted or is closing that this guard does not hold yet or any more: app/api/server.py's IN_FLIGHT_BATCHES
  × BACKLOG), and a client that sends its request promptly is served even while
  hundreds of half-open connections wait.
- Malformed HTTP gets the API's JSON error body (400, code bad_input), not uvicorn's text/plain.
- The log repeats no message more than `burst` times a minute (RateLimitedLog): a flood of bad requests or
  refused connections writes a handful of lines and a count, not hundreds of megabytes.
"""
from __future__ import annotations

import logging
import os
import time

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from app.api import errors

log = logging.getLogger("arbiter.api")


def guarded_protocol(read_timeout: float, max_connections: int) -> type:
    """An H11Protocol class with these limits (the class holds them: uvicorn builds one protocol object
    per connection from the class it is given)."""

    class Guarded(GuardedH11):
        pass

    Guarded.read_timeout = float(read_timeout)
    Guarded.max_connections = int(max_connections)
    return Guarded


class GuardedH11(H11Protocol):
    read_timeout = 10.0
    max_connections = 1000

    _read_timer = None
    _opened = 0.0
    _refused = False

    # -- the connection --------------------------------------------------------------------------------
    def connection_made(self, transport) -> None:
        if len(self.connections) >= self.max_connections and not self._make_room():
            self._refused = True
            self.transport = transport
            transport.write(errors.raw("busy", *errors.message("busy", limit=self.max_connections)))
            transport.close()
            log.warning("refused a connection: %d open, all being answered", len(self.connections))
            return
        super().connection_made(transport)
        self._opened = time.monotonic()
        self._arm()

    def _make_room(self) -> bool:
        """Close the oldest connection not being answered; False: there is none."""
        waiting = [c for c in self.connections if isinstance(c, GuardedH11) and c._waiting()]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda c: c._opened)
        oldest._close_waiting()
        # closed now: its descriptor is released when the loop next runs; it no longer counts
        self.connections.discard(oldest)
        return True

    def _waiting(self) -> bool:
        """Still sending its request, or idle between requests: nothing of it is being answered."""
        answering = self.cycle is not None and not self.cycle.response_complete and \
            self.conn.their_state in (h11.DONE, h11.MUST_CLOSE)
        return not answering and not self.transport.is_closing()

    def _close_waiting(self) -> None:
        self._disarm()
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True
        self.transport.close()

    def connection_lost(self, exc) -> None:
        self._disarm()
        if self._refused:
            return
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        if self._read_timer is None and self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            self._arm()         # a new request on a kept-alive connection: its own time to arrive
        super().data_received(data)
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
            self._disarm()      # the request is whole (or the connection is over)

    # -- the read timeout ------------------------------------------------------------------------------
    def _arm(self) -> None:
        self._disarm()
        self._read_timer = self.loop.call_later(self.read_timeout, self._timed_out)

    def _disarm(self) -> None:
        if self._read_timer is not None:
            self._read_timer.cancel()
            self._read_timer = None

    def _timed_out(self) -> None:
        self._read_timer = None
        if self.transport.is_closing():
            return
        answering = self.cycle is not None and self.cycle.response_started
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True      # the app (waiting for the body) sees a disconnect
        if not answering:
            self.transport.write(errors.raw("timeout", *errors.message("timeout", seconds=self.read_timeout)))
        log.info("closed a connection whose request did not arrive within %g s", self.read_timeout)
        self.transport.close()

    def timeout_keep_alive_handler(self) -> None:
        self._disarm()
        super().timeout_keep_alive_handler()

    # -- malformed HTTP --------------------------------------------------------------------------------
    def send_400_response(self, msg: str) -> None:
        self._disarm()
        detail = msg.rstrip(".").lower()
        self.transport.write(errors.raw("bad_input", *errors.message("malformed", detail=detail)))
        self.transport.close()


class FromEnvironment(GuardedH11):
    """The guard of a worker process (`arbiter serve --workers N`): its limits from the environment the
    server passed down (ARBITER_API_READ_TIMEOUT, ARBITER_API_MAX_CONNECTIONS)."""

    read_timeout = float(os.environ.get("ARBITER_API_READ_TIMEOUT") or GuardedH11.read_timeout)
    max_connections = int(os.environ.get("ARBITER_API_MAX_CONNECTIONS") or GuardedH11.max_connections)


class RateLimitedLog(logging.Filter):
    """At most `burst` records of one message (its logger and format string) per `period` seconds; the next
    one after a quiet spell says how many were left out."""

    def __init__(self, burst: int = 5, period: float = 60.0, clock=time.monotonic):
        super().__init__()
        self.burst, self.period, self.clock = burst, period, clock
        self.windows: dict[tuple, list] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.msg if isinstance(record.msg, str) else type(record.msg).__name__)
        now = self.clock()
        window = self.windows.get(key)
        if window is None or now - window[0] >= self.period:
            dropped = window[2] if window else 0
            self.windows[key] = [now, 1, 0]
            if len(self.windows) > 1024:        # many distinct messages: forget the old windows
                self.windows = {k: w for k, w in self.windows.items() if now - w[0] < self.period}
            if dropped:
                record.msg = f"{record.getMessage()} (and {dropped} more like it in the last {self.period:g} s, " \
                             f"not logged)"
                record.args = ()
            return True
        if window[1] < self.burst:
            window[1] += 1
            return True
        window[2] += 1
        return False


def limit_logs(filter_: RateLimitedLog | None = None) -> RateLimitedLog:
    """Put one RateLimitedLog on the loggers a flood would fill: uvicorn's, asyncio's (its 'socket.accept()
    out of system resource' on every attempt at the file limit) and the API's. Call it after uvicorn has
    configured its logging (uvicorn.Config)."""
    filter_ = filter_ or RateLimitedLog()
    for name in ("uvicorn.error", "uvicorn.access", "asyncio", "arbiter.api"):
        logger = logging.getLogger(name)
        if filter_ not in logger.filters:
            logger.addFilter(filter_)
    return filter_
