// trumpf_rl GAME NUM_ENVS STEPS [OPPONENT [u8]]: steps a VectorEnv with a C++
// masked-random policy and prints a checksum. It exists for callgrind
// (bench/callgrind.sh): instructions per decision of the engine's step,
// observation and mask writing included, without Python or numpy.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "common/bits.hpp"
#include "rl/env.hpp"
#include "rl/games.hpp"

using namespace trumpf;

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: trumpf_rl GAME NUM_ENVS STEPS [OPPONENT|none [u8]]\n");
    return 2;
  }
  const std::string game = argv[1];
  rl::Config c;
  c.num_envs = std::uint32_t(std::strtoul(argv[2], nullptr, 10));
  const long steps = std::strtol(argv[3], nullptr, 10);
  if (!rl::game_named(game, &c.game, &c.rules)) {
    std::fprintf(stderr, "trumpf_rl: unknown game %s\n", game.c_str());
    return 2;
  }
  if (argc > 4) {
    if (const players::Row* row = players::row_named(argv[4])) c.opponent = row->player;
  }
  c.uint8_obs = argc > 5 && std::strcmp(argv[5], "u8") == 0;
  for (int i = 0; i < 32; ++i) c.seed[i] = std::uint8_t(i);
  auto env = rl::make_env(c);
  const std::size_t n = c.num_envs;
  std::vector<float> obs(n * std::size_t(env->obs_size()));  // room for either dtype
  std::vector<std::uint8_t> mask(n * rl::kActions), terminated(n);
  std::vector<std::int8_t> player(n);
  std::vector<float> rewards(2 * n);
  const rl::Outputs out{obs.data(), mask.data(), player.data(), rewards.data(), terminated.data()};
  env->reset(out);
  std::vector<std::int64_t> actions(n);
  std::uint64_t x = 88172645463325252ULL;  // xorshift64: the policy's own stream
  double total = 0;
  for (long s = 0; s < steps; ++s) {
    for (std::size_t i = 0; i < n; ++i) {
      // The mask row's bytes back into bits, then a uniformly drawn set bit:
      // cheap, so the profile is the env's.
      const std::uint8_t* m = &mask[i * rl::kActions];
      std::uint64_t legal = 0;
      for (int w = 0; w < 5; ++w) {
        std::uint64_t word;
        std::memcpy(&word, m + 8 * w, 8);
        legal |= ((word * 0x0102040810204080ULL) >> 56) << (8 * w);
      }
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      for (int k = int(x % std::uint64_t(bits::popcount(legal))); k > 0; --k) legal &= legal - 1;
      actions[i] = bits::lowest_bit(legal);
    }
    env->step(actions.data(), out);
    total += rewards[0] + obs[1];
  }
  std::printf("%g\n", total);
  return 0;
}
