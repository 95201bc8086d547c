// Threads inside the mapping library: independent pieces of one search (auto's candidates and refinements,
// geom-r's rotations) run side by side. Every piece writes only its own result, and the caller reads the
// results in index order, so the mapping does not depend on the number of threads or on their timing.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>

namespace tamp::impl {

/// The threads a search may use for MapOptions::threads `requested`: that number when positive; 0 means
/// OMP_NUM_THREADS when set (the apps and campaigns set it per rank), else the machine's cores. A search that
/// runs others in its pieces passes them threads = 1, so that they do not spread again over busy threads (no
/// global flag: the simulated apps' ranks share one process).
int worker_threads(int requested);

/// Calls body(i) once for every i in [0, n), on up to `threads` threads (the caller's among them), each taking
/// the next index left. When bodies throw, every index still runs and the exception of the lowest index is
/// rethrown.
void parallel_for(std::size_t n, int threads, const std::function<void(std::size_t)>& body);

/// `items` cut into contiguous runs, one a thread, of 2^14 items at least (a small input stays one run): how
/// the readers of large files share their lines and rows. Run r holds [begin(r), begin(r + 1)).
struct Runs {
  std::int64_t items = 0;
  int count = 1;
  std::int64_t begin(int r) const { return items * r / count; }
};
Runs runs_of(std::int64_t items, int threads);

/// Runs `first` on the calling thread and `second` on a thread of its own, at once, each free to use
/// worker_threads() of its own: for two searches whose serial parts would otherwise leave cores idle; with
/// `threads` (a worker_threads() count) of 1, one after the other. Rethrows `first`'s exception, else
/// `second`'s, once both have ended.
void side_by_side(int threads, const std::function<void()>& first, const std::function<void()>& second);

}  // namespace tamp::impl
