// Task graphs of regular communication patterns, and the "kind:args" spec parser of `tamp-map gen`.
#include "tamp/generators.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

#include "generators/graph_limits.hpp"
#include "io/text_util.hpp"
#include "tamp/error.hpp"
#include "tamp/text.hpp"

namespace tamp {
namespace impl {
namespace {

/// Neighbour offsets of a stencil: the 2*D axis neighbours (faces), or all of {-1,0,1}^D except 0 for the box
/// stencils.
std::vector<std::vector<int>> stencil_offsets(int D, bool box) {
  std::vector<std::vector<int>> offsets;
  if (!box) {
    for (int d = 0; d < D; ++d)
      for (int sign : {-1, 1}) {
        std::vector<int> o(D, 0);
        o[d] = sign;
        offsets.push_back(o);
      }
    return offsets;
  }
  std::vector<int> o(D, -1);
  while (true) {
    bool zero = true;
    for (int x : o) zero = zero && x == 0;
    if (!zero) offsets.push_back(o);
    int d = 0;  // odometer over {-1,0,1}^D, dimension 0 fastest
    while (d < D && o[d] == 1) o[d++] = -1;
    if (d == D) break;
    ++o[d];
  }
  return offsets;
}

}  // namespace
}  // namespace impl

TaskGraph make_stencil_graph(const StencilGraphSpec& spec) {
  const int D = static_cast<int>(spec.tasks.size());
  require(D >= 1, "stencil graph: the task grid has no dimensions");
  require(spec.periodic.empty() || static_cast<int>(spec.periodic.size()) == D,
          "stencil graph: " + std::to_string(spec.periodic.size()) + " periodicity flags for " +
              std::to_string(D) + " dimensions");
  require(spec.local.empty() || static_cast<int>(spec.local.size()) == D,
          "stencil graph: local box has " + std::to_string(spec.local.size()) + " extents for " +
              std::to_string(D) + " dimensions");
  require(spec.bytes_per_cell >= 0, "stencil graph: negative bytes per cell");
  long long tasks = 1;
  for (int n : spec.tasks) {
    require(n >= 1, "stencil graph: task grid " + extents_text(spec.tasks) + " has an empty dimension");
    tasks *= n;
    require(tasks <= impl::kMaxTasks,
            "stencil graph: task grid " + extents_text(spec.tasks) + " is too large (more than 2^24 tasks)");
  }
  for (int n : spec.local)
    require(n >= 1, "stencil graph: local box " + extents_text(spec.local) + " is empty");

  // Faces only: 2D+1 points in any dimension; the box stencils (edges and corners too) in 2D and 3D.
  const int box_points = D == 2 ? 9 : D == 3 ? 27 : 0;
  const bool faces = spec.points == 0 || spec.points == 2 * D + 1;
  const bool box = box_points > 0 && spec.points == box_points;
  require(faces || box, "stencil graph: a " + std::to_string(spec.points) +
                            "-point stencil is not defined in " + std::to_string(D) + "D (use " +
                            std::to_string(2 * D + 1) +
                            (box_points ? " or " + std::to_string(box_points) : std::string()) + ")");

  GridShape grid{spec.tasks, spec.periodic};
  if (grid.periodic.empty()) grid.periodic.assign(D, false);
  const auto offsets = impl::stencil_offsets(D, box);
  impl::require_graph_size("stencil graph: task grid " + extents_text(spec.tasks), static_cast<double>(tasks),
                           static_cast<double>(tasks) * static_cast<double>(offsets.size()));
  // Message size: the cells of the box slab shared with the neighbour (face, edge or corner).
  std::vector<double> message_bytes;
  for (const auto& o : offsets) {
    double cells = 1;
    for (int d = 0; d < D; ++d)
      if (o[d] == 0) cells *= spec.local.empty() ? 1 : spec.local[d];
    message_bytes.push_back(spec.bytes_per_cell * cells);
  }

  // Each task's messages in increasing target order, straight into CSR (what from_edges would build).
  std::vector<std::int64_t> row_start(1, 0);
  row_start.reserve(static_cast<std::size_t>(tasks) + 1);
  std::vector<int> targets;
  std::vector<double> bytes;
  targets.reserve(static_cast<std::size_t>(tasks) * offsets.size());
  bytes.reserve(targets.capacity());
  std::vector<double> xyz(static_cast<std::size_t>(tasks) * D);
  // A task one cell or more from every face of the grid sends offset k to task t + step[k], and its targets
  // come in the order of those steps (distinct: the grid is at least 3 cells wide wherever such a task exists).
  std::vector<std::int64_t> stride(D, 1), step(offsets.size(), 0);
  for (int d = 1; d < D; ++d) stride[d] = stride[d - 1] * grid.dims[d - 1];
  for (std::size_t k = 0; k < offsets.size(); ++k)
    for (int d = 0; d < D; ++d) step[k] += offsets[k][d] * stride[d];
  std::vector<std::size_t> by_step;
  for (std::size_t k = 0; k < offsets.size(); ++k)
    if (message_bytes[k] > 0) by_step.push_back(k);
  std::sort(by_step.begin(), by_step.end(), [&](std::size_t a, std::size_t b) { return step[a] < step[b]; });
  std::vector<std::pair<int, double>> row;
  std::vector<int> c(D, 0);
  std::vector<int> nb(D);
  // Any other task: each offset checked against the faces and wrapped where the grid is periodic.
  const auto add_boundary_row = [&](int t) {
    row.clear();
    for (std::size_t k = 0; k < offsets.size(); ++k) {
      bool inside = true;
      for (int d = 0; d < D && inside; ++d) {
        nb[d] = c[d] + offsets[k][d];
        if (nb[d] < 0 || nb[d] >= grid.dims[d]) {
          inside = grid.periodic[d];
          nb[d] = (nb[d] + grid.dims[d]) % grid.dims[d];
        }
      }
      if (!inside || message_bytes[k] <= 0) continue;
      int v = 0;  // grid.index(nb), whose checks nb passes by construction
      for (int d = D; d-- > 0;) v = v * grid.dims[d] + nb[d];
      if (v == t) continue;  // a periodic dimension of size 1 wraps onto t
      // Insert by target; a neighbour met twice (a periodic dimension of size 2) adds its bytes.
      auto at = row.begin();
      while (at != row.end() && at->first < v) ++at;
      if (at != row.end() && at->first == v)
        at->second += message_bytes[k];
      else
        row.insert(at, {v, message_bytes[k]});
    }
    for (const auto& [v, b] : row) targets.push_back(v), bytes.push_back(b);
  };
  for (int t = 0; t < static_cast<int>(tasks); ++t) {
    bool interior = true;
    for (int d = 0; d < D; ++d) {
      xyz[static_cast<std::size_t>(t) * D + d] = c[d];
      interior = interior && c[d] >= 1 && c[d] <= grid.dims[d] - 2;
    }
    if (interior) {
      for (std::size_t k : by_step) {
        targets.push_back(static_cast<int>(t + step[k]));
        bytes.push_back(message_bytes[k]);
      }
    } else {
      add_boundary_row(t);
    }
    row_start.push_back(static_cast<std::int64_t>(targets.size()));
    for (int d = 0; d < D && ++c[d] == grid.dims[d]; ++d) c[d] = 0;
  }
  TaskGraph graph = TaskGraph::from_csr(static_cast<int>(tasks), std::move(row_start), std::move(targets),
                                        std::move(bytes));
  graph.set_coordinates(D, std::move(xyz));
  graph.set_grid(std::move(grid));
  return graph;
}

namespace impl {
namespace {

/// A whole-string positive integer, or throws naming the spec.
long long parse_positive(const std::string& text, const std::string& spec, const std::string& what) {
  const auto bad = [&] {
    return std::invalid_argument("generate_graph: bad " + what + " '" + text + "' in '" + spec + "'");
  };
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) throw bad();
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (*end != '\0' || v < 1 || v > std::numeric_limits<int>::max()) throw bad();
  return v;
}

/// A whole-string decimal number >= 0 (digits with at most one point, e.g. "61.5"), or throws naming the
/// spec.
double parse_decimal(const std::string& text, const std::string& spec, const std::string& what) {
  const bool digits = !text.empty() && text.find_first_not_of("0123456789.") == std::string::npos &&
                      std::count(text.begin(), text.end(), '.') <= 1 && text != ".";
  char* end = nullptr;
  const double v = digits ? std::strtod(text.c_str(), &end) : -1;
  if (!digits || *end != '\0' || !std::isfinite(v))
    throw std::invalid_argument("generate_graph: bad " + what + " '" + text + "' in '" + spec + "'");
  return v;
}

/// A whole-string integer in [0, 2^63), for lengths and seeds that may pass int.
long long parse_positive_ll(const std::string& text, const std::string& spec, const std::string& what) {
  const auto bad = [&] {
    return std::invalid_argument("generate_graph: bad " + what + " '" + text + "' in '" + spec + "'");
  };
  if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos)
    throw bad();
  return std::strtoll(text.c_str(), nullptr, 10);
}

/// A value parser's std::invalid_argument, with the spec in front.
template <typename F>
auto naming_spec_value(const std::string& spec, F parse) {
  try {
    return parse();
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("generate_graph: '" + spec + "': " + e.what());
  }
}

std::vector<int> parse_dims(const std::string& text, const std::string& spec, std::size_t expected,
                            const std::string& what) {
  std::vector<int> dims;
  const auto bad = [&](std::string_view p) {
    return std::invalid_argument("generate_graph: bad " + what + " '" + std::string(p) + "' in '" + spec +
                                 "'");
  };
  for (long long n : parse_extents(text, std::numeric_limits<int>::max(), bad))
    dims.push_back(static_cast<int>(n));
  if (dims.size() != expected)
    throw std::invalid_argument("generate_graph: " + what + " '" + text + "' in '" + spec + "' needs " +
                                std::to_string(expected) + " extents");
  return dims;
}

/// "AxB[xC][,points=N][,local=AxB[xC]][,periodic][,bytes=N]" for a stencil of `D` dimensions.
TaskGraph stencil_from_args(int D, const std::vector<std::string>& args, const std::string& spec) {
  StencilGraphSpec s;
  s.tasks = parse_dims(args.at(0), spec, D, "task grid");
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    const std::size_t eq = a.find('=');
    const std::string key = a.substr(0, eq);
    const std::string value = eq == std::string::npos ? std::string() : a.substr(eq + 1);
    if (key == "periodic" && eq == std::string::npos) {
      s.periodic.assign(D, true);
    } else if (key == "points" && eq != std::string::npos) {
      s.points = static_cast<int>(parse_positive(value, spec, "point count"));
      const int box = D == 2 ? 9 : 27;
      if (s.points != 2 * D + 1 && s.points != box)
        throw std::invalid_argument("generate_graph: stencil" + std::to_string(D) +
                                    "d takes points=" + std::to_string(2 * D + 1) + " or " +
                                    std::to_string(box) + ", not '" + value + "' in '" + spec + "'");
    } else if (key == "local" && eq != std::string::npos) {
      s.local = parse_dims(value, spec, D, "local box");
    } else if (key == "bytes" && eq != std::string::npos) {
      s.bytes_per_cell = static_cast<double>(parse_positive(value, spec, "bytes per cell"));
    } else {
      throw std::invalid_argument("generate_graph: unknown option '" + a + "' in '" + spec +
                                  "' (expected points=N, local=AxB.., periodic, bytes=N)");
    }
  }
  try {
    return make_stencil_graph(s);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("generate_graph: '" + spec + "': " + e.what());
  }
}

/// Splits "key=value" (value empty and has_value false for a bare word).
struct Option {
  std::string key, value;
  bool has_value;
};
Option option(const std::string& a) {
  const std::size_t eq = a.find('=');
  return {a.substr(0, eq), eq == std::string::npos ? std::string() : a.substr(eq + 1),
          eq != std::string::npos};
}

/// Re-throws a generator's std::invalid_argument with the spec in front.
template <typename F>
TaskGraph naming_spec(const std::string& spec, F make) {
  try {
    return make();
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("generate_graph: '" + spec + "': " + e.what());
  }
}

/// "NPXxNPYxNPZ[,nx=..,ny=..,nz=..][,vars=N][,stencil=2d5pt|2d9pt|3d7pt|3d27pt][,sum_comm=mapped|launcher]...".
TaskGraph minighost_from_args(const std::vector<std::string>& args, const std::string& spec) {
  MiniGhostGraphSpec s;
  s.percent_sum = 100;  // MiniGhost's default: every variable summed every step
  s.tasks = parse_dims(args.at(0), spec, 3, "task grid");
  for (std::size_t i = 1; i < args.size(); ++i) {
    const Option o = option(args[i]);
    const std::map<std::string, int> axes = {{"nx", 0}, {"ny", 1}, {"nz", 2}};
    if (o.has_value && axes.count(o.key)) {
      s.local[axes.at(o.key)] = static_cast<int>(parse_positive(o.value, spec, o.key));
    } else if (o.has_value && o.key == "vars") {
      s.vars = static_cast<int>(parse_positive(o.value, spec, "variable count"));
    } else if (o.has_value && o.key == "stencil") {
      if (o.value != "2d5pt" && o.value != "2d9pt" && o.value != "3d7pt" && o.value != "3d27pt")
        throw std::invalid_argument("generate_graph: stencil '" + o.value + "' in '" + spec +
                                    "' (expected 2d5pt, 2d9pt, 3d7pt or 3d27pt)");
      s.diagonals = o.value == "2d9pt" || o.value == "3d27pt";
    } else if (o.has_value && o.key == "sum") {
      const long long percent =
          o.value == "0" ? 0 : parse_positive(o.value, spec, "percent of summed variables");
      if (percent > 100)
        throw std::invalid_argument("generate_graph: sum=" + o.value + " in '" + spec +
                                    "' (expected 0..100)");
      s.percent_sum = static_cast<double>(percent);
    } else if (o.has_value && o.key == "sums") {
      s.summed =
          o.value == "0" ? 0 : static_cast<int>(parse_positive(o.value, spec, "summed variable count"));
    } else if (o.has_value && o.key == "comm" && (o.value == "bspma" || o.value == "svaf")) {
      s.svaf = o.value == "svaf";
    } else if (o.has_value && o.key == "ring" && (o.value == "0" || o.value == "1")) {
      s.ring = o.value == "1";
    } else if (o.has_value && o.key == "sum_comm" && (o.value == "mapped" || o.value == "launcher")) {
      s.launcher_sums = o.value == "launcher";
    } else {
      throw std::invalid_argument("generate_graph: unknown option '" + args[i] + "' in '" + spec +
                                  "' (expected nx=N, ny=N, nz=N, vars=N, stencil=S, sum=PERCENT, sums=N, "
                                  "comm=bspma|svaf, ring=0|1, sum_comm=mapped|launcher)");
    }
  }
  return naming_spec(spec, [&] { return make_minighost_graph(s); });
}

/// "ND[,ordering=dm|cm|bdm|bcm][,n=VECTOR_LENGTH]".
TaskGraph mfdn_from_args(const std::vector<std::string>& args, const std::string& spec) {
  MfdnGraphSpec s;
  s.orthogonalisation = true;  // the whole Lanczos step, as apps/lanczos runs it
  s.nd = static_cast<int>(parse_positive(args.at(0), spec, "grid size nd"));
  for (std::size_t i = 1; i < args.size(); ++i) {
    const Option o = option(args[i]);
    if (o.has_value && o.key == "ordering") {
      s.ordering = naming_spec_value(spec, [&] { return parse_mfdn_ordering(o.value); });
    } else if (o.has_value && o.key == "n") {
      s.n = static_cast<double>(parse_positive_ll(o.value, spec, "vector length"));
    } else if (o.has_value && o.key == "orth" && (o.value == "0" || o.value == "1")) {
      s.orthogonalisation = o.value == "1";
    } else if (o.has_value && o.key == "vectors") {
      s.vectors = parse_decimal(o.value, spec, "vector count");
    } else if (o.has_value && o.key == "collectives") {
      s.collectives = naming_spec_value(spec, [&] { return parse_mfdn_collectives(o.value); });
    } else {
      throw std::invalid_argument("generate_graph: unknown option '" + args[i] + "' in '" + spec +
                                  "' (expected ordering=dm|cm|bdm|bcm, n=N, orth=0|1, vectors=X, "
                                  "collectives=binomial|mpich)");
    }
  }
  return naming_spec(spec, [&] { return make_mfdn_graph(s); });
}

/// "N0xN1xN2,ranks=P|grid=PRxPC".
TaskGraph fft_from_args(const std::vector<std::string>& args, const std::string& spec) {
  const std::vector<int> n = parse_dims(args.at(0), spec, 3, "FFT size");
  FftGraphSpec s;
  s.n = {n[0], n[1], n[2]};
  int ranks = 0;
  bool grid = false;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const Option o = option(args[i]);
    if (o.has_value && o.key == "ranks" && !grid && ranks == 0) {
      ranks = static_cast<int>(parse_positive(o.value, spec, "rank count"));
    } else if (o.has_value && o.key == "grid" && !grid && ranks == 0) {
      const std::vector<int> g = parse_dims(o.value, spec, 2, "process grid");
      s.pr = g[0];
      s.pc = g[1];
      grid = true;
    } else {
      throw std::invalid_argument("generate_graph: unknown or repeated option '" + args[i] + "' in '" + spec +
                                  "' (expected one of ranks=P, grid=PRxPC)");
    }
  }
  if (!grid && ranks == 0)
    throw std::invalid_argument("generate_graph: '" + spec + "' needs ranks=P or grid=PRxPC");
  if (!grid) {
    const auto g = fft_default_grid(s.n, ranks);
    s.pr = g[0];
    s.pc = g[1];
  }
  return naming_spec(spec, [&] { return make_fft_graph(s); });
}

/// "2d|3d,parts=P[,cells=N][,seed=S]".
TaskGraph mesh_from_args(const std::vector<std::string>& args, const std::string& spec) {
  MeshGraphSpec s;
  if (args.at(0) != "2d" && args.at(0) != "3d")
    throw std::invalid_argument("generate_graph: mesh dimension '" + args[0] + "' in '" + spec +
                                "' (expected 2d or 3d)");
  s.dim = args[0] == "2d" ? 2 : 3;
  s.parts = 0;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const Option o = option(args[i]);
    if (o.has_value && o.key == "parts") {
      s.parts = static_cast<int>(parse_positive(o.value, spec, "part count"));
    } else if (o.has_value && o.key == "cells") {
      s.cells = parse_positive_ll(o.value, spec, "cell count");
    } else if (o.has_value && o.key == "seed") {
      s.seed = static_cast<std::uint64_t>(parse_positive_ll(o.value, spec, "seed"));
    } else {
      throw std::invalid_argument("generate_graph: unknown option '" + args[i] + "' in '" + spec +
                                  "' (expected parts=P, cells=N, seed=S)");
    }
  }
  if (s.parts == 0) throw std::invalid_argument("generate_graph: '" + spec + "' needs parts=P");
  return naming_spec(spec, [&] { return make_mesh_graph(s); });
}

using Generator = std::function<TaskGraph(const std::vector<std::string>& args, const std::string& spec)>;

/// Every generator by the name before ':'; a new pattern is one more entry.
const std::map<std::string, Generator>& generators() {
  static const std::map<std::string, Generator> table = {
      {"mesh", mesh_from_args},
      {"mfdn", mfdn_from_args},
      {"fft", fft_from_args},
      {"minighost", minighost_from_args},
      {"stencil2d", [](const auto& args, const auto& spec) { return stencil_from_args(2, args, spec); }},
      {"stencil3d", [](const auto& args, const auto& spec) { return stencil_from_args(3, args, spec); }},
  };
  return table;
}

}  // namespace
}  // namespace impl

namespace {

// The graph, edge-list and phases files hold at most 2^53 bytes a message (exact in a double,
// docs/file-formats.md): a graph beyond that would be written and then refused by the reader, so it is
// refused here, naming the spec.
void check_message_sizes(const TaskGraph& graph, const std::string& spec) {
  const double most = static_cast<double>(impl::kMaxEdgeWeight);
  double largest = 0;
  for (const double b : graph.bytes()) largest = std::max(largest, b);
  for (const Phase& phase : graph.phases())
    for (const Edge& e : phase.edges) largest = std::max(largest, e.bytes);
  if (largest > most) {
    std::ostringstream text;
    text << "generate_graph: '" << spec << "' has a message of " << largest
         << " bytes, more than the 2^53 bytes the graph and phases files hold";
    throw std::invalid_argument(text.str());
  }
}

}  // namespace

TaskGraph generate_graph(const std::string& spec) {
  const std::size_t colon = spec.find(':');
  const std::string kind = spec.substr(0, colon);
  const auto& table = impl::generators();
  const auto it = table.find(kind);
  if (it == table.end()) {
    std::string known;
    for (const auto& entry : table) known += (known.empty() ? "" : ", ") + entry.first;
    throw std::invalid_argument("generate_graph: unknown pattern '" + kind + "' in '" + spec +
                                "' (known: " + known + ")");
  }
  if (colon == std::string::npos || colon + 1 == spec.size())
    throw std::invalid_argument("generate_graph: '" + spec + "' needs arguments after '" + kind + ":'");
  TaskGraph graph = it->second(split(spec.substr(colon + 1), ','), spec);
  check_message_sizes(graph, spec);
  return graph;
}

}  // namespace tamp
