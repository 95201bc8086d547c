// Cray XT/XE/XK: the node id from rca_get_nodeid, its Gemini/SeaStar mesh coordinates from rca_get_meshcoord
// and the machine's extent from rca_get_max_dimension ([Bhatele10] §6.2). Built only where rca_lib.h exists;
// tests/discovery compiles it against a stand-in header so it cannot rot.
extern "C" {
#include <rca_lib.h>
}

#include "probe.hpp"

namespace tamp::discovery::impl {

bool probe_cray(RankRecord& record, VendorShape& shape) {
  rs_node_t node;
  if (rca_get_nodeid(&node) != 0) return false;
  const int nid = static_cast<int>(node.rs_node_s._node_id);
  rca_mesh_coord_t xyz;
  if (rca_get_meshcoord(static_cast<uint16_t>(nid), &xyz) == -1) return false;
  rca_mesh_coord_t max;
  if (rca_get_max_dimension(&max) == -1) return false;
  record.coords = {xyz.mesh_x, xyz.mesh_y, xyz.mesh_z};
  record.nid = nid;
  shape.source = "cray";
  // The whole machine's torus: every dimension wraps. Two nodes share a Gemini router (a SeaStar router has
  // one node, which this also describes: the second position stays empty).
  shape.dims = {max.mesh_x + 1, max.mesh_y + 1, max.mesh_z + 1};
  shape.wrap = {true, true, true};
  shape.nodes_per_router = 2;
  return true;
}

}  // namespace tamp::discovery::impl
