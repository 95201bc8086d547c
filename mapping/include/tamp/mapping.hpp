// Task -> processor slot.
#pragma once
#include <vector>

namespace tamp {

class Mapping {
 public:
  Mapping() = default;
  Mapping(std::vector<int> slot_of_task, int num_slots) : slots_(std::move(slot_of_task)), num_slots_(num_slots) {}

  int num_tasks() const { return static_cast<int>(slots_.size()); }
  int num_slots() const { return num_slots_; }
  int slot(int task) const { return slots_[task]; }
  const std::vector<int>& slots() const { return slots_; }

  /// Throws std::invalid_argument unless every task has a slot in [0, num_slots) and no slot holds more than
  /// `max_tasks_per_slot` tasks.
  void validate(int max_tasks_per_slot = 1) const;
  /// Task on each slot (-1 when empty); requires at most one task per slot.
  std::vector<int> task_of_slot() const;

 private:
  std::vector<int> slots_;
  int num_slots_ = 0;
};

}  // namespace tamp
