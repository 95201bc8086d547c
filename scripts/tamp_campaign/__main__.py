"""`python3 -m tamp_campaign`: the campaign driver, as scripts/campaign.py."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

from .driver import main  # noqa: E402

sys.exit(main())
