"""Simulated runs placed by the launcher, as launcher files do on a Cray: tamp-map computes the run's mapping of the
deck's task graph onto the job's slots, the hostfile puts task t on the host of slot MAP[t], and the app is told so
(`--launched-as NAME:MAP`): it reorders nothing (no MPI_Comm_split, no gathering of every rank's record), which keeps
set-up linear in the ranks at thousands of them (docs/simulation.md, "Ranks placed through the hostfile").

A run keeps the app's own renumbering (MPI_Comm_split) when the deck has no `graph` line, when the mapping is the
app's own ordering (halo `group`, lanczos `cm`) or a file:, or when the job's slots cannot be written as a machine
file (a last node only partly used).
"""
import glob
import os
import shutil

import matrix


def clear(paths):
    """Forgets the placements, job machine files and per-scale hostfiles written for another machine."""
    shutil.rmtree(os.path.join(paths.out, "placements"), ignore_errors=True)
    for pattern in ("machine-*.machine", "hostfile-*"):
        for path in glob.glob(os.path.join(paths.platform_dir, pattern)):
            os.remove(path)


def _keyed(lines):
    out = {}
    for line in lines:
        words = line.split("#", 1)[0].split()
        if words:
            out.setdefault(words[0], words[1:])
    return out


def job_machine(paths, ranks, slots, tamp_map):
    """The machine file of the job's nodes: the first ranks / cores nodes of the allocation (what the launcher-order
    hostfile of `ranks` lines uses), or None when the last of them would be only partly used. A machine file with a
    node list keeps its first lines; one without (the whole machine, any kind: torus, fat tree, dragonfly) is
    written by `tamp-map alloc --first`, the owner of every kind's node lines."""
    if ranks == slots:
        return paths.machine
    path = os.path.join(paths.platform_dir, f"machine-{ranks}.machine")
    if os.path.exists(path):
        return path
    with open(paths.machine) as f:
        lines = f.readlines()
    keys = _keyed(lines)
    cores = int(keys.get("cores_per_node", ["1"])[0])
    if ranks % cores:
        return None
    count = ranks // cores
    at = next((i for i, line in enumerate(lines) if line.split("#", 1)[0].split()[:1] == ["nodes"]), None)
    if at is None:
        tamp_map(paths, "alloc", "--machine", paths.machine, "--nodes", str(count), "--first", "--out", path)
        return path
    nodes = [line for line in lines[at + 1:] if line.split("#", 1)[0].strip()][:count]
    with open(path, "w") as f:
        f.writelines(lines[:at] + [f"nodes {count}\n"] + nodes)
    return path


def launcher_placement(run, paths, slots, tamp_map, placements):
    """(hostfile, machine file, map file) of a run placed by the launcher, or None (the app reorders itself).
    `placements` asks tamp-map which names it computes (launch.placements)."""
    graph = run["deck"].graph_for(run["ranks"])
    if not graph:
        return None
    answer = placements(paths, [run["mapping"]])["names"][run["mapping"]]
    if not answer["module"] or "file" in answer:  # the app's own ordering, or a mapping file the app reads
        return None
    machine = job_machine(paths, run["ranks"], slots, tamp_map)
    if machine is None:
        return None
    folder = os.path.join(paths.out, "placements")
    os.makedirs(folder, exist_ok=True)
    rid = matrix.run_id(run)
    map_path, hostfile = os.path.join(folder, rid + ".map"), os.path.join(folder, rid + ".hostfile")
    if not os.path.exists(hostfile):
        try:
            tamp_map(paths, "map", "--graph", graph, "--machine", machine, "--algorithm", run["mapping"], "--out",
                     map_path)
        except matrix.MatrixError as e:
            raise matrix.MatrixError(f"{rid}: tamp-map map: {e}")
        with open(paths.hostfile) as f:
            hosts = f.readlines()
        with open(map_path) as f:
            slot_of_task = [int(line.split("#", 1)[0]) for line in f if line.split("#", 1)[0].strip()]
        with open(hostfile, "w") as f:
            f.writelines(hosts[s] for s in slot_of_task)
    return hostfile, machine, map_path
