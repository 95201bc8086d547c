// The input field and the serial check of the forward transform.
#pragma once
#include <mpi.h>

#include <array>
#include <complex>
#include <cstdint>

#include "fft_spec.hpp"

namespace tamp::fft {

/// A deterministic pseudo-random value in [-1, 1) + i [-1, 1) of global element (i0, i1, i2).
std::complex<double> input_value(const std::array<int, 3>& n, int i0, int i1, int i2);

/// Largest array checked against a serial transform (rank 0 holds three arrays of this many elements).
constexpr std::int64_t kSerialCheckLimit = std::int64_t{1} << 20;

/// Collective on `comm` (rank == task = r * pc + c): gathers the input blocks `x` (layout X) and the forward
/// result blocks `z` (layout Z) on rank 0, which transforms the gathered input with one serial FFTW plan and
/// compares. Returns max |z - serial| / max |serial| on every rank.
double forward_error_vs_serial(const FftSpec& spec, MPI_Comm comm, const std::complex<double>* x,
                               const std::complex<double>* z);

}  // namespace tamp::fft
