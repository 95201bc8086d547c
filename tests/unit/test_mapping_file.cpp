// Mapping files and the launcher writers (Cray, Open MPI, Slurm, Blue Gene, SimGrid).
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <string>

#include "tamp/error.hpp"
#include "tamp/io/mapping_file.hpp"

namespace tamp {
namespace {

Mapping parse(const std::string& text, int num_slots) {
  std::istringstream in(text);
  return parse_mapping(in, "m.map", num_slots);
}

void expect_error(const std::string& text, int num_slots, long line, const std::string& part) {
  SCOPED_TRACE(text);
  try {
    parse(text, num_slots);
    ADD_FAILURE() << "no error";
  } catch (const ParseError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.rfind("m.map:" + std::to_string(line) + ": ", 0), 0u) << msg;
    EXPECT_NE(msg.find(part), std::string::npos) << msg;
  }
}

// 2x2 torus, 2 nodes per router, 2 cores per node; three allocated nodes, two with host names:
// allocated node 0 = router (1,0) index 1 = node 3 "hostA"; 1 = router (0,0) index 0 = node 0;
// 2 = router (1,1) index 0 = node 6 "hostC". Slot s is allocated node s / 2, core s % 2.
MachineDescription machine() {
  std::istringstream in(
      "dims 2 2\nnodes_per_router 2\ncores_per_node 2\nnodes 3\n1 0 1 hostA\n0 0 0\n1 1 0 hostC\n");
  return parse_machine(in, "test.machine");
}

std::string write(const Mapping& m, const MachineDescription& d, MappingFormat f) {
  std::ostringstream out;
  write_mapping(out, m, d, f);
  return out.str();
}

TEST(MappingFile, Parses) {
  const Mapping m = parse("# slot per task\n3\n\n  0   # task 1\n2\r\n", 4);
  EXPECT_EQ(m.slots(), (std::vector<int>{3, 0, 2}));
  EXPECT_EQ(m.num_slots(), 4);
  EXPECT_EQ(parse("1\n1\n", 2).slots(),
            (std::vector<int>{1, 1}));  // several tasks per slot are the caller's call
}

TEST(MappingFile, Errors) {
  expect_error("0\n4\n", 4, 2, "the slot of task 1 must be an integer in [0, 3], got '4'");
  expect_error("-1\n", 4, 1, "the slot of task 0 must be an integer in [0, 3], got '-1'");
  expect_error("0\n1x\n", 4, 2, "got '1x'");
  expect_error("0\n1.0\n", 4, 2, "got '1.0'");
  expect_error("0\n1 2\n", 4, 2, "expected one slot per line, got 2 values");
  expect_error("", 4, 1, "no task in the mapping file");
  expect_error("# nothing\n\n", 4, 2, "no task in the mapping file");
  EXPECT_THROW(parse("0\n", 0), std::invalid_argument);
  EXPECT_THROW(read_mapping_file("/nonexistent/x.map", 4), std::runtime_error);
}

TEST(MappingFile, RoundTrip) {
  const Mapping m({5, 0, 2, 1, 3}, 6);
  const std::string text = write(m, machine(), MappingFormat::slots);
  EXPECT_EQ(text, "5\n0\n2\n1\n3\n");
  EXPECT_EQ(parse(text, 6).slots(), m.slots());
}

TEST(MappingFile, FormatNames) {
  EXPECT_EQ(parse_mapping_format("slots"), MappingFormat::slots);
  EXPECT_EQ(parse_mapping_format("cray"), MappingFormat::cray_rank_order);
  EXPECT_EQ(parse_mapping_format("openmpi"), MappingFormat::openmpi_rankfile);
  EXPECT_EQ(parse_mapping_format("slurm"), MappingFormat::slurm_hostfile);
  EXPECT_EQ(parse_mapping_format("bluegene"), MappingFormat::bluegene_mapfile);
  EXPECT_EQ(parse_mapping_format("simgrid"), MappingFormat::simgrid_hostfile);
  EXPECT_THROW(parse_mapping_format("pbs"), std::invalid_argument);
}

TEST(MappingFile, LauncherFiles) {
  const MachineDescription d = machine();
  const Mapping m({5, 0, 2, 1, 3}, 6);
  EXPECT_EQ(write(m, d, MappingFormat::openmpi_rankfile),
            "rank 0=hostC slot=1\nrank 1=hostA slot=0\nrank 2=node-0 slot=0\nrank 3=hostA slot=1\n"
            "rank 4=node-0 slot=1\n");
  EXPECT_EQ(write(m, d, MappingFormat::slurm_hostfile), "hostC\nhostA\nnode-0\nhostA\nnode-0\n");
  EXPECT_EQ(write(m, d, MappingFormat::simgrid_hostfile), "node-6\nnode-3\nnode-0\nnode-3\nnode-0\n");
  // Blue Gene has 3D (P) or 5D (Q) tori with one node per router: this 2D, 2-per-router machine is refused.
  EXPECT_THROW(write(m, d, MappingFormat::bluegene_mapfile), std::invalid_argument);
}

TEST(MappingFile, BlueGeneMapfile) {
  // Router coordinates, then t = the core: BG/P "x y z t".
  const MachineDescription bgp = parse_machine_spec("torus:2x2x2,cores=2");
  EXPECT_EQ(write(Mapping({3, 0, 5}, 16), bgp, MappingFormat::bluegene_mapfile),
            "1 0 0 1\n0 0 0 0\n0 1 0 1\n");
  EXPECT_THROW(
      write(Mapping({0}, 16), parse_machine_spec("torus:2x2x2x2,cores=1"), MappingFormat::bluegene_mapfile),
      std::invalid_argument);  // 4D: neither BG/P nor BG/Q
  EXPECT_THROW(write(Mapping({0}, 16), parse_machine_spec("torus:2x2x2,cores=1,npr=2"),
                     MappingFormat::bluegene_mapfile),
               std::invalid_argument);  // t would run past the cores of a node
}

TEST(MappingFile, CrayRankOrder) {
  const MachineDescription d = machine();
  const auto body = [&](const Mapping& m) {
    const std::string text = write(m, d, MappingFormat::cray_rank_order);
    EXPECT_EQ(text.rfind("# MPICH_RANK_ORDER", 0), 0u);
    return text.substr(text.find('\n') + 1);
  };
  // Slot s holds the rank listed s-th.
  EXPECT_EQ(body(Mapping({3, 0, 5, 1, 2, 4}, 6)), "1,3,4,0,5,2\n");
  EXPECT_EQ(body(Mapping({1, 0, 2}, 6)), "1,0,2\n");            // fewer tasks: the first slots
  EXPECT_EQ(body(Mapping({1, 0, 0, 2, 1}, 6)), "1,2,0,4,3\n");  // two per slot, the last one partly
  EXPECT_THROW(write(Mapping({0, 2}, 6), d, MappingFormat::cray_rank_order), std::invalid_argument);  // hole
  EXPECT_THROW(write(Mapping({0, 1, 1}, 6), d, MappingFormat::cray_rank_order), std::invalid_argument);

  const MachineDescription big = parse_machine_spec("torus:10x10,cores=1");
  std::vector<int> identity(100);
  std::string expected;
  for (int t = 0; t < 100; ++t) {
    identity[t] = t;
    expected += (t ? "," : "") + std::to_string(t);
  }
  std::istringstream lines(write(Mapping(identity, 100), big, MappingFormat::cray_rank_order));
  std::string line;
  std::string joined;
  std::getline(lines, line);  // the comment
  int count = 0;
  while (std::getline(lines, line)) {
    EXPECT_LE(line.size(), 80u);
    joined += (joined.empty() ? "" : ",") + line;
    ++count;
  }
  EXPECT_EQ(joined, expected);
  EXPECT_GT(count, 1);  // wrapped
}

TEST(MappingFile, WriterChecks) {
  const MachineDescription d = machine();
  EXPECT_THROW(write(Mapping({6}, 7), d, MappingFormat::slots),
               std::invalid_argument);  // beyond the allocation
  EXPECT_THROW(
      write(Mapping({0, 0}, 16), parse_machine_spec("torus:2x2x2,cores=2"), MappingFormat::bluegene_mapfile),
      std::invalid_argument);  // two tasks on one slot
  EXPECT_EQ(write(Mapping({0, 0}, 6), d, MappingFormat::slurm_hostfile), "hostA\nhostA\n");
}

}  // namespace
}  // namespace tamp
