#!/usr/bin/env python3
"""scripts/acceptance.py's judging (--judge-only: no campaign is run): stand-in campaign records (runs.csv and each
run's JSON) of two apps, a suite with a 2% gain rule and a baseline; each test changes one record and checks the
verdict, the exit status, the one-line message of the failed check, the JSON and the JUnit XML."""
import csv
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "scripts", "acceptance.py")
FIELDS = ["app", "ranks", "mapping", "status", "verified", "time_total", "time_comm", "hop_bytes", "machine"]


def runs(**changes):
    """Two apps at 16 ranks under default and auto; `changes` maps 'app-mapping' to fields to replace."""
    out = []
    for app in ("stencil", "halo"):
        for mapping, comm in (("default", 0.010), ("auto", 0.008)):
            row = {"app": app, "ranks": 16, "mapping": mapping, "status": "ok", "verified": True,
                   "time_total": 1.0 + comm, "time_comm": comm, "hop_bytes": 1000.0 if mapping == "default" else 800.0,
                   "machine": "m.machine"}
            row.update(changes.get(f"{app}-{mapping}", {}))
            out.append(row)
    return out


def write_campaign(out, rows):
    folder = os.path.join(out, "campaign")
    os.makedirs(os.path.join(folder, "runs"), exist_ok=True)
    with open(os.path.join(folder, "runs.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        w.writerows(rows)
    for r in rows:
        with open(os.path.join(folder, "runs", f"{r['app']}-n{r['ranks']}-{r['mapping']}.jsonl"), "w") as f:
            f.write(json.dumps({"iterations": 10}) + "\n")


def write_suite(folder, **extra):
    suite = {"title": "stand-in", "campaign": "none.campaign", "gain": {"mappings": ["auto"], "max_loss": 0.02},
             "baseline": {"file": "base.json", "tolerance": {"time_per_step": 0.05, "hop_bytes": 0}}}
    suite.update(extra)
    path = os.path.join(folder, "t.suite.json")
    with open(path, "w") as f:
        json.dump(suite, f)
    return path


def judge(suite, out, *options):
    return subprocess.run([sys.executable, SCRIPT, suite, "--judge-only", "--launcher", "mpirun", "--out", out,
                           *options], capture_output=True, text=True)


class AcceptanceTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.out = os.path.join(self.dir, "out")
        self.suite = write_suite(self.dir)
        write_campaign(self.out, runs())
        recorded = judge(self.suite, self.out, "--record")
        self.assertEqual(recorded.returncode, 0, recorded.stdout + recorded.stderr)

    def tearDown(self):
        self.tmp.cleanup()

    def failures(self, result):
        """The one-line summaries after the table ("FAIL GROUP: what and by how much")."""
        return [line for line in result.stdout.splitlines() if re.match(r"FAIL [a-z]+: ", line)]

    def test_all_pass_and_the_reports_agree(self):
        result = judge(self.suite, self.out)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("14 of 14 checks passed", result.stdout)  # 4 verify, 2 gain, 4 runs x 2 baseline figures
        with open(os.path.join(self.out, "acceptance.json")) as f:
            self.assertEqual(json.load(f)["failed"], 0)
        tree = ET.parse(os.path.join(self.out, "acceptance.xml"))
        self.assertEqual(tree.getroot().get("tests"), "14")
        self.assertEqual(tree.getroot().get("failures"), "0")

    def test_unverified_run_fails(self):
        write_campaign(self.out, runs(**{"halo-auto": {"verified": False}}))
        result = judge(self.suite, self.out)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(self.failures(result),
                         ["FAIL verify: halo 16 ranks auto: the app did not verify its result (verified = False)"])

    def test_failed_run_fails_every_check_that_needs_it(self):
        write_campaign(self.out, runs(**{"stencil-default": {"status": "timeout", "time_total": "", "time_comm": "",
                                                              "hop_bytes": "", "verified": ""}}))
        lines = self.failures(judge(self.suite, self.out))
        self.assertIn("FAIL verify: stencil 16 ranks default: did not run: timeout", lines)
        self.assertIn("FAIL gain: stencil 16 ranks auto vs default: no time_comm (a run is missing or failed)", lines)
        self.assertIn("FAIL baseline: stencil-n16-default hop_bytes: no value in this run (baseline 1000)", lines)

    def test_gain_rule_says_by_how_much(self):
        # auto 3% above default: over the 2% allowed. 2% exactly passes.
        write_campaign(self.out, runs(**{"stencil-auto": {"time_comm": 0.0103}, "halo-auto": {"time_comm": 0.0102}}))
        result = judge(self.suite, self.out)
        self.assertEqual(result.returncode, 1)
        gain = [line for line in self.failures(result) if line.startswith("FAIL gain")]
        self.assertEqual(gain, ["FAIL gain: stencil 16 ranks auto vs default: time_comm 0.0103 is +3.0% against "
                                "default's 0.01 (allowed +2.0%)"])

    def test_baseline_regression_and_tolerance(self):
        # stencil default 6% slower per step (5% allowed) fails; halo default 4% slower passes; faster passes.
        write_campaign(self.out, runs(**{"stencil-default": {"time_total": 1.0706}, "halo-default": {"time_total": 1.0504},
                                         "halo-auto": {"time_total": 0.5}}))
        result = judge(self.suite, self.out)
        self.assertEqual(self.failures(result),
                         ["FAIL baseline: stencil-n16-default time_per_step: 0.1071 is +6.0% against the "
                          "baseline's 0.101 (allowed +5.0%)"])

    def test_hop_bytes_change_fails_with_zero_tolerance(self):
        write_campaign(self.out, runs(**{"halo-auto": {"hop_bytes": 801.0}}))
        self.assertEqual(self.failures(judge(self.suite, self.out)),
                         ["FAIL baseline: halo-n16-auto hop_bytes: 801 is +0.1% against the baseline's 800 "
                          "(allowed +0.0%)"])

    def test_baseline_of_another_system_is_not_compared(self):
        result = subprocess.run([sys.executable, SCRIPT, self.suite, "--judge-only", "--launcher", "srun", "--out",
                                 self.out], capture_output=True, text=True)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(len(self.failures(result)), 1)
        self.assertIn("the baseline was recorded on {'launcher': 'mpirun'", self.failures(result)[0])

    def test_missing_baseline_fails(self):
        os.remove(os.path.join(self.dir, "base.json"))
        self.assertEqual(self.failures(judge(self.suite, self.out)),
                         [f"FAIL baseline: no baseline at {os.path.join(self.dir, 'base.json')} (record one: --record)"])

    def test_bad_suite_is_one_line(self):
        for extra, message in (({"gian": {}}, "unknown key 'gian'"),
                               ({"gain": {"figure": "speed"}}, "gain figure 'speed' is not one of"),
                               ({"baseline": {"file": "b.json", "tolerance": {"time_comm": -1}}},
                                "baseline tolerance of time_comm must be a number >= 0")):
            result = judge(write_suite(self.dir, **extra), self.out)
            self.assertEqual(result.returncode, 2, message)
            lines = result.stderr.strip().splitlines()
            self.assertEqual(len(lines), 1, result.stderr)
            self.assertTrue(lines[0].startswith("acceptance: error: ") and message in lines[0], lines[0])


    def test_campaign_error_is_not_judged_on_an_old_table(self):
        # The campaign file does not exist: campaign.py refuses it, and the runs.csv of setUp is not judged.
        result = subprocess.run([sys.executable, SCRIPT, self.suite, "--out", self.out], capture_output=True,
                                text=True)
        self.assertEqual(result.returncode, 2, result.stdout)
        self.assertIn("campaign: error: ", result.stderr)
        self.assertEqual(result.stderr.strip().splitlines()[-1],
                         f"acceptance: error: {os.path.join(self.dir, 'none.campaign')}: the campaign wrote no "
                         "runs.csv (its error is above)")

    def test_shipped_suites_are_valid(self):
        """Every suite of inputs/acceptance loads (keys, figures, limits) and names a campaign file that exists."""
        sys.path.insert(0, os.path.dirname(SCRIPT))
        import acceptance  # noqa: E402
        folder = os.path.join(HERE, "..", "..", "inputs", "acceptance")
        names = sorted(n for n in os.listdir(folder) if n.endswith(".suite.json"))
        self.assertIn("sim.suite.json", names)
        for name in names:
            suite = acceptance.load_suite(os.path.join(folder, name))
            self.assertTrue(os.path.isfile(suite["campaign"]), name)


if __name__ == "__main__":
    unittest.main()
