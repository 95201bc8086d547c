// Small builders shared by the unit tests.
#pragma once
#include <memory>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/generators.hpp"
#include "tamp/torus.hpp"

namespace tamp::test {

// TorusSpec field by field (brace-initialising only some members trips -Wmissing-field-initializers).
inline TorusSpec torus_spec(std::vector<int> dims, std::vector<bool> wrap = {}, int nodes_per_router = 1,
                            std::vector<double> bandwidth = {}) {
  TorusSpec s;
  s.dims = std::move(dims);
  s.wrap = std::move(wrap);
  s.nodes_per_router = nodes_per_router;
  s.link_bandwidth = std::move(bandwidth);
  return s;
}

inline std::shared_ptr<const Torus> make_torus(std::vector<int> dims, bool wrap = true, int nodes_per_router = 1) {
  std::vector<bool> wraps(dims.size(), wrap);
  return std::make_shared<const Torus>(torus_spec(std::move(dims), std::move(wraps), nodes_per_router));
}

inline TaskGraph stencil(std::vector<int> tasks, int points = 0, bool periodic = false) {
  StencilGraphSpec spec;
  spec.periodic.assign(tasks.size(), periodic);
  spec.tasks = std::move(tasks);
  spec.points = points;
  return make_stencil_graph(spec);
}

/// Bytes of all messages of one phase.
inline double phase_bytes(const Phase& p) {
  double b = 0;
  for (const Edge& e : p.edges) b += e.bytes;
  return b;
}

}  // namespace tamp::test
