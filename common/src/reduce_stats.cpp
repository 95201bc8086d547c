// min / mean / max over ranks with one MPI_Allreduce: a user-defined operation on (min, sum, max) triples.
#include "tamp/app/reduce_stats.hpp"

#include <algorithm>

namespace tamp::app {
namespace impl {

// MPI_User_function: combines triples element-wise; `in` and `inout` hold *count triples.
extern "C" void combine_triples(void* in, void* inout, int* count, MPI_Datatype* /*type*/) {
  const double* a = static_cast<const double*>(in);
  double* b = static_cast<double*>(inout);
  for (int i = 0; i < *count; ++i) {
    b[3 * i] = std::min(a[3 * i], b[3 * i]);
    b[3 * i + 1] += a[3 * i + 1];
    b[3 * i + 2] = std::max(a[3 * i + 2], b[3 * i + 2]);
  }
}

}  // namespace impl

std::vector<Stats> reduce_stats(const std::vector<double>& values, MPI_Comm comm) {
  int size = 0;
  MPI_Comm_size(comm, &size);
  const int n = static_cast<int>(values.size());
  std::vector<double> local(3 * values.size());
  for (int i = 0; i < n; ++i) local[3 * i] = local[3 * i + 1] = local[3 * i + 2] = values[i];
  std::vector<double> global(local.size());

  // A triple is one datatype element, so the MPI library never splits it between calls of the operation.
  MPI_Datatype triple = MPI_DATATYPE_NULL;
  MPI_Type_contiguous(3, MPI_DOUBLE, &triple);
  MPI_Type_commit(&triple);
  MPI_Op op = MPI_OP_NULL;
  MPI_Op_create(&impl::combine_triples, /*commute=*/1, &op);
  MPI_Allreduce(local.data(), global.data(), n, triple, op, comm);
  MPI_Op_free(&op);
  MPI_Type_free(&triple);

  std::vector<Stats> stats(values.size());
  for (int i = 0; i < n; ++i) stats[i] = {global[3 * i], global[3 * i + 1] / size, global[3 * i + 2]};
  return stats;
}

}  // namespace tamp::app
