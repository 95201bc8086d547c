// Mapping files: one slot per task and line; the names of the launcher formats.
#include "tamp/io/mapping_file.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "io/text_util.hpp"
#include "tamp/error.hpp"

namespace tamp {

Mapping parse_mapping(std::istream& in, const std::string& source, int num_slots) {
  require(num_slots >= 1,
          "parse_mapping: the number of slots must be >= 1, got " + std::to_string(num_slots));
  impl::LineReader reader(in, source);
  std::string raw;
  std::vector<int> slots;
  while (reader.next(raw)) {
    const auto tokens = impl::split_tokens(impl::strip_comment(raw, '#'));
    if (tokens.empty()) continue;
    if (tokens.size() != 1)
      reader.fail("expected one slot per line, got " + std::to_string(tokens.size()) + " values (task " +
                  std::to_string(slots.size()) + ")");
    std::int64_t slot = 0;
    if (!impl::parse_int64(tokens[0], slot) || slot < 0 || slot >= num_slots)
      reader.fail("the slot of task " + std::to_string(slots.size()) + " must be an integer in [0, " +
                  std::to_string(num_slots - 1) + "], got " + impl::quoted(tokens[0]));
    slots.push_back(static_cast<int>(slot));
  }
  if (slots.empty()) reader.fail_at(std::max(1L, reader.line_number()), "no task in the mapping file");
  return Mapping(std::move(slots), num_slots);
}

Mapping read_mapping_file(const std::string& path, int num_slots) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))  // a folder opens as a stream that reads nothing
    throw std::runtime_error(path + ": cannot open the mapping file: it is a folder");
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open the mapping file");
  return parse_mapping(in, path, num_slots);
}

MappingFormat parse_mapping_format(std::string_view name) {
  if (name == "slots") return MappingFormat::slots;
  if (name == "cray") return MappingFormat::cray_rank_order;
  if (name == "openmpi") return MappingFormat::openmpi_rankfile;
  if (name == "slurm") return MappingFormat::slurm_hostfile;
  if (name == "bluegene") return MappingFormat::bluegene_mapfile;
  if (name == "simgrid") return MappingFormat::simgrid_hostfile;
  throw std::invalid_argument("unknown mapping format '" + std::string(name) +
                              "' (known: slots, cray, openmpi, slurm, bluegene, simgrid)");
}

}  // namespace tamp
