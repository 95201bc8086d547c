#include <gtest/gtest.h>

#include <map>
#include <set>

#include "tamp/fat_tree.hpp"
#include "tamp/mapper.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

TEST(MapperRegistry, NamesAreUniqueAndFindable) {
  std::set<std::string> names;
  for (const auto& info : mapper_registry()) {
    EXPECT_TRUE(names.insert(std::string(info.name)).second) << info.name;
    EXPECT_EQ(&find_mapper(info.name), &info);
  }
  for (const char* required : {"default", "random", "round-robin", "blocked"}) EXPECT_TRUE(names.count(required));
}

TEST(MapperRegistry, UnknownNameListsTheKnownOnes) {
  try {
    find_mapper("nope");
    FAIL() << "expected an exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("unknown mapping 'nope'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("blocked"), std::string::npos);
  }
}

TEST(MapperRegistry, TooManyTasksIsAnError) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({2, 2}), 1);
  const TaskGraph graph = test::stencil({3, 2});
  EXPECT_THROW(map_tasks("default", graph, alloc), std::invalid_argument);
  MapOptions two_per_slot;
  two_per_slot.max_tasks_per_slot = 2;
  int applied = 0;
  for (const auto& info : mapper_registry()) {
    try {
      EXPECT_EQ(map_tasks(info.name, graph, alloc, two_per_slot).num_tasks(), 6) << info.name;
      ++applied;
    } catch (const std::invalid_argument&) {
      // does not apply (stack and fold need a 3D box)
    }
  }
  EXPECT_GE(applied, 4);  // at least the baselines
}

// The inputs of EveryAlgorithmIsValidAndDeterministic that an algorithm refuses by design
// (std::invalid_argument), by case name: "ALLOCATION/GRID" with ALLOCATION whole (the 4x4x4 torus, 2 nodes
// per router), sparse (8 nodes scattered), partial (3 nodes, the last half full), plane (a whole 4x4 torus,
// for the 2D embeddings) or tree (a 2-ary 3-tree, 8 nodes) and GRID 1d or 2d. Any other refusal fails the test.
const std::map<std::string, std::set<std::string>>& refusals() {
  static const std::set<std::string> tree = {"tree/1d", "tree/2d"};
  static const std::set<std::string> tori = {"whole/1d",  "whole/2d",  "sparse/1d", "sparse/2d",
                                             "partial/1d", "partial/2d", "plane/1d",  "plane/2d"};
  const auto with = [](std::set<std::string> a, const std::set<std::string>& b) {
    a.insert(b.begin(), b.end());
    return a;
  };
  static const std::map<std::string, std::set<std::string>> table = {
      // The grid heuristics need a task grid at node level (the half-full node of `partial` breaks it) on a
      // torus or mesh.
      {"coce", with({"partial/1d", "partial/2d"}, tree)},
      {"exco", with({"partial/1d", "partial/2d"}, tree)},
      {"hilbert", with({"partial/1d", "partial/2d"}, tree)},
      // [Deveci14]'s Group fills every node with one block: equal cores per node.
      {"group", {"partial/1d", "partial/2d"}},
      // The 2D embeddings also need the nodes to fill a 2D box.
      {"mxovlp", with({"partial/1d", "partial/2d", "sparse/1d", "sparse/2d", "whole/1d", "whole/2d"}, tree)},
      {"mxoval", with({"partial/1d", "partial/2d", "sparse/1d", "sparse/2d", "whole/1d", "whole/2d"}, tree)},
      {"step", with({"partial/1d", "partial/2d", "sparse/1d", "sparse/2d", "whole/1d", "whole/2d"}, tree)},
      // Stacking and folding need a full 3D box.
      {"stack", with({"partial/1d", "partial/2d", "sparse/1d", "sparse/2d", "plane/1d", "plane/2d"}, tree)},
      {"fold", with({"partial/1d", "partial/2d", "sparse/1d", "sparse/2d", "plane/1d", "plane/2d"}, tree)},
      // The affine map needs as many grid dimensions as the box has (the 4x4x4 torus with 2 nodes per
      // router is a 4D box).
      {"affn", with({"partial/1d", "partial/2d", "sparse/1d", "sparse/2d", "whole/1d", "whole/2d"}, tree)},
      // Multisection follows switch levels, which tori do not have.
      {"multisection", tori},
      {"multisection-bisect", tori},
  };
  return table;
}

// Every algorithm returns a valid placement, the same one twice, on full, sparse and partly filled
// allocations; it refuses only the inputs listed in refusals(), and applies to at least one.
TEST(MapperRegistry, EveryAlgorithmIsValidAndDeterministic) {
  auto torus = test::make_torus({4, 4, 4}, true, 2);
  FatTreeSpec tree;  // 4 leaves x 2 nodes
  tree.arity = 2;
  tree.levels = 3;
  const std::vector<std::pair<std::string, Allocation>> allocations = {
      {"whole", Allocation::whole_machine(torus, 2)},
      {"sparse", Allocation(torus, {3, 17, 40, 41, 90, 100, 127, 64}, 4)},
      {"partial", Allocation(torus, {5, 6, 7}, std::vector<int>{4, 4, 2})},
      {"plane", Allocation::whole_machine(test::make_torus({4, 4}), 2)},
      {"tree", Allocation::whole_machine(std::make_shared<const FatTree>(tree), 2)},
  };
  std::map<std::string, int> applied;
  for (const auto& [alloc_name, alloc] : allocations) {
    const std::vector<std::pair<std::string, TaskGraph>> graphs = {
        {"1d", test::stencil({alloc.num_slots()})}, {"2d", test::stencil({2, alloc.num_slots() / 2})}};
    for (const auto& [graph_name, graph] : graphs) {
      const std::string name = alloc_name + "/" + graph_name;
      for (const auto& info : mapper_registry()) {
        const std::string algorithm(info.name);
        Mapping a;
        try {
          a = map_tasks(info.name, graph, alloc);
        } catch (const std::invalid_argument& e) {
          const auto listed = refusals().find(algorithm);
          EXPECT_TRUE(listed != refusals().end() && listed->second.count(name))
              << algorithm << " refused " << name << ": " << e.what();
          continue;
        }
        const Mapping b = map_tasks(info.name, graph, alloc);
        EXPECT_EQ(a.slots(), b.slots()) << algorithm << " on " << name;
        ++applied[algorithm];
      }
    }
  }
  for (const auto& info : mapper_registry()) EXPECT_GT(applied[std::string(info.name)], 0) << info.name;
}

TEST(MapperRegistry, ObjectiveNames) {
  EXPECT_EQ(parse_objective("congestion"), Objective::congestion);
  EXPECT_EQ(to_string(parse_objective("hop-bytes")), "hop-bytes");
  EXPECT_THROW(parse_objective("speed"), std::invalid_argument);
}

}  // namespace
}  // namespace tamp
