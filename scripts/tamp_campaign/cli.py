"""The command-line options of the campaign scripts (campaign.py, acceptance.py, fidelity.py), checked before
anything is created, moved or deleted. A refused option or input is one line `PROG: error: ...` on stderr and exit
status 2 (REFUSED), never a traceback (docs/measuring-gains.md, "Refusals")."""
import argparse
import math
import os
import sys

REFUSED = 2


def refuse(prog, message):
    """Ends the script: one line on stderr, exit status 2."""
    print(f"{prog}: error: {message}", file=sys.stderr)
    sys.exit(REFUSED)


class Parser(argparse.ArgumentParser):
    """argparse with one-line refusals (no usage block): `PROG: error: argument --jobs: ...`, exit status 2."""

    def __init__(self, name, **kwargs):
        super().__init__(formatter_class=argparse.RawDescriptionHelpFormatter, **kwargs)
        self.name = name

    def error(self, message):
        refuse(self.name, message.replace("\n", " "))

    def check(self, option, kind, text):
        """`kind(text)` for a value argparse did not check (a default made from other options), or a refusal."""
        try:
            return kind(text)
        except argparse.ArgumentTypeError as e:
            self.error(f"argument {option}: {e}")


def count(minimum):
    """An option's type: an integer >= `minimum` (--jobs 0 or -3 would start nothing, or divide by zero)."""
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer")
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} is below {minimum}")
        return value
    return parse


def seconds(text):
    """An option's type: a finite number of seconds > 0 (nan would mean no limit at all, 0 stops every run)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds > 0")
    return value


def folder(text):
    """An option's type: a folder that is or can be made (not a file, nor below one), and that may be written."""
    path = os.path.abspath(text)
    if os.path.exists(path) and not os.path.isdir(path):
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    parent = path
    while not os.path.exists(parent):
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        raise argparse.ArgumentTypeError(f"{text}: {parent} is a file, not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"{text}: {parent} cannot be written")
    return path


def file_in_folder(text):
    """An option's type: a file to write, whose folder exists (it is written beside, then renamed)."""
    path = os.path.abspath(text)
    if os.path.isdir(path):
        raise argparse.ArgumentTypeError(f"{text} is a folder, not a file")
    if not os.path.isdir(os.path.dirname(path)):
        raise argparse.ArgumentTypeError(f"{text}: no folder {os.path.dirname(path)}")
    return path
