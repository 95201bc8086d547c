// Metrics of placements: hand-computed link loads and hop counts, the random-mapping rule of thumb, and the
// torus fast path against plain Machine::route().
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <random>
#include <sstream>
#include <stdexcept>

#include "tamp/generators.hpp"
#include "tamp/metrics.hpp"
#include "tamp/torus.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

using test::torus_spec;

Mapping identity(int tasks, int slots) {
  std::vector<int> s(tasks);
  std::iota(s.begin(), s.end(), 0);
  return Mapping(s, slots);
}

// A torus seen only through the Machine interface, so evaluate() takes its generic path.
class OpaqueMachine final : public Machine {
 public:
  explicit OpaqueMachine(TorusSpec spec) : t_(std::move(spec)) {}
  std::string kind() const override { return t_.kind(); }
  std::string describe() const override { return t_.describe(); }
  int num_nodes() const override { return t_.num_nodes(); }
  int num_links() const override { return t_.num_links(); }
  LinkId link_id_bound() const override { return t_.link_id_bound(); }
  int hops(int a, int b) const override { return t_.hops(a, b); }
  void route(int a, int b, std::vector<LinkId>& out) const override { t_.route(a, b, out); }
  double link_capacity(LinkId l) const override { return t_.link_capacity(l); }
  int link_class(LinkId l) const override { return t_.link_class(l); }
  int num_link_classes() const override { return t_.num_link_classes(); }
  int diameter() const override { return t_.diameter(); }
  std::vector<double> node_coordinates(int n) const override { return t_.node_coordinates(n); }

 private:
  Torus t_;
};

// 4x4 torus, dimension 0 at half the bandwidth of dimension 1; one core per node, task t on node t.
// Routes (link id = router*4 + 2d + dir), see test_torus.cpp:
//   0 -> 2   100 B: links 0, 4          (2 hops)
//   1 -> 2    50 B: link 4              (1 hop)
//   0 -> 15   10 B: links 1, 15         (2 hops)
//   5 -> 10   20 B: links 20, 26        (2 hops)
//   3 -> 3     7 B: none                (0 hops, same node)
// Loads: link 0 = 100, 4 = 150, 1 = 10, 15 = 10, 20 = 20, 26 = 20; sum 310 = hop-bytes 200+50+20+40.
// Class 0 (dim 0) links 0, 4, 1, 20 carry 280; class 1 links 15, 26 carry 30.
// Congestion: link 4 has 150 / 0.5 = 300; the dim-1 links at most 20 / 1.
TEST(Evaluate, KnownRoutesAndLinkLoads) {
  auto machine = std::make_shared<Torus>(torus_spec({4, 4}, {}, 1, {1e9, 2e9}));
  const Allocation alloc = Allocation::whole_machine(machine, 1);
  const TaskGraph g =
      TaskGraph::from_edges(16, {{0, 2, 100}, {1, 2, 50}, {0, 15, 10}, {5, 10, 20}, {3, 3, 7}});
  const Metrics m = evaluate(g, alloc, identity(16, 16));
  EXPECT_EQ(m.messages, 5);
  EXPECT_DOUBLE_EQ(m.total_bytes, 187);
  EXPECT_DOUBLE_EQ(m.hop_bytes, 310);
  EXPECT_DOUBLE_EQ(m.hops_per_byte, 310.0 / 187.0);
  EXPECT_DOUBLE_EQ(m.avg_dilation, 7.0 / 5.0);  // (2+1+2+2+0)/5, unweighted
  EXPECT_EQ(m.max_dilation, 2);
  EXPECT_DOUBLE_EQ(m.max_link_load, 150);
  EXPECT_DOUBLE_EQ(m.mean_link_load, 310.0 / 64.0);  // 64 links on a 4x4 torus
  EXPECT_DOUBLE_EQ(m.max_congestion, 300);
  EXPECT_DOUBLE_EQ(m.offnode_fraction, 180.0 / 187.0);
  EXPECT_EQ(m.hop_bytes_per_class, (std::vector<double>{280, 30}));

  std::vector<double> expected(64, 0.0);
  expected[0] = 100, expected[4] = 150, expected[1] = 10, expected[15] = 10, expected[20] = 20,
  expected[26] = 20;
  EXPECT_EQ(link_loads(g, alloc, identity(16, 16)), expected);

  // The same through the generic path.
  const Allocation opaque = Allocation::whole_machine(std::make_shared<OpaqueMachine>(machine->spec()), 1);
  EXPECT_EQ(link_loads(g, opaque, identity(16, 16)), expected);
  EXPECT_DOUBLE_EQ(evaluate(g, opaque, identity(16, 16)).max_congestion, 300);

  // Without routing: the distance metrics stay, the link metrics are zero.
  const Metrics d = evaluate(g, alloc, identity(16, 16), [] {
    EvaluateOptions o;
    o.link_loads = false;
    return o;
  }());
  EXPECT_DOUBLE_EQ(d.hop_bytes, 310);
  EXPECT_EQ(d.max_dilation, 2);
  EXPECT_DOUBLE_EQ(d.max_link_load, 0);
  EXPECT_DOUBLE_EQ(d.max_congestion, 0);
}

TEST(Evaluate, TwoNodesOnOneRouter) {
  auto machine = std::make_shared<Torus>(torus_spec({2, 2}, {}, 2));
  const Allocation alloc(machine, {0, 1}, 1);  // both nodes of router 0
  const TaskGraph g = TaskGraph::from_edges(2, {{0, 1, 64}, {1, 0, 64}});
  const Metrics m = evaluate(g, alloc, identity(2, 2));
  EXPECT_DOUBLE_EQ(m.hop_bytes, 0);
  EXPECT_EQ(m.max_dilation, 0);
  EXPECT_DOUBLE_EQ(m.max_link_load, 0);
  EXPECT_DOUBLE_EQ(m.offnode_fraction, 1.0);  // different nodes, even on one router
}

TEST(Evaluate, TasksSharingANode) {
  auto machine = std::make_shared<Torus>(torus_spec({4}));
  const Allocation alloc(machine, {2, 3}, 2);  // slots 0,1 on node 2; slots 2,3 on node 3
  const TaskGraph g = TaskGraph::from_edges(3, {{0, 1, 10}, {0, 2, 30}});
  // Task 0 on slot 0 (node 2), task 1 on slot 1 (node 2): 0 hops; task 2 on slot 3 (node 3): 1 hop.
  const Metrics m = evaluate(g, alloc, Mapping({0, 1, 3}, 4));
  EXPECT_DOUBLE_EQ(m.hop_bytes, 30);
  EXPECT_DOUBLE_EQ(m.offnode_fraction, 0.75);
  EXPECT_DOUBLE_EQ(m.avg_dilation, 0.5);
}

// Default mapping of a periodic 8x8x8 7-point stencil on an 8x8x8 torus: every message goes to a neighbouring
// router, 1 hop, and every one of the 3072 links carries exactly one 8-byte message.
TEST(Evaluate, DefaultMappingOfMatchingStencilIsOneHopPerByte) {
  auto machine = std::make_shared<Torus>(torus_spec({8, 8, 8}));
  const Allocation alloc = Allocation::whole_machine(machine, 1);
  const TaskGraph g = make_stencil_graph(test::stencil_spec({8, 8, 8}, {true, true, true}, 7));
  const Metrics m = evaluate(g, alloc, identity(512, 512));
  EXPECT_EQ(m.messages, 512 * 6);
  EXPECT_DOUBLE_EQ(m.hops_per_byte, 1.0);
  EXPECT_DOUBLE_EQ(m.avg_dilation, 1.0);
  EXPECT_EQ(m.max_dilation, 1);
  EXPECT_EQ(machine->num_links(), 3072);
  EXPECT_DOUBLE_EQ(m.max_link_load, 8);
  EXPECT_DOUBLE_EQ(m.mean_link_load, 8);
}

// [Bhatele10] §1: a random placement averages about half the diameter in hops per byte. On a ring of 8 the
// mean distance to a random router is (0+1+2+3+4+3+2+1)/8 = 2, so 6 on 8x8x8 (diameter 12).
TEST(Evaluate, RandomMappingIsNearHalfTheDiameter) {
  auto machine = std::make_shared<Torus>(torus_spec({8, 8, 8}));
  const Allocation alloc = Allocation::whole_machine(machine, 1);
  const TaskGraph g = make_stencil_graph(test::stencil_spec({8, 8, 8}, {}, 7));
  std::vector<int> slots(512);
  std::iota(slots.begin(), slots.end(), 0);
  std::mt19937_64 rng(12345);
  std::shuffle(slots.begin(), slots.end(), rng);
  const Metrics m = evaluate(g, alloc, Mapping(slots, 512));
  EXPECT_EQ(machine->diameter(), 12);
  EXPECT_GE(m.hops_per_byte, 5.0);
  EXPECT_LE(m.hops_per_byte, 7.0);
  EXPECT_LE(m.max_dilation, 12);
}

// The difference-array torus path must give exactly the loads of routing every message with Torus::route(),
// on a mixed mesh/torus with two nodes per router, several cores, a sparse allocation and a random graph.
TEST(Evaluate, TorusFastPathMatchesPlainRouting) {
  const TorusSpec mixed = torus_spec({5, 4, 3, 2}, {true, false, true, true}, 2, {4e9, 2e9, 4e9, 1e9});
  auto torus = std::make_shared<Torus>(mixed);
  std::mt19937_64 rng(7);
  std::vector<int> nodes(torus->num_nodes());
  std::iota(nodes.begin(), nodes.end(), 0);
  std::shuffle(nodes.begin(), nodes.end(), rng);
  nodes.resize(150);
  const Allocation alloc(torus, nodes, 3);
  const Allocation opaque(std::make_shared<OpaqueMachine>(mixed), nodes, 3);
  std::vector<Edge> edges;
  std::uniform_int_distribution<int> task(0, 399);
  std::uniform_int_distribution<int> bytes(1, 1000);
  for (int i = 0; i < 3000; ++i) edges.push_back({task(rng), task(rng), static_cast<double>(bytes(rng))});
  const TaskGraph g = TaskGraph::from_edges(400, edges);
  std::vector<int> slots(alloc.num_slots());
  std::iota(slots.begin(), slots.end(), 0);
  std::shuffle(slots.begin(), slots.end(), rng);
  slots.resize(400);
  const Mapping map(slots, alloc.num_slots());

  std::vector<double> expected(torus->link_id_bound(), 0.0);
  std::vector<LinkId> path;
  double hop_bytes = 0;
  for (const Edge& e : g.edges()) {
    torus->route(alloc.machine_node_of_slot(map.slot(e.src)), alloc.machine_node_of_slot(map.slot(e.dst)),
                 path);
    for (LinkId l : path) expected[l] += e.bytes;
    hop_bytes += e.bytes * static_cast<double>(path.size());
  }
  EXPECT_EQ(link_loads(g, alloc, map), expected);
  EXPECT_EQ(link_loads(g, opaque, map), expected);
  const Metrics fast = evaluate(g, alloc, map);
  const Metrics slow = evaluate(g, opaque, map);
  EXPECT_DOUBLE_EQ(fast.hop_bytes, hop_bytes);
  EXPECT_GT(fast.hop_bytes, 0);
  EXPECT_DOUBLE_EQ(fast.hop_bytes, slow.hop_bytes);
  EXPECT_DOUBLE_EQ(fast.avg_dilation, slow.avg_dilation);
  EXPECT_EQ(fast.max_dilation, slow.max_dilation);
  EXPECT_DOUBLE_EQ(fast.max_link_load, slow.max_link_load);
  EXPECT_DOUBLE_EQ(fast.mean_link_load, slow.mean_link_load);
  EXPECT_DOUBLE_EQ(fast.max_congestion, slow.max_congestion);
  EXPECT_DOUBLE_EQ(fast.offnode_fraction, slow.offnode_fraction);
  EXPECT_EQ(fast.hop_bytes_per_class, slow.hop_bytes_per_class);
  EXPECT_DOUBLE_EQ(std::accumulate(fast.hop_bytes_per_class.begin(), fast.hop_bytes_per_class.end(), 0.0),
                   fast.hop_bytes);
}

TEST(Evaluate, RejectsMappingsThatDoNotFit) {
  auto machine = std::make_shared<Torus>(torus_spec({4}));
  const Allocation alloc = Allocation::whole_machine(machine, 1);
  const TaskGraph g = TaskGraph::from_edges(3, {{0, 1, 1}});
  EXPECT_THROW(evaluate(g, alloc, identity(4, 4)), std::invalid_argument);  // 4 tasks vs 3
  EXPECT_THROW(evaluate(g, alloc, identity(3, 5)), std::invalid_argument);  // 5 slots vs 4
  EXPECT_THROW(evaluate(g, alloc, Mapping({0, 1, 4}, 4)), std::invalid_argument);
  EXPECT_THROW(link_loads(g, alloc, Mapping({0, -1, 2}, 4)), std::invalid_argument);
}

TEST(Evaluate, PrintsASummary) {
  Metrics m;
  m.hop_bytes = 42;
  std::ostringstream os;
  os << m;
  EXPECT_NE(os.str().find("hop-bytes         42"), std::string::npos);
}

}  // namespace
}  // namespace tamp
