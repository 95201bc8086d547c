#!/usr/bin/env python3
"""scripts/allocation_models.py against the real build (TAMP_BUILD: tamp-map and tamp-halo, which gives the task
graph): its table on a small torus, and its one-line refusals of bad options."""
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "scripts", "allocation_models.py")
BUILD = os.environ.get("TAMP_BUILD", "")
# The app answers its task graph as an Open MPI singleton, which refuses root without these.
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")


class AllocationModelsTest(unittest.TestCase):
    def setUp(self):
        if not os.access(os.path.join(BUILD, "mapping", "tools", "tamp-map"), os.X_OK):
            self.skipTest("TAMP_BUILD is not a build folder with tamp-map")

    def run_script(self, *args):
        return subprocess.run([sys.executable, SCRIPT, "--build", BUILD, *args], capture_output=True, text=True,
                              env=ENV)

    def test_table_per_model_and_size(self):
        done = self.run_script("--machine", "torus:8x8x8,cores=4", "--nodes", "16,64", "--chunk", "4", "--seeds", "3",
                               "--models", "ids,curve:0.5", "--placements", "default,geom-r")
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        self.assertEqual(lines[0], "| model | nodes | ranks | default (ms) | geom-r (ms) | geom-r speed-up |")
        rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]
        self.assertEqual([(r[0], r[1], r[2]) for r in rows],
                         [("ids", "16", "64"), ("ids", "64", "256"), ("curve:0.5", "16", "64"), ("curve:0.5", "64", "256")])
        for row in rows:
            mean, error = (float(v) for v in row[3].split(" ± "))
            self.assertGreater(mean, 0)
            self.assertGreaterEqual(error, 0)
            self.assertGreater(float(row[5]), 0)
        # The curve keeps a small job's nodes together: its launcher order communicates less than the id order's
        # spread over the whole machine.
        self.assertLess(float(rows[2][3].split(" ± ")[0]), float(rows[0][3].split(" ± ")[0]))
        # The same table on every run (the allocations are seeded).
        again = self.run_script("--machine", "torus:8x8x8,cores=4", "--nodes", "16,64", "--chunk", "4", "--seeds",
                                "3", "--models", "ids,curve:0.5", "--placements", "default,geom-r")
        self.assertEqual(again.stdout, done.stdout)

    def test_bad_options_are_one_line(self):
        for args, text in ((["--models", "hilbert"], "expected ids, curve or ORDER:DENSITY"),
                           (["--models", "curve:0"], "the density must be in (0, 1]"),
                           (["--nodes", "4,x"], "expected comma-separated node counts"),
                           (["--placements", "default"], "two different placements at least"),
                           (["--compute-ms", "inf"], "must be a finite number, 0 or more"),
                           (["--machine", "fattree:4x3,cores=4", "--nodes", "4", "--models", "curve"],
                            "needs a torus or mesh machine"),
                           (["--deck", "no-such.deck"], "no-such.deck"),
                           (["--nodes", "256,99999"], "99999 nodes on a machine of 9216")):
            done = self.run_script(*args)
            self.assertEqual(done.returncode, 2, args)
            self.assertEqual(len(done.stderr.strip().splitlines()), 1, done.stderr)
            self.assertIn(text, done.stderr)
            self.assertTrue(done.stderr.startswith("allocation_models.py: error: "), done.stderr)
            self.assertEqual(done.stdout, "", args)  # refused before the table starts


if __name__ == "__main__":
    unittest.main()
