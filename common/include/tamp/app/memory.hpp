// Memory limits checked before the work: an app estimates what one rank will hold and refuses a problem that
// cannot fit, with the estimate, instead of failing with std::bad_alloc or being killed by the kernel later.
#pragma once
#include <string>

namespace tamp::app {

/// This node's physical memory in bytes, or 0 when the system does not say.
double node_memory_bytes();

/// Throws std::invalid_argument "WHAT: about X GB per rank (WHY), more than this node's Y GB of memory" when
/// `bytes_per_rank` exceeds the node's memory. `what` names the option (and value) that sized the problem.
void require_memory(double bytes_per_rank, const std::string& what, const std::string& why);

}  // namespace tamp::app
