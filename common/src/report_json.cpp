// The JSON object of one run (docs/user-guide.md, "JSON Lines": these names are relied on by scripts; extend,
// do not rename).
#include <cmath>
#include <fstream>
#include <limits>
#include <stdexcept>

#include "tamp/app/report.hpp"
#include "tamp/io/output_file.hpp"
#include "tamp/metrics_json.hpp"

namespace tamp::app {
namespace {

nlohmann::json stats_json(const Stats& s) {
  return {{"min", s.min}, {"mean", s.mean}, {"max", s.max}};
}

// null where there is no figure.
nlohmann::json figure(double value) {
  return std::isnan(value) ? nlohmann::json(nullptr) : nlohmann::json(value);
}

}  // namespace

CommPerStep comm_per_step(const RunReport& r) {
  constexpr double none = std::numeric_limits<double>::quiet_NaN();
  // evaluate() always has at least one phase; a report without phases made no prediction.
  const bool predicted = !r.metrics.phases.empty() && r.prediction_comparable;
  return {predicted ? r.metrics.predicted_comm_time : none,
          r.iterations > 0 ? r.comm.max / r.iterations : none};
}

nlohmann::json to_json(const RunReport& r) {
  nlohmann::json j;
  j["app"] = r.app;
  j["engine"] = r.engine;
  j["mapping"] = r.mapping;
  j["ranks"] = r.ranks;
  j["threads"] = r.threads;
  j["backend"] = r.backend;
  j["machine"] = r.machine;
  j["topology_source"] = r.topology_source;
  const AllocationReport& a = r.allocation;
  j["allocation"] = {{"source", a.source}, {"summary", a.summary}, {"note", a.note},
                     {"nodes", a.nodes},   {"hosts", a.hosts},     {"ranks_per_node", a.ranks_per_node}};
  j["verified"] = r.verified();
  j["verification"] = {{"status", std::string(to_string(r.verification))},
                       {"error", r.error},
                       {"tolerance", r.tolerance},
                       {"note", r.note}};
  j["iterations"] = r.iterations;
  j["compute_model"] = r.compute_model;
  j["skeleton"] = r.skeleton;
  // Times are the maximum over ranks (§9); the spread over ranks is in time_stats.
  j["time"] = {
      {"total", r.total.max},       {"compute", r.compute.max},       {"comm", r.comm.max},
      {"exchange", r.exchange.max}, {"collective", r.collective.max}, {"per_iteration", r.per_iteration.max}};
  j["time_stats"] = {{"total", stats_json(r.total)},
                     {"compute", stats_json(r.compute)},
                     {"comm", stats_json(r.comm)},
                     {"exchange", stats_json(r.exchange)},
                     {"collective", stats_json(r.collective)},
                     {"per_iteration", stats_json(r.per_iteration)}};
  const CommPerStep per_step = comm_per_step(r);
  j["comm_per_step"] = {{"predicted", figure(per_step.predicted)}, {"measured", figure(per_step.measured)}};
  j["metrics"] = r.metrics;  // tamp/metrics_json.hpp
  j["params"] = r.params;
  j["results"] = r.results;
  if (!r.calibration.empty()) j["results"]["compute_calibration"] = r.calibration;
  return j;
}

void check_json_writable(const std::string& path) {
  check_output_path(path, "--json");
}

void append_json_line(const std::string& path, const RunReport& report) {
  append_output_file(path, "--json", to_json(report).dump() + "\n");
}

}  // namespace tamp::app
