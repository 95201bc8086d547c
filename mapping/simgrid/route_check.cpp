// tamp-sim-routes DESCRIPTION PLATFORM [PAIRS]: loads PLATFORM in SimGrid (the plug-in .so, or an XML
// platform written by `tamp-map platform`) and checks, for PAIRS sampled pairs of allocated nodes (every pair
// when there are few) and every node to itself, that the route SimGrid takes is Machine::route() of the
// machine described by DESCRIPTION (P.platform): the same network links in the same order, the injection
// links at both ends, and the latency of the route. Prints one line and exits 0 when all agree, else names
// the first pair that differs.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <random>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tamp/io/machine_file.hpp"
#include "tamp/io/simgrid_platform.hpp"

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// Allocated node pairs to check: all of them on small allocations, else `count` drawn with a fixed seed, plus
// each node to itself and to the other nodes of its router.
std::vector<std::pair<int, int>> sample_pairs(const tamp::MachineDescription& d, long count) {
  const std::vector<int>& nodes = d.allocation.nodes();
  const auto n = static_cast<long>(nodes.size());
  std::vector<std::pair<int, int>> pairs;
  if (n * n <= count) {
    for (int a : nodes)
      for (int b : nodes) pairs.emplace_back(a, b);
    return pairs;
  }
  std::mt19937_64 draw(1);
  for (long i = 0; i < count; ++i)
    pairs.emplace_back(nodes[draw() % static_cast<unsigned long>(n)],
                       nodes[draw() % static_cast<unsigned long>(n)]);
  for (long i = 0; i < n; ++i) {
    pairs.emplace_back(nodes[i], nodes[i]);
    if (i + 1 < n && d.machine->hops(nodes[i], nodes[i + 1]) == 0) pairs.emplace_back(nodes[i], nodes[i + 1]);
  }
  return pairs;
}

std::string names(const std::vector<simgrid::s4u::Link*>& links) {
  std::string out;
  for (const auto* l : links) out += (out.empty() ? "" : " ") + l->get_name();
  return out;
}

// "" when SimGrid's route a -> b is the machine's, else what differs.
std::string compare_route(const tamp::MachineDescription& d, bool plugin, int a, int b) {
  auto* src = simgrid::s4u::Host::by_name(tamp::simgrid_host_name(a));
  auto* dst = simgrid::s4u::Host::by_name(tamp::simgrid_host_name(b));
  std::vector<simgrid::s4u::Link*> links;
  double latency = 0;
  src->route_to(dst, links, &latency);

  std::vector<tamp::LinkId> path;
  if (a != b) d.machine->route(a, b, path);
  std::vector<std::string> network;  // SimGrid's network links, in order
  for (const auto* l : links)
    if (l->get_name().rfind("link-", 0) == 0) network.push_back(l->get_name());
  std::vector<std::string> expected;
  for (tamp::LinkId l : path) expected.push_back("link-" + std::to_string(l));
  const std::size_t total = a == b ? 1 : path.size() + 2;
  const tamp::NetworkParameters& o = d.machine->network();
  const double want = a == b ? o.loopback_latency
                             : 2 * o.injection_latency + static_cast<double>(path.size()) * o.link_latency;

  std::string error;
  if (network != expected || links.size() != total)
    error = "links [" + names(links) + "], expected " + std::to_string(path.size()) + " network links";
  else if (plugin && a != b &&
           (links.front()->get_name() != tamp::simgrid_host_name(a) + "-up" ||
            links.back()->get_name() != tamp::simgrid_host_name(b) + "-down"))
    error = "injection links [" + names(links) + "]";
  else if (std::fabs(latency - want) > 1e-9 * want + 1e-15)
    error = "latency " + std::to_string(latency) + " s, expected " + std::to_string(want);
  return error;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (argc < 3 || argc > 4)
      throw std::invalid_argument("usage: tamp-sim-routes DESCRIPTION PLATFORM [PAIRS]");
    const std::string description_path = argv[1];
    const std::string platform = argv[2];
    const long count = argc == 4 ? std::stol(argv[3]) : 20000;
    const tamp::PlatformDescription description = tamp::read_platform_description(description_path);
    const tamp::MachineDescription machine = tamp::load_machine(description.machine);
    const bool plugin = ends_with(platform, ".so");
    if (plugin) setenv("TAMP_PLATFORM", description_path.c_str(), 1);

    int sg_argc = 1;
    char* sg_argv[] = {argv[0], nullptr};
    simgrid::s4u::Engine engine(&sg_argc, sg_argv);
    engine.load_platform(platform);

    const std::vector<std::pair<int, int>> pairs = sample_pairs(machine, count);
    for (const auto& [a, b] : pairs) {
      const std::string error = compare_route(machine, plugin, a, b);
      if (!error.empty()) {
        std::printf("tamp-sim-routes: route node-%d -> node-%d differs: %s\n", a, b, error.c_str());
        return 1;
      }
    }
    std::printf("tamp-sim-routes: %zu routes of %s (%zu hosts, %zu links) are the machine's routes\n",
                pairs.size(), platform.c_str(), engine.get_host_count(), engine.get_link_count());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tamp-sim-routes: error: %s\n", e.what());
    return 1;
  }
}
