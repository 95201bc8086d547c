// How many OpenMP threads each rank runs when the user does not say ($OMP_NUM_THREADS).
#pragma once
#include <mpi.h>

namespace tamp::app {

/// Collective on `world`. When $OMP_NUM_THREADS is unset, sets the OpenMP thread count of this rank to the
/// cores of its node divided by the ranks on that node (at least 1), so that ranks do not oversubscribe the
/// cores with threads. Returns the thread count now in effect.
int set_default_threads(MPI_Comm world);

}  // namespace tamp::app
