#!/usr/bin/env python3
"""SimGrid's simulated time against its time precision (docs/simulation.md, "SimGrid's time precision").

  precision.py SIM RUN[,RUN...] [--precisions 1e-9,1e-10,...] [--cfg NAME:VALUE]... [--json FILE]

SIM is the output folder of a campaign run with `--launcher sim`; each RUN names one of its runs (e.g.
fft-n512-hilbert). The run is made again, once per precision, by the command its log begins with, with
`--cfg=surf/precision:P` last among SimGrid's options (the last one given wins), then each `--cfg` given here
(e.g. `--cfg smpi/ois:0:1.000001e-06:0`: a per-message overhead 1 ps longer), and its report written to a scratch
folder; the campaign's files are left as they are. Prints one row per run: its communication time
(time.comm) at each precision, without and (given `--cfg`) with those options, and how far the largest is from
the smallest."""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile


def logged_command(sim, run):
    """The command a campaign's run was made by: the first line of runs/RUN.log."""
    path = os.path.join(sim, "runs", run + ".log")
    try:
        with open(path) as f:
            line = f.readline()
    except OSError as e:
        sys.exit(f"precision: cannot read {path}: {e.strerror}")
    argv = shlex.split(line)
    if not any(os.path.basename(a) == "smpirun" for a in argv) or "--json" not in argv:
        sys.exit(f"precision: {path} does not begin with a SimGrid run's command (smpirun ... --json)")
    return argv


def with_precision(argv, precision, extra, report):
    """argv with the precision and `extra` after SimGrid's other options (before the app), its report to `report`."""
    i = next(k for k, a in enumerate(argv) if os.path.basename(a) == "smpirun") + 1
    while i < len(argv) and argv[i].startswith("-"):  # smpirun's options; these three take a value
        i += 2 if argv[i] in ("-np", "-platform", "-hostfile") else 1
    out = argv[:i] + [f"--cfg=surf/precision:{precision}"] + [f"--cfg={c}" for c in extra] + argv[i:]
    j = out.index("--json")
    out[j + 1] = report
    return out


def comm_time(argv, report):
    if os.path.exists(report):  # the apps append to their report
        os.remove(report)
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["(no output)"]
        sys.exit(f"precision: the run failed with status {done.returncode}: {tail[0]}")
    with open(report) as f:
        return json.loads(f.readline())["time"]["comm"]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("sim", help="a campaign's output folder (--launcher sim)")
    p.add_argument("runs", help="runs of it, comma-separated (e.g. fft-n512-hilbert,fft-n512-default)")
    p.add_argument("--precisions", default="1e-9,1e-10,1e-11,1e-12,1e-13",
                   help="values of surf/precision, in seconds (default: 1e-9 to 1e-13)")
    p.add_argument("--cfg", action="append", default=[], metavar="NAME:VALUE",
                   help="one more SimGrid option for every run, after the precision (repeatable)")
    p.add_argument("--json", help="also write the times to this file")
    a = p.parse_args()
    try:
        precisions = [float(x) for x in a.precisions.split(",")]
    except ValueError:
        sys.exit(f"precision: --precisions {a.precisions!r}: not a list of numbers")
    if not precisions or any(x <= 0 or x > 1e-3 for x in precisions):
        sys.exit("precision: --precisions: each value must be in (0, 1e-3] seconds")
    if any(":" not in c or c.startswith("-") for c in a.cfg):
        sys.exit(f"precision: --cfg takes NAME:VALUE, as SimGrid's --cfg= does: {a.cfg}")
    runs = [r for r in a.runs.split(",") if r]
    commands = {run: logged_command(a.sim, run) for run in runs}
    # Each precision as the campaign runs it, and with the --cfg options when there are any.
    variants = [(x, extra) for x in precisions for extra in ([[], a.cfg] if a.cfg else [[]])]
    times = {}
    with tempfile.TemporaryDirectory() as scratch:
        report = os.path.join(scratch, "run.jsonl")
        for run in runs:
            times[run] = [comm_time(with_precision(commands[run], x, extra, report), report) for x, extra in variants]
    heads = [f"surf/precision {x:g} s" + (", with --cfg" if extra else "") for x, extra in variants]
    print("| run | " + " | ".join(heads) + " | spread |")
    print("| --- |" + " ---: |" * (len(variants) + 1))
    for run in runs:
        t = times[run]
        cells = " | ".join(f"{v * 1e6:.3f} us" for v in t)
        print(f"| {run} | {cells} | {max(t) / min(t) - 1:.2%} |")
    if a.json:
        with open(a.json + ".tmp", "w") as f:
            json.dump({"variants": variants, "comm": times}, f, indent=1)
        os.replace(a.json + ".tmp", a.json)


if __name__ == "__main__":
    main()
