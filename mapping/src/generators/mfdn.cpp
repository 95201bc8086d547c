// MFDn's Lanczos step as phases: the column and row broadcasts and reductions of the SpMV ([Aktulga12] §2.1,
// §3), binomial trees or MPICH's long-message algorithms, and the collectives of the orthogonalisation on the
// refolded grid (§2.2).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "generators/graph_limits.hpp"
#include "tamp/collectives.hpp"
#include "tamp/error.hpp"
#include "tamp/generators.hpp"

namespace tamp {

std::vector<std::array<int, 2>> mfdn_orth_groups(int nd, MfdnOrdering ordering) {
  const auto pos = mfdn_grid_positions(nd, ordering);
  std::vector<std::array<int, 2>> groups(pos.size());
  for (std::size_t t = 0; t < pos.size(); ++t) {
    const int a = std::min(pos[t][0], pos[t][1]);
    const int b = std::max(pos[t][0], pos[t][1]);
    const int d = b - a;
    groups[t] = d <= nd - d ? std::array<int, 2>{a, d} : std::array<int, 2>{b, nd - d};
  }
  return groups;
}

MfdnCollectives parse_mfdn_collectives(std::string_view name) {
  if (name == "binomial") return MfdnCollectives::binomial;
  if (name == "mpich") return MfdnCollectives::mpich;
  throw std::invalid_argument("unknown MFDn collectives '" + std::string(name) + "' (expected binomial or mpich)");
}

std::string_view to_string(MfdnCollectives collectives) {
  return collectives == MfdnCollectives::mpich ? "mpich" : "binomial";
}

namespace {

// One part of a collective's algorithm (a scatter, a ring, ...) on every group, posted one way.
struct Part {
  std::vector<CollectiveRounds> groups;
  Posting posting;
};

// Appends a collective made of `parts` in turn. Each part is padded to its most rounds over the groups, so
// round K is the same part, posted alike, in every group; a rank skips the rounds it has no message in.
void add_parts(std::vector<Phase>& phases, const std::string& name, std::vector<Part> parts) {
  std::vector<CollectiveRounds> groups(parts.front().groups.size());
  std::vector<Posting> posting;
  for (Part& part : parts) {
    std::size_t most = 0;
    for (const auto& g : part.groups) most = std::max(most, g.size());
    for (std::size_t g = 0; g < groups.size(); ++g) {
      part.groups[g].resize(most);
      groups[g].insert(groups[g].end(), part.groups[g].begin(), part.groups[g].end());
    }
    posting.insert(posting.end(), most, part.posting);
  }
  add_collective(phases, name, 1, groups, posting);
}

// An upper estimate of the graph's messages: per column and row group of m tasks, a binomial broadcast and
// reduction (m - 1 each) or MPICH's (a scatter and a ring allgather, m^2; a reduce-scatter by halving and a
// gather, m (log2 m + 2)); and the orthogonalisation's scatter, gather and two recursive-doubling allreduces.
double mfdn_messages(const MfdnGraphSpec& spec, const std::vector<std::array<int, 2>>& pos) {
  std::vector<double> members(2 * static_cast<std::size_t>(spec.nd), 0);
  for (const auto& ij : pos) {
    ++members[static_cast<std::size_t>(ij[1])];            // column j
    ++members[static_cast<std::size_t>(spec.nd + ij[0])];  // row i
  }
  double messages = 0;
  for (double m : members) {
    if (m < 2) continue;
    messages += spec.collectives == MfdnCollectives::binomial ? 2 * (m - 1)
                                                              : m * m + m * (std::log2(m) + 2);
  }
  const double tasks = static_cast<double>(pos.size());
  if (spec.orthogonalisation) messages += 2 * tasks + 2 * tasks * (std::log2(tasks) + 2);
  return messages;
}

}  // namespace

TaskGraph make_mfdn_graph(const MfdnGraphSpec& spec) {
  // The tasks before their positions are laid out, the messages (an upper estimate) before any is built.
  const double grid_tasks = 0.5 * spec.nd * (spec.nd + 1.0);
  impl::require_graph_size("mfdn graph: nd = " + std::to_string(spec.nd), grid_tasks, 0);
  const auto pos = mfdn_grid_positions(spec.nd, spec.ordering);
  require(spec.n >= 0, "mfdn graph: negative vector length");
  require(spec.vectors >= 0, "mfdn graph: negative number of vectors");
  const int nd = spec.nd;
  const int tasks = static_cast<int>(pos.size());
  impl::require_graph_size("mfdn graph: nd = " + std::to_string(nd), tasks, mfdn_messages(spec, pos));
  const auto n = static_cast<std::int64_t>(std::llround(spec.n > 0 ? spec.n : 1e6 * nd));
  // Segment s of the vector is [n s / nd, n (s + 1) / nd): sizes differ by at most one (as apps/lanczos cuts
  // it).
  const auto segment_begin = [&](std::int64_t s) { return n * s / nd; };
  const auto segment_bytes = [&](int s) {
    return 8.0 * static_cast<double>(segment_begin(s + 1) - segment_begin(s));
  };

  // Groups keyed so that the diagonal block is relative rank 0 (MPI_Comm_split key = (row - col) mod nd for a
  // column, (col - row) mod nd for a row), then ascending key.
  std::vector<std::vector<std::pair<int, int>>> cols(nd), rows(nd);  // (key, rank)
  std::vector<double> xy(pos.size() * 2);
  for (std::size_t rank = 0; rank < pos.size(); ++rank) {
    const int i = pos[rank][0], j = pos[rank][1];
    cols[j].push_back({(i - j + nd) % nd, static_cast<int>(rank)});
    rows[i].push_back({(j - i + nd) % nd, static_cast<int>(rank)});
    xy[2 * rank] = j;  // x = column, y = row
    xy[2 * rank + 1] = i;
  }
  const auto members = [](std::vector<std::pair<int, int>> g) {
    std::sort(g.begin(), g.end());
    std::vector<int> ranks;
    for (const auto& kr : g) ranks.push_back(kr.second);
    return ranks;
  };
  // Column j carries segment j, row i segment i; each group's root is its diagonal task (relative rank 0).
  const auto bcast = [&](const std::vector<std::vector<std::pair<int, int>>>& groups) {
    std::vector<Part> parts = {{{}, Posting::blocking}, {{}, Posting::sendrecv}};
    for (int j = 0; j < nd; ++j) {
      const std::vector<int> ranks = members(groups[j]);
      if (spec.collectives == MfdnCollectives::binomial) {
        parts[0].groups.push_back(bcast_binomial(ranks, 0, segment_bytes(j)));
      } else if (ranks.size() < 8) {  // MPICH broadcasts on fewer than 8 ranks by the binomial tree
        parts[0].groups.push_back(bcast_binomial(ranks, 0, segment_bytes(j)));
        parts[1].groups.emplace_back();
      } else {
        parts[0].groups.push_back(bcast_scatter_binomial(ranks, 0, segment_bytes(j)));
        parts[1].groups.push_back(bcast_allgather_ring(ranks, 0, segment_bytes(j)));
      }
    }
    if (parts[1].groups.empty()) parts.pop_back();
    return parts;
  };
  const auto reduce = [&](const std::vector<std::vector<std::pair<int, int>>>& groups) {
    std::vector<Part> parts = {{{}, Posting::blocking}, {{}, Posting::sendrecv}, {{}, Posting::blocking}};
    for (int j = 0; j < nd; ++j) {
      const std::vector<int> ranks = members(groups[j]);
      if (spec.collectives == MfdnCollectives::binomial) {
        parts[0].groups.push_back(reduce_binomial(ranks, 0, segment_bytes(j)));
      } else {
        parts[0].groups.push_back(reduce_fold(ranks, segment_bytes(j)));
        parts[1].groups.push_back(reduce_scatter_halving(ranks, segment_bytes(j)));
        parts[2].groups.push_back(reduce_gather_binomial(ranks, 0, segment_bytes(j)));
      }
    }
    if (parts[1].groups.empty()) parts.resize(1);
    return parts;
  };
  std::vector<Phase> phases;
  add_parts(phases, "column-bcast", bcast(cols));
  add_parts(phases, "row-bcast", bcast(rows));
  add_parts(phases, "row-reduce", reduce(rows));
  add_parts(phases, "column-reduce", reduce(cols));

  if (spec.orthogonalisation) {
    // The diagonal task of segment g scatters it over group g (MPI_Scatterv: member k of m gets doubles
    // [seg k / m, seg (k + 1) / m) of the segment's seg), the projections sum `vectors` coefficients twice
    // and the norm one, and the new vector's pieces come back (MPI_Gatherv).
    std::vector<std::vector<std::pair<int, int>>> orth(nd);
    const auto groups = mfdn_orth_groups(nd, spec.ordering);
    for (int t = 0; t < tasks; ++t) orth[groups[t][0]].push_back({groups[t][1], t});
    std::vector<CollectiveRounds> scatter, gather;
    for (int g = 0; g < nd; ++g) {
      if (orth[g].empty()) continue;
      const std::vector<int> ranks = members(orth[g]);
      const std::int64_t seg = segment_begin(g + 1) - segment_begin(g);
      const auto m = static_cast<std::int64_t>(ranks.size());
      CollectiveRounds out = scatter_linear(ranks, 0, 8.0);
      for (auto& round : out)
        for (Edge& e : round) {
          const auto k =
              static_cast<std::int64_t>(std::find(ranks.begin(), ranks.end(), e.dst) - ranks.begin());
          e.bytes = 8.0 * static_cast<double>(seg * (k + 1) / m - seg * k / m);
        }
      CollectiveRounds back = out;
      for (auto& round : back)
        for (Edge& e : round) std::swap(e.src, e.dst);
      scatter.push_back(std::move(out));
      gather.push_back(std::move(back));
    }
    std::vector<int> all(static_cast<std::size_t>(tasks));
    std::iota(all.begin(), all.end(), 0);
    add_collective(phases, "orth-scatter", 1, scatter);
    add_collective(phases, "orth-allreduce", 2, {allreduce_rdb(all, 8.0 * spec.vectors)},
                   allreduce_rdb_posting(tasks));
    add_collective(phases, "norm-allreduce", 1, {allreduce_rdb(all, 8.0)}, allreduce_rdb_posting(tasks));
    add_collective(phases, "orth-gather", 1, gather);
  }
  TaskGraph graph = TaskGraph::from_phases(tasks, std::move(phases));
  graph.set_coordinates(2, std::move(xy));
  return graph;
}

}  // namespace tamp
