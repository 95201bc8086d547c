#!/usr/bin/env python3
"""docs/performance.md's tables, regenerated from the commands the doc shows above each one.

Every table of the doc sits between `<!-- table NAME -->` and `<!-- end NAME -->`; the package tamp_performance
beside this file holds each one's commands, cost (seconds, minutes, hours on the 2-core development machine) and the
code that turns their JSON into the table, or the reason it is kept by hand (codes TAMP does not ship, hours of
simulation). The script runs the chosen tables' commands (their outputs go to --out), then writes the doc whole,
each regenerated table spliced between its markers and every table's header (its commands) from the registry. The
prose around the tables is left alone.

  scripts/performance.py [--list] [--only NAME...] [--max-cost seconds|minutes|hours] [--build DIR] [--out DIR]
                         [--doc FILE] [--report-only] [--check]
"""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

from tamp_performance.main import main  # noqa: E402  (scripts/ is on the path: it holds this file)

if __name__ == "__main__":
    sys.exit(main())
