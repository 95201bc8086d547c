// The FFT's arrays: std::vector storage aligned to 64 bytes, as fftw_malloc's (malloc gives 16-byte alignment,
// on which FFTW cannot use its SIMD codelets for aligned data; FFTW-MPI's arrays come from fftw_malloc), and
// on huge pages from 4 MiB on (tamp/app/huge_pages.hpp): the strided FFTs along the outermost dimension touch
// a new 4 KiB page at every element, and MPI pins every page of a large message.
#pragma once
#include <complex>
#include <vector>

#include "tamp/app/huge_pages.hpp"

namespace tamp::fft {

using AlignedVector = std::vector<std::complex<double>, app::HugePageAllocator<std::complex<double>>>;

}  // namespace tamp::fft
