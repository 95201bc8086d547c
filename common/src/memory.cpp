#include "tamp/app/memory.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <stdexcept>

namespace tamp::app {

double node_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<double>(pages) * static_cast<double>(page) : 0.0;
}

void require_memory(double bytes_per_rank, const std::string& what, const std::string& why) {
  const double memory = node_memory_bytes();
  if (memory <= 0 || bytes_per_rank <= memory) return;
  throw std::invalid_argument(
      fmt::format("{}: about {:.1f} GB per rank ({}), more than this node's {:.1f} GB of memory", what,
                  bytes_per_rank / 1e9, why, memory / 1e9));
}

}  // namespace tamp::app
