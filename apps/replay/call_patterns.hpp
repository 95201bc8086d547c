// The bytes of one task's part of a call (a replay's exchange or collective): which pattern each region of
// its send buffer carries, and the check of what it received. No MPI: the run posts the buffers, this fills
// and reads them (byte_pattern.hpp).
#pragma once
#include <cstdint>

#include "replay_plan.hpp"

namespace tamp::replay {

/// One task in a call: its rank in the call's communicator and its buffers (Call::send_bytes / recv_bytes
/// long).
struct CallBuffers {
  int rank = 0;
  int ranks = 0;
  unsigned char* send = nullptr;
  unsigned char* recv = nullptr;
};

/// Writes every byte the task sends in call `id` (its index in the plan), for the call's first occurrence.
void fill_sends(const Call& call, int id, const CallBuffers& task);
/// Re-stamps what the task sends (the first 8 bytes of each message) for occurrence `occurrence`.
void stamp_sends(const Call& call, int id, const CallBuffers& task, std::int64_t occurrence);

struct Received {
  std::int64_t wrong = 0;    // bytes that differ from what occurrence `occurrence` sent
  std::int64_t checked = 0;  // bytes read
};
/// Checks every byte the task received in occurrence `occurrence` of the call: messages, a reduction's or a
/// broadcast's result, the blocks of an all-to-all, scatter or gather.
Received check_receives(const Call& call, int id, const CallBuffers& task, std::int64_t occurrence);

/// Bytes [first, second) of a reduction of `bytes` that rank `rank` of `ranks` contributes: one block each,
/// zero elsewhere, so that the bitwise XOR (MPI_BXOR) of all contributions is every block's owner's bytes.
std::pair<std::int64_t, std::int64_t> reduction_block(std::int64_t bytes, int rank, int ranks);

}  // namespace tamp::replay
