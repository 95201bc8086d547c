// Folded field memory through SMPI's shared malloc (docs/simulation.md, "Skeleton runs"); ordinary memory
// otherwise.
#include "tamp/app/field_memory.hpp"

#include <new>
#include <utility>

#include "tamp/app/compute_model.hpp"

#ifdef TAMP_SMPI
#include <smpi/smpi.h>
#endif

namespace tamp::app {

FieldMemory::FieldMemory(std::size_t count, bool folded) : size_(count), folded_(folded && simulated_build()) {
  if (count == 0) return;
#ifdef TAMP_SMPI
  if (folded_) {
    data_ = static_cast<double*>(SMPI_SHARED_MALLOC(count * sizeof(double)));
    if (data_ == nullptr) throw std::bad_alloc();
    return;
  }
#endif
  data_ = new double[count]();
}

FieldMemory::~FieldMemory() {
  release();
}

FieldMemory::FieldMemory(FieldMemory&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      folded_(other.folded_) {}

FieldMemory& FieldMemory::operator=(FieldMemory&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    folded_ = other.folded_;
  }
  return *this;
}

void FieldMemory::release() {
  if (data_ == nullptr) return;
#ifdef TAMP_SMPI
  if (folded_) {
    SMPI_SHARED_FREE(data_);
    data_ = nullptr;
    return;
  }
#endif
  delete[] data_;
  data_ = nullptr;
}

bool fold_fields(const RunContext& context) {
  return context.skeleton && simulated_build();
}

}  // namespace tamp::app
