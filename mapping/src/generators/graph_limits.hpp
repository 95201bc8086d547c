// How large a generated task graph may be, checked before a generator builds anything, so that a size the
// machine cannot hold fails in one line instead of in the allocator, or hours later.
#pragma once
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "io/text_util.hpp"  // kMaxTasks: the largest graph a graph file holds

namespace tamp::impl {

/// A message costs about 64 bytes once built (its edge in a phase, its share of the per-pair totals and of the
/// collectives' rounds; a 4096x4096 stencil2d graph takes 4.3 GB): 2^27 of them, about 8 GB, is the most a
/// generated graph holds.
inline constexpr double kMaxGeneratedMessages = 134217728.0;

/// Throws std::invalid_argument ("WHAT: N tasks: ..." or "WHAT: about M messages: ...") when `tasks` passes
/// kMaxTasks or `messages` (an upper estimate; 0 before it is known) kMaxGeneratedMessages.
inline void require_graph_size(const std::string& what, double tasks, double messages) {
  char text[160];
  if (tasks > static_cast<double>(kMaxTasks))
    std::snprintf(text, sizeof text, "%.0f tasks: more than the 2^24 a generated graph (or a graph file) may have",
                  tasks);
  else if (messages > kMaxGeneratedMessages)
    std::snprintf(text, sizeof text,
                  "%.0f tasks and about %.3g messages: more than the 2^27 (about 8 GB) a generated graph may have",
                  tasks, messages);
  else
    return;
  throw std::invalid_argument(what + ": " + text);
}

}  // namespace tamp::impl
