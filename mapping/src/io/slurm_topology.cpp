// Slurm topology.conf (the switch tree of a fat-tree cluster) and Slurm hostlist expressions.
#include "tamp/io/slurm_topology.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <unordered_map>

#include "io/machine_build.hpp"
#include "io/text_util.hpp"
#include "tamp/error.hpp"
#include "tamp/fat_tree.hpp"

namespace tamp {

namespace {

// Keeps a malformed (or fuzzed) range such as "n[0-99999999]" from filling the memory.
constexpr std::size_t kMaxHosts = std::size_t{1} << 20;

struct Range {
  std::int64_t lo = 0, hi = 0;
  int width = 0;  // digits of a zero-padded bound, else 0
};

// "001-003,7" -> ranges; every number is padded to the widest zero-padded bound of the group.
std::vector<Range> parse_group(std::string_view group) {
  std::vector<Range> ranges;
  int width = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = group.find(',', start);
    const std::string_view part =
        group.substr(start, comma == std::string_view::npos ? comma : comma - start);
    const std::size_t dash = part.find('-');
    const std::string_view lo = part.substr(0, dash);
    const std::string_view hi = dash == std::string_view::npos ? lo : part.substr(dash + 1);
    Range r;
    for (std::string_view bound : {lo, hi}) {
      if (bound.empty() || bound.size() > 9 ||
          !std::all_of(bound.begin(), bound.end(), [](char c) { return c >= '0' && c <= '9'; }))
        throw std::invalid_argument("bad range " + impl::quoted(part) + " in brackets (expected N or N-M)");
      if (bound.size() > 1 && bound[0] == '0') width = std::max(width, static_cast<int>(bound.size()));
    }
    impl::parse_int64(lo, r.lo);
    impl::parse_int64(hi, r.hi);
    if (r.lo > r.hi) throw std::invalid_argument("range " + impl::quoted(part) + " goes down");
    ranges.push_back(r);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  for (Range& r : ranges) r.width = width;
  return ranges;
}

std::string padded(std::int64_t value, int width) {
  std::string s = std::to_string(value);
  if (static_cast<int>(s.size()) < width) s.insert(0, static_cast<std::size_t>(width) - s.size(), '0');
  return s;
}

// Appends the names of one item ("nid[01-02]x[1-2]"), bracket groups left to right, the first outermost.
void expand_item(const std::string& prefix, std::string_view rest, std::vector<std::string>& out) {
  const std::size_t open = rest.find('[');
  if (open == std::string_view::npos) {
    if (rest.find(']') != std::string_view::npos) throw std::invalid_argument("']' without '['");
    if (out.size() >= kMaxHosts)
      throw std::invalid_argument("more than " + std::to_string(kMaxHosts) + " hosts");
    out.push_back(prefix + std::string(rest));
    return;
  }
  const std::size_t close = rest.find(']', open);
  if (close == std::string_view::npos) throw std::invalid_argument("'[' without ']'");
  const std::string_view head = rest.substr(0, open);
  const std::string_view group = rest.substr(open + 1, close - open - 1);
  if (head.find(']') != std::string_view::npos || group.find('[') != std::string_view::npos)
    throw std::invalid_argument("unbalanced brackets");
  for (const Range& r : parse_group(group))
    for (std::int64_t v = r.lo; v <= r.hi; ++v) {
      if (out.size() >= kMaxHosts)
        throw std::invalid_argument("more than " + std::to_string(kMaxHosts) + " hosts");
      expand_item(prefix + std::string(head) + padded(v, r.width), rest.substr(close + 1), out);
    }
}

std::vector<std::string> expand(std::string_view expression) {
  std::vector<std::string> out;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= expression.size(); ++i) {
    const char c = i < expression.size() ? expression[i] : ',';
    if (c == '[') ++depth;
    if (c == ']') --depth;
    if (depth < 0 || depth > 1) throw std::invalid_argument("unbalanced brackets");
    if (c == ',' && depth == 0) {
      const std::string_view item = expression.substr(start, i - start);
      if (item.empty()) throw std::invalid_argument("empty host name");
      if (std::any_of(item.begin(), item.end(), [](char ch) {
            return std::isspace(static_cast<unsigned char>(ch)) || ch == '=' || ch == '#';
          }))
        throw std::invalid_argument("host name " + impl::quoted(item) + " holds a blank, '=' or '#'");
      expand_item("", item, out);
      start = i + 1;
    }
  }
  if (depth != 0) throw std::invalid_argument("'[' without ']'");
  return out;
}

struct SwitchLine {
  std::string name;
  long line = 0;
  std::vector<std::string> children;
  std::vector<std::string> nodes;
  double speed = 0;  // 0: not given
};

bool same_key(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

SwitchLine parse_line(const std::vector<std::string_view>& tokens, const impl::LineReader& reader) {
  SwitchLine s;
  s.line = reader.line_number();
  bool has_children = false, has_nodes = false, has_speed = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string_view t = tokens[i];
    const std::size_t eq = t.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == t.size())
      reader.fail("expected Key=Value, got " + impl::quoted(t));
    const std::string_view key = t.substr(0, eq);
    const std::string_view value = t.substr(eq + 1);
    if (i == 0 && !same_key(key, "SwitchName"))
      reader.fail("a line must start with SwitchName=, got " + impl::quoted(key));
    const auto once = [&](bool& seen) {
      if (seen) reader.fail(std::string(key) + " given twice on one line");
      seen = true;
    };
    try {
      if (i == 0) {
        if (value.find_first_of("[],") != std::string_view::npos)
          reader.fail("SwitchName must be one name, got " + impl::quoted(value));
        s.name = std::string(value);
      } else if (same_key(key, "Switches")) {
        once(has_children);
        s.children = expand(value);
      } else if (same_key(key, "Nodes")) {
        once(has_nodes);
        s.nodes = expand(value);
      } else if (same_key(key, "LinkSpeed")) {
        once(has_speed);
        if (!impl::parse_double(value, s.speed))
          reader.fail("LinkSpeed must be a positive number, got " + impl::quoted(value));
        try {  // it becomes the bandwidth of the links below the switch
          check_range(s.speed, kBandwidthRange, "LinkSpeed");
        } catch (const std::invalid_argument& e) {
          reader.fail(e.what());
        }
      } else {
        reader.fail("unknown key " + impl::quoted(key) + " (known: SwitchName, Switches, Nodes, LinkSpeed)");
      }
    } catch (const std::invalid_argument& e) {
      reader.fail(std::string(key) + "=" + impl::quoted(value) + ": " + e.what());
    }
  }
  return s;
}

class SlurmParser {
 public:
  SlurmParser(std::istream& in, const std::string& source) : reader_(in, source) {}
  MachineDescription parse(int cores_per_node);

 private:
  impl::LineReader reader_;
  std::vector<SwitchLine> switches_;
};

MachineDescription SlurmParser::parse(int cores_per_node) {
  std::unordered_map<std::string, int> index_of;
  std::unordered_map<std::string, int> switch_of_host;
  std::size_t hosts = 0;
  std::string raw;
  while (reader_.next(raw)) {
    const auto tokens = impl::split_tokens(impl::strip_comment(raw, '#'));
    if (tokens.empty()) continue;
    SwitchLine s = parse_line(tokens, reader_);
    const auto [it, fresh] = index_of.emplace(s.name, static_cast<int>(switches_.size()));
    if (!fresh)
      reader_.fail("switch " + impl::quoted(s.name) + " defined twice (first on line " +
                   std::to_string(switches_[it->second].line) + ")");
    for (const std::string& host : s.nodes) {
      const auto [h, new_host] = switch_of_host.emplace(host, it->second);
      if (!new_host)
        reader_.fail("node " + impl::quoted(host) + " is under two switches (also under " +
                     impl::quoted(switches_.size() > static_cast<std::size_t>(h->second)
                                      ? switches_[h->second].name
                                      : s.name) +
                     ")");
    }
    hosts += s.nodes.size();
    if (hosts > kMaxHosts) reader_.fail("more than " + std::to_string(kMaxHosts) + " nodes");
    switches_.push_back(std::move(s));
  }
  const long end = std::max(1L, reader_.line_number());
  if (switches_.empty()) reader_.fail_at(end, "no SwitchName lines");
  if (hosts == 0) reader_.fail_at(end, "no switch has Nodes=");

  const int n = static_cast<int>(switches_.size());
  SwitchTreeSpec spec;
  spec.parent.assign(n, -1);
  double fastest = 0;
  for (const SwitchLine& s : switches_) fastest = std::max(fastest, s.speed);
  for (int i = 0; i < n; ++i) {
    const SwitchLine& s = switches_[i];
    spec.names.push_back(s.name);
    spec.nodes.push_back(static_cast<int>(s.nodes.size()));
    for (const std::string& child : s.children) {
      const auto c = index_of.find(child);
      if (c == index_of.end())
        reader_.fail_at(s.line,
                        "switch " + impl::quoted(s.name) + " lists unknown switch " + impl::quoted(child));
      if (c->second == i) reader_.fail_at(s.line, "switch " + impl::quoted(s.name) + " lists itself");
      if (spec.parent[c->second] >= 0)
        reader_.fail_at(s.line, "switch " + impl::quoted(child) + " is under two switches (" +
                                    impl::quoted(switches_[spec.parent[c->second]].name) + " and " +
                                    impl::quoted(s.name) + ")");
      spec.parent[c->second] = i;
    }
  }
  // LinkSpeed of a switch is the speed of the links down to its child switches (node links are not modelled);
  // a switch without one is taken as the fastest.
  if (fastest > 0) {
    spec.uplink_bandwidth.assign(n, fastest);
    for (int i = 0; i < n; ++i)
      if (spec.parent[i] >= 0 && switches_[spec.parent[i]].speed > 0)
        spec.uplink_bandwidth[i] = switches_[spec.parent[i]].speed;
  }
  // One root, and every switch below it (a switch that never reaches a root is on a cycle).
  int root = -1;
  for (int i = 0; i < n; ++i) {
    if (spec.parent[i] >= 0) continue;
    if (root >= 0)
      reader_.fail_at(switches_[i].line, "switches " + impl::quoted(switches_[root].name) + " and " +
                                             impl::quoted(switches_[i].name) +
                                             " are both roots: no switch joins them (add a top switch)");
    root = i;
  }
  std::vector<char> reaches_root(n, 0);  // memo: linear time even for a long chain of switches
  std::vector<int> path;
  for (int i = 0; i < n; ++i) {
    path.clear();
    int t = i;
    while (t >= 0 && !reaches_root[t] && static_cast<int>(path.size()) <= n) {
      path.push_back(t);
      t = spec.parent[t];
    }
    if (t >= 0 && !reaches_root[t])
      reader_.fail_at(switches_[i].line, "switch " + impl::quoted(switches_[i].name) + " is on a cycle");
    for (int v : path) reaches_root[v] = 1;
  }

  if (cores_per_node < 1 || cores_per_node > impl::kMaxCoresPerNode)
    throw std::invalid_argument("cores_per_node must be in 1.." + std::to_string(impl::kMaxCoresPerNode));
  try {
    impl::check_slot_count(static_cast<std::int64_t>(hosts), cores_per_node);
  } catch (const std::invalid_argument& e) {
    reader_.fail_at(end, e.what());
  }
  auto tree = std::make_shared<const FatTree>(std::move(spec));
  MachineDescription d;
  d.name = impl::path_stem(reader_.source());
  d.machine = tree;
  d.cores_per_node = cores_per_node;
  d.allocation = Allocation::whole_machine(tree, cores_per_node);
  for (const SwitchLine& s : switches_) d.hostnames.insert(d.hostnames.end(), s.nodes.begin(), s.nodes.end());
  return d;
}

}  // namespace

MachineDescription parse_slurm_topology(std::istream& in, const std::string& source, int cores_per_node) {
  return SlurmParser(in, source).parse(cores_per_node);
}

MachineDescription read_slurm_topology(const std::string& path, int cores_per_node) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open the Slurm topology file");
  return parse_slurm_topology(in, path, cores_per_node);
}

std::vector<std::string> expand_hostlist(const std::string& expression, const std::string& source) {
  try {
    return expand(impl::trim(expression));
  } catch (const std::invalid_argument& e) {
    throw ParseError(source, 1, "hostlist " + impl::quoted(expression) + ": " + e.what());
  }
}

}  // namespace tamp
