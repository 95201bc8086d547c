// The composite family: steps that work on top of the other algorithms (refine, auto).
#pragma once
#include "tamp/mapper.hpp"

namespace tamp::impl {

/// `refine` (a RefinerFn): pairwise swaps and moves to free slots that lower hop-bytes, or max congestion
/// then hop-bytes; never returns a mapping worse than `initial` by options.objective. Bounded by
/// options.refine_passes and options.refine_work (deterministic) and options.refine_seconds (safety cap).
Mapping refine_mapping(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                       Mapping initial);

/// `auto` as a MapperFn: map_auto(...).mapping.
Mapping map_auto_mapping(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options);

}  // namespace tamp::impl
