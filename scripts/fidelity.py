#!/usr/bin/env python3
"""The papers' experiments on the simulated machine, beside the papers' numbers (docs/fidelity.md).

Every folder of inputs/fidelity/ with an experiment.json is one experiment, of one of four kinds:
- "simulation" (the default): campaigns (run by scripts/campaign.py, each with its launcher: SimGrid or the flow
  engine) and rows, each a run (app, ranks, mapping) of one campaign with the figures the paper prints for it;
  tabulates our total and communication time against the paper's and says per row whether the placement moves the
  time the way the paper found; its "averaged" rows also run on more allocations and are tabulated as means;
- "groups": placement metrics without a simulation, D / T / X of MFDn's column and row groups per ordering and scale
  (tamp-lanczos-groups, [Aktulga12] Tables 3-4), each beside the paper's and compared with the baseline ordering;
- "correlation": one campaign run on each of several allocations (campaign.py --machine, --scales), and the
  Pearson and Spearman correlation of each placement metric with the runs' communication and total time beside
  the paper's coefficients ([Deveci14] Table III);
- "latency-spread": tamp-netbench's WOCON on each of a paper's partitions (one campaign each), and per message size
  the spread (max - min) / min of the latencies to the master's partners beside the paper's, its trend from
  partition to partition and with the message size ([Bhatele10] §4.1). A "cause" experiment of this kind repeats
  another's runs with one change (`cause_of`, `change`), the suspected cause of a disagreement, and may fit its
  constant to one of the paper's figures (`fitted`): that figure is not a verdict, and the page's summary does not
  count the experiment.
After an experiment runs, its figures are kept in inputs/fidelity/NAME/results.json (fidelity_results.py); the page
is written whole from those files only, so --report-only gives the same bytes every time and needs no --out.
Formats: docs/measuring-gains.md, section 5.

Several experiments run side by side, up to --jobs at a time, each running its simulations one at a time (its
output in OUT/NAME.log), the longest first by their `cpu_minutes`; one experiment, or --jobs 1, runs in this
process with --jobs simulations at a time.

  scripts/fidelity.py [--only NAME,...] [--build DIR] [--out DIR] [--jobs N] [--resume] [--run-only | --report-only]
                      [--doc FILE]
"""
import json
import math
import os
import signal
import statistics
import subprocess
import sys
import textwrap
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from tamp_campaign.matrix import run_id  # noqa: E402  (the name of a run's files; scripts/ is on the path)
from tamp_campaign import cli  # noqa: E402  (one-line refusals, exit status 2)
from tamp_campaign import fidelity_results as results  # noqa: E402  (inputs/fidelity/NAME/results.json)
from tamp_campaign import driver, pool  # noqa: E402  (runs side by side, and their stop)
from tamp_campaign import files  # noqa: E402  (the page written whole)
EXPERIMENTS = os.path.join(ROOT, "inputs", "fidelity")
SAME = 0.01  # gains within +-1% count as "no change"
STATISTICS = ("max", "mean")  # an experiment's "statistic": its times are the slowest rank's or the ranks' mean
BAND = {"factor": 1.5, "points": 5}  # magnitude: time saved within a factor or within points of the paper's
METRIC_SAME = 0.1  # D / T / X within 10% of the baseline's count as "same" (the paper prints 2 digits)
PAPER_NUMBERS = ("total_s", "comm_pct", "speedup", "improvement_pct",  # a row's "paper": what the paper prints
                 "comm_gain_pct")
DIRECTIONS = ("faster", "slower", "same")  # a row's paper "direction": stated in the text without a figure
LAUNCHERS = ("sim", "flow")  # a campaign's "launcher": SimGrid (the default) or TAMP's flow engine
REQUIRED = {"simulation": ("title", "cite", "what", "campaigns", "baseline", "rows", "differences"),
            "groups": ("title", "cite", "what", "baseline", "orderings", "unit_segment", "scales", "differences"),
            "correlation": ("title", "cite", "what", "campaign", "allocations", "exchange_graph", "band", "paper",
                            "differences"),
            "latency-spread": ("title", "cite", "what", "campaigns", "partitions", "with_size", "differences")}


def load_experiments(folder, only):
    try:
        names = results.experiment_names(folder)
    except OSError as e:
        refuse(f"{folder}: {e.strerror}")
    if only:
        unknown = [n for n in only if n not in names]
        if unknown:
            refuse(f"unknown experiment {', '.join(unknown)} (known: {', '.join(names)})")
        names = [n for n in names if n in only]
    out = []
    for name in names:
        path = os.path.join(folder, name, "experiment.json")
        try:
            with open(path) as f:
                experiment = json.load(f)
        except (OSError, ValueError) as e:
            refuse(f"{path}: {e}")
        check_experiment(experiment, path)
        experiment["name"], experiment["dir"] = name, os.path.dirname(path)
        out.append(experiment)
    return out


def check_series(experiments):
    """An experiment's "series" names other simulation experiments (its smaller scales), or it is refused."""
    kinds = {e["name"]: e["kind"] for e in experiments}
    for experiment in experiments:
        series = experiment.get("series")
        if series is None:
            continue
        if not isinstance(series, list) or experiment["kind"] != "simulation" or \
                not all(kinds.get(name) == "simulation" and name != experiment["name"] for name in series):
            refuse(f"{os.path.join(experiment['dir'], 'experiment.json')}: series must be a list of other "
                   "simulation experiments")


def refuse(message):
    cli.refuse("fidelity", message)


def check_experiment(experiment, path):
    """One line naming the file and what is wrong, instead of a traceback later."""
    if not isinstance(experiment, dict):
        refuse(f"{path}: not a JSON object")
    kind = experiment.setdefault("kind", "simulation")
    if kind not in REQUIRED:
        refuse(f"{path}: unknown kind '{kind}' (known: {', '.join(REQUIRED)})")
    missing = [k for k in REQUIRED[kind] if k not in experiment]
    if missing:
        refuse(f"{path}: {kind} experiment without {', '.join(missing)}")
    for key in ("title", "cite", "what"):
        if not isinstance(experiment[key], str):
            refuse(f"{path}: {key} must be a string")
    if not isinstance(experiment["differences"], list) or not all(isinstance(d, str) for d in experiment["differences"]):
        refuse(f"{path}: differences must be a list of strings")
    cores = experiment.get("cores", 1)
    if isinstance(cores, bool) or not isinstance(cores, int) or cores < 1:
        refuse(f"{path}: cores must be a whole number of cores >= 1, not {json.dumps(cores)}")
    timeout = experiment.get("timeout", 1)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not math.isfinite(timeout) or \
            timeout <= 0:
        refuse(f"{path}: timeout must be a number of seconds > 0, not {json.dumps(timeout)}")
    if kind == "correlation":
        return check_correlation_experiment(experiment, path)
    if kind == "latency-spread":
        return check_spread_experiment(experiment, path)
    for key in ("campaigns", "rows") if kind == "simulation" else ("orderings", "scales"):
        if not isinstance(experiment[key], list) or not all(isinstance(e, dict) for e in experiment[key]):
            refuse(f"{path}: {key} must be a list of objects")
    if kind == "simulation":
        labels = [r.get("label") for r in experiment["rows"]]
        files = [c.get("file") for c in experiment["campaigns"]]
        bad = [str(r.get("label", "?")) for r in experiment["rows"]
               if r.get("campaign") not in files or not all(k in r for k in ("app", "ranks", "mapping"))]
        bad += bad_campaigns(experiment, path)
    else:
        labels = [o.get("label") for o in experiment["orderings"]]
        bad = [str(s.get("ranks", "?")) for s in experiment["scales"]
               if not all(k in s for k in ("ranks", "nd", "machines", "segment")) or not isinstance(s["machines"], dict)]
    if bad:
        refuse(f"{path}: incomplete row, campaign or scale {', '.join(bad)}")
    bad = [str(r.get("label", "?")) for r in experiment.get("rows", []) if kind == "simulation" and "fitted" in r
           and not (isinstance(r["fitted"], str) and r["fitted"].strip())]
    if bad:
        refuse(f"{path}: fitted of {', '.join(bad)}: a text saying which of the paper's figures the row was fitted to")
    papers = [r.get("paper") for r in experiment["rows"]] if kind == "simulation" else []
    bad = [str(r.get("label", "?")) for r, p in zip(experiment.get("rows", []), papers) if bad_paper(p)]
    if bad:
        refuse(f"{path}: paper of {', '.join(bad)}: an object of numbers {', '.join(PAPER_NUMBERS)}, a direction "
               f"({', '.join(DIRECTIONS)}) and a source (text)")
    if not isinstance(experiment.get("in_full_run", True), bool):
        refuse(f"{path}: in_full_run must be true or false")
    minutes = experiment.get("cpu_minutes", 0)
    if isinstance(minutes, bool) or not isinstance(minutes, (int, float)) or not math.isfinite(minutes) or minutes < 0:
        refuse(f"{path}: cpu_minutes must be a number of minutes >= 0, not {json.dumps(minutes)}")
    if experiment.get("statistic", "max") not in STATISTICS:
        refuse(f"{path}: statistic must be one of {', '.join(STATISTICS)}, not {json.dumps(experiment['statistic'])}")
    check_band(experiment, path)
    check_cause(experiment, path)
    check_averaged(experiment, labels, path)
    if experiment["baseline"] not in labels:
        refuse(f"{path}: baseline '{experiment['baseline']}' is not one of the rows")
    bad = [str(r.get("label", "?")) for r in experiment.get("rows", []) if r.get("baseline", labels[0]) not in labels]
    if bad:
        refuse(f"{path}: the baseline of row {', '.join(bad)} is not one of the rows")


def check_averaged(experiment, labels, path):
    """A simulation experiment's "averaged" (optional): {"machines": [machine files of the experiment's folder, the
    allocations beyond its campaigns' own], "rows": [labels, the baseline's among them]}, or it is refused."""
    averaged = experiment.get("averaged")
    if averaged is None:
        return
    machines, rows = (averaged.get(k) if isinstance(averaged, dict) else None for k in ("machines", "rows"))
    if experiment["kind"] != "simulation" or not isinstance(machines, list) or not machines or \
            not all(isinstance(m, str) for m in machines) or len(set(machines)) != len(machines) or \
            not isinstance(rows, list) or not all(r in labels for r in rows) or experiment["baseline"] not in rows:
        refuse(f"{path}: averaged must be {{\"machines\": [machine files], \"rows\": [labels of rows, the "
               "baseline's among them]}} of a simulation experiment")
    missing = [m for m in machines if not os.path.isfile(os.path.join(os.path.dirname(path), m))]
    if missing:
        refuse(f"{path}: averaged machine {', '.join(missing)} not found beside it")


def bad_campaigns(experiment, path):
    """The files of the experiment's campaigns that lack a file or decks (text); a launcher other than LAUNCHERS is
    refused."""
    launchers = [str(c.get("launcher")) for c in experiment["campaigns"] if c.get("launcher", "sim") not in LAUNCHERS]
    if launchers:
        refuse(f"{path}: launcher {', '.join(launchers)} is not one of {', '.join(LAUNCHERS)}")
    return [str(c.get("file", "?")) for c in experiment["campaigns"]
            if not all(isinstance(c.get(k), str) for k in ("file", "decks"))]


def check_band(experiment, path):
    """The experiment's "band" (optional): {"points": P >= 0, "factor": F >= 1}, or it is refused."""
    band = experiment.get("band", BAND)
    if not isinstance(band, dict) or set(band) != set(BAND) or \
            not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in band.values()) \
            or band["points"] < 0 or band["factor"] < 1:
        refuse(f"{path}: band must be {{\"points\": P >= 0, \"factor\": F >= 1}}, not {json.dumps(band)}")


def bad_paper(paper):
    """True when a row's "paper" is not an object of printed figures, a stated direction and their source."""
    if paper is None:
        return False
    if not isinstance(paper, dict) or not set(paper) <= set(PAPER_NUMBERS) | {"direction", "source"}:
        return True
    numbers = all(isinstance(paper[k], (int, float)) and not isinstance(paper[k], bool)
                  for k in PAPER_NUMBERS if k in paper)
    return not numbers or paper.get("direction", "faster") not in DIRECTIONS or \
        not isinstance(paper.get("source", ""), str)


def run_campaigns(experiment, args, keep=None):
    """Runs the experiment's campaigns (campaign.py, each with its launcher), then keeps its runs' figures (`keep`,
    default keep_runs)."""
    for campaign in experiment["campaigns"]:
        command = campaign_command(experiment, campaign, campaign_out(experiment, campaign, args), args)
        print(f"== {experiment['name']}: {campaign['file']}", flush=True)
        if subprocess.run(command).returncode != 0:
            print(f"fidelity: {experiment['name']}: {campaign['file']} had failures (rows without a run say so)",
                  file=sys.stderr)
    for campaign, machine, mappings in averaged_campaigns(experiment):
        command = campaign_command(experiment, campaign, averaged_out(experiment, campaign, machine, args), args)
        command += ["--machine", os.path.join(experiment["dir"], machine), "--mappings", ",".join(mappings)]
        print(f"== {experiment['name']}: {campaign['file']} on {machine}", flush=True)
        if subprocess.run(command).returncode != 0:
            print(f"fidelity: {experiment['name']}: {campaign['file']} on {machine} had failures (rows without a "
                  "run there are averaged over the allocations they ran on)", file=sys.stderr)
    (keep or keep_runs)(experiment, args)


def averaged_rows(experiment):
    """The rows averaged over the allocations of the experiment's "averaged" (none without it)."""
    labels = experiment.get("averaged", {}).get("rows", [])
    return [row for row in experiment.get("rows", []) if row["label"] in labels]


def averaged_campaigns(experiment):
    """(campaign, machine file, the mappings of its averaged rows) per campaign with averaged rows and per machine
    of the experiment's "averaged"."""
    out = []
    for campaign in experiment["campaigns"]:
        mappings = list(dict.fromkeys(r["mapping"] for r in averaged_rows(experiment)
                                      if r["campaign"] == campaign["file"]))
        if mappings:
            out += [(campaign, machine, mappings) for machine in experiment["averaged"]["machines"]]
    return out


def averaged_out(experiment, campaign, machine, args):
    return campaign_out(experiment, campaign, args) + "-" + allocation_name({"machine": machine})


def campaign_command(experiment, campaign, out, args):
    """campaign.py's command line for one campaign of the experiment, its runs in `out`."""
    command = [sys.executable, os.path.join(ROOT, "scripts", "campaign.py"),
               os.path.join(experiment["dir"], campaign["file"]), "--build", args.build,
               "--decks", os.path.join(experiment["dir"], campaign["decks"]), "--out", out]
    if campaign.get("launcher", "sim") != "sim":
        command += ["--launcher", campaign["launcher"]]
    if args.jobs:
        command += ["--jobs", str(args.jobs)]
    if "timeout" in experiment:  # the experiment's runs outlast the campaign's default
        command += ["--timeout", str(experiment["timeout"])]
    if args.resume:
        command.append("--resume")
    return command


def keep_runs(experiment, args):
    """Writes the experiment's results.json: one record per row whose run report is in --out."""
    records = []
    machines = [None] + experiment.get("averaged", {}).get("machines", [])
    for machine in machines:
        for row in experiment["rows"] if machine is None else averaged_rows(experiment):
            record = run_in_out(experiment, row, args, machine)
            if record is not None and results.find_run(records, record, machine) is None:
                records.append(record)
    print(f"fidelity: wrote {results.write(experiment['dir'], 'simulation', records)} ({len(records)} runs of "
          f"{len(experiment['rows'])} rows" + (f", on {len(machines)} allocations" if len(machines) > 1 else "") +
          ")", flush=True)


def run_in_out(experiment, row, args, machine=None):
    """The kept record of the row's run in --out (on the allocation `machine` of the experiment's "averaged", or the
    campaign's own), or None when it did not run or failed (its .status not ok)."""
    found = run_report(experiment, row["campaign"], row, args, machine)
    try:
        record = found and results.run_record(row["campaign"], row, *found, experiment.get("statistic", "max"))
    except (ValueError, KeyError, AttributeError):
        return None
    return {**record, "allocation": machine} if record and machine else record


def run_report(experiment, campaign_file, run, args, machine=None):
    """(the run report, its file's time) of a run (app, ranks, mapping) of one of the experiment's campaigns in
    --out (on the allocation `machine`, or the campaign's own), or None when it did not run or failed (its .status
    not ok)."""
    campaign = next(c for c in experiment["campaigns"] if c["file"] == campaign_file)
    out = campaign_out(experiment, campaign, args) if machine is None else \
        averaged_out(experiment, campaign, machine, args)
    path = os.path.join(out, "runs", run_id(run) + ".jsonl")
    try:
        with open(os.path.splitext(path)[0] + ".status") as f:
            if f.read().strip() != "ok":
                return None
        with open(path) as f:
            return json.loads(f.readline()), os.path.getmtime(path)
    except (OSError, ValueError):
        return None


def campaign_out(experiment, campaign, args):
    return os.path.join(args.out, experiment["name"], os.path.splitext(campaign["file"])[0])


def groups_out(experiment, scale, allocation, args):
    return os.path.join(args.out, experiment["name"], f"groups-n{scale['ranks']}-{allocation}.jsonl")


def run_groups(experiment, args):
    """tamp-lanczos-groups --json at every scale and allocation: one JSON line per ordering, kept in --out."""
    tool = os.path.join(args.build, "apps", "lanczos", "tamp-lanczos-groups")
    if not os.path.isfile(tool):
        refuse(f"{experiment['name']}: {tool} not found (build tamp-lanczos-groups, or pass --build)")
    runs = ",".join(o["run"] for o in experiment["orderings"])
    for scale in experiment["scales"]:
        for allocation, machine in scale["machines"].items():
            out = groups_out(experiment, scale, allocation, args)
            if args.resume and os.path.exists(out):
                continue
            command = [tool, "--nd", str(scale["nd"]), "--machine", os.path.join(experiment["dir"], machine),
                       "--runs", runs, "--json"]
            print(f"== {experiment['name']}: tamp-lanczos-groups {' '.join(command[1:])}", flush=True)
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                print(f"fidelity: {experiment['name']}: {scale['ranks']} ranks, {allocation}: "
                      f"{result.stderr.strip()}", file=sys.stderr)
                continue
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, "w") as f:
                f.write(result.stdout)
    keep_groups(experiment, args)


def keep_groups(experiment, args):
    """Writes the experiment's results.json: the tamp-lanczos-groups lines of every scale and allocation in --out."""
    records = []
    for scale in experiment["scales"]:
        for allocation in scale["machines"]:
            path = groups_out(experiment, scale, allocation, args)
            try:
                with open(path) as f:
                    lines = [json.loads(line) for line in f if line.strip()]
                date = time.strftime("%Y-%m-%d", time.gmtime(os.path.getmtime(path)))
                records.append(results.groups_record(scale, allocation, lines, date))
            except (OSError, ValueError, KeyError, TypeError):
                continue
    print(f"fidelity: wrote {results.write(experiment['dir'], 'groups', records)} ({len(records)} scales and "
          "allocations)", flush=True)



def kept_records(experiment):
    """The experiment's kept results (its results.json), [] when it has none; a malformed file is refused."""
    try:
        return results.read(experiment["dir"], experiment["kind"])
    except results.ResultsError as e:
        refuse(str(e))


def paper_times(rows, base):
    """Each row's paper (total, speed-up): the total as printed (total_s), the speed-up as printed, or the
    baseline's printed total over the row's; a total the paper does not print is not derived."""
    base_total = base.get("paper", {}).get("total_s")
    out = []
    for row in rows:
        p = row.get("paper", {})
        total, speedup = p.get("total_s"), p.get("speedup")
        if speedup is None and total is not None and base_total is not None:
            speedup = base_total / total
        out.append((total, speedup))
    return out


def direction(gain):
    return "faster" if gain > SAME else "slower" if gain < -SAME else "same"


def paper_direction(row, speedup):
    """The paper's direction for a row: from its speed-up, its printed improvement (improvement_pct), or the
    direction its text states without a figure ("direction"); None when the paper says nothing."""
    p = row.get("paper", {})
    if speedup is not None:
        return direction(speedup - 1)
    if "improvement_pct" in p:
        return direction(p["improvement_pct"] / 100)
    return p.get("direction")


def paper_gain_cell(row, speedup):
    """The paper's speed-up, or what it prints instead: an improvement in percent, or a direction in words."""
    p = row.get("paper", {})
    if speedup is not None:
        return f"{speedup:.2f}"
    if "improvement_pct" in p:
        return f"{p['improvement_pct']:g}% improvement"
    return f"{p['direction']} (no figure)" if "direction" in p else "-"


def fmt(value, pattern):
    return "-" if value is None else pattern.format(value)


ENGINE_NAMES = {"simgrid": "SimGrid", "flow": "flow"}

TABLE_HEAD = ["| placement | engine | paper total (s) | paper comm % | paper speed-up or gain | TAMP total (s) | TAMP comm % "
              "| TAMP speed-up | TAMP comm gain | TAMP hop-bytes | TAMP busiest link (B) | same direction | magnitude |",
              "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"]


def engines_of(records):
    """The engines of the records, the flow engine's with the windows it ran with ("window not kept" for records
    made before results.json kept it)."""
    names = sorted({ENGINE_NAMES[r["engine"]] for r in records})
    windows = sorted({tuple(r["window"][k] for k in results.WINDOW) if "window" in r else None
                      for r in records if r["engine"] == "flow"}, key=lambda w: (w is None, w))
    text = [f"delta {w[0]:g}, quantum {w[1]:g} s, changes {w[2]:g}" if w else "window not kept" for w in windows]
    return [f"flow ({'; '.join(text)})" if name == "flow" else name for name in names]


def our_speedup(run, base_run):
    """TAMP's speed-up of a run over its baseline's run (None where either did not run)."""
    return base_run["time"]["total"] / run["time"]["total"] if run and base_run and run["time"]["total"] > 0 \
        else None


def paper_saving(row, speedup):
    """The share of time the paper's placement saves over its baseline: from its speed-up, or its printed
    improvement; None when the paper prints neither."""
    if speedup is not None:
        return 1 - 1 / speedup
    improvement = row.get("paper", {}).get("improvement_pct")
    return None if improvement is None else improvement / 100


def within_band(theirs, ours, band):
    """TAMP's saving within band["points"] percentage points of the paper's, or of the same sign and within a
    factor band["factor"] of it."""
    if abs(ours - theirs) <= band["points"] / 100:
        return True
    return theirs * ours > 0 and max(abs(theirs), abs(ours)) <= band["factor"] * min(abs(theirs), abs(ours))


def table_line(row, run, paper, base_run, my_speedup, is_base, band):
    """One row of the table, and its verdicts: (same direction, magnitude within the band), each True, False, or
    None when not compared."""
    total, speedup = paper
    p = row.get("paper", {})
    cells = [row["label"], ENGINE_NAMES[run["engine"]] if run else "-", fmt(total, "{:.3g}"),
             fmt(p.get("comm_pct"), "{:.3g}"), paper_gain_cell(row, speedup)]
    if my_speedup is None:
        return "| " + " | ".join(cells + ["not run"] + [""] * 7) + " |", (None, None)
    t = run["time"]
    gain = 1 - t["comm"] / base_run["time"]["comm"] if base_run["time"]["comm"] > 0 else 0.0
    verdict, same, theirs = "-", None, paper_direction(row, speedup)
    if theirs is not None and not is_base:
        same = theirs == direction(my_speedup - 1)
        verdict = "yes" if same else f"no (paper {theirs}, TAMP {direction(my_speedup - 1)})"
    size, close, saving = "-", None, paper_saving(row, speedup)
    if saving is not None and not is_base:
        ours = 1 - 1 / my_speedup
        close = within_band(saving, ours, band)
        size = "yes" if close else f"no (saves: paper {100 * saving:.0f}%, TAMP {100 * ours:.0f}%)"
    if row.get("fitted") and not is_base:  # agrees by construction: shown, not a verdict
        same = close = None
        verdict = "fitted"
        size = "fitted" if saving is None else f"fitted (saves: paper {100 * saving:.0f}%, TAMP {100 * ours:.0f}%)"
    cells += [f"{t['total']:.4g}", f"{100 * t['comm'] / t['total']:.1f}", f"{my_speedup:.2f}", f"{100 * gain:+.1f}%",
              fmt(run.get("hop_bytes"), "{:.4g}"), fmt(run.get("max_link_load"), "{:.4g}"), verdict, size]
    return "| " + " | ".join(cells) + " |", (same, close)


def table(experiment, records, by_name):
    """The experiment's table from its kept records, and the lines computed from it below the table."""
    rows = experiment["rows"]
    base = row_labelled(experiment, experiment["baseline"])
    runs, base_runs = zip(*(row_runs(experiment, records, r) for r in rows)) if rows else ((), ())
    paper = paper_times(rows, base)
    mine = [our_speedup(run, base_run) for run, base_run in zip(runs, base_runs)]
    band = experiment.get("band", BAND)
    lines, verdicts, sizes, size_of = list(TABLE_HEAD), [], [], {}
    for row, run, theirs, my_speedup, base_run in zip(rows, runs, paper, mine, base_runs):
        line, (same, close) = table_line(row, run, theirs, base_run, my_speedup,
                                         row["label"] == row_baseline(experiment, row), band)
        lines.append(line)
        verdicts += [same] if same is not None else []
        sizes += [close] if close is not None else []
        if close is not None:
            size_of[row["label"]] = close
    notes = [f"Same direction as the paper on {sum(verdicts)} of {len(verdicts)} placements compared; time saved "
             f"within {band['points']:g} points or a factor of {band['factor']:g} of the paper's on {sum(sizes)} of "
             f"{len(sizes)}."]
    trends = series_trends(experiment, by_name)
    comm_trends = series_comm_trends(experiment, by_name, trends)
    notes += order_note(rows, paper, mine) + series_note(trends, experiment, by_name)
    notes += series_comm_note(comm_trends, experiment) + sources_note(rows) + fitted_note(rows)
    outside, outside_close = outside_comm_note(rows, base, mine, band)
    notes += outside + comm_gain_note(experiment, runs, base_runs) + cause_notes(experiment, by_name)
    notes += averaged_note(experiment, records) + runs_note(runs, rows)
    root = (experiment.get("series") or [experiment["name"]])[0]  # the series' smallest scale names it
    tally = {"sign": verdicts, "magnitude": sizes, "magnitude_of": size_of,
             "fitted": [r["label"] for r in rows if r.get("fitted")],
             "trend": [(root, label, len(ours), same) for label, _, ours, same in trends if same is not None],
             "outside": outside_close,
             "trend_alone": [(root, label, len(ours), (alone_same, same))
                             for label, _, ours, alone_same, same in comm_trends]}
    return lines, notes, tally


def row_runs(experiment, records, row):
    """(the row's run, its baseline's run) as the tables show them: the kept records on the campaign's machine; for
    a row of the experiment's "averaged", each the mean over the allocations both ran on (results.mean_run), so
    that the speed-up is the baseline's mean time over the row's, as the paper's over its allocations."""
    base_row = row_labelled(experiment, row_baseline(experiment, row))
    if row not in averaged_rows(experiment):
        return results.find_run(records, row), results.find_run(records, base_row)
    mine, theirs = results.find_runs(records, row), results.find_runs(records, base_row)
    both = [a for a in mine if a in theirs]
    if not both:
        return None, None
    return results.mean_run([mine[a] for a in both]), results.mean_run([theirs[a] for a in both])


def averaged_note(experiment, records):
    """Where rows are averaged over allocations: over which, and each placement's speed-up on each of them."""
    rows = averaged_rows(experiment)
    if not rows:
        return []
    machines = [None] + experiment["averaged"]["machines"]
    base_row = row_labelled(experiment, experiment["baseline"])
    base = results.find_runs(records, base_row)
    parts = []
    for row in rows:
        mine = results.find_runs(records, row)
        if row is not base_row and mine:
            parts.append(f"{row['label']} " + ", ".join(
                f"{base[m]['time']['total'] / mine[m]['time']['total']:.3f}" if m in mine and m in base else "not run"
                for m in machines))
    alone = [r["label"] for r in experiment["rows"] if r not in rows]
    names = ", ".join(["the campaign's machine"] + [f"`{m}`" for m in machines[1:]])
    return [f"TAMP's figures of {', '.join(r['label'] for r in rows)} are means over {len(machines)} allocations "
            f"({names}), each placement's speed-up the mean time of {experiment['baseline']} over its own, as the "
            "paper averages its allocations" + (f"; {', '.join(alone)} ran on the campaign's machine alone, its "
                                                f"speed-up over {experiment['baseline']}'s run there" if alone else "")
            + f". Speed-up over {experiment['baseline']} on each allocation, in that order: {'; '.join(parts)}."]


def savings(experiment):
    """{label: (TAMP's share of time saved over the experiment's baseline, the paper's)} of its placements (None where
    there is no run or no paper figure); rows with a baseline of their own are left out."""
    out = {}
    for row in experiment["rows"]:
        if row["label"] != experiment["baseline"] and "baseline" not in row:
            theirs, ours = speedups_of(experiment, row["label"])
            out[row["label"]] = (None if ours is None else 1 - 1 / ours, paper_saving(row, theirs))
    return out


def saving_moves(before, after):
    """Per placement that ran in both experiments: its time saved in `before`, then in `after`, and the paper's."""
    was, now = savings(before), savings(after)
    return [f"{label} {100 * was[label][0]:.1f}% and {100 * ours:.1f}%" +
            (f" (the paper {100 * theirs:.0f}%)" if theirs is not None else "")
            for label, (ours, theirs) in now.items() if ours is not None and was.get(label, (None,))[0] is not None]


def cause_notes(experiment, by_name):
    """A simulation cause experiment (`cause_of`, `change`) against the runs it repeats; and, in the experiment it
    repeats, what the change does: each placement's time saved over the baseline without and with it."""
    notes = []
    if "cause_of" in experiment:
        moves = saving_moves(by_name[experiment["cause_of"]], experiment)
        notes.append(f"Against `{experiment['cause_of']}` (the same runs without the change), time saved over "
                     f"{experiment['baseline']} without and with the change: "
                     f"{'; '.join(moves) if moves else 'not run in both'}.")
    for cause in (e for e in by_name.values() if e.get("cause_of") == experiment["name"]):
        where = "below" if results.scale_order(cause["name"]) > results.scale_order(experiment["name"]) else "above"
        moves = saving_moves(experiment, cause)
        notes.append(f"The cause experiment {where}, `{cause['name']}`, runs the same with one change: "
                     f"{cause['change']}. Time saved over {experiment['baseline']} without and with it: "
                     f"{'; '.join(moves) if moves else 'not run in both'}.")
    return notes


def row_labelled(experiment, label):
    """The row of an experiment with that label."""
    return next(r for r in experiment["rows"] if r["label"] == label)


def row_baseline(experiment, row):
    """The label of the row a row's speed-up is over: its own "baseline" (e.g. the same placement's baseline run
    by another engine), else the experiment's."""
    return row.get("baseline", experiment["baseline"])


def series_members(experiment, by_name):
    return [by_name[name] for name in experiment.get("series", [])] + [experiment]


def series_trends(experiment, by_name):
    """Where the experiment names the experiments of its smaller scales ("series"): per placement with TAMP's
    speed-up at every scale and the paper's at one at least, (label, the paper's speed-ups (None where it prints
    none), TAMP's, whether they move the same way: None unless the paper prints every scale)."""
    members = series_members(experiment, by_name)
    if len(members) < 2:
        return []
    out = []
    for row in experiment["rows"]:
        if row["label"] == experiment["baseline"]:
            continue
        points = [speedups_of(e, row["label"]) for e in members]
        if all(p is not None and p[1] is not None for p in points) and any(p[0] is not None for p in points):
            theirs, ours = [p[0] for p in points], [p[1] for p in points]
            same = trend(theirs) == trend(ours) if None not in theirs else None
            out.append((row["label"], theirs, ours, same))
    return out


def series_comm_trends(experiment, by_name, trends):
    """Per placement of `trends` whose paper figures include totals and communication shares at every scale of the
    series: (label, the paper's speed-ups in communication alone (paper_comm_speedup), TAMP's, whether they move the
    same way, whether the paper's whole speed-ups do)."""
    members = series_members(experiment, by_name)
    out = []
    for label, _, ours, same in trends:
        if same is None:
            continue
        alone = []
        for e in members:
            alone.append(paper_comm_speedup(row_labelled(e, label), row_labelled(e, e["baseline"])))
        if None not in alone:
            out.append((label, alone, ours, trend(alone) == trend(ours), same))
    return out


def series_comm_note(comm_trends, experiment):
    if not comm_trends:
        return []
    parts = [f"{label} the paper {', '.join(f'{v:.2f}' for v in alone)} ({trend(alone)})"
             for label, alone, _, _, _ in comm_trends]
    return [f"In communication alone (the paper's time outside communication held at {experiment['baseline']}'s "
            f"at every scale): {'; '.join(parts)}; the same trend as TAMP's on "
            f"{sum(c[3] for c in comm_trends)} of {len(comm_trends)}."]


def series_note(trends, experiment, by_name):
    """Each placement's speed-up at every scale of the series, in the paper and in TAMP, and whether it rises or
    falls with the scale (TAMP's alone where the paper prints a figure at some of the scales only)."""
    if not trends:
        return []
    members = series_members(experiment, by_name)
    # The paper's scale: the cores, where every member states them (a run may leave cores without a rank).
    unit = "cores" if all("cores" in member for member in members) else "ranks"
    scales = [member["cores"] if unit == "cores" else next(r["ranks"] for r in member["rows"])
              for member in members]
    parts = [f"{label} {paper_series(theirs, scales, unit)}, TAMP {', '.join(f'{v:.2f}' for v in ours)} "
             f"({trend(ours)})" for label, theirs, ours, _ in trends]
    return [f"Speed-ups over {experiment['baseline']} at {', '.join(f'{n:,}' for n in scales)} {unit}: "
            f"{'; '.join(parts)}."]


def paper_series(theirs, scales, unit="ranks"):
    """The paper's speed-ups of a series and their trend, or those it prints and at which scales."""
    if None not in theirs:
        return f"the paper {', '.join(f'{v:.2f}' for v in theirs)} ({trend(theirs)})"
    printed = [f"{v:.2f} at {n:,}" for v, n in zip(theirs, scales) if v is not None]
    return f"the paper {', '.join(printed)} {unit} only"


def speedups_of(experiment, label):
    """(the paper's, TAMP's) speed-up of the row `label` of an experiment over its baseline, or None without it."""
    rows = experiment["rows"]
    row = next((r for r in rows if r["label"] == label), None)
    if row is None:
        return None
    base = row_labelled(experiment, experiment["baseline"])
    mine = our_speedup(*row_runs(experiment, kept_records(experiment), row))
    return paper_times([row], base)[0][1], mine


def trend(values):
    """rises / falls when every step moves that way by more than 1%, else "neither throughout"."""
    steps = [direction(b / a - 1) for a, b in zip(values, values[1:])]
    return "rises" if set(steps) == {"faster"} else "falls" if set(steps) == {"slower"} else "neither throughout"


def order_note(rows, paper, mine):
    """The placements that have a speed-up in the paper and in TAMP, fastest first in each, when there are 3+."""
    both = [(row["label"], theirs[1], ours) for row, theirs, ours in zip(rows, paper, mine)
            if theirs[1] is not None and ours is not None]
    if len(both) < 3:
        return []
    theirs = [label for label, s, _ in sorted(both, key=lambda b: -b[1])]
    ours = [label for label, _, s in sorted(both, key=lambda b: -b[2])]
    verdict = "the same order" if theirs == ours else "not the same order"
    return [f"Fastest first: the paper {', '.join(theirs)}; TAMP {', '.join(ours)} ({verdict})."]


def paper_outside(row):
    """The paper's time outside communication of a row (total x (100 - comm %)), None unless it prints both."""
    p = row.get("paper", {})
    return p["total_s"] * (1 - p["comm_pct"] / 100) if "total_s" in p and "comm_pct" in p else None


def moved_outside(rows, base):
    """The rows (but the baseline) whose paper time outside communication differs from the baseline's by more than
    5%, with that time: [(row, seconds)]."""
    base_outside = paper_outside(base)
    if base_outside is None:
        return []
    return [(row, v) for row in rows if row is not base for v in [paper_outside(row)]
            if v is not None and abs(v / base_outside - 1) > 0.05]


def paper_comm_speedup(row, base):
    """The paper's speed-up had its time outside communication stayed at the baseline's: the baseline's total over
    (the baseline's time outside communication + the row's communication); None unless the paper prints the total
    and communication share of both."""
    base_outside, outside = paper_outside(base), paper_outside(row)
    if base_outside is None or outside is None:
        return None
    return base["paper"]["total_s"] / (base_outside + row["paper"]["total_s"] - outside)


def outside_comm_note(rows, base, mine, band):
    """Where the paper prints totals and communication shares: the placements whose time outside communication
    moves with the placement (moved_outside), which no placement of messages alone explains (TAMP charges every
    placement the same computation); the paper's speed-ups in communication alone, and TAMP's time saved against
    them. Returns (lines, [(TAMP's saving within the band of the paper's in communication alone, and of its
    printed one), per such row])."""
    moved = moved_outside(rows, base)
    if not moved:
        return [], []
    base_outside = paper_outside(base)
    parts = ", ".join(f"{row['label']} {v:.3g} s ({100 * (v / base_outside - 1):+.0f}%)" for row, v in moved)
    ours = {row["label"]: s for row, s in zip(rows, mine)}
    compared = [(row["label"], paper_comm_speedup(row, base), base["paper"]["total_s"] / row["paper"]["total_s"],
                 ours[row["label"]]) for row, _ in moved if ours[row["label"]] is not None]
    close = [(within_band(1 - 1 / alone, 1 - 1 / s, band), within_band(1 - 1 / whole, 1 - 1 / s, band))
             for _, alone, whole, s in compared]
    alone = ", ".join(f"{label} {theirs:.2f}" for label, theirs, _, _ in compared)
    line = (f"In the paper the time outside communication (total x (100 - comm %)) moves with the placement: "
            f"{base['label']} {base_outside:.3g} s, {parts}. TAMP charges every placement the same computation, so "
            "its time saved comes from communication alone.")
    if compared:
        line += (f" Had the paper's time outside communication stayed at {base['label']}'s, its speed-ups would be "
                 f"{alone}; TAMP's time saved is within the band of those on {sum(c for c, _ in close)} of {len(close)}.")
    return [line], close


def comm_gain_note(experiment, runs, base_runs):
    """Where the paper prints the share of communication time a placement saves (comm_gain_pct): the paper's and
    TAMP's (the table's "TAMP comm gain")."""
    parts = []
    for row, run, base_run in zip(experiment["rows"], runs, base_runs):
        theirs = row.get("paper", {}).get("comm_gain_pct")
        if theirs is not None and run and base_run and base_run["time"]["comm"] > 0:
            parts.append(f"{row['label']} the paper {theirs:g}%, TAMP "
                         f"{100 * (1 - run['time']['comm'] / base_run['time']['comm']):.1f}%")
    return [f"Communication time saved over {experiment['baseline']}: {'; '.join(parts)}."] if parts else []


def sources_note(rows):
    """Where a row's paper figures are not printed as numbers in the paper: its "source"."""
    read = [f"{row['label']}, {row['paper']['source']}" for row in rows if row.get("paper", {}).get("source")]
    return [f"Paper figures not printed as numbers: {'; '.join(read)}."] if read else []


def fitted_note(rows):
    """Rows whose run was fitted to the paper's figures (`fitted`): why their verdicts are not counted."""
    fitted = [f"{row['label']}, {row['fitted']}" for row in rows if row.get("fitted")]
    return [f"Fitted to the paper, so not a verdict and not counted in the page's summary: {'; '.join(fitted)}."] \
        if fitted else []


def runs_note(runs, rows):
    """The engines and dates of the runs, and how many rows did not run."""
    kept = [run for run in runs if run]
    if not kept:
        return ["Not run: no kept results (results.json)."]
    engines = engines_of(kept)
    dates = sorted({run["date"] for run in kept})
    missing = len(rows) - len(kept)
    return [f"Runs: {len(kept)} of {len(rows)} rows ({', '.join(engines)}; {', '.join(dates)})"
            + (f"; {missing} not run." if missing else ".")]


def measured_groups(experiment, scale, allocation, records):
    """{run: {"column": {D, T, X}, "row": ...}} of one scale, in the paper's unit (its smallest test's message)."""
    record = next((r for r in records if r["ranks"] == scale["ranks"] and r["allocation"] == allocation), None)
    if record is None:
        return {}
    unit = scale["segment"] / experiment["unit_segment"]
    return {o["run"]: {g: {m: o[g][m] * unit for m in "DTX"} for g in ("column", "row")} for o in record["orderings"]}


def metric_direction(value, base):
    if abs(value - base) <= METRIC_SAME * max(abs(base), abs(value)):
        return "same"
    return "lower" if value < base else "higher"


def triplet(dtx, patterns=("{:g}", "{:g}", "{:g}")):
    return "-" if not dtx else "{" + ", ".join(p.format(dtx[m]) for p, m in zip(patterns, "DTX")) + "}"


def same_moves(paper, paper_base, ours, our_base):
    """Per metric (D, T, X): does the ordering move it from the baseline's the paper's way? None: nothing to compare."""
    if not (paper and paper_base and ours and our_base):
        return None
    return [metric_direction(paper[k], paper_base[k]) == metric_direction(ours[k], our_base[k]) for k in "DTX"]


GROUPS_HEAD = ["| ranks | allocation | ordering | paper C_col t (s) | paper C_col {D, T, X} | TAMP C_col {D, T, X} "
               "| paper C_row t (s) | paper C_row {D, T, X} | TAMP C_row {D, T, X} | same direction as {base} "
               "(D, T, X) |",
               "| ---: | --- | --- | ---: | --- | --- | ---: | --- | --- | --- |"]


def groups_table(experiment, records, by_name):
    """One line per scale, allocation and ordering, and the lines computed from them below the table: agreement
    per allocation (the metrics that move the paper's way from the baseline ordering) and the trend with scale; no
    tally (None: the top of the page does not count them)."""
    lines = [GROUPS_HEAD[0].replace("{base}", experiment["baseline"]), GROUPS_HEAD[1]]
    agreement = {}  # (allocation, group) -> [agree, compared]
    base_run = next(o["run"] for o in experiment["orderings"] if o["label"] == experiment["baseline"])
    for scale in experiment["scales"]:
        paper = scale.get("paper", {})
        for allocation in scale["machines"]:
            ours = measured_groups(experiment, scale, allocation, records)
            for ordering in experiment["orderings"]:
                label, mine, theirs = ordering["label"], ours.get(ordering["run"]), paper.get(ordering["label"], {})
                cells, verdicts = [f"{scale['ranks']:,}", allocation, label], []
                for group in ("column", "row"):
                    p, m = theirs.get(group), mine and mine[group]
                    cells += [fmt(p and p.get("t_s"), "{:g}"), triplet(p),
                              triplet(m, ("{:.2f}", "{:.1f}", "{:.0f}")) if ours else "not run"]
                    same = None if ordering["run"] == base_run else same_moves(
                        p, paper.get(experiment["baseline"], {}).get(group), m, ours.get(base_run, {}).get(group))
                    if same is not None:
                        count = agreement.setdefault((allocation, group), [0, 0])
                        count[0], count[1] = count[0] + sum(same), count[1] + 3
                        verdicts.append(f"{'col' if group == 'column' else 'row'} {sum(same)}/3")
                lines.append("| " + " | ".join(cells + [", ".join(verdicts) or "-"]) + " |")
    counts = "; ".join(f"{group} groups on the {allocation} allocation {agree} of {compared}"
                       for (allocation, group), (agree, compared) in agreement.items())
    notes = [f"Same direction as the paper: {counts or 'nothing compared'} (D, T and X of each group, each ordering "
             f"against {experiment['baseline']}; within {100 * METRIC_SAME:.0f}% counts as the same)."]
    return lines, notes + groups_trend(experiment, records) + groups_sources(experiment) + groups_runs(records), None


def groups_trend(experiment, records):
    """How the baseline ordering's D, T and X move from each scale to the next, in the paper and in TAMP."""
    scales = experiment["scales"]
    if len(scales) < 2:
        return []
    base = experiment["baseline"]
    base_run = next(o["run"] for o in experiment["orderings"] if o["label"] == base)
    notes = []
    for group in ("column", "row"):
        moves = []
        theirs = [s.get("paper", {}).get(base, {}).get(group) for s in scales]
        if all(theirs):
            moves.append("the paper " + metric_trends(theirs))
        for allocation in scales[0]["machines"]:
            ours = [measured_groups(experiment, s, allocation, records).get(base_run, {}).get(group) for s in scales]
            if all(ours):
                moves.append(f"TAMP {allocation} " + metric_trends(ours))
        if moves:
            notes.append(f"{base}'s {group} groups from {scales[0]['ranks']:,} to {scales[-1]['ranks']:,} ranks, "
                         f"D, T, X: {'; '.join(moves)} (at every step, by more than {100 * METRIC_SAME:.0f}%).")
    return notes


def metric_trends(points):
    """"rises", "falls" or "neither throughout" for each of D, T and X over a list of {D, T, X}."""
    words = []
    for m in "DTX":
        steps = {metric_direction(b[m], a[m]) for a, b in zip(points, points[1:])}
        words.append("rises" if steps == {"higher"} else "falls" if steps == {"lower"} else "neither throughout")
    return ", ".join(words)


def groups_sources(experiment):
    """Where a scale's paper figures are not printed as numbers in the paper: its "source"."""
    read = [f"{s['ranks']:,} ranks, {s['paper']['source']}" for s in experiment["scales"]
            if s.get("paper", {}).get("source")]
    return [f"Paper figures not printed as numbers: {'; '.join(read)}."] if read else []


def groups_runs(records):
    """The dates of the kept tamp-lanczos-groups lines."""
    if not records:
        return ["Not run: no kept results (results.json)."]
    return [f"Runs: tamp-lanczos-groups, {len(records)} scales and allocations "
            f"({', '.join(sorted({r['date'] for r in records}))})."]


CORRELATION_TIMES = (("comm", "max comm time"), ("total", "total time"))  # a record's time and the paper's row
CORRELATION_METRICS = {  # key: (the table's label, the notes' name), in the table's order
    "avg_hops": ("average hop count (exchange: hops over edges)", "average hop count"),
    "max_congestion": ("max congestion (exchange: messages on the busiest link)", "max congestion"),
    "max_stalls": ("measured max stalls (link counters)", "max stalls"),
    "hop_bytes": ("hop-bytes (whole graph)", "hop-bytes"),
    "congestion": ("busiest link's bytes per relative capacity (whole graph)", "bytes per capacity"),
    "predicted_comm": ("TAMP's predicted communication time (phase model, whole graph)", "predicted time")}


def check_correlation_experiment(experiment, path):
    """A correlation experiment's campaign, allocations, band and paper coefficients, or one line saying what is
    wrong."""
    campaign, allocations, paper = experiment["campaign"], experiment["allocations"], experiment["paper"]
    if not isinstance(campaign, dict) or not all(isinstance(campaign.get(k), str) for k in ("file", "decks")) or \
            campaign.get("launcher", "sim") not in LAUNCHERS:
        refuse(f"{path}: campaign must be an object with file and decks (text) and a launcher of "
               f"{', '.join(LAUNCHERS)}")
    if not isinstance(allocations, list) or not allocations or not all(
            isinstance(a, dict) and isinstance(a.get("machine"), str) and isinstance(a.get("ranks"), int) and
            not isinstance(a["ranks"], bool) and a["ranks"] > 0 for a in allocations):
        refuse(f"{path}: allocations must be a list of objects with a machine file and ranks > 0")
    if len({allocation_name(a) for a in allocations}) != len(allocations):
        refuse(f"{path}: two allocations have machine files of one name")
    if not isinstance(experiment["exchange_graph"], str):
        refuse(f"{path}: exchange_graph must be a string (the generator options that leave the exchange alone)")
    band = experiment["band"]
    if not results.is_number(band) or not 0 < band <= 2:
        refuse(f"{path}: band must be a number in (0, 2], not {json.dumps(band)}")
    if not isinstance(paper, dict) or not set(paper) <= {t for t, _ in CORRELATION_TIMES} or not all(
            isinstance(p, dict) and set(p) <= set(CORRELATION_METRICS) and
            all(results.is_number(v) and -1 <= v <= 1 for v in p.values()) for p in paper.values()):
        refuse(f"{path}: paper must give, for {' and '.join(t for t, _ in CORRELATION_TIMES)}, coefficients in "
               f"[-1, 1] of {', '.join(CORRELATION_METRICS)}")


def allocation_name(allocation):
    """An allocation's name: its machine file's, without the folder and the extension."""
    return os.path.splitext(os.path.basename(allocation["machine"]))[0]


def allocation_out(experiment, allocation, args):
    return os.path.join(args.out, experiment["name"], allocation_name(allocation))


def run_correlation(experiment, args):
    """The experiment's campaign once per allocation (campaign.py --machine, --scales), then its runs' figures."""
    tool = os.path.join(args.build, "mapping", "tools", "tamp-map")
    if not os.path.isfile(tool):
        refuse(f"{experiment['name']}: {tool} not found (build tamp-map, or pass --build)")
    campaign = experiment["campaign"]
    for allocation in experiment["allocations"]:
        command = campaign_command(experiment, campaign, allocation_out(experiment, allocation, args), args)
        command += ["--machine", os.path.join(experiment["dir"], allocation["machine"]),
                    "--scales", str(allocation["ranks"])]
        print(f"== {experiment['name']}: {campaign['file']} on {allocation['machine']}", flush=True)
        if subprocess.run(command).returncode != 0:
            print(f"fidelity: {experiment['name']}: {campaign['file']} on {allocation['machine']} had failures "
                  "(runs that failed are not kept)", file=sys.stderr)
    keep_correlation(experiment, tool, args)


def keep_correlation(experiment, tool, args):
    """Writes the experiment's results.json: one record per run in --out whose status is ok, allocation by
    allocation, each with the metrics of its placement on the exchange alone."""
    records = []
    for allocation in experiment["allocations"]:
        runs = os.path.join(allocation_out(experiment, allocation, args), "runs")
        names = sorted(f for f in os.listdir(runs) if f.endswith(".jsonl")) if os.path.isdir(runs) else []
        for name in names:
            record = correlation_run(experiment, allocation, os.path.join(runs, name), tool)
            if record is not None:
                records.append(record)
    print(f"fidelity: wrote {results.write(experiment['dir'], 'correlation', records)} ({len(records)} runs)",
          flush=True)


def correlation_run(experiment, allocation, path, tool):
    """The kept record of one run report, or None when the run failed or its placement cannot be evaluated:
    `tamp-map eval` of the run's placement file (the launcher's, OUT/placements/ID.map) on the run's task graph
    (the report's params.graph) with the experiment's exchange_graph options, which leave the exchange alone."""
    stem = os.path.splitext(path)[0]
    placement = os.path.join(os.path.dirname(os.path.dirname(path)), "placements", os.path.basename(stem) + ".map")
    try:
        with open(stem + ".status") as f:
            if f.read().strip() != "ok":
                return None
        with open(path) as f:
            report = json.loads(f.readline())
        graph = f"{report['params']['graph']},{experiment['exchange_graph']}"
        done = subprocess.run([tool, "eval", "--graph", graph, "--machine",
                               os.path.join(experiment["dir"], allocation["machine"]), "--mapping", placement,
                               "--json"], capture_output=True, text=True)
        if done.returncode != 0:
            print(f"fidelity: {experiment['name']}: {path}: {done.stderr.strip()}", file=sys.stderr)
            return None
        return results.correlation_record(allocation_name(allocation), report, json.loads(done.stdout),
                                          os.path.getmtime(path))
    except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError) as e:
        print(f"fidelity: {experiment['name']}: {path}: not kept ({type(e).__name__}: {e})", file=sys.stderr)
        return None


def pearson(xs, ys):
    """Pearson's r, None with fewer than 3 points or a constant list."""
    if len(xs) < 3 or len(set(xs)) < 2 or len(set(ys)) < 2:
        return None
    return statistics.correlation(xs, ys)


def mean_ranks(values):
    """Each value's rank from 1, ties given the mean of their ranks (Spearman's convention)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            out[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return out


def spearman(xs, ys):
    """Spearman's rho: Pearson's r of the ranks."""
    return pearson(mean_ranks(xs), mean_ranks(ys))


def coefficients(records, metric, time_key, of=pearson):
    """The coefficient of a metric with a time over the records, None without the metric (max stalls)."""
    if metric not in results.CORRELATION_METRICS:
        return None
    return of([r["metrics"][metric] for r in records], [r["time"][time_key] for r in records])


CORRELATION_HEAD = ["| metric | paper r, max comm time | TAMP r, max comm time | TAMP Spearman, max comm time "
                    "| paper r, total time | TAMP r, total time | TAMP Spearman, total time |",
                    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]


def correlation_table(experiment, records, by_name):
    """One line per metric: the paper's Pearson coefficient with max comm time and total time beside TAMP's Pearson
    and Spearman over the kept runs; below it the verdicts (order, sign, band), the coefficients at each scale alone
    and the runs; no tally (None: the top of the page does not count them)."""
    paper = experiment["paper"]
    lines = list(CORRELATION_HEAD)
    for metric, (label, _) in CORRELATION_METRICS.items():
        if metric not in results.CORRELATION_METRICS and not any(metric in p for p in paper.values()):
            continue
        cells = [label]
        for time_key, _ in CORRELATION_TIMES:
            cells.append(fmt(paper.get(time_key, {}).get(metric), "{:.3f}"))
            if not records:
                cells += ["not run", ""]
            elif metric not in results.CORRELATION_METRICS:
                cells += ["not measured", "not measured"]
            else:
                cells += [fmt(coefficients(records, metric, time_key, of), "{:.3f}") for of in (pearson, spearman)]
        lines.append("| " + " | ".join(cells) + " |")
    if not records:
        return lines, ["Not run: no kept results (results.json)."], None
    notes = correlation_order(paper, records) + correlation_agreement(experiment, records)
    notes += correlation_scales(records) + correlation_runs(experiment, records)
    return lines, notes, None


def correlation_order(paper, records):
    """Whether max congestion correlates better than average hop count with each time, in the paper and TAMP."""
    parts, same = [], []
    for time_key, time_name in CORRELATION_TIMES:
        theirs = [paper.get(time_key, {}).get(m) for m in ("max_congestion", "avg_hops")]
        ours = [coefficients(records, m, time_key) for m in ("max_congestion", "avg_hops")]
        if None in theirs or None in ours:
            continue
        parts.append(f"with {time_name}: the paper {'yes' if theirs[0] > theirs[1] else 'no'} ({theirs[0]:.3f} "
                     f"against {theirs[1]:.3f}), TAMP {'yes' if ours[0] > ours[1] else 'no'} ({ours[0]:.3f} against "
                     f"{ours[1]:.3f})")
        same.append((theirs[0] > theirs[1]) == (ours[0] > ours[1]))
    if not parts:
        return []
    return [f"Max congestion correlates better than average hop count (Pearson) {'; '.join(parts)}. TAMP has the "
            f"paper's order on {sum(same)} of {len(same)}."]


def correlation_agreement(experiment, records):
    """Per coefficient the paper prints and TAMP has: the same sign, and within the experiment's band."""
    signs, inside, gaps = [], [], []
    for time_key, time_name in CORRELATION_TIMES:
        for metric, theirs in experiment["paper"].get(time_key, {}).items():
            ours = coefficients(records, metric, time_key)
            if ours is None:
                continue
            signs.append((theirs > 0) == (ours > 0))
            inside.append(abs(ours - theirs) <= experiment["band"])
            gaps.append(f"{CORRELATION_METRICS[metric][1]} with {time_name} {ours - theirs:+.3f}")
    if not signs:
        return []
    return [f"Same sign as the paper: {sum(signs)} of {len(signs)} coefficients. Within {experiment['band']:g} of "
            f"the paper's: {sum(inside)} of {len(inside)} (TAMP minus the paper: {'; '.join(gaps)})."]


def correlation_scales(records):
    """Pearson's r with max comm time at each scale alone (placements and allocations only), and of the total time
    with the max comm time over all runs."""
    scales = sorted({r["ranks"] for r in records})
    parts = []
    for ranks in scales:
        these = [r for r in records if r["ranks"] == ranks]
        values = [f"{CORRELATION_METRICS[m][1]} {fmt(coefficients(these, m, 'comm'), '{:.3f}')}"
                  for m in results.CORRELATION_METRICS]
        parts.append(f"{ranks:,} ranks ({len(these)} runs): {', '.join(values)}")
    together = pearson([r["time"]["comm"] for r in records], [r["time"]["total"] for r in records])
    notes = [f"Pearson's r with max comm time at one scale (placements and allocations only): {'; '.join(parts)}."]
    return notes + [f"Pearson's r of total time with max comm time over all runs: {fmt(together, '{:.3f}')}."]


def correlation_runs(experiment, records):
    """How many runs, of how many placements, allocations and scales, on which engines and dates."""
    engines = engines_of(records)
    scales = ", ".join(f"{n:,}" for n in sorted({r["ranks"] for r in records}))
    return [f"Runs: {len(records)} ({len({r['mapping'] for r in records})} placements, "
            f"{len({r['allocation'] for r in records})} of {len(experiment['allocations'])} allocations, "
            f"{scales} ranks; {', '.join(engines)}; {', '.join(sorted({r['date'] for r in records}))})."]


SPREAD_APP = "netbench"  # a latency-spread experiment's runs: tamp-netbench --benchmark wocon, one per partition
WITH_SIZE = {"falls": "falling", "rises": "rising"}  # a latency-spread experiment's "with_size": how the paper
# says the spread moves with the message size


def check_spread_experiment(experiment, path):
    """A latency-spread experiment's campaigns, partitions (each a campaign's run, the paper's printed spreads and
    range), with_size, kink_bytes and band, or one line saying what is wrong."""
    campaigns, partitions = experiment["campaigns"], experiment["partitions"]
    if not isinstance(campaigns, list) or not all(isinstance(c, dict) for c in campaigns) or \
            bad_campaigns(experiment, path):
        refuse(f"{path}: campaigns must be a list of objects with file and decks (text)")
    files = [c["file"] for c in campaigns]
    if not isinstance(partitions, list) or not partitions or not all(
            isinstance(p, dict) and isinstance(p.get("label"), str) and p.get("campaign") in files and
            isinstance(p.get("ranks"), int) and not isinstance(p["ranks"], bool) and p["ranks"] > 1
            for p in partitions):
        refuse(f"{path}: partitions must be a list of objects with a label, one of the campaigns and ranks > 1 "
               "(one per node)")
    bad = [p["label"] for p in partitions if bad_spread_paper(p)]
    if bad:
        refuse(f"{path}: paper of partition {', '.join(bad)}: {{BYTES: % difference}} (sizes as digits, numbers "
               "> 0), and paper_range {\"up_to\": BYTES, \"low\": P, \"high\": P >= P}")
    if experiment["with_size"] not in WITH_SIZE:
        refuse(f"{path}: with_size must be one of {', '.join(WITH_SIZE)}, not {json.dumps(experiment['with_size'])}")
    kink = experiment.get("kink_bytes", 1)
    if isinstance(kink, bool) or not isinstance(kink, int) or kink < 1:
        refuse(f"{path}: kink_bytes must be a message size in bytes, not {json.dumps(kink)}")
    check_band(experiment, path)
    check_spread_cause(experiment, path)


def check_cause(experiment, path):
    """A cause experiment's `cause_of` (the experiment of its kind it repeats; check_causes) and `change` (text);
    `fitted` (latency-spread experiments only) needs them too."""
    if "cause_of" not in experiment and ("change" in experiment or "fitted" in experiment):
        refuse(f"{path}: change and fitted need cause_of (the experiment this one repeats with one change)")
    if "cause_of" in experiment and (not isinstance(experiment["cause_of"], str) or
                                     not isinstance(experiment.get("change"), str)):
        refuse(f"{path}: cause_of must name an experiment and change say what differs from it (text)")
    if "fitted" in experiment and experiment["kind"] != "latency-spread":
        refuse(f"{path}: fitted is a latency-spread experiment's; a simulation experiment's rows say what they fit")


def check_spread_cause(experiment, path):
    """A latency-spread cause experiment (check_cause) and its `fitted` (optional): {"partition": a label, "bytes":
    a size whose figure the partition's paper prints}."""
    check_cause(experiment, path)
    fitted = experiment.get("fitted")
    if fitted is None:
        return
    papers = {p["label"]: p.get("paper", {}) for p in experiment["partitions"]}
    if not isinstance(fitted, dict) or set(fitted) != {"partition", "bytes"} or \
            not isinstance(fitted["partition"], str) or isinstance(fitted["bytes"], bool) or \
            not isinstance(fitted["bytes"], int) or str(fitted["bytes"]) not in papers.get(fitted["partition"], {}):
        refuse(f"{path}: fitted must be {{\"partition\": LABEL, \"bytes\": BYTES}}, a figure the partition's paper "
               f"prints, not {json.dumps(fitted)}")


def check_causes(experiments):
    """A cause experiment's `cause_of` names another experiment of its kind that is not itself a cause experiment,
    or it is refused."""
    by_name = {e["name"]: e for e in experiments}
    for experiment in experiments:
        if "cause_of" not in experiment:
            continue
        target = by_name.get(experiment["cause_of"])
        if target is None or target is experiment or target["kind"] != experiment["kind"] or "cause_of" in target:
            refuse(f"{os.path.join(experiment['dir'], 'experiment.json')}: cause_of must name another "
                   f"{experiment['kind']} experiment (not a cause experiment), not {json.dumps(experiment['cause_of'])}")


def bad_spread_paper(partition):
    """True when a partition's "paper" is not {size in bytes (digits): % difference} or its "paper_range" (optional)
    not {"up_to", "low", "high"}."""
    paper, span = partition.get("paper", {}), partition.get("paper_range", {"up_to": 1, "low": 0, "high": 0})
    if not isinstance(paper, dict) or not all(k.isdigit() and results.is_number(v) and v > 0 for k, v in paper.items()):
        return True
    return not isinstance(span, dict) or set(span) != {"up_to", "low", "high"} or \
        not all(results.is_number(v) for v in span.values()) or not 0 <= span["low"] <= span["high"]


def spread_run(partition):
    """The run (app, ranks, mapping) of a partition's campaign: WOCON, one rank per node, the launcher's order."""
    return {"app": SPREAD_APP, "ranks": partition["ranks"], "mapping": "default"}


def run_spread(experiment, args):
    run_campaigns(experiment, args, keep_spread)


def keep_spread(experiment, args):
    """Writes the experiment's results.json: one record per partition whose WOCON run report is in --out."""
    records = []
    for partition in experiment["partitions"]:
        found = run_report(experiment, partition["campaign"], spread_run(partition), args)
        try:
            records += [results.spread_record(partition, *found)] if found else []
        except (KeyError, IndexError, TypeError) as e:
            print(f"fidelity: {experiment['name']}: {partition['label']}: not kept ({type(e).__name__}: {e})",
                  file=sys.stderr)
    print(f"fidelity: wrote {results.write(experiment['dir'], 'latency-spread', records)} ({len(records)} runs of "
          f"{len(experiment['partitions'])} partitions)", flush=True)


def size_name(size):
    """A message size as the thesis writes it: 64 B, 2 KB, 1 MB."""
    for unit, name in ((1 << 20, "MB"), (1 << 10, "KB")):
        if size >= unit and size % unit == 0:
            return f"{size // unit} {name}"
    return f"{size} B"


def spread_at(record, size):
    """A partition's figures at one message size: (% difference, min latency, its hops, max latency, its hops), the
    hops being the hop counts whose mean latency is the least and the greatest; None where the size did not run."""
    if record is None or size not in record["sizes"]:
        return None
    i = record["sizes"].index(size)
    by_hops = sorted((values[i], int(hops)) for hops, values in record["latency_by_hops_us"].items())
    return (record["diff_pct"][i], record["latency_min_us"][i], by_hops[0][1], record["latency_max_us"][i],
            by_hops[-1][1])


def paper_spread(partition, size):
    """The paper's % difference at a size: its printed figure, its printed range where the size is in it, or -."""
    printed, span = partition.get("paper", {}).get(str(size)), partition.get("paper_range")
    if printed is not None:
        return f"{printed:g}"
    return f"{span['low']:g}-{span['high']:g} (range)" if span and size <= span["up_to"] else "-"


def hops_name(hops):
    return f"{hops} hop" + ("" if hops == 1 else "s")


def partition_name(partition):
    return f"{partition['label']} ({partition['ranks']:,} nodes)"


def spread_table(experiment, records, by_name):
    """One line per message size: per partition the paper's % difference (printed, or its range), TAMP's, and
    TAMP's least and greatest latency with their hop counts; below it the verdicts (spread_tally) and the runs."""
    partitions = experiment["partitions"]
    mine = [next((r for r in records if r["partition"] == p["label"]), None) for p in partitions]
    sizes = sorted({s for r in mine if r for s in r["sizes"]} |
                   {int(s) for p in partitions for s in p.get("paper", {})})
    head = ["bytes"] + [f"{h} {p['label']}" for p in partitions
                        for h in ("paper % diff", "TAMP % diff", "TAMP min, max latency (us)")]
    lines = ["| " + " | ".join(head) + " |", "| --- |" + " ---: | ---: | --- |" * len(partitions)]
    for size in sizes:
        cells = [size_name(size)]
        for partition, record in zip(partitions, mine):
            at = spread_at(record, size)
            cells += [paper_spread(partition, size)]
            cells += ["not run", ""] if at is None else \
                [f"{at[0]:.1f}", f"{at[1]:,.2f} ({hops_name(at[2])}), {at[3]:,.2f} ({hops_name(at[4])})"]
        lines.append("| " + " | ".join(cells) + " |")
    if not any(mine):
        return lines, ["Not run: no kept results (results.json)."], None
    notes, tally = spread_tally(experiment, mine)
    notes += spread_cause(partitions, mine) + spread_causes_below(experiment, by_name)
    return lines, notes + spread_change(experiment, by_name, mine) + spread_runs(partitions, mine), tally


def spread_tally(experiment, mine):
    """The notes and verdicts of the comparison: each printed % difference within the band of the paper's, each
    printed range held at its every size, the printed sizes' trend over the partitions, and the trend with the
    message size at each partition (the paper's `with_size`); the kink the paper reports at `kink_bytes`."""
    partitions = experiment["partitions"]
    magnitude, notes = spread_magnitude(experiment, partitions, mine)
    span_notes, spans = spread_ranges(partitions, mine)
    trend_notes, trends = spread_trends(partitions, mine)
    size_notes, sizes = spread_with_size(experiment, partitions, mine)
    notes += span_notes + trend_notes + size_notes + spread_kink(experiment, partitions, mine)
    return notes, {"magnitude": magnitude + spans, "trend": trends, "with_size": sizes}


def spread_magnitude(experiment, partitions, mine):
    """Per printed figure of a partition that ran: TAMP's % difference within the experiment's band of it."""
    band, parts, verdicts = experiment.get("band", BAND), [], []
    fitted = experiment.get("fitted", {})
    for partition, record in zip(partitions, mine):
        for size, theirs in sorted(partition.get("paper", {}).items(), key=lambda item: int(item[0])):
            at = spread_at(record, int(size))
            if at is None:
                continue
            if fitted.get("partition") == partition["label"] and str(fitted.get("bytes")) == size:
                verdict = "fitted to it, not a verdict"  # agrees by construction
            else:
                verdicts.append(within_band(theirs / 100, at[0] / 100, band))
                verdict = "yes" if verdicts[-1] else "no"
            parts.append(f"{size_name(int(size))} on {partition_name(partition)} the paper {theirs:g}, TAMP "
                         f"{at[0]:.1f}: {verdict}")
    if not parts:
        return [], []
    return verdicts, [f"The % difference against the paper's printed figures (within {band['points']:g} points or a "
                      f"factor of {band['factor']:g}): {'; '.join(parts)}."]


def spread_ranges(partitions, mine):
    """Per printed range (the paper's % difference between low and high at every size up to up_to): TAMP's sizes in
    it; the verdict is whether all are."""
    notes, verdicts = [], []
    for partition, record in zip(partitions, mine):
        span = partition.get("paper_range")
        if not span or record is None:
            continue
        sizes = [s for s in record["sizes"] if s <= span["up_to"]]
        inside = [s for s in sizes if span["low"] <= spread_at(record, s)[0] <= span["high"]]
        values = [spread_at(record, s)[0] for s in sizes]
        verdicts.append(len(inside) == len(sizes))
        notes.append(f"The paper's range on {partition_name(partition)}, {span['low']:g} to {span['high']:g}% for "
                     f"sizes up to {size_name(span['up_to'])}: TAMP's % difference is in it at {len(inside)} of "
                     f"{len(sizes)} sizes ({', '.join(size_name(s) for s in inside) or 'none'}), from "
                     f"{min(values):.1f} to {max(values):.1f} over those sizes.")
    return notes, verdicts


def spread_trends(partitions, mine):
    """Per size the paper prints at every partition: its % difference from partition to partition, the paper's and
    TAMP's (trend()), and whether they move alike; and at how many sizes TAMP's rises."""
    ran = [(p, r) for p, r in zip(partitions, mine) if r is not None]
    if len(ran) < 2:
        return [], []
    printed = set.intersection(*(set(p.get("paper", {})) for p, _ in ran))
    parts, verdicts = [], []
    for size in sorted(printed, key=int):
        theirs = [p["paper"][size] for p, _ in ran]
        ours = [spread_at(r, int(size))[0] for _, r in ran]
        verdicts.append(trend(theirs) == trend(ours))
        parts.append(f"at {size_name(int(size))} the paper {trend(theirs)} ({' to '.join(f'{v:g}' for v in theirs)}), "
                     f"TAMP {trend(ours)} ({' to '.join(f'{v:.1f}' for v in ours)}): "
                     f"{'the same trend' if verdicts[-1] else 'not the same trend'}")
    common = sorted(set.intersection(*(set(r["sizes"]) for _, r in ran)))
    rising = [s for s in common if trend([spread_at(r, s)[0] for _, r in ran]) == "rises"]
    names = " to ".join(partition_name(p) for p, _ in ran)
    notes = [f"From {names}: {'; '.join(parts)}." if parts else f"From {names}: no size printed at every partition."]
    return [notes[0] + f" TAMP's % difference rises at {len(rising)} of {len(common)} sizes."], verdicts


def spread_with_size(experiment, partitions, mine):
    """Per partition that ran: TAMP's % difference from its smallest size to its largest against the paper's
    `with_size`, and the steps between sizes that move that way."""
    theirs, parts, verdicts = experiment["with_size"], [], []
    for partition, record in zip(partitions, mine):
        if record is None:
            continue
        values = record["diff_pct"]
        steps = [trend(pair) for pair in zip(values, values[1:])]
        verdicts.append(trend([values[0], values[-1]]) == theirs)
        parts.append(f"on {partition_name(partition)} from {values[0]:.1f} at {size_name(record['sizes'][0])} to "
                     f"{values[-1]:.1f} at {size_name(record['sizes'][-1])}, {WITH_SIZE[theirs]} at "
                     f"{steps.count(theirs)} of {len(steps)} steps: {'yes' if verdicts[-1] else 'no'}")
    return [f"The paper's % difference {theirs} with the message size; TAMP's {'; '.join(parts)}."], verdicts


def spread_kink(experiment, partitions, mine):
    """Where the paper reports a kink at `kink_bytes`: TAMP's % difference at the sizes around it, and whether its
    fall (or rise) stops there."""
    kink = experiment.get("kink_bytes")
    parts = []
    for partition, record in zip(partitions, mine):
        if kink is None or record is None or kink not in record["sizes"][1:-1]:
            continue
        i = record["sizes"].index(kink)
        around = record["diff_pct"][i - 1:i + 2]
        kinked = trend(around[:2]) != trend(around[1:])
        sizes = ", ".join(size_name(s) for s in record["sizes"][i - 1:i + 2])
        parts.append(f"on {partition_name(partition)} {', '.join(f'{v:.1f}' for v in around)} at {sizes} "
                     f"({'a kink' if kinked else 'no kink'})")
    return [f"The paper's lines have a kink at {size_name(kink)}; TAMP's % difference {'; '.join(parts)}."] \
        if parts else []


def spread_cause(partitions, mine):
    """Why the spreads differ: at the smallest size the paper prints, TAMP's latency per hop (the spread of its mean
    latencies over the hop counts) and its least latency; the least latency the paper's figure implies at TAMP's
    latency per hop, and the latency per hop it implies at TAMP's least latency ((max - min) / min is about
    hops x per hop / min)."""
    parts = []
    for partition, record in zip(partitions, mine):
        printed = sorted(partition.get("paper", {}).items(), key=lambda item: int(item[0]))
        at = printed and spread_at(record, int(printed[0][0]))
        if not at or at[4] == at[2]:
            continue
        hops, theirs = at[4] - at[2], printed[0][1] / 100
        per_hop = (at[3] - at[1]) / hops
        parts.append(f"on {partition_name(partition)} at {size_name(int(printed[0][0]))}, {1000 * per_hop:.0f} ns per "
                     f"hop over {hops} hops from {at[1]:.2f} us; the paper's {printed[0][1]:g}% needs a least latency "
                     f"of {hops * per_hop / theirs:.2f} us at that latency per hop, or "
                     f"{1000 * theirs * at[1] / hops:.0f} ns per hop at TAMP's least latency")
    return [f"The % difference is about (hops of the max - hops of the min) x latency per hop / least latency. "
            f"TAMP: {'; '.join(parts)}."] if parts else []


def spread_causes_below(experiment, by_name):
    """Where cause experiments repeat this one's runs with one change: their names, changes, and their % difference
    at each size the paper prints (the fitted one said so)."""
    notes = []
    for cause in (e for e in by_name.values() if e.get("cause_of") == experiment["name"]):
        records, fitted, parts = kept_records(cause), cause.get("fitted", {}), []
        for partition in cause["partitions"]:
            record = next((r for r in records if r["partition"] == partition["label"]), None)
            for size, theirs in sorted(partition.get("paper", {}).items(), key=lambda item: int(item[0])):
                at = spread_at(record, int(size))
                if at is not None:
                    fit = fitted.get("partition") == partition["label"] and str(fitted.get("bytes")) == size
                    parts.append(f"{at[0]:.1f} at {size_name(int(size))} on {partition['label']} "
                                 f"({'fitted' if fit else f'the paper {theirs:g}'})")
        notes.append(f"The cause experiment below, `{cause['name']}`, runs the same with one change: "
                     f"{cause['change']}" + (f"; with it TAMP's % difference is {', '.join(parts)}." if parts else "."))
    return notes


def spread_change(experiment, by_name, mine):
    """A cause experiment against the runs it repeats (`cause_of`): the constant it fitted (`fitted`: what the
    paper's figure needs on top of those runs' least latency) and, per partition, how much the latencies rose (the
    mean latency at each hop count and size) and the % difference before and after at the paper's printed sizes."""
    if "cause_of" not in experiment:
        return []
    before = kept_records(by_name[experiment["cause_of"]])
    name = experiment["cause_of"]
    notes, parts = [], []
    fitted = experiment.get("fitted")
    if fitted:
        partition = next(p for p in experiment["partitions"] if p["label"] == fitted["partition"])
        theirs = partition["paper"][str(fitted["bytes"])]
        at = spread_at(next((r for r in before if r["partition"] == partition["label"]), None), fitted["bytes"])
        if at:
            notes.append(f"Fitted once, on {partition_name(partition)} at {size_name(fitted['bytes'])}: {name}'s "
                         f"least and greatest latency there, {at[1]:.2f} and {at[3]:.2f} us, give the paper's "
                         f"{theirs:g}% with (max - min) / {theirs / 100:g} - min = "
                         f"{(at[3] - at[1]) / (theirs / 100) - at[1]:.2f} us more per message. Every other figure "
                         f"of this experiment is a prediction.")
    for partition, record in zip(experiment["partitions"], mine):
        old = next((r for r in before if r["partition"] == partition["label"]), None)
        if record is None or old is None or record["sizes"] != old["sizes"]:
            continue
        rises = [new - was for hops, values in record["latency_by_hops_us"].items()
                 for new, was in zip(values, old["latency_by_hops_us"].get(hops, []))]
        printed = sorted(partition.get("paper", {}), key=int)
        moves = [f"at {size_name(int(s))} from {spread_at(old, int(s))[0]:.1f} to {spread_at(record, int(s))[0]:.1f}"
                 for s in printed if int(s) in record["sizes"]]
        parts.append(f"on {partition_name(partition)} the mean latency at every hop count and size rises by "
                     f"{min(rises):.2f} to {max(rises):.2f} us" + (f", the % difference {', '.join(moves)}"
                                                                  if moves else ""))
    if parts:
        notes.append(f"Against {name} (the same runs without the change): {'; '.join(parts)}.")
    return notes


def spread_runs(partitions, mine):
    """The engines and dates of the runs, and how many partitions did not run."""
    kept = [r for r in mine if r]
    engines = engines_of(kept)
    return [f"Runs: {len(kept)} of {len(partitions)} partitions ({', '.join(engines)}; "
            f"{', '.join(sorted({r['date'] for r in kept}))})."]


def spread_summary(tallies, fitted=()):
    """The verdicts of every latency-spread experiment, counted apart from the placements'; the names of those
    `fitted` (cause experiments with a constant fitted to one of the paper's figures), whose verdicts are not
    counted."""
    counts = [[v for tally in tallies for v in tally[key]] for key in ("magnitude", "trend", "with_size")]
    text = (f"Over the experiments of latency against hops (no placement compared, so counted apart): the % "
            f"difference within the band or range of the paper's on {sum(counts[0])} of {len(counts[0])} figures "
            f"compared; moving from partition to partition as the paper's on {sum(counts[1])} of {len(counts[1])}; "
            f"moving with the message size as the paper says on {sum(counts[2])} of {len(counts[2])} partitions.")
    if fitted:
        text += (f" Not counted: {', '.join(f'`{name}`' for name in fitted)}, "
                 f"{'a cause experiment' if len(fitted) == 1 else 'cause experiments'} with a constant fitted to one "
                 f"of the paper's figures, not an independent agreement.")
    return text


TITLE = "# Fidelity: the papers' experiments on the simulated machine"
INTRO = [  # paragraphs, wrapped when written
    "Written by `python3 scripts/fidelity.py` (every experiment of `inputs/fidelity/`; `--only NAME` for one) from "
    "the results each experiment keeps in `inputs/fidelity/NAME/results.json`; `--report-only` reads only those. Every "
    "figure of TAMP's runs below, and every sentence about them, is computed from them. Each experiment runs its campaigns on TAMP's simulated "
    "machine, SimGrid with the platform plug-in or TAMP's flow engine (the engine column), with modelled "
    "computation, so every figure is deterministic, and prints its table beside the figures the paper prints.",
    "\"Speed-up\" is the baseline's total time over the placement's (the papers' convention); \"same direction\" "
    "says whether the placement makes the run faster, slower or leaves it within 1% in both the paper and TAMP. The "
    "papers ran real machines at scales and sizes a 2-core simulation cannot reach; each experiment says what "
    "differs, and the numbers are not expected to be equal: the direction and order of the placements are "
    "compared, their trend over an experiment's scales, and their magnitude.",
    "\"Magnitude\" says whether the share "
    "of time the placement saves (1 - 1 / speed-up, or the improvement the paper prints) is within the experiment's "
    f"band of the paper's, {BAND['points']} percentage points or a factor of {BAND['factor']} unless the experiment "
    "states its own. Experiments of placement metrics (D, T, X) run no simulation: they compare whether each ordering "
    "raises or lowers each metric against the baseline ordering, as in the paper. Experiments of latency against hops "
    "(WOCON) compare no placement either: they set the spread of a partition's latencies beside the paper's, and "
    "their verdicts are counted apart. Keys: [references.md](references.md)."]


def wrap(text):
    """Prose in lines of at most 110 characters (docs/ style), its paragraphs (blank-line separated) kept."""
    return "\n\n".join(textwrap.fill(p, width=110, break_long_words=False, break_on_hyphens=False)
                       for p in text.split("\n\n"))


def section(experiment, by_name):
    """The experiment's heading, description, table, the lines computed from its kept results, and its setup;
    and its verdicts for the page's summary (its table's tally: None for groups and correlation experiments)."""
    records = kept_records(experiment)
    lines, notes, tally = TABLES[experiment["kind"]](experiment, records, by_name)
    out = [f"## {experiment['title']} — {experiment['cite']}", "", wrap(experiment["what"]), "", *lines, ""]
    for note in notes:
        out += [wrap(note), ""]
    if experiment["differences"]:
        out += ["What differs from the paper:", ""]
        out += [textwrap.fill(d, width=110, initial_indent="- ", subsequent_indent="  ", break_long_words=False,
                              break_on_hyphens=False) for d in experiment["differences"]] + [""]
    return out, tally


def page(experiments):
    """docs/fidelity.md's text: the header, then every experiment's section, from the kept results only."""
    out = [TITLE, ""]
    for paragraph in INTRO:
        out += [wrap(paragraph), ""]
    by_name = {e["name"]: e for e in experiments}
    sections, tallies, fitted, causes, tally_of = [], {}, [], [], {}
    for experiment in experiments:
        lines, tally = section(experiment, by_name)
        sections += lines
        tally_of[experiment["name"]] = tally
        if tally and experiment.get("fitted"):  # a constant fitted to the paper: not counted as an agreement
            fitted.append(experiment["name"])
        elif tally and experiment["kind"] == "simulation" and "cause_of" in experiment:  # another's rows, changed
            causes.append(experiment["name"])
        elif tally:
            tallies.setdefault(experiment["kind"], []).append(tally)
    changed = [(tally_of[name], tally_of.get(by_name[name]["cause_of"])) for name in causes]
    out += [wrap(summary(tallies.get("simulation", []), causes, changed)), ""]
    if "latency-spread" in tallies or fitted:
        out += [wrap(spread_summary(tallies.get("latency-spread", []), fitted)), ""]
    return "\n".join(out + sections)


def summary(tallies, causes=(), changed=()):
    """The verdicts of every simulation experiment (their tables' tallies), counted: the sign of each placement
    against the paper's, its magnitude within its experiment's band, and the trend of each placement over a series
    (counted once, over the most scales it has in the series); then the same against the paper's communication
    alone, where its time outside communication moves with the placement. Cause experiments (`causes`, another
    experiment's rows with one change) are named, not counted; their magnitudes are given apart, beside those of
    the same placements without the change (`changed`: (the cause experiment's tally, the repeated one's))."""
    sign = [v for tally in tallies for v in tally["sign"]]
    size = [v for tally in tallies for v in tally["magnitude"]]
    trends = longest_series(t for tally in tallies for t in tally["trend"])
    text = (f"Over every simulation experiment below: the same direction as the paper on {sum(sign)} of "
            f"{len(sign)} placements compared; the time saved within the experiment's band of the paper's on "
            f"{sum(size)} of {len(size)}; the speed-up moving with the scale as the paper's on {sum(trends)} of "
            f"{len(trends)} placements of a series.")
    fitted = sum(len(tally.get("fitted", [])) for tally in tallies)
    if fitted:
        text += f" Not counted: {fitted} placement{'s' if fitted > 1 else ''} fitted to the paper (\"fitted\")."
    if causes:
        text += (f" Not counted either: {', '.join(f'`{name}`' for name in causes)}, "
                 f"{'a cause experiment' if len(causes) == 1 else 'cause experiments'} (another experiment's runs with "
                 f"one change, the suspected cause of a disagreement).")
        text += changed_note(changed)
    outside = [v for tally in tallies for v in tally.get("outside", [])]
    alone = longest_series(t for tally in tallies for t in tally.get("trend_alone", []))
    if outside:
        text += (f"\n\nWhere the paper's time outside communication moves with the placement by more than 5% "
                 f"({len(outside)} placements), which TAMP's modelled computation cannot do, TAMP's time saved is "
                 f"within the band of the paper's saving in communication alone (its time outside communication "
                 f"held at the baseline's) on {sum(c for c, _ in outside)} of {len(outside)}, against "
                 f"{sum(w for _, w in outside)} of its whole saving.")
    if alone:
        text += (f" Where the paper prints every scale's totals and communication shares, its speed-up in "
                 f"communication alone moves with the scale as TAMP's on {sum(c for c, _ in alone)} of {len(alone)} "
                 f"placements of a series, against {sum(w for _, w in alone)} of its whole speed-up.")
    return text


def changed_note(changed):
    """The cause experiments' magnitudes with their change, against the same placements' without it."""
    pairs = [(close, before["magnitude_of"].get(label) if before else None)
             for tally, before in changed for label, close in tally["magnitude_of"].items()]
    if not pairs:
        return ""
    text = (f" With their change, their time saved is within the band of the paper's on {sum(c for c, _ in pairs)} "
            f"of {len(pairs)} placements")
    known = [b for _, b in pairs if b is not None]
    if len(known) == len(pairs):
        return text + f", against {sum(known)} of the same {len(pairs)} without it."
    return text + f" ({len(pairs) - len(known)} of them without a verdict in the runs they repeat)."


def longest_series(entries):
    """Verdicts of (series, placement, scales, verdict) entries, one per series and placement: the one over the most
    scales."""
    longest = {}
    for root, label, scales, verdict in entries:
        if scales > longest.get((root, label), (0, None))[0]:
            longest[(root, label)] = (scales, verdict)
    return [verdict for _, verdict in longest.values()]


def write_doc(experiments, args):
    files.write_whole(args.doc, page(experiments))
    print(f"fidelity: wrote {args.doc}")


RUNS = {"groups": run_groups, "correlation": run_correlation,  # the kinds' runners; "simulation": run_campaigns
        "latency-spread": run_spread}
TABLES = {"simulation": table, "groups": groups_table, "correlation": correlation_table,  # and their tables
          "latency-spread": spread_table}


def run_one_by_one(chosen, args):
    for e in chosen:
        start = time.monotonic()
        RUNS.get(e["kind"], run_campaigns)(e, args)
        print(f"fidelity: {e['name']} took {time.monotonic() - start:.0f} s", flush=True)


def child_command(experiment, args):
    """This script on one experiment, its simulations one at a time, keeping its results and writing no page."""
    command = [sys.executable, os.path.abspath(__file__), "--experiments", args.experiments, "--only",
               experiment["name"], "--build", args.build, "--out", args.out, "--jobs", "1", "--run-only"]
    return command + (["--resume"] if args.resume else [])


def run_side_by_side(chosen, jobs, args):
    """Up to `jobs` experiments at a time, each a child of this script (child_command) with its output in
    OUT/NAME.log: a core stays busy until the last experiment ends, where an experiment of a few long runs, run
    alone with a core per run, would leave one idle behind its longest. The longest first (`cpu_minutes`, a measured
    hint for the order alone), so that the last to start are short. A failed child is reported and the others go on;
    a stop (Ctrl-C, SIGTERM) ends every child's process group."""
    order = sorted(chosen, key=lambda e: -e.get("cpu_minutes", 0))  # stable: ties keep the folders' order
    children, lock = [], threading.Lock()

    def work(experiment):
        log = os.path.join(args.out, experiment["name"] + ".log")
        start = time.monotonic()
        with open(log, "w") as f:
            child = subprocess.Popen(child_command(experiment, args), stdout=f, stderr=subprocess.STDOUT,
                                     start_new_session=True)  # its own process group: a stop ends its runs too
            with lock:
                children.append(child)
            status = child.wait()
        return status, time.monotonic() - start, log

    def done(experiment, result):
        status, seconds, log = result
        failed = "" if status == 0 else f"; it failed (status {status}): {log}"
        print(f"fidelity: {experiment['name']} took {seconds:.0f} s{failed}", flush=True)

    def cancel():
        with lock:
            running = [child for child in children if child.poll() is None]
        for child in running:
            driver.kill_group(child)  # SIGTERM: its campaign ends its runs; SIGKILL after 5 s

    signal.signal(signal.SIGTERM, driver.stop)
    signal.signal(signal.SIGINT, driver.stop)
    os.makedirs(args.out, exist_ok=True)
    print(f"fidelity: {len(order)} experiments, {jobs} at a time, each running its simulations one at a time "
          f"(output: {os.path.join(args.out, 'NAME.log')})", flush=True)
    for experiment in order:
        minutes = experiment.get("cpu_minutes")
        print(f"  {experiment['name']}" + (f" (about {minutes:g} min)" if minutes is not None else ""))
    try:
        pool.Pool(jobs, None).run([(e, 0) for e in order], work, done, cancel)
    except driver.Stopped as e:
        sys.exit(f"fidelity: stopped by {e}")


def main():
    parser = cli.Parser("fidelity", description=__doc__)
    parser.add_argument("--experiments", default=EXPERIMENTS, help="the folder of experiments")
    parser.add_argument("--only", help="comma-separated experiments (folders of inputs/fidelity)")
    parser.add_argument("--build", default=os.environ.get("TAMP_BUILD_DIR", os.path.join(ROOT, "build")))
    parser.add_argument("--out", type=cli.folder, default=os.path.join(ROOT, "out", "fidelity"),
                        help="campaign outputs")
    parser.add_argument("--jobs", type=cli.count(1),
                        help="experiments at a time, or for one experiment its simulations at a time (campaign.py "
                        "--jobs; default: the cores)")
    parser.add_argument("--resume", action="store_true", help="keep the runs of an earlier call (campaign.py --resume)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--report-only", action="store_true",
                      help="do not run: write the page from the kept results (inputs/fidelity/NAME/results.json)")
    what.add_argument("--run-only", action="store_true", help="run and keep the results, but do not write the page")
    parser.add_argument("--doc", type=cli.file_in_folder, default=os.path.join(ROOT, "docs", "fidelity.md"),
                        help="the page to write")
    args = parser.parse_args()
    experiments = load_experiments(args.experiments, None)
    check_series(experiments)
    check_causes(experiments)
    # Without --only, experiments of more than an hour ("in_full_run": false) keep their last results.
    chosen = load_experiments(args.experiments, args.only.split(",")) if args.only else \
        [e for e in experiments if e.get("in_full_run", True)]
    if not args.report_only:
        for e in experiments:
            if e not in chosen and not args.only:
                print(f"fidelity: {e['name']} not run (\"in_full_run\": false; --only {e['name']} runs it)",
                      flush=True)
    if not args.report_only:
        jobs = args.jobs or os.cpu_count() or 1
        if len(chosen) > 1 and jobs > 1:
            run_side_by_side(chosen, jobs, args)
        else:
            run_one_by_one(chosen, args)
    if not args.run_only:
        write_doc(experiments, args)  # all of them, from their kept results: those not run now keep their last ones


if __name__ == "__main__":
    main()
