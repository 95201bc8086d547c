// Charging a kernel's units: calibration tallies, or simulated compute injected through SMPI.
#include "tamp/app/compute.hpp"

#ifdef TAMP_SMPI
#include <simgrid/host.h>
#include <smpi/smpi.h>
#endif

namespace tamp::app::impl {
namespace {

#ifdef TAMP_SMPI
// Flops per second of this rank's simulated host (the platform's speed, 1 Gflop/s in generated platforms).
double host_speed() {
  return sg_host_get_speed(sg_host_self());
}
#endif

}  // namespace

void charge(IterationTimers& timers, const RunContext& context, std::string_view kind, double units,
            double started) {
  const ComputeModel* model = context.compute_model;
  if (model == nullptr) return;
  if (model->calibrating()) {
    const double seconds = MPI_Wtime() - started;
    auto it = timers.charges.find(kind);
    if (it == timers.charges.end()) it = timers.charges.emplace(std::string(kind), ChargeTally{}).first;
    it->second.units += units;
    it->second.seconds += seconds;
    return;
  }
  if (!model->modelled()) return;
  const double seconds = units * model->seconds_per_unit(kind);
#ifdef TAMP_SMPI
  if (seconds > 0) smpi_execute_flops(seconds * host_speed());
#else
  (void)seconds;  // check_compute_options() refuses a modelled model in the native build
#endif
}

}  // namespace tamp::app::impl
