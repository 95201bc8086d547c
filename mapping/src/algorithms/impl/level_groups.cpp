#include "algorithms/impl/level_groups.hpp"

namespace tamp::impl {

std::vector<int> groups_at_level(const Allocation& allocation, int level, std::int64_t& work) {
  const Machine& machine = allocation.machine();
  std::vector<int> group_of(allocation.num_nodes(), -1), first_node;
  for (int i = 0; i < allocation.num_nodes(); ++i) {
    const auto same = [&](int g) {
      return machine.level_apart(allocation.node(first_node[g]), allocation.node(i)) <= level;
    };
    int g =
        i > 0 && same(group_of[i - 1]) ? group_of[i - 1] : -1;  // neighbours in the allocation share a group
    for (int k = 0; g < 0 && k < static_cast<int>(first_node.size()); ++k) {
      ++work;
      if (same(k)) g = k;
    }
    if (g < 0) {
      g = static_cast<int>(first_node.size());
      first_node.push_back(i);
    }
    group_of[i] = g;
  }
  return group_of;
}

}  // namespace tamp::impl
