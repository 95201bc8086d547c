// tamp-map draw: an SVG picture of a placement, like the figures of [Bhatele10] ch. 9-10 — the task grid with
// each cell coloured by the node its task runs on, node borders drawn, a legend, and hop-bytes in the title.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "tamp/allocation.hpp"
#include "tamp/mapping.hpp"
#include "tamp/task_graph.hpp"
#include "tamp_map_commands.hpp"

namespace tamp::tools {

struct DrawArgs {
  ProblemArgs problem;
  std::string mapping;  // file, or an algorithm name to run first
  std::string svg;      // output file
  int max_svg_mb = 64;  // refuse pictures estimated larger (svg_size_estimate)
};

void add_draw_command(CLI::App& app, DrawArgs& args);
/// Bytes of the picture of `num_tasks` tasks, roughly (checked against --max-svg-mb before any work).
double svg_size_estimate(int num_tasks);
int run_draw(const DrawArgs& args);

/// The picture: a 2D task grid as one panel, a 3D one as its z-slices side by side (the graph's grid, else
/// the one pattern detection finds); without a grid, tasks at their 2D/3D coordinates (x, y) as dots. Throws
/// std::invalid_argument when the graph has neither a 1D-3D grid nor coordinates.
std::string placement_svg(const TaskGraph& graph, const Allocation& allocation, const Mapping& mapping,
                          const std::string& title);

}  // namespace tamp::tools
