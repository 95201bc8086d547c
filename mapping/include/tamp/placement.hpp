// A placement: what --mapping, --compare, tamp-map and the C API name to put tasks on slots. The grammar has
// one owner, this type:
//   NAME[+STEP...]  an algorithm of the registry, or an ordering an application offers (halo's `group`,
//                   lanczos's `dm`), then post-processing steps of the registry (`geom-rs+refine`)
//   file:PATH       a mapping file, one slot per task (PATH is taken whole, '+' included)
// Parsed once, printed back by str(), checked against the registry and an application's orderings.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "tamp/allocation.hpp"
#include "tamp/mapper.hpp"
#include "tamp/mapping.hpp"
#include "tamp/task_graph.hpp"

namespace tamp {

class Placement {
 public:
  /// Syntax only; throws std::invalid_argument "file: needs a path (file:PATH)" on "file:" alone. Names and
  /// steps are checked by check().
  static Placement parse(std::string_view text);

  bool is_file() const { return file_; }
  const std::string& path() const { return path_; }                 // file:PATH
  const std::string& name() const { return name_; }                 // NAME
  const std::vector<std::string>& steps() const { return steps_; }  // STEP...
  /// The text it was parsed from.
  std::string str() const;

  /// Throws std::invalid_argument unless this is a file, a registry algorithm or one of `orderings`, followed
  /// by registered steps: "unknown mapping 'x' (known: ...)", with "; this app also offers: ..." when
  /// `orderings` is not empty, or "unknown post-processing step 'y' (known: ...)".
  void check(const std::vector<std::string>& orderings = {}) const;
  /// Whether NAME is one of `orderings` (an application's own) rather than a registry algorithm.
  bool names_one_of(const std::vector<std::string>& orderings) const;

  /// The steps run in order on `mapping`, each result validated.
  Mapping apply_steps(const TaskGraph& graph, const Allocation& allocation, const MapOptions& options,
                      Mapping mapping) const;

 private:
  bool file_ = false;
  std::string path_;
  std::string name_;
  std::vector<std::string> steps_;
};

/// map_tasks() of a parsed placement (a registry algorithm and its steps; a file is refused as "unknown
/// mapping 'file:...'"), so that callers holding a Placement do not parse its text again.
Mapping map_tasks(const Placement& placement, const TaskGraph& graph, const Allocation& allocation,
                  const MapOptions& options = {});

}  // namespace tamp
