// Mapping files and launcher files.
#pragma once
#include <iosfwd>
#include <string>
#include <string_view>

#include "tamp/io/machine_file.hpp"
#include "tamp/mapping.hpp"

namespace tamp {

/// One line per task: the slot it runs on ('#' comments allowed). Throws tamp::ParseError.
Mapping parse_mapping(std::istream& in, const std::string& source, int num_slots);
Mapping read_mapping_file(const std::string& path, int num_slots);

enum class MappingFormat {
  slots,            // one slot per line (tamp-map's own)
  cray_rank_order,  // MPICH_RANK_ORDER: the launcher slot order of ranks, comma separated
  openmpi_rankfile, // "rank R=HOST slot=C"
  slurm_hostfile,   // one host per rank, for SLURM_HOSTFILE with --distribution=arbitrary
  bluegene_mapfile, // "x y z t" per rank (router coordinates, then node-on-router * cores + core)
  simgrid_hostfile, // one host per rank (hosts named by tamp's platform generator: node-N)
};
MappingFormat parse_mapping_format(std::string_view name);  // throws std::invalid_argument
void write_mapping(std::ostream& out, const Mapping& mapping, const MachineDescription& machine,
                   MappingFormat format = MappingFormat::slots);

}  // namespace tamp
