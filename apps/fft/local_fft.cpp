// FFTW plan cache of the batched 1D transforms.
#include "local_fft.hpp"

#include <stdexcept>
#include <string>

namespace tamp::fft {

FftPlans::FftPlans(bool measure, std::int64_t scratch_size)
    : flags_(measure ? FFTW_MEASURE : FFTW_ESTIMATE), scratch_size_(scratch_size + 4) {
  // Four spare elements (64 bytes): a batch off SIMD alignment is planned at the same offset in the scratch.
  scratch_ = fftw_alloc_complex(static_cast<std::size_t>(scratch_size_));
  if (!scratch_) throw std::runtime_error("cannot allocate the FFTW planning array");
}

FftPlans::~FftPlans() {
  for (auto& entry : plans_) fftw_destroy_plan(entry.second);
  fftw_free(scratch_);
}

void FftPlans::execute(const FftBatch& batch, int sign, std::complex<double>* data) {
  auto* rows = reinterpret_cast<fftw_complex*>(data + batch.offset);
  const int alignment = fftw_alignment_of(reinterpret_cast<double*>(rows));
  Key key{sign, alignment, static_cast<std::int64_t>(batch.dims.size())};
  for (const auto& dim : batch.dims) key.insert(key.end(), {dim[0], dim[1]});
  for (const auto& loop : batch.loops) key.insert(key.end(), {loop[0], loop[1]});
  auto found = plans_.find(key);
  if (found == plans_.end()) {
    std::vector<fftw_iodim64> loops;
    std::vector<fftw_iodim64> dims;
    std::int64_t extent = 1;
    for (const auto& dim : batch.dims) {
      dims.push_back({dim[0], dim[1], dim[1]});
      extent += (dim[0] - 1) * dim[1];
    }
    for (const auto& loop : batch.loops) {
      loops.push_back({loop[0], loop[1], loop[1]});
      extent += (loop[0] - 1) * loop[1];
    }
    if (extent + 4 > scratch_size_) throw std::logic_error("FFT batch larger than the planning array");
    auto* at = reinterpret_cast<fftw_complex*>(reinterpret_cast<char*>(scratch_) + alignment);
    const fftw_plan plan =
        fftw_plan_guru64_dft(static_cast<int>(dims.size()), dims.data(), static_cast<int>(loops.size()),
                             loops.data(), at, at, sign, flags_);
    if (!plan)
      throw std::runtime_error("FFTW cannot plan a batch of FFTs of length " + std::to_string(dims[0].n));
    found = plans_.emplace(std::move(key), plan).first;
  }
  fftw_execute_dft(found->second, rows, rows);
}

}  // namespace tamp::fft
