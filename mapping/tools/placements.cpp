#include "placements.hpp"

#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "tamp/mapper.hpp"
#include "tamp/placement.hpp"

namespace tamp::tools {

void add_placements_command(CLI::App& app, PlacementsArgs& args) {
  CLI::App* cmd = app.add_subcommand("placements",
                                     "print as JSON the registry's algorithms and post-processing steps, and "
                                     "which NAMEs are placements of the mapping module");
  cmd->add_option("names", args.names, "placements to classify: NAME[+STEP...] or file:PATH");
}

namespace {

// What the grammar says of one name: a placement of the module (file:PATH is one; the file is not read), or
// not, with the library's message.
nlohmann::json classify(const std::string& name) {
  try {
    const Placement placement = Placement::parse(name);
    placement.check();
    if (placement.is_file()) return {{"module", true}, {"file", placement.path()}};
    return {{"module", true}};
  } catch (const std::invalid_argument& e) {
    return {{"module", false}, {"error", e.what()}};
  }
}

}  // namespace

int run_placements(const PlacementsArgs& args) {
  nlohmann::json algorithms = nlohmann::json::array();
  for (const MapperInfo& info : mapper_registry()) algorithms.push_back(std::string(info.name));
  nlohmann::json steps = nlohmann::json::array();
  for (const RefinerInfo& info : refiner_registry()) steps.push_back(std::string(info.name));
  nlohmann::json names = nlohmann::json::object();
  for (const std::string& name : args.names) names[name] = classify(name);
  const nlohmann::json answer{{"algorithms", algorithms}, {"steps", steps}, {"names", names}};
  // A name that is not UTF-8 is printed with U+FFFD in place of its bad bytes: an answer all the same.
  std::cout << answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  return 0;
}

}  // namespace tamp::tools
