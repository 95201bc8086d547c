// Tables and JSON of the netbench figures. Latencies in microseconds; ratios at the largest size, where
// [Bhatele10] quotes its factors (RND/NN 1.75x on BG/P, 8-hop/1-hop pairs 16x).
#include "results.hpp"

#include <fmt/format.h>

namespace tamp::netbench {
namespace {

constexpr double kMicro = 1e6;

double percent_spread(const SizeResult& r) {
  return r.min > 0 ? (r.max - r.min) / r.min * 100.0 : 0.0;
}

std::string wocon_table(const NetbenchSpec& spec, const PhaseResult& phase) {
  std::string out =
      fmt::format("WOCON from master task {}: latency per message (us) over the other nodes\n", spec.master);
  out += fmt::format("{:>8} {:>10} {:>10} {:>10} {:>7}   mean by hops\n", "bytes", "min", "mean", "max",
                     "%diff");
  for (std::size_t i = 0; i < spec.sizes.size(); ++i) {
    const SizeResult& r = phase.sizes[i];
    std::string hops;
    for (const auto& [h, t] : r.by_hops) hops += fmt::format(" {}:{:.3f}", h, t * kMicro);
    out += fmt::format("{:>8} {:>10.3f} {:>10.3f} {:>10.3f} {:>7.1f}  {}\n", size_text(spec.sizes[i]),
                       r.min * kMicro, r.mean * kMicro, r.max * kMicro, percent_spread(r), hops);
  }
  return out;
}

std::string phase_table(const NetbenchSpec& spec, const std::vector<PhaseResult>& phases) {
  std::string out =
      fmt::format("{} latency per message (us), mean over the ranks that send (max in the JSON)\n",
                  to_string(spec.benchmark));
  out += fmt::format("{:>14}", "phase");
  for (const auto& p : phases) out += fmt::format(" {:>12}", p.name);
  out += fmt::format("\n{:>14}", "hops/byte");
  for (const auto& p : phases) out += fmt::format(" {:>12.3f}", p.hops_per_byte);
  out += fmt::format("\n{:>14}", "max dilation");
  for (const auto& p : phases) out += fmt::format(" {:>12}", p.max_dilation);
  out += fmt::format("\n{:>14}", "busiest link");
  for (const auto& p : phases) out += fmt::format(" {:>12}", p.max_link_streams);
  out += fmt::format("\n{:>14}\n", "bytes");
  for (std::size_t i = 0; i < spec.sizes.size(); ++i) {
    out += fmt::format("{:>14}", size_text(spec.sizes[i]));
    for (const auto& p : phases) out += fmt::format(" {:>12.3f}", p.sizes[i].mean * kMicro);
    out += "\n";
  }
  return out;
}

nlohmann::json phase_json(const PhaseResult& p) {
  nlohmann::json j = {{"name", p.name},
                      {"hops_per_byte", p.hops_per_byte},
                      {"max_dilation", p.max_dilation},
                      {"max_link_streams", p.max_link_streams}};
  std::vector<double> mean;
  std::vector<double> min;
  std::vector<double> max;
  for (const SizeResult& r : p.sizes) {
    mean.push_back(r.mean * kMicro);
    min.push_back(r.min * kMicro);
    max.push_back(r.max * kMicro);
  }
  j["latency_us"] = mean;
  j["latency_min_us"] = min;
  j["latency_max_us"] = max;
  if (!p.sizes.empty() && !p.sizes[0].by_hops.empty()) {
    nlohmann::json by_hops = nlohmann::json::object();
    for (const auto& [h, t] : p.sizes[0].by_hops) {
      std::vector<double> per_size;
      for (const SizeResult& r : p.sizes) per_size.push_back(r.by_hops.at(h) * kMicro);
      by_hops[std::to_string(h)] = per_size;
    }
    j["latency_by_hops_us"] = by_hops;
    std::vector<double> spread;
    for (const SizeResult& r : p.sizes) spread.push_back(percent_spread(r));
    j["diff_pct"] = spread;
  }
  return j;
}

// Time of the last phase over the first at the largest size (the paper's comparisons), with its line.
std::pair<double, std::string> headline(const NetbenchSpec& spec, const std::vector<PhaseResult>& phases) {
  const std::size_t last = spec.sizes.size() - 1;
  const std::string size = size_text(spec.sizes[last]);
  if (spec.benchmark == Benchmark::wocon) {
    const SizeResult& small = phases[0].sizes[0];
    const SizeResult& large = phases[0].sizes[last];
    return {percent_spread(small),
            fmt::format("WOCON: max vs min latency {:.1f}% at {} B, {:.1f}% at {} B", percent_spread(small),
                        size_text(spec.sizes[0]), percent_spread(large), size)};
  }
  if (phases.size() < 2) return {1.0, ""};
  const double first = phases.front().sizes[last].mean;
  const double ratio = first > 0 ? phases.back().sizes[last].mean / first : 0.0;
  return {ratio, fmt::format("{}: {} / {} = {:.2f}x at {} B", to_string(spec.benchmark), phases.back().name,
                             phases.front().name, ratio, size)};
}

}  // namespace

app::Rate format_results(const NetbenchSpec& spec, const std::vector<PhaseResult>& phases) {
  app::Rate rate;
  rate.line = spec.benchmark == Benchmark::wocon ? wocon_table(spec, phases[0]) : phase_table(spec, phases);
  const auto [ratio, line] = headline(spec, phases);
  rate.line += line;
  nlohmann::json list = nlohmann::json::array();
  for (const PhaseResult& p : phases) list.push_back(phase_json(p));
  rate.fields = {
      {"benchmark", to_string(spec.benchmark)},
      {"sizes", spec.sizes},
      {"phases", list},
      {"headline", line},
      {spec.benchmark == Benchmark::wocon ? "diff_pct_smallest" : "ratio_last_first_largest", ratio}};
  return rate;
}

}  // namespace tamp::netbench
