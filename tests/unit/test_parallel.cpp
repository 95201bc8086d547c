// Threads inside the mapping library: parallel_for's contract, and searches that give the same mapping for every
// thread count.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "parallel.hpp"
#include "tamp/auto.hpp"
#include "tamp/fat_tree.hpp"
#include "tamp/mapper.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

TEST(ParallelFor, EveryIndexOnce) {
  for (int threads : {1, 2, 7}) {
    std::vector<std::atomic<int>> runs(1000);
    impl::parallel_for(runs.size(), threads, [&](std::size_t i) { ++runs[i]; });
    for (std::size_t i = 0; i < runs.size(); ++i) ASSERT_EQ(runs[i].load(), 1) << i << " on " << threads;
  }
  impl::parallel_for(0, 4, [](std::size_t) { FAIL() << "no index to run"; });
}

TEST(ParallelFor, SideBySideRunsBothAndRethrowsTheFirstsError) {
  for (int threads : {1, 2}) {  // at once, or one after the other
    int a = 0, b = 0;
    impl::side_by_side(threads, [&] { a = 1; }, [&] { b = 2; });
    EXPECT_EQ(a + b, 3);
    try {
      impl::side_by_side(
          threads, [] { throw std::invalid_argument("first"); }, [&] { b = 3; });
      FAIL() << "no exception";
    } catch (const std::invalid_argument& e) {
      EXPECT_STREQ(e.what(), "first");
      EXPECT_EQ(b, 3) << "the second ran too, on " << threads;
    }
    try {
      impl::side_by_side(
          threads, [] { throw std::invalid_argument("first"); }, [] { throw std::invalid_argument("second"); });
      FAIL() << "no exception";
    } catch (const std::invalid_argument& e) {
      EXPECT_STREQ(e.what(), "first");
    }
    EXPECT_THROW(impl::side_by_side(threads, [] {}, [] { throw std::invalid_argument("second"); }),
                 std::invalid_argument);
  }
}

TEST(ParallelFor, TheLowestIndexErrorIsRethrownAfterEveryIndexRan) {
  for (int threads : {1, 3}) {
    std::vector<std::atomic<int>> runs(64);
    try {
      impl::parallel_for(runs.size(), threads, [&](std::size_t i) {
        ++runs[i];
        if (i == 40 || i == 9) throw std::invalid_argument("index " + std::to_string(i));
      });
      FAIL() << "no exception";
    } catch (const std::invalid_argument& e) {
      EXPECT_STREQ(e.what(), "index 9");
    }
    for (std::size_t i = 0; i < runs.size(); ++i) EXPECT_EQ(runs[i].load(), 1) << i;
  }
}

TEST(ParallelFor, ThreadsFromTheOptionThenOmpNumThreads) {
  const char* saved = std::getenv("OMP_NUM_THREADS");
  const std::string restore = saved ? saved : "";
  setenv("OMP_NUM_THREADS", "3", 1);
  EXPECT_EQ(impl::worker_threads(0), 3);
  EXPECT_EQ(impl::worker_threads(5), 5);
  setenv("OMP_NUM_THREADS", "lots", 1);  // not a number: the machine's cores
  EXPECT_GE(impl::worker_threads(0), 1);
  if (saved)
    setenv("OMP_NUM_THREADS", restore.c_str(), 1);
  else
    unsetenv("OMP_NUM_THREADS");
  MapOptions negative;
  negative.threads = -1;
  EXPECT_THROW(validate(negative), std::invalid_argument);
}

// The searches that run on threads, on a torus, a sparse job of an irregular graph and a fat tree: the mapping
// and `auto`'s whole report are those of one thread.
struct ThreadedProblem {
  const char* name;
  TaskGraph graph;
  Allocation allocation;
};

std::vector<ThreadedProblem> threaded_problems() {
  std::vector<ThreadedProblem> list;
  list.push_back({"3D stencil on a 3D torus", test::stencil({8, 8, 8}, 7),
                  Allocation::whole_machine(test::make_torus({4, 4, 2}), 16)});
  std::mt19937_64 engine(11);
  std::vector<Edge> edges;
  for (int t = 0; t < 200; ++t)
    for (int k = 0; k < 4; ++k) edges.push_back({t, static_cast<int>(engine() % 200), 1.0 + engine() % 90});
  std::vector<int> nodes;
  for (int n = 0; n < 216 && nodes.size() < 50; ++n)
    if (engine() % 3 == 0) nodes.push_back(n);
  list.push_back({"random graph on a sparse job", TaskGraph::from_edges(200, edges),
                  Allocation(test::make_torus({6, 6, 6}), nodes, 4)});
  FatTreeSpec tree;
  tree.arity = 4;
  tree.levels = 3;  // 16 leaves x 4 nodes
  list.push_back({"2D stencil on a fat tree", test::stencil({16, 16}, 5),
                  Allocation::whole_machine(std::make_shared<const FatTree>(tree), 4)});
  return list;
}

TEST(Threads, TheSameMappingForEveryThreadCount) {
  for (const ThreadedProblem& p : threaded_problems()) {
    for (Objective objective : {Objective::hop_bytes, Objective::time}) {
      MapOptions one;
      one.objective = objective;
      one.threads = 1;
      one.refine_seconds = 0;  // the wall-clock cap is the one bound that depends on the machine's speed
      MapOptions three = one;
      three.threads = 3;
      const AutoResult a = map_auto(p.graph, p.allocation, one), b = map_auto(p.graph, p.allocation, three);
      EXPECT_EQ(a.mapping.slots(), b.mapping.slots()) << p.name;
      EXPECT_EQ(a.chosen, b.chosen) << p.name;
      ASSERT_EQ(a.candidates.size(), b.candidates.size()) << p.name;
      for (std::size_t i = 0; i < a.candidates.size(); ++i) {
        EXPECT_EQ(a.candidates[i].name, b.candidates[i].name) << p.name;
        EXPECT_EQ(a.candidates[i].primary, b.candidates[i].primary) << p.name << " " << a.candidates[i].name;
        EXPECT_EQ(a.candidates[i].note, b.candidates[i].note) << p.name;
      }
      ASSERT_EQ(a.ranked.size(), b.ranked.size()) << p.name;
      for (std::size_t i = 0; i < a.ranked.size(); ++i)
        EXPECT_EQ(a.ranked[i].work, b.ranked[i].work) << p.name << " " << a.ranked[i].name;
      if (!p.graph.grid() && !p.graph.has_coordinates()) continue;
      for (const char* geometric : {"geom-r", "geom-rs"}) {
        EXPECT_EQ(map_tasks(geometric, p.graph, p.allocation, one).slots(),
                  map_tasks(geometric, p.graph, p.allocation, three).slots())
            << p.name << " " << geometric;
      }
    }
  }
}

}  // namespace
}  // namespace tamp
