// `auto`'s last word under the time objective: its short list ranked by the flow engine's step, which ranks
// placements as the simulator does where the phases added up do not (docs/algorithms/composite.md, `auto`).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "tamp/auto.hpp"
#include "tamp/metrics.hpp"

namespace tamp::impl {

/// A placement of the short list: its name in the report and its mapping (kept by the caller).
struct ShortListed {
  std::string name;
  const Mapping* mapping;
};

/// The step model's times of `list`, in order, one step of the graph's phases (the tasks' work of `step_work`
/// when not null, else the network alone), until the
/// engine's work passes `work_bound` (the entry being run then and the rest are not ranked). An entry whose
/// mapping equals an earlier one's is not run again. Entries are AutoRanked with seconds = NaN when not
/// ranked. The work spent is returned in `work`; nothing is ranked when the graph's phases cannot run as
/// steps
/// (`note` says why).
std::vector<AutoRanked> rank_by_steps(const TaskGraph& graph, const Allocation& allocation,
                                      const std::vector<ShortListed>& list, const EvaluateOptions* step_work,
                                      std::int64_t work_bound, std::int64_t& work, std::string& note);

}  // namespace tamp::impl
