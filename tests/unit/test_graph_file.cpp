// Task-graph files: METIS (every fmt), edge lists, coordinates, round trips and every error path.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tamp/error.hpp"
#include "tamp/io/graph_file.hpp"

namespace tamp {
namespace {

TaskGraph metis(const std::string& text) {
  std::istringstream in(text);
  return parse_metis_graph(in, "g.graph");
}

TaskGraph edge_list(const std::string& text) {
  std::istringstream in(text);
  return parse_edge_list(in, "g.edges");
}

// Bytes of message src -> dst (0 when absent).
double bytes(const TaskGraph& g, int src, int dst) {
  for (std::int64_t i = g.offsets()[src]; i < g.offsets()[src + 1]; ++i)
    if (g.targets()[i] == dst) return g.bytes()[i];
  return 0;
}

template <class F>
void expect_error(F&& parse, const std::string& file, long line, const std::string& part) {
  try {
    parse();
    ADD_FAILURE() << "no error; expected line " << line << ": " << part;
  } catch (const ParseError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.rfind(file + ":" + std::to_string(line) + ": ", 0), 0u) << msg;
    EXPECT_NE(msg.find(part), std::string::npos) << msg;
  }
}

void metis_error(const std::string& text, long line, const std::string& part) {
  SCOPED_TRACE(text);
  expect_error([&] { metis(text); }, "g.graph", line, part);
}

void edges_error(const std::string& text, long line, const std::string& part) {
  SCOPED_TRACE(text);
  expect_error([&] { edge_list(text); }, "g.edges", line, part);
}

void xyz_error(const std::string& text, int tasks, long line, const std::string& part) {
  SCOPED_TRACE(text);
  TaskGraph g = TaskGraph::from_edges(tasks, {});
  expect_error(
      [&] {
        std::istringstream in(text);
        parse_coordinates(in, "g.xyz", g);
      },
      "g.xyz", line, part);
}

TEST(MetisGraph, UnweightedPathGivesOneByteEachWay) {
  // Path 1 - 2 - 3 plus an isolated vertex 4 (its empty line).
  const TaskGraph g = metis("% a comment\n4 2\n2\n1 3\n2\n\n");
  EXPECT_EQ(g.num_tasks(), 4);
  EXPECT_EQ(g.num_edges(), 4);
  EXPECT_EQ(bytes(g, 0, 1), 1);
  EXPECT_EQ(bytes(g, 1, 0), 1);
  EXPECT_EQ(bytes(g, 2, 1), 1);
  EXPECT_EQ(g.total_bytes(), 4);
}

TEST(MetisGraph, EveryFormat) {
  const std::vector<std::pair<std::string, std::string>> forms = {
      {"0", "2 1 0\n2\n1\n"},
      {"1", "2 1 1\n2 7\n1 7\n"},
      {"001", "2 1 001\n2 7\n1 7\n"},
      {"10", "2 1 10\n5 2\n6 1\n"},
      {"010", "2 1 010 2\n5 0 2\n6 1 1\n"},
      {"11", "2 1 11\n5 2 7\n6 1 7\n"},
      {"011", "2 1 011 3\n1 2 3 2 7\n4 5 6 1 7\n"},
      {"100", "2 1 100\n9 2\n9 1\n"},
      {"101", "2 1 101\n9 2 7\n9 1 7\n"},
      {"111", "2 1 111 2\n9 1 1 2 7\n9 1 1 1 7\n"},
  };
  for (const auto& [fmt, text] : forms) {
    SCOPED_TRACE(fmt);
    const TaskGraph g = metis(text);
    const double w = fmt.back() == '1' ? 7 : 1;  // edge weights only when the last digit is 1
    EXPECT_EQ(bytes(g, 0, 1), w);
    EXPECT_EQ(bytes(g, 1, 0), w);
    EXPECT_EQ(g.num_edges(), 2);
  }
}

TEST(MetisGraph, KeepsTheFirstVertexWeightAsTheTaskWeight) {
  EXPECT_EQ(metis("2 1 011 3\n1 2 3 2 7\n4 5 6 1 7\n").task_weights(), (std::vector<double>{1, 4}));
  EXPECT_EQ(metis("2 1 111 2\n9 3 1 2 7\n9 0 1 1 7\n").task_weights(),
            (std::vector<double>{3, 0}));  // after the size
  EXPECT_FALSE(metis("2 1 101\n9 2 7\n9 1 7\n").has_task_weights());
  TaskGraph g = metis("2 1 001\n2 7\n1 7\n");
  EXPECT_THROW(g.set_task_weights({1}), std::invalid_argument);
  EXPECT_THROW(g.set_task_weights({1, -2}), std::invalid_argument);
}

TEST(MetisGraph, LongRowsInAnyOrderAndWordsOnlyTheSlowPathReads) {
  // Vertex 1 lists 40 leaves from the last to the first (a row longer than the insertion sort takes).
  std::string text = "41 40 1\n";
  for (int v = 41; v >= 2; --v) text += std::to_string(v) + " " + std::to_string(v) + " ";
  text += "\n";
  for (int v = 2; v <= 41; ++v) text += "1 " + std::to_string(v) + "\n";
  const TaskGraph g = metis(text);
  ASSERT_EQ(g.num_edges(), 80);
  for (int v = 1; v <= 40; ++v) {
    EXPECT_EQ(g.targets()[v - 1], v);
    EXPECT_EQ(bytes(g, 0, v), v + 1);
    EXPECT_EQ(bytes(g, v, 0), v + 1);
  }
  // A 19-digit vertex weight (read word by word) beside a tab-separated line (read in one pass).
  EXPECT_EQ(metis("2 1 010\n1234567890123456789 2\n5\t1\n").task_weights(),
            (std::vector<double>{1234567890123456789.0, 5}));
}

// The weight of ring edge {a, b} (b the next of a round a ring of n vertices).
std::string ring_weight(int n, int a, int b) {
  return std::to_string(1 + (a == n && b == 1 ? n : a) % 97);
}

// A ring of n vertices, fmt 011 (a vertex weight, edge weights), the line of `vertex` replaced by `line`.
std::string ring(int n, int vertex = 0, const std::string& line = "") {
  std::string text = "% a ring\n" + std::to_string(n) + " " + std::to_string(n) + " 011\n";
  for (int v = 1; v <= n; ++v) {
    const int prev = v == 1 ? n : v - 1, next = v == n ? 1 : v + 1;
    text += v == vertex ? line
                        : std::to_string(v % 5) + " " + std::to_string(prev) + " " + ring_weight(n, prev, v) +
                              " " + std::to_string(next) + " " + ring_weight(n, v, next);
    text += v % 1000 == 0 ? "\n% a comment\n" : "\n";
  }
  return text;
}

TaskGraph metis_on(const std::string& text, int threads) {
  std::istringstream in(text);
  return parse_metis_graph(in, "g.graph", threads);
}

TEST(MetisGraph, TheSameGraphAndErrorsOnEveryThreadCount) {
  const int n = 70000;  // runs of 2^14 vertices and more: four threads read four runs
  const TaskGraph one = metis_on(ring(n), 1);
  ASSERT_EQ(one.num_edges(), 2 * n);
  for (int threads : {2, 3, 4}) {
    SCOPED_TRACE(threads);
    const TaskGraph g = metis_on(ring(n), threads);
    EXPECT_EQ(g.offsets(), one.offsets());
    EXPECT_EQ(g.targets(), one.targets());
    EXPECT_EQ(g.bytes(), one.bytes());
    EXPECT_EQ(g.task_weights(), one.task_weights());
    // A word the fast path leaves to the slow one, in a later run: the same graph.
    const int v = 50001;
    const std::string slow = "0000000000000000000" + std::to_string(v % 5) + " 50000 " +
                             ring_weight(n, 50000, v) + " 50002 " + ring_weight(n, v, 50002);
    const TaskGraph again = metis_on(ring(n, v, slow), threads);
    EXPECT_EQ(again.targets(), one.targets());
    EXPECT_EQ(again.bytes(), one.bytes());
    EXPECT_EQ(again.task_weights(), one.task_weights());
    // Faults in a later run are named at their line (the header is line 2, a comment every 1,000 vertices).
    const auto line_of = [](int vertex) { return 2L + vertex + (vertex - 1) / 1000; };
    expect_error([&] { metis_on(ring(n, 60000, "1 59999 5x"), threads); }, "g.graph", line_of(60000),
                 "an edge weight must be an integer, got '5x'");
    expect_error(
        [&] { metis_on(ring(n, 40000, "4 39999 " + ring_weight(n, 39999, 40000) + " 40001 999"), threads); },
        "g.graph", line_of(40000),
        "edge {40000,40001} has weight 999 here but " + ring_weight(n, 40000, 40001));
    expect_error(
        [&] { metis_on(ring(n, 20000, "0 19999 " + ring_weight(n, 19999, 20000) + " 1 5"), threads); },
        "g.graph", line_of(20000), "vertex 20000 lists 1 but vertex 1 (line 3) does not list 20000");
  }
}

TEST(MetisGraph, CommentsAnywhereAndTrailingBlankLines) {
  const TaskGraph g = metis("\n%c\n3 3 1\n% c\n2 5 3 6\n  % indented comment\n1 5 3 4\n1 6 2 4\n\n\n%end\n");
  EXPECT_EQ(bytes(g, 0, 2), 6);
  EXPECT_EQ(bytes(g, 2, 1), 4);
  EXPECT_EQ(g.total_bytes(), 2 * (5 + 6 + 4));
}

TEST(MetisGraph, ZeroWeightEdgesAreChecked) {
  const TaskGraph g = metis("2 1 1\n2 0\n1 0\n");  // accepted; zero-byte messages are dropped
  EXPECT_EQ(g.num_edges(), 0);
  metis_error("2 1 1\n2 0\n1 1\n", 2, "edge {1,2} has weight 0 here but 1 on line 3");
}

TEST(MetisGraph, Errors) {
  metis_error("", 1, "no header line");
  metis_error("% only comments\n", 1, "no header line");
  metis_error("3\n", 1, "the header must be");
  metis_error("3 1 1 1 1\n", 1, "the header must be");
  metis_error("3x 1\n", 1, "the number of vertices must be an integer, got '3x'");
  metis_error("0 0\n", 1, "the number of vertices must be in [1,");
  metis_error("99999999 0\n", 1, "the number of vertices must be in [1,");
  metis_error("2 -1\n", 1, "the number of edges must be in [0,");
  metis_error("2 1 2\n", 1, "fmt must be 0, 1, 10, 11");
  metis_error("2 1 0001\n", 1, "fmt must be");
  metis_error("2 1 1 2\n", 1, "ncon is given but fmt has no vertex weights");
  metis_error("2 1 10 0\n", 1, "ncon must be in [1,");
  metis_error("2 1\n2\n", 2, "the file ends after 1 vertex lines; the header (line 1) declares 2");
  metis_error("2 1\n2\n1\n1\n", 4, "more vertex lines than the 2 declared on line 1");
  metis_error("2 1\n3\n1\n", 2, "a neighbour id must be in [1, 2], got 3");
  metis_error("2 1\n0\n1\n", 2, "a neighbour id must be in [1, 2], got 0");
  metis_error("2 1\n1\n1\n", 2, "vertex 1 lists itself");
  metis_error("2 1\n2.0\n1\n", 2, "a neighbour id must be an integer");
  metis_error("3 1\n2\n\n\n", 2, "vertex 1 lists 2 but vertex 2 (line 3) does not list 1");
  metis_error("3 2\n2\n1 3\n\n", 3, "vertex 2 lists 3 but vertex 3 (line 4) does not list 2");
  metis_error("2 1 1\n2 5\n1 6\n", 2, "edge {1,2} has weight 5 here but 6 on line 3");
  metis_error("2 1 1\n2 -5\n1 -5\n", 2, "an edge weight must be in [0,");
  metis_error("2 1 1\n2 5x\n1 5\n", 2, "an edge weight must be an integer, got '5x'");
  metis_error("2 1 1\n2\n1 5\n", 2, "the last neighbour has no edge weight");
  metis_error("2 1 1\n2 5 2 5\n1 5\n", 2, "vertex 1 lists neighbour 2 twice");
  metis_error("2 2\n2\n1\n", 1, "the header declares 2 edges but the adjacency lists hold 1");
  metis_error("2 1 10\n2\n1\n", 1,
              "the header declares 1 edges but the adjacency lists hold 0");  // weights only
  metis_error("2 1 10\n\n1 1\n", 2, "needs 1 leading values");
  metis_error("2 1 10\n-1 2\n1 1\n", 2, "a vertex weight must be in [0,");
  metis_error("2 1 100\nx 2\n1 1\n", 2, "a vertex size must be an integer");
}

TEST(EdgeList, ParsesMergesAndKeepsSelfMessages) {
  const TaskGraph g =
      edge_list("# comment\n\ntasks 3   # three tasks\n0 1 10\n1 0 2.5\n0 1 5\n2 2 8\n1 2 0\n");
  EXPECT_EQ(g.num_tasks(), 3);
  EXPECT_EQ(bytes(g, 0, 1), 15);  // parallel messages add up
  EXPECT_EQ(bytes(g, 1, 0), 2.5);
  EXPECT_EQ(bytes(g, 2, 2), 8);
  EXPECT_EQ(bytes(g, 1, 2), 0);  // zero-byte lines are dropped
  EXPECT_EQ(g.num_edges(), 3);
}

TEST(EdgeList, Errors) {
  edges_error("", 1, "no \"tasks N\" line");
  edges_error("# c\n0 1 5\n", 2, "expected \"tasks N\" as the first line");
  edges_error("tasks\n", 1, "expected \"tasks N\"");
  edges_error("tasks 0\n", 1, "tasks must be in [1,");
  edges_error("tasks 2x\n", 1, "tasks must be an integer, got '2x'");
  edges_error("tasks 2\n0 1\n", 2, "expected \"src dst bytes\", got 2 values");
  edges_error("tasks 2\n0 1 5 6\n", 2, "got 4 values");
  edges_error("tasks 2\n0 2 5\n", 2, "dst must be in [0, 1], got 2");
  edges_error("tasks 2\n-1 0 5\n", 2, "src must be in [0, 1], got -1");
  edges_error("tasks 2\n0 1 -5\n", 2, "bytes must be a number in [0, 2^53], got '-5'");
  edges_error("tasks 2\n0 1 1e16\n", 2, "bytes must be a number in [0, 2^53]");
  edges_error("tasks 2\n0 1 9e15\n1 0 9e15\n0 1 9e15\n\n", 5,
              "the messages 0 -> 1 add up to more than 2^53 bytes");
  edges_error("tasks 2\n0 1 nan\n", 2, "bytes must be a number");
  edges_error("tasks 2\n0 1 5B\n", 2, "got '5B'");
  edges_error("tasks 2\ntasks 2\n", 2, "expected \"src dst bytes\", got 2 values");
}

TEST(Coordinates, ParsesAndChecks) {
  TaskGraph g = TaskGraph::from_edges(3, {});
  std::istringstream in("# x y\n0 0.5\n\n1 -2e3\n2 3\n");
  parse_coordinates(in, "g.xyz", g);
  EXPECT_EQ(g.coordinate_dim(), 2);
  EXPECT_EQ(g.coordinates(), (std::vector<double>{0, 0.5, 1, -2e3, 2, 3}));
  xyz_error("0 0\n1\n", 2, 2, "1 coordinates, but line 1 has 2");
  xyz_error("0 0\n1 1\n", 3, 2, "2 coordinate lines for the 3 tasks");
  xyz_error("0\n1\n2\n", 2, 3, "more coordinate lines than the 2 tasks");
  xyz_error("0 x\n1 1\n", 2, 1, "coordinates must be finite numbers, got 'x'");
  xyz_error("", 1, 1, "0 coordinate lines for the 1 tasks");
  xyz_error("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n", 1, 1, "at most 16");
}

TEST(Coordinates, TheSameOnEveryThreadCountAndFaultsNamedAtTheirLine) {
  const int n = 70000;  // several runs of lines
  std::string text = "# x y z\n";
  for (int t = 0; t < n; ++t)
    text += std::to_string(t % 7) + " " + std::to_string(t) + " -0.25" + (t % 999 == 0 ? "\n\n" : "\n");
  const auto read = [&](const std::string& file, int threads) {
    TaskGraph g = TaskGraph::from_edges(n, {});
    std::istringstream in(file);
    parse_coordinates(in, "g.xyz", g, threads);
    return g;
  };
  const TaskGraph one = read(text, 1);
  ASSERT_EQ(one.coordinate_dim(), 3);
  EXPECT_EQ(one.coordinates()[3 * 40001 + 1], 40001);
  EXPECT_EQ(one.coordinates()[3 * 40001 + 2], -0.25);
  for (int threads : {2, 4}) {
    SCOPED_TRACE(threads);
    EXPECT_EQ(read(text, threads).coordinates(), one.coordinates());
    std::string bad = text;
    const std::size_t at = bad.find("\n1 50002 -0.25\n");  // task 50002, past the first run
    ASSERT_NE(at, std::string::npos);
    bad.replace(at + 1, 7, "1 x");
    const long line = std::count(bad.begin(), bad.begin() + static_cast<long>(at) + 1, '\n') + 1;
    expect_error([&] { read(bad, threads); }, "g.xyz", line, "coordinates must be finite numbers, got 'x'");
    const std::string short_file = text.substr(0, text.rfind("6 "));  // the last task's line cut off
    expect_error([&] { read(short_file, threads); }, "g.xyz",
                 std::count(short_file.begin(), short_file.end(), '\n'),
                 "69999 coordinate lines for the 70000 tasks");
  }
}

TEST(GraphFiles, MetisRoundTrip) {
  const TaskGraph a = metis("4 3 1\n2 3 4 9\n1 3 3 1\n2 1\n1 9\n");
  std::ostringstream out;
  write_metis_graph(out, a);
  EXPECT_EQ(out.str(), "4 3 001\n2 3 4 9\n1 3 3 1\n2 1\n1 9\n");
  const TaskGraph b = metis(out.str());
  ASSERT_EQ(b.num_tasks(), a.num_tasks());
  EXPECT_EQ(b.offsets(), a.offsets());
  EXPECT_EQ(b.targets(), a.targets());
  EXPECT_EQ(b.bytes(), a.bytes());
}

TEST(GraphFiles, MetisWriterSymmetrises) {
  // Weight = the mean of the two directions, rounded, at least 1; self messages have no METIS form.
  const TaskGraph g = TaskGraph::from_edges(3, {{0, 1, 3}, {1, 0, 5}, {1, 2, 7}, {2, 2, 4}, {0, 2, 0.2}});
  std::ostringstream out;
  write_metis_graph(out, g);
  EXPECT_EQ(out.str(), "3 3 001\n2 4 3 1\n1 4 3 4\n1 1 2 4\n");
  std::ostringstream empty;
  write_metis_graph(empty, TaskGraph::from_edges(2, {}));
  EXPECT_EQ(empty.str(), "2 0 001\n\n\n");
  EXPECT_EQ(metis(empty.str()).num_edges(), 0);
}

TEST(GraphFiles, EdgeListAndCoordinatesRoundTrip) {
  TaskGraph a =
      TaskGraph::from_edges(4, {{0, 1, 0.1}, {1, 0, 1e-300}, {3, 2, 123456789.123}, {2, 2, 4}, {3, 0, 1e15}});
  a.set_coordinates(3, {0.1, 0.2, 0.3, -1, -2, -3, 1e10, 0, 5, 1.0 / 3, 2.0 / 3, 1});
  std::ostringstream edges_out;
  std::ostringstream xyz_out;
  write_edge_list(edges_out, a);
  write_coordinates(xyz_out, a);
  TaskGraph b = edge_list(edges_out.str());
  std::istringstream xyz_in(xyz_out.str());
  parse_coordinates(xyz_in, "g.xyz", b);
  EXPECT_EQ(b.offsets(), a.offsets());
  EXPECT_EQ(b.targets(), a.targets());
  EXPECT_EQ(b.bytes(), a.bytes());  // exact: numbers are written in their shortest exact form
  EXPECT_EQ(b.coordinate_dim(), 3);
  EXPECT_EQ(b.coordinates(), a.coordinates());
  std::ostringstream none;
  EXPECT_THROW(write_coordinates(none, TaskGraph::from_edges(1, {})), std::invalid_argument);
}

TEST(GraphFiles, ReadsTheShippedGraphWithCoordinates) {
  const TaskGraph g = read_task_graph(std::string(TAMP_SOURCE_DIR) + "/inputs/graphs/grid-4x4.graph");
  EXPECT_EQ(g.num_tasks(), 16);
  EXPECT_EQ(g.num_edges(), 48);  // 24 neighbour pairs, both ways
  EXPECT_EQ(g.total_bytes(), 48 * 1024.0);
  EXPECT_EQ(bytes(g, 5, 6), 1024);
  EXPECT_EQ(bytes(g, 5, 9), 1024);
  EXPECT_EQ(bytes(g, 3, 4), 0);  // no wrap-around in x
  ASSERT_EQ(g.coordinate_dim(), 2);
  EXPECT_EQ(g.coordinates()[2 * 6], 2);  // task 6 = (2, 1)
  EXPECT_EQ(g.coordinates()[2 * 6 + 1], 1);
}

TEST(GraphFiles, ReadByExtensionAndFindCoordinates) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("tamp-graph-file-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto put = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
  };
  put("a.edges", "tasks 2\n0 1 5\n");
  put("a.xyz", "1\n2\n");
  put("b.graph", "2 1\n2\n1\n");
  put("b.graph.xyz", "1 1\n2 2\n");
  put("c.graph", "2 1\n2\n1\n");
  put("bad.edges", "tasks 2\n0 2 5\n");
  const TaskGraph a = read_task_graph((dir / "a.edges").string());
  EXPECT_EQ(bytes(a, 0, 1), 5);
  EXPECT_EQ(bytes(a, 1, 0), 0);  // an edge list is directed
  EXPECT_EQ(a.coordinate_dim(), 1);
  EXPECT_EQ(read_task_graph((dir / "b.graph").string()).coordinate_dim(), 2);
  EXPECT_FALSE(read_task_graph((dir / "c.graph").string()).has_coordinates());
  const std::string bad = (dir / "bad.edges").string();
  expect_error([&] { read_task_graph(bad); }, bad, 2, "dst must be in [0, 1]");
  EXPECT_THROW(read_task_graph((dir / "missing.graph").string()), std::runtime_error);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tamp
