#!/usr/bin/env python3
"""Checks that the user docs read as docs: no scratch paths, no diary references, no run-on paragraphs.

Usage: check_docs.py [PATH...]
With no paths it checks README.md and docs/**/*.md of the source tree this script sits in. Prints one line per
offence (file:line: reason) and exits 1 if there is any, 0 otherwise.

Rules:
  - no line matches /tmp/, "<word>th session", "issue <number>", "issue-<number>" or "lead session" (outside code
    blocks too: commands in the docs write to relative directories);
  - no paragraph is over 150 words. A paragraph is a run of non-blank lines outside ``` code blocks that is not a
    table and not a heading; each list item is a paragraph of its own.
"""
import os
import re
import sys

MAX_WORDS = 150
FORBIDDEN = [
    (re.compile(r"/tmp/"), "a /tmp path (write to a relative output directory)"),
    (re.compile(r"[a-z]+th session"), "a session number"),
    (re.compile(r"issue [0-9]"), "an issue number"),
    (re.compile(r"\bissues?-[0-9]"), "an issue number"),
    (re.compile(r"\blead session\b", re.IGNORECASE), "a session reference"),
]
FENCE = re.compile(r"^\s*(```|~~~)")
LIST_ITEM = re.compile(r"^\s*([-*+]|[0-9]+[.)])\s+")
HEADING = re.compile(r"^\s{0,3}#")
TABLE = re.compile(r"^\s*\|")


def default_paths(root):
    paths = [os.path.join(root, "README.md")]
    for folder, _, files in os.walk(os.path.join(root, "docs")):
        paths += [os.path.join(folder, name) for name in files if name.endswith(".md")]
    return sorted(p for p in paths if os.path.isfile(p))


def check_file(path, shown):
    offences = []
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        return [f"{shown}:1: cannot read: {error}"]

    for number, line in enumerate(lines, 1):
        for pattern, reason in FORBIDDEN:
            if pattern.search(line):
                offences.append(f"{shown}:{number}: {reason}: {pattern.search(line).group(0)!r}")

    in_code = False
    start, words = None, 0

    def close():
        if start is not None and words > MAX_WORDS:
            offences.append(f"{shown}:{start}: paragraph of {words} words (at most {MAX_WORDS})")

    for number, line in enumerate(lines, 1):
        if FENCE.match(line):
            close()
            start, words = None, 0
            in_code = not in_code
            continue
        if in_code:
            continue
        if not line.strip() or TABLE.match(line) or HEADING.match(line):
            close()
            start, words = None, 0
            continue
        if LIST_ITEM.match(line) or start is None:
            close()
            start, words = number, 0
        words += len(LIST_ITEM.sub("", line, count=1).split())
    close()
    return offences


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    paths = argv[1:] or default_paths(root)
    offences = []
    for path in paths:
        shown = os.path.relpath(path, root) if not argv[1:] else path
        offences += check_file(path, shown)
    for offence in offences:
        print(offence)
    return 1 if offences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
