// One object per process (tamp/app/shared_graph.hpp).
#include "tamp/app/shared_graph.hpp"

#ifdef TAMP_SMPI
#include "tamp/sim_shared.hpp"
#endif

namespace tamp::app {

std::shared_ptr<const void> shared_instance(const std::string& key,
                                            const std::function<std::shared_ptr<const void>()>& build) {
#ifdef TAMP_SMPI
  using Held = std::shared_ptr<const void>;
  return sim::shared_entry<Held>(key, [&] { return new Held(build()); });
#else
  (void)key;
  return build();
#endif
}

std::shared_ptr<const TaskGraph> shared_task_graph(const std::string& key, const std::function<TaskGraph()>& build) {
  return shared_object<TaskGraph>("task-graph:" + key, build);
}

}  // namespace tamp::app
