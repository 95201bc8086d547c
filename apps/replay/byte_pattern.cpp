#include "byte_pattern.hpp"

#include <algorithm>

namespace tamp::replay {
namespace {

// splitmix64's finaliser: every input bit moves every output byte.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

constexpr std::int64_t kStampBytes = 8;

}  // namespace

BytePattern::BytePattern(int call, int round, int src, int dst)
    : key_(mix(mix(mix(mix(static_cast<std::uint64_t>(call)) ^ static_cast<std::uint32_t>(round)) ^
                   static_cast<std::uint32_t>(src)) ^
               static_cast<std::uint32_t>(dst))) {}

unsigned char BytePattern::at(std::int64_t i, std::int64_t occurrence) const {
  // The key's bytes in turn, varied along the message so that a shifted copy does not match.
  const auto u = static_cast<std::uint64_t>(i);
  auto byte = static_cast<unsigned char>((key_ >> (8 * (u & 7))) + 167 * (u >> 3));
  if (i < kStampBytes) byte ^= static_cast<unsigned char>(static_cast<std::uint64_t>(occurrence) >> (8 * u));
  return byte;
}

void BytePattern::fill(unsigned char* out, std::int64_t begin, std::int64_t end,
                       std::int64_t occurrence) const {
  for (std::int64_t i = begin; i < end; ++i) out[i - begin] = at(i, occurrence);
}

void BytePattern::stamp(unsigned char* out, std::int64_t begin, std::int64_t end,
                        std::int64_t occurrence) const {
  for (std::int64_t i = begin; i < std::min(end, kStampBytes); ++i) out[i - begin] = at(i, occurrence);
}

std::int64_t BytePattern::mismatches(const unsigned char* in, std::int64_t begin, std::int64_t end,
                                     std::int64_t occurrence) const {
  std::int64_t wrong = 0;
  for (std::int64_t i = begin; i < end; ++i) wrong += in[i - begin] != at(i, occurrence);
  return wrong;
}

}  // namespace tamp::replay
