#include "parallel.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace tamp::impl {
namespace {

// OMP_NUM_THREADS's first value ("4" or "4,2"); 0 when unset or not a positive number.
int omp_num_threads() {
  const char* text = std::getenv("OMP_NUM_THREADS");
  if (text == nullptr) return 0;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  return end != text && value > 0 && value < 4096 ? static_cast<int>(value) : 0;
}

}  // namespace

int worker_threads(int requested) {
  if (requested > 0) return requested;
  if (const int omp = omp_num_threads(); omp > 0) return omp;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

Runs runs_of(std::int64_t items, int threads) {
  constexpr std::int64_t kLeast = std::int64_t{1} << 14;
  return {items, static_cast<int>(std::clamp<std::int64_t>(items / kLeast, 1, std::max(1, threads)))};
}

void parallel_for(std::size_t n, int threads, const std::function<void(std::size_t)>& body) {
  const std::size_t workers = std::min<std::size_t>(n, static_cast<std::size_t>(std::max(1, threads)));
  std::vector<std::exception_ptr> errors(n);
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i = next++; i < n; i = next++) {
      try {
        body(i);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  if (workers <= 1) {
    work();
  } else {
    std::vector<std::thread> pool;
    pool.reserve(workers - 1);
    for (std::size_t w = 1; w < workers; ++w) {
      try {
        pool.emplace_back(work);
      } catch (const std::system_error&) {
        break;  // no more threads to be had: those started, and this one, take every index
      }
    }
    work();
    for (std::thread& t : pool) t.join();
  }
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

void side_by_side(int threads, const std::function<void()>& first, const std::function<void()>& second) {
  std::exception_ptr errors[2];
  const auto guarded = [&errors](const std::function<void()>& body, int k) {
    try {
      body();
    } catch (...) {
      errors[k] = std::current_exception();
    }
  };
  std::thread other;
  if (threads > 1) {
    try {
      other = std::thread(guarded, std::cref(second), 1);
    } catch (const std::system_error&) {
      guarded(second, 1);  // no thread to be had: one after the other
    }
  }
  guarded(first, 0);
  if (threads <= 1) guarded(second, 1);
  if (other.joinable()) other.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace tamp::impl
