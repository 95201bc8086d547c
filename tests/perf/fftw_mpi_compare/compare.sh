#!/usr/bin/env bash
# tamp-fft (slab, blocking) against FFTW-MPI's slab transform: ROUNDS alternating runs of each per size,
# median and fastest seconds per forward + backward pair (max over ranks). Usage:
#   compare.sh FFTW_MPI_SLAB TAMP_FFT [RANKS] [BIND] [ROUNDS]      (BIND: none | core; default none, 5 rounds)
# SIZES="N0xN1xN2:ITERATIONS ..." replaces the default sizes.
set -euo pipefail
fftw=${1:?path of fftw-mpi-slab}; tamp=${2:?path of tamp-fft}
ranks=${3:-2}; bind=${4:-none}; rounds=${5:-5}
export OMP_NUM_THREADS=1
run=(mpirun --oversubscribe --allow-run-as-root -np "$ranks" --bind-to "$bind")
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
printf '%-12s %4s %5s %12s %12s %6s %12s %12s %6s\n' size iter bind fftw-median tamp-median ratio fftw-best \
  tamp-best ratio
for case in ${SIZES:-64:20 96x80x72:10 128:10 160x144x128:4}; do
  set -- ${case/:/ }
  f=(); t=()
  for ((i = 0; i < rounds; ++i)); do
    f+=("$("${run[@]}" "$fftw" --size "$1" --iterations "$2" --plan measure |
          sed -n 's/.*"seconds_per_pair": \([0-9.e+-]*\).*/\1/p')")
    t+=("$("${run[@]}" "$tamp" --size "$1" --iterations "$2" --plan measure --decomposition slab \
          --transpose blocking | awk '/per iter/ {print $NF}')")
  done
  fm=$(printf '%s\n' "${f[@]}" | median); tm=$(printf '%s\n' "${t[@]}" | median)
  fb=$(printf '%s\n' "${f[@]}" | sort -g | head -1); tb=$(printf '%s\n' "${t[@]}" | sort -g | head -1)
  printf '%-12s %4s %5s %12.4e %12.4e %6.2f %12.4e %12.4e %6.2f\n' "$1" "$2" "$bind" "$fm" "$tm" \
    "$(awk "BEGIN {print $tm / $fm}")" "$fb" "$tb" "$(awk "BEGIN {print $tb / $fb}")"
done
