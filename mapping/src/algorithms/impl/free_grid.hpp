// findNearest ([Bhatele10] §10.1, App. B): the free processor closest to a wanted one, on a processor grid
// whose cells are taken one by one. Two searches: the spiral (Alg. 10.1 / B.1, Fig. B.1 tie order,
// wrap-aware) and a 2^D-tree (quadtree in 2D, octree in 3D, §10.1.1) with free counts; nearest() uses the
// faster one for the grid.
#pragma once
#include <optional>
#include <vector>

namespace tamp::impl {

class FreeGrid {
 public:
  /// A D-dimensional grid (1 <= D <= 8), dimension 0 fastest; wrap[d]: distances wrap round dimension d.
  /// `available[cell]` false marks cells that are never free (nodes outside a sparse allocation); empty: all
  /// free.
  FreeGrid(std::vector<int> dims, std::vector<bool> wrap, std::vector<bool> available = {});

  int num_dims() const;
  int num_cells() const;
  int num_free() const;
  const std::vector<int>& dims() const;
  std::vector<int> coords(int cell) const;
  int cell(const std::vector<int>& coords) const;
  /// Hops between two cells (per dimension |delta|, or min(|delta|, n - |delta|) when wrapping).
  int distance(int a, int b) const;

  bool is_free(int cell) const;
  /// Marks a free cell taken; throws std::invalid_argument when it is not free.
  void take(int cell);

  /// The free cell nearest to `wanted` (which may itself be free); std::nullopt when none is left.
  /// Ties: the spiral's enumeration order of [Bhatele10] Fig. B.1, generalised to D dimensions.
  std::optional<int> nearest_spiral(int wanted) const;
  /// Same distance as nearest_spiral, by the 2^D-tree of free counts. It breaks ties by the spiral's order
  /// too, so it returns the very same cell (the tests check both).
  std::optional<int> nearest_tree(int wanted) const;
  /// The spiral out to a ball of 128 cells, then the tree: fastest in the mappers, bounded when free cells
  /// are far (measured: tests/bench/bench_find_nearest.cpp, docs/algorithms/regular.md).
  std::optional<int> nearest(int wanted) const;

 private:
  struct Query;  // one search: the wanted cell's coordinates and the best cell so far (free_grid.cpp)

  Query make_query(int wanted) const;
  int offset(int d, int from, int to) const;  // signed offset along d as the spiral enumerates it
  int spiral(const Query& q, int max_distance) const;
  int spiral_dim(const Query& q, int d, int remaining, int base) const;
  int tree_search(Query& q, int wanted) const;
  void tree_descend(Query& q, int node, int skip) const;
  void tree_visit(Query& q, int node, int bound) const;
  void tree_consider_cell(Query& q, int cell) const;
  int box_lower_bound(const Query& q, const int* lo, const int* hi) const;
  int box_exit_bound(const Query& q, const int* lo, const int* hi) const;
  void tree_consider_closest(Query& q, const int* lo, const int* hi) const;
  void build_tree();

  std::vector<int> dims_;
  std::vector<char> wrap_;   // per dimension (not vector<bool>: read in the inner loops)
  std::vector<int> stride_;  // cell = sum coords[d] * stride_[d]
  std::vector<char> free_;   // per cell: available and not taken
  int num_free_ = 0;
  int spiral_radius_ = 0;  // nearest(): the spiral's reach before the tree takes over

  // The 2^D-tree: internal nodes are boxes split in two along every dimension longer than 1 (lower half
  // floor(n/2) cells); leaves are cells. A child reference is a node index (>= 0) or ~cell (< 0).
  std::vector<int> node_lo_, node_hi_;  // D inclusive bounds per internal node
  std::vector<int> node_free_;          // free cells below each internal node
  std::vector<int> node_parent_;        // -1 at the root
  std::vector<int> node_children_;      // start of its children in children_
  std::vector<int> children_;
  std::vector<int> parent_of_cell_;  // internal node holding each cell (-1 for a single-cell grid)
};

}  // namespace tamp::impl
