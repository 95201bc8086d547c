// The report of a run without MPI (tamp/app/report.hpp): the JSON object's fields, the table's lines, the
// comparison of placements and the JSON Lines file.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "tamp/app/report.hpp"

namespace tamp::app {
namespace {

// A verified run of 8 ranks whose times are spread 1 to 3 seconds.
RunReport sample_report(const std::string& mapping, double total_max, double hop_bytes) {
  RunReport r;
  r.app = "stencil";
  r.engine = "mpi";
  r.mapping = mapping;
  r.ranks = 8;
  r.threads = 2;
  r.backend = "openmp";
  r.machine = "torus 2x2x2";
  r.topology_source = "synthetic:torus:2x2x2,cores=1";
  r.allocation.source = "synthetic";
  r.allocation.summary = "synthetic: 8 ranks on nodes 0-7";
  r.allocation.nodes = {0, 1};
  r.allocation.hosts = {"a", "b"};
  r.allocation.ranks_per_node = {4, 4};
  r.verification = VerificationStatus::passed;
  r.error = 1e-12;
  r.tolerance = 1e-9;
  r.iterations = 10;
  r.total = {1.0, 2.0, total_max};
  r.compute = {0.5, 1.0, 1.5};
  r.comm = {0.25, 0.5, 0.75};
  r.exchange = {0.125, 0.25, 0.5};
  r.collective = {0.0625, 0.125, 0.25};
  r.per_iteration = {0.1, 0.2, total_max / 10};
  r.metrics.hop_bytes = hop_bytes;
  r.metrics.total_bytes = 100;
  r.metrics.hops_per_byte = hop_bytes / 100;
  r.metrics.max_dilation = 3;
  r.params = {{"cells", 512}};
  r.results = {{"rate", 4.5}};
  r.rate_line = "Rate: 4.5 MLUP/s";
  return r;
}

// The lines of `text`.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(AppReport, JsonRowHasTheDocumentedFields) {
  RunReport r = sample_report("geom-rs+refine", 3.0, 250);
  r.calibration = {{"cell", 2.5e-9}};
  const nlohmann::json j = to_json(r);
  EXPECT_EQ(j["app"], "stencil");
  EXPECT_EQ(j["engine"], "mpi");
  EXPECT_EQ(j["mapping"], "geom-rs+refine");
  EXPECT_EQ(j["ranks"], 8);
  EXPECT_EQ(j["threads"], 2);
  EXPECT_EQ(j["backend"], "openmp");
  EXPECT_EQ(j["machine"], "torus 2x2x2");
  EXPECT_EQ(j["topology_source"], "synthetic:torus:2x2x2,cores=1");
  EXPECT_EQ(j["allocation"]["source"], "synthetic");
  EXPECT_EQ(j["allocation"]["ranks_per_node"], (std::vector<int>{4, 4}));
  EXPECT_EQ(j["verified"], true);
  EXPECT_EQ(j["verification"]["status"], "passed");
  EXPECT_EQ(j["verification"]["tolerance"], 1e-9);
  EXPECT_EQ(j["iterations"], 10);
  EXPECT_EQ(j["compute_model"], "measured");
  EXPECT_EQ(j["skeleton"], false);
  // Times are the maximum over ranks; their spread is in time_stats.
  EXPECT_EQ(j["time"]["total"], 3.0);
  EXPECT_EQ(j["time"]["exchange"], 0.5);
  EXPECT_EQ(j["time"]["per_iteration"], 0.3);
  EXPECT_EQ(j["time_stats"]["total"]["min"], 1.0);
  EXPECT_EQ(j["time_stats"]["total"]["mean"], 2.0);
  EXPECT_EQ(j["time_stats"]["collective"]["max"], 0.25);
  EXPECT_EQ(j["metrics"]["hop_bytes"], 250);
  EXPECT_EQ(j["params"]["cells"], 512);
  EXPECT_EQ(j["results"]["rate"], 4.5);
  EXPECT_EQ(j["results"]["compute_calibration"]["cell"], 2.5e-9);
}

// The prediction per step beside the run's communication per timed step (the slowest rank's 0.75 s over 10
// iterations); null in the JSON, and no table line, where the run made no prediction.
TEST(AppReport, PredictedAndMeasuredCommunicationPerStep) {
  RunReport r = sample_report("default", 3.0, 250);
  EXPECT_TRUE(to_json(r)["comm_per_step"]["predicted"].is_null());
  EXPECT_EQ(to_json(r)["comm_per_step"]["measured"], 0.075);
  std::ostringstream without;
  print_run(without, r);
  EXPECT_EQ(without.str().find("comm per step"), std::string::npos) << without.str();

  r.metrics.phases.resize(1);
  r.metrics.predicted_comm_time = 0.06;
  const nlohmann::json j = to_json(r);
  EXPECT_EQ(j["comm_per_step"]["predicted"], 0.06);
  EXPECT_EQ(j["comm_per_step"]["measured"], 0.075);
  std::ostringstream with;
  print_run(with, r);
  EXPECT_NE(with.str().find("\n  comm per step: predicted 6.0000e-02, measured 7.5000e-02 (predicted / measured "
                            "0.800)\n"),
            std::string::npos)
      << with.str();

  r.prediction_comparable = false;  // netbench: the graph is not the run's order of sends
  EXPECT_TRUE(to_json(r)["comm_per_step"]["predicted"].is_null());
  r.iterations = 0;
  EXPECT_TRUE(to_json(r)["comm_per_step"]["measured"].is_null());
}

TEST(AppReport, VerificationWords) {
  EXPECT_EQ(to_string(VerificationStatus::passed), "passed");
  EXPECT_EQ(to_string(VerificationStatus::failed), "failed");
  EXPECT_EQ(to_string(VerificationStatus::skipped), "skipped");
  RunReport r = sample_report("default", 3.0, 250);
  r.verification = VerificationStatus::failed;
  EXPECT_FALSE(r.verified());
  EXPECT_EQ(to_json(r)["verified"], false);
  EXPECT_EQ(to_json(r)["verification"]["status"], "failed");
}

TEST(AppReport, TableLines) {
  std::ostringstream os;
  print_run(os, sample_report("default", 3.0, 250));
  const std::vector<std::string> lines = lines_of(os.str());
  ASSERT_GE(lines.size(), 11u) << os.str();
  EXPECT_EQ(lines[0], "Solution validates (max error 1e-12 <= tolerance 1e-09)");
  EXPECT_EQ(lines[1], "Rate: 4.5 MLUP/s");
  EXPECT_EQ(
      lines[2],
      "  time                 min        mean         max   (10 timed iterations, seconds over 8 ranks)");
  EXPECT_EQ(lines[3], "  total         1.0000e+00  2.0000e+00  3.0000e+00");
  EXPECT_EQ(lines[6], "    exchange    1.2500e-01  2.5000e-01  5.0000e-01");
  EXPECT_EQ(lines[8], "  per iter      1.0000e-01  2.0000e-01  3.0000e-01");
  EXPECT_EQ(lines[9], "  allocation synthetic: 8 ranks on nodes 0-7");
  EXPECT_EQ(lines[10], "  placement  hop-bytes 2.5000e+02, 2.500 hops/byte, dilation max 3 avg 0.000");
}

TEST(AppReport, TableSaysWhatWasNotMeasured) {
  RunReport r = sample_report("default", 3.0, 250);
  r.verification = VerificationStatus::skipped;
  r.note = "skeleton run";
  r.compute_model = "cell=1e-09";
  r.skeleton = true;
  r.calibration = {{"cell", 2.5e-9}, {"face", 1e-8}};
  std::ostringstream os;
  print_run(os, r);
  const std::string text = os.str();
  EXPECT_EQ(lines_of(text)[0], "Solution not verified (skeleton run)");
  EXPECT_NE(text.find("\n  compute model cell=1e-09 (skeleton: kernels not run)\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("\n  compute cell=2.5e-09 face=1e-08\n"), std::string::npos) << text;
  EXPECT_EQ(compute_deck_line(r.calibration), "compute cell=2.5e-09 face=1e-08");
}

TEST(AppReport, ComparisonRatiosToTheFirst) {
  std::ostringstream os;
  print_comparison(os, {sample_report("default", 4.0, 200), sample_report("auto", 2.0, 100)});
  const std::vector<std::string> lines = lines_of(os.str());
  ASSERT_EQ(lines.size(), 5u) << os.str();
  EXPECT_EQ(lines[1],
            "Comparison of 2 placements (ratios to 'default'; time = max over ranks of the timed loop)");
  EXPECT_EQ(
      lines[3],
      "  default           4.0000e+00   1.000  2.0000e+02   1.000     2.000  0.0000e+00     0.0%   passed");
  EXPECT_EQ(
      lines[4],
      "  auto              2.0000e+00   0.500  1.0000e+02   0.500     1.000  0.0000e+00     0.0%   passed");
  std::ostringstream none;
  print_comparison(none, {});
  EXPECT_EQ(none.str(), "");
}

TEST(AppReport, JsonLinesAppendOneObjectPerRun) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() / "tamp-app-report-test.jsonl";
  std::filesystem::remove(path);
  check_json_writable(path.string());
  append_json_line(path.string(), sample_report("default", 3.0, 250));
  append_json_line(path.string(), sample_report("auto", 2.0, 100));
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::filesystem::remove(path);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(nlohmann::json::parse(lines[1])["mapping"], "auto");
}

TEST(AppReport, UnwritableJsonNamesTheOption) {
  const std::string path = "/nonexistent-tamp-dir/runs.jsonl";
  try {
    check_json_writable(path);
    FAIL() << "no error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("--json"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tamp::app
