#!/usr/bin/env python3
"""TAMP's placements against KaHIP's process mappers on hierarchical machines (docs/performance.md, "TAMP against
KaHIP's process mappers"; tests/perf/README.md says how KaHIP was built).

    run_all.py OUT TAMP_MAP KAFFPA GLOBAL_MULTISECTION -- GRAPH...

For each GRAPH (a METIS file with bytes as edge weights, or a `tamp-map gen` spec) of n tasks, a machine of exactly
n cores: 16 cores per node, the nodes under switches of A2 nodes each (A2 the divisor of the node count nearest its
square root, 2,048 tasks -> 16:8:16, 2,016 -> 16:9:14), the switches under one top switch, and level distances
1 (two cores of one node), 10 (two nodes of one switch), 100 (through the top switch). KaHIP's objective
J = sum over both directions of each edge of bytes x distance is TAMP's `level_cost` there.

Mappers: `kaffpa --enable_mapping` and `global_multisection`, each with the preconfigurations eco and strong, seed 1,
on the graph with its bytes in units of 2^k bytes (the smallest k for which J cannot pass 2^31 - 1: KaHIP adds edge
weights in 32-bit ints), rounded up, at least 1; TAMP's `default`, `multisection`, `auto --objective hop-bytes`,
`auto` (objective time) and `rb`. KaHIP puts up to 2 tasks on a PE (its partitioner keeps 1-3% imbalance even at one
task per block; its own balancing, `--imbalance=0`, takes ~10 minutes a graph and triples J), so each of its
partitions is made one task per core by `one_per_pe` below (the moves it made are recorded). Every mapping is then
judged by `TAMP_MAP eval --steps 1 --json` on the unscaled graph: level_cost (checked against J computed here),
hop_bytes, max_link_load and the flow engine's time of one step.

Writes OUT/results.json (wall times only in its field `wall_seconds`: the rest is the same every run) and OUT/NAME/
(machine file, KaHIP's graph, partitions, mapping files); prints the Markdown tables. Runs one program at a time."""
import json
import math
import os
import re
import subprocess
import sys
import time

CORES = 16
DISTANCES = (1, 10, 100)
SEED = 1
INT_MAX = 2**31 - 1
KAHIP = (("kaffpa", "eco"), ("kaffpa", "strong"), ("global_multisection", "eco"), ("global_multisection", "strong"))
TAMP = (("default", "default", "time"), ("multisection", "multisection", "time"),
        ("auto (hop-bytes)", "auto", "hop-bytes"), ("auto", "auto", "time"), ("rb", "rb", "time"))


def fail(message):
    sys.exit(f"run_all.py: {message}")


def log(message):
    print(f"run_all.py: {message}", file=sys.stderr, flush=True)


def run(command):
    """Runs command; returns (stdout, wall seconds); a failure exits naming the command."""
    start = time.monotonic()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    if done.returncode != 0:
        last = (done.stderr.strip() or done.stdout.strip()).splitlines()[-1:]
        fail(f"{' '.join(command)} failed (exit {done.returncode}){': ' + last[0] if last else ''}")
    return done.stdout, wall


# ---- graphs ----

def read_metis(path):
    """Returns the adjacency lists [[(neighbour, bytes), ...], ...] of a METIS graph; checks what KaHIP requires
    (symmetric, no self-loops or repeated edges, positive integer weights)."""
    with open(path) as f:
        lines = [line for line in f.read().splitlines() if not line.lstrip().startswith("%")]
    while lines and not lines[0].strip():
        lines.pop(0)
    header = lines[0].split() if lines else []
    if len(header) < 2:
        fail(f"{path}: no METIS header")
    n, m = int(header[0]), int(header[1])
    fmt = header[2].rjust(3, "0") if len(header) > 2 else "000"
    ncon = int(header[3]) if len(header) > 3 else 1
    skip = (fmt[0] == "1") + (ncon if fmt[1] == "1" else 0)
    weighted = fmt[2] == "1"
    if len(lines) < n + 1:
        fail(f"{path}: {n} vertices announced, {len(lines) - 1} lines")
    adjacency = []
    for v in range(n):
        tokens = [int(t) for t in lines[v + 1].split()][skip:]
        step = 2 if weighted else 1
        adjacency.append([(tokens[i] - 1, tokens[i + 1] if weighted else 1) for i in range(0, len(tokens), step)])
    weight = {}
    for v, edges in enumerate(adjacency):
        for u, w in edges:
            if u == v or not 0 <= u < n or w <= 0 or (v, u) in weight:
                fail(f"{path}: vertex {v + 1}: self-loop, bad neighbour, repeated edge or weight <= 0")
            weight[v, u] = w
    if any(weight.get((u, v)) != w for (v, u), w in weight.items()) or len(weight) != 2 * m:
        fail(f"{path}: not symmetric or the header's edge count ({m}) is wrong")
    return adjacency


def kahip_unit(adjacency):
    """The smallest 2^k bytes for which J of the scaled graph cannot pass INT_MAX, whatever the mapping."""
    k = 0
    while sum(-(-w // 2**k) for edges in adjacency for _, w in edges) * max(DISTANCES) > INT_MAX:
        k += 1
    return 2**k


def write_kahip_graph(path, adjacency, unit):
    edges = sum(len(e) for e in adjacency) // 2
    with open(path, "w") as f:
        f.write(f"{len(adjacency)} {edges} 1\n")
        for e in adjacency:
            f.write(" ".join(f"{u + 1} {-(-w // unit)}" for u, w in e) + "\n")


def scaled(adjacency, unit):
    return [[(u, -(-w // unit)) for u, w in e] for e in adjacency]


# ---- the machine ----

def hierarchy_of(tasks):
    if tasks % CORES:
        fail(f"{tasks} tasks: not a multiple of {CORES} cores per node")
    nodes = tasks // CORES
    per_switch = min((d for d in range(1, nodes + 1) if nodes % d == 0), key=lambda d: (abs(d - math.sqrt(nodes)), d))
    return CORES, per_switch, nodes // per_switch


def write_machine(path, hierarchy):
    cores, per_switch, switches = hierarchy
    lines = [f"name hier-{cores}-{per_switch}-{switches}", "topology fattree", f"cores_per_node {cores}",
             "switch top - 0"] + [f"switch s{s} top {per_switch}" for s in range(switches)]
    with open(path, "w") as f:
        f.write("\n".join(lines + ["level_distances " + " ".join(map(str, DISTANCES))]) + "\n")


def distance(p, q, hierarchy):
    """KaHIP's distance of PEs p and q: PE p is core p % a1 of node p / a1, under switch p / (a1 a2). TAMP's
    processor slot node * 16 + core is the same number."""
    if p == q:
        return 0
    size = 1
    for level, a in enumerate(hierarchy):
        size *= a
        if p // size == q // size:
            return DISTANCES[level]
    return DISTANCES[-1]


def level_cost(adjacency, pe, hierarchy):
    return sum(w * distance(pe[v], pe[u], hierarchy) for v, edges in enumerate(adjacency) for u, w in edges)


# ---- KaHIP ----

def one_per_pe(adjacency, pe, hierarchy):
    """Moves the surplus tasks of PEs holding several to free PEs, PE by PE in order: each time the task and free PE
    (the lowest free core of a node: cores of one node cost the same) whose move adds the least to J.
    Returns (mapping, PEs that held several tasks, tasks moved)."""
    pe = list(pe)
    slots = len(adjacency)
    on = [[] for _ in range(slots)]
    for t, p in enumerate(pe):
        on[p].append(t)
    free = sorted(p for p in range(slots) if not on[p])
    crowded = [p for p in range(slots) if len(on[p]) > 1]
    moved = 0
    for p in crowded:
        while len(on[p]) > 1:
            candidates = sorted({q // CORES: q for q in reversed(free)}.values())  # lowest free core per node
            best = None
            for t in on[p]:
                here = sum(w * distance(p, pe[u], hierarchy) for u, w in adjacency[t])
                for q in candidates:
                    gain = sum(w * distance(q, pe[u], hierarchy) for u, w in adjacency[t]) - here
                    if best is None or (gain, t, q) < best:
                        best = (gain, t, q)
            _, t, q = best
            on[p].remove(t)
            on[q].append(t)
            free.remove(q)
            pe[t] = q
            moved += 1
    return pe, len(crowded), moved


def run_kahip(binary, tool, preset, graph, hierarchy, tasks, partition):
    command = [binary, graph, f"--preconfiguration={preset}", f"--seed={SEED}",
               "--hierarchy_parameter_string=" + ":".join(map(str, hierarchy)),
               "--distance_parameter_string=" + ":".join(map(str, DISTANCES)), f"--output_filename={partition}"]
    if tool == "kaffpa":
        command[2:2] = [f"--k={tasks}", "--enable_mapping"]
    stdout, wall = run(command)
    found = re.search(r"quadratic assignment objective J\(C,D,Pi'\) = (-?\d+)", stdout)
    if not found:
        fail(f"{' '.join(command)}: no J in its output")
    with open(partition) as f:
        pe = [int(line) for line in f.read().split()]
    if len(pe) != tasks or not all(0 <= p < tasks for p in pe):
        fail(f"{partition}: not {tasks} PEs in [0, {tasks})")
    return pe, int(found.group(1)), wall


# ---- TAMP ----

def evaluate(tamp_map, graph, machine, mapping):
    stdout, _ = run([tamp_map, "eval", "--graph", graph, "--machine", machine, "--mapping", mapping,
                     "--steps", "1", "--json"])
    metrics = json.loads(stdout)
    if "level_cost" not in metrics:
        fail(f"{tamp_map} eval gives no level_cost: a tamp-map without level distances")
    return {"level_cost": metrics["level_cost"], "hop_bytes": metrics["hop_bytes"],
            "max_link_load": metrics["max_link_load"], "step_time": metrics["flow_engine"]["total"]}


def write_mapping(path, pe):
    with open(path, "w") as f:
        f.write("".join(f"{p}\n" for p in pe))


def read_mapping(path):
    with open(path) as f:
        return [int(line) for line in f.read().splitlines() if line.strip() and not line.startswith("#")]


# ---- one instance ----

def short_name(graph):
    """A file's base name; a spec up to its first option (`minighost:16x16x8`)."""
    if os.path.exists(graph):
        return os.path.splitext(os.path.basename(graph))[0]
    return graph.split(",")[0]


def instance(graph, out, tools, wall):
    tamp_map, binaries = tools
    name = short_name(graph)
    folder = os.path.join(out, re.sub(r"[^A-Za-z0-9.-]+", "-", name))
    os.makedirs(folder, exist_ok=True)
    metis = graph
    if not os.path.exists(graph):  # a generator spec: TAMP maps and judges the spec, KaHIP gets its METIS form
        metis = os.path.join(folder, "task.graph")
        run([tamp_map, "gen", graph, "--out", metis])
    adjacency = read_metis(metis)
    tasks = len(adjacency)
    hierarchy = hierarchy_of(tasks)
    machine = os.path.join(folder, "machine.machine")
    write_machine(machine, hierarchy)
    unit = kahip_unit(adjacency)
    kahip_graph = os.path.join(folder, "kahip.graph")
    write_kahip_graph(kahip_graph, adjacency, unit)
    small = scaled(adjacency, unit)
    row = {"name": name, "graph": graph, "tasks": tasks, "edges": sum(len(e) for e in adjacency) // 2,
           "hierarchy": ":".join(map(str, hierarchy)), "kahip_unit_bytes": unit, "mappings": []}
    wall[name] = {}

    def judge(label, path, pe, extra):
        metrics = evaluate(tamp_map, graph, machine, path)
        mine = level_cost(adjacency, pe, hierarchy)
        if metrics["level_cost"] != mine:
            fail(f"{name} {label}: tamp-map's level_cost {metrics['level_cost']} is not J = {mine}")
        row["mappings"].append({"mapper": label, **metrics, **extra})

    for tool, preset in KAHIP:
        label = f"{tool} {preset}"
        partition = os.path.join(folder, f"{tool}-{preset}.part")
        pe, reported, wall[name][label] = run_kahip(binaries[tool], tool, preset, kahip_graph, hierarchy, tasks,
                                                    partition)
        if reported != level_cost(small, pe, hierarchy):
            fail(f"{name} {label}: KaHIP's J {reported} is not J = {level_cost(small, pe, hierarchy)} of its "
                 "partition on its graph (PE numbering?)")
        repaired, crowded, moved = one_per_pe(adjacency, pe, hierarchy)
        path = os.path.join(folder, f"{tool}-{preset}.map")
        write_mapping(path, repaired)
        judge(label, path, repaired, {"kind": "kahip", "kahip_J_scaled": reported,
                                      "level_cost_before_repair": level_cost(adjacency, pe, hierarchy),
                                      "pes_with_several_tasks": crowded, "tasks_moved": moved})
        log(f"{name}: {label} done")
    for label, algorithm, objective in TAMP:
        path = os.path.join(folder, "tamp-" + re.sub(r"[^a-z-]+", "-", label).strip("-") + ".map")
        _, wall[name][label] = run([tamp_map, "map", "--graph", graph, "--machine", machine, "--algorithm", algorithm,
                                    "--objective", objective, "--seed", str(SEED), "--out", path])
        judge(label, path, read_mapping(path), {"kind": "tamp"})
        log(f"{name}: {label} done")
    kahip = [m for m in row["mappings"] if m["kind"] == "kahip"]
    row["best_kahip"] = min(kahip, key=lambda m: m["level_cost"])["mapper"]
    return row


# ---- tables ----

def percent(value, reference):
    change = 100.0 * (value - reference) / reference
    return "0" if value == reference else f"{change:+.1f}%"


def tables(rows):
    labels = [f"{t} {p}" for t, p in KAHIP] + [label for label, _, _ in TAMP]
    heads = ["`kaffpa` eco", "`kaffpa` strong", "`global_ms` eco", "`global_ms` strong"] + \
            [f"`{label}`" if "(" not in label else f"`auto` ({label.split('(')[1]}" for label, _, _ in TAMP]
    lines = ["J (KaHIP's objective, bytes x distance 1:10:100) relative to the best KaHIP mapper's; lower is better",
             "", "| graph | tasks | machine | best KaHIP: J, one task per core | its repair | " + " | ".join(heads) + " |",
             "| --- | ---: | --- | --- | --- | " + " | ".join(["---:"] * len(heads)) + " |"]
    for row in rows:
        by = {m["mapper"]: m for m in row["mappings"]}
        kahip = by[row["best_kahip"]]
        best = kahip["level_cost"]
        repair = f"{kahip['tasks_moved']} moved, J {percent(best, kahip['level_cost_before_repair'])}"
        lines.append(f"| {row['name']} | {row['tasks']:,} | {row['hierarchy']} | {best:.4g} `{row['best_kahip']}` | "
                     f"{repair} | " + " | ".join(percent(by[label]["level_cost"], best) for label in labels) + " |")
    lines += ["", "Flow engine, one step: TAMP's `auto` (objective time) against the best-J KaHIP mapping", "",
              "| graph | best-J KaHIP | its step | `auto` step | `auto` against it | `multisection` step |",
              "| --- | --- | ---: | ---: | ---: | ---: |"]
    for row in rows:
        by = {m["mapper"]: m for m in row["mappings"]}
        kahip, auto = by[row["best_kahip"]]["step_time"], by["auto"]["step_time"]
        lines.append(f"| {row['name']} | `{row['best_kahip']}` | {kahip * 1e6:.1f} us | {auto * 1e6:.1f} us | "
                     f"{percent(auto, kahip)} | {by['multisection']['step_time'] * 1e6:.1f} us |")
    return "\n".join(lines)


def wall_table(rows, wall):
    labels = [f"{t} {p}" for t, p in KAHIP] + [label for label, _, _ in TAMP]
    lines = ["Wall seconds (one process each; the machine may be shared)", "",
             "| graph | " + " | ".join(labels) + " |", "| --- | " + " | ".join(["---:"] * len(labels)) + " |"]
    for row in rows:
        lines.append(f"| {row['name']} | " + " | ".join(f"{wall[row['name']][label]:.2f}" for label in labels) + " |")
    return "\n".join(lines)


def main():
    args = sys.argv[1:]
    if len(args) < 6 or "--" not in args or args.index("--") != 4:
        fail("usage: run_all.py OUT TAMP_MAP KAFFPA GLOBAL_MULTISECTION -- GRAPH...")
    out, tamp_map, kaffpa, multisection = (os.path.abspath(a) if i else a for i, a in enumerate(args[:4]))
    graphs = args[5:]
    for label, path in (("TAMP_MAP", tamp_map), ("KAFFPA", kaffpa), ("GLOBAL_MULTISECTION", multisection)):
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            fail(f"{label} {path}: not an executable file")
    if "multisection" not in json.loads(run([tamp_map, "placements"])[0])["algorithms"]:
        fail(f"{tamp_map}: no `multisection` placement (a tamp-map without level distances)")
    version = run([kaffpa, "--version"])[0].split()
    os.makedirs(out, exist_ok=True)
    names = [short_name(graph) for graph in graphs]
    if len(set(names)) != len(names):
        fail(f"two graphs of one name: {' '.join(names)}")
    wall, rows = {}, []
    for graph in graphs:
        rows.append(instance(graph, out, (tamp_map, {"kaffpa": kaffpa, "global_multisection": multisection}), wall))
    results = {"distances": list(DISTANCES), "cores_per_node": CORES, "seed": SEED,
               "kahip_version": version[-1] if version else "", "instances": rows, "wall_seconds": wall}
    path = os.path.join(out, "results.json")
    with open(path + ".part", "w") as f:
        json.dump(results, f, indent=1)
        f.write("\n")
    os.replace(path + ".part", path)
    print(tables(rows))
    print()
    print(wall_table(rows, wall))


if __name__ == "__main__":
    main()
