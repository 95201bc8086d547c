#!/usr/bin/env python3
"""The simulated apps run without privatization (every rank shares the process's globals: docs/simulation.md,
"Privatization"), which is only right while TAMP's code has no global a rank writes. This check lists the
writable data symbols (nm types b, B, d, D) of TAMP's namespaces in each binary and fails on any not known to be
written once, before or at first use, with the same value for every rank.

  globals_check.py NM BINARY...
"""
import subprocess
import sys

# Writable only in the linker's sense: const objects that need a constructor or relocations at load time, and
# function-local statics built on first use from constants. Each entry: a substring of the demangled name.
KNOWN = {
    "tamp::(anonymous namespace)::kHeaderKeys": "constexpr table of machine-file keys (relocations)",
    "tamp::discovery::(anonymous namespace)::kSources": "const table of topology sources",
    "tamp::mapper_registry()::registry": "the algorithm registry, built from constants on first use",
    "tamp::refiner_registry()::registry": "the refiner registry, built from constants on first use",
    "tamp::impl::(anonymous namespace)::generators()::table": "the graph generators' table, built on first use",
    "tamp::discovery::(anonymous namespace)::cache_keyval()::keyval":
        "an MPI attribute key; SMPI's keyvals are process-wide, so one key serves every rank",
    "tamp::halo::kGiven": "const CLI11 range validator",
    "tamp::lanczos::(anonymous namespace)::kPhaseNames": "constexpr table of phase names",
    "tamp::mesh::(anonymous namespace)::element_type(int, tamp::mesh::(anonymous namespace)::ElementType&)::types":
        "static const table of Gmsh element types",
}


def writable_tamp_symbols(nm, binary):
    out = subprocess.run([nm, "-C", "--defined-only", binary], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[1] in "bBdD" and parts[2].startswith("tamp::"):
            yield parts[2]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    nm, binaries = sys.argv[1], sys.argv[2:]
    bad = []
    for binary in binaries:
        for name in writable_tamp_symbols(nm, binary):
            if name not in KNOWN:
                bad.append(f"{binary}: {name}")
    for line in bad:
        print(f"globals_check: a global the ranks would share: {line} (make it const, or per rank: "
              f"docs/simulation.md, \"Privatization\")")
    print(f"globals_check: {len(binaries)} binaries, {len(bad)} unknown writable globals")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
