// Stand-in implementations of the RCA and MPIX calls for the test of the Cray and BG/Q paths: a made-up
// machine where two ranks share a node, derived from the rank in MPI_COMM_WORLD.
//   Cray: 2x2x2 Gemini routers, two nodes (nids) per router; rank r runs on nid r / 2 at router nid / 2.
//   BG/Q: a 2x1x2x1x2 partition, torus in A, C and E only, 2 ranks per node; rank r on node r / 2.
#include <mpi.h>

#include "mpix.h"
extern "C" {
#include "rca_lib.h"  // a C header without extern "C", like the real one
}

namespace {

int world_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

}  // namespace

extern "C" int rca_get_nodeid(rs_node_t* nodeid) {
  nodeid->rs_node_s._node_id = static_cast<uint32_t>(world_rank() / 2);
  return 0;
}

extern "C" int rca_get_meshcoord(uint16_t nid, rca_mesh_coord_t* coord) {
  const int router = nid / 2;
  if (router >= 8) return -1;
  coord->mesh_x = static_cast<uint16_t>(router % 2);
  coord->mesh_y = static_cast<uint16_t>(router / 2 % 2);
  coord->mesh_z = static_cast<uint16_t>(router / 4);
  return 0;
}

extern "C" int rca_get_max_dimension(rca_mesh_coord_t* max) {
  max->mesh_x = 1;
  max->mesh_y = 1;
  max->mesh_z = 1;
  return 0;
}

extern "C" int MPIX_Hardware(MPIX_Hardware_t* hw) {
  const unsigned size[MPIX_TORUS_MAX_DIMS] = {2, 1, 2, 1, 2};
  const unsigned wrap[MPIX_TORUS_MAX_DIMS] = {1, 0, 1, 0, 1};
  *hw = MPIX_Hardware_t{};
  hw->ppn = 2;
  hw->torus_dimension = MPIX_TORUS_MAX_DIMS;
  unsigned node = static_cast<unsigned>(world_rank()) / hw->ppn;
  hw->prank = node;
  hw->coreID = static_cast<unsigned>(world_rank()) % hw->ppn;
  for (int d = MPIX_TORUS_MAX_DIMS - 1; d >= 0; --d) {  // E fastest, as BG/Q numbers its nodes
    hw->Size[d] = size[d];
    hw->isTorus[d] = wrap[d];
    hw->Coords[d] = node % size[d];
    node /= size[d];
  }
  return MPI_SUCCESS;
}
