// Whether an information set is one the rules reach (info_complete's last
// check, info.hpp): a deal and moves are constructed from what the InfoSet
// leaves open, played through apply_move, and the InfoSet they give the
// seat must be the one given, field by field.
//
// What the InfoSet leaves open is reconstructed, the rest is read off it:
//   - when each draw, exchange, marriage and close happened: the draws from
//     talon_left, the close from close_state, a marriage just before its
//     owner led the first of its king and queen; tried in turn: when the
//     exchange was made (a move of the seat on lead, or the table's on a
//     Sixty-Six close), and whether a Schnapsen marriage made at the lead
//     of the close came before it or after;
//   - where each card came from: the seat's hand is in order of arrival
//     (dealt, then drawn or taken), and every card a seat played or showed
//     in a marriage it held by then. Each of the seat's hand cards takes the
//     latest place its order allows, the other cards by earliest deadline,
//     which places them whenever a placement exists; the turn-up drawn last
//     is tried among the trumps its drawer can have drawn;
//   - the other hand's unseen cards: any its phase-2 follows do not rule
//     out, the low trump last (a Sixty-Six close would have had the table
//     exchange it).
// Every step is bounded (at most 13 exchange moments, 2 orders, 6 turn-ups,
// each a replay of at most 48 moves), so a hostile InfoSet costs little.
#pragma once

#include <cstdint>

#include "schnapsen/info.hpp"

namespace trumpf::schnapsen {

// Whether a deal and legal moves under info.rules give `info`'s seat exactly
// `info` (the fields the contract's dict states: info.hpp, info_complete)
// with these completed tricks; *events gets the deal's events so far (the
// dict's `ply`, less a match's earlier deals). `info.played`, `won`,
// `hand` and `lacks` must be set (info_complete sets them first).
bool reach_deal(const InfoSet& info, const Trick* tricks, int n_tricks,
                std::uint64_t* events) noexcept;

}  // namespace trumpf::schnapsen
