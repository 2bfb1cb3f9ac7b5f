# Sources of Podkidnoy Durak in the engine.
target_sources(trumpf_engine PRIVATE
  cpp/durak/deck.cpp
  cpp/durak/game.cpp
  cpp/durak/search.cpp
  cpp/durak/solve.cpp
)
