"""TAMP's campaign driver (docs/measuring-gains.md): runs a matrix of app x scale (weak scaling) x mapping on a
machine — simulated with SimGrid (default), or real through mpirun — or writes the batch job scripts (srun, aprun;
runjob and cobalt-mpirun on Blue Gene/Q and /P)
with their launcher files; then writes every run's JSON, a CSV, the summary table and gnuplot plots.

  scripts/campaign.py [CAMPAIGN] [--launcher sim|flow|mpirun|srun|aprun|runjob|cobalt-mpirun] [--out DIR] [--resume] ...
  scripts/campaign.py CAMPAIGN --report-only --out DIR      # the report of finished runs (e.g. batch jobs)
  scripts/campaign.py CAMPAIGN --calibrate --out DIR        # the decks' `compute` lines, measured natively
"""
import collections
import concurrent.futures
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from . import ask, calibrate, cli, jobs, launch, matrix, pool, provenance, report, same_placement

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the source tree


def options():
    """The options, each checked before anything is written: a refusal is one line and exit status 2."""
    p = cli.Parser("campaign", prog="campaign.py", description=__doc__)
    p.add_argument("campaign", nargs="?", default=os.path.join(ROOT, "inputs", "campaigns", "main.campaign"),
                   help="campaign file (default: inputs/campaigns/main.campaign)")
    p.add_argument("--launcher", default="sim", choices=launch.LAUNCHERS,
                   help="sim (SimGrid, default), flow (TAMP's flow engine: one process per run), mpirun, srun, aprun, runjob (Blue Gene/Q) or cobalt-mpirun (Blue "
                   "Gene/P) (the last four are batch: writes job scripts instead of running)")
    p.add_argument("--build", default=os.environ.get("TAMP_BUILD_DIR", os.path.join(ROOT, "build")),
                   help="build folder (default: $TAMP_BUILD_DIR or build)")
    p.add_argument("--out", type=cli.folder, help="output folder (default: out/campaign-NAME)")
    p.add_argument("--machine", help="machine file or spec instead of the campaign's")
    p.add_argument("--apps", help="comma-separated apps instead of the campaign's")
    p.add_argument("--scales", help="comma-separated rank counts instead of the campaign's")
    p.add_argument("--mappings", help="comma-separated mappings instead of the campaign's")
    p.add_argument("--decks", default=os.path.join(ROOT, "inputs", "campaigns", "apps"), help="folder of app decks")
    p.add_argument("--topology", help="--topology of real runs (default: the apps' discovery)")
    p.add_argument("--no-flow-setup", action="store_true", help="with --launcher flow: every task starts the warm-up "
                   "at once, without the app's set-up before its first barrier (the apps' --no-flow-setup)")
    p.add_argument("--timeout", type=cli.seconds, default=600, help="seconds before a run is stopped and failed")
    p.add_argument("--jobs", type=cli.count(1), default=os.cpu_count() or 1, help="simulated runs at a time (default: the "
                   "cores; a run waits until its memory estimate fits beside the others); real runs: one at a time")
    p.add_argument("--resume", action="store_true", help="keep the runs already done in --out, run the others")
    p.add_argument("--report-only", action="store_true", help="only write the report of the runs in --out")
    p.add_argument("--calibrate", action="store_true", help="run each deck natively (mpirun) with --compute-model "
                   "calibrate, write OUT/calibration.json and print the decks' `compute` lines; nothing else")
    p.add_argument("--calibrate-ranks", type=cli.count(1), default=2, help="ranks of the calibration runs (default 2; a "
                   "deck whose `scales` excludes it runs at its smallest scale)")
    args = p.parse_args()
    if not args.out:
        name = os.path.splitext(os.path.basename(args.campaign))[0]
        args.out = p.check("--out", cli.folder, os.path.join(ROOT, "out", "campaign-" + name))
    if args.no_flow_setup and args.launcher != "flow":
        p.error("--no-flow-setup is for --launcher flow")
    if args.report_only and not os.path.isdir(args.out):
        p.error(f"--report-only: no folder {args.out} (nothing to report)")
    return args


def plan(args):
    campaign = matrix.Campaign(args.campaign, args.decks)
    if args.machine:
        campaign.machine = args.machine
    if args.apps:
        campaign.apps = args.apps.split(",")
    if args.scales:
        campaign.scales = matrix.positive_ints("--scales", "--scales", args.scales.split(","), 0)
        campaign.only_scales = set(campaign.scales)
    if args.mappings:
        campaign.mappings = matrix.distinct("--mappings", "--mappings", args.mappings.split(","), 0)
    if "default" not in campaign.mappings:  # the report's gains are over it: without it they would be blank
        raise matrix.MatrixError(f"mappings {' '.join(campaign.mappings)}: 'default' is missing (the gains are "
                                 "computed over the launcher's placement)")
    paths = launch.Paths(ROOT, os.path.abspath(args.build), args.out)
    simulated = args.launcher in launch.SIMULATED and not args.calibrate
    smpicxx = args.launcher == "sim" and not args.calibrate  # the apps of the smpicxx build
    launch.check_tools("mpirun" if args.calibrate else args.launcher, paths)
    if args.calibrate or not simulated:
        campaign.compute = "measured"  # real runs measure; the decks' compute lines are what --calibrate writes
    # Every launcher needs the native app too: it answers its task graph (ask.task_graph) for the placements.
    runs = matrix.expand(campaign, campaign.available_decks(), campaign.apps,
                         lambda app: all(os.access(paths.app(app, sim), os.X_OK) for sim in {False, smpicxx}),
                         lambda scales: ask.grids(paths, scales))
    for app, scales in campaign.skipped_decks:
        print(f"campaign: {app} skipped: its deck runs at {matrix.spaced(scales)} ranks only, none of --scales "
              f"{matrix.spaced(campaign.scales)}")
    launch.check_mappings(paths, campaign.mappings)
    # The file a placement reads (file:PATH), as tamp-map names it: its digest is part of the run's key.
    files = ask.placements(paths, sorted({r["mapping"] for r in runs}))["names"]
    for run in runs:
        run["mapping_file"] = files[run["mapping"]].get("file")
    return campaign, paths, runs


class Stopped(Exception):
    """SIGTERM or SIGINT: the run under way is killed with everything it started, and the driver stops."""


def stop(signum, _frame):
    raise Stopped(signal.Signals(signum).name)


def run_once(cmd, args, log, json_path):
    if os.path.exists(json_path):
        os.remove(json_path)
    log.write(" ".join(cmd) + "\n\n")
    log.flush()
    # Its own process group: smpirun starts the simulator as a child, and a stop or timeout must reach both.
    child = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                             env=dict(os.environ, OMP_NUM_THREADS="1"))
    with RUNNING_LOCK:
        RUNNING.add(child)
    try:
        returncode = child.wait(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        kill_group(child)
        return f"failed: timeout after {args.timeout:g} s"
    except BaseException:
        kill_group(child)
        raise
    finally:
        with RUNNING_LOCK:
            RUNNING.discard(child)
    if returncode in (137, -signal.SIGKILL):  # smpirun reports its simulator's SIGKILL as 137
        return (f"failed: killed (exit status {returncode}): if the kernel ran out of memory, run fewer simulations "
                "at a time (--jobs 1) or fewer ranks")
    if returncode != 0:
        return f"failed: exit status {returncode}"
    if not os.path.exists(json_path) or os.path.getsize(json_path) == 0:
        return "failed: no JSON report"
    return "ok"


# The runs under way (several at once with --jobs): a stop kills them all.
RUNNING = set()
RUNNING_LOCK = threading.Lock()


def kill_running():
    with RUNNING_LOCK:
        children = list(RUNNING)
    for child in children:
        kill_group(child)


def kill_group(child):
    for sig, grace in ((signal.SIGTERM, 5), (signal.SIGKILL, None)):
        try:
            os.killpg(child.pid, sig)
        except ProcessLookupError:
            break
        try:
            child.wait(timeout=grace)
            break
        except subprocess.TimeoutExpired:
            continue


def total_time(json_path):
    with open(json_path) as f:
        return json.loads(f.readlines()[-1])["time"]["total"]


def command_of(run, args, paths, campaign, log_path, trial):
    """The run's command, its placement computed here (tamp-map, for a simulated run placed by the launcher); a
    mapping that does not apply fails this run only: (None, the error), written to the run's log."""
    try:
        return launch.command(run, args.launcher, paths, args.topology, trial, campaign.smpirun,
                              ["--no-flow-setup"] if args.no_flow_setup else []), None
    except matrix.MatrixError as e:
        with open(log_path, "w") as log:
            log.write(f"{matrix.run_id(run)}: {e}\n")
        return None, f"failed: {e}"


def run_one(cmd, args, campaign, log_path, json_path):
    """Runs `repeat` times and keeps the JSON of the fastest run (all of them stay in the log)."""
    trial = trial_path(json_path)
    best = None
    try:
        with open(log_path, "w") as log:
            for _ in range(campaign.repeat):
                status = run_once(cmd, args, log, trial)
                if status != "ok":
                    return status
                if best is None or total_time(trial) < best:
                    best = total_time(trial)
                    os.replace(trial, json_path)
    finally:  # a failed or stopped trial leaves no file behind
        if os.path.exists(trial):
            os.remove(trial)
    return "ok"


def trial_path(json_path):
    return json_path + ".trial"


def status_of(path):
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return f.read().strip()


def pending(runs, args, paths, setting):
    """Each run as (run, label, key, files, done): done is True when --resume keeps it, False when it was done
    with another setting, None otherwise. Reads --out, writes nothing."""
    runs_dir = os.path.join(paths.out, "runs")
    out = []
    for i, run in enumerate(runs, 1):
        rid = matrix.run_id(run)
        files = {ext: os.path.join(runs_dir, rid + ext) for ext in (".jsonl", ".status", ".key", ".log", ".placement")}
        label = f"[{i}/{len(runs)}] {run['app']} ranks {run['ranks']} mapping {run['mapping']}"
        key = provenance.run_key(run, setting)
        done = None
        if args.resume and status_of(files[".status"]) == "ok":
            done = provenance.stored(files[".key"]) == key
        out.append((run, label, key, files, done))
    return out


def preflight(planned, args, paths):
    """What would stop a simulated campaign half-way, refused before --out is touched: a run larger than the
    memory available, or estimated to outlast --timeout."""
    if args.launcher not in launch.SIMULATED:
        return
    todo = [run for run, *_, done in planned if not done]
    launch.check_memory(todo, paths, pool.available_memory(), args.launcher)
    launch.check_wall_time(todo, args.timeout, args.launcher)


# A run to make: its matrix entry, its label in the progress lines, its provenance key and its files in OUT/runs.
Todo = collections.namedtuple("Todo", "run label key files")


def execute(campaign, paths, planned, args):
    runs_dir = os.path.join(paths.out, "runs")
    if not args.resume and os.path.isdir(runs_dir):  # every check passed: the earlier campaign's runs go now
        shutil.rmtree(runs_dir)
    os.makedirs(runs_dir, exist_ok=True)
    batch = args.launcher in launch.BATCH
    start = time.time()
    todo = []
    for run, label, key, files, done in planned:
        if done:
            print(f"{label}: done before, kept", flush=True)
            continue
        if done is False:
            print(f"{label}: done before with another machine, deck, mapping or binary: run again", flush=True)
        for stale in (files[".status"], files[".key"], files[".jsonl"], files[".placement"]):  # nothing left
            if os.path.exists(stale):
                os.remove(stale)
        if batch:
            script = jobs.write_job(run, args.launcher, paths, args.topology, files[".jsonl"])
            provenance.store(files[".key"], key)
            print(f"{label}: job script {script}", flush=True)
            continue
        todo.append(Todo(run, label, key, files))
    if not todo:
        return time.time() - start
    count = [0]

    def finish(t, status, seconds):
        provenance.store(t.files[".key"], t.key)
        with open(t.files[".status"], "w") as f:
            f.write(status + "\n")
        count[0] += 1
        print(f"{t.label}: {status} ({seconds:.1f} s; {count[0]} of {len(todo)} done, elapsed "
              f"{time.time() - start:.0f} s)", flush=True)

    simulated = args.launcher in launch.SIMULATED
    jobs_at_once = args.jobs if simulated else 1
    commands = {}
    # The placements (tamp-map, one process each) are computed `--jobs` at a time before any run starts: a run of
    # the same placement as another is known before either runs.
    placing = concurrent.futures.ThreadPoolExecutor(jobs_at_once)
    try:
        made = list(placing.map(lambda t: command_of(t.run, args, paths, campaign, t.files[".log"],
                                                     trial_path(t.files[".jsonl"])), todo))
    finally:  # a stop waits for the tamp-map calls under way only
        placing.shutdown(cancel_futures=True)
    for t, (cmd, error) in zip(todo, made):
        if error:
            finish(t, error, 0.0)
        else:
            commands[id(t)] = cmd
    runnable = [t for t in todo if id(t) in commands]
    identities = {id(t): same_placement.identity(commands[id(t)], trial_path(t.files[".jsonl"])) if simulated
                  else None for t in runnable}
    leaders, copies, of_kept = share_placements(runnable, identities, kept_placements(planned))
    sim = args.launcher == "sim"
    # The largest runs first, so that the small ones fill the other job slot while they run.
    order = sorted(leaders, key=lambda t: -t.run["ranks"]) if sim else leaders
    items = [(t, launch.memory_estimate(t.run, paths) if sim else 0) for t in order]
    announce(leaders, sum(len(c) for c in copies.values()), len(of_kept), args.launcher, jobs_at_once)

    def keep_placement(t):  # what a later start with --resume needs to give a new run of t's placement t's report
        same_placement.store(t.files[".placement"], identities[id(t)], same_placement.map_file(commands[id(t)]))

    def placed(t, status, source):
        """Finishes `t`, a run of the same placement as the run `source` (a Simulated) that ended with `status`."""
        status = take_placement_run(source, t, commands[id(t)], status)
        if status == "ok":
            keep_placement(t)
        finish(t, status, 0.0)

    for source, t in of_kept:
        placed(t, "ok", source)

    def work(t):
        t0 = time.time()
        status = run_one(commands[id(t)], args, campaign, t.files[".log"], t.files[".jsonl"])
        return status, time.time() - t0

    def done(t, result):
        status, seconds = result
        if status == "ok" and identities[id(t)] is not None:
            keep_placement(t)
        finish(t, status, seconds)
        if id(t) in copies:
            source = Simulated(matrix.run_id(t.run), t.files[".jsonl"], same_placement.map_file(commands[id(t)]))
            for copy in copies[id(t)]:
                placed(copy, status, source)

    pool.Pool(jobs_at_once, pool.available_memory() if sim else None).run(items, work, done, kill_running)
    return time.time() - start


def announce(leaders, shared, shared_kept, launcher, jobs_at_once):
    """The start line: the runs to make, those of a placement made by another or by a run kept by --resume, and
    the wall time estimated."""
    estimates = [launch.wall_estimate(t.run, launcher) for t in leaders] if launcher in launch.SIMULATED else []
    known = [e for e in estimates if e is not None]
    about = (f", about {launch.format_duration(sum(known) / jobs_at_once)} of wall time (estimate"
             f"{'' if len(known) == len(estimates) else f' for {len(known)} of them'})" if known else "")
    also = [f"{shared} of the same placement as one of them"] if shared else []
    also += [f"{shared_kept} of the same placement as a run kept by --resume"] if shared_kept else []
    also = f" (and {' and '.join(also)}: not simulated again)" if also else ""
    print(f"campaign: {count_runs(len(leaders))}{also}, {jobs_at_once} at a time{about}", flush=True)


def count_runs(n):
    """"1 run", "2 runs": the start and end lines' count."""
    return f"{n} run" + ("" if n == 1 else "s")


# A simulated run whose report a run of the same placement takes: its id, its report and its map file.
Simulated = collections.namedtuple("Simulated", "rid jsonl map")


def kept_placements(planned):
    """{identity: Simulated} of the runs that --resume keeps and whose placement was stored when they were made."""
    kept = {}
    for run, _, _, files, done in planned:
        stored = same_placement.stored(files[".placement"]) if done and os.path.exists(files[".jsonl"]) else None
        if stored is not None:
            kept.setdefault(stored[0], Simulated(matrix.run_id(run), files[".jsonl"], stored[1]))
    return kept


def share_placements(todo, identities, kept):
    """(the runs to simulate, {id of one of them: the runs of the same placement}, [(a kept run's Simulated, a run
    of its placement)]): the first run of each placement in the campaign's order is simulated, unless --resume
    keeps a run of it; the others take that run's report (same_placement)."""
    first, leaders, copies, of_kept = {}, [], {}, []
    for t in todo:
        identity = identities[id(t)]
        if identity in kept:
            of_kept.append((kept[identity], t))
        elif identity in first:
            copies.setdefault(id(first[identity]), []).append(t)
        else:
            if identity is not None:
                first[identity] = t
            leaders.append(t)
    return leaders, copies, of_kept


def take_placement_run(source, copy, cmd, status):
    """The status of `copy` (its command `cmd`), a run of the same placement as `source` (a Simulated), whose run
    ended with `status`: its report and log written from the simulated run's."""
    with open(copy.files[".log"], "w") as log:
        log.write(" ".join(cmd) + "\n\n")
        log.write(f"not simulated: the same placement (map file and command) as run {source.rid}, whose report is "
                  "copied with this run's mapping name and map file\n")
    if status != "ok":
        return f"{status} (the same placement as run {source.rid})"
    same_placement.copy_report(source.jsonl, copy.files[".jsonl"], copy.run["mapping"], source.rid,
                               (source.map, same_placement.map_file(cmd)))
    return "ok"


STALE = "stale: made with another machine, deck, mapping or binary (run it again)"


def write_report(paths, runs, title, setting):
    rows = []
    for run in runs:
        rid = matrix.run_id(run)
        json_path = os.path.join(paths.out, "runs", rid + ".jsonl")
        status = status_of(os.path.join(paths.out, "runs", rid + ".status"))
        if status is None:  # batch jobs write no status: their JSON report is the proof
            status = "ok" if os.path.exists(json_path) and os.path.getsize(json_path) > 0 else "not run"
        if status == "ok" and provenance.stored(os.path.join(paths.out, "runs", rid + ".key")) != \
                provenance.run_key(run, setting):
            status = STALE
        rows.append(report.load_row(run, status, json_path))
    csv_path = os.path.join(paths.out, "runs.csv")
    report.write_csv(rows, csv_path)
    table = report.summary(rows)
    with open(os.path.join(paths.out, "summary.txt"), "w") as f:
        f.write(f"# {title}\n" + table)
    figures = report.plots(rows, os.path.join(paths.out, "plots"), title)
    print(f"\nSummary ({title}; gains: share of default's value saved, + is better):\n")
    print(table)
    print(f"runs (JSON Lines, logs): {os.path.join(paths.out, 'runs')}\nCSV: {csv_path}\n"
          f"table: {os.path.join(paths.out, 'summary.txt')}")
    print("plots:" + ("".join(f"\n  {p}" for p in figures) if figures else " none (gnuplot not found)"))
    failed = [r for r in rows if r["status"] != "ok"]
    if failed:
        print(f"\n{len(failed)} of {len(rows)} runs did not succeed (their logs are in runs/):")
        for r in failed:
            print(f"  {r['app']} ranks {r['ranks']} mapping {r['mapping']}: {r['status']}")
    return not failed


def run_calibration(args, paths, runs):
    decks = {r["app"]: r["deck"] for r in runs}
    results = calibrate.calibrate(decks, paths, args.calibrate_ranks, args.timeout)
    path = os.path.join(paths.out, "calibration.json")
    calibrate.write(results, path)
    print(f"\n{path}\nthe decks' lines (inputs/campaigns/apps/APP.deck):")
    for app, result in results.items():
        print(f"  {app + '.deck:':<14} {calibrate.deck_line(result['coefficients'])}")
    return 0


def write_compute_models(paths, runs):
    """OUT/compute-models.json: the compute model of each app's runs, kept with the campaign's output."""
    models = {r["app"]: r.get("compute", "measured") for r in runs}
    with open(os.path.join(paths.out, "compute-models.json"), "w") as f:
        json.dump(models, f, indent=1, sort_keys=True)
        f.write("\n")


def fitting(runs, slots):
    """The runs whose scale fits the machine's `slots`; one line for each app and scale of a deck left out."""
    skipped = sorted({(r["app"], r["ranks"]) for r in runs if r["ranks"] > slots})
    for app, ranks in skipped:
        print(f"campaign: {app} at {ranks} ranks skipped: its deck's scale does not fit the machine's {slots} slots")
    return [r for r in runs if r["ranks"] <= slots]


def prepare(args, campaign, paths, runs):
    """Checks everything a start needs before --out is touched, and returns the runs as `pending` gives them and
    the campaign's setting (provenance). The platform files are written in a staging folder first (tamp-map
    decides whether the machine holds the largest scale) and replace OUT/platform only when every check passed."""
    sim = args.launcher == "sim"
    extra = {"smpi": launch.SMPI_CONFIG + launch.SMPI_MODELLED} if sim else {}
    if args.launcher == "flow":
        extra = {"engine": "flow"}
    if args.report_only:
        return None, provenance.setting_of(args, campaign, paths, runs, sim, extra)
    # The campaign's scales must fit the machine; a deck's own scales that do not are skipped.
    required = max((r["ranks"] for r in runs if not r.get("deck_scale")),
                   default=min(r["ranks"] for r in runs))
    staging = tempfile.mkdtemp(prefix="tamp-campaign-platform-")
    try:
        staged = paths.staged(os.path.join(staging, "platform"))
        if args.launcher in launch.SIMULATED:
            launch.prepare_platform(staged, campaign.machine, required, simgrid=sim)
        elif args.launcher in launch.BATCH:
            jobs.prepare(staged, campaign.machine, required, args.launcher)
        if args.launcher in launch.SIMULATED + launch.BATCH:
            runs[:] = fitting(runs, launch.allocation_slots(staged))
            if sim:
                launch.check_map_count(max(r["ranks"] for r in runs))
        setting = provenance.setting_of(args, campaign, staged, runs, sim, extra)
        planned = pending(runs, args, paths, setting)
        preflight(planned, args, paths)
        if args.launcher in launch.SIMULATED + launch.BATCH:
            kept = {matrix.run_id(run) for run, *_, done in planned if done} if args.resume else None
            launch.install_platform(paths, staged, kept)
        return planned, setting
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def main():
    args = options()
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        campaign, paths, runs = plan(args)
        if not args.calibrate:
            planned, setting = prepare(args, campaign, paths, runs)
    except matrix.MatrixError as e:
        cli.refuse("campaign", e)
    except Stopped as e:
        sys.exit(f"campaign: stopped by {e}")
    if args.calibrate:
        try:
            return run_calibration(args, paths, runs)
        except matrix.MatrixError as e:  # a run failed: not a refused input
            sys.exit(f"campaign: {e}")
    where = {"sim": "simulated machine (SimGrid)", "flow": "simulated machine (flow engine)"}.get(args.launcher,
                                                                                               args.launcher)
    title = f"{os.path.basename(args.campaign)} on {os.path.basename(campaign.machine)}, {where}"
    apps = ", ".join(dict.fromkeys(r["app"] for r in runs))
    print(f"campaign: {count_runs(len(runs))} ({apps}; scales {sorted(set(r['ranks'] for r in runs))}) on "
          f"{campaign.machine}, {where}\noutput: {paths.out}", flush=True)
    if not args.report_only:
        os.makedirs(paths.out, exist_ok=True)
        write_compute_models(paths, runs)
        try:
            seconds = execute(campaign, paths, planned, args)
        except matrix.MatrixError as e:
            cli.refuse("campaign", e)
        except Stopped as e:  # the run under way was killed with its children and left no record
            sys.exit(f"\ncampaign: stopped by {e}; the runs done so far are kept for --resume")
        print(f"campaign: {count_runs(len(runs))} in {seconds:.0f} s", flush=True)
        if args.launcher in launch.BATCH:
            print(f"submit the scripts in {os.path.join(paths.out, 'jobs')}, then: scripts/campaign.py "
                  f"{args.campaign} --launcher {args.launcher} --report-only --out {paths.out}")
            return 0
    return 0 if write_report(paths, runs, title, setting) else 1
