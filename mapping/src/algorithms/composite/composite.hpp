// The composite family: steps that work on top of the other algorithms (refine, auto).
#pragma once
#include <utility>

#include "algorithms/impl/objective.hpp"
#include "algorithms/irregular/sym_graph.hpp"
#include "tamp/mapper.hpp"

namespace tamp::impl {

/// `refine` (a RefinerFn): pairwise swaps and moves to free slots that lower hop-bytes, or max congestion
/// then hop-bytes; never returns a mapping worse than `initial` by options.objective. Bounded by
/// options.refine_passes and options.refine_work (deterministic) and options.refine_seconds (safety cap).
/// Three phases: whole node contents exchanged, single tasks swapped or moved, and (hop-bytes objective) a polish
/// that lowers max congestion, or the number of links at it, without raising hop-bytes.
Mapping refine_mapping(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                       Mapping initial);
/// The first two phases only (what `auto` runs on every candidate before polishing the winner).
Mapping refine_without_polish(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                              Mapping initial);
/// refine_without_polish for a caller that already holds the graph's symmetrize() and the start's score by
/// options.objective (`auto` refines many starts of one graph): the same mapping, and its score.
std::pair<Mapping, Score> refine_scored(const TaskGraph& graph, const Allocation& allocation,
                                        const MapOptions& options, const SymGraph& sym, Mapping initial,
                                        const Score& initial_score);
/// The group phase (congestion objective, switch trees, one task per slot): the busiest group
/// of nodes at each level (its uplink's bytes) and its sibling groups exchange tasks Kernighan-Lin style, which
/// lowers the max bytes crossing a group boundary, then the number of groups at it, then the total. Bounded by
/// options.refine_work.
Mapping balance_group_boundaries(const Allocation& allocation, const MapOptions& options, const SymGraph& sym,
                                 const Mapping& initial);
/// The polish phase alone; never raises hop-bytes nor max congestion.
Mapping polish_congestion(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                          Mapping initial);

/// `auto` as a MapperFn: map_auto(...).mapping.
Mapping map_auto_mapping(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);

}  // namespace tamp::impl
