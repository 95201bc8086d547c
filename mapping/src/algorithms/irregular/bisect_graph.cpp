// Graph bisection for `rb`: greedy graph growing for a start, Fiduccia-Mattheyses passes to cut fewer bytes.
// Sizes are exact (the parts go onto node sets of fixed size), so FM moves keep the sides within one vertex
// of the target and only balanced prefixes of a pass are kept.
#include <algorithm>
#include <cmath>
#include <queue>
#include <tuple>

#include "algorithms/irregular/fm_move.hpp"
#include "algorithms/irregular/irregular.hpp"
#include "tamp/error.hpp"

namespace tamp::impl {
namespace {

constexpr int kMaxPasses = 8;

// Grows `label` over `size` vertices, always adding the vertex whose move lowers the objective most (bytes to
// the grown part minus bytes to the rest, plus its preference for `label`; ties to the lower id); the rest
// get 1 - label. The seed is the vertex that prefers `label` most, or a peripheral vertex when nothing is
// preferred.
std::vector<char> grow(const SymGraph& g, const std::vector<double>& preference, int size, char label) {
  const int n = g.num_vertices;
  std::vector<char> side(n, static_cast<char>(1 - label));
  std::vector<double> to_grown(n, 0.0), weight(n), bonus(n, 0.0);
  for (int v = 0; v < n; ++v) weight[v] = g.weight(v);
  int seed = -1;
  if (!preference.empty()) {
    for (int v = 0; v < n; ++v) bonus[v] = label == 1 ? preference[v] : -preference[v];
    for (int v = 0; v < n; ++v)
      if (bonus[v] > 0 && (seed < 0 || bonus[v] > bonus[seed])) seed = v;
  }
  const auto gain = [&](int v) { return 2 * to_grown[v] - weight[v] + bonus[v]; };
  std::priority_queue<std::pair<double, int>> heap;  // (gain, -vertex)
  int next_seed = 0, grown = 0;
  const auto add = [&](int v) {
    side[v] = label;
    ++grown;
    for (std::int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
      const int u = g.targets[e];
      if (side[u] == label) continue;
      to_grown[u] += g.bytes[e];
      heap.emplace(gain(u), -u);
    }
  };
  if (size > 0) add(seed >= 0 ? seed : farthest_vertex(g, farthest_vertex(g, 0)));
  while (grown < size) {
    int pick = -1;
    while (!heap.empty()) {
      const auto [value, negated] = heap.top();
      heap.pop();
      if (side[-negated] != label && value == gain(-negated)) {
        pick = -negated;
        break;
      }
    }
    if (pick < 0) {  // the component is used up: go on from the lowest free vertex
      while (side[next_seed] == label) ++next_seed;
      pick = next_seed;
    }
    add(pick);
  }
  return side;
}

// One FM pass on the objective cut + sum of preference[v] over the vertices of side 0; returns how much it
// lowered it (0 when the pass found nothing better). The gain of a vertex is what moving it to the other side
// saves.
double fm_pass(const SymGraph& g, const std::vector<double>& preference, std::vector<char>& side, int size0) {
  const int n = g.num_vertices;
  std::vector<double> gain(n, 0.0);
  double cut = 0;
  for (int v = 0; v < n; ++v) {
    for (std::int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
      const bool crosses = side[g.targets[e]] != side[v];
      gain[v] += crosses ? g.bytes[e] : -g.bytes[e];
      if (crosses) cut += g.bytes[e] / 2;
    }
    if (!preference.empty()) {
      gain[v] += side[v] == 0 ? preference[v] : -preference[v];
      if (side[v] == 0) cut += preference[v];
    }
  }
  FmHeap heap[2];
  std::vector<int> version(n, 0);
  std::vector<char> locked(n, 0);
  // Boundary FM: only vertices with a neighbour across or a preference start in the heaps; the others enter
  // when a neighbour moves (an interior vertex's gain is minus its weight, it would only be moved after its
  // neighbours).
  for (int v = 0; v < n; ++v) {
    bool boundary = !preference.empty() && preference[v] != 0;
    for (std::int64_t e = g.offsets[v]; e < g.offsets[v + 1] && !boundary; ++e)
      boundary = side[g.targets[e]] != side[v];
    if (boundary) heap[static_cast<int>(side[v])].emplace(gain[v], -v, 0);
  }
  const auto top = [&](int s) -> int {  // best unlocked vertex of side s, or -1
    while (!heap[s].empty()) {
      const auto [value, negated, stamp] = heap[s].top();
      if (!locked[-negated] && stamp == version[-negated]) return -negated;
      heap[s].pop();
    }
    return -1;
  };

  int count0 = size0;
  std::vector<int> moves;
  const double start_cut = cut;
  double best_cut = cut, current = cut;
  size_t best_moves = 0;
  const size_t patience = static_cast<size_t>(std::clamp(n / 100, 20, 200));
  const double tolerance = 1e-12 * std::max(1.0, std::abs(start_cut));
  while (true) {
    int from;
    if (count0 > size0) {
      from = 0;
    } else if (count0 < size0) {
      from = 1;
    } else {
      const int a = top(0), b = top(1);
      if (a < 0 && b < 0) break;
      from = (b < 0 || (a >= 0 && gain[a] >= gain[b])) ? 0 : 1;
    }
    const int v = top(from);
    if (v < 0) break;
    heap[from].pop();
    locked[v] = 1;
    current -= gain[v];
    count0 += from == 0 ? -1 : 1;
    fm_move(g, v, side, gain, locked, heap, version);
    moves.push_back(v);
    if (count0 == size0 && current < best_cut - tolerance) {
      best_cut = current;
      best_moves = moves.size();
    } else if (moves.size() - best_moves > patience) {
      break;
    }
  }
  for (size_t i = moves.size(); i-- > best_moves;) side[moves[i]] = static_cast<char>(1 - side[moves[i]]);
  return start_cut - best_cut;
}

}  // namespace

int farthest_vertex(const SymGraph& g, int from) {
  std::vector<char> seen(g.num_vertices, 0);
  std::vector<int> queue{from};
  seen[from] = 1;
  for (size_t head = 0; head < queue.size(); ++head)
    for (std::int64_t e = g.offsets[queue[head]]; e < g.offsets[queue[head] + 1]; ++e)
      if (!seen[g.targets[e]]) {
        seen[g.targets[e]] = 1;
        queue.push_back(g.targets[e]);
      }
  return queue.back();
}

double cut_bytes(const SymGraph& g, const std::vector<char>& side) {
  double cut = 0;
  for (int v = 0; v < g.num_vertices; ++v)
    for (std::int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e)
      if (side[g.targets[e]] != side[v]) cut += g.bytes[e];
  return cut / 2;
}

std::vector<char> refine_bisection(const SymGraph& g, std::vector<char> side, int size0) {
  require(static_cast<int>(side.size()) == g.num_vertices &&
              std::count(side.begin(), side.end(), 0) == static_cast<std::ptrdiff_t>(size0),
          "refine_bisection: side 0 must have size0 vertices");
  for (int pass = 0; pass < kMaxPasses; ++pass)
    if (fm_pass(g, {}, side, size0) <= 0) break;
  return side;
}

std::vector<char> bisect_graph(const SymGraph& g, int size0, const std::vector<double>& preference) {
  const int n = g.num_vertices;
  require(size0 >= 0 && size0 <= n, "bisect_graph: side size outside [0, vertices]");
  require(preference.empty() || static_cast<int>(preference.size()) == n,
          "bisect_graph: one preference per vertex");
  // Grow the smaller side: a compact region.
  std::vector<char> side =
      size0 <= n - size0 ? grow(g, preference, size0, 0) : grow(g, preference, n - size0, 1);
  if (size0 == 0 || size0 == n) return side;
  for (int pass = 0; pass < kMaxPasses; ++pass)
    if (fm_pass(g, preference, side, size0) <= 0) break;
  return side;
}

}  // namespace tamp::impl
