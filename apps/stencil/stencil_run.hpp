// One placement's run of the stencil: fields, halo exchange, the timed iteration, verification and rate.
#pragma once
#include <memory>

#include "stencil_spec.hpp"
#include "tamp/app/run.hpp"
#include "tamp/app/run_context.hpp"
#include "tamp/task_graph.hpp"

namespace tamp::stencil {

/// Allocates and initialises the block of context.task for the backend of `context`. Checks that the halo
/// messages of the task are the out-edges of `graph` (what the mapper placed). No communication.
std::unique_ptr<app::Run> make_stencil_run(const StencilSpec& spec, const TaskGraph& graph,
                                           const app::RunContext& context);

}  // namespace tamp::stencil
