// Game::Durak::Search: the reference bots, levels 1..3 (declared in game.hpp).
#pragma once

#include "durak/game.hpp"
