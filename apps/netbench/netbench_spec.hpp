// The netbench problem: command-line options and the validated benchmark they describe ([Bhatele10] ch. 4-5).
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tamp::netbench {

enum class Benchmark { wocon, wicon, equidistant, dilation };
std::string to_string(Benchmark benchmark);

/// What the command line says, before validation.
struct NetbenchOptions {
  std::string benchmark = "wicon";  // wocon | wicon | equidistant | dilation
  std::string sizes = "4:1M:4";     // message sizes in bytes: list, A:B (x2) or A:B:FACTOR; K and M suffixes
  int messages = 10;                // num_msgs of Alg. 4.1 / 4.2: messages per size and partner
  std::string pairing = "nn,rnd";   // wicon: nn / nn-spread (one hop), near (nearest node) and/or rnd
  std::string distance = "all";     // equidistant: hops between partners, `all` = every feasible 1..L/2
  int dim = -1;                     // equidistant: torus dimension of the pairs; -1 = the last (Z)
  std::string dilation = "3+6,9";   // dilation: extra messages per rank, groups of hop counts
  int master = 0;                   // wocon: the master task
  int iterations = 1;               // timed passes over every phase and size (latencies are averaged)
  int warmup = 1;                   // untimed passes before
};
std::ostream& operator<<(std::ostream& os, const NetbenchOptions& options);
void add_netbench_options(CLI::App& cli, NetbenchOptions& options);

/// A validated benchmark (the parts that need no machine; phases.hpp adds the machine).
struct NetbenchSpec {
  Benchmark benchmark = Benchmark::wicon;
  std::vector<std::int64_t> sizes;  // increasing, bytes
  int messages = 10;
  std::vector<std::string> pairings;  // "nn", "nn-spread", "near", "rnd"
  std::vector<int> distances;         // empty: all feasible
  int dim = -1;
  std::vector<std::vector<int>> dilation_groups;  // e.g. {{3, 6}, {9}}
  int master = 0;
  int iterations = 1;
  int warmup = 1;
};

/// Checks the options against the rank count; throws std::invalid_argument with a one-line message.
NetbenchSpec make_spec(const NetbenchOptions& options, int ranks);

/// "4,16,64" / "4:1M:4" -> sizes in bytes (increasing, no repeats). Throws std::invalid_argument.
std::vector<std::int64_t> parse_sizes(const std::string& text);
/// 1536 -> "1.5K", 1048576 -> "1M", 100 -> "100".
std::string size_text(std::int64_t bytes);

}  // namespace tamp::netbench
