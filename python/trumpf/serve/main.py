"""``trumpf serve``: the command-line entry, run by uvicorn."""

from __future__ import annotations

import argparse
import dataclasses
import logging
from typing import Any

from .limits import Limits

# uvicorn closes a WebSocket with 1009 beyond this; below it, the app answers an
# oversized message with a readable error (Limits.max_message).
WS_HARD_CAP = 1 << 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8066, help="port (8066)")
    parser.add_argument("--db", default="trumpf.sqlite", help="SQLite file (trumpf.sqlite)")
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
    return limits


def _list(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from .app import create_app

    level = logging.WARNING if args.quiet else logging.INFO
    logging.basicConfig(level=level, format="%(asctime)s %(name)s %(message)s")
    app = create_app(
        args.db,
        limits_from(args),
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
        # The per-address limits key on the client's address: a forwarded one is
        # believed only from a proxy named here (uvicorn would trust 127.0.0.1).
        "proxy_headers": args.forwarded_allow_ips is not None,
    }
    if args.forwarded_allow_ips is not None:
        config["forwarded_allow_ips"] = _list(args.forwarded_allow_ips)
    print(f"trumpf serve: http://{args.host}:{args.port}/  (database {args.db})", flush=True)
    uvicorn.run(app, **config)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="trumpf serve")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
