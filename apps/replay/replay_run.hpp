// One placement's run of a replay: every call of the plan, count times per step, on the reordered
// communicator (or the slot-order one for collectives in launcher order), then the step's compute; every byte
// received in the last step checked against its pattern.
#pragma once
#include <memory>

#include "replay_plan.hpp"
#include "tamp/app/run.hpp"
#include "tamp/app/run_context.hpp"

namespace tamp::replay {

/// Collective on context.comm: creates the slot-order communicator when the plan has calls in launcher order,
/// then allocates and fills the task's buffers (a failure there, such as std::bad_alloc, is agreed on by
/// all). `weight`: the task's weight, the units of the `weight` compute kind.
std::unique_ptr<app::Run> make_replay_run(const ReplayPlan& plan, double weight,
                                          const app::RunContext& context);

}  // namespace tamp::replay
