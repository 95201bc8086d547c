// `refine`: local improvement of a mapping by pairwise swaps, the PAIRS idea of [Bhatele10] §9 (after
// Bokhari) made systematic like a Kernighan-Lin pass: every task that pays hop-bytes (worst first) looks for
// the best partner among the tasks on the nodes of its heaviest neighbours (and the nodes next to the
// heaviest one), or for a free slot there, and the best improving exchange is made. Gains are computed from
// the edges of the two tasks only (O(degree)), never by re-evaluating the mapping. With the congestion
// objective, the few best candidates are re-routed on a live link-load table and a swap must lower max
// congestion, or keep it and lower hop-bytes.
#include <algorithm>
#include <chrono>
#include <optional>

#include "algorithms/composite/composite.hpp"
#include "algorithms/composite/refine_support.hpp"
#include "algorithms/impl/objective.hpp"
#include "algorithms/impl/two_level.hpp"
#include "algorithms/irregular/sym_graph.hpp"
#include "tamp/error.hpp"

namespace tamp::impl {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kMaxNodes = 8;         // neighbour nodes looked at per task, heaviest connection first
constexpr int kMaxCandidates = 64;   // partners (or free slots) evaluated per task, shared among the nodes
constexpr int kMinPerNode = 2;       // partners per candidate node at least
constexpr int kCongestionTries = 4;  // of those, re-routed to check congestion (objective congestion)
constexpr int kPolishTries = 16;    // polishing: re-routed moves per hot task (only moves that keep hop-bytes)
constexpr int kTimeCheckEvery = 32;  // tasks between two looks at the clock

struct Move {
  int partner = -1;  // the task exchanged with, or -1: t moves to a slot with room
  int slot = -1;     // the slot t goes to
  double delta = 0;  // change of hop-bytes
};

// What a move must improve: hop-bytes; max congestion (then hop-bytes); or, polishing a hop-bytes result, max
// congestion without any hop-bytes increase.
enum class Mode { hop_bytes, congestion, polish };

class Refiner {
 public:
  // `sym`: symmetrize(graph) when the caller has it (auto refines many starts of one graph), else null.
  Refiner(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
          const Mapping& initial, Mode mode, const SymGraph* sym = nullptr);
  Mapping run();

 private:
  double cost(int t, int at);  // hop-bytes of t's messages were t on node `at`, everyone else staying put
  void update_costs(int t, int from, int to, int skip);
  double weight(int t, int u) const;
  void candidate_nodes(int t);
  void collect_moves(int t);
  void apply(int t, const Move& m);
  bool improve(int t);
  bool improve_congestion(int t, bool hot);
  void shift_links(int t, const Move& m, bool forward);
  std::vector<char> hot_tasks();
  bool out_of_budget();

  const TaskGraph& graph_;
  const Allocation& alloc_;
  const MapOptions& options_;
  const Mode mode_;
  const bool congestion_;  // link loads are kept (congestion and polish)
  const int per_slot_;
  std::optional<SymGraph> own_sym_;
  const SymGraph& sym_;
  NodeDistance distance_;
  std::vector<int> slot_of_, node_of_, slot_tasks_, slot_fill_;
  std::vector<double> costs_;             // cost(t, node_of_[t]), kept up to date as tasks move
  std::vector<std::int64_t> in_offsets_;  // transpose of the graph (messages into each task), congestion only
  std::vector<int> in_sources_;
  std::vector<double> in_bytes_;
  std::optional<LinkLoads> links_;
  double eps_ = 0;
  std::int64_t work_ = 0;
  std::optional<Clock::time_point> deadline_;
  int tasks_since_check_ = 0;
  std::vector<std::pair<int, double>> node_weights_;  // scratch
  std::vector<int> nodes_;
  std::vector<int> partners_;
  std::vector<Move> moves_;
};

Refiner::Refiner(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                 const Mapping& initial, Mode mode, const SymGraph* sym)
    : graph_(graph),
      alloc_(allocation),
      options_(options),
      mode_(mode),
      congestion_(mode != Mode::hop_bytes),
      per_slot_(options.max_tasks_per_slot),
      own_sym_(sym ? std::nullopt : std::optional<SymGraph>(symmetrize(graph))),
      sym_(sym ? *sym : *own_sym_),
      distance_(allocation),
      slot_of_(initial.slots()) {
  const int n = graph.num_tasks();
  node_of_.resize(n);
  slot_tasks_.assign(static_cast<std::size_t>(allocation.num_slots()) * per_slot_, -1);
  slot_fill_.assign(allocation.num_slots(), 0);
  for (int t = 0; t < n; ++t) {
    const int s = slot_of_[t];
    node_of_[t] = allocation.node_of_slot(s);
    slot_tasks_[static_cast<std::size_t>(s) * per_slot_ + slot_fill_[s]++] = t;
  }
  eps_ = 1e-12 * std::max(graph.total_bytes(), 1e-300);
  if (options.refine_seconds > 0)
    deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(options.refine_seconds));
  if (!congestion_) return;
  const auto& off = graph.offsets();
  in_offsets_.assign(static_cast<std::size_t>(n) + 1, 0);
  for (int dst : graph.targets()) ++in_offsets_[dst + 1];
  for (int t = 0; t < n; ++t) in_offsets_[t + 1] += in_offsets_[t];
  in_sources_.resize(graph.targets().size());
  in_bytes_.resize(graph.targets().size());
  std::vector<std::int64_t> next(in_offsets_.begin(), in_offsets_.end() - 1);
  links_.emplace(allocation);
  for (int src = 0; src < n; ++src)
    for (auto e = off[src]; e < off[src + 1]; ++e) {
      const int dst = graph.targets()[e];
      in_sources_[next[dst]] = src;
      in_bytes_[next[dst]++] = graph.bytes()[e];
      work_ += links_->add_unindexed(node_of_[src], node_of_[dst], graph.bytes()[e]);
    }
  links_->index();
}

double Refiner::cost(int t, int at) {
  double c = 0;
  for (auto e = sym_.offsets[t]; e < sym_.offsets[t + 1]; ++e)
    c += sym_.bytes[e] * distance_(at, node_of_[sym_.targets[e]]);
  work_ += sym_.offsets[t + 1] - sym_.offsets[t];
  return c;
}

double Refiner::weight(int t, int u) const {
  const auto first = sym_.targets.begin() + sym_.offsets[t],
             last = sym_.targets.begin() + sym_.offsets[t + 1];
  const auto it = std::lower_bound(first, last, u);
  return it != last && *it == u ? sym_.bytes[it - sym_.targets.begin()] : 0.0;
}

// The nodes of t's neighbours by bytes exchanged (heaviest first, ties by index), then the nodes next to the
// heaviest one: where t would like to be.
void Refiner::candidate_nodes(int t) {
  node_weights_.clear();
  for (auto e = sym_.offsets[t]; e < sym_.offsets[t + 1]; ++e) {
    const int node = node_of_[sym_.targets[e]];
    if (node != node_of_[t]) node_weights_.push_back({node, sym_.bytes[e]});
  }
  std::sort(node_weights_.begin(), node_weights_.end());
  std::size_t merged = 0;
  for (std::size_t i = 0; i < node_weights_.size(); ++i) {
    if (merged > 0 && node_weights_[merged - 1].first == node_weights_[i].first)
      node_weights_[merged - 1].second += node_weights_[i].second;
    else
      node_weights_[merged++] = node_weights_[i];
  }
  node_weights_.resize(merged);
  std::sort(node_weights_.begin(), node_weights_.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  nodes_.clear();
  for (std::size_t i = 0; i < node_weights_.size() && i < kMaxNodes; ++i)
    nodes_.push_back(node_weights_[i].first);
  if (!nodes_.empty()) distance_.near_nodes(nodes_.front(), nodes_);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    const int node = nodes_[i];
    if (node == node_of_[t] ||
        std::find(nodes_.begin(), nodes_.begin() + kept, node) != nodes_.begin() + kept)
      continue;
    nodes_[kept++] = node;
  }
  nodes_.resize(kept);
}

// On each candidate node, the tasks that pay the most hop-bytes there (they would like to leave) are the
// partners tried, and a free slot when there is one.
void Refiner::collect_moves(int t) {
  moves_.clear();
  candidate_nodes(t);
  if (nodes_.empty()) return;
  const int home = node_of_[t];
  const int per_node = std::max(kMinPerNode, kMaxCandidates / static_cast<int>(nodes_.size()));
  for (int node : nodes_) {
    const double base = cost(t, node);
    const double distance = distance_(home, node);
    int free_slot = -1;
    partners_.clear();
    const auto before = [&](int a, int b) { return costs_[a] != costs_[b] ? costs_[a] > costs_[b] : a < b; };
    const int first = alloc_.first_slot(node), last = first + alloc_.cores_of(node);
    for (int s = first; s < last; ++s) {
      if (slot_fill_[s] < per_slot_ && free_slot < 0) free_slot = s;
      work_ += slot_fill_[s];
      for (int i = 0; i < slot_fill_[s]; ++i) {
        // Keep the per_node costliest so far, in order (insertion: per_node is small).
        const int p = slot_tasks_[static_cast<std::size_t>(s) * per_slot_ + i];
        if (static_cast<int>(partners_.size()) == per_node && !before(p, partners_.back())) continue;
        if (static_cast<int>(partners_.size()) == per_node) partners_.pop_back();
        partners_.insert(std::upper_bound(partners_.begin(), partners_.end(), p, before), p);
      }
    }
    for (int p : partners_) {
      // Both tasks' costs count the t-p message, which a swap leaves as long as it was: add it back twice.
      const double delta = base - costs_[t] + cost(p, home) - costs_[p] + 2 * weight(t, p) * distance;
      moves_.push_back({p, slot_of_[p], delta});
    }
    if (free_slot >= 0) moves_.push_back({-1, free_slot, base - costs_[t]});
  }
}

// Task t goes from node `from` to `to`: the costs of its neighbours change by their message to t (`skip`
// excepted: a swap partner, whose message to t keeps its length).
void Refiner::update_costs(int t, int from, int to, int skip) {
  for (auto e = sym_.offsets[t]; e < sym_.offsets[t + 1]; ++e) {
    const int u = sym_.targets[e];
    if (u == skip) continue;
    costs_[u] += sym_.bytes[e] * (distance_(to, node_of_[u]) - distance_(from, node_of_[u]));
  }
  work_ += sym_.offsets[t + 1] - sym_.offsets[t];
}

void Refiner::apply(int t, const Move& m) {
  const int from = slot_of_[t];
  const int home = node_of_[t], away = alloc_.node_of_slot(m.slot);
  update_costs(t, home, away, m.partner);
  if (m.partner >= 0) update_costs(m.partner, away, home, t);
  int* from_tasks = &slot_tasks_[static_cast<std::size_t>(from) * per_slot_];
  int* to_tasks = &slot_tasks_[static_cast<std::size_t>(m.slot) * per_slot_];
  const int i = static_cast<int>(std::find(from_tasks, from_tasks + slot_fill_[from], t) - from_tasks);
  if (m.partner >= 0) {
    const int j = static_cast<int>(std::find(to_tasks, to_tasks + slot_fill_[m.slot], m.partner) - to_tasks);
    from_tasks[i] = m.partner;
    to_tasks[j] = t;
    slot_of_[m.partner] = from;
    node_of_[m.partner] = alloc_.node_of_slot(from);
  } else {
    from_tasks[i] = from_tasks[--slot_fill_[from]];
    from_tasks[slot_fill_[from]] = -1;
    to_tasks[slot_fill_[m.slot]++] = t;
  }
  slot_of_[t] = m.slot;
  node_of_[t] = away;
  costs_[t] = cost(t, away);
  if (m.partner >= 0) costs_[m.partner] = cost(m.partner, home);
}

bool Refiner::improve(int t) {
  collect_moves(t);
  const Move* best = nullptr;
  for (const Move& m : moves_)
    if (m.delta < -eps_ && (best == nullptr || m.delta < best->delta)) best = &m;
  if (best == nullptr) return false;
  apply(t, *best);
  return true;
}

// Re-routes the messages of t (and its partner) from where they are to where `m` puts them (forward), or
// back.
void Refiner::shift_links(int t, const Move& m, bool forward) {
  const int p = m.partner, home = node_of_[t], away = alloc_.node_of_slot(m.slot);
  auto now = [&](int x) { return node_of_[x]; };
  auto moved = [&](int x) { return x == t ? away : x == p ? home : node_of_[x]; };
  auto reroute = [&](int x, int y, double bytes) {
    const int fx = forward ? now(x) : moved(x), fy = forward ? now(y) : moved(y);
    const int tx = forward ? moved(x) : now(x), ty = forward ? moved(y) : now(y);
    work_ += links_->add(fx, fy, -bytes) + links_->add(tx, ty, bytes);
  };
  const auto& off = graph_.offsets();
  for (int task : {t, p}) {
    if (task < 0) continue;
    for (auto e = off[task]; e < off[task + 1]; ++e)
      if (!(task == p && graph_.targets()[e] == t)) reroute(task, graph_.targets()[e], graph_.bytes()[e]);
    for (auto e = in_offsets_[task]; e < in_offsets_[task + 1]; ++e)
      if (!(task == p && in_sources_[e] == t)) reroute(in_sources_[e], task, in_bytes_[e]);
  }
}

bool Refiner::improve_congestion(int t, bool hot) {
  collect_moves(t);
  std::stable_sort(moves_.begin(), moves_.end(),
                   [](const Move& a, const Move& b) { return a.delta < b.delta; });
  // Lexicographic: max congestion, then the number of links at it (one move rarely lowers a max that several
  // links share, but it can take one of them off the max), then hop-bytes.
  const double current = links_->max_congestion();
  const int current_count = links_->links_at_max();
  const double tol = 1e-12 * std::max(current, 1e-300);
  std::optional<Move> best;
  double best_max = 0;
  int best_count = 0;
  int tries = 0;
  for (const Move& m : moves_) {
    // Sorted by hop-bytes change: past this point no move can be accepted.
    if (tries == (mode_ == Mode::polish ? kPolishTries : kCongestionTries) || (mode_ == Mode::polish ? m.delta > eps_ : !hot && m.delta >= -eps_)) break;
    ++tries;
    shift_links(t, m, true);
    const double after = links_->max_congestion();
    const int after_count = links_->links_at_max();
    shift_links(t, m, false);
    const bool lower_max = after < current - tol;
    const bool same_max = !lower_max && after <= current + tol;
    const bool fewer_at_max = same_max && after_count < current_count;
    const bool improves = lower_max || fewer_at_max ||
                          (mode_ == Mode::congestion && same_max && after_count == current_count && m.delta < -eps_);
    const bool better_than_best =
        !best || after < best_max - tol ||
        (after <= best_max + tol &&
         (after_count < best_count || (after_count == best_count && m.delta < best->delta)));
    if (improves && better_than_best) {
      best = m;
      best_max = after;
      best_count = after_count;
    }
  }
  if (!best) return false;
  shift_links(t, *best, true);
  apply(t, *best);
  return true;
}

// Tasks with a message over a link at max congestion: the ones whose moves can lower it.
std::vector<char> Refiner::hot_tasks() {
  std::vector<char> hot(graph_.num_tasks(), 0);
  const double threshold = links_->max_congestion() * (1 - 1e-9);
  if (threshold <= 0) return hot;
  const auto& off = graph_.offsets();
  for (int src = 0; src < graph_.num_tasks(); ++src)
    for (auto e = off[src]; e < off[src + 1]; ++e) {
      const int dst = graph_.targets()[e];
      work_ += distance_.hops(node_of_[src], node_of_[dst]);
      if (links_->crosses(node_of_[src], node_of_[dst], threshold)) hot[src] = hot[dst] = 1;
    }
  return hot;
}

bool Refiner::out_of_budget() {
  if (work_ > options_.refine_work) return true;
  if (!deadline_ || ++tasks_since_check_ < kTimeCheckEvery) return false;
  tasks_since_check_ = 0;
  return Clock::now() > *deadline_;
}

Mapping Refiner::run() {
  const int n = graph_.num_tasks();
  costs_.assign(n, 0.0);
  std::vector<int> order;
  for (int pass = 0; pass < options_.refine_passes; ++pass) {
    const std::vector<char> hot = congestion_ ? hot_tasks() : std::vector<char>(n, 0);
    order.clear();
    for (int t = 0; t < n; ++t) {
      costs_[t] = cost(t, node_of_[t]);  // afresh every pass: no drift from the incremental updates
      // Polishing, only tasks on a link at max congestion can lower it.
      if (costs_[t] > 0 && (mode_ != Mode::polish || hot[t])) order.push_back(t);
    }
    // Hot tasks first (congestion), then the tasks paying the most hop-bytes; ties by id.
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      if (hot[a] != hot[b]) return hot[a] > hot[b];
      return costs_[a] != costs_[b] ? costs_[a] > costs_[b] : a < b;
    });
    bool improved = false;
    for (int t : order) {
      if (out_of_budget()) return Mapping(slot_of_, alloc_.num_slots());
      improved = (congestion_ ? improve_congestion(t, hot[t] != 0) : improve(t)) || improved;
    }
    if (!improved) break;
  }
  return Mapping(slot_of_, alloc_.num_slots());
}

// The node phase: single-task swaps cannot move a whole node's worth of tasks (moving one task away from its
// on-node neighbours costs more than it gains), so first the contents of whole nodes are exchanged. The
// contents of each node are one vertex of the quotient graph (internal messages vanish, link loads are those
// of the task graph), refined with one slot per node; equal core counts keep every task on its core index.
Mapping swap_node_contents(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                           const Mapping& initial) {
  const int nodes = allocation.num_nodes();
  if (nodes < 3 || !allocation.uniform_cores() || allocation.max_cores_per_node() == 1) return initial;
  std::vector<int> node_of_task(graph.num_tasks());
  for (int t = 0; t < graph.num_tasks(); ++t) node_of_task[t] = allocation.node_of_slot(initial.slot(t));
  const TaskGraph contents = contract(graph, node_of_task, nodes);
  if (contents.num_edges() == 0) return initial;
  const Allocation one_slot_each(allocation.machine_ptr(), allocation.nodes(), 1);
  std::vector<int> identity(nodes);
  for (int i = 0; i < nodes; ++i) identity[i] = i;
  MapOptions node_options = options;
  node_options.max_tasks_per_slot = 1;
  const Mode mode = options.objective == Objective::congestion ? Mode::congestion : Mode::hop_bytes;
  const Mapping moved =
      Refiner(contents, one_slot_each, node_options, Mapping(std::move(identity), nodes), mode).run();
  std::vector<int> slots(graph.num_tasks());
  for (int t = 0; t < graph.num_tasks(); ++t) {
    const int s = initial.slot(t);
    slots[t] = allocation.first_slot(moved.slot(allocation.node_of_slot(s))) + allocation.core_of_slot(s);
  }
  return Mapping(std::move(slots), allocation.num_slots());
}

}  // namespace

namespace {

void check_refine_input(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                        const Mapping& initial) {
  require(initial.num_tasks() == graph.num_tasks() && initial.num_slots() == allocation.num_slots(),
          "refine: the initial mapping has " + std::to_string(initial.num_tasks()) + " tasks on " +
              std::to_string(initial.num_slots()) + " slots, the problem " +
              std::to_string(graph.num_tasks()) + " tasks on " + std::to_string(allocation.num_slots()) +
              " slots");
  require(options.max_tasks_per_slot >= 1, "refine: max_tasks_per_slot must be at least 1");
  require(options.refine_passes >= 0 && options.refine_work >= 0,
          "refine: refine_passes and refine_work must not be negative");
  initial.validate(options.max_tasks_per_slot);
}

}  // namespace

std::pair<Mapping, Score> refine_scored(const TaskGraph& graph, const Allocation& allocation,
                                        const MapOptions& options, const SymGraph& sym, Mapping initial,
                                        const Score& initial_score) {
  check_refine_input(graph, allocation, options, initial);
  require(sym.num_vertices == graph.num_tasks(), "refine: the symmetric graph is not the task graph's");
  if (options.refine_passes == 0 || graph.num_edges() == 0) return {std::move(initial), initial_score};
  const Mode mode = options.objective == Objective::congestion ? Mode::congestion : Mode::hop_bytes;
  Mapping start = swap_node_contents(graph, allocation, options, initial);
  if (mode == Mode::congestion) start = balance_group_boundaries(allocation, options, sym, start);
  Mapping refined = Refiner(graph, allocation, options, start, mode, &sym).run();
  // Every accepted step improves the objective; comparing the end points guards against rounding all the same.
  const Score refined_score = score(graph, allocation, refined, options.objective);
  if (initial_score < refined_score) return {std::move(initial), initial_score};
  return {std::move(refined), refined_score};
}

Mapping refine_without_polish(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                              Mapping initial) {
  check_refine_input(graph, allocation, options, initial);
  if (options.refine_passes == 0 || graph.num_edges() == 0) return initial;
  const Score initial_score = score(graph, allocation, initial, options.objective);
  return refine_scored(graph, allocation, options, symmetrize(graph), std::move(initial), initial_score).first;
}

Mapping polish_congestion(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                          Mapping initial) {
  check_refine_input(graph, allocation, options, initial);
  if (options.refine_passes == 0 || graph.num_edges() == 0) return initial;
  return Refiner(graph, allocation, options, initial, Mode::polish).run();
}

Mapping refine_mapping(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                       Mapping initial) {
  Mapping refined = refine_without_polish(graph, allocation, options, std::move(initial));
  if (options.objective == Objective::congestion) return refined;
  Mapping polished = polish_congestion(graph, allocation, options, refined);
  if (score(graph, allocation, refined, options.objective) < score(graph, allocation, polished, options.objective))
    return refined;  // the polish never makes things worse; this guards against rounding all the same
  return polished;
}

}  // namespace tamp::impl
