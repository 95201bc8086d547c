"""Batch job scripts (srun, aprun; runjob on Blue Gene/Q, cobalt-mpirun on Blue Gene/P) written instead of run, with
the launcher file of each placement.

A placement is computed on the job's own nodes: the first ranks / cores nodes of the machine file's allocation
(OUT/platform/machine-N.machine), so slot k is the job's node k / cores, core k % cores. Host names are never made
up: a Slurm script expands SLURM_JOB_NODELIST at run time (`scontrol show hostnames`) and writes the hostfile of
the placement from its slots file (docs/measuring-gains.md, section 2). A Blue Gene script names torus coordinates
instead (`tamp-map map --format bluegene`, block-relative when the machine file is the job's block), and every
run gets a mapfile: its mapping's, or the model's slot order, so `default` is the placement the model assumed and
not the launcher's own order (XYZT on BG/P, ABCDET on BG/Q)."""
import math
import os
import shlex

from . import ask, launch
from . import matrix
from . import placement


class Shell(str):
    """A word the script itself expands at run time ("$COBALT_PARTNAME"), written as is; every other word of a
    command comes from the user (deck arguments, paths, mappings) and is quoted."""


def shell_join(words):
    """A command line in which each word reaches the program as one argument, whatever characters it holds."""
    return " ".join(w if isinstance(w, Shell) else shlex.quote(w) for w in words)


def comment(text):
    """A comment line of the script: a message (tamp-map's, which may quote the deck) stays on its line."""
    return "# " + " ".join(text.split())


def prepare(paths, machine, max_ranks, launcher):
    """The machine file and launcher-order hostfile of the batch jobs (the platform folder of `paths`); fails when
    the largest scale does not fit the machine's allocation or a Blue Gene/P node cannot run its cores' ranks."""
    launch.write_platform(paths, machine, max_ranks)
    cores = cores_per_node(paths)
    if launcher == "cobalt-mpirun" and cores not in BGP_MODES:
        raise matrix.MatrixError(f"cobalt-mpirun: a Blue Gene/P node runs 1, 2 or 4 ranks (SMP, DUAL, VN), the "
                                 f"machine file has cores_per_node {cores}")


def cores_per_node(paths):
    return ask.machine(paths, paths.machine)["cores_per_node"]


BLUEGENE = ("runjob", "cobalt-mpirun")
# Launcher file of each batch launcher: tamp-map's --format and the file's name after the run id.
FILES = {"srun": ("slots", ".map"), "aprun": ("cray", ".MPICH_RANK_ORDER"), "runjob": ("bluegene", ".mapfile"),
         "cobalt-mpirun": ("bluegene", ".mapfile")}
# Blue Gene/P modes: ranks per node (the campaign fills every core of a node).
BGP_MODES = {1: "SMP", 2: "DUAL", 4: "VN"}


def _launcher_file(run, launcher, paths, jobs_dir, rid, mapping=None, name=None):
    """(file, why-not): the launcher file of the run's placement (or of `mapping`) on the job's nodes — slots file
    (srun), MPICH_RANK_ORDER (aprun), Blue Gene mapfile (runjob, cobalt-mpirun) — or None and the reason there is
    none (None, None: the launcher's own order is the placement)."""
    mapping = mapping or run["mapping"]
    if mapping == "default" and launcher not in BLUEGENE:
        return None, None
    machine = placement.job_machine(paths, run["ranks"], launch.allocation_slots(paths))
    if machine is None:
        return None, "the job's last node is only partly used, so its nodes are not a machine file"
    graph = ask.task_graph(paths, run["deck"], run["ranks"])
    if not graph:
        return None, f"tamp-{run['deck'].app} has no generator of its task graph" if launcher in BLUEGENE else None
    fmt, ext = FILES[launcher]
    path = os.path.join(jobs_dir, (name or rid) + ext)
    try:
        ask.tamp_map(paths, "map", "--graph", graph, "--machine", machine, "--algorithm", mapping,
                        "--format", fmt, "--out", path)
    except matrix.MatrixError as e:  # the app's own renumbering still works: say why there is no file
        return None, str(e)
    return path, None


def _slurm_hostfile_lines(rid, map_path, nodes, cores):
    """Shell lines that write the placement's hostfile from the job's own host names."""
    me = f"{rid}.sh"
    return [f"  # Host k of the job is node k of the placement's machine: slot s runs on host s / {cores}.",
            '  mapfile -t hosts < <(scontrol show hostnames "$SLURM_JOB_NODELIST") || exit 1',
            f"  if (( ${{#hosts[@]}} < {nodes} )); then",
            f'    echo "{me}: the job has ${{#hosts[@]}} nodes, the placement needs {nodes}" >&2; exit 1',
            "  fi",
            f'  hostfile="${{TMPDIR:-/tmp}}/tamp-{rid}.${{SLURM_JOB_ID:-$$}}.hostfile"',
            f'  while read -r slot; do echo "${{hosts[slot / {cores}]}}"; done < {shlex.quote(map_path)} '
            '> "$hostfile" || exit 1',
            '  export SLURM_HOSTFILE="$hostfile"']


def _bluegene_command(launcher, ranks, cores, app, mapfile):
    """runjob (BG/Q) or cobalt-mpirun (BG/P) of `app` on the Cobalt job's block, placed by `mapfile` (or the
    launcher's own order when None)."""
    if launcher == "runjob":
        where = ["--mapping", mapfile] if mapfile else []
        return ["runjob", "--block", Shell('"$COBALT_PARTNAME"'), "--np", str(ranks), "--ranks-per-node", str(cores),
                "--envs", "OMP_NUM_THREADS=1", *where, ":", *app]
    where = ["-mapfile", mapfile] if mapfile else []
    return ["cobalt-mpirun", "-np", str(ranks), "-mode", BGP_MODES[cores], "-env", "OMP_NUM_THREADS=1", *where, *app]


def _header(launcher, rid, ranks, nodes, block, cores):
    # Ranks per node as the machine file says (cores_per_node): the launcher files assume it, and a network
    # campaign's machine file has 1 (WOCON places one rank per node), which the launchers would not do by themselves.
    if launcher == "srun":
        return [f"#SBATCH --job-name=tamp-{rid}", f"#SBATCH --nodes={nodes}", f"#SBATCH --ntasks={ranks}",
                f"#SBATCH --ntasks-per-node={min(cores, ranks)}", "#SBATCH --time=00:30:00"]
    if launcher == "aprun":
        return [f"#PBS -N tamp-{rid}", f"#PBS -l mppwidth={ranks}", f"#PBS -l mppnppn={min(cores, ranks)}",
                "#PBS -l walltime=00:30:00", 'cd "$PBS_O_WORKDIR"']
    machine = "Blue Gene/Q: runjob" if launcher == "runjob" else "Blue Gene/P: cobalt-mpirun"
    return [f"#COBALT -n {block}", "#COBALT -t 30", f"#COBALT -O tamp-{rid}",
            f"# A Cobalt script job ({machine}; qsub --mode script) on the block of {block} nodes that the",
            f"# machine file describes: the mapfile's coordinates are relative to it; the {ranks} ranks use {nodes}",
            "# of its nodes."]


def write_job(run, launcher, paths, topology, json_path):
    """OUT/jobs/ID.sh for a batch launcher, and the launcher file of the mapping when a generator makes the app's task
    graph (ask.task_graph)."""
    jobs_dir = os.path.join(paths.out, "jobs")
    os.makedirs(jobs_dir, exist_ok=True)
    rid = matrix.run_id(run)
    ranks = run["ranks"]
    cores = cores_per_node(paths)
    nodes = math.ceil(ranks / cores)
    block = launch.allocation_slots(paths) // cores  # Blue Gene: the machine file is the job's block
    lines = ["#!/bin/bash", *_header(launcher, rid, ranks, nodes, block, cores), "export OMP_NUM_THREADS=1"]
    for _, ext in FILES.values():  # of an earlier campaign here
        for old in (rid + ext, f"{rid}.hostfile"):
            if os.path.exists(os.path.join(jobs_dir, old)):
                os.remove(os.path.join(jobs_dir, old))
    path, why_not = _launcher_file(run, launcher, paths, jobs_dir, rid)
    if why_not:
        lines += [comment(f"No launcher file for this placement: {why_not}")]
    if launcher in BLUEGENE:
        return _write_bluegene(run, launcher, paths, topology, json_path, lines, path, (rid, ranks, cores))
    cmd = launch.command(run, launcher, paths, topology, json_path)
    if launcher == "aprun":  # aprun fills nodes by the real node's core count: say the machine file's
        cmd = cmd[:3] + ["-N", str(min(cores, ranks))] + cmd[3:]
    if path:
        lines += [f"# Launcher file of this placement: {os.path.basename(path)} (set TAMP_LAUNCHER_FILE=1 to use it "
                  "instead of the", "# app's own renumbering)", 'if [[ "${TAMP_LAUNCHER_FILE:-0}" == 1 ]]; then']
        if launcher == "srun":
            lines += _slurm_hostfile_lines(rid, path, nodes, cores)
            lines += ["  " + shell_join(cmd[:3] + ["--distribution=arbitrary"] + swap_mapping(cmd[3:]))]
        else:
            lines += [f"  cp {shlex.quote(path)} MPICH_RANK_ORDER", "  export MPICH_RANK_REORDER_METHOD=3",
                      "  " + shell_join(cmd[:3] + swap_mapping(cmd[3:]))]
        lines += ["  exit $?", "fi"]
    lines += [shell_join(cmd)]
    return _write_script(jobs_dir, rid, lines)


def _write_bluegene(run, launcher, paths, topology, json_path, lines, path, job):
    """The Blue Gene script: the mapping's mapfile with TAMP_LAUNCHER_FILE=1, else the model's slot order (the
    mapfile of `default`) with the app's own renumbering."""
    rid, ranks, cores = job
    jobs_dir = os.path.join(paths.out, "jobs")
    app = launch.app_command(run, paths, topology, json_path)
    order = path
    if run["mapping"] != "default":
        if path:
            lines += [f"# Launcher file of this placement: {os.path.basename(path)} (set TAMP_LAUNCHER_FILE=1 to use "
                      "it instead of the", "# app's own renumbering)",
                      'if [[ "${TAMP_LAUNCHER_FILE:-0}" == 1 ]]; then',
                      "  " + shell_join(_bluegene_command(launcher, ranks, cores, swap_mapping(app), path)),
                      "  exit $?", "fi"]
        order, why_not = _launcher_file(run, launcher, paths, jobs_dir, rid, "default", f"slot-order-n{ranks}")
        if why_not and path:
            lines += [comment(f"No mapfile of the slot order: {why_not}")]
    if order:
        lines += [f"# The ranks in the model's slot order ({os.path.basename(order)}: rank r on the job's node "
                  f"r / {cores}, core r % {cores})."]
    else:
        lines += ["# The launcher's own order places the ranks (XYZT on BG/P, ABCDET on BG/Q), which need not be "
                  "the model's slot order."]
    lines += [shell_join(_bluegene_command(launcher, ranks, cores, app, order))]
    return _write_script(jobs_dir, rid, lines)


def _write_script(jobs_dir, rid, lines):
    script = os.path.join(jobs_dir, rid + ".sh")
    with open(script, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.chmod(script, 0o755)
    return script


def swap_mapping(args):
    out = list(args)
    out[out.index("--mapping") + 1] = "default"
    return out
