#!/usr/bin/env python3
"""What no Python file under scripts/ may hold: a second copy of what the C++ knows, or a decision read from error
text. The scripts ask tamp-map instead (scripts/tamp_campaign/ask.py). Read from each file's syntax tree, so that
docstrings and comments may name the formats; each finding is FILE:LINE: RULE: the code.

  error-text    `"..." in str(e)`, `str(e).startswith(...)`, `re.search(..., str(e))`, and the same on the name
                of an `except ... as NAME` or on a process's `.stderr`: a question decided by reading a message
  placement     a string constant starting `file:`, or `+` split or partitioned off a name: the mapping module's
                placement grammar (NAME[+STEP...] | file:PATH)
  machine-file  a machine file opened (open() of an expression that names a machine), a machine-file key
                (cores_per_node, link_bandwidth, ...) compared with or looked up in anything but tamp-map's answer
                (ask.machine, and ask.py itself, which reads that answer), or a line split at `#` and then on
                blanks into `key values`
  generator     a string constant naming a task-graph generator (`stencil3d:`, `minighost:`, ...): its spec is
                the generator's to parse
  grid          a function named after a C++ owner (dims_create, process_grid, triangular_side, machine_keys)

  tests/campaign/second_copies.py [SCRIPTS]   # prints the findings; exit status 1 when there are any
"""
import ast
import os
import sys

MACHINE_KEYS = {"topology", "dims", "wrap", "nodes_per_router", "cores_per_node", "link_bandwidth", "link_latency",
                "injection_bandwidth", "injection_latency", "loopback_bandwidth", "loopback_latency",
                "message_overhead", "nodes"}
GENERATORS = ("stencil2d:", "stencil3d:", "minighost:", "mfdn:", "fft:", "mesh:")
OWNED_FUNCTIONS = {"dims_create", "process_grid", "triangular_side", "machine_keys", "_keyed"}
TEXT_METHODS = {"startswith", "endswith", "find", "index", "count", "split", "partition"}


def _is_text_of_error(node, error_names):
    """str(NAME) / NAME (an except-bound name) / X.stderr."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str":
        return True
    if isinstance(node, ast.Name) and node.id in error_names:
        return True
    return isinstance(node, ast.Attribute) and node.attr == "stderr"


def _is_machine_answer(node):
    """tamp-map's answer about a machine: ask.machine(...) (the one place its keys may be read)."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "machine"
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "ask")


def _constant(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _docstrings(tree):
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and _constant(first.value) is not None:
                ids.add(id(first.value))
    return ids


def findings_of(path, text):
    tree = ast.parse(text, path)
    lines = text.splitlines()
    docstrings = _docstrings(tree)
    error_names = {n.name for n in ast.walk(tree) if isinstance(n, ast.ExceptHandler) and n.name}
    machine_answers = set()  # names assigned from ask.machine(...)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _is_machine_answer(node.value):
            machine_answers.update(t.id for t in node.targets if isinstance(t, ast.Name))
    out = []

    def found(node, rule):
        out.append(f"{path}:{node.lineno}: {rule}: {lines[node.lineno - 1].strip()}")

    def answer(node):
        while isinstance(node, ast.Subscript):  # info["network"]["link_latency"]: a part of the answer
            node = node.value
        return asked or _is_machine_answer(node) or (isinstance(node, ast.Name) and node.id in machine_answers)

    asked = path.replace(os.sep, "/").endswith("tamp_campaign/ask.py")  # tamp-map's answers are read there

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            if any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) and \
                    any(_is_text_of_error(c, error_names) for c in node.comparators):
                found(node, "error-text")
            if not asked and any(_constant(c) in MACHINE_KEYS for c in [node.left, *node.comparators]):
                found(node, "machine-file")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in TEXT_METHODS and \
                    _is_text_of_error(func.value, error_names):
                found(node, "error-text")
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "re" and \
                    any(_is_text_of_error(a, error_names) for a in node.args):
                found(node, "error-text")
            if isinstance(func, ast.Attribute) and func.attr in ("split", "partition", "rpartition") and \
                    node.args and _constant(node.args[0]) == "+":
                found(node, "placement")
            if isinstance(func, ast.Attribute) and func.attr == "get" and node.args and \
                    _constant(node.args[0]) in MACHINE_KEYS and not answer(func.value):
                found(node, "machine-file")
            if isinstance(func, ast.Name) and func.id == "open" and node.args and \
                    "machine" in ast.unparse(node.args[0]).lower():
                found(node, "machine-file")
            # line.split("#", 1)[0].split(): the `key values` lines of a machine file
            if isinstance(func, ast.Attribute) and func.attr == "split" and not node.args and \
                    isinstance(func.value, ast.Subscript) and isinstance(func.value.value, ast.Call) and \
                    isinstance(func.value.value.func, ast.Attribute) and func.value.value.func.attr == "split" and \
                    func.value.value.args and _constant(func.value.value.args[0]) == "#":
                found(node, "machine-file")
        elif isinstance(node, ast.Subscript):
            if _constant(node.slice) in MACHINE_KEYS and not answer(node.value):
                found(node, "machine-file")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in OWNED_FUNCTIONS:
            found(node, "grid")
        if isinstance(node, ast.Constant) and id(node) not in docstrings:
            value = _constant(node)
            if value is not None and value.startswith("file:"):
                found(node, "placement")
            if value is not None and any(g in value for g in GENERATORS):
                found(node, "generator")
    return sorted(set(out), key=lambda f: (f.split(":")[0], int(f.split(":")[1])))


def findings(scripts):
    """Every finding in the Python files under `scripts`."""
    out = []
    for folder, dirs, files in sorted(os.walk(scripts)):
        dirs.sort()
        for name in sorted(f for f in files if f.endswith(".py")):
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                out += findings_of(os.path.relpath(path, scripts), f.read())
    return out


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    here = os.path.dirname(os.path.abspath(__file__))
    found = findings(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "scripts"))
    print("\n".join(found) if found else "no second copy found")
    sys.exit(1 if found else 0)
