"""Simulated runs side by side: at most `jobs` at once and within a memory budget.

A simulated time does not depend on the host's load (modelled compute), so a campaign on a 2-core machine can run
two simulations at once; real runs (mpirun) measure the host and run one at a time. A run starts when a job slot is
free and its memory estimate fits beside the runs under way; a run that does not fit the whole budget is refused
before anything starts (launch.check_memory)."""
import os
import threading

from . import matrix


def available_memory(path=None):
    """Bytes the kernel says can be used without swapping (MemAvailable), or None when it does not say."""
    path = path or os.environ.get("TAMP_MEMINFO_FILE", "/proc/meminfo")
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


class Pool:
    """Calls `work(item)` for each (item, bytes) in threads; `done(item, result, seconds)` in the caller's order of
    completion. A stop (an exception in the calling thread, e.g. SIGTERM) is passed to `cancel()`, which must end
    the runs under way."""

    def __init__(self, jobs, budget):
        if jobs < 1:
            raise matrix.MatrixError(f"--jobs {jobs}: at least 1")
        self.jobs, self.budget = jobs, budget
        self._lock = threading.Condition()
        self._running, self._used = 0, 0
        self._finished = []  # (item, result or exception)

    def _fits(self, need):
        if self._running >= self.jobs:
            return False
        # One run alone always starts (its estimate was checked against the whole budget before the campaign).
        return self._running == 0 or self.budget is None or self._used + need <= self.budget

    def _worker(self, item, need, work):
        try:
            result = work(item)
        except BaseException as e:  # handed to the caller, which raises it
            result = e
        with self._lock:
            self._running -= 1
            self._used -= need
            self._finished.append((item, result))
            self._lock.notify_all()

    def _next(self, pending):
        """Index of the first pending item that can start now, or None."""
        return next((i for i, (_, need) in enumerate(pending) if self._fits(need)), None)

    def run(self, items, work, done, cancel):
        """items: list of (item, bytes), started in this order as slots and memory allow (a smaller run may pass a
        larger one that waits for memory). Blocks until every item is done. On an exception (a worker's, or a signal
        in this thread) calls `cancel()` to end the runs under way, waits for them and re-raises it."""
        pending = list(items)
        threads = []
        try:
            while pending or self._running or self._finished:
                with self._lock:
                    while not self._finished and self._next(pending) is None:
                        self._lock.wait(timeout=1.0)  # a timeout, so that signals reach the main thread
                    finished, self._finished = self._finished, []
                    i = self._next(pending)
                    starting = pending.pop(i) if i is not None else None
                    if starting:
                        self._running += 1
                        self._used += starting[1]
                for item, result in finished:
                    if isinstance(result, BaseException):
                        raise result
                    done(item, result)
                if starting:
                    t = threading.Thread(target=self._worker, args=(starting[0], starting[1], work), daemon=True)
                    t.start()
                    threads.append(t)
        except BaseException:
            cancel()
            raise
        finally:
            for t in threads:
                t.join()
