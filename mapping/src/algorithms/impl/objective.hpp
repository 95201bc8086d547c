// Scoring candidate mappings by the chosen objective, for algorithms that keep the best of several.
#pragma once
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"

namespace tamp::impl {

/// hop-bytes; max congestion or predicted communication time, then hop-bytes breaks ties. Lower is better.
struct Score {
  double primary = 0;
  double secondary = 0;
  bool operator<(const Score& other) const {
    return primary != other.primary ? primary < other.primary : secondary < other.secondary;
  }
};

Score score(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping, Objective objective);

}  // namespace tamp::impl
