# Topology discovery (mapping/discovery, docs/discovery.md): tamp-topo on every source, its errors, the Cray and
# BG/Q paths against stand-in headers, and the simgrid source under smpirun. Included by tests/mpi/CMakeLists.txt.
set(_fixtures ${PROJECT_SOURCE_DIR}/tests/discovery)
set(_disc_src ${PROJECT_SOURCE_DIR}/mapping/discovery/src)

# The MPI-free half of discovery has unit tests in tamp-unit-tests (tests/unit/test_discovery_*.cpp).
target_link_libraries(tamp-unit-tests PRIVATE tamp_discovery_core)

# Expected rank lines of tamp-topo: "RANK HOST SLOT NODE (COORDINATES) CORE", one regex matching all in order.
# Each item of `expected` is "rank|host|coordinates|core".
function(tamp_topo_expect out expected)
  set(_re "")
  foreach(item ${expected})
    string(REPLACE "|" ";" f "${item}")
    list(GET f 0 rank)
    list(GET f 1 host)
    list(GET f 2 coords)
    list(GET f 3 core)
    string(APPEND _re ".*\n +${rank} +${host} +[0-9]+ +[0-9]+ +\\(${coords}\\) +${core} ")
  endforeach()
  set(${out} "${_re}" PARENT_SCOPE)
endfunction()

# 8 ranks on a synthetic 2x2x2 torus, one core per node: rank r on node r, x fastest.
set(_expected)
foreach(r RANGE 7)
  math(EXPR x "${r} % 2")
  math(EXPR y "${r} / 2 % 2")
  math(EXPR z "${r} / 4")
  list(APPEND _expected "${r}|[^ ]+|${x},${y},${z},0|0")
endforeach()
tamp_topo_expect(_re "${_expected}")
tamp_add_mpi_test(NAME discovery-synthetic-2x2x2 RANKS 8
                  COMMAND tamp-topo --topology synthetic:torus:2x2x2,cores=1 --out discovery-synthetic.machine)
set_tests_properties(discovery-synthetic-2x2x2 PROPERTIES
                     PASS_REGULAR_EXPRESSION "found by synthetic.*dimensions 2,2,2,1,1 \\(torus 1,1,1,0,0\\)${_re}"
                     FAIL_REGULAR_EXPRESSION "error")

# file: each rank on the node of its host name ($TAMP_DISCOVERY_HOSTS stands in for four hosts), two on foxtrot.
# The machine file tamp-topo writes is read back by the next test and gives the same nodes.
set(_hosts "TAMP_DISCOVERY_HOSTS=foxtrot,alpha,foxtrot,hotel")
tamp_topo_expect(_re "0|foxtrot|1,0,1,0|0;1|alpha|0,0,0,0|0;2|foxtrot|1,0,1,0|1;3|hotel|1,1,1,0|0")
set(_written ${CMAKE_CURRENT_BINARY_DIR}/discovery-file.machine)
tamp_add_mpi_test(NAME discovery-file-hosts RANKS 4
                  COMMAND tamp-topo --topology file:${_fixtures}/hosts-2x2x2.machine --out ${_written})
set_tests_properties(discovery-file-hosts PROPERTIES ENVIRONMENT "OMP_NUM_THREADS=1;${_hosts}"
                     PASS_REGULAR_EXPRESSION "found by file${_re}.*wrote" FAIL_REGULAR_EXPRESSION "error"
                     FIXTURES_SETUP discovery-written)
tamp_add_mpi_test(NAME discovery-file-roundtrip RANKS 4 COMMAND tamp-topo --topology file:${_written})
set_tests_properties(discovery-file-roundtrip PROPERTIES ENVIRONMENT "OMP_NUM_THREADS=1;${_hosts}"
                     PASS_REGULAR_EXPRESSION "found by file${_re}" FAIL_REGULAR_EXPRESSION "error"
                     FIXTURES_REQUIRED discovery-written)

# slurm: the fixture's switch tree (s1: cn01-04, s2: cn05-08 under top) and node list; coordinates of a switch
# tree are the child positions from the root, then the node's index on its leaf switch.
file(STRINGS ${_fixtures}/slurm-nodelist.txt _nodelist LIMIT_COUNT 1)
set(_slurm_env "OMP_NUM_THREADS=1;SLURM_JOB_NODELIST=${_nodelist};TAMP_DISCOVERY_HOSTS=cn05,cn02,cn03,cn06")
tamp_topo_expect(_re "0|cn05|1,0|0;1|cn02|0,1|0;2|cn03|0,2|0;3|cn06|1,1|0")
tamp_add_mpi_test(NAME discovery-slurm RANKS 4 COMMAND tamp-topo --topology slurm:${_fixtures}/topology.conf)
set_tests_properties(discovery-slurm PROPERTIES ENVIRONMENT "${_slurm_env}"
                     PASS_REGULAR_EXPRESSION "found by slurm.*nodes 1-2,4-5 \\(cn02, cn03, cn05, cn06\\)${_re}"
                     FAIL_REGULAR_EXPRESSION "error")
# The same through $SLURM_TOPOLOGY_CONF and `auto`.
tamp_add_mpi_test(NAME discovery-slurm-auto RANKS 4 COMMAND tamp-topo --topology auto --quiet)
set_tests_properties(discovery-slurm-auto PROPERTIES
                     ENVIRONMENT "${_slurm_env};SLURM_TOPOLOGY_CONF=${_fixtures}/topology.conf"
                     PASS_REGULAR_EXPRESSION "topology 'auto' found by slurm" FAIL_REGULAR_EXPRESSION "error")

# hwloc, the last resort: one node, said plainly.
tamp_add_mpi_test(NAME discovery-hwloc RANKS 2 COMMAND tamp-topo --topology hwloc)
set_tests_properties(discovery-hwloc PROPERTIES PASS_REGULAR_EXPRESSION "machine +mesh 1, [0-9]+ cores/node; 2 ranks on 1 nodes; hwloc only: one node and no network"
                     FAIL_REGULAR_EXPRESSION "error")

# Bad input: one agreed error line naming the source, never a fallback.
tamp_add_mpi_error_test(NAME discovery-error-unknown-host RANKS 2
                        REGEX "file:.*hosts-2x2x2.machine: rank 1 runs on host 'zulu', which is not in the allocation"
                        COMMAND tamp-topo --topology file:${_fixtures}/hosts-2x2x2.machine)
set_tests_properties(discovery-error-unknown-host PROPERTIES
                     ENVIRONMENT "OMP_NUM_THREADS=1;TAMP_DISCOVERY_HOSTS=alpha,zulu")
tamp_add_mpi_error_test(NAME discovery-error-rank-not-in-job RANKS 2
                        REGEX "slurm .*: rank 1 runs on host 'cn07', which is not in the allocation"
                        COMMAND tamp-topo --topology slurm:${_fixtures}/topology.conf)
set_tests_properties(discovery-error-rank-not-in-job PROPERTIES
                     ENVIRONMENT "OMP_NUM_THREADS=1;SLURM_JOB_NODELIST=${_nodelist};TAMP_DISCOVERY_HOSTS=cn02,cn07")
tamp_add_mpi_error_test(NAME discovery-error-malformed-topology-conf RANKS 2 REGEX "malformed-topology.conf:3: "
                        COMMAND tamp-topo --topology slurm:${_fixtures}/malformed-topology.conf)
set_tests_properties(discovery-error-malformed-topology-conf PROPERTIES
                     ENVIRONMENT "OMP_NUM_THREADS=1;SLURM_JOB_NODELIST=${_nodelist};TAMP_DISCOVERY_HOSTS=cn02,cn03")
tamp_add_mpi_error_test(NAME discovery-error-too-few-hosts RANKS 2 REGEX "TAMP_DISCOVERY_HOSTS names fewer hosts"
                        COMMAND tamp-topo --topology hwloc)
set_tests_properties(discovery-error-too-few-hosts PROPERTIES ENVIRONMENT "OMP_NUM_THREADS=1;TAMP_DISCOVERY_HOSTS=a")

# The Cray (rca_lib.h) and Blue Gene/Q (mpix.h) paths, built against the stand-in headers of tests/discovery with
# stand-in implementations (a made-up machine, see stand_in_vendor.cpp), and run end to end.
add_executable(tamp-topo-stand-in ${PROJECT_SOURCE_DIR}/mapping/discovery/tools/tamp_topo.cpp
               ${_disc_src}/binding.cpp ${_disc_src}/discover.cpp ${_disc_src}/exchange.cpp
               ${_disc_src}/first_error.cpp ${_disc_src}/probe.cpp ${_disc_src}/probe_cray.cpp ${_disc_src}/probe_bgq.cpp
               ${_fixtures}/stand_in_vendor.cpp)
target_include_directories(tamp-topo-stand-in PRIVATE ${_fixtures} ${_disc_src})
target_compile_definitions(tamp-topo-stand-in PRIVATE TAMP_HAVE_RCA=1 TAMP_HAVE_MPIX=1)
target_link_libraries(tamp-topo-stand-in PRIVATE tamp_discovery_core MPI::MPI_CXX PkgConfig::HWLOC CLI11::CLI11
                                                 fmt::fmt)
tamp_warnings(tamp-topo-stand-in)
# Cray: rank r on nid r/2, router nid/2 of a 2x2x2 torus with two nodes per router.
set(_expected)
foreach(r RANGE 7)
  math(EXPR router "${r} / 4")
  math(EXPR x "${router} % 2")
  math(EXPR y "${router} / 2 % 2")
  math(EXPR z "${router} / 4")
  math(EXPR n "${r} / 2 % 2")
  math(EXPR core "${r} % 2")
  list(APPEND _expected "${r}|[^ ]+|${x},${y},${z},${n}|${core}")
endforeach()
tamp_topo_expect(_re "${_expected}")
tamp_add_mpi_test(NAME discovery-cray-stand-in RANKS 8 COMMAND tamp-topo-stand-in --topology cray)
set_tests_properties(discovery-cray-stand-in PROPERTIES
                     PASS_REGULAR_EXPRESSION "found by cray.*torus 2x2x2 \\(2 nodes/router\\).*dimensions 2,2,2,2,2${_re}"
                     FAIL_REGULAR_EXPRESSION "error")
# BG/Q: rank r on node r/2 of a 2x1x2x1x2 partition (E fastest), two ranks per node.
set(_expected)
foreach(r RANGE 7)
  math(EXPR node "${r} / 2")
  math(EXPR e "${node} % 2")
  math(EXPR c "${node} / 2 % 2")
  math(EXPR a "${node} / 4 % 2")
  math(EXPR core "${r} % 2")
  list(APPEND _expected "${r}|bgq-${a}.0.${c}.0.${e}|${a},0,${c},0,${e},0|${core}")
endforeach()
tamp_topo_expect(_re "${_expected}")
tamp_add_mpi_test(NAME discovery-bgq-stand-in RANKS 8 COMMAND tamp-topo-stand-in --topology bgq)
set_tests_properties(discovery-bgq-stand-in PROPERTIES
                     PASS_REGULAR_EXPRESSION "found by bgq.*dimensions 2,1,2,1,2,1,2 \\(torus 1,0,1,0,1,0,0\\)${_re}"
                     FAIL_REGULAR_EXPRESSION "error")

# simgrid under smpirun (label `sim`): tamp-topo from the smpicxx build of this tree (cmake/TampSimgrid.cmake) on a
# generated 2x2x2 torus platform, ranks placed out of order by the hostfile; each rank reports its host's node.
if(TAMP_HAVE_SIM_BUILD AND TAMP_SIM_BINARY_DIR)
  set(_dir ${CMAKE_CURRENT_BINARY_DIR})
  add_test(NAME sim-discovery-build COMMAND ${CMAKE_COMMAND} --build ${TAMP_SIM_BINARY_DIR} --target tamp-topo)
  add_test(NAME sim-discovery-platform
           COMMAND tamp-map platform --machine torus:2x2x2,cores=2 --out ${_dir}/discovery-torus.xml)
  set_tests_properties(sim-discovery-build PROPERTIES FIXTURES_SETUP sim-discovery LABELS sim TIMEOUT 600)
  set_tests_properties(sim-discovery-platform PROPERTIES FIXTURES_SETUP sim-discovery LABELS sim)
  set(_nodes 5 5 2 7 0 0 3 6)  # node of each rank
  set(_hostfile "")
  set(_expected)
  set(_rank 0)
  set(_seen)
  foreach(node ${_nodes})
    string(APPEND _hostfile "node-${node}\n")
    math(EXPR x "${node} % 2")
    math(EXPR y "${node} / 2 % 2")
    math(EXPR z "${node} / 4")
    list(FIND _seen ${node} _first)
    set(core 0)
    if(_first GREATER_EQUAL 0)
      set(core 1)
    endif()
    list(APPEND _seen ${node})
    list(APPEND _expected "${_rank}|node-${node}|${x},${y},${z},0|${core}")
    math(EXPR _rank "${_rank} + 1")
  endforeach()
  file(WRITE ${_dir}/discovery-sim.hostfile "${_hostfile}")
  tamp_topo_expect(_re "${_expected}")
  add_test(NAME sim-discovery-simgrid
           COMMAND ${SMPIRUN_EXECUTABLE} --cfg=smpi/host-speed:1Gf --cfg=smpi/coll-selector:ompi
                   --cfg=smpi/simulate-computation:no
                   --log=root.thres:warning -np 8 -platform ${_dir}/discovery-torus.xml
                   -hostfile ${_dir}/discovery-sim.hostfile
                   ${TAMP_SIM_BINARY_DIR}/mapping/discovery/tools/tamp-topo --topology simgrid:${_dir}/discovery-torus.machine)
  set_tests_properties(sim-discovery-simgrid PROPERTIES FIXTURES_REQUIRED sim-discovery LABELS sim TIMEOUT 300
                       PASS_REGULAR_EXPRESSION "found by simgrid${_re}" FAIL_REGULAR_EXPRESSION "error")
endif()
