#!/usr/bin/env python3
"""`--flow-steps N` against every step: the same flow engine run of an app twice, once with every timed step
simulated and once with N of them (docs/simulation.md, "Fewer steps").

  flow_steps.py N OUT_DIR -- APP ARGS...

Checks that the short run says it simulated N steps (and the full one every step), that it has one step time per
simulated step, and that its time per step and its communication over the whole run are within 2% of the full
run's. Exit status 1 with one line per failure."""
import json
import os
import subprocess
import sys


def run(command, steps, out):
    path = os.path.join(out, f"flow-steps-{steps}.jsonl")
    if os.path.exists(path):
        os.remove(path)
    subprocess.run(command + ["--flow-steps", str(steps), "--json", path], check=True, stdout=subprocess.DEVNULL)
    with open(path) as f:
        return json.loads([line for line in f if line.strip()][-1])


def main():
    if len(sys.argv) < 5 or sys.argv[3] != "--":
        sys.exit(__doc__)
    steps, out, command = int(sys.argv[1]), sys.argv[2], sys.argv[4:]
    os.makedirs(out, exist_ok=True)
    full, short = run(command, 0, out), run(command, steps, out)
    problems = []
    iterations = full["iterations"]
    if full["results"]["flow_engine"]["simulated_steps"] != iterations:
        problems.append(f"the full run simulated {full['results']['flow_engine']['simulated_steps']} steps, "
                        f"not {iterations}")
    if short["results"]["flow_engine"]["simulated_steps"] != steps or len(short["results"]["step_times"]) != steps:
        problems.append(f"the short run did not simulate {steps} steps: {short['results']['flow_engine']}")
    for what in ("per_iteration", "comm"):
        a, b = full["time"][what], short["time"][what]
        if not abs(b - a) <= 0.02 * a:
            problems.append(f"time.{what}: {b} with {steps} steps simulated, {a} with every step (over 2% apart)")
    for line in problems:
        print("flow_steps:", line)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
