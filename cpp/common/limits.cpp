#include "common/limits.hpp"

#include "durak/expert.hpp"
#include "rl/env.hpp"
#include "schnapsen/expert.hpp"

namespace trumpf::limits {

const Limit kLimits[] = {
    {"max_threads", kMaxThreads,
     "worker threads a simulation starts, at most: more than the largest two-socket servers "
     "have, so a mistyped count is refused rather than running the process out of threads"},
    {"max_games", kMaxGames,
     "games one simulation plays, at most: far inside the core's int64 counts; the memory "
     "check binds first on any real machine"},
    {"max_first_game", kMaxFirstGame, "the index a simulation's first game may have, at most"},
    {"max_expert_samples", kMaxExpertSamples, "worlds an expert may sample a decision, at most"},
    {"max_budget", kMaxBudget,
     "work units (solver positions plus rollout moves) an expert or a solver may spend, at most"},
    {"max_seed", kMaxSeed, "an expert's seed, at most: 2**63 - 1, so it fits an int64"},
    {"max_envs", (long long)(rl::kMaxEnvs), "envs one VectorEnv holds, at most"},
    {"expert_samples_schnapsen", (long long)(schnapsen::ExpertOptions{}.samples),
     "worlds a Schnapsen-family expert samples a decision by default"},
    {"expert_samples_durak", (long long)(durak::ExpertOptions{}.samples),
     "worlds a Durak expert samples a decision by default"},
    {"expert_budget", (long long)(schnapsen::ExpertOptions{}.budget),
     "work units an expert spends a decision by default"},
};
const int kLimitCount = int(sizeof(kLimits) / sizeof(kLimits[0]));

static_assert(schnapsen::ExpertOptions{}.budget == durak::ExpertOptions{}.budget,
              "one default budget for both families, as the table says");

}  // namespace trumpf::limits
