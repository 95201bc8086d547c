// Mapping checks: slots in range, tasks per slot, and the inverse (task of each slot).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "tamp/mapping.hpp"

namespace tamp {
namespace {

std::string error_of(const Mapping& m, int limit) {
  try {
    m.validate(limit);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(Mapping, ValidPermutation) {
  const Mapping m({2, 0, 1}, 4);
  EXPECT_EQ(m.num_tasks(), 3);
  EXPECT_EQ(m.num_slots(), 4);
  EXPECT_EQ(m.slot(0), 2);
  EXPECT_NO_THROW(m.validate());
  EXPECT_EQ(m.task_of_slot(), (std::vector<int>{1, 2, 0, -1}));
}

TEST(Mapping, SlotOutOfRange) {
  std::vector<int> slots(8, 0);
  for (int t = 0; t < 8; ++t) slots[t] = t;
  slots[7] = 300;
  EXPECT_EQ(error_of(Mapping(slots, 256), 1), "mapping: task 7 has slot 300, outside [0, 256)");
  slots[7] = -1;
  EXPECT_EQ(error_of(Mapping(slots, 256), 1), "mapping: task 7 has slot -1, outside [0, 256)");
}

TEST(Mapping, TasksPerSlotLimit) {
  const Mapping m({3, 1, 3, 0}, 4);
  EXPECT_EQ(error_of(m, 1), "mapping: slot 3 holds 2 tasks (limit 1)");
  EXPECT_EQ(error_of(m, 2), "no error");
  EXPECT_THROW(m.validate(0), std::invalid_argument);
  EXPECT_THROW(m.task_of_slot(), std::invalid_argument);
}

TEST(Mapping, Empty) {
  const Mapping m;
  EXPECT_NO_THROW(m.validate());
  EXPECT_TRUE(m.task_of_slot().empty());
}

}  // namespace
}  // namespace tamp
