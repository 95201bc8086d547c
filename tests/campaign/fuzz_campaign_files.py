#!/usr/bin/env python3
"""Fuzzer of the campaign scripts' inputs. Four seeded properties:

1. readers (scripts/tamp_campaign/matrix.py): mutations of the shipped campaign files and decks (bytes flipped,
   inserted, deleted; lines repeated, dropped, swapped; keys and values from a small dictionary, shell syntax,
   placeholders, extreme numbers) are parsed and expanded for a few scales. Each must either work or raise
   matrix.MatrixError (the driver's one-line `campaign: error: ...`); any other exception is a failure;
2. batch scripts (--scripts N; needs TAMP_MAP): decks whose arguments are random words of shell syntax, written as
   job scripts of a random batch launcher into an --out named with shell syntax, then run with stand-in launchers:
   only the launcher runs (no command of the deck or the folder's name), and the app gets each argument intact;
3. refusals (--options N; needs TAMP_MAP): campaign.py with random counts, durations, scales, mappings, machines,
   paths and deck placeholders on an --out holding finished runs: a refusal is one line on stderr with exit status
   2 and leaves every file of --out as it was; nothing ends in a traceback;
4. suites (--suites N): acceptance.py --judge-only with suite files of random types and values: a refusal is one
   line with exit status 2, and a suite passes only when at least one check ran.

  fuzz_campaign_files.py [--runs N] [--scripts N] [--options N] [--suites N] [--seed S]
"""
import argparse
import copy
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
import traceback
import types

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, HERE)
from tamp_campaign import ask, matrix  # noqa: E402
import test_acceptance as acceptance_stand_ins  # noqa: E402  (stand-in campaign records)
import test_campaign as stand_ins  # noqa: E402  (stand-in apps, smpirun and batch launchers)

DRIVER = os.path.join(ROOT, "scripts", "campaign.py")
ASKED = types.SimpleNamespace(tamp_map=os.environ.get("TAMP_MAP", ""))  # the tamp-map the readers ask (ask.grids)
ACCEPTANCE = os.path.join(ROOT, "scripts", "acceptance.py")

WORDS = [b"machine", b"apps", b"scales", b"mappings", b"repeat", b"smpirun", b"compute", b"app", b"args", b"graph",
         b"all", b"default", b"auto", b"deck", b"measured", b"{ranks}", b"{procs3}", b"{px}", b"{nd}", b"{", b"}",
         b"{0}", b"{ranks!r}", b"{x.y}", b"cell=1e-9", b"=", b"0", b"-1", b"99999999999999999999", b"1e400", b"\"",
         b"'", b"#", b"\t", b"\xff\xfe", b"\x00", b"stencil3d:{procs3}", b"torus:2x2x2,cores=2", b"$(touch PWNED)",
         b"`touch PWNED`", b";", b"|", b"\"a # b\"", b"'c#d'", b"\\", b"{procs3.x}", b"{procs3[0]}", b"{ranks:>9}",
         b"nan", b"inf", b"-0", b"16777217", b"1e-300"]


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(7)
        at = rng.randint(0, len(data))
        if op == 0 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif op == 1:
            data[at:at] = rng.choice(WORDS) + rng.choice([b" ", b"\n", b""])
        elif op == 2 and data:
            del data[at:at + rng.randint(1, 16)]
        else:
            lines = bytes(data).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if op == 3:
                lines.insert(j, lines[i])
            elif op == 4:
                del lines[i]
            elif op == 5:
                lines[i], lines[j] = lines[j], lines[i]
            else:
                lines[i] = rng.choice(WORDS) + b" " + b" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 3)))
            data = bytearray(b"\n".join(lines))
    return bytes(data)


_grids = {}  # the scales -> tamp-map's answer or refusal: most mutants keep their seed's scales, asked once


def grids(scales):
    key = tuple(sorted(set(scales)))
    if key not in _grids:
        try:
            _grids[key] = ask.grids(ASKED, scales)
        except matrix.MatrixError as e:
            _grids[key] = e
    if isinstance(_grids[key], matrix.MatrixError):
        raise _grids[key]
    return copy.deepcopy(_grids[key])


def exercise(campaign_path, decks_dir):
    campaign = matrix.Campaign(campaign_path, decks_dir)
    decks = campaign.available_decks()
    runs = matrix.expand(campaign, decks, campaign.apps, lambda app: True, grids)
    for run in runs[:50]:
        matrix.run_id(run)


def fuzz_readers(rng, runs):
    """Property 1: every mutated campaign file and deck is read or refused with a MatrixError. Returns failures."""
    campaigns = os.path.join(ROOT, "inputs", "campaigns")
    seeds_c = [read_bytes(os.path.join(campaigns, f)) for f in sorted(os.listdir(campaigns)) if f.endswith(".campaign")]
    seeds_d = [read_bytes(os.path.join(campaigns, "apps", f))
               for f in sorted(os.listdir(os.path.join(campaigns, "apps"))) if f.endswith(".deck")]
    failures, refused = 0, 0
    with tempfile.TemporaryDirectory(prefix="tamp-fuzz-campaign-") as tmp:
        decks = os.path.join(tmp, "decks")
        os.makedirs(decks)
        path = os.path.join(tmp, "x.campaign")
        for n in range(runs):
            campaign = rng.choice(seeds_c)
            if rng.random() < 0.6:
                campaign = mutate(campaign, rng)
            deck = mutate(rng.choice(seeds_d), rng) if rng.random() < 0.8 else rng.choice(seeds_d)
            with open(path, "wb") as f:
                f.write(campaign.replace(b"machine  cielo-sparse.machine", b"machine  torus:2x2x2,cores=2"))
            for old in os.listdir(decks):
                os.remove(os.path.join(decks, old))
            with open(os.path.join(decks, "a.deck"), "wb") as f:
                f.write(deck)
            try:
                exercise(path, decks)
            except matrix.MatrixError:
                refused += 1
            except Exception:  # anything else reaches the user as a traceback
                failures += 1
                print(f"run {n}: {traceback.format_exc().strip().splitlines()[-1]}\ncampaign: {campaign!r}\n"
                      f"deck: {deck!r}\n", flush=True)
                if failures >= 5:
                    break
    print(f"readers: {runs} inputs: {runs - refused - failures} accepted, {refused} refused with a MatrixError, "
          f"{failures} failures")
    return failures


# Words of shell syntax for deck arguments and folder names: each must reach the app as written, and run nothing.
SHELL_WORDS = ["$(touch PWNED)", "`touch PWNED`", ";touch PWNED", "&& touch PWNED", "| touch PWNED", ">PWNED",
               "$HOME", "${HOME}x", "'", '"', "\\", "a b", "\t", "*", "?", "~", "!", "#", "a#b", "-", "--", "(", ")",
               "<", "&", "$$", "$1", "\u00e9", "\\n"]
LAUNCHERS = {"srun": "torus:2x2x2,cores=2", "aprun": "torus:2x2x2,cores=2", "runjob": "torus:2x2x2x2x2,cores=2",
             "cobalt-mpirun": "torus:2x2x2,cores=2"}


def random_word(rng):
    """A deck argument: a few pieces of shell syntax and printable characters (no braces: those are placeholders)."""
    pieces = [rng.choice(SHELL_WORDS) if rng.random() < 0.6 else chr(rng.randint(32, 126)) for _ in range(rng.randint(1, 4))]
    word = "".join(pieces).replace("{", "(").replace("}", ")")
    return word if word != "--skeleton" else "skeleton"


class Driver:
    """campaign.py in a folder of stand-ins (tests/campaign/test_campaign.py's): fake apps, smpirun, launchers."""

    def __init__(self, tmp):
        self.dir = tmp
        self.build = os.path.join(tmp, "build")
        os.makedirs(os.path.join(self.build, "mapping", "tools"))
        os.symlink(os.path.abspath(os.environ["TAMP_MAP"]), os.path.join(self.build, "mapping", "tools", "tamp-map"))
        stand_ins.executable(os.path.join(self.build, "mapping", "simgrid", "libtamp-simgrid-platform.so"), "")
        for base in ("sim", ""):
            stand_ins.executable(os.path.join(self.build, base, "apps", "stencil", "tamp-stencil"), stand_ins.FAKE_APP)
        self.bin = os.path.join(tmp, "bin")
        stand_ins.executable(os.path.join(self.bin, "smpirun"), stand_ins.FAKE_SMPIRUN)
        for name in LAUNCHERS:
            stand_ins.executable(os.path.join(self.bin, name), stand_ins.RECORDING_LAUNCHER)
        stand_ins.executable(os.path.join(self.bin, "scontrol"), "#!/bin/sh\nprintf 'c1\\nc2\\nc3\\nc4\\n'\n")
        self.decks = os.path.join(tmp, "decks")
        os.makedirs(self.decks)
        self.campaign = os.path.join(tmp, "f.campaign")
        with open(self.campaign, "w") as f:
            f.write("machine torus:2x2x2,cores=2\napps stencil\nscales 8\nmappings default blocked\n")
        self.env = dict(os.environ, TAMP_SMPIRUN=os.path.join(self.bin, "smpirun"),
                        PATH=self.bin + os.pathsep + os.environ["PATH"])
        for name in ("FAKE_APP_PIDDIR", "FAKE_APP_MEET", "TAMP_MEMINFO_FILE", "TAMP_LAUNCHER_FILE"):
            self.env.pop(name, None)

    def deck(self, args):
        with open(os.path.join(self.decks, "stencil.deck"), "w") as f:
            f.write(f"app stencil\nargs {args}\ncompute cell=1e-9\n")

    def run(self, out, *options):
        return subprocess.run([sys.executable, DRIVER, self.campaign, "--build", self.build, "--decks", self.decks,
                               "--out", out, *options], capture_output=True, text=True, env=self.env, timeout=120)


def fuzz_scripts(rng, count, tmp):
    """Property 2: the batch scripts of decks full of shell syntax run the launcher alone, with the app's
    arguments intact. Returns failures."""
    driver, failures = Driver(os.path.join(tmp, "scripts")), 0
    here = os.path.join(driver.dir, "job dir")
    os.makedirs(here)
    for n in range(count):
        words = ["--procs", "{procs3}"] + [random_word(rng) for _ in range(rng.randint(1, 8))]
        driver.deck(shlex.join(words))
        launcher = rng.choice(sorted(LAUNCHERS))
        out = os.path.join(driver.dir, f"out {n} " + random_word(rng).replace("/", "_"))
        done = driver.run(out, "--launcher", launcher, "--machine", LAUNCHERS[launcher])
        problem = None if done.returncode == 0 else f"campaign.py exit status {done.returncode}: {done.stderr}"
        for script in sorted(os.listdir(os.path.join(out, "jobs"))) if problem is None else []:
            if script.endswith(".sh"):
                problem = problem or run_script(driver, os.path.join(out, "jobs", script), launcher, words, here, rng)
        pwned = [os.path.join(d, f) for d, _, files in os.walk(driver.dir) for f in files if f.startswith("PWNED")]
        problem = problem or (f"a command ran: {pwned}" if pwned else None)
        if problem:
            failures += 1
            print(f"script {n} ({launcher}): {problem}\ndeck args: {words!r}\n", flush=True)
            for path in pwned:
                os.remove(path)
    print(f"batch scripts: {count} decks of shell syntax, {failures} failures")
    return failures


def run_script(driver, script, launcher, words, here, rng):
    """None when the script ran the launcher alone, with the deck's words as the app's arguments; else what went wrong."""
    records = os.path.join(driver.dir, "records")
    os.makedirs(records, exist_ok=True)
    for old in os.listdir(records):
        os.remove(os.path.join(records, old))
    env = dict(driver.env, LAUNCH_RECORDS=records, TAMP_LAUNCHER_FILE=rng.choice("01"), SLURM_JOB_NODELIST="c[1-4]",
               TMPDIR=driver.dir, COBALT_PARTNAME="blk $(touch PWNED)")
    done = subprocess.run(["bash", script], env=env, cwd=here, capture_output=True, text=True, timeout=60)
    ran = [json.loads(read_bytes(os.path.join(records, f))) for f in os.listdir(records)]
    if done.returncode != 0 or [r["launcher"] for r in ran] != [launcher]:
        return f"{os.path.basename(script)}: exit status {done.returncode}, ran {ran}: {done.stderr}"
    argv = ran[0]["argv"]
    app = next((i for i, a in enumerate(argv) if a.endswith("/tamp-stencil")), None)
    want = ["2x2x2" if w == "{procs3}" else w for w in words]
    if app is None or argv[app + 1:app + 1 + len(want)] != want:
        return f"{os.path.basename(script)}: the app got {argv[app + 1:] if app is not None else argv}"
    return None


def random_options(rng, driver, a_file):
    """A random command line of campaign.py's options, some valid and most not; sometimes a deck with a bad
    placeholder."""
    pools = {"--jobs": ["0", "-3", "x", "1.5", "99999999999999999999", "1", "2"],
             "--timeout": ["nan", "inf", "-inf", "0", "-1", "1e-300", "1e308", "x", "600", "0.001"],
             "--scales": ["0", "-8", "8", "1e9", "16777217", "8,8", "", "4,8", str(1 << 40)],
             "--calibrate-ranks": ["0", "-1", "x"],
             "--mappings": ["default,,", "x", "default,file:nope", "default,blocked", "blocked"],
             "--machine": ["torus:2x2x1,cores=1", "bogus", "torus:2x2x2,cores=2"],
             "--launcher": ["ssh", "sim", ""],
             "--decks": [a_file, a_file + "/below"]}
    if rng.random() < 0.2:  # a campaign that starts: its runs are the next command line's finished runs
        driver.deck("--procs {procs3}")
        return rng.choice([["--resume"], ["--jobs", "1"], []])
    options = []
    for name in rng.sample(sorted(pools), rng.randint(1, 3)):
        options += [name, rng.choice(pools[name])]
    placeholder = rng.choice(["{procs3}", "{procs3}", "{procs3.x}", "{ranks!r}", "{0}", "{", "{nope}"])
    driver.deck(f"--procs {placeholder}")
    return options


def fuzz_refusals(rng, count, tmp):
    """Property 3: a refused campaign.py is one line, exit status 2, and leaves --out as it was. Returns failures."""
    driver, failures, codes = Driver(os.path.join(tmp, "refusals")), 0, [0, 0, 0]
    out = os.path.join(driver.dir, "out")
    a_file = os.path.join(driver.dir, "a-file")
    with open(a_file, "w") as f:
        f.write("a file\n")
    driver.deck("--procs {procs3}")
    driver.run(out)
    before = snapshot(out)
    for n in range(count):
        options = random_options(rng, driver, a_file)
        target = a_file if rng.random() < 0.1 else out
        done = driver.run(target, *options)
        problem = None
        if "Traceback" in done.stdout + done.stderr or done.returncode not in (0, 1, 2):
            problem = f"exit status {done.returncode}: {done.stdout[-500:]}{done.stderr}"
        else:
            codes[done.returncode] += 1
        if done.returncode == 2 and not problem:
            lines = done.stderr.splitlines()
            if len(lines) != 1 or not lines[0].startswith("campaign: error: "):
                problem = f"not one line: {done.stderr!r}"
            elif snapshot(out) != before or read_bytes(a_file) != b"a file\n":
                problem = "the refusal changed --out or the file"
        if problem:
            failures += 1
            print(f"options {n}: {shlex.join(options)} --out {target}: {problem}\n", flush=True)
        before = snapshot(out)  # what a campaign that started left is the next one's finished runs
    print(f"refusals: {count} command lines: {codes[0]} ran, {codes[1]} had failed runs, {codes[2]} refused; "
          f"{failures} failures")
    return failures


def snapshot(folder):
    return {os.path.relpath(os.path.join(d, f), folder): read_bytes(os.path.join(d, f))
            for d, _, files in os.walk(folder) for f in files}


def random_value(rng, depth=0):
    """A JSON value of any type, extreme numbers and near-miss names included."""
    choices = [lambda: rng.choice(["auto", "atuo", "default", "autogroup", "time_comm", "hop_bytes", "no", "", "x.json"]),
               lambda: rng.choice([0, -1, 0.02, 1e308, -1e308, float("nan"), float("inf"), 2 ** 70]),
               lambda: rng.choice([True, False, None])]
    if depth < 2:
        choices.append(lambda: [random_value(rng, depth + 1) for _ in range(rng.randint(0, 2))])
        choices.append(lambda: {rng.choice(["mappings", "figure", "max_loss", "file", "tolerance", "min", "campaign",
                                            "time_comm", "hop_bytes"]): random_value(rng, depth + 1)
                                for _ in range(rng.randint(0, 3))})
    return rng.choice(choices)()


def random_suite(rng):
    suite = {"campaign": "none.campaign"} if rng.random() < 0.9 else {}
    good = {"verify": rng.choice([True, False]), "gain": {"mappings": [rng.choice(["auto", "atuo"])]},
            "baseline": {"file": "b.json", "tolerance": {"hop_bytes": 0}}}
    for key in ("title", "verify", "gain", "baseline", "network", "decks", "gian"):
        if rng.random() < 0.35:
            suite[key] = good[key] if key in good and rng.random() < 0.7 else random_value(rng)
    return suite


def fuzz_suites(rng, count, tmp):
    """Property 4: a suite is refused in one line (exit status 2), or judged; it passes only with checks that ran.
    Returns failures."""
    folder, failures, codes = os.path.join(tmp, "suites"), 0, [0, 0, 0]
    out = os.path.join(folder, "out")
    os.makedirs(folder)
    acceptance_stand_ins.write_campaign(out, acceptance_stand_ins.runs())
    path = os.path.join(folder, "s.suite.json")
    for n in range(count):
        suite = random_suite(rng)
        with open(path, "w") as f:
            json.dump(suite, f)
        done = subprocess.run([sys.executable, ACCEPTANCE, path, "--judge-only", "--launcher", "mpirun", "--out", out]
                              + (["--record"] if rng.random() < 0.2 else []), capture_output=True, text=True,
                              env=dict(os.environ, TAMP_BUILD_DIR=acceptance_stand_ins.stand_in_build()))
        problem = None
        if "Traceback" in done.stdout + done.stderr or done.returncode not in (0, 1, 2):
            problem = f"exit status {done.returncode}: {done.stderr}"
        else:
            codes[done.returncode] += 1
        if done.returncode == 2 and len(done.stderr.splitlines()) != 1:
            problem = f"not one line: {done.stderr!r}"
        elif done.returncode == 0:
            with open(os.path.join(out, "acceptance.json")) as f:
                result = json.load(f)
            if result["passed"] < 1 or result["failed"]:
                problem = f"passed with {result['passed']} checks passed and {result['failed']} failed"
        if problem:
            failures += 1
            print(f"suite {n}: {json.dumps(suite)}: {problem}\n", flush=True)
    print(f"suites: {count} suite files: {codes[0]} passed, {codes[1]} failed, {codes[2]} refused; {failures} failures")
    return failures


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=0, help="campaign files and decks read (property 1)")
    p.add_argument("--scripts", type=int, default=0, help="decks written as batch scripts and run (property 2)")
    p.add_argument("--options", type=int, default=0, help="campaign.py command lines (property 3)")
    p.add_argument("--suites", type=int, default=0, help="suite files judged (property 4)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    # One generator per property, seeded by the seed and the property's name: a property draws the same inputs
    # whether it runs alone (CTest runs the four side by side) or after the others.
    def rng(name):
        return random.Random(f"{args.seed}:{name}")

    if not os.access(os.environ.get("TAMP_MAP", ""), os.X_OK):
        sys.exit("fuzz_campaign_files.py: needs TAMP_MAP, the tamp-map binary (the readers ask it the process grids)")
    failures = fuzz_readers(rng("readers"), args.runs)
    with tempfile.TemporaryDirectory(prefix="tamp-fuzz-campaign-") as tmp:
        failures += fuzz_scripts(rng("scripts"), args.scripts, tmp)
        failures += fuzz_refusals(rng("options"), args.options, tmp)
        failures += fuzz_suites(rng("suites"), args.suites, tmp)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
