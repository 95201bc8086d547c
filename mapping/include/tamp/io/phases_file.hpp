// The phases file (docs/file-formats.md): the messages of a task graph grouped into phases, beside G.graph as
// G.phases.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "tamp/task_graph.hpp"

namespace tamp {

/// "tasks N", then per phase a line "phase NAME p2p|collective COUNT MESSAGES" and MESSAGES lines "SRC DST
/// BYTES" (0-based tasks); '#' comments. Throws tamp::ParseError ("FILE:LINE: ...") on malformed input, or
/// when `expected_tasks` >= 0 differs from N.
std::vector<Phase> parse_phases(std::istream& in, const std::string& source, int expected_tasks = -1);
/// Writes `graph`'s phases in the same format (exact: bytes and counts round-trip).
void write_phases(std::ostream& out, const TaskGraph& graph);

/// Replaces `graph` by the union of `phases` (TaskGraph::from_phases), keeping its coordinates and grid,
/// after checking that both have the same tasks and the same communicating pairs (either direction counts, as
/// METIS files are symmetric). Throws std::invalid_argument naming `source` otherwise (a stale G.phases
/// beside a new G.graph).
void attach_phases(TaskGraph& graph, std::vector<Phase> phases, const std::string& source);

}  // namespace tamp
