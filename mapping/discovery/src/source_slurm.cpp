// slurm[:TOPOLOGY_CONF]: the switch tree of Slurm's topology.conf, the job's nodes from $SLURM_JOB_NODELIST
// (in that order), each rank on the node of its host name (docs/user-guide.md, "Topology sources").
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "sources.hpp"
#include "tamp/io/slurm_topology.hpp"

namespace tamp::discovery::impl {
namespace {

// The first of slurm:PATH, $SLURM_TOPOLOGY_CONF, /etc/slurm/topology.conf.
std::string topology_conf_path(const SourceInput& in) {
  if (!in.argument.empty()) return in.argument;
  const std::string from_env = env_or_empty(in.env, "SLURM_TOPOLOGY_CONF");
  return from_env.empty() ? "/etc/slurm/topology.conf" : from_env;
}

// Cores per node: $SLURM_CPUS_ON_NODE when it holds the ranks, else the most ranks on one host.
int cores_per_node(const SourceInput& in) {
  std::map<std::string, int> per_host;
  int most = 1;
  for (const auto& r : in.ranks) most = std::max(most, ++per_host[r.host]);
  const std::string cpus = env_or_empty(in.env, "SLURM_CPUS_ON_NODE");
  try {
    if (!cpus.empty()) return std::max(most, std::stoi(cpus));
  } catch (const std::exception&) {
    throw std::invalid_argument("slurm: SLURM_CPUS_ON_NODE='" + cpus + "' is not a number");
  }
  return most;
}

}  // namespace

JobLayout slurm_source(const SourceInput& in) {
  const std::string nodelist = env_or_empty(in.env, "SLURM_JOB_NODELIST");
  if (nodelist.empty()) {
    throw std::invalid_argument(
        "topology source 'slurm' is not available: SLURM_JOB_NODELIST is not set (not inside a Slurm job?)");
  }
  const std::vector<std::string> job_hosts = expand_hostlist(nodelist, "SLURM_JOB_NODELIST");
  const std::string path = topology_conf_path(in);
  MachineDescription tree = read_slurm_topology(path, cores_per_node(in));

  // The job's allocation: its nodes in SLURM_JOB_NODELIST order, each found in topology.conf.
  std::map<std::string, int> node_of_host;
  for (int i = 0; i < tree.allocation.num_nodes(); ++i)
    node_of_host.emplace(tree.hostnames[i], tree.allocation.node(i));
  std::vector<int> nodes;
  for (const auto& host : job_hosts) {
    const auto it = node_of_host.find(host);
    if (it == node_of_host.end()) {
      throw std::invalid_argument(
          fmt::format("slurm: host '{}' of SLURM_JOB_NODELIST is not a node of {}", host, path));
    }
    nodes.push_back(it->second);
  }
  tree.allocation = Allocation(tree.machine, std::move(nodes), tree.cores_per_node);
  tree.hostnames = job_hosts;
  return place_by_host(std::move(tree), in, "slurm (" + path + ", SLURM_JOB_NODELIST=" + nodelist + ")");
}

}  // namespace tamp::discovery::impl
