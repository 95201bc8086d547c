// hwloc: the cores this process may run on, and where they are (package, NUMA node).
#include <hwloc.h>

#include "probe.hpp"

namespace tamp::discovery::impl {
namespace {

// The smallest package holding all of `set`, or -1.
int package_of(hwloc_topology_t topo, hwloc_const_cpuset_t set) {
  hwloc_obj_t obj = hwloc_get_obj_covering_cpuset(topo, set);
  if (obj && obj->type != HWLOC_OBJ_PACKAGE)
    obj = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_PACKAGE, obj);
  return obj ? static_cast<int>(obj->logical_index) : -1;
}

int numa_of(hwloc_topology_t topo, hwloc_const_cpuset_t set) {
  hwloc_bitmap_t nodes = hwloc_bitmap_alloc();
  hwloc_cpuset_to_nodeset(topo, set, nodes);
  const int numa = hwloc_bitmap_weight(nodes) == 1 ? hwloc_bitmap_first(nodes) : -1;
  hwloc_bitmap_free(nodes);
  return numa;
}

void fill(hwloc_topology_t topo, Binding& b) {
  b.node_cores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
  b.node_pus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
  hwloc_bitmap_t set = hwloc_bitmap_alloc();
  if (hwloc_get_cpubind(topo, set, HWLOC_CPUBIND_PROCESS) == 0) {
    b.probed = true;
    b.bound = !hwloc_bitmap_isincluded(hwloc_topology_get_topology_cpuset(topo), set);
    for (int i = 0; i < b.node_cores; ++i) {
      const hwloc_obj_t core = hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, i);
      if (!hwloc_bitmap_intersects(core->cpuset, set)) continue;
      if (b.first_core < 0) b.first_core = i;
      ++b.num_cores;
    }
    if (b.bound) {
      b.package = package_of(topo, set);
      b.numa = numa_of(topo, set);
    }
  }
  hwloc_bitmap_free(set);
}

}  // namespace

Binding probe_binding() {
  Binding b;
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) != 0) return b;
  if (hwloc_topology_load(topo) == 0) fill(topo, b);
  hwloc_topology_destroy(topo);
  return b;
}

}  // namespace tamp::discovery::impl
