// What heats the grid, exactly as MiniGhost draws it: the initial value of every cell, the spikes (amount per
// variable, global cell) and which variables are summed every step. MiniGhost draws these with Fortran's
// RANDOM_NUMBER after RANDOM_SEED(PUT = 8, 8, ...); FortranRandom reproduces gfortran's generator (>= 9:
// xoshiro256** with the seed XOR-scrambled), so both codes start from the same grid.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "halo_spec.hpp"

namespace tamp::halo {

/// gfortran's RANDOM_NUMBER stream for REAL(8) after RANDOM_SEED(PUT = seed) with every seed entry equal.
class FortranRandom {
 public:
  explicit FortranRandom(std::int32_t seed_entry);
  double next();  // in [0, 1), 53 bits

 private:
  std::uint64_t s_[4];
};

struct Spike {
  std::array<std::int64_t, 3> cell{0, 0, 0};  // global cell, 0-based
  std::vector<double> amount;                 // per variable
};

struct Sources {
  double initial_value = 0;           // every cell of every variable at the start
  std::vector<Spike> spikes;          // spike s is inserted before step s * num_tsteps
  std::vector<bool> summed;           // variables reduced every step
  std::vector<double> initial_total;  // per variable: the heat in the grid at the start
};

/// Identical on every rank (no communication).
Sources make_sources(const HaloSpec& spec);

}  // namespace tamp::halo
