#!/usr/bin/env python3
"""scripts/fidelity.py's table (--report-only, no simulation): stand-in run records for the rows of the shipped
[Deveci14] experiment give speed-ups, communication shares and gains computed from them, the paper's speed-ups
from its totals, "same direction" verdicts both ways, and "not run" for rows without a record."""
import json
import os
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
    def test_table_from_records(self):
        with tempfile.TemporaryDirectory() as tmp:
            runs = os.path.join(tmp, "deveci14-table2", "minighost", "runs")
            write_run(runs, "halo", 4096, "default", 2.0, 1.0)  # the baseline (None)
            write_run(runs, "halo", 4096, "group", 1.6, 0.6)     # faster, as in the paper
            write_run(runs, "halo", 4096, "geom", 2.5, 1.5)      # slower: the paper has Geom faster
            doc = os.path.join(tmp, "fidelity.md")
            result = subprocess.run([sys.executable, SCRIPT, "--report-only", "--out", tmp, "--doc", doc],
                                    capture_output=True, text=True)
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(doc) as f:
                text = f.read()
            rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
                    for line in text.splitlines() if line.startswith("| ") and not line.startswith("| placement")}
            # Group: paper 6.07 / 5.70 = 1.06; TAMP 2.0 / 1.6 = 1.25, comm 0.6 / 1.6 = 37.5%, gain 1 - 0.6 / 1.0.
            self.assertEqual(rows["Group"], ["5.7", "13.9", "1.06", "1.6", "37.5", "1.25", "+40.0%", "yes"])
            self.assertEqual(rows["Geom"][5:], ["0.80", "-50.0%", "no (paper faster, TAMP slower)"])
            self.assertEqual(rows["Geom+R"][3], "not run")
            self.assertIn("Same direction as the paper on 1 of 2 placements compared.", text)
            # Experiments without records are listed, not dropped.
            self.assertIn("[Aktulga12] Table 2", text)

    def test_unknown_experiment_is_refused(self):
        result = subprocess.run([sys.executable, SCRIPT, "--only", "nope", "--report-only"], capture_output=True,
                                text=True)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("unknown experiment nope", result.stderr)


if __name__ == "__main__":
    unittest.main()
