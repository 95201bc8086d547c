#!/usr/bin/env bash
# tamp-fft on the simulated 4x4x4 torus x 4 cores (SimGrid SMPI): the hidden share of transpose time with
# overlapped transposes, and the placement gain of the pencil grid. Writes JSON Lines into OUT and prints the
# tables of docs/apps/fft.md (summarize.py). Usage:
#   run.sh BUILD OUT [REPETITIONS]     (BUILD: a configured build with its sim sub-build, e.g. build; default 3)
set -euo pipefail
build=$(cd "${1:?build folder}" && pwd); out=$(mkdir -p "${2:?output folder}" && cd "$2" && pwd); reps=${3:-3}
fft=$build/sim/apps/fft/tamp-fft
[[ -x $fft ]] || { echo "run.sh: $fft not found (build the sim sub-build: cmake --build $build --target tamp-sim)" >&2; exit 1; }
"$build/mapping/tools/tamp-map" platform --machine torus:4x4x4,cores=4 --out "$out/torus.xml" > /dev/null
export OMP_NUM_THREADS=1
# smpi/test:0: no injected cost per MPI_Test; coll-selector:ompi: see docs/simulation.md.
sim() {
  local np=$1; shift
  smpirun -np "$np" -platform "$out/torus.xml" -hostfile "$out/torus.hostfile" --cfg=smpi/host-speed:1Gf \
    --cfg=smpi/test:0 --cfg=smpi/coll-selector:ompi --log=root.thres:warning ${SIMARGS:-} \
    "$fft" --topology "synthetic:$out/torus.machine" "$@" > /dev/null
}
rm -f "$out/placement.jsonl" "$out/overlap.jsonl"
# Placement: communication only (computation costs no simulated time), blocking transposes.
for grid in "" "--grid 8x8"; do
  SIMARGS=--cfg=smpi/simulate-computation:no sim 64 --size 64 --iterations 3 --transpose blocking $grid \
    --compare default,blocked,auto,random --json "$out/placement.jsonl"
done
# Overlap: computation charged at its real CPU time; each run also times blocking pairs (--reference 2).
for ((r = 0; r < reps; ++r)); do
  for tw in "8 2" "4 2" "4 4" "2 4"; do
    set -- $tw; sim 16 --size 64 --iterations 5 --tile "$1" --window "$2" --json "$out/overlap.jsonl"
  done
  sim 16 --size 64 --iterations 5 --tile 4 --window 4 --progress none --json "$out/overlap.jsonl"
  sim 16 --size 64 --iterations 5 --decomposition slab --tile 4 --window 4 --json "$out/overlap.jsonl"
  for t in 16 8 4; do sim 16 --size 128 --iterations 3 --tile "$t" --window 4 --json "$out/overlap.jsonl"; done
  sim 16 --size 128 --iterations 3 --tile 8 --window 4 --progress none --json "$out/overlap.jsonl"
  for t in 8 4; do
    sim 64 --size 128 --iterations 2 --grid 8x8 --mapping auto --tile "$t" --window 4 --json "$out/overlap.jsonl"
  done
done
python3 "$(dirname "$0")/summarize.py" "$out"
