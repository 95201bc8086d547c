// Writing the YAML results, with MiniGhost's key names where it has one.
#include "halo_yaml.hpp"

#include <fmt/format.h>

#include <sstream>
#include <stdexcept>

#include "tamp/io/output_file.hpp"

namespace tamp::halo {

void append_yaml(const std::string& path, const HaloSpec& spec, const YamlResults& r) {
  std::ostringstream out;  // one document, appended in one write (a failed write leaves the file as it was)
  auto line = [&](const std::string& key, const auto& value) { out << key << ": " << value << '\n'; };
  auto mam = [&](const std::string& key, const MinAvgMax& t) {
    line(key + "_ave", fmt::format("{:.6e}", t.avg));
    line(key + "_min", fmt::format("{:.6e}", t.min));
    line(key + "_max", fmt::format("{:.6e}", t.max));
  };
  out << "---\n";
  line("code", "tamp-halo (MiniGhost-like)");
  line("Comm_strategy", spec.comm == CommMethod::bspma ? "full message aggregation (COMM_METHOD_BSPMA)"
                                                       : "one variable at a time (COMM_METHOD_SVAF)");
  line("Computation", fmt::format("{}-point difference stencil on a {} grid (STENCIL_{})", spec.points(),
                                  spec.three_d() ? "3D" : "2D", to_string(spec.stencil)));
  line("Boundary_conditions", "Dirichlet");
  const char* axis[3] = {"X", "Y", "Z"};
  for (int d = 0; d < 3; ++d) line(fmt::format("Global_Grid_{}", axis[d]), spec.global(d));
  for (int d = 0; d < 3; ++d) line(fmt::format("Local_Grid_{}", axis[d]), spec.local[d]);
  line("Number_variables", spec.vars);
  line("Number_reduced", r.num_sum_grid);
  line("Percent_reduced", spec.percent_sum);
  line("Time_steps", spec.tsteps);
  line("Number_spikes", spec.spikes);
  for (int d = 0; d < 3; ++d) line(fmt::format("Task_grid_{}", axis[d]), spec.procs[d]);
  line("Scaling", spec.strong ? "strong" : "weak");
  line("processes", r.processes);
  line("threads_per_process", r.threads);
  line("Total_time", fmt::format("{:.6e}", r.total_time));
  line("Error_tolerance", fmt::format("{:.6e}", spec.tolerance()));
  mam("Comp_time", r.comp_time);
  mam("BC_time", r.bc_time);
  mam("Comm_total", r.comm_time);
  mam("Sumgrid_time", r.sum_time);
  const double t = r.total_time > 0 ? r.total_time : 1;
  line("GFLOPS_Total", fmt::format("{:.3e}", r.flops / t * 1e-9));
  line("GFLOPS_per_process", fmt::format("{:.3e}", r.flops / t * 1e-9 / r.processes));
  line("FLOPS_Total", fmt::format("{:.3e}", r.flops));
  line("FLOPS_Sums", fmt::format("{:.3e}", r.sums));
  line("FLOPS_Divide", fmt::format("{:.3e}", r.divides));
  line("Send_messages", r.messages);
  line("Send_total_bytes", fmt::format("{:.0f}", r.bytes));
  line("Verification", r.verification);
  for (std::size_t v = 0; v < r.grid_sums.size(); ++v) {
    line(fmt::format("Grid_sum_var_{}", v + 1), fmt::format("{:.15E}", r.grid_sums[v]));
    line(fmt::format("Source_total_var_{}", v + 1), fmt::format("{:.15E}", r.source_total[v]));
  }
  append_output_file(path, "--yaml", out.str());
}

}  // namespace tamp::halo
