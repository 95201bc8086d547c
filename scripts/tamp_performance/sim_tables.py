"""The simulated tables: gains of campaigns (their runs.csv), the model's validation (validate.py --json), the flow
engine at scale (the apps' JSON reports under /usr/bin/time), and the tables read from the campaign's own inputs."""
import csv
import glob
import os

from tamp_campaign import launch

from .markdown import count, head, percent, row
from .run import ROOT, RunError, user_time
from .table import Table

ROOT_ENV = " ".join(launch.ROOT_ENV)  # Open MPI refuses root without them


def runs_csv(ctx, folder):
    """{(app, ranks, mapping): row} of the runs of a campaign that finished."""
    path = ctx.path(os.path.join(folder, "runs.csv"))
    try:
        with open(path, newline="") as f:
            rows = [r for r in csv.DictReader(f) if r["status"] == "ok" and r["time_comm"]]
    except OSError as e:
        raise RunError(f"{path}: {e.strerror}")
    return {(r["app"], int(r["ranks"]), r["mapping"]): r for r in rows}


def comm_gain(runs, app, ranks, mapping="auto"):
    """1 - the mapping's communication time over `default`'s, or None when either did not run."""
    base, mine = runs.get((app, ranks, "default")), runs.get((app, ranks, mapping))
    if base is None or mine is None or float(base["time_comm"]) <= 0:
        return None
    return 1 - float(mine["time_comm"]) / float(base["time_comm"])


APPS = ("halo", "lanczos", "mesh", "fft", "stencil")
MAIN_LABELS = {"halo": "halo (MiniGhost's 60^3 cells x 40 variables per rank)"}


def main_job_table(ctx):
    runs = runs_csv(ctx, "main")
    lines = head(["app", "ranks (the largest scale)", "communication time saved by `auto`"], "lrr")
    for app in ("stencil", "halo", "lanczos", "fft", "mesh"):
        scales = [n for (a, n, m) in runs if a == app and comm_gain(runs, app, n) is not None]
        if scales:
            lines.append(row([MAIN_LABELS.get(app, app), count(max(scales)),
                              percent(comm_gain(runs, app, max(scales)), 0)]))
    return lines


OTHER_MACHINES = [("df", "dragonfly, 8 cores/node, 48 nodes in pairs"), ("ft", "fat tree 18-ary 2-level, 32 cores/node")]


def other_machines_table(ctx):
    lines = head(["machine", *APPS], "l" * (len(APPS) + 1))
    for name, label in OTHER_MACHINES:
        runs = runs_csv(ctx, f"om-{name}")
        cells = []
        for app in APPS:
            scales = sorted({n for (a, n, m) in runs if a == app})
            cells.append(" / ".join(percent(comm_gain(runs, app, n), 1, sign=True) for n in scales) or "not run")
        lines.append(row([label, *cells]))
    return lines


def validation_table(ctx, name):
    apps = ctx.json(name).get("apps", {})
    if not apps:
        raise RunError(f"{ctx.path(name)}: no app in it")
    lines = head(["app (scales)", "Spearman within a scale", "at 0.1%", "error of the predicted time"], "lrrr")
    for app, f in sorted(apps.items()):
        scales = ", ".join(count(s) for s in f["scales"])
        figures = [f["spearman_predicted_per_scale"], f["spearman_predicted_per_scale_resolved"]]
        lines.append(row([f"{app} ({scales})", *("-" if x is None else f"{x:.3f}" for x in figures),
                          percent(f["median_relative_error"])]))
    return lines


VALIDATION_CAMPAIGN = [
    "cat > {out}/vmod.campaign <<X",
    "machine  $PWD/inputs/campaigns/cielo-sparse.machine",
    "apps     halo lanczos mesh fft stencil",
    "scales   16 32 64",
    "mappings default auto random rb geom-rs hilbert",
    "X",
    "# hilbert refuses lanczos's and mesh's graphs: those runs fail by design, and the campaign says so",
    "python3 scripts/campaign.py {out}/vmod.campaign --build {build} --decks inputs/campaigns/apps \\",
    "    --out {out}/vmod || echo 'some runs failed'",
    "python3 tests/perf/model_validation/validate.py {out}/vmod --json {out}/vmod-validation.json",
]
MAIN_JOB = "TAMP_BUILD_DIR={build} bash scripts/run-main.sh --out {out}/main --resume"


def flow_table(ctx, runs):
    """One row per run of an app under the flow engine: its JSON report and /usr/bin/time's figures."""
    lines = head(["run", "messages", "max-min solves", "time per step", "communication", "wall time", "user CPU",
                  "peak memory"], "lrrrrrrr")
    for label, name in runs:
        reports = ctx.jsonl(f"{name}.jsonl")
        if not reports:
            raise RunError(f"{ctx.path(name + '.jsonl')}: no report")
        r = reports[-1]
        flow, t = r["results"]["flow_engine"], r["time"]
        cpu, wall, memory = user_time(ctx, f"{name}.time")
        lines.append(row([label, count(flow["messages"]), count(flow["solves"]), seconds(t["per_iteration"]),
                          seconds(t["comm"]), f"{wall:.0f} s", f"{cpu:.0f} s", f"{memory:.0f} MiB"]))
    return lines


def seconds(x):
    return f"{x * 1e3:.2f} ms" if x >= 1e-3 else f"{x * 1e6:.2f} us"


def flow_run(name, binary, arguments):
    """The commands of one flow-engine run: its report in NAME.jsonl (emptied first: --json appends), its CPU time
    and memory in NAME.time."""
    return [f"rm -f {{out}}/{name}.jsonl",
            f"{ROOT_ENV} \\",
            f"    /usr/bin/time -v -o {{out}}/{name}.time {{build}}/apps/{binary} \\",
            *[f"    {a} \\" for a in arguments],
            f"    --json {{out}}/{name}.jsonl"]


HALO_DECK = ["--nx 60 --ny 60 --nz 60 --num_vars 40 --num_spikes 1 --num_tsteps 1 --stencil 23 --comm_method BSPMA",
             "--compute-model cell_point=2.25e-10,flux=1.76e-09,sum=8.21e-10 --engine flow --mapping default"]


def flow_halo(nodes, grid, ranks):
    name = f"flow-halo-{nodes}n"
    px, py, pz = grid
    alloc = (f"{{build}}/mapping/tools/tamp-map alloc --machine inputs/machines/cielo.machine --nodes {nodes} \\\n"
             f"    --chunk 8 --seed 1 --out {{out}}/cielo-{nodes}n.machine")
    args = [*HALO_DECK, f"--npx {px} --npy {py} --npz {pz} --ranks {ranks} --topology synthetic:{{out}}/cielo-{nodes}n.machine"]
    label = f"{count(ranks)} ({count(nodes)} nodes, {px}x{py}x{pz})"
    return [alloc, *flow_run(name, "halo/tamp-halo", args)], lambda ctx: flow_table(ctx, [(label, name)])


STENCIL2D = ["--stencil 5 --local 64x64 --procs 128x128 --iterations 20 --warmup 1 --no-overlap",
             "--compute-model cell=3.67e-09 --engine flow --ranks 16384",
             "--topology synthetic:inputs/fidelity/bhatele10-stencil2d-16384/bgp-16x16x16.machine --mapping $m"]
LANCZOS = ["--matrix laplace:40x40x40 --iterations 90 --tolerance 1e-6 --eigenvalues 1 --ordering dm",
           "--compute-model nonzero=1.7e-08,tridiagonal=4.13e-08,vector=1.94e-09 --engine flow --ranks 18336",
           "--topology synthetic:inputs/fidelity/aktulga12-tables3-4/hopper-764n.machine --mapping default"]


# How each point of launch.WALL_MEASURED was measured.
WALL_HOW = {
    "stencil": "the main job's deck (one timed sweep), the slowest placement of each scale, idle machine, two "
               "simulations at once",
    "halo": "the main job's deck (MiniGhost's 60^3 x 40, one step, skeleton), as the stencil; 8,192 and 16,384 under "
            "load (\"Wall time and memory of the simulator\")",
    "lanczos": "28-276: the main job's deck, two simulations at once with a compilation beside them; 1,128 under "
               "load; 4,560: [Aktulga12]'s DM run with CM and BCM beside it",
    "mesh": "five timed iterations, beside one other simulation; 16,384 beside the CI",
    "fft": "16-512: the main job's deck; 4,096: 64x64x4096, beside a 16,384-rank simulation",
    "replay": "replay.deck (MiniGhost's graph), `default`, one at a time at a load of 7-8",
}


def wall_estimate_table(_ctx):
    lines = head(["app", "measured (ranks: seconds)", "how"], "lll")
    for app, points in launch.WALL_MEASURED.items():
        measured = ", ".join(f"{count(n)}: {s:g}" for n, s in points)
        lines.append(row([app, measured, WALL_HOW.get(app, "")]))
    return lines


def calibration_table(_ctx):
    lines = head(["deck", "`compute` line"], "ll")
    for path in sorted(glob.glob(os.path.join(ROOT, "inputs", "campaigns", "apps", "*.deck"))):
        with open(path) as f:
            compute = [line.split(None, 1)[1].strip() for line in f if line.split(None, 1)[:1] == ["compute"]]
        if compute:
            lines.append(row([os.path.splitext(os.path.basename(path))[0], f"`{compute[0]}`"]))
    return lines


HALO_16K, HALO_16K_MAKE = flow_halo(1024, (32, 32, 16), 16384)
HALO_64K, HALO_64K_MAKE = flow_halo(4096, (64, 32, 32), 65536)

TABLES = [
    Table("main-job", "hours", make=main_job_table, commands=[MAIN_JOB]),
    Table("other-machines", "minutes", make=other_machines_table, commands=[
        "{build}/mapping/tools/tamp-map alloc --machine dragonfly:8x16x6,h=10,cores=8 --nodes 48 --chunk 2 --seed 3 \\",
        "    --out {out}/om-df.machine",
        "{build}/mapping/tools/tamp-map alloc --machine inputs/machines/fattree-ib-324.machine --nodes 16 --chunk 2 \\",
        "    --seed 3 --out {out}/om-ft.machine",
        "for m in df ft; do",
        "  printf 'machine om-%s.machine\\napps halo lanczos mesh fft stencil\\nscales 16 32 64\\nmappings default auto\\n' \\",
        "      $m > {out}/om-$m.campaign",
        "  python3 scripts/campaign.py {out}/om-$m.campaign --build {build} --decks inputs/campaigns/apps \\",
        "      --out {out}/om-$m",
        "done"]),
    Table("calibration", "seconds", make=calibration_table, source="the `compute` lines of inputs/campaigns/apps/*.deck"),
    Table("model-validation", "minutes", make=lambda ctx: validation_table(ctx, "vmod-validation.json"),
          commands=VALIDATION_CAMPAIGN),
    Table("model-validation-main", "hours", make=lambda ctx: validation_table(ctx, "main-validation.json"),
          commands=[MAIN_JOB,
                    "python3 tests/perf/model_validation/validate.py {out}/main --json {out}/main-validation.json"]),
    Table("flow-halo", "minutes", timed=True, make=HALO_16K_MAKE, commands=HALO_16K),
    Table("flow-halo-65536", "hours", timed=True, make=HALO_64K_MAKE, commands=HALO_64K),
    Table("flow-stencil2d", "seconds", timed=True,
          make=lambda ctx: flow_table(ctx, [(f"`{m}`", f"flow-stencil2d-{m}") for m in ("default", "fold")]),
          commands=["for m in default fold; do",
                    *["  " + line for line in flow_run("flow-stencil2d-$m", "stencil/tamp-stencil", STENCIL2D)],
                    "done"]),
    Table("flow-lanczos", "hours", timed=True,
          make=lambda ctx: flow_table(ctx, [("`default` (DM), 18,336 ranks", "flow-lanczos")]),
          commands=flow_run("flow-lanczos", "lanczos/tamp-lanczos", LANCZOS)),
    Table("wall-estimate", "seconds", make=wall_estimate_table,
          source="`WALL_MEASURED` in scripts/tamp_campaign/launch.py"),
]
