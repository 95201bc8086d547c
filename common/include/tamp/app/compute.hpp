// compute_phase(): the one way an app's kernel runs in the timed loop, so that the compute cost model
// (--compute-model, tamp/app/compute_model.hpp) and --skeleton apply to every kernel of every app.
#pragma once
#include <string_view>
#include <utility>

#include "tamp/app/run_context.hpp"
#include "tamp/app/timer.hpp"

namespace tamp::app {
namespace impl {
/// After a kernel that started at `started` (MPI_Wtime): records the units (calibrate) or injects
/// units x coefficient seconds of simulated compute (a modelled model); nothing under `measured`.
void charge(IterationTimers& timers, const RunContext& context, std::string_view kind, double units,
            double started);
}  // namespace impl

/// Runs `kernel` (unless context.skeleton) as `units` units of `kind`, timed by `phase` (a timer of `timers`:
/// compute for kernels, exchange or collective for the copies of a message's packing) and charged under the
/// run's compute model.
template <class Kernel>
void charged_phase(Timer& phase, IterationTimers& timers, const RunContext& context, std::string_view kind,
                   double units, Kernel&& kernel) {
  phase.start();
  const double started = MPI_Wtime();
  if (!context.skeleton) std::forward<Kernel>(kernel)();
  impl::charge(timers, context, kind, units, started);
  phase.stop();
}

/// charged_phase() on timers.compute: e.g. `compute_phase(timers, context, "cell", box.cells(), [&] { ...
/// });`
template <class Kernel>
void compute_phase(IterationTimers& timers, const RunContext& context, std::string_view kind, double units,
                   Kernel&& kernel) {
  charged_phase(timers.compute, timers, context, kind, units, std::forward<Kernel>(kernel));
}

}  // namespace tamp::app
