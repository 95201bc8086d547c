#include "algorithms/irregular/node_space.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "algorithms/impl/node_grid.hpp"
#include "tamp/error.hpp"
#include "tamp/grid.hpp"

namespace tamp::impl {

struct NodeSpace::Layout {
  std::vector<int> dims;
  std::vector<bool> wrap;
  std::vector<int> node_at;
  int router_dim = -1;
};

NodeSpace::NodeSpace(const Allocation& nodes)
    : NodeSpace([&nodes] {
        Layout layout;
        std::optional<NodeGrid> box = node_grid(nodes);
        if (box && !box->dims.empty()) {
          layout.dims = box->dims;
          layout.wrap = box->wrap;
          layout.node_at = box->node_at;
          const int torus_dims = nodes.machine().grid()->num_dims();
          for (size_t d = 0; d < box->axis.size(); ++d)
            if (box->axis[d] == torus_dims) layout.router_dim = static_cast<int>(d);
        } else {
          // Not a torus (or a single node): the allocation order as a line.
          layout.dims = {std::max(1, nodes.num_nodes())};
          layout.wrap = {false};
          layout.node_at.resize(layout.dims[0]);
          for (int i = 0; i < nodes.num_nodes(); ++i) layout.node_at[i] = i;
          if (nodes.num_nodes() == 0) layout.node_at[0] = -1;
        }
        return layout;
      }()) {}

NodeSpace::NodeSpace(Layout layout)
    : grid_(layout.dims, layout.wrap,
            [&layout] {
              std::vector<bool> available(layout.node_at.size());
              for (size_t c = 0; c < available.size(); ++c) available[c] = layout.node_at[c] >= 0;
              return available;
            }()),
      wrap_(std::move(layout.wrap)),
      node_at_(std::move(layout.node_at)),
      router_dim_(layout.router_dim) {
  int nodes = 0;
  for (int node : node_at_) nodes = std::max(nodes, node + 1);
  cell_of_node_.assign(nodes, -1);
  for (int c = 0; c < static_cast<int>(node_at_.size()); ++c)
    if (node_at_[c] >= 0) cell_of_node_[node_at_[c]] = c;
}

int NodeSpace::centre_cell() const {
  std::vector<int> c(num_dims());
  for (int d = 0; d < num_dims(); ++d) c[d] = extent(d) / 2;
  return grid_.cell(c);
}

int NodeSpace::take_nearest(int wanted) {
  const std::optional<int> cell = grid_.nearest(wanted);
  if (!cell) throw std::runtime_error("findNearest: no free node left");
  grid_.take(*cell);
  return *cell;
}

int NodeSpace::centroid(const std::vector<std::pair<int, double>>& cells) const {
  const int dims = num_dims();
  const std::vector<int> ref = grid_.coords(cells.front().first);
  std::vector<double> sum(dims, 0.0);
  double total = 0;
  for (const auto& [cell, weight] : cells) {
    const std::vector<int> c = grid_.coords(cell);
    for (int d = 0; d < dims; ++d) {
      int delta = c[d] - ref[d];
      if (wrap_[d]) {
        const int n = extent(d);
        if (2 * delta > n) delta -= n;
        if (2 * delta < -n) delta += n;
      }
      sum[d] += weight * (ref[d] + delta);
    }
    total += weight;
  }
  std::vector<int> result(dims);
  for (int d = 0; d < dims; ++d) {
    const int n = extent(d);
    int x = static_cast<int>(std::floor(sum[d] / total + 0.5));
    if (wrap_[d]) {
      x %= n;
      if (x < 0) x += n;
    } else {
      x = std::min(std::max(x, 0), n - 1);
    }
    result[d] = x;
  }
  return grid_.cell(result);
}

std::vector<int> NodeSpace::router_mates(int cell) const {
  std::vector<int> mates;
  if (router_dim_ < 0) return mates;
  std::vector<int> c = grid_.coords(cell);
  const int own = c[router_dim_];
  for (int i = 0; i < extent(router_dim_); ++i) {
    if (i == own) continue;
    c[router_dim_] = i;
    mates.push_back(grid_.cell(c));
  }
  return mates;
}

bool NodeSpace::any_wrap() const {
  return std::find(wrap_.begin(), wrap_.end(), true) != wrap_.end();
}

SymGraph NodeSpace::node_adjacency(bool with_wrap) const {
  const int nodes = static_cast<int>(cell_of_node_.size());
  SymGraph g;
  g.num_vertices = nodes;
  g.offsets.reserve(static_cast<size_t>(nodes) + 1);
  std::vector<int> row;
  for (int node = 0; node < nodes; ++node) {
    row.clear();
    const std::vector<int> c = grid_.coords(cell_of_node_[node]);
    for (int d = 0; d < num_dims(); ++d) {
      const int n = extent(d);
      for (int step : {-1, 1}) {
        std::vector<int> nc = c;
        nc[d] += step;
        if (nc[d] < 0 || nc[d] >= n) {
          if (!wrap_[d] || !with_wrap) continue;
          nc[d] = (nc[d] + n) % n;
        }
        const int other = node_at_[grid_.cell(nc)];
        if (other >= 0 && other != node) row.push_back(other);
      }
    }
    std::sort(row.begin(), row.end());
    row.erase(std::unique(row.begin(), row.end()), row.end());
    for (int other : row) {
      g.targets.push_back(other);
      g.bytes.push_back(1.0);
    }
    g.offsets.push_back(static_cast<std::int64_t>(g.targets.size()));
  }
  return g;
}

Mapping PartialMapping::to_mapping(const Allocation& nodes) const {
  std::vector<int> slots(cell_of_task.size());
  for (size_t t = 0; t < slots.size(); ++t) slots[t] = nodes.first_slot(space.node_of_cell(cell_of_task[t]));
  return Mapping(std::move(slots), nodes.num_slots());
}

void require_node_level_fit(const TaskGraph& groups, const Allocation& nodes, const std::string& name) {
  require(groups.num_tasks() <= nodes.num_nodes(),
          name + ": " + std::to_string(groups.num_tasks()) + " groups do not fit on " +
              std::to_string(nodes.num_nodes()) + " nodes (one group per node)");
}

}  // namespace tamp::impl
