// MPI_Init_thread / MPI_Finalize around the life of an app.
#include "tamp/app/mpi_guard.hpp"

#include <mpi.h>

#include <stdexcept>

namespace tamp::app {
namespace {

#ifdef TAMP_SMPI  // SimGrid's SMPI grants MPI_THREAD_SINGLE only; simulated runs use one OpenMP thread per rank
constexpr int kThreadLevel = MPI_THREAD_SINGLE;
#else
constexpr int kThreadLevel = MPI_THREAD_FUNNELED;
#endif

}  // namespace

MpiGuard::MpiGuard(int& argc, char**& argv) {
  int provided = 0;
  int already = 0;
  MPI_Initialized(&already);
  if (already) {
    MPI_Query_thread(&provided);
  } else {
    MPI_Init_thread(&argc, &argv, kThreadLevel, &provided);
    initialized_here_ = true;
  }
  if (provided < kThreadLevel) {
    // Threaded kernels need at least FUNNELED; continuing could give wrong answers.
    if (initialized_here_) MPI_Finalize();
    initialized_here_ = false;
    throw std::runtime_error("the MPI library does not provide MPI_THREAD_FUNNELED");
  }
}

MpiGuard::~MpiGuard() {
  if (!initialized_here_) return;
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}

}  // namespace tamp::app
