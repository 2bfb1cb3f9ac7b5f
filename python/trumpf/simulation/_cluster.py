"""A simulation's shards as Ray tasks: the same rows as one machine's, on as many as the cluster has.

Each shard of consecutive games is one task that runs the C++ simulator on
``job.threads`` threads and hands back its rows (or only its counts). The
driver submits a window of tasks ahead of the ones it is waiting for, takes
the results in index order into the :class:`~trumpf.simulation._shards.Collector` and
reports progress as shards finish. Shards are deterministic, so a shard lost
with its worker is simply played again by Ray's task retries, to the same
rows. Ctrl-C on the driver cancels the tasks still out and keeps the shards
taken so far. What keeps the cluster from playing at all (no Ray, an address
nobody answers at, no node with the CPUs a shard needs) is one
:class:`~trumpf.simulation.ClusterError` line.

Ray has no complete type hints, so it is ``Any`` here, and only here.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import os
import socket
import time
from collections.abc import Callable
from typing import Any

from trumpf.simulation import NO_RAY, ClusterError, _shards

__all__ = ["MAX_SHARD", "RETRIES", "connect", "default_shard", "run"]

RETRIES = 5
"""How often Ray plays a shard again whose worker died (its rows are the same every time)."""

MAX_SHARD = 1_000_000
"""The largest default shard: 22 MB of rows, about a second of random play on one core."""

SHARD_SECONDS = 1.0
"""A default shard's play on one core: a shard costs the cluster about 10 ms beyond its
games (bench/ray_overhead.py), so this keeps the overhead near 1%."""

SHARDS_PER_SLOT = 4
"""Default shards per task slot at least, when the run is short: every slot gets work, and
a slow worker holds up the end of the run by a quarter of its share at most."""

_CONNECT_SECONDS = 5.0

STALLED_SECONDS = 10.0
"""After this long without a shard finishing, the driver checks that a node can still play one."""


def _play_shard(job: _shards.Job, start: int, count: int) -> _shards.Shard:
    """A Ray task: plays games ``start .. start + count - 1`` in this worker."""
    shard, interrupted = _shards.play(job, start, count)
    if interrupted:  # ray.cancel: nothing partial leaves a worker
        raise KeyboardInterrupt
    return shard


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterError("no_ray", NO_RAY) from None
    return ray


def _reachable(address: str) -> None:
    """Refuses, in seconds, a ``HOST:PORT`` (or ``ray://HOST:PORT``) where no Ray answers.

    Ray itself would retry for minutes, logging as it goes: at an address
    nobody answers at, and at one where something that is not Ray accepts the
    connection and then says nothing or garbage. A Ray cluster's address (its
    GCS, or the Ray Client server) is a gRPC server, and gRPC speaks HTTP/2,
    whose server must answer a client's connection preface with a SETTINGS
    frame (RFC 9113, 3.4): that answer is what is asked for here, within
    :data:`_CONNECT_SECONDS` for the connection and as long again for the
    answer. A cluster behind TLS (``RAY_USE_TLS``) is only connected to: its
    handshake comes before any HTTP/2.
    """
    bare = address.removeprefix("ray://")
    if bare in ("auto", "local") or "://" in bare:
        return
    host, sep, port = bare.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterError("bad_address", f"the Ray address {address!r} is not HOST:PORT")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=_CONNECT_SECONDS) as s:
            if os.environ.get("RAY_USE_TLS", "0").lower() in ("1", "true"):
                return
            s.sendall(_HTTP2_PREFACE)
            answer = _first_bytes(s, 9)
    except OSError as bad:
        why = bad.strerror or str(bad) or type(bad).__name__
        raise ClusterError("no_cluster", f"no Ray cluster answers at {address}: {why}") from None
    # A frame header: 24-bit length, type, flags, 31-bit stream; SETTINGS is type 4 on stream 0.
    if len(answer) < 9 or answer[3] != 0x4 or answer[4] & 0x1 or any(answer[5:9]):
        said = "said nothing" if not answer else "did not answer as gRPC (HTTP/2) does"
        raise ClusterError(
            "no_cluster",
            f"nothing Ray-like answers at {address}: it accepted a connection and {said} "
            f"within {_CONNECT_SECONDS:g} s",
        )


# HTTP/2's client connection preface, then an empty SETTINGS frame (RFC 9113, 3.4).
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])


def _first_bytes(conn: socket.socket, count: int) -> bytes:
    """Up to ``count`` bytes from ``conn``, fewer if it closes or :data:`_CONNECT_SECONDS` pass."""
    deadline = time.monotonic() + _CONNECT_SECONDS
    got = b""
    while len(got) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        conn.settimeout(left)
        try:
            part = conn.recv(count - len(got))
        except TimeoutError:
            break
        if not part:
            break
        got += part
    return got


def connect(ray: Any, address: str | None) -> bool:
    """Joins the cluster at ``address``, or starts Ray here; True when Ray was started by this call.

    A Ray already initialised in this process is used as it is. Without an
    address, ``RAY_ADDRESS`` is followed when set, and otherwise a new Ray
    starts on this machine (on 127.0.0.1, all its cores).
    """
    if ray.is_initialized():
        if address is not None:
            raise ClusterError(
                "bad_address",
                "Ray is already initialised in this process: leave out the address, "
                "or call ray.shutdown() first",
            )
        return False
    quiet: dict[str, Any] = {
        "logging_level": logging.ERROR,
        "log_to_driver": False,
        "include_dashboard": False,
    }
    target = address if address is not None else os.environ.get("RAY_ADDRESS") or None
    if target is None:
        ray.init(address="local", _node_ip_address="127.0.0.1", **quiet)
        return True
    _reachable(target)
    try:
        ray.init(address=target, **quiet)
    except (ConnectionError, ValueError, RuntimeError) as bad:
        raise ClusterError(
            "no_cluster", f"cannot join the Ray cluster at {target}: {_line(bad)}"
        ) from None
    return True


def _line(error: BaseException) -> str:
    """An error's message as one line (the last of several)."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[-1] if lines else type(error).__name__


def _slots(ray: Any, threads: int) -> int:
    """How many shards the cluster plays at once; ClusterError when it can play none."""
    nodes = [node for node in ray.nodes() if node.get("Alive")]
    cpus = [float(node.get("Resources", {}).get("CPU", 0)) for node in nodes]
    if not cpus or max(cpus) < threads:
        most = f"{max(cpus):g}" if cpus else "no"
        raise ClusterError(
            "no_cpu",
            f"the Ray cluster cannot play a shard: it needs {threads} CPU(s) on one node, "
            f"and the largest node has {most}",
        )
    return max(1, sum(int(c) // threads for c in cpus))


def seconds_a_game(job: _shards.Job, games: int) -> float:
    """What one game of the run costs a core, from a sample of its first games played here.

    The sample grows tenfold until it takes 5 ms: a few tens of ms before the
    run starts. CPU time, not wall time: what other processes take from this
    machine does not count.
    """
    sample = 10
    while True:
        count = min(sample, games)
        single = dataclasses.replace(job, threads=1, rows=False, counts=False)
        started = time.process_time()
        _shards.play(single, 0, count)
        spent = time.process_time() - started
        if spent >= 0.005 or count == games or sample >= 100_000:
            return max(spent, 1e-9) / max(count, 1)
        sample *= 10


def default_shard(games: int, slots: int, per_game: float) -> int:
    """Shards of about :data:`SHARD_SECONDS` of play, but at least :data:`SHARDS_PER_SLOT` a slot.

    Never more shards than a folder of results holds (:data:`trumpf.simulation._shards.MAX_SHARDS`).
    """
    by_time = math.ceil(SHARD_SECONDS / per_game)
    by_slots = math.ceil(games / (SHARDS_PER_SLOT * slots))
    fewest = _shards.count_of(games, _shards.MAX_SHARDS)
    return max(1, fewest, min(MAX_SHARD, by_time, by_slots))


def run(
    job: _shards.Job,
    games: int,
    size: int | None,
    accept: Callable[[_shards.Shard], None],
    progress: Callable[[int, int], None] | None,
    address: str | None,
) -> tuple[bool, int]:
    """Plays the run's shards on the cluster, handing them to ``accept`` in index order.

    Returns whether Ctrl-C stopped it, and the threads the cluster played on at once.
    """
    ray = _import_ray()
    started = connect(ray, address)
    try:
        slots = _slots(ray, job.threads)
        size = size or default_shard(games, slots, seconds_a_game(job, games))
        shards = _shards.count_of(games, size)
        interrupted = _drive(ray, job, games, size, accept, progress, slots)
        return interrupted, min(slots, max(shards, 1)) * job.threads
    finally:
        if started:
            ray.shutdown()


def _drive(
    ray: Any,
    job: _shards.Job,
    games: int,
    size: int,
    accept: Callable[[_shards.Shard], None],
    progress: Callable[[int, int], None] | None,
    slots: int,
) -> bool:
    task = ray.remote(_play_shard).options(
        num_cpus=job.threads, max_retries=RETRIES, retry_exceptions=False
    )
    shards = _shards.count_of(games, size)
    window = 2 * slots + 2  # tasks out at once: every slot busy, the next ones queued
    out: dict[int, Any] = {}
    finished: set[int] = set()
    submitted = taken = played = 0
    quiet_since = time.monotonic()
    try:
        while taken < shards:
            while submitted < shards and submitted - taken < window:
                start, count = _shards.bounds(submitted, games, size)
                out[submitted] = task.remote(job, start, count)
                submitted += 1
            waiting = [ref for k, ref in out.items() if k not in finished]
            if waiting:
                # Block until one finishes (or a moment passes), then take all that have.
                ray.wait(waiting, num_returns=1, timeout=0.2)
                ready, _ = ray.wait(waiting, num_returns=len(waiting), timeout=0)
                done = set(ready)
                for k, ref in out.items():
                    if k not in finished and ref in done:
                        finished.add(k)
                        played += _shards.bounds(k, games, size)[1]
                        quiet_since = time.monotonic()
            if time.monotonic() - quiet_since > STALLED_SECONDS:
                # Nothing finished for a while: refuse if no node can play a shard any more.
                _slots(ray, job.threads)
                quiet_since = time.monotonic()
            while taken in finished:
                accept(_result(ray, out.pop(taken), taken))
                finished.discard(taken)
                taken += 1
            if progress is not None:
                progress(played, games)
    except KeyboardInterrupt:
        for ref in out.values():
            ray.cancel(ref)
        return True
    except BaseException:
        for ref in out.values():
            ray.cancel(ref)
        raise
    return False


def _result(ray: Any, ref: Any, index: int) -> _shards.Shard:
    try:
        shard: _shards.Shard = ray.get(ref)
    except ray.exceptions.RayTaskError as failed:
        cause = getattr(failed, "cause", None) or failed
        raise ClusterError(
            "shard_failed", f"shard {index} failed on the cluster: {_line(cause)}"
        ) from None
    except ray.exceptions.RayError as lost:
        raise ClusterError(
            "shard_failed", f"shard {index} was lost {RETRIES + 1} times: {_line(lost)}"
        ) from None
    return shard
