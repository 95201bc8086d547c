#include "algorithms/impl/node_grid.hpp"

#include "tamp/grid.hpp"

namespace tamp::impl {
namespace {

// First coordinate and extent of the occupied coordinates of one ring/line of length n.
std::pair<int, int> occupied_span(const std::vector<bool>& occupied, bool wraps) {
  const int n = static_cast<int>(occupied.size());
  int first = 0, last = n - 1;
  while (first < n && !occupied[first]) ++first;
  while (last > first && !occupied[last]) --last;
  if (!wraps || first == n) return {first, last - first + 1};
  // Largest cyclic run of free coordinates; the box starts right after it.
  int best_gap = 0, best_start = first;
  for (int start = 0; start < n; ++start) {
    if (!occupied[start]) continue;
    int gap = 0;
    for (int k = 1; k < n && !occupied[(start + k) % n]; ++k) ++gap;
    // A gap of `gap` free coordinates after `start`: the box then begins at start + gap + 1.
    if (gap > best_gap) best_gap = gap, best_start = (start + gap + 1) % n;
  }
  return {best_start, n - best_gap};
}

}  // namespace

std::vector<int> NodeGrid::coords(int cell) const {
  std::vector<int> c(dims.size());
  for (size_t d = 0; d < dims.size(); ++d) c[d] = cell % dims[d], cell /= dims[d];
  return c;
}

int NodeGrid::cell(const std::vector<int>& c) const {
  int index = 0;
  for (int d = static_cast<int>(dims.size()) - 1; d >= 0; --d) index = index * dims[d] + c[d];
  return index;
}

std::optional<NodeGrid> node_grid(const Allocation& allocation) {
  const Grid* torus = allocation.machine().grid();
  if (!torus || allocation.num_nodes() == 0) return std::nullopt;
  const int D = torus->num_dims(), npr = torus->nodes_per_router();
  // Machine coordinates of every allocated node: router coordinates, then the index on the router.
  std::vector<std::vector<int>> coords(allocation.num_nodes());
  for (int i = 0; i < allocation.num_nodes(); ++i) {
    const int node = allocation.node(i);
    coords[i] = torus->router_coords(torus->router_of_node(node));
    coords[i].push_back(node % npr);
  }
  NodeGrid grid;
  std::vector<int> start(D + 1), extent(D + 1), length(D + 1);
  for (int d = 0; d <= D; ++d) {
    length[d] = d < D ? torus->dim(d) : npr;
    std::vector<bool> occupied(length[d], false);
    for (const auto& c : coords) occupied[c[d]] = true;
    const bool wraps = d < D && torus->wraps(d);
    std::tie(start[d], extent[d]) = occupied_span(occupied, wraps);
    if (extent[d] > 1) {
      grid.dims.push_back(extent[d]);
      grid.wrap.push_back(wraps && extent[d] == length[d]);
      grid.axis.push_back(d);
      grid.lo.push_back(start[d]);
    }
  }
  if (grid.dims.empty()) {  // one node
    grid.dims = {1};
    grid.wrap = {false};
    grid.axis = {0};
    grid.lo = {start[0]};
  }
  long long cells = 1;
  for (int n : grid.dims) cells *= n;
  grid.node_at.assign(cells, -1);
  std::vector<int> c(grid.dims.size());
  for (int i = 0; i < allocation.num_nodes(); ++i) {
    for (size_t k = 0; k < grid.dims.size(); ++k) {
      const int d = grid.axis[k];
      c[k] = ((coords[i][d] - grid.lo[k]) % length[d] + length[d]) % length[d];
    }
    grid.node_at[grid.cell(c)] = i;
  }
  return grid;
}

}  // namespace tamp::impl
