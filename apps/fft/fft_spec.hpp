// The FFT problem: command-line options and the validated problem they describe.
#pragma once
#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace tamp::fft {

/// What the command line says, before validation.
struct FftOptions {
  std::string size = "32x32x32";         // N0xN1xN2, or N for a cube
  std::string decomposition = "pencil";  // slab | pencil
  std::string grid;                      // PRxPC (pencil); empty: the grid of least transposed volume
  std::string transpose = "overlap";     // blocking | overlap
  int tile = 0;                          // planes per MPI_Ialltoallv; 0: half of the fewest planes
  int window = 4;                        // MPI_Ialltoallv outstanding
  std::string progress = "test";         // test | none
  bool autotune = false;                 // sweep tile and window in start(), keep the fastest
  std::string plan = "measure";          // FFTW planner: estimate | measure
  int reference = 2;                     // blocking iterations timed for the hidden share (overlap only)
  int iterations = 10;                   // timed forward + backward pairs
  int warmup = 1;
};
std::ostream& operator<<(std::ostream& os, const FftOptions& options);
void add_fft_options(CLI::App& cli, FftOptions& options);

enum class TransposeMode { blocking, overlap };
enum class ProgressMode { test, none };
const char* to_string(TransposeMode mode);
const char* to_string(ProgressMode mode);

/// A validated problem. The process grid is pr x pc: task t = r * pc + c (row r, column c); a row
/// communicator holds the pc tasks of one row, a column communicator the pr tasks of one column. A slab is
/// the grid P x 1.
struct FftSpec {
  std::array<int, 3> n{1, 1, 1};
  int pr = 1;
  int pc = 1;
  bool slab = false;
  TransposeMode mode = TransposeMode::overlap;
  int tile = 1;      // planes per tile (overlap)
  int window = 4;    // tiles in flight (overlap)
  int max_tile = 1;  // fewest planes of a communicating transpose, over all ranks
  ProgressMode progress = ProgressMode::test;
  bool autotune = false;
  bool measure = true;  // FFTW_MEASURE, else FFTW_ESTIMATE
  int reference = 2;
  int iterations = 10;
  int warmup = 1;

  std::int64_t elements() const { return std::int64_t{n[0]} * n[1] * n[2]; }
  int ranks() const { return pr * pc; }
};

/// Checks the options against the rank count; throws std::invalid_argument with a one-line message. No
/// allocation, no communication.
FftSpec make_spec(const FftOptions& options, int ranks);

/// Bytes sent between distinct ranks by the transposes of one forward + backward transform on a pr x pc grid.
double transposed_bytes(const std::array<int, 3>& n, int pr, int pc);

}  // namespace tamp::fft
