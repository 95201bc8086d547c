// Parsing and validation of the MiniGhost deck: every rank reaches the same verdict without communicating.
#include "halo_spec.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <ostream>
#include <stdexcept>

#include "tamp/app/memory.hpp"
#include "tamp/io/output_file.hpp"

namespace tamp::halo {
namespace {

constexpr int kMaxVars = 40;  // MiniGhost's limit

std::string upper(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::toupper(c); });
  return text;
}

// MiniGhost's numeric codes or the names it prints.
Stencil parse_stencil(const std::string& text) {
  const std::string t = upper(text);
  if (t == "21" || t == "2D5PT") return Stencil::s2d5pt;
  if (t == "22" || t == "2D9PT") return Stencil::s2d9pt;
  if (t == "23" || t == "3D7PT") return Stencil::s3d7pt;
  if (t == "24" || t == "3D27PT") return Stencil::s3d27pt;
  throw std::invalid_argument("--stencil " + text +
                              ": expected 21 (2D5PT), 22 (2D9PT), 23 (3D7PT) or 24 (3D27PT)");
}

CommMethod parse_comm(const std::string& text) {
  const std::string t = upper(text);
  if (t == "10" || t == "BSPMA") return CommMethod::bspma;
  if (t == "11" || t == "SVAF") return CommMethod::svaf;
  throw std::invalid_argument("--comm_method " + text + ": expected 10 (BSPMA) or 11 (SVAF)");
}

void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

void choose_procs(const HaloOptions& o, int ranks, HaloSpec& spec) {
  const bool given = o.npx || o.npy || o.npz;
  if (o.npdim) {
    require(!given, "--npdim excludes --npx, --npy and --npz");
    spec.procs = {o.npdim, o.npdim, o.npdim};
  } else if (given) {
    spec.procs = {o.npx ? o.npx : 1, o.npy ? o.npy : 1, o.npz ? o.npz : 1};
  } else {
    spec.procs = {ranks, 1, 1};  // MiniGhost's default: every rank in x
  }
  // In double: three sizes up to 2^31 overflow a 64-bit product; a double is exact up to 2^53, past any job.
  const double product = static_cast<double>(spec.procs[0]) * spec.procs[1] * spec.procs[2];
  require(product == ranks,
          fmt::format(
              "the process grid --npx {} --npy {} --npz {} has {:.0f} ranks, the job has {} (npx*npy*npz must "
              "equal the rank count)",
              spec.procs[0], spec.procs[1], spec.procs[2], product, ranks));
}

void choose_sizes(const HaloOptions& o, HaloSpec& spec) {
  std::array<int, 3> n =
      o.ndim ? std::array<int, 3>{o.ndim, o.ndim, o.ndim} : std::array<int, 3>{o.nx, o.ny, o.nz};
  const char* names[3] = {"nx", "ny", "nz"};
  const char* np[3] = {"npx", "npy", "npz"};
  for (int d = 0; d < 3; ++d) {
    require(n[d] >= 1, fmt::format("--{} {}: must be at least 1", names[d], n[d]));
    if (spec.strong) {
      require(n[d] % spec.procs[d] == 0, fmt::format("strong scaling: --{} {} does not divide by --{} {}",
                                                     names[d], n[d], np[d], spec.procs[d]));
      n[d] /= spec.procs[d];
    }
  }
  spec.local = n;
  // Each rank stores num_vars + 1 blocks with a halo: keep the index of one block in range.
  const long double cells = (n[0] + 2.0L) * (n[1] + 2.0L) * (n[2] + 2.0L);
  require(cells <= std::numeric_limits<std::int32_t>::max(),
          fmt::format("the local block {}x{}x{} is too large for one rank", n[0], n[1], n[2]));
  require(spec.global_cells() < (std::int64_t{1} << 53), "the global grid is too large");
}

}  // namespace

int HaloSpec::points() const {
  switch (stencil) {
    case Stencil::s2d5pt:
      return 5;
    case Stencil::s2d9pt:
      return 9;
    case Stencil::s3d7pt:
      return 7;
    case Stencil::s3d27pt:
      return 27;
  }
  return 0;
}

double HaloSpec::tolerance() const {
  return std::pow(10.0, -error_tol);
}

std::string to_string(Stencil stencil) {
  switch (stencil) {
    case Stencil::s2d5pt:
      return "2D5PT";
    case Stencil::s2d9pt:
      return "2D9PT";
    case Stencil::s3d7pt:
      return "3D7PT";
    case Stencil::s3d27pt:
      return "3D27PT";
  }
  return "?";
}

std::string to_string(CommMethod method) {
  return method == CommMethod::bspma ? "BSPMA" : "SVAF";
}

std::ostream& operator<<(std::ostream& os, const HaloOptions& o) {
  os << "  scaling          " << o.scaling << (o.scaling == 1 ? " (strong)" : " (weak)") << '\n';
  os << "  nx ny nz         " << o.nx << ' ' << o.ny << ' ' << o.nz << '\n';
  os << "  ndim             " << o.ndim << '\n';
  os << "  num_vars         " << o.num_vars << '\n';
  os << "  percent_sum      " << o.percent_sum << '\n';
  os << "  sum_comm         " << o.sum_comm << '\n';
  os << "  num_spikes       " << o.num_spikes << '\n';
  os << "  num_tsteps       " << o.num_tsteps << '\n';
  os << "  stencil          " << o.stencil << '\n';
  os << "  comm_method      " << o.comm_method << '\n';
  os << "  bc               " << o.bc << '\n';
  os << "  error_tol        " << o.error_tol << '\n';
  os << "  report_diffusion " << o.report_diffusion << '\n';
  os << "  npx npy npz      " << o.npx << ' ' << o.npy << ' ' << o.npz << " (0: default)\n";
  os << "  npdim            " << o.npdim << '\n';
  os << "  report_perf      " << o.report_perf << '\n';
  os << "  debug_grid       " << o.debug_grid << '\n';
  os << "  yaml             " << (o.yaml.empty() ? "-" : o.yaml) << '\n';
  return os;
}

// 0 means "not given" inside the options, so it cannot be given: --npx 0 would run as if it were left out.
const CLI::Range kGiven(1, std::numeric_limits<int>::max());

void add_halo_options(CLI::App& cli, HaloOptions& o) {
  cli.add_option("--scaling", o.scaling, "1: strong (--nx/--ny/--nz global), 2: weak (local)")
      ->check(CLI::IsMember({1, 2}))
      ->capture_default_str();
  cli.add_option("--nx", o.nx, "Cells in x per rank (weak) or in all (strong)")->capture_default_str();
  cli.add_option("--ny", o.ny, "Cells in y")->capture_default_str();
  cli.add_option("--nz", o.nz, "Cells in z")->capture_default_str();
  cli.add_option("--ndim", o.ndim, "Cube: nx = ny = nz = ndim")->check(kGiven);
  cli.add_option("--num_vars", o.num_vars, "Variables per cell (1 to 40)")->capture_default_str();
  cli.add_option("--percent_sum", o.percent_sum,
                 "Share of variables summed (MPI_Allreduce) every step, 0-100")
      ->check(CLI::Range(0, 100))
      ->capture_default_str();
  // Not MiniGhost's: TAMP's choice of where an order-insensitive collective runs (docs/apps/halo.md).
  cli.add_option("--sum_comm", o.sum_comm,
                 "Communicator of the grid sums: mapped (the placement's rank order) or launcher (the job's "
                 "slots in order)")
      ->check(CLI::IsMember({"mapped", "launcher"}))
      ->capture_default_str();
  cli.add_option("--num_spikes", o.num_spikes, "Heat spikes; each is followed by num_tsteps steps")
      ->check(CLI::Range(1, std::numeric_limits<int>::max()))
      ->capture_default_str();
  cli.add_option("--num_tsteps", o.num_tsteps, "Time steps per spike")
      ->check(CLI::Range(1, std::numeric_limits<int>::max()))
      ->capture_default_str();
  cli.add_option("--stencil", o.stencil, "21 2D5PT, 22 2D9PT, 23 3D7PT, 24 3D27PT (code or name)")
      ->capture_default_str();
  cli.add_option("--comm_method", o.comm_method,
                 "10 BSPMA (a face's variables in one message), 11 SVAF (one "
                 "variable at a time)")
      ->capture_default_str();
  cli.add_option("--bc", o.bc, "Boundary condition: 31 Dirichlet (the only one)")
      ->check(CLI::IsMember({31}))
      ->capture_default_str();
  cli.add_option("--error_tol", o.error_tol, "Grid sums must match the injected heat to 10^-error_tol")
      ->check(CLI::Range(0, 30))
      ->capture_default_str();
  cli.add_option("--report_diffusion", o.report_diffusion, "Print the error every N steps (0: at the last)")
      ->check(CLI::Range(0, std::numeric_limits<int>::max()))
      ->capture_default_str();
  cli.add_option("--npx", o.npx, "Ranks in x (default: all ranks, npy = npz = 1)")->check(kGiven);
  cli.add_option("--npy", o.npy, "Ranks in y")->check(kGiven);
  cli.add_option("--npz", o.npz, "Ranks in z")->check(kGiven);
  cli.add_option("--npdim", o.npdim, "Cube process grid: npx = npy = npz = npdim")->check(kGiven);
  cli.add_option("--report_perf", o.report_perf, "0, 1 or 2: timing detail printed by rank 0")
      ->check(CLI::IsMember({0, 1, 2}))
      ->capture_default_str();
  cli.add_option("--debug_grid", o.debug_grid, "1: start from a zero grid (heat only from the spikes)")
      ->check(CLI::IsMember({0, 1}))
      ->capture_default_str();
  cli.add_option("--yaml", o.yaml, "Append MiniGhost-style results (YAML, one document per run) to FILE");
}

HaloSpec make_spec(const HaloOptions& o, int ranks) {
  HaloSpec spec;
  spec.stencil = parse_stencil(o.stencil);
  spec.comm = parse_comm(o.comm_method);
  require(o.num_vars >= 1 && o.num_vars <= kMaxVars,
          fmt::format("--num_vars {}: MiniGhost allows 1 to {} variables", o.num_vars, kMaxVars));
  require(o.npx >= 0 && o.npy >= 0 && o.npz >= 0 && o.npdim >= 0,
          "--npx/--npy/--npz/--npdim must be positive");
  spec.strong = o.scaling == 1;
  choose_procs(o, ranks, spec);
  choose_sizes(o, spec);
  spec.vars = o.num_vars;
  // One rank holds num_vars + 1 blocks with their ghost layers, and a send and a receive buffer per face.
  const std::array<double, 3> g{spec.local[0] + 2.0, spec.local[1] + 2.0, spec.local[2] + 2.0};
  const double faces = 2 * (g[1] * g[2] + g[0] * g[2] + g[0] * g[1]);
  app::require_memory(8 * (spec.vars + 1.0) * g[0] * g[1] * g[2] + 2 * 8 * spec.vars * faces,
                      fmt::format("--num_vars {} with {}x{}x{} cells per rank", spec.vars, spec.local[0],
                                  spec.local[1], spec.local[2]),
                      fmt::format("{} blocks and 2 x 6 face buffers", spec.vars + 1));
  spec.percent_sum = o.percent_sum;
  spec.launcher_sums = o.sum_comm == "launcher";
  spec.spikes = o.num_spikes;
  spec.tsteps = o.num_tsteps;
  require(1LL * spec.spikes * spec.tsteps <= std::numeric_limits<int>::max(),
          "num_spikes * num_tsteps is too large");
  spec.error_tol = o.error_tol;
  spec.report_diffusion = o.report_diffusion ? o.report_diffusion : o.num_tsteps;
  spec.report_perf = o.report_perf;
  spec.debug_grid = o.debug_grid == 1;
  if (!o.yaml.empty()) check_output_path(o.yaml, "--yaml");  // before the run, like --json
  spec.yaml = o.yaml;
  return spec;
}

}  // namespace tamp::halo
