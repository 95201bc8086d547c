#!/usr/bin/env python3
"""Checks that an app's answer to --task-graph-for is the task graph it runs with.

usage: check_task_graph.py REPORT TAMP_MAP WORKDIR RANKS ANSWER|- -- APP ARGS...
  REPORT   the app's --json report (JSON Lines) of a run of APP ARGS on RANKS ranks
  TAMP_MAP `tamp-map gen SPEC --out WORKDIR/g` of the answer must write the phases the app evaluated (metrics.phases:
           names, kinds, counts, messages), or no phases file when the app's graph has a single phase
  ANSWER   a file holding the answer to check instead of asking the app (a test that the check can fail), or `-`:
           ask `APP ARGS --task-graph-for RANKS` (one process, no launcher)
Every run's params.graph must be the answer's graph. Exits 1 with one line per problem found.
"""
import json
import os
import subprocess
import sys

# An MPI singleton started by root (CI containers) is refused by Open MPI unless told.
ROOT_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}


def read_phases(path):
    phases = []
    for raw in open(path, encoding="utf-8"):
        words = raw.split("#", 1)[0].split()
        if words and words[0] == "phase":
            phases.append({"name": words[1], "kind": words[2], "count": float(words[3]), "messages": int(words[4])})
    return phases


def answer_of(app, ranks, answer_file):
    if answer_file != "-":
        return open(answer_file, encoding="utf-8").read()
    asked = subprocess.run([*app, "--task-graph-for", ranks], capture_output=True, text=True,
                           env=dict(os.environ, **ROOT_ENV))
    if asked.returncode != 0:
        sys.exit(f"{' '.join(app)} --task-graph-for {ranks} failed: {asked.stderr.strip()}")
    return asked.stdout


def main():
    split = sys.argv.index("--")
    report, tamp_map, work, ranks, answer_file = sys.argv[1:split]
    app = sys.argv[split + 1:]
    text = answer_of(app, ranks, answer_file)
    try:
        expected = json.loads(text)["graph"]
    except (ValueError, KeyError, TypeError):
        sys.exit(f"not a JSON answer with a graph: {text.strip()[:200]}")
    problems = []
    phases = None
    if expected is None:
        problems.append("the app answered no graph (null)")
    else:
        os.makedirs(work, exist_ok=True)
        out = os.path.join(work, "g")
        for name in ("g.graph", "g.phases"):
            if os.path.exists(os.path.join(work, name)):
                os.remove(os.path.join(work, name))
        gen = subprocess.run([tamp_map, "gen", expected, "--out", out], capture_output=True, text=True)
        if gen.returncode != 0:
            problems.append(f"tamp-map gen '{expected}' failed: {gen.stderr.strip()}")
        phases = read_phases(out + ".phases") if os.path.exists(out + ".phases") else None
    runs = [json.loads(l) for l in open(report, encoding="utf-8") if l.strip()]
    if not runs:
        problems.append(f"{report}: no runs")
    for n, run in enumerate(runs, 1):
        got = run.get("params", {}).get("graph")
        if got != expected:
            problems.append(f"line {n}: params.graph '{got}' is not the answer's graph '{expected}'")
        ran = [{k: p.get(k) for k in ("name", "kind", "count", "messages")}
               for p in run.get("metrics", {}).get("phases", [])]
        if phases is None:
            if len(ran) > 1:
                problems.append(f"line {n}: the app evaluated {len(ran)} phases, tamp-map gen wrote none")
        elif ran != phases:
            problems.append(f"line {n}: the app's phases {ran} are not tamp-map gen's {phases}")
    for p in problems:
        print(p)
    if not problems:
        print(f"the app ran the graph it answers, '{expected}' ({len(phases or [])} phases, {len(runs)} runs)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
