# C++-only programs for benchmarking (bench/callgrind.sh); not installed.
add_executable(trumpf_play cpp/tools/play.cpp)
target_link_libraries(trumpf_play PRIVATE trumpf_engine)
add_executable(trumpf_rl cpp/tools/rl_step.cpp)
target_link_libraries(trumpf_rl PRIVATE trumpf_engine)
# The exact solvers on random positions (bench/solver.py).
add_executable(trumpf_solve_bench cpp/tools/solve_bench.cpp)
target_link_libraries(trumpf_solve_bench PRIVATE trumpf_engine)
# The expert's PIMC remedy against plain PIMC and bot2 (bench/pimc_remedy.py).
add_executable(trumpf_pimc_bench cpp/tools/pimc_bench.cpp)
target_link_libraries(trumpf_pimc_bench PRIVATE trumpf_engine)
