"""A local Dask cluster for the tests: a scheduler and worker processes started as a user starts them
(`dask scheduler`, `dask worker --no-nanny`), on a free port, killed when the context ends."""
import contextlib
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from distributed import Client, WorkerPlugin
from distributed.utils import key_split

from tests import ROOT


class TaskCounts(WorkerPlugin):
    """Tasks a worker finished, by function name (``run_on_device``): where the runs of a split campaign went."""

    name = "kernelfuzz-task-counts"

    def setup(self, worker):
        self.counts = Counter()

    def transition(self, key, start, finish, **kwargs):
        if finish in ("memory", "error"):
            self.counts[key_split(key)] += 1


def _counts(dask_worker) -> Counter:
    return Counter(dask_worker.plugins[TaskCounts.name].counts)


def task_counts(address: str) -> dict[str, Counter]:
    """Tasks each worker has finished since the cluster started, by worker name."""
    with Client(address) as client:
        names = {a: w["name"] for a, w in client.scheduler_info()["workers"].items()}
        return {names[a]: counts for a, counts in client.run(_counts).items()}


@contextlib.contextmanager
def local_cluster(folder: Path, workers: list[tuple[str, list[str], dict]]):
    """Yield the scheduler's address once every worker has joined. ``workers``: (name, extra worker arguments,
    extra environment); each worker's environment names it in ``KERNELFUZZ_TEST_WORKER``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    sched_file = folder / "scheduler.json"
    procs = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                               "--port", "0", "--no-dashboard", "--scheduler-file", str(sched_file)],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        deadline = time.time() + 60
        while not sched_file.exists() and time.time() < deadline:
            time.sleep(0.1)
        address = json.loads(sched_file.read_text())["address"]
        for name, extra, more_env in workers:
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "distributed.cli.dask_worker", address, "--no-nanny", "--nthreads", "1",
                 "--no-dashboard", *extra], cwd=ROOT, env={**env, "KERNELFUZZ_TEST_WORKER": name, **more_env},
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        with Client(address) as client:
            client.wait_for_workers(len(workers), timeout=60)
            client.register_plugin(TaskCounts())
        yield address
    finally:
        for p in procs:
            p.kill()
            p.wait()
