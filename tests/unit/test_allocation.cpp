// Allocations: slots of allocated nodes, sparse and partly filled nodes, and the checks on bad input.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "tamp/allocation.hpp"
#include "tamp/torus.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

using test::torus_spec;

std::shared_ptr<const Machine> torus_2x2() {
  return std::make_shared<Torus>(torus_spec({2, 2}));
}

TEST(Allocation, WholeMachine) {
  const Allocation a = Allocation::whole_machine(torus_2x2(), 4);
  EXPECT_EQ(a.num_nodes(), 4);
  EXPECT_EQ(a.num_slots(), 16);
  EXPECT_EQ(a.max_cores_per_node(), 4);
  EXPECT_TRUE(a.uniform_cores());
  // Slot 5 = node 5 / 4 = 1, core 5 % 4 = 1.
  EXPECT_EQ(a.node_of_slot(5), 1);
  EXPECT_EQ(a.core_of_slot(5), 1);
  EXPECT_EQ(a.machine_node_of_slot(5), 1);
  EXPECT_EQ(a.first_slot(3), 12);
  EXPECT_EQ(a.machine().num_nodes(), 4);
}

TEST(Allocation, SparseNodesInAllocationOrder) {
  const Allocation a(torus_2x2(), {3, 1}, 2);
  EXPECT_EQ(a.num_slots(), 4);
  EXPECT_EQ(a.machine_node_of_slot(0), 3);
  EXPECT_EQ(a.machine_node_of_slot(1), 3);
  EXPECT_EQ(a.machine_node_of_slot(2), 1);
  EXPECT_EQ(a.node_of_slot(3), 1);
  EXPECT_EQ(a.node(0), 3);
}

TEST(Allocation, PartlyFilledNodes) {
  const Allocation a(torus_2x2(), {0, 2, 3}, std::vector<int>{2, 1, 3});
  // first slots: 0, 2, 3, end 6.
  EXPECT_EQ(a.num_slots(), 6);
  EXPECT_EQ(a.cores_of(1), 1);
  EXPECT_EQ(a.first_slot(2), 3);
  EXPECT_EQ(a.max_cores_per_node(), 3);
  EXPECT_FALSE(a.uniform_cores());
  EXPECT_EQ(a.node_of_slot(2), 1);
  EXPECT_EQ(a.machine_node_of_slot(2), 2);
  EXPECT_EQ(a.node_of_slot(5), 2);
  EXPECT_EQ(a.core_of_slot(5), 2);
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(Allocation, RejectsBadInput) {
  const auto m = torus_2x2();
  EXPECT_NE(error_of([&] { Allocation(m, {1, 2, 1}, 1); }).find("node 1 is listed twice"), std::string::npos);
  EXPECT_NE(error_of([&] {
              Allocation(m, {0, 4}, 1);
            }).find("node 4 (entry 1) is outside [0, 4)"),
            std::string::npos);
  EXPECT_THROW(Allocation(m, {-1}, 1), std::invalid_argument);
  EXPECT_THROW(Allocation(m, {0}, 0), std::invalid_argument);
  EXPECT_THROW(Allocation(m, {0, 1}, std::vector<int>{1}), std::invalid_argument);
  EXPECT_THROW(Allocation(m, {0, 1}, std::vector<int>{1, 0}), std::invalid_argument);
  EXPECT_THROW(Allocation(nullptr, {0}, 1), std::invalid_argument);
  EXPECT_THROW(Allocation::whole_machine(m, 0), std::invalid_argument);
}

}  // namespace
}  // namespace tamp
