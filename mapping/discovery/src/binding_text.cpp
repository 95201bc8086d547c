// How a binding reads in reports, and the warnings about unbound ranks and oversubscribed nodes.
#include <fmt/format.h>

#include <map>
#include <set>

#include "tamp/discovery/rank_record.hpp"

namespace tamp::discovery {

std::string to_string(const Binding& b) {
  if (!b.probed) return "not probed";
  if (!b.bound) return fmt::format("unbound ({} cores)", b.node_cores);
  std::string text = b.num_cores == 1 ? fmt::format("core {}", b.first_core)
                                      : fmt::format("{} cores from {}", b.num_cores, b.first_core);
  std::string where;
  if (b.package >= 0) where = fmt::format("package {}", b.package);
  if (b.numa >= 0) where += fmt::format("{}NUMA {}", where.empty() ? "" : ", ", b.numa);
  return where.empty() ? text : text + " (" + where + ")";
}

std::vector<std::string> binding_warnings(const std::vector<RankRecord>& records) {
  std::vector<std::string> warnings;
  int probed = 0;
  int unbound = 0;
  std::map<std::string, std::pair<int, int>> per_host;  // host -> (ranks, cores)
  std::map<std::string, std::set<int>> single_cores;    // host -> cores held by single-core ranks
  int shared_cores = 0;
  for (const auto& r : records) {
    if (!r.binding.probed) continue;
    ++probed;
    if (!r.binding.bound) ++unbound;
    auto& h = per_host[r.host];
    ++h.first;
    h.second = r.binding.node_cores;
    if (r.binding.bound && r.binding.num_cores == 1 &&
        !single_cores[r.host].insert(r.binding.first_core).second)
      ++shared_cores;
  }
  if (unbound > 0) {
    warnings.push_back(fmt::format(
        "{} of {} ranks are not bound to cores (the OS may move them; timings vary)", unbound, probed));
  }
  for (const auto& [host, counts] : per_host) {
    if (counts.second > 0 && counts.first > counts.second) {
      warnings.push_back(fmt::format("host '{}' is oversubscribed: {} ranks on {} cores", host, counts.first,
                                     counts.second));
    }
  }
  if (shared_cores > 0)
    warnings.push_back(fmt::format("{} ranks are bound to a core another rank is bound to", shared_cores));
  return warnings;
}

}  // namespace tamp::discovery
