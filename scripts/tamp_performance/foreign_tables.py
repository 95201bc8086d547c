"""`auto` on graphs TAMP's generators did not write: every placement of the registry in the flow engine, from the
rows of tests/perf/foreign_graphs/run_all.py."""
from .markdown import head, percent, row
from .run import RunError
from .table import Table

TOLERANCE = 0.02  # `auto` within 2% of the fastest placement, and of `default`, counts as holding
OBJECTIVES = ("time", "hop-bytes", "congestion")


def by_case(rows):
    """{(graph, machine): {(algorithm, objective): row}} in the order the runs were made."""
    cases = {}
    for r in rows:
        cases.setdefault((r["graph"], r["machine"]), {})[r["algorithm"], r["objective"]] = r
    return cases


def auto_times(runs, case):
    times = {}
    for objective in OBJECTIVES:
        r = runs.get(("auto", objective))
        if r is None or "time" not in r:
            raise RunError(f"results.jsonl: no time of auto under {objective} for {case[0]} on {case[1]}")
        times[objective] = r["time"]
    return times


def over(x, best):
    return "0" if x == best else percent(x / best - 1, sign=True)


def foreign_graphs_table(ctx):
    cases = by_case(ctx.jsonl("foreign/results.jsonl"))
    lines = head(["graph", "machine", "fastest", "`default`", *[f"`auto` ({o})" for o in OBJECTIVES],
                  "fastest objective"], "llllrrrl")
    holds = {"default": 0, "fastest": 0}
    wins = dict.fromkeys(OBJECTIVES, 0)
    for case, runs in cases.items():
        timed = {k: r["time"] for k, r in runs.items() if "time" in r}
        if ("default", "time") not in timed:
            raise RunError(f"results.jsonl: no time of default for {case[0]} on {case[1]}")
        (algorithm, objective), best = min(timed.items(), key=lambda kv: kv[1])  # ties: the first run
        fastest = f"`auto` ({objective})" if algorithm == "auto" else f"`{algorithm}`"
        autos = auto_times(runs, case)
        default = timed["default", "time"]
        holds["default"] += autos["time"] <= default * (1 + TOLERANCE)
        holds["fastest"] += autos["time"] <= best * (1 + TOLERANCE)
        fastest_auto = min(autos.values())
        winners = [o for o in OBJECTIVES if autos[o] == fastest_auto]
        for o in winners:
            wins[o] += 1
        lines.append(row([case[0], case[1], f"{best * 1e6:.1f} us {fastest}", over(default, best),
                          *[over(autos[o], best) for o in OBJECTIVES], ", ".join(winners)]))
    total = len(cases)
    lines += ["", f"`auto` (time) within 2% of the fastest placement on {holds['fastest']} of {total} cases, "
              f"no slower than `default` (2%) on {holds['default']} of {total}; the fastest of `auto`'s three "
              f"choices was the time objective's on {wins['time']}, hop-bytes' on {wins['hop-bytes']}, "
              f"congestion's on {wins['congestion']} (ties counted for each)."]
    return lines


TABLES = [Table("foreign-graphs", "hours", make=foreign_graphs_table)]
