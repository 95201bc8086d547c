#include "machine_info.hpp"

#include <iostream>
#include <nlohmann/json.hpp>

#include "tamp/io/machine_file.hpp"
#include "tamp/machine.hpp"
#include "tamp/network_parameters.hpp"

namespace tamp::tools {

void add_machine_info_command(CLI::App& app, MachineInfoArgs& args) {
  CLI::App* cmd = app.add_subcommand("machine",
                                     "print as JSON a machine's name, description, cores per node and its "
                                     "allocation's nodes and processor slots");
  cmd->add_option("--machine", args.machine, "machine file or inline spec")->required();
}

int run_machine_info(const MachineInfoArgs& args) {
  const MachineDescription d = load_machine(args.machine);
  const NetworkParameters& network = d.machine->network();
  const nlohmann::json answer{{"name", d.name},
                              {"machine", d.machine->describe()},
                              {"cores_per_node", d.cores_per_node},
                              {"nodes", d.allocation.num_nodes()},
                              {"slots", d.allocation.num_slots()},
                              {"keys", d.keys},
                              {"network",
                               {{"link_latency", network.link_latency},
                                {"injection_bandwidth", network.injection_bandwidth},
                                {"fastest_link_bandwidth", fastest_link_bandwidth(*d.machine)}}}};
  std::cout << answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  return 0;
}

}  // namespace tamp::tools
