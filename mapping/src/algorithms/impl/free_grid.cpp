// findNearest: the spiral of [Bhatele10] Alg. 10.1 / Fig. B.1 in D dimensions, and the 2^D-tree of §10.1.1 /
// Fig. B.4.
//
// Both return the same cell: the nearest free one, ties broken by the spiral's enumeration order, which
// within a shell of distance d is lexicographic in the signed offsets (o_0, ..., o_{D-2}) (each from -d
// upwards, clipped to the grid), then +o_{D-1} before -o_{D-1} (Fig. B.1 tries y + j before y - j). On a
// wrapping dimension of n cells an offset is taken in [-floor(n/2), ceil(n/2) - 1], so a cell is reached once
// (the -n/2 side when n is even).
#include "algorithms/impl/free_grid.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdlib>
#include <string>

#include "tamp/error.hpp"

namespace tamp::impl {

// Fixed-size scratch, so a query allocates nothing (the mapping algorithms make one per object).
constexpr int kMaxDims = 8;

struct FreeGrid::Query {
  std::array<int, kMaxDims> p;          // coordinates of the wanted cell
  std::array<int, kMaxDims + 1> reach;  // reach[d]: largest distance dimensions d.. can add (spiral pruning)
  int best = -1;                        // best cell so far (tree)
  int best_distance = INT_MAX;
  std::array<int, kMaxDims> best_offset;
  std::array<int, kMaxDims> offset;
  std::array<int, 2 * kMaxDims> choice;  // scratch of tree_consider_closest
  std::array<int, kMaxDims> choices, pick;
};

namespace {

int ring_distance(int a, int b, int n, bool wrap) {
  const int delta = std::abs(a - b);
  return wrap ? std::min(delta, n - delta) : delta;
}

// nearest() spirals out to the largest distance whose ball holds at most kSpiralCells cells, then asks the
// tree. The mapping algorithms mostly find a free cell one or two hops away, where the spiral's few probes
// beat the tree's walk (measured: tests/bench/bench_find_nearest.cpp and the regular mappers); the tree
// bounds the far searches, where the spiral costs O(d^D).
constexpr long long kSpiralCells = 128;

// Cells within distance r of a cell of Z^D: sum_k 2^k C(D,k) C(r,k).
long long ball_cells(int dims, int r) {
  long long total = 0, c_dims = 1, c_r = 1;
  for (int k = 0; k <= std::min(dims, r); ++k) {
    total += (1LL << k) * c_dims * c_r;
    c_dims = c_dims * (dims - k) / (k + 1);
    c_r = c_r * (r - k) / (k + 1);
  }
  return total;
}

int spiral_reach(int dims) {
  int r = 0;
  while (ball_cells(dims, r + 1) <= kSpiralCells) ++r;
  return r;
}

}  // namespace

FreeGrid::FreeGrid(std::vector<int> dims, std::vector<bool> wrap, std::vector<bool> available)
    : dims_(std::move(dims)), wrap_(wrap.begin(), wrap.end()) {
  require(!dims_.empty() && dims_.size() <= kMaxDims, "FreeGrid: needs 1 to 8 dimensions");
  if (wrap_.empty()) wrap_.assign(dims_.size(), 0);
  require(wrap_.size() == dims_.size(), "FreeGrid: one wrap flag per dimension");
  long long cells = 1;
  stride_.resize(dims_.size());
  for (size_t d = 0; d < dims_.size(); ++d) {
    require(dims_[d] >= 1, "FreeGrid: dimensions must be positive");
    stride_[d] = static_cast<int>(cells);
    cells *= dims_[d];
    require(cells <= INT_MAX, "FreeGrid: too many cells");
  }
  require(available.empty() || available.size() == static_cast<size_t>(cells),
          "FreeGrid: one availability flag per cell");
  free_.assign(cells, 1);
  if (!available.empty())
    for (long long c = 0; c < cells; ++c) free_[c] = available[c] ? 1 : 0;
  num_free_ = static_cast<int>(std::count(free_.begin(), free_.end(), 1));
  spiral_radius_ = spiral_reach(num_dims());
  build_tree();
}

int FreeGrid::num_dims() const {
  return static_cast<int>(dims_.size());
}
int FreeGrid::num_cells() const {
  return static_cast<int>(free_.size());
}
int FreeGrid::num_free() const {
  return num_free_;
}
const std::vector<int>& FreeGrid::dims() const {
  return dims_;
}

std::vector<int> FreeGrid::coords(int cell) const {
  std::vector<int> c(dims_.size());
  for (size_t d = 0; d < dims_.size(); ++d) c[d] = cell / stride_[d] % dims_[d];
  return c;
}

int FreeGrid::cell(const std::vector<int>& coords) const {
  require(coords.size() == dims_.size(), "FreeGrid: wrong number of coordinates");
  int index = 0;
  for (size_t d = 0; d < dims_.size(); ++d) {
    require(coords[d] >= 0 && coords[d] < dims_[d], "FreeGrid: coordinates outside the grid");
    index += coords[d] * stride_[d];
  }
  return index;
}

int FreeGrid::distance(int a, int b) const {
  int hops = 0;
  for (size_t d = 0; d < dims_.size(); ++d)
    hops += ring_distance(a / stride_[d] % dims_[d], b / stride_[d] % dims_[d], dims_[d], wrap_[d]);
  return hops;
}

bool FreeGrid::is_free(int cell) const {
  return cell >= 0 && cell < num_cells() && free_[cell];
}

void FreeGrid::take(int cell) {
  require(is_free(cell), "FreeGrid: cell " + std::to_string(cell) + " is not free");
  free_[cell] = 0;
  --num_free_;
  for (int node = parent_of_cell_[cell]; node >= 0; node = node_parent_[node]) --node_free_[node];
}

int FreeGrid::offset(int d, int from, int to) const {
  int o = to - from;
  if (wrap_[d]) {
    const int n = dims_[d];
    if (o >= (n + 1) / 2)
      o -= n;
    else if (o < -(n / 2))
      o += n;
  }
  return o;
}

// ---- spiral (Alg. 10.1, Fig. B.1; Alg. B.1 without rescanning inner shells) ----

// Tries every cell whose offsets along dimensions d.. add up to `remaining`, in the spiral's order.
int FreeGrid::spiral_dim(const Query& q, int d, int remaining, int base) const {
  const int n = dims_[d], p = q.p[d];
  const int last = num_dims() - 1;
  if (d == last) {
    // +remaining, then -remaining (Fig. B.1: y + j before y - j).
    for (int sign : {1, -1}) {
      if (sign < 0 && remaining == 0) break;
      int c = p + sign * remaining;
      if (wrap_[d]) {
        if (remaining > n / 2 || (sign < 0 && 2 * remaining == n))
          continue;  // beyond, or reached already by +
        c = (c % n + n) % n;
      } else if (c < 0 || c >= n) {
        continue;
      }
      if (free_[base + c * stride_[d]]) return base + c * stride_[d];
    }
    return -1;
  }
  int from, to;
  if (wrap_[d]) {
    from = -std::min(remaining, n / 2);
    to = std::min(remaining, (n + 1) / 2 - 1);
  } else {
    from = std::max(-remaining, -p);
    to = std::min(remaining, n - 1 - p);
  }
  for (int o = from; o <= to; ++o) {
    const int rest = remaining - std::abs(o);
    if (rest > q.reach[d + 1]) continue;  // the other dimensions cannot go that far
    const int c = wrap_[d] ? ((p + o) % n + n) % n : p + o;
    const int found = spiral_dim(q, d + 1, rest, base + c * stride_[d]);
    if (found >= 0) return found;
  }
  return -1;
}

int FreeGrid::spiral(const Query& q, int max_distance) const {
  for (int d = 1; d <= std::min(max_distance, q.reach[0]); ++d) {
    const int found = spiral_dim(q, 0, d, 0);
    if (found >= 0) return found;
  }
  return -1;
}

FreeGrid::Query FreeGrid::make_query(int wanted) const {
  require(wanted >= 0 && wanted < num_cells(), "FreeGrid: wanted cell outside the grid");
  Query q;
  const int dims = num_dims();
  for (int d = 0; d < dims; ++d) q.p[d] = wanted / stride_[d] % dims_[d];
  q.reach[dims] = 0;
  for (int d = dims - 1; d >= 0; --d) {
    const int n = dims_[d], p = q.p[d];
    q.reach[d] = q.reach[d + 1] + (wrap_[d] ? n / 2 : std::max(p, n - 1 - p));
  }
  return q;
}

std::optional<int> FreeGrid::nearest_spiral(int wanted) const {
  require(wanted >= 0 && wanted < num_cells(), "FreeGrid: wanted cell outside the grid");
  if (free_[wanted]) return wanted;
  if (num_free_ == 0) return std::nullopt;
  const Query q = make_query(wanted);
  const int found = spiral(q, INT_MAX);
  return found >= 0 ? std::optional<int>(found) : std::nullopt;
}

// ---- 2^D-tree (§10.1.1, Fig. B.3/B.4) ----

void FreeGrid::build_tree() {
  const int dims = num_dims();
  parent_of_cell_.assign(free_.size(), -1);
  if (num_cells() == 1) return;
  node_lo_.assign(dims, 0);
  node_hi_.resize(dims);
  for (int d = 0; d < dims; ++d) node_hi_[d] = dims_[d] - 1;
  node_parent_.push_back(-1);
  std::vector<int> lo(dims), hi(dims), split;
  // Nodes are numbered breadth first, so node i's children follow node i-1's in children_.
  for (int node = 0; node < static_cast<int>(node_parent_.size()); ++node) {
    node_children_.push_back(static_cast<int>(children_.size()));
    split.clear();
    for (int d = 0; d < dims; ++d)
      if (node_hi_[node * dims + d] > node_lo_[node * dims + d]) split.push_back(d);
    for (int k = 0; k < (1 << split.size()); ++k) {
      for (int d = 0; d < dims; ++d) lo[d] = node_lo_[node * dims + d], hi[d] = node_hi_[node * dims + d];
      for (size_t j = 0; j < split.size(); ++j) {
        const int d = split[j];
        const int mid = lo[d] + (hi[d] - lo[d] + 1) / 2;
        if (k >> j & 1)
          lo[d] = mid;
        else
          hi[d] = mid - 1;
      }
      bool single = true;
      for (int d = 0; d < dims; ++d) single = single && lo[d] == hi[d];
      if (single) {
        int cell = 0;
        for (int d = 0; d < dims; ++d) cell += lo[d] * stride_[d];
        parent_of_cell_[cell] = node;
        children_.push_back(~cell);
      } else {
        children_.push_back(static_cast<int>(node_parent_.size()));
        node_parent_.push_back(node);
        node_lo_.insert(node_lo_.end(), lo.begin(), lo.end());
        node_hi_.insert(node_hi_.end(), hi.begin(), hi.end());
      }
    }
  }
  node_children_.push_back(static_cast<int>(children_.size()));
  // Children have larger numbers than their parent: count free cells bottom up.
  node_free_.assign(node_parent_.size(), 0);
  for (int node = static_cast<int>(node_parent_.size()) - 1; node >= 0; --node)
    for (int i = node_children_[node]; i < node_children_[node + 1]; ++i) {
      const int child = children_[i];
      node_free_[node] += child < 0 ? free_[~child] : node_free_[child];
    }
}

// Fewest hops from the wanted cell to any cell of the box [lo, hi] (hopsToSubTree of Fig. B.4, wrap-aware).
int FreeGrid::box_lower_bound(const Query& q, const int* lo, const int* hi) const {
  int hops = 0;
  for (int d = 0; d < num_dims(); ++d) {
    const int p = q.p[d];
    if (p >= lo[d] && p <= hi[d]) continue;
    hops += wrap_[d]
                ? std::min(ring_distance(p, lo[d], dims_[d], true), ring_distance(p, hi[d], dims_[d], true))
                : (p < lo[d] ? lo[d] - p : p - hi[d]);
  }
  return hops;
}

// Fewest hops from the wanted cell (inside the box) to any cell outside it; INT_MAX for the whole grid.
int FreeGrid::box_exit_bound(const Query& q, const int* lo, const int* hi) const {
  int hops = INT_MAX;
  for (int d = 0; d < num_dims(); ++d) {
    const int n = dims_[d], p = q.p[d];
    if (lo[d] == 0 && hi[d] == n - 1) continue;
    if (wrap_[d]) {
      hops = std::min(
          {hops, ring_distance(p, (lo[d] + n - 1) % n, n, true), ring_distance(p, (hi[d] + 1) % n, n, true)});
    } else {
      if (lo[d] > 0) hops = std::min(hops, p - lo[d] + 1);
      if (hi[d] < n - 1) hops = std::min(hops, hi[d] - p + 1);
    }
  }
  return hops;
}

// A box no nearer than the best distance holds cells at that very distance only where it is nearest to the
// wanted cell: per dimension the wanted coordinate when inside, else the nearer end (both ends when a ring
// puts them at the same distance). Those few cells are tried directly (a tie may come earlier in the spiral's
// order).
void FreeGrid::tree_consider_closest(Query& q, const int* lo, const int* hi) const {
  const int dims = num_dims();
  for (int d = 0; d < dims; ++d) {
    const int n = dims_[d], p = q.p[d];
    int* choice = &q.choice[2 * d];
    if (p >= lo[d] && p <= hi[d]) {
      choice[0] = p, q.choices[d] = 1;
    } else if (!wrap_[d]) {
      choice[0] = p < lo[d] ? lo[d] : hi[d], q.choices[d] = 1;
    } else {
      const int to_lo = ring_distance(p, lo[d], n, true), to_hi = ring_distance(p, hi[d], n, true);
      choice[0] = to_lo <= to_hi ? lo[d] : hi[d], q.choices[d] = 1;
      if (to_lo == to_hi && lo[d] != hi[d]) choice[1] = hi[d], q.choices[d] = 2;
    }
  }
  std::fill(q.pick.begin(), q.pick.begin() + dims, 0);
  while (true) {
    int cell = 0;
    for (int d = 0; d < dims; ++d) cell += q.choice[2 * d + q.pick[d]] * stride_[d];
    tree_consider_cell(q, cell);
    int d = 0;
    while (d < dims && ++q.pick[d] == q.choices[d]) q.pick[d++] = 0;
    if (d == dims) return;
  }
}

void FreeGrid::tree_consider_cell(Query& q, int cell) const {
  if (!free_[cell]) return;
  const int dims = num_dims();
  int hops = 0;
  for (int d = 0; d < dims; ++d) {
    q.offset[d] = offset(d, q.p[d], cell / stride_[d] % dims_[d]);
    hops += std::abs(q.offset[d]);
  }
  if (hops > q.best_distance) return;
  if (hops == q.best_distance) {
    // The spiral's order: offsets of dimensions 0..D-2 ascending, then + before - along the last one.
    int d = 0;
    while (d < dims - 1 && q.offset[d] == q.best_offset[d]) ++d;
    const bool earlier = d < dims - 1 ? q.offset[d] < q.best_offset[d] : q.offset[d] > q.best_offset[d];
    if (!earlier) return;
  }
  q.best = cell;
  q.best_distance = hops;
  q.best_offset = q.offset;
}

// Searches the children of an internal node but `skip`. (Visiting the nearest box first was tried: sorting
// cost more than the pruning it bought, since the boxes a search must open are those nearer than the answer.)
void FreeGrid::tree_descend(Query& q, int node, int skip) const {
  const int dims = num_dims();
  for (int i = node_children_[node]; i < node_children_[node + 1]; ++i) {
    const int child = children_[i];
    if (child == skip) continue;
    if (child < 0) {
      tree_consider_cell(q, ~child);
    } else if (node_free_[child] > 0) {  // pruning criterion 1
      tree_visit(q, child, box_lower_bound(q, &node_lo_[child * dims], &node_hi_[child * dims]));
    }
  }
}

void FreeGrid::tree_visit(Query& q, int node, int bound) const {
  if (bound > q.best_distance) return;  // pruning criterion 2
  const int dims = num_dims();
  if (bound == q.best_distance)
    return tree_consider_closest(q, &node_lo_[node * dims], &node_hi_[node * dims]);
  tree_descend(q, node, INT_MAX);
}

// Fig. B.4: from the wanted cell's leaf up towards the root, searching the siblings of each subtree left
// behind; the climb stops once nothing outside the current subtree can be as close as the best cell found.
int FreeGrid::tree_search(Query& q, int wanted) const {
  const int dims = num_dims();
  int came_from = ~wanted;
  for (int node = parent_of_cell_[wanted]; node >= 0; came_from = node, node = node_parent_[node]) {
    tree_descend(q, node, came_from);
    if (q.best >= 0 && q.best_distance < box_exit_bound(q, &node_lo_[node * dims], &node_hi_[node * dims]))
      break;
  }
  return q.best;
}

std::optional<int> FreeGrid::nearest_tree(int wanted) const {
  require(wanted >= 0 && wanted < num_cells(), "FreeGrid: wanted cell outside the grid");
  if (free_[wanted]) return wanted;
  if (num_free_ == 0) return std::nullopt;
  Query q = make_query(wanted);
  return tree_search(q, wanted);
}

std::optional<int> FreeGrid::nearest(int wanted) const {
  require(wanted >= 0 && wanted < num_cells(), "FreeGrid: wanted cell outside the grid");
  if (free_[wanted]) return wanted;
  if (num_free_ == 0) return std::nullopt;
  Query q = make_query(wanted);
  const int found = spiral(q, spiral_radius_);
  return found >= 0 ? found : tree_search(q, wanted);
}

}  // namespace tamp::impl
