#!/usr/bin/env bash
# tamp-halo against the reference miniGhost on the same decks, ranks and launcher, interleaved: ROUNDS rounds of
# (miniGhost, tamp-halo) per deck, median seconds per step of each and their ratio. Usage:
#   compare.sh MINIGHOST_X TAMP_HALO [RANKS] [ROUNDS]          (default 4 ranks, 5 rounds)
# DECKS="name:options;..." replaces decks (a)-(d) (docs/performance.md). Both get --error_tol 2 (1e-2): on 4 ranks the
# reference's 3D27PT check fails at 1e-8 (docs/apps/halo.md, its error grows to 1e-6 in 13 steps) and
# would stop it.
set -euo pipefail
mg=$(realpath "${1:?path of miniGhost.x}"); tamp=$(realpath "${2:?path of tamp-halo}")
ranks=${3:-4}; rounds=${4:-5}
case $ranks in
  1) grid="--npx 1 --npy 1 --npz 1" ;;
  2) grid="--npx 2 --npy 1 --npz 1" ;;
  4) grid="--npx 2 --npy 2 --npz 1" ;;
  8) grid="--npx 2 --npy 2 --npz 2" ;;
  *) echo "ranks: 1, 2, 4 or 8" >&2; exit 2 ;;
esac
export OMP_NUM_THREADS=1
run=(mpirun --oversubscribe --allow-run-as-root -np "$ranks" --bind-to none)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; cd "$work"   # miniGhost writes results.yaml here
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
cube="--nx 60 --ny 60 --nz 60 --num_tsteps 20 --num_spikes 1"
decks=${DECKS:-"a-3D7PT-40v-BSPMA:$cube --num_vars 40 --stencil 23 --comm_method 10;\
b-3D7PT-40v-SVAF:$cube --num_vars 40 --stencil 23 --comm_method 11;\
c-3D27PT-10v-BSPMA:$cube --num_vars 10 --stencil 24 --comm_method 10;\
d-2D5PT-200sq-10v:--nx 200 --ny 200 --nz 1 --num_tsteps 20 --num_spikes 1 --num_vars 10 --stencil 21 --comm_method 10"}
printf '%-20s %5s %14s %14s %6s  %s\n' deck ranks miniGhost-s/step tamp-s/step ratio "runs (miniGhost / tamp-halo)"
IFS=';' read -ra list <<< "$decks"
for entry in "${list[@]}"; do
  name=${entry%%:*}; deck="${entry#*:} $grid --error_tol 2"
  m=(); t=()
  for ((i = 0; i < rounds; ++i)); do
    rm -f results.yaml
    "${run[@]}" "$mg" $deck > mg.out 2>&1
    m+=("$(awk '/Total_time:/ {t = $2} /Time_steps:/ {s = $2} END {print t / s}' results.yaml)")
    t+=("$("${run[@]}" "$tamp" $deck 2>/dev/null | sed -n 's/^Rate: .*, \([0-9.e+-]*\) s per step.*/\1/p')")
  done
  mm=$(printf '%s\n' "${m[@]}" | median); tm=$(printf '%s\n' "${t[@]}" | median)
  printf '%-20s %5s %14.4e %14.4e %6.2f  %s / %s\n' "$name" "$ranks" "$mm" "$tm" "$(awk "BEGIN {print $tm / $mm}")" \
    "${m[*]}" "${t[*]}"
done
