"""The questions the driver asks of tamp-map and the apps, each answered in JSON by the C++ that owns the idea, so
that no script holds a second copy of it: which names are placements (the mapping module's grammar), a job's process
grids (MPI_Dims_create's grid, the triangular grid's n_d), what a machine file says (the library's parser) and an
app's task graph at a scale (the app's own)."""
import json
import subprocess
import tempfile
import threading

from . import matrix

# An Open MPI singleton (an app's one process: an answer, or a run of the flow engine) started by root.
ROOT_ENV = ["OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"]


def tamp_map(paths, *args):
    """tamp-map's output; its one-line error as a MatrixError when it refuses."""
    done = subprocess.run([paths.tamp_map, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise matrix.MatrixError(done.stderr.strip() or f"tamp-map {args[0]} failed")
    return done.stdout


def _json(paths, command, *args):
    text = tamp_map(paths, command, *args)
    try:
        return json.loads(text)
    except ValueError:
        raise matrix.MatrixError(f"tamp-map {command}: not the answer expected: {text.strip()[:200]}")


def placements(paths, names):
    """What the mapping module's placement grammar says of `names`, asked once of `tamp-map placements`
    (docs/mapping.md): {"algorithms": [...], "steps": [...], "names": {NAME: ANSWER}}, ANSWER {"module": true}
    for an algorithm of the registry with its steps (NAME, NAME+refine), {"module": true, "file": PATH} for
    file:PATH, or {"module": false, "error": the library's message} (an app's own ordering, or a typo)."""
    answer = _json(paths, "placements", "--", *names)
    try:
        return {"algorithms": answer["algorithms"], "steps": answer["steps"],
                "names": {name: answer["names"][name] for name in names}}
    except (KeyError, TypeError):
        raise matrix.MatrixError(f"tamp-map placements: not the answer expected: {json.dumps(answer)[:200]}")


def grids(paths, scales):
    """{ranks: {"procs2": [A, B], "procs3": [A, B, C], "nd": ND or None}} of every scale, asked once of
    `tamp-map grids` (the deck placeholders {procs2}, {procs3}, {px} {py} {pz} and {nd})."""
    scales = sorted(set(scales))
    answer = _json(paths, "grids", *map(str, scales))
    try:
        return {n: {"procs2": answer[str(n)]["procs2"], "procs3": answer[str(n)]["procs3"],
                    "nd": answer[str(n)]["nd"]} for n in scales}
    except (KeyError, TypeError):
        raise matrix.MatrixError(f"tamp-map grids: not the answer expected: {json.dumps(answer)[:200]}")


def machine(paths, machine_file):
    """{"name", "machine", "cores_per_node", "nodes", "slots"} of a machine file or spec (`tamp-map machine`)."""
    answer = _json(paths, "machine", "--machine", machine_file)
    if not isinstance(answer, dict) or not isinstance(answer.get("cores_per_node"), int):
        raise matrix.MatrixError(f"tamp-map machine: not the answer expected: {json.dumps(answer)[:200]}")
    return answer


_task_graphs = {}  # the app's command -> its answer: asked once per deck and scale
_task_graphs_lock = threading.Lock()


def task_graph(paths, deck, ranks):
    """The app's task graph at `ranks` ranks as a `tamp-map gen` spec, or None when no generator makes it (a METIS
    partition, a matrix file): asked of the app itself, in one process that runs nothing (`tamp-APP DECK-ARGS
    --topology synthetic:MACHINE --task-graph-for RANKS`, docs/measuring-gains.md)."""
    command = ["env", *ROOT_ENV, paths.app(deck.app, False), *deck.args_for(ranks, skeleton=False), "--topology",
               "synthetic:" + paths.machine, "--task-graph-for", str(ranks)]
    key = tuple(command)
    # One question at a time, each singleton in a session folder of its own: Open MPI singletons that start at the
    # same instant race to create the shared one under /tmp ("mkdir: File exists", orte_init fails).
    with _task_graphs_lock:
        if key in _task_graphs:
            return _task_graphs[key]
        with tempfile.TemporaryDirectory(prefix="tamp-ask-") as session:
            done = subprocess.run(["env", "OMPI_MCA_orte_tmpdir_base=" + session, *command[1:]],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise matrix.MatrixError(f"{deck.path}: at {ranks} ranks: "
                                 f"{done.stderr.strip() or f'tamp-{deck.app} --task-graph-for failed'}")
    try:
        graph = json.loads(done.stdout)["graph"]
    except (ValueError, KeyError, TypeError):
        graph = False
    if graph is not None and not isinstance(graph, str):
        raise matrix.MatrixError(f"tamp-{deck.app} --task-graph-for: not the answer expected: "
                                 f"{done.stdout.strip()[:200]}")
    with _task_graphs_lock:
        _task_graphs[key] = graph
    return graph
