// Maps a 4x4 stencil onto a 2x2 torus with 4 cores per node and checks blocked keeps 2x2 blocks on nodes.
#include <cmath>
#include <cstdio>
#include <memory>

#include "tamp/generators.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"
#include "tamp/torus.hpp"

int main() {
  tamp::TorusSpec spec;
  spec.dims = {2, 2};
  auto torus = std::make_shared<const tamp::Torus>(spec);
  const tamp::Allocation alloc = tamp::Allocation::whole_machine(torus, 4);
  tamp::StencilGraphSpec stencil;
  stencil.tasks = {4, 4};
  stencil.points = 5;
  const tamp::TaskGraph graph = tamp::make_stencil_graph(stencil);
  const tamp::Metrics m = tamp::evaluate(graph, alloc, tamp::map_tasks("blocked", graph, alloc));
  std::printf("hops per byte %.3f, off-node %.3f\n", m.hops_per_byte, m.offnode_fraction);
  // 24 neighbour pairs in a 4x4 grid; 2x2 blocks keep 4 pairs each on a node, so 8 of 24 leave a node.
  return std::fabs(m.offnode_fraction - 1.0 / 3.0) < 1e-12 ? 0 : 1;
}
