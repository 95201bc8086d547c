// Kernel backends: a runtime name (--backend) and an empty tag type per backend for compile-time dispatch.
#pragma once
#include <stdexcept>
#include <string_view>
#include <type_traits>

namespace tamp::app {

enum class Backend { openmp, kokkos };

/// Tag types: kernels overload on them, e.g. sweep(OpenMPTag{}, ...), sweep(KokkosTag{}, ...).
struct OpenMPTag {};
struct KokkosTag {};

/// True when the backend of a tag is compiled into this build.
template <class Tag>
struct backend_built : std::false_type {};
template <>
struct backend_built<OpenMPTag> : std::true_type {};
#ifdef TAMP_HAVE_KOKKOS
template <>
struct backend_built<KokkosTag> : std::true_type {};
#endif

/// Use in code that only makes sense with a built backend.
template <class Tag>
constexpr void require_backend() {
  static_assert(!std::is_same_v<Tag, KokkosTag> || backend_built<Tag>::value,
                "this build has no Kokkos backend");
  static_assert(backend_built<Tag>::value, "this build does not have the requested backend");
}

/// "openmp" or "kokkos"; throws std::invalid_argument on other names and, in builds without Kokkos, on
/// "kokkos"
/// ("this build has no Kokkos backend").
Backend parse_backend(std::string_view name);
std::string_view to_string(Backend backend);
bool is_built(Backend backend);
/// Threads a kernel of this backend runs with (OpenMP: omp_get_max_threads(); Kokkos: the host space
/// concurrency).
int backend_threads(Backend backend);

/// Calls f(OpenMPTag{}) or f(KokkosTag{}) for the runtime choice; only built backends are instantiated.
template <class F>
decltype(auto) with_backend(Backend backend, F&& f) {
  switch (backend) {
    case Backend::openmp:
      return f(OpenMPTag{});
    case Backend::kokkos:
#ifdef TAMP_HAVE_KOKKOS
      return f(KokkosTag{});
#else
      throw std::invalid_argument("this build has no Kokkos backend");
#endif
  }
  throw std::invalid_argument("unknown backend");
}

/// Initialises the backend's runtime once (Kokkos::initialize) and finalises it when destroyed, if it was the
/// one that initialised it. Create it after MPI is initialised and destroy it before MPI_Finalize.
class BackendSession {
 public:
  explicit BackendSession(Backend backend);
  ~BackendSession();
  BackendSession(const BackendSession&) = delete;
  BackendSession& operator=(const BackendSession&) = delete;

 private:
  bool finalize_kokkos_ = false;
};

}  // namespace tamp::app
