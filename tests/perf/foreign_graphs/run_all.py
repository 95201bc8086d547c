#!/usr/bin/env python3
"""Every placement of the registry on every graph and machine of the benchmark, run in the flow engine
(docs/performance.md, "`auto` on graphs of other origins").

    run_all.py OUT TAMP_MAP GRAPH... -- MACHINE...

For each GRAPH (a METIS file or a generator spec) and MACHINE, `TAMP_MAP eval --steps 1 --json` of every algorithm
of `TAMP_MAP placements` under the default objective (time), and of `auto` under --objective hop-bytes and
congestion too. Writes OUT/results.jsonl, one row per run: graph, machine, algorithm, objective, and either the
engine's time of one step, the hop-bytes, the busiest link's bytes and the CPU seconds of the run, or `error` with
tamp-map's message (an algorithm that needs a task grid on a graph without one). Runs one at a time."""
import json
import os
import resource
import subprocess
import sys

OBJECTIVES = ("time", "hop-bytes", "congestion")  # `auto` under each; the other algorithms under the first


def name_of(path):
    return os.path.splitext(os.path.basename(path))[0] if os.path.exists(path) else path


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def evaluate(tamp_map, graph, machine, algorithm, objective):
    command = [tamp_map, "eval", "--graph", graph, "--machine", machine, "--mapping", algorithm,
               "--objective", objective, "--steps", "1", "--json"]
    before = cpu_seconds()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    row = {"graph": name_of(graph), "machine": name_of(machine), "algorithm": algorithm, "objective": objective}
    if done.returncode != 0:
        message = done.stderr.strip().splitlines()
        if not message or "error:" not in message[-1]:
            sys.exit(f"run_all.py: {' '.join(command)} crashed (exit {done.returncode})")
        return {**row, "error": message[-1].split("error: ", 1)[1]}
    metrics = json.loads(done.stdout)
    return {**row, "time": metrics["flow_engine"]["total"], "hop_bytes": metrics["hop_bytes"],
            "max_link_load": metrics["max_link_load"], "cpu": cpu_seconds() - before}


def main():
    args = sys.argv[1:]
    if len(args) < 5 or "--" not in args:
        sys.exit("usage: run_all.py OUT TAMP_MAP GRAPH... -- MACHINE...")
    out, tamp_map = args[0], args[1]
    split = args.index("--")
    graphs, machines = args[2:split], args[split + 1:]
    algorithms = json.loads(subprocess.run([tamp_map, "placements"], check=True, stdout=subprocess.PIPE,
                                           text=True).stdout)["algorithms"]
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "results.jsonl")
    with open(path + ".part", "w") as f:  # renamed when whole
        for graph in graphs:
            for machine in machines:
                for algorithm in algorithms:
                    for objective in OBJECTIVES if algorithm == "auto" else OBJECTIVES[:1]:
                        f.write(json.dumps(evaluate(tamp_map, graph, machine, algorithm, objective)) + "\n")
                        f.flush()
                print(f"run_all.py: {name_of(graph)} on {name_of(machine)} done", flush=True)
    os.replace(path + ".part", path)


if __name__ == "__main__":
    main()
