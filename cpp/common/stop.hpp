// A request to stop a long call: the searches (both experts, both solvers,
// the rollouts), the simulator's games and the VectorEnv's steps poll one
// between units of work, and wind down soon after it is set. The engine
// never sets one: its caller does (the bindings, when Ctrl-C arrives).
//
//   Stop stop;                               // or Stop(watch, context): see below
//   Verdict v = solver.value(s, budget, &stop);
//   if (stop.requested()) ...                // v is whatever was proven: discard it
//
// A call that is never stopped does exactly what it does without a Stop:
// its work is counted in the same units and ended by the same budgets, so a
// move still depends on the information set, seed and budget alone, never
// on time. A stopped call returns early with a result that is legal (a
// move the rules allow) but not the one it would have found: the caller
// discards it.
//
// The watch: a Stop made with a watch function asks it whether to stop,
// from poll() on the thread that made the Stop, at most every kInterval
// (so a poll from a hot loop costs a clock read there, a relaxed load on
// every other thread). The bindings' watch checks for a pending signal.
#pragma once

#include <atomic>
#include <chrono>
#include <thread>

namespace trumpf {

class Stop {
 public:
  // true: stop. Called on the thread that made the Stop only.
  using Watch = bool (*)(void* context) noexcept;
  // How often poll() asks the watch, at most.
  static constexpr std::chrono::milliseconds kInterval{20};

  Stop() noexcept = default;
  Stop(Watch watch, void* context) noexcept
      : watch_(watch), context_(context), owner_(std::this_thread::get_id()) {}
  Stop(const Stop&) = delete;
  Stop& operator=(const Stop&) = delete;

  void request() noexcept { requested_.store(true, std::memory_order_relaxed); }
  bool requested() const noexcept { return requested_.load(std::memory_order_relaxed); }

  // Whether to stop: requested(), after asking the watch when it is due.
  bool poll() noexcept {
    if (requested()) return true;
    if (watch_ && std::this_thread::get_id() == owner_) {
      const auto now = std::chrono::steady_clock::now();
      if (now >= next_) {
        next_ = now + kInterval;
        if (watch_(context_)) request();
      }
    }
    return requested();
  }

 private:
  std::atomic<bool> requested_{false};
  Watch watch_ = nullptr;
  void* context_ = nullptr;
  std::thread::id owner_;
  std::chrono::steady_clock::time_point next_{};
};

// poll() on a Stop that may be null (a call nobody can stop).
inline bool stop_polled(Stop* stop) noexcept { return stop && stop->poll(); }

}  // namespace trumpf
