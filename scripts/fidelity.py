#!/usr/bin/env python3
"""The papers' experiments on the simulated machine, beside the papers' numbers (docs/fidelity.md).

Every folder of inputs/fidelity/ with an experiment.json is one experiment, of one of two kinds:
- "simulation" (the default): campaigns (run by scripts/campaign.py, each with its launcher: SimGrid or the flow
  engine) and rows, each a run (app, ranks, mapping) of one campaign with the figures the paper prints for it;
  tabulates our total and communication time against the paper's and says per row whether the placement moves the
  time the way the paper found;
- "groups": placement metrics without a simulation, D / T / X of MFDn's column and row groups per ordering and scale
  (tamp-lanczos-groups, [Aktulga12] Tables 3-4), each beside the paper's and compared with the baseline ordering.
After an experiment runs, its figures are kept in inputs/fidelity/NAME/results.json (fidelity_results.py); the page
is written whole from those files only, so --report-only gives the same bytes every time and needs no --out.
Formats: docs/measuring-gains.md, section 5.

  scripts/fidelity.py [--only NAME,...] [--build DIR] [--out DIR] [--jobs N] [--resume] [--report-only] [--doc FILE]
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import textwrap
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from tamp_campaign.matrix import run_id  # noqa: E402  (the name of a run's files; scripts/ is on the path)
from tamp_campaign import cli  # noqa: E402  (one-line refusals, exit status 2)
from tamp_campaign import fidelity_results as results  # noqa: E402  (inputs/fidelity/NAME/results.json)
EXPERIMENTS = os.path.join(ROOT, "inputs", "fidelity")
SAME = 0.01  # gains within +-1% count as "no change"
METRIC_SAME = 0.1  # D / T / X within 10% of the baseline's count as "same" (the paper prints 2 digits)
PAPER_NUMBERS = ("total_s", "comm_pct", "speedup", "improvement_pct",  # a row's "paper": what the paper prints
                 "comm_gain_pct")
DIRECTIONS = ("faster", "slower", "same")  # a row's paper "direction": stated in the text without a figure
LAUNCHERS = ("sim", "flow")  # a campaign's "launcher": SimGrid (the default) or TAMP's flow engine
REQUIRED = {"simulation": ("title", "cite", "what", "campaigns", "baseline", "rows", "differences"),
            "groups": ("title", "cite", "what", "baseline", "orderings", "unit_segment", "scales", "differences")}


def load_experiments(folder, only):
    try:
        names = sorted((d for d in os.listdir(folder) if os.path.isfile(os.path.join(folder, d, "experiment.json"))),
                       key=scale_order)
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


def scale_order(name):
    """Sort key of experiment folders: numbers by value, so `deveci14-table2-8192` comes before `-16384`."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", name)]


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
    for key in ("campaigns", "rows") if kind == "simulation" else ("orderings", "scales"):
        if not isinstance(experiment[key], list) or not all(isinstance(e, dict) for e in experiment[key]):
            refuse(f"{path}: {key} must be a list of objects")
    timeout = experiment.get("timeout", 1)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not math.isfinite(timeout) or \
            timeout <= 0:
        refuse(f"{path}: timeout must be a number of seconds > 0, not {json.dumps(timeout)}")
    if not isinstance(experiment.get("magnitude", False), bool):
        refuse(f"{path}: magnitude must be true or false")
    if kind == "simulation":
        labels = [r.get("label") for r in experiment["rows"]]
        files = [c.get("file") for c in experiment["campaigns"]]
        bad = [str(r.get("label", "?")) for r in experiment["rows"]
               if r.get("campaign") not in files or not all(k in r for k in ("app", "ranks", "mapping"))]
        bad += [str(c.get("file", "?")) for c in experiment["campaigns"]
                if not all(isinstance(c.get(k), str) for k in ("file", "decks"))]
        launchers = [str(c.get("launcher")) for c in experiment["campaigns"] if c.get("launcher", "sim") not in LAUNCHERS]
        if launchers:
            refuse(f"{path}: launcher {', '.join(launchers)} is not one of {', '.join(LAUNCHERS)}")
    else:
        labels = [o.get("label") for o in experiment["orderings"]]
        bad = [str(s.get("ranks", "?")) for s in experiment["scales"]
               if not all(k in s for k in ("ranks", "nd", "machines", "segment")) or not isinstance(s["machines"], dict)]
    if bad:
        refuse(f"{path}: incomplete row, campaign or scale {', '.join(bad)}")
    papers = [r.get("paper") for r in experiment["rows"]] if kind == "simulation" else []
    bad = [str(r.get("label", "?")) for r, p in zip(experiment.get("rows", []), papers) if bad_paper(p)]
    if bad:
        refuse(f"{path}: paper of {', '.join(bad)}: an object of numbers {', '.join(PAPER_NUMBERS)}, a direction "
               f"({', '.join(DIRECTIONS)}) and a source (text)")
    if experiment["baseline"] not in labels:
        refuse(f"{path}: baseline '{experiment['baseline']}' is not one of the rows")


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


def run_campaigns(experiment, args):
    """Runs the experiment's campaigns (campaign.py, each with its launcher), then keeps its runs' figures."""
    for campaign in experiment["campaigns"]:
        command = [sys.executable, os.path.join(ROOT, "scripts", "campaign.py"),
                   os.path.join(experiment["dir"], campaign["file"]), "--build", args.build,
                   "--decks", os.path.join(experiment["dir"], campaign["decks"]),
                   "--out", campaign_out(experiment, campaign, args)]
        if campaign.get("launcher", "sim") != "sim":
            command += ["--launcher", campaign["launcher"]]
        if args.jobs:
            command += ["--jobs", str(args.jobs)]
        if "timeout" in experiment:  # the experiment's runs outlast the campaign's default
            command += ["--timeout", str(experiment["timeout"])]
        if args.resume:
            command.append("--resume")
        print(f"== {experiment['name']}: {campaign['file']}", flush=True)
        if subprocess.run(command).returncode != 0:
            print(f"fidelity: {experiment['name']}: {campaign['file']} had failures (rows without a run say so)",
                  file=sys.stderr)
    keep_runs(experiment, args)


def keep_runs(experiment, args):
    """Writes the experiment's results.json: one record per row whose run report is in --out."""
    records = []
    for row in experiment["rows"]:
        record = run_in_out(experiment, row, args)
        if record is not None and results.find_run(records, record) is None:
            records.append(record)
    print(f"fidelity: wrote {results.write(experiment['dir'], 'simulation', records)} ({len(records)} runs of "
          f"{len(experiment['rows'])} rows)", flush=True)


def run_in_out(experiment, row, args):
    """The kept record of the row's run in --out, or None when it did not run or failed (its .status not ok)."""
    campaign = next(c for c in experiment["campaigns"] if c["file"] == row["campaign"])
    path = os.path.join(campaign_out(experiment, campaign, args), "runs", run_id(row) + ".jsonl")
    try:
        with open(os.path.splitext(path)[0] + ".status") as f:
            if f.read().strip() != "ok":
                return None
        with open(path) as f:
            report = json.loads(f.readline())
        return results.run_record(row["campaign"], row, report, os.path.getmtime(path))
    except (OSError, ValueError, KeyError, AttributeError):
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
              "| TAMP speed-up | TAMP comm gain | TAMP hop-bytes | TAMP busiest link (B) | same direction |",
              "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]


def our_speedups(rows, runs, base_run):
    """TAMP's speed-up of each row over the baseline's run (None where either did not run)."""
    return [base_run["time"]["total"] / run["time"]["total"] if run and base_run and run["time"]["total"] > 0
            else None for run in runs]


def table_line(row, run, paper, base_run, my_speedup, is_base):
    """One row of the table, and its verdict (True, False, or None when not compared)."""
    total, speedup = paper
    p = row.get("paper", {})
    cells = [row["label"], ENGINE_NAMES[run["engine"]] if run else "-", fmt(total, "{:.3g}"),
             fmt(p.get("comm_pct"), "{:.3g}"), paper_gain_cell(row, speedup)]
    if my_speedup is None:
        return "| " + " | ".join(cells + ["not run"] + [""] * 6) + " |", None
    t = run["time"]
    gain = 1 - t["comm"] / base_run["time"]["comm"] if base_run["time"]["comm"] > 0 else 0.0
    verdict, same, theirs = "-", None, paper_direction(row, speedup)
    if theirs is not None and not is_base:
        same = theirs == direction(my_speedup - 1)
        verdict = "yes" if same else f"no (paper {theirs}, TAMP {direction(my_speedup - 1)})"
    cells += [f"{t['total']:.4g}", f"{100 * t['comm'] / t['total']:.1f}", f"{my_speedup:.2f}", f"{100 * gain:+.1f}%",
              fmt(run.get("hop_bytes"), "{:.4g}"), fmt(run.get("max_link_load"), "{:.4g}"), verdict]
    return "| " + " | ".join(cells) + " |", same


def table(experiment, records, by_name):
    """The experiment's table from its kept records, and the lines computed from it below the table."""
    rows = experiment["rows"]
    base = next(r for r in rows if r["label"] == experiment["baseline"])
    runs = [results.find_run(records, r) for r in rows]
    base_run = runs[rows.index(base)]
    paper = paper_times(rows, base)
    mine = our_speedups(rows, runs, base_run)
    lines, verdicts = list(TABLE_HEAD), []
    for row, run, theirs, my_speedup in zip(rows, runs, paper, mine):
        line, same = table_line(row, run, theirs, base_run, my_speedup, row is base)
        lines.append(line)
        if same is not None:
            verdicts.append(same)
    notes = [f"Same direction as the paper on {sum(verdicts)} of {len(verdicts)} placements compared."]
    notes += order_note(rows, paper, mine) + series_note(experiment, by_name) + sources_note(rows)
    notes += magnitude_note(experiment, runs, paper, mine) + runs_note(runs, rows)
    return lines, notes


def series_note(experiment, by_name):
    """Where the experiment names the experiments of its smaller scales ("series"): each placement's speed-up at
    every scale, in the paper and in TAMP, and whether it rises or falls with the scale (TAMP's alone where the
    paper prints a figure at some of the scales only; nothing where it prints none)."""
    members = [by_name[name] for name in experiment.get("series", [])] + [experiment]
    if len(members) < 2:
        return []
    parts = []
    scales = [next(r["ranks"] for r in e["rows"]) for e in members]
    for row in experiment["rows"]:
        if row["label"] == experiment["baseline"]:
            continue
        points = [speedups_of(e, row["label"]) for e in members]
        if all(p is not None and p[1] is not None for p in points) and any(p[0] is not None for p in points):
            theirs, ours = [p[0] for p in points], [p[1] for p in points]
            parts.append(f"{row['label']} {paper_series(theirs, scales)}, "
                         f"TAMP {', '.join(f'{v:.2f}' for v in ours)} ({trend(ours)})")
    if not parts:
        return []
    return [f"Speed-ups over {experiment['baseline']} at {', '.join(f'{n:,}' for n in scales)} ranks: "
            f"{'; '.join(parts)}."]


def paper_series(theirs, scales):
    """The paper's speed-ups of a series and their trend, or those it prints and at which scales."""
    if None not in theirs:
        return f"the paper {', '.join(f'{v:.2f}' for v in theirs)} ({trend(theirs)})"
    printed = [f"{v:.2f} at {n:,}" for v, n in zip(theirs, scales) if v is not None]
    return f"the paper {', '.join(printed)} ranks only"


def speedups_of(experiment, label):
    """(the paper's, TAMP's) speed-up of the row `label` of an experiment over its baseline, or None without it."""
    rows = experiment["rows"]
    row = next((r for r in rows if r["label"] == label), None)
    if row is None:
        return None
    base = next(r for r in rows if r["label"] == experiment["baseline"])
    records = kept_records(experiment)
    mine = our_speedups([row], [results.find_run(records, row)], results.find_run(records, base))[0]
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


def magnitude_note(experiment, runs, paper, mine):
    """Where the experiment asks for it ("magnitude": true): each row's share of the baseline's time saved, and of
    its communication time where the paper prints that gain (comm_gain_pct), in the paper and in TAMP."""
    if not experiment.get("magnitude"):
        return []
    rows = experiment["rows"]
    base_run = runs[[r["label"] for r in rows].index(experiment["baseline"])]
    parts = []
    for row, run, theirs, ours in zip(rows, runs, paper, mine):
        if row["label"] == experiment["baseline"] or theirs[1] is None or ours is None:
            continue
        part = f"{row['label']} the paper {100 * (1 - 1 / theirs[1]):.0f}%, TAMP {100 * (1 - 1 / ours):.1f}%"
        if theirs[1] != 1:
            part += f" ({(1 - 1 / ours) / (1 - 1 / theirs[1]):.2f} of the paper's)"
        p = row.get("paper", {})
        if "comm_gain_pct" in p and base_run["time"]["comm"] > 0:
            part += (f"; communication time saved: the paper {p['comm_gain_pct']:g}%, TAMP "
                     f"{100 * (1 - run['time']['comm'] / base_run['time']['comm']):.1f}%")
        parts.append(part)
    return [f"Time saved over {experiment['baseline']}: {'; '.join(parts)}."] if parts else []


def sources_note(rows):
    """Where a row's paper figures are not printed as numbers in the paper: its "source"."""
    read = [f"{row['label']}, {row['paper']['source']}" for row in rows if row.get("paper", {}).get("source")]
    return [f"Paper figures not printed as numbers: {'; '.join(read)}."] if read else []


def runs_note(runs, rows):
    """The engines and dates of the runs, and how many rows did not run."""
    kept = [run for run in runs if run]
    if not kept:
        return ["Not run: no kept results (results.json)."]
    engines = sorted({ENGINE_NAMES[run["engine"]] for run in kept})
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
    per allocation (the metrics that move the paper's way from the baseline ordering) and the trend with scale."""
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
    return lines, notes + groups_trend(experiment, records) + groups_sources(experiment) + groups_runs(records)


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
    "compared. Experiments of placement metrics (D, T, X) run no simulation: they compare whether each ordering "
    "raises or lowers each metric against the baseline ordering, as in the paper. Keys: "
    "[references.md](references.md)."]


def wrap(text):
    """Prose in lines of at most 110 characters (docs/ style), its paragraphs (blank-line separated) kept."""
    return "\n\n".join(textwrap.fill(p, width=110, break_long_words=False, break_on_hyphens=False)
                       for p in text.split("\n\n"))


def section(experiment, by_name):
    """The experiment's heading, description, table, the lines computed from its kept results, and its setup."""
    records = kept_records(experiment)
    lines, notes = (groups_table if experiment["kind"] == "groups" else table)(experiment, records, by_name)
    out = [f"## {experiment['title']} — {experiment['cite']}", "", wrap(experiment["what"]), "", *lines, ""]
    for note in notes:
        out += [wrap(note), ""]
    if experiment["differences"]:
        out += ["What differs from the paper:", ""]
        out += [textwrap.fill(d, width=110, initial_indent="- ", subsequent_indent="  ", break_long_words=False,
                              break_on_hyphens=False) for d in experiment["differences"]] + [""]
    return out


def page(experiments):
    """docs/fidelity.md's text: the header, then every experiment's section, from the kept results only."""
    out = [TITLE, ""]
    for paragraph in INTRO:
        out += [wrap(paragraph), ""]
    by_name = {e["name"]: e for e in experiments}
    for e in experiments:
        out += section(e, by_name)
    return "\n".join(out)


def write_doc(experiments, args):
    folder = os.path.dirname(os.path.abspath(args.doc))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp") as f:
        f.write(page(experiments))
    os.replace(f.name, args.doc)
    print(f"fidelity: wrote {args.doc}")


def main():
    parser = cli.Parser("fidelity", description=__doc__)
    parser.add_argument("--experiments", default=EXPERIMENTS, help="the folder of experiments")
    parser.add_argument("--only", help="comma-separated experiments (folders of inputs/fidelity)")
    parser.add_argument("--build", default=os.environ.get("TAMP_BUILD_DIR", os.path.join(ROOT, "build")))
    parser.add_argument("--out", type=cli.folder, default=os.path.join(ROOT, "out", "fidelity"),
                        help="campaign outputs")
    parser.add_argument("--jobs", type=cli.count(1), help="simulations at a time (campaign.py --jobs; default: the cores)")
    parser.add_argument("--resume", action="store_true", help="keep the runs of an earlier call (campaign.py --resume)")
    parser.add_argument("--report-only", action="store_true",
                        help="do not run: write the page from the kept results (inputs/fidelity/NAME/results.json)")
    parser.add_argument("--doc", type=cli.file_in_folder, default=os.path.join(ROOT, "docs", "fidelity.md"),
                        help="the page to write")
    args = parser.parse_args()
    experiments = load_experiments(args.experiments, None)
    check_series(experiments)
    chosen = load_experiments(args.experiments, args.only.split(",")) if args.only else experiments
    if not args.report_only:
        for e in chosen:
            start = time.monotonic()
            (run_groups if e["kind"] == "groups" else run_campaigns)(e, args)
            print(f"fidelity: {e['name']} took {time.monotonic() - start:.0f} s", flush=True)
    write_doc(experiments, args)  # all of them, from their kept results: those not run now keep their last ones


if __name__ == "__main__":
    main()
