// The triangular processor grid of [Aktulga12] §2.1-2.2: which block each task holds, the vector segments,
// the row and column groups of the SpMV and the refolded groups of the orthogonalisation.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/mapping.hpp"
#include "tamp/generators.hpp"
#include "tamp/mfdn.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::lanczos {

class Grid {
 public:
  /// Task t holds block (row, col) = mfdn_grid_positions(nd, ordering)[t] of an n x n matrix.
  Grid(int nd, MfdnOrdering ordering, std::int64_t n);

  int nd() const { return nd_; }
  int tasks() const { return static_cast<int>(pos_.size()); }
  std::int64_t n() const { return n_; }
  int row(int task) const { return pos_[task][0]; }
  int col(int task) const { return pos_[task][1]; }
  bool diagonal(int task) const { return row(task) == col(task); }

  /// Segment s of the vector: [segment_begin(s), segment_begin(s + 1)), sizes differ by at most one.
  std::int64_t segment_begin(int s) const { return n_ * s / nd_; }
  std::int64_t segment_size(int s) const { return segment_begin(s + 1) - segment_begin(s); }

  /// Keys in the row and column groups: the diagonal block is 0 (the root), then (col - row) mod nd in a row
  /// and (row - col) mod nd in a column (as in make_mfdn_graph).
  int row_key(int task) const { return (col(task) - row(task) + nd_) % nd_; }
  int col_key(int task) const { return (row(task) - col(task) + nd_) % nd_; }

  /// The refolded grid ([Aktulga12] §2.2, Fig. 3): block {a, b} joins the orthogonalisation group of segment
  /// a when (b - a) mod nd <= nd / 2 (ties to the smaller index), else that of b; key = that distance, so the
  /// diagonal block is the root. For odd nd every group has (nd + 1) / 2 members. Same for every layout.
  int orth_group(int task) const { return orth_[task][0]; }
  int orth_key(int task) const { return orth_[task][1]; }
  int orth_group_size(int group) const { return orth_size_[group]; }
  /// Piece `key` of segment `group` in its group: offsets within the segment, sizes differ by at most one.
  std::int64_t piece_begin(int group, int key) const { return segment_size(group) * key / orth_size_[group]; }
  std::int64_t piece_size(int group, int key) const {
    return piece_begin(group, key + 1) - piece_begin(group, key);
  }

 private:
  int nd_;
  std::int64_t n_;
  std::vector<std::array<int, 2>> pos_;
  std::vector<std::array<int, 2>> orth_;  // (group, key)
  std::vector<int> orth_size_;
};

/// Ordering `o` as a mapping of `grid`'s tasks: the block `o` gives rank r goes to slot r. Empty when `o`
/// lays the blocks out differently (dm and cm share the lower triangle; bdm and bcm have layouts of their
/// own) or needs an odd nd.
std::vector<int> ordering_slots(const Grid& grid, MfdnOrdering o);

/// The SpMV messages of one Lanczos step alone (make_mfdn_graph without the orthogonalisation, a segment of
/// doubles each): what [Aktulga12]'s per-group D, T, X are computed on.
TaskGraph spmv_task_graph(int nd, MfdnOrdering ordering, std::int64_t n);

/// The `tamp-map gen` spec of one timed Lanczos step as this app runs it (generators.md, `mfdn:`): the SpMV
/// trees and the orthogonalisation, `vectors` = the mean number of Lanczos vectors the two projections sum
/// over the timed steps (step s, 0-based, projects against s + 1 vectors: warmup + (iterations + 1) / 2), and
/// `collectives=mpich` when the SpMV's collectives are MPICH's long-message algorithms.
std::string lanczos_graph_spec(int nd, MfdnOrdering ordering, std::int64_t n, int warmup, int iterations,
                               MfdnCollectives collectives = MfdnCollectives::binomial);

/// The messages of `graph` within column groups (S1, S5) or within row groups (S2, S4), one unit each, so
/// that evaluate() gives [Aktulga12]'s D, T and X (Eq. 1-3) per communicator group.
TaskGraph group_messages(const TaskGraph& graph, const Grid& grid, bool columns);

/// [Aktulga12]'s per-group figures: D = hops per message (Eq. 1), T = routes per link averaged over the links
/// that carry any (Eq. 3 over the links in use; over every link of a big torus it would be ~0), X = max
/// routes per link / relative link capacity (y links of a Gemini torus count half).
struct GroupDtx {
  double dilation = 0;
  double traffic = 0;
  double congestion = 0;
  std::int64_t messages = 0;
};
GroupDtx group_dtx(const TaskGraph& unit_messages, const Allocation& job, const Mapping& mapping);

}  // namespace tamp::lanczos
