// The table every rank of a simulated job sees (sim_shared.cpp): SMPI runs all ranks in one process and does not
// privatize the globals of the shared libraries it loads. Only the simulated build (TAMP_SMPI) has it.
#pragma once
#include <string>

extern "C" {
// The object stored under `key`, or null. Objects are never freed: they live as long as the simulation.
void* tamp_sim_shared_find(const char* key);
// Stores `object` under `key` unless one is there already; returns the one kept.
void* tamp_sim_shared_store(const char* key, void* object);
}

namespace tamp::sim {

/// The T stored under `key`, or the one `make()` returns (a new T*), then stored. `make` must not communicate:
/// under SMPI no other rank runs meanwhile.
template <class T, class Make>
T& shared_entry(const std::string& key, Make&& make) {
  if (void* found = tamp_sim_shared_find(key.c_str())) return *static_cast<T*>(found);
  T* made = make();
  void* kept = tamp_sim_shared_store(key.c_str(), made);
  if (kept != made) delete made;  // another rank stored it meanwhile
  return *static_cast<T*>(kept);
}

}  // namespace tamp::sim
