// One task graph per process (tamp/app/shared_graph.hpp).
#include "tamp/app/shared_graph.hpp"

#ifdef TAMP_SMPI
extern "C" {
void* tamp_sim_shared_find(const char* key);
void* tamp_sim_shared_store(const char* key, void* object);
}
#endif

namespace tamp::app {

std::shared_ptr<const TaskGraph> shared_task_graph(const std::string& key, const std::function<TaskGraph()>& build) {
#ifdef TAMP_SMPI
  const std::string slot = "task-graph:" + key;
  if (void* found = tamp_sim_shared_find(slot.c_str())) return *static_cast<std::shared_ptr<const TaskGraph>*>(found);
  auto* made = new std::shared_ptr<const TaskGraph>(std::make_shared<const TaskGraph>(build()));
  void* kept = tamp_sim_shared_store(slot.c_str(), made);
  if (kept != made) delete made;  // another rank stored it meanwhile
  return *static_cast<std::shared_ptr<const TaskGraph>*>(kept);
#else
  (void)key;
  return std::make_shared<const TaskGraph>(build());
#endif
}

}  // namespace tamp::app
