// An observation tensor's layout as a table: each row a run of slots, the
// group it belongs to (OpenSpiel's observation dict names these groups) and
// what it holds, for a person. Each family's observe.hpp states its rows
// beside its slot constants; tiles() holds the rows to the constants at
// compile time, and trumpf._core.rl.obs_layout(game) hands them to the
// OpenSpiel adapter and the docs.
#pragma once

namespace trumpf {

struct ObsRow {
  int start;
  int size;
  const char* group;
  const char* about;
};

constexpr bool same_text(const char* a, const char* b) noexcept {
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}

// Whether the rows cover [0, size) in order, each starting where the last
// ended, and a group's rows sit together.
template <int N>
constexpr bool tiles(const ObsRow (&rows)[N], int size) noexcept {
  int next = 0;
  for (int k = 0; k < N; ++k) {
    if (rows[k].start != next || rows[k].size < 1) return false;
    next += rows[k].size;
    for (int j = 0; j + 1 < k; ++j)  // a group seen before must end at row k - 1
      if (same_text(rows[j].group, rows[k].group) && !same_text(rows[k - 1].group, rows[k].group))
        return false;
  }
  return next == size;
}

}  // namespace trumpf
