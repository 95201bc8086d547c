"""The campaign's matrix: a campaign file (machine, apps, scales, mappings) and one deck per app (its arguments).

Campaign file (inputs/campaigns/*.campaign), `key values` lines, `#` comments:
    machine  FILE|SPEC      machine file (relative to the campaign file) or inline spec (torus:4x4x4,cores=4)
    apps     all|NAME...    `all`: every app with a deck whose binary is built
    scales   N...           ranks of each run (weak scaling: the decks fix the work per rank)
    mappings NAME...        placements run for every app (`default` first: the gains are over it)
    repeat   N              run each N times, keep the fastest (optional, default 1: for `compute measured`)
    smpirun  ARG...         extra smpirun options of simulated runs (optional)
    compute  deck|measured  simulated compute time: the decks' cost models (default; deterministic) or the
                            host's measured time (noisy)
Deck (inputs/campaigns/apps/NAME.deck; NAME names its runs, usually the app's name):
    app      APP            the binary is tamp-APP (two decks of one app run it two ways: netbench-wocon, -wicon)
    args     ARG...         arguments of every run; {ranks}, {procs2}, {procs3} (AxBxC) and {px} {py} {pz}
                            (the extents of {procs3}), {nd} (n_d when ranks = n_d(n_d+1)/2) are replaced
                            per scale; `--skeleton` goes to simulated runs with modelled compute only
    mappings NAME...        the app's own orderings, run beside the campaign's (optional)
    scales   N...           the scales this app can run, when it cannot run every campaign scale (optional)
    compute  KIND=S...      the app's compute cost model, seconds per unit of each kind (--compute-model of
                            simulated runs; from scripts/campaign.py --calibrate)
The app's task graph, for launcher files, is the app's own answer (ask.task_graph): a deck's `graph` line, which
earlier versions read, is refused.
"""
import os
import shlex
import string


class MatrixError(Exception):
    pass


def read_keyed(path):
    """`key values` lines of a file -> {key: [values]}, with the line of each key for messages."""
    entries = {}
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except OSError as e:
        raise MatrixError(f"{path}: cannot read: {e.strerror}")
    except UnicodeDecodeError as e:
        line = e.object[:e.start].count(b"\n") + 1
        raise MatrixError(f"{path}:{line}: not UTF-8 text (byte 0x{e.object[e.start]:02x})")
    for number, line in enumerate(lines, 1):
        words = line_words(path, number, line)
        if not words:
            continue
        key = words[0]
        if key in entries:
            raise MatrixError(f"{path}:{number}: '{key}' given twice")
        entries[key] = (words[1:], number)
    return entries


def line_words(path, number, line):
    """The words of one line of a campaign file or deck (docs/file-formats.md, "Lines of decks and machine files"):
    blanks (spaces or tabs) separate them, `#` starts a comment unless inside a single- or double-quoted string,
    quotes group and a backslash escapes as in a POSIX shell."""
    lexer = shlex.shlex(line, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    try:
        return list(lexer)
    except ValueError as e:
        raise MatrixError(f"{path}:{number}: {e}")


# The most ranks a campaign can run: the processor slots of the largest allocation a machine file may describe
# (docs/file-formats.md, "Common rules and errors").
MAX_RANKS = 1 << 24


def positive_ints(path, key, values, number, largest=MAX_RANKS):
    try:
        out = [int(v) for v in values]
    except ValueError:
        out = []
    if not out or min(out) <= 0 or max(out) > largest:
        raise MatrixError(f"{where(path, number)}: '{key}' needs positive integers up to {largest}")
    return distinct(path, key, out, number)


def where(path, number):
    """FILE:LINE, or the option's name alone for values given on the command line (number 0)."""
    return f"{path}:{number}" if number else path


def distinct(path, key, values, number):
    """`values` unchanged, or an error naming the first one given twice (it would be run and reported twice)."""
    seen = set()
    for v in values:
        if v == "" or v in seen:
            raise MatrixError(f"{where(path, number)}: '{key}' " +
                              ("has an empty entry" if v == "" else f"lists {v} twice"))
        seen.add(v)
    return values


def substitute(words, ranks, grid):
    """`words` with the placeholders of `ranks` filled from `grid`, tamp-map's answer for that job size
    (ask.grids): {procs2} {procs3} (AxB, AxBxC), {px} {py} {pz} (the extents of {procs3}), {nd} (n_d of a
    triangular grid, or NOT-TRIANGULAR: the app then says why), {ranks}."""
    procs3 = grid["procs3"]
    values = {"ranks": str(ranks), "procs2": "x".join(map(str, grid["procs2"])), "procs3": "x".join(map(str, procs3)),
              "px": str(procs3[0]), "py": str(procs3[1]), "pz": str(procs3[2]),
              "nd": "NOT-TRIANGULAR" if grid["nd"] is None else str(grid["nd"])}
    return [fill(w, values) for w in words]


def fill(word, values):
    """`word` with each {NAME} replaced; anything but a known plain name ({procs3.x}, {ranks!r}, {0}, a lone
    brace) is an error naming the word."""
    try:
        fields = list(string.Formatter().parse(word))
    except ValueError as e:
        fields = [("", str(e), "", None)]
    for _, name, spec, conversion in fields:
        if name is not None and (name not in values or spec or conversion):
            raise MatrixError(f"unknown placeholder in '{word}' ({{{name}}}); known: {{ranks}}, {{procs2}}, "
                              "{procs3}, {px}, {py}, {pz}, {nd}")
    return word.format(**values)


def compute_model(path, values, number):
    """`compute KIND=SECONDS ...` -> the --compute-model value `KIND=SECONDS,...`."""
    for v in values:
        kind, eq, seconds = v.partition("=")
        try:
            ok = bool(kind) and eq == "=" and float(seconds) >= 0
        except ValueError:
            ok = False
        if not ok:
            raise MatrixError(f"{path}:{number}: 'compute' needs KIND=SECONDS_PER_UNIT words, not '{v}'")
    if not values:
        raise MatrixError(f"{path}:{number}: 'compute' needs KIND=SECONDS_PER_UNIT words")
    return ",".join(values)


class Deck:
    def __init__(self, path):
        entries = read_keyed(path)
        known = {"app", "args", "mappings", "scales", "compute"}
        for key, (_, number) in entries.items():
            if key == "graph":  # the app answers its task graph (ask.task_graph): a second copy could disagree
                raise MatrixError(f"{path}:{number}: 'graph' lines are no longer read: the app gives its task graph "
                                  "itself (tamp-APP ARGS --task-graph-for RANKS); delete the line")
            if key not in known:
                raise MatrixError(f"{path}:{number}: unknown key '{key}' (known: {', '.join(sorted(known))})")
        if "app" not in entries or len(entries["app"][0]) != 1:
            raise MatrixError(f"{path}: needs one 'app NAME' line")
        self.path = path
        self.name = os.path.splitext(os.path.basename(path))[0]  # names the runs (run ids, report rows)
        self.app = entries["app"][0][0]
        self.args = entries.get("args", ([], 0))[0]
        self.mappings = distinct(path, "mappings", *entries.get("mappings", ([], 0)))
        self.scales = positive_ints(path, "scales", *entries["scales"]) if "scales" in entries else None
        self.compute = compute_model(path, *entries["compute"]) if "compute" in entries else None
        self.grids = {}  # ranks -> the process grids tamp-map gave for them (know_grids)

    def know_grids(self, grids):
        """Keeps tamp-map's process grids of some job sizes (ask.grids), which fill the placeholders."""
        self.grids.update(grids)

    def _filled(self, words, ranks):
        if ranks not in self.grids:
            raise MatrixError(f"{self.path}: no process grid asked for {ranks} ranks")
        return substitute(words, ranks, self.grids[ranks])

    def args_for(self, ranks, skeleton=True):
        """The deck's arguments at `ranks`; without `--skeleton` when not `skeleton` (runs with real data: the
        native build, or the host's measured compute, refuse a skeleton run)."""
        args = self._filled(self.args, ranks)
        return args if skeleton else [a for a in args if a != "--skeleton"]


class Campaign:
    def __init__(self, path, decks_dir):
        entries = read_keyed(path)
        required = {"machine", "apps", "scales", "mappings"}
        known = required | {"repeat", "smpirun", "compute"}
        for key, (_, number) in entries.items():
            if key not in known:
                raise MatrixError(f"{path}:{number}: unknown key '{key}' (known: {', '.join(sorted(known))})")
        for key in required:
            if key not in entries or not entries[key][0]:
                raise MatrixError(f"{path}: needs a '{key}' line")
        self.path = path
        machine = entries["machine"][0][0]
        # normpath: the same file through `dir/../x` and `x` is one machine (run keys, --resume)
        here = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(path)), machine))
        self.machine = here if os.path.exists(here) else machine
        self.apps = entries["apps"][0]
        self.scales = positive_ints(path, "scales", *entries["scales"])
        self.mappings = distinct(path, "mappings", entries["mappings"][0], entries["mappings"][1])
        self.repeat = positive_ints(path, "repeat", *entries["repeat"])[0] if "repeat" in entries else 1
        self.smpirun = entries.get("smpirun", ([], 0))[0]
        self.compute = entries.get("compute", (["deck"], 0))[0]
        if self.compute not in (["deck"], ["measured"]):
            raise MatrixError(f"{path}:{entries['compute'][1]}: 'compute' is deck or measured")
        self.compute = self.compute[0]
        self.decks_dir = decks_dir
        # --scales: the scales asked for on the command line, which also choose among a deck's own scales
        self.only_scales = None
        self.skipped_decks = []  # (app, its deck's scales) left out because none is among only_scales

    def available_decks(self):
        try:
            names = sorted(f[:-5] for f in os.listdir(self.decks_dir) if f.endswith(".deck"))
        except OSError as e:
            raise MatrixError(f"{self.decks_dir}: cannot read the decks: {e.strerror}")
        return {n: Deck(os.path.join(self.decks_dir, n + ".deck")) for n in names}


def spaced(scales):
    """Rank counts as a campaign file writes them: `8 64 512`."""
    return " ".join(map(str, scales))


def deck_scales(campaign, deck):
    """The scales a deck runs at: its own (`scales` line) or else the campaign's; given --scales, only its own that
    are among them (the command line says what to run now; a campaign file's scales cannot choose among a deck's,
    which are there because the app cannot run the campaign's)."""
    if deck.scales is None:
        return campaign.scales
    if campaign.only_scales is None:
        return deck.scales
    return [n for n in deck.scales if n in campaign.only_scales]


def expand(campaign, decks, apps, binary_exists, grids):
    """The runs, in order: app, scale, mapping. `apps` is the campaign's list (or `all`); `grids` asks tamp-map
    the process grids of a list of job sizes (ask.grids), once for every scale of the chosen decks."""
    if apps == ["all"]:
        chosen = [d for d in decks.values() if binary_exists(d.app)]
        if not chosen:
            raise MatrixError("apps all: no app with a deck is built")
    else:
        chosen = []
        for name in apps:
            if name not in decks:
                raise MatrixError(f"unknown app '{name}' (decks in {campaign.decks_dir}: {', '.join(decks)})")
            if not binary_exists(decks[name].app):
                raise MatrixError(f"app '{name}': tamp-{decks[name].app} is not built (a campaign needs the native "
                                  "build's app, and the smpicxx build's for SimGrid runs)")
            chosen.append(decks[name])
    scales_of = {deck.name: deck_scales(campaign, deck) for deck in chosen}
    for deck in chosen:
        if not scales_of[deck.name]:
            if apps != ["all"]:
                raise MatrixError(f"{deck.path}: app '{deck.name}' runs at {spaced(deck.scales)} ranks "
                                  f"only, none of --scales {spaced(campaign.scales)}")
            campaign.skipped_decks.append((deck.name, deck.scales))
    chosen = [deck for deck in chosen if scales_of[deck.name]]
    if not chosen:
        raise MatrixError(f"--scales {spaced(campaign.scales)}: no app runs at them (" + "; ".join(
            f"{app}'s deck at {spaced(scales)} only" for app, scales in campaign.skipped_decks) + ")")
    answer = grids({n for d in chosen for n in scales_of[d.name]})
    runs = []
    for deck in chosen:
        deck.know_grids(answer)
        if campaign.compute == "deck" and deck.compute is None:
            raise MatrixError(f"{deck.path}: no 'compute KIND=...' line (scripts/campaign.py --calibrate prints "
                              "it), or say 'compute measured' in the campaign")
        scales = scales_of[deck.name]
        mappings = campaign.mappings + [m for m in deck.mappings if m not in campaign.mappings]
        for ranks in scales:
            try:  # every placeholder of every scale, before the first run
                deck.args_for(ranks)
            except MatrixError as e:
                raise MatrixError(f"{deck.path}: at {ranks} ranks: {e}")
            for mapping in mappings:
                runs.append({"app": deck.name, "ranks": ranks, "mapping": mapping, "deck": deck,
                             "compute": deck.compute if campaign.compute == "deck" else "measured",
                             "deck_scale": deck.scales is not None})
    check_run_ids(runs)
    return runs


def run_id(run):
    """The name of a run's files (runs/ID.jsonl, jobs/ID.sh): app, ranks and mapping, each character other than a
    letter, digit, `-`, `_` or `.` written as `_`, so an id is safe in a file name and in a shell word."""
    return f"{safe_name(run['app'])}-n{run['ranks']}-{safe_name(run['mapping'])}"


def safe_name(text):
    return "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in text)


def check_run_ids(runs):
    """Two runs with one id would overwrite each other's files (`file:a/m.b` and `file:a_m.b`): refused first."""
    seen = {}
    for run in runs:
        rid = run_id(run)
        if rid in seen:
            other = seen[rid]
            raise MatrixError(f"runs '{other['app']}' {other['mapping']} and '{run['app']}' {run['mapping']} at "
                              f"{run['ranks']} ranks have the same id {rid} (their files would overwrite each "
                              "other): rename one deck or mapping file")
        seen[rid] = run

