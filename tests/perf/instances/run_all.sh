#!/bin/sh
# Runs tamp-map compare, the Scotch program and (when given) the Zoltan2 program on every instance written by
# make_instances.sh, and prints one table (README.md).
# usage: run_all.sh DIR TAMP_MAP SCOTCH_COMPARE [ZOLTAN2_COMPARE]
set -eu
dir=${1:?usage: run_all.sh DIR TAMP_MAP SCOTCH_COMPARE [ZOLTAN2_COMPARE]}
tamp_map=$2
scotch=$3
zoltan2=${4:-}
results="$dir/results.jsonl"
: > "$results"
run() {  # label graph machine
  g="$dir/$2"; m="$dir/$3"
  # auto with the comparison's own metric: Scotch and Zoltan2 minimise hop-bytes-like costs (README.md)
  "$tamp_map" compare --graph "$g" --machine "$m" --algorithms default,auto,geom-rs --objective hop-bytes --json |
    sed "s|^{|{\"instance\":\"$1\",|" >> "$results"
  "$scotch" --graph "$g" --machine "$m" --seed 1 | sed "s|^{|{\"instance\":\"$1\",|" >> "$results"
  if [ -n "$zoltan2" ]; then
    z="$dir/zoltan2-${1%% *}.txt"  # raw output, kept for the other rows (no shift, candidate 0, by hop-bytes)
    if "$zoltan2" --graph "$g" --machine "$m" > "$z" 2>&1; then
      zoltan2_row "$1" "$z" >> "$results" ||
        printf '{"instance":"%s","algorithm":"zoltan2","skipped":"unreadable, see %s"}\n' "$1" "$z" >> "$results"
    else
      echo "zoltan2 failed on $1 (see $z)" >&2
      printf '{"instance":"%s","algorithm":"zoltan2","skipped":"failed, see %s"}\n' "$1" "$z" >> "$results"
    fi
  fi
}
# Zoltan2's row: "zoltan2 (shift) best of K by its cost (#k)", what a K-rank coordinateTaskMapperInterface
# call given the machine dimensions returns. Its last 7 columns are hop-bytes, hops/B, maxdil, max-link,
# max-cong, offnode, time[s] (time of all K candidates).
zoltan2_row() {  # label file
  awk -v inst="$1" '/^zoltan2 \(shift\) best of [0-9]+ by its cost/ {
    n = NF; found = 1
    printf "{\"instance\":\"%s\",\"algorithm\":\"zoltan2 (best of %s)\",", inst, $5
    printf "\"metrics\":{\"hop_bytes\":%s,\"max_link_load\":%s},\"time_ms\":%.1f}\n", $(n-6), $(n-3), $n * 1000
  } END { if (!found) { print "no Zoltan2 best-of row in " FILENAME > "/dev/stderr"; exit 1 } }' "$2"
}
run "1 stencil3d 32x32x16, full torus 16x8x8 x16" stencil3d.graph torus16x8x8c16.machine
run "2 stencil3d 32x32x16, ALPS 683 nodes of 17x8x24 x24" stencil3d.graph hopper683.machine
run "3 stencil2d 64x64, full torus 8x8x4 x16" stencil2d.graph torus8x8x4c16.machine
run "4 mesh 512 parts, full torus 8x8x4 x2" mesh512.graph torus8x8x4c2.machine
run "5 mfdn:23 dm, ALPS 12 nodes of 17x8x24 x24" mfdn23.graph hopper12.machine
python3 - "$results" <<'PY'
import json, sys
rows = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    rows.setdefault(r["instance"], []).append(r)
print("| instance | algorithm | hop-bytes | max link load | time (ms) |")
print("|---|---|---|---|---|")
for inst, rs in rows.items():
    for r in rs:
        if "metrics" not in r:
            print(f"| {inst} | {r['algorithm']} | skipped: {r.get('skipped', '?')} | | |")
            continue
        m = r["metrics"]
        extra = f" (moved {r['moved_tasks']})" if r.get("moved_tasks") else ""
        print(f"| {inst} | {r['algorithm']}{extra} | {m['hop_bytes']:,.0f} | {m['max_link_load']:,.0f} | {r['time_ms']:.1f} |")
PY
