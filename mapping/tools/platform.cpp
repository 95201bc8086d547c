#include "platform.hpp"

#include <fmt/core.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "tamp/error.hpp"
#include "tamp/io/machine_file.hpp"
#include "tamp/io/output_file.hpp"
#include "tamp/machine.hpp"

namespace tamp::tools {
namespace {

}  // namespace

void add_platform_command(CLI::App& app, PlatformArgs& args) {
  CLI::App* cmd = app.add_subcommand(
      "platform",
      "write the SimGrid platform of a machine (P.xml, or P.platform for the plug-in), its machine file "
      "(P.machine) and the hostfile of launcher order (P.hostfile)");
  cmd->add_option("--machine", args.machine, "machine file or inline spec (torus:4x4x4,cores=4)")->required();
  cmd->add_option("--out", args.out, "platform file P.xml")->required();
  cmd->add_option(
         "--format", args.format,
         "xml: a platform file with every route written out (up to about 450 routers); plugin: a "
         "description (P.platform) for smpirun -platform libtamp-simgrid-platform.so, routes computed "
         "on demand (whole machines)")
      ->check(CLI::IsMember({"xml", "plugin"}))
      ->capture_default_str();
  cmd->add_option("--ranks", args.ranks, "ranks in the hostfile (default: every slot of the allocation)");
  // Without these flags the machine file's network figures (or their defaults) are used; with them, P.machine
  // is written with the new figures, so the apps' predicted time and the simulated platform still agree.
  cmd->add_option("--link-bandwidth", args.link_bandwidth,
                  "bytes/s of the fastest link, when the machine file has no per-dimension link_bandwidth");
  cmd->add_option("--link-latency", args.link_latency, "s per router-to-router link");
  cmd->add_option("--injection-bandwidth", args.injection_bandwidth, "bytes/s node <-> router");
  cmd->add_option("--injection-latency", args.injection_latency, "s node <-> router");
  cmd->add_option("--loopback-bandwidth", args.loopback_bandwidth, "bytes/s within a node");
  cmd->add_option("--loopback-latency", args.loopback_latency, "s within a node");
  cmd->add_option("--message-overhead", args.message_overhead, "s of software cost per message (predicted time)");
  SimgridPlatformOptions& o = args.options;
  cmd->add_option("--host-speed", o.host_speed,
                  "flop/s of a core (pass the same to smpirun as "
                  "--cfg=smpi/host-speed)")
      ->capture_default_str();
}

// Replaces the machine's network figures by the flags given; true when one was. The description was just loaded
// and is owned here, so its machine can be changed before anything else sees it.
bool override_network(const PlatformArgs& args, MachineDescription& machine) {
  NetworkParameters net = machine.machine->network();
  bool changed = false;
  // Each flag checked under its own name (inf, NaN and figures out of range are refused before anything is
  // written).
  const auto take = [&](const std::optional<double>& flag, double& field, const char* option,
                        const ValueRange& range) {
    if (!flag) return;
    field = check_range(*flag, range, option), changed = true;
  };
  take(args.link_bandwidth, net.link_bandwidth, "--link-bandwidth", kBandwidthRange);
  take(args.link_latency, net.link_latency, "--link-latency", kLatencyRange);
  take(args.injection_bandwidth, net.injection_bandwidth, "--injection-bandwidth", kBandwidthRange);
  take(args.injection_latency, net.injection_latency, "--injection-latency", kLatencyRange);
  take(args.loopback_bandwidth, net.loopback_bandwidth, "--loopback-bandwidth", kBandwidthRange);
  take(args.loopback_latency, net.loopback_latency, "--loopback-latency", kLatencyRange);
  take(args.message_overhead, net.message_overhead, "--message-overhead", kOverheadRange);
  validate(net);
  if (changed) std::const_pointer_cast<Machine>(machine.machine)->set_network(net);
  return changed;
}

int run_platform(const PlatformArgs& args) {
  check_range(args.options.host_speed, kHostSpeedRange, "--host-speed");
  std::filesystem::path xml(args.out);
  std::filesystem::path machine_file = xml, hostfile = xml, smpirun = xml;
  machine_file.replace_extension(".machine");
  hostfile.replace_extension(".hostfile");
  smpirun.replace_extension(".smpirun");
  require(xml != machine_file && xml != hostfile && xml != smpirun,
          "--out: the platform file needs an extension other than "
          ".machine and .hostfile (P.xml, P.platform)");
  for (const auto& path : {xml, hostfile, smpirun}) check_output_path(path.string(), "--out");
  MachineDescription machine = load_machine(args.machine);
  const bool overridden = override_network(args, machine);
  const int slots = machine.allocation.num_slots();
  require(!args.ranks || (*args.ranks > 0 && *args.ranks <= slots),
          fmt::format("--ranks: must be between 1 and the allocation's {} slots, not {}", slots,
                      args.ranks.value_or(0)));
  const int ranks = args.ranks.value_or(slots);
  const bool plugin = args.format == "plugin";
  // Every file is made in memory first: a bad argument (too many --ranks, a machine SimGrid cannot take)
  // leaves none of them, and a write error leaves the earlier ones as they were.
  OutputFiles files;
  if (plugin)
    write_platform_description(files.add(xml.string(), "--out"), machine_file.filename().string(),
                               args.options);
  else
    write_simgrid_platform(files.add(xml.string(), "--out"), machine, args.options);
  write_simgrid_hostfile(files.add(hostfile.string(), "--out"), machine, ranks);
  {
    std::ostream& out = files.add(smpirun.string(), "--out");
    for (const std::string& option : simgrid_smpirun_options(*machine.machine, args.options)) out << option << '\n';
  }
  // The machine file the apps read (--topology synthetic:P.machine): the input itself when it is a file, so
  // every machine kind keeps its own format; an inline spec, or a machine whose network figures were replaced by
  // flags, is written out.
  std::error_code ec;
  if (!overridden && std::filesystem::is_regular_file(args.machine, ec)) {
    if (!std::filesystem::equivalent(args.machine, machine_file, ec)) {
      std::ifstream in(args.machine);
      files.add(machine_file.string(), "--out") << in.rdbuf();
      require(!in.bad(), "--machine: cannot read '" + args.machine + "'");
    }
  } else {
    write_machine(files.add(machine_file.string(), "--out"), machine);
  }
  files.commit();
  if (plugin)
    fmt::print(
        "{}: platform description: run TAMP_PLATFORM={} smpirun -platform libtamp-simgrid-platform.so ...\n",
        xml.string(), xml.string());
  fmt::print("{}: {} hosts ({} cores each); {}\n{}: {} ranks in launcher order\n{}: the machine\n",
             xml.string(), machine.allocation.num_nodes(), machine.allocation.max_cores_per_node(),
             machine.machine->describe(), hostfile.string(), ranks, machine_file.string(), smpirun.string());
  return 0;
}

}  // namespace tamp::tools
