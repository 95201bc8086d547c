// Agreement on errors: the lowest failing rank's message reaches every rank (tamp/discovery/first_error.hpp).
#include "tamp/app/collective.hpp"

#include "tamp/discovery/first_error.hpp"

namespace tamp::app {

void raise_if_any_failed(MPI_Comm comm, const std::optional<std::string>& local_error) {
  if (std::optional<std::string> message = discovery::first_error(comm, local_error))
    throw AgreedError(*message);
}

}  // namespace tamp::app
