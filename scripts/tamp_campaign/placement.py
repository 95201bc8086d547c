"""Simulated runs placed by the launcher, as launcher files do on a Cray: tamp-map computes the run's mapping of the
app's task graph (which the app gives: ask.task_graph) onto the job's slots, the hostfile puts task t on the host of
slot MAP[t], and the app is told so (`--launched-as NAME:MAP`): it reorders nothing (no MPI_Comm_split, no gathering
of every rank's record), which keeps set-up linear in the ranks at thousands of them (docs/simulation.md, "Ranks
placed through the hostfile").

A run keeps the app's own renumbering (MPI_Comm_split) when the mapping is the app's own ordering (halo `group`,
lanczos `cm`) or a file:, when no generator makes the app's task graph (mesh's METIS partition), or when the job's
slots cannot be written as a machine file (a last node only partly used).
"""
import glob
import os
import shutil

from . import ask, files, matrix


def clear(paths):
    """Forgets the placements, job machine files and per-scale hostfiles written for another machine."""
    shutil.rmtree(os.path.join(paths.out, "placements"), ignore_errors=True)
    for pattern in ("machine-*.machine", "hostfile-*"):
        for path in glob.glob(os.path.join(paths.platform_dir, pattern)):
            os.remove(path)


def forget_others(paths, kept):
    """Forgets the placements of every run but those of `kept` (run ids), on the same platform."""
    folder = os.path.join(paths.out, "placements")
    for name in os.listdir(folder) if os.path.isdir(folder) else ():
        if os.path.splitext(name)[0] not in kept:
            os.remove(os.path.join(folder, name))


def job_machine(paths, ranks, slots):
    """The machine file of the job's nodes: the first ranks / cores nodes of the allocation (what the launcher-order
    hostfile of `ranks` lines uses), or None when the last of them would be only partly used. tamp-map says the
    cores per node (`tamp-map machine`) and writes the file (`tamp-map alloc --first`: the owner of every kind's
    node lines, host names kept)."""
    if ranks == slots:
        return paths.machine
    path = os.path.join(paths.platform_dir, f"machine-{ranks}.machine")
    if os.path.exists(path):
        return path
    cores = ask.machine(paths, paths.machine)["cores_per_node"]
    if ranks % cores:
        return None
    ask.tamp_map(paths, "alloc", "--machine", paths.machine, "--nodes", str(ranks // cores), "--first", "--out",
                 path)
    return path


def launcher_placement(run, paths, slots):
    """(hostfile, machine file, map file) of a run placed by the launcher, or None (the app reorders itself).
    tamp-map says which names it computes (ask.placements)."""
    answer = ask.placements(paths, [run["mapping"]])["names"][run["mapping"]]
    if not answer["module"] or "file" in answer:  # the app's own ordering, or a mapping file the app reads
        return None
    machine = job_machine(paths, run["ranks"], slots)
    if machine is None:
        return None
    graph = ask.task_graph(paths, run["deck"], run["ranks"])
    if not graph:
        return None
    folder = os.path.join(paths.out, "placements")
    os.makedirs(folder, exist_ok=True)
    rid = matrix.run_id(run)
    map_path, hostfile = os.path.join(folder, rid + ".map"), os.path.join(folder, rid + ".hostfile")
    if not os.path.exists(hostfile):
        try:
            ask.tamp_map(paths, "map", "--graph", graph, "--machine", machine, "--algorithm", run["mapping"], "--out",
                     map_path)
        except matrix.MatrixError as e:
            raise matrix.MatrixError(f"tamp-map map: {e}")
        with open(paths.hostfile) as f:
            hosts = f.readlines()
        with open(map_path) as f:
            slot_of_task = [int(line.split("#", 1)[0]) for line in f if line.split("#", 1)[0].strip()]
        files.write_whole(hostfile, "".join(hosts[s] for s in slot_of_task))  # its presence says it is done
    return hostfile, machine, map_path
