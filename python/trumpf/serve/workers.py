"""``trumpf serve --workers N``: N server processes on one listening socket.

The parent binds the socket once and starts each worker as a fresh Python
process that inherits it; the kernel hands each new connection to whichever
worker accepts first. The parent serves nothing itself: it restarts a worker
that dies (after a pause, so one that fails at start cannot spin) and stops
them all on SIGTERM or SIGINT. A socket held by the parent outlives any one
worker, so connections waiting to be accepted when a worker is killed go to
another. The workers share their tables through a PostgreSQL database; each
has its own memory, and so its own rate limits and caps on sockets.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from typing import Any

log = logging.getLogger("trumpf.serve")

ENV = "TRUMPF_SERVE_WORKER"  # a worker's arguments, as JSON, and its socket's descriptor
RESTART_PAUSE = 1.0  # seconds before a dead worker is started again


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` that child processes may inherit."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _start(args: dict[str, Any], fd: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, ENV: json.dumps({"args": args, "fd": fd})}
    code = "from trumpf.serve.workers import worker; raise SystemExit(worker())"
    return subprocess.Popen([sys.executable, "-c", code], env=env, pass_fds=(fd,))


def supervise(args: argparse.Namespace) -> int:
    """Run ``args.workers`` workers until SIGTERM or SIGINT; restart any that dies."""
    sock = listen(args.host, args.port)
    plain = {k: v for k, v in vars(args).items() if isinstance(v, str | int | float | bool | None)}
    plain["workers"] = 1
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    workers = [_start(plain, sock.fileno()) for _ in range(args.workers)]
    print(
        f"trumpf serve: http://{args.host}:{args.port}/  ({args.workers} workers: "
        f"{' '.join(str(w.pid) for w in workers)})",
        flush=True,
    )
    try:
        while not stopping:
            time.sleep(0.2)
            for i, proc in enumerate(workers):
                if proc.poll() is not None and not stopping:
                    log.warning(
                        "worker %d exited with %s; starting another", proc.pid, proc.returncode
                    )
                    time.sleep(RESTART_PAUSE)
                    workers[i] = _start(plain, sock.fileno())
    finally:
        for proc in workers:
            if proc.poll() is None:
                proc.terminate()
        deadline = time.monotonic() + 10.0
        for proc in workers:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
        sock.close()
    return 0


def worker() -> int:
    """One worker: the server, on the socket its parent passed down."""
    from .main import run

    given = json.loads(os.environ.pop(ENV))
    sock = socket.socket(fileno=given["fd"])
    return run(argparse.Namespace(**given["args"]), sock=sock)
