// The processors of a job: allocated nodes (checked against the machine) and the slots of their cores.
#include "tamp/allocation.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "tamp/error.hpp"

namespace tamp {

Allocation::Allocation(std::shared_ptr<const Machine> machine, std::vector<int> nodes, int cores_per_node)
    : machine_(std::move(machine)), nodes_(std::move(nodes)) {
  require(cores_per_node >= 1,
          "allocation: cores per node must be >= 1, got " + std::to_string(cores_per_node));
  build(std::vector<int>(nodes_.size(), cores_per_node));
}

Allocation::Allocation(std::shared_ptr<const Machine> machine, std::vector<int> nodes,
                       std::vector<int> cores_of_node)
    : machine_(std::move(machine)), nodes_(std::move(nodes)) {
  require(cores_of_node.size() == nodes_.size(), "allocation: " + std::to_string(cores_of_node.size()) +
                                                     " core counts for " + std::to_string(nodes_.size()) +
                                                     " nodes");
  build(std::move(cores_of_node));
}

Allocation Allocation::whole_machine(std::shared_ptr<const Machine> machine, int cores_per_node) {
  require(machine != nullptr, "allocation: no machine");
  std::vector<int> nodes(machine->num_nodes());
  for (int i = 0; i < static_cast<int>(nodes.size()); ++i) nodes[i] = i;
  return Allocation(std::move(machine), std::move(nodes), cores_per_node);
}

bool Allocation::uniform_cores() const {
  for (int i = 1; i < num_nodes(); ++i)
    if (cores_of(i) != cores_of(0)) return false;
  return true;
}

void Allocation::build(std::vector<int> cores_of_node) {
  require(machine_ != nullptr, "allocation: no machine");
  const int machine_nodes = machine_->num_nodes();
  std::vector<char> seen(machine_nodes, 0);
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    const int n = nodes_[i];
    if (n < 0 || n >= machine_nodes)
      throw std::invalid_argument("allocation: node " + std::to_string(n) + " (entry " + std::to_string(i) +
                                  ") is outside [0, " + std::to_string(machine_nodes) + ")");
    if (seen[n])
      throw std::invalid_argument("allocation: node " + std::to_string(n) + " is listed twice (entry " +
                                  std::to_string(i) + ")");
    seen[n] = 1;
  }
  long long total = 0;
  first_slot_.assign(1, 0);
  max_cores_ = 0;
  for (std::size_t i = 0; i < cores_of_node.size(); ++i) {
    const int c = cores_of_node[i];
    if (c < 1)
      throw std::invalid_argument("allocation: node entry " + std::to_string(i) + " has " +
                                  std::to_string(c) + " cores (must be >= 1)");
    total += c;
    require(total <= std::numeric_limits<int>::max(), "allocation: too many slots");
    first_slot_.push_back(static_cast<int>(total));
    max_cores_ = std::max(max_cores_, c);
  }
  node_of_slot_.resize(static_cast<std::size_t>(total));
  for (int i = 0; i < num_nodes(); ++i)
    std::fill(node_of_slot_.begin() + first_slot_[i], node_of_slot_.begin() + first_slot_[i + 1], i);
}

}  // namespace tamp
