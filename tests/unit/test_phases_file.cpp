// Phases in the task graph and the G.phases file: validation, exact round trip, errors naming file and line,
// the sidecar read beside G.graph and the check that it belongs to that graph.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "tamp/error.hpp"
#include "tamp/generators.hpp"
#include "tamp/io/graph_file.hpp"
#include "tamp/io/phases_file.hpp"

namespace tamp {
namespace {

std::vector<Phase> sample() {
  return {{"faces", PhaseKind::p2p, 1, {{0, 1, 100}, {1, 0, 100}, {1, 2, 0.5}}},
          {"sum/r0", PhaseKind::collective, 2.5, {{0, 1, 8}, {2, 0, 1e-3}}}};
}

TEST(Phases, UnionIsBytesTimesCount) {
  const TaskGraph g = TaskGraph::from_phases(3, sample());
  ASSERT_TRUE(g.has_phases());
  EXPECT_EQ(g.phases().size(), 2u);
  EXPECT_DOUBLE_EQ(g.total_bytes(), 200 + 0.5 + 2.5 * (8 + 1e-3));
  EXPECT_EQ(g.num_edges(), 4);  // 0->1 merged across phases
  const TaskGraph copy = g;     // phases travel with copies (auto sets a grid on a copy)
  EXPECT_EQ(copy.phases().size(), 2u);
}

TEST(Phases, AttachedToAGraphKeepItsTaskWeights) {
  TaskGraph g = TaskGraph::from_edges(2, {{0, 1, 8}, {1, 0, 8}});
  g.set_task_weights({2, 3});
  attach_phases(g, {{"x", PhaseKind::p2p, 2, {{0, 1, 4}, {1, 0, 4}}}}, "g.phases");
  EXPECT_TRUE(g.has_phases());
  EXPECT_EQ(g.task_weights(), (std::vector<double>{2, 3}));
}

TEST(Phases, Validation) {
  EXPECT_THROW(TaskGraph::from_phases(2, {{"x", PhaseKind::p2p, 1, {{0, 2, 1}}}}), std::invalid_argument);
  EXPECT_THROW(TaskGraph::from_phases(2, {{"x", PhaseKind::p2p, 1, {{0, 1, -1}}}}), std::invalid_argument);
  EXPECT_THROW(TaskGraph::from_phases(2, {{"x", PhaseKind::p2p, -1, {{0, 1, 1}}}}), std::invalid_argument);
  EXPECT_THROW(TaskGraph::from_phases(2, {{"two words", PhaseKind::p2p, 1, {}}}), std::invalid_argument);
  EXPECT_THROW(TaskGraph::from_phases(2, {{"", PhaseKind::p2p, 1, {}}}), std::invalid_argument);
  EXPECT_THROW(parse_phase_kind("broadcast"), std::invalid_argument);
  TaskGraph g = TaskGraph::from_edges(2, {{0, 1, 1}});
  EXPECT_FALSE(g.has_phases());
  EXPECT_THROW(g.set_phases({{"x", PhaseKind::p2p, 1, {{5, 1, 1}}}}), std::invalid_argument);
}

TEST(Phases, FileRoundTripIsExact) {
  const TaskGraph g = TaskGraph::from_phases(3, sample());
  std::ostringstream out;
  write_phases(out, g);
  std::istringstream in(out.str());
  const std::vector<Phase> back = parse_phases(in, "g.phases", 3);
  ASSERT_EQ(back.size(), 2u);
  for (std::size_t i = 0; i < back.size(); ++i) {
    EXPECT_EQ(back[i].name, g.phases()[i].name);
    EXPECT_EQ(back[i].kind, g.phases()[i].kind);
    EXPECT_EQ(back[i].count, g.phases()[i].count);
    ASSERT_EQ(back[i].edges.size(), g.phases()[i].edges.size());
    for (std::size_t e = 0; e < back[i].edges.size(); ++e) {
      EXPECT_EQ(back[i].edges[e].src, g.phases()[i].edges[e].src);
      EXPECT_EQ(back[i].edges[e].dst, g.phases()[i].edges[e].dst);
      EXPECT_EQ(back[i].edges[e].bytes, g.phases()[i].edges[e].bytes);
    }
  }
}

// A phase in launcher order (a collective on the job's slots in order) is written with its sixth word and read
// back with it; it is no message of the union, which the mappers place.
TEST(Phases, LauncherOrderRoundTripAndLeftOutOfTheUnion) {
  std::vector<Phase> phases = sample();
  phases[1].launcher_order = true;
  const TaskGraph g = TaskGraph::from_phases(3, phases);
  EXPECT_DOUBLE_EQ(g.total_bytes(), 200 + 0.5);
  EXPECT_EQ(g.num_edges(), 3);
  std::ostringstream out;
  write_phases(out, g);
  EXPECT_NE(out.str().find("phase sum/r0 collective 2.5 2 launcher\n"), std::string::npos) << out.str();
  std::istringstream in(out.str());
  const std::vector<Phase> back = parse_phases(in, "g.phases", 3);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_FALSE(back[0].launcher_order);
  EXPECT_TRUE(back[1].launcher_order);
}

// How a collective round is posted (Posting) is written as the header's last word unless nonblocking, and
// read back, after `launcher` or alone.
TEST(Phases, PostingRoundTrip) {
  std::vector<Phase> phases = sample();
  phases.push_back({"swap/r0", PhaseKind::collective, 1, {{0, 1, 8}, {1, 0, 8}}, true, Posting::sendrecv});
  phases[1].posting = Posting::blocking;
  std::ostringstream out;
  write_phases(out, TaskGraph::from_phases(3, phases));
  EXPECT_NE(out.str().find("phase faces p2p 1 3\n"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("phase sum/r0 collective 2.5 2 blocking\n"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("phase swap/r0 collective 1 2 launcher sendrecv\n"), std::string::npos)
      << out.str();
  std::istringstream in(out.str());
  const std::vector<Phase> back = parse_phases(in, "g.phases", 3);
  ASSERT_EQ(back.size(), 3u);
  EXPECT_EQ(back[0].posting, Posting::nonblocking);
  EXPECT_EQ(back[1].posting, Posting::blocking);
  EXPECT_FALSE(back[1].launcher_order);
  EXPECT_EQ(back[2].posting, Posting::sendrecv);
  EXPECT_TRUE(back[2].launcher_order);
}

TEST(Phases, ParseErrorsNameFileAndLine) {
  const struct {
    const char* text;
    const char* where;
  } cases[] = {
      {"", "bad.phases:1"},
      {"phase a p2p 1 0\n", "bad.phases:1"},
      {"tasks 2\nphase a p2p 1 1\n0 2 5\n", "bad.phases:3"},
      {"tasks 2\nphase a p2p 1 1\n0 1 -5\n", "bad.phases:3"},
      {"tasks 2\nphase a p2p 1 2\n0 1 5\n", "bad.phases:3"},
      {"tasks 2\n# c\nphase a bcast 1 0\n", "bad.phases:3"},
      {"tasks 2\nphase a p2p x 0\n", "bad.phases:2"},
      {"tasks 2\nphase a p2p 1\n", "bad.phases:2"},
      {"tasks 2\nphase a collective 1 0 mapped\n", "bad.phases:2"},
      {"tasks 2\nphase a collective 1 0 launcher x\n", "bad.phases:2"},
      {"tasks 2\nphase a collective 1 0 sendrecv launcher\n", "bad.phases:2"},
      {"tasks 2\nphase a collective 1 0 launcher blocking x\n", "bad.phases:2"},
      {"tasks 2\n0 1 5\n", "bad.phases:2"},
      {"tasks 2\nphase a p2p 1 1\n0 1\n", "bad.phases:3"},
      {"tasks 3\n", "bad.phases:1"},  // the graph has 2 tasks
  };
  for (const auto& c : cases) {
    std::istringstream in(c.text);
    try {
      parse_phases(in, "bad.phases", 2);
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const ParseError& e) {
      EXPECT_NE(std::string(e.what()).find(c.where), std::string::npos) << c.text << " -> " << e.what();
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
  }
}

class PhasesSidecar : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("tamp-phases-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(PhasesSidecar, ReadBesideTheGraphGivesTheExactUnion) {
  // mfdn with n = 1000: segments of 333.3 doubles, so the METIS file rounds the bytes; G.phases restores
  // them.
  const TaskGraph g = generate_graph("mfdn:3,n=1000");
  ASSERT_TRUE(g.has_phases());
  const auto graph_path = dir_ / "g.graph";
  {
    std::ofstream out(graph_path);
    write_metis_graph(out, g);
    std::ofstream phases(dir_ / "g.phases");
    write_phases(phases, g);
  }
  const TaskGraph back = read_task_graph(graph_path.string());
  ASSERT_EQ(back.phases().size(), g.phases().size());
  EXPECT_EQ(back.targets(), g.targets());
  EXPECT_EQ(back.bytes(), g.bytes());
  std::filesystem::remove(dir_ / "g.phases");
  EXPECT_FALSE(read_task_graph(graph_path.string()).has_phases());
}

TEST_F(PhasesSidecar, StalePhasesFileIsRefused) {
  const TaskGraph g = generate_graph("minighost:2x2x1,nx=4,ny=4,nz=4");
  const TaskGraph other = generate_graph("minighost:4x1x1,nx=4,ny=4,nz=4");
  const auto graph_path = dir_ / "g.graph";
  {
    std::ofstream out(graph_path);
    write_metis_graph(out, g);
    std::ofstream phases(dir_ / "g.phases");
    write_phases(phases, other);  // same 4 tasks, other pairs
  }
  try {
    read_task_graph(graph_path.string());
    ADD_FAILURE() << "a phases file of another graph was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("g.phases"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tamp
