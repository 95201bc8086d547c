// Backend names, availability, thread counts and the Kokkos runtime's lifetime.
#include "tamp/app/backend.hpp"

#include <omp.h>

#include <string>

#ifdef TAMP_HAVE_KOKKOS
#include <Kokkos_Core.hpp>
#endif

namespace tamp::app {

Backend parse_backend(std::string_view name) {
  if (name == "openmp") return Backend::openmp;
  if (name == "kokkos") {
    if (!is_built(Backend::kokkos)) throw std::invalid_argument("this build has no Kokkos backend");
    return Backend::kokkos;
  }
  throw std::invalid_argument("unknown backend '" + std::string(name) + "' (known: openmp, kokkos)");
}

std::string_view to_string(Backend backend) {
  return backend == Backend::openmp ? "openmp" : "kokkos";
}

bool is_built(Backend backend) {
  switch (backend) {
    case Backend::openmp:
      return backend_built<OpenMPTag>::value;
    case Backend::kokkos:
      return backend_built<KokkosTag>::value;
  }
  return false;
}

int backend_threads(Backend backend) {
#ifdef TAMP_HAVE_KOKKOS
  if (backend == Backend::kokkos) return Kokkos::DefaultHostExecutionSpace().concurrency();
#endif
  (void)backend;
  return omp_get_max_threads();
}

BackendSession::BackendSession(Backend backend) {
#ifdef TAMP_HAVE_KOKKOS
  // Kokkos may be initialised only once per process; runs of a --compare share this session.
  if (backend == Backend::kokkos && !Kokkos::is_initialized()) {
    Kokkos::initialize();
    finalize_kokkos_ = true;
  }
#else
  if (backend == Backend::kokkos) throw std::invalid_argument("this build has no Kokkos backend");
#endif
}

BackendSession::~BackendSession() {
#ifdef TAMP_HAVE_KOKKOS
  if (finalize_kokkos_) Kokkos::finalize();
#endif
}

}  // namespace tamp::app
