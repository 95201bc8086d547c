#!/usr/bin/env python3
"""Checks that every run of a tamp-lanczos --json report found the same eigenvalues (to rounding).

usage: compare_eigenvalues.py FILE RUNS [--tolerance T]
The runs may use different orderings (grid layouts) and backends; eigenvalues must agree to T * max |value|.
Exits 1 with one line per problem found.
"""
import argparse
import json
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("runs", type=int)
    parser.add_argument("--tolerance", type=float, default=1e-10)
    args = parser.parse_args()
    with open(args.file, encoding="utf-8") as f:
        runs = [json.loads(line) for line in f if line.strip()]
    problems = []
    if len(runs) != args.runs:
        problems.append(f"{len(runs)} runs in {args.file}, expected {args.runs}")
    if runs:
        first = runs[0]["results"]["eigenvalues"]
        scale = max(abs(v) for v in first) or 1.0
        for n, run in enumerate(runs[1:], 2):
            values = run["results"]["eigenvalues"]
            label = f"line {n} ({run['params']['ordering']}, {run['mapping']}, {run['params']['backend']})"
            if len(values) != len(first):
                problems.append(f"{label}: {len(values)} eigenvalues, line 1 has {len(first)}")
                continue
            worst = max(abs(a - b) for a, b in zip(first, values)) / scale
            if worst > args.tolerance:
                problems.append(f"{label}: eigenvalues differ from line 1 by {worst:.3g} (relative)")
    for p in problems:
        print(p)
    if not problems:
        print(f"{len(runs)} runs agree on the eigenvalues to {args.tolerance:g}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
