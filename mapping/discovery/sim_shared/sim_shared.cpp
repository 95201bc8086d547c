// Objects every rank of a simulated job can share. SMPI runs all ranks in one process and privatizes the app's
// own globals (each rank its copy of the binary's data segment), but not those of the shared libraries it loads:
// this library's table is the one place all ranks see. common/src/shared_graph.cpp keeps the task graph (and
// tamp-mesh its mesh and partition) there, so a 4,096-rank simulation builds them once instead of 4,096 times
// (docs/simulation.md, "Memory: one task graph per job").
#include "tamp/sim_shared.hpp"

#include <map>
#include <mutex>
#include <string>

namespace {

std::mutex& table_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::map<std::string, void*>& table() {
  static std::map<std::string, void*> objects;
  return objects;
}

}  // namespace

void* tamp_sim_shared_find(const char* key) {
  std::lock_guard<std::mutex> lock(table_mutex());
  const auto found = table().find(key);
  return found == table().end() ? nullptr : found->second;
}

void* tamp_sim_shared_store(const char* key, void* object) {
  std::lock_guard<std::mutex> lock(table_mutex());
  return table().emplace(key, object).first->second;
}
