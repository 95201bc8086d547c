// One placement's run of the mesh proxy: the chunk, its ghost exchange, the timed steps, verification, rate.
#pragma once
#include <memory>

#include "tamp/app/run.hpp"
#include "tamp/app/run_context.hpp"

namespace tamp::mesh {

class MeshProblem;

/// Builds the chunk of context.task for the backend of `context` and checks that its ghost messages are the
/// out-edges of the problem's task graph (what the mapper placed). No communication.
std::unique_ptr<app::Run> make_mesh_run(const MeshProblem& problem, const app::RunContext& context);

}  // namespace tamp::mesh
