# The harness itself (common/): how often it computes a placement's mapping. tamp-harness-counts is a ring of tasks
# on run_app that counts the computations of its own ordering `counted` (task t on slot P-1-t) on each rank.
add_executable(tamp-harness-counts ${CMAKE_CURRENT_SOURCE_DIR}/harness_counts.cpp)
target_link_libraries(tamp-harness-counts PRIVATE tamp_common)
tamp_warnings(tamp-harness-counts)
# One --compare entry: computed once, on rank 0, before the first run; every rank runs the task it was given.
tamp_add_mpi_output_test(NAME harness-mapping-computed-once RANKS 4
                         PASS "rank 0: counted computed 1 time\\(s\\), ran task 3"
                         FAIL "rank 0: counted computed [02-9]|rank [1-3]: counted computed [1-9]|ran task -1|error:"
                         COMMAND tamp-harness-counts --compare default,counted --topology synthetic:torus:2x2,cores=1)
