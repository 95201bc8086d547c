#!/usr/bin/env bash
# The stencil sweeps against STREAM's triad on arrays of the sweep's size, interleaved: ROUNDS rounds of
# (stream, tamp-bench-stencil-sweep, tamp-stencil) per thread count, medians of each and their ratios. Usage:
#   compare.sh STREAM_C BUILD [THREADS...]     (default threads: 1 2; ROUNDS=5, SIDE=512 from the environment)
# STREAM_C is a copy of the standard stream.c (not in this repository: README.md); it is built here the usual way,
# -O3 -march=native -fopenmp, with STREAM_ARRAY_SIZE = (SIDE+2)^3, the size of one field of the sweep.
# BEFORE=BUILD2 also runs another build's benchmark and app (say, before a change) in each round, after this
# build's in even rounds and before it in odd ones, and prints their medians on a second line per thread count ("before"), rated against the same
# triads.
set -euo pipefail
stream_c=${1:?path of stream.c}; build=${2:?TAMP build folder}; shift 2
threads=("${@:-1 2}"); threads=(${threads[*]})
rounds=${ROUNDS:-5}; side=${SIDE:-512}
before=${BEFORE:-}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
size=$(( (side + 2) ** 3 ))
gcc -O3 -march=native -fopenmp -mcmodel=medium -DSTREAM_ARRAY_SIZE=$size -DNTIMES=10 "$stream_c" -o "$work/stream"
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
# STREAM's triad at its average time over NTIMES (24 bytes per element), in GB/s: averages on both sides, as the
# benchmark reports the mean of its iterations (STREAM's headline "Best Rate" is the fastest run).
triad() { "$work/stream" | awk -v n=$size '/^Triad:/ {print 24 * n / $3 / 1e9}'; }
# The benchmark's GB/s (16 bytes per cell) for one kernel of build $1, e.g. sweep_openmp/7.
sweep() {
  local bench=$1/tests/bench/tamp-bench-stencil-sweep; shift
  "$bench" --benchmark_filter="^$1/real_time\$" --benchmark_min_time=1 --benchmark_format=csv 2>/dev/null |
    awk -F, -v k="\"$1/real_time\"" '$1 == k {print $6 / 1e9}'
}
# tamp-stencil's own Rate line (GB/s, 16 bytes per cell) of build $1, boundary cells and halo exchange included.
app() {
  mpirun --oversubscribe --allow-run-as-root -np 1 --bind-to none "$1/apps/stencil/tamp-stencil" --stencil 7 \
    --local "${side}x${side}x${side}" --iterations 10 --verify off 2>/dev/null | sed -n 's/^Rate: .*, \([0-9.]*\) GB\/s.*/\1/p'
}
printf '%-7s %8s %9s %9s %9s %7s %7s %7s\n' threads triad sweep-omp sweep-kk tamp-app omp/tr kk/tr app/tr
# One line of medians: label, triad median, then the three lists.
line() {
  local label=$1 sm=$2; shift 2
  local om km am
  om=$(printf '%s\n' $1 | median); km=$(printf '%s\n' $2 | median); am=$(printf '%s\n' $3 | median)
  printf '%-7s %8.2f %9.2f %9.2f %9.2f %7.2f %7.2f %7.2f\n' "$label" "$sm" "$om" "${km:-0}" "$am" \
    "$(awk "BEGIN {print $om / $sm}")" "$(awk "BEGIN {print ${km:-0} / $sm}")" "$(awk "BEGIN {print $am / $sm}")"
}
for t in "${threads[@]}"; do
  export OMP_NUM_THREADS=$t
  s=(); o=(); k=(); a=(); bo=(); bk=(); ba=()
  for ((i = 0; i < rounds; ++i)); do
    s+=("$(triad)")
    # With BEFORE, the two builds take turns at going first.
    if [[ -n $before && $((i % 2)) == 1 ]]; then
      bo+=("$(sweep "$before" sweep_openmp/7)"); bk+=("$(sweep "$before" sweep_kokkos/7)"); ba+=("$(app "$before")")
    fi
    o+=("$(sweep "$build" sweep_openmp/7)"); k+=("$(sweep "$build" sweep_kokkos/7)"); a+=("$(app "$build")")
    if [[ -n $before && $((i % 2)) == 0 ]]; then
      bo+=("$(sweep "$before" sweep_openmp/7)"); bk+=("$(sweep "$before" sweep_kokkos/7)"); ba+=("$(app "$before")")
    fi
  done
  sm=$(printf '%s\n' "${s[@]}" | median)
  line "$t" "$sm" "${o[*]}" "${k[*]}" "${a[*]}"
  [[ -z $before ]] || line "before" "$sm" "${bo[*]}" "${bk[*]}" "${ba[*]}"
done
