// Blue Gene/Q: the node's 5D torus coordinates, the partition's extent, its wrap-around links and the ranks
// per node from the personality (MPIX_Hardware). Built only where mpix.h exists; tests/discovery compiles it
// against a stand-in header so it cannot rot.
#include <mpix.h>

#include <string>

#include "probe.hpp"

namespace tamp::discovery::impl {

bool probe_bgq(RankRecord& record, VendorShape& shape) {
  MPIX_Hardware_t hw;
  if (MPIX_Hardware(&hw) != MPI_SUCCESS) return false;
  const int dims = static_cast<int>(hw.torus_dimension);
  if (dims < 1 || dims > MPIX_TORUS_MAX_DIMS) return false;
  shape.source = "bgq";
  shape.nodes_per_router = 1;
  shape.cores_per_node = static_cast<int>(hw.ppn);
  record.coords.clear();
  // BG/Q processor names differ per rank: name the node by its coordinates instead.
  record.host = "bgq";
  for (int d = 0; d < dims; ++d) {
    shape.dims.push_back(static_cast<int>(hw.Size[d]));
    shape.wrap.push_back(hw.isTorus[d] != 0);
    record.coords.push_back(static_cast<int>(hw.Coords[d]));
    record.host += (d ? "." : "-") + std::to_string(hw.Coords[d]);
  }
  record.nid = -1;  // one node per coordinate set: the coordinates name it
  return true;
}

}  // namespace tamp::discovery::impl
