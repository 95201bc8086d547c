// Checks on a task -> slot assignment.
#include "tamp/mapping.hpp"

#include <stdexcept>
#include <string>

#include "tamp/error.hpp"

namespace tamp {

namespace {

std::string range_text(int num_slots) {
  return "[0, " + std::to_string(num_slots) + ")";
}

}  // namespace

void Mapping::validate(int max_tasks_per_slot) const {
  require(num_slots_ >= 0, "mapping: negative number of slots " + std::to_string(num_slots_));
  require(max_tasks_per_slot >= 1,
          "mapping: the limit of tasks per slot must be >= 1, got " + std::to_string(max_tasks_per_slot));
  std::vector<int> count(num_slots_, 0);
  for (int t = 0; t < num_tasks(); ++t) {
    const int s = slots_[t];
    if (s < 0 || s >= num_slots_)
      throw std::invalid_argument("mapping: task " + std::to_string(t) + " has slot " + std::to_string(s) +
                                  ", outside " + range_text(num_slots_));
    ++count[s];
  }
  for (int s = 0; s < num_slots_; ++s)
    if (count[s] > max_tasks_per_slot)
      throw std::invalid_argument("mapping: slot " + std::to_string(s) + " holds " +
                                  std::to_string(count[s]) + " tasks (limit " +
                                  std::to_string(max_tasks_per_slot) + ")");
}

std::vector<int> Mapping::task_of_slot() const {
  require(num_slots_ >= 0, "mapping: negative number of slots " + std::to_string(num_slots_));
  std::vector<int> task(num_slots_, -1);
  for (int t = 0; t < num_tasks(); ++t) {
    const int s = slots_[t];
    if (s < 0 || s >= num_slots_)
      throw std::invalid_argument("mapping: task " + std::to_string(t) + " has slot " + std::to_string(s) +
                                  ", outside " + range_text(num_slots_));
    if (task[s] >= 0)
      throw std::invalid_argument("mapping: slot " + std::to_string(s) + " holds tasks " +
                                  std::to_string(task[s]) + " and " + std::to_string(t) +
                                  " (task_of_slot needs at most one task per slot)");
    task[s] = t;
  }
  return task;
}

}  // namespace tamp
