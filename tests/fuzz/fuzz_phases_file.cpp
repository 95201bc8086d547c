// libFuzzer target: phases files, attached to a small graph, then the predicted time of a placement and an
// exact round trip through the writer.
// Only tamp::ParseError / std::invalid_argument count as rejecting the input; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <sstream>
#include <string>

#include "tamp/error.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/io/phases_file.hpp"
#include "tamp/metrics.hpp"

namespace {

// 8 tasks on a 2x2x2 torus of one core per node; the graph is every pair, so any phases file of 8 tasks whose
// messages join distinct tasks passes the pair check.
const tamp::MachineDescription& machine() {
  static const tamp::MachineDescription d = [] {
    std::istringstream in("dims 2 2 2\ncores_per_node 1\ninjection_bandwidth 1e9\n");
    return tamp::parse_machine(in, "fuzz.machine");
  }();
  return d;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  tamp::TaskGraph graph;
  try {
    std::istringstream in(text);
    std::vector<tamp::Phase> phases = tamp::parse_phases(in, "fuzz.phases", 8);
    graph = tamp::TaskGraph::from_phases(8, std::move(phases));
  } catch (const tamp::ParseError&) {
    return 0;
  } catch (const std::invalid_argument&) {
    return 0;
  }
  // The same phases attached to a ring of 8 tasks: accepted only when the pairs are the ring's.
  try {
    tamp::TaskGraph ring = tamp::TaskGraph::from_edges(
        8, {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {3, 4, 1}, {4, 5, 1}, {5, 6, 1}, {6, 7, 1}, {7, 0, 1}});
    tamp::attach_phases(ring, graph.phases(), "fuzz.phases");
    if (ring.total_bytes() != graph.total_bytes()) std::abort();
  } catch (const std::invalid_argument&) {
  }
  std::vector<int> slots(8);
  std::iota(slots.begin(), slots.end(), 0);
  const tamp::Metrics m = tamp::evaluate(graph, machine().allocation, tamp::Mapping(slots, 8));
  // A file without phases is a graph without them: one phase, the (empty) graph.
  const std::size_t expected = graph.has_phases() ? graph.phases().size() : 1;
  if (!(m.predicted_comm_time >= 0) || m.phases.size() != expected) std::abort();
  std::ostringstream out;
  tamp::write_phases(out, graph);
  std::istringstream back(out.str());
  const std::vector<tamp::Phase> again = tamp::parse_phases(back, "written.phases", 8);
  if (again.size() != graph.phases().size()) std::abort();
  for (std::size_t i = 0; i < again.size(); ++i) {
    const tamp::Phase& a = again[i];
    const tamp::Phase& b = graph.phases()[i];
    if (a.name != b.name || a.kind != b.kind || a.count != b.count || a.edges.size() != b.edges.size())
      std::abort();
    for (std::size_t e = 0; e < a.edges.size(); ++e)
      if (a.edges[e].src != b.edges[e].src || a.edges[e].dst != b.edges[e].dst ||
          a.edges[e].bytes != b.edges[e].bytes)
        std::abort();
  }
  return 0;
}
