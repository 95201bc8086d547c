#!/usr/bin/env python3
"""The campaign driver (scripts/campaign.py) against stand-in apps and launchers: the real tamp-map (TAMP_MAP),
a fake smpirun that starts the app as its child (as SimGrid's does) and a fake app that records what it ran on.
Covers provenance (a run made with another machine, deck, mapping or binary is never kept), the signal handling
(SIGTERM stops the run under way with its children and leaves no half record), batch job scripts (host names come
from the job; every word from the user is quoted, run with stand-in launchers), refusals (one line, exit status 2,
before anything in --out is written or removed), run ids, the line rule of decks, and placements asked of tamp-map
rather than read from its error messages."""
import csv
import json
import os
import re
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.normpath(os.path.join(HERE, "..", "..", "scripts"))
DRIVER = os.path.join(SCRIPTS, "campaign.py")
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, SCRIPTS)  # the driver's package, tamp_campaign, for the tests of its functions
sys.path.insert(0, HERE)
import second_copies  # noqa: E402  (what no script may hold)
TAMP_MAP = os.environ.get("TAMP_MAP", "")

FAKE_APP = textwrap.dedent("""\
    #!/usr/bin/env python3
    # Stand-in app: one JSON record naming its arguments and the hostfile it was launched with.
    import json, os, sys, time
    argv = sys.argv[1:]
    if "--task-graph-for" in argv:  # its task graph, a stencil on the grid of --procs (none without it)
        procs = argv[argv.index("--procs") + 1] if "--procs" in argv else None
        print(json.dumps({"graph": f"stencil3d:{procs},local=4x4x4" if procs else None}))
        sys.exit(0)
    out = argv[argv.index("--json") + 1]
    if os.environ.get("FAKE_APP_PIDDIR"):  # one file per app: its pid; then it runs until killed
        with open(os.path.join(os.environ["FAKE_APP_PIDDIR"], str(os.getpid())), "w") as f:
            f.write(str(os.getpid()))
        time.sleep(600)
    if os.environ.get("FAKE_APP_MEET"):  # waits up to 10 s for a second app to be running at the same time
        meet = os.environ["FAKE_APP_MEET"]
        open(os.path.join(meet, str(os.getpid())), "w").close()
        deadline = time.time() + 10
        while len(os.listdir(meet)) < 2:
            if time.time() > deadline:
                sys.exit("no other app ran beside this one")
            time.sleep(0.05)
    hostfile = os.environ.get("FAKE_HOSTFILE", "")
    hosts = open(hostfile).read() if hostfile else ""
    skeleton = "--skeleton" in argv  # folded fields, kernels not run: nothing to verify
    record = {"app": "stencil", "mapping": "x", "ranks": 1, "threads": 1, "machine": "m", "verified": not skeleton,
              "skeleton": skeleton, "time": {"total": 1.0, "compute": 0.5, "comm": 0.5},
              "metrics": {"hop_bytes": 1.0}, "comm_per_step": {"predicted": 0.4, "measured": 0.5}, "argv": argv,
              "hosts": hosts}
    with open(out, "a") as f:
        f.write(json.dumps(record) + "\\n")
    """)

# smpirun -np N -platform P -hostfile H [options] APP ARGS: runs APP as a child, like the simulator does.
FAKE_SMPIRUN = textwrap.dedent("""\
    #!/usr/bin/env python3
    import os, subprocess, sys
    argv = sys.argv[1:]
    hostfile = argv[argv.index("-hostfile") + 1]
    app = next(i for i, a in enumerate(argv) if os.path.basename(a).startswith("tamp-"))
    sys.exit(subprocess.call(argv[app:], env=dict(os.environ, FAKE_HOSTFILE=hostfile)))
    """)

# srun, aprun, runjob or cobalt-mpirun: records its name and argv (JSON in $LAUNCH_RECORDS) and runs nothing.
RECORDING_LAUNCHER = textwrap.dedent("""\
    #!/usr/bin/env python3
    import json, os, sys
    folder = os.environ["LAUNCH_RECORDS"]
    with open(os.path.join(folder, f"{len(os.listdir(folder))}.json"), "w") as f:
        json.dump({"launcher": os.path.basename(sys.argv[0]), "argv": sys.argv[1:]}, f)
    """)

DECK = textwrap.dedent("""\
    app      stencil
    args     --stencil 7 --local 4x4x4 --procs {procs3}
    compute  cell=1e-9
    """)


def executable(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


@unittest.skipUnless(os.access(TAMP_MAP, os.X_OK), "TAMP_MAP must name the tamp-map binary")
class CampaignTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="tamp-campaign-test-")
        self.build = os.path.join(self.dir, "build")
        os.makedirs(os.path.join(self.build, "mapping", "tools"))
        os.symlink(os.path.abspath(TAMP_MAP), os.path.join(self.build, "mapping", "tools", "tamp-map"))
        executable(os.path.join(self.build, "mapping", "simgrid", "libtamp-simgrid-platform.so"), "")
        for base in ("sim", ""):
            executable(os.path.join(self.build, base, "apps", "stencil", "tamp-stencil"), FAKE_APP)
        executable(os.path.join(self.dir, "bin", "smpirun"), FAKE_SMPIRUN)
        self.decks = os.path.join(self.dir, "decks")
        os.makedirs(self.decks)
        self.write_deck(DECK)
        self.campaign = os.path.join(self.dir, "test.campaign")
        with open(self.campaign, "w") as f:
            f.write("machine torus:2x2x2,cores=2\napps stencil\nscales 8\nmappings default blocked\n")
        self.out = os.path.join(self.dir, "out")
        self.env = dict(os.environ, TAMP_SMPIRUN=os.path.join(self.dir, "bin", "smpirun"))
        for name in ("FAKE_APP_PIDDIR", "FAKE_APP_MEET", "TAMP_MEMINFO_FILE"):
            self.env.pop(name, None)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def write_deck(self, text):
        with open(os.path.join(self.decks, "stencil.deck"), "w") as f:
            f.write(text)

    def driver(self, *extra, launcher="sim"):
        return [sys.executable, DRIVER, self.campaign, "--build", self.build, "--decks", self.decks, "--out",
                self.out, "--launcher", launcher, *extra]

    def run_driver(self, *extra, ok=True, launcher="sim"):
        done = subprocess.run(self.driver(*extra, launcher=launcher), stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, env=self.env, timeout=300)
        if ok:
            self.assertEqual(done.returncode, 0, done.stdout)
        return done

    def record(self, mapping):
        with open(os.path.join(self.out, "runs", f"stencil-n8-{mapping}.jsonl")) as f:
            return json.loads(f.readlines()[-1])

    def test_a_simulated_campaign_needs_the_native_app_too(self):
        # The native app answers its task graph for the placements' hostfiles: with only the smpicxx build, the
        # campaign is refused before it runs, not run with every placement failing.
        os.remove(os.path.join(self.build, "apps", "stencil", "tamp-stencil"))
        done = self.run_driver(ok=False)
        self.assertNotEqual(done.returncode, 0, done.stdout)
        self.assertIn("tamp-stencil is not built", done.stdout)
        self.assertFalse(os.path.isdir(os.path.join(self.out, "runs")), done.stdout)

    # Provenance
    def test_resume_keeps_runs_of_the_same_setting(self):
        self.run_driver()
        out = self.run_driver("--resume").stdout
        self.assertEqual(out.count("done before, kept"), 2, out)

    def test_resume_keeps_runs_of_a_machine_file_named_two_ways(self):
        # inputs/campaigns/whole-job/ names the main job's machine as ../cielo-sparse.machine: the same file.
        os.makedirs(os.path.join(self.dir, "sub"))
        with open(os.path.join(self.dir, "m.machine"), "w") as f:
            f.write("topology torus\ndims 2 2 2\nwrap 1 1 1\ncores_per_node 2\n")
        with open(self.campaign, "w") as f:
            f.write("machine m.machine\napps stencil\nscales 8\nmappings default blocked\n")
        self.run_driver()
        with open(self.campaign, "w") as f:
            f.write("machine sub/../m.machine\napps stencil\nscales 8\nmappings default blocked\n")
        out = self.run_driver("--resume").stdout
        self.assertEqual(out.count("done before, kept"), 2, out)

    def test_resume_reruns_a_changed_machine(self):
        self.run_driver("--machine", "torus:2x2x2,cores=2")
        out = self.run_driver("--machine", "torus:2x2x2,cores=4", "--resume").stdout
        self.assertNotIn("done before, kept", out)
        self.assertEqual(out.count("run again"), 2, out)
        # Both runs placed on the new machine's hosts: 4 ranks per host.
        for mapping in ("default", "blocked"):
            hosts = self.record(mapping)["hosts"].split()
            self.assertEqual(len(hosts), 8)
            self.assertEqual(max(hosts.count(h) for h in hosts), 4, hosts)

    def test_platform_files_follow_the_machine(self):
        # An app without a generator of its task graph: placed by the per-scale hostfile, not tamp-map.
        self.write_deck(DECK.replace(" --procs {procs3}", ""))
        self.run_driver("--machine", "torus:2x2x2,cores=2")
        self.run_driver("--machine", "torus:2x2x2,cores=4")
        with open(os.path.join(self.out, "platform", "hostfile-8")) as f:
            hosts = f.read().split()
        self.assertEqual(hosts, ["node-0"] * 4 + ["node-1"] * 4)

    def test_resume_reruns_a_changed_deck(self):
        self.run_driver()
        self.write_deck(DECK.replace("4x4x4", "6x6x6"))
        out = self.run_driver("--resume").stdout
        self.assertNotIn("done before, kept", out)
        self.assertIn("6x6x6", self.record("default")["argv"])

    def test_resume_reruns_a_changed_binary(self):
        self.run_driver()
        app = os.path.join(self.build, "sim", "apps", "stencil", "tamp-stencil")
        with open(app, "a") as f:
            f.write("# rebuilt\n")
        out = self.run_driver("--resume").stdout
        self.assertNotIn("done before, kept", out)

    def test_summary_names_the_skeleton_runs(self):
        self.run_driver()
        with open(os.path.join(self.out, "summary.txt")) as f:
            self.assertNotIn("not verified", f.read())
        self.write_deck(DECK.replace("--procs {procs3}", "--procs {procs3} --skeleton"))
        self.run_driver("--resume")
        with open(os.path.join(self.out, "summary.txt")) as f:
            text = f.read()
        self.assertEqual(text.count("not verified: stencil 8 (skeleton run: fields folded, kernels not run)"), 1, text)
        self.assertIn("--skeleton", self.record("default")["argv"])
        # A real machine's run has real data: the deck's --skeleton is for simulated runs only.
        self.run_driver(launcher="srun")
        self.assertNotIn("--skeleton", read(os.path.join(self.out, "jobs", "stencil-n8-default.sh")))

    def test_prediction_beside_measurement(self):
        # The run's predicted and measured communication per step: CSV columns, and their ratio in the summary.
        self.run_driver()
        with open(os.path.join(self.out, "runs.csv")) as f:
            rows = list(csv.DictReader(f))
        self.assertEqual([(r["comm_per_step"], r["predicted_comm_per_step"]) for r in rows], [("0.5", "0.4")] * 2)
        with open(os.path.join(self.out, "summary.txt")) as f:
            lines = f.read().splitlines()
        head = next(i for i, line in enumerate(lines) if line.startswith("app "))
        self.assertEqual(lines[head].split()[-1], "pred/comm", lines)
        self.assertEqual([line.split()[-1] for line in lines[head + 2:head + 4]], ["0.800", "0.800"], lines)

    def test_report_marks_runs_of_another_machine_stale(self):
        self.run_driver("--machine", "torus:2x2x2,cores=2")
        done = self.run_driver("--machine", "torus:2x2x2,cores=4", "--report-only", ok=False)
        self.assertNotEqual(done.returncode, 0, done.stdout)
        self.assertIn("stale: made with another machine", done.stdout)

    # Bad input: one line, exit status 2, before any run
    def expect_error(self, regex, *extra):
        done = self.run_driver(*extra, ok=False)
        self.assertEqual(done.returncode, 2, done.stdout)
        self.assertNotIn("Traceback", done.stdout)
        self.assertRegex(done.stdout, "^campaign: error: " + regex)
        self.assertFalse(os.path.exists(os.path.join(self.out, "runs")), "a run was started")

    def write_campaign(self, text):
        with open(self.campaign, "wb") as f:
            f.write(text)

    def test_non_utf8_campaign_file(self):
        self.write_campaign(b"machine torus:2x2x2,cores=2\napps stencil \xff\nscales 8\nmappings default\n")
        self.expect_error(r".*test.campaign:2: not UTF-8 text")

    def test_duplicate_scales_and_mappings(self):
        self.write_campaign(b"machine torus:2x2x2,cores=2\napps stencil\nscales 8 8\nmappings default\n")
        self.expect_error(r".*test.campaign:3: 'scales' lists 8 twice")
        self.write_campaign(b"machine torus:2x2x2,cores=2\napps stencil\nscales 8\nmappings default\n")
        self.expect_error(r"--mappings: '--mappings' lists blocked twice", "--mappings", "default,blocked,blocked")
        self.expect_error(r"--mappings: '--mappings' has an empty entry", "--mappings", "default,,blocked")

    def test_deck_scales_that_do_not_fit_are_skipped(self):
        # The deck's own scales 8 and 64 on 16 slots: 8 runs, 64 is left out with one line.
        self.write_deck(DECK + "scales 8 64\n")
        out = self.run_driver().stdout
        self.assertIn("campaign: stencil at 64 ranks skipped: its deck's scale does not fit the machine's 16 slots",
                      out)
        self.assertEqual(self.record("default")["app"], "stencil")
        self.assertFalse(os.path.exists(os.path.join(self.out, "runs", "stencil-n64-default.jsonl")))
        # The campaign's own scales must fit: nothing of them is skipped.
        self.write_deck(DECK)
        self.refused("scale 64 does not fit", "--scales", "64")

    def test_scales_option_chooses_among_a_decks_scales(self):
        # The deck's own scales 4 and 8: --scales 8 runs 8 only; --scales 16 (none of the deck's) refuses a named
        # app and skips it, with one line, under `apps all`.
        self.write_deck(DECK + "scales 4 8\n")
        out = self.run_driver("--scales", "8").stdout
        self.assertTrue(os.path.exists(os.path.join(self.out, "runs", "stencil-n8-default.jsonl")), out)
        self.assertFalse(os.path.exists(os.path.join(self.out, "runs", "stencil-n4-default.jsonl")), out)
        self.refused("stencil.deck: app 'stencil' runs at 4 8 ranks only, none of --scales 16", "--scales", "16")
        self.refused("--scales 16: no app runs at them (stencil's deck at 4 8 only)", "--scales", "16", "--apps",
                     "all")
        with open(os.path.join(self.decks, "other.deck"), "w") as f:
            f.write(DECK)  # the campaign's scales
        out = self.run_driver("--scales", "16", "--apps", "all").stdout
        self.assertIn("campaign: stencil skipped: its deck runs at 4 8 ranks only, none of --scales 16", out)
        self.assertTrue(os.path.exists(os.path.join(self.out, "runs", "other-n16-default.jsonl")), out)

    def test_campaign_without_default(self):
        self.expect_error(r"mappings blocked: 'default' is missing", "--mappings", "blocked")

    def test_deck_placeholders_checked_first(self):
        self.write_deck(DECK.replace("{procs3}", "{pq}", 1))
        done = self.run_driver(ok=False)
        self.assertIn("unknown placeholder in '{pq}'", done.stdout)
        self.assertIn("known: {ranks}, {procs2}, {procs3}, {px}", done.stdout)
        self.assertFalse(os.path.exists(os.path.join(self.out, "runs")), "a run was started")

    # Refusals come before anything in --out is written or removed: one line on stderr, exit status 2.
    def refused(self, message, *extra, launcher="sim"):
        done = subprocess.run(self.driver(*extra, launcher=launcher), capture_output=True, text=True, env=self.env,
                              timeout=300)
        what = " ".join(extra)
        self.assertEqual(done.returncode, 2, what + ": " + done.stdout + done.stderr)
        self.assertEqual(len(done.stderr.splitlines()), 1, what + ": " + done.stderr)
        self.assertTrue(done.stderr.startswith("campaign: error: "), what + ": " + done.stderr)
        self.assertIn(message, done.stderr, what)

    def snapshot(self):
        return {os.path.relpath(os.path.join(d, f), self.out): read_bytes(os.path.join(d, f))
                for d, _, files in os.walk(self.out) for f in files}

    def test_counts_and_durations_checked_before_anything_is_deleted(self):
        self.run_driver()
        before = self.snapshot()
        self.assertIn(os.path.join("runs", "stencil-n8-default.jsonl"), before)
        for extra, message in ((("--jobs", "0"), "argument --jobs: 0 is below 1"),
                               (("--jobs", "-3"), "argument --jobs: -3 is below 1"),
                               (("--jobs", "two"), "argument --jobs: 'two' is not an integer"),
                               (("--calibrate-ranks", "0"), "argument --calibrate-ranks: 0 is below 1"),
                               (("--timeout", "0"), "argument --timeout: '0' is not a number of seconds > 0"),
                               (("--timeout", "-5"), "argument --timeout: '-5'"),
                               (("--timeout", "nan"), "argument --timeout: 'nan'"),
                               (("--timeout", "inf"), "argument --timeout: 'inf'"),
                               (("--launcher", "ssh"), "argument --launcher: invalid choice: 'ssh'"),
                               (("--scales", "0"), "--scales: '--scales' needs positive integers"),
                               (("--scales", str(1 << 40)), "--scales: '--scales' needs positive integers up to")):
            self.refused(message, *extra)
            self.assertEqual(self.snapshot(), before, extra)

    def test_refusals_after_the_platform_keep_the_finished_runs(self):
        # The memory, wall-time and allocation checks need the machine's platform files: they are written aside,
        # so a refused start leaves the earlier campaign's runs and platform as they were.
        self.run_driver()
        before = self.snapshot()
        meminfo = os.path.join(self.dir, "meminfo")
        with open(meminfo, "w") as f:
            f.write("MemAvailable:      100 kB\n")
        self.env["TAMP_MEMINFO_FILE"] = meminfo
        self.refused("stencil on 8 ranks needs about")
        del self.env["TAMP_MEMINFO_FILE"]
        self.refused("would take about 0 s of wall time", "--timeout", "0.001")
        self.refused("scale 8 does not fit: the machine's allocation has 4 slots", "--machine", "torus:2x2x1,cores=1")
        self.refused("cobalt-mpirun: a Blue Gene/P node runs 1, 2 or 4 ranks", "--machine", "torus:2x2x2,cores=3",
                     "--scales", "6", launcher="cobalt-mpirun")
        self.assertEqual(self.snapshot(), before)

    def test_paths_that_are_files_are_refused(self):
        a_file = os.path.join(self.dir, "a-file")
        with open(a_file, "w") as f:
            f.write("keep me\n")
        self.out = a_file
        self.refused(f"argument --out: {a_file} is a file, not a folder")
        self.out = os.path.join(a_file, "below")
        self.refused(f"is a file, not a folder")
        self.assertEqual(read(a_file), "keep me\n")
        self.out = os.path.join(self.dir, "out")
        self.refused("--report-only: no folder", "--report-only")
        self.refused("cannot read the decks", "--decks", a_file)
        self.refused("cannot read", "--decks", os.path.join(self.dir, "no-such-folder"))
        self.assertFalse(os.path.exists(self.out), "--out was made")

    def test_deck_graph_lines_are_refused(self):
        # The app gives its task graph (--task-graph-for): a deck's second copy is refused in one line.
        self.write_deck(DECK + "graph    stencil3d:{procs3},local=4x4x4\n")
        self.refused("stencil.deck:4: 'graph' lines are no longer read")
        self.assertFalse(os.path.exists(self.out), "a run was started")

    def test_task_graph_is_asked_of_the_app(self):
        # The placement of the hostfile is the mapping of the graph the app answered for the run's scale; an app
        # that cannot answer stops the campaign with its own message.
        self.run_driver("--mappings", "default,blocked", launcher="flow")
        argv = self.record("blocked")["argv"]
        map_path = argv[argv.index("--launched-as") + 1].split(":", 1)[1]
        want = os.path.join(self.dir, "want.map")
        subprocess.run([TAMP_MAP, "map", "--graph", "stencil3d:2x2x2,local=4x4x4", "--machine",
                        os.path.join(self.out, "platform", "machine-8.machine"), "--algorithm", "blocked", "--out",
                        want], check=True, capture_output=True)
        self.assertEqual(read(map_path), read(want))
        executable(os.path.join(self.build, "apps", "stencil", "tamp-stencil"),
                   "#!/bin/sh\necho 'tamp-stencil: error: --procs: 9 ranks do not fit' >&2\nexit 1\n")
        done = self.run_driver("--mappings", "default,blocked", launcher="flow", ok=False)
        self.assertIn("--procs: 9 ranks do not fit", done.stdout)

    def test_deck_placeholders_are_plain_names(self):
        self.run_driver()
        before = self.snapshot()
        for word in ("{procs3.x}", "{procs3[0]}", "{ranks!r}", "{ranks:>5}", "{0}", "{}", "{", "}", "{ranks"):
            self.write_deck(DECK.replace("{procs3}", word, 1))
            self.refused(f"unknown placeholder in '{word}'")
            self.assertEqual(self.snapshot(), before, word)

    def test_run_ids_never_collide(self):
        # file:a/m.b and file:a_m.b would both be runs/stencil-n8-file_a_m.b.*: refused before the first run.
        os.makedirs(os.path.join(self.dir, "a"))
        for name in ("a/m.b", "a_m.b"):
            with open(os.path.join(self.dir, name), "w") as f:
                f.write("".join(f"{i}\n" for i in range(8)))
        slash, underscore = (f"file:{os.path.join(self.dir, name)}" for name in ("a/m.b", "a_m.b"))
        rid = matrix_run_id({"app": "stencil", "ranks": 8, "mapping": slash})
        self.refused(f"have the same id {rid}", "--mappings", f"default,{slash},{underscore}")
        self.assertFalse(os.path.exists(self.out), "a run was started")
        # Mappings with distinct ids run, each with its own record.
        self.run_driver("--mappings", f"default,{slash}")
        argv = self.record(rid[len("stencil-n8-"):])["argv"]
        self.assertEqual(argv[argv.index("--mapping") + 1], slash)

    # Placements are asked of tamp-map (`tamp-map placements`), never guessed from its error messages.
    def test_placements_are_asked_of_tamp_map(self):
        # The campaign's mappings run for every app: a name tamp-map does not compute is refused with its message.
        self.refused("mapping 'cm': unknown mapping 'cm' (known: default, ", "--mappings", "default,cm")
        self.refused("mapping 'blocked+no-step': unknown post-processing step 'no-step' (known: refine",
                     "--mappings", "default,blocked+no-step")
        self.refused("mapping 'file:': file: needs a path (file:PATH)", "--mappings", "default,file:")
        absent = os.path.join(self.dir, "absent.map")
        self.refused(f"mapping file:{absent}: no such file", "--mappings", f"default,file:{absent}")
        self.assertFalse(os.path.exists(self.out), "--out was made")
        # A deck's own ordering (lanczos's `cm`) runs with the app's own renumbering; an algorithm of the registry
        # with a post-processing step is placed through the hostfile.
        self.write_deck(DECK + "mappings cm\n")
        self.run_driver("--mappings", "default,blocked+refine")
        argv = self.record("cm")["argv"]
        self.assertEqual(argv[argv.index("--mapping") + 1], "cm")
        self.assertNotIn("--launched-as", argv)
        self.assertFalse(os.path.exists(os.path.join(self.out, "placements", "stencil-n8-cm.map")))
        argv = self.record("blocked_refine")["argv"]
        self.assertEqual(argv[argv.index("--launched-as") + 1].split(":")[0], "blocked+refine")

    def test_no_script_matches_error_text(self):
        # Whether a name is a placement of the mapping module is asked (ask.placements); no script decides a
        # question by reading an error message (second_copies.py, rule error-text).
        found = [f for f in second_copies.findings(SCRIPTS) if ": error-text: " in f]
        self.assertEqual(found, [], "scripts that match error text:\n" + "\n".join(found))

    def test_no_script_holds_a_second_copy(self):
        # No Python file under scripts/ parses a placement, a machine file or a task-graph generator's spec, copies
        # a process grid's rule, or matches error text: each is asked of tamp-map (second_copies.py says how each
        # is recognised).
        found = second_copies.findings(SCRIPTS)
        self.assertEqual(found, [], "second copies in scripts/:\n" + "\n".join(found))

    def test_second_copy_rules_find_the_old_code(self):
        # Each rule fires on the code the driver held before it asked tamp-map (lines of each), and not on reading
        # tamp-map's own answer or on a docstring that names the formats.
        old = {
            "error-text": "try:\n    f()\nexcept ValueError as e:\n    if 'unknown mapping' in str(e):\n        g()\n",
            "placement": "key = digest(m[5:]) if m.startswith('file:') else None\nname, _, steps = m.partition('+')\n",
            "machine-file": "with open(paths.machine) as f:\n    keys = read(f)\n"
                            "cores = int(keys.get('cores_per_node', ['1'])[0])\n"
                            "words = line.split('#', 1)[0].split()\nif words[0] == 'nodes':\n    pass\n",
            "generator": "graph = 'stencil3d:' + grid\n",
            "grid": "def dims_create(ranks, ndims):\n    return [ranks] + [1] * (ndims - 1)\n",
        }
        for rule, code in old.items():
            found = second_copies.findings_of("old.py", code)
            self.assertTrue(found and all(f": {rule}: " in f for f in found), f"{rule}: {found}")
        self.assertEqual(len(second_copies.findings_of("old.py", old["machine-file"])), 4)
        self.assertEqual(len(second_copies.findings_of("old.py", old["placement"])), 2)
        asked = ("cores = ask.machine(paths, m)['cores_per_node']\ninfo = ask.machine(paths, m)\n"
                 "x = info['network']['link_latency']\n"
                 "def f():\n    '''The file:PATH form, stencil3d: specs.'''\n")
        self.assertEqual(second_copies.findings_of("new.py", asked), [])

    def test_process_grids_are_asked_of_tamp_map(self):
        # The placeholders of a deck come from `tamp-map grids` (MPI_Dims_create's grids, the triangular n_d).
        self.write_deck("app stencil\nargs --procs {procs3} --p2 {procs2} --pxyz {px},{py},{pz} --nd {nd}\n"
                        "scales 6 12\ncompute cell=1e-9\n")
        self.run_driver("--mappings", "default")
        for ranks, want in ((6, ["3x2x1", "3x2", "3,2,1", "3"]), (12, ["3x2x2", "4x3", "3,2,2", "NOT-TRIANGULAR"])):
            with open(os.path.join(self.out, "runs", f"stencil-n{ranks}-default.jsonl")) as f:
                argv = json.loads(f.readline())["argv"]
            got = [argv[argv.index(o) + 1] for o in ("--procs", "--p2", "--pxyz", "--nd")]
            self.assertEqual(got, want, ranks)

    def test_job_machines_are_written_by_tamp_map(self):
        # The machine file of a job smaller than the allocation: tamp-map says the cores per node and writes the
        # first nodes (`alloc --first`), host names kept; a job that fills part of a node has none.
        machine = os.path.join(self.dir, "listed.machine")
        with open(machine, "w") as f:
            f.write("topology torus\ndims 2 2 2\nwrap 1 1 1\ncores_per_node 2\nnodes 4\n"
                    "0 0 0 h0\n1 0 0 h1\n0 1 0 h2\n1 1 0 h3\n")
        self.run_driver("--machine", machine, "--scales", "4,8,3")
        job = os.path.join(self.out, "platform", "machine-4.machine")
        asked = subprocess.run([TAMP_MAP, "machine", "--machine", job], capture_output=True, text=True, check=True)
        answer = json.loads(asked.stdout)
        self.assertEqual((answer["cores_per_node"], answer["nodes"]), (2, 2))
        # The node lines' host names, not the comment (its path is a random temporary folder).
        hosts = [line.split()[-1] for line in read(job).splitlines() if line[:1].isdigit()]
        self.assertIn("h0", hosts)
        self.assertNotIn("h2", hosts)
        with open(os.path.join(self.out, "runs", "stencil-n4-blocked.jsonl")) as f:
            self.assertIn("--launched-as", json.loads(f.readline())["argv"])
        self.assertFalse(os.path.exists(os.path.join(self.out, "platform", "machine-3.machine")))

    def test_deck_lines_follow_the_line_rule(self):
        # docs/file-formats.md, "Lines of decks and machine files": a key, blanks (spaces or tabs), the values; `#`
        # starts a comment unless quoted; trailing blanks ignored.
        self.write_deck("app\tstencil \t\n"
                        "args \t --stencil 7 --local 4x4x4 --procs {procs3} --note \"a # b\" 'c#d' e\\#f # g h\n"
                        "compute\t\tcell=1e-9   \n")
        with open(self.campaign, "w") as f:
            f.write("machine\ttorus:2x2x2,cores=2\t\napps\tstencil # the one deck\nscales\t8\n"
                    "mappings \tdefault\tblocked\n")
        self.run_driver()
        argv = self.record("blocked")["argv"]
        self.assertEqual(argv[argv.index("--note") + 1:argv.index("--note") + 4], ["a # b", "c#d", "e#f"])
        self.assertNotIn("g", argv)
        self.assertIn("--launched-as", argv)  # the app gave its graph: the placement came from tamp-map

    # Signals
    def test_sigterm_stops_the_run_and_its_children(self):
        piddir = os.path.join(self.dir, "pids")
        os.makedirs(piddir)
        env = dict(self.env, FAKE_APP_PIDDIR=piddir)
        driver = subprocess.Popen(self.driver("--jobs", "2"), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, env=env)
        while len([p for p in os.listdir(piddir) if read(os.path.join(piddir, p))]) < 2:  # both apps run
            self.assertIsNone(driver.poll(), "the driver ended before its two runs started")
            time.sleep(0.1)
        apps = [int(p) for p in os.listdir(piddir)]
        driver.send_signal(signal.SIGTERM)
        out, _ = driver.communicate(timeout=120)
        self.assertNotEqual(driver.returncode, 0, out)
        self.assertIn("campaign: stopped by SIGTERM", out)
        for app in apps:
            self.assertFalse(alive(app), f"the app (pid {app}) outlived the driver")
        runs = os.listdir(os.path.join(self.out, "runs"))
        self.assertEqual([f for f in runs if f.endswith((".trial", ".status", ".key"))], [], runs)

    # Simulated runs side by side
    def test_jobs_run_side_by_side(self):
        meet = os.path.join(self.dir, "meet")
        os.makedirs(meet)
        self.env["FAKE_APP_MEET"] = meet
        out = self.run_driver("--jobs", "2").stdout
        self.assertIn("2 runs, 2 at a time", out)
        for mapping in ("default", "blocked"):
            self.assertEqual(read(os.path.join(self.out, "runs", f"stencil-n8-{mapping}.status")).strip(), "ok")

    def test_jobs_one_runs_one_at_a_time(self):
        meet = os.path.join(self.dir, "meet")
        os.makedirs(meet)
        self.env["FAKE_APP_MEET"] = meet
        self.run_driver("--jobs", "1", ok=False)
        self.assertIn("failed", read(os.path.join(self.out, "runs", "stencil-n8-default.status")))

    def test_run_larger_than_memory_refused_first(self):
        meminfo = os.path.join(self.dir, "meminfo")
        with open(meminfo, "w") as f:
            f.write("MemTotal:        1000 kB\nMemAvailable:      100 kB\n")
        self.env["TAMP_MEMINFO_FILE"] = meminfo
        done = self.run_driver(ok=False)
        self.assertNotEqual(done.returncode, 0)
        self.assertRegex(done.stdout, r"campaign: error: stencil on 8 ranks needs about [0-9.]+ GB under the "
                                      r"simulator .* this machine has 0.0 GB available")
        self.assertFalse(os.path.exists(self.out), "--out was written before the refusal")

    def test_flow_run_larger_than_memory_refused_first(self):
        meminfo = os.path.join(self.dir, "meminfo")
        with open(meminfo, "w") as f:
            f.write("MemTotal:        1000 kB\nMemAvailable:      100 kB\n")
        self.env["TAMP_MEMINFO_FILE"] = meminfo
        done = self.run_driver(ok=False, launcher="flow")
        self.assertNotEqual(done.returncode, 0)
        self.assertRegex(done.stdout, r"campaign: error: stencil on 8 ranks needs about [0-9.]+ GB under the "
                                      r"flow engine .* this machine has 0.0 GB available")
        self.assertFalse(os.path.exists(self.out), "--out was written before the refusal")

    def test_flow_launcher_runs_the_native_app_in_one_process(self):
        self.run_driver(launcher="flow")
        with open(os.path.join(self.out, "runs", "stencil-n8-blocked.log")) as f:
            command = f.readline()
        self.assertIn(os.path.join(self.build, "apps", "stencil", "tamp-stencil"), command)
        self.assertIn("--engine flow --ranks 8", command)
        self.assertIn("--launched-as blocked:", command)  # placed by the map file the SimGrid runs use
        self.assertNotIn("smpirun", command)
        self.assertIn("simulated machine (flow engine)", self.run_driver("--report-only", launcher="flow").stdout)

    def test_runs_of_the_same_placement_are_simulated_once(self):
        # geom and geom-r place 8 tasks on the job's 4 nodes the same way (one map file, byte for byte); random
        # another. Each launcher simulates geom once and gives geom-r its report under its own name.
        runs = os.path.join(self.out, "runs")
        for launcher in ("sim", "flow"):
            out = self.run_driver("--mappings", "default,geom,geom-r,random", launcher=launcher).stdout
            self.assertIn("campaign: 3 runs (and 1 of the same placement as one of them: not simulated again)", out)
            self.assertEqual(read(os.path.join(self.out, "placements", "stencil-n8-geom.map")),
                             read(os.path.join(self.out, "placements", "stencil-n8-geom-r.map")))
            copied, simulated = self.record("geom-r"), self.record("geom")
            self.assertEqual(copied["mapping"], "geom-r")
            self.assertEqual(copied["same_placement_as"], "stencil-n8-geom")
            self.assertNotIn("same_placement_as", simulated)
            argv = copied["argv"]  # the simulated run's command, its map file's path replaced by geom-r's own
            self.assertEqual(argv[argv.index("--launched-as") + 1],
                             "geom:" + os.path.join(self.out, "placements", "stencil-n8-geom-r.map"))
            log = read(os.path.join(runs, "stencil-n8-geom-r.log")).splitlines()
            self.assertIn("--launched-as geom-r:", log[0])  # the command it would have run
            self.assertIn("not simulated: the same placement (map file and command) as run stencil-n8-geom", log[2])
            for mapping in ("default", "geom", "random"):
                self.assertNotIn("not simulated", read(os.path.join(runs, f"stencil-n8-{mapping}.log")))
                self.assertNotIn("same_placement_as", self.record(mapping))
            self.assertEqual(read(os.path.join(runs, "stencil-n8-geom-r.status")), "ok\n")
            self.assertIn("done before, kept", self.run_driver("--mappings", "default,geom,geom-r,random",
                                                               "--resume", launcher=launcher).stdout)
        # A run kept by --resume is simulated again by no new run of its placement: geom-r, new, takes the kept
        # geom's report; a start without --resume simulates geom again.
        self.run_driver("--mappings", "default,geom")
        placements = os.path.join(self.out, "placements")
        made = {name: read(os.path.join(placements, name)) for name in os.listdir(placements)}
        out = self.run_driver("--mappings", "default,geom,geom-r", "--resume").stdout
        # The kept runs' placements stay, byte for byte, so that each kept run's logged command still runs.
        for name, text in made.items():
            self.assertTrue(os.path.exists(os.path.join(placements, name)), f"{name}: gone after --resume")
            self.assertEqual(read(os.path.join(placements, name)), text, name)
        kept_command = read(os.path.join(runs, "stencil-n8-geom.log")).splitlines()[0].split()
        for word in kept_command:
            path = word.split(":", 1)[-1]
            if path.startswith((placements, os.path.join(self.out, "platform"))):
                self.assertTrue(os.path.exists(path), f"the kept run's command names {path}, which is gone")
        self.assertIn("campaign: 0 runs (and 1 of the same placement as a run kept by --resume: not simulated "
                      "again)", out)
        self.assertEqual(self.record("geom-r")["same_placement_as"], "stencil-n8-geom")
        self.assertIn("not simulated: the same placement (map file and command) as run stencil-n8-geom",
                      read(os.path.join(runs, "stencil-n8-geom-r.log")))
        self.assertEqual(read(os.path.join(runs, "stencil-n8-geom-r.status")), "ok\n")
        out = self.run_driver("--mappings", "default,geom-r,random", "--resume").stdout
        self.assertIn("campaign: 1 run, ", out)  # random; geom-r, kept, is itself a kept run of its placement
        self.assertIn("campaign: 3 runs (and 1 of the same placement as one of them: not simulated again)",
                      self.run_driver("--mappings", "default,geom,geom-r,random").stdout)
        # A simulated run that fails fails its copies, which say so.
        executable(os.path.join(self.build, "apps", "stencil", "tamp-stencil"),
                   FAKE_APP.replace("out = argv[", "sys.exit(3)\nout = argv["))
        self.run_driver("--mappings", "default,geom,geom-r", launcher="flow", ok=False)
        self.assertEqual(read(os.path.join(runs, "stencil-n8-geom-r.status")),
                         "failed: exit status 3 (the same placement as run stencil-n8-geom)\n")
        self.assertFalse(os.path.exists(os.path.join(runs, "stencil-n8-geom-r.jsonl")))

    def test_run_longer_than_timeout_refused_first(self):
        # stencil on 8 ranks is estimated at about 0.04 s (launch.WALL_MEASURED): longer than a 1 ms --timeout.
        done = self.run_driver("--timeout", "0.001", ok=False)
        self.assertNotEqual(done.returncode, 0)
        self.assertRegex(done.stdout, r"campaign: error: stencil on 8 ranks would take about 0 s of wall time under "
                                      r"the simulator here \(measured up to 4096 ranks, .*\), more than --timeout "
                                      r"0.001 s: run fewer ranks \(--scales\) or raise --timeout")
        self.assertFalse(os.path.exists(self.out), "--out was written before the refusal")
        # Within the limit the campaign says what it expects.
        self.assertRegex(self.run_driver().stdout,
                         r"campaign: 2 runs, \d+ at a time, about 0 s of wall time \(estimate\)")

    def test_flow_run_longer_than_timeout_refused_first(self):
        # The flow engine has its own measurements (launch.FLOW_WALL_MEASURED): stencil on 8 ranks, about 0.2 s.
        done = self.run_driver("--timeout", "0.001", ok=False, launcher="flow")
        self.assertNotEqual(done.returncode, 0)
        self.assertRegex(done.stdout, r"campaign: error: stencil on 8 ranks would take about 0 s of wall time under "
                                      r"the flow engine here \(measured up to \d+ ranks, .*\), more than --timeout "
                                      r"0.001 s")
        self.assertFalse(os.path.exists(self.out), "--out was written before the refusal")
        self.assertRegex(self.run_driver(launcher="flow").stdout,
                         r"campaign: 2 runs, \d+ at a time, about 0 s of wall time \(estimate\)")

    def test_wall_estimate_follows_the_measurements(self):
        from tamp_campaign import launch
        stencil = dict(launch.WALL_MEASURED["stencil"])
        self.assertAlmostEqual(launch.wall_estimate({"app": "stencil", "ranks": 512}), stencil[512])
        self.assertAlmostEqual(launch.wall_estimate({"app": "stencil", "ranks": 4096}), stencil[4096])
        # Between two points, on the line through them in log-log; beyond the last, on its slope.
        middle = launch.wall_estimate({"app": "stencil", "ranks": 1448})  # about sqrt(512 * 4096)
        self.assertAlmostEqual(middle, (stencil[512] * stencil[4096]) ** 0.5, delta=0.01 * middle)
        twice = launch.wall_estimate({"app": "stencil", "ranks": 8192}) / stencil[4096]
        self.assertAlmostEqual(twice, (stencil[4096] / stencil[512]) ** (1 / 3), places=6)
        self.assertIsNone(launch.wall_estimate({"app": "netbench", "ranks": 64}))

    # Slurm job scripts
    def test_slurm_hostfile_names_the_jobs_hosts(self):
        self.run_driver(launcher="srun")
        jobs = os.path.join(self.out, "jobs")
        script = os.path.join(jobs, "stencil-n8-blocked.sh")
        text = read(script)
        self.assertIn("#SBATCH --nodes=4", text)
        self.assertIn("scontrol show hostnames", text)
        self.assertFalse([f for f in os.listdir(jobs) if f.endswith(".hostfile")], "a hostfile with made-up names")
        # Run it with stand-ins for scontrol and srun: the hostfile holds the job's hosts, two ranks each.
        bin_dir = os.path.join(self.dir, "slurm-bin")
        seen = os.path.join(self.dir, "srun-hostfile")
        executable(os.path.join(bin_dir, "scontrol"), "#!/bin/sh\nprintf 'c11\\nc12\\nc13\\nc14\\n'\n")
        executable(os.path.join(bin_dir, "srun"), f"#!/bin/sh\ncp \"$SLURM_HOSTFILE\" {seen}\n")
        env = dict(self.env, PATH=bin_dir + os.pathsep + os.environ["PATH"], SLURM_JOB_NODELIST="c[11-14]",
                   SLURM_JOB_ID="7", TAMP_LAUNCHER_FILE="1", TMPDIR=self.dir)
        done = subprocess.run(["bash", script], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(done.returncode, 0, done.stdout)
        hosts = read(seen).split()
        self.assertEqual(sorted(hosts), sorted(["c11", "c12", "c13", "c14"] * 2), hosts)
        # Too few hosts in the job: the script says so and runs nothing.
        executable(os.path.join(bin_dir, "scontrol"), "#!/bin/sh\nprintf 'c11\\n'\n")
        os.remove(seen)
        done = subprocess.run(["bash", script], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertNotEqual(done.returncode, 0)
        self.assertRegex(done.stdout, re.escape("the job has 1 nodes, the placement needs 4"))
        self.assertFalse(os.path.exists(seen))

    # Batch scripts on other machines: launcher files on fat trees and dragonflies, Blue Gene mapfiles.
    def test_fat_tree_and_dragonfly_jobs_have_launcher_files(self):
        for machine in ("fattree:4x2,cores=2", "dragonfly:3x2,h=1,npr=2,cores=2"):
            self.run_driver("--machine", machine, launcher="srun")
            jobs = os.path.join(self.out, "jobs")
            text = read(os.path.join(jobs, "stencil-n8-blocked.sh"))
            self.assertNotIn("No launcher file", text, machine)
            slots = [int(line) for line in read(os.path.join(jobs, "stencil-n8-blocked.map")).split()]
            self.assertEqual(sorted(slots), list(range(8)), machine)  # the job's 4 nodes, 2 cores each

    def test_runjob_scripts_carry_bluegene_mapfiles(self):
        self.run_driver("--machine", "torus:2x2x2x2x2,cores=2", launcher="runjob")
        jobs = os.path.join(self.out, "jobs")
        text = read(os.path.join(jobs, "stencil-n8-blocked.sh"))
        self.assertIn("#COBALT -n 32", text)  # the block the machine file describes
        self.assertIn('runjob --block "$COBALT_PARTNAME" --np 8 --ranks-per-node 2 --envs OMP_NUM_THREADS=1', text)
        mapping = os.path.join(jobs, "stencil-n8-blocked.mapfile")
        order = os.path.join(jobs, "slot-order-n8.mapfile")
        # The model's slot order: rank r on the job's node r / 2 (A fastest), core r % 2; "A B C D E T" per rank.
        self.assertEqual(read(order), "0 0 0 0 0 0\n0 0 0 0 0 1\n1 0 0 0 0 0\n1 0 0 0 0 1\n"
                                      "0 1 0 0 0 0\n0 1 0 0 0 1\n1 1 0 0 0 0\n1 1 0 0 0 1\n")
        lines = read(mapping).splitlines()
        self.assertEqual(sorted(lines), sorted(read(order).splitlines()))  # the same slots, another order
        self.assertEqual(read(os.path.join(jobs, "stencil-n8-default.mapfile")), read(order))
        # Run it with a stand-in runjob: the mapping's mapfile with TAMP_LAUNCHER_FILE=1, else the slot order.
        bin_dir = os.path.join(self.dir, "bg-bin")
        seen = os.path.join(self.dir, "runjob-args")
        executable(os.path.join(bin_dir, "runjob"), f"#!/bin/sh\necho \"$@\" > {seen}\n")
        for launcher_file, expected, app_mapping in (("1", mapping, "default"), ("0", order, "blocked")):
            env = dict(self.env, PATH=bin_dir + os.pathsep + os.environ["PATH"], COBALT_PARTNAME="MIR-00000-33331-512",
                       TAMP_LAUNCHER_FILE=launcher_file)
            done = subprocess.run(["bash", os.path.join(jobs, "stencil-n8-blocked.sh")], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            self.assertEqual(done.returncode, 0, done.stdout)
            args = read(seen).split()
            self.assertEqual(args[args.index("--block") + 1], "MIR-00000-33331-512")
            self.assertEqual(args[args.index("--mapping") + 1], expected)
            self.assertEqual(args[len(args) - 1 - args[::-1].index("--mapping") + 1], app_mapping)

    def test_cobalt_mpirun_scripts_on_blue_gene_p(self):
        self.run_driver("--machine", "torus:2x2x2,cores=2", launcher="cobalt-mpirun")
        text = read(os.path.join(self.out, "jobs", "stencil-n8-blocked.sh"))
        self.assertIn("cobalt-mpirun -np 8 -mode DUAL -env OMP_NUM_THREADS=1 -mapfile ", text)
        self.assertEqual(read(os.path.join(self.out, "jobs", "slot-order-n8.mapfile")).splitlines()[:3],
                         ["0 0 0 0", "0 0 0 1", "1 0 0 0"])  # x y z t
        # A Blue Gene/P node runs 1, 2 or 4 ranks.
        done = self.run_driver("--machine", "torus:2x2x2,cores=3", "--scales", "6", launcher="cobalt-mpirun", ok=False)
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("campaign: error: cobalt-mpirun: a Blue Gene/P node runs 1, 2 or 4 ranks", done.stdout)


    # The network groups of the real machines' acceptance suites (inputs/acceptance/*-network.campaign): WOCON
    # needs one rank per node, so every launcher must be told the machine file's cores_per_node 1.
    def test_network_jobs_run_one_rank_per_node(self):
        executable(os.path.join(self.build, "apps", "netbench", "tamp-netbench"), FAKE_APP)
        shipped = os.path.join(HERE, "..", "..", "inputs", "acceptance")
        for system, launcher, wants in (
                ("hopper", "aprun", ["#PBS -l mppwidth=64", "#PBS -l mppnppn=1", "aprun -n 64 -N 1 "]),
                ("cielo", "aprun", ["#PBS -l mppnppn=1", "aprun -n 64 -N 1 "]),
                ("fattree", "srun", ["#SBATCH --nodes=64", "#SBATCH --ntasks-per-node=1", "srun -n 64 "]),
                ("dragonfly", "srun", ["#SBATCH --nodes=64", "#SBATCH --ntasks-per-node=1"]),
                ("mira", "runjob", ["#COBALT -n 512", "--np 64 --ranks-per-node 1 "]),
                ("intrepid", "cobalt-mpirun", ["#COBALT -n 512", "cobalt-mpirun -np 64 -mode SMP "])):
            out = os.path.join(self.dir, "out-" + system)
            done = subprocess.run([sys.executable, DRIVER, os.path.join(shipped, f"{system}-network.campaign"),
                                   "--build", self.build, "--decks", os.path.join(shipped, "decks"), "--out", out,
                                   "--launcher", launcher], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, env=self.env, timeout=300)
            self.assertEqual(done.returncode, 0, done.stdout)
            jobs = os.path.join(out, "jobs")
            wocon = read(os.path.join(jobs, "netbench-wocon-n64-default.sh"))
            for want in wants:
                self.assertIn(want, wocon, system)
            self.assertIn("--benchmark wocon", wocon, system)
            wicon = [read(os.path.join(jobs, f)) for f in os.listdir(jobs) if f.startswith("netbench-wicon")]
            self.assertEqual(len(wicon), 1, system)
            pairing = "nn,rnd" if system in ("mira", "intrepid") else "near,rnd"  # whole lines only in a block
            self.assertIn(f"--pairing {pairing} ", wicon[0], system)

    def test_batch_scripts_run_only_the_app(self):
        # Deck arguments full of shell syntax and an --out with a space: every script, run with a stand-in launcher
        # that records its argv, runs the launcher alone, and the app gets each argument as the deck wrote it.
        words = ["--note", "$(touch PWNED-1)", "`touch PWNED-2`", "a b", ";touch PWNED-3", "x'y", 'q"', "|", "&&",
                 ">PWNED-4", "*", "$HOME", "\\", "~", "!!", "(", "tab\there"]
        self.write_deck(DECK.replace("--procs {procs3}", "--procs {procs3} " + shlex.join(words)))
        bin_dir = os.path.join(self.dir, "launchers")
        for name in ("srun", "aprun", "runjob", "cobalt-mpirun"):
            executable(os.path.join(bin_dir, name), RECORDING_LAUNCHER)
        executable(os.path.join(bin_dir, "scontrol"), "#!/bin/sh\nprintf 'c1\\nc2\\nc3\\nc4\\n'\n")
        records = os.path.join(self.dir, "records")
        here = os.path.join(self.dir, "job dir")  # where the jobs run
        os.makedirs(here)
        for launcher, machine in (("srun", "torus:2x2x2,cores=2"), ("aprun", "torus:2x2x2,cores=2"),
                                  ("runjob", "torus:2x2x2x2x2,cores=2"), ("cobalt-mpirun", "torus:2x2x2,cores=2")):
            self.out = os.path.join(self.dir, f"out {launcher} $(touch PWNED-5)")
            self.run_driver("--machine", machine, launcher=launcher)
            for mapping in ("default", "blocked"):
                for launcher_file in ("0", "1"):
                    shutil.rmtree(records, ignore_errors=True)
                    os.makedirs(records)
                    env = dict(self.env, PATH=bin_dir + os.pathsep + os.environ["PATH"], LAUNCH_RECORDS=records,
                               TAMP_LAUNCHER_FILE=launcher_file, SLURM_JOB_NODELIST="c[1-4]", TMPDIR=self.dir,
                               COBALT_PARTNAME="block $(touch PWNED-6)")
                    script = os.path.join(self.out, "jobs", f"stencil-n8-{mapping}.sh")
                    done = subprocess.run(["bash", script], env=env, cwd=here, stdout=subprocess.PIPE,
                                          stderr=subprocess.STDOUT, text=True)
                    what = f"{launcher} {mapping} TAMP_LAUNCHER_FILE={launcher_file}"
                    self.assertEqual(done.returncode, 0, what + ": " + done.stdout)
                    ran = [json.loads(read(os.path.join(records, f))) for f in os.listdir(records)]
                    self.assertEqual([r["launcher"] for r in ran], [launcher], what)
                    argv = ran[0]["argv"]
                    app = next(i for i, a in enumerate(argv) if a.endswith("/tamp-stencil"))
                    self.assertEqual(argv[app + 7:app + 7 + len(words)], words, what)
                    self.assertEqual(argv[argv.index("--json") + 1],
                                     os.path.join(self.out, "runs", f"stencil-n8-{mapping}.jsonl"), what)
                    if launcher == "runjob":
                        self.assertEqual(argv[argv.index("--block") + 1], "block $(touch PWNED-6)", what)
        pwned = [f for _, _, files in os.walk(self.dir) for f in files if f.startswith("PWNED")]
        self.assertEqual(pwned, [], "a command of the deck or the --out folder ran")

    def test_batch_scripts_give_ranks_per_node(self):
        # The machine file's cores_per_node, which the launcher files assume (rank r on node r / cores): aprun
        # would otherwise fill a node by its real core count, whatever the machine file says.
        self.run_driver("--machine", "torus:2x2x2,cores=2", launcher="aprun")
        text = read(os.path.join(self.out, "jobs", "stencil-n8-blocked.sh"))
        self.assertIn("#PBS -l mppnppn=2", text)
        self.assertIn("aprun -n 8 -N 2 ", text)
        self.assertIn("  aprun -n 8 -N 2 ", text)  # the MPICH_RANK_ORDER branch too
        self.run_driver("--machine", "torus:2x2x2,cores=2", launcher="srun")
        self.assertIn("#SBATCH --ntasks-per-node=2", read(os.path.join(self.out, "jobs", "stencil-n8-blocked.sh")))
        # Fewer ranks than a node's cores: no more per node than there are ranks.
        self.run_driver("--machine", "torus:2x2x2,cores=16", "--scales", "8", launcher="aprun")
        self.assertIn("aprun -n 8 -N 8 ", read(os.path.join(self.out, "jobs", "stencil-n8-default.sh")))


def read(path):
    with open(path) as f:
        return f.read()


def matrix_run_id(run):
    from tamp_campaign import matrix
    return matrix.run_id(run)


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def alive(pid):
    """True while the process exists and is not a zombie waiting for its parent."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


if __name__ == "__main__":
    unittest.main()
