// run_app: the main() every app shares. Errors that all ranks raise together are printed once by rank 0 and
// give exit status 1; an error raised on some ranks only aborts the job (the others may be waiting in a
// collective).
#include "tamp/app/run_app.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "one_process.hpp"
#include "tamp/app/backend.hpp"
#include "tamp/app/collective.hpp"
#include "tamp/app/flow_run.hpp"
#include "tamp/app/mpi_guard.hpp"
#include "tamp/app/reorder.hpp"
#include "tamp/app/report.hpp"
#include "tamp/app/run_placement.hpp"
#include "tamp/app/threads.hpp"
#include "tamp/error.hpp"
#include "task_graph_answer.hpp"

namespace tamp::app {
namespace {

// Returns false when only help was asked for.
bool parse_and_validate(CLI::App& cli, int argc, char** argv, const CommonOptions& options, MPI_Comm world) {
  return collectively(world, [&] {
    try {
      cli.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
      return false;
    } catch (const CLI::CallForAllHelp&) {
      return false;
    }
    validate(options);
    return true;
  });
}

// Output of one run: its table, and its JSON line.
void report_run(const RunReport& report, const CommonOptions& options) {
  print_run(std::cout, report);
  if (!options.json.empty()) append_json_line(options.json, report);
}

// --engine flow: this one process builds the problem for --ranks ranks and runs every placement through the
// flow engine; nothing else of the job runs.
int run_flow_engine(const std::string& app, const CommonOptions& options, const ProblemFactory& make_problem,
                    MPI_Comm world) {
  return collectively(world, [&] {
    impl::require_one_process(world, "--engine flow");
    if (!options.json.empty()) check_json_writable(options.json);
    const JobLayout layout = flow_layout(options);
    const std::unique_ptr<Problem> problem = make_problem(AppSetup{options, layout, world, 0, options.ranks});
    check_mapping_names(placements(options), *problem);
    options.compute_model.require(problem->compute_kinds(), "tamp-" + app);
    // As the simulated runs: with --launched-as the launcher placed task t on its slot, else the harness
    // maps.
    std::vector<Mapping> mappings = compute_mappings(*problem, layout.job, options);
    if (options.launched_as) mappings.emplace_back(layout.slot_of_rank, layout.job.num_slots());
    fmt::print("tamp-{}: {}\n  {} simulated ranks, flow engine ({}), {}\n", app, problem->summary(),
               options.ranks, fmt::streamed(options.flow), describe(layout));
    const std::vector<tamp::Placement> runs = placements(options);
    std::vector<RunReport> reports;
    for (std::size_t i = 0; i < runs.size(); ++i) {
      fmt::print("\n== flow engine: mapping '{}'\n", runs[i].str());
      reports.push_back(flow_placement(app, runs[i], mappings[i], *problem, layout, options));
      report_run(reports.back(), options);
    }
    if (reports.size() > 1) print_comparison(std::cout, reports);
    std::cout << std::flush;
    return 0;
  });
}

int run_all(const std::string& app, CLI::App& cli, int argc, char** argv,
            const ProblemFactory& make_problem) {
  MPI_Comm world = MPI_COMM_WORLD;
  int rank = 0;
  int ranks = 0;
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &ranks);

  CommonOptions options;
  add_common_options(cli, options);
  if (!parse_and_validate(cli, argc, argv, options, world)) {
    if (rank == 0) std::cout << cli.help();
    return 0;
  }
  if (options.task_graph_for > 0) return impl::answer_task_graph(app, options, make_problem, world);
  if (options.engine == Engine::flow) return run_flow_engine(app, options, make_problem, world);
  set_default_threads(world);
  if (options.verbose && rank == 0) fmt::print("tamp-{} options:\n{}", app, fmt::streamed(options));
  if (!options.json.empty()) {
    collectively(world, [&] {
      if (rank == 0) check_json_writable(options.json);
    });
  }

  const std::shared_ptr<const JobLayout> shared_layout = job_layout(options, world);
  const JobLayout& layout = *shared_layout;  // one object for all ranks of a simulated job
  // The factory validates the app's options and builds the task graph: local work, identical on every rank.
  // Rank 0 then computes every placement's mapping, once, before the first run: a --compare entry that cannot
  // be made stops the job before anything is measured; each run broadcasts its mapping (apply_mapping). In
  // the same collectively() as the problem: no collective more than the runs need (simulated times stay as
  // they were).
  std::vector<Mapping> mappings;
  const std::unique_ptr<Problem> problem = collectively(world, [&] {
    std::unique_ptr<Problem> p = make_problem(AppSetup{options, layout, world, rank, ranks});
    check_mapping_names(placements(options), *p);  // the module's names and the app's own
    options.compute_model.require(p->compute_kinds(), "tamp-" + app);
    if (rank == 0) mappings = compute_mappings(*p, layout.job, options);
    return p;
  });
  BackendSession session(options.backend);

  if (rank == 0) {
    fmt::print("tamp-{}: {}\n", app, problem->summary());
    fmt::print("  {} ranks x {} thread(s) ({}), {}\n", ranks, backend_threads(options.backend),
               to_string(options.backend), describe(layout));
    fmt::print("  topology {}\n", layout.source);
  }

  const std::vector<tamp::Placement> runs = placements(options);
  std::vector<RunReport> reports;
  FirstRun first;  // what later placements are compared with
  bool all_passed = true;
  const Mapping none;  // what ranks other than 0, and runs under --launched-as, pass for the mapping
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (rank == 0) fmt::print("\n== run {} of {}: mapping '{}'\n", i + 1, runs.size(), runs[i].str());
    const Mapping& mapping = i < mappings.size() ? mappings[i] : none;
    RunReport report = run_placement(app, runs[i], mapping, *problem, layout, options, world, first);
    all_passed = all_passed && report.verification != VerificationStatus::failed;
    if (rank == 0) print_run(std::cout, report);
    if (!options.json.empty()) {
      collectively(world, [&] {
        if (rank == 0) append_json_line(options.json, report);
      });
    }
    reports.push_back(std::move(report));
  }
  if (rank == 0 && reports.size() > 1) print_comparison(std::cout, reports);
  if (rank == 0) std::cout << std::flush;
  return all_passed ? 0 : 1;
}

}  // namespace

int run_app(const std::string& app, CLI::App& cli, int argc, char** argv,
            const ProblemFactory& make_problem) {
  const std::string prefix = "tamp-" + app + ": error: ";
  try {
    MpiGuard mpi(argc, argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    try {
      return run_all(app, cli, argc, argv, make_problem);
    } catch (const AgreedError& e) {
      if (rank == 0) std::cerr << prefix << e.what() << std::endl;
      return 1;
    } catch (const std::exception& e) {
      // Raised on this rank alone, perhaps while others wait in a collective: only an abort ends them.
      std::cerr << prefix << error_text(e) << " (rank " << rank << ")" << std::endl;
      MPI_Abort(MPI_COMM_WORLD, 1);
      return 1;
    }
  } catch (const std::exception& e) {
    std::cerr << prefix << error_text(e) << std::endl;
    return 1;
  }
}

}  // namespace tamp::app
