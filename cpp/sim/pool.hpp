// Runs `play(i)` for every i in [0, count) on `threads` threads.
//
// Work is handed out in small chunks from one atomic counter, so a slow game
// never holds up the others; each game writes only its own record, so the
// result does not depend on the thread count or the schedule.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace trumpf::sim {

struct Progress {
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> cancel{false};
};

template <typename Play>
void run_parallel(std::uint64_t count, int threads, Progress& progress, Play play) {
  constexpr std::uint64_t kChunk = 256;
  std::atomic<std::uint64_t> next{0};
  auto worker = [&]() {
    while (!progress.cancel.load(std::memory_order_relaxed)) {
      std::uint64_t begin = next.fetch_add(kChunk, std::memory_order_relaxed);
      if (begin >= count) return;
      std::uint64_t end = std::min(count, begin + kChunk);
      for (std::uint64_t i = begin; i < end; ++i) play(i);
      progress.done.fetch_add(end - begin, std::memory_order_relaxed);
    }
  };
  if (threads <= 1) {
    worker();
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(std::size_t(threads));
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
}

}  // namespace trumpf::sim
