#!/usr/bin/env python3
"""Tables of tests/perf/fft_sim/run.sh: placement gain and hidden share (medians over repetitions)."""
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

out = Path(sys.argv[1])


def rows(name):
    path = out / name
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


print("| grid | mapping | time [s] | ratio | hop-bytes | rows / columns | max link load rows / columns |")
print("| --- | --- | --- | --- | --- | --- | --- |")
first = {}
for d in rows("placement.jsonl"):
    r, grid = d["results"], "x".join(map(str, d["params"]["grid"]))
    t = d["time"]["total"]
    first.setdefault(grid, t)
    print(f"| {grid} | {d['mapping']} | {t:.3e} | {t / first[grid]:.3f} | {d['metrics']['hop_bytes']:.3g} | "
          f"{r['hop_bytes_rows']:.3g} / {r['hop_bytes_columns']:.3g} | "
          f"{r['max_link_load_rows']:.3g} / {r['max_link_load_columns']:.3g} |")

runs = defaultdict(list)
for d in rows("overlap.jsonl"):
    r, p = d["results"], d["params"]
    key = (d["ranks"], "x".join(map(str, p["size"])), "x".join(map(str, p["grid"])), r["tile"], r["window"],
           r["progress"], d["mapping"])
    runs[key].append((d["time"]["per_iteration"], r["time_blocking"], r["comm_overhead"], r["comm_overhead_blocking"],
                      r["hidden_share"]))
print()
print("| ranks | size | grid | tile | window | progress | mapping | s/pair overlapped | s/pair blocking | "
      "overhead overlapped | overhead blocking | hidden (each run) |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for key, values in runs.items():
    med = [statistics.median(column) for column in zip(*values)]
    each = ", ".join(f"{100 * v[4]:.0f}" for v in sorted(values, key=lambda v: v[4]))
    print(f"| {' | '.join(map(str, key))} | {med[0]:.3e} | {med[1]:.3e} | {med[2]:.3e} | {med[3]:.3e} | "
          f"{100 * med[4]:.0f}% ({each}) |")
