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
  cmd->add_option("--order", args.order,
                  "the order nodes are handed out in: ids (node ids) or curve (a space-filling curve over the "
                  "routers, as ALPS orders a torus; torus or mesh only)")
      ->check([](const std::string& name) {  // the library's grammar of orders, not a second list
        try {
          parse_allocation_order(name);
          return std::string();
        } catch (const std::invalid_argument& e) {
          return std::string(e.what());
        }
      })
      ->capture_default_str();
  cmd->add_option("--density", args.options.density,
                  "the job's share of the stretch of the order its pieces fall in, in (0, 1] (default: the "
                  "pieces spread over the whole machine)")
      ->check(CLI::Range(0.0, 1.0).description("in (0, 1]"))
      ->check([](const std::string& v) { return std::stod(v) > 0 ? std::string() : "must be above 0"; });
  cmd->add_option("--out", args.out, "machine file to write")->required();
  cmd->add_flag(
         "--first", args.first,
         "instead: the first NODES nodes of the machine's own allocation, in its order, host names kept "
         "(the nodes a job of NODES nodes fills first; any machine kind)")
      ->excludes("--chunk")
      ->excludes("--seed")
      ->excludes("--order")
      ->excludes("--density");
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
  SparseAllocationOptions options = args.options;
  options.order = parse_allocation_order(args.order);
  const std::vector<int> nodes = sparse_allocation_nodes(*d.machine, options);
  d.allocation = Allocation(d.machine, nodes, d.cores_per_node);
  d.hostnames.clear();
  // Options left at their defaults stay out of the name and the command, so older files keep their text.
  std::string extra;
  d.name += fmt::format("-sparse-{}n-chunk{}-seed{}", options.nodes, options.chunk, options.seed);
  if (options.order == AllocationOrder::curve) {
    extra += " --order curve";
    d.name += "-curve";
  }
  if (options.density > 0) {
    extra += fmt::format(" --density {}", options.density);
    d.name += fmt::format("-density{}", options.density);
  }
  // Written whole into memory first: a failing write leaves no half file.
  std::ostringstream text;
  text << "# " << options.nodes << " nodes in pieces of " << options.chunk
       << (options.order == AllocationOrder::curve ? " consecutive nodes of the curve" : " consecutive node ids")
       << ", other jobs between them: tamp-map alloc --machine " << args.machine << " --nodes " << options.nodes
       << " --chunk " << options.chunk << " --seed " << options.seed << extra << "\n";
  write_machine(text, d);
  write_output_file(args.out, "--out", text.str());
  fmt::print("{}: {} nodes of {} ({} slots)\n", args.out, d.allocation.num_nodes(), d.machine->describe(),
             d.allocation.num_slots());
  return 0;
}

}  // namespace tamp::tools
