"""Seat tokens, invitations and table ids: made from the OS's CSPRNG, stored only as hashes.

A token is the only thing that names a seat. The database keeps SHA-256 of it,
so a copy of the database opens no seat; the check compares digests in
constant time so the comparison's timing says nothing about how much of a
guess was right.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import string

TOKEN_BYTES = 32  # 256 random bits; the issue asks for at least 128
TABLE_ID_BYTES = 12  # 96 bits: table ids are not secrets, only hard to enumerate
_URLSAFE = frozenset(string.ascii_letters + string.digits + "-_")


def new_token() -> str:
    """A fresh seat token or invitation, URL-safe text."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """A fresh public table id."""
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def digest(token: str) -> bytes:
    """What the database stores for a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


def matches(token: str, stored: bytes | None) -> bool:
    """Whether ``token`` is the one whose digest is ``stored`` (False when none is stored)."""
    if stored is None:
        # Still hash and compare, so an empty seat answers as slowly as a taken one.
        hmac.compare_digest(digest(token), bytes(32))
        return False
    return hmac.compare_digest(digest(token), stored)


def seat_of(token: str, stored: dict[str, bytes | None]) -> str | None:
    """The seat whose stored digest ``token`` matches, or None.

    Every seat is compared, whatever the first comparison said, so the time
    taken does not tell which seat (if any) came close.
    """
    found: str | None = None
    for seat, hashed in stored.items():
        if matches(token, hashed) and found is None:
            found = seat
    return found


def plausible(token: object) -> bool:
    """A cheap shape check before hashing: URL-safe text of a sane length."""
    return isinstance(token, str) and 16 <= len(token) <= 128 and _URLSAFE.issuperset(token)


def plausible_id(table_id: object) -> bool:
    """Whether ``table_id`` could be one of ours, before any look-up."""
    return isinstance(table_id, str) and 1 <= len(table_id) <= 64 and _URLSAFE.issuperset(table_id)
