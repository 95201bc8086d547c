#!/usr/bin/env python3
"""A `shape:` matrix against a matrix with the same dimension and non-zeros: the same flow engine run of
tamp-lanczos twice, once on `random:N,density=D` and once on `shape:N,nonzeros=L` with L the random matrix's
expected stored non-zeros, N + D N (N - 1) / 2 (docs/apps/lanczos.md, "Matrices").

  lanczos_shape.py N D OUT_DIR -- TAMP_LANCZOS ARGS...

The messages depend on N alone, so the communication model must be the same: checks that both runs send the same
bytes, messages and hop-bytes. The SpMV's charged non-zeros are the random matrix's counted ones against their
expected numbers: checks that the shape run's total time is within 3% of the random run's, and its communication
within 5% (the slowest rank's communication includes its waits, in the blocking reductions, for the most loaded
block, whose random non-zeros exceed their expected number). And that its params say `shape`. Exit status 1 with
one line per failure."""
import json
import os
import subprocess
import sys


def run(command, matrix, out, name):
    path = os.path.join(out, f"shape-{name}.jsonl")
    if os.path.exists(path):
        os.remove(path)
    subprocess.run(command + ["--matrix", matrix, "--json", path], check=True, stdout=subprocess.DEVNULL)
    with open(path) as f:
        return json.loads([line for line in f if line.strip()][-1])


def main():
    if len(sys.argv) < 6 or sys.argv[4] != "--":
        sys.exit(__doc__)
    n, density, out, command = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[5:]
    os.makedirs(out, exist_ok=True)
    stored = round(n + density * n * (n - 1) / 2)
    counted = run(command, f"random:{n},density={density}", out, "random")
    shaped = run(command, f"shape:{n},nonzeros={stored}", out, "shape")
    problems = []
    if shaped["params"]["kind"] != "shape":
        problems.append(f"params.kind is {shaped['params']['kind']!r}, not 'shape'")
    for what in ("total_bytes", "messages", "hop_bytes"):
        if shaped["metrics"][what] != counted["metrics"][what]:
            problems.append(f"metrics.{what}: {shaped['metrics'][what]} on shape:{n},nonzeros={stored}, "
                            f"{counted['metrics'][what]} on the random matrix")
    for what, tolerance in (("total", 0.03), ("comm", 0.05)):
        a, b = counted["time"][what], shaped["time"][what]
        if not abs(b - a) <= tolerance * a:
            problems.append(f"time.{what}: {b} on shape:{n},nonzeros={stored}, {a} on the random matrix "
                            f"(over {tolerance:.0%} apart)")
    for line in problems:
        print("lanczos_shape:", line)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
