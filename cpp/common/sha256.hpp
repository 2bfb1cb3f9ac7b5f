// SHA-256 (FIPS 180-4), self-contained.
//
// Written by hand rather than taken from a library because it sits on the hot
// path of every shuffle (two or three digests a deal, a million deals a second)
// and the message is always short: a library's streaming interface, allocation
// and dispatch would cost more than the compression itself. It uses the x86
// SHA extensions when the CPU has them and a portable loop otherwise; both are
// checked against the FIPS 180-4 test vectors in the test suite.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace trumpf {

using Digest = std::array<std::uint8_t, 32>;

// The digest of `len` bytes at `data`.
Digest sha256(const std::uint8_t* data, std::size_t len) noexcept;

// The same digest through a chosen path, so tests can check both on a machine
// that has the SHA extensions; `hardware` is ignored where the CPU lacks them.
Digest sha256_via(const std::uint8_t* data, std::size_t len, bool hardware) noexcept;

// Pads a message in place as SHA-256 does (0x80, zeros, the bit length of
// `total` bytes) from buf[at], and returns the padded size, a multiple of 64.
// The buffer must have room for at + 72 bytes: the zeros are written as one
// fixed 64-byte run, which the compiler inlines, where a run of the exact
// length is a libc call.
std::size_t sha256_pad(std::uint8_t* buf, std::size_t at, std::uint64_t total) noexcept;

// The digests of `count` messages padded already (sha256_pad) to `size`
// bytes each, a multiple of 64, as their eight big-endian words into out[j]
// (the form the shuffle consumes: the state is not packed into bytes and
// back). The caller builds its messages in buffers of its own, so no tail is
// copied out to pad it. With the SHA extensions they run interleaved, up to
// three at a time, which is faster than one after another (sha256.cpp says
// why); beyond kMaxDigestsAtOnce messages they are hashed one at a time.
inline constexpr int kMaxDigestsAtOnce = 8;
void sha256_padded_words_many(const std::uint8_t* const* data, std::size_t size, int count,
                              std::uint32_t (*out)[8]) noexcept;

// Whether the hardware (SHA-NI) path is in use on this machine.
bool sha256_uses_hardware() noexcept;

}  // namespace trumpf
