// The checks every collective schedule makes of its communicator (collectives.cpp, collectives_long.cpp).
#pragma once
#include <vector>

namespace tamp::impl {

/// Throws std::invalid_argument, naming `what`, unless `ranks` lists distinct tasks >= 0 and bytes >= 0.
void check_communicator(const std::vector<int>& ranks, double bytes, const char* what);
/// Throws std::invalid_argument, naming `what`, unless 0 <= root < ranks.size().
void check_root(const std::vector<int>& ranks, int root, const char* what);

}  // namespace tamp::impl
