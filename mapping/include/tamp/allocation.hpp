// The processors of one job: allocated nodes of a Machine, in allocation order, and their cores.
#pragma once
#include <memory>
#include <vector>

#include "tamp/machine.hpp"

namespace tamp {

/// Processor slot k lives on allocated node i with first_slot(i) <= k < first_slot(i) + cores_of(i).
/// With the same number of cores C on every node, slot k is node k / C, core k % C.
class Allocation {
 public:
  Allocation() = default;
  /// Every node has `cores_per_node` cores. Throws std::invalid_argument on repeated or out-of-range nodes.
  Allocation(std::shared_ptr<const Machine> machine, std::vector<int> nodes, int cores_per_node);
  /// Node i has cores_of_node[i] slots (partly filled nodes, e.g. the ranks a job really has).
  Allocation(std::shared_ptr<const Machine> machine, std::vector<int> nodes, std::vector<int> cores_of_node);
  /// Every node of the machine, in node-id order.
  static Allocation whole_machine(std::shared_ptr<const Machine> machine, int cores_per_node);

  const Machine& machine() const { return *machine_; }
  const std::shared_ptr<const Machine>& machine_ptr() const { return machine_; }

  int num_nodes() const { return static_cast<int>(nodes_.size()); }
  int num_slots() const { return static_cast<int>(node_of_slot_.size()); }
  /// Machine node id of allocated node i.
  int node(int i) const { return nodes_[i]; }
  const std::vector<int>& nodes() const { return nodes_; }
  int cores_of(int i) const { return first_slot_[i + 1] - first_slot_[i]; }
  int first_slot(int i) const { return first_slot_[i]; }
  /// Largest core count of any allocated node.
  int max_cores_per_node() const { return max_cores_; }
  bool uniform_cores() const;

  /// Allocated-node index (0..num_nodes()-1) of a slot.
  int node_of_slot(int slot) const { return node_of_slot_[slot]; }
  /// Machine node id of a slot.
  int machine_node_of_slot(int slot) const { return nodes_[node_of_slot_[slot]]; }
  int core_of_slot(int slot) const { return slot - first_slot_[node_of_slot_[slot]]; }

 private:
  void build(std::vector<int> cores_of_node);

  std::shared_ptr<const Machine> machine_;
  std::vector<int> nodes_;
  std::vector<int> first_slot_;    // size num_nodes()+1
  std::vector<int> node_of_slot_;  // size num_slots()
  int max_cores_ = 0;
};

}  // namespace tamp
