// Task-graph files: METIS graph format (+ optional .xyz coordinates) and directed edge lists.
#pragma once
#include <iosfwd>
#include <string>

#include "tamp/task_graph.hpp"

namespace tamp {

/// METIS format, 1-based; fmt 0/1/10/11 (edge weights = bytes, vertex weights read and ignored, ncon >= 1).
/// An undirected METIS edge {u,v} of weight w becomes two messages u->v and v->u of w bytes each. `threads`
/// read the vertex lines (as MapOptions::threads: 0 means OMP_NUM_THREADS, else every core); the graph is the
/// same for every count.
TaskGraph parse_metis_graph(std::istream& in, const std::string& source, int threads = 1);
/// Edge list: "src dst bytes" per line (0-based), first line "tasks N"; '#' comments.
TaskGraph parse_edge_list(std::istream& in, const std::string& source);
/// D numbers per line, one line per task; `threads` as parse_metis_graph's.
void parse_coordinates(std::istream& in, const std::string& source, TaskGraph& graph, int threads = 1);

/// Reads PATH by extension: .edges -> edge list, anything else -> METIS; loads PATH-without-extension.xyz or
/// PATH.xyz beside it when present, and likewise the phases file .phases (then the graph is the union of the
/// phases, see attach_phases in tamp/io/phases_file.hpp). `threads` as parse_metis_graph's.
TaskGraph read_task_graph(const std::string& path, int threads = 1);

/// What `--graph` of tamp-map (and of tamp-replay, tamp_graph_load of the C API) takes: an existing file, or a
/// name without ':', is read by read_task_graph; anything else is a generator spec (generate_graph,
/// tamp/generators.hpp: "stencil3d:8x8x8").
TaskGraph load_task_graph(const std::string& file_or_spec, int threads = 1);

/// METIS writer, fmt 001: symmetrises with the mean, w(u,v) = round((bytes u->v + bytes v->u) / 2), at least 1 for a
/// pair that exchanges bytes, so that reading it back (w bytes each way) gives the same traffic for symmetric graphs.
/// Messages from a task to itself are left out (METIS has no self loops).
void write_metis_graph(std::ostream& out, const TaskGraph& graph);
void write_edge_list(std::ostream& out, const TaskGraph& graph);
void write_coordinates(std::ostream& out, const TaskGraph& graph);

}  // namespace tamp
