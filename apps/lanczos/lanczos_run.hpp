// One placement's run of the Lanczos iteration ([Aktulga12] Alg. 1): distributed SpMV, full
// orthogonalisation on the refolded grid, the tridiagonal eigenproblem, convergence, verification and rate.
#pragma once
#include <memory>

#include "block.hpp"
#include "group_metrics.hpp"
#include "tamp/app/run.hpp"
#include "tamp/app/run_context.hpp"

namespace tamp::lanczos {

class LanczosProblem;

/// Collective on context.comm (splits it into the grid groups, normalises and distributes v0).
std::unique_ptr<app::Run> make_lanczos_run(const LanczosProblem& problem, const app::RunContext& context,
                                           Block block, const GroupMetrics& groups);

}  // namespace tamp::lanczos
