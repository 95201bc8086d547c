// tamp-lanczos-groups: [Aktulga12] Tables 3-4 without running the solver. For a triangular grid of nd(nd+1)/2
// ranks packed onto the first nodes of a machine, prints the dilation D, average traffic T and congestion X
// of the column and the row groups (one unit per binomial-tree message, Eq. 1-3) under the MFDn orderings and
// any mapping of the module. No MPI. `--json`: one JSON object per run (JSON Lines), for scripts/fidelity.py.
//
//   tamp-lanczos-groups --nd 23 --machine inputs/machines/hopper.machine --runs
//   dm,cm,bdm,bcm,dm/auto,bcm/auto
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "grid.hpp"
#include "group_metrics.hpp"
#include "tamp/cli/validators.hpp"
#include "tamp/error.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"
#include "tamp/text.hpp"

namespace {

using tamp::MfdnOrdering;

// The first nodes of the machine's allocation, filled core by core with `tasks` slots (the launcher's
// packing).
tamp::Allocation first_slots(const tamp::MachineDescription& machine, int tasks) {
  const int cores = machine.cores_per_node;
  std::vector<int> nodes;
  std::vector<int> cores_of_node;
  for (int left = tasks, i = 0; left > 0; left -= cores, ++i) {
    if (i >= machine.allocation.num_nodes())
      throw std::invalid_argument(fmt::format("{} ranks do not fit on machine '{}'", tasks, machine.name));
    nodes.push_back(machine.allocation.node(i));
    cores_of_node.push_back(std::min(left, cores));
  }
  return tamp::Allocation(machine.machine, nodes, cores_of_node);
}

// One run's line: the table's row, or a JSON object.
std::string run_line(const std::string& run, const tamp::lanczos::Grid& grid, const tamp::TaskGraph& graph,
                     const tamp::Allocation& job, const tamp::Mapping& mapping, bool json) {
  const tamp::Metrics all = evaluate(graph, job, mapping);
  const tamp::lanczos::GroupMetrics groups = tamp::lanczos::group_metrics(graph, grid, job, mapping);
  if (json) {
    nlohmann::json line = to_json(groups);
    line["run"] = run;
    line["hop_bytes"] = all.hop_bytes;
    line["offnode_fraction"] = all.offnode_fraction;
    return line.dump() + "\n";
  }
  const tamp::lanczos::GroupDtx& col = groups.column;
  const tamp::lanczos::GroupDtx& row = groups.row;
  return fmt::format("{:<22} {:>6.2f} {:>7.1f} {:>7.1f}   {:>6.2f} {:>7.1f} {:>7.1f}   {:>11.4e} {:>6.1f}%\n",
                     run, col.dilation, col.traffic, col.congestion, row.dilation, row.traffic,
                     row.congestion, all.hop_bytes, 100 * all.offnode_fraction);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{
      "D / T / X of the MFDn column and row groups under orderings and mappings ([Aktulga12] Tables 3-4)",
      "tamp-lanczos-groups"};
  int nd = 23;
  std::string machine_file;
  std::string runs = "dm,cm,bdm,bcm,dm/auto,bcm/auto";
  std::int64_t n = 0;
  std::string objective = "hop-bytes";
  bool json = false;
  cli.add_option("--nd", nd, "diagonal processors (nd(nd+1)/2 ranks)")
      ->capture_default_str()
      ->check(CLI::Range(1, 2000));
  cli.add_option("--machine", machine_file, "machine file (docs/file-formats.md)")->required();
  cli.add_option(
         "--runs", runs,
         "comma-separated ORDERING (dm, cm, bdm, bcm) or LAYOUT/MAPPING (a module mapping on the task "
         "graph of that ordering's layout, e.g. bcm/auto)")
      ->capture_default_str();
  cli.add_option("--n", n, "vector length for the hop-bytes (0: 1e6 * nd)")
      ->check(tamp::cli::unsigned_integer())
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 53));
  cli.add_option("--objective", objective, "what auto minimises: hop-bytes | congestion")
      ->capture_default_str();
  cli.add_flag("--json", json, "one JSON object per run (JSON Lines) instead of the table");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return cli.exit(e);
  }
  try {
    const tamp::MachineDescription machine = tamp::read_machine_file(machine_file);
    const tamp::MapOptions options = tamp::make_map_options(tamp::MapOptions{}.seed, objective);
    const int tasks = nd * (nd + 1) / 2;
    const tamp::Allocation job = first_slots(machine, tasks);
    const std::int64_t length = n > 0 ? n : std::int64_t{1000000} * nd;
    // Every run's layout is checked before any is computed, and the output is printed whole at the end, so a
    // bad run leaves no partial table.
    const std::vector<std::string> names = tamp::split(runs, ',');
    std::vector<MfdnOrdering> layouts;
    for (const std::string& run : names)
      layouts.push_back(tamp::parse_mfdn_ordering(run.substr(0, run.find('/'))));
    std::string out;
    if (!json) {
      out += fmt::format(
          "n_d = {} ({} ranks) on {} nodes of '{}' ({} cores per node), first nodes in id order\n", nd, tasks,
          job.num_nodes(), machine.name, machine.cores_per_node);
      out += fmt::format("{:<22} {:>22}   {:>22}   {:>11} {:>7}\n", "", "column groups", "row groups", "all",
                         "");
      out += fmt::format("{:<22} {:>6} {:>7} {:>7}   {:>6} {:>7} {:>7}   {:>11} {:>7}\n", "layout/mapping",
                         "D", "T", "X", "D", "T", "X", "hop-bytes", "offnode");
    }
    for (std::size_t i = 0; i < names.size(); ++i) {
      const std::size_t slash = names[i].find('/');
      const tamp::lanczos::Grid grid(nd, layouts[i], length);
      const tamp::TaskGraph graph = tamp::lanczos::spmv_task_graph(nd, layouts[i], length);
      const tamp::Mapping mapping =
          slash == std::string::npos
              ? tamp::Mapping(tamp::lanczos::ordering_slots(grid, layouts[i]), job.num_slots())
              : tamp::map_tasks(names[i].substr(slash + 1), graph, job, options);
      out += run_line(names[i], grid, graph, job, mapping, json);
    }
    fmt::print("{}", out);
  } catch (const std::exception& e) {
    std::cerr << "tamp-lanczos-groups: error: " << tamp::error_text(e) << std::endl;
    return 1;
  }
  return 0;
}
