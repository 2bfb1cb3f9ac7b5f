# The one table of players and their choose (simulator, VectorEnv, bindings).
target_sources(trumpf_engine PRIVATE
  cpp/players/players.cpp
)
