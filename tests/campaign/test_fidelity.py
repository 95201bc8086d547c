#!/usr/bin/env python3
"""scripts/fidelity.py's table (--report-only, no simulation): stand-in run records for the rows of the shipped
[Deveci14] experiment give speed-ups, communication shares and gains computed from them, the paper's speed-ups
from its totals, "same direction" verdicts both ways, and "not run" for rows without a record."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "scripts", "fidelity.py")


def write_run(out, app, ranks, mapping, total, comm):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, f"{app}-n{ranks}-{mapping}.jsonl"), "w") as f:
        f.write(json.dumps({"time": {"total": total, "comm": comm}}) + "\n")


class FidelityTest(unittest.TestCase):
    def page(self, out):
        """docs/fidelity.md as the script writes it from the records in `out` (--report-only)."""
        doc = os.path.join(out, "fidelity.md")
        result = subprocess.run([sys.executable, SCRIPT, "--report-only", "--out", out, "--doc", doc],
                                capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(doc) as f:
            return f.read()

    def test_table_from_records(self):
        with tempfile.TemporaryDirectory() as tmp:
            runs = os.path.join(tmp, "deveci14-table2", "minighost", "runs")
            write_run(runs, "halo", 4096, "default", 2.0, 1.0)  # the baseline (None)
            write_run(runs, "halo", 4096, "group", 1.6, 0.6)     # faster, as in the paper
            write_run(runs, "halo", 4096, "geom", 2.5, 1.5)      # slower: the paper has Geom faster
            page = self.page(tmp)
            # The experiment's own section: other experiments (e.g. [Deveci14] at 8,192 ranks) have the same labels.
            text = next(s for s in page.split("\n## ")
                        if s.startswith("MiniGhost on a Cielo-like Cray XE6: None, Group, Geom, Geom+R, Geom+R+S"))
            rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
                    for line in text.splitlines() if line.startswith("| ") and not line.startswith("| placement")}
            # Group: paper 6.07 / 5.70 = 1.06; TAMP 2.0 / 1.6 = 1.25, comm 0.6 / 1.6 = 37.5%, gain 1 - 0.6 / 1.0.
            self.assertEqual(rows["Group"], ["5.7", "13.9", "1.06", "1.6", "37.5", "1.25", "+40.0%", "yes"])
            self.assertEqual(rows["Geom"][5:], ["0.80", "-50.0%", "no (paper faster, TAMP slower)"])
            self.assertEqual(rows["Geom+R"][3], "not run")
            self.assertIn("Same direction as the paper on 1 of 2 placements compared.", text)
            # Experiments without records are listed, not dropped.
            self.assertIn("[Aktulga12] Table 2", page)

    def test_groups_table_from_records(self):
        with tempfile.TemporaryDirectory() as tmp:
            folder = os.path.join(tmp, "aktulga12-tables3-4")
            os.makedirs(folder)
            dm = {"run": "dm", "column": {"D": 1.0, "T": 10.0, "X": 40.0}, "row": {"D": 1.0, "T": 10.0, "X": 40.0}}
            bcm = {"run": "bcm", "column": {"D": 0.0, "T": 0.0, "X": 0.0}, "row": {"D": 1.05, "T": 20.0, "X": 20.0}}
            with open(os.path.join(folder, "groups-n276-sparse.jsonl"), "w") as f:
                f.write(json.dumps(dm) + "\n" + json.dumps(bcm) + "\n")
            text = self.page(tmp)
            rows = {tuple(c.strip() for c in line.split("|")[2:4]): [c.strip() for c in line.split("|")[4:-1]]
                    for line in text.splitlines() if line.startswith("| 276 ")}
            # Paper test_276 BCM: column {0.0, 0, 0}, row {0.8, 14, 44} against DM's {0.9, 20, 56} and
            # {0.8, 21, 62}: column all lower (TAMP too); row D same (TAMP +5%: same), T and X lower (TAMP: higher, lower).
            self.assertEqual(rows[("sparse", "BCM")], ["5.5", "{0, 0, 0}", "{0.00, 0.0, 0}", "10.5", "{0.8, 14, 44}",
                                                    "{1.05, 20.0, 20}", "col 3/3, row 2/3"])
            self.assertEqual(rows[("sparse", "CM")][2], "-")  # no record for that ordering
            self.assertEqual(rows[("compact", "DM")][2], "not run")  # no record for that allocation
            self.assertIn("| 1,128 | sparse | DM | 89 | {5.5, 24, 148} | not run |", text)
            self.assertIn("column groups on the sparse allocation 3 of 3; row groups on the sparse allocation 2 of 3",
                          text)

    def test_malformed_experiment_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            os.makedirs(os.path.join(tmp, "broken"))
            with open(os.path.join(tmp, "broken", "experiment.json"), "w") as f:
                json.dump({"kind": "groups", "title": "t"}, f)
            result = subprocess.run([sys.executable, SCRIPT, "--experiments", tmp, "--report-only", "--out", tmp,
                                     "--doc", os.path.join(tmp, "f.md")], capture_output=True, text=True)
            self.assertNotEqual(result.returncode, 0)
            self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)
            self.assertIn("groups experiment without cite", result.stderr)

    def test_options_and_experiment_types_are_one_line(self):
        # Counts, paths that are files or folders, and an experiment.json of the wrong types: one line, exit status
        # 2, before any campaign runs or any page is written.
        with tempfile.TemporaryDirectory() as tmp:
            a_file = os.path.join(tmp, "a-file")
            with open(a_file, "w") as f:
                f.write("x\n")
            good = {"title": "t", "cite": "c", "what": "w", "campaigns": [{"file": "a.campaign", "decks": "d"}],
                    "baseline": "A", "rows": [{"label": "A", "campaign": "a.campaign", "app": "stencil", "ranks": 8,
                                               "mapping": "default"}], "differences": []}
            cases = [(["--jobs", "0"], None, "argument --jobs: 0 is below 1"),
                     (["--jobs", "-3"], None, "argument --jobs: -3 is below 1"),
                     (["--out", a_file], None, "argument --out: " + a_file + " is a file, not a folder"),
                     (["--doc", tmp], None, "argument --doc: " + tmp + " is a folder, not a file"),
                     (["--doc", os.path.join(a_file, "f.md")], None, "argument --doc"),
                     (["--only", "nope"], good, "unknown experiment nope"),
                     ([], dict(good, timeout=float("nan")), "timeout must be a number of seconds > 0, not NaN"),
                     ([], dict(good, timeout="600"), 'timeout must be a number of seconds > 0, not "600"'),
                     ([], dict(good, timeout=0), "timeout must be a number of seconds > 0, not 0"),
                     ([], dict(good, rows={"A": 1}), "rows must be a list of objects"),
                     ([], dict(good, campaigns=[{"file": "a.campaign"}]), "incomplete row, campaign or scale"),
                     ([], dict(good, title=["t"]), "title must be a string"),
                     ([], dict(good, differences="none"), "differences must be a list of strings")]
            for options, experiment, message in cases:
                experiments = os.path.join(tmp, "experiments")
                shutil.rmtree(experiments, ignore_errors=True)
                os.makedirs(os.path.join(experiments, "one"))
                with open(os.path.join(experiments, "one", "experiment.json"), "w") as f:
                    json.dump(experiment or good, f)
                result = subprocess.run([sys.executable, SCRIPT, "--experiments", experiments, "--out",
                                         os.path.join(tmp, "out"), "--doc", os.path.join(tmp, "f.md"), *options],
                                        capture_output=True, text=True)
                self.assertEqual(result.returncode, 2, message + ": " + result.stdout + result.stderr)
                self.assertEqual(result.stdout, "", message)
                self.assertEqual(len(result.stderr.splitlines()), 1, result.stderr)
                self.assertTrue(result.stderr.startswith("fidelity: error: "), result.stderr)
                self.assertIn(message, result.stderr)
                self.assertEqual(sorted(os.listdir(tmp)), ["a-file", "experiments"], message)

    def test_unknown_experiment_is_refused(self):
        result = subprocess.run([sys.executable, SCRIPT, "--only", "nope", "--report-only"], capture_output=True,
                                text=True)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("unknown experiment nope", result.stderr)


if __name__ == "__main__":
    unittest.main()
