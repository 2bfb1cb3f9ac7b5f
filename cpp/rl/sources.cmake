# The VectorEnv's engine: batches of games stepped on worker threads.
target_sources(trumpf_engine PRIVATE
  cpp/rl/env.cpp
  cpp/rl/env_schnapsen.cpp
  cpp/rl/env_durak.cpp
  cpp/rl/games.cpp
)
