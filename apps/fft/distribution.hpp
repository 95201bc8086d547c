// Block distribution of n planes over p ranks: the first n % p ranks hold one plane more.
#pragma once

namespace tamp::fft {

struct Block {
  int offset = 0;
  int size = 0;
};

inline Block block_of(int n, int p, int i) {
  const int base = n / p;
  const int extra = n % p;
  return {i * base + (i < extra ? i : extra), base + (i < extra ? 1 : 0)};
}

}  // namespace tamp::fft
