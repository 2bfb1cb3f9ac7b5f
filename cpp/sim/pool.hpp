// Runs `play(i)` for every i in [0, count) on `threads` threads; throws
// ThreadsRefused, with nothing left running, when the threads cannot start.
//
// Work is handed out in small chunks from one atomic counter, so a slow game
// never holds up the others; each game writes only its own record, so the
// result does not depend on the thread count or the schedule. Once
// progress.stop is requested no game begins, and the games in play wind
// down (their players' searches poll the same Stop).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "common/stop.hpp"

namespace trumpf::sim {

struct Progress {
  std::atomic<std::uint64_t> done{0};
  Stop stop;  // requested by the caller to cancel the run
};

// What the caller passes when asking for more threads than the system will
// start: the games already handed out are finished, the rest not begun.
struct ThreadsRefused : std::runtime_error {
  int started;
  ThreadsRefused(int asked, int got, const char* why)
      : std::runtime_error("the system started " + std::to_string(got) + " of " +
                           std::to_string(asked) + " threads: " + why),
        started(got) {}
};

template <typename Play>
void run_parallel(std::uint64_t count, int threads, Progress& progress, Play play) {
  constexpr std::uint64_t kChunk = 256;
  std::atomic<std::uint64_t> next{0};
  auto worker = [&]() {
    while (!progress.stop.requested()) {
      std::uint64_t begin = next.fetch_add(kChunk, std::memory_order_relaxed);
      if (begin >= count) return;
      std::uint64_t end = std::min(count, begin + kChunk);
      for (std::uint64_t i = begin; i < end; ++i) {
        if (progress.stop.requested()) return;
        play(i);
      }
      progress.done.fetch_add(end - begin, std::memory_order_relaxed);
    }
  };
  if (threads <= 1) {
    worker();
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(std::size_t(threads));
  try {
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  } catch (const std::system_error& e) {
    // Out of threads (a process limit): stop the ones started, then say so.
    progress.stop.request();
    for (auto& t : pool) t.join();
    throw ThreadsRefused(threads, int(pool.size()), e.what());
  }
  for (auto& t : pool) t.join();
}

}  // namespace trumpf::sim
