#!/usr/bin/env python3
"""Checks a --json report: JSON Lines with the fields of docs/user-guide.md.

usage: check_json_report.py FILE RUNS [--app NAME] [--mappings a,b,c] [--same-checksum]
                            [--comm exchange|collective|both] [--calibrated KIND,...] [--flow]
  --comm: which part of the communication time must be non-zero (the other zero unless `both`);
  time.comm must be at most time.exchange + time.collective and at least either.
  --calibrated: results.compute_calibration must give a positive seconds-per-unit for each KIND.
  comm_per_step.measured must be time.comm over the timed iterations, comm_per_step.predicted a number or null.
  --flow: runs of the flow engine (--engine flow): not verified, and predicted by the same engine, so the
  prediction per step equals the measurement (to 1e-9).
Exits 1 with one line per problem found.
"""
import argparse
import json
import numbers
import sys

TOP = {"app": str, "mapping": str, "ranks": int, "threads": int, "machine": str, "topology_source": str,
       "verified": bool, "time": dict, "metrics": dict}
TIME = ["total", "compute", "comm", "exchange", "collective"]
METRICS = ["hop_bytes", "hops_per_byte", "max_dilation", "max_link_load", "offnode_fraction"]


def is_number(value):
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def check_run(n, run, args, problems):
    def bad(text):
        problems.append(f"line {n}: {text}")

    for key, kind in TOP.items():
        if key not in run:
            bad(f"missing '{key}'")
        elif kind is int and not (isinstance(run[key], int) and not isinstance(run[key], bool)):
            bad(f"'{key}' is not an integer")
        elif kind is not int and not isinstance(run[key], kind):
            bad(f"'{key}' is not a {kind.__name__}")
    for key in TIME:
        value = run.get("time", {}).get(key)
        if not is_number(value) or value < 0:
            bad(f"time.{key} is not a non-negative number")
    for key in METRICS:
        value = run.get("metrics", {}).get(key)
        if not is_number(value) or value < 0:
            bad(f"metrics.{key} is not a non-negative number")
    stats = run.get("time_stats", {})
    for key in TIME:
        s = stats.get(key, {})
        if not all(is_number(s.get(k)) for k in ("min", "mean", "max")):
            bad(f"time_stats.{key} lacks min/mean/max")
        elif not s["min"] - 1e-12 * abs(s["max"]) <= s["mean"] <= s["max"] + 1e-12 * abs(s["max"]):
            bad(f"time_stats.{key} is not ordered min <= mean <= max")
        elif run.get("time", {}).get(key) != s["max"]:
            bad(f"time.{key} is not the maximum over ranks")
    t = run.get("time", {})
    if all(is_number(t.get(k)) for k in ("comm", "exchange", "collective")):
        slack = 1e-12 * max(t["comm"], 1e-300)
        if not max(t["exchange"], t["collective"]) - slack <= t["comm"] <= t["exchange"] + t["collective"] + slack:
            bad(f"time.comm {t['comm']} is not the sum of exchange {t['exchange']} and collective {t['collective']}")
        if args.comm:
            nonzero = {"exchange": t["exchange"] > 0, "collective": t["collective"] > 0}
            want = {"exchange": args.comm in ("exchange", "both"), "collective": args.comm in ("collective", "both")}
            for part in nonzero:
                if nonzero[part] != want[part]:
                    bad(f"time.{part} is {t[part]}, expected {'> 0' if want[part] else '0'} (--comm {args.comm})")
    per_step = run.get("comm_per_step", {})
    if is_number(t.get("comm")) and isinstance(run.get("iterations"), int) and run["iterations"] > 0:
        expected = t["comm"] / run["iterations"]
        if not is_number(per_step.get("measured")) or abs(per_step["measured"] - expected) > 1e-12 * expected:
            bad(f"comm_per_step.measured {per_step.get('measured')} is not time.comm / iterations {expected}")
    predicted = per_step.get("predicted")
    if predicted is not None and not (is_number(predicted) and predicted >= 0):
        bad(f"comm_per_step.predicted {predicted} is neither null nor a non-negative number")
    if args.flow and not (is_number(predicted) and is_number(per_step.get("measured"))
                          and abs(predicted - per_step["measured"]) <= 1e-9 * per_step["measured"]):
        bad(f"comm_per_step: predicted {predicted} is not the measured {per_step.get('measured')} (--flow)")
    if not isinstance(run.get("compute_model"), str):
        bad("missing 'compute_model'")
    if args.calibrated:
        calibration = run.get("results", {}).get("compute_calibration", {})
        for kind in args.calibrated.split(","):
            if not is_number(calibration.get(kind)) or calibration[kind] <= 0:
                bad(f"results.compute_calibration.{kind} is not a positive number ({calibration})")
    if args.app and run.get("app") != args.app:
        bad(f"app is {run.get('app')!r}, expected {args.app!r}")
    if run.get("verified") is not (not args.flow):
        bad("a flow engine run verified" if args.flow else "the run did not verify")
    if run.get("ranks", 0) < 1 or run.get("threads", 0) < 1:
        bad("ranks and threads must be positive")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("runs", type=int)
    parser.add_argument("--app")
    parser.add_argument("--mappings")
    parser.add_argument("--same-checksum", action="store_true")
    parser.add_argument("--comm", choices=["exchange", "collective", "both"])
    parser.add_argument("--calibrated")
    parser.add_argument("--flow", action="store_true")
    args = parser.parse_args()

    problems = []
    runs = []
    with open(args.file, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                run = json.loads(line)
            except json.JSONDecodeError as e:
                problems.append(f"line {n}: not JSON ({e})")
                continue
            if not isinstance(run, dict):
                problems.append(f"line {n}: not a JSON object")
                continue
            check_run(n, run, args, problems)
            runs.append(run)
    if len(runs) != args.runs:
        problems.append(f"{len(runs)} runs in {args.file}, expected {args.runs}")
    if args.mappings:
        expected = args.mappings.split(",")
        got = [r.get("mapping") for r in runs]
        if got != expected:
            problems.append(f"mappings {got}, expected {expected}")
    if args.same_checksum:
        sums = {r.get("results", {}).get("checksum") for r in runs}
        if len(sums) != 1 or None in sums:
            problems.append(f"runs of the same problem differ: checksums {sorted(map(str, sums))}")
    for p in problems:
        print(p)
    print(f"{args.file}: {len(runs)} runs, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
