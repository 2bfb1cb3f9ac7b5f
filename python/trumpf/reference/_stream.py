"""The twin of cpp/common/stream.hpp: a xoshiro256** stream seeded by SplitMix64.

Written by hand, not taken from :mod:`random`: the stdlib has neither
xoshiro256** nor SplitMix64, and the oracle must draw exactly the numbers
the core draws, bit for bit, so that the worlds it deals from a seed are
the core's. Every word is kept to 64 bits by masking, as C++'s unsigned
arithmetic wraps.
"""

from __future__ import annotations

import hashlib

__all__ = ["Stream"]

MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1
GOLDEN = 0x9E3779B97F4A7C15


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


class Stream:
    """A stream of one (key, game, player), as the core's ``Stream`` draws it."""

    @staticmethod
    def key_of_message(message: bytes) -> tuple[int, int, int, int]:
        """SHA-256 of ``message`` as four 64-bit words, each read big-endian."""
        digest = hashlib.sha256(message).digest()
        w = [int.from_bytes(digest[8 * i : 8 * i + 8], "big") for i in range(4)]
        return w[0], w[1], w[2], w[3]

    def __init__(self, key: tuple[int, int, int, int], game: int = 0, player: int = 0) -> None:
        z = key[0] ^ (((game * 2 + player) * GOLDEN) & MASK64)
        state = []
        for word in key:
            # SplitMix64: one step of z, its output mixed with the key's word.
            z = (z + GOLDEN) & MASK64
            r = z
            r = ((r ^ (r >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            r = ((r ^ (r >> 27)) * 0x94D049BB133111EB) & MASK64
            state.append((r ^ (r >> 31)) ^ word)
        if not any(state):
            state[0] = 1  # xoshiro's one forbidden state, all zero
        self._s = state

    def next(self) -> int:
        """The next 64-bit word (xoshiro256**)."""
        s = self._s
        result = (_rotl((s[1] * 5) & MASK64, 7) * 9) & MASK64
        t = (s[1] << 17) & MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """Uniform in 0..n-1 for 1 <= n < 2**32, by Lemire's rejection, as the core draws it."""
        m = (self.next() >> 32) * n
        low = m & MASK32
        if low < n:
            threshold = ((-n) & MASK32) % n
            while low < threshold:
                m = (self.next() >> 32) * n
                low = m & MASK32
        return m >> 32
