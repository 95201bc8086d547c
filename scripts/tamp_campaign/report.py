"""The campaign's report: a CSV of every run, the summary table (per app and scale, each mapping's times, hop-bytes,
hops per byte, max link load and gain over `default`), and gnuplot plots (PNG and SVG) of time and hop-bytes against
scale for each mapping."""
import csv
import json
import os
import shutil
import subprocess

FIELDS = ["app", "ranks", "mapping", "status", "verified", "time_total", "time_compute", "time_comm", "time_exchange",
          "time_collective", "hop_bytes", "hops_per_byte", "max_dilation", "max_link_load", "offnode_fraction",
          "machine", "topology_source", "compute_model", "skeleton", "comm_per_step", "predicted_comm_per_step"]


def load_row(run, status, json_path):
    row = {"app": run["app"], "ranks": run["ranks"], "mapping": run["mapping"], "status": status}
    if status == "ok" and os.path.exists(json_path):
        with open(json_path) as f:
            records = [json.loads(line) for line in f if line.strip()]
        if records:
            r = records[-1]
            t, m = r.get("time", {}), r.get("metrics", {})
            row.update(verified=r.get("verified"), time_total=t.get("total"), time_compute=t.get("compute"),
                       time_comm=t.get("comm"), time_exchange=t.get("exchange"),
                       time_collective=t.get("collective"), compute_model=r.get("compute_model"),
                       hop_bytes=m.get("hop_bytes"), hops_per_byte=m.get("hops_per_byte"),
                       max_dilation=m.get("max_dilation"), max_link_load=m.get("max_link_load"),
                       offnode_fraction=m.get("offnode_fraction"), machine=r.get("machine"),
                       topology_source=r.get("topology_source"), skeleton=r.get("skeleton", False))
            per_step = r.get("comm_per_step") or {}
            row.update(comm_per_step=per_step.get("measured"), predicted_comm_per_step=per_step.get("predicted"))
    return row


def predicted_over_measured(row):
    """The run's predicted communication per step over what it measured (the summary's `pred/comm`), or "-"."""
    predicted, measured = row.get("predicted_comm_per_step"), row.get("comm_per_step")
    if not isinstance(predicted, (int, float)) or not isinstance(measured, (int, float)) or measured <= 0:
        return "-"
    return f"{predicted / measured:.3f}"


def write_csv(rows, path):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for row in rows:
            w.writerow({k: row.get(k, "") for k in FIELDS})


def num(v, spec):
    return format(v, spec) if isinstance(v, (int, float)) else "-"


def gain(base, value):
    """Percent of the default's value saved by the mapping (positive: the mapping is better)."""
    if not isinstance(base, (int, float)) or not isinstance(value, (int, float)) or base <= 0:
        return "-"
    return f"{100.0 * (base - value) / base:+.1f}%"


def summary(rows):
    head = (f"{'app':<9} {'ranks':>5} {'mapping':<14} {'time (s)':>10} {'comm (s)':>10} {'exch (s)':>10} "
            f"{'coll (s)':>10} {'hop-bytes':>10} {'hops/B':>7} {'max link':>10} {'gain time':>9} {'gain comm':>9} "
            f"{'gain exch':>9} {'gain coll':>9} {'gain h-B':>9} {'pred/comm':>9}")
    lines = [head, "-" * len(head)]
    keys = []
    for r in rows:
        if (r["app"], r["ranks"]) not in keys:
            keys.append((r["app"], r["ranks"]))
    for app, ranks in keys:
        group = [r for r in rows if r["app"] == app and r["ranks"] == ranks]
        base = next((r for r in group if r["mapping"] == "default" and r["status"] == "ok"), {})
        for r in group:
            if r["status"] != "ok":
                lines.append(f"{app:<9} {ranks:>5} {r['mapping']:<14} {r['status']}")
                continue
            lines.append(
                f"{app:<9} {ranks:>5} {r['mapping']:<14} {num(r.get('time_total'), '10.4g')} "
                f"{num(r.get('time_comm'), '10.4g')} {num(r.get('time_exchange'), '10.4g')} "
                f"{num(r.get('time_collective'), '10.4g')} {num(r.get('hop_bytes'), '10.4g')} "
                f"{num(r.get('hops_per_byte'), '7.3f')} {num(r.get('max_link_load'), '10.4g')} "
                f"{gain(base.get('time_total'), r.get('time_total')):>9} "
                f"{gain(base.get('time_comm'), r.get('time_comm')):>9} "
                f"{gain(base.get('time_exchange'), r.get('time_exchange')):>9} "
                f"{gain(base.get('time_collective'), r.get('time_collective')):>9} "
                f"{gain(base.get('hop_bytes'), r.get('hop_bytes')):>9} {predicted_over_measured(r):>9}")
    return "\n".join(lines + unverified_notes(rows)) + "\n"


def unverified_notes(rows):
    """One line per app and scale whose runs did not check their answer: skeleton runs (folded fields, kernels
    not run) and failed checks, so that a reader knows which times come from runs with real data."""
    notes = []
    for r in rows:
        if r["status"] != "ok" or r.get("verified") is not False:
            continue
        why = "skeleton run: fields folded, kernels not run" if r.get("skeleton") else "verification failed"
        note = f"not verified: {r['app']} {r['ranks']} ({why})"
        if note not in notes:
            notes.append(note)
    return notes


def plots(rows, folder, title):
    """Per app: time and hop-bytes against ranks, one line per mapping; PNG and SVG. Returns the files written."""
    if shutil.which("gnuplot") is None:
        return []
    os.makedirs(folder, exist_ok=True)
    written = []
    for app in dict.fromkeys(r["app"] for r in rows):
        mine = [r for r in rows if r["app"] == app and r["status"] == "ok"]
        mappings = list(dict.fromkeys(r["mapping"] for r in mine))
        if not mappings:
            continue
        data = os.path.join(folder, f"{app}.dat")
        with open(data, "w") as f:
            for m in mappings:  # one gnuplot data block per mapping
                f.write(f'# mapping "{m}": ranks time_total time_comm hop_bytes\n')
                for r in sorted((r for r in mine if r["mapping"] == m), key=lambda r: r["ranks"]):
                    f.write(f"{r['ranks']} {r['time_total']} {r['time_comm']} {r['hop_bytes']}\n")
                f.write("\n\n")
        for what, column, label in (("time", 2, "time (s, slowest rank)"), ("hop-bytes", 4, "hop-bytes")):
            for term, ext in (("pngcairo size 800,500", "png"), ("svg size 800,500", "svg")):
                out = os.path.join(folder, f"{app}-{what}.{ext}")
                series = ", ".join(f"'{data}' index {i} using 1:{column} with linespoints title '{m}'"
                                   for i, m in enumerate(mappings))
                script = (f"set terminal {term}\nset output '{out}'\nset title '{app}: {what} ({title})'\n"
                          f"set xlabel 'ranks (weak scaling)'\nset ylabel '{label}'\nset logscale x 2\n"
                          f"set key left top\nset grid\nplot {series}\n")
                gp = os.path.join(folder, f"{app}-{what}-{ext}.gp")
                with open(gp, "w") as f:
                    f.write(script)
                if subprocess.run(["gnuplot", gp], stderr=subprocess.PIPE).returncode == 0:
                    written.append(out)
    return written
