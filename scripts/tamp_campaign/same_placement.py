"""Simulated runs that would simulate the same thing twice: two mappings of a campaign often place the tasks the same
way at a scale (`geom-r` and `geom-rs` once the rotations tie, `auto` choosing `default`, `blocked` and `geom` on a
small job), and a simulated run's result depends on its placement, not on the mapping's name. Such
runs are simulated once: the first in the campaign's order runs, the others take its report with their own mapping
name and map file, and a `same_placement_as` naming the run that was simulated (docs/measuring-gains.md,
section 1, step 3)."""
import json

from . import files, provenance

# The word before a file that the launcher reads and the run's placement decides (smpirun's hostfile), and the
# option whose value names the placement (NAME:MAP, the app told where the launcher put its tasks).
HOSTFILE = "-hostfile"
LAUNCHED_AS = "--launched-as"


def identity(command, json_path):
    """What a simulated run computes: its command with its report's path left out, and the map file and hostfile
    that realise its placement by their bytes instead of their names; None when the run is placed by no file of
    the launcher (the app renumbers its own ranks, and its name chooses how)."""
    words, placed = [], False
    for before, word in zip([None] + command, command):
        if word == json_path:
            word = "JSON"
        elif before == HOSTFILE:
            word = "hostfile " + str(provenance.file_digest(word))
        elif before == LAUNCHED_AS:
            word = "map " + str(provenance.file_digest(word.split(":", 1)[1]))
            placed = True
        words.append(word)
    return tuple(words) if placed else None


def map_file(command):
    """The map file of a run placed by the launcher (the part after NAME: of --launched-as)."""
    return command[command.index(LAUNCHED_AS) + 1].split(":", 1)[1]


def copy_report(source, target, mapping, simulated, maps):
    """Writes the report of the run `simulated` (its JSON Lines at `source`) as the report of a run of mapping
    `mapping` at `target`, whole or not at all: each record's `mapping` renamed, the simulated run's map file path
    replaced by this run's (`maps`: (simulated run's, this run's)), `same_placement_as` added."""
    records = []
    with open(source) as f:
        for line in f:
            if line.strip():
                record = json.loads(line.replace(json.dumps(maps[0])[1:-1], json.dumps(maps[1])[1:-1]))
                record["mapping"] = mapping
                record["same_placement_as"] = simulated
                records.append(record)
    files.write_whole(target, "".join(json.dumps(r) + "\n" for r in records))


def store(path, identity, map_path):
    """Keeps a made run's identity and map file beside its report (OUT/runs/ID.placement), so that a later start
    with --resume gives a new run of the same placement the kept run's report."""
    files.write_whole(path, json.dumps({"identity": list(identity), "map": map_path}) + "\n")


def stored(path):
    """(identity, map file) kept by `store`, or None (no file, or not one `store` wrote)."""
    try:
        with open(path) as f:
            kept = json.load(f)
        identity, map_path = tuple(kept["identity"]), kept["map"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return (identity, map_path) if all(isinstance(w, str) for w in (*identity, map_path)) else None
