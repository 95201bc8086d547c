// The compute cost model of a run (--compute-model): seconds per unit of each kind of work an app charges, so
// that a simulated run's compute time is a function of the work alone, the same on every run
// (docs/simulation.md).
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tamp::app {

class ComputeModel {
 public:
  enum class Mode {
    measured,   // the host's own time: kernels run and take what they take (the default)
    calibrate,  // measured, and every charge site also records its seconds and units per kind (native build)
    modelled,   // units x coefficient injected as simulated compute (smpicxx build)
  };

  /// The model `measured`.
  ComputeModel() = default;
  /// `measured`, `calibrate` or KIND=SECONDS_PER_UNIT[,KIND=...] (e.g. `cell=1.9e-9,sum=4e-10`). Throws
  /// std::invalid_argument naming --compute-model on anything else (empty or repeated kinds, values that are
  /// not finite non-negative numbers).
  static ComputeModel parse(const std::string& spec);

  Mode mode() const { return mode_; }
  bool modelled() const { return mode_ == Mode::modelled; }
  bool calibrating() const { return mode_ == Mode::calibrate; }
  const std::map<std::string, double, std::less<>>& coefficients() const { return coefficients_; }
  /// Seconds per unit of `kind`; throws std::invalid_argument when the model has no such kind.
  double seconds_per_unit(std::string_view kind) const;
  /// Throws std::invalid_argument listing the kinds of `kinds` a modelled model lacks (nothing to check for
  /// `measured` and `calibrate`). `app` names the app in the message.
  void require(const std::vector<std::string>& kinds, const std::string& app) const;
  /// `measured`, `calibrate` or the coefficients as KIND=VALUE joined by commas (kinds sorted, values %.6g).
  std::string spec() const;

 private:
  Mode mode_ = Mode::measured;
  std::map<std::string, double, std::less<>> coefficients_;
};

/// Whether this is the smpicxx build (simulated runs).
bool simulated_build();

/// Checks --compute-model and --skeleton together: the native build accepts `measured` and `calibrate` only;
/// `calibrate` needs the native build; --skeleton needs the simulated build and a modelled model. Throws
/// std::invalid_argument naming the option. Under the flow engine (--engine flow, any build) the model must be
/// modelled, and --skeleton changes nothing.
void check_compute_options(const ComputeModel& model, bool skeleton, bool flow_engine = false);

}  // namespace tamp::app
