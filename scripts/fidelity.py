#!/usr/bin/env python3
"""The papers' experiments on the simulated machine, beside the papers' numbers (docs/fidelity.md).

Every folder of inputs/fidelity/ with an experiment.json is one experiment: campaigns (run by scripts/campaign.py)
and rows, each a run (app, ranks, mapping) of one campaign with the figures the paper gives for it. This script
runs the campaigns, tabulates our total and communication time against the paper's, says per row whether the
placement moves the time the way the paper found, and writes docs/fidelity.md whole.

  scripts/fidelity.py [--only NAME,...] [--build DIR] [--out DIR] [--resume] [--doc FILE]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts", "campaign"))
from matrix import run_id  # noqa: E402  (the campaign's name of a run's files)
EXPERIMENTS = os.path.join(ROOT, "inputs", "fidelity")
SAME = 0.01  # gains within +-1% count as "no change"


def load_experiments(only):
    names = sorted(d for d in os.listdir(EXPERIMENTS) if os.path.isfile(os.path.join(EXPERIMENTS, d, "experiment.json")))
    if only:
        unknown = [n for n in only if n not in names]
        if unknown:
            sys.exit(f"fidelity: unknown experiment {', '.join(unknown)} (known: {', '.join(names)})")
        names = [n for n in names if n in only]
    out = []
    for name in names:
        path = os.path.join(EXPERIMENTS, name, "experiment.json")
        try:
            with open(path) as f:
                experiment = json.load(f)
        except (OSError, ValueError) as e:
            sys.exit(f"fidelity: {path}: {e}")
        experiment["name"], experiment["dir"] = name, os.path.dirname(path)
        out.append(experiment)
    return out


def run_campaigns(experiment, args):
    for campaign in experiment["campaigns"]:
        command = [sys.executable, os.path.join(ROOT, "scripts", "campaign.py"),
                   os.path.join(experiment["dir"], campaign["file"]), "--build", args.build,
                   "--decks", os.path.join(experiment["dir"], campaign["decks"]),
                   "--out", campaign_out(experiment, campaign, args)]
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


HEADER = """# Fidelity: the papers' experiments on the simulated machine

Written by `python3 scripts/fidelity.py` (every experiment of `inputs/fidelity/`; `--only NAME` for one): each
experiment runs its campaigns on TAMP's simulated machine (SimGrid with the platform plug-in, modelled computation,
so every figure is deterministic) and prints its table beside the paper's numbers. "Speed-up" is the baseline's
total time over the placement's (the papers' convention); "same direction" says whether the placement makes the
run faster, slower or leaves it within 1% in both the paper and TAMP. The papers ran real machines at scales and
sizes a 2-core simulation cannot reach; each experiment says what differs, and the numbers are not expected to be
equal: the direction and order of the placements are what is compared. Keys: [references.md](references.md).
"""


def write_doc(experiments, args):
    out = [HEADER]
    for e in experiments:
        lines, agree, disagree = table(e, args)
        out += [f"## {e['title']} — {e['cite']}", "", e["what"], "", *lines, "",
                f"Same direction as the paper on {agree} of {agree + disagree} placements compared.", ""]
        out += ["What differs from the paper:", ""] + [f"- {d}" for d in e["differences"]] + [""]
        if e.get("reading"):
            out += [e["reading"], ""]
    folder = os.path.dirname(os.path.abspath(args.doc))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp") as f:
        f.write("\n".join(out))
    os.replace(f.name, args.doc)
    print(f"fidelity: wrote {args.doc}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated experiments (folders of inputs/fidelity)")
    parser.add_argument("--build", default=os.environ.get("TAMP_BUILD_DIR", os.path.join(ROOT, "build")))
    parser.add_argument("--out", default=os.path.join(ROOT, "out", "fidelity"), help="campaign outputs")
    parser.add_argument("--resume", action="store_true", help="keep the runs of an earlier call (campaign.py --resume)")
    parser.add_argument("--report-only", action="store_true", help="do not run: tabulate the runs in --out")
    parser.add_argument("--doc", default=os.path.join(ROOT, "docs", "fidelity.md"), help="the page to write")
    args = parser.parse_args()
    experiments = load_experiments(None)
    chosen = load_experiments(args.only.split(",")) if args.only else experiments
    if not args.report_only:
        for e in chosen:
            run_campaigns(e, args)
    write_doc(experiments, args)  # all of them: those not run now show their runs in --out, or "not run"


if __name__ == "__main__":
    main()
