#!/usr/bin/env python3
"""Checks of the simulated machine's tests (tests/sim): runs smpirun commands and compares simulated times.

  sim_check.py json FILE LOWER HIGHER -- COMMAND...
      removes FILE, runs COMMAND (an app with --json FILE), and passes when every run is verified and the
      communication time of mapping LOWER is below that of mapping HIGHER.
  sim_check.py ring -- NEAR_COMMAND... -- FAR_COMMAND...
      runs both ring programs and passes when both verify and the near placement takes less time than the far one.
  sim_check.py same-placement FILE_A FILE_B -- COMMAND_A... -- COMMAND_B...
      removes both files, runs both commands (apps with --json FILE_A, FILE_B), and passes when both runs verify and
      report the same mapping name and hop-bytes (relative difference below 1e-9) and the same communication time
      within 1% (the simulator breaks ties between ranks in actor order, which renumbering changes: 0.16% measured).
  sim_check.py expect ok|fail REGEX -- COMMAND...
      runs COMMAND and passes when it exits with 0 (ok) or not (fail) and its output matches REGEX.
  sim_check.py same FILE -- FIRST... -- SECOND...
      runs both commands (each an app with --json FILE, FILE removed before each) and passes when the times of
      their runs ("time" and "time_stats") are bitwise equal and the compute time is not zero: a modelled compute
      time does not depend on the host (the same command twice), nor on whether the kernels ran (--skeleton).
  sim_check.py hidden FILE less|equal -- COMMAND...
      removes FILE, runs COMMAND (an app with --json FILE), and passes when every run's predicted communication
      time is below (less) or equal to (equal) its predicted network time: the computation the app hides behind
      its messages is subtracted under a modelled compute model, and nothing is under a measured one.
  sim_check.py hidden-between FILE less|equal -- SLOW... -- FAST...
      runs both commands (the same app and placements, a slower and a faster modelled compute) and passes when
      every run of SLOW has a predicted communication time below (less: by more than 1%) or equal (within 1%: the
      tasks leave the barrier before the timed step a little apart, by a different margin under each compute
      model) to FAST's: what a longer sweep hides, step by step in the flow engine, leaves less of the halo's time
      exposed.
  sim_check.py compute-like FILE -- SIMULATED... -- ENGINE...
      runs both commands (the same app, placements and modelled compute, under smpirun and with --engine flow)
      and passes when every run of each has a compute time above zero and the engine's least and most over the
      ranks are within 1% of the simulator's (SimGrid's clock adds a little to each timed phase: 0.2% to 0.4% on tamp-fft): the flow
      engine charges each task the work the app charges itself.
"""
import json
import os
import re
import subprocess
import sys


def run(command):
    print("running:", " ".join(command), flush=True)
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(done.stdout)
    if done.returncode != 0:
        sys.exit(f"sim_check: exit status {done.returncode}")
    return done.stdout


def check_json(args):
    path, lower, higher, command = args[0], args[1], args[2], args[4:]
    if os.path.exists(path):
        os.remove(path)
    run(command)
    with open(path) as f:
        runs = [json.loads(line) for line in f if line.strip()]
    comm = {}
    for r in runs:
        if not r.get("verified"):
            sys.exit(f"sim_check: run {r.get('mapping')} not verified")
        comm[r["mapping"]] = r["time"]["comm"]
    for name in (lower, higher):
        if name not in comm:
            sys.exit(f"sim_check: no run with mapping {name} in {path}")
    print(f"simulated communication time: {lower} {comm[lower]:.6g} s, {higher} {comm[higher]:.6g} s")
    if not comm[lower] < comm[higher]:
        sys.exit(f"sim_check: {lower} is not faster than {higher}")


def one_run(path):
    with open(path) as f:
        runs = [json.loads(line) for line in f if line.strip()]
    if len(runs) != 1 or not runs[0].get("verified"):
        sys.exit(f"sim_check: {path}: expected one verified run")
    return runs[0]


def check_same_placement(args):
    files, first, second = two_commands(args, 2, "same-placement FILE_A FILE_B -- COMMAND_A... -- COMMAND_B...")
    for path in files:
        if os.path.exists(path):
            os.remove(path)
    run(first)
    run(second)
    a, b = one_run(args[0]), one_run(args[1])
    pairs = {"comm": (a["time"]["comm"], b["time"]["comm"]),
             "hop_bytes": (a["metrics"]["hop_bytes"], b["metrics"]["hop_bytes"])}
    print(f"mapping {a['mapping']} vs {b['mapping']}; " +
          ", ".join(f"{k} {x:.9g} vs {y:.9g}" for k, (x, y) in pairs.items()))
    if a["mapping"] != b["mapping"]:
        sys.exit("sim_check: the two runs report different mappings")
    for key, (x, y) in pairs.items():
        if not abs(x - y) <= {"comm": 1e-2, "hop_bytes": 1e-9}[key] * max(abs(x), abs(y)) or x <= 0:
            sys.exit(f"sim_check: {key} differs (or is zero)")


def ring_time(output):
    m = re.search(r"time (\S+) s verified", output)
    if not m:
        sys.exit("sim_check: the ring did not verify")
    return float(m.group(1))


def check_ring(args):
    _, near_command, far_command = two_commands(args, None, "ring -- NEAR... -- FAR...")
    near = ring_time(run(near_command))
    far = ring_time(run(far_command))
    print(f"simulated ring time: near {near:.6g} s, far {far:.6g} s")
    if not near < far:
        sys.exit("sim_check: the far placement is not slower")


def two_commands(args, leading, usage):
    """(the `leading` arguments, first command, second command) of ARG... -- FIRST... -- SECOND..., or the usage
    line and exit status 1. leading None: any number before the first `--`."""
    split = [i for i, a in enumerate(args) if a == "--"]
    if len(split) != 2 or (leading is not None and split[0] != leading):
        sys.exit("usage: sim_check.py " + usage)
    return args[:split[0]], args[split[0] + 1:split[1]], args[split[1] + 1:]


def json_runs(path, command):
    """Removes `path`, runs `command` (an app with --json path) and returns its run records (at least one)."""
    if os.path.exists(path):
        os.remove(path)
    run(command)
    with open(path) as f:
        runs = [json.loads(line) for line in f if line.strip()]
    if not runs:
        sys.exit(f"sim_check: no run in {path}")
    return runs


def json_times(path, command):
    return [(r["mapping"], r["time"], r["time_stats"]) for r in json_runs(path, command)]


def check_same(args):
    (path,), first_command, second_command = two_commands(args, 1, "same FILE -- FIRST... -- SECOND...")
    first = json_times(path, first_command)
    second = json_times(path, second_command)
    for (mapping, time, stats), (_, time2, stats2) in zip(first, second):
        print(f"{mapping}: total {time['total']!r} s vs {time2['total']!r} s, compute {time['compute']!r} s vs "
              f"{time2['compute']!r} s")
        if time["compute"] <= 0:
            sys.exit(f"sim_check: {mapping}: no compute time: the model was not charged")
    if first != second:
        sys.exit("sim_check: the times differ")
    print("simulated times bitwise equal")


def check_hidden(args):
    path, relation, command = args[0], args[1], args[3:]
    for r in json_runs(path, command):
        m = r["metrics"]
        exposed, network = m["predicted_comm_time"], m["predicted_network_time"]
        print(f"{r['mapping']}: predicted communication {exposed!r} s, network {network!r} s")
        ok = 0 < exposed < network if relation == "less" else exposed == network > 0
        if not ok:
            sys.exit(f"sim_check: {r['mapping']}: predicted communication time is not {relation} to the network's")


def check_hidden_between(args):
    (path, relation), slow_command, fast_command = two_commands(
        args, 2, "hidden-between FILE less|equal -- SLOW... -- FAST...")
    slow = json_runs(path, slow_command)
    fast = json_runs(path, fast_command)
    for a, b in zip(slow, fast):
        x, y = a["metrics"]["predicted_comm_time"], b["metrics"]["predicted_comm_time"]
        print(f"{a['mapping']}: predicted communication {x!r} s (slower compute) against {y!r} s")
        ok = 0 < x < y * 0.99 if relation == "less" else abs(x - y) <= 1e-2 * y and y > 0
        if not ok:
            sys.exit(f"sim_check: {a['mapping']}: the slower compute's predicted communication is not {relation}")


def check_compute_like(args):
    (path,), simulated_command, engine_command = two_commands(
        args, 1, "compute-like FILE -- SIMULATED... -- ENGINE...")
    simulated = json_runs(path, simulated_command)
    engine = json_runs(path, engine_command)
    if len(simulated) != len(engine):
        sys.exit(f"sim_check: {len(simulated)} simulated runs against {len(engine)} of the engine")
    for a, b in zip(simulated, engine):
        for stat in ("min", "max"):
            x, y = a["time_stats"]["compute"][stat], b["time_stats"]["compute"][stat]
            print(f"{a['mapping']}: {stat} compute {x!r} s simulated, {y!r} s in the engine ({b['engine']})")
            if b["engine"] != "flow" or not (x > 0 and abs(y - x) <= 1e-2 * x):
                sys.exit(f"sim_check: {a['mapping']}: the engine's {stat} compute time over the ranks is not within "
                         "1% of the simulator's")


def check_expect(args):
    outcome, regex, command = args[0], args[1], args[3:]
    print("running:", " ".join(command), flush=True)
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(done.stdout)
    if (done.returncode == 0) != (outcome == "ok"):
        sys.exit(f"sim_check: exit status {done.returncode}, expected {outcome}")
    if not re.search(regex, done.stdout, re.S):
        sys.exit(f"sim_check: output does not match {regex!r}")


if __name__ == "__main__":
    if len(sys.argv) > 5 and sys.argv[1] == "json" and sys.argv[5] == "--":
        check_json(sys.argv[2:])
    elif len(sys.argv) > 4 and sys.argv[1] == "expect" and sys.argv[2] in ("ok", "fail") and sys.argv[4] == "--":
        check_expect(sys.argv[2:])
    elif len(sys.argv) > 4 and sys.argv[1] == "hidden-between" and sys.argv[3] in ("less", "equal"):
        check_hidden_between(sys.argv[2:])
    elif len(sys.argv) > 4 and sys.argv[1] == "hidden" and sys.argv[3] in ("less", "equal") and sys.argv[4] == "--":
        check_hidden(sys.argv[2:])
    elif len(sys.argv) > 3 and sys.argv[1] == "compute-like":
        check_compute_like(sys.argv[2:])
    elif len(sys.argv) > 3 and sys.argv[1] == "same":
        check_same(sys.argv[2:])
    elif len(sys.argv) > 4 and sys.argv[1] == "same-placement":
        check_same_placement(sys.argv[2:])
    elif len(sys.argv) > 2 and sys.argv[1] == "ring":
        check_ring(sys.argv[2:])
    else:
        sys.exit(__doc__)
