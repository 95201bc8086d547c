// Task graphs in CSR form, built from edge lists, plus the regular-grid helpers.
#include "tamp/task_graph.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "row_sort.hpp"
#include "tamp/error.hpp"

namespace tamp {
namespace impl {

void sort_row_by_target(int* target, double* bytes, std::int64_t n) {
  constexpr std::int64_t kShortRow = 32;
  if (n <= kShortRow) {  // a stencil's 6-26 neighbours: an insertion sort, stable, with no buffer
    for (std::int64_t i = 1; i < n; ++i) {
      const int v = target[i];
      const double b = bytes[i];
      std::int64_t hole = i;
      for (; hole > 0 && v < target[hole - 1]; --hole) {
        target[hole] = target[hole - 1];
        bytes[hole] = bytes[hole - 1];
      }
      target[hole] = v, bytes[hole] = b;
    }
    return;
  }
  // (target, place in the row) is unique: std::sort is stable on it, with no buffer to allocate
  std::vector<std::pair<std::uint64_t, double>> row;
  row.reserve(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i)
    row.emplace_back(static_cast<std::uint64_t>(target[i]) << 32 | static_cast<std::uint64_t>(i), bytes[i]);
  std::sort(row.begin(), row.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::int64_t i = 0; i < n; ++i) {
    target[i] = static_cast<int>(row[i].first >> 32);
    bytes[i] = row[i].second;
  }
}

}  // namespace impl

long long GridShape::size() const {
  long long s = 1;
  for (int n : dims) s *= n;
  return s;
}

std::vector<int> GridShape::coords(long long task) const {
  std::vector<int> c(dims.size());
  for (std::size_t d = 0; d < dims.size(); ++d) {
    c[d] = static_cast<int>(task % dims[d]);
    task /= dims[d];
  }
  return c;
}

long long GridShape::index(const std::vector<int>& c) const {
  if (c.size() != dims.size())
    throw std::invalid_argument("grid: index needs " + std::to_string(dims.size()) + " coordinates, got " +
                                std::to_string(c.size()));
  long long t = 0;
  for (std::size_t d = dims.size(); d-- > 0;) {
    if (c[d] < 0 || c[d] >= dims[d])
      throw std::invalid_argument("grid: coordinate " + std::to_string(c[d]) + " outside dimension " +
                                  std::to_string(d) + " of size " + std::to_string(dims[d]));
    t = t * dims[d] + c[d];
  }
  return t;
}

TaskGraph TaskGraph::from_edges(int num_tasks, std::vector<Edge> edges) {
  require(num_tasks >= 0, "task graph: negative number of tasks");
  TaskGraph g;
  g.num_tasks_ = num_tasks;
  // Counting sort by source (linear for the 10^6-task graphs), then each row by destination.
  std::vector<std::int64_t> count(static_cast<std::size_t>(num_tasks) + 1, 0);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const Edge& e = edges[i];
    if (e.src < 0 || e.src >= num_tasks || e.dst < 0 || e.dst >= num_tasks)
      throw std::invalid_argument("task graph: edge " + std::to_string(i) + " (" + std::to_string(e.src) +
                                  " -> " + std::to_string(e.dst) + ") has an endpoint outside [0, " +
                                  std::to_string(num_tasks) + ")");
    if (!std::isfinite(e.bytes) || e.bytes < 0)
      throw std::invalid_argument("task graph: edge " + std::to_string(i) + " has invalid bytes " +
                                  std::to_string(e.bytes));
    if (e.bytes > 0) ++count[e.src + 1];
  }
  for (int t = 0; t < num_tasks; ++t) count[t + 1] += count[t];
  // Each row's messages in place, in input order, then sorted by destination (stably) and merged.
  g.targets_.resize(static_cast<std::size_t>(count[num_tasks]));
  g.bytes_.resize(g.targets_.size());
  {
    std::vector<std::int64_t> next(count.begin(), count.end() - 1);
    for (const Edge& e : edges)
      if (e.bytes > 0) g.targets_[next[e.src]] = e.dst, g.bytes_[next[e.src]++] = e.bytes;
  }
  edges = std::vector<Edge>();  // release the input early: the big graphs are large
  for (int t = 0; t < num_tasks; ++t)
    impl::sort_row_by_target(g.targets_.data() + count[t], g.bytes_.data() + count[t],
                             count[t + 1] - count[t]);
  g.offsets_.assign(static_cast<std::size_t>(num_tasks) + 1, 0);
  std::int64_t kept = 0;  // merged messages so far; parallel edges add up into one
  for (int t = 0; t < num_tasks; ++t) {
    const std::int64_t row_start = kept;
    for (std::int64_t i = count[t]; i < count[t + 1]; ++i) {
      if (kept > row_start && g.targets_[kept - 1] == g.targets_[i]) {
        g.bytes_[kept - 1] += g.bytes_[i];
      } else {
        g.targets_[kept] = g.targets_[i];
        g.bytes_[kept++] = g.bytes_[i];
      }
      g.total_bytes_ += g.bytes_[i];
    }
    g.offsets_[t + 1] = kept;
  }
  g.targets_.resize(static_cast<std::size_t>(kept));
  g.bytes_.resize(static_cast<std::size_t>(kept));
  return g;
}

TaskGraph TaskGraph::from_csr(int num_tasks, std::vector<std::int64_t> offsets, std::vector<int> targets,
                              std::vector<double> bytes) {
  require(num_tasks >= 0, "task graph: negative number of tasks");
  require(offsets.size() == static_cast<std::size_t>(num_tasks) + 1 && offsets.front() == 0 &&
              offsets.back() == static_cast<std::int64_t>(targets.size()) && bytes.size() == targets.size(),
          "task graph: CSR arrays of inconsistent sizes");
  TaskGraph g;
  g.num_tasks_ = num_tasks;
  for (int t = 0; t < num_tasks; ++t) {  // the messages are built only on failure: this loop is the cost
    if (offsets[t] > offsets[t + 1])
      throw std::invalid_argument("task graph: CSR offsets decrease at task " + std::to_string(t));
    for (std::int64_t e = offsets[t]; e < offsets[t + 1]; ++e) {
      if (targets[e] < 0 || targets[e] >= num_tasks || (e > offsets[t] && targets[e - 1] >= targets[e]))
        throw std::invalid_argument("task graph: row " + std::to_string(t) +
                                    " of the CSR is not increasing inside [0, " + std::to_string(num_tasks) +
                                    ")");
      if (!std::isfinite(bytes[e]) || bytes[e] <= 0)
        throw std::invalid_argument("task graph: message " + std::to_string(e) + " has invalid bytes " +
                                    std::to_string(bytes[e]));
      g.total_bytes_ += bytes[e];
    }
  }
  g.offsets_ = std::move(offsets);
  g.targets_ = std::move(targets);
  g.bytes_ = std::move(bytes);
  return g;
}

std::vector<Edge> TaskGraph::edges() const {
  std::vector<Edge> out;
  out.reserve(targets_.size());
  for (int t = 0; t < num_tasks_; ++t)
    for (std::int64_t i = offsets_[t]; i < offsets_[t + 1]; ++i) out.push_back({t, targets_[i], bytes_[i]});
  return out;
}

void TaskGraph::set_coordinates(int dim, std::vector<double> xyz) {
  require(dim >= 0, "task graph: negative coordinate dimension");
  require(xyz.size() == static_cast<std::size_t>(dim) * static_cast<std::size_t>(num_tasks_),
          "task graph: " + std::to_string(xyz.size()) + " coordinates for " + std::to_string(num_tasks_) +
              " tasks of dimension " + std::to_string(dim));
  for (std::size_t i = 0; i < xyz.size(); ++i)  // NaN would make the geometric mappers return the identity
    if (!kCoordinateRange.contains(xyz[i]))
      check_range(xyz[i], kCoordinateRange,
                  "task graph: coordinate " + std::to_string(i % dim) + " of task " + std::to_string(i / dim));
  coord_dim_ = num_tasks_ > 0 ? dim : 0;
  coords_ = std::move(xyz);
}

void TaskGraph::set_task_weights(std::vector<double> weights) {
  require(weights.size() == static_cast<std::size_t>(num_tasks_),
          "task graph: " + std::to_string(weights.size()) + " task weights for " + std::to_string(num_tasks_) +
              " tasks");
  for (std::size_t t = 0; t < weights.size(); ++t)
    require(std::isfinite(weights[t]) && weights[t] >= 0,
            "task graph: the weight of task " + std::to_string(t) + " is not a finite non-negative number");
  weights_ = std::move(weights);
}

std::string_view to_string(PhaseKind kind) {
  return kind == PhaseKind::p2p ? "p2p" : "collective";
}

PhaseKind parse_phase_kind(std::string_view name) {
  if (name == "p2p") return PhaseKind::p2p;
  if (name == "collective") return PhaseKind::collective;
  throw std::invalid_argument("unknown phase kind '" + std::string(name) + "' (known: p2p, collective)");
}

std::string_view to_string(Posting posting) {
  switch (posting) {
    case Posting::sendrecv:
      return "sendrecv";
    case Posting::blocking:
      return "blocking";
    case Posting::nonblocking:
      break;
  }
  return "nonblocking";
}

Posting parse_posting(std::string_view name) {
  for (Posting p : {Posting::nonblocking, Posting::sendrecv, Posting::blocking})
    if (name == to_string(p)) return p;
  throw std::invalid_argument("unknown posting '" + std::string(name) +
                              "' (known: nonblocking, sendrecv, blocking)");
}

TaskGraph TaskGraph::from_phases(int num_tasks, std::vector<Phase> phases) {
  require(num_tasks >= 0, "task graph: negative number of tasks");
  std::vector<Edge> all;
  std::size_t size = 0;
  for (const Phase& p : phases) size += p.edges.size();
  all.reserve(size);
  for (const Phase& p : phases) {
    // Checked before the union so that the error names the phase.
    require(std::isfinite(p.count) && p.count >= 0,
            "task graph: phase '" + p.name + "' has invalid count " + std::to_string(p.count));
    if (p.launcher_order) continue;  // between slots, not tasks: no message of the mapped graph
    for (const Edge& e : p.edges) all.push_back({e.src, e.dst, e.bytes * p.count});
  }
  TaskGraph g;
  g.num_tasks_ = num_tasks;
  g.set_phases(std::move(phases));
  std::vector<Phase> kept = std::move(g.phases_);
  g = from_edges(num_tasks, std::move(all));
  g.phases_ = std::move(kept);
  return g;
}

void TaskGraph::set_phases(std::vector<Phase> phases) {
  for (const Phase& p : phases) {
    require(!p.name.empty() && p.name.find_first_of(" \t\r\n#") == std::string::npos,
            "task graph: phase name '" + p.name + "' is empty or has blanks or '#'");
    require(std::isfinite(p.count) && p.count >= 0,
            "task graph: phase '" + p.name + "' has invalid count " + std::to_string(p.count));
    for (std::size_t i = 0; i < p.edges.size(); ++i) {
      const Edge& e = p.edges[i];
      if (e.src < 0 || e.src >= num_tasks_ || e.dst < 0 || e.dst >= num_tasks_)
        throw std::invalid_argument("task graph: message " + std::to_string(i) + " (" +
                                    std::to_string(e.src) + " -> " + std::to_string(e.dst) + ") of phase '" +
                                    p.name + "' has an endpoint outside [0, " + std::to_string(num_tasks_) +
                                    ")");
      if (!std::isfinite(e.bytes) || e.bytes < 0)
        throw std::invalid_argument("task graph: message " + std::to_string(i) + " of phase '" + p.name +
                                    "' has invalid bytes " + std::to_string(e.bytes));
    }
  }
  phases_ = std::move(phases);
}

void TaskGraph::set_grid(GridShape grid) {
  require(!grid.dims.empty(), "task graph: grid shape has no dimensions");
  long long cells = 1;  // checked step by step so that a huge shape cannot overflow
  for (int n : grid.dims) {
    require(n >= 1, "task graph: grid dimension of size " + std::to_string(n));
    cells *= n;
    require(cells <= num_tasks_, "task graph: grid shape has more cells than the " +
                                     std::to_string(num_tasks_) + " tasks of the graph");
  }
  if (grid.periodic.empty()) grid.periodic.assign(grid.dims.size(), false);
  require(grid.periodic.size() == grid.dims.size(),
          "task graph: grid has " + std::to_string(grid.dims.size()) + " dimensions but " +
              std::to_string(grid.periodic.size()) + " periodicity flags");
  require(grid.size() == num_tasks_, "task graph: grid of " + std::to_string(grid.size()) +
                                         " tasks for a graph of " + std::to_string(num_tasks_));
  grid_ = std::move(grid);
}

}  // namespace tamp
