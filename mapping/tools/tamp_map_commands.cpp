#include "tamp_map_commands.hpp"

#include <fmt/core.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "tamp/auto.hpp"
#include "tamp/error.hpp"
#include "tamp/generators.hpp"
#include "tamp/io/graph_file.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/io/mapping_file.hpp"
#include "tamp/io/output_file.hpp"
#include "tamp/io/phases_file.hpp"
#include "tamp/mapper.hpp"
#include "tamp/metrics.hpp"
#include "tamp/metrics_json.hpp"

namespace tamp::tools {
namespace {

void print_metrics(const Metrics& m) {
  fmt::print("messages           {}\n", m.messages);
  fmt::print("total bytes        {:.6g}\n", m.total_bytes);
  fmt::print("hop-bytes          {:.6g}\n", m.hop_bytes);
  fmt::print("hops per byte      {:.4f}\n", m.hops_per_byte);
  fmt::print("dilation avg / max {:.4f} / {}\n", m.avg_dilation, m.max_dilation);
  fmt::print("link load max/mean {:.6g} / {:.6g} bytes\n", m.max_link_load, m.mean_link_load);
  fmt::print("max congestion     {:.6g}\n", m.max_congestion);
  fmt::print("off-node bytes     {:.2f} %\n", 100 * m.offnode_fraction);
  if (m.level_cost) fmt::print("level cost         {:.6g}\n", *m.level_cost);
  fmt::print("predicted time     {:.6g} s per iteration\n", m.predicted_comm_time);
  fmt::print("  {:<22} {:<10} {:>7} {:>12} {:>11} {:>11} {:>11} {:>11} {:>11} {:>11} {:>12}\n", "phase", "kind",
             "count", "time (s)", "link", "injection", "loopback", "latency", "message", "resource", "max link");
  for (const PhaseMetrics& p : m.phases)
    fmt::print("  {:<22} {:<10} {:>7.4g} {:>12.5g} {:>11.4g} {:>11.4g} {:>11.4g} {:>11.4g} {:>11.4g} {:>11.4g} {:>12.5g}\n",
               p.name, to_string(p.kind), p.count, p.predicted_time, p.link_time, p.injection_time,
               p.loopback_time, p.latency_time, p.message_time, p.resource_time, p.max_link_load);
}

// The timed steps of the slowest task.
double slowest_total(const FlowTimes& f) {
  return f.total.empty() ? 0.0 : *std::max_element(f.total.begin(), f.total.end());
}

nlohmann::json flow_summary(const FlowTimes& f) {
  const double slowest = slowest_total(f);
  return {{"sharing", to_string(f.options.sharing)}, {"delta", f.options.delta}, {"quantum", f.options.quantum},
          {"changes", f.options.changes},
          {"total", slowest},
          {"step_times", f.step},     {"messages", f.messages},       {"flows", f.flows},
          {"solves", f.solves},       {"in_network_at_solves", f.in_network},
          {"resolved", f.resolved},   {"work", f.work}};
}

void print_flow(const FlowTimes& f) {
  const double slowest = slowest_total(f);
  fmt::print("flow engine ({}): {} steps in {:.6g} s (slowest task), {} messages, {} through the network, {} "
             "max-min solves, work {}\n",
             fmt::streamed(f.options), f.step.size(), slowest, f.messages, f.flows, f.solves, f.work);
}

}  // namespace

void add_map_command(CLI::App& app, MapArgs& args) {
  CLI::App* cmd = app.add_subcommand("map", "compute a mapping and write it");
  add_problem_options(cmd, args.problem);
  cmd->add_option("--algorithm", args.algorithm, "algorithm name (see `compare`)")->capture_default_str();
  cmd->add_option("--out", args.out, "output file")->required();
  cmd->add_option("--format", args.format, "slots, cray, openmpi, slurm, bluegene, simgrid")->capture_default_str();
  cmd->add_flag("--report", args.report, "with --algorithm auto: what auto tried and how each scored");
}

void add_eval_command(CLI::App& app, EvalArgs& args) {
  CLI::App* cmd = app.add_subcommand("eval", "metrics of a mapping: hop-bytes, dilation, link loads");
  add_problem_options(cmd, args.problem);
  cmd->add_option("--mapping", args.mapping, "mapping file, or an algorithm name")->required();
  cmd->add_flag("--json", args.json, "print the metrics as one JSON object");
  cmd->add_option("--steps", args.steps,
                  "run the phases as this many steps in the flow engine, each task on its own clock (0: phases "
                  "added up)")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  cmd->add_option("--warmup", args.warmup, "with --steps: untimed steps first")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  cmd->add_option("--flow-delta", args.flow.delta,
                  "with --steps: max-min rates solved again at most every max(delta x t, quantum)")
      ->capture_default_str();
  cmd->add_option("--flow-quantum", args.flow.quantum, "with --steps: the shortest window, s")
      ->capture_default_str();
  cmd->add_option("--flow-changes", args.flow.changes,
                  "with --steps: ... or sooner, once this fraction of the flows started or ended (all 0: exact)")
      ->capture_default_str();
  cmd->add_option_function<std::string>(
         "--flow-sharing", [&args](const std::string& name) { args.flow.sharing = parse_flow_sharing(name); },
         "with --steps: latency (SimGrid's rule, the default) or equal shares of a link")
      ->check(CLI::IsMember({"latency", "equal"}));
}

void add_gen_command(CLI::App& app, GenArgs& args) {
  CLI::App* cmd = app.add_subcommand("gen", "write the task graph of an app pattern");
  cmd->add_option("spec", args.spec, "stencil2d:64x64 | stencil3d:32x32x32[,points=27][,local=AxBxC][,periodic]")
      ->required();
  cmd->add_option("--out", args.out, "output file (METIS graph; .xyz and .phases written beside it)")
      ->required();
  cmd->add_flag("--edges", args.edges, "write a directed edge list instead of METIS");
}

void add_compare_command(CLI::App& app, CompareArgs& args) {
  CLI::App* cmd = app.add_subcommand("compare", "run several algorithms and tabulate their metrics and time");
  add_problem_options(cmd, args.problem);
  cmd->add_option("--algorithms", args.algorithms, "comma-separated names, or all")->capture_default_str();
  cmd->add_flag("--json", args.json, "one JSON object per algorithm (JSON Lines)");
}

int run_map(const MapArgs& args) {
  const MappingFormat format = parse_mapping_format(args.format);
  check_output_path(args.out, "--out");  // before the work: a folder or /dev/full is refused at once
  const Problem p = load_problem(args.problem);
  Mapping mapping;
  if (args.algorithm == "auto" && args.report) {
    AutoResult result = map_auto(p.graph, p.machine.allocation, p.options);
    print_auto_report(std::cout, result);
    mapping = std::move(result.mapping);
  } else {
    mapping = map_tasks(args.algorithm, p.graph, p.machine.allocation, p.options);
  }
  OutputFiles files;  // written whole once the mapping and its format were accepted, or not at all
  write_mapping(files.add(args.out, "--out"), mapping, p.machine, format);
  files.commit();
  return 0;
}

int run_eval(const EvalArgs& args) {
  const Problem p = load_problem(args.problem);
  const Mapping mapping = load_or_compute_mapping(args.mapping, p);
  EvaluateOptions options;
  options.steps = args.steps;
  options.warmup = args.warmup;
  options.flow = args.flow;
  const Metrics m = evaluate(p.graph, p.machine.allocation, mapping, options);
  if (args.json) {
    nlohmann::json j = m;
    if (args.steps > 0) j["flow_engine"] = flow_summary(m.flow);
    std::cout << j.dump() << "\n";
    return 0;
  }
  print_metrics(m);
  if (args.steps > 0) print_flow(m.flow);
  return 0;
}

int run_gen(const GenArgs& args) {
  check_output_path(args.out, "--out");
  const TaskGraph graph = generate_graph(args.spec);
  OutputFiles files;         // G, and G.phases / G.xyz beside it: all of them or none
  if (graph.has_phases()) {  // G.phases beside G.graph: the collectives and the phases of the model
    std::filesystem::path phases(args.out);
    phases.replace_extension(".phases");
    write_phases(files.add(phases.string(), "--out"), graph);
  }
  if (args.edges) {
    write_edge_list(files.add(args.out, "--out"), graph);
  } else {
    write_metis_graph(files.add(args.out, "--out"), graph);
    if (graph.has_coordinates()) {
      std::filesystem::path xyz(args.out);
      xyz.replace_extension(".xyz");
      write_coordinates(files.add(xyz.string(), "--out"), graph);
    }
  }
  files.commit();
  return 0;
}

int run_compare(const CompareArgs& args) {
  const Problem p = load_problem(args.problem);
  std::vector<std::string> names;
  if (args.algorithms == "all") {
    for (const auto& info : mapper_registry()) names.emplace_back(info.name);
  } else {
    std::stringstream list(args.algorithms);
    for (std::string name; std::getline(list, name, ',');) names.push_back(name);
    if (args.algorithms.empty() || args.algorithms.back() == ',') names.push_back("");
  }
  for (const std::string& name : names)
    require(!name.empty(), "--algorithms '" + args.algorithms + "': an empty entry (names, comma-separated)");
  const long long capacity = 1LL * p.machine.allocation.num_slots() * p.options.max_tasks_per_slot;
  require(p.graph.num_tasks() <= capacity,
          fmt::format("the graph has {} tasks, more than the machine's {} slots x --max-tasks-per-slot {}",
                      p.graph.num_tasks(), p.machine.allocation.num_slots(), p.options.max_tasks_per_slot));
  int measured = 0;
  if (!args.json && p.pattern)
    fmt::print("pattern: {} (detected, as auto detects it)\n", describe(*p.pattern));
  if (!args.json)
    fmt::print("{:<14} {:>12} {:>9} {:>8} {:>12} {:>12} {:>8} {:>12} {:>10}\n", "algorithm", "hop-bytes",
               "hops/B", "max dil", "max link", "congestion", "offnode", "predicted s", "time (ms)");
  std::optional<AutoResult> auto_result;
  for (const std::string& name : names) {
    const auto start = std::chrono::steady_clock::now();
    Mapping mapping;
    try {
      if (name == "auto") {  // keep what auto tried, for the report after the table
        auto_result = map_auto(p.graph, p.machine.allocation, p.options);
        mapping = auto_result->mapping;
        mapping.validate(p.options.max_tasks_per_slot);
      } else {
        mapping = map_tasks(name, p.graph, p.machine.allocation, p.options);
      }
    } catch (const std::invalid_argument& e) {
      // An algorithm that does not apply to this graph or machine (a regular heuristic on an irregular graph).
      if (names.size() == 1 || args.algorithms != "all") throw;
      if (args.json)
        std::cout << nlohmann::json{{"algorithm", name}, {"skipped", e.what()}}.dump() << "\n";
      else
        fmt::print("{:<14} n/a: {}\n", name, e.what());
      continue;
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    ++measured;
    const Metrics m = evaluate(p.graph, p.machine.allocation, mapping);
    if (args.json) {
      std::cout << nlohmann::json{{"algorithm", name}, {"time_ms", ms}, {"metrics", m}}.dump() << "\n";
    } else {
      fmt::print("{:<14} {:>12.5g} {:>9.4f} {:>8} {:>12.5g} {:>12.5g} {:>7.1f}% {:>12.5g} {:>10.3f}\n", name,
                 m.hop_bytes, m.hops_per_byte, m.max_dilation, m.max_link_load, m.max_congestion,
                 100 * m.offnode_fraction, m.predicted_comm_time, ms);
    }
  }
  require(measured > 0,
          "no algorithm of --algorithms " + args.algorithms + " applies to this graph and machine");
  if (auto_result && !args.json) {
    fmt::print("\n");
    std::cout.flush();
    print_auto_report(std::cout, *auto_result);
  }
  return 0;
}

}  // namespace tamp::tools
