"""A master seed as callers give it (32 bytes, 64 hex digits, or None for a fresh one)."""

from __future__ import annotations

import secrets


def seed32(seed: bytes | str | None) -> bytes:
    """``seed`` as 32 bytes, a fresh random one for None; ValueError saying what was wrong.

    Each caller turns the ValueError into its own error (a SimulationError, the
    package's Error), so the words are the same wherever a seed is refused.
    """
    if seed is None:
        return secrets.token_bytes(32)
    if isinstance(seed, str):
        try:
            seed = bytes.fromhex(seed)
        except ValueError:
            raise ValueError(f"seed {seed!r} is not hex") from None
    if not isinstance(seed, bytes) or len(seed) != 32:
        got = f"{len(seed)} bytes" if isinstance(seed, bytes) else type(seed).__name__
        raise ValueError(f"a seed is exactly 32 bytes (64 hex digits), not {got}")
    return seed
