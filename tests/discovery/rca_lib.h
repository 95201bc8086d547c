/* Stand-in for Cray's rca_lib.h (the RCA calls TAMP uses, with the types they take), so that the Cray path of
 * topology discovery compiles and runs here. The real header has more; these declarations follow the uses in
 * Cray's documentation and in Charm++/Zoltan2 (rs_node_t with rs_node_s._node_id, rca_mesh_coord_t). */
#ifndef TAMP_STAND_IN_RCA_LIB_H
#define TAMP_STAND_IN_RCA_LIB_H
#include <stdint.h>

typedef struct {
  uint16_t mesh_x;
  uint16_t mesh_y;
  uint16_t mesh_z;
} rca_mesh_coord_t;

typedef union {
  struct {
    uint32_t _node_id;
    uint32_t _node_x, _node_row, _node_cage, _node_slot, _node_modcomp, _node_link;
  } rs_node_s;
} rs_node_t;

int rca_get_nodeid(rs_node_t* nodeid);
int rca_get_meshcoord(uint16_t nid, rca_mesh_coord_t* coord);
int rca_get_max_dimension(rca_mesh_coord_t* max);

#endif
