// A 3D FFT's transposes on a PR x PC process grid as apps/fft runs them (forward then backward transform,
// pencils or slabs), and the grid of least transposed volume it picks by default.
#include <limits>
#include <string>
#include <vector>

#include "generators/graph_limits.hpp"
#include "tamp/collectives.hpp"
#include "tamp/error.hpp"
#include "tamp/generators.hpp"

namespace tamp {
namespace {

constexpr double kComplex = 16;  // bytes of one double-complex element

// Planes of n held by rank i of p: the first n % p ranks hold one more.
double planes(int n, int p, int i) {
  return n / p + (i < n % p ? 1 : 0);
}

// One MPI_Alltoallv on one communicator as the pairwise exchange the simulated runs pin (smpi/alltoallv:pair,
// SimGrid's alltoallv-pair.cpp): round k = 1..P-1, member a exchanges with a XOR k (P a power of two; the
// simulator refuses other sizes), else with (a + k) mod P, as tamp::alltoall_pairwise; each round one
// Request::sendrecv (Posting::sendrecv), round 0's with itself a copy. `bytes(a, b)`: member a to member b;
// zero-byte pairs send nothing.
template <class Bytes>
CollectiveRounds alltoallv_pairwise(const std::vector<int>& ranks, Bytes&& bytes) {
  const int p = static_cast<int>(ranks.size());
  const bool power_of_two = (p & (p - 1)) == 0;
  CollectiveRounds rounds;
  for (int k = 1; k < p; ++k) {
    std::vector<Edge> round;
    for (int a = 0; a < p; ++a) {
      const int b = power_of_two ? a ^ k : (a + k) % p;
      const double size = bytes(a, b);
      if (size > 0) round.push_back({ranks[a], ranks[b], size});
    }
    if (!round.empty()) rounds.push_back(std::move(round));
  }
  return rounds;
}

}  // namespace

std::string fft_grid_problem(const std::array<int, 3>& n, int pr, int pc) {
  const struct {
    int dim;
    int ranks;
    const char* over;
  } needs[] = {{0, pr, "rows"}, {1, pc, "columns"}, {1, pr, "rows"}, {2, pc, "columns"}};
  for (const auto& need : needs) {
    if (n[need.dim] < need.ranks) {
      return "dimension " + std::to_string(need.dim) + " has " + std::to_string(n[need.dim]) +
             " planes for " + std::to_string(need.ranks) + " " + need.over + " of ranks";
    }
  }
  return "";
}

double fft_transposed_bytes(const std::array<int, 3>& n, int pr, int pc) {
  double elements = 0;
  // Row transposes: rank (r, c) sends n0(r) x n1(c) x n2(c') to each c' != c; column transposes: rank
  // (r, c) sends n2(c) x n0(r) x n1(r') to each r' != r (n1 over the rows after the first transpose).
  for (int c = 0; c < pc; ++c)
    for (int c2 = 0; c2 < pc; ++c2)
      if (c != c2) elements += double(n[0]) * planes(n[1], pc, c) * planes(n[2], pc, c2);
  for (int r = 0; r < pr; ++r)
    for (int r2 = 0; r2 < pr; ++r2)
      if (r != r2) elements += double(n[2]) * planes(n[0], pr, r) * planes(n[1], pr, r2);
  return 2 * kComplex * elements;  // forward and backward
}

std::array<int, 2> fft_default_grid(const std::array<int, 3>& n, int ranks) {
  require(ranks >= 1, "fft graph: " + std::to_string(ranks) + " ranks");
  // Least transposed volume among the true 2D grids that fit (ties: the first, more ranks per row); a prime
  // rank count, or none fitting, leaves the slab.
  double best = std::numeric_limits<double>::infinity();
  std::array<int, 2> grid{ranks, 1};
  for (int pr = 2; pr <= ranks / 2; ++pr) {
    if (ranks % pr != 0 || !fft_grid_problem(n, pr, ranks / pr).empty()) continue;
    const double bytes = fft_transposed_bytes(n, pr, ranks / pr);
    if (bytes < best) {
      best = bytes;
      grid = {pr, ranks / pr};
    }
  }
  return grid;
}

TaskGraph make_fft_graph(const FftGraphSpec& spec) {
  const auto& n = spec.n;
  for (int d = 0; d < 3; ++d)
    require(n[d] >= 1,
            "fft graph: dimension " + std::to_string(d) + " has " + std::to_string(n[d]) + " points");
  const int pr = spec.pr, pc = spec.pc;
  require(pr >= 1 && pc >= 1, "fft graph: process grid " + std::to_string(pr) + "x" + std::to_string(pc));
  const std::string problem = fft_grid_problem(n, pr, pc);
  require(problem.empty(), "fft graph: " + problem);
  // Each all-to-all of a row or column of m tasks is m (m - 1) messages, forward and backward.
  const double ranks = static_cast<double>(pr) * pc;
  impl::require_graph_size("fft graph: process grid " + std::to_string(pr) + "x" + std::to_string(pc), ranks,
                           2 * ranks * (pr - 1 + pc - 1));
  // Task t = r * pc + c; row r = the pc tasks of row r, column c = the pr tasks of column c.
  std::vector<std::vector<int>> rows(pr), columns(pc);
  std::vector<double> xy;
  for (int t = 0; t < pr * pc; ++t) {
    rows[t / pc].push_back(t);
    columns[t % pc].push_back(t);
    xy.push_back(t % pc);
    xy.push_back(t / pc);
  }
  // Forward: rows X -> Y (gather N1, split N2), columns Y -> Z (gather N0, split N1); backward: columns
  // Z -> Y, rows Y -> X. Row r's members are its columns c; column c's members are its rows r.
  std::vector<CollectiveRounds> rf, rb, cf, cb;
  for (int r = 0; r < pr; ++r) {
    const double n0 = planes(n[0], pr, r);
    rf.push_back(alltoallv_pairwise(
        rows[r], [&](int c, int c2) { return kComplex * n0 * planes(n[1], pc, c) * planes(n[2], pc, c2); }));
    rb.push_back(alltoallv_pairwise(
        rows[r], [&](int c, int c2) { return kComplex * n0 * planes(n[1], pc, c2) * planes(n[2], pc, c); }));
  }
  for (int c = 0; c < pc; ++c) {
    const double n2 = planes(n[2], pc, c);
    cf.push_back(alltoallv_pairwise(columns[c], [&](int r, int r2) {
      return kComplex * planes(n[0], pr, r) * planes(n[1], pr, r2) * n2;
    }));
    cb.push_back(alltoallv_pairwise(columns[c], [&](int r, int r2) {
      return kComplex * planes(n[0], pr, r2) * planes(n[1], pr, r) * n2;
    }));
  }
  std::vector<Phase> phases;
  add_collective(phases, "rows-forward", 1, rf, Posting::sendrecv);
  add_collective(phases, "columns-forward", 1, cf, Posting::sendrecv);
  add_collective(phases, "columns-backward", 1, cb, Posting::sendrecv);
  add_collective(phases, "rows-backward", 1, rb, Posting::sendrecv);
  TaskGraph graph = TaskGraph::from_phases(pr * pc, std::move(phases));
  graph.set_grid(GridShape{{pc, pr}, {false, false}});
  graph.set_coordinates(2, std::move(xy));
  return graph;
}

}  // namespace tamp
