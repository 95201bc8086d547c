#!/bin/sh
# Writes the comparison instances (README.md) into OUT: task graphs (METIS + .xyz) and machine files.
# usage: make_instances.sh OUT [TAMP_MAP]      (never writes into the source tree)
set -eu
out=${1:?usage: make_instances.sh OUT [TAMP_MAP]}
tamp_map=${2:-tamp-map}
mkdir -p "$out"

"$tamp_map" gen stencil3d:32x32x16 --out "$out/stencil3d.graph"
"$tamp_map" gen stencil2d:64x64 --out "$out/stencil2d.graph"
"$tamp_map" gen mesh:3d,parts=512,seed=1 --out "$out/mesh512.graph"
"$tamp_map" gen mfdn:23,ordering=dm --out "$out/mfdn23.graph"

full_torus() {  # name dims... cores
  printf 'topology torus\ndims %s %s %s\nwrap 1 1 1\ncores_per_node %s\n' "$2" "$3" "$4" "$5" > "$out/$1.machine"
}
full_torus torus16x8x8c16 16 8 8 16
full_torus torus8x8x4c16 8 8 4 16
full_torus torus8x8x4c2 8 8 4 2

# Hopper-like 17x8x24 Gemini torus, 2 nodes/router, y links half bandwidth, 24 cores/node; an ALPS-like
# allocation of N nodes: routers in serpentine order (x, then y, then z, each sweep reversing), from a random
# start, skipping ~15% of nodes (taken by other jobs).
alps() {  # name nodes seed
  awk -v n="$2" -v seed="$3" 'BEGIN {
    srand(seed); X = 17; Y = 8; Z = 24; k = 0
    for (z = 0; z < Z; ++z) for (yy = 0; yy < Y; ++yy) for (xx = 0; xx < X; ++xx) {
      y = (z % 2) ? Y - 1 - yy : yy; x = ((z * Y + yy) % 2) ? X - 1 - xx : xx
      for (i = 0; i < 2; ++i) order[k++] = x " " y " " z " " i
    }
    start = int(rand() * k); taken = 0
    printf "topology torus\ndims 17 8 24\nwrap 1 1 1\nnodes_per_router 2\ncores_per_node 24\n"
    printf "link_bandwidth 9.4e9 4.7e9 9.4e9\nnodes %d\n", n
    for (j = 0; taken < n; ++j) if (rand() >= 0.15) { print order[(start + j) % k]; ++taken }
  }' > "$out/$1.machine"
}
alps hopper683 683 7
alps hopper12 12 11
