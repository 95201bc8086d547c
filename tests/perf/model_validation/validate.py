#!/usr/bin/env python3
"""Validation of the predicted communication time (docs/mapping.md) against the simulated machine.

  validate.py OUT [--json FILE]

OUT is the output folder of a deterministic simulated campaign (scripts/campaign.py ... --out OUT). For each app,
over every placement and scale it ran, prints the Spearman rank correlation of the mapping module's predicted
communication time (metrics.predicted_comm_time of each run's JSON) with the simulated communication time
(time.comm), beside the same correlation for the predicted network time (metrics.predicted_network_time: the same
model without the computation the app hides behind its messages), for hop-bytes and for max link load, then the
table of gains of every mapping over `default` in simulated and in predicted communication time. The
correlations are computed within each scale (placements of one problem) and pooled by averaging with weights =
placements - 1 over the scales where they are defined (`scales` counts them: a scale where every placement ties
on one side has none), and also over all runs of the app at once; `error` is the median over the app's runs of
|predicted x iterations - simulated| / simulated (the predicted time is per iteration, the simulated one the
timed loop's). `--resolution R` (default 0.001) also computes the correlations with values within R of each
other (relative) counted as ties, on both sides: placements 0.003% apart in the simulator are not ranked by a model
whose error is 0.1%. Exit status 1 when no run has both figures."""
import argparse
import glob
import json
import os
import sys


def ranks_of(values, resolution=0.0):
    """Average ranks (1-based) with ties sharing their mean rank. Ties: values within `resolution` (relative) of the
    smallest value of their group, in increasing order."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while (j + 1 < len(order) and
               values[order[j + 1]] - values[order[i]] <= resolution * abs(values[order[i]])):
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2.0 + 1.0
        i = j + 1
    return ranks


def spearman(x, y, resolution=0.0):
    """Pearson correlation of the ranks; None when undefined (fewer than 3 points or a constant side)."""
    if len(x) < 3:
        return None
    rx, ry = ranks_of(x, resolution), ranks_of(y, resolution)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return None
    return sxy / (sxx * syy) ** 0.5


def load_runs(out):
    runs = []
    for path in sorted(glob.glob(os.path.join(out, "runs", "*.jsonl"))):
        with open(path) as f:
            records = [json.loads(line) for line in f if line.strip()]
        for r in records:
            m, t = r.get("metrics", {}), r.get("time", {})
            if "predicted_comm_time" in m and isinstance(t.get("comm"), (int, float)):
                runs.append({"app": r["app"], "ranks": r["ranks"], "mapping": r["mapping"], "comm": t["comm"],
                             "exchange": t.get("exchange"), "collective": t.get("collective"),
                             "predicted": m["predicted_comm_time"],
                             "network": m.get("predicted_network_time", m["predicted_comm_time"]),
                             "hop_bytes": m.get("hop_bytes"), "iterations": r.get("iterations"),
                             "max_link_load": m.get("max_link_load")})
    return runs


def pooled(groups, key, resolution=0.0):
    """Weighted mean of the per-scale correlations of `key` with the simulated time, and how many scales had one."""
    total, weight, defined = 0.0, 0, 0
    for g in groups:
        rho = spearman([r[key] for r in g], [r["comm"] for r in g], resolution)
        if rho is not None:
            total += rho * (len(g) - 1)
            weight += len(g) - 1
            defined += 1
    return (total / weight if weight else None), defined


def median_error(runs):
    """Median relative error of the predicted time of the timed loop against the simulated one."""
    errors = sorted(abs(r["predicted"] * r["iterations"] - r["comm"]) / r["comm"]
                    for r in runs if r["comm"] > 0 and isinstance(r["iterations"], int))
    if not errors:
        return None
    mid = len(errors) // 2
    return errors[mid] if len(errors) % 2 else (errors[mid - 1] + errors[mid]) / 2


def fmt(v, spec=".3f"):
    return format(v, spec) if isinstance(v, (int, float)) else "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--json", help="write the figures to this file too")
    parser.add_argument("--resolution", type=float, default=0.001,
                        help="relative difference below which two times are tied (default 0.001)")
    args = parser.parse_args()
    runs = load_runs(args.out)
    if not runs:
        sys.exit(f"validate: no run in {args.out}/runs with both metrics.predicted_comm_time and time.comm")

    report = {"apps": {}}
    res = f"rho at {100 * args.resolution:g}%"
    print(f"{'app':<9} {'runs':>5} {'rho(pred) per scale':>20} {'scales':>7} {res:>13} {'scales':>7} {'rho(pred) all':>14} "
          f"{'rho(network)':>13} {'rho(hop-bytes)':>15} {'rho(max link)':>14} {'error':>7}")
    for app in sorted({r["app"] for r in runs}):
        mine = [r for r in runs if r["app"] == app]
        scales = sorted({r["ranks"] for r in mine})
        groups = [[r for r in mine if r["ranks"] == s] for s in scales]
        predicted, defined = pooled(groups, "predicted")
        resolved, resolved_defined = pooled(groups, "predicted", args.resolution)
        figures = {"runs": len(mine), "scales": scales,
                   "spearman_predicted_per_scale": predicted, "scales_compared": defined,
                   "resolution": args.resolution, "spearman_predicted_per_scale_resolved": resolved,
                   "scales_compared_resolved": resolved_defined,
                   "spearman_predicted_all": spearman([r["predicted"] for r in mine], [r["comm"] for r in mine]),
                   "spearman_network_per_scale": pooled(groups, "network")[0],
                   "spearman_hop_bytes_per_scale": pooled(groups, "hop_bytes")[0],
                   "spearman_max_link_load_per_scale": pooled(groups, "max_link_load")[0],
                   "median_relative_error": median_error(mine)}
        report["apps"][app] = figures
        print(f"{app:<9} {len(mine):>5} {fmt(predicted):>20} {defined:>3}/{len(scales):<3} "
              f"{fmt(resolved):>13} {resolved_defined:>3}/{len(scales):<3} "
              f"{fmt(figures['spearman_predicted_all']):>14} {fmt(figures['spearman_network_per_scale']):>13} "
              f"{fmt(figures['spearman_hop_bytes_per_scale']):>15} "
              f"{fmt(figures['spearman_max_link_load_per_scale']):>14} "
              f"{fmt(figures['median_relative_error'] and 100 * figures['median_relative_error'], '.1f'):>6}%")

    print()
    print(f"{'app':<9} {'ranks':>5} {'mapping':<16} {'sim comm (s)':>12} {'pred comm (s)':>13} "
          f"{'gain sim':>9} {'gain pred':>9}")
    gains = []
    for app in sorted({r["app"] for r in runs}):
        for s in sorted({r["ranks"] for r in runs if r["app"] == app}):
            group = [r for r in runs if r["app"] == app and r["ranks"] == s]
            base = next((r for r in group if r["mapping"] == "default"), None)
            for r in group:
                g_sim = g_pred = None
                if base and base["comm"] > 0 and base["predicted"] > 0:
                    g_sim = (base["comm"] - r["comm"]) / base["comm"]
                    g_pred = (base["predicted"] - r["predicted"]) / base["predicted"]
                gains.append({"app": app, "ranks": s, "mapping": r["mapping"], "comm": r["comm"],
                              "predicted": r["predicted"], "gain_sim": g_sim, "gain_pred": g_pred})
                print(f"{app:<9} {s:>5} {r['mapping']:<16} {r['comm']:>12.4e} {r['predicted']:>13.4e} "
                      f"{fmt(g_sim and 100 * g_sim, '+.1f'):>8}% {fmt(g_pred and 100 * g_pred, '+.1f'):>8}%")
    report["gains"] = gains
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
