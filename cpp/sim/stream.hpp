// The random stream of one player in one simulated game: trumpf::Stream
// (common/stream.hpp) under the simulator's name.
#pragma once

#include "common/stream.hpp"

namespace trumpf::sim {

using Stream = trumpf::Stream;

}  // namespace trumpf::sim
