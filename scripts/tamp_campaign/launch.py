"""How one run is launched: simulated (smpirun on the generated platform), mpirun, or a batch job script (srun,
aprun, runjob, cobalt-mpirun) written with its launcher files instead of run."""
import filecmp
import math
import os
import shutil
import subprocess

from . import ask, files, matrix, placement

LAUNCHERS = ("sim", "flow", "mpirun", "srun", "aprun", "runjob", "cobalt-mpirun")
# Launchers of simulated runs (modelled compute, the campaign's machine file): SimGrid, and TAMP's flow engine,
# which runs the app's model in one process of the native build (docs/simulation.md, "The flow engine").
SIMULATED = ("sim", "flow")
BATCH = ("srun", "aprun", "runjob", "cobalt-mpirun")  # job scripts written, not run (jobs.py)
SMPIRUN = os.environ.get("TAMP_SMPIRUN", "smpirun")  # SimGrid's launcher (another install: its full path)
# The smpirun options of every simulated run (the campaign and tests/sim read this list):
# - host-speed equal to the platform's host speed, so that a measured compute time is injected as measured;
# - collectives: the algorithms the mapping module's communication model assumes are pinned one by one (allreduce by
#   recursive doubling, bcast by binomial tree, reduce by binomial tree, alltoall(v) by pairwise exchange), so that
#   the simulator runs what the model predicts; Open MPI's choices (coll-selector:ompi) for the others. Never SMPI's
#   "default" algorithms, which start every pair's flow at once, nor Open MPI's allreduce for small messages on
#   multi-core hosts (smp_rdb): both cost SimGrid's solver minutes where the pinned ones cost seconds
#   (docs/simulation.md, "Collective algorithms"; docs/performance.md, "Collectives at scale");
# - every send waits for its receive (no detached eager sends): SimGrid 3.32 scans a list of the detached sends at
#   each completion, which dominates runs of thousands of ranks (docs/simulation.md, "Sends wait for their receive");
# - no privatization: TAMP's apps write no global (test sim-no-shared-globals), so the ranks can share one data
#   segment, and mmap privatization would remap it at every context switch (docs/simulation.md, "Privatization");
# - folded memory (skeleton runs) mapped in blocks of shared-malloc-blocksize: at 1 GiB, one memory map per
#   allocation instead of one per MiB, so that thousands of ranks stay under vm.max_map_count (the file is sparse:
#   only the pages mapped count, once; docs/simulation.md, "Skeleton runs fold field memory");
# - events merged only when less than 1 ps apart (surf/precision; smpirun sets 1 ns): merging events 1 ns apart moves
#   fft's simulated time at 512 ranks by up to 1.1% depending on the placement, and the flow engine merges none
#   (docs/simulation.md, "SimGrid's time precision").
SMPI_CONFIG = ["--cfg=smpi/host-speed:1Gf", "--cfg=smpi/coll-selector:ompi", "--cfg=smpi/allreduce:rdb",
               "--cfg=smpi/bcast:binomial_tree", "--cfg=smpi/reduce:binomial", "--cfg=smpi/alltoall:pair",
               "--cfg=smpi/alltoallv:pair", "--cfg=smpi/send-is-detached-thresh:0", "--cfg=smpi/privatization:no",
               "--cfg=smpi/shared-malloc-blocksize:1073741824", "--cfg=surf/precision:1e-12"]
# A modelled compute time (the deck's `compute` line): the app injects units x seconds per unit itself, and SMPI must
# not add the host's measured time between MPI calls (docs/simulation.md).
SMPI_MODELLED = ["--cfg=smpi/simulate-computation:no"]


def compute_args(run, launcher):
    """smpirun options and app options of the run's compute model (simulated runs only; real runs measure)."""
    model = run.get("compute", "measured")
    if launcher not in SIMULATED or model == "measured":
        return [], []
    return SMPI_MODELLED, ["--compute-model", model]


class Paths:
    def __init__(self, root, build, out, platform_dir=None):
        self.root, self.build, self.out = root, build, out
        self.tamp_map = os.path.join(build, "mapping", "tools", "tamp-map")
        # The platform (OUT/platform/, or a staging folder until the campaign's checks pass): a description for
        # TAMP's SimGrid plug-in (whole machines, TAMP's routes computed on demand: docs/simulation.md section
        # 1b), and the smpirun options of the machine's own figures.
        self.platform_dir = platform_dir or os.path.join(out, "platform")
        self.platform = os.path.join(self.platform_dir, "machine.platform")
        self.plugin = os.path.join(build, "mapping", "simgrid", "libtamp-simgrid-platform.so")
        self.smpirun_options = os.path.join(self.platform_dir, "machine.smpirun")
        self.machine = os.path.join(self.platform_dir, "machine.machine")
        self.hostfile = os.path.join(self.platform_dir, "machine.hostfile")

    def staged(self, folder):
        """The same campaign with its platform files written in `folder` (installed later: install_platform)."""
        return Paths(self.root, self.build, self.out, folder)

    def app(self, name, simulated):
        base = os.path.join(self.build, "sim") if simulated else self.build
        return os.path.join(base, "apps", name, "tamp-" + name)


def check_tools(launcher, paths):
    """Every tool the campaign needs, before anything runs."""
    if not os.access(paths.tamp_map, os.X_OK):
        raise matrix.MatrixError(f"tamp-map not found at {paths.tamp_map} (build it: cmake --build BUILD "
                                 "--target tamp-map)")
    if launcher == "sim" and not os.path.exists(paths.plugin):
        raise matrix.MatrixError(f"SimGrid platform plug-in not found at {paths.plugin} (build it: cmake --build "
                                 "BUILD --target tamp-simgrid-platform)")
    needed = {"sim": SMPIRUN, "mpirun": "mpirun"}.get(launcher)
    if needed and shutil.which(needed) is None:
        raise matrix.MatrixError(f"launcher '{needed}' not found on PATH")
    if launcher not in LAUNCHERS:
        raise matrix.MatrixError(f"unknown launcher '{launcher}' (known: {', '.join(LAUNCHERS)})")


def check_mappings(paths, names):
    """The campaign's mappings (its `mappings` line, --mappings), run for every app, are placements of the mapping
    module: an algorithm of the registry with its steps, or a file:PATH that exists. A deck's own orderings (halo
    `group`, lanczos `cm`) do not come here: each app checks its own."""
    answers = ask.placements(paths, names)["names"]
    for name in names:
        answer = answers[name]
        if not answer["module"]:
            raise matrix.MatrixError(f"mapping '{name}': {answer['error']}")
        if "file" in answer and not os.path.exists(answer["file"]):
            raise matrix.MatrixError(f"mapping {name}: no such file")


def write_platform(paths, machine, max_ranks):
    """The platform description, machine file and launcher-order hostfile of the machine (`tamp-map platform`);
    fails when tamp-map refuses the machine or the allocation is smaller than the largest scale."""
    os.makedirs(paths.platform_dir, exist_ok=True)
    ask.tamp_map(paths, "platform", "--machine", machine, "--format", "plugin", "--out", paths.platform)
    slots = allocation_slots(paths)
    if max_ranks > slots:
        raise matrix.MatrixError(f"scale {max_ranks} does not fit: the machine's allocation has {slots} slots")


def prepare_platform(paths, machine, max_ranks, simgrid=True):
    """The simulated machine (write_platform), and for SimGrid the kernel's memory maps for its largest run (the flow
    engine needs none)."""
    write_platform(paths, machine, max_ranks)
    if simgrid:
        check_map_count(max_ranks)


# Memory maps per rank and for the process itself: a skeleton run needs the most per rank (its folded fields add two
# maps to each rank's stack and guard page), so the estimate is the skeleton's measured count with a margin
# (docs/simulation.md, "Operating-system limits", has the counts).
MAPS_PER_RANK = 4.4
MAPS_BASE = 1000


def check_map_count(max_ranks, path=None):
    """A simulated run of `max_ranks` fails half-way when the kernel's limit of memory maps is too low: say so first."""
    path = path or os.environ.get("TAMP_MAX_MAP_COUNT_FILE", "/proc/sys/vm/max_map_count")
    try:
        with open(path) as f:
            limit = int(f.read())
    except (OSError, ValueError):
        return
    need = int(MAPS_BASE + MAPS_PER_RANK * max_ranks)
    if limit < need:
        raise matrix.MatrixError(f"vm.max_map_count is {limit}, a simulated run of {max_ranks} ranks needs about "
                                 f"{need}: raise it with `sudo sysctl -w vm.max_map_count={max(need, 262144)}`")


# Memory of a simulated run per rank (its stack as used, its data, SimGrid's state; the task graph is shared by the
# ranks) and for the process: kept above every measured peak, so that a run that starts has the memory it needs
# (docs/performance.md, "Wall time and memory of the simulator"; the most per rank there is tamp-stencil 2D at
# 16,384 ranks).
MEMORY_PER_RANK = 1.25e6
MEMORY_BASE = 0.3e9


# The flow engine's memory per simulated rank: above MiniGhost's measured peak (docs/performance.md, "The flow engine
# at scale"), with a margin for apps with more messages per rank.
FLOW_MEMORY_PER_RANK = 5e4
FLOW_MEMORY_BASE = 0.2e9


def memory_estimate(run, paths, launcher="sim"):
    """Bytes a simulated run needs (an estimate above the measured peaks)."""
    if launcher == "flow":
        return int(FLOW_MEMORY_BASE + run["ranks"] * FLOW_MEMORY_PER_RANK)
    return int(MEMORY_BASE + run["ranks"] * MEMORY_PER_RANK)


def check_memory(runs, paths, available, launcher="sim"):
    """A simulated run that cannot fit in this machine's memory is refused before the campaign starts."""
    if available is None:
        return
    per_rank = FLOW_MEMORY_PER_RANK if launcher == "flow" else MEMORY_PER_RANK
    where = "the flow engine" if launcher == "flow" else "the simulator"
    for run in runs:
        need = memory_estimate(run, paths, launcher)
        if need > available:
            raise matrix.MatrixError(
                f"{run['app']} on {run['ranks']} ranks needs about {need / 1e9:.1f} GB under {where} "
                f"({per_rank / 1e6:g} MB per rank), this machine has {available / 1e9:.1f} GB available: "
                "run fewer ranks (--scales) or on a machine with more memory")


# Wall time of a simulated run (seconds) on this 2-core machine, per app: (ranks, seconds) points measured with the
# main job's decks as they run now, mostly two simulations at once (docs/performance.md, "Time of a simulated run",
# says how each point was measured). The estimate interpolates in log-log between the points and extends the last
# segment beyond the largest: SimGrid's cost grows faster than the ranks, so the extrapolation is what says that a
# larger run cannot finish within --timeout. Points measured under load keep the estimate on the high side. Other
# decks of an app are estimated as the main job's. When a deck or the simulator's cost changes, measure the points
# again: an estimate from a cheaper past says a long run fits.
WALL_MEASURED = {
    "stencil": [(64, 0.2), (512, 3.1), (4096, 168.7)],
    "halo": [(64, 0.7), (512, 16.6), (4096, 306.9), (8192, 932.0), (16384, 3903.0)],  # 8K, 16K: under load, 1 ns
    "lanczos": [(28, 3.5), (55, 7.3), (276, 37.1), (1128, 207.0), (4560, 3018.0)],
    "mesh": [(64, 0.4), (512, 9.1), (4096, 106.5), (16384, 388.0)],
    "fft": [(16, 0.3), (32, 0.7), (64, 0.8), (512, 15.0), (4096, 430.0)],  # 4K: 64x64x4096, beside a 16K run
    # replay.deck (MiniGhost's graph), `default`, one at a time at a load of 7-8 on the 2 cores (0.95 s and 17.0 s
    # of CPU); the same messages as tamp-halo's 64 ranks, whose run took 9.4 s of wall time then.
    "replay": [(64, 6.1), (512, 108.5)],
}


# The same for the flow engine (--launcher flow), one process per run: the slowest placement measured at each scale
# (`auto` includes computing its mapping; `random` loads the network most), from the flow-engine campaigns and scale
# runs of docs/performance.md, "The flow engine at scale". Memory is checked by FLOW_MEMORY_PER_RANK.
FLOW_WALL_MEASURED = {
    "stencil": [(64, 1.8), (512, 8.8), (4096, 32.3)],
    "halo": [(64, 8.4), (512, 41.3), (4096, 136.3), (16384, 245.0), (65536, 1595.0)],
    # 1,128 and 4,560: the slowest run of the fidelity experiments (`cm`, `auto`; two at a time); 18,336: under
    # load (1,206 s of CPU)
    "lanczos": [(28, 0.6), (55, 0.9), (276, 5.8), (1128, 55.7), (4560, 209.4), (18336, 2971.0)],
    "mesh": [(64, 1.0), (512, 4.6), (4096, 37.6)],
    "fft": [(64, 1.2), (512, 5.1)],
    "replay": [(64, 2.1), (512, 6.3)],  # replay.deck (MiniGhost's graph), `default`, at a load of 7-8
}


def wall_estimate(run, launcher="sim"):
    """Seconds of wall time a simulated run should take here, or None for an app without measurements."""
    points = (FLOW_WALL_MEASURED if launcher == "flow" else WALL_MEASURED).get(run["app"])
    if not points:
        return None
    ranks = run["ranks"]
    if ranks <= points[0][0]:
        return points[0][1] * ranks / points[0][0]
    for (r0, t0), (r1, t1) in zip(points, points[1:]):
        if ranks <= r1 or r1 == points[-1][0]:
            return t0 * (ranks / r0) ** (math.log(t1 / t0) / math.log(r1 / r0))
    return points[0][1]


def check_wall_time(runs, timeout, launcher="sim"):
    """A simulated run estimated to outlast the campaign's --timeout would be stopped half-way: refused first."""
    measured = FLOW_WALL_MEASURED if launcher == "flow" else WALL_MEASURED
    where = "the flow engine" if launcher == "flow" else "the simulator"
    for run in runs:
        seconds = wall_estimate(run, launcher)
        if seconds is not None and seconds > timeout:
            raise matrix.MatrixError(
                f"{run['app']} on {run['ranks']} ranks would take about {format_duration(seconds)} of wall time "
                f"under {where} here (measured up to {measured[run['app']][-1][0]} ranks, "
                f"docs/performance.md), more than --timeout {timeout:g} s: run fewer ranks (--scales) or raise "
                "--timeout")


def format_duration(seconds):
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.0f} h"


def install_platform(paths, staged, kept=None):
    """Replaces OUT/platform by the staged platform files, once every check passed, and forgets the placements,
    job machine files and per-scale hostfiles of an earlier campaign in this --out. `kept`: the ids of the runs
    --resume keeps; when the staged files are the installed ones byte for byte, the platform stays as it is and
    so do those runs' placements, so that each kept run's logged command still runs; the others' go."""
    os.makedirs(paths.out, exist_ok=True)
    if kept is not None and same_files(staged.platform_dir, paths.platform_dir):
        placement.forget_others(paths, kept)
        return
    placement.clear(paths)
    shutil.rmtree(paths.platform_dir, ignore_errors=True)
    shutil.move(staged.platform_dir, paths.platform_dir)


def same_files(staged_dir, installed_dir):
    """Every file of `staged_dir` is in `installed_dir` with the same bytes (the installed one may hold more)."""
    names = os.listdir(staged_dir)
    return all(os.path.isfile(os.path.join(installed_dir, n)) and
               filecmp.cmp(os.path.join(staged_dir, n), os.path.join(installed_dir, n), shallow=False) for n in names)


def hostfile_for(paths, ranks):
    """The first `ranks` lines of the launcher-order hostfile."""
    path = os.path.join(paths.platform_dir, f"hostfile-{ranks}")
    if not os.path.exists(path):
        with open(paths.hostfile) as f:
            lines = f.readlines()[:ranks]
        files.write_whole(path, "".join(lines))  # whole: runs placed at once may both write it
    return path


def allocation_slots(paths):
    with open(paths.hostfile) as f:
        return sum(1 for line in f if line.strip())


def mpirun_flags():
    try:
        version = subprocess.run(["mpirun", "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 text=True).stdout
    except OSError:
        return []
    return ["--oversubscribe", "--allow-run-as-root"] if "Open MPI" in version or "OpenRTE" in version else []


def app_command(run, paths, topology, json_path):
    """The app and its arguments in a real run (mpirun or a batch script): the deck's, the mapping, the topology."""
    deck = run["deck"]
    app = [paths.app(deck.app, False), *deck.args_for(run["ranks"], skeleton=False), "--json", json_path,
           "--mapping", run["mapping"]]
    return app + (["--topology", topology] if topology else [])


def flow_command(run, paths, app_compute, json_path, flow_args=()):
    """The app of the native build in one process, simulating the run's ranks with the flow engine, placed as the
    SimGrid runs are (the same map files)."""
    deck = run["deck"]
    app = [paths.app(deck.app, False), *deck.args_for(run["ranks"], skeleton=False), *app_compute, "--json",
           json_path, "--engine", "flow", "--ranks", str(run["ranks"]), *flow_args]
    placed = placement.launcher_placement(run, paths, allocation_slots(paths))
    if placed:
        _, machine, map_path = placed
        where = ["--launched-as", f"{run['mapping']}:{map_path}", "--topology", "synthetic:" + machine]
    else:
        where = ["--mapping", run["mapping"], "--topology", "synthetic:" + paths.machine]
    return ["env", *ask.ROOT_ENV, *app, *where]


def command(run, launcher, paths, topology, json_path, smpirun_args=(), flow_args=()):
    deck = run["deck"]
    smpi_compute, app_compute = compute_args(run, launcher)
    if launcher == "flow":
        return flow_command(run, paths, app_compute, json_path, flow_args)
    args = deck.args_for(run["ranks"], skeleton=bool(app_compute))  # a skeleton run needs a modelled compute time
    app = [paths.app(deck.app, launcher == "sim"), *args, *app_compute, "--json", json_path]
    n = str(run["ranks"])
    if launcher == "sim":
        placed = placement.launcher_placement(run, paths, allocation_slots(paths))
        if placed:  # the hostfile realises the mapping; the app is told so and renumbers nothing
            hostfile, machine, map_path = placed
            where = ["--launched-as", f"{run['mapping']}:{map_path}", "--topology", "synthetic:" + machine]
        else:
            hostfile = hostfile_for(paths, run["ranks"])
            where = ["--mapping", run["mapping"], "--topology", "synthetic:" + paths.machine]
        with open(paths.smpirun_options) as f:
            figures = [line.strip() for line in f if line.strip()]
        return ["env", "TAMP_PLATFORM=" + paths.platform, SMPIRUN, "-np", n, "-platform", paths.plugin, "-hostfile",
                hostfile, *SMPI_CONFIG, *figures, *smpi_compute, *smpirun_args, *app, *where]
    app = app_command(run, paths, topology, json_path)
    if launcher == "mpirun":
        return ["mpirun", "-np", n, *mpirun_flags(), *app]
    return (["srun", "-n", n] if launcher == "srun" else ["aprun", "-n", n]) + app
