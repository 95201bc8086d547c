// The source table: picks a source by its name (or, for `auto`, by what the job's environment offers), runs
// it on the gathered records and adds what every layout reports (hosts, bindings, warnings).
#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "sources.hpp"

namespace tamp::discovery {
namespace {

using SourceFn = JobLayout (*)(const impl::SourceInput&);

struct Source {
  std::string_view name;  // --topology NAME or NAME:ARGUMENT
  SourceFn fn;
  bool needs_argument;  // synthetic and file need one; the others take an optional one
};

const Source kSources[] = {
    {"synthetic", impl::synthetic_source, true}, {"file", impl::file_source, true},
    {"cray", impl::vendor_source, false},        {"bgq", impl::vendor_source, false},
    {"slurm", impl::slurm_source, false},        {"simgrid", impl::simgrid_source, false},
    {"hwloc", impl::hwloc_source, false},
};

const Source* find_source(std::string_view name) {
  for (const auto& s : kSources)
    if (s.name == name) return &s;
  return nullptr;
}

// What `auto` picks: the first source whose signal is present (the order of docs/user-guide.md, "Topology
// sources").
std::string auto_source(const Environment& env, const std::optional<VendorShape>& shape) {
  if (!impl::env_or_empty(env, "TAMP_MACHINE_FILE").empty())
    return "file:" + impl::env_or_empty(env, "TAMP_MACHINE_FILE");
  if (shape) return shape->source;
  if (!impl::env_or_empty(env, "SLURM_JOB_NODELIST").empty()) return "slurm";
  if (!impl::env_or_empty(env, "TAMP_SIMGRID_MACHINE").empty()) return "simgrid";
  return "hwloc";
}

}  // namespace

Environment process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* value = std::getenv(name.c_str());
    if (!value) return std::nullopt;
    return std::string(value);
  };
}

JobLayout resolve_layout(const std::string& source, const std::vector<RankRecord>& records,
                         const Environment& env, const std::optional<VendorShape>& shape) {
  if (records.empty()) throw std::invalid_argument("topology discovery needs at least one rank");
  const std::string chosen = source == "auto" ? auto_source(env, shape) : source;
  const auto colon = chosen.find(':');
  const std::string name = chosen.substr(0, colon);
  const std::string argument = colon == std::string::npos ? std::string() : chosen.substr(colon + 1);
  const Source* s = find_source(name);
  if (!s) {
    throw std::invalid_argument("unknown topology source '" + source +
                                "' (known: synthetic:MACHINEFILE, synthetic:SPEC, file:MACHINEFILE, "
                                "slurm[:TOPOLOGY_CONF], simgrid[:MACHINEFILE], cray, bgq, hwloc, auto)");
  }
  if (!s->fn) {
    throw std::invalid_argument(
        "topology source '" + name +
        "' is not available in this build (its parser is not in the mapping library yet)");
  }
  if (s->needs_argument && argument.empty())
    throw std::invalid_argument("topology source '" + source +
                                "' needs a machine file or spec after the colon");
  if ((name == "cray" || name == "bgq") && (!shape || shape->source != name)) {
    throw std::invalid_argument("topology source '" + name +
                                "' is not available in this build (its vendor header was not found)");
  }

  JobLayout p = s->fn(impl::SourceInput{chosen, argument, records, env, shape});
  p.source = source;
  p.found_by = name;
  p.rank_hosts.clear();
  p.rank_binding.clear();
  for (const auto& r : records) {
    p.rank_hosts.push_back(r.host);
    p.rank_binding.push_back(to_string(r.binding));
  }
  // Simulated hosts have no real cores: their binding says nothing about the simulated machine (the simgrid
  // source, or any source in the SMPI build).
#ifdef TAMP_SMPI
  const bool simulated = true;
#else
  const bool simulated = name == "simgrid";
#endif
  if (!simulated) p.warnings = binding_warnings(records);
  return p;
}

}  // namespace tamp::discovery
