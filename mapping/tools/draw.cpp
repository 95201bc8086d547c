#include "draw.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>

#include "tamp/error.hpp"
#include "tamp/generators.hpp"
#include "tamp/io/graph_file.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/io/mapping_file.hpp"
#include "tamp/io/output_file.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"
#include "tamp/pattern.hpp"
#include "tamp/text.hpp"

namespace tamp::tools {
namespace {

constexpr int kMaxLegend = 64;         // legend entries at most (then "and N more")
constexpr int kSlicesPerRow = 8;       // z-slices side by side before a new row of panels
constexpr double kTargetWidth = 1400;  // pixels the panels aim to fill
// Bytes of SVG per task: a cell's rectangle (~70 bytes) and its share of the node borders, or a dot; what
// 256^3 tasks took (1.5 GB). Small grids also print node numbers in their cells, which stay far below the
// limit.
constexpr double kSvgBytesPerTask = 100;

// Node i's colour: hues a golden angle apart so that consecutive nodes differ, three lightness levels.
std::string node_colour(int node) {
  const double h = std::fmod(node * 137.507764, 360.0) / 60.0;
  const double l = node % 3 == 0 ? 0.55 : node % 3 == 1 ? 0.42 : 0.68, s = 0.65;
  const double c = (1 - std::fabs(2 * l - 1)) * s, x = c * (1 - std::fabs(std::fmod(h, 2.0) - 1)),
               m = l - c / 2;
  double r = 0, g = 0, b = 0;
  if (h < 1)
    r = c, g = x;
  else if (h < 2)
    r = x, g = c;
  else if (h < 3)
    g = c, b = x;
  else if (h < 4)
    g = x, b = c;
  else if (h < 5)
    r = x, b = c;
  else
    r = c, b = x;
  auto byte = [m](double v) { return static_cast<int>(std::lround(255 * (v + m))); };
  return fmt::format("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b));
}

std::string escape(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '<')
      out += "&lt;";
    else if (ch == '>')
      out += "&gt;";
    else if (ch == '&')
      out += "&amp;";
    else
      out += ch;
  }
  return out;
}

std::string coordinates_text(const std::vector<double>& c) {
  std::string s;
  for (std::size_t d = 0; d < c.size(); ++d) s += (d ? "," : "") + fmt::format("{:g}", c[d]);
  return "(" + s + ")";
}

struct Canvas {
  std::string body;
  double width = 0, height = 0;
};

// The grid as panels of dims[0] x dims[1] cells, one per z (dims[2]), each cell coloured by its task's node.
void draw_grid(Canvas& canvas, const std::vector<int>& dims3, const std::vector<int>& node_of_task,
               double top) {
  const int nx = dims3[0], ny = dims3[1], nz = dims3[2];
  const int per_row = std::min(nz, kSlicesPerRow);
  const double cell = std::clamp(kTargetWidth / (per_row * (nx + 2)), 3.0, 40.0);
  const double gap = 2 * cell, label = nz > 1 ? 16 : 0;
  const bool numbers = cell >= 16;
  for (int z = 0; z < nz; ++z) {
    const double x0 = 10 + (z % per_row) * (nx * cell + gap);
    const double y0 = top + (z / per_row) * (ny * cell + gap + label) + label;
    if (nz > 1)
      canvas.body += fmt::format("<text x='{:.1f}' y='{:.1f}' font-size='12'>z = {}</text>\n", x0, y0 - 4, z);
    auto node_at = [&](int x, int y) { return node_of_task[x + nx * (y + static_cast<long long>(ny) * z)]; };
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        const int node = node_at(x, y);
        canvas.body += fmt::format("<rect x='{:.1f}' y='{:.1f}' width='{:.1f}' height='{:.1f}' fill='{}'/>\n",
                                   x0 + x * cell, y0 + y * cell, cell, cell, node_colour(node));
        if (numbers)
          canvas.body += fmt::format(
              "<text x='{:.1f}' y='{:.1f}' font-size='{:.0f}' text-anchor='middle' fill='white'>{}</text>\n",
              x0 + (x + 0.5) * cell, y0 + (y + 0.7) * cell, cell * 0.45, node);
      }
    // Node borders: a line wherever two neighbouring cells sit on different nodes, and round the panel.
    std::string path;
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        if (x + 1 < nx && node_at(x, y) != node_at(x + 1, y))
          path += fmt::format("M{:.1f},{:.1f}v{:.1f}", x0 + (x + 1) * cell, y0 + y * cell, cell);
        if (y + 1 < ny && node_at(x, y) != node_at(x, y + 1))
          path += fmt::format("M{:.1f},{:.1f}h{:.1f}", x0 + x * cell, y0 + (y + 1) * cell, cell);
      }
    canvas.body += fmt::format("<path d='{}' stroke='black' stroke-width='1.5' fill='none'/>\n", path);
    canvas.body += fmt::format(
        "<rect x='{:.1f}' y='{:.1f}' width='{:.1f}' height='{:.1f}' stroke='black' "
        "stroke-width='1.5' fill='none'/>\n",
        x0, y0, nx * cell, ny * cell);
    canvas.width = std::max(canvas.width, x0 + nx * cell + 10);
    canvas.height = std::max(canvas.height, y0 + ny * cell + 10);
  }
}

// Tasks at their coordinates (first two), messages as faint lines when there are not too many.
void draw_points(Canvas& canvas, const TaskGraph& graph, const std::vector<int>& node_of_task, double top) {
  const int dim = graph.coordinate_dim();
  const auto& xyz = graph.coordinates();
  double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
  for (int t = 0; t < graph.num_tasks(); ++t)
    for (int d = 0; d < std::min(dim, 2); ++d) {
      lo[d] = std::min(lo[d], xyz[static_cast<std::size_t>(t) * dim + d]);
      hi[d] = std::max(hi[d], xyz[static_cast<std::size_t>(t) * dim + d]);
    }
  const double size = 800;
  auto at = [&](int t, int d) {
    if (d >= dim) return 10 + size / 2;
    const double span = hi[d] > lo[d] ? hi[d] - lo[d] : 1;
    return 10 + size * (xyz[static_cast<std::size_t>(t) * dim + d] - lo[d]) / span;
  };
  if (graph.num_edges() <= 20000) {
    std::string path;
    for (const Edge& e : graph.edges())
      if (e.src < e.dst)
        path += fmt::format("M{:.1f},{:.1f}L{:.1f},{:.1f}", at(e.src, 0), top + at(e.src, 1), at(e.dst, 0),
                            top + at(e.dst, 1));
    canvas.body += fmt::format("<path d='{}' stroke='#bbbbbb' stroke-width='0.5' fill='none'/>\n", path);
  }
  for (int t = 0; t < graph.num_tasks(); ++t)
    canvas.body +=
        fmt::format("<circle cx='{:.1f}' cy='{:.1f}' r='4' fill='{}' stroke='black' stroke-width='0.5'/>\n",
                    at(t, 0), top + at(t, 1), node_colour(node_of_task[t]));
  canvas.width = std::max(canvas.width, size + 20);
  canvas.height = std::max(canvas.height, top + size + 20);
}

// Swatch, node index and machine coordinates of every node in use, in columns as tall as the picture.
void draw_legend(Canvas& canvas, const Allocation& allocation, const std::vector<int>& node_of_task) {
  std::vector<int> used = node_of_task;
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  const double x0 = canvas.width + 20, y0 = 50, row = 16, column = 150;
  const int per_column = std::max(16, static_cast<int>((canvas.height - y0) / row));
  const int shown = std::min(static_cast<int>(used.size()), kMaxLegend);
  canvas.body += fmt::format(
      "<text x='{:.1f}' y='{:.1f}' font-size='13' font-weight='bold'>node (machine "
      "coordinates)</text>\n",
      x0, y0 - 16);
  for (int i = 0; i < shown; ++i) {
    const double x = x0 + (i / per_column) * column, y = y0 + (i % per_column) * row;
    canvas.body += fmt::format("<rect x='{:.1f}' y='{:.1f}' width='12' height='12' fill='{}'/>\n", x, y - 10,
                               node_colour(used[i]));
    canvas.body +=
        fmt::format("<text x='{:.1f}' y='{:.1f}' font-size='12'>{} {}</text>\n", x + 18, y, used[i],
                    coordinates_text(allocation.machine().node_coordinates(allocation.node(used[i]))));
  }
  const int columns = (shown + per_column - 1) / per_column;
  double bottom = y0 + std::min(shown, per_column) * row;
  if (static_cast<int>(used.size()) > shown) {
    canvas.body += fmt::format("<text x='{:.1f}' y='{:.1f}' font-size='12'>... and {} more nodes</text>\n",
                               x0, bottom, used.size() - shown);
    bottom += row;
  }
  canvas.width = x0 + std::max(columns, 1) * column + 10;
  canvas.height = std::max(canvas.height, bottom + 10);
}

// The grid to draw: the graph's own, else the one pattern detection finds; empty when neither.
std::vector<int> grid_dims(const TaskGraph& graph) {
  if (graph.grid()) return graph.grid()->dims;
  const std::optional<GridPattern> found = detect_pattern(graph);
  return found ? found->grid.dims : std::vector<int>{};
}

}  // namespace

std::string placement_svg(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping,
                          const std::string& title) {
  require(mapping.num_tasks() == graph.num_tasks() && mapping.num_slots() == allocation.num_slots(),
          "draw: the mapping does not fit the graph and the machine");
  std::vector<int> node_of_task(graph.num_tasks());
  for (int t = 0; t < graph.num_tasks(); ++t) node_of_task[t] = allocation.node_of_slot(mapping.slot(t));

  const std::vector<int> dims = grid_dims(graph);
  const bool use_grid = !dims.empty() && dims.size() <= 3;
  require(use_grid || (graph.has_coordinates() && graph.coordinate_dim() <= 3),
          "draw: needs a 1D-3D task grid (given or detected) or task coordinates");

  Canvas canvas;
  const double top = 60;
  if (use_grid) {
    std::vector<int> dims3 = dims;
    dims3.resize(3, 1);
    draw_grid(canvas, dims3, node_of_task, top);
  } else {
    draw_points(canvas, graph, node_of_task, top);
  }
  draw_legend(canvas, allocation, node_of_task);

  std::string grid_text = "tasks at their coordinates";
  if (use_grid) {
    grid_text = "task grid " + extents_text(dims);
    grid_text += dims.size() == 3 ? " (x right, y down, one panel per z)" : " (x right, y down)";
  }
  std::string svg = fmt::format(
      "<svg xmlns='http://www.w3.org/2000/svg' width='{:.0f}' height='{:.0f}' font-family='sans-serif'>\n"
      "<rect width='100%' height='100%' fill='white'/>\n"
      "<text x='10' y='22' font-size='16' font-weight='bold'>{}</text>\n"
      "<text x='10' y='42' font-size='12'>{}; {}</text>\n",
      canvas.width, canvas.height, escape(title), escape(grid_text), escape(allocation.machine().describe()));
  return svg + canvas.body + "</svg>\n";
}

double svg_size_estimate(int num_tasks) {
  return kSvgBytesPerTask * num_tasks;
}

void add_draw_command(CLI::App& app, DrawArgs& args) {
  CLI::App* cmd = app.add_subcommand("draw", "SVG picture of a placement: task grid coloured by node");
  add_problem_options(cmd, args.problem);
  cmd->add_option("--mapping", args.mapping, "mapping file, or an algorithm name")->required();
  cmd->add_option("--svg", args.svg, "output SVG file")->required();
  cmd->add_option("--max-svg-mb", args.max_svg_mb,
                  "refuse a picture estimated larger than this many MB (about 100 bytes per task)")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
}

int run_draw(const DrawArgs& args) {
  check_output_path(args.svg, "--svg");
  const Problem p = load_problem(args.problem);
  // Before mapping, evaluating and drawing: a picture of millions of tasks takes gigabytes and minutes.
  const double estimate = svg_size_estimate(p.graph.num_tasks());
  require(estimate <= args.max_svg_mb * 1e6,
          fmt::format(
              "--max-svg-mb: the picture of {} tasks would take about {:.0f} MB, more than the limit of {} "
              "MB (raise --max-svg-mb, or draw a smaller graph)",
              p.graph.num_tasks(), estimate / 1e6, args.max_svg_mb));
  const Mapping mapping = load_or_compute_mapping(args.mapping, p);
  const TaskGraph& graph = p.graph;
  const MachineDescription& machine = p.machine;
  const bool file = std::filesystem::exists(args.mapping);
  const Metrics m = evaluate(graph, machine.allocation, mapping);
  const std::string name = file ? std::filesystem::path(args.mapping).filename().string() : args.mapping;
  const std::string title = fmt::format("{}: hop-bytes {:.6g}, {:.3f} hops/byte, max dilation {}", name,
                                        m.hop_bytes, m.hops_per_byte, m.max_dilation);
  write_output_file(args.svg, "--svg", placement_svg(graph, machine.allocation, mapping, title));
  return 0;
}

}  // namespace tamp::tools
