// How often the harness computes a placement's mapping: once per --compare entry, on rank 0 only, before the
// first run; the other ranks receive it. A ring of tasks offers one ordering of its own, `counted` (task t on
// slot P-1-t), whose computations it counts; after the job each rank prints its count and the task it ran.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <vector>

#include "tamp/app/run_app.hpp"

namespace {

int computed = 0;  // calls of RingProblem::app_mapping in this process (one rank per process under mpirun)
int my_rank = -1;
int my_task = -1;  // the task this rank ran under `counted`

class NoRun : public tamp::app::Run {
 public:
  void iterate(tamp::app::IterationTimers&) override {}
  tamp::app::Verification verify() override { return {tamp::app::VerificationStatus::passed, 0, 0, ""}; }
  tamp::app::Rate rate(double, int) const override { return {}; }
};

class RingProblem : public tamp::app::Problem {
 public:
  explicit RingProblem(int ranks) {
    std::vector<tamp::Edge> edges;
    for (int t = 0; t < ranks; ++t) edges.push_back({t, (t + 1) % ranks, 8});
    graph_ = tamp::TaskGraph::from_edges(ranks, std::move(edges));
  }
  const tamp::TaskGraph& task_graph() const override { return graph_; }
  nlohmann::json params() const override { return nlohmann::json::object(); }
  std::string summary() const override { return "a ring"; }
  int warmup() const override { return 0; }
  int iterations() const override { return 1; }
  std::unique_ptr<tamp::app::Run> start(const tamp::app::RunContext& context) const override {
    if (context.placement.name() == "counted") my_task = context.task;
    return std::make_unique<NoRun>();
  }
  std::vector<std::string> app_mappings() const override { return {"counted"}; }
  tamp::Mapping app_mapping(const std::string&, const tamp::Allocation& job,
                            const tamp::MapOptions&) const override {
    ++computed;
    std::vector<int> slots(graph_.num_tasks());
    for (int t = 0; t < graph_.num_tasks(); ++t) slots[t] = graph_.num_tasks() - 1 - t;
    return tamp::Mapping(std::move(slots), job.num_slots());
  }

 private:
  tamp::TaskGraph graph_;
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"Counts the mappings the harness computes", "tamp-harness-counts"};
  const int status =
      tamp::app::run_app("harness-counts", cli, argc, argv, [](const tamp::app::AppSetup& setup) {
        my_rank = setup.rank;
        return std::make_unique<RingProblem>(setup.ranks);
      });
  if (my_rank >= 0)
    std::printf("rank %d: counted computed %d time(s), ran task %d\n", my_rank, computed, my_task);
  return status;
}
