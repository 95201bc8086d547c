// MPI for the lifetime of one object: MPI_Init_thread (FUNNELED) in the constructor, MPI_Finalize in the
// destructor.
#pragma once

namespace tamp::app {

/// Kernels run OpenMP threads but only the main thread calls MPI, hence MPI_THREAD_FUNNELED.
/// Throws std::runtime_error when the MPI library cannot give that level.
class MpiGuard {
 public:
  MpiGuard(int& argc, char**& argv);
  ~MpiGuard();
  MpiGuard(const MpiGuard&) = delete;
  MpiGuard& operator=(const MpiGuard&) = delete;

 private:
  bool initialized_here_ = false;
};

}  // namespace tamp::app
