// Local FFTs with FFTW (1D or 2D, along any dimensions of a local array, batched): each batch shape is
// planned once (on a scratch array, so planning never touches the data) and executed with fftw_execute_dft on
// the real arrays.
#pragma once
#include <fftw3.h>

#include <complex>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "stage.hpp"

namespace tamp::fft {

class FftPlans {
 public:
  /// `measure`: FFTW_MEASURE, else FFTW_ESTIMATE. `scratch_size`: the largest array a batch runs on.
  FftPlans(bool measure, std::int64_t scratch_size);
  ~FftPlans();
  FftPlans(const FftPlans&) = delete;
  FftPlans& operator=(const FftPlans&) = delete;

  /// In place on `data` + batch.offset; `sign` is FFTW_FORWARD or FFTW_BACKWARD (unnormalised).
  void execute(const FftBatch& batch, int sign, std::complex<double>* data);
  std::size_t size() const { return plans_.size(); }

 private:
  using Key = std::vector<std::int64_t>;  // sign, alignment, rank, (n, stride) per dim, (count, stride) loops
  unsigned flags_;
  std::int64_t scratch_size_;
  fftw_complex* scratch_ = nullptr;
  std::map<Key, fftw_plan> plans_;
};

}  // namespace tamp::fft
