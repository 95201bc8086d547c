"""The tables the script does not regenerate, each with the commands that made it and the reason: codes TAMP does
not ship, hours of simulation, or figures read by hand from a profiler or a temporary probe."""
from .table import Table

REFERENCE = "needs {}, which TAMP does not ship."
BY_HAND = "its figures were read by hand from {}."
HOURS = "its simulations take {}."

TABLES = [
    Table("stream", "minutes", kept=REFERENCE.format("STREAM's `stream.c` (`STREAM_DIR`)"), commands=[
        "git clone https://github.com/jeffhammond/STREAM STREAM_DIR",
        "cmake --build {build} -j2 --target tamp-stencil tamp-bench-stencil-sweep",
        "ROUNDS=5 bash tests/perf/stream_compare/compare.sh STREAM_DIR/stream.c {build} 1 2"]),
    Table("minighost", "minutes", kept=REFERENCE.format("Mantevo's miniGhost (`MINIGHOST_DIR`)"), commands=[
        "bash tests/perf/minighost_compare/compare.sh MINIGHOST_DIR/ref/miniGhost.x {build}/apps/halo/tamp-halo RANKS 5"]),
    Table("fftw", "minutes", kept=REFERENCE.format("FFTW-MPI and a driver built beside TAMP (`FFTW_CMP`)"),
          commands=[
        "cmake -S tests/perf/fftw_mpi_compare -B FFTW_CMP && cmake --build FFTW_CMP",
        "DECOMPOSITION=pencil SIZES=\"128:10 192x160x128:5 256:3\" \\",
        "  bash tests/perf/fftw_mpi_compare/compare.sh FFTW_CMP/fftw-mpi-slab {build}/apps/fft/tamp-fft 4 none 5",
        "DECOMPOSITION=slab SIZES=\"128:10 192x160x128:5\" \\",
        "  bash tests/perf/fftw_mpi_compare/compare.sh FFTW_CMP/fftw-mpi-slab {build}/apps/fft/tamp-fft RANKS none 5"]),
    Table("quality-peers", "minutes",
          kept=REFERENCE.format("Scotch and Zoltan2 (Trilinos): tests/perf/README.md builds their programs"), commands=[
        "tests/perf/instances/make_instances.sh out/instances {build}/mapping/tools/tamp-map",
        "OMP_NUM_THREADS=1 tests/perf/instances/run_all.sh out/instances {build}/mapping/tools/tamp-map \\",
        "    out/build-scotch-perf/tamp-scotch-compare out/build-z2-perf/tamp-zoltan2-compare"]),
    Table("main-job-wall", "hours", kept=BY_HAND.format("the campaign's log and `/usr/bin/time` on an idle machine"),
          commands=["/usr/bin/time -v bash scripts/run-main.sh --out out/main"]),
    Table("small-tori", "hours", kept="it sums up the app pages' tables; each page gives its commands.", commands=[]),
    Table("netbench", "minutes", kept="it sums up apps/netbench.md, which gives the commands.", commands=[]),
    Table("fft-step-model", "minutes",
          kept=BY_HAND.format("the compute-model matrix's runs (`time.comm / 3`) and `tamp-map eval --steps 3` "
                              "(its predicted time and the phases' busiest link) for each placement M"), commands=[
        "tamp-map eval --graph fft:32x32x512,ranks=512 --machine out/vmod/platform/machine-512.machine \\",
        "    --mapping out/vmod/placements/fft-n512-M.map --steps 3"]),
    Table("senders-wait", "minutes",
          kept=BY_HAND.format("the compute-model matrix's mesh runs at 512 ranks (`validate.py`'s gains)"),
          commands=["python3 tests/perf/model_validation/validate.py out/vmod"]),
    Table("barrier", "minutes", kept="its figures were read by hand from SimGrid's and the step model's traces of "
          "one iteration of tamp-mesh at 64 ranks.", commands=[]),
    Table("launcher-sums", "hours", kept=HOURS.format("minutes at 64 and 512 ranks and hours at 4,096"), commands=[
        "mkdir -p out/lsum/decks",
        "sed -e 's/--comm_method BSPMA/--comm_method BSPMA --sum_comm launcher/' \\",
        "    -e 's/stencil=3d7pt$/stencil=3d7pt,sum_comm=launcher/' inputs/campaigns/apps/halo.deck > out/lsum/decks/halo.deck",
        "printf 'machine  ../inputs/campaigns/cielo-sparse.machine\\napps     halo\\nscales   64 512\\n"
        "mappings default auto group\\n' > out/l.campaign",
        "python3 scripts/campaign.py out/l.campaign --build {build} --decks out/lsum/decks --out out/lsum/out"]),
    Table("simgrid-scale", "hours", kept=HOURS.format("up to 65 minutes a run and 15 GB, and their memory was sampled from /proc "
                                             "by hand"), commands=[
        "mkdir -p out/dkb && for a in stencil halo; do grep -v '^mappings' inputs/campaigns/apps/$a.deck > out/dkb/$a.deck; done",
        "python3 scripts/campaign.py inputs/campaigns/main.campaign --decks out/dkb --apps stencil,halo --scales 1024 \\",
        "    --mappings default --jobs 1 --out out/b1k",
        "python3 scripts/campaign.py inputs/campaigns/main.campaign --decks out/dkb --apps stencil,halo --scales 4096 \\",
        "    --mappings default --jobs 1 --out out/b4k"]),
    Table("perf-profile", "minutes", kept="its figures were read by hand from `perf record -F 99 -g` of the main "
          "job's tamp-stencil at 4,096 ranks (`default`, 3 timed sweeps).", commands=[]),
    Table("minighost-steps", "hours", kept=HOURS.format("up to 8 minutes a run at 4,096 ranks"), commands=[
        "mkdir -p out/dk20 && grep -v '^mappings' inputs/campaigns/apps/halo.deck \\",
        "    | sed 's/--num_tsteps 1 /--num_tsteps 20 /' > out/dk20/halo.deck",
        "python3 scripts/campaign.py inputs/campaigns/main.campaign --decks out/dk20 --apps halo --scales 512 \\",
        "    --mappings default --jobs 1 --out out/s20"]),
    Table("collectives", "minutes", kept="its runs of `tamp-sim-collectives` (tests/sim/collectives.cpp) were "
          "started by hand with the campaign's options and the `default` hostfile, one allreduce algorithm at a time.",
          commands=[]),
    Table("lanczos-collectives", "hours", kept=BY_HAND.format("a temporary `__rdtsc()` probe around each collective, "
                                                              "not kept in the code"), commands=[
        "python3 scripts/campaign.py A --scales 4560 --decks D --jobs 1 --timeout 3000"]),
    Table("whole-job", "hours", kept=HOURS.format("about 30 minutes to an hour each"), commands=[
        "python3 scripts/campaign.py inputs/campaigns/whole-job/whole-job.campaign --decks inputs/campaigns/whole-job \\",
        "    --out out/wj --jobs 1 --timeout 7200"]),
    Table("auto-predicted", "hours",
          kept="it reads the job machines of a main-job campaign (`out/main`), which takes the main job's time.",
          commands=[
        "{build}/mapping/tools/tamp-map map --graph stencil3d:16x16x16,local=24x24x24 \\",
        "    --machine out/main/platform/machine.machine --algorithm auto --report --min-gain 0 --out out/a.map"]),
    Table("fidelity-wall", "hours", kept=BY_HAND.format("the campaigns' logs of each experiment"), commands=[
        "python3 scripts/fidelity.py --only NAME"]),
]
