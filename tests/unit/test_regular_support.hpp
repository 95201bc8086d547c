// Property checks shared by the tests of the regular heuristics (exco, coce, affn, hilbert).
#pragma once
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "algorithms/impl/random.hpp"
#include "algorithms/regular/regular.hpp"
#include "tamp/mapper.hpp"
#include "test_support.hpp"

namespace tamp::test {

/// A grid onto a box, neither wrapped, every cell of the box free.
inline impl::RegularView view_of(std::vector<int> grid, std::vector<int> box) {
  impl::RegularView v;
  v.grid_wrap.assign(grid.size(), false);
  v.box_wrap.assign(box.size(), false);
  v.grid = std::move(grid);
  v.box = std::move(box);
  v.available.assign(v.box_cells(), true);
  return v;
}

/// Random 2D/3D grids on random tori and meshes (1-3D, one or two nodes per router), whole or sparse
/// allocations, one core per node or node-sized blocks: the mapping is valid (map_tasks validates it) and the
/// same on a rerun. With `always_applies` false the algorithm may decline a case (std::invalid_argument
/// naming it), but not most.
inline void check_regular_properties(const std::string& name, bool always_applies = true) {
  int declined = 0;
  std::mt19937_64 rng(std::hash<std::string>{}(name) % 1000);
  for (int trial = 0; trial < 40; ++trial) {
    const int machine_dims = 1 + static_cast<int>(rng() % 3);
    std::vector<int> dims(machine_dims);
    for (int& n : dims) n = 2 + static_cast<int>(rng() % 5);
    const int per_router = trial % 5 == 0 ? 2 : 1;
    auto torus = make_torus(dims, rng() % 2, per_router);
    std::vector<int> nodes(torus->num_nodes());
    for (int i = 0; i < torus->num_nodes(); ++i) nodes[i] = i;
    if (trial % 2) {  // sparse: a random subset, in random order
      impl::portable_shuffle(nodes, rng());
      nodes.resize(nodes.size() / 2 + 1 + rng() % (nodes.size() / 2));
    }
    const int cores = trial % 3 == 2 ? 2 : 1;
    const Allocation alloc(torus, nodes, cores);
    // A grid of 2 or 3 dimensions with at most as many tasks as slots; even sides when blocks of 2 are
    // needed.
    std::vector<int> grid(2 + rng() % 2, 1);
    grid[0] = cores;  // when no larger grid fits
    for (int tries = 0; tries < 100; ++tries) {
      std::vector<int> g(grid.size());
      long long size = 1;
      for (int& n : g) n = cores * (1 + static_cast<int>(rng() % 4)), size *= n;
      if (size <= alloc.num_slots()) {
        grid = g;
        break;
      }
    }
    const TaskGraph graph = stencil(grid, 0, rng() % 2);
    SCOPED_TRACE(name + " trial " + std::to_string(trial));
    Mapping a;
    try {
      a = map_tasks(name, graph, alloc);
    } catch (const std::invalid_argument& e) {
      if (always_applies) throw;
      EXPECT_EQ(std::string(e.what()).rfind(name + ": ", 0), 0u) << e.what();
      ++declined;
      continue;
    }
    const Mapping b = map_tasks(name, graph, alloc);
    EXPECT_EQ(a.slots(), b.slots());
  }
  EXPECT_LE(declined, 30);
}

}  // namespace tamp::test
