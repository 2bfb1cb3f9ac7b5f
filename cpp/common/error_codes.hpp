// Every refusal code trumpf gives, each with the sentence a front end shows a
// person: the one registry that trumpf.errors, the terminal's and the
// server's words, and the docs read.
//
//   const ErrorCode* e = error_code_named("must_follow");  // nullptr if unknown
//   for (const ErrorCode& e : kErrorCodes) ...
//
// A code names what was wrong; the message an Error carries says it about
// the call at hand ("p1 cannot lead 7 AH: not in hand ..."). The sentence
// here is the general one, for a person who sent a move or a request.
#pragma once

#include <string_view>

namespace trumpf {

struct ErrorCode {
  const char* code;
  const char* area;  // "move", "argument", "info", "log", "simulation", "rl", "serve"
  const char* sentence;
};

extern const ErrorCode kErrorCodes[];
extern const int kErrorCodeCount;

// The row of a code, or nullptr.
const ErrorCode* error_code_named(std::string_view code) noexcept;

}  // namespace trumpf
