# C++-only tests of the engine and the simulator (no Python): ctest runs them,
# and .ci/sanitize builds them with AddressSanitizer and UBSan.
enable_testing()
foreach(name schnapsen_test durak_test sim_test solve_test expert_test info_test bits_test)
  add_executable(${name} cpp/tests/${name}.cpp)
  target_link_libraries(${name} PRIVATE trumpf_engine)
  add_test(NAME ${name} COMMAND ${name})
endforeach()
