// Ranks onto an allocation by host name: what the file, simgrid and slurm sources share.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "sources.hpp"

namespace tamp::discovery::impl {
namespace {

// Each of these ranks bound to one core, no two to the same core.
bool bound_to_distinct_cores(const std::vector<RankRecord>& ranks, const std::vector<int>& group) {
  std::set<int> cores;
  for (int r : group) {
    const Binding& b = ranks[r].binding;
    if (!b.bound || b.num_cores != 1 || !cores.insert(b.first_core).second) return false;
  }
  return true;
}

std::string listed_names(const std::vector<std::string>& names) {
  constexpr std::size_t kShown = 8;  // enough to see what the allocation looks like
  std::string out;
  for (std::size_t i = 0; i < std::min(names.size(), kShown); ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > kShown) out += fmt::format(", ... ({} hosts)", names.size());
  return out;
}

}  // namespace

std::string env_or_empty(const Environment& env, const std::string& name) {
  const auto value = env(name);
  return value ? *value : std::string();
}

std::vector<int> cores_on_hosts(const std::vector<RankRecord>& ranks) {
  std::map<std::string, std::vector<int>> by_host;  // ranks of each host, in rank order
  for (int r = 0; r < static_cast<int>(ranks.size()); ++r) by_host[ranks[r].host].push_back(r);
  std::vector<int> core(ranks.size(), 0);
  for (auto& [host, group] : by_host) {
    if (bound_to_distinct_cores(ranks, group)) {
      std::stable_sort(group.begin(), group.end(), [&](int a, int b) {
        return ranks[a].binding.first_core < ranks[b].binding.first_core;
      });
    }
    for (int k = 0; k < static_cast<int>(group.size()); ++k) core[group[k]] = k;
  }
  return core;
}

JobLayout place_by_host(MachineDescription machine, const SourceInput& in, const std::string& where) {
  const Allocation& alloc = machine.allocation;
  std::vector<std::string> names(alloc.num_nodes());
  std::map<std::string, int> index_of_name;
  for (int i = 0; i < alloc.num_nodes(); ++i) {
    const bool named = i < static_cast<int>(machine.hostnames.size()) && !machine.hostnames[i].empty();
    names[i] = named ? machine.hostnames[i] : fmt::format("node-{}", alloc.node(i));
    index_of_name.emplace(names[i], i);
  }
  const std::vector<int> core = cores_on_hosts(in.ranks);
  std::vector<int> slot(in.ranks.size());
  for (int r = 0; r < static_cast<int>(in.ranks.size()); ++r) {
    const std::string& host = in.ranks[r].host;
    const auto it = index_of_name.find(host);
    if (it == index_of_name.end()) {
      throw std::invalid_argument(
          fmt::format("{}: rank {} runs on host '{}', which is not in the allocation ({})", where, r, host,
                      listed_names(names)));
    }
    if (core[r] >= alloc.cores_of(it->second)) {
      throw std::invalid_argument(fmt::format("{}: host '{}' runs more ranks than its {} cores", where, host,
                                              alloc.cores_of(it->second)));
    }
    slot[r] = alloc.first_slot(it->second) + core[r];
  }
  JobLayout p = place_on_slots(std::move(machine), in.source, slot);
  // The job's nodes are named after the hosts the ranks really run on.
  for (int r = 0; r < static_cast<int>(in.ranks.size()); ++r)
    p.job_hosts[p.job.node_of_slot(p.slot_of_rank[r])] = in.ranks[r].host;
  return p;
}

}  // namespace tamp::discovery::impl
