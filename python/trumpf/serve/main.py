"""``trumpf serve``: the command-line entry, run by uvicorn."""

from __future__ import annotations

import argparse
import dataclasses
import logging
import re
import socket
from typing import Any

from .limits import DAY, HOUR, Limits
from .storage import is_postgres

# uvicorn closes a WebSocket with 1009 beyond this; below it, the app answers an
# oversized message with a readable error (Limits.max_message).
WS_HARD_CAP = 1 << 20
# Descriptors kept for what is not a WebSocket: HTTP requests, the database, logs.
SPARE_DESCRIPTORS = 256

# Each flag sets one field of Limits, whose default it shows: (flag, field, type, help).
LIMIT_FLAGS: list[tuple[str, str, type, str]] = [
    ("--max-sockets", "sockets", int, "open WebSocket connections in all"),
    ("--sockets-per-address", "sockets_per_address", int, "open WebSockets from one address"),
    ("--sockets-per-seat", "sockets_per_seat", int, "open WebSockets for one seat"),
    ("--hello-timeout", "hello_timeout", float, "seconds a new WebSocket has to say hello"),
    ("--header-timeout", "header_timeout", float, "seconds a request has to send its headers"),
    ("--body-timeout", "body_timeout", float, "seconds a request has to send its body"),
    ("--tables-per-hour", "tables_per_hour", int, "tables one address may create an hour"),
    ("--max-open-tables", "open_tables", int, "unfinished tables in all"),
    ("--idle-expiry", "idle_expiry", float, "seconds without a move before a table is abandoned"),
    ("--retention", "retention", float, "seconds a finished or abandoned table is kept"),
    ("--sweep-every", "sweep_every", float, "seconds between looks for idle and expired tables"),
]


def _shown(value: float) -> str:
    for size, unit in ((DAY, "day"), (HOUR, "hour")):
        if value >= size and value % size == 0:
            count = value / size
            return f"{value:.0f}: {count:g} {unit}{'' if count == 1 else 's'}"
    return f"{value:g}"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8066, help="port (8066)")
    parser.add_argument(
        "--db",
        default="trumpf.sqlite",
        help="SQLite file, or a PostgreSQL URL (postgresql://user@host/db) that several "
        "processes may share; PostgreSQL needs pip install 'trumpf[postgres]' (trumpf.sqlite)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes on this port, sharing the tables: above 1 needs a "
        "PostgreSQL --db; limits on sockets and rates count per process (1)",
    )
    parser.add_argument(
        "--create-rate",
        type=float,
        default=None,
        metavar="N",
        help="tables one address may create a second, in bursts of 10x (5)",
    )
    parser.add_argument(
        "--seat-rate",
        type=float,
        default=None,
        metavar="N",
        help="messages one seat may send a second, in bursts of 2x (30)",
    )
    parser.add_argument(
        "--allowed-origins",
        default="",
        metavar="LIST",
        help="comma-separated origins (https://example.org) whose pages may open a "
        "WebSocket, besides this server's own (none)",
    )
    parser.add_argument(
        "--allowed-hosts",
        default="",
        metavar="LIST",
        help="comma-separated Host names the server answers (*.example.org works); "
        "others get 400 (any host)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="LIST",
        help="comma-separated addresses of a reverse proxy whose X-Forwarded-For and "
        "X-Forwarded-Proto are believed (none: the headers are ignored)",
    )
    defaults = Limits()
    for flag, name, kind, text in LIMIT_FLAGS:
        shown = _shown(getattr(defaults, name))
        parser.add_argument(
            flag, type=kind, default=None, metavar="N", help=f"{text} ({shown})", dest=name
        )
    parser.add_argument("--quiet", action="store_true", help="log warnings only")


def limits_from(args: argparse.Namespace) -> Limits:
    limits = Limits()
    if args.create_rate is not None:
        limits = dataclasses.replace(limits, per_address=(args.create_rate, 10 * args.create_rate))
    if args.seat_rate is not None:
        rate = args.seat_rate
        limits = dataclasses.replace(
            limits, per_seat=(rate, 2 * rate), per_connection=(rate, 2 * rate)
        )
    chosen = {name: getattr(args, name) for _, name, _, _ in LIMIT_FLAGS}
    for name, value in chosen.items():
        if value is not None and value <= 0:
            raise SystemExit(f"trumpf serve: {name.replace('_', '-')} must be positive")
    return dataclasses.replace(limits, **{k: v for k, v in chosen.items() if v is not None})


def fit_descriptors(limits: Limits) -> Limits:
    """Raise the process's descriptor limit as far as the system lets it, and lower the
    cap on sockets to what fits, so that a full server still answers HTTP and
    /healthz instead of failing to accept."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return limits
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = limits.sockets + 2 * SPARE_DESCRIPTORS
    if soft != resource.RLIM_INFINITY and soft < want:
        top = want if hard == resource.RLIM_INFINITY else min(want, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (top, hard))
            soft = top
        except (ValueError, OSError):
            pass
    if soft != resource.RLIM_INFINITY and limits.sockets + 2 * SPARE_DESCRIPTORS > soft:
        fitted = max(1, soft - 2 * SPARE_DESCRIPTORS)
        logging.getLogger("trumpf.serve").warning(
            "%d descriptors allowed: at most %d WebSockets", soft, fitted
        )
        return dataclasses.replace(limits, sockets=fitted)
    return limits


def _list(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def shown_db(db: str) -> str:
    """``db`` fit to print: a URL's password left out."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", db)


def run(args: argparse.Namespace, sock: socket.socket | None = None) -> int:
    """Serve until stopped: one process, on ``sock`` when a supervisor passed one down,
    or ``args.workers`` of them under a supervisor (``workers``)."""
    workers = getattr(args, "workers", 1)
    if workers < 1:
        raise SystemExit("trumpf serve: --workers must be at least 1")
    if is_postgres(args.db):
        import psycopg  # noqa: F401  # said plainly at start when the extra is missing
    if workers > 1:
        if not is_postgres(args.db):
            raise SystemExit(
                "trumpf serve: --workers above 1 needs a PostgreSQL --db "
                "(postgresql://...): an SQLite file has one writer, one process"
            )
        from .workers import supervise

        return supervise(args)
    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    from .app import create_app
    from .deadline import with_header_deadline

    level = logging.WARNING if args.quiet else logging.INFO
    logging.basicConfig(level=level, format="%(asctime)s %(name)s %(message)s")
    limits = fit_descriptors(limits_from(args))
    app = create_app(
        args.db,
        limits,
        allowed_origins=_list(args.allowed_origins),
        allowed_hosts=_list(args.allowed_hosts) or None,
    )
    config: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "ws_max_size": WS_HARD_CAP,
        # Messages are a few hundred bytes: compressing each costs more CPU than it saves.
        "ws_per_message_deflate": False,
        "log_level": "warning" if args.quiet else "info",
        "access_log": not args.quiet,
        "timeout_graceful_shutdown": 5,
        "http": with_header_deadline(AutoHTTPProtocol, limits.header_timeout),
        # The per-address limits key on the client's address: a forwarded one is
        # believed only from a proxy named here (uvicorn would trust 127.0.0.1).
        "proxy_headers": args.forwarded_allow_ips is not None,
    }
    if args.forwarded_allow_ips is not None:
        config["forwarded_allow_ips"] = _list(args.forwarded_allow_ips)
    if sock is not None:  # a worker: the supervisor said where it listens
        uvicorn.Server(uvicorn.Config(app, **config)).run(sockets=[sock])
        return 0
    print(
        f"trumpf serve: http://{args.host}:{args.port}/  (database {shown_db(args.db)})",
        flush=True,
    )
    uvicorn.run(app, **config)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="trumpf serve")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
