# C++-only tests (TRUMPF_TESTS=ON), run by ctest.
add_executable(trumpf_solve_test cpp/tests/solve_test.cpp)
target_link_libraries(trumpf_solve_test PRIVATE trumpf_engine)
add_test(NAME solve COMMAND trumpf_solve_test)
