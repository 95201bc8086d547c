#include "alloc.hpp"

#include <fmt/core.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "tamp/cli/validators.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/io/output_file.hpp"

namespace tamp::tools {

void add_alloc_command(CLI::App& app, AllocArgs& args) {
  CLI::App* cmd = app.add_subcommand("alloc",
                                     "write a machine file whose allocation is a sparse job: NODES nodes in "
                                     "pieces of CHUNK consecutive node ids "
                                     "spread over the machine (other jobs between them), in id order");
  cmd->add_option("--machine", args.machine, "machine file or inline spec (its own allocation is ignored)")
      ->required();
  cmd->add_option("--nodes", args.options.nodes, "nodes of the job")->required()->check(CLI::PositiveNumber);
  cmd->add_option("--chunk", args.options.chunk, "consecutive node ids per piece")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--seed", args.options.seed, "where the pieces fall")
      ->check(cli::unsigned_integer())
      ->capture_default_str();
  cmd->add_option("--out", args.out, "machine file to write")->required();
  cmd->add_flag(
         "--first", args.first,
         "instead: the first NODES nodes of the machine's own allocation, in its order, host names kept "
         "(the nodes a job of NODES nodes fills first; any machine kind)")
      ->excludes("--chunk")
      ->excludes("--seed");
}

namespace {

// The first `count` nodes of the description's allocation, with their host names.
void keep_first_nodes(MachineDescription& d, int count) {
  const int have = d.allocation.num_nodes();
  if (count > have)
    throw std::invalid_argument(
        fmt::format("--nodes {}: the machine's allocation has only {} nodes", count, have));
  std::vector<int> nodes(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) nodes[static_cast<std::size_t>(i)] = d.allocation.node(i);
  d.allocation = Allocation(d.machine, nodes, d.cores_per_node);
  if (d.hostnames.size() > nodes.size()) d.hostnames.resize(nodes.size());
  d.name += fmt::format("-first-{}n", count);
}

}  // namespace

int run_alloc(const AllocArgs& args) {
  check_output_path(args.out, "--out");
  MachineDescription d = load_machine(args.machine);
  if (args.first) {
    keep_first_nodes(d, args.options.nodes);
    std::ostringstream text;
    text << "# the first " << args.options.nodes << " nodes of the allocation: tamp-map alloc --machine "
         << args.machine << " --nodes " << args.options.nodes << " --first\n";
    write_machine(text, d);
    write_output_file(args.out, "--out", text.str());
    fmt::print("{}: the first {} nodes of {} ({} slots)\n", args.out, d.allocation.num_nodes(),
               d.machine->describe(), d.allocation.num_slots());
    return 0;
  }
  const std::vector<int> nodes = sparse_allocation_nodes(*d.machine, args.options);
  d.allocation = Allocation(d.machine, nodes, d.cores_per_node);
  d.hostnames.clear();
  d.name +=
      fmt::format("-sparse-{}n-chunk{}-seed{}", args.options.nodes, args.options.chunk, args.options.seed);
  // Written whole into memory first: a failing write leaves no half file.
  std::ostringstream text;
  text << "# " << args.options.nodes << " nodes in pieces of " << args.options.chunk
       << " consecutive node ids, other jobs between them: tamp-map alloc --machine " << args.machine
       << " --nodes " << args.options.nodes << " --chunk " << args.options.chunk << " --seed "
       << args.options.seed << "\n";
  write_machine(text, d);
  write_output_file(args.out, "--out", text.str());
  fmt::print("{}: {} nodes of {} ({} slots)\n", args.out, d.allocation.num_nodes(), d.machine->describe(),
             d.allocation.num_slots());
  return 0;
}

}  // namespace tamp::tools
