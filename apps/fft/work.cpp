// Units of work of the transposes and of a step, without running them.
#include "work.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

namespace tamp::fft {
namespace {

bool has_collective(const TaskGraph& graph, const std::string& call) {
  const std::string first_round = call + "/r";
  return std::any_of(graph.phases().begin(), graph.phases().end(),
                     [&](const Phase& p) { return p.name.rfind(first_round, 0) == 0; });
}

// units[kind][task] = w's units of that kind, each kind's vector one value per task.
void set_units(app::Problem::StepWork::Units& units, const Work& w, int task, int tasks) {
  for (const auto& [kind, value] : {std::pair<const char*, double>{"fft", w.fft}, {"copy", w.copy}}) {
    std::vector<double>& per_task = units[kind];
    if (per_task.empty()) per_task.assign(static_cast<std::size_t>(tasks), 0.0);
    per_task[static_cast<std::size_t>(task)] = value;
  }
}

}  // namespace

PairFfts pair_ffts(const StagePlan& plan, TransposeMode mode) {
  using dims = std::vector<int>;
  // Blocking leaves the FFTs of the next dimension to the next transpose (fused with its packing);
  // overlapped runs them on each delivered tile, so only the first FFTs of a direction precede an exchange.
  // A slab's identity row transposes fold into the column transposes (2D FFTs per plane); its last FFTs
  // (along N1 and N2) follow the column transposes: 2D per plane when blocking, along N1 per tile, then along
  // N2 (FftRun::backward), when overlapped.
  const bool chain = mode == TransposeMode::overlap;
  const bool slab_forward = plan.forward_rows.identity(), slab_backward = plan.backward_rows.identity();
  PairFfts f;
  f.forward_rows = {true, false, chain ? dims{1} : dims{}};
  f.forward_columns = {slab_forward || !chain, slab_forward, {0}};
  f.backward_columns = {true, false,
                        chain           ? dims{1}
                        : slab_backward ? dims{1, 2}
                                        : dims{}};
  f.backward_rows = {!chain, false, {2}};
  return f;
}

double fft_units(const FftBatch& batch) {
  double points = 1.0, logs = 0.0;
  for (const auto& [length, stride] : batch.dims) {
    points *= static_cast<double>(length);
    logs += std::log2(static_cast<double>(std::max<std::int64_t>(length, 1)));
  }
  for (const auto& [count, stride] : batch.loops) points *= static_cast<double>(count);
  return points * logs;
}

double copy_units(const CopyBox& box) {
  return static_cast<double>(box.n[0]) * box.n[1] * box.n[2];
}

double pack_units(const Stage& stage, int a0, int na, bool peers, Cut cut) {
  double units = copy_units(stage.self_box(a0, na, cut));
  if (!peers) return units;
  for (int p = 0; p < stage.ranks(); ++p) {
    if (p != stage.me()) units += copy_units(stage.send_box(p, a0, na, cut));
  }
  return units;
}

double unpack_units(const Stage& stage, int a0, int na, Cut cut) {
  double units = 0.0;
  for (int p = 0; p < stage.ranks(); ++p) {
    if (p != stage.me()) units += copy_units(stage.recv_box(p, a0, na, cut));
  }
  return units;
}

TransposeWork blocking_work(const Stage& stage, const StageFfts& ffts) {
  // Transpose::run_blocking charges these by blocks of slices; units are linear in the block, so the
  // whole-array figures are the sums of the blocks'.
  TransposeWork w;
  const int planes = stage.planes();
  const double before_ffts = ffts.before ? fft_units(stage.fft_before(0, planes, {}, ffts.with_planes)) : 0.0;
  const double after_ffts = ffts.after.empty() ? 0.0 : fft_units(stage.fft_after(ffts.after, 0, planes));
  if (stage.identity()) {
    if (ffts.before && (ffts.with_planes ? 2U : 1U) + ffts.after.size() == 3) {
      w.before.fft = fft_units(fft_along(stage.input(), {0, 1, 2}));  // one 3D FFT
      return w;
    }
    w.before.fft = before_ffts;
    w.after.fft = after_ffts;
    return w;
  }
  w.before = {before_ffts, pack_units(stage, 0, planes, !stage.direct_send(), {})};
  w.after.fft = after_ffts;
  if (stage.ranks() > 1 && !stage.direct_recv()) w.after.copy = unpack_units(stage, 0, planes, {});
  return w;
}

bool scales_by_copy(const Stage& stage) {
  return !stage.identity() && !(stage.ranks() > 1 && stage.direct_recv());
}

app::Problem::StepWork blocking_step_work(const FftSpec& spec, const TaskGraph& graph) {
  struct Call {
    const char* name;
    bool in_graph;
  };
  const Call calls[] = {{"rows-forward", has_collective(graph, "rows-forward")},
                        {"columns-forward", has_collective(graph, "columns-forward")},
                        {"columns-backward", has_collective(graph, "columns-backward")},
                        {"rows-backward", has_collective(graph, "rows-backward")}};
  const int tasks = spec.pr * spec.pc;
  app::Problem::StepWork work;
  work.stepped = true;
  for (int t = 0; t < tasks; ++t) {
    const StagePlan plan = stage_plan(spec, t / spec.pc, t % spec.pc);  // as FftRun's (r, c)
    const PairFfts ffts = pair_ffts(plan, TransposeMode::blocking);
    const Stage* stages[] = {&plan.forward_rows, &plan.forward_columns, &plan.backward_columns,
                             &plan.backward_rows};
    const StageFfts* stage_ffts[] = {&ffts.forward_rows, &ffts.forward_columns, &ffts.backward_columns,
                                     &ffts.backward_rows};
    Work pending;
    for (int k = 0; k < 4; ++k) {
      // A slab's row transposes are not run at all (FftRun::forward, backward).
      if ((k == 0 || k == 3) && stages[k]->identity()) continue;
      const TransposeWork w = blocking_work(*stages[k], *stage_ffts[k]);
      pending += w.before;
      if (!calls[k].in_graph) {
        pending += w.after;
        continue;
      }
      set_units(work.before[calls[k].name], pending, t, tasks);
      pending = w.after;
    }
    const Stage& last = plan.backward_rows.identity() ? plan.backward_columns : plan.backward_rows;
    if (!scales_by_copy(last)) pending.copy += static_cast<double>(plan.layouts.x.size());
    set_units(work.after, pending, t, tasks);
  }
  return work;
}

}  // namespace tamp::fft
