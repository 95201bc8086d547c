// --compute-model: parsing, the kinds an app needs, and which build accepts which model.
#include "tamp/app/compute_model.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "tamp/text.hpp"

namespace tamp::app {
namespace {

[[noreturn]] void bad(const std::string& what) {
  throw std::invalid_argument("--compute-model: " + what);
}

double parse_coefficient(const std::string& item, const std::string& text) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || !std::isfinite(value) || value < 0) {
    bad(fmt::format("'{}': the value must be a non-negative number of seconds per unit", item));
  }
  return value;
}

}  // namespace

ComputeModel ComputeModel::parse(const std::string& spec) {
  ComputeModel model;
  if (spec == "measured") return model;
  if (spec == "calibrate") {
    model.mode_ = Mode::calibrate;
    return model;
  }
  if (spec.empty()) bad("empty (measured, calibrate or KIND=SECONDS_PER_UNIT,...)");
  model.mode_ = Mode::modelled;
  for (const std::string& item : split(spec, ',')) {
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      bad(fmt::format("'{}' is not KIND=SECONDS_PER_UNIT (or measured, calibrate)", item));
    }
    const std::string kind = item.substr(0, eq);
    if (model.coefficients_.count(kind) != 0) bad(fmt::format("kind '{}' given twice", kind));
    model.coefficients_[kind] = parse_coefficient(item, item.substr(eq + 1));
  }
  return model;
}

double ComputeModel::seconds_per_unit(std::string_view kind) const {
  const auto it = coefficients_.find(kind);
  if (it == coefficients_.end()) bad(fmt::format("no coefficient for kind '{}'", kind));
  return it->second;
}

void ComputeModel::require(const std::vector<std::string>& kinds, const std::string& app) const {
  if (!modelled()) return;
  std::string missing;
  for (const auto& kind : kinds) {
    if (coefficients_.count(kind) == 0) missing += (missing.empty() ? "" : ", ") + kind;
  }
  if (missing.empty()) return;
  std::string all;
  for (const auto& kind : kinds) all += (all.empty() ? "" : ",") + kind + "=...";
  bad(fmt::format("missing kinds for {}: {} (it charges {})", app, missing, all));
}

std::string ComputeModel::spec() const {
  switch (mode_) {
    case Mode::measured:
      return "measured";
    case Mode::calibrate:
      return "calibrate";
    case Mode::modelled:
      break;
  }
  std::string out;
  for (const auto& [kind, value] : coefficients_)
    out += fmt::format("{}{}={:.6g}", out.empty() ? "" : ",", kind, value);
  return out;
}

bool simulated_build() {
#ifdef TAMP_SMPI
  return true;
#else
  return false;
#endif
}

void check_compute_options(const ComputeModel& model, bool skeleton, bool flow_engine) {
  if (flow_engine) {
    if (!model.modelled())
      throw std::invalid_argument("--engine flow needs a --compute-model with coefficients (KIND=SECONDS,...)");
    return;  // the engine charges the model itself, in any build; --skeleton changes nothing there
  }
  if (model.modelled() && !simulated_build()) {
    throw std::invalid_argument(
        "--compute-model needs the simulated build (smpicxx) unless measured or calibrate");
  }
  if (model.calibrating() && simulated_build()) {
    throw std::invalid_argument("--compute-model calibrate needs the native build (it measures this host)");
  }
  if (skeleton && !simulated_build())
    throw std::invalid_argument("--skeleton needs the simulated build (smpicxx)");
  if (skeleton && !model.modelled()) {
    throw std::invalid_argument("--skeleton needs a --compute-model with coefficients (kernels are not run)");
  }
}

}  // namespace tamp::app
