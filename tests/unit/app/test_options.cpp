// The common options parsed once into typed values (tamp/app/options.hpp), without MPI: placements, backend,
// mapper options, compute model; errors that name the option; the printed options.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "tamp/app/options.hpp"

namespace tamp::app {
namespace {

// The options a command line gives, parsed and validated as run_app does it.
CommonOptions parsed(std::vector<std::string> args) {
  CLI::App cli{"test", "tamp-test"};
  CommonOptions options;
  add_common_options(cli, options);
  std::vector<char*> argv{const_cast<char*>("tamp-test")};
  for (std::string& arg : args) argv.push_back(arg.data());
  cli.parse(static_cast<int>(argv.size()), argv.data());
  validate(options);
  return options;
}

// The message of the error the command line gives.
std::string error_of(std::vector<std::string> args) {
  try {
    parsed(std::move(args));
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(AppOptions, DefaultsAreTyped) {
  const CommonOptions o = parsed({});
  EXPECT_EQ(o.mapping.str(), "default");
  EXPECT_TRUE(o.compare.empty());
  EXPECT_EQ(o.backend, Backend::openmp);
  EXPECT_EQ(o.map.objective, Objective::time);
  EXPECT_EQ(o.map.seed, 1u);
  EXPECT_EQ(o.map.refine_seconds, 0);  // the same options give the same slots, whatever the host's speed
  EXPECT_EQ(o.compute_model.mode(), ComputeModel::Mode::measured);
  EXPECT_EQ(o.engine, Engine::mpi);
  EXPECT_FALSE(o.launched_as);
  ASSERT_EQ(placements(o).size(), 1u);
  EXPECT_EQ(placements(o)[0].name(), "default");
}

TEST(AppOptions, CompareEntriesArePlacements) {
  const CommonOptions o = parsed({"--compare", "default,geom-rs+refine,file:run.map", "--mapping", "auto"});
  const std::vector<tamp::Placement> runs = placements(o);  // --compare overrides --mapping
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[1].name(), "geom-rs");
  EXPECT_EQ(runs[1].steps(), std::vector<std::string>{"refine"});
  EXPECT_TRUE(runs[2].is_file());
  EXPECT_EQ(runs[2].path(), "run.map");
}

TEST(AppOptions, ValuesAreTyped) {
  const CommonOptions o =
      parsed({"--objective", "congestion", "--seed", "7", "--min-gain", "0.5", "--verify", "off",
              "--launched-as", "auto:run.map", "--flow-sharing", "equal", "--step-model-work", "0"});
  EXPECT_EQ(o.map.step_model_work, 0);
  EXPECT_EQ(parsed({}).map.step_model_work, MapOptions{}.step_model_work);
  EXPECT_EQ(o.map.objective, Objective::congestion);
  EXPECT_EQ(o.map.seed, 7u);
  EXPECT_EQ(o.map.min_gain, 0.5);
  EXPECT_FALSE(o.verify);
  ASSERT_TRUE(o.launched_as);
  EXPECT_EQ(o.launched_as->placement.name(), "auto");
  EXPECT_EQ(o.launched_as->map_file, "run.map");
  EXPECT_EQ(placements(o)[0].name(), "auto");
  EXPECT_EQ(o.flow.sharing, FlowSharing::equal);
}

TEST(AppOptions, ErrorsNameTheOptionOnOneLine) {
  EXPECT_EQ(error_of({"--compare", "default,,blocked"}),
            "--compare: an empty entry (names, comma-separated)");
  EXPECT_EQ(error_of({"--compare", "default,blocked,default"}), "--compare: lists default twice");
  EXPECT_EQ(error_of({"--mapping", "file:"}), "--mapping: file: needs a path (file:PATH)");
  EXPECT_EQ(error_of({"--launched-as", "auto"}),
            "--launched-as: 'auto': expected NAME:MAPFILE (e.g. auto:run.map)");
  EXPECT_EQ(error_of({"--min-gain", "nan"}), "--min-gain: must be a finite number in [0, 1], not nan");
  EXPECT_EQ(error_of({"--engine", "flow", "--compute-model", "cell=1e-9"}),
            "--engine flow needs --ranks N (N > 0)");
  EXPECT_EQ(error_of({"--ranks", "4"}), "--ranks is for --engine flow");
  EXPECT_EQ(error_of({"--flow-steps", "3"}), "--flow-steps is for --engine flow");
  EXPECT_EQ(error_of({"--no-flow-setup"}), "--no-flow-setup is for --engine flow");
  EXPECT_TRUE(parsed({"--engine", "flow", "--compute-model", "cell=1e-9", "--ranks", "4"}).flow_setup);
  EXPECT_FALSE(parsed({"--engine", "flow", "--compute-model", "cell=1e-9", "--ranks", "4", "--no-flow-setup"})
                   .flow_setup);
  EXPECT_EQ(error_of({"--engine", "flow", "--compute-model", "cell=1e-9", "--ranks", "4", "--flow-steps", "-2"}),
            "--flow-steps: -2 is negative");
  // Messages that name the option already are not prefixed twice.
  EXPECT_EQ(error_of({"--compute-model", "cell"}).rfind("--compute-model: 'cell' is not KIND=", 0), 0u);
  for (const char* option :
       {"--objective", "--backend", "--verify", "--engine", "--seed", "--step-model-work"}) {
    const std::string message = error_of({option, "-1"});
    EXPECT_EQ(message.rfind(option, 0), 0u) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(AppOptions, TaskGraphForTakesPositiveRanks) {
  EXPECT_EQ(parsed({}).task_graph_for, 0);  // run the app
  EXPECT_EQ(parsed({"--task-graph-for", "4096"}).task_graph_for, 4096);
  // A flow-engine deck's --flow-steps goes to the question too (campaign.py asks with the deck's arguments).
  EXPECT_EQ(parsed({"--task-graph-for", "4096", "--flow-steps", "3"}).flow_steps, 3);
  for (const char* ranks : {"0", "-4", "four"}) {
    const std::string message = error_of({"--task-graph-for", ranks});
    EXPECT_EQ(message.rfind("--task-graph-for", 0), 0u) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(AppOptions, LaunchedAsIsTheOnePlacement) {
  const CommonOptions o = parsed({"--launched-as", "geom-rs+refine:run.map"});
  const std::vector<tamp::Placement> runs = placements(o);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].str(), "geom-rs+refine");
  EXPECT_EQ(o.launched_as->map_file, "run.map");
  EXPECT_NE(error_of({"--launched-as", "auto:run.map", "--compare", "default,auto"}), "(no error)");
}

TEST(AppOptions, PrintsWhatItParsed) {
  const CommonOptions o = parsed(
      {"--compare", "default,geom-rs+refine", "--compute-model", "calibrate", "--objective", "hop-bytes"});
  std::ostringstream os;
  os << o;
  const std::string text = os.str();
  EXPECT_NE(text.find("  compare       default,geom-rs+refine\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  compute       calibrate\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  objective     hop-bytes\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  launched      -\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  graph for     0\n"), std::string::npos) << text;
}

TEST(AppOptions, HelpShowsTheDefaults) {
  CLI::App cli{"test", "tamp-test"};
  CommonOptions options;
  add_common_options(cli, options);
  const std::string help = cli.help();
  EXPECT_NE(help.find("--objective"), std::string::npos);
  EXPECT_NE(help.find("{time,hop-bytes,congestion}=time"), std::string::npos) << help;
  EXPECT_NE(help.find("--mapping TEXT=default"), std::string::npos) << help;
  EXPECT_NE(help.find("--compute-model TEXT=measured"), std::string::npos) << help;
}

}  // namespace
}  // namespace tamp::app
