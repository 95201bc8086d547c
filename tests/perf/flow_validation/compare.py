#!/usr/bin/env python3
"""The flow engine against SimGrid: the same campaign run by both launchers (docs/simulation.md, "The flow engine").

  compare.py SIM FLOW [--summary | --table] [--json FILE]
  compare.py SIM FLOW --in-doc DOC      # exit 1 unless DOC shows every row of the --table

SIM and FLOW are the output folders of one campaign run with `--launcher sim` and `--launcher flow`, or their
runs.csv (the validation's are kept in tests/perf/flow_validation/results/). For every
run both finished, prints the relative error of the engine's communication time (time.comm) and total time
(time.total) against SimGrid's; for every placement, the error of its gain in communication time over `default`
(percentage points); for every app and scale, the Spearman rank correlation of the placements' communication times
(times within 1e-9 of each other tie), and the same with SimGrid's near-ties (placements within 0.5% of each other)
taken in the engine's order.
The last lines are the worst of each against the targets (10%, 3 points, 0.95). Exit status 1 when no run is in
both."""
import argparse
import csv
import glob
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "model_validation"))
from validate import ranks_of, spearman  # noqa: E402


# Times within this relative difference are one time (a tie in the ranking): two runs of one placement's messages
# that differ by less differ by rounding (the campaigns run SimGrid with --cfg=surf/precision:1e-12, events
# 1 ps apart on runs of microseconds to seconds).
TIE = 1e-9

# SimGrid's placements closer than this (relative) are a near-tie that SimGrid itself does not order: a per-message
# overhead 1 ps longer moves fft's runs by 0.3-2.1% and turns such pairs round (docs/simulation.md, "SimGrid's time
# precision"). It is a sixth of the 3 points allowed on a placement's gain over `default`.
NEAR_TIE = 0.005


def load(out):
    """The finished runs of a campaign folder (its runs/*.jsonl) or of its runs.csv, by run."""
    if os.path.isfile(out):
        with open(out, newline="") as f:
            return {f"{r['app']}-n{r['ranks']}-{r['mapping']}": {
                        "app": r["app"], "ranks": int(r["ranks"]), "mapping": r["mapping"],
                        "time": {"comm": float(r["time_comm"]), "total": float(r["time_total"])}}
                    for r in csv.DictReader(f) if r["status"] == "ok"}
    rows = {}
    for path in sorted(glob.glob(os.path.join(out, "runs", "*.jsonl"))):
        with open(path) as f:
            lines = [line for line in f if line.strip()]
        if lines:
            rows[os.path.splitext(os.path.basename(path))[0]] = json.loads(lines[-1])  # the run, as in runs.csv
    return rows


def gain(comm, base):
    return 100.0 * (1.0 - comm / base) if base > 0 else 0.0


def near_tie_ranks(sim, flow):
    """SimGrid's ranking with each group of near-ties (within NEAR_TIE of the group's fastest) in the engine's order:
    the reference closest to the engine's among the orders SimGrid's precision allows."""
    order = sorted(range(len(sim)), key=lambda i: sim[i])
    group, first = {}, order[0]
    for i in order:
        if sim[i] - sim[first] > NEAR_TIE * abs(sim[first]):
            first = i
        group[i] = first
    engine = ranks_of(flow, TIE)
    keys = [(order.index(group[i]), engine[i]) for i in range(len(sim))]
    distinct = sorted(set(keys))
    return [distinct.index(k) for k in keys]


def compare(sim, flow):
    runs = []
    for key in sorted(set(sim) & set(flow)):
        s, f = sim[key], flow[key]
        runs.append({"app": s["app"], "ranks": s["ranks"], "mapping": s["mapping"],
                     "sim_comm": s["time"]["comm"], "flow_comm": f["time"]["comm"],
                     "sim_total": s["time"]["total"], "flow_total": f["time"]["total"],
                     "wall": f.get("results", {}).get("flow_engine", {}).get("wall_seconds")})
    for r in runs:
        r["comm_error"] = 100.0 * (r["flow_comm"] - r["sim_comm"]) / r["sim_comm"] if r["sim_comm"] > 0 else 0.0
        r["total_error"] = 100.0 * (r["flow_total"] - r["sim_total"]) / r["sim_total"] if r["sim_total"] > 0 else 0.0
    groups = {}
    for r in runs:
        groups.setdefault((r["app"], r["ranks"]), []).append(r)
    scales = []
    for (app, ranks), members in sorted(groups.items()):
        base = next((r for r in members if r["mapping"] == "default"), None)
        for r in members:
            if base is not None:
                r["sim_gain"] = gain(r["sim_comm"], base["sim_comm"])
                r["flow_gain"] = gain(r["flow_comm"], base["flow_comm"])
                r["gain_error"] = r["flow_gain"] - r["sim_gain"]
        comms, flows = [r["sim_comm"] for r in members], [r["flow_comm"] for r in members]
        rho = spearman(comms, flows, TIE)
        rho_near = spearman(near_tie_ranks(comms, flows), flows, TIE)
        scales.append({"app": app, "ranks": ranks, "placements": len(members), "spearman": rho,
                       "spearman_near_ties": rho_near,
                       "worst_comm": max(abs(r["comm_error"]) for r in members),
                       "worst_total": max(abs(r["total_error"]) for r in members),
                       "worst_gain": max((abs(r["gain_error"]) for r in members if "gain_error" in r), default=0.0),
                       "spread": 100.0 * (max(comms) - min(comms)) / min(comms) if min(comms) > 0 else 0.0})
    return runs, scales


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("sim_out")
    p.add_argument("flow_out")
    p.add_argument("--json", help="write the comparison as JSON")
    p.add_argument("--in-doc", metavar="DOC", help="print nothing; exit 1 unless DOC holds every line of --table")
    p.add_argument("--summary", action="store_true", help="one line per app and scale instead of one per run")
    p.add_argument("--table", action="store_true",
                   help="one line per app, its scales side by side (docs/simulation.md's tables)")
    args = p.parse_args()
    runs, scales = compare(load(args.sim_out), load(args.flow_out))
    if not runs:
        sys.exit("compare.py: no run finished under both launchers")
    if args.in_doc:
        return check_doc(table_lines(scales), args.in_doc)
    if args.table:
        print("\n".join(table_lines(scales)))
    elif args.summary:
        print_summary(scales)
    else:
        print_runs(runs, scales)
    worst_comm = max(abs(r["comm_error"]) for r in runs)
    gains = [abs(r["gain_error"]) for r in runs if "gain_error" in r]
    lowest = {key: min((s[key] for s in scales if s[key] is not None), default=float("nan"))
              for key in ("spearman", "spearman_near_ties")}
    print(f"\nruns {len(runs)}; worst comm error {worst_comm:.1f}% (target 10%); worst gain error "
          f"{max(gains) if gains else 0:.1f} points (target 3); lowest Spearman {lowest['spearman']:.3f}, "
          f"{lowest['spearman_near_ties']:.3f} with near-ties in the engine's order (target 0.95)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"runs": runs, "scales": scales}, f, indent=1)
    return 0


def print_summary(scales):
    """Per app and scale: the worst errors, the Spearman correlation and how far apart SimGrid's placements are
    (a ranking of placements within a few percent of each other says little)."""
    print("| app | ranks | placements | worst comm error | worst total error | worst gain error (points) | Spearman "
          "| near-ties either way | SimGrid spread |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for s in scales:
        print(f"| {s['app']} | {s['ranks']:,} | {s['placements']} | {s['worst_comm']:.1f}% | {s['worst_total']:.1f}% "
              f"| {s['worst_gain']:.1f} | {rho_text(s['spearman'])} | {rho_text(s['spearman_near_ties'])} "
              f"| {s['spread']:.1f}% |")


def rho_text(rho):
    return "n/a" if rho is None else f"{rho:.3f}"


def table_lines(scales):
    """print_summary's figures, one line per app with its scales joined by ' / '."""
    apps = {}
    for s in scales:
        apps.setdefault(s["app"], []).append(s)
    lines = ["| app | ranks | placements | comm error | total error | gain error (points) | Spearman | near-ties either "
             "way | SimGrid spread |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for app, rows in apps.items():
        cells = [
            [f"{s['ranks']:,}" for s in rows],
            [str(n) for n in sorted({s["placements"] for s in rows})],
            [f"{s['worst_comm']:.1f}%" for s in rows],
            [f"{s['worst_total']:.1f}%" for s in rows],
            [f"{s['worst_gain']:.1f}" for s in rows],
            [rho_text(s["spearman"]) for s in rows],
            [rho_text(s["spearman_near_ties"]) for s in rows],
            [f"{s['spread']:.1f}%" if s["spread"] < 100 else f"{s['spread']:.0f}%" for s in rows],
        ]
        lines.append(f"| {app} | " + " | ".join(" / ".join(c) for c in cells) + " |")
    return lines


def check_doc(lines, doc):
    """0 when every line of the table is a line of `doc`; else 1, naming the first that is not."""
    with open(doc) as f:
        shown = set(line.rstrip("\n") for line in f)
    for line in lines[2:]:
        if line not in shown:
            print(f"compare.py: {doc} does not show: {line}", file=sys.stderr)
            return 1
    return 0


def print_runs(runs, scales):
    print("| app | ranks | mapping | SimGrid comm (s) | engine comm (s) | comm error | total error | gain SimGrid | "
          "gain engine | gain error (points) |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in runs:
        g = ("| {:+.1f}% | {:+.1f}% | {:+.1f} |".format(r["sim_gain"], r["flow_gain"], r["gain_error"])
             if "gain_error" in r else "| | | |")
        print(f"| {r['app']} | {r['ranks']:,} | `{r['mapping']}` | {r['sim_comm']:.4g} | {r['flow_comm']:.4g} | "
              f"{r['comm_error']:+.1f}% | {r['total_error']:+.1f}% {g}")
    print("\n| app | ranks | placements | Spearman | near-ties either way |\n| --- | ---: | ---: | ---: | ---: |")
    for s in scales:
        print(f"| {s['app']} | {s['ranks']:,} | {s['placements']} | {rho_text(s['spearman'])} "
              f"| {rho_text(s['spearman_near_ties'])} |")


if __name__ == "__main__":
    sys.exit(main())
