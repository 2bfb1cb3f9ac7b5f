# The batch simulator: plays whole games of every family on a thread pool.
find_package(Threads REQUIRED)
target_sources(trumpf_engine PRIVATE
  cpp/sim/simulate.cpp
  cpp/sim/play_schnapsen.cpp
  cpp/sim/play_durak.cpp
)
target_link_libraries(trumpf_engine PUBLIC Threads::Threads)
