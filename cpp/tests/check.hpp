// The few lines of a test harness the C++ tests need: CHECK records a failure
// with where it happened and goes on; main returns non-zero if any failed.
// A framework would bring a dependency for three files of checks.
#pragma once

#include <cstdio>

namespace trumpf::test {

inline int& failures() {
  static int n = 0;
  return n;
}

inline bool check(bool ok, const char* what, const char* file, int line) {
  if (!ok && ++failures() <= 20)
    std::fprintf(stderr, "%s:%d: CHECK failed: %s\n", file, line, what);
  return ok;
}

inline int report(const char* name) {
  std::printf("%s: %s\n", name, failures() ? "FAILED" : "ok");
  return failures() ? 1 : 0;
}

}  // namespace trumpf::test

#define CHECK(cond) ::trumpf::test::check(bool(cond), #cond, __FILE__, __LINE__)
