// A numbered space as a table of rows: an observation tensor's slots or an
// action space's actions. Each row is a run of numbers, the group it belongs
// to (OpenSpiel's observation dict names the tensor's groups; an action's
// group is its move kind) and what it stands for, for a person. Each
// family's observe.hpp and actions.hpp state their rows beside their
// constants; tiles() holds the rows to the constants at compile time, and
// trumpf._core.rl.obs_layout(game) and action_layout(game) hand them to the
// adapters and the docs.
#pragma once

namespace trumpf {

struct LayoutRow {
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
constexpr bool tiles(const LayoutRow (&rows)[N], int size) noexcept {
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
