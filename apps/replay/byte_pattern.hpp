// The bytes every replayed message carries, so that the receiver can check that each arrived whole and from
// the right sender: a pattern of (call, round, sender, receiver), its first 8 bytes stamped with the call's
// occurrence (how many times the call ran before), so a message left over from an earlier step does not pass.
#pragma once
#include <cstdint>

namespace tamp::replay {

class BytePattern {
 public:
  /// The pattern of the message `src` -> `dst` in round `round` of call `call`.
  BytePattern(int call, int round, int src, int dst);
  /// Byte `i` of the message in the call's occurrence `occurrence`.
  unsigned char at(std::int64_t i, std::int64_t occurrence) const;
  /// Writes bytes [begin, end) of the message into `out` (out[0] is byte `begin`).
  void fill(unsigned char* out, std::int64_t begin, std::int64_t end, std::int64_t occurrence) const;
  /// Re-stamps bytes [begin, end) of a filled message for `occurrence`: only those of [0, 8) change.
  void stamp(unsigned char* out, std::int64_t begin, std::int64_t end, std::int64_t occurrence) const;
  /// The bytes of [begin, end) in `in` (in[0] is byte `begin`) that differ from the message.
  std::int64_t mismatches(const unsigned char* in, std::int64_t begin, std::int64_t end,
                          std::int64_t occurrence) const;

 private:
  std::uint64_t key_;
};

}  // namespace tamp::replay
