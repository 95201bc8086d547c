// One placement's run of the FFT: arrays, the four transposes, the timed forward + backward transforms,
// verification and the report fields.
#pragma once
#include <mpi.h>

#include <memory>
#include <vector>

#include "fft_graph.hpp"
#include "fft_spec.hpp"
#include "tamp/app/run.hpp"
#include "tamp/app/run_context.hpp"

namespace tamp::fft {

/// The row and column communicators of the process grid (rank == task = r * pc + c in `comm`). Collective.
class GridComms {
 public:
  GridComms(const FftSpec& spec, MPI_Comm comm);
  ~GridComms();
  GridComms(const GridComms&) = delete;
  GridComms& operator=(const GridComms&) = delete;
  MPI_Comm rows = MPI_COMM_NULL;     // the pc tasks of row r, ranked by column
  MPI_Comm columns = MPI_COMM_NULL;  // the pr tasks of column c, ranked by row
};

class FftRunBase : public app::Run {
 public:
  /// Collective: one untimed transform per configuration (FFTW plans, buffers), the auto-tune sweep, the
  /// blocking reference, hop-bytes of the row and column transposes (under the context's mapping); then the
  /// input is written afresh.
  virtual void prepare() = 0;
};

/// Allocates the arrays of context.task and checks its transposes against the out-edges of `graphs.all`.
/// No communication.
std::unique_ptr<FftRunBase> make_fft_run(const FftSpec& spec, const FftGraphs& graphs,
                                         std::shared_ptr<GridComms> comms, const app::RunContext& context);

}  // namespace tamp::fft
