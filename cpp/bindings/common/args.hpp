// Reading arguments a caller passed: exact ints in range, text, seeds, deal
// numbers, iterables made into lists. Nothing here trusts what it reads:
// a value of the wrong type or range is refused with Error, never truncated,
// and nothing borrowed is kept across a call that may run Python code.
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace trumpf::bindings {

// An int (bool excluded: True is not a count) in [lo, hi] into *out; false
// for anything else, huge ints included. Runs no Python code.
bool exact_int(pybind11::handle h, long long lo, long long hi, long long* out) noexcept;

// An int of any size clamped into [lo, hi] (a level asked of a ladder); false
// for anything that is not an int. Runs no Python code.
bool clamped_int(pybind11::handle h, long long lo, long long hi, long long* out) noexcept;

// As exact_int, or Error(code, "<what> is an int in [lo, hi], not <repr>").
long long int_arg(pybind11::handle h, long long lo, long long hi, const char* code,
                  const char* what);

// The UTF-8 of a str (subclasses read as their text); false for anything
// else and for text that is not valid Unicode (lone surrogates). Runs no
// Python code.
bool text_of(pybind11::handle h, std::string* out) noexcept;
// The same as a view of the str's own UTF-8, valid while `h` lives: the play
// loop's seats and kinds are read without a copy.
bool text_of(pybind11::handle h, std::string_view* out) noexcept;

// repr(h) as UTF-8, at most `limit` characters, for messages: never throws,
// even when h's __repr__ raises or returns something strange.
std::string repr_text(pybind11::handle h, std::size_t limit = 200) noexcept;

// A seed: exactly 32 bytes of type bytes, else Error no_seed.
std::array<std::uint8_t, 32> seed_arg(pybind11::handle h);

// A deal number: an int in [1, 2**63 - 1], else Error bad_deal.
std::uint64_t number_arg(pybind11::handle h);

// A list of our own holding the items of a list or tuple (subclasses read by
// what they hold), each with a strong reference; Error(code, ...) naming
// `what` for anything else. At most `limit` items.
pybind11::list items_arg(pybind11::handle h, const char* code, const char* what,
                         std::size_t limit = 1 << 20);

// d[key] with a strong reference, or an empty object when the key is
// missing; a dict that raises while being read is refused with Error(code).
pybind11::object dict_item(pybind11::handle d, pybind11::handle key, const char* code);

// d[key], which must be there: Error(code, "<what> has no '<key>'") otherwise.
pybind11::object required_key(pybind11::handle d, const char* key, const char* code,
                              const char* what);

// True or False (no other value is a flag), else Error(code, "<what> is True or False, not
// <repr>").
bool bool_arg(pybind11::handle h, const char* code, const std::string& what);

// Turns the Python error in flight, raised by the caller's own objects while
// being read, into Error(code, "<what> could not be read: <exception>").
// KeyboardInterrupt, SystemExit and MemoryError pass through unchanged.
[[noreturn]] void refuse_pending(const char* code, const std::string& what);

}  // namespace trumpf::bindings
