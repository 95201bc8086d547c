#!/usr/bin/env python3
"""Checks that an app ran the task graph of its campaign deck's `graph` line.

usage: check_deck_graph.py REPORT DECK SUBST TAMP_MAP WORKDIR
  REPORT   the app's --json report (JSON Lines); every run's params.graph must be the deck's line
  DECK     inputs/campaigns/apps/APP.deck; its `graph` line with SUBST applied ("px=2,py=2,pz=1" -> {px} = 2 ...)
  TAMP_MAP `tamp-map gen LINE --out WORKDIR/g` must write the phases the app evaluated (metrics.phases: names,
           kinds, counts, messages), or no phases file when the app's graph has a single phase.
Exits 1 with one line per problem found.
"""
import json
import os
import subprocess
import sys


def deck_graph_line(deck, subst):
    lines = [l.split("#", 1)[0].split(None, 1) for l in open(deck, encoding="utf-8")]
    graphs = [l[1].strip() for l in lines if len(l) == 2 and l[0] == "graph"]
    if len(graphs) != 1:
        sys.exit(f"{deck}: expected one graph line, found {len(graphs)}")
    line = graphs[0]
    for pair in filter(None, subst.split(",")):
        key, value = pair.split("=", 1)
        line = line.replace("{" + key + "}", value)
    return line


def read_phases(path):
    phases, left = [], 0
    for raw in open(path, encoding="utf-8"):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        if words[0] == "phase":
            phases.append({"name": words[1], "kind": words[2], "count": float(words[3]), "messages": int(words[4])})
    return phases


def main():
    report, deck, subst, tamp_map, work = sys.argv[1:6]
    expected = deck_graph_line(deck, subst)
    problems = []
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
            problems.append(f"line {n}: params.graph '{got}' is not the deck's graph line '{expected}'")
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
        print(f"the app ran the deck's graph '{expected}' ({len(phases or [])} phases, {len(runs)} runs)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
