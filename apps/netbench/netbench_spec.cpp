// Parsing and validation of the netbench options: every rank reaches the same verdict without communicating.
#include "netbench_spec.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <ostream>
#include <stdexcept>

#include "tamp/app/iteration_options.hpp"
#include "tamp/text.hpp"

namespace tamp::netbench {
namespace {

// Messages are counted in MPI_CHAR: keep every size an int, and a buffer far from the memory of a rank.
constexpr std::int64_t kMaxSize = std::int64_t{64} << 20;

std::int64_t parse_count(const std::string& token, const std::string& option, const std::string& text) {
  std::string digits = token;
  std::int64_t unit = 1;
  if (!digits.empty() && (digits.back() == 'K' || digits.back() == 'k')) unit = 1024;
  if (!digits.empty() && (digits.back() == 'M' || digits.back() == 'm')) unit = 1024 * 1024;
  if (unit != 1) digits.pop_back();
  if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) {
    throw std::invalid_argument(option + " " + text + ": '" + token +
                                "' is not a count (digits with an optional K or M suffix)");
  }
  return std::stoll(digits) * unit;
}

std::vector<std::string> parse_pairings(const std::string& text) {
  std::vector<std::string> pairings;
  for (const std::string& p : split(text, ',')) {
    if (p != "nn" && p != "nn-spread" && p != "near" && p != "rnd") {
      throw std::invalid_argument("--pairing " + text + ": '" + p + "' is not nn, nn-spread, near or rnd");
    }
    if (std::find(pairings.begin(), pairings.end(), p) == pairings.end()) pairings.push_back(p);
  }
  return pairings;
}

std::vector<int> parse_distances(const std::string& text) {
  if (text == "all") return {};
  std::vector<int> distances;
  for (const std::string& d : split(text, ',')) {
    const std::int64_t n = parse_count(d, "--distance", text);
    if (n < 1 || n > 1000000) throw std::invalid_argument("--distance " + text + ": hops must be >= 1");
    distances.push_back(static_cast<int>(n));
  }
  return distances;
}

// "3+6,9" -> {{3, 6}, {9}}
std::vector<std::vector<int>> parse_dilation(const std::string& text) {
  std::vector<std::vector<int>> groups;
  for (const std::string& group : split(text, ',')) {
    std::vector<int> hops;
    for (const std::string& h : split(group, '+')) {
      const std::int64_t n = parse_count(h, "--dilation", text);
      if (n < 1 || n > 1000000) throw std::invalid_argument("--dilation " + text + ": hops must be >= 1");
      hops.push_back(static_cast<int>(n));
    }
    groups.push_back(std::move(hops));
  }
  return groups;
}

Benchmark parse_benchmark(const std::string& name) {
  if (name == "wocon") return Benchmark::wocon;
  if (name == "wicon") return Benchmark::wicon;
  if (name == "equidistant") return Benchmark::equidistant;
  if (name == "dilation") return Benchmark::dilation;
  throw std::invalid_argument("--benchmark " + name + ": expected wocon, wicon, equidistant or dilation");
}

}  // namespace

std::string to_string(Benchmark benchmark) {
  switch (benchmark) {
    case Benchmark::wocon:
      return "wocon";
    case Benchmark::wicon:
      return "wicon";
    case Benchmark::equidistant:
      return "equidistant";
    case Benchmark::dilation:
      return "dilation";
  }
  return "?";
}

std::vector<std::int64_t> parse_sizes(const std::string& text) {
  std::vector<std::int64_t> sizes;
  for (const std::string& item : split(text, ',')) {
    const auto range = split(item, ':');
    if (range.size() > 3)
      throw std::invalid_argument("--sizes " + text + ": '" + item + "' is not A:B[:FACTOR]");
    const std::int64_t first = parse_count(range[0], "--sizes", text);
    const std::int64_t last = range.size() > 1 ? parse_count(range[1], "--sizes", text) : first;
    const std::int64_t factor = range.size() > 2 ? parse_count(range[2], "--sizes", text) : 2;
    if (first < 1 || last > kMaxSize || last < first || factor < 2) {
      throw std::invalid_argument("--sizes " + text + ": sizes must be in 1.." + size_text(kMaxSize) +
                                  ", ranges increasing with a factor >= 2");
    }
    for (std::int64_t s = first; s <= last; s *= factor) sizes.push_back(s);
  }
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

std::string size_text(std::int64_t bytes) {
  const auto scaled = [](std::int64_t b, std::int64_t unit, const char* suffix) {
    const std::string whole = std::to_string(b / unit);
    if (b % unit == 0) return whole + suffix;
    return std::to_string(static_cast<double>(b) / unit).substr(0, whole.size() + 2) + suffix;
  };
  if (bytes >= 1024 * 1024) return scaled(bytes, 1024 * 1024, "M");
  if (bytes >= 1024) return scaled(bytes, 1024, "K");
  return std::to_string(bytes);
}

std::ostream& operator<<(std::ostream& os, const NetbenchOptions& o) {
  os << "  benchmark  " << o.benchmark << '\n';
  os << "  sizes      " << o.sizes << '\n';
  os << "  messages   " << o.messages << '\n';
  os << "  pairing    " << o.pairing << '\n';
  os << "  distance   " << o.distance << '\n';
  os << "  dim        " << o.dim << '\n';
  os << "  dilation   " << o.dilation << '\n';
  os << "  master     " << o.master << '\n';
  os << "  iterations " << o.iterations << '\n';
  os << "  warmup     " << o.warmup << '\n';
  return os;
}

void add_netbench_options(CLI::App& cli, NetbenchOptions& o) {
  cli.add_option("--benchmark", o.benchmark, "wocon | wicon | equidistant | dilation")->capture_default_str();
  cli.add_option("--sizes", o.sizes, "Message sizes in bytes: 4,64,1K or A:B (x2) or A:B:FACTOR")
      ->capture_default_str();
  cli.add_option("--messages", o.messages, "Messages per size and partner (num_msgs)")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cli.add_option("--pairing", o.pairing, "wicon: nn, nn-spread, near and/or rnd")->capture_default_str();
  cli.add_option("--distance", o.distance, "equidistant: hops between partners, list or all")
      ->capture_default_str();
  cli.add_option("--dim", o.dim, "equidistant: torus dimension of the pairs (default: the last)")
      ->check(CLI::Range(-1, 15));
  cli.add_option("--dilation", o.dilation, "dilation: extra hops per rank, groups like 3+6,9")
      ->capture_default_str();
  cli.add_option("--master", o.master, "wocon: the master task")->check(CLI::NonNegativeNumber);
  app::add_iteration_options(cli, o.iterations, o.warmup, "Timed passes (latencies are averaged over them)",
                             "Untimed passes before the timed ones");
}

NetbenchSpec make_spec(const NetbenchOptions& o, int ranks) {
  NetbenchSpec spec;
  spec.benchmark = parse_benchmark(o.benchmark);
  spec.sizes = parse_sizes(o.sizes);
  spec.messages = o.messages;
  spec.pairings = parse_pairings(o.pairing);
  spec.distances = parse_distances(o.distance);
  spec.dim = o.dim;
  spec.dilation_groups = parse_dilation(o.dilation);
  spec.master = o.master;
  spec.iterations = o.iterations;
  spec.warmup = o.warmup;
  if (ranks < 2)
    throw std::invalid_argument("netbench needs at least 2 ranks, the job has " + std::to_string(ranks));
  if (spec.master >= ranks) {
    throw std::invalid_argument("--master " + std::to_string(spec.master) + " is not a task of a job of " +
                                std::to_string(ranks) + " ranks");
  }
  return spec;
}

}  // namespace tamp::netbench
