"""The tables the script does not regenerate, each with the reason: codes TAMP does not ship, hours of simulation,
or figures read by hand from a profiler or a temporary probe. Their commands (commands.txt) are the ones that made
them."""
from .table import Table

REFERENCE = "needs {}, which TAMP does not ship."
BY_HAND = "its figures were read by hand from {}."
HOURS = "its simulations take {}."

TABLES = [
    Table("stream", "minutes", kept=REFERENCE.format("STREAM's `stream.c` (`STREAM_DIR`)")),
    Table("minighost", "minutes", kept=REFERENCE.format("Mantevo's miniGhost (`MINIGHOST_DIR`)")),
    Table("fftw", "minutes", kept=REFERENCE.format("FFTW-MPI's driver, built beside TAMP (`FFTW_CMP`)")),
    Table("quality-peers", "minutes",
          kept=REFERENCE.format("Scotch and Zoltan2 (Trilinos): tests/perf/README.md builds their programs")),
    Table("process-mappers", "minutes",
          kept=REFERENCE.format("KaHIP's `kaffpa`, `global_multisection` and `SharedMap`, built beside TAMP "
                                "(`KAHIP_BUILD`, `SHAREDMAP_BUILD`): tests/perf/README.md says how")),
    Table("main-job-wall", "hours", kept=BY_HAND.format("the campaign's log and `/usr/bin/time` on an idle machine")),
    Table("small-tori", "hours", kept="it sums up the app pages' tables; each page gives its commands."),
    Table("netbench", "minutes", kept="it sums up apps/netbench.md, which gives the commands."),
    Table("fft-step-model", "minutes",
          kept=BY_HAND.format("the compute-model matrix's runs (`time.comm / 3`) and `tamp-map eval --steps 3` "
                              "(its predicted time and the phases' busiest link) for each placement M")),
    Table("senders-wait", "minutes",
          kept=BY_HAND.format("the compute-model matrix's mesh runs at 512 ranks (`validate.py`'s gains)")),
    Table("barrier", "minutes",
          kept=BY_HAND.format("SimGrid's and the step model's traces of one iteration of tamp-mesh at 64 ranks")),
    Table("barrier-warmup", "minutes",
          kept=BY_HAND.format("the flow validation's `mesh` runs at 512 ranks with `--iterations 1`, built without "
                              "and with the barrier before the warm-up")),
    Table("launcher-sums", "hours", kept=HOURS.format("minutes at 64 and 512 ranks and hours at 4,096")),
    Table("simgrid-scale", "hours",
          kept=HOURS.format("up to 65 minutes a run and 15 GB, and their memory was sampled from /proc by hand")),
    Table("perf-profile", "minutes", kept=BY_HAND.format("`perf record -F 99 -g` of the main job's tamp-stencil at "
                                                         "4,096 ranks (`default`, 3 timed sweeps)")),
    Table("minighost-steps", "hours", kept=HOURS.format("up to 8 minutes a run at 4,096 ranks")),
    Table("collectives", "minutes",
          kept="its runs of `tamp-sim-collectives` (tests/sim/collectives.cpp) were started by hand with the "
               "campaign's options and the `default` hostfile, one allreduce algorithm at a time."),
    Table("lanczos-collectives", "hours",
          kept=BY_HAND.format("a temporary `__rdtsc()` probe around each collective, not kept in the code")),
    Table("whole-job", "hours", kept=HOURS.format("about 30 minutes to an hour each")),
    Table("auto-predicted", "hours",
          kept="it reads the job machines of a main-job campaign (`out/main`), which takes the main job's time."),
    Table("fidelity-wall", "hours",
          kept=BY_HAND.format("the lines `fidelity: NAME took N s` that `scripts/fidelity.py` prints")),
]
