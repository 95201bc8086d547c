// Phases, task graph, report parameters and runs of a netbench benchmark.
#include "netbench_problem.hpp"

#include <fmt/format.h>

#include "netbench_run.hpp"
#include "tamp/app/collective.hpp"

namespace tamp::netbench {

NetbenchProblem::NetbenchProblem(NetbenchSpec spec, const app::JobLayout& layout, std::uint64_t seed)
    : spec_(std::move(spec)) {
  phases_ = make_phases(spec_, layout.job, seed);
  graph_ = make_graph(phases_, layout.job.num_slots(), spec_.sizes, spec_.messages);
}

nlohmann::json NetbenchProblem::params() const {
  std::vector<std::string> names;
  for (const Phase& p : phases_) names.push_back(p.name);
  nlohmann::json j = {{"benchmark", to_string(spec_.benchmark)},
                      {"sizes", spec_.sizes},
                      {"messages", spec_.messages},
                      {"phases", names},
                      {"iterations", spec_.iterations},
                      {"warmup", spec_.warmup}};
  if (spec_.benchmark == Benchmark::wocon) j["master"] = spec_.master;
  return j;
}

std::string NetbenchProblem::summary() const {
  std::string names;
  for (const Phase& p : phases_) names += (names.empty() ? "" : ", ") + p.name;
  return fmt::format("{} ({}), {} sizes {}..{} B, {} messages per size and partner, {} passes + {} warm-up",
                     to_string(spec_.benchmark), names, spec_.sizes.size(), spec_.sizes.front(),
                     spec_.sizes.back(), spec_.messages, spec_.iterations, spec_.warmup);
}

std::unique_ptr<app::Run> NetbenchProblem::start(const app::RunContext& context) const {
  // Where each task runs under this placement (the harness's mapping), for the hops of the report.
  return app::collectively(context.comm, [&] {
    return make_netbench_run(spec_, phases_, *context.job, context.mapping->slots(), context);
  });
}

}  // namespace tamp::netbench
