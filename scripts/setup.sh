#!/usr/bin/env bash
# Installs the Debian packages TAMP needs, only those missing. Idempotent: with everything present it does nothing.
# As root on Debian it runs apt-get (update first); elsewhere it prints what to install and exits non-zero.
set -euo pipefail

packages=(
  # toolchain and build
  g++ gfortran make cmake pkg-config git ca-certificates python3
  # clang for the sanitizer build and libFuzzer
  clang libclang-rt-14-dev
  # libraries
  libopenmpi-dev openmpi-bin libhwloc-dev libfftw3-dev libfftw3-mpi-dev libmetis-dev libscotch-dev
  liblapack-dev libtrilinos-kokkos-dev libcli11-dev nlohmann-json3-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  # simulated machine and plots
  libsimgrid-dev gnuplot-nox
  # METIS's and Scotch's programs: the benchmark's graphs of other origins (tests/perf/foreign_graphs)
  metis scotch
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: missing packages: ${missing[*]}" >&2
  echo "setup: install them with: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
