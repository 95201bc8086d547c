#!/usr/bin/env python3
"""scripts/fidelity.py's page from kept results (--report-only, no simulation): stand-in results files for the
shipped [Deveci14] and [Aktulga12] experiments give speed-ups, communication shares and gains computed from them,
the engine of each row, the paper's speed-ups from its totals, "same direction" verdicts both ways, and "not run"
for rows without a record; the [Deveci14] Table III experiment's coefficients and verdicts from stand-in runs; the
[Bhatele10] WOCON experiment's spreads, verdicts and their separate count from stand-in records, and its cause
experiment's (a fitted constant) against them, left out of the count; the page is the same bytes every time and
reads nothing of --out. The results file's writer and reader (scripts/tamp_campaign/fidelity_results.py): stable
bytes, records from run reports, and one-line refusals naming a malformed file."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.normpath(os.path.join(HERE, "..", "..", "scripts"))
SCRIPT = os.path.join(SCRIPTS, "fidelity.py")
EXPERIMENTS = os.path.normpath(os.path.join(HERE, "..", "..", "inputs", "fidelity"))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, SCRIPTS)
from tamp_campaign import fidelity_results as results  # noqa: E402
import fidelity  # noqa: E402  (scripts/fidelity.py: the page's helpers)


def run_record(mapping, total, comm, ranks=4096, engine="flow", campaign="minighost.campaign", app="halo"):
    """A kept record of one stand-in run."""
    return {"campaign": campaign, "app": app, "ranks": ranks, "mapping": mapping, "engine": engine,
            "time": {"total": total, "comm": comm, "exchange": comm, "collective": 0.0},
            "hop_bytes": 1000.0, "max_link_load": 10.0, "date": "2026-01-02"}


def correlation_record(mapping, comm, metrics, ranks=512, allocation="cielo-32n-seed1"):
    """A kept record of one stand-in run of a correlation experiment: total time = comm + 1."""
    return {"allocation": allocation, "ranks": ranks, "mapping": mapping, "engine": "flow",
            "time": {"total": comm + 1.0, "comm": comm, "exchange": comm, "collective": 0.0},
            "metrics": dict(zip(results.CORRELATION_METRICS, metrics)), "date": "2026-01-02"}


def spread_record(partition, nodes, diff_pct, min_us, max_us, hops):
    """A kept record of one stand-in WOCON run: the master's partners at 1 hop have the least latency, those at
    `hops` the greatest."""
    return {"partition": partition, "nodes": nodes, "engine": "simgrid", "sizes": SPREAD_SIZES,
            "diff_pct": diff_pct, "latency_min_us": min_us, "latency_max_us": max_us,
            "latency_by_hops_us": {"1": min_us, str(hops): max_us}, "date": "2026-01-02"}


SPREAD_SIZES = [4, 64, 1024, 2048, 4096, 8192, 1048576]


def copy_experiments(tmp, names):
    """The shipped experiments `names`, without their results files, in tmp/experiments."""
    folder = os.path.join(tmp, "experiments")
    for name in names:
        shutil.copytree(os.path.join(EXPERIMENTS, name), os.path.join(folder, name),
                        ignore=shutil.ignore_patterns(results.NAME))
    return folder


def section(page, title):
    """The section of the page whose heading starts with `title`."""
    return next(s for s in page.split("\n## ") if s.startswith(title))


def table_rows(text):
    """{label: [cells after the label]} of the section's simulation table."""
    return {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]]
            for line in text.splitlines() if line.startswith("| ") and not line.startswith("| placement")}


class FidelityTest(unittest.TestCase):
    def report(self, experiments, doc, out=None):
        """fidelity.py --report-only: (exit status, stderr, the page's text or None)."""
        command = [sys.executable, SCRIPT, "--report-only", "--experiments", experiments, "--doc", doc]
        result = subprocess.run(command + (["--out", out] if out else []), capture_output=True, text=True)
        text = None
        if result.returncode == 0:
            with open(doc) as f:
                text = f.read()
        return result.returncode, result.stderr, text

    def assert_refused(self, cases):
        """Each (experiment.json, message) of `cases`, alone in a folder, is refused in one line holding the message,
        and no page is written."""
        with tempfile.TemporaryDirectory() as tmp:
            for experiment, message in cases:
                os.makedirs(os.path.join(tmp, "one"), exist_ok=True)
                with open(os.path.join(tmp, "one", "experiment.json"), "w") as f:
                    json.dump(experiment, f)
                status, stderr, _ = self.report(tmp, os.path.join(tmp, "f.md"))
                self.assertEqual(status, 2, message + ": " + stderr)
                self.assertEqual(len(stderr.splitlines()), 1, stderr)
                self.assertTrue(stderr.startswith("fidelity: error: "), stderr)
                self.assertIn(message, stderr)
                self.assertFalse(os.path.exists(os.path.join(tmp, "f.md")), message)

    def page(self, experiments, doc):
        status, stderr, text = self.report(experiments, doc)
        self.assertEqual(status, 0, stderr)
        return text

    def test_series_in_cores_where_every_scale_states_them(self):
        # [Bhatele10] Table 11.2's rows are cores: its last runs 4,096 ranks on 8,192 cores, so the series says cores.
        with tempfile.TemporaryDirectory() as tmp:
            names = ["bhatele10-stencil3d", "bhatele10-stencil3d-2048"]
            experiments = copy_experiments(tmp, names)
            for name, ranks in zip(names, (512, 2048)):
                results.write(os.path.join(experiments, name), "simulation", [
                    run_record(m, t, 0.5, ranks=ranks, campaign="stencil3d.campaign", app="stencil")
                    for m, t in (("default", 2.0), ("blocked", 1.0), ("auto", 1.0))])
            status, stderr, page = self.report(experiments, os.path.join(tmp, "f.md"), os.path.join(tmp, "out"))
            self.assertEqual(status, 0, stderr)
            self.assertIn("Speed-ups over RR at 512, 2,048 cores: TO the paper 1.67, 1.14 (falls), TAMP 2.00, 2.00",
                          " ".join(page.split()))

    def test_table_from_records(self):
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, ["deveci14-table2", "deveci14-table2-8192", "deveci14-table2-16384",
                                                 "aktulga12-table2", "aktulga12-table2-276"])
            results.write(os.path.join(experiments, "deveci14-table2-8192"), "simulation", [
                run_record("default", 2.0, 1.0, ranks=8192), run_record("group", 1.9, 0.9, ranks=8192)])
            results.write(os.path.join(experiments, "aktulga12-table2"), "simulation", [
                run_record("default", 2.0, 1.0, ranks=276, campaign="dm.campaign", app="lanczos", engine="simgrid"),
                run_record("default", 4.0, 3.0, ranks=276, campaign="dm-flow.campaign", app="lanczos"),
                run_record("cm", 2.0, 1.0, ranks=276, campaign="dm-flow.campaign", app="lanczos")])
            results.write(os.path.join(experiments, "deveci14-table2"), "simulation", [
                run_record("default", 2.0, 1.0),                    # the baseline (None)
                run_record("group", 1.6, 0.6, engine="simgrid"),    # faster, as in the paper
                run_record("geom", 2.5, 1.5)])                      # slower: the paper has Geom faster
            # An --out with other figures is not read.
            runs = os.path.join(tmp, "out", "deveci14-table2", "minighost", "runs")
            os.makedirs(runs)
            with open(os.path.join(runs, "halo-n4096-geom-r.jsonl"), "w") as f:
                f.write(json.dumps({"engine": "flow", "time": {"total": 1.0, "comm": 0.1}}) + "\n")
            status, stderr, page = self.report(experiments, os.path.join(tmp, "f.md"), os.path.join(tmp, "out"))
            self.assertEqual(status, 0, stderr)
            # The experiment's own section: other experiments (e.g. [Deveci14] at 8,192 ranks) have the same labels.
            text = section(page, "MiniGhost on a Cielo-like Cray XE6: None, Group, Geom, Geom+R, Geom+R+S")
            rows = table_rows(text)
            # Group: paper 6.07 / 5.70 = 1.06; TAMP 2.0 / 1.6 = 1.25, comm 0.6 / 1.6 = 37.5%, gain 1 - 0.6 / 1.0.
            # Time saved: the paper 1 - 5.70 / 6.07 = 6%, TAMP 1 - 1.6 / 2.0 = 20%: 14 points and 3.3 times apart.
            self.assertEqual(rows["Group"], ["SimGrid", "5.7", "13.9", "1.06", "1.6", "37.5", "1.25", "+40.0%",
                                             "1000", "10", "yes", "no (saves: paper 6%, TAMP 20%)"])
            self.assertEqual(rows["None"][0], "flow")
            self.assertEqual(rows["Geom"][6:8], ["0.80", "-50.0%"])
            self.assertEqual(rows["Geom"][-2], "no (paper faster, TAMP slower)")
            self.assertEqual(rows["Geom+R"][:5], ["-", "5.75", "13.6", "1.06", "not run"])
            self.assertIn("Same direction as the paper on 1 of 2 placements compared; time saved within 5 points or "
                          "a factor of 1.5 of the paper's on 0 of 2.", " ".join(text.split()))
            self.assertIn("Runs: 3 of 6 rows (SimGrid, flow (window not kept); 2026-01-02); 3 not run.", " ".join(text.split()))
            # The next scale names this one in its "series": Group's speed-ups at both, the paper's from its totals
            # (6.07 / 5.70, 6.40 / 5.91), TAMP's 2.0 / 1.6 and 2.0 / 1.9.
            bigger = " ".join(section(page, "MiniGhost on a Cielo-like Cray XE6 at 8,192 ranks").split())
            self.assertIn("Speed-ups over None at 4,096, 8,192 ranks: Group the paper 1.06, 1.08 (rises), TAMP 1.25, "
                          "1.05 (falls).", bigger)
            # The paper's time outside communication, 7.16 x 83.1% = 5.95 s for None at 16,384 ranks, 6.14 x 85.8% =
            # 5.27 s for Group (-11%): said below the table from the paper's figures alone (no record needed); at
            # 4,096 ranks none moves by more than 5%.
            self.assertIn("In the paper the time outside communication (total x (100 - comm %)) moves with the "
                          "placement: None 5.95 s, Group 5.27 s (-11%),",
                          " ".join(section(page, "MiniGhost on a Cielo-like Cray XE6 at 16,384 ranks").split()))
            self.assertNotIn("time outside communication", text)
            # Experiments without records are listed, not dropped; a total the paper does not print is not made up.
            paper_size = table_rows(section(page, "MFDn's Lanczos on a Hopper-like Cray XE6 at 276 ranks"))
            self.assertEqual(paper_size["BDM"][:5], ["-", "-", "30", "0.93", "not run"])
            self.assertEqual(paper_size["DM"][:5], ["-", "211", "24", "1.00", "not run"])
            akt = table_rows(section(page, "MFDn's Lanczos on a Hopper-like Cray XE6, the main job's matrix"))
            self.assertEqual(akt["DM"][:6], ["SimGrid", "-", "-", "-", "2", "50.0"])
            # A row with a baseline of its own: CM in the flow engine over DM in the flow engine (4.0 / 2.0, comm
            # gain 1 - 1.0 / 3.0), not over the experiment's baseline run by SimGrid (2.0 / 2.0).
            self.assertEqual(akt["CM (flow)"][:1] + akt["CM (flow)"][5:8], ["flow", "50.0", "2.00", "+66.7%"])
            self.assertEqual(akt["DM (flow)"][-2:], ["-", "-"])
            # The page's count over every experiment: Group, Geom (4,096), Group (8,192: the paper saves 8%, TAMP 5%)
            # compared; Group's trend over the series (rises in the paper, falls in TAMP) once, at 8,192.
            self.assertIn("the same direction as the paper on 2 of 3 placements compared; the time saved within the "
                          "experiment's band of the paper's on 1 of 3; the speed-up moving with the scale as the "
                          "paper's on 0 of 1 placements of a series.", " ".join(page.split()))
            # An experiment's own band: 15 points takes Group's 6% against 20%.
            path = os.path.join(experiments, "deveci14-table2", "experiment.json")
            with open(path) as f:
                experiment = json.load(f)
            with open(path, "w") as f:
                json.dump(dict(experiment, band={"points": 15, "factor": 1.5}), f)
            page = self.page(experiments, os.path.join(tmp, "f.md"))
            rows = table_rows(section(page, "MiniGhost on a Cielo-like Cray XE6: None, Group, Geom, Geom+R, Geom+R+S"))
            self.assertEqual(rows["Group"][-1], "yes")
            self.assertEqual(rows["Geom"][-1], "no (saves: paper 5%, TAMP -25%)")

    def test_averaged_rows_are_means_over_their_allocations(self):
        # [Deveci14] Table II at 4,096 ranks averages the paper's methods over 5 allocations (its "averaged"): each
        # row's figures are means over the allocations it ran on, its speed-up over None's mean on those same ones;
        # `auto` runs on the campaign's machine alone, over None's run there.
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, ["deveci14-table2"])
            seed2 = "cielo-256n-seed2.machine"
            results.write(os.path.join(experiments, "deveci14-table2"), "simulation", [
                run_record("default", 2.0, 1.0), dict(run_record("default", 4.0, 2.0), allocation=seed2),
                run_record("geom", 1.6, 0.6), dict(run_record("geom", 2.4, 1.0), allocation=seed2),
                run_record("geom-r", 1.8, 0.8),   # not run on seed 2: over None's run on the campaign's machine
                run_record("auto", 1.5, 0.5), dict(run_record("auto", 9.0, 9.0), allocation=seed2)])
            text = section(self.page(experiments, os.path.join(tmp, "f.md")), "MiniGhost on a Cielo-like Cray XE6:")
            rows = table_rows(text)
            # None: (2.0 + 4.0) / 2 = 3.0, comm 1.5 of it; Geom: 2.0, speed-up 3.0 / 2.0, comm gain 1 - 0.8 / 1.5.
            self.assertEqual(rows["None"][4:7], ["3", "50.0", "1.00"])
            self.assertEqual(rows["Geom"][4:8], ["2", "40.0", "1.50", "+46.7%"])
            self.assertEqual(rows["Geom+R"][4:7], ["1.8", "44.4", "1.11"])
            # auto is not averaged: its seed-2 record is not read; 2.0 / 1.5 on the campaign's machine.
            self.assertEqual(rows["auto (TAMP)"][4:7], ["1.5", "33.3", "1.33"])
            flat = " ".join(text.split())
            self.assertIn("are means over 5 allocations (the campaign's machine, `cielo-256n-seed2.machine`,", flat)
            self.assertIn("Speed-up over None on each allocation, in that order: Geom 1.250, 1.667, not run, not run, "
                          "not run; Geom+R 1.111, not run, not run, not run, not run.", flat)
            self.assertIn("auto (TAMP) ran on the campaign's machine alone", flat)
            # The campaign's own run is found apart from the same placement's run on another allocation.
            records = results.read(os.path.join(experiments, "deveci14-table2"), "simulation")
            row = {"campaign": "minighost.campaign", "app": "halo", "ranks": 4096, "mapping": "default"}
            self.assertEqual(results.find_run(records, row)["time"]["total"], 2.0)
            self.assertEqual(results.find_run(records, row, seed2)["time"]["total"], 4.0)
            # Experiments without rows (a latency spread) or without "averaged" run on no other allocation.
            spread, single = fidelity.load_experiments(EXPERIMENTS, ["bhatele10-wocon", "deveci14-table2-32768"])
            self.assertEqual(fidelity.averaged_campaigns(spread), [])
            self.assertEqual(fidelity.averaged_campaigns(single), [])
            averaged, = fidelity.load_experiments(experiments, ["deveci14-table2"])
            self.assertEqual([(m, maps) for _, m, maps in fidelity.averaged_campaigns(averaged)][0],
                             (seed2, ["default", "group", "geom", "geom-r", "geom-rs"]))
            # Malformed: a machine not beside the experiment, the baseline not averaged, a row that does not exist.
            path = os.path.join(experiments, "deveci14-table2", "experiment.json")
            with open(path) as f:
                experiment = json.load(f)
            for averaged, message in (({"machines": ["gone.machine"], "rows": ["None"]}, "gone.machine not found"),
                                      ({"machines": [seed2], "rows": ["Geom"]}, "the baseline's among them"),
                                      ({"machines": [seed2], "rows": ["None", "Nope"]}, "labels of rows")):
                with open(path, "w") as f:
                    json.dump(dict(experiment, averaged=averaged), f)
                status, stderr, _ = self.report(experiments, os.path.join(tmp, "g.md"))
                self.assertEqual(status, 2, stderr)
                self.assertEqual(len(stderr.splitlines()), 1, stderr)
                self.assertIn(message, stderr)

    def test_fitted_row_is_shown_and_not_counted(self):
        # A row fitted to the paper's figures agrees by construction: its verdicts read "fitted" and the summary
        # leaves it out (TO at 512 cores saves 75% against the paper's 40%: within no band, yet not a "no").
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, ["bhatele10-stencil3d"])
            folder = os.path.join(experiments, "bhatele10-stencil3d")
            results.write(folder, "simulation", [
                run_record(m, t, 0.5, ranks=512, campaign="stencil3d.campaign", app="stencil")
                for m, t in (("default", 2.0), ("blocked", 0.5), ("auto", 0.5))])
            path = os.path.join(folder, "experiment.json")
            with open(path) as f:
                experiment = json.load(f)
            for row in experiment["rows"]:
                row.pop("fitted", None)
            with open(path, "w") as f:
                json.dump(experiment, f)
            page = " ".join(self.page(experiments, os.path.join(tmp, "f.md")).split())
            self.assertIn("time saved within 5 points or a factor of 1.5 of the paper's on 0 of 1.", page)
            self.assertIn("band of the paper's on 0 of 1;", page)
            self.assertNotIn("Not counted", page)
            experiment["rows"][1]["fitted"] = "the array, to RR's and TO's times"
            with open(path, "w") as f:
                json.dump(experiment, f)
            text = self.page(experiments, os.path.join(tmp, "f.md"))
            rows = table_rows(text)
            self.assertEqual(rows["TO"][-2:], ["fitted", "fitted (saves: paper 40%, TAMP 75%)"])
            page = " ".join(text.split())
            self.assertIn("time saved within 5 points or a factor of 1.5 of the paper's on 0 of 0.", page)
            self.assertIn("Fitted to the paper, so not a verdict and not counted in the page's summary: TO, the "
                          "array, to RR's and TO's times.", page)
            self.assertIn("band of the paper's on 0 of 0; the speed-up moving with the scale as the paper's on 0 "
                          "of 0 placements of a series. Not counted: 1 placement fitted to the paper", page)
            for bad in ("", 3):
                experiment["rows"][1]["fitted"] = bad
                self.assert_refused([(experiment, "fitted of TO: a text")])

    def test_paper_communication_alone(self):
        # [Deveci14] Table II at 4K, 8K, 16K: Group's time outside communication in the paper moves by -11% at 16K
        # (7.16 x 83.1% = 5.95 s for None, 6.14 x 85.8% = 5.27 s for Group). Held at None's, the paper's Group
        # would take 5.95 + 6.14 x 14.2% = 6.82 s: a speed-up of 7.16 / 6.82 = 1.05 (saves 4.7%), against the 1.17
        # it prints (saves 14%). TAMP's Group: 2.10 / 2.00 = 1.05 (saves 4.8%): within the band of the first only.
        names = ["deveci14-table2", "deveci14-table2-8192", "deveci14-table2-16384"]
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, names)
            for name, ranks, group in zip(names, (4096, 8192, 16384), (2.04, 1.97, 2.00)):
                results.write(os.path.join(experiments, name), "simulation", [
                    run_record("default", 2.10, 1.0, ranks=ranks), run_record("group", group, 0.9, ranks=ranks)])
            raw = self.page(experiments, os.path.join(tmp, "f.md"))
            page = " ".join(raw.split())
            text = " ".join(section(raw, "MiniGhost on a Cielo-like Cray XE6 at 16,384 ranks").split())
            self.assertIn("Had the paper's time outside communication stayed at None's, its speed-ups would be "
                          "Group 1.05; TAMP's time saved is within the band of those on 1 of 1.", text)
            # In communication alone the paper's Group goes 6.07 / (5.09 + 0.79) = 1.03, 1.05, 1.05 (within 1%:
            # neither throughout), as TAMP's 1.03, 1.07, 1.05; its whole speed-up rises (1.06, 1.08, 1.17).
            self.assertIn("In communication alone (the paper's time outside communication held at None's at every "
                          "scale): Group the paper 1.03, 1.05, 1.05 (neither throughout); the same trend as TAMP's "
                          "on 1 of 1.", text)
            self.assertIn("TAMP's time saved is within the band of the paper's saving in communication alone (its "
                          "time outside communication held at the baseline's) on 1 of 1, against 0 of its whole "
                          "saving.", page)
            self.assertIn("its speed-up in communication alone moves with the scale as TAMP's on 1 of 1 placements "
                          "of a series, against 0 of its whole speed-up.", page)
            # At 4,096 ranks nothing moves by more than 5%: no such line.
            small = section(raw, "MiniGhost on a Cielo-like Cray XE6: None")
            self.assertNotIn("Had the paper's", small)

    def test_page_is_the_same_bytes_every_time(self):
        with tempfile.TemporaryDirectory() as tmp:
            first, second = os.path.join(tmp, "a.md"), os.path.join(tmp, "b.md")
            self.page(EXPERIMENTS, first)
            self.page(EXPERIMENTS, second)
            with open(first, "rb") as a, open(second, "rb") as b:
                self.assertEqual(a.read(), b.read())

    def test_shipped_page_is_the_scripts(self):
        # docs/fidelity.md is what --report-only writes from the kept results, to the byte (also a CTest of its own).
        with tempfile.TemporaryDirectory() as tmp:
            text = self.page(EXPERIMENTS, os.path.join(tmp, "fidelity.md"))
        with open(os.path.join(HERE, "..", "..", "docs", "fidelity.md")) as f:
            self.assertEqual(text, f.read())

    def test_paper_improvement_and_stated_direction(self):
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, ["bhatele10-stencil2d-16384", "bhatele10-stencil2d"])
            stencil = {"campaign": "stencil2d.campaign", "app": "stencil"}
            results.write(os.path.join(experiments, "bhatele10-stencil2d-16384"), "simulation", [
                run_record("default", 1.0, 0.5, ranks=16384, **stencil),
                run_record("fold", 1.1, 0.6, ranks=16384, **stencil)])
            results.write(os.path.join(experiments, "bhatele10-stencil2d"), "simulation", [
                run_record("default", 1.0, 0.5, ranks=1024, engine="simgrid", **stencil),
                run_record("fold", 0.8, 0.3, ranks=1024, engine="simgrid", **stencil)])
            page = self.page(experiments, os.path.join(tmp, "f.md"))
            big = table_rows(section(page, "2D stencil on a Blue Gene/P-like partition at 16,384 cores"))
            self.assertEqual(big["Folding"][3], "11% improvement")
            self.assertEqual(big["Folding"][-2:], ["no (paper faster, TAMP slower)", "no (saves: paper 11%, TAMP -10%)"])
            small_text = section(page, "2D stencil on a Blue Gene/P-like partition: folding")
            self.assertEqual(table_rows(small_text)["Folding"][3], "faster (no figure)")
            self.assertEqual(table_rows(small_text)["Folding"][-2:], ["yes", "-"])  # no figure: no magnitude
            self.assertIn("Paper figures not printed as numbers: Folding, section 9.4.1's text",
                          " ".join(small_text.split()))

    def test_comm_gain_and_series_printed_at_one_scale(self):
        # [Hoefler08]'s FFT: the paper prints its figures at 120 ranks only (2.5 s, 2.1 s, 90% less communication);
        # the series gives TAMP's trend and says where the paper's figure is, and counts no trend; the magnitude
        # column compares the shares of time saved; the paper's communication gain is printed beside TAMP's.
        names = ["hoefler08-fft-overlap", "hoefler08-fft-overlap-32", "hoefler08-fft-overlap-64",
                 "hoefler08-fft-overlap-120"]
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, names)
            for name, ranks, piped in zip(names, (16, 32, 64, 120), (0.8, 0.7, 0.6, 0.5)):
                results.write(os.path.join(experiments, name), "simulation", [
                    run_record("default", 1.0, 0.4, ranks=ranks, engine="simgrid", campaign="blocking.campaign",
                               app="fft"),
                    run_record("default", piped, 0.1, ranks=ranks, engine="simgrid", campaign="overlap.campaign",
                               app="fft")])
            page = self.page(experiments, os.path.join(tmp, "f.md"))
            title = "3D FFT with non-blocking collectives on an Odin-like InfiniBand cluster at 120 ranks"
            text = " ".join(section(page, title).split())
            self.assertIn("Speed-ups over Blocking at 16, 32, 64, 120 ranks: Pipelined non-blocking the paper 1.19 "
                          "at 120 ranks only, TAMP 1.25, 1.43, 1.67, 2.00 (rises).", text)
            # 1 - 2.1 / 2.5 = 16%; TAMP 1 - 0.5 / 1.0 = 50%, communication 1 - 0.1 / 0.4 = 75%.
            self.assertEqual(table_rows(section(page, title))["Pipelined non-blocking"][-1],
                             "no (saves: paper 16%, TAMP 50%)")
            self.assertIn("Communication time saved over Blocking: Pipelined non-blocking the paper 90%, TAMP 75.0%.",
                          text)
            self.assertIn("Same direction as the paper on 1 of 1 placements compared;", text)
            self.assertIn("on 0 of 0 placements of a series.", " ".join(page.split()))
            # The smaller scales have no paper figure.
            small = " ".join(section(page, "3D FFT with non-blocking collectives on an Odin-like InfiniBand cluster:")
                             .split())
            self.assertNotIn("Communication time saved", small)
            self.assertIn("Same direction as the paper on 0 of 0 placements compared;", small)

    def test_groups_table_from_records(self):
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, ["aktulga12-tables3-4"])
            dm = {"run": "dm", "column": {"D": 1.0, "T": 10.0, "X": 40.0}, "row": {"D": 1.0, "T": 10.0, "X": 40.0}}
            bcm = {"run": "bcm", "column": {"D": 0.0, "T": 0.0, "X": 0.0}, "row": {"D": 1.05, "T": 20.0, "X": 20.0}}
            big = {"run": "dm", "column": {"D": 2.0, "T": 5.0, "X": 40.0}, "row": {"D": 1.0, "T": 10.0, "X": 40.0}}
            results.write(os.path.join(experiments, "aktulga12-tables3-4"), "groups", [
                results.groups_record({"ranks": 276}, "sparse", [dm, bcm], "2026-01-02"),
                results.groups_record({"ranks": 1128}, "sparse", [dm], "2026-01-02"),
                results.groups_record({"ranks": 4560}, "sparse", [dm], "2026-01-02"),
                results.groups_record({"ranks": 18336}, "sparse", [big], "2026-01-02")])
            text = self.page(experiments, os.path.join(tmp, "f.md"))
            rows = {tuple(c.strip() for c in line.split("|")[2:4]): [c.strip() for c in line.split("|")[4:-1]]
                    for line in text.splitlines() if line.startswith("| 276 ")}
            # Paper test_276 BCM: column {0.0, 0, 0}, row {0.8, 14, 44} against DM's {0.9, 20, 56} and
            # {0.8, 21, 62}: column all lower (TAMP too); row D same (TAMP +5%: same), T and X lower (TAMP: higher, lower).
            self.assertEqual(rows[("sparse", "BCM")], ["5.5", "{0, 0, 0}", "{0.00, 0.0, 0}", "10.5", "{0.8, 14, 44}",
                                                    "{1.05, 20.0, 20}", "col 3/3, row 2/3"])
            self.assertEqual(rows[("sparse", "CM")][2], "-")  # no record for that ordering
            self.assertEqual(rows[("compact", "DM")][2], "not run")  # no record for that allocation
            self.assertIn("| 1,128 | compact | DM | 89 | {5.5, 24, 148} | not run |", text)
            flat = " ".join(text.split())
            self.assertIn("column groups on the sparse allocation 3 of 3; row groups on the sparse allocation 2 of 3",
                          flat)
            # The trend over the scales, in units of test_276's message (times 1, 1.7, 2.55, 3.4): column D
            # 1, 1.7, 2.55, 6.8 rises, T 10, 17, 25.5, 17 does not, X rises; the paper's D falls from 1,128 to
            # 4,560 ranks (5.5 to 2.1), its T and X rise. No compact records: no compact trend.
            self.assertIn("DM's column groups from 276 to 18,336 ranks, D, T, X: the paper neither throughout, rises, "
                          "rises; TAMP sparse rises, neither throughout, rises (at every step", flat)

    def test_correlation_table_from_records(self):
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, ["deveci14-table3"])
            # Metrics avg_hops, max_congestion, hop_bytes, congestion (constant: no coefficient), predicted_comm.
            results.write(os.path.join(experiments, "deveci14-table3"), "correlation", [
                correlation_record("default", 1.0, [1, 2, 4, 7, 1]),
                correlation_record("geom", 2.0, [2, 4, 3, 7, 2]),
                correlation_record("random", 3.0, [3, 6, 2, 7, 3]),
                correlation_record("auto", 4.0, [5, 8, 1, 7, 4])])
            text = section(self.page(experiments, os.path.join(tmp, "f.md")), "MiniGhost's communication time")
            rows = {line.split("|")[1].strip().split(" (")[0]: [c.strip() for c in line.split("|")[2:-1]]
                    for line in text.splitlines() if line.startswith("| ") and not line.startswith("| metric")}
            # avg_hops 1, 2, 3, 5 against 1, 2, 3, 4: r = 6.5 / sqrt(8.75 x 5) = 0.983, ranks the same: 1.000.
            self.assertEqual(rows["average hop count"], ["0.835", "0.983", "1.000", "0.760", "0.983", "1.000"])
            self.assertEqual(rows["max congestion"], ["0.915", "1.000", "1.000", "0.872", "1.000", "1.000"])
            self.assertEqual(rows["measured max stalls"], ["0.936", "not measured", "not measured", "0.886",
                                                           "not measured", "not measured"])
            self.assertEqual(rows["hop-bytes"], ["-", "-1.000", "-1.000", "-", "-1.000", "-1.000"])
            self.assertEqual(rows["busiest link's bytes per relative capacity"], ["-"] * 6)
            flat = " ".join(text.split())
            self.assertIn("Max congestion correlates better than average hop count (Pearson) with max comm time: the "
                          "paper yes (0.915 against 0.835), TAMP yes (1.000 against 0.983);", flat)
            self.assertIn("TAMP has the paper's order on 2 of 2.", flat)
            # 0.983 - 0.835 = +0.148 (out), 1 - 0.915 = +0.085 (in), +0.223 and +0.128 (out).
            self.assertIn("Same sign as the paper: 4 of 4 coefficients. Within 0.1 of the paper's: 1 of 4 (TAMP minus "
                          "the paper: average hop count with max comm time +0.148; max congestion with max comm time "
                          "+0.085;", flat)
            self.assertIn("512 ranks (4 runs): average hop count 0.983, max congestion 1.000, hop-bytes -1.000, bytes "
                          "per capacity -, predicted time 1.000.", flat)
            self.assertIn("Pearson's r of total time with max comm time over all runs: 1.000.", flat)
            self.assertIn("Runs: 4 (4 placements, 1 of 15 allocations, 512 ranks; flow (window not kept); 2026-01-02).", flat)
            # Without records: every coefficient of TAMP's "not run", the paper's kept.
            os.remove(os.path.join(experiments, "deveci14-table3", results.NAME))
            text = section(self.page(experiments, os.path.join(tmp, "f.md")), "MiniGhost's communication time")
            self.assertIn("| 0.835 | not run |  | 0.760 | not run |  |", text)
            self.assertIn("Not run: no kept results (results.json).", text)

    def test_malformed_correlation_experiment_is_refused(self):
        with open(os.path.join(EXPERIMENTS, "deveci14-table3", "experiment.json")) as f:
            good = json.load(f)
        allocation = good["allocations"][0]
        cases = [(dict(good, allocations=[]), "allocations must be a list of objects with a machine file and ranks"),
                 (dict(good, allocations=[dict(allocation, ranks=True)]), "allocations must be a list"),
                 (dict(good, allocations=[allocation, dict(allocation)]), "two allocations have machine files"),
                 (dict(good, campaign={"file": "a.campaign", "decks": "d", "launcher": "srun"}),
                  "campaign must be an object with file and decks"),
                 (dict(good, band=0), "band must be a number in (0, 2], not 0"),
                 (dict(good, exchange_graph=None), "exchange_graph must be a string"),
                 (dict(good, paper={"comm": {"avg_hops": 1.5}}), "paper must give, for comm and total"),
                 (dict(good, paper={"wall": {}}), "paper must give"),
                 ({k: v for k, v in good.items() if k != "band"}, "correlation experiment without band")]
        self.assert_refused(cases)

    def test_latency_spread_table_and_verdicts(self):
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, ["bhatele10-wocon"])
            ones = [1.0] * len(SPREAD_SIZES)
            # 512 nodes: 64 B 20% (1.0 us at 1 hop, 1.2 at 12), the paper's 19: within 5 points; falls from 4 B to
            # 1 MB, with a kink at 2 KB (15, 16, 12). 1,024 nodes: 64 B 45% against 27 (18 points, a factor 1.67:
            # out); up to 8 KB in the paper's 10-30% at 1, 2 and 4 KB only; rises from 50 at 4 B to 60 at 1 MB.
            small = spread_record("8x8x8", 512, [25, 20, 15, 16, 12, 11, 1], ones, [1.25, 1.2, 1.15, 1.16, 1.12, 1.11,
                                                                               1.01], 12)
            large = spread_record("8x8x16", 1024, [50, 45, 25, 20, 12, 8, 60], ones, [1.5, 1.45, 1.25, 1.2, 1.12,
                                                                                     1.08, 1.6], 16)
            folder = os.path.join(experiments, "bhatele10-wocon")
            results.write(folder, "latency-spread", [small, large])
            page = self.page(experiments, os.path.join(tmp, "f.md"))
            text = section(page, "WOCON on Blue Gene/P-like partitions")
            self.assertIn("| 64 B | 19 | 20.0 | 1.00 (1 hop), 1.20 (12 hops) | 27 | 45.0 | 1.00 (1 hop), 1.45 (16 hops) |",
                          text)
            self.assertIn("| 1 MB | - | 1.0 | 1.00 (1 hop), 1.01 (12 hops) | - | 60.0 |", text)
            self.assertIn("| 8 KB | - | 11.0 | 1.00 (1 hop), 1.11 (12 hops) | 10-30 (range) | 8.0 |", text)
            flat = " ".join(text.split())
            self.assertIn("64 B on 8x8x8 (512 nodes) the paper 19, TAMP 20.0: yes; 64 B on 8x8x16 (1,024 nodes) the "
                          "paper 27, TAMP 45.0: no.", flat)
            self.assertIn("TAMP's % difference is in it at 3 of 6 sizes (1 KB, 2 KB, 4 KB), from 8.0 to 50.0", flat)
            self.assertIn("at 64 B the paper rises (19 to 27), TAMP rises (20.0 to 45.0): the same trend.", flat)
            self.assertIn("on 8x8x8 (512 nodes) from 25.0 at 4 B to 1.0 at 1 MB, falling at 5 of 6 steps: yes; on "
                          "8x8x16 (1,024 nodes) from 50.0 at 4 B to 60.0 at 1 MB, falling at 5 of 6 steps: no.", flat)
            self.assertIn("on 8x8x8 (512 nodes) 15.0, 16.0, 12.0 at 1 KB, 2 KB, 4 KB (a kink); on 8x8x16 (1,024 nodes) "
                          "25.0, 20.0, 12.0 at 1 KB, 2 KB, 4 KB (no kink).", flat)
            # 0.2 us over 11 hops = 18 ns per hop; 19% of 1.0 us needs 11 x 0.0182 / 0.19 = 1.05 us, or 17 ns.
            self.assertIn("on 8x8x8 (512 nodes) at 64 B, 18 ns per hop over 11 hops from 1.00 us; the paper's 19% "
                          "needs a least latency of 1.05 us at that latency per hop, or 17 ns per hop", flat)
            # Counted apart from the placements: 64 B yes, 64 B no, range no; trend 1 of 1; with size 1 of 2.
            summary = " ".join(page.split("\n## ")[0].split())
            self.assertIn("within the band or range of the paper's on 1 of 3 figures compared; moving from partition "
                          "to partition as the paper's on 1 of 1; moving with the message size as the paper says on 1 "
                          "of 2 partitions.", summary)
            # One partition without a record: "not run", and no trend over the partitions.
            results.write(folder, "latency-spread", [large])
            text = section(self.page(experiments, os.path.join(tmp, "f.md")), "WOCON on Blue Gene/P-like partitions")
            self.assertIn("| 64 B | 19 | not run |  | 27 | 45.0 |", text)
            self.assertNotIn("the same trend", text)
            self.assertIn("Runs: 1 of 2 partitions (SimGrid; 2026-01-02).", " ".join(text.split()))
            # A malformed record is refused in one line naming the file.
            results.write(folder, "latency-spread", [dict(large, diff_pct=[1.0])])
            status, stderr, _ = self.report(experiments, os.path.join(tmp, "f.md"))
            self.assertEqual(status, 2, stderr)
            self.assertIn("record 1: sizes, diff_pct", stderr)

    def test_cause_experiment_is_compared_and_not_counted(self):
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, ["bhatele10-wocon", "bhatele10-wocon-software-cost"])
            ones = [1.0] * len(SPREAD_SIZES)
            # The runs without the cost: 64 B 20% on 512 nodes (within the paper's 19), 45% on 1,024 (out).
            small = spread_record("8x8x8", 512, [25, 20, 15, 16, 12, 11, 1], ones, [1.25, 1.2, 1.15, 1.16, 1.12, 1.11,
                                                                               1.01], 12)
            large = spread_record("8x8x16", 1024, [50, 45, 25, 20, 12, 8, 60], ones, [1.5, 1.45, 1.25, 1.2, 1.12,
                                                                                     1.08, 1.6], 16)
            results.write(os.path.join(experiments, "bhatele10-wocon"), "latency-spread", [small, large])

            def costed(record, cost):
                """The same record with `cost` us more on every latency."""
                low = [v + cost for v in record["latency_min_us"]]
                high = [v + cost for v in record["latency_max_us"]]
                return dict(record, latency_min_us=low, latency_max_us=high,
                            diff_pct=[100 * (b - a) / a for a, b in zip(low, high)],
                            latency_by_hops_us={h: [v + cost for v in values]
                                                for h, values in record["latency_by_hops_us"].items()})
            # 2 us more: 64 B 0.2 / 3.0 = 6.7% on 512 nodes (fitted: not a verdict, though out of the band), 0.45 /
            # 3.0 = 15.0% on 1,024 (the paper's 27: out by 12 points and a factor 1.8).
            results.write(os.path.join(experiments, "bhatele10-wocon-software-cost"), "latency-spread",
                          [costed(small, 2.0), costed(large, 2.0)])
            page = self.page(experiments, os.path.join(tmp, "f.md"))
            base = " ".join(section(page, "WOCON on Blue Gene/P-like partitions").split())
            self.assertIn("The cause experiment below, `bhatele10-wocon-software-cost`, runs the same with one "
                          "change: a software cost of", base)
            self.assertIn("with it TAMP's % difference is 6.7 at 64 B on 8x8x8 (fitted), 15.0 at 64 B on 8x8x16 (the "
                          "paper 27).", base)
            text = " ".join(section(page, "WOCON with a software cost per message").split())
            self.assertIn("64 B on 8x8x8 (512 nodes) the paper 19, TAMP 6.7: fitted to it, not a verdict; 64 B on "
                          "8x8x16 (1,024 nodes) the paper 27, TAMP 15.0: no.", text)
            # The fit from the runs without the cost: 0.2 / 0.19 - 1.0 = 0.05 us.
            self.assertIn("bhatele10-wocon's least and greatest latency there, 1.00 and 1.20 us, give the paper's 19% "
                          "with (max - min) / 0.19 - min = 0.05 us more per message.", text)
            self.assertIn("Against bhatele10-wocon (the same runs without the change): on 8x8x8 (512 nodes) the mean "
                          "latency at every hop count and size rises by 2.00 to 2.00 us, the % difference at 64 B "
                          "from 20.0 to 6.7; on 8x8x16 (1,024 nodes)", text)
            # The summary counts the runs without the cost only (64 B yes, 64 B no, range no; trend 1 of 1; with
            # size 1 of 2), and names the fitted experiment.
            summary = " ".join(page.split("\n## ")[0].split())
            self.assertIn("within the band or range of the paper's on 1 of 3 figures compared; moving from partition "
                          "to partition as the paper's on 1 of 1; moving with the message size as the paper says on 1 "
                          "of 2 partitions. Not counted: `bhatele10-wocon-software-cost`, a cause experiment with a "
                          "constant fitted to one of the paper's figures", summary)
        with open(os.path.join(EXPERIMENTS, "bhatele10-wocon-software-cost", "experiment.json")) as f:
            good = json.load(f)
        without = {k: v for k, v in good.items() if k != "cause_of"}
        self.assert_refused([
            (without, "change and fitted need cause_of"),
            (dict(good, change=3.88), "cause_of must name an experiment and change say what differs"),
            (dict(good, fitted={"partition": "8x8x8", "bytes": 128}), "fitted must be"),
            (dict(good, fitted={"partition": ["8x8x8"], "bytes": 64}), "fitted must be"),
            (good, "cause_of must name another latency-spread experiment (not a cause experiment), not "
                   "\"bhatele10-wocon\"")])

    def test_simulation_cause_experiment_is_compared_and_not_counted(self):
        # Folding at 16,384 cores on 16x16x16 nodes and, in its cause experiment, on 16x8x32: each section says what
        # the change does to each placement's time saved over TXYZ, and the summary counts the first only.
        names = ["bhatele10-stencil2d-16384", "bhatele10-stencil2d-16384-shape"]
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, names + ["bhatele10-stencil2d"])  # the first's series
            for name, fold, auto in zip(names, (1.92, 1.6), (1.9, 1.6)):
                results.write(os.path.join(experiments, name), "simulation", [
                    run_record(m, t, 0.5, ranks=16384, campaign="stencil2d.campaign", app="stencil")
                    for m, t in (("default", 2.0), ("fold", fold), ("auto", auto))])
            page = self.page(experiments, os.path.join(tmp, "f.md"))
            moves = "Folding 4.0% and 20.0% (the paper 11%); auto (TAMP) 5.0% and 20.0%."
            base = " ".join(section(page, "2D stencil on a Blue Gene/P-like partition at 16,384 cores: folding").split())
            self.assertIn("The cause experiment below, `bhatele10-stencil2d-16384-shape`, runs the same with one change: "
                          "a 16x8x32 partition of 4,096 nodes instead of 16x16x16", base)
            self.assertIn("Time saved over TXYZ without and with it: " + moves, base)
            cause = " ".join(section(page, "2D stencil on a Blue Gene/P-like partition at 16,384 cores of another "
                                           "shape").split())
            self.assertIn("Against `bhatele10-stencil2d-16384` (the same runs without the change), time saved over TXYZ "
                          "without and with the change: " + moves, cause)
            self.assertEqual(table_rows(cause.replace("| |", "|\n|"))["Folding"][-1], "no (saves: paper 11%, TAMP 20%)")
            summary = " ".join(page.split("\n## ")[0].split())
            self.assertIn("the same direction as the paper on 1 of 1 placements compared; the time saved within the "
                          "experiment's band of the paper's on 0 of 1;", summary)
            self.assertIn("Not counted either: `bhatele10-stencil2d-16384-shape`, a cause experiment", summary)
            # Its magnitudes are given apart, beside the same placements' without the change.
            self.assertIn("With their change, their time saved is within the band of the paper's on 0 of 1 "
                          "placements, against 0 of the same 1 without it.", summary)
            # Without the runs of the experiment it repeats, the change's effect is not stated.
            os.remove(os.path.join(experiments, names[0], results.NAME))
            page = " ".join(self.page(experiments, os.path.join(tmp, "f.md")).split())
            self.assertIn("without and with it: not run in both.", page)
            self.assertIn("on 0 of 1 placements (1 of them without a verdict in the runs they repeat).", page)
        with open(os.path.join(EXPERIMENTS, names[1], "experiment.json")) as f:
            good = json.load(f)
        self.assert_refused([
            ({k: v for k, v in good.items() if k != "cause_of"}, "change and fitted need cause_of"),
            (dict(good, change=["16x8x32"]), "cause_of must name an experiment and change say what differs"),
            (dict(good, fitted={"partition": "16x8x32", "bytes": 64}), "fitted is a latency-spread experiment's"),
            (good, "cause_of must name another simulation experiment (not a cause experiment), not "
                   "\"bhatele10-stencil2d-16384\"")])
        # A cause experiment that names one of another kind, or another cause experiment, is refused.
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, names + ["bhatele10-stencil2d", "bhatele10-wocon",
                                                         "bhatele10-wocon-software-cost"])
            for cause_of in ("bhatele10-wocon", names[1]):
                with open(os.path.join(experiments, names[1], "experiment.json"), "w") as f:
                    json.dump(dict(good, cause_of=cause_of), f)
                status, stderr, _ = self.report(experiments, os.path.join(tmp, "f.md"))
                self.assertEqual(status, 2, stderr)
                self.assertIn(f"cause_of must name another simulation experiment (not a cause experiment), not "
                              f"\"{cause_of}\"", stderr)

    def test_malformed_latency_spread_experiment_is_refused(self):
        with open(os.path.join(EXPERIMENTS, "bhatele10-wocon", "experiment.json")) as f:
            good = json.load(f)
        partition = good["partitions"][0]
        cases = [(dict(good, partitions=[]), "partitions must be a list of objects with a label"),
                 (dict(good, partitions=[dict(partition, campaign="x.campaign")]), "partitions must be a list"),
                 (dict(good, partitions=[dict(partition, ranks=True)]), "partitions must be a list"),
                 (dict(good, partitions=[dict(partition, paper={"64B": 19})]), "paper of partition 8x8x8"),
                 (dict(good, partitions=[dict(partition, paper_range={"up_to": 8192, "low": 30, "high": 10})]),
                  "paper of partition 8x8x8"),
                 (dict(good, with_size="down"), "with_size must be one of falls, rises"),
                 (dict(good, kink_bytes="2 KB"), "kink_bytes must be a message size in bytes"),
                 (dict(good, campaigns=[{"file": "wocon-512.campaign"}]), "campaigns must be a list of objects"),
                 (dict(good, band={"points": 5}), "band must be"),
                 ({k: v for k, v in good.items() if k != "with_size"}, "latency-spread experiment without with_size")]
        self.assert_refused(cases)

    def test_correlation_record_keeps_the_runs_metrics(self):
        report = {"engine": "flow", "ranks": 512, "mapping": "geom",
                  "time": {"total": 3.0, "comm": 1.0, "exchange": 0.75, "collective": 0.25, "compute": 2.0},
                  "metrics": {"hop_bytes": 512.0, "max_congestion": 128.0, "predicted_comm_time": 9.0,
                              "phases": [{"count": 1.0, "predicted_time": 0.5}, {"count": 40.0, "predicted_time": 0.01}]}}
        exchange = {"avg_dilation": 1.5, "max_link_load": 300.0, "messages": 10, "total_bytes": 1000.0}
        record = results.correlation_record("cielo-32n-seed1", report, exchange, 86400 * 365)
        # max congestion: 300 bytes over 100 a message = 3 messages; predicted: 0.5 + 40 x 0.01, not the engine's 9.
        self.assertEqual(record, {"allocation": "cielo-32n-seed1", "ranks": 512, "mapping": "geom", "engine": "flow",
                                  "time": {"total": 3.0, "comm": 1.0, "exchange": 0.75, "collective": 0.25},
                                  "metrics": {"avg_hops": 1.5, "max_congestion": 3.0, "hop_bytes": 512.0,
                                              "congestion": 128.0, "predicted_comm": 0.9},
                                  "date": "1971-01-01"})
        self.assertIsNone(results.check_correlation(record))
        self.assertIn("metrics must hold", results.check_correlation(dict(record, metrics={"avg_hops": 1.0})))
        self.assertIn("engine", results.check_correlation(dict(record, engine="srun")))
        with tempfile.TemporaryDirectory() as tmp:
            results.write(tmp, "correlation", [record])
            self.assertEqual(results.read(tmp, "correlation"), [record])
            with self.assertRaisesRegex(results.ResultsError, "not a simulation results file"):
                results.read(tmp, "simulation")

    def test_malformed_results_file_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, ["deveci14-table2"])
            path = os.path.join(experiments, "deveci14-table2", results.NAME)
            for text, message in [("{", "Expecting"), ('{"format": 1, "kind": "groups", "records": []}',
                                                       "not a simulation results file"),
                                  (results.dumps({"format": 1, "kind": "simulation", "records": [{"app": "halo"}]}),
                                   "record 1: without campaign")]:
                with open(path, "w") as f:
                    f.write(text)
                status, stderr, _ = self.report(experiments, os.path.join(tmp, "f.md"))
                self.assertEqual(status, 2, stderr)
                self.assertEqual(len(stderr.strip().splitlines()), 1, stderr)
                self.assertTrue(stderr.startswith(f"fidelity: error: {path}: "), stderr)
                self.assertIn(message, stderr)
                self.assertFalse(os.path.exists(os.path.join(tmp, "f.md")))

    def test_results_file_round_trip_and_stable_bytes(self):
        with tempfile.TemporaryDirectory() as tmp:
            records = [run_record("default", 2.0, 1.0), run_record("geom", 1.5, 0.5)]
            path = results.write(tmp, "simulation", records)
            self.assertEqual(path, os.path.join(tmp, "results.json"))
            with open(path) as f:
                text = f.read()
            self.assertEqual(text, results.dumps({"records": records, "kind": "simulation", "format": 1}))
            self.assertTrue(text.endswith("}\n"))
            self.assertLess(text.index('"format"'), text.index('"kind"'))  # sorted keys
            self.assertEqual(results.read(tmp, "simulation"), records)
            self.assertEqual(results.find_run(records, {"campaign": "minighost.campaign", "app": "halo",
                                                        "ranks": 4096, "mapping": "geom"}), records[1])
            self.assertIsNone(results.find_run(records, {"campaign": "minighost.campaign", "app": "halo",
                                                         "ranks": 8192, "mapping": "geom"}))
            self.assertEqual(results.read(os.path.join(tmp, "none"), "simulation"), [])  # no file: no records
            with self.assertRaisesRegex(results.ResultsError, "results.json: not a groups results file"):
                results.read(tmp, "groups")

    def test_run_record_keeps_the_reports_figures(self):
        report = {"engine": "simgrid", "time": {"total": 3.0, "comm": 1.0, "exchange": 0.75, "collective": 0.25,
                                                "compute": 2.0},
                  "metrics": {"hop_bytes": 512.0, "max_link_load": 64.0, "messages": 9}, "verified": True}
        row = {"app": "stencil", "ranks": 64, "mapping": "fold", "label": "Folding"}
        record = results.run_record("a.campaign", row, report, 86400 * 365)
        self.assertEqual(record, {"campaign": "a.campaign", "app": "stencil", "ranks": 64, "mapping": "fold",
                                  "engine": "simgrid", "hop_bytes": 512.0, "max_link_load": 64.0, "date": "1971-01-01",
                                  "time": {"total": 3.0, "comm": 1.0, "exchange": 0.75, "collective": 0.25}})
        self.assertIsNone(results.check_run(record))
        # "statistic": "mean" keeps the ranks' mean of each time (time_stats), not the slowest rank's.
        stats = {k: {"min": 0.5 * v, "mean": 0.75 * v, "max": v} for k, v in report["time"].items()}
        mean = results.run_record("a.campaign", row, dict(report, time_stats=stats), 86400 * 365, "mean")
        self.assertEqual(mean["time"], {"total": 2.25, "comm": 0.75, "exchange": 0.5625, "collective": 0.1875})
        self.assertIn("engine", results.check_run(dict(record, engine="mpirun")))
        self.assertIn("time must hold", results.check_run(dict(record, time={"total": "1"})))
        # The flow engine's record keeps its window; SimGrid's has none.
        window = {"delta": 1e-4, "quantum": 2e-7, "changes": 0.002}
        flow = results.run_record("a.campaign", row, dict(report, engine="flow",
                                                          results={"flow_engine": dict(window, solves=7)}), 0)
        self.assertEqual(flow["window"], window)
        self.assertNotIn("window", record)
        self.assertIsNone(results.check_run(flow))
        self.assertIn("window must hold", results.check_run(dict(flow, window={"delta": 1e-4})))
        self.assertEqual(fidelity.engines_of([flow, record, dict(flow, window=dict(window, changes=0.005)), flow]),
                         ["SimGrid", "flow (delta 0.0001, quantum 2e-07 s, changes 0.002; delta 0.0001, "
                                     "quantum 2e-07 s, changes 0.005)"])
        unkept = {k: v for k, v in flow.items() if k != "window"}
        self.assertEqual(fidelity.engines_of([unkept, flow]),
                         ["flow (delta 0.0001, quantum 2e-07 s, changes 0.002; window not kept)"])
        groups = results.groups_record({"ranks": 276}, "compact", [{"run": "dm", "column": {"D": 1, "T": 2, "X": 3},
                                                                    "row": {"D": 4, "T": 5, "X": 6}, "links": 7}],
                                       "2026-01-02")
        self.assertEqual(groups["orderings"], [{"run": "dm", "column": {"D": 1, "T": 2, "X": 3},
                                                "row": {"D": 4, "T": 5, "X": 6}}])
        self.assertIsNone(results.check_groups(groups))
        self.assertIsNotNone(results.check_groups(dict(groups, orderings=[{"run": "dm"}])))

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
            row = good["rows"][0]
            cases = [(["--jobs", "0"], None, "argument --jobs: 0 is below 1"),
                     (["--jobs", "-3"], None, "argument --jobs: -3 is below 1"),
                     (["--out", a_file], None, "argument --out: " + a_file + " is a file, not a folder"),
                     (["--doc", tmp], None, "argument --doc: " + tmp + " is a folder, not a file"),
                     (["--doc", os.path.join(a_file, "f.md")], None, "argument --doc"),
                     (["--only", "nope"], good, "unknown experiment nope"),
                     ([], dict(good, timeout=float("nan")), "timeout must be a number of seconds > 0, not NaN"),
                     ([], dict(good, timeout="600"), 'timeout must be a number of seconds > 0, not "600"'),
                     ([], dict(good, timeout=0), "timeout must be a number of seconds > 0, not 0"),
                     ([], dict(good, cores=0), "cores must be a whole number of cores >= 1, not 0"),
                     ([], dict(good, cores=512.0), "cores must be a whole number of cores >= 1, not 512.0"),
                     ([], dict(good, rows={"A": 1}), "rows must be a list of objects"),
                     ([], dict(good, campaigns=[{"file": "a.campaign"}]), "incomplete row, campaign or scale"),
                     ([], dict(good, campaigns=[{"file": "a.campaign", "decks": "d", "launcher": "mpirun"}]),
                      "launcher mpirun is not one of sim, flow"),
                     ([], dict(good, rows=[dict(row, paper={"speedup": "1.1"})]), "paper of A: an object of numbers"),
                     ([], dict(good, rows=[dict(row, paper={"reading": 1.1})]), "paper of A"),
                     ([], dict(good, rows=[dict(row, paper={"direction": "up"})]), "paper of A"),
                     ([], dict(good, title=["t"]), "title must be a string"),
                     ([], dict(good, series=["one"]), "series must be a list of other simulation experiments"),
                     ([], dict(good, series="two"), "series must be a list of other simulation experiments"),
                     ([], dict(good, differences="none"), "differences must be a list of strings"),
                     ([], dict(good, band={"points": 5}), "band must be"),
                     ([], dict(good, statistic="median"), "statistic must be one of max, mean"),
                     ([], dict(good, in_full_run="no"), "in_full_run must be true or false"),
                     ([], dict(good, cpu_minutes=-1), "cpu_minutes must be a number of minutes >= 0, not -1"),
                     ([], dict(good, cpu_minutes="5"), 'cpu_minutes must be a number of minutes >= 0, not "5"'),
                     (["--run-only", "--report-only"], None, "not allowed with argument"),
                     ([], dict(good, band={"points": 5, "factor": 0.5}), "band must be"),
                     ([], dict(good, rows=[dict(row, baseline="B")]), "the baseline of row A is not one of the rows")]
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

    def test_experiment_out_of_the_full_run_is_not_run(self):
        # "in_full_run": false: a run without --only leaves it (and its kept results) alone; no campaign starts (the
        # build folder does not exist) and the page is written.
        with tempfile.TemporaryDirectory() as tmp:
            experiments = copy_experiments(tmp, ["deveci14-table2-65536"])
            path = os.path.join(experiments, "deveci14-table2-65536", "experiment.json")
            with open(path) as f:
                experiment = json.load(f)
            del experiment["series"]  # its smaller scales are not copied
            experiment["in_full_run"] = False
            with open(path, "w") as f:
                json.dump(experiment, f)
            result = subprocess.run([sys.executable, SCRIPT, "--experiments", experiments, "--build",
                                     os.path.join(tmp, "no-build"), "--out", os.path.join(tmp, "out"), "--doc",
                                     os.path.join(tmp, "f.md")], capture_output=True, text=True)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertIn('deveci14-table2-65536 not run ("in_full_run": false', result.stdout)
            self.assertFalse(os.path.exists(os.path.join(tmp, "out")))
            self.assertTrue(os.path.exists(os.path.join(tmp, "f.md")))

    def test_experiments_side_by_side(self):
        # Several experiments and --jobs 2: each runs as a child (--only NAME --jobs 1 --run-only) with its output in
        # OUT/NAME.log, the most cpu_minutes first; a failed campaign (no build folder) is the child's to report, and
        # the page is written once, by the parent. --run-only writes no page.
        with tempfile.TemporaryDirectory() as tmp:
            names = ["hoefler08-fft-overlap", "hoefler08-fft-overlap-32"]
            experiments = copy_experiments(tmp, names)
            for name, minutes in zip(names, (1, 5)):
                path = os.path.join(experiments, name, "experiment.json")
                with open(path) as f:
                    experiment = json.load(f)
                experiment["cpu_minutes"] = minutes
                experiment.pop("series", None)  # its other scales are not copied
                with open(path, "w") as f:
                    json.dump(experiment, f)
            out, doc = os.path.join(tmp, "out"), os.path.join(tmp, "f.md")
            command = [sys.executable, SCRIPT, "--experiments", experiments, "--build", os.path.join(tmp, "no-build"),
                       "--out", out, "--doc", doc, "--jobs", "2"]
            result = subprocess.run(command, capture_output=True, text=True)
            self.assertEqual(result.returncode, 0, result.stderr)
            lines = result.stdout.splitlines()
            self.assertTrue(lines[0].startswith("fidelity: 2 experiments, 2 at a time"), result.stdout)
            self.assertEqual(lines[1:3], ["  hoefler08-fft-overlap-32 (about 5 min)",
                                          "  hoefler08-fft-overlap (about 1 min)"])
            for name in names:
                self.assertEqual(sum(line.startswith(f"fidelity: {name} took ") for line in lines), 1, result.stdout)
                with open(os.path.join(out, name + ".log")) as f:
                    log = f.read()
                self.assertIn(f"== {name}: ", log)
                self.assertIn("had failures", log)
                self.assertNotIn("wrote " + doc, log)
            self.assertTrue(os.path.exists(doc))
            os.remove(doc)
            result = subprocess.run(command + ["--run-only"], capture_output=True, text=True)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertFalse(os.path.exists(doc))

    def test_spread_record_keeps_the_wocon_figures(self):
        report = {"engine": "simgrid", "ranks": 512, "results": {"sizes": [4, 64], "phases": [{
            "name": "wocon", "diff_pct": [86.1, 76.8], "latency_min_us": [1.1, 1.3], "latency_max_us": [2.1, 2.3],
            "latency_us": [1.6, 1.8], "latency_by_hops_us": {"1": [1.1, 1.3], "12": [2.1, 2.3]}}]}}
        record = results.spread_record({"label": "8x8x8"}, report, 86400 * 365)
        self.assertEqual(record, {"partition": "8x8x8", "nodes": 512, "engine": "simgrid", "sizes": [4, 64],
                                  "diff_pct": [86.1, 76.8], "latency_min_us": [1.1, 1.3],
                                  "latency_max_us": [2.1, 2.3],
                                  "latency_by_hops_us": {"1": [1.1, 1.3], "12": [2.1, 2.3]}, "date": "1971-01-01"})
        self.assertIsNone(results.check_spread(record))
        self.assertIn("one per size", results.check_spread(dict(record, latency_by_hops_us={"1": [1.1]})))

    def test_unknown_experiment_is_refused(self):
        result = subprocess.run([sys.executable, SCRIPT, "--only", "nope", "--report-only"], capture_output=True,
                                text=True)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("unknown experiment nope", result.stderr)


if __name__ == "__main__":
    unittest.main()
