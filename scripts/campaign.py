#!/usr/bin/env python3
"""TAMP's campaign driver: the package tamp_campaign beside this file (docs/measuring-gains.md). Also
`python3 -m tamp_campaign` from scripts/."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

from tamp_campaign.driver import main  # noqa: E402  (scripts/ is on the path: it holds this file)

if __name__ == "__main__":
    sys.exit(main())
