#!/usr/bin/env bash
# tamp-fft (slab, blocking) against FFTW-MPI's slab transform in both of its layouts (TRANSPOSED_OUT/_IN and the
# normal one): ROUNDS alternating runs of each per size, median seconds per forward + backward pair (max over
# ranks) of each, and tamp-fft's ratio to the better FFTW-MPI layout (medians; and fastest runs). Usage:
#   compare.sh FFTW_MPI_SLAB TAMP_FFT [RANKS] [BIND] [ROUNDS]      (BIND: none | core; default none, 5 rounds)
# SIZES="N0xN1xN2:ITERATIONS ..." replaces the default sizes; DECOMPOSITION=pencil runs tamp-fft's pencils
# against the same FFTW-MPI slab; BEFORE=PATH also runs another tamp-fft build (say, before a change) in each
# round, right after TAMP_FFT, and adds its median and the ratio of TAMP_FFT's median to it.
set -euo pipefail
fftw=${1:?path of fftw-mpi-slab}; tamp=${2:?path of tamp-fft}
ranks=${3:-2}; bind=${4:-none}; rounds=${5:-5}; decomposition=${DECOMPOSITION:-slab}; before=${BEFORE:-}
export OMP_NUM_THREADS=1
run=(mpirun --oversubscribe --allow-run-as-root -np "$ranks" --bind-to "$bind")
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
best() { sort -g | head -1; }
tamp_pair() {
  "${run[@]}" "$1" --size "$2" --iterations "$3" --plan measure --decomposition "$decomposition" \
    --transpose blocking 2>/dev/null | awk '/per iter/ {print $NF}'
}
fftw_pair() {
  "${run[@]}" "$fftw" --size "$1" --iterations "$2" --plan measure --layout "$3" |
    sed -n 's/.*"seconds_per_pair": \([0-9.e+-]*\).*/\1/p'
}
printf '%-12s %4s %5s %6s %12s %12s %12s %6s %6s' size iter bind tamp fftw-transp fftw-normal tamp-median \
  ratio best-r
[[ -n "$before" ]] && printf ' %12s %6s' before-median vs-bef
echo
for case in ${SIZES:-64:20 96x80x72:10 128:10 160x144x128:4}; do
  set -- ${case/:/ }
  ft=(); fn=(); t=(); b=()
  for ((i = 0; i < rounds; ++i)); do
    ft+=("$(fftw_pair "$1" "$2" transposed)")
    t+=("$(tamp_pair "$tamp" "$1" "$2")")
    [[ -n "$before" ]] && b+=("$(tamp_pair "$before" "$1" "$2")")
    fn+=("$(fftw_pair "$1" "$2" normal)")
  done
  ftm=$(printf '%s\n' "${ft[@]}" | median); fnm=$(printf '%s\n' "${fn[@]}" | median)
  tm=$(printf '%s\n' "${t[@]}" | median)
  fb=$(printf '%s\n' "${ft[@]}" "${fn[@]}" | best); tb=$(printf '%s\n' "${t[@]}" | best)
  printf '%-12s %4s %5s %6s %12.4e %12.4e %12.4e %6.2f %6.2f' "$1" "$2" "$bind" "$decomposition" "$ftm" "$fnm" \
    "$tm" "$(awk "BEGIN {m = $ftm < $fnm ? $ftm : $fnm; print $tm / m}")" "$(awk "BEGIN {print $tb / $fb}")"
  if [[ -n "$before" ]]; then
    bm=$(printf '%s\n' "${b[@]}" | median)
    printf ' %12.4e %6.2f' "$bm" "$(awk "BEGIN {print $tm / $bm}")"
  fi
  echo
done
