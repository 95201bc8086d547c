// Field memory of an app: ordinary zero-filled memory, or, in a skeleton run of the simulated build, memory
// folded across ranks (SMPI shared malloc: every rank's copy maps the same physical pages), so that thousands
// of simulated ranks with the papers' per-rank sizes (MiniGhost's 60^3 cells x 40 variables) fit on one host.
// Folded values are garbage — ranks write over each other — which is why a skeleton run runs no kernel and
// verifies nothing.
#pragma once
#include <cstddef>

#include "tamp/app/run_context.hpp"

namespace tamp::app {

class FieldMemory {
 public:
  FieldMemory() = default;
  /// `count` doubles: folded when `folded` (simulated build only), else zero-filled.
  FieldMemory(std::size_t count, bool folded);
  ~FieldMemory();
  FieldMemory(FieldMemory&& other) noexcept;
  FieldMemory& operator=(FieldMemory&& other) noexcept;
  FieldMemory(const FieldMemory&) = delete;
  FieldMemory& operator=(const FieldMemory&) = delete;

  double* data() { return data_; }
  const double* data() const { return data_; }
  std::size_t size() const { return size_; }
  bool folded() const { return folded_; }

 private:
  void release();

  double* data_ = nullptr;
  std::size_t size_ = 0;
  bool folded_ = false;
};

/// Whether a run's fields are folded: a skeleton run (--skeleton) of the simulated build.
bool fold_fields(const RunContext& context);

}  // namespace tamp::app
