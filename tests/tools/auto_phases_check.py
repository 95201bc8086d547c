#!/usr/bin/env python3
"""`auto --objective time` never returns a placement its own model scores below another candidate it evaluated,
`random` included, when the step model ranks nothing (its work bound) and the phases decide.

    auto_phases_check.py TAMP_MAP GRAPH MACHINE OUT_MAP

Runs `TAMP_MAP map --algorithm auto --step-model-work 1 --report` and reads the report's candidates table: the
chosen placement's predicted time must be the lowest of them (or `default`'s, when the report says it kept
`default` over the lowest). Exit 1 with the two placements otherwise."""
import re
import subprocess
import sys

ROW = re.compile(r"^(\S+(?: \(unpolished\))?)\s+([-+0-9.e]+)\s+([-+0-9.e]+)(  <- chosen)?$")


def main():
    tamp_map, graph, machine, out = sys.argv[1:5]
    report = subprocess.run([tamp_map, "map", "--graph", graph, "--machine", machine, "--algorithm", "auto",
                             "--step-model-work", "1", "--report", "--out", out],
                            check=True, stdout=subprocess.PIPE, text=True).stdout
    scores, chosen = {}, None
    for line in report.splitlines():
        if line.startswith("ranked by the step model"):
            break  # the candidates table ends there
        m = ROW.match(line)
        if m:
            scores[m.group(1)] = float(m.group(2))
            if m.group(4):
                chosen = m.group(1)
    if chosen is None or "random" not in scores:
        sys.exit(f"auto_phases_check.py: no chosen candidate or no `random` in the report:\n{report}")
    best = min(scores, key=scores.get)
    kept = re.search(r"^kept default: (\S+) scores only", report, re.M)
    expected = "default" if kept and kept.group(1) == best else best
    if chosen != expected:
        sys.exit(f"auto_phases_check.py: auto chose {chosen} ({scores[chosen]:.6g} s) over {best} "
                 f"({scores[best]:.6g} s)\n{report}")
    print(f"auto chose {chosen}, {scores[chosen]:.6g} s: the lowest of {len(scores)} candidates")


if __name__ == "__main__":
    main()
