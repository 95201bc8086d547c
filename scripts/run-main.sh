#!/usr/bin/env bash
# The README's main job: install what is missing, build, and run the stencil app on the embedded default machine
# (a synthetic 4x4x4 torus with 4 cores per node) with the launcher's placement and with `blocked`, side by side.
#   TAMP_BUILD_DIR  build folder (default: build)     TAMP_RANKS  MPI ranks (default 256: every core of the machine)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
ranks=${TAMP_RANKS:-256}

bash "$root/scripts/setup.sh"
build=${TAMP_BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$jobs" --target tamp-stencil tamp-map >/dev/null

mpi_flags=()
if mpiexec --version 2>/dev/null | grep -qE "Open MPI|OpenRTE"; then mpi_flags=(--oversubscribe --allow-run-as-root); fi
export OMP_NUM_THREADS=1
echo "main job: $ranks ranks of tamp-stencil on the synthetic 4x4x4 torus (4 cores per node), default vs blocked."
echo "  Hop-bytes and link loads are those of the modelled torus; times are of this machine's cores running every rank,"
echo "  so they say nothing of the network until the simulated machine (SimGrid) becomes the main job."
mkdir -p "$root/out"
exec mpiexec -n "$ranks" "${mpi_flags[@]}" "$build/apps/stencil/tamp-stencil" --stencil 7 --local 16x16x16 --iterations 10 \
  --topology "synthetic:$root/inputs/machines/torus-4x4x4.machine" --compare default,blocked \
  --json "$root/out/main-job.jsonl" "$@"
