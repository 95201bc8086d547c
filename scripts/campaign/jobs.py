"""Batch job scripts (srun, aprun) written instead of run, with the launcher file of each placement.

A placement is computed on the job's own nodes: the first ranks / cores nodes of the machine file's allocation
(OUT/platform/machine-N.machine), so slot k is the job's node k / cores, core k % cores. Host names are never made
up: a Slurm script expands SLURM_JOB_NODELIST at run time (`scontrol show hostnames`) and writes the hostfile of
the placement from its slots file (docs/measuring-gains.md, section 2)."""
import math
import os
import shlex

import launch
import matrix
import placement


def prepare(paths, machine, max_ranks):
    """The machine file and launcher-order hostfile of the batch jobs (OUT/platform/); fails when the largest scale
    does not fit the machine's allocation."""
    os.makedirs(os.path.dirname(paths.platform), exist_ok=True)
    placement.clear(paths)
    launch.tamp_map(paths, "platform", "--machine", machine, "--format", "plugin", "--out", paths.platform)
    slots = launch.allocation_slots(paths)
    if max_ranks > slots:
        raise matrix.MatrixError(f"scale {max_ranks} does not fit: the machine's allocation has {slots} slots")


def cores_per_node(paths):
    with open(paths.machine) as f:
        keys = placement._keyed(f.readlines())
    return int(keys.get("cores_per_node", ["1"])[0])


def _launcher_file(run, launcher, paths, jobs_dir, rid):
    """(file, why-not): the slots file (srun) or MPICH_RANK_ORDER (aprun) of the run's placement on the job's
    nodes, or None and the reason there is none."""
    graph = run["deck"].graph_for(run["ranks"])
    if not graph or run["mapping"] == "default":
        return None, None
    machine = placement.job_machine(paths, run["ranks"], launch.allocation_slots(paths))
    if machine is None:
        return None, "the job's last node is only partly used, so its nodes are not a machine file"
    fmt, name = ("slots", f"{rid}.map") if launcher == "srun" else ("cray", f"{rid}.MPICH_RANK_ORDER")
    path = os.path.join(jobs_dir, name)
    try:
        launch.tamp_map(paths, "map", "--graph", graph, "--machine", machine, "--algorithm", run["mapping"],
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


def write_job(run, launcher, paths, topology, json_path):
    """OUT/jobs/ID.sh for srun or aprun, and the launcher file of the mapping when the deck gives its graph."""
    jobs_dir = os.path.join(paths.out, "jobs")
    os.makedirs(jobs_dir, exist_ok=True)
    rid = matrix.run_id(run)
    ranks = run["ranks"]
    cores = cores_per_node(paths)
    nodes = math.ceil(ranks / cores)
    cmd = launch.command(run, launcher, paths, topology, json_path)
    lines = ["#!/bin/bash"]
    if launcher == "srun":
        lines += [f"#SBATCH --job-name=tamp-{rid}", f"#SBATCH --nodes={nodes}", f"#SBATCH --ntasks={ranks}",
                  "#SBATCH --time=00:30:00"]
    else:
        lines += [f"#PBS -N tamp-{rid}", f"#PBS -l mppwidth={ranks}", "#PBS -l walltime=00:30:00",
                  'cd "$PBS_O_WORKDIR"']
    lines += ["export OMP_NUM_THREADS=1"]
    for old in (f"{rid}.map", f"{rid}.MPICH_RANK_ORDER", f"{rid}.hostfile"):  # of an earlier campaign here
        if os.path.exists(os.path.join(jobs_dir, old)):
            os.remove(os.path.join(jobs_dir, old))
    path, why_not = _launcher_file(run, launcher, paths, jobs_dir, rid)
    if why_not:
        lines += [f"# No launcher file for this placement: {why_not}"]
    if path:
        lines += [f"# Launcher file of this placement: {os.path.basename(path)} (set TAMP_LAUNCHER_FILE=1 to use it "
                  "instead of the", "# app's own renumbering)", 'if [[ "${TAMP_LAUNCHER_FILE:-0}" == 1 ]]; then']
        if launcher == "srun":
            lines += _slurm_hostfile_lines(rid, path, nodes, cores)
            lines += ["  " + " ".join(cmd[:3] + ["--distribution=arbitrary"] + swap_mapping(cmd[3:]))]
        else:
            lines += [f'  cp "{path}" MPICH_RANK_ORDER', "  export MPICH_RANK_REORDER_METHOD=3",
                      "  " + " ".join(cmd[:3] + swap_mapping(cmd[3:]))]
        lines += ["  exit $?", "fi"]
    lines += [" ".join(cmd)]
    script = os.path.join(jobs_dir, rid + ".sh")
    with open(script, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.chmod(script, 0o755)
    return script


def swap_mapping(args):
    out = list(args)
    out[out.index("--mapping") + 1] = "default"
    return out
