#!/usr/bin/env python3
"""How a batch system's way of handing out nodes moves a weak-scaling series of MiniGhost's exchange
(docs/machines.md, "Sparse allocations of a busy machine"): for every allocation model, scale and seed, a sparse job
from `tamp-map alloc` and the exchange's predicted communication time (`tamp-map compare`, no simulation) under
each placement; prints per model and scale the mean over the seeds, its standard error, and each placement's
speed-up over the first placement when a fixed computation per step is added.

  scripts/allocation_models.py [--machine FILE] [--nodes N,N,...] [--seeds K] [--models ids,curve:0.5,...]
                               [--placements default,geom-r,...] [--compute-ms MS] [--deck FILE] [--build DIR]

A model is `ids` (pieces spread over the whole machine in node-id order), `curve` (over the whole machine along
the space-filling curve) or `ORDER:DENSITY` (the job's share of the stretch of the order it spans). The task graph
is the one the deck's app runs at the job's size (`tamp-APP ARGS --task-graph-for RANKS`; by default [Deveci14]'s
MiniGhost deck of the fidelity experiments).
"""
import json
import math
import os
import statistics
import sys
import tempfile

sys.dont_write_bytecode = True
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from tamp_campaign import ask, cli, launch, matrix  # noqa: E402  (tamp-map's and the app's answers; refusals)

PROG = "allocation_models.py"


def model_options(model):
    """`tamp-map alloc` options of a model name, or a refusal."""
    order, _, density = model.partition(":")
    if order not in ("ids", "curve"):
        cli.refuse(PROG, f"argument --models: '{model}': expected ids, curve or ORDER:DENSITY")
    options = ["--order", order]
    if density:
        try:
            value = float(density)
        except ValueError:
            value = -1
        if not 0 < value <= 1:
            cli.refuse(PROG, f"argument --models: '{model}': the density must be in (0, 1]")
        options += ["--density", density]
    return options


def predicted_ms(paths, machine, graph, placements):
    """Per placement, the exchange's predicted communication time (ms) on `machine`."""
    out = ask.tamp_map(paths, "compare", "--graph", graph, "--machine", machine, "--algorithms",
                       ",".join(placements), "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    return {row["algorithm"]: row["metrics"]["predicted_comm_time"] * 1e3 for row in rows}


def task_graph(paths, deck):
    """(ranks, the task graph spec the deck's app runs at that size) of the job in paths.machine."""
    ranks = ask.machine(paths, paths.machine)["slots"]
    deck.know_grids(ask.grids(paths, [ranks]))
    graph = ask.task_graph(paths, deck, ranks)
    if graph is None:
        raise matrix.MatrixError(f"{deck.path}: tamp-{deck.app} has no task graph spec")
    return ranks, graph


def study(args, deck, sizes, models, placements, work):
    """The table's lines, printed as each size is done."""
    print(f"| model | nodes | ranks | {' | '.join(f'{p} (ms)' for p in placements)} | "
          f"{' | '.join(f'{p} speed-up' for p in placements[1:])} |")
    print("| --- | ---: | ---: |" + " ---: |" * (2 * len(placements) - 1))
    graphs = {}  # nodes -> (ranks, the app's task graph): the same for every allocation of that size
    for number, (model, options) in enumerate(models.items()):
        for nodes in sizes:
            runs = []
            for seed in range(1, args.seeds + 1):
                paths = launch.Paths(ROOT, args.build, work, os.path.join(work, f"job-{number}-{nodes}-{seed}"))
                os.makedirs(paths.platform_dir)
                ask.tamp_map(paths, "alloc", "--machine", args.machine, "--nodes", str(nodes), "--chunk",
                             str(args.chunk), "--seed", str(seed), *options, "--out", paths.machine)
                if nodes not in graphs:
                    graphs[nodes] = task_graph(paths, deck)
                ranks, graph = graphs[nodes]
                runs.append(predicted_ms(paths, paths.machine, graph, placements))
            means = {p: statistics.mean(r[p] for r in runs) for p in placements}
            errors = {p: statistics.stdev(r[p] for r in runs) / len(runs) ** 0.5 if len(runs) > 1 else 0.0
                      for p in placements}
            base = args.compute_ms + means[placements[0]]
            cells = [f"{means[p]:.1f} ± {errors[p]:.1f}" for p in placements]
            cells += [f"{base / (args.compute_ms + means[p]):.3f}" for p in placements[1:]]
            print(f"| {model} | {nodes:,} | {ranks:,} | {' | '.join(cells)} |", flush=True)


def main():
    parser = cli.Parser(PROG, description=__doc__)
    parser.add_argument("--machine", default=os.path.join(ROOT, "inputs", "machines", "cielo.machine"))
    parser.add_argument("--nodes", default="256,512,1024,2048,4096", help="job sizes in nodes")
    parser.add_argument("--chunk", type=cli.count(1), default=8)
    parser.add_argument("--seeds", type=cli.count(1), default=5, help="allocations per model and size: seeds 1..K")
    parser.add_argument("--models", default="ids,curve:0.5")
    parser.add_argument("--placements", default="default,group,geom,geom-r")
    parser.add_argument("--compute-ms", type=float, default=254.0,
                        help="computation per step added to every placement's time for the speed-ups")
    parser.add_argument("--deck", default=os.path.join(ROOT, "inputs", "fidelity", "deveci14-table2", "decks",
                                                       "halo.deck"),
                        help="app deck whose app gives the task graph at each job's size (--task-graph-for)")
    parser.add_argument("--build", default=os.environ.get("TAMP_BUILD_DIR", os.path.join(ROOT, "build")))
    args = parser.parse_args()
    try:
        sizes = [int(n) for n in args.nodes.split(",")]
    except ValueError:
        cli.refuse(PROG, f"argument --nodes: '{args.nodes}': expected comma-separated node counts")
    if min(sizes) < 1:
        cli.refuse(PROG, "argument --nodes: node counts must be at least 1")
    models = {model: model_options(model) for model in args.models.split(",")}
    placements = args.placements.split(",")
    if len(placements) < 2 or len(set(placements)) != len(placements):
        cli.refuse(PROG, "argument --placements: two different placements at least")
    if not (math.isfinite(args.compute_ms) and args.compute_ms >= 0):
        cli.refuse(PROG, "argument --compute-ms: must be a finite number, 0 or more")
    try:
        deck = matrix.Deck(args.deck)
        with tempfile.TemporaryDirectory() as work:
            paths = launch.Paths(ROOT, args.build, work)
            for tool in (paths.tamp_map, paths.app(deck.app, False)):
                if not os.access(tool, os.X_OK):
                    raise matrix.MatrixError(f"argument --build: no {tool} (build TAMP first)")
            # A size or model the machine refuses is refused before the table starts: tamp-map alloc of the
            # largest size under every model.
            for options in models.values():
                ask.tamp_map(paths, "alloc", "--machine", args.machine, "--nodes", str(max(sizes)), "--chunk",
                             str(args.chunk), *options, "--out", os.path.join(work, "check.machine"))
            study(args, deck, sizes, models, placements, work)
    except (matrix.MatrixError, OSError) as e:
        cli.refuse(PROG, str(e))


if __name__ == "__main__":
    main()
