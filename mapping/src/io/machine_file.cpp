// Machine file parser (docs/file-formats.md): `key values` lines, then an optional node list.
#include "tamp/io/machine_file.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <stdexcept>
#include <unordered_map>

#include "io/machine_build.hpp"
#include "io/text_util.hpp"
#include "tamp/network_parameters.hpp"

namespace tamp {

namespace {

// clang-format off
constexpr std::array<std::string_view, 20> kHeaderKeys = {
    "name",  "topology", "dims",   "wrap",   "nodes_per_router",  "cores_per_node", "link_bandwidth",
    "arity", "levels",   "switch", "groups", "routers_per_group", "global_links",
    "link_latency", "injection_bandwidth", "injection_latency", "loopback_bandwidth", "loopback_latency",
    "message_overhead", "level_distances"};
// clang-format on
enum KeyIndex {
  kName,
  kTopology,
  kDims,
  kWrap,
  kNodesPerRouter,
  kCoresPerNode,
  kLinkBandwidth,
  kArity,
  kLevels,
  kSwitch,
  kGroups,
  kRoutersPerGroup,
  kGlobalLinks,
  // The network parameters of the predicted time (tamp/network_parameters.hpp), one number each.
  kLinkLatency,
  kInjectionBandwidth,
  kInjectionLatency,
  kLoopbackBandwidth,
  kLoopbackLatency,
  kMessageOverhead,
  // Cost per byte by levels apart (fat trees), as KaHIP's and Scotch's process mappers weigh them.
  kLevelDistances
};

// The NetworkParameters field of a network key and the range of its figure.
double* network_field(int key, NetworkParameters& p, ValueRange& range) {
  range = key == kInjectionBandwidth || key == kLoopbackBandwidth ? kBandwidthRange
          : key == kMessageOverhead                               ? kOverheadRange
                                                                  : kLatencyRange;
  switch (key) {
    case kLinkLatency:
      return &p.link_latency;
    case kInjectionBandwidth:
      return &p.injection_bandwidth;
    case kInjectionLatency:
      return &p.injection_latency;
    case kLoopbackBandwidth:
      return &p.loopback_bandwidth;
    case kLoopbackLatency:
      return &p.loopback_latency;
    case kMessageOverhead:
      return &p.message_overhead;
    default:
      return nullptr;
  }
}

// Which size keys each topology takes (name, topology, cores_per_node, nodes_per_router and link_bandwidth go
// with every one).
bool key_applies(int key, impl::Topology topology) {
  switch (key) {
    case kDims:
    case kWrap:
      return topology == impl::Topology::kTorus || topology == impl::Topology::kMesh;
    case kArity:
    case kLevels:
    case kSwitch:
    case kLevelDistances:
      return topology == impl::Topology::kFatTree;
    case kGroups:
    case kRoutersPerGroup:
    case kGlobalLinks:
      return topology == impl::Topology::kDragonfly;
    default:
      return true;
  }
}

// The rule of a line (docs/file-formats.md, "Lines of decks and machine files"): the text before '#' is a key
// and its values separated by blanks (space, tab), trailing blanks (and the CR of a CRLF line end) ignored;
// no quoting, so a quote character is an error.
std::string_view line_text(const std::string& raw, const impl::LineReader& reader) {
  const std::string_view text = impl::strip_comment(raw, '#');
  const std::size_t quote = text.find_first_of("\"'");
  if (quote != std::string_view::npos)
    reader.fail(std::string("a quote character (") + text[quote] +
                ") outside a comment: machine files have no quoting");
  return text.substr(0, text.find_last_not_of(" \t\r") + 1);
}

std::vector<std::string_view> line_words(std::string_view text) {
  return impl::split_tokens(text, impl::kLineBlank);
}

int key_index(std::string_view key) {
  for (std::size_t i = 0; i < kHeaderKeys.size(); ++i)
    if (kHeaderKeys[i] == key) return static_cast<int>(i);
  return -1;
}

class MachineParser {
 public:
  MachineParser(std::istream& in, const std::string& source) : reader_(in, source) {}
  MachineDescription parse();

 private:
  void header_line(std::string_view text, const std::vector<std::string_view>& tokens);
  void switch_line(const std::vector<std::string_view>& values);
  void finish_header(long line);
  void build_machine();
  void node_list(const std::vector<std::string_view>& tokens);
  void node_line(const std::vector<std::string_view>& tokens, long count, long declared);

  // Runs `f`, turning its std::invalid_argument into a ParseError at `line`.
  template <class F>
  auto at(long line, F&& f) -> decltype(f()) {
    try {
      return f();
    } catch (const std::invalid_argument& e) {
      reader_.fail_at(line, e.what());
    }
  }

  impl::LineReader reader_;
  std::array<long, kHeaderKeys.size()> key_line_{};  // 0: key not given
  std::string name_;
  impl::Topology topology_ = impl::Topology::kTorus;
  std::vector<int> dims_;
  std::vector<bool> wrap_;
  int nodes_per_router_ = 0;  // 0: not given
  int cores_ = 0;
  std::vector<double> bandwidth_;
  int arity_ = 0, levels_ = 0, groups_ = 0, global_links_ = 0;
  std::vector<int> group_dims_;
  std::vector<impl::SwitchEntry> switches_;
  std::unordered_map<std::string, int> switch_index_;
  NetworkParameters network_;
  std::vector<double> level_distances_;
  std::shared_ptr<const Machine> machine_;
  std::shared_ptr<const FatTree> switch_tree_;  // machine_ when it is a switch tree (nodes named by switch)
  std::vector<int> extents_;  // numeric node-line coordinates (none on a switch tree or a one-level tree)
  int per_router_ = 1;
  std::vector<int> nodes_;
  std::vector<std::string> hostnames_;
  bool any_hostname_ = false;
};

MachineDescription MachineParser::parse() {
  std::string raw;
  while (reader_.next(raw)) {
    const std::string_view text = line_text(raw, reader_);
    const auto tokens = line_words(text);
    if (tokens.empty()) continue;
    if (tokens[0] == "nodes") {
      node_list(tokens);
      break;
    }
    header_line(text, tokens);
  }
  if (!machine_) {  // no node list: the whole machine
    const long line = std::max(1L, reader_.line_number());
    finish_header(line);
    at(key_line_[kCoresPerNode], [&] { impl::check_slot_count(machine_->num_nodes(), cores_); });
  }
  if (!any_hostname_) hostnames_.clear();
  std::string name = key_line_[kName] ? name_ : impl::path_stem(reader_.source());
  MachineDescription d = at(reader_.line_number(), [&] {
    return impl::make_description(std::move(name), machine_, cores_, std::move(nodes_),
                                  std::move(hostnames_));
  });
  for (std::size_t k = 0; k < kHeaderKeys.size(); ++k)
    if (key_line_[k]) d.keys.emplace_back(kHeaderKeys[k]);
  return d;
}

void MachineParser::header_line(std::string_view text, const std::vector<std::string_view>& tokens) {
  const long line = reader_.line_number();
  const int k = key_index(tokens[0]);
  if (k < 0) reader_.fail("unknown key " + impl::quoted(tokens[0]));
  const std::vector<std::string_view> values(tokens.begin() + 1, tokens.end());
  if (k == kSwitch) {  // the one key given once per switch
    if (!key_line_[k]) key_line_[k] = line;
    switch_line(values);
    return;
  }
  if (key_line_[k])
    reader_.fail("key " + std::string(kHeaderKeys[k]) + " repeated (first given on line " +
                 std::to_string(key_line_[k]) + ")");
  key_line_[k] = line;
  const auto single = [&] {
    if (values.size() != 1)
      reader_.fail(std::string(kHeaderKeys[k]) + " needs exactly one value, got " +
                   std::to_string(values.size()));
    return values[0];
  };
  switch (k) {
    case kName: {
      if (values.empty()) reader_.fail("name needs a value");
      // The rest of the line, inner blanks kept.
      const auto key_end = static_cast<std::size_t>(tokens[0].data() - text.data()) + tokens[0].size();
      name_ = std::string(impl::trim(text.substr(key_end), impl::kLineBlank));
      break;
    }
    case kTopology:
      topology_ = at(line, [&] { return impl::parse_topology(single()); });
      break;
    case kDims:
      dims_ = at(line, [&] { return impl::parse_dims(values); });
      break;
    case kWrap:
      wrap_ = at(line, [&] { return impl::parse_wrap(values); });
      break;
    case kNodesPerRouter:
      nodes_per_router_ = at(line, [&] { return impl::parse_nodes_per_router(single()); });
      break;
    case kCoresPerNode:
      cores_ = at(line, [&] { return impl::parse_cores_per_node(single()); });
      break;
    case kLinkBandwidth:
      bandwidth_ = at(line, [&] { return impl::parse_bandwidth(values); });
      break;
    case kArity:
      arity_ = at(line, [&] { return impl::parse_size(single(), "arity"); });
      break;
    case kLevels:
      levels_ = at(line, [&] { return static_cast<int>(impl::int_in_range(single(), "levels", 1, 64)); });
      break;
    case kGroups:
      groups_ = at(line, [&] { return impl::parse_size(single(), "groups"); });
      break;
    case kRoutersPerGroup:
      group_dims_ = at(line, [&] { return impl::parse_dims(values); });
      break;
    case kGlobalLinks:
      global_links_ = at(line, [&] { return impl::parse_size(single(), "global_links"); });
      break;
    case kLevelDistances:
      if (values.empty()) reader_.fail("level_distances needs one value per level");
      for (const std::string_view token : values) {
        double v = 0;
        if (!impl::parse_double(token, v))
          reader_.fail("level_distances must be numbers, got " + impl::quoted(token));
        level_distances_.push_back(v);
      }
      break;
    default: {
      ValueRange range{};
      double* field = network_field(k, network_, range);
      if (!field) break;
      const std::string_view token = single();
      double v = 0;
      if (!impl::parse_double(token, v))
        reader_.fail(std::string(kHeaderKeys[k]) + " must be a number (" + range.unit + "), got " +
                     impl::quoted(token));
      *field = at(line, [&] { return check_range(v, range, kHeaderKeys[k]); });
      break;
    }
  }
}

// "switch NAME PARENT|- NODES [BANDWIDTH]": one switch of a tree; the parent may be defined later.
void MachineParser::switch_line(const std::vector<std::string_view>& values) {
  if (values.size() < 3 || values.size() > 4)
    reader_.fail("switch needs NAME PARENT NODES [BANDWIDTH] (PARENT '-' for the root), got " +
                 std::to_string(values.size()) + " values");
  impl::SwitchEntry s;
  s.line = reader_.line_number();
  s.name = std::string(values[0]);
  s.parent = std::string(values[1]);
  if (s.name == "-") reader_.fail("a switch cannot be named '-'");
  if (switches_.size() >= static_cast<std::size_t>(impl::kMaxMachineNodes)) reader_.fail("too many switches");
  s.nodes = static_cast<int>(
      at(s.line, [&] { return impl::int_in_range(values[2], "the node count", 0, impl::kMaxMachineNodes); }));
  if (values.size() == 4) s.bandwidth = at(s.line, [&] { return impl::parse_bandwidth({values[3]})[0]; });
  const auto [it, fresh] = switch_index_.emplace(s.name, static_cast<int>(switches_.size()));
  if (!fresh)
    reader_.fail("switch " + impl::quoted(s.name) + " defined twice (first on line " +
                 std::to_string(switches_[it->second].line) + ")");
  switches_.push_back(std::move(s));
}

// Checks the keys together once all are known (at the `nodes` line, or at the end of the file).
void MachineParser::finish_header(long line) {
  for (std::size_t k = 0; k < kHeaderKeys.size(); ++k)
    if (key_line_[k] && !key_applies(static_cast<int>(k), topology_))
      reader_.fail_at(key_line_[k], "key " + std::string(kHeaderKeys[k]) + " does not apply to topology " +
                                        impl::topology_name(topology_));
  const auto need = [&](int key) {
    if (!key_line_[key])
      reader_.fail_at(line, "missing required key " + std::string(kHeaderKeys[key]) + " (topology " +
                                impl::topology_name(topology_) + ")");
  };
  if (topology_ == impl::Topology::kFatTree) {
    if (key_line_[kSwitch] && (key_line_[kArity] || key_line_[kLevels]))
      reader_.fail_at(std::max(key_line_[kArity], key_line_[kLevels]),
                      "a fat tree is either arity + levels (a k-ary n-tree) or switch lines, not both");
    if (!key_line_[kSwitch]) {
      need(kArity);
      need(kLevels);
    }
  } else if (topology_ == impl::Topology::kDragonfly) {
    need(kGroups);
    need(kRoutersPerGroup);
    need(kGlobalLinks);
  } else {
    need(kDims);
  }
  if (!key_line_[kCoresPerNode]) reader_.fail_at(line, "missing required key cores_per_node");
  build_machine();
  // The machine was just made by make_shared and nobody else holds it yet: setting its network parameters
  // here is the last step of building it.
  std::const_pointer_cast<Machine>(machine_)->set_network(network_);
  if (key_line_[kLevelDistances])
    at(key_line_[kLevelDistances],
       [&] { std::const_pointer_cast<Machine>(machine_)->set_level_distances(level_distances_); });
  extents_ = machine_->coordinate_extents();
  per_router_ = machine_->nodes_per_router();
}

void MachineParser::build_machine() {
  const long size_line = std::max({key_line_[kDims], key_line_[kNodesPerRouter], key_line_[kArity],
                                   key_line_[kLevels], key_line_[kGroups], key_line_[kRoutersPerGroup],
                                   key_line_[kGlobalLinks], key_line_[kLinkBandwidth], 1L});
  switch (topology_) {
    case impl::Topology::kFatTree:
      if (key_line_[kSwitch]) {
        if (key_line_[kNodesPerRouter])
          reader_.fail_at(key_line_[kNodesPerRouter],
                          "nodes_per_router does not apply to a switch tree "
                          "(each switch line gives its node count)");
        if (key_line_[kLinkBandwidth])
          reader_.fail_at(key_line_[kLinkBandwidth],
                          "link_bandwidth does not apply to a switch tree "
                          "(each switch line gives its uplink bandwidth)");
        switch_tree_ = impl::make_switch_tree(switches_, switch_index_, reader_, key_line_[kSwitch]);
        machine_ = switch_tree_;
      } else {
        machine_ = at(size_line, [&] {
          return impl::make_kary_fat_tree(arity_, levels_, nodes_per_router_, bandwidth_);
        });
      }
      return;
    case impl::Topology::kDragonfly:
      machine_ = at(size_line, [&] {
        return impl::make_dragonfly(groups_, group_dims_, global_links_, std::max(1, nodes_per_router_),
                                    bandwidth_);
      });
      return;
    default: {
      const bool mesh = topology_ == impl::Topology::kMesh;
      const int npr = std::max(1, nodes_per_router_);
      if (key_line_[kWrap]) at(key_line_[kWrap], [&] { impl::check_wrap(wrap_, dims_.size(), mesh); });
      if (key_line_[kLinkBandwidth])
        at(key_line_[kLinkBandwidth], [&] { impl::check_bandwidth(bandwidth_, dims_.size()); });
      const long torus_line = std::max(key_line_[kDims], key_line_[kNodesPerRouter]);
      at(torus_line, [&] { impl::count_machine_nodes(dims_, npr); });
      machine_ = at(torus_line, [&] { return impl::make_torus(dims_, wrap_, mesh, npr, bandwidth_); });
    }
  }
}

void MachineParser::node_list(const std::vector<std::string_view>& tokens) {
  const long nodes_line = reader_.line_number();
  finish_header(nodes_line);
  if (tokens.size() != 2) reader_.fail("nodes needs exactly one value, the number of node lines that follow");
  const long declared = static_cast<long>(at(nodes_line, [&] {
    return impl::int_in_range(tokens[1], "nodes (the number of node lines)", 1, machine_->num_nodes());
  }));
  at(nodes_line, [&] { impl::check_slot_count(declared, cores_); });

  std::unordered_map<int, long> line_of_node;
  std::unordered_map<std::string, long> line_of_host;
  std::string raw;
  long count = 0;
  while (reader_.next(raw)) {
    const auto words = line_words(line_text(raw, reader_));
    if (words.empty()) continue;
    if (count == declared) {
      if (key_index(words[0]) >= 0 || words[0] == "nodes")
        reader_.fail("key " + std::string(words[0]) + " after the node list (the node list must come last)");
      reader_.fail("more node lines than the " + std::to_string(declared) + " declared on line " +
                   std::to_string(nodes_line));
    }
    node_line(words, count, declared);
    const int node = nodes_.back();
    const auto [it, fresh] = line_of_node.emplace(node, reader_.line_number());
    if (!fresh)
      reader_.fail("node " + std::to_string(node) + " listed twice (first on line " +
                   std::to_string(it->second) + ")");
    if (!hostnames_.back().empty()) {
      const auto [host, new_host] = line_of_host.emplace(hostnames_.back(), reader_.line_number());
      if (!new_host)
        reader_.fail("hostname " + impl::quoted(hostnames_.back()) + " listed twice (first on line " +
                     std::to_string(host->second) + ")");
    }
    ++count;
  }
  if (count < declared)
    reader_.fail_at(std::max(1L, reader_.line_number()),
                    "the file ends after " + std::to_string(count) + " node lines; line " +
                        std::to_string(nodes_line) + " declared " + std::to_string(declared));
}

// "c0 .. c(D-1) [n] [hostname]" (the numeric coordinates of Machine::coordinate_extents), or "SWITCH [n]
// [hostname]" on a switch tree.
void MachineParser::node_line(const std::vector<std::string_view>& words, long count, long declared) {
  const long line = reader_.line_number();
  const FatTree* fat_tree = switch_tree_.get();
  const bool by_switch = fat_tree != nullptr;
  const std::size_t D = extents_.size();
  const std::string expected =
      "expected node line " + std::to_string(count + 1) + " of " + std::to_string(declared) +
      (by_switch ? " (a switch name first)" : " (" + std::to_string(D) + " coordinates)");
  std::vector<int> coords(D);
  int on_switch = -1;
  int per_router = per_router_;
  std::size_t next = D;
  if (by_switch) {
    const auto it = switch_index_.find(std::string(words[0]));
    if (it == switch_index_.end())
      reader_.fail(expected + ", found " + impl::quoted(words[0]) + ", not a switch");
    on_switch = it->second;
    per_router = fat_tree->nodes_on_switch(on_switch);
    if (per_router == 0) reader_.fail("switch " + impl::quoted(words[0]) + " has no nodes");
    next = 1;
  } else {
    if (!impl::looks_numeric(words[0])) reader_.fail(expected + ", found " + impl::quoted(words[0]));
    if (words.size() < D)
      reader_.fail("node line has " + std::to_string(words.size()) + " values, expected " +
                   std::to_string(D) + " coordinates");
    for (std::size_t d = 0; d < D; ++d)
      coords[d] = static_cast<int>(at(line, [&] {
        return impl::int_in_range(words[d], "coordinate " + std::to_string(d), 0, extents_[d] - 1);
      }));
  }
  int index = 0;
  if (next < words.size() && impl::looks_numeric(words[next])) {
    index = static_cast<int>(at(
        line, [&] { return impl::int_in_range(words[next], "the index on the router", 0, per_router - 1); }));
    ++next;
  }
  std::string host;
  if (next < words.size()) {
    if (impl::looks_numeric(words[next]))
      reader_.fail("too many numbers on the node line (expected " + std::to_string(D) + " coordinates" +
                   (per_router > 1 ? " and an index on the router)" : ")"));
    host = std::string(words[next++]);
    any_hostname_ = true;
  }
  if (next < words.size()) reader_.fail("unexpected " + impl::quoted(words[next]) + " after the hostname");
  nodes_.push_back(by_switch ? fat_tree->node_of(on_switch, index)
                             : at(line, [&] { return machine_->node_at(coords, index); }));
  hostnames_.push_back(std::move(host));
}

}  // namespace

MachineDescription parse_machine(std::istream& in, const std::string& source) {
  return MachineParser(in, source).parse();
}

MachineDescription read_machine_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open the machine file");
  return parse_machine(in, path);
}

}  // namespace tamp
