#!/usr/bin/env bash
# The README's main job: the campaign of inputs/campaigns/main.campaign on a simulated Cielo-like Cray XE6 (SimGrid
# with TAMP's platform plug-in: the whole 16x12x24 Gemini torus, 2 nodes per router, 16 cores per node, y links at half
# bandwidth) with a sparse job of 256 nodes spread over it — every app that has a deck and is built, weak scaling up to
# the whole job, 4,096 ranks (decks with their own scales: lanczos to 276, fft to 512; both on the whole job in
# inputs/campaigns/whole-job/, which takes hours), under the launcher's
# placement (`default`), `auto` and each app's own orderings, two simulations at a time. Ends with the summary table
# and the paths of the plots.
#   TAMP_BUILD_DIR  build folder (default: build). Arguments go to scripts/campaign.py (e.g. --scales 16,32,
#   --resume, --out DIR); see docs/measuring-gains.md.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)

bash "$root/scripts/setup.sh"
build=${TAMP_BUILD_DIR:-$root/build}
log=$build/main-job-build.log
mkdir -p "$build"
# tamp-main-job: tamp-map, the apps, tamp-sim (their smpicxx build) and tamp-simgrid-platform, built side by side.
echo "== configure and build tamp-map and the apps, native and smpicxx ($build; log: $log)"
if ! { cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release &&
       cmake --build "$build" -j "$jobs" --target tamp-main-job; } >"$log" 2>&1; then
  tail -n 30 "$log" >&2
  echo "main job: the build failed (full log: $log)" >&2
  exit 1
fi
echo "== campaign"
exec python3 "$root/scripts/campaign.py" "$root/inputs/campaigns/main.campaign" --build "$build" "$@"
