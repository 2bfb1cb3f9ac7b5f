// trumpf_pimc_bench VARIANT FORMAT A B GAMES THREADS [SAMPLES BUDGET]:
// player A against player B over GAMES deals or matches of a Schnapsen-family
// variant, on THREADS threads, and one line of JSON (bench/pimc_remedy.py).
//
//   VARIANT  schnapsen, sixtysix (or any rules preset name)
//   FORMAT   deal or match
//   A, B     bot2, expert (plain PIMC), or pvK (the expert with the presumed-
//            value correction over K worlds of the other seat, presumed.hpp),
//            each expert with knobs of its own after its name (spec_named),
//            e.g. expert/s256/b800000
//
// Games come in pairs dealt alike: game 2p and 2p+1 deal the same cards
// (deal number p + 1, or a match seed of p) with A and B in swapped seats,
// so the luck of the cards cancels within a pair. The first dealer
// alternates from pair to pair. The expert seeds are fixed by (game, player),
// so a run is reproducible whatever THREADS is. Time is each thread's CPU
// time around the players' choices, so neighbours disturb it little.
#include <time.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "schnapsen/bot.hpp"
#include "schnapsen/expert.hpp"
#include "schnapsen/info.hpp"
#include "schnapsen/match.hpp"
#include "tools/pimc_history.hpp"
#include "tools/pimc_ismcts.hpp"
#include "tools/pimc_sight.hpp"

using namespace trumpf;
using namespace trumpf::schnapsen;

namespace {

struct PlayerSpec {
  bool expert = false;
  int presumed = 0;
  std::uint32_t samples = 0;  // 0: the run's
  std::uint64_t budget = 0;   // 0: the run's
  int exact_weight = 0;       // 0: the variant's
  int win_weight = 0;
  bool match_aware = false;
  int infer = 0;
  int infer_lead = 0;
  // 1: sees every card while the expert rolls out, 2: while it solves, 3: while it solves
  // with the talon closed, 4: while it solves with cards still to draw
  int perfect_when = 0;
  // Sees the other hand, not the talon's order, in the stretches (below) of this mask: 1 << 4
  // while it solves with cards still to draw, 1 << 1 while it rolls out, 1 << 3 with the talon
  // closed
  int hand_known = 0;
  // Weighs worlds by the deal's history (pimc_history.hpp): the weight, in thousandths, of a play
  // of the other seat's that the level-2 bot would not make; -1 off
  int history_miss = -1;
  int timings = 8;  // the history's deals a world
  // The model of the other seat: an expert of this many worlds (0: the level-2 bot), this
  // budget, judging the last `recent` of its moves (0: all)
  std::uint32_t model_samples = 0;
  std::uint64_t model_budget = 20'000;
  int model_recent = 0;
  // Before the solved phase, information-set MCTS of this many iterations (pimc_ismcts.hpp), 0 off,
  // with this UCB constant in thousandths
  int ismcts = 0;
  int explore = 700;
  // Information-set MCTS of this many iterations in the solved phase while cards are left to
  // draw, its walks stopping once none are, 0 off
  int ismcts_draws = 0;
};

// A player: bot2, expert or pvK, then for an expert any of /sN (worlds),
// /bN (budget), /xN (exact weight), /pvN (presumed worlds), /wN (win
// weight), /hN and /tN (worlds weighed by the deal's history, pimc_history.hpp: N the weight of
// a miss in thousandths, and the deals a world; the other seat's model the level-2 bot or, with
// /msN, an expert of N worlds, /mbN its budget, /mrN judging its last N moves), /m (match-aware),
// /iN and /lN (infer and infer_lead, in thousandths), and diagnostics that are not fair players:
// /pe sees every card (perfect_choose) while the expert would roll out, /pl while it would solve,
// /pc while it would solve with the talon closed, /pd while it would solve with cards still to
// draw, and /ph sees the other hand but not the talon's order there (PIMC over the talon's orders),
// /phe the same while it would roll out, /pha wherever the talon's order is hidden or the other
// hand is. /uN plays information-set MCTS of N iterations before the solved phase
// (pimc_ismcts.hpp), /cN its UCB constant in thousandths, /dN information-set MCTS of N iterations
// in the solved phase while cards are left to draw.
bool spec_named(const std::string& name, PlayerSpec* out) {
  std::size_t at = name.find('/');
  const std::string head = name.substr(0, at);
  if (head == "bot2") return at == std::string::npos;
  out->expert = true;
  if (head.size() > 2 && head.compare(0, 2, "pv") == 0) {
    out->presumed = std::atoi(head.c_str() + 2);
    if (out->presumed <= 0) return false;
  } else if (head != "expert") {
    return false;
  }
  while (at != std::string::npos) {
    const std::size_t next = name.find('/', at + 1);
    const std::string knob = name.substr(at + 1, next == std::string::npos ? next : next - at - 1);
    at = next;
    const auto number = [&](std::size_t from) { return std::atoll(knob.c_str() + from); };
    if (knob.compare(0, 2, "pv") == 0 && number(2) > 0) {
      out->presumed = int(number(2));
    } else if (knob[0] == 's' && number(1) > 0) {
      out->samples = std::uint32_t(number(1));
    } else if (knob[0] == 'b' && number(1) > 0) {
      out->budget = std::uint64_t(number(1));
    } else if (knob[0] == 'u' && number(1) > 0) {
      out->ismcts = int(number(1));
    } else if (knob[0] == 'd' && number(1) > 0) {
      out->ismcts_draws = int(number(1));
    } else if (knob[0] == 'c' && number(1) > 0) {
      out->explore = int(number(1));
    } else if (knob[0] == 'h' && knob.size() > 1 && knob[1] >= '0' && knob[1] <= '9') {
      out->history_miss = int(number(1));
    } else if (knob[0] == 't' && number(1) > 0) {
      out->timings = int(number(1));
    } else if (knob.compare(0, 2, "ms") == 0 && number(2) > 0) {
      out->model_samples = std::uint32_t(number(2));
    } else if (knob.compare(0, 2, "mb") == 0 && number(2) > 0) {
      out->model_budget = std::uint64_t(number(2));
    } else if (knob.compare(0, 2, "mr") == 0 && number(2) > 0) {
      out->model_recent = int(number(2));
    } else if (knob == "ph" || knob == "phe" || knob == "pha") {
      out->hand_known = knob == "ph" ? 1 << 4 : knob == "phe" ? 1 << 1 : 1 << 1 | 1 << 3 | 1 << 4;
    } else if (knob == "pe" || knob == "pl" || knob == "pc" || knob == "pd") {
      out->perfect_when = knob == "pe" ? 1 : knob == "pl" ? 2 : knob == "pc" ? 3 : 4;
    } else if (knob[0] == 'l' && number(1) > 0) {
      out->infer_lead = int(number(1));
    } else if (knob[0] == 'i' && number(1) > 0) {
      out->infer = int(number(1));
    } else if (knob == "m") {
      out->match_aware = true;
    } else if (knob[0] == 'w' && number(1) > 0) {
      out->win_weight = int(number(1));
    } else if (knob[0] == 'x' && number(1) > 0) {
      out->exact_weight = int(number(1));
    } else {
      return false;
    }
  }
  return true;
}

// The spec's model of the other seat (pimc_history.hpp), drawing its expert's worlds from `seed`.
history::Model model_of(const PlayerSpec& p, std::uint64_t seed) {
  history::Model model;
  model.miss = p.history_miss;
  model.samples = p.model_samples;
  model.budget = p.model_budget;
  model.recent = p.model_recent;
  model.seed = seed;
  return model;
}

double cpu_now() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

struct Outcome {
  int winner = -1;         // player 0 (A), 1 (B), -1 drawn
  int points[2] = {0, 0};  // game points won by A, B (deals)
  double seconds[2] = {0, 0};
  long moves[2] = {0, 0};
  long worlds[2] = {0, 0};  // worlds the expert visited, over its exact searches
  long searched[2] = {0, 0};
  // A history player's decisions: the weight of the true world, the mean weight of ten worlds
  // drawn from its InfoSet, and the decisions where the true world weighed nothing
  double true_weight[2] = {0, 0}, drawn_weight[2] = {0, 0};
  long weighed[2] = {0, 0}, true_zero[2] = {0, 0};
  // The other seat's moves with a choice, and those a history player's model makes alike
  long judged[2] = {0, 0}, agreed[2] = {0, 0};
};

struct Run {
  Rules rules;
  bool match;
  PlayerSpec spec[2];
  std::uint32_t samples;
  std::uint64_t budget;
};

// Game i: player A sits in seat i & 1.
Outcome play(const Run& run, std::uint64_t i, Expert& expert) {
  const std::uint64_t pair = i / 2;
  const Seat a = Seat(i & 1), dealer = Seat(pair & 1);
  std::uint8_t seed[32] = {};
  for (int k = 0; k < 8; ++k) seed[k] = std::uint8_t(mix(pair) >> (8 * k));
  MatchState m;
  DealState* s = &m.deal;
  if (run.match)
    match_new(m, run.rules, seed, dealer);
  else
    deal_new(m.deal, run.rules, seed, 1, dealer);
  Shown shown;
  shown_start(shown, *s);
  history::History past;
  history::history_start(past, *s);
  Outcome out;
  for (;;) {
    const bool over = run.match ? m.over : s->over;
    if (over) break;
    const Seat seat = s->turn;
    const int player = seat == a ? 0 : 1;
    const PlayerSpec& p = run.spec[player];
    double started = cpu_now();
    Move mv;
    if (p.expert) {
      ExpertOptions o;
      o.samples = p.samples ? p.samples : run.samples;
      o.budget = p.budget ? p.budget : run.budget;
      o.exact_weight = p.exact_weight;
      o.win_weight = p.win_weight;
      o.match_aware = p.match_aware;
      o.infer = p.infer;
      o.infer_lead = p.infer_lead;
      o.seed = mix(i * 2 + std::uint64_t(player)) >> 1;
      o.presumed = p.presumed;
      const InfoSet info = run.match ? info_set(m, shown, seat) : info_set(*s, shown, seat);
      const int weight = info.counts[0] + info.counts[1] + info.draw_left;
      const int exact_from = p.exact_weight ? p.exact_weight : kExactWeight[info.rules.base];
      // The stretch of the deal the move is in: 1 rolled out, else solved with 3 the talon
      // closed, 4 cards still to draw, 0 none.
      const int when = weight > exact_from         ? 1
                       : info.closed_by != kNoSeat ? 3
                       : info.draw_left > 0        ? 4
                                                   : 0;
      const bool sees = p.perfect_when == 2 ? when != 1 : p.perfect_when == when;
      if (p.perfect_when != 0 && sees) {
        mv = perfect_choose(expert.solver(), *s);
      } else if ((p.ismcts > 0 && when == 1) || (p.ismcts_draws > 0 && when == 4)) {
        ismcts::Options io;
        io.iterations = when == 1 ? p.ismcts : p.ismcts_draws;
        io.to_draws_end = when == 4;
        io.explore = p.explore;
        io.exact_weight = p.exact_weight;
        mv = ismcts::choose(expert.solver(), info, io, o.seed);
      } else if (p.history_miss >= 0 && when != 0) {
        const history::Model model = model_of(p, o.seed ^ 0xC3C3C3C3C3C3C3C3ULL);
        mv = history::choose(expert.solver(), info, past, o, exact_from, p.timings, model);
        // How much more the weights favour the true world than those the InfoSet allows, kept
        // out of the move's time.
        const double check_started = cpu_now();
        std::uint64_t rng = o.seed ^ 0x0F0F0F0F0F0F0F0FULL;
        double drawn = 0;
        int k = 0;
        for (DealState w; k < 10 && sample_world(info, o.seed + 1 + std::uint64_t(k), w); ++k)
          drawn += history::world_weight(past, seat, w, p.timings, model, rng);
        if (k > 0) {
          const double truth = history::world_weight(past, seat, *s, p.timings, model, rng);
          out.true_weight[player] += truth;
          out.drawn_weight[player] += drawn / k;
          ++out.weighed[player];
          out.true_zero[player] += truth == 0;
        }
        started += cpu_now() - check_started;
      } else if ((p.hand_known >> when) & 1) {
        mv = hand_known_choose(expert.solver(), *s, when == 1, o.samples, o.budget, o.seed);
      } else {
        mv = expert.choose(info, o);
        if (expert.stats().worlds > 0 && weight <= exact_from) {
          out.worlds[player] += expert.stats().worlds;
          ++out.searched[player];
        }
      }
    } else {
      mv = bot_choose(*s, seat, 2);
    }
    out.seconds[player] += cpu_now() - started;
    // How often the other player's model of this seat makes this seat's move, in the true deal.
    const PlayerSpec& judge = run.spec[1 - player];
    Move choices[kMaxMoves];
    if (judge.history_miss >= 0 && legal_moves(*s, seat, choices) > 1) {
      const history::Model model = model_of(judge, mix(i ^ out.moves[player]));
      ++out.judged[1 - player];
      out.agreed[1 - player] += history::model_move(model, *s, shown, seat) == mv;
    }
    ++out.moves[player];
    const Before before = before_of(*s);
    const std::uint64_t number = s->number;
    if (run.match) {
      match_apply(m, seat, mv, nullptr);
      if (m.over) break;
      if (s->number == number) {
        shown_update(shown, before, seat, mv, *s);
        history::history_add(past, seat, mv, *s);
      } else {
        shown_start(shown, *s);
        history::history_start(past, *s);
      }
    } else {
      apply_move(*s, seat, mv, nullptr);
      shown_update(shown, before, seat, mv, *s);
      history::history_add(past, seat, mv, *s);
    }
  }
  const Seat won = run.match ? m.winner : s->result.winner;
  out.winner = won == kNoSeat ? -1 : (won == a ? 0 : 1);
  if (!run.match && out.winner >= 0) out.points[out.winner] = s->result.game_points;
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 7) {
    std::fprintf(stderr, "usage: %s VARIANT deal|match A B GAMES THREADS [SAMPLES BUDGET]\n",
                 argv[0]);
    return 2;
  }
  Run run;
  run.match = std::string(argv[2]) == "match";
  if (!rules_named(argv[1], &run.rules) || !spec_named(argv[3], &run.spec[0]) ||
      !spec_named(argv[4], &run.spec[1])) {
    std::fprintf(stderr, "unknown variant or player\n");
    return 2;
  }
  const std::uint64_t games = std::strtoull(argv[5], nullptr, 10) / 2 * 2;
  const int threads = std::atoi(argv[6]);
  const ExpertOptions defaults;
  run.samples =
      argc > 7 && std::atoi(argv[7]) > 0 ? std::uint32_t(std::atoi(argv[7])) : defaults.samples;
  run.budget =
      argc > 8 && std::atoll(argv[8]) > 0 ? std::uint64_t(std::atoll(argv[8])) : defaults.budget;
  std::vector<Outcome> outcomes(games);
  std::atomic<std::uint64_t> next{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < (threads > 0 ? threads : 1); ++t)
    pool.emplace_back([&] {
      Expert expert;
      for (std::uint64_t i; (i = next.fetch_add(1)) < games;) outcomes[i] = play(run, i, expert);
    });
  for (std::thread& t : pool) t.join();

  long wins[2] = {0, 0}, moves[2] = {0, 0}, worlds[2] = {0, 0}, searched[2] = {0, 0};
  long weighed[2] = {0, 0}, true_zero[2] = {0, 0}, judged[2] = {0, 0}, agreed[2] = {0, 0};
  double seconds[2] = {0, 0}, sum = 0, sum2 = 0, true_weight[2] = {0, 0}, drawn_weight[2] = {0, 0};
  for (std::uint64_t p = 0; p < games / 2; ++p) {
    // A's net game points (deals) or net wins (matches) over the pair.
    double net = 0;
    for (std::uint64_t i = 2 * p; i < 2 * p + 2; ++i) {
      const Outcome& o = outcomes[i];
      if (o.winner >= 0) ++wins[o.winner];
      for (int k = 0; k < 2; ++k) {
        moves[k] += o.moves[k];
        worlds[k] += o.worlds[k];
        searched[k] += o.searched[k];
        seconds[k] += o.seconds[k];
        true_weight[k] += o.true_weight[k];
        drawn_weight[k] += o.drawn_weight[k];
        weighed[k] += o.weighed[k];
        true_zero[k] += o.true_zero[k];
        judged[k] += o.judged[k];
        agreed[k] += o.agreed[k];
      }
      net += run.match ? (o.winner == 0) - (o.winner == 1) : o.points[0] - o.points[1];
    }
    sum += net;
    sum2 += net * net;
  }
  const double pairs = double(games / 2), mean = sum / pairs;
  const double sd = pairs > 1 ? std::sqrt((sum2 - sum * mean) / (pairs - 1)) : 0.0;
  std::printf(
      "{\"games\": %llu, \"wins\": [%ld, %ld], \"pair_net_mean\": %.6f, \"pair_net_sd\": %.6f, "
      "\"ms_per_move\": [%.4f, %.4f], \"moves\": [%ld, %ld], "
      "\"worlds_per_exact_search\": [%.2f, %.2f]",
      (unsigned long long)games, wins[0], wins[1], mean, sd,
      moves[0] ? 1e3 * seconds[0] / double(moves[0]) : 0.0,
      moves[1] ? 1e3 * seconds[1] / double(moves[1]) : 0.0, moves[0], moves[1],
      searched[0] ? double(worlds[0]) / double(searched[0]) : 0.0,
      searched[1] ? double(worlds[1]) / double(searched[1]) : 0.0);
  // A history player's weights: the true world's and the drawn worlds' means, and the share of
  // decisions where the true world weighed nothing.
  std::printf(", \"history_true_drawn_zero\": [[%.4f, %.4f, %.4f], [%.4f, %.4f, %.4f]]",
              weighed[0] ? true_weight[0] / double(weighed[0]) : 0.0,
              weighed[0] ? drawn_weight[0] / double(weighed[0]) : 0.0,
              weighed[0] ? double(true_zero[0]) / double(weighed[0]) : 0.0,
              weighed[1] ? true_weight[1] / double(weighed[1]) : 0.0,
              weighed[1] ? drawn_weight[1] / double(weighed[1]) : 0.0,
              weighed[1] ? double(true_zero[1]) / double(weighed[1]) : 0.0);
  // A history player's model: the share of the other seat's moves with a choice it made alike.
  std::printf(", \"model_agrees\": [%.4f, %.4f]}\n",
              judged[0] ? double(agreed[0]) / double(judged[0]) : 0.0,
              judged[1] ? double(agreed[1]) / double(judged[1]) : 0.0);
  return 0;
}
