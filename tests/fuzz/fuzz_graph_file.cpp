// libFuzzer target: METIS graphs, edge lists and coordinates files, with the writers' round trips.
// Only tamp::ParseError / std::invalid_argument count as rejecting the input; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "tamp/error.hpp"
#include "tamp/io/graph_file.hpp"

namespace {

void same_or_abort(const tamp::TaskGraph& a, const tamp::TaskGraph& b) {
  if (a.num_tasks() != b.num_tasks() || a.offsets() != b.offsets() || a.targets() != b.targets() ||
      a.bytes() != b.bytes() || a.coordinate_dim() != b.coordinate_dim() ||
      a.coordinates() != b.coordinates())
    std::abort();
}

template <class Parse, class Write>
void fuzz_one(const std::string& text, Parse parse, Write write) {
  tamp::TaskGraph graph;
  try {
    std::istringstream in(text);
    graph = parse(in);
  } catch (const tamp::ParseError&) {
    return;
  } catch (const std::invalid_argument&) {
    return;
  }
  // What parses must write and read back the same (a METIS graph read from a file is symmetric, so its
  // symmetrised form is itself). Exceptions from here on are findings.
  std::ostringstream out;
  write(out, graph);
  std::istringstream back(out.str());
  same_or_abort(graph, parse(back));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  fuzz_one(
      text, [](std::istream& in) { return tamp::parse_metis_graph(in, "fuzz.graph"); },
      [](std::ostream& out, const tamp::TaskGraph& g) { tamp::write_metis_graph(out, g); });
  fuzz_one(
      text, [](std::istream& in) { return tamp::parse_edge_list(in, "fuzz.edges"); },
      [](std::ostream& out, const tamp::TaskGraph& g) { tamp::write_edge_list(out, g); });
  // Coordinates: the first byte picks the number of tasks.
  if (size > 0) {
    const int tasks = 1 + data[0] % 16;
    const std::string rest = text.substr(1);
    const auto parse_xyz = [tasks](std::istream& in) {
      tamp::TaskGraph g = tamp::TaskGraph::from_edges(tasks, {});
      tamp::parse_coordinates(in, "fuzz.xyz", g);
      return g;
    };
    fuzz_one(rest, parse_xyz,
             [](std::ostream& out, const tamp::TaskGraph& g) { tamp::write_coordinates(out, g); });
  }
  return 0;
}
