# Sources of the Schnapsen family (Schnapsen and Sixty-Six) in the engine.
target_sources(trumpf_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/deck.cpp
  ${CMAKE_CURRENT_LIST_DIR}/scoring.cpp
  ${CMAKE_CURRENT_LIST_DIR}/deal.cpp
  ${CMAKE_CURRENT_LIST_DIR}/match.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bot.cpp
  ${CMAKE_CURRENT_LIST_DIR}/solve.cpp
  ${CMAKE_CURRENT_LIST_DIR}/names.cpp
  ${CMAKE_CURRENT_LIST_DIR}/record.cpp
  ${CMAKE_CURRENT_LIST_DIR}/explain.cpp
  ${CMAKE_CURRENT_LIST_DIR}/info.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reach.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reach_course.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reach_plan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/actions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/observe.cpp
  ${CMAKE_CURRENT_LIST_DIR}/view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/worlds.cpp
  ${CMAKE_CURRENT_LIST_DIR}/expert.cpp
  ${CMAKE_CURRENT_LIST_DIR}/presumed.cpp
)
