"""The checks of an acceptance suite (docs/acceptance.md), as functions of the campaign's rows: every run verified,
the gain of each mapping over `default`, and each figure against a recorded baseline. No I/O here: acceptance.py
reads the rows and writes the results."""

# A row is a dict of runs.csv (scripts/tamp_campaign/report.py) with numbers parsed and `time_per_step` added.
FIGURES = ("time_per_step", "time_total", "time_comm", "time_exchange", "time_collective", "hop_bytes",
           "max_link_load")


def check(name, group, ok, message, value=None, limit=None):
    return {"name": name, "group": group, "ok": ok, "message": message, "value": value, "limit": limit}


def verified(rows):
    """Every run finished and its app verified its result."""
    out = []
    for r in rows:
        name = f"{r['app']} {r['ranks']} ranks {r['mapping']}"
        if r["status"] != "ok":
            out.append(check(name, "verify", False, f"{name}: did not run: {r['status']}"))
        elif r.get("verified") is not True:
            out.append(check(name, "verify", False, f"{name}: the app did not verify its result "
                                                    f"(verified = {r.get('verified')})"))
        else:
            out.append(check(name, "verify", True, f"{name}: verified"))
    return out


def gains(rows, rule):
    """Each mapping of rule["mappings"] against default at the same app and scale: its figure may be at most
    rule["max_loss"] (a fraction) above default's."""
    figure, max_loss = rule.get("figure", "time_comm"), rule.get("max_loss", 0.0)
    by_key = {(r["app"], r["ranks"], r["mapping"]): r for r in rows}
    out = []
    for (app, ranks, mapping), r in by_key.items():
        if mapping not in rule.get("mappings", ["auto"]):
            continue
        name = f"{app} {ranks} ranks {mapping} vs default"
        base = by_key.get((app, ranks, "default"))
        mine, theirs = r.get(figure), base.get(figure) if base else None
        if mine is None or theirs is None:
            out.append(check(name, "gain", False, f"{name}: no {figure} (a run is missing or failed)"))
            continue
        limit = theirs * (1 + max_loss)
        excess = (mine - theirs) / theirs if theirs > 0 else 0.0
        ok = mine <= limit
        text = (f"{name}: {figure} {mine:.4g} is {100 * excess:+.1f}% against default's {theirs:.4g} "
                f"(allowed {100 * max_loss:+.1f}%)")
        out.append(check(name, "gain", ok, text, mine, limit))
    return out


def against_baseline(rows, baseline, tolerances):
    """Each figure of each run at most its tolerance (a fraction) above the recorded value; faster passes."""
    out = []
    recorded = baseline.get("runs", {})
    for r in rows:
        key = run_key(r)
        for figure, tolerance in tolerances.items():
            name = f"{key} {figure}"
            base, mine = recorded.get(key, {}).get(figure), r.get(figure)
            if base is None:
                out.append(check(name, "baseline", False, f"{name}: not in the baseline (record it: --record)"))
                continue
            if mine is None:
                out.append(check(name, "baseline", False, f"{name}: no value in this run (baseline {base:.4g})"))
                continue
            limit = base * (1 + tolerance)
            change = (mine - base) / base if base > 0 else 0.0
            text = (f"{name}: {mine:.4g} is {100 * change:+.1f}% against the baseline's {base:.4g} "
                    f"(allowed {100 * tolerance:+.1f}%)")
            out.append(check(name, "baseline", mine <= limit, text, mine, limit))
    return out


def run_key(row):
    return f"{row['app']}-n{row['ranks']}-{row['mapping']}"


def baseline_of(rows, system):
    """What --record writes: the figures of every run that succeeded, and the system they were measured on."""
    runs = {run_key(r): {f: r[f] for f in FIGURES if r.get(f) is not None} for r in rows if r["status"] == "ok"}
    return {"system": system, "runs": runs}
