// Sorting one CSR row by target, for the task-graph builders and the METIS reader.
#pragma once
#include <cstdint>

namespace tamp::impl {

/// Sorts the `n` messages of a row by target, stably (a row's messages to one target keep their order): an
/// insertion sort with no buffer for the short rows of stencils and meshes, a sort of (target, place) keys
/// for long ones.
void sort_row_by_target(int* target, double* bytes, std::int64_t n);

}  // namespace tamp::impl
