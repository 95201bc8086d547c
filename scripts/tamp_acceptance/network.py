"""The network check of an acceptance suite (docs/acceptance.md, "The network check"): netbench's WOCON and WICON
figures against the link figures of the machine file. No I/O here: acceptance.py reads the run records and asks
tamp-map what the machine file says.

  latency_per_hop  WOCON, smallest size: least-squares slope of the mean latency against the hop count (every
                   hop count, 0 included: one rank per node, so 0 hops is another node on the master's router or
                   switch)                                     expected: the machine's link_latency
  bandwidth        WOCON, the two largest sizes S1 < S2: (S2 - S1) / (min latency at S2 - min latency at S1)
                                                   expected: min(injection_bandwidth, fastest link_bandwidth)
  rnd_nn           WICON: mean latency of the random pairs over the nearest-neighbour (nn, nn-spread) or nearest
                   (near) pairs at the largest size (netbench's ratio_last_first_largest)
                                                               limits: the suite's min and max
"""
import os

from . import judge

# Figures with a value derived from the machine file, and the machine-file keys each needs written.
EXPECTED = ("latency_per_hop", "bandwidth")
MACHINE_KEYS = {"latency_per_hop": ("link_latency",), "bandwidth": ("injection_bandwidth", "link_bandwidth")}
# WICON's pairings that RND is compared with: one hop apart (nn, nn-spread: whole torus lines) or the nearest
# node (near: any allocation).
NEAR_PAIRINGS = ("nn", "nn-spread", "near")


def slope(points):
    """Least-squares slope of (x, y) points; None with fewer than two distinct x."""
    if len({x for x, _ in points}) < 2:
        return None
    n = len(points)
    mx, my = sum(x for x, _ in points) / n, sum(y for _, y in points) / n
    return sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)


def wocon_figures(results):
    """{latency_per_hop: s, bandwidth: B/s} from a WOCON record's `results` (latencies in us); a figure that
    cannot be made is a string saying why."""
    phase = results["phases"][0]
    sizes = results["sizes"]
    by_hops = {int(h): lat for h, lat in phase.get("latency_by_hops_us", {}).items()}
    # 0 hops counts too: WOCON has one rank per node, so a 0-hop destination is another node on the master's
    # router (Gemini) or leaf switch (fat tree), reached over the two injection links that every route has and
    # no network link; a fat tree has only 0 and 2 hops inside 18 leaves.
    points = [(h, lat[0] * 1e-6) for h, lat in sorted(by_hops.items())]
    per_hop = slope(points)
    out = {"latency_per_hop": per_hop if per_hop is not None else
           f"needs destinations at two hop counts, the run has {sorted(h for h, _ in points)}"}
    order = sorted(range(len(sizes)), key=lambda i: sizes[i])
    if len(order) < 2:
        out["bandwidth"] = f"needs two message sizes, the run has {sizes}"
        return out
    i1, i2 = order[-2], order[-1]
    dt = (phase["latency_min_us"][i2] - phase["latency_min_us"][i1]) * 1e-6
    out["bandwidth"] = (sizes[i2] - sizes[i1]) / dt if dt > 0 else \
        f"the latency does not grow from {sizes[i1]} B to {sizes[i2]} B"
    return out


def wicon_figure(results):
    """RND / NN at the largest size from a WICON record's `results`, or a string saying why there is none."""
    names = [p["name"] for p in results["phases"]]
    if len(names) < 2 or names[0] not in NEAR_PAIRINGS or names[-1] != "rnd":
        return f"needs --pairing nn,rnd (nn, nn-spread or near first, rnd last), the run has {','.join(names)}"
    return results["ratio_last_first_largest"]


def describe(figure, value):
    if figure == "latency_per_hop":
        return f"{value * 1e9:.4g} ns"
    if figure == "bandwidth":
        return f"{value / 1e9:.4g} GB/s"
    return f"{value:.3g}"


def checks(records, expected, machine_path, rule):
    """The network group's checks. records: [(run name, results of its JSON record)] of the runs that succeeded;
    expected: {figure: the machine file's value} (acceptance.network_machine); rule: the suite's `network` object."""
    wocon = [(name, r) for name, r in records if r.get("benchmark") == "wocon"]
    wicon = [(name, r) for name, r in records if r.get("benchmark") == "wicon"]
    out = []
    tolerance = rule.get("tolerance", {})
    for figure in EXPECTED:
        if figure not in tolerance:
            continue
        if not wocon:
            out.append(judge.check(figure, "network", False, f"{figure}: no WOCON run succeeded"))
        want = expected[figure]
        for name, results in wocon:
            got = wocon_figures(results)[figure]
            label = f"{name} {figure}"
            if isinstance(got, str):
                out.append(judge.check(label, "network", False, f"{label}: {got}"))
                continue
            off = (got - want) / want
            text = (f"{label}: {describe(figure, got)} is {100 * off:+.1f}% against the machine file's "
                    f"{describe(figure, want)} ({source(figure, machine_path)}; allowed "
                    f"+-{100 * tolerance[figure]:.1f}%)")
            out.append(judge.check(label, "network", abs(off) <= tolerance[figure], text, got, want))
    limits = rule.get("rnd_nn")
    if limits:
        if not wicon:
            out.append(judge.check("rnd_nn", "network", False, "rnd_nn: no WICON run succeeded"))
        for name, results in wicon:
            got = wicon_figure(results)
            label = f"{name} rnd/nn"
            if isinstance(got, str):
                out.append(judge.check(label, "network", False, f"{label}: {got}"))
                continue
            low, high = limits.get("min"), limits.get("max")
            ok = (low is None or got >= low) and (high is None or got <= high)
            bounds = " and ".join(b for b in (f">= {low:g}" if low is not None else "",
                                              f"<= {high:g}" if high is not None else "") if b)
            out.append(judge.check(label, "network", ok, f"{label}: {got:.3g} at the largest size (allowed {bounds})",
                                   got, low if not ok and low is not None and got < low else high))
    return out


def source(figure, machine_path):
    keys = "link_latency" if figure == "latency_per_hop" else "min(injection_bandwidth, fastest link_bandwidth)"
    return f"{keys} of {os.path.basename(machine_path)}"
