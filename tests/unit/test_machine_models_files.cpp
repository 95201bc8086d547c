// Machine files and inline specs for the fat tree, the switch tree and the dragonfly; the shipped machine
// files.
#include <gtest/gtest.h>

#include <sstream>

#include "tamp/dragonfly.hpp"
#include "tamp/error.hpp"
#include "tamp/fat_tree.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/io/slurm_topology.hpp"

namespace tamp {
namespace {

MachineDescription parse_model_file(const std::string& text) {
  std::istringstream in(text);
  return parse_machine(in, "m.machine");
}

std::string written(const MachineDescription& d) {
  std::ostringstream out;
  write_machine(out, d);
  return out.str();
}

// Written, read back and written again: the same text and the same distances.
void expect_round_trip(const MachineDescription& d) {
  const std::string text = written(d);
  const MachineDescription back = parse_model_file(text);
  EXPECT_EQ(written(back), text);
  ASSERT_EQ(back.allocation.num_nodes(), d.allocation.num_nodes());
  EXPECT_EQ(back.allocation.nodes(), d.allocation.nodes());
  EXPECT_EQ(back.hostnames, d.hostnames);
  EXPECT_EQ(back.machine->describe(), d.machine->describe());
  for (int a = 0; a < d.machine->num_nodes(); a += 7)
    for (int b = 0; b < d.machine->num_nodes(); b += 5)
      ASSERT_EQ(back.machine->hops(a, b), d.machine->hops(a, b));
}

void expect_model_file_error(const std::string& text, long line, const std::string& part) {
  try {
    parse_model_file(text);
    ADD_FAILURE() << "no error for:\n" << text;
  } catch (const ParseError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(e.line(), line) << msg;
    EXPECT_NE(msg.find(part), std::string::npos) << msg;
  }
}

TEST(MachineModelsFiles, KaryFatTree) {
  const MachineDescription d = parse_model_file(
      "topology fattree\narity 4\nlevels 3\nnodes_per_router 2\ncores_per_node 8\nlink_bandwidth 2e9 1e9\n"
      "nodes 3\n0 0 0 n0\n1 2 1 n13   # leaf 6\n3 3 1\n");
  const auto& t = dynamic_cast<const FatTree&>(*d.machine);
  EXPECT_TRUE(t.is_kary());
  EXPECT_EQ(t.num_nodes(), 32);
  EXPECT_EQ(d.allocation.nodes(), (std::vector<int>{0, 13, 31}));
  EXPECT_EQ(d.hostnames, (std::vector<std::string>{"n0", "n13", ""}));
  expect_round_trip(d);
  expect_round_trip(
      parse_model_file("topology fattree\narity 3\nlevels 2\ncores_per_node 1\n"));  // whole machine
  expect_round_trip(parse_model_file(
      "topology fattree\narity 2\nlevels 1\nnodes_per_router 1\ncores_per_node 1\nnodes 1\n0 h\n"));
}

TEST(MachineModelsFiles, SwitchTree) {
  const MachineDescription d = parse_model_file(
      "topology fattree\ncores_per_node 4\n"
      "switch l0 a 2 1e9\nswitch a r 0\nswitch l1 a 2\nswitch r - 0\nswitch b r 3 2e9\n"
      "nodes 3\nb 2 hostb\nl0 1\nl1 0 hostl1\n");
  const auto& t = dynamic_cast<const FatTree&>(*d.machine);
  EXPECT_FALSE(t.is_kary());
  EXPECT_EQ(d.allocation.nodes(), (std::vector<int>{6, 1, 2}));
  EXPECT_EQ(t.hops(6, 1), 3);
  EXPECT_DOUBLE_EQ(t.tree_spec().uplink_bandwidth[1], 2e9);  // not given: the fastest
  expect_round_trip(d);
}

TEST(MachineModelsFiles, Dragonfly) {
  const MachineDescription d = parse_model_file(
      "topology dragonfly\ngroups 3\nrouters_per_group 4 3\nglobal_links 1\nnodes_per_router 2\n"
      "cores_per_node 4\nlink_bandwidth 1 3 1\nnodes 2\n2 3 2 1 x\n0 0 0\n");
  const auto& f = dynamic_cast<const Dragonfly&>(*d.machine);
  EXPECT_EQ(f.num_nodes(), 72);
  EXPECT_EQ(d.allocation.node(0), f.node_of(2, {3, 2}, 1));
  expect_round_trip(d);
}

TEST(MachineModelsFiles, FiveDimensionalTorus) {
  const MachineDescription d =
      parse_model_file("dims 4 4 4 4 2\ncores_per_node 16\nnodes 2\n0 0 0 0 0\n3 1 2 0 1\n");
  EXPECT_EQ(d.machine->hops(d.allocation.node(0), d.allocation.node(1)), 1 + 1 + 2 + 0 + 1);
  expect_round_trip(d);
}

TEST(MachineModelsFiles, Errors) {
  expect_model_file_error("topology fattree\ndims 2\ncores_per_node 1\n", 2,
                          "dims does not apply to topology fattree");
  expect_model_file_error("topology fattree\narity 4\ncores_per_node 1\n", 3, "missing required key levels");
  expect_model_file_error("topology fattree\narity 4\nlevels 2\nswitch s - 1\ncores_per_node 1\n", 3,
                          "not both");
  expect_model_file_error("topology fattree\narity 1\nlevels 2\ncores_per_node 1\n", 3, "arity must be >= 2");
  expect_model_file_error("topology fattree\narity 4\nlevels 3\nlink_bandwidth 1\ncores_per_node 1\n", 4,
                          "link levels");
  expect_model_file_error("topology fattree\narity 1024\nlevels 4\ncores_per_node 1\n", 3, "too large");
  expect_model_file_error("topology fattree\ncores_per_node 1\nswitch s - 1\nswitch s s 1\n", 4,
                          "defined twice");
  expect_model_file_error("topology fattree\ncores_per_node 1\nswitch s x 1\n", 3,
                          "unknown parent switch 'x'");
  expect_model_file_error("topology fattree\ncores_per_node 1\nswitch s t 1\nswitch t s 1\n", 3, "cycle");
  expect_model_file_error("topology fattree\ncores_per_node 1\nswitch s - 1\nswitch t - 1\n", 3,
                          "both roots");
  expect_model_file_error("topology fattree\ncores_per_node 1\nswitch s -\n", 3, "NAME PARENT NODES");
  expect_model_file_error("topology fattree\ncores_per_node 1\nswitch s - 2\nnodes 1\nq 0\n", 5,
                          "not a switch");
  expect_model_file_error("topology fattree\ncores_per_node 1\nswitch s - 2\nnodes 1\ns 2\n", 5,
                          "index on the router");
  expect_model_file_error("topology fattree\ncores_per_node 1\nswitch s - 2\nnodes_per_router 2\n", 4,
                          "switch tree");
  expect_model_file_error("topology dragonfly\ngroups 3\nrouters_per_group 4\ncores_per_node 1\n", 4,
                          "missing required key global_links");
  expect_model_file_error(
      "topology dragonfly\ngroups 10\nrouters_per_group 4\nglobal_links 2\ncores_per_node 1\n", 4,
      "global ports");
  expect_model_file_error("topology dragonfly\nwrap 1\n", 2, "wrap does not apply to topology dragonfly");
  expect_model_file_error("topology torus\narity 2\n", 2, "arity does not apply to topology torus");
  expect_model_file_error(
      "topology dragonfly\ngroups 2\nrouters_per_group 2\nglobal_links 1\ncores_per_node 1\nnodes 1\n2 0\n",
      7, "coordinate 0 must be in [0, 1]");
}

TEST(MachineModelsFiles, InlineSpecs) {
  const MachineDescription f = parse_machine_spec("fattree:4x3,cores=2,npr=8,bw=2x1,nodes=20");
  const auto& t = dynamic_cast<const FatTree&>(*f.machine);
  EXPECT_EQ(t.num_nodes(), 16 * 8);
  EXPECT_EQ(f.allocation.num_slots(), 40);
  EXPECT_EQ(parse_machine_spec("fattree:4x2,cores=1").machine->num_nodes(), 16);  // npr defaults to the arity
  const MachineDescription d = parse_machine_spec("dragonfly:5x4,h=1,npr=2,cores=8");
  EXPECT_EQ(d.machine->kind(), "dragonfly");
  EXPECT_EQ(d.machine->num_nodes(), 40);
  EXPECT_EQ(parse_machine_spec("dragonfly:3x4x3,h=1,cores=1,bw=1x3x1").machine->num_link_classes(), 3);
  for (const char* bad :
       {"fattree:4,cores=1", "fattree:4x3x2,cores=1", "fattree:4x3,cores=1,wrap=1x1", "dragonfly:5x4,cores=1",
        "dragonfly:5,h=1,cores=1", "dragonfly:10x4,h=2,cores=1", "dragonfly:5x4,h=1,cores=1,bw=1x2x3"})
    EXPECT_THROW(parse_machine_spec(bad), std::invalid_argument) << bad;
  expect_round_trip(f);
  expect_round_trip(d);
}

std::string shipped(const std::string& file) {
  return std::string(TAMP_SOURCE_DIR) + "/inputs/machines/" + file;
}

TEST(MachineModelsFiles, ShippedMachines) {
  const MachineDescription hopper = read_machine_file(shipped("hopper.machine"));
  const auto& h = dynamic_cast<const Torus&>(*hopper.machine);
  EXPECT_EQ(h.spec().dims, (std::vector<int>{17, 8, 24}));
  EXPECT_EQ(h.nodes_per_router(), 2);
  EXPECT_EQ(hopper.cores_per_node, 24);
  std::vector<LinkId> route;
  h.route(0, h.node_of(h.router_index({1, 1, 1}), 0), route);  // x, then y, then z
  ASSERT_EQ(route.size(), 3u);
  EXPECT_DOUBLE_EQ(h.link_capacity(route[0]), 1.0);
  EXPECT_DOUBLE_EQ(h.link_capacity(route[1]), 0.5);
  EXPECT_DOUBLE_EQ(h.link_capacity(route[2]), 1.0);

  const MachineDescription mira = read_machine_file(shipped("mira.machine"));
  const auto& m = dynamic_cast<const Torus&>(*mira.machine);
  EXPECT_EQ(m.num_dims(), 5);
  EXPECT_EQ(m.dim(4), 2);
  EXPECT_EQ(m.num_nodes(), 49152);
  EXPECT_EQ(m.diameter(), 4 + 6 + 8 + 8 + 1);

  EXPECT_EQ(read_machine_file(shipped("intrepid.machine")).machine->num_nodes(), 40960);
  EXPECT_EQ(read_machine_file(shipped("cielo.machine")).cores_per_node, 16);
  const MachineDescription ib = read_machine_file(shipped("fattree-ib-324.machine"));
  EXPECT_EQ(ib.machine->num_nodes(), 324);
  EXPECT_EQ(ib.machine->diameter(), 2);
  const MachineDescription aries = read_machine_file(shipped("dragonfly-aries.machine"));
  EXPECT_EQ(aries.machine->num_nodes(), 8 * 96 * 4);
  EXPECT_EQ(aries.machine->diameter(), 5);
  EXPECT_EQ(dynamic_cast<const Dragonfly&>(*aries.machine).links_per_group_pair(), 137);

  const MachineDescription slurm = read_slurm_topology(shipped("slurm-cluster.topology.conf"), 16);
  EXPECT_EQ(slurm.machine->num_nodes(), 64);
  EXPECT_EQ(slurm.hostnames.front(), "nid001");
  EXPECT_EQ(slurm.hostnames.back(), "nid064");
  EXPECT_EQ(slurm.machine->hops(0, 16), 2);
  expect_round_trip(slurm);  // a switch tree read from Slurm can be recorded as a machine file
}

}  // namespace
}  // namespace tamp
