// Small builders shared by the unit tests.
#pragma once
#include <memory>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/generators.hpp"
#include "tamp/torus.hpp"

namespace tamp::test {

inline std::shared_ptr<const Torus> make_torus(std::vector<int> dims, bool wrap = true, int nodes_per_router = 1) {
  TorusSpec spec;
  spec.wrap.assign(dims.size(), wrap);
  spec.dims = std::move(dims);
  spec.nodes_per_router = nodes_per_router;
  return std::make_shared<const Torus>(spec);
}

inline TaskGraph stencil(std::vector<int> tasks, int points = 0, bool periodic = false) {
  StencilGraphSpec spec;
  spec.periodic.assign(tasks.size(), periodic);
  spec.tasks = std::move(tasks);
  spec.points = points;
  return make_stencil_graph(spec);
}

}  // namespace tamp::test
