#!/usr/bin/env bash
# The README's test command. From a fresh clone: install what is missing, configure, build, run every CTest test
# (labels unit, mpi, sim), then build the unit tests and the parser fuzzers with AddressSanitizer and
# UndefinedBehaviorSanitizer (clang) and run them too.
#   TAMP_BUILD_DIR   build folder (default: build)        TAMP_SKIP_SANITIZE=1   skip the sanitizer build
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)

# Each step's wall time, printed at the end (docs/performance.md, "The test command").
took=""
step() { took+="${took:+, }$1 $((SECONDS - step_start)) s"; step_start=$SECONDS; }
step_start=$SECONDS

bash "$root/scripts/setup.sh"
step set-up

build=${TAMP_BUILD_DIR:-$root/build}
echo "== configure and build ($build)"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DTAMP_WERROR=ON
cmake --build "$build" -j "$jobs"
step build
echo "== tests"
ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 600
step tests

if [[ "${TAMP_SKIP_SANITIZE:-0}" != 1 ]]; then
  sanitize=$build-sanitize
  echo "== sanitizer build: unit tests and fuzzers with address,undefined ($sanitize)"
  # -O1, as the sanitizers' documentation advises: the tests run about 5x faster than at -O0 (596 s -> 111 s).
  # -gline-tables-only: a report's stack still names file and line; the build takes a fifth less time than at -g.
  CC=clang CXX=clang++ cmake -S "$root" -B "$sanitize" -DCMAKE_BUILD_TYPE=Debug -DTAMP_WERROR=ON \
    -DCMAKE_CXX_FLAGS_DEBUG="-gline-tables-only -O1" -DCMAKE_C_FLAGS_DEBUG="-gline-tables-only -O1" \
    -DTAMP_SANITIZE=address,undefined -DTAMP_ENABLE_MPI=OFF -DTAMP_ENABLE_BENCHMARKS=OFF -DTAMP_ENABLE_FUZZERS=ON
  cmake --build "$sanitize" -j "$jobs"
  step "sanitizer build"
  ctest --test-dir "$sanitize" --output-on-failure -j "$jobs" --timeout 600
  step "sanitizer tests"
fi
echo "== test.sh: $took; $SECONDS s in all"
