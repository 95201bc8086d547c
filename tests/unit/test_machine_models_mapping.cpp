// Every machine model through the mapping module: `auto` beats `random` in hop-bytes, geometric and graph
// mappers run on distances and coordinates, grid-only mappers say why they do not apply, and evaluate()
// routes on the model (per-class hop-bytes add up to the total).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>

#include "tamp/dragonfly.hpp"
#include "tamp/fat_tree.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

std::shared_ptr<const Machine> kary_tree() {
  FatTreeSpec s;
  s.arity = 4;
  s.levels = 3;
  s.nodes_per_leaf = 2;
  return std::make_shared<const FatTree>(s);  // 32 nodes
}

std::shared_ptr<const Machine> switch_tree() {
  SwitchTreeSpec s;  // top -> {m0, m1}; m0 -> {l0, l1}; m1 -> {l2, l3}; 8 nodes per leaf
  s.names = {"top", "m0", "m1", "l0", "l1", "l2", "l3"};
  s.parent = {-1, 0, 0, 1, 1, 2, 2};
  s.nodes = {0, 0, 0, 8, 8, 8, 8};
  return std::make_shared<const FatTree>(s);
}

std::shared_ptr<const Machine> dragonfly() {
  DragonflySpec s;
  s.groups = 5;
  s.group_dims = {4};
  s.nodes_per_router = 2;
  s.global_links = 1;
  return std::make_shared<const Dragonfly>(s);  // 40 nodes
}

std::shared_ptr<const Machine> mira_like() {  // a 5D Blue Gene/Q block, E = 2
  return std::make_shared<const Torus>(test::torus_spec({2, 2, 4, 2, 2}));
}

struct Case {
  const char* name;
  std::shared_ptr<const Machine> machine;
  int cores;
};

std::vector<Case> cases() {
  return {{"kary", kary_tree(), 4},
          {"switch-tree", switch_tree(), 4},
          {"dragonfly", dragonfly(), 8},
          {"torus5d", mira_like(), 2}};
}

double hop_bytes(const char* algorithm, const TaskGraph& g, const Allocation& a) {
  return evaluate(g, a, map_tasks(algorithm, g, a)).hop_bytes;
}

TEST(MachineModelsMapping, AutoBeatsRandom) {
  for (const Case& c : cases()) {
    const Allocation alloc = Allocation::whole_machine(c.machine, c.cores);
    const TaskGraph g = test::stencil({8, 8, alloc.num_slots() / 64}, 7);
    ASSERT_EQ(g.num_tasks(), alloc.num_slots()) << c.name;
    const double best = hop_bytes("auto", g, alloc);
    const double random = hop_bytes("random", g, alloc);
    EXPECT_LT(best, random) << c.name;
    EXPECT_LE(best, hop_bytes("default", g, alloc)) << c.name;
  }
}

TEST(MachineModelsMapping, GraphAndGeometricMappersRun) {
  for (const Case& c : cases()) {
    const Allocation alloc = Allocation::whole_machine(c.machine, c.cores);
    const TaskGraph g = test::stencil({8, 8, alloc.num_slots() / 64}, 7);
    for (const char* name :
         {"geom", "geom-rs", "greedy", "mht", "rb", "blocked", "round-robin", "geom+refine"}) {
      const Mapping m = map_tasks(name, g, alloc);
      std::vector<int> slots(m.slots().begin(), m.slots().end());
      std::sort(slots.begin(), slots.end());
      std::vector<int> all(alloc.num_slots());
      std::iota(all.begin(), all.end(), 0);
      EXPECT_EQ(slots, all) << c.name << ' ' << name;
    }
  }
}

TEST(MachineModelsMapping, GridOnlyMappersSayWhy) {
  for (const Case& c : cases()) {
    if (c.machine->kind() == "torus") continue;
    const Allocation alloc = Allocation::whole_machine(c.machine, c.cores);
    const TaskGraph g = test::stencil({8, 8, alloc.num_slots() / 64}, 7);
    for (const char* name : {"exco", "coce", "hilbert"}) {
      try {
        map_tasks(name, g, alloc);
        ADD_FAILURE() << name << " accepted a " << c.name;
      } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("torus or mesh"), std::string::npos) << e.what();
      }
    }
  }
}

// Every link id below link_id_bound() (ids that name no link too: a fat-tree root's uplink) has a class and a
// capacity in range: evaluate() indexes its per-class traffic with them (ASan found a root's id out of range).
TEST(MachineModelsMapping, EveryLinkIdHasAClassInRange) {
  for (const Case& c : cases()) {
    for (LinkId l = 0; l < c.machine->link_id_bound(); ++l) {
      const int k = c.machine->link_class(l);
      ASSERT_GE(k, 0) << c.name << " link " << l;
      ASSERT_LT(k, c.machine->num_link_classes()) << c.name << " link " << l;
      ASSERT_GT(c.machine->link_capacity(l), 0.0) << c.name << " link " << l;
    }
  }
}

TEST(MachineModelsMapping, EvaluateRoutesOnEveryModel) {
  for (const Case& c : cases()) {
    const Allocation alloc = Allocation::whole_machine(c.machine, c.cores);
    const TaskGraph g = test::stencil({8, 8, alloc.num_slots() / 64}, 7);
    const Mapping m = map_tasks("random", g, alloc);
    const Metrics with_loads = evaluate(g, alloc, m);
    EvaluateOptions fast;
    fast.link_loads = false;
    EXPECT_DOUBLE_EQ(evaluate(g, alloc, m, fast).hop_bytes, with_loads.hop_bytes) << c.name;
    ASSERT_EQ(static_cast<int>(with_loads.hop_bytes_per_class.size()), c.machine->num_link_classes());
    const double per_class =
        std::accumulate(with_loads.hop_bytes_per_class.begin(), with_loads.hop_bytes_per_class.end(), 0.0);
    EXPECT_DOUBLE_EQ(per_class, with_loads.hop_bytes) << c.name;
    EXPECT_GT(with_loads.max_link_load, 0.0) << c.name;
    EXPECT_LE(with_loads.max_dilation, c.machine->diameter()) << c.name;
    const std::vector<double> loads = link_loads(g, alloc, m);
    EXPECT_EQ(static_cast<int>(loads.size()), c.machine->link_id_bound()) << c.name;
    EXPECT_DOUBLE_EQ(std::accumulate(loads.begin(), loads.end(), 0.0), with_loads.hop_bytes) << c.name;
  }
}

}  // namespace
}  // namespace tamp
