#include "common/error_codes.hpp"

namespace trumpf {

// Sorted by area, then by code.
const ErrorCode kErrorCodes[] = {
    // A move refused by the rules.
    {"beats_nothing", "move", "that card does not beat the card you face"},
    {"bout_full", "move", "the bout is full: no more cards may be thrown in"},
    {"cannot_claim", "move",
     "you may only claim straight after winning a trick or declaring a marriage, while on lead"},
    {"cannot_close", "move", "the talon cannot be closed now"},
    {"card_not_held", "move", "you do not hold that card"},
    {"deal_over", "move", "this deal is already over"},
    {"game_over", "move", "the game is already over"},
    {"must_attack", "move", "you have to attack with a card first"},
    {"must_follow", "move",
     "with the talon closed or gone you must follow suit, beat the card led if you can, and "
     "trump if you cannot follow"},
    {"must_lead", "move", "after declaring a marriage you must lead its king or its queen"},
    {"no_exchange", "move", "you cannot exchange for the turn-up now"},
    {"no_marriage", "move", "you hold no marriage in that suit that you may declare now"},
    {"not_held", "move", "you do not hold that card"},
    {"not_legal", "move", "that is not a move you can make at this moment"},
    {"not_the_six", "move", "only the holder of the trump six may swap it for the turn-up"},
    {"not_your_turn", "move", "it is not your turn"},
    {"rank_not_in_bout", "move", "you may only throw in a rank that is already on the table"},
    {"talon_shut", "move", "the turn-up has been drawn, so there is nothing to swap for"},
    {"wrong_phase", "move", "that does not fit this stage of the bout"},
    // A bad argument to a call.
    {"bad_bout", "argument", "that is not a bout of this game"},
    {"bad_budget", "argument", "that is not a search budget"},
    {"bad_card", "argument", "that is not a card"},
    {"bad_counts", "argument", "those are not the hands' sizes of this game"},
    {"bad_deal", "argument", "that is not a deal number"},
    {"bad_game", "argument", "that is not a game trumpf plays"},
    {"bad_games", "argument", "that is not a number of games"},
    {"bad_how", "argument", "that is not a way a deal ends"},
    {"bad_level", "argument", "that is not a bot level"},
    {"bad_move", "argument", "that is not a move"},
    {"bad_player", "argument", "that is not a player trumpf knows"},
    {"bad_seat", "argument", "that is not a seat"},
    {"bad_seats", "argument", "that is not a number of seats"},
    {"bad_seed", "argument", "that is not a seed"},
    {"bad_suit", "argument", "that is not a suit"},
    {"bad_threads", "argument", "that is not a number of threads"},
    {"bad_value", "argument", "that value is not one the call takes"},
    {"bad_variant", "argument", "those are not rules trumpf plays"},
    {"bad_view", "argument", "that is not a seat's view of a game"},
    {"busy", "argument", "the object is in use by another call"},
    {"no_seed", "argument", "a seed is 32 bytes, or their 64 hex digits"},
    {"not_built", "argument", "the object was never built: make it with build() or its class"},
    {"not_exact", "argument", "the search could not settle the answer within its budget"},
    // An information set handed to a bot.
    {"bad_info", "info", "that is not an information set a game can give its seat"},
    // A move log or a saved state.
    {"bad_history", "log", "those moves are not a game the rules allow"},
    {"bad_log", "log", "that is not a move log trumpf can replay"},
    // Simulations and their folders.
    {"bad_address", "simulation", "that is not a Ray cluster's address"},
    {"bad_cluster", "simulation", "that is not a cluster to run on"},
    {"bad_folder", "simulation", "that folder does not hold a simulation trumpf wrote"},
    {"bad_out", "simulation", "the results cannot be written there"},
    {"bad_progress", "simulation", "that is not a progress callback"},
    {"bad_shard", "simulation", "that is not a shard size"},
    {"no_cluster", "simulation", "no Ray cluster answered at that address"},
    {"no_cpu", "simulation", "the cluster has no CPU to run on"},
    {"no_ray", "simulation", "Ray is not installed: pip install 'trumpf[ray]'"},
    {"no_rows", "simulation", "the simulation kept no rows: it was run summary-only"},
    {"not_saved", "simulation", "the results could not be saved; nothing changed"},
    {"shard_failed", "simulation", "a shard of the simulation failed"},
    {"too_big", "simulation", "that is more than this machine or server accepts"},
    // The batched env and the framework adapters.
    {"bad_action", "rl", "that is not an action of this env"},
    {"bad_actions", "rl", "those are not one integer action for each env"},
    {"bad_dtype", "rl", "that is not an observation dtype the env offers"},
    {"bad_envs", "rl", "that is not an env index or a number of envs"},
    {"bad_illegal", "rl", "an illegal action either terminates or raises"},
    {"bad_opponent", "rl", "that is not an opponent trumpf knows"},
    {"bad_options", "rl", "those reset options are not supported"},
    {"bad_render_mode", "rl", "that is not a render mode the env offers"},
    {"no_world", "rl", "no deal that fits what this player has seen was found"},
    {"not_reset", "rl", "the env must be reset before it steps"},
    // The game server.
    {"bad_invite", "serve", "this invitation is not valid, or was used already"},
    {"bad_json", "serve", "the message is not JSON"},
    {"bad_kind", "serve", "that is not a kind of table this game has"},
    {"bad_message", "serve", "that is not a message the server understands"},
    {"bad_token", "serve", "this token opens no seat at this table"},
    {"no_hello", "serve", "say hello with your seat's token first"},
    {"not_over", "serve", "the game is not over yet"},
    {"not_your_seat", "serve", "that seat is not yours"},
    {"rate_limited", "serve", "too many requests from this address: wait a little"},
    {"stale", "serve", "that move was for an earlier position; look again"},
};
const int kErrorCodeCount = int(sizeof(kErrorCodes) / sizeof(kErrorCodes[0]));

const ErrorCode* error_code_named(std::string_view code) noexcept {
  for (const ErrorCode& e : kErrorCodes)
    if (code == e.code) return &e;
  return nullptr;
}

}  // namespace trumpf
