// tamp-map: the command-line front end of the mapping module.
//
// Sample runs:
//   tamp-map gen stencil3d:8x8x4,local=16x16x16 --out s.graph
//   tamp-map map --graph s.graph --machine torus:4x4x4,cores=4 --algorithm blocked --out s.map
//   tamp-map eval --graph s.graph --machine torus:4x4x4,cores=4 --mapping s.map --json
//   tamp-map compare --graph s.graph --machine torus:4x4x4,cores=4 --algorithms all
//   tamp-map map --graph s.graph --machine torus:4x4x4,cores=4 --algorithm auto --report --out s.map
//   tamp-map draw --graph s.graph --machine torus:4x4x4,cores=4 --mapping auto --svg s.svg
//   tamp-map platform --machine torus:4x4x4,cores=4,npr=2 --out sim/p.xml --ranks 64
//   tamp-map alloc --machine inputs/machines/cielo.machine --nodes 256 --chunk 8 --seed 1 --out job.machine
//   tamp-map placements geom-rs+refine cm file:s.map
//   tamp-map grids 64 512 28
//   tamp-map machine --machine inputs/machines/cielo-sparse.machine
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <exception>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <iostream>
#include <string>

#include "alloc.hpp"
#include "draw.hpp"
#include "grids.hpp"
#include "machine_info.hpp"
#include "placements.hpp"
#include "platform.hpp"
#include "tamp/error.hpp"
#include "tamp_map_commands.hpp"

namespace {

// The command of a question that programs ask (placements, grids, machine: JSON answers), or empty: bad usage
// of a question is one line and status 2.
std::string question(const CLI::App& app) {
  for (const CLI::App* sub : app.get_subcommands()) {
    const std::string& name = sub->get_name();
    if (name == "placements" || name == "grids" || name == "machine") return name;
  }
  return {};
}

}  // namespace

int main(int argc, char** argv) {
#if defined(__GLIBC__)
  // The searches allocate and free arrays of a value per task (4-8 MB at 10^6 tasks) hundreds of times: kept in
  // the heap rather than mapped and returned each time, they cost no page faults (geom-rs on 10^6 tasks: 0.5 s
  // of system time to 0.2).
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
  CLI::App app{"tamp-map: topology-aware task mapping (TAMP)"};
  app.require_subcommand(1);
  tamp::tools::MapArgs map_args;
  tamp::tools::EvalArgs eval_args;
  tamp::tools::GenArgs gen_args;
  tamp::tools::CompareArgs compare_args;
  tamp::tools::DrawArgs draw_args;
  tamp::tools::PlatformArgs platform_args;
  tamp::tools::AllocArgs alloc_args;
  tamp::tools::PlacementsArgs placements_args;
  tamp::tools::GridsArgs grids_args;
  tamp::tools::MachineInfoArgs machine_info_args;
  tamp::tools::add_map_command(app, map_args);
  tamp::tools::add_eval_command(app, eval_args);
  tamp::tools::add_gen_command(app, gen_args);
  tamp::tools::add_compare_command(app, compare_args);
  tamp::tools::add_draw_command(app, draw_args);
  tamp::tools::add_platform_command(app, platform_args);
  tamp::tools::add_alloc_command(app, alloc_args);
  tamp::tools::add_placements_command(app, placements_args);
  tamp::tools::add_grids_command(app, grids_args);
  tamp::tools::add_machine_info_command(app, machine_info_args);
  try {
    app.parse(argc, argv);
    if (app.got_subcommand("map")) return tamp::tools::run_map(map_args);
    if (app.got_subcommand("eval")) return tamp::tools::run_eval(eval_args);
    if (app.got_subcommand("gen")) return tamp::tools::run_gen(gen_args);
    if (app.got_subcommand("compare")) return tamp::tools::run_compare(compare_args);
    if (app.got_subcommand("draw")) return tamp::tools::run_draw(draw_args);
    if (app.got_subcommand("platform")) return tamp::tools::run_platform(platform_args);
    if (app.got_subcommand("alloc")) return tamp::tools::run_alloc(alloc_args);
    if (app.got_subcommand("placements")) return tamp::tools::run_placements(placements_args);
    if (app.got_subcommand("grids")) return tamp::tools::run_grids(grids_args);
    if (app.got_subcommand("machine")) return tamp::tools::run_machine_info(machine_info_args);
  } catch (const CLI::ParseError& e) {
    const std::string asked = question(app);
    if (e.get_exit_code() != 0 && !asked.empty()) {
      fmt::print(stderr, "tamp-map {}: error: {}\n", asked, e.what());
      return 2;
    }
    return app.exit(e);
  } catch (const std::exception& e) {
    fmt::print(stderr, "tamp-map: error: {}\n", tamp::error_text(e));
    return 1;
  }
  return 1;
}
