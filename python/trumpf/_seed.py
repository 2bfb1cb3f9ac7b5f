"""A master seed as callers give it (32 bytes, 64 hex digits, or None for a fresh one)."""

from __future__ import annotations

import secrets

from trumpf._checks import short


def seed32(seed: bytes | str | None) -> bytes:
    """``seed`` as 32 bytes, a fresh random one for None; ValueError saying what was wrong.

    Each caller turns the ValueError into its own error (a SimulationError, the
    package's Error), so the words are the same wherever a seed is refused.
    A str or bytes subclass is read by what it holds: none of its methods runs.
    """
    if seed is None:
        return secrets.token_bytes(32)
    if isinstance(seed, str):
        text = str.__str__(seed)
        try:
            seed = bytes.fromhex(text)
        except ValueError:
            raise ValueError(f"seed {short(text)} is not hex") from None
    if not isinstance(seed, bytes):
        raise ValueError(f"a seed is exactly 32 bytes (64 hex digits), not {short(seed)}")
    raw = bytes(memoryview(seed))
    if len(raw) != 32:
        raise ValueError(f"a seed is exactly 32 bytes (64 hex digits), not {len(raw)} bytes")
    return raw
