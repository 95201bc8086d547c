// Slurm topology.conf and hostlist expressions: the tree, node order, host names, and every error.
#include <gtest/gtest.h>

#include <sstream>

#include "tamp/error.hpp"
#include "tamp/fat_tree.hpp"
#include "tamp/io/slurm_topology.hpp"

namespace tamp {
namespace {

MachineDescription parse_slurm(const std::string& text, int cores = 4) {
  std::istringstream in(text);
  return parse_slurm_topology(in, "topology.conf", cores);
}

void expect_slurm_error(const std::string& text, long line, const std::string& part) {
  try {
    parse_slurm(text);
    ADD_FAILURE() << "no error for:\n" << text;
  } catch (const ParseError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(e.line(), line) << msg;
    EXPECT_EQ(msg.rfind("topology.conf:" + std::to_string(line) + ": ", 0), 0u) << msg;
    EXPECT_NE(msg.find(part), std::string::npos) << msg;
  }
}

TEST(Hostlist, Expands) {
  EXPECT_EQ(expand_hostlist("nid[001-003,7],login1", "env"),
            (std::vector<std::string>{"nid001", "nid002", "nid003", "nid007", "login1"}));
  EXPECT_EQ(expand_hostlist("n[1-2]", "env"), (std::vector<std::string>{"n1", "n2"}));
  EXPECT_EQ(expand_hostlist("n[9-10]", "env"), (std::vector<std::string>{"n9", "n10"}));
  EXPECT_EQ(expand_hostlist("r[1-2]n[01-02]", "env"),
            (std::vector<std::string>{"r1n01", "r1n02", "r2n01", "r2n02"}));
  EXPECT_EQ(expand_hostlist("tux", "env"), (std::vector<std::string>{"tux"}));
}

TEST(Hostlist, Errors) {
  for (const char* bad :
       {"n[1-3", "n1-3]", "n[3-1]", "n[a-b]", "a,,b", "n[[1]]", "n[]", "", "n[1-99999999]"}) {
    try {
      expand_hostlist(bad, "SLURM_JOB_NODELIST");
      ADD_FAILURE() << "no error for " << bad;
    } catch (const ParseError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("SLURM_JOB_NODELIST:1: hostlist", 0), 0u) << e.what();
    }
  }
}

// The example of Slurm's topology.conf documentation, with a comment and a top switch listed last.
const char* kSlurmExample =
    "# three leaf switches under one top switch\n"
    "SwitchName=s0 Nodes=dev[0-5]\n"
    "SwitchName=s1 Nodes=dev[6-11]\n"
    "SwitchName=s2 Nodes=dev[12-17]\n"
    "SwitchName=s3 Switches=s[0-2]   # the top\n";

TEST(SlurmTopology, DocumentationExample) {
  const MachineDescription d = parse_slurm(kSlurmExample, 8);
  const auto* tree = dynamic_cast<const FatTree*>(d.machine.get());
  ASSERT_NE(tree, nullptr);
  EXPECT_EQ(d.name, "topology");
  EXPECT_EQ(d.cores_per_node, 8);
  EXPECT_EQ(tree->num_switches(), 4);
  EXPECT_EQ(tree->num_nodes(), 18);
  EXPECT_EQ(d.allocation.num_slots(), 18 * 8);
  ASSERT_EQ(d.hostnames.size(), 18u);
  EXPECT_EQ(d.hostnames[0], "dev0");
  EXPECT_EQ(d.hostnames[17], "dev17");
  EXPECT_EQ(d.allocation.node(7), 7);
  EXPECT_EQ(tree->hops(0, 5), 0);
  EXPECT_EQ(tree->hops(0, 6), 2);
  EXPECT_EQ(tree->diameter(), 2);
  EXPECT_EQ(tree->tree_spec().names[3], "s3");
  EXPECT_EQ(tree->tree_spec().parent, (std::vector<int>{3, 3, 3, -1}));
}

TEST(SlurmTopology, DeeperTreeAndLinkSpeed) {
  const MachineDescription d = parse_slurm(
      "switchname=top Switches=mid[1-2] LinkSpeed=200\n"
      "SwitchName=mid1 Switches=leaf1\n"
      "SwitchName=mid2 Switches=leaf2,leaf3 LinkSpeed=100\n"
      "SwitchName=leaf1 Nodes=a[1-2]\n"
      "SwitchName=leaf2 Nodes=b1\n"
      "SwitchName=leaf3 Nodes=c[01-02]\n");
  const auto& tree = dynamic_cast<const FatTree&>(*d.machine);
  EXPECT_EQ(d.hostnames, (std::vector<std::string>{"a1", "a2", "b1", "c01", "c02"}));
  EXPECT_EQ(tree.hops(0, 2), 4);  // leaf1 -> mid1 -> top -> mid2 -> leaf2
  EXPECT_EQ(tree.hops(2, 3), 2);
  std::vector<LinkId> route;
  tree.route(2, 3, route);  // leaf2 -> mid2 at mid2's speed 100, relative to the fastest 200
  ASSERT_EQ(route.size(), 2u);
  EXPECT_DOUBLE_EQ(tree.link_capacity(route[0]), 0.5);
  tree.route(0, 2, route);
  EXPECT_DOUBLE_EQ(tree.link_capacity(route[0]), 1.0);  // mid1 has no LinkSpeed: taken as the fastest
  EXPECT_DOUBLE_EQ(tree.link_capacity(route[1]), 1.0);  // mid1 -> top at top's 200
}

TEST(SlurmTopology, Errors) {
  expect_slurm_error("SwitchName=s0 Nodes=n1\nSwitchName=s0 Nodes=n2\n", 2,
                     "defined twice (first on line 1)");
  expect_slurm_error("SwitchName=s0 Nodes=n[1-2]\nSwitchName=s1 Nodes=n2\n", 2,
                     "node 'n2' is under two switches");
  expect_slurm_error("SwitchName=top Switches=s[0-1]\nSwitchName=s0 Nodes=n1\n", 1, "unknown switch 's1'");
  expect_slurm_error("SwitchName=s0 Nodes=n1\nSwitchName=s1 Nodes=n2\n", 2, "both roots");
  expect_slurm_error("SwitchName=top Nodes=n0\nSwitchName=a Switches=b Nodes=n1\nSwitchName=b Switches=a\n",
                     2, "on a cycle");
  expect_slurm_error("SwitchName=a Switches=a Nodes=n1\n", 1, "lists itself");
  expect_slurm_error("SwitchName=t1 Switches=s\nSwitchName=t2 Switches=s\nSwitchName=s Nodes=n1\n", 2,
                     "under two switches");
  expect_slurm_error("Nodes=n1 SwitchName=s0\n", 1, "must start with SwitchName=");
  expect_slurm_error("SwitchName=s0 Nodes=n1 Color=red\n", 1, "unknown key 'Color'");
  expect_slurm_error("SwitchName=s0 Nodes=n[1-\n", 1, "Nodes=");
  expect_slurm_error("SwitchName=s0 Nodes=n1 LinkSpeed=fast\n", 1, "LinkSpeed must be a positive number");
  expect_slurm_error("SwitchName=s0 Nodes\n", 1, "expected Key=Value");
  expect_slurm_error("SwitchName=s0 Nodes=n1 Nodes=n2\n", 1, "given twice");
  expect_slurm_error("# nothing\n", 1, "no SwitchName lines");
  expect_slurm_error("SwitchName=top Switches=s0\nSwitchName=s0\n", 2, "no switch has Nodes=");
}

TEST(SlurmTopology, CoresAndMissingFile) {
  EXPECT_THROW(parse_slurm(kSlurmExample, 0), std::invalid_argument);
  EXPECT_THROW(read_slurm_topology("/nonexistent/topology.conf", 4), std::runtime_error);
}

}  // namespace
}  // namespace tamp
