"""A local Dask cluster for the tests: a scheduler and worker processes started as a user starts them
(`dask scheduler`, `dask worker --no-nanny`), on a free port, killed when the context ends."""
import contextlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


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
        from dask.distributed import Client
        with Client(address) as client:
            client.wait_for_workers(len(workers), timeout=60)
        yield address
    finally:
        for p in procs:
            p.kill()
            p.wait()
