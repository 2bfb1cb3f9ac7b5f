// trumpf_play GAME N [PLAYER_A PLAYER_B]: plays N games single-threaded in C++ and
// prints a checksum. It exists for bench/callgrind.sh, which counts the
// instructions of N and 2N games and takes the difference, so start-up costs
// cancel out. GAME "shuffle-schnapsen" / "shuffle-durak" only deals.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "durak/game.hpp"
#include "schnapsen/deal.hpp"
#include "sim/simulate.hpp"

using namespace trumpf;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: trumpf_play GAME N [A B]\n");
    return 2;
  }
  std::string game = argv[1];
  std::uint64_t n = std::strtoull(argv[2], nullptr, 10);
  std::uint8_t seed[32];
  for (int i = 0; i < 32; ++i) seed[i] = std::uint8_t(i);
  long long checksum = 0;
  if (game == "shuffle-schnapsen") {
    for (std::uint64_t i = 0; i < n; ++i) {
      schnapsen::DealState s;
      schnapsen::deal_new(s, schnapsen::reference_rules(schnapsen::kSchnapsen), seed, i + 1,
                          schnapsen::kP1);
      checksum += s.hand[0][0];
    }
  } else if (game == "shuffle-durak") {
    for (std::uint64_t i = 0; i < n; ++i) {
      durak::GameState s;
      durak::deal_game(seed, std::uint32_t(i + 1), s);
      checksum += s.talon[0];
    }
  } else {
    sim::Spec spec{};
    if (game == "schnapsen") {
      spec.game = sim::Game::kSchnapsenDeal;
      spec.rules = schnapsen::reference_rules(schnapsen::kSchnapsen);
    } else if (game == "sixtysix") {
      spec.game = sim::Game::kSixtySixDeal;
      spec.rules = schnapsen::reference_rules(schnapsen::kSixtySix);
    } else if (game == "durak")
      spec.game = sim::Game::kDurak;
    else {
      std::fprintf(stderr, "unknown game %s\n", game.c_str());
      return 2;
    }
    auto policy = [](const char* name) {
      const players::Row* row = players::row_named(name);
      return row ? row->player : players::Player::kRandom;
    };
    spec.players[0] = policy(argc > 3 ? argv[3] : "random");
    spec.players[1] = policy(argc > 4 ? argv[4] : "random");
    std::memcpy(spec.seed, seed, 32);
    spec.count = n;
    spec.threads = 1;
    std::vector<std::int8_t> b1(n), b2(n), b3(n), b4(n), b5(n), b6(n);
    std::vector<std::int16_t> p(2 * n), t(2 * n), d(n), bo(n);
    std::vector<std::int32_t> mv(n);
    sim::Columns cols{b1.data(), b2.data(), b3.data(), p.data(),  t.data(), mv.data(),
                      b4.data(), b5.data(), d.data(),  b6.data(), bo.data()};
    sim::Progress progress;
    sim::run(spec, cols, progress);
    for (std::uint64_t i = 0; i < n; ++i) checksum += mv[i] + b1[i];
  }
  std::printf("%s %llu games, checksum %lld\n", game.c_str(), (unsigned long long)n, checksum);
  return 0;
}
