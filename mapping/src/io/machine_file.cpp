// Machine file parser (docs/file-formats.md): `key values` lines, then an optional node list.
#include "tamp/io/machine_file.hpp"

#include <array>
#include <fstream>
#include <stdexcept>
#include <unordered_map>

#include "io/machine_build.hpp"
#include "io/text_util.hpp"

namespace tamp {

namespace {

using impl::quoted;

constexpr std::array<std::string_view, 7> kHeaderKeys = {
    "name", "topology", "dims", "wrap", "nodes_per_router", "cores_per_node", "link_bandwidth"};
enum KeyIndex { kName, kTopology, kDims, kWrap, kNodesPerRouter, kCoresPerNode, kLinkBandwidth };

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
  void finish_header(long line);
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
  bool mesh_ = false;
  std::vector<int> dims_;
  std::vector<bool> wrap_;
  int nodes_per_router_ = 1;
  int cores_ = 0;
  std::vector<double> bandwidth_;
  std::shared_ptr<const Torus> torus_;
  std::vector<int> nodes_;
  std::vector<std::string> hostnames_;
  bool any_hostname_ = false;
};

MachineDescription MachineParser::parse() {
  std::string raw;
  while (reader_.next(raw)) {
    const std::string_view text = impl::strip_comment(raw, '#');
    const auto tokens = impl::split_tokens(text);
    if (tokens.empty()) continue;
    if (tokens[0] == "nodes") {
      node_list(tokens);
      break;
    }
    header_line(text, tokens);
  }
  if (!torus_) {  // no node list: the whole machine
    const long line = std::max(1L, reader_.line_number());
    finish_header(line);
    at(key_line_[kCoresPerNode], [&] { impl::check_slot_count(torus_->num_nodes(), cores_); });
  }
  if (!any_hostname_) hostnames_.clear();
  std::string name = key_line_[kName] ? name_ : impl::path_stem(reader_.source());
  return at(reader_.line_number(), [&] {
    return impl::make_description(std::move(name), torus_, cores_, std::move(nodes_), std::move(hostnames_));
  });
}

void MachineParser::header_line(std::string_view text, const std::vector<std::string_view>& tokens) {
  const long line = reader_.line_number();
  const int k = key_index(tokens[0]);
  if (k < 0) reader_.fail("unknown key " + quoted(tokens[0]));
  if (key_line_[k])
    reader_.fail("key " + std::string(kHeaderKeys[k]) + " repeated (first given on line " +
                 std::to_string(key_line_[k]) + ")");
  key_line_[k] = line;
  const std::vector<std::string_view> values(tokens.begin() + 1, tokens.end());
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
      name_ = std::string(impl::trim(text.substr(key_end)));
      break;
    }
    case kTopology:
      mesh_ = at(line, [&] { return impl::parse_topology_is_mesh(single()); });
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
  }
}

// Checks the keys together once all are known (at the `nodes` line, or at the end of the file).
void MachineParser::finish_header(long line) {
  if (!key_line_[kDims]) reader_.fail_at(line, "missing required key dims");
  if (!key_line_[kCoresPerNode]) reader_.fail_at(line, "missing required key cores_per_node");
  if (key_line_[kWrap]) at(key_line_[kWrap], [&] { impl::check_wrap(wrap_, dims_.size(), mesh_); });
  if (key_line_[kLinkBandwidth])
    at(key_line_[kLinkBandwidth], [&] { impl::check_bandwidth(bandwidth_, dims_.size()); });
  const long size_line = std::max(key_line_[kDims], key_line_[kNodesPerRouter]);
  at(size_line, [&] { impl::count_machine_nodes(dims_, nodes_per_router_); });
  torus_ =
      at(size_line, [&] { return impl::make_torus(dims_, wrap_, mesh_, nodes_per_router_, bandwidth_); });
}

void MachineParser::node_list(const std::vector<std::string_view>& tokens) {
  const long nodes_line = reader_.line_number();
  finish_header(nodes_line);
  if (tokens.size() != 2) reader_.fail("nodes needs exactly one value, the number of node lines that follow");
  const long declared = static_cast<long>(at(nodes_line, [&] {
    return impl::int_in_range(tokens[1], "nodes (the number of node lines)", 1, torus_->num_nodes());
  }));
  at(nodes_line, [&] { impl::check_slot_count(declared, cores_); });

  std::unordered_map<int, long> line_of_node;
  std::unordered_map<std::string, long> line_of_host;
  std::string raw;
  long count = 0;
  while (reader_.next(raw)) {
    const auto words = impl::split_tokens(impl::strip_comment(raw, '#'));
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
        reader_.fail("hostname " + quoted(hostnames_.back()) + " listed twice (first on line " +
                     std::to_string(host->second) + ")");
    }
    ++count;
  }
  if (count < declared)
    reader_.fail_at(std::max(1L, reader_.line_number()),
                    "the file ends after " + std::to_string(count) + " node lines; line " +
                        std::to_string(nodes_line) + " declared " + std::to_string(declared));
}

// "c0 .. c(D-1) [n] [hostname]"
void MachineParser::node_line(const std::vector<std::string_view>& words, long count, long declared) {
  const std::size_t D = dims_.size();
  if (!impl::looks_numeric(words[0]))
    reader_.fail("expected node line " + std::to_string(count + 1) + " of " + std::to_string(declared) +
                 " (" + std::to_string(D) + " coordinates), found " + quoted(words[0]));
  if (words.size() < D)
    reader_.fail("node line has " + std::to_string(words.size()) + " values, expected " + std::to_string(D) +
                 " coordinates");
  const long line = reader_.line_number();
  std::vector<int> coords(D);
  for (std::size_t d = 0; d < D; ++d)
    coords[d] = static_cast<int>(at(line, [&] {
      return impl::int_in_range(words[d], "coordinate " + std::to_string(d), 0, dims_[d] - 1);
    }));
  std::size_t next = D;
  int index = 0;
  if (next < words.size() && impl::looks_numeric(words[next])) {
    index = static_cast<int>(at(line, [&] {
      return impl::int_in_range(words[next], "the index on the router", 0, nodes_per_router_ - 1);
    }));
    ++next;
  }
  std::string host;
  if (next < words.size()) {
    if (impl::looks_numeric(words[next]))
      reader_.fail("too many numbers on the node line (expected " + std::to_string(D) + " coordinates" +
                   (nodes_per_router_ > 1 ? " and an index on the router)" : ")"));
    host = std::string(words[next++]);
    any_hostname_ = true;
  }
  if (next < words.size()) reader_.fail("unexpected " + quoted(words[next]) + " after the hostname");
  nodes_.push_back(torus_->node_of(torus_->router_index(coords), index));
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
