// The bounds every call is held to, in one place: the bindings refuse past
// them, trumpf.simulation and the CLI read them (trumpf._core.tables.LIMITS),
// and the docs print them. Each is a mistake guard, not a capacity: see its
// line in kLimits for why it sits where it does.
#pragma once

#include <cstdint>

namespace trumpf::limits {

constexpr long long kMaxThreads = 1024;
constexpr long long kMaxGames = 1LL << 40;
constexpr long long kMaxFirstGame = 1LL << 62;
constexpr long long kMaxExpertSamples = 1LL << 20;
constexpr long long kMaxBudget = 1'000'000'000'000LL;
constexpr long long kMaxSeed = 0x7FFFFFFFFFFFFFFFLL;  // 2**63 - 1: fits an int64

struct Limit {
  const char* name;
  long long value;
  const char* about;
};

extern const Limit kLimits[];
extern const int kLimitCount;

}  // namespace trumpf::limits
