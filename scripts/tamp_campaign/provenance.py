"""What made a run: one key over everything that shapes its result, stored beside its record (OUT/runs/ID.key).
`--resume` keeps a run only when its stored key is the key it would be made with now, and the report marks a
record whose key differs as stale, so a table never mixes machines, decks or binaries (docs/measuring-gains.md,
"Resuming and provenance")."""
import hashlib
import json
import os

_digests = {}


def file_digest(path):
    """sha256 of a file's bytes, or None when it is absent; each path is read once per campaign."""
    path = os.path.abspath(path)
    if path not in _digests:
        try:
            h = hashlib.sha256()
            with open(path, "rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""):
                    h.update(block)
            _digests[path] = h.hexdigest()
        except OSError:
            _digests[path] = None
    return _digests[path]


def forget(path):
    """Drops a cached digest (the file was rewritten)."""
    _digests.pop(os.path.abspath(path), None)


def machine_identity(machine):
    """The machine as given (a spec, or a file's bytes: the same name may hold another machine later)."""
    return {"spec": machine, "file": file_digest(machine) if os.path.isfile(machine) else None}


def run_key(run, setting):
    """The key of one run. `setting`: what the whole campaign shares (launcher, machine, binaries, options),
    from `setting_of`."""
    deck, ranks = run["deck"], run["ranks"]
    mapping = run["mapping"]
    fields = {
        "app": run["app"], "ranks": ranks, "mapping": mapping,
        "mapping_file": file_digest(run["mapping_file"]) if run.get("mapping_file") else None,
        "args": deck.args_for(ranks), "compute": run.get("compute", "measured"),
        "binary": setting["binaries"].get(deck.app),
    }
    fields.update({k: v for k, v in setting.items() if k != "binaries"})
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()


def setting_of(args, campaign, paths, runs, sim, extra):
    """What every run of this campaign shares. `extra`: launcher-specific items (smpirun options of simulated runs)."""
    setting = {"launcher": args.launcher, "topology": args.topology, "machine": machine_identity(campaign.machine),
               "smpirun": campaign.smpirun, "repeat": campaign.repeat, "tamp_map": file_digest(paths.tamp_map),
               "binaries": {r["deck"].app: file_digest(paths.app(r["deck"].app, sim)) for r in runs}}
    if sim:  # the generated platform: what the simulator actually ran on
        setting["platform"] = [file_digest(p) for p in (paths.platform, paths.machine, paths.hostfile,
                                                         paths.smpirun_options)]
    elif args.launcher == "flow":  # the machine the flow engine ran on
        setting["platform"] = [file_digest(p) for p in (paths.machine, paths.hostfile)]
    setting.update(extra)
    return setting


def stored(key_path):
    try:
        with open(key_path) as f:
            return f.read().strip()
    except OSError:
        return None


def store(key_path, key):
    with open(key_path, "w") as f:
        f.write(key + "\n")
