"""Rate limits (token buckets) and the size and shape limits on what a client sends.

A token bucket is a dozen lines; the libraries that offer one (slowapi,
limits) are built around HTTP decorators and shared stores, while this
server needs buckets keyed by a connection or a seat inside one process.
"""

from __future__ import annotations

import json
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

HOUR = 3600.0
DAY = 24 * HOUR


@dataclass(frozen=True)
class Limits:
    """The server's limits; the defaults suit people playing, the tests and benchmark raise some."""

    max_message: int = 4096  # bytes of one WebSocket message or HTTP body
    max_depth: int = 4  # nesting of a client's JSON: {"move": {...}} is 2
    max_keys: int = 8  # keys of any object a client sends
    per_connection: tuple[float, float] = (20.0, 40.0)  # messages a second, burst
    per_seat: tuple[float, float] = (30.0, 60.0)  # across all of a seat's connections
    per_address: tuple[float, float] = (5.0, 50.0)  # tables created and invitations used
    bad_tokens: tuple[float, float] = (1.0, 10.0)  # failed token checks per address
    hello_timeout: float = 10.0  # seconds a new socket has to say who it is
    strikes: int = 40  # refused-for-rate messages before a socket is closed
    sockets: int = 4096  # open WebSockets in all (the descriptor limit may lower it)
    sockets_per_address: int = 64  # open WebSockets from one client address
    sockets_per_seat: int = 8  # open WebSockets that said hello for one seat
    header_timeout: float = 10.0  # seconds a connection has to send a request's headers
    body_timeout: float = 10.0  # seconds a request has to send its body
    tables_per_hour: int = 60  # tables one address may create an hour (in a burst, too)
    open_tables: int = 10_000  # unfinished tables in all
    idle_expiry: float = 24 * HOUR  # an unfinished table with no move this long is abandoned
    retention: float = 30 * DAY  # a finished or abandoned table is deleted this long after
    sweep_every: float = 60.0  # seconds between looks for idle and expired tables


@dataclass
class Bucket:
    """``rate`` tokens a second up to ``burst``; each allowed event takes one."""

    rate: float
    burst: float
    tokens: float = field(default=-1.0)
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def full(self, now: float) -> bool:
        return self.tokens + (now - self.stamp) * self.rate >= self.burst


class Buckets:
    """One bucket per key (an address, a seat); idle full buckets are forgotten."""

    def __init__(self, rate: float, burst: float, *, keep: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self._keep = keep
        self._buckets: dict[Hashable, Bucket] = {}

    def allow(self, key: Hashable, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self._keep:
                self._prune(now)
            bucket = self._buckets[key] = Bucket(self.rate, self.burst, stamp=now)
        return bucket.allow(now)

    def ready(self, key: Hashable, now: float | None = None) -> bool:
        """Whether ``key`` has an event left, without taking it."""
        bucket = self._buckets.get(key)
        if bucket is None:
            return True
        now = time.monotonic() if now is None else now
        return bucket.tokens + (now - bucket.stamp) * bucket.rate >= 1.0

    def _prune(self, now: float) -> None:
        # A full bucket is the same as no bucket, so dropping it changes no answer.
        for key in [k for k, b in self._buckets.items() if b.full(now)]:
            del self._buckets[key]

    def __len__(self) -> int:
        return len(self._buckets)


TRY_AGAIN_LATER = 1013  # WebSocket close codes: the server is full, try later
POLICY_VIOLATION = 1008  # this client asks for more than it may have


class Sockets:
    """The open WebSockets, counted in all, by client address and by seat, with the caps
    on each. A socket over a cap is refused on its own; no other is touched."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open = 0
        self._by_address: dict[str, int] = {}
        self._by_seat: dict[Hashable, int] = {}

    def admit(self, address: str) -> tuple[int, str] | None:
        """Count a new socket from ``address``; a close code and reason when over a cap."""
        if self.open >= self.limits.sockets:
            return TRY_AGAIN_LATER, "the server has as many connections as it takes"
        if self._by_address.get(address, 0) >= self.limits.sockets_per_address:
            limit = self.limits.sockets_per_address
            return POLICY_VIOLATION, f"at most {limit} connections from one address"
        self.open += 1
        self._by_address[address] = self._by_address.get(address, 0) + 1
        return None

    def release(self, address: str) -> None:
        self.open -= 1
        _drop(self._by_address, address)

    def sit(self, seat: Hashable) -> tuple[int, str] | None:
        """Count a socket for ``seat`` (after its hello); a close code and reason when over."""
        if self._by_seat.get(seat, 0) >= self.limits.sockets_per_seat:
            limit = self.limits.sockets_per_seat
            return POLICY_VIOLATION, f"at most {limit} connections for one seat"
        self._by_seat[seat] = self._by_seat.get(seat, 0) + 1
        return None

    def stand(self, seat: Hashable) -> None:
        _drop(self._by_seat, seat)


def _drop(counts: dict[Any, int], key: Hashable) -> None:
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


class MessageError(ValueError):
    """A message refused before it reaches a game: ``code`` and a readable message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __reduce__(self) -> tuple[type[MessageError], tuple[str, str]]:
        # An exception pickles its args, the message alone: the code travels too.
        return (type(self), (self.code, self.message))


def _check_shape(value: Any, limits: Limits, depth: int = 1) -> None:
    if depth > limits.max_depth:
        raise MessageError("bad_json", f"JSON nested deeper than {limits.max_depth} levels")
    if isinstance(value, dict):
        if len(value) > limits.max_keys:
            raise MessageError("bad_json", f"an object with more than {limits.max_keys} keys")
        for item in value.values():
            _check_shape(item, limits, depth + 1)
    elif isinstance(value, list):
        if len(value) > limits.max_keys:
            raise MessageError("bad_json", f"a list longer than {limits.max_keys}")
        for item in value:
            _check_shape(item, limits, depth + 1)


def _no_constants(name: str) -> Any:
    raise MessageError("bad_json", f"{name} is not JSON")


def parse_json(data: str | bytes, limits: Limits) -> dict[str, Any]:
    """A client's message as a dict, or MessageError: too big, not JSON, too deep or wide."""
    if len(data) > limits.max_message:
        raise MessageError(
            "too_big", f"a message may be at most {limits.max_message} bytes, not {len(data)}"
        )
    try:
        value = json.loads(data, parse_constant=_no_constants)
    except MessageError:
        raise
    except (ValueError, RecursionError) as bad:
        raise MessageError("bad_json", f"not JSON: {str(bad)[:80]}") from None
    _check_shape(value, limits)
    if not isinstance(value, dict):
        raise MessageError("bad_message", "a message is a JSON object")
    return value
