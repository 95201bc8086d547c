// MPI_Init_thread / MPI_Finalize around the life of an app.
#include "tamp/app/mpi_guard.hpp"

#include <mpi.h>

#include <stdexcept>

#ifdef TAMP_SMPI
#include <cstdio>
#include <cstdlib>
#endif

namespace tamp::app {
namespace {

#ifdef TAMP_SMPI  // SimGrid's SMPI grants MPI_THREAD_SINGLE only; simulated runs use one OpenMP thread per rank
constexpr int kThreadLevel = MPI_THREAD_SINGLE;

// Under SMPI every rank runs in one process. With mmap privatization (each rank its own copy of the data segment)
// the function-local statics of every rank register their destructors in the process's one exit list, and at exit
// they would all run on the data of the last rank mapped: glibc aborts with "double free or corruption". A rank
// registers this after MPI_Finalize; the last one registered runs first at exit, when the simulation is over and
// every report is written: it flushes stdio and ends the process with SMPI's exit status, without those
// destructors (docs/simulation.md, "Operating-system limits").
void end_without_static_destructors(int status, void*) {
  std::fflush(nullptr);
  std::_Exit(status);
}
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
#ifdef TAMP_SMPI
  on_exit(end_without_static_destructors, nullptr);
#endif
}

}  // namespace tamp::app
