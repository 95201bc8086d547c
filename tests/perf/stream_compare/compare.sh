#!/usr/bin/env bash
# The stencil sweeps against STREAM's triad on arrays of the sweep's size, interleaved: ROUNDS rounds of
# (stream, tamp-bench-stencil-sweep, tamp-stencil) per thread count, medians of each and their ratios. Usage:
#   compare.sh STREAM_C BUILD [THREADS...]     (default threads: 1 2; ROUNDS=5, SIDE=512 from the environment)
# STREAM_C is a copy of the standard stream.c (not in this repository: README.md); it is built here the usual way,
# -O3 -march=native -fopenmp, with STREAM_ARRAY_SIZE = (SIDE+2)^3, the size of one field of the sweep.
set -euo pipefail
stream_c=${1:?path of stream.c}; build=${2:?TAMP build folder}; shift 2
threads=("${@:-1 2}"); threads=(${threads[*]})
rounds=${ROUNDS:-5}; side=${SIDE:-512}
bench=$build/tests/bench/tamp-bench-stencil-sweep
stencil=$build/apps/stencil/tamp-stencil
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
size=$(( (side + 2) ** 3 ))
gcc -O3 -march=native -fopenmp -mcmodel=medium -DSTREAM_ARRAY_SIZE=$size -DNTIMES=10 "$stream_c" -o "$work/stream"
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
# STREAM's triad at its average time over NTIMES (24 bytes per element), in GB/s: averages on both sides, as the
# benchmark reports the mean of its iterations (STREAM's headline "Best Rate" is the fastest run).
triad() { "$work/stream" | awk -v n=$size '/^Triad:/ {print 24 * n / $3 / 1e9}'; }
# The benchmark's GB/s (16 bytes per cell) for one kernel, e.g. sweep_openmp/7.
sweep() {
  "$bench" --benchmark_filter="^$1/real_time\$" --benchmark_min_time=1 --benchmark_format=csv 2>/dev/null |
    awk -F, -v k="\"$1/real_time\"" '$1 == k {print $6 / 1e9}'
}
# tamp-stencil's own Rate line (GB/s, 16 bytes per cell), boundary cells and halo exchange included.
app() {
  mpirun --oversubscribe --allow-run-as-root -np 1 --bind-to none "$stencil" --stencil 7 \
    --local "${side}x${side}x${side}" --iterations 10 --verify off 2>/dev/null | sed -n 's/^Rate: .*, \([0-9.]*\) GB\/s.*/\1/p'
}
printf '%-7s %8s %9s %9s %9s %7s %7s %7s\n' threads triad sweep-omp sweep-kk tamp-app omp/tr kk/tr app/tr
for t in "${threads[@]}"; do
  export OMP_NUM_THREADS=$t
  s=(); o=(); k=(); a=()
  for ((i = 0; i < rounds; ++i)); do
    s+=("$(triad)"); o+=("$(sweep sweep_openmp/7)"); k+=("$(sweep sweep_kokkos/7)"); a+=("$(app)")
  done
  sm=$(printf '%s\n' "${s[@]}" | median); om=$(printf '%s\n' "${o[@]}" | median)
  km=$(printf '%s\n' "${k[@]}" | median); am=$(printf '%s\n' "${a[@]}" | median)
  printf '%-7s %8.2f %9.2f %9.2f %9.2f %7.2f %7.2f %7.2f\n' "$t" "$sm" "$om" "${km:-0}" "$am" \
    "$(awk "BEGIN {print $om / $sm}")" "$(awk "BEGIN {print ${km:-0} / $sm}")" "$(awk "BEGIN {print $am / $sm}")"
done
