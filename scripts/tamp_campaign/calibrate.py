"""Calibration of the decks' compute cost models: each deck run natively with mpirun and `--compute-model
calibrate`; every kernel of the app measures its seconds per unit of work (docs/measuring-gains.md). Writes
OUT/calibration.json and returns the `compute KIND=...` line of each deck."""
import datetime
import json
import os
import subprocess

from . import ask, launch
from . import matrix


def ranks_for(deck, ranks):
    """`ranks`, or the deck's smallest scale when its `scales` line does not allow it."""
    if deck.scales is not None and ranks not in deck.scales:
        return min(deck.scales)
    return ranks


def calibrate(decks, paths, ranks, timeout):
    """decks: {name: Deck}. Returns {app: {"ranks", "command", "coefficients"}}; raises MatrixError on a failure."""
    folder = os.path.join(paths.out, "calibration")
    os.makedirs(folder, exist_ok=True)
    results = {}
    for name, deck in decks.items():
        n = ranks_for(deck, ranks)
        deck.know_grids(ask.grids(paths, [n]))
        json_path = os.path.join(folder, f"{deck.app}.jsonl")
        if os.path.exists(json_path):
            os.remove(json_path)
        cmd = ["mpirun", "-np", str(n), *launch.mpirun_flags(), paths.app(deck.app, False),
               *deck.args_for(n, skeleton=False), "--compute-model", "calibrate", "--json", json_path]
        print(f"calibrate {deck.app} on {n} ranks ...", end="", flush=True)
        with open(os.path.join(folder, f"{deck.app}.log"), "w") as log:
            log.write(" ".join(cmd) + "\n\n")
            log.flush()
            try:
                done = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, timeout=timeout,
                                      env=dict(os.environ, OMP_NUM_THREADS="1"))
            except subprocess.TimeoutExpired:
                raise matrix.MatrixError(f"calibration of {deck.app}: timeout after {timeout:g} s")
        if done.returncode != 0 or not os.path.exists(json_path):
            raise matrix.MatrixError(f"calibration of {deck.app} failed (exit status {done.returncode}; log "
                                     f"{os.path.join(folder, deck.app + '.log')})")
        with open(json_path) as f:
            record = json.loads(f.readlines()[-1])
        coefficients = record["results"].get("compute_calibration", {})
        print(f" {len(coefficients)} kind(s)", flush=True)
        results[deck.app] = {"ranks": n, "command": " ".join(cmd), "coefficients": coefficients}
    return results


def deck_line(coefficients):
    return "compute  " + " ".join(f"{kind}={seconds:.3g}" for kind, seconds in sorted(coefficients.items()))


def write(results, path):
    data = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "what": "seconds per unit of each kind: all ranks' kernel seconds / all ranks' units (a mean weighted "
                    "by each rank's work), native build, OMP_NUM_THREADS=1",
            "apps": results}
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
