// The threads a VectorEnv steps its envs on. A step is short (a few hundred
// microseconds for a large batch), so the threads live as long as the env
// and wait between steps rather than being started for each one as the
// simulator's run_parallel does; work is handed out the same way, in chunks
// from one atomic counter. Each env writes only its own slots, so the result
// does not depend on the thread count or the schedule. A run that may be
// stopped (a step against a costly opponent) keeps polling its Stop while
// the calling thread waits for the others, so Ctrl-C is noticed there too.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "common/stop.hpp"
#include "sim/pool.hpp"

namespace trumpf::rl {

class Workers {
 public:
  // `threads` in all, the calling thread included; throws sim::ThreadsRefused
  // when the system will not start them.
  explicit Workers(int threads) {
    try {
      for (int t = 1; t < threads; ++t) pool_.emplace_back([this] { serve(); });
    } catch (const std::system_error& e) {
      const int got = int(pool_.size()) + 1;
      stop();
      throw sim::ThreadsRefused(threads, got, e.what());
    }
  }
  ~Workers() { stop(); }
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  int threads() const noexcept { return int(pool_.size()) + 1; }

  // Calls work(begin, end) over [0, count) in chunks, on every thread, and
  // returns when all are done. `work` must not throw. While the calling
  // thread waits for the others it polls `stop` (may be null) every
  // Stop::kInterval; `work` itself sees the request and ends early.
  void run(std::size_t count, const std::function<void(std::size_t, std::size_t)>& work,
           Stop* stop = nullptr) {
    if (pool_.empty() || count < 2) {
      work(0, count);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      work_ = &work;
      count_ = count;
      // Chunks small enough for every thread to get several, large enough
      // that taking one costs little next to playing it.
      chunk_ = std::clamp<std::size_t>(count / (8 * (pool_.size() + 1)), 1, kMaxChunk);
      next_.store(0, std::memory_order_relaxed);
      busy_ = int(pool_.size());
      ++generation_;
    }
    wake_.notify_all();
    drain();
    std::unique_lock<std::mutex> lock(mutex_);
    const auto idle = [this] { return busy_ == 0; };
    if (!stop) {
      idle_.wait(lock, idle);
    } else {
      while (!idle_.wait_for(lock, Stop::kInterval, idle)) {
        lock.unlock();
        stop->poll();
        lock.lock();
      }
    }
    work_ = nullptr;
  }

 private:
  static constexpr std::size_t kMaxChunk = 64;

  void drain() {
    for (;;) {
      const std::size_t begin = next_.fetch_add(chunk_, std::memory_order_relaxed);
      if (begin >= count_) return;
      (*work_)(begin, std::min(count_, begin + chunk_));
    }
  }

  void serve() {
    std::size_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
        if (quit_) return;
        seen = generation_;
      }
      drain();
      {
        std::lock_guard<std::mutex> lock(mutex_);
        --busy_;
      }
      idle_.notify_one();
    }
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      quit_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : pool_) t.join();
    pool_.clear();
  }

  std::vector<std::thread> pool_;
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  const std::function<void(std::size_t, std::size_t)>* work_ = nullptr;
  std::size_t count_ = 0, chunk_ = 1;
  std::atomic<std::size_t> next_{0};
  std::size_t generation_ = 0;
  int busy_ = 0;
  bool quit_ = false;
};

}  // namespace trumpf::rl
