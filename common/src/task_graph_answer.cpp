// --task-graph-for RANKS: what the campaign driver asks an app for the launcher files of a scale
// (docs/measuring-gains.md), so that no deck holds a second copy of the app's task graph.
#include "task_graph_answer.hpp"

#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "one_process.hpp"
#include "tamp/app/collective.hpp"
#include "tamp/app/topology.hpp"

namespace tamp::app::impl {

int answer_task_graph(const std::string& app, const CommonOptions& options,
                      const ProblemFactory& make_problem, MPI_Comm world) {
  return collectively(world, [&] {
    require_one_process(world, "--task-graph-for");
    const int ranks = options.task_graph_for;
    const JobLayout layout = synthetic_layout(options.topology, ranks, "--task-graph-for");
    const std::unique_ptr<Problem> problem = make_problem(AppSetup{options, layout, world, 0, ranks});
    const nlohmann::json params = problem->params();
    const auto graph = params.find("graph");
    const nlohmann::json answer = {
        {"app", app}, {"graph", graph != params.end() ? *graph : nlohmann::json()}, {"ranks", ranks}};
    std::cout << answer.dump() << std::endl;
    return 0;
  });
}

}  // namespace tamp::app::impl
