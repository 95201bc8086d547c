#!/usr/bin/env python3
"""Acceptance test of a system (docs/acceptance.md): runs a suite's campaign through scripts/campaign.py, then
judges it against the suite's thresholds — every app verifies, each mapping's gain over `default`, each figure
against a recorded baseline of the same system, netbench's link figures against the machine file's (the suite's
`network` campaign) — and writes a table, JSON and JUnit XML.

  scripts/acceptance.py SUITE [--launcher sim|mpirun|srun|aprun|runjob|cobalt-mpirun] [--out DIR] [--record]
  scripts/acceptance.py SUITE --launcher srun --report-only --out DIR   # after the batch jobs ran
  scripts/acceptance.py SUITE --judge-only --out DIR                    # judge the runs already in DIR
  scripts/acceptance.py SUITE --network-only [...]                      # the network group alone

Exit status: 0 when every check passes, 1 when one fails, 2 on bad input or when the campaign could not start.
"""
import csv
import json
import math
import os
import shlex
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
from tamp_acceptance import judge, network, results  # noqa: E402  (scripts/ is on the path: it holds this file)
from tamp_campaign import ask, cli, launch  # noqa: E402  (tamp-map's answers; the build's paths)
from tamp_campaign import matrix  # noqa: E402  (run_id: the name of a run's files, owned by the campaign)

ROOT = os.path.dirname(HERE)
DECKS = os.path.join(ROOT, "inputs", "campaigns", "apps")
LAUNCHERS = ["sim", "mpirun", "srun", "aprun", "runjob", "cobalt-mpirun"]
BATCH = ("srun", "aprun", "runjob", "cobalt-mpirun")  # scripts written, not run
# The suite file's schema (docs/acceptance.md, "The suite file"): each field's type, objects with their own fields.
# A suite is checked whole against it before anything runs.
NUMBER = "a number"
SCHEMA = {"title": str, "campaign": str, "decks": str, "verify": bool, "gain": dict, "baseline": dict,
          "network": dict}
GAIN = {"mappings": list, "figure": str, "max_loss": NUMBER}
BASELINE = {"file": str, "tolerance": dict}
NETWORK = {"campaign": str, "decks": str, "tolerance": dict, "rnd_nn": dict}
TYPE_NAMES = {str: "a string", bool: "true or false", dict: "an object", list: "a list", NUMBER: NUMBER}


class BadInput(Exception):
    pass


def json_type(value):
    """How a JSON value is named in a refusal: a scalar as written, a container by its kind."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return ("the string " if isinstance(value, str) else "") + json.dumps(value)


def typed(path, obj, schema, prefix=""):
    """Refuses the first field of `obj` that `schema` does not know or whose value has another type."""
    for name, value in obj.items():
        field = prefix + name
        if name not in schema:
            shown = field if prefix else repr(name)
            raise BadInput(f"{path}: unknown key {shown} (known: {', '.join(sorted(schema))})")
        kind = schema[name]
        ok = is_number(value) if kind is NUMBER else isinstance(value, kind) and (kind is bool or
                                                                                not isinstance(value, bool))
        if not ok:
            raise BadInput(f"{path}: {field} must be {TYPE_NAMES[kind]}, not {json_type(value)}")


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def is_fraction(value):
    return is_number(value) and value >= 0


def load_suite(path):
    """The suite file (JSON), checked whole against its schema before anything runs."""
    try:
        with open(path, encoding="utf-8") as f:
            suite = json.load(f)
    except (OSError, ValueError) as e:
        raise BadInput(f"{path}: {e}")
    if not isinstance(suite, dict):
        raise BadInput(f"{path}: expected a JSON object")
    typed(path, suite, SCHEMA)
    if "campaign" not in suite:
        raise BadInput(f"{path}: no 'campaign' (the campaign file to run, relative to the suite)")
    folder = os.path.dirname(os.path.abspath(path))
    for key in ("campaign", "decks"):
        if key in suite:
            suite[key] = os.path.join(folder, suite[key])
    if "gain" in suite:
        load_gain(path, suite["gain"], campaign_mappings(suite))
    if "baseline" in suite:
        load_baseline(path, folder, suite["baseline"])
    if "network" in suite:
        suite["network"] = load_network(path, folder, suite["network"])
    if not (suite.get("verify", True) or suite.get("gain") or suite.get("baseline") or suite.get("network")):
        raise BadInput(f"{path}: no check: 'verify' is false and there is no gain, baseline or network group")
    return suite


def load_gain(path, gain, known):
    """The gain rule: mappings of the campaign (when its file can be read: `known`), a figure, a loss >= 0."""
    typed(path, gain, GAIN, "gain.")
    names = gain.setdefault("mappings", ["auto"])
    if not names or not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
        raise BadInput(f"{path}: gain.mappings must be a list of distinct mapping names, not {json.dumps(names)}")
    check_mappings(path, names, known)
    if gain.get("figure", "time_comm") not in judge.FIGURES:
        raise BadInput(f"{path}: gain figure {gain.get('figure')!r} is not one of {', '.join(judge.FIGURES)}")
    if not is_fraction(gain.get("max_loss", 0)):
        raise BadInput(f"{path}: gain max_loss must be a number >= 0 (a fraction: 0.02 is 2%)")


def check_mappings(path, names, known, of="the campaign"):
    """Each mapping of the gain rule must be one that `of` runs (a misspelt one would check nothing)."""
    if known is None:
        return
    for name in names:
        if name == "default" or name not in known:
            raise BadInput(f"{path}: gain.mappings: {name!r} is not a mapping {of} runs beside default (it runs: "
                           f"{', '.join(sorted(known))})")


def campaign_mappings(suite):
    """The mappings the suite's campaign runs (its own and its apps' decks'), or None when the campaign file or a
    deck cannot be read: campaign.py then refuses it with its own line."""
    try:
        campaign = matrix.Campaign(suite["campaign"], suite.get("decks", DECKS))
        decks = campaign.available_decks()
    except matrix.MatrixError:
        return None
    apps = decks.values() if campaign.apps == ["all"] else [decks[a] for a in campaign.apps if a in decks]
    return set(campaign.mappings).union(*(d.mappings for d in apps))


def load_baseline(path, folder, base):
    """The baseline rule: the file --record writes, and a tolerance per figure (at least one)."""
    typed(path, base, BASELINE, "baseline.")
    if "file" not in base:
        raise BadInput(f"{path}: baseline has no 'file' (where --record writes it, relative to the suite)")
    base["file"] = os.path.join(folder, base["file"])
    if not base.get("tolerance"):
        raise BadInput(f"{path}: baseline.tolerance names no figure: nothing to compare")
    for figure, tolerance in base["tolerance"].items():
        if figure not in judge.FIGURES:
            raise BadInput(f"{path}: baseline figure {figure!r} is not one of {', '.join(judge.FIGURES)}")
        if not is_fraction(tolerance):
            raise BadInput(f"{path}: baseline tolerance of {figure} must be a number >= 0 (0.05 is 5%)")


def load_network(path, folder, rule):
    """The `network` group: its own campaign (netbench's decks) and the limits of its figures."""
    typed(path, rule, NETWORK, "network.")
    if "campaign" not in rule:
        raise BadInput(f"{path}: network has no 'campaign' (the campaign of the netbench decks, relative to the suite)")
    tolerance, limits = rule.get("tolerance", {}), rule.get("rnd_nn")
    for figure, value in tolerance.items():
        if figure not in network.EXPECTED:
            raise BadInput(f"{path}: network.tolerance figure {figure!r} is not one of {', '.join(network.EXPECTED)}")
        if not is_fraction(value):
            raise BadInput(f"{path}: network.tolerance of {figure} must be a number >= 0 (0.05 is 5%)")
    if limits is not None:
        if not limits or set(limits) - {"min", "max"} or not all(is_fraction(v) for v in limits.values()):
            raise BadInput(f"{path}: network.rnd_nn must be {{\"min\": N, \"max\": N}} (either or both, numbers >= 0)")
    if not tolerance and not limits:
        raise BadInput(f"{path}: network has neither 'tolerance' nor 'rnd_nn': nothing to check")
    rule = dict(rule)
    for key in ("campaign", "decks"):
        if key in rule:
            rule[key] = os.path.join(folder, rule[key])
    return rule


def network_machine(rule, build):
    """The machine file of the network campaign and the value each check compares with, as tamp-map reads the file
    (`tamp-map machine`): the figures a check needs must be written in it (a default is not a figure of the
    machine)."""
    try:
        machine = matrix.Campaign(rule["campaign"], rule.get("decks", DECKS)).machine
    except matrix.MatrixError as e:
        raise BadInput(str(e))
    if not os.path.isfile(machine):
        raise BadInput(f"{rule['campaign']}: the network check needs a machine file (its link figures): "
                       f"{machine!r} is none")
    try:
        info = ask.machine(launch.Paths(ROOT, build, build), machine)
    except matrix.MatrixError as e:  # tamp-map's one line: the file and line it refuses
        raise BadInput(str(e))
    if info["cores_per_node"] != 1:  # the launchers are told the file's ranks per node (jobs.py); WOCON needs one
        raise BadInput(f"{machine}: the network check's machine file must have cores_per_node 1 (WOCON places one "
                       f"rank per node, [Bhatele10] §4.1), not {info['cores_per_node']}")
    # What the machine file says of each figure: latency per hop, and the bandwidth one message gets.
    values = {"latency_per_hop": info["network"]["link_latency"],
              "bandwidth": min(info["network"]["injection_bandwidth"], info["network"]["fastest_link_bandwidth"])}
    expected = {}
    for figure in rule.get("tolerance", {}):
        for key in network.MACHINE_KEYS[figure]:
            if key not in info["keys"]:
                raise BadInput(f"{machine}: the network check of {figure} compares with '{key}': write it in the "
                               "machine file (a default is not a figure of the machine)")
        expected[figure] = values[figure]
        if expected[figure] <= 0:  # the checks divide by it
            raise BadInput(f"{machine}: the network check of {figure} needs a positive "
                           f"{' and '.join(network.MACHINE_KEYS[figure])}")
    return machine, expected


def run_campaign(suite, args, campaign_out):
    """scripts/campaign.py does every launch; its exit status only says whether all runs succeeded. `suite`: the
    suite, or its network group (each has a campaign and may have decks)."""
    command = [sys.executable, os.path.join(HERE, "campaign.py"), suite["campaign"], "--launcher", args.launcher,
               "--out", campaign_out, "--build", args.build]
    if "decks" in suite:
        command += ["--decks", suite["decks"]]
    if args.report_only:
        command.append("--report-only")
    print("acceptance: " + shlex.join(command), flush=True)
    table = os.path.join(campaign_out, "runs.csv")
    before = stamp(table)  # an earlier campaign's table is kept, and never judged as this one's
    done = subprocess.run(command)
    if done.returncode == cli.REFUSED or stamp(table) in (None, before):
        if args.launcher in BATCH and not args.report_only and done.returncode == 0:
            print(f"acceptance: submit the scripts in {os.path.join(campaign_out, 'jobs')}, then judge them: "
                  f"scripts/acceptance.py {args.suite} --launcher {args.launcher} --report-only --out {args.out}"
                  + (" --network-only" if args.network_only else ""))
            return False
        raise BadInput(f"{suite['campaign']}: the campaign wrote no runs.csv (its error is above)")
    return True


def stamp(path):
    """What tells a file rewritten from the one that was there (None: no file)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def read_rows(campaign_out):
    """runs.csv of the campaign, with numbers parsed and the time per step from each run's JSON record."""
    path = os.path.join(campaign_out, "runs.csv")
    try:
        with open(path, newline="") as f:
            raw = list(csv.DictReader(f))
    except OSError as e:
        raise BadInput(f"{path}: {e}")
    rows = []
    for r in raw:
        row = {k: number(v) if k in judge.FIGURES else v for k, v in r.items()}
        row["ranks"] = int(r["ranks"])
        row["verified"] = {"True": True, "False": False}.get(r.get("verified"))
        row["time_per_step"] = per_step(row, os.path.join(campaign_out, "runs", matrix.run_id(row) + ".jsonl"))
        rows.append(row)
    return rows


def per_step(row, json_path):
    if row.get("time_total") is None:
        return None
    try:
        with open(json_path) as f:
            iterations = [json.loads(line) for line in f if line.strip()][-1].get("iterations")
    except (OSError, ValueError, IndexError):
        return None
    return row["time_total"] / iterations if iterations else None


def system_of(rows, launcher):
    return {"launcher": launcher, "machine": sorted({r["machine"] for r in rows if r.get("machine")})}


def network_records(rows, campaign_out):
    """(run name, `results` of its JSON record) of each network run that succeeded."""
    out = []
    for r in rows:
        if r["status"] != "ok":
            continue
        path = os.path.join(campaign_out, "runs", matrix.run_id(r) + ".jsonl")
        try:
            with open(path) as f:
                record = [json.loads(line) for line in f if line.strip()][-1]
            out.append((f"{r['app']} {r['ranks']} ranks", record["results"]))
        except (OSError, ValueError, IndexError, KeyError) as e:
            raise BadInput(f"{path}: not a netbench record ({e})")
    return out


def judge_all(suite, rows, args, net_rows=None):
    checks = []
    if suite.get("verify", True):
        checks += judge.verified(rows)
        checks += judge.verified(net_rows or [])
    if net_rows is not None:
        machine, figures = network_machine(suite["network"], args.build)
        checks += network.checks(network_records(net_rows, args.network_out), figures, machine, suite["network"])
    if suite.get("gain"):
        checks += judge.gains(rows, suite["gain"])
    base = suite.get("baseline")
    if base and not args.record:
        checks += compare_baseline(base, rows, system_of(rows, args.launcher))
    return checks


def compare_baseline(base, rows, system):
    try:
        with open(base["file"]) as f:
            recorded = json.load(f)
    except FileNotFoundError:
        return [judge.check("baseline", "baseline", False, f"no baseline at {base['file']} (record one: --record)")]
    except (OSError, ValueError) as e:
        raise BadInput(f"{base['file']}: {e}")
    if recorded.get("system") != system:
        return [judge.check("baseline system", "baseline", False,
                            f"the baseline was recorded on {recorded.get('system')}, this run is on {system}")]
    return judge.against_baseline(rows, recorded, base.get("tolerance", {}))


def main():
    p = cli.Parser("acceptance", description=__doc__)
    p.add_argument("suite", help="suite file (inputs/acceptance/*.suite)")
    p.add_argument("--launcher", default="sim", choices=LAUNCHERS)
    p.add_argument("--out", type=cli.folder, help="output folder (default: out/acceptance-NAME)")
    p.add_argument("--build", default=os.environ.get("TAMP_BUILD_DIR", os.path.join(ROOT, "build")))
    p.add_argument("--record", action="store_true", help="write the suite's baseline from this run")
    p.add_argument("--report-only", action="store_true", help="judge the finished batch jobs in --out")
    p.add_argument("--judge-only", action="store_true", help="judge the campaign output already in --out")
    p.add_argument("--network-only", action="store_true",
                   help="run and judge the suite's network group alone (a first look at a system's network, or a "
                        "real suite's network campaign on the simulated machine made from its machine file)")
    args = p.parse_args()
    name = os.path.splitext(os.path.basename(args.suite))[0]
    args.out = args.out or p.check("--out", cli.folder, os.path.join(ROOT, "out", f"acceptance-{name}"))
    campaign_out = os.path.join(args.out, "campaign")
    args.network_out = os.path.join(args.out, "network")
    try:
        suite = load_suite(args.suite)
        net = suite.get("network")
        if args.network_only:
            if not net:
                raise BadInput(f"{args.suite}: --network-only: the suite has no network group")
            if args.record:
                raise BadInput("--record writes the baseline of the suite's campaign, which --network-only skips")
            suite = {"title": suite.get("title"), "verify": suite.get("verify", True), "network": net}
        if net:
            network_machine(net, args.build)  # a machine file without the figures is refused before anything runs
        if not args.judge_only:
            ran = args.network_only or run_campaign(suite, args, campaign_out)
            if net:
                ran = run_campaign(net, args, args.network_out) and ran
            if not ran:
                return 0
        rows = [] if args.network_only else read_rows(campaign_out)
        if not rows and not args.network_only:
            raise BadInput(f"{os.path.join(campaign_out, 'runs.csv')}: no runs")
        net_rows = read_rows(args.network_out) if net else None
        if suite.get("gain"):  # the runs judged are those of the suite's campaign (--judge-only too)
            check_mappings(args.suite, suite["gain"]["mappings"], {r["mapping"] for r in rows}, "the judged campaign")
        checks = judge_all(suite, rows, args, net_rows) or [judge.check(
            "checks", "suite", False, "no check ran (a suite passes only on checks that ran and passed)")]
    except BadInput as e:
        print(f"acceptance: error: {e}", file=sys.stderr)
        return 2
    if args.record and suite.get("baseline"):
        results.write_json(judge.baseline_of(rows, system_of(rows, args.launcher)), suite["baseline"]["file"])
        print(f"acceptance: recorded the baseline in {suite['baseline']['file']}")
    title = suite.get("title") or name
    results.write_all(title, checks, args.out)
    failed = [c for c in checks if not c["ok"]]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
