// tamp-topo: what topology discovery finds for this job, printed by rank 0 and written as a machine file
// (the job's nodes in rank order, with their host names) so that a campaign can record the allocation it ran
// on.
//
// Sample runs:
//   mpirun -np 8 tamp-topo --topology synthetic:torus:2x2x2,cores=1
//   srun tamp-topo --topology slurm --out job.machine
#include <fmt/format.h>
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include "tamp/discovery/discover.hpp"
#include "tamp/discovery/topo_manager.hpp"
#include "tamp/io/output_file.hpp"
#include "tamp/torus.hpp"

namespace {

struct Options {
  std::string topology = "auto";
  std::string out;
  bool quiet = false;  // no per-rank table
};

std::string joined(const std::vector<int>& values) {
  std::string text;
  for (std::size_t i = 0; i < values.size(); ++i) text += (i ? "," : "") + std::to_string(values[i]);
  return text;
}

// The job's nodes in the order of their first rank, each with all of the machine's cores per node.
tamp::MachineDescription job_machine(const tamp::discovery::JobLayout& p) {
  const int ranks = static_cast<int>(p.slot_of_rank.size());
  std::vector<int> job_nodes;  // job node indices in rank order
  for (int r = 0; r < ranks; ++r) {
    const int node = p.job.node_of_slot(p.slot_of_rank[r]);
    if (std::find(job_nodes.begin(), job_nodes.end(), node) == job_nodes.end()) job_nodes.push_back(node);
  }
  tamp::MachineDescription m;
  m.name = p.machine.name.empty() ? "discovered" : p.machine.name;
  m.machine = p.machine.machine;
  m.cores_per_node = std::max(p.machine.cores_per_node, p.job.max_cores_per_node());
  std::vector<int> nodes;
  bool named = true;
  for (int i : job_nodes) {
    nodes.push_back(p.job.node(i));
    m.hostnames.push_back(p.job_hosts[i]);
    const std::string& h = p.job_hosts[i];
    named = named && !h.empty() && h.find_first_of(" \t#") == std::string::npos &&
            h.find_first_not_of("0123456789.+-eE") != std::string::npos;
  }
  if (!named) m.hostnames.clear();  // the machine file needs one plain word per node, or none
  m.allocation = tamp::Allocation(m.machine, std::move(nodes), m.cores_per_node);
  return m;
}

void print(const tamp::discovery::JobLayout& p, bool per_rank) {
  fmt::print("tamp-topo: topology '{}' found by {}\n", p.source, p.found_by);
  fmt::print("  machine    {}\n", describe(p));
  fmt::print("  allocation {}\n", allocation_summary(p));
  if (!per_rank) return;
  const tamp::discovery::TopoManager topo(p);
  fmt::print("  dimensions {} (torus {})\n", joined(topo.dimensions()), [&] {
    std::vector<int> flags(topo.torus_flags().begin(), topo.torus_flags().end());
    return joined(flags);
  }());
  fmt::print("  {:>6} {:<20} {:>6} {:>6} {:<16} {:>5}  {}\n", "rank", "host", "slot", "node", "coordinates",
             "core", "binding");
  for (int r = 0; r < topo.num_ranks(); ++r) {
    const int slot = p.slot_of_rank[r];
    std::vector<int> c = topo.rank_to_coordinates(r);
    const int core = c.back();
    c.pop_back();
    fmt::print("  {:>6} {:<20} {:>6} {:>6} {:<16} {:>5}  {}\n", r, p.rank_hosts[r], slot,
               p.job.machine_node_of_slot(slot), "(" + joined(c) + ")", core, p.rank_binding[r]);
  }
}

int run(int argc, char** argv, int rank) {
  Options options;
  CLI::App cli("tamp-topo: print what topology discovery finds for this job and write it as a machine file");
  cli.add_option(
         "--topology", options.topology,
         "synthetic:MACHINEFILE|SPEC, file:MACHINEFILE, slurm[:TOPOLOGY_CONF], simgrid[:MACHINEFILE], "
         "cray, bgq, hwloc or auto")
      ->envname("TAMP_TOPOLOGY")
      ->capture_default_str();
  cli.add_option("--out", options.out,
                 "Write the job's allocation (nodes in rank order, host names) to FILE");
  cli.add_flag("--quiet", options.quiet, "No per-rank table");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (rank == 0) cli.exit(e);  // prints help or the error
    return e.get_exit_code();
  }
  // Timed twice: the first call probes and exchanges, the second is answered from the communicator's cache.
  double seconds[2];
  double start = MPI_Wtime();
  const tamp::discovery::JobLayout p = tamp::discovery::discover_layout(options.topology, MPI_COMM_WORLD);
  seconds[0] = MPI_Wtime() - start;
  start = MPI_Wtime();
  tamp::discovery::discover_layout(options.topology, MPI_COMM_WORLD);
  seconds[1] = MPI_Wtime() - start;
  MPI_Allreduce(MPI_IN_PLACE, seconds, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  // Rank 0 prints and writes; every rank learns whether that worked.
  int status = 0;
  if (rank == 0) {
    print(p, !options.quiet);
    fmt::print("  time       discovery {:.3g} s, cached {:.3g} s (max over ranks)\n", seconds[0], seconds[1]);
    if (!options.out.empty()) {
      try {
        std::ostringstream text;
        text << "# tamp-topo: topology '" << p.source << "' found by " << p.found_by << ", "
             << p.slot_of_rank.size() << " ranks; nodes in rank order\n";
        tamp::write_machine(text, job_machine(p));
        tamp::write_output_file(options.out, "--out", text.str());
        fmt::print("  wrote {}\n", options.out);
      } catch (const std::exception& e) {
        fmt::print(stderr, "tamp-topo: error: {}\n", e.what());
        status = 1;
      }
    }
    std::cout << std::flush;
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int status = 0;
  try {
    status = run(argc, argv, rank);
  } catch (const tamp::discovery::DiscoveryError& e) {
    // Raised on every rank with the same message: print it once.
    if (rank == 0) fmt::print(stderr, "tamp-topo: error: {}\n", e.what());
    status = 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "tamp-topo: error (rank {}): {}\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return status;
}
