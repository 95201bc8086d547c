"""The kept results of a fidelity experiment (inputs/fidelity/NAME/results.json): what scripts/fidelity.py
tabulates, written after the experiment's runs and read by --report-only, which reads nothing else of the runs.

A simulation experiment keeps one record per run of its rows: the run's identity (campaign, app, ranks, mapping),
the engine that ran it (`simgrid` or `flow`, the run report's `engine`), its times (total, comm, exchange,
collective: the slowest rank's, or the mean over the ranks where the experiment says so), hop-bytes, the busiest
link's load and the date of the run; a row without a run has no record. A run on another allocation than its
campaign's machine (the experiment's "averaged") names it: `allocation`, the machine file. A groups experiment
keeps, per scale and allocation, the D / T / X lines of tamp-lanczos-groups. A correlation experiment keeps one record per run of its
campaign on each allocation: the allocation, ranks, mapping, engine, times and date, and the placement's metrics
(CORRELATION_METRICS). A latency-spread experiment keeps one record per partition that ran: its label, nodes,
engine and date, and per message size the benchmark's figures (spread_record). A record of the flow engine also
keeps the engine's window (delta, quantum, changes). Sorted keys and a fixed indent: the same results give the same
bytes (docs/measuring-gains.md, section 5)."""
import datetime
import json
import os
import re

from . import files

NAME = "results.json"
FORMAT = 1
TIMES = ("total", "comm", "exchange", "collective")
ENGINES = ("simgrid", "flow")
WINDOW = ("delta", "quantum", "changes")  # the flow engine's window (docs/simulation.md, "The flow engine")
# A correlation record's metrics: the paper's two of the exchange's edges, and three of the whole run's graph.
CORRELATION_METRICS = ("avg_hops", "max_congestion", "hop_bytes", "congestion", "predicted_comm")


def scale_order(name):
    """Sort key of experiment folders: numbers by value, so `deveci14-table2-8192` comes before `-16384`."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", name)]


def experiment_names(folder):
    """The experiments of a folder (its sub-folders with an experiment.json), in scale_order; OSError if it cannot
    be listed."""
    return sorted((d for d in os.listdir(folder) if os.path.isfile(os.path.join(folder, d, "experiment.json"))),
                  key=scale_order)


class ResultsError(Exception):
    """A results file that cannot be read or does not have the expected shape; the message names the file."""


def path_of(folder):
    """The results file of the experiment in `folder`."""
    return os.path.join(folder, NAME)


def made(report, mtime):
    """What every run's record keeps of how it was made: the `date` of its report (`mtime`) and, for the flow
    engine, its `window` {delta, quantum, changes} (how often it solved the rates: every report of it states it)."""
    engine = report.get("results", {}).get("flow_engine")
    window = {"window": {k: engine[k] for k in WINDOW}} if report["engine"] == "flow" and engine else {}
    return {"date": datetime.datetime.fromtimestamp(mtime, datetime.timezone.utc).strftime("%Y-%m-%d"), **window}


def run_record(campaign, row, report, mtime, statistic="max"):
    """The kept figures of one run report (a run's first JSON line) of `row`, run by `campaign`, dated `mtime`: its
    times over the ranks by `statistic`, "max" (the report's `time`: the slowest rank's) or "mean" (`time_stats`)."""
    metrics = report.get("metrics", {})
    times = {k: report["time"].get(k) for k in TIMES} if statistic == "max" else \
        {k: report["time_stats"][k][statistic] for k in TIMES}
    return {"campaign": campaign, "app": row["app"], "ranks": row["ranks"], "mapping": row["mapping"],
            "engine": report["engine"], "time": times,
            "hop_bytes": metrics.get("hop_bytes"), "max_link_load": metrics.get("max_link_load"),
            **made(report, mtime)}


def groups_record(scale, allocation, lines, date):
    """The kept tamp-lanczos-groups lines (run, column and row D / T / X) of one scale and allocation."""
    return {"ranks": scale["ranks"], "allocation": allocation, "date": date,
            "orderings": [{"run": line["run"], **{g: {m: line[g][m] for m in "DTX"} for g in ("column", "row")}}
                          for line in lines]}


def correlation_record(allocation, report, exchange, mtime):
    """The kept figures of one run report (a run's first JSON line) on `allocation`, dated `mtime`. `exchange` is
    tamp-map eval's metrics of the run's placement on its exchange alone: the average hop count (Eq. 3 of
    [Deveci14]: hops over the edges, on-node ones at 0) and the busiest link's load in messages of the exchange's
    mean size (its Eq. 5 when the messages are of one size, as MiniGhost's faces of a cube). The predicted
    communication time is the phase model's (the phases of the report's metrics added up: under the flow engine
    the report's predicted_comm_time is the engine's own time)."""
    metrics = report["metrics"]
    return {"allocation": allocation, "ranks": report["ranks"], "mapping": report["mapping"],
            "engine": report["engine"], "time": {k: report["time"].get(k) for k in TIMES},
            "metrics": {"avg_hops": exchange["avg_dilation"],
                        "max_congestion": exchange["max_link_load"] * exchange["messages"] / exchange["total_bytes"],
                        "hop_bytes": metrics["hop_bytes"], "congestion": metrics["max_congestion"],
                        "predicted_comm": sum(p["count"] * p["predicted_time"] for p in metrics["phases"])},
            **made(report, mtime)}


def spread_record(partition, report, mtime):
    """The kept figures of one WOCON run report (tamp-netbench --benchmark wocon, a run's first JSON line) of
    `partition`: per message size (`sizes`, bytes) the % difference (max - min) / min of the latencies to the
    master's partners, their min and max in us, and the mean latency at each hop count from the master."""
    phase = report["results"]["phases"][0]
    return {"partition": partition["label"], "nodes": report["ranks"], "engine": report["engine"],
            "sizes": report["results"]["sizes"], "diff_pct": phase["diff_pct"],
            "latency_min_us": phase["latency_min_us"], "latency_max_us": phase["latency_max_us"],
            "latency_by_hops_us": phase["latency_by_hops_us"],
            **made(report, mtime)}


def dumps(results):
    """The file's text: sorted keys, an indent of 1, one trailing newline."""
    return json.dumps(results, sort_keys=True, indent=1, allow_nan=False) + "\n"


def write(folder, kind, records):
    """Writes `folder`/results.json whole (through a temporary file): {"format", "kind", "records"}."""
    path = path_of(folder)
    files.write_whole(path, dumps({"format": FORMAT, "kind": kind, "records": records}))
    return path


def read(folder, kind):
    """The records of `folder`/results.json, [] when there is none; ResultsError when it is malformed."""
    path = path_of(folder)
    try:
        with open(path) as f:
            results = json.load(f)
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as e:
        raise ResultsError(f"{path}: {e}")
    if not isinstance(results, dict) or results.get("format") != FORMAT or results.get("kind") != kind or \
            not isinstance(results.get("records"), list):
        raise ResultsError(f"{path}: not a {kind} results file of format {FORMAT} "
                           "(an object with format, kind and a list of records)")
    check = {"simulation": check_run, "correlation": check_correlation, "latency-spread": check_spread}.get(
        kind, check_groups)
    for i, record in enumerate(results["records"]):
        problem = check(record)
        if problem:
            raise ResultsError(f"{path}: record {i + 1}: {problem}")
    return results["records"]


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def check_window(record):
    """What is wrong with a record's window (optional: records made before it was kept have none), or None."""
    window = record.get("window")
    if window is not None and not (isinstance(window, dict) and all(is_number(window.get(k)) for k in WINDOW)):
        return f"window must hold numbers {', '.join(WINDOW)}"
    return None


def check_run(record):
    """What is wrong with a simulation record, or None."""
    if not isinstance(record, dict):
        return "not an object"
    missing = [k for k in ("campaign", "app", "ranks", "mapping", "engine", "time", "date") if k not in record]
    if missing:
        return f"without {', '.join(missing)}"
    if record["engine"] not in ENGINES:
        return f"engine {json.dumps(record['engine'])} is not one of {', '.join(ENGINES)}"
    if not isinstance(record["time"], dict) or not all(is_number(record["time"].get(k)) for k in ("total", "comm")):
        return "time must hold numbers total and comm"
    if not isinstance(record.get("allocation", ""), str):
        return "allocation must be a machine file's name"
    return check_window(record)


def check_correlation(record):
    """What is wrong with a correlation record, or None."""
    if not isinstance(record, dict) or not all(k in record for k in ("allocation", "ranks", "mapping", "engine",
                                                                      "time", "metrics", "date")):
        return "not an object with allocation, ranks, mapping, engine, time, metrics and date"
    if record["engine"] not in ENGINES:
        return f"engine {json.dumps(record['engine'])} is not one of {', '.join(ENGINES)}"
    if not isinstance(record["time"], dict) or not all(is_number(record["time"].get(k)) for k in ("total", "comm")):
        return "time must hold numbers total and comm"
    if not isinstance(record["metrics"], dict) or not all(is_number(record["metrics"].get(k))
                                                          for k in CORRELATION_METRICS):
        return f"metrics must hold numbers {', '.join(CORRELATION_METRICS)}"
    return check_window(record)


def check_spread(record):
    """What is wrong with a latency-spread record, or None."""
    if not isinstance(record, dict) or not all(k in record for k in ("partition", "nodes", "engine", "sizes",
                                                                      "diff_pct", "latency_min_us", "latency_max_us",
                                                                      "latency_by_hops_us", "date")):
        return ("not an object with partition, nodes, engine, sizes, diff_pct, latency_min_us, latency_max_us, "
                "latency_by_hops_us and date")
    if record["engine"] not in ENGINES:
        return f"engine {json.dumps(record['engine'])} is not one of {', '.join(ENGINES)}"
    series = [record[k] for k in ("sizes", "diff_pct", "latency_min_us", "latency_max_us")]
    hops = record["latency_by_hops_us"]
    series += list(hops.values()) if isinstance(hops, dict) and hops else [None]
    if not all(isinstance(s, list) and len(s) == len(record["sizes"]) and all(is_number(v) for v in s)
               for s in series) or not record["sizes"]:
        return "sizes, diff_pct, latency_min_us, latency_max_us and each hop count's latencies must be lists of " \
               "numbers, one per size"
    return check_window(record)


def check_groups(record):
    """What is wrong with a groups record, or None."""
    if not isinstance(record, dict) or not all(k in record for k in ("ranks", "allocation", "orderings")):
        return "not an object with ranks, allocation and orderings"
    for ordering in record["orderings"] if isinstance(record["orderings"], list) else [None]:
        if not isinstance(ordering, dict) or "run" not in ordering or not all(
                isinstance(ordering.get(g), dict) and all(is_number(ordering[g].get(m)) for m in "DTX")
                for g in ("column", "row")):
            return "orderings must be objects with run and numbers D, T, X of column and row"
    return None


def find_run(records, row, allocation=None):
    """The record of `row`'s run (same campaign, app, ranks and mapping) on `allocation` (a machine file of the
    experiment's "averaged"; None: the campaign's own machine), or None."""
    return find_runs(records, row).get(allocation)


def find_runs(records, row):
    """{allocation: record} of `row`'s runs (same campaign, app, ranks and mapping), in the records' order; the
    campaign's own machine is the allocation None."""
    key = (row["campaign"], row["app"], row["ranks"], row["mapping"])
    out = {}
    for r in records:
        if (r["campaign"], r["app"], r["ranks"], r["mapping"]) == key:
            out.setdefault(r.get("allocation"), r)
    return out


def mean_run(runs):
    """One record standing for `runs` (the records of one row on several allocations): each time, the hop-bytes and
    the busiest link's load averaged over them (None where one lacks it), the latest date, `allocations` their
    number."""
    def mean(values):
        return sum(values) / len(values) if all(is_number(v) for v in values) else None
    first = runs[0]
    return {**first, "time": {k: mean([r["time"].get(k) for r in runs]) for k in first["time"]},
            "hop_bytes": mean([r.get("hop_bytes") for r in runs]),
            "max_link_load": mean([r.get("max_link_load") for r in runs]),
            "date": max(r["date"] for r in runs), "allocations": len(runs)}
