# tamp_add_task_graph_test(APP app RANKS n SUBST "key=value,..." [DECK file] [FAIL regex] [EXTRA args...]): runs the
# campaign deck inputs/campaigns/apps/APP.deck (or DECK)'s `args` line ({key} replaced by SUBST) on RANKS ranks with
# --json, then check_task_graph.py: the app's answer to `--task-graph-for RANKS` (what the campaign driver asks for
# launcher files) is the params.graph of that run, and `tamp-map gen` of it writes the phases the app evaluated. Tests
# APP-deck-clean, APP-deck-run, APP-task-graph.
function(tamp_add_task_graph_test)
  cmake_parse_arguments(D "" "APP;RANKS;SUBST;FAIL;DECK" "EXTRA" ${ARGN})
  set(deck ${PROJECT_SOURCE_DIR}/inputs/campaigns/apps/${D_APP}.deck)
  if(D_DECK)
    set(deck ${D_DECK})
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${deck})
  file(STRINGS ${deck} args REGEX "^args ")
  string(REGEX REPLACE "^args +" "" args "${args}")
  string(REPLACE "," ";" pairs "${D_SUBST}")
  foreach(pair IN LISTS pairs)
    string(REPLACE "=" ";" kv "${pair}")
    list(GET kv 0 key)
    list(GET kv 1 value)
    string(REPLACE "{${key}}" "${value}" args "${args}")
  endforeach()
  separate_arguments(args UNIX_COMMAND "${args}")
  # A deck's skeleton runs are for the simulated build; the native run has real data and the same task graph.
  list(REMOVE_ITEM args --skeleton)
  set(json ${CMAKE_CURRENT_BINARY_DIR}/${D_APP}-deck.jsonl)
  add_test(NAME ${D_APP}-deck-clean COMMAND ${CMAKE_COMMAND} -E rm -f ${json})
  set_tests_properties(${D_APP}-deck-clean PROPERTIES FIXTURES_SETUP ${D_APP}-deck-clean LABELS mpi)
  tamp_add_mpi_test(NAME ${D_APP}-deck-run RANKS ${D_RANKS} COMMAND tamp-${D_APP} ${args} ${D_EXTRA} --json ${json})
  set_tests_properties(${D_APP}-deck-run PROPERTIES FIXTURES_REQUIRED ${D_APP}-deck-clean
                       FIXTURES_SETUP ${D_APP}-deck)
  if(D_FAIL)
    set_tests_properties(${D_APP}-deck-run PROPERTIES FAIL_REGULAR_EXPRESSION "${D_FAIL}")
  endif()
  if(Python3_Interpreter_FOUND)
    add_test(NAME ${D_APP}-task-graph
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/check_task_graph.py ${json}
                     $<TARGET_FILE:tamp-map> ${CMAKE_CURRENT_BINARY_DIR}/${D_APP}-task-graph ${D_RANKS} -
                     -- $<TARGET_FILE:tamp-${D_APP}> ${args} ${D_EXTRA})
    set_tests_properties(${D_APP}-task-graph PROPERTIES FIXTURES_REQUIRED ${D_APP}-deck LABELS mpi)
  endif()
endfunction()
