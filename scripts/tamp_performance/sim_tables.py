"""The simulated tables: gains of campaigns (their runs.csv), the model's validation (validate.py --json), the flow
engine at scale (the apps' JSON reports under /usr/bin/time), and the tables read from the campaign's own inputs."""
import csv
import glob
import os

from tamp_campaign import launch  # WALL_MEASURED: the campaign's estimate of a simulation's time

from .markdown import count, head, percent, row
from .run import ROOT, RunError, user_time
from .table import Table


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


OTHER_MACHINES = [("df", "dragonfly, 8 cores/node, 48 nodes in pairs"),
                  ("ft", "fat tree 18-ary 2-level, 32 cores/node")]


def signed(gain):
    """A gain in percent, 0 when the placements' times are equal (auto kept `default`)."""
    return "0" if gain == 0 else percent(gain, 1, sign=True)


def other_machines_table(ctx):
    lines = head(["machine", *(f"{app} (ranks: gain)" for app in APPS)], "l" * (len(APPS) + 1))
    for name, label in OTHER_MACHINES:
        runs = runs_csv(ctx, f"om-{name}")
        cells = []
        for app in APPS:
            scales = sorted({n for (a, n, m) in runs if a == app})
            cells.append(", ".join(f"{n}: {signed(comm_gain(runs, app, n))}" for n in scales) or "not run")
        lines.append(row([label, *cells]))
    return lines


AUTO_MACHINES = [("torus", "torus: the main job's Cielo-like sparse job"),
                 ("ft", "fat tree: 32 nodes in pairs, 32 cores/node"),
                 ("df", "dragonfly: Aries-like, 48 nodes in pairs")]
TOLERANCE = 0.02  # `auto` within 2% of `default` and of the fastest placement counts as holding


def auto_campaigns_table(ctx):
    """Per machine, app and scale of the campaigns of every placement: `default`'s, the fastest placement's and
    `auto`'s communication time, and whether `auto` holds against both (TOLERANCE)."""
    lines = head(["machine", "app", "ranks", "placements run", "`default`", "fastest", "`auto`",
                  "`auto` over `default`", "`auto` over the fastest"], "lllrrlrrr")
    holds = {"default": 0, "fastest": 0}
    cases = 0
    for name, label in AUTO_MACHINES:
        runs = runs_csv(ctx, f"ac-{name}")
        for app, ranks in sorted({(a, n) for (a, n, m) in runs}):
            comm = {m: float(r["time_comm"]) for (a, n, m), r in runs.items() if (a, n) == (app, ranks)}
            if "default" not in comm or "auto" not in comm:
                raise RunError(f"ac-{name}: {app} at {ranks} ranks lacks `default` or `auto`")
            fastest = min(comm, key=lambda m: (comm[m], m != "auto"))  # ties: auto's
            cases += 1
            holds["default"] += comm["auto"] <= comm["default"] * (1 + TOLERANCE)
            holds["fastest"] += comm["auto"] <= comm[fastest] * (1 + TOLERANCE)
            lines.append(row([label, app, count(ranks), len(comm), seconds(comm["default"]),
                              f"{seconds(comm[fastest])} `{fastest}`", seconds(comm["auto"]),
                              relative(comm["auto"], comm["default"]), relative(comm["auto"], comm[fastest])]))
    lines += ["", f"`auto` no slower than `default` (2%) on {holds['default']} of {cases} cases, within 2% of the "
              f"fastest placement on {holds['fastest']} of {cases}."]
    return lines


def relative(x, base):
    return "0" if x == base else percent(x / base - 1, 1, sign=True)


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


def flow_table(ctx, runs):
    """One row per run of an app under the flow engine: its JSON report and /usr/bin/time's figures."""
    lines = head(["run", "messages", "max-min solves", "flows per solve, re-solved / in the network", "time per step",
                  "communication", "wall time", "user CPU", "peak memory"], "lrrrrrrrr")
    for label, name in runs:
        reports = ctx.jsonl(f"{name}.jsonl")
        if not reports:
            raise RunError(f"{ctx.path(name + '.jsonl')}: no report")
        r = reports[-1]
        flow, t = r["results"]["flow_engine"], r["time"]
        cpu, wall, memory = user_time(ctx, f"{name}.time")
        per_solve = (f'{flow["resolved"] / flow["solves"]:.0f} / {flow["in_network_at_solves"] / flow["solves"]:.0f}'
                     if flow.get("solves") else "-")
        lines.append(row([label, count(flow["messages"]), count(flow["solves"]), per_solve, seconds(t["per_iteration"]),
                          seconds(t["comm"]), f"{wall:.0f} s", f"{cpu:.0f} s", f"{memory:.0f} MiB"]))
    return lines


def seconds(x):
    return f"{x * 1e3:.2f} ms" if x >= 1e-3 else f"{x * 1e6:.2f} us"


def flow_halo_table(ctx, nodes, grid):
    ranks = nodes * 16
    label = f"{count(ranks)} ({count(nodes)} nodes, {grid})"
    return flow_table(ctx, [(label, f"flow-halo-{nodes}n")])


# How each point of launch.WALL_MEASURED was measured.
WALL_HOW = {
    "stencil": "the main job's deck (one timed sweep), the slowest placement of each scale, idle machine, two "
               "simulations at once; 512 and 4,096 at SimGrid's 1 ps precision (`surf/precision:1e-12`)",
    "halo": "the main job's deck (MiniGhost's 60^3 x 40, one step, skeleton), as the stencil; 8,192 and 16,384 under "
            "load (\"Wall time and memory of the simulator\"), at smpirun's 1 ns",
    "lanczos": "28-276: the main job's deck, two simulations at once with a compilation beside them; 1,128 under "
               "load; 4,560: [Aktulga12]'s DM run with CM and BCM beside it",
    "mesh": "five timed iterations, beside one other simulation; 512 and 4,096: the main job at 1 ps, as the "
            "stencil; 16,384 beside the CI, at 1 ns",
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


TABLES = [
    Table("main-job", "hours", make=main_job_table),
    Table("other-machines", "minutes", make=other_machines_table),
    Table("auto-campaigns", "minutes", make=auto_campaigns_table),
    Table("calibration", "seconds", make=calibration_table,
          source="the `compute` lines of inputs/campaigns/apps/*.deck"),
    Table("model-validation", "minutes", make=lambda ctx: validation_table(ctx, "vmod-validation.json")),
    Table("model-validation-main", "hours", make=lambda ctx: validation_table(ctx, "main-validation.json")),
    Table("flow-halo", "minutes", timed=True, make=lambda ctx: flow_halo_table(ctx, 1024, "32x32x16")),
    Table("flow-halo-65536", "hours", timed=True, make=lambda ctx: flow_halo_table(ctx, 4096, "64x32x32")),
    Table("flow-stencil2d", "seconds", timed=True,
          make=lambda ctx: flow_table(ctx, [(f"`{m}`", f"flow-stencil2d-{m}") for m in ("default", "fold")])),
    Table("flow-lanczos", "hours", timed=True,
          make=lambda ctx: flow_table(ctx, [("`default` (DM), 18,336 ranks, every step", "flow-lanczos-0"),
                                            ("the same, 5 of the 90 steps (`--flow-steps 5`)", "flow-lanczos-5")])),
    Table("wall-estimate", "seconds", make=wall_estimate_table,
          source="`WALL_MEASURED` in scripts/tamp_campaign/launch.py"),
]
