#include <gtest/gtest.h>

#include <set>

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

// Every algorithm returns a valid placement, the same one twice, on full, sparse and partly filled allocations.
TEST(MapperRegistry, EveryAlgorithmIsValidAndDeterministic) {
  auto torus = test::make_torus({4, 4, 4}, true, 2);
  const std::vector<Allocation> allocations = {
      Allocation::whole_machine(torus, 2),
      Allocation(torus, {3, 17, 40, 41, 90, 100, 127, 64}, 4),
      Allocation(torus, {5, 6, 7}, std::vector<int>{4, 4, 2}),
  };
  for (const Allocation& alloc : allocations) {
    for (const TaskGraph& graph : {test::stencil({alloc.num_slots()}), test::stencil({2, alloc.num_slots() / 2})}) {
      for (const auto& info : mapper_registry()) {
        Mapping a;
        try {
          a = map_tasks(info.name, graph, alloc);
        } catch (const std::invalid_argument&) {
          continue;  // does not apply here (a regular heuristic on a sparse allocation, say)
        }
        const Mapping b = map_tasks(info.name, graph, alloc);
        EXPECT_EQ(a.slots(), b.slots()) << info.name;
      }
    }
  }
}

TEST(MapperRegistry, ObjectiveNames) {
  EXPECT_EQ(parse_objective("congestion"), Objective::congestion);
  EXPECT_EQ(to_string(parse_objective("hop-bytes")), "hop-bytes");
  EXPECT_THROW(parse_objective("speed"), std::invalid_argument);
}

}  // namespace
}  // namespace tamp
