"""Runs a table's commands and hands their output to its code: one bash per table, from the source tree's root,
its output kept in --out (NAME.log) so that --report-only can tabulate it again."""
import datetime
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the source tree


class RunError(Exception):
    pass


class Context:
    """Where a table's commands wrote their files, and readers for them."""

    def __init__(self, out, build):
        self.out, self.build = out, build

    def path(self, name):
        return os.path.join(self.out, name)

    def text(self, name):
        try:
            with open(self.path(name), encoding="utf-8") as f:
                return f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise RunError(f"{self.path(name)}: {e.strerror if isinstance(e, OSError) else e}")

    def json(self, name):
        try:
            return json.loads(self.text(name))
        except ValueError as e:
            raise RunError(f"{self.path(name)}: not JSON ({e})")

    def jsonl(self, name):
        try:
            return [json.loads(line) for line in self.text(name).splitlines() if line.strip()]
        except ValueError as e:
            raise RunError(f"{self.path(name)}: not JSON Lines ({e})")


def run(table, build, out):
    """The table's commands in one `bash -e -o pipefail`; its log in OUT/NAME.log. Returns the seconds it took."""
    os.makedirs(out, exist_ok=True)
    log = os.path.join(out, f"{table.name}.log")
    script = "\n".join(["set -eo pipefail", *table.shell(build, out)])
    start = datetime.datetime.now()
    with open(log, "w") as f:
        done = subprocess.run(["bash", "-c", script], cwd=ROOT, stdout=f, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        with open(log, errors="replace") as f:
            last = ([line.strip() for line in f if line.strip()] or ["no output"])[-1]
        raise RunError(f"a command failed (exit {done.returncode}): {last} (log: {log})")
    return (datetime.datetime.now() - start).total_seconds()


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
    except OSError:
        names = []
    return f"{len(names)} cores of an {names[0]}" if names else f"{os.cpu_count()} cores"


def load():
    return os.getloadavg()[0]


def machine_line(start_load, end_load):
    """Under a timed table: when, on what, beside how much other work (times move with the load)."""
    day = datetime.date.today().isoformat()
    return (f"Measured {day} on {cpu_name()}, load average (1 min) {start_load:.1f} before and {end_load:.1f} "
            "after: times move with the load.")


def user_time(ctx, name):
    """(user + system CPU seconds, wall seconds, peak resident MiB) from a `/usr/bin/time -v -o NAME` file."""
    fields = {}
    for line in ctx.text(name).splitlines():
        key, _, value = line.strip().rpartition(": ")
        fields[key] = value
    try:
        cpu = float(fields["User time (seconds)"]) + float(fields["System time (seconds)"])
        wall = sum(float(p) * 60 ** i for i, p in
                   enumerate(reversed(fields["Elapsed (wall clock) time (h:mm:ss or m:ss)"].split(":"))))
        return cpu, wall, int(fields["Maximum resident set size (kbytes)"]) / 1024
    except (KeyError, ValueError):
        raise RunError(f"{ctx.path(name)}: not the output of /usr/bin/time -v")
