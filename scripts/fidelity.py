#!/usr/bin/env python3
"""The papers' experiments on the simulated machine, beside the papers' numbers (docs/fidelity.md).

Every folder of inputs/fidelity/ with an experiment.json is one experiment, of one of two kinds:
- "simulation" (the default): campaigns (run by scripts/campaign.py) and rows, each a run (app, ranks, mapping) of
  one campaign with the figures the paper gives for it; tabulates our total and communication time against the
  paper's and says per row whether the placement moves the time the way the paper found;
- "groups": placement metrics without a simulation, D / T / X of MFDn's column and row groups per ordering and scale
  (tamp-lanczos-groups, [Aktulga12] Tables 3-4), each beside the paper's and compared with the baseline ordering.
Writes docs/fidelity.md whole. Formats: docs/measuring-gains.md, section 5.

  scripts/fidelity.py [--only NAME,...] [--build DIR] [--out DIR] [--jobs N] [--resume] [--report-only] [--doc FILE]
"""
import json
import math
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from tamp_campaign.matrix import run_id  # noqa: E402  (the name of a run's files; scripts/ is on the path)
from tamp_campaign import cli  # noqa: E402  (one-line refusals, exit status 2)
EXPERIMENTS = os.path.join(ROOT, "inputs", "fidelity")
SAME = 0.01  # gains within +-1% count as "no change"
METRIC_SAME = 0.1  # D / T / X within 10% of the baseline's count as "same" (the paper prints 2 digits)
REQUIRED = {"simulation": ("title", "cite", "what", "campaigns", "baseline", "rows", "differences"),
            "groups": ("title", "cite", "what", "baseline", "orderings", "unit_segment", "scales", "differences")}


def load_experiments(folder, only):
    try:
        names = sorted(d for d in os.listdir(folder) if os.path.isfile(os.path.join(folder, d, "experiment.json")))
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
    if kind == "simulation":
        labels = [r.get("label") for r in experiment["rows"]]
        files = [c.get("file") for c in experiment["campaigns"]]
        bad = [str(r.get("label", "?")) for r in experiment["rows"]
               if r.get("campaign") not in files or not all(k in r for k in ("app", "ranks", "mapping"))]
        bad += [str(c.get("file", "?")) for c in experiment["campaigns"]
                if not all(isinstance(c.get(k), str) for k in ("file", "decks"))]
    else:
        labels = [o.get("label") for o in experiment["orderings"]]
        bad = [str(s.get("ranks", "?")) for s in experiment["scales"]
               if not all(k in s for k in ("ranks", "nd", "machines", "segment")) or not isinstance(s["machines"], dict)]
    if bad:
        refuse(f"{path}: incomplete row, campaign or scale {', '.join(bad)}")
    if experiment["baseline"] not in labels:
        refuse(f"{path}: baseline '{experiment['baseline']}' is not one of the rows")


def run_campaigns(experiment, args):
    for campaign in experiment["campaigns"]:
        command = [sys.executable, os.path.join(ROOT, "scripts", "campaign.py"),
                   os.path.join(experiment["dir"], campaign["file"]), "--build", args.build,
                   "--decks", os.path.join(experiment["dir"], campaign["decks"]),
                   "--out", campaign_out(experiment, campaign, args)]
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


def campaign_out(experiment, campaign, args):
    return os.path.join(args.out, experiment["name"], os.path.splitext(campaign["file"])[0])


def measured(experiment, row, args):
    """(total s, communication s) of the row's run, or None when it did not run."""
    campaign = next(c for c in experiment["campaigns"] if c["file"] == row["campaign"])
    path = os.path.join(campaign_out(experiment, campaign, args), "runs", run_id(row) + ".jsonl")
    try:
        with open(path) as f:
            report = json.loads(f.readline())
        return report["time"]["total"], report["time"]["comm"]
    except (OSError, ValueError, KeyError):
        return None


def paper_times(rows, base):
    """Each row's paper (total, comm) from total_s, or the baseline's total over speedup; comm from comm_pct."""
    out = []
    for row in rows:
        p = row.get("paper", {})
        total = p.get("total_s")
        if total is None and "speedup" in p and "total_s" in base.get("paper", {}):
            total = base["paper"]["total_s"] / p["speedup"]
        comm = total * p["comm_pct"] / 100 if total is not None and "comm_pct" in p else None
        out.append((total, comm, p.get("speedup")))
    return out


def direction(gain):
    return "faster" if gain > SAME else "slower" if gain < -SAME else "same"


def fmt(value, pattern):
    return "-" if value is None else pattern.format(value)


def table(experiment, args):
    rows = experiment["rows"]
    base = next(r for r in rows if r["label"] == experiment["baseline"])
    ours = [measured(experiment, r, args) for r in rows]
    paper = paper_times(rows, base)
    ib = rows.index(base)
    lines = ["| placement | paper total (s) | paper comm % | paper speed-up | TAMP total (s) | TAMP comm % | "
             "TAMP speed-up | TAMP comm gain | same direction |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    agree = disagree = 0
    for row, mine, theirs in zip(rows, ours, paper):
        total, comm, speedup = theirs
        if speedup is None and total is not None and paper[ib][0] is not None:
            speedup = paper[ib][0] / total
        if mine is None or ours[ib] is None:
            lines.append(f"| {row['label']} | {fmt(total, '{:.3g}')} | {fmt(row.get('paper', {}).get('comm_pct'), '{:.3g}')} "
                         f"| {fmt(speedup, '{:.2f}')} | not run | | | | |")
            continue
        my_speedup = ours[ib][0] / mine[0]
        my_gain = 1 - mine[1] / ours[ib][1] if ours[ib][1] > 0 else 0.0
        verdict = "-"
        if speedup is not None and row is not base:
            same = direction(speedup - 1) == direction(my_speedup - 1)
            verdict = "yes" if same else f"no (paper {direction(speedup - 1)}, TAMP {direction(my_speedup - 1)})"
            agree, disagree = agree + same, disagree + (not same)
        lines.append(f"| {row['label']} | {fmt(total, '{:.3g}')} | {fmt(row.get('paper', {}).get('comm_pct'), '{:.3g}')} "
                     f"| {fmt(speedup, '{:.2f}')} | {mine[0]:.4g} | {100 * mine[1] / mine[0]:.1f} | {my_speedup:.2f} "
                     f"| {100 * my_gain:+.1f}% | {verdict} |")
    return lines, agree, disagree


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


def measured_groups(experiment, scale, allocation, args):
    """{run: {"column": {D, T, X}, "row": ...}} of one scale, in the paper's unit (its smallest test's message)."""
    try:
        with open(groups_out(experiment, scale, allocation, args)) as f:
            lines = [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError):
        return {}
    unit = scale["segment"] / experiment["unit_segment"]
    return {line["run"]: {g: {m: line[g][m] * unit for m in "DTX"} for g in ("column", "row")} for line in lines}


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


def groups_table(experiment, args):
    """One line per scale, allocation and ordering; agreement per allocation counts the metrics that move the
    paper's way from the baseline ordering."""
    lines = ["| ranks | allocation | ordering | paper C_col t (s) | paper C_col {D, T, X} | TAMP C_col {D, T, X} "
             "| paper C_row t (s) | paper C_row {D, T, X} | TAMP C_row {D, T, X} | same direction as "
             f"{experiment['baseline']} (D, T, X) |",
             "| ---: | --- | --- | ---: | --- | --- | ---: | --- | --- | --- |"]
    agreement = {}  # (allocation, group) -> [agree, compared]
    base_run = next(o["run"] for o in experiment["orderings"] if o["label"] == experiment["baseline"])
    for scale in experiment["scales"]:
        paper = scale.get("paper", {})
        for allocation in scale["machines"]:
            ours = measured_groups(experiment, scale, allocation, args)
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
    return lines, agreement


HEADER = """# Fidelity: the papers' experiments on the simulated machine

Written by `python3 scripts/fidelity.py` (every experiment of `inputs/fidelity/`; `--only NAME` for one): each
experiment runs its campaigns on TAMP's simulated machine (SimGrid with the platform plug-in, modelled computation,
so every figure is deterministic) and prints its table beside the paper's numbers. "Speed-up" is the baseline's
total time over the placement's (the papers' convention); "same direction" says whether the placement makes the
run faster, slower or leaves it within 1% in both the paper and TAMP. The papers ran real machines at scales and
sizes a 2-core simulation cannot reach; each experiment says what differs, and the numbers are not expected to be
equal: the direction and order of the placements are what is compared. Experiments of placement metrics (D, T, X)
run no simulation: they compare whether each ordering raises or lowers each metric against the baseline ordering,
as in the paper. Keys: [references.md](references.md).
"""


def section(experiment, args):
    """The experiment's table and its agreement line."""
    if experiment["kind"] == "groups":
        lines, agreement = groups_table(experiment, args)
        counts = "; ".join(f"{group} groups on the {allocation} allocation {agree} of {compared}"
                           for (allocation, group), (agree, compared) in agreement.items())
        return lines + ["", f"Same direction as the paper: {counts} (D, T and X of each group, each ordering "
                        f"against {experiment['baseline']}; within {100 * METRIC_SAME:.0f}% counts as the same)."]
    lines, agree, disagree = table(experiment, args)
    return lines + ["", f"Same direction as the paper on {agree} of {agree + disagree} placements compared."]


def write_doc(experiments, args):
    out = [HEADER]
    for e in experiments:
        out += [f"## {e['title']} — {e['cite']}", "", e["what"], "", *section(e, args), ""]
        out += ["What differs from the paper:", ""] + [f"- {d}" for d in e["differences"]] + [""]
        if e.get("reading"):
            out += [e["reading"], ""]
    folder = os.path.dirname(os.path.abspath(args.doc))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp") as f:
        f.write("\n".join(out))
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
    parser.add_argument("--report-only", action="store_true", help="do not run: tabulate the runs in --out")
    parser.add_argument("--doc", type=cli.file_in_folder, default=os.path.join(ROOT, "docs", "fidelity.md"),
                        help="the page to write")
    args = parser.parse_args()
    experiments = load_experiments(args.experiments, None)
    chosen = load_experiments(args.experiments, args.only.split(",")) if args.only else experiments
    if not args.report_only:
        for e in chosen:
            (run_groups if e["kind"] == "groups" else run_campaigns)(e, args)
    write_doc(experiments, args)  # all of them: those not run now show their runs in --out, or "not run"


if __name__ == "__main__":
    main()
