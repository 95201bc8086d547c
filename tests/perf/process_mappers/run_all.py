#!/usr/bin/env python3
"""TAMP's placements against KaHIP's process mappers and SharedMap on hierarchical machines (docs/performance.md,
section "Hierarchical machines against the process mappers"; tests/perf/README.md says how KaHIP and SharedMap were
built).

    run_all.py OUT TAMP_MAP KAFFPA GLOBAL_MULTISECTION [--sharedmap SHAREDMAP] -- GRAPH...

For each GRAPH (a METIS file with bytes as edge weights, or a `tamp-map gen` spec) of n tasks, a machine of exactly
n cores: 16 cores per node, the nodes under switches of A2 nodes each (A2 the divisor of the node count nearest its
square root: 1,024 tasks -> 16:8:8, 2,048 -> 16:8:16, 2,016 -> 16:9:14), the switches under one top switch, and level
distances 1 (two cores of one node), 10 (two nodes of one switch), 100 (through the top switch). KaHIP's objective
J = sum over both directions of each edge of bytes x distance is TAMP's `level_cost` there.

KaHIP: `kaffpa --enable_mapping` and `global_multisection`, preconfigurations eco and strong, seed 1, each run twice:
onto the cores (hierarchy 16:A2:A3, distances 1:10:100: one block per core, KaHIP's PE p = TAMP's slot p) and onto
the nodes (hierarchy A2:A3, distances 9:99: J less 1 x all bytes, as two tasks of one node cost 1 on any cores).
Its graph has the bytes in units of 2^k bytes, rounded up, at least 1, k the least for which no J can pass 2^31 - 1
(KaHIP adds edge weights in 32-bit ints); the J it prints is checked against its partition's. KaHIP keeps 1-3%
imbalance at every level even at one task per block (a third of the cores get 2 tasks, nodes up to 27 of 16), and
its own balancing (`--imbalance=0`) took ~10 minutes on one 2,048-task graph for 3x the J, so `one_per_core` below
makes each partition one task per core (what it moved is recorded). SharedMap (optional, KaHIP's shared-memory
hierarchical multisection): configurations fast and strong, seed 1, one thread (then it partitions every level
with KaFFPa fast or strong, and Mt-KaHyPar is not used), imbalance 3%, onto the cores (16:A2:A3, 1:10:100), on
KaHIP's scaled graph; its J is checked and its partition made one task per core the same way. TAMP: `default`,
`multisection`, `auto --objective hop-bytes`, `auto` (objective time) and `rb`, by `tamp-map map`. Every mapping
is then judged by `TAMP_MAP eval --steps 1 --json` on the unscaled graph: level_cost (checked against J computed
here), hop_bytes, max_link_load and the flow engine's time of one step.

Writes OUT/results.json (wall times only in its field `wall_seconds`: the rest is the same every run) and OUT/NAME/
(machine file, KaHIP's and SharedMap's graph, partitions, mapping files); prints the Markdown tables. Runs one
program at a time."""
import collections
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
KAHIP = tuple((tool, preset, granularity) for granularity in ("cores", "nodes")
              for tool in ("kaffpa", "global_multisection") for preset in ("eco", "strong"))
SHAREDMAP = ("fast", "strong")
SHAREDMAP_IMBALANCE = 0.03
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


def parse_json(text, what):
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        fail(f"{what}: not JSON")


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
    """The graph given to KaHIP and SharedMap, its format written `001` (edge weights): SharedMap reads the format's
    digits from the left, taking a bare `1` for vertex sizes."""
    edges = sum(len(e) for e in adjacency) // 2
    with open(path, "w") as f:
        f.write(f"{len(adjacency)} {edges} 001\n")
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

def kahip_run(binary, tool, preset, graph, hierarchy, distances, blocks, partition):
    """One run of kaffpa --enable_mapping or global_multisection; returns (block of each task, KaHIP's J, wall s)."""
    command = [binary, graph, f"--preconfiguration={preset}", f"--seed={SEED}",
               "--hierarchy_parameter_string=" + ":".join(map(str, hierarchy)),
               "--distance_parameter_string=" + ":".join(map(str, distances)), f"--output_filename={partition}"]
    if tool == "kaffpa":
        command[2:2] = [f"--k={blocks}", "--enable_mapping"]
    return run_mapper(command, r"quadratic assignment objective J\(C,D,Pi'\) = (-?\d+)", "J", blocks, partition)


def run_mapper(command, pattern, what, blocks, partition):
    """Runs a foreign mapper; returns (block of each task, the J it printed (pattern's group), wall s)."""
    stdout, wall = run(command)
    found = re.search(pattern, stdout, re.MULTILINE)
    if not found:
        fail(f"{' '.join(command)}: no {what} in its output")
    with open(partition) as f:
        block = [int(line) for line in f.read().split()]
    if not all(0 <= b < blocks for b in block):
        fail(f"{partition}: a block outside [0, {blocks})")
    return block, int(found.group(1)), wall


def node_cost(adjacency, node, hierarchy):
    """J once every node's tasks have cores of their own: D0 between two tasks of one node."""
    return sum(w * (DISTANCES[0] if node[v] == node[u] else distance(node[v] * CORES, node[u] * CORES, hierarchy))
               for v, edges in enumerate(adjacency) for u, w in edges)


def one_per_core(adjacency, node, hierarchy, pe=None):
    """Makes a KaHIP partition one task per core. Nodes holding more tasks than cores give up their surplus, node by
    node in order: each time the one task of that node goes to the one node with free cores whose move adds the
    least to J (two tasks of one node cost D0 wherever their cores are). Then, with `pe` (a PE partition), a task
    alone on its PE keeps it; the others take their node's free cores in order. Returns (mapping, tasks moved to
    another node). Done by this script, not by KaHIP: what it changed is recorded beside each KaHIP row."""
    slots, node = len(adjacency), list(node)
    load = collections.Counter(node)

    def cost(t, n):  # what t's edges cost with t on node n
        return sum(w * (DISTANCES[0] if node[u] == n else distance(n * CORES, node[u] * CORES, hierarchy))
                   for u, w in adjacency[t])

    moved = 0
    for n in range(slots // CORES):
        while load[n] > CORES:
            here = [t for t in range(slots) if node[t] == n]  # a few hundred moves in all: no index needed
            targets = [q for q in range(slots // CORES) if load[q] < CORES]
            _, t, q = min((cost(t, q) - cost(t, n), t, q) for t in here for q in targets)
            node[t] = q
            load[n] -= 1
            load[q] += 1
            moved += 1
    tasks_on = collections.Counter(pe or [])
    mapping, taken = [None] * slots, set()
    for t in range(slots if pe else 0):
        if node[t] == pe[t] // CORES and tasks_on[pe[t]] == 1:
            mapping[t] = pe[t]
            taken.add(pe[t])
    for t in range(slots):
        if mapping[t] is None:
            mapping[t] = min(p for p in range(node[t] * CORES, (node[t] + 1) * CORES) if p not in taken)
            taken.add(mapping[t])
    return mapping, moved


def sharedmap_run(binary, config, graph, hierarchy, distances, blocks, partition):
    """One run of SharedMap (one thread, so its strategy `naive` is never used); returns (block of each task, its
    J, wall s)."""
    command = [binary, "--graph", graph, "--mapping", partition, "--hierarchy", ":".join(map(str, hierarchy)),
               "--distance", ":".join(map(str, distances)), "--imbalance", str(SHAREDMAP_IMBALANCE),
               "--config", config, "--threads", "1", "--strategy", "naive", "--seed", str(SEED)]
    return run_mapper(command, r"^Final QAP\s*:\s*(\d+)\s*$", "J (Final QAP)", blocks, partition)


def foreign_mapping(runner, granularity, small, adjacency, hierarchy, partition):
    """A mapping of KaHIP or SharedMap, `runner(hierarchy, distances, blocks)` running it: to cores (hierarchy
    16:A2:A3, distances 1:10:100, one block per core) or to nodes (hierarchy A2:A3, distances D1-D0:D2-D0, i.e. 9:99:
    then its J plus D0 x all bytes is J, as tasks of one node cost D0 on any cores). Checks the J it printed against
    its partition's; returns (mapping, facts, wall s)."""
    tasks = len(adjacency)
    if granularity == "cores":
        block, reported, wall = runner(hierarchy, DISTANCES, tasks)
        mine, node = level_cost(small, block, hierarchy), [b // CORES for b in block]
        before = level_cost(adjacency, block, hierarchy)
    else:
        node, reported, wall = runner(hierarchy[1:], [d - DISTANCES[0] for d in DISTANCES[1:]], tasks // CORES)
        mine = node_cost(small, node, hierarchy) - DISTANCES[0] * sum(w for edges in small for _, w in edges)
        before = node_cost(adjacency, node, hierarchy)
    if len(node) != tasks:
        fail(f"{partition}: {len(node)} lines for {tasks} tasks")
    if reported != mine:
        fail(f"{partition}: the J it printed, {reported}, is not its partition's, {mine} (the PE numbering?)")
    mapping, moved = one_per_core(adjacency, node, hierarchy, block if granularity == "cores" else None)
    facts = {"printed_J_scaled": reported, "level_cost_before_repair": before,
             "most_tasks_on_a_core": max(collections.Counter(block).values()) if granularity == "cores" else None,
             "most_tasks_on_a_node": max(collections.Counter(node).values()), "tasks_moved_off_node": moved}
    return mapping, facts, wall


# ---- TAMP ----

def evaluate(tamp_map, graph, machine, mapping):
    stdout, _ = run([tamp_map, "eval", "--graph", graph, "--machine", machine, "--mapping", mapping,
                     "--steps", "1", "--json"])
    metrics = parse_json(stdout, f"{tamp_map} eval --mapping {mapping}")
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

    def foreign(kind, label, stem, granularity, runner):
        mapping, facts, wall[name][label] = foreign_mapping(runner, granularity, small, adjacency, hierarchy,
                                                            stem + ".part")
        write_mapping(stem + ".map", mapping)
        judge(label, stem + ".map", mapping, {"kind": kind, **facts})
        log(f"{name}: {label} done")

    for tool, preset, granularity in KAHIP:
        stem = os.path.join(folder, f"{tool}-{preset}-{granularity}")
        foreign("kahip", kahip_label(tool, preset, granularity), stem, granularity,
                lambda h, d, blocks: kahip_run(binaries[tool], tool, preset, kahip_graph, h, d, blocks,
                                               stem + ".part"))
    for config in SHAREDMAP if binaries["sharedmap"] else ():
        stem = os.path.join(folder, f"sharedmap-{config}")
        foreign("sharedmap", sharedmap_label(config), stem, "cores",
                lambda h, d, blocks: sharedmap_run(binaries["sharedmap"], config, kahip_graph, h, d, blocks,
                                                   stem + ".part"))
    for label, algorithm, objective in TAMP:
        path = os.path.join(folder, "tamp-" + re.sub(r"[^a-z-]+", "-", label).strip("-") + ".map")
        _, wall[name][label] = run([tamp_map, "map", "--graph", graph, "--machine", machine, "--algorithm", algorithm,
                                    "--objective", objective, "--seed", str(SEED), "--out", path])
        judge(label, path, read_mapping(path), {"kind": "tamp"})
        log(f"{name}: {label} done")
    foreign_rows = [m for m in row["mappings"] if m["kind"] != "tamp"]
    row["best_foreign"] = min(foreign_rows, key=lambda m: m["level_cost"])["mapper"]
    row["quickest_foreign"] = min(foreign_rows, key=lambda m: m["step_time"])["mapper"]
    return row


# ---- tables ----

def kahip_label(tool, preset, granularity):
    return f"{tool} {preset}" + (" (nodes)" if granularity == "nodes" else "")


def sharedmap_label(config):
    return f"SharedMap {config}"


def short_label(label):
    return (label.replace("global_multisection", "gms").replace("SharedMap", "sm").replace(" (nodes)", "/n")
            .replace(" (hop-bytes)", " hb"))


def percent(value, reference):
    return "0" if value == reference else f"{100.0 * (value - reference) / reference:+.1f}%"


def markdown(head, rows, left=1):
    """A Markdown table, its first `left` columns aligned left, the others right."""
    rule = ["---"] * left + ["---:"] * (len(head) - left)
    return "\n".join(["| " + " | ".join(head) + " |", "| " + " | ".join(rule) + " |"] +
                      ["| " + " | ".join(row) + " |" for row in rows])


def j_table(rows, labels):
    body = []
    for row in rows:
        by = {m["mapper"]: m for m in row["mappings"]}
        best = by[row["best_foreign"]]["level_cost"]
        body.append([row["name"], f"{row['tasks']:,}", row["hierarchy"],
                     f"{best:.4g} `{short_label(row['best_foreign'])}`"] +
                    [percent(by[label]["level_cost"], best) for label in labels])
    head = ["graph", "tasks", "machine", "best J of theirs"] + [f"`{short_label(label)}`" for label in labels]
    return markdown(head, body, 4)


def step_table(rows, sharedmap):
    def us(m):
        return f"{m['step_time'] * 1e6:.1f} us"

    body = []
    for row in rows:
        by = {m["mapper"]: m for m in row["mappings"]}
        best, quickest, auto = by[row["best_foreign"]], by[row["quickest_foreign"]], by["auto"]
        body.append([row["name"], f"`{short_label(best['mapper'])}`", us(best)] +
                    [us(by[label]) for label in sharedmap] +
                    [us(auto), percent(auto["step_time"], best["step_time"]),
                     f"{us(quickest)} `{short_label(quickest['mapper'])}`",
                     percent(auto["step_time"], quickest["step_time"]), us(by["multisection"])])
    head = (["graph", "best-J of theirs", "its step"] + [f"`{short_label(label)}`" for label in sharedmap] +
            ["`auto`", "`auto` against it", "quickest of theirs", "`auto` against it", "`multisection`"])
    return markdown(head, body, 2)


def repair_table(rows, labels):
    def cell(m):
        return (f"{m['most_tasks_on_a_core'] or '-'}/{m['most_tasks_on_a_node']}, {m['tasks_moved_off_node']}, "
                f"{percent(m['level_cost'], m['level_cost_before_repair'])}")
    body = [[row["name"]] + [cell({m["mapper"]: m for m in row["mappings"]}[label]) for label in labels]
            for row in rows]
    return markdown(["graph"] + [f"`{short_label(label)}`" for label in labels], body)


def tables(rows, wall, sharedmap):
    """The Markdown tables; `sharedmap` the labels of SharedMap's runs (none without --sharedmap)."""
    foreign = [kahip_label(*mapper) for mapper in KAHIP] + sharedmap
    labels = foreign + [label for label, _, _ in TAMP]
    times = [[row["name"]] + [f"{wall[row['name']][label]:.2f}" for label in labels] for row in rows]
    return "\n".join([
        "J (KaHIP's objective: bytes x distance 1:10:100, both directions) against the best of KaHIP's and "
        "SharedMap's mappings. `/n`: KaHIP mapped to nodes; `gms`: global_multisection; `sm`: SharedMap; "
        "`auto hb`: auto --objective hop-bytes.", "",
        j_table(rows, labels), "",
        "Flow engine, one step: TAMP's `auto` (objective time) against the best-J and the quickest of KaHIP's and "
        "SharedMap's mappings", "",
        step_table(rows, sharedmap), "",
        "KaHIP's and SharedMap's partitions made one task per core: most tasks on a core / on a node (16 cores), "
        "tasks moved off their node, J after against the partition's (tasks sharing a core cost 0 there)", "",
        repair_table(rows, foreign), "",
        "Wall seconds of each mapper (one process; the machine may be shared)", "",
        markdown(["graph"] + [f"`{short_label(label)}`" for label in labels], times)])


def executable(label, path):
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        fail(f"{label} {path}: not an executable file")


def main():
    usage = "usage: run_all.py OUT TAMP_MAP KAFFPA GLOBAL_MULTISECTION [--sharedmap SHAREDMAP] -- GRAPH..."
    args = sys.argv[1:]
    if "--" not in args:
        fail(usage)
    options, graphs = args[:args.index("--")], args[args.index("--") + 1:]
    sharedmap = None
    if len(options) == 6 and options[4] == "--sharedmap":
        sharedmap = options.pop()
        options.pop()
    if len(options) != 4 or not graphs:
        fail(usage)
    out, tamp_map, kaffpa, multisection = options
    for label, path in (("TAMP_MAP", tamp_map), ("KAFFPA", kaffpa), ("GLOBAL_MULTISECTION", multisection)) + \
            ((("SHAREDMAP", sharedmap),) if sharedmap else ()):
        executable(label, path)
    if "multisection" not in parse_json(run([tamp_map, "placements"])[0], f"{tamp_map} placements")["algorithms"]:
        fail(f"{tamp_map}: no `multisection` placement (a tamp-map without level distances)")
    version = run([kaffpa, "--version"])[0].split()
    os.makedirs(out, exist_ok=True)
    names = [short_name(graph) for graph in graphs]
    if len(set(names)) != len(names):
        fail(f"two graphs of one name: {' '.join(names)}")
    wall, rows = {}, []
    binaries = {"kaffpa": kaffpa, "global_multisection": multisection, "sharedmap": sharedmap}
    for graph in graphs:
        rows.append(instance(graph, out, (tamp_map, binaries), wall))
    results = {"distances": list(DISTANCES), "cores_per_node": CORES, "seed": SEED,
               "kahip_version": version[-1] if version else "",
               "sharedmap": {"configs": list(SHAREDMAP), "imbalance": SHAREDMAP_IMBALANCE, "threads": 1}
               if sharedmap else None, "instances": rows, "wall_seconds": wall}
    path = os.path.join(out, "results.json")
    with open(path + ".part", "w") as f:
        json.dump(results, f, indent=1)
        f.write("\n")
    os.replace(path + ".part", path)
    print(tables(rows, wall, [sharedmap_label(config) for config in SHAREDMAP] if sharedmap else []))


if __name__ == "__main__":
    main()
