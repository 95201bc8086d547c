// MiniGhost's initial grid, spikes and summed variables (MG_INIT, MG_GRID_INIT, MG_BUFINIT), drawn the same
// way.
#include "halo_sources.hpp"

namespace tamp::halo {
namespace {

constexpr std::int32_t kSeed = 8;  // MG_RANDOM_SEED: seed(:) = 8

std::uint64_t rotl(std::uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

}  // namespace

FortranRandom::FortranRandom(std::int32_t seed_entry) {
  // libgfortran: the PUT array fills the 256-bit state 32 bits at a time, then each word is XORed with a key.
  static constexpr std::uint64_t kKeys[4] = {0xbd0c5b6e50c2df49ULL, 0xd46061cd46e1df38ULL,
                                             0xbb4f4d4ed6103544ULL, 0x114a583d0756ad39ULL};
  const auto entry = static_cast<std::uint64_t>(static_cast<std::uint32_t>(seed_entry));
  for (int i = 0; i < 4; ++i) s_[i] = ((entry << 32) | entry) ^ kKeys[i];
}

double FortranRandom::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return static_cast<double>(result & (~std::uint64_t{0} << 11)) * 0x1p-64;
}

Sources make_sources(const HaloSpec& spec) {
  Sources sources;
  const double gx = static_cast<double>(spec.global(0));
  const double gy = static_cast<double>(spec.global(1));
  const double gz = static_cast<double>(spec.global(2));
  const double ranks = spec.ranks();

  // MG_GRID_INIT reseeds before every cell, so every cell gets the first number: MOD(INT(r*100), NX*NY*NZ)
  // + 1.
  if (!spec.debug_grid) {
    const auto r = static_cast<std::int64_t>(FortranRandom(kSeed).next() * 100);
    sources.initial_value = static_cast<double>(r % spec.local_cells() + 1);
  }
  sources.initial_total.assign(spec.vars, sources.initial_value * static_cast<double>(spec.global_cells()));

  // MG_INIT: SPIKES(NVARS, NSPIKES) = (r + 1) * GLOBAL_NX * GLOBAL_NY * GLOBAL_NZ * NUMPES, column-major,
  // then SPIKES(1,1) = REAL(GLOBAL_NX*GLOBAL_NY*GLOBAL_NZ) (default REAL: single precision).
  FortranRandom amounts(kSeed);
  sources.spikes.resize(spec.spikes);
  for (Spike& spike : sources.spikes) {
    spike.amount.resize(spec.vars);
    for (double& a : spike.amount) a = (amounts.next() + 1.0) * gx * gy * gz * ranks;
  }
  sources.spikes[0].amount[0] = static_cast<double>(static_cast<float>(spec.global_cells()));
  // Locations: RSPIKE_LOC(3, NSPIKES) from a reseeded stream; spike 1 sits at the centre.
  FortranRandom where(kSeed);
  for (int s = 0; s < spec.spikes; ++s) {
    for (int d = 0; d < 3; ++d) {
      const double r = where.next();
      const std::int64_t g = spec.global(d);
      const std::int64_t one_based =
          s == 0 ? (g + 1) / 2 : static_cast<std::int64_t>(r * static_cast<double>(g) + 1);
      sources.spikes[s].cell[d] = one_based - 1;
    }
  }
  // MG_BUFINIT: every variable at 100 %, none at 0; otherwise variable i when its draw is below the share.
  // (The reference compares the draw with the integer percentage, so it sums every variable for any 0 < p <
  // 100.)
  sources.summed.assign(spec.vars, spec.percent_sum == 100 || spec.debug_grid);
  if (spec.percent_sum > 0 && spec.percent_sum < 100 && !spec.debug_grid) {
    FortranRandom pick(kSeed);
    for (int v = 0; v < spec.vars; ++v) sources.summed[v] = pick.next() < spec.percent_sum / 100.0;
  }
  return sources;
}

}  // namespace tamp::halo
