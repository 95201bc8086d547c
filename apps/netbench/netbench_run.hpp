// One placement's run of a netbench benchmark: the protocols of Alg. 4.1, 4.2 and §5.1, timed per phase and
// message size, the last message of each partner and size checked byte by byte, and the figures reduced for
// the report.
#pragma once
#include <memory>
#include <vector>

#include "netbench_spec.hpp"
#include "phases.hpp"
#include "tamp/allocation.hpp"
#include "tamp/app/run.hpp"
#include "tamp/app/run_context.hpp"

namespace tamp::netbench {

/// `slot_of_task`: the job slot of each task under this placement (for the hops of the report).
/// Allocates the buffers; no communication.
std::unique_ptr<app::Run> make_netbench_run(const NetbenchSpec& spec, const std::vector<Phase>& phases,
                                            const Allocation& job, std::vector<int> slot_of_task,
                                            const app::RunContext& context);

}  // namespace tamp::netbench
