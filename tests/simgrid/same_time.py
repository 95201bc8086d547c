#!/usr/bin/env python3
"""same_time.py -- COMMAND_A... -- COMMAND_B...: runs two ring programs (tests/sim/ring.cpp) and passes when both
verify and report the same simulated time to the last digit (the plug-in platform against the XML platform)."""
import re
import subprocess
import sys


def ring_time(command):
    print("running:", " ".join(command), flush=True)
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(done.stdout)
    m = re.search(r"time (\S+) s verified", done.stdout)
    if done.returncode != 0 or not m:
        sys.exit(f"same_time: the ring failed (exit status {done.returncode})")
    return m.group(1)


def main(args):
    split = [i for i, a in enumerate(args) if a == "--"]
    if len(split) != 2:
        sys.exit("usage: same_time.py -- COMMAND_A... -- COMMAND_B...")
    a = ring_time(args[split[0] + 1:split[1]])
    b = ring_time(args[split[1] + 1:])
    print(f"simulated ring time: {a} s and {b} s")
    if a != b:
        sys.exit("same_time: the two platforms give different simulated times")


if __name__ == "__main__":
    main(sys.argv[1:])
