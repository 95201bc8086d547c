"""The mapping module's tables: evaluate()'s speed, findNearest, mapping 10^6 tasks, placement quality and the
`time` objective, from Google Benchmark's JSON and `tamp-map ... --json`."""
from .markdown import count, head, row, sci, sig, span
from .run import RunError, user_time
from .table import Table

def benchmarks(ctx, name):
    """{run name: [entries]} of a Google Benchmark JSON file (one entry per repetition or aggregate)."""
    out = {}
    for b in ctx.json(name).get("benchmarks", []):
        out.setdefault(b.get("run_name", b["name"]), []).append(b)
    if not out:
        raise RunError(f"{ctx.path(name)}: no benchmark in it")
    return out


def repeated(runs, name, path):
    """The repetitions (not the aggregates) of one benchmark."""
    found = [b for b in runs.get(name, []) if b.get("run_type", "iteration") == "iteration"]
    if not found:
        raise RunError(f"{path}: no benchmark {name}")
    return found


EVALUATE_CASES = [
    ("BM_Stencil100cubed_Torus64x32x32_Default",
     "100^3 7-point stencil (6x10^6 messages), 64x32x32 torus x 16 cores, default mapping, with link loads"),
    ("BM_Stencil100cubed_Torus64x32x32_Random", "same, random mapping (routes of 32 hops on average)"),
    ("BM_Stencil100cubed_Torus64x32x32_Default_NoLoads", "same, default mapping, distances only (no link loads)"),
    ("BM_Stencil64cubed_Torus32x32x16_Default", "64^3 stencil on a 32x32x16 torus x 16 cores, default"),
    ("BM_Stencil64cubed_Torus32x32x16_Random", "same, random"),
]


def evaluate_table(ctx):
    runs = benchmarks(ctx, "evaluate.json")
    lines = head(["case", "CPU time, one thread (5 runs)", "hops/byte"], "lrr")
    for name, label in EVALUATE_CASES:
        found = repeated(runs, name, ctx.path("evaluate.json"))
        times = [b["cpu_time"] for b in found]
        lines.append(row([label, span(times) + " ms", f"{found[0]['hops_per_byte']:.2f}"]))
    return lines


# [Bhatele10] Table 10.1 in ms: (cells, corner spiral, corner tree, centre spiral, centre tree).
THESIS_10_1 = {1024: (5.45, 0.83, 3.88, 1.67), 4096: (67.34, 5.24, 44.13, 12.49),
               16384: (1005.82, 44.23, 676.52, 98.48)}


def find_nearest_table(ctx):
    runs = benchmarks(ctx, "find-nearest.json")
    lines = head(["cells", "corner spiral", "corner tree", "centre spiral", "centre tree"], "rrrrr")
    for cells, thesis in THESIS_10_1.items():
        cells_row = [count(cells)]
        for k, (centre, search) in enumerate(((0, 0), (0, 1), (1, 0), (1, 1))):
            name = f"table_10_1/cells:{cells}/centre:{centre}/search:{search}"
            median = [b for b in runs.get(name, []) if b.get("aggregate_name") == "median"]
            if not median:
                raise RunError(f"{ctx.path('find-nearest.json')}: no median of {name}")
            cells_row.append(f"{thesis[k]:g} / {sig(median[0]['cpu_time'])}")
        lines.append(row(cells_row))
    return lines


def same_mapping(ctx, reference, runs, what):
    """Refuses the table unless every run's NAME.map is the reference run's, byte for byte."""
    for run in runs:
        if ctx.text(f"{run}.map") != ctx.text(f"{reference}.map"):
            raise RunError(f"{ctx.path(run + '.map')}: not the mapping {what}")


def speed_table(ctx):
    lines = head(["`--objective`", "`--algorithm`", "wall time, 2 threads", "the same, from the graph's files",
                  "wall time, 1 thread", "CPU time (2 threads)", "peak memory (2 threads)", "hop-bytes"],
                 "llrrrrrr")
    for objective in ("time", "hop-bytes"):
        hop_bytes = {a: ctx.json(f"speed-{objective}-{a}.json")["hop_bytes"] for a in ("auto", "geom-rs")}
        for algorithm in ("auto", "geom-rs"):
            name = f"speed-{objective}-{algorithm}"
            same_mapping(ctx, f"{name}-1", [f"{name}-{form}-{r}" for form in ("2", "files") for r in (1, 2, 3)],
                         "of 1 thread")
            # Each form's median run of three (the host's load moves single runs).
            two = sorted((user_time(ctx, f"{name}-2-{r}.time") for r in (1, 2, 3)), key=lambda t: t[1])[1]
            files = sorted(user_time(ctx, f"{name}-files-{r}.time")[1] for r in (1, 2, 3))[1]
            _, wall_one, _ = user_time(ctx, f"{name}-1.time")
            note = ""
            if algorithm == "auto":
                note = f" ({1 - hop_bytes['auto'] / hop_bytes['geom-rs']:.0%} below `geom-rs`)"
            lines.append(row([f"`{objective}`", f"`{algorithm}`", f"{two[1]:.1f} s", f"{files:.1f} s",
                              f"{wall_one:.1f} s", f"{two[0]:.1f} s", f"{two[2]:.0f} MiB",
                              sci(hop_bytes[algorithm]) + note]))
    return lines


SHAPE_GRAPHS = 4  # the stencils the commands map, each with its spec in shape-N.spec
SHAPE_RUNS = (("time", "geom-rs"), ("hop-bytes", "geom-rs"), ("congestion", "geom-rs"), ("time", "auto"))


def shapes_table(ctx):
    lines = head(["stencil (from its files)", *(f"`{a}`, `--objective {o}`" for o, a in SHAPE_RUNS),
                  "peak memory (largest run)"], "lrrrrr")
    for n in range(1, SHAPE_GRAPHS + 1):
        spec = ctx.text(f"shape-{n}.spec").strip()
        cells, memory = [], 0
        for objective, algorithm in SHAPE_RUNS:
            name = f"shape-{n}-{objective}-{algorithm}"
            same_mapping(ctx, f"{name}-1", [f"{name}-{r}" for r in (2, 3)], "of the first run")
            runs = [user_time(ctx, f"{name}-{r}.time") for r in (1, 2, 3)]
            walls = sorted(wall for _, wall, _ in runs)
            cells.append(f"{walls[1]:.1f} s ({span(walls)} s)")
            memory = max(memory, max(m for _, _, m in runs))
        lines.append(row([f"`{spec}`", *cells, f"{memory:.0f} MiB"]))
    return lines


GEOMETRIC_CASES = [
    ("BM_Geom_Stencil128x128x64_Torus64x32x32x16", "`geom`, 128x128x64 stencil (2^20 tasks), 64x32x32 torus x 16"),
    ("BM_GeomR_Stencil128x128x64_Torus64x32x32x16", "`geom-r`, the same"),
    ("BM_GeomRS_Stencil128x128x64_Torus64x32x32x16", "`geom-rs`, the same"),
    ("BM_GeomRS_Stencil100cubed_Torus64x32x32x16", "`geom-rs`, 100^3 stencil on the same machine"),
    ("BM_GeomRS_Stencil125x100x80_Torus64x32x32x16",
     "`geom-rs`, 125x100x80 stencil on the same machine (no two extents alike)"),
    ("BM_GeomRS_Stencil64cubed_Torus32x32x16x16", "`geom-rs`, 64^3 stencil, 32x32x16 torus x 16"),
    ("BM_GeomRS_Slots_Stencil128x128x64_Torus64x32x32x16/iterations:1",
     "`geom-rs` on every core (the paper's form), 2^20 tasks"),
    ("BM_GeomRS_Slots_Stencil100cubed_Torus64x32x32x16/iterations:1",
     "`geom-rs` on every core, 100^3 stencil (closest subset of cores first)"),
]


def geometric_table(ctx):
    runs = benchmarks(ctx, "geometric.json")
    lines = head(["case", "CPU time", "hops/byte"], "lrr")
    for name, label in GEOMETRIC_CASES:
        found = repeated(runs, name, ctx.path("geometric.json"))
        lines.append(row([label, f"{found[0]['cpu_time'] / 1000:.2f} s", f"{found[0]['hops_per_byte']:.2f}"]))
    return lines


# The instances of tests/perf/README.md, by the number the commands give their output.
INSTANCES = {
    1: "3D 7-point stencil 32x32x16, full 16x8x8 torus x 16 cores",
    2: "same, ALPS-like sparse allocation: 683 nodes of a 17x8x24 Hopper-like torus x 24",
    3: "2D 5-point stencil 64x64, full 8x8x4 torus x 16",
    4: "3D mesh partition graph, 512 parts, 8x8x4 torus x 2",
    5: "MFDn n_d = 23 (DM), 12 nodes of the Hopper-like machine x 24",
}


def bytes_figure(x):
    return count(x) if x < 1e7 else sci(x)


def quality_table(ctx):
    algorithms = ("default", "auto", "geom-rs")
    lines = head(["instance", *algorithms, "`auto`'s max congestion"], "lrrrr")
    for number, what in INSTANCES.items():
        found = {r["algorithm"]: r for r in ctx.jsonl(f"quality-{number}.jsonl")}
        missing = [a for a in algorithms if "metrics" not in found.get(a, {})]
        if missing:
            raise RunError(f"{ctx.path(f'quality-{number}.jsonl')}: no metrics of {', '.join(missing)}")
        m = {a: found[a]["metrics"] for a in algorithms}
        cells = [f"{bytes_figure(m[a]['hop_bytes'])} / {bytes_figure(m[a]['max_link_load'])}" for a in algorithms]
        lines.append(row([f"{number} {what}", *cells, bytes_figure(m["auto"]["max_congestion"])]))
    return lines


OBJECTIVE_GRAPHS = 5  # the graphs the commands map, each with its spec in objective-N.spec


def objective_table(ctx):
    lines = head(["graph", "default: time / hop-bytes", "auto (hop-bytes): time / hop-bytes",
                  "auto (time): time / hop-bytes"], "llll")
    for n in range(1, OBJECTIVE_GRAPHS + 1):
        spec = ctx.text(f"objective-{n}.spec").strip()
        figures = [ctx.json(f"objective-{n}.{which}.json") for which in ("default", "hop-bytes", "time")]
        best = min(f["predicted_comm_time"] for f in figures)
        cells = []
        for f in figures:
            time = sci(f["predicted_comm_time"])
            cells.append(f"{f'**{time}**' if f['predicted_comm_time'] == best else time} / {sci(f['hop_bytes'])}")
        lines.append(row([f"`{spec}`", *cells]))
    return lines


TABLES = [
    Table("evaluate", "seconds", timed=True, make=evaluate_table),
    Table("find-nearest", "seconds", timed=True, make=find_nearest_table),
    Table("speed", "minutes", timed=True, make=speed_table),
    Table("speed-shapes", "minutes", timed=True, make=shapes_table),
    Table("speed-geometric", "minutes", timed=True, make=geometric_table),
    Table("quality", "minutes", make=quality_table),
    Table("objective", "seconds", make=objective_table),
]
