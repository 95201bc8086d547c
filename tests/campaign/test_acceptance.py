#!/usr/bin/env python3
"""scripts/acceptance.py's judging (--judge-only: no campaign is run): stand-in campaign records (runs.csv and each
run's JSON) of two apps, a suite with a 2% gain rule and a baseline; each test changes one record and checks the
verdict, the exit status, the one-line message of the failed check, the JSON and the JUnit XML."""
import atexit
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "scripts", "acceptance.py")
TAMP_MAP = os.environ.get("TAMP_MAP", "")
_BUILD = []


def stand_in_build():
    """A build folder whose one tool is tamp-map (acceptance.py asks it what the network machine file says), made
    once and removed at exit."""
    if not _BUILD:
        folder = tempfile.mkdtemp(prefix="tamp-acceptance-build-")
        atexit.register(shutil.rmtree, folder, True)
        os.makedirs(os.path.join(folder, "mapping", "tools"))
        os.symlink(os.path.abspath(TAMP_MAP), os.path.join(folder, "mapping", "tools", "tamp-map"))
        _BUILD.append(folder)
    return _BUILD[0]
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
                           *options], capture_output=True, text=True,
                          env=dict(os.environ, TAMP_BUILD_DIR=stand_in_build()))


# The network check's stand-ins: a machine file with its link figures, the network campaign naming it, and netbench
# records whose figures are exactly the machine's (100 ns per hop, 6 GB/s = min(injection, fastest link)).
MACHINE = ("topology torus\ndims 2 2 2\nwrap 1 1 1\ncores_per_node 1\nlink_bandwidth 9.4e9 4.7e9 9.4e9\n"
           "link_latency 100e-9\ninjection_bandwidth 6e9\n")
SIZES = [8, 262144, 1048576]


def wocon_results(per_hop=100e-9, bandwidth=6e9, hops=(1, 2, 3)):
    """A WOCON record whose destinations are at `hops` (a fat tree of 18-node leaves has 0 and 2)."""
    base = [2.0 + s / bandwidth * 1e6 for s in SIZES]  # us at the nearest destination
    by_hops = {str(h): [b + (h - hops[0]) * per_hop * 1e6 for b in base] for h in hops}
    return {"benchmark": "wocon", "sizes": SIZES,
            "phases": [{"name": "wocon", "latency_by_hops_us": by_hops, "latency_min_us": base,
                        "latency_us": by_hops[str(hops[1])], "latency_max_us": by_hops[str(hops[-1])]}]}


def wicon_results(ratio=1.6, pairings=("nn", "rnd")):
    return {"benchmark": "wicon", "sizes": [8, 1048576], "ratio_last_first_largest": ratio,
            "phases": [{"name": p, "latency_us": [3.0 * (i + 1), 200.0 * ratio ** i]} for i, p in enumerate(pairings)]}


def write_network(out, wocon, wicon):
    folder = os.path.join(out, "network")
    os.makedirs(os.path.join(folder, "runs"), exist_ok=True)
    rows = [{"app": app, "ranks": 8, "mapping": "default", "status": "ok", "verified": True, "time_total": 0.01,
             "time_comm": 0.01, "hop_bytes": 1.0, "machine": "torus 2x2x2"}
            for app in ("netbench-wocon", "netbench-wicon")]
    with open(os.path.join(folder, "runs.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        w.writerows(rows)
    for app, results in (("netbench-wocon", wocon), ("netbench-wicon", wicon)):
        with open(os.path.join(folder, "runs", f"{app}-n8-default.jsonl"), "w") as f:
            f.write(json.dumps({"iterations": 1, "results": results}) + "\n")


def network_suite(folder, machine=MACHINE, **rule):
    with open(os.path.join(folder, "net.machine"), "w") as f:
        f.write(machine)
    with open(os.path.join(folder, "net.campaign"), "w") as f:
        f.write("machine net.machine\napps netbench-wocon netbench-wicon\nscales 8\nmappings default\n")
    network = {"campaign": "net.campaign", "tolerance": {"latency_per_hop": 0.05, "bandwidth": 0.05},
               "rnd_nn": {"min": 1.2}}
    network.update(rule)
    return write_suite(folder, network=network)


@unittest.skipUnless(os.access(TAMP_MAP, os.X_OK), "TAMP_MAP must name the tamp-map binary")
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


    def refused(self, suite, message, *options, judge_only=True):
        command = [sys.executable, SCRIPT, suite, "--launcher", "mpirun", "--out", self.out, *options]
        result = subprocess.run(command + (["--judge-only"] if judge_only else []), capture_output=True, text=True)
        self.assertEqual(result.returncode, 2, message + ": " + result.stdout + result.stderr)
        self.assertEqual(result.stdout, "", "something ran before the refusal")
        lines = result.stderr.splitlines()
        self.assertEqual(len(lines), 1, result.stderr)
        self.assertTrue(lines[0].startswith("acceptance: error: ") and message in lines[0], lines[0])

    def test_suite_is_a_typed_document(self):
        base = {"file": "b.json", "tolerance": {"time_comm": 0.1}}
        for extra, message in (
                ({"verify": "no"}, 'verify must be true or false, not the string "no"'),
                ({"verify": 1}, "verify must be true or false, not 1"),
                ({"gain": {"mappings": "autogroup"}}, 'gain.mappings must be a list, not the string "autogroup"'),
                ({"gain": {"mappings": []}}, "gain.mappings must be a list of distinct mapping names, not []"),
                ({"gain": {"mappings": ["auto", 3]}}, "gain.mappings must be a list of distinct mapping names"),
                ({"gain": {"mappings": ["auto"], "max_loss": "2%"}}, 'gain.max_loss must be a number, not the string'),
                ({"gain": {"mappings": ["auto"], "max_loss": float("nan")}}, "gain.max_loss must be a number, not NaN"),
                ({"gain": {"mappings": ["auto"], "max_loss": float("inf")}}, "gain.max_loss must be a number"),
                ({"gain": {"mappings": ["auto"], "maxloss": 1}}, "unknown key gain.maxloss"),
                ({"gain": 5}, "gain must be an object, not 5"),
                ({"gain": None}, "gain must be an object, not null"),
                ({"baseline": []}, "baseline must be an object, not a list"),
                ({"baseline": {"file": 3}}, "baseline.file must be a string, not 3"),
                ({"baseline": {"file": "b.json"}}, "baseline.tolerance names no figure"),
                ({"baseline": {**base, "tolerance": []}}, "baseline.tolerance must be an object, not a list"),
                ({"baseline": {**base, "tolerance": {"time_comm": True}}}, "baseline tolerance of time_comm must be"),
                ({"title": 3}, "title must be a string, not 3"),
                ({"campaign": ["a.campaign"]}, "campaign must be a string, not a list"),
                ({"network": "net"}, 'network must be an object, not the string "net"'),
                ({"network": {"campaign": "n", "tolerance": {"bandwidth": "x"}}}, "network.tolerance of bandwidth"),
                ({"network": {"campaign": "n", "tolerance": {}, "rnd_nn": []}}, "network.rnd_nn must be an object")):
            self.refused(write_suite(self.dir, **extra), message)

    def test_options_are_checked_first(self):
        a_file = os.path.join(self.dir, "a-file")
        with open(a_file, "w") as f:
            f.write("x\n")
        for options, message in ((["--out", a_file], f"argument --out: {a_file} is a file, not a folder"),
                                 (["--out", os.path.join(a_file, "out")], "is a file, not a folder"),
                                 (["--launcher", "ssh"], "argument --launcher: invalid choice: 'ssh'"),
                                 (["--jobs", "2"], "unrecognized arguments: --jobs 2")):
            result = subprocess.run([sys.executable, SCRIPT, self.suite, *options], capture_output=True, text=True)
            self.assertEqual(result.returncode, 2, message + ": " + result.stdout + result.stderr)
            self.assertEqual(result.stderr.splitlines(), [result.stderr.strip()], result.stderr)
            self.assertTrue(result.stderr.startswith("acceptance: error: ") and message in result.stderr,
                            result.stderr)
        self.assertEqual(read_deck(a_file), "x\n")

    def test_suite_without_a_check_that_ran_never_passes(self):
        # A gain rule of a mapping the campaign does not run, or no check at all, used to pass with 0 of 0 checks.
        self.refused(write_suite(self.dir, gain={"mappings": ["atuo"]}),
                     "gain.mappings: 'atuo' is not a mapping the judged campaign runs beside default (it runs: auto, "
                     "default)")
        self.refused(write_suite(self.dir, gain={"mappings": ["default"]}), "'default' is not a mapping")
        only = os.path.join(self.dir, "only.suite.json")
        for suite, message in (({"campaign": "c", "verify": False}, "no check: 'verify' is false"),
                               ({"campaign": "c", "verify": False, "baseline": {}}, "baseline has no 'file'")):
            with open(only, "w") as f:
                json.dump(suite, f)
            self.refused(only, message)
        # Before anything runs: the mapping is checked against the suite's campaign file and its decks.
        decks = os.path.join(self.dir, "decks")
        os.makedirs(decks)
        with open(os.path.join(decks, "stencil.deck"), "w") as f:
            f.write("app stencil\nmappings blocked\n")
        with open(os.path.join(self.dir, "c.campaign"), "w") as f:
            f.write("machine torus:2x2x2,cores=2\napps stencil\nscales 8\nmappings default auto\n")
        suite = write_suite(self.dir, campaign="c.campaign", decks="decks", gain={"mappings": ["auto", "blocked",
                                                                                               "atuo"]})
        self.refused(suite, "gain.mappings: 'atuo' is not a mapping the campaign runs beside default (it runs: auto, "
                            "blocked, default)", judge_only=False)
        # The one suite whose checks all fall away (verify false, a baseline, --record): it fails, never passes.
        with open(only, "w") as f:
            json.dump({"campaign": "none.campaign", "verify": False, "baseline": {"file": "b2.json",
                                                                                 "tolerance": {"hop_bytes": 0}}}, f)
        result = judge(only, self.out, "--record")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("0 of 1 checks passed\nFAIL suite: no check ran", result.stdout)

    def test_campaign_error_is_not_judged_on_an_old_table(self):
        # The campaign file does not exist: campaign.py refuses it, and the runs.csv of setUp is not judged.
        result = subprocess.run([sys.executable, SCRIPT, self.suite, "--out", self.out], capture_output=True,
                                text=True)
        self.assertEqual(result.returncode, 2, result.stdout)
        self.assertIn("campaign: error: ", result.stderr)
        self.assertEqual(result.stderr.strip().splitlines()[-1],
                         f"acceptance: error: {os.path.join(self.dir, 'none.campaign')}: the campaign wrote no "
                         "runs.csv (its error is above)")
        self.assertTrue(os.path.exists(os.path.join(self.out, "campaign", "runs.csv")), "the earlier table was lost")

    # The network check: netbench's figures against the machine file's.
    def test_network_figures_match_the_machine_file(self):
        suite = network_suite(self.dir)
        write_network(self.out, wocon_results(), wicon_results())
        result = judge(suite, self.out)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("pass   network  netbench-wocon 8 ranks latency_per_hop: 100 ns is +0.0% against the machine "
                      "file's 100 ns (link_latency of net.machine; allowed +-5.0%)", result.stdout)
        self.assertIn("pass   network  netbench-wocon 8 ranks bandwidth: 6 GB/s is +0.0% against the machine file's "
                      "6 GB/s (min(injection_bandwidth, fastest link_bandwidth) of net.machine; allowed +-5.0%)",
                      result.stdout)
        self.assertIn("pass   network  netbench-wicon 8 ranks rnd/nn: 1.6 at the largest size (allowed >= 1.2)",
                      result.stdout)
        self.assertIn("19 of 19 checks passed", result.stdout)  # 14, 2 more verify, 3 network
        with open(os.path.join(self.out, "acceptance.xml")) as f:
            self.assertEqual(f.read().count('classname="acceptance.network"'), 3)

    def test_network_figure_off_by_more_than_the_tolerance_fails(self):
        # 12% slower per hop and 6% less bandwidth than the machine file says, both under a 5% tolerance; a
        # bandwidth 4% high passes (the rule is two-sided: the figures must match, not beat, the file).
        suite = network_suite(self.dir)
        write_network(self.out, wocon_results(per_hop=112e-9, bandwidth=5.64e9), wicon_results())
        result = judge(suite, self.out)
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertEqual(self.failures(result), [
            "FAIL network: netbench-wocon 8 ranks latency_per_hop: 112 ns is +12.0% against the machine file's 100 ns "
            "(link_latency of net.machine; allowed +-5.0%)",
            "FAIL network: netbench-wocon 8 ranks bandwidth: 5.64 GB/s is -6.0% against the machine file's 6 GB/s "
            "(min(injection_bandwidth, fastest link_bandwidth) of net.machine; allowed +-5.0%)"])
        write_network(self.out, wocon_results(bandwidth=6.24e9), wicon_results())
        self.assertEqual(judge(suite, self.out).returncode, 0)

    def test_network_rnd_nn_under_its_limit_fails(self):
        suite = network_suite(self.dir, rnd_nn={"min": 1.2, "max": 3})
        write_network(self.out, wocon_results(), wicon_results(ratio=1.1))
        self.assertEqual(self.failures(judge(suite, self.out)),
                         ["FAIL network: netbench-wicon 8 ranks rnd/nn: 1.1 at the largest size (allowed >= 1.2 and "
                          "<= 3)"])
        write_network(self.out, wocon_results(), wicon_results(ratio=3.5))
        self.assertEqual(judge(suite, self.out).returncode, 1)

    def test_network_near_pairs_and_zero_hops(self):
        # A fat tree: WOCON's destinations are 0 (same leaf) and 2 hops away, WICON compares RND with `near` pairs.
        suite = network_suite(self.dir)
        write_network(self.out, wocon_results(hops=(0, 2)), wicon_results(pairings=("near", "rnd")))
        result = judge(suite, self.out)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("pass   network  netbench-wocon 8 ranks latency_per_hop: 100 ns is +0.0%", result.stdout)
        self.assertIn("pass   network  netbench-wicon 8 ranks rnd/nn: 1.6 at the largest size", result.stdout)
        # WICON without RND, or RND first, has no ratio to judge.
        write_network(self.out, wocon_results(hops=(0, 2)), wicon_results(pairings=("rnd", "near")))
        self.assertEqual(self.failures(judge(suite, self.out)),
                         ["FAIL network: netbench-wicon 8 ranks rnd/nn: needs --pairing nn,rnd (nn, nn-spread or near "
                          "first, rnd last), the run has rnd,near"])

    def test_network_only_judges_the_network_group_alone(self):
        # No main campaign in --out at all: only the network runs' verification and the three network checks.
        suite = network_suite(self.dir)
        write_network(self.out, wocon_results(), wicon_results())
        os.remove(os.path.join(self.out, "campaign", "runs.csv"))
        result = judge(suite, self.out, "--network-only")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("5 of 5 checks passed", result.stdout)  # 2 verify, 3 network; no gain, no baseline
        self.assertNotRegex(result.stdout, r"\n(pass|FAIL) +(gain|baseline) ")
        # A suite without a network group, or --record, is refused in one line.
        plain = os.path.join(self.dir, "plain")
        os.makedirs(plain)
        for args, message in (((write_suite(plain), self.out, "--network-only"),
                               "--network-only: the suite has no network"),
                              ((suite, self.out, "--network-only", "--record"), "--record writes the baseline")):
            result = judge(*args)
            self.assertEqual(result.returncode, 2, result.stdout)
            self.assertIn(message, result.stderr)

    def test_network_bad_input_is_one_line(self):
        write_network(self.out, wocon_results(), wicon_results())
        for args, rule, message in (
                ((MACHINE.replace("link_latency 100e-9\n", ""),), {},
                 "net.machine: the network check of latency_per_hop compares with 'link_latency': write it in the "
                 "machine file"),
                ((MACHINE.replace("injection_bandwidth 6e9", "injection_bandwidth fast"),), {},
                 "net.machine:7: injection_bandwidth must be a number (bytes/s), got 'fast'"),  # tamp-map's line
                ((MACHINE.replace("link_latency 100e-9", "link_latency 0"),), {},
                 "net.machine: the network check of latency_per_hop needs a positive link_latency"),
                ((MACHINE.replace("cores_per_node 1", "cores_per_node 24"),), {},
                 "net.machine: the network check's machine file must have cores_per_node 1 (WOCON places one rank "
                 "per node"),
                ((), {"tolerance": {"latency": 0.1}},
                 "network.tolerance figure 'latency' is not one of latency_per_hop, bandwidth"),
                ((), {"rnd_nn": {"least": 1}}, "network.rnd_nn must be"),
                ((), {"campaing": "x"}, "unknown key network.campaing")):
            suite = network_suite(self.dir, *args, **rule)
            result = judge(suite, self.out)
            self.assertEqual(result.returncode, 2, message)
            lines = result.stderr.strip().splitlines()
            self.assertEqual(len(lines), 1, result.stderr)
            self.assertTrue(lines[0].startswith("acceptance: error: ") and message in lines[0], lines[0])

    def test_shipped_suites_are_valid(self):
        """Every suite of inputs/acceptance loads (keys, figures, limits) and names a campaign file that exists; every
        suite has a network group whose machine file has one core per node and the figures of all three checks, and
        whose WICON pairs `near` unless the machine is a torus (nn needs whole torus lines)."""
        sys.path.insert(0, os.path.dirname(SCRIPT))
        import acceptance  # noqa: E402
        from tamp_campaign import matrix  # noqa: E402
        folder = os.path.join(HERE, "..", "..", "inputs", "acceptance")
        names = sorted(n for n in os.listdir(folder) if n.endswith(".suite.json"))
        self.assertEqual(names, sorted(f"{s}.suite.json" for s in
                                       ("sim", "hopper", "cielo", "intrepid", "mira", "fattree", "dragonfly")))
        for name in names:
            suite = acceptance.load_suite(os.path.join(folder, name))
            self.assertTrue(os.path.isfile(suite["campaign"]), name)
            net = suite.get("network")
            self.assertIsNotNone(net, f"{name} has no network group")
            self.assertEqual(sorted(net["tolerance"]), ["bandwidth", "latency_per_hop"], name)
            self.assertIn("min", net["rnd_nn"], name)
            # Its campaign exists, its machine file has cores_per_node 1 and the figures the checks need.
            machine, _ = acceptance.network_machine(net, stand_in_build())
            asked = subprocess.run([TAMP_MAP, "machine", "--machine", machine], capture_output=True, text=True,
                                   check=True)
            info = json.loads(asked.stdout)
            self.assertEqual(info["cores_per_node"], 1, machine)
            self.assertIn("cores_per_node", info["keys"], machine)  # written out, not left to a default
            campaign = matrix.Campaign(net["campaign"], net["decks"])
            decks = [read_deck(os.path.join(net["decks"], f"{app}.deck")) for app in campaign.apps]
            benchmarks = [d.split("--benchmark ")[1].split()[0] for d in decks]
            self.assertEqual(sorted(benchmarks), ["wicon", "wocon"], name)
            pairing = [d.split("--pairing ")[1].split()[0] for d in decks if "--pairing" in d][0]
            self.assertTrue(pairing.endswith(",rnd"), name)
            if not info["machine"].startswith("torus "):
                self.assertEqual(pairing, "near,rnd", f"{name}: nn needs a torus")


def read_deck(path):
    with open(path) as f:
        return f.read()


if __name__ == "__main__":
    unittest.main()
