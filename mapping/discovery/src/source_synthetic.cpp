// synthetic:MACHINEFILE | synthetic:SPEC — a described machine with the ranks laid onto its allocation in
// launcher order, so predicted hop-bytes mean something on one box (docs/user-guide.md, "Topology sources").
#include "sources.hpp"

namespace tamp::discovery::impl {

JobLayout synthetic_source(const SourceInput& in) {
  // tamp::load_machine: a machine file when the argument names one, else an inline spec (torus:4x4x4,...).
  return place_in_launcher_order(load_machine(in.argument), in.source, static_cast<int>(in.ranks.size()));
}

}  // namespace tamp::discovery::impl
