// One object per process (tamp/app/shared_graph.hpp).
#include "tamp/app/shared_graph.hpp"

#ifdef TAMP_SMPI
extern "C" {
void* tamp_sim_shared_find(const char* key);
void* tamp_sim_shared_store(const char* key, void* object);
}
#endif

namespace tamp::app {

std::shared_ptr<const void> shared_instance(const std::string& key,
                                            const std::function<std::shared_ptr<const void>()>& build) {
#ifdef TAMP_SMPI
  using Held = std::shared_ptr<const void>;
  if (void* found = tamp_sim_shared_find(key.c_str())) return *static_cast<Held*>(found);
  auto* made = new Held(build());
  void* kept = tamp_sim_shared_store(key.c_str(), made);
  if (kept != made) delete made;  // another rank stored it meanwhile
  return *static_cast<Held*>(kept);
#else
  (void)key;
  return build();
#endif
}

std::shared_ptr<const TaskGraph> shared_task_graph(const std::string& key, const std::function<TaskGraph()>& build) {
  return shared_object<TaskGraph>("task-graph:" + key, build);
}

}  // namespace tamp::app
