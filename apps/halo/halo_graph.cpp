// The halo task graph (the library's minighost: generator).
#include "halo_graph.hpp"

#include <fmt/format.h>

#include <cctype>
#include <string>


namespace tamp::halo {

std::string halo_graph_spec(const HaloSpec& spec, int summed) {
  const auto& p = spec.procs;
  const auto& n = spec.local;
  std::string stencil = to_string(spec.stencil);  // "3D7PT"
  for (char& c : stencil) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string line = fmt::format("minighost:{}x{}x{},nx={},ny={},nz={},vars={},stencil={}", p[0], p[1], p[2],
                                 n[0], n[1], n[2], spec.vars, stencil);
  if (spec.comm == CommMethod::svaf) line += ",comm=svaf";
  if (summed != spec.vars) line += fmt::format(",sums={}", summed);
  if (spec.launcher_sums && summed > 0) line += ",sum_comm=launcher";
  return line;
}

}  // namespace tamp::halo
