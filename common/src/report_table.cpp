// The human-readable report: a block per run and a comparison table across placements (rank 0 prints them).
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cmath>
#include <ostream>

#include "tamp/app/report.hpp"

namespace tamp::app {
namespace {

std::string verification_line(const RunReport& r) {
  switch (r.verification) {
    case VerificationStatus::passed:
      return fmt::format("Solution validates (max error {:.3g} <= tolerance {:.3g})", r.error, r.tolerance);
    case VerificationStatus::failed:
      return fmt::format("Solution does NOT validate (max error {:.3g} > tolerance {:.3g})", r.error,
                         r.tolerance);
    case VerificationStatus::skipped:
      break;
  }
  return "Solution not verified" + (r.note.empty() ? std::string() : " (" + r.note + ")");
}

std::string ratio(double value, double reference) {
  if (reference > 0) return fmt::format("{:.3f}", value / reference);
  return value == reference ? "1.000" : "-";
}

}  // namespace

std::string compute_deck_line(const std::map<std::string, double>& calibration) {
  std::string line = "compute";
  for (const auto& [kind, seconds] : calibration) line += fmt::format(" {}={:.3g}", kind, seconds);
  return line;
}

void print_run(std::ostream& os, const RunReport& r) {
  fmt::print(os, "{}\n", verification_line(r));
  if (!r.rate_line.empty()) fmt::print(os, "{}\n", r.rate_line);
  fmt::print(os, "  {:<12} {:>11} {:>11} {:>11}   ({} timed iterations, seconds over {} ranks)\n", "time",
             "min", "mean", "max", r.iterations, r.ranks);
  const std::pair<const char*, const Stats*> rows[] = {
      {"total", &r.total},         {"compute", &r.compute},         {"comm", &r.comm},
      {"  exchange", &r.exchange}, {"  collective", &r.collective}, {"per iter", &r.per_iteration}};
  for (const auto& [name, s] : rows) {
    fmt::print(os, "  {:<12} {:>11.4e} {:>11.4e} {:>11.4e}\n", name, s->min, s->mean, s->max);
  }
  const CommPerStep per_step = comm_per_step(r);
  if (!std::isnan(per_step.predicted) && !std::isnan(per_step.measured)) {
    fmt::print(os, "  comm per step: predicted {:.4e}, measured {:.4e} (predicted / measured {})\n",
               per_step.predicted, per_step.measured, ratio(per_step.predicted, per_step.measured));
  }
  if (r.compute_model != "measured") {
    fmt::print(os, "  compute model {}{}\n", r.compute_model,
               r.skeleton ? " (skeleton: kernels not run)" : "");
  }
  if (!r.calibration.empty()) {
    fmt::print(
        os, "  calibrated (seconds per unit, all ranks' seconds / all ranks' units), for the deck:\n  {}\n",
        compute_deck_line(r.calibration));
  }
  if (!r.allocation.summary.empty()) fmt::print(os, "  allocation {}\n", r.allocation.summary);
  const Metrics& m = r.metrics;
  fmt::print(os, "  placement  hop-bytes {:.4e}, {:.3f} hops/byte, dilation max {} avg {:.3f}\n", m.hop_bytes,
             m.hops_per_byte, m.max_dilation, m.avg_dilation);
  fmt::print(os, "             max link load {:.4e} B, max congestion {:.4e}, off-node {:.1f}% of {:.4e} B\n",
             m.max_link_load, m.max_congestion, 100 * m.offnode_fraction, m.total_bytes);
}

void print_comparison(std::ostream& os, const std::vector<RunReport>& reports) {
  if (reports.empty()) return;
  const RunReport& first = reports.front();
  fmt::print(os, "\nComparison of {} placements (ratios to '{}'; time = max over ranks of the timed loop)\n",
             reports.size(), first.mapping);
  fmt::print(os, "  {:<16} {:>11} {:>7} {:>11} {:>7} {:>9} {:>11} {:>8} {:>8}\n", "mapping", "time [s]",
             "ratio", "hop-bytes", "ratio", "hops/B", "max load", "off-node", "verified");
  for (const auto& r : reports) {
    fmt::print(os, "  {:<16} {:>11.4e} {:>7} {:>11.4e} {:>7} {:>9.3f} {:>11.4e} {:>7.1f}% {:>8}\n", r.mapping,
               r.total.max, ratio(r.total.max, first.total.max), r.metrics.hop_bytes,
               ratio(r.metrics.hop_bytes, first.metrics.hop_bytes), r.metrics.hops_per_byte,
               r.metrics.max_link_load, 100 * r.metrics.offnode_fraction, to_string(r.verification));
  }
}

}  // namespace tamp::app
