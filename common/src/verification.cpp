// The words of a verification status, as the report prints them and the JSON row holds them.
#include "tamp/app/verification.hpp"

namespace tamp::app {

std::string_view to_string(VerificationStatus status) {
  switch (status) {
    case VerificationStatus::passed:
      return "passed";
    case VerificationStatus::failed:
      return "failed";
    case VerificationStatus::skipped:
      return "skipped";
  }
  return "skipped";
}

}  // namespace tamp::app
