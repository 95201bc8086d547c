// The verdict of a run's check against its reference (Run::verify()), as the report prints it. No MPI.
#pragma once
#include <string>
#include <string_view>

namespace tamp::app {

enum class VerificationStatus { passed, failed, skipped };
std::string_view to_string(VerificationStatus status);

struct Verification {
  VerificationStatus status = VerificationStatus::skipped;
  double error = 0;  // max over ranks
  double tolerance = 0;
  std::string note;
};

}  // namespace tamp::app
