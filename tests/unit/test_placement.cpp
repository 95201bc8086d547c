// The placement grammar: NAME[+STEP...] and file:PATH, parsed once, printed back, checked.
#include <gtest/gtest.h>

#include <string>

#include "tamp/placement.hpp"
#include "test_support.hpp"

namespace tamp {
namespace {

std::string error_of(const Placement& placement, const std::vector<std::string>& orderings = {}) {
  try {
    placement.check(orderings);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(Placement, NameAndStepsPrintBack) {
  const Placement p = Placement::parse("geom-rs+refine+refine");
  EXPECT_FALSE(p.is_file());
  EXPECT_EQ(p.name(), "geom-rs");
  EXPECT_EQ(p.steps(), (std::vector<std::string>{"refine", "refine"}));
  EXPECT_EQ(p.str(), "geom-rs+refine+refine");
  EXPECT_EQ(Placement::parse("default").str(), "default");
  EXPECT_TRUE(Placement::parse("default").steps().empty());
}

TEST(Placement, FileTakesThePathWhole) {
  const Placement p = Placement::parse("file:runs/a+b.map");
  EXPECT_TRUE(p.is_file());
  EXPECT_EQ(p.path(), "runs/a+b.map");
  EXPECT_TRUE(p.steps().empty());
  EXPECT_EQ(p.str(), "file:runs/a+b.map");
  EXPECT_EQ(error_of(p), "");  // the file is read by whoever applies it
  try {
    Placement::parse("file:");
    FAIL() << "expected an exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "file: needs a path (file:PATH)");
  }
}

TEST(Placement, CheckNamesTheUnknownPart) {
  EXPECT_EQ(error_of(Placement::parse("blocked+refine")), "");
  EXPECT_NE(error_of(Placement::parse("nope")).find("unknown mapping 'nope' (known: "), std::string::npos);
  EXPECT_NE(error_of(Placement::parse("blocked+polish")).find("unknown post-processing step 'polish'"),
            std::string::npos);
  EXPECT_NE(error_of(Placement::parse("blocked+")).find("unknown post-processing step ''"),
            std::string::npos);
}

TEST(Placement, AnApplicationsOrderingsCountAsNames) {
  const std::vector<std::string> orderings = {"dm", "cm"};
  EXPECT_TRUE(Placement::parse("cm+refine").names_one_of(orderings));
  EXPECT_FALSE(Placement::parse("blocked").names_one_of(orderings));
  EXPECT_FALSE(Placement::parse("file:cm").names_one_of(orderings));
  EXPECT_EQ(error_of(Placement::parse("cm+refine"), orderings), "");
  EXPECT_NE(error_of(Placement::parse("cm+polish"), orderings).find("unknown post-processing step 'polish'"),
            std::string::npos);
  const std::string unknown = error_of(Placement::parse("bcm"), orderings);
  EXPECT_NE(unknown.find("unknown mapping 'bcm'"), std::string::npos);
  EXPECT_NE(unknown.find("; this app also offers: dm, cm"), std::string::npos);
}

TEST(Placement, StepsRunInOrderAndMatchMapTasks) {
  const Allocation alloc = Allocation::whole_machine(test::make_torus({4, 4}), 1);
  const TaskGraph graph = test::stencil({4, 4});
  const Placement p = Placement::parse("random+refine");
  const Mapping start = map_tasks("random", graph, alloc);
  const Mapping refined = p.apply_steps(graph, alloc, MapOptions{}, start);
  EXPECT_EQ(refined.slots(), map_tasks("random+refine", graph, alloc).slots());
  EXPECT_EQ(p.apply_steps(graph, alloc, MapOptions{}, start).slots(), refined.slots());  // deterministic
}

}  // namespace
}  // namespace tamp
