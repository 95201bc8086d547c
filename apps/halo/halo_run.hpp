// The halo problem's Run: MiniGhost's time step (spike, exchange, boundary flux, stencil sweep and grid-sum
// check per variable).
#pragma once
#include <memory>

#include "halo_sources.hpp"
#include "halo_spec.hpp"
#include "tamp/app/run.hpp"
#include "tamp/app/run_context.hpp"

namespace tamp::halo {

std::unique_ptr<app::Run> make_halo_run(const HaloSpec& spec, const Sources& sources, const TaskGraph& graph,
                                        const app::RunContext& context);

}  // namespace tamp::halo
