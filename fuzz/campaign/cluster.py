"""Scale-out on a Dask distributed cluster: the same campaign, many machines.

The driver generates every case and stays the only writer of the campaign state; workers only
compile and run.  A case's configurations are split by the device they run on: configurations
that execute on a device (``hexagon``, ``gfx942``, ``cuda`` targets that are not compile-only)
are sent with a Dask resource of that name (``dask worker ... --resources hexagon=1``), so they
only land on workers that declare it; the rest go to any worker.  Cases travel in groups of the
campaign's ``batch`` (``fuzz/execute/batch.py``).

``run_on`` (``--run-on CONFIG=RESOURCE``) splits a configuration's compile from its run: its groups are compiled
and judged on a worker without device resources (it has the compilers, and computes the reference), and each
program is exported (``fuzz/execute/remote.py``) and run as its own task on a worker that declares RESOURCE,
which needs only numpy and the vendor runtime; the outputs come back to be judged where the reference is.
A CPU configuration routed to a made-up resource (``--run-on iree:cpu-O2=cpu-device``) is the stand-in device
that tries the split without a GPU.  Groups that need no resource go only to the workers that declared none when
the campaign started, where there were any: a runner worker has no compiler, and Dask's loose restrictions
(``allow_other_workers``) let an idle runner steal a compile.  Each worker thread keeps one
long-lived kernelfuzz lane (spawned compiler processes), so workers need
``--no-nanny`` (a nanny makes the worker a daemon, which may not spawn processes).

Real cluster:

    dask scheduler --host 0.0.0.0 --port 8786
    dask worker tcp://HOST:8786 --no-nanny --nthreads 2                       # CPU hosts
    dask worker tcp://HOST:8786 --no-nanny --nthreads 1 --resources hexagon=1 # device hosts
    kernelfuzz fuzz --cluster tcp://HOST:8786 --cases 100000 --out campaign/
    dask worker tcp://HOST:8786 --no-nanny --nthreads 1 --resources cuda=1    # a GPU box, runtime only
    kernelfuzz fuzz --cluster tcp://HOST:8786 --configs 'iree:cuda-*' --run-on 'iree:cuda-*=cuda' --out gpu/

``check_address`` and ``reach`` turn a mistyped or unreachable scheduler into one ``ClusterError`` line before the
driver writes anything (Dask itself would retry for 30 s and end in a traceback).
"""
from __future__ import annotations

import socket
import threading
from collections import defaultdict
from typing import Iterator

from fuzz.case.workload import Case, from_json, to_json
from fuzz.execute.batch import run_batch
from fuzz.judge.results import CaseReport

DEVICE_TARGETS = ("hexagon", "gfx942", "cuda")
CONNECT_S = 10.0  # how long ``reach`` waits for the scheduler
_LOCAL = threading.local()
_FIX = "start the scheduler (`dask scheduler --port 8786`) or fix --cluster"


class ClusterError(Exception):
    """The scheduler address is malformed or nothing answers there; the message says which and the fix."""


def check_address(address: str) -> tuple[str, int]:
    """(host, port) of a scheduler address of the form SCHEME://HOST:PORT (tcp://HOST:8786), or a ClusterError."""
    from distributed.comm import registry
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address, strict=True)
        host, port = parse_host_port(location)
    except ValueError:
        scheme, host = "", ""
    if scheme not in set(registry.backends) - {"inproc"} or not host:
        raise ClusterError(f"--cluster {address!r} is not a Dask scheduler address: write it as tcp://HOST:PORT "
                           "(e.g. tcp://10.0.0.5:8786)")
    return host, port


def reach(address: str, timeout: float | None = None) -> None:
    """Ask the scheduler at ``address`` who it is, or raise a ClusterError within about ``timeout`` seconds."""
    import asyncio

    host, port = check_address(address)
    timeout = CONNECT_S if timeout is None else timeout
    try:
        socket.create_connection((host, port), timeout=timeout).close()  # refused or unknown host: said at once
        who = asyncio.run(asyncio.wait_for(_identity(address, timeout), timeout))  # something listens: a scheduler?
    except (OSError, TimeoutError) as e:
        why = e.strerror or str(e) or f"no answer in {timeout:g} s"
        raise ClusterError(f"no Dask scheduler answers at {address} ({why}): {_FIX}") from None
    if not isinstance(who, dict) or who.get("type") != "Scheduler":
        raise ClusterError(f"{address} answers, but not as a Dask scheduler: {_FIX}")


async def _identity(address: str, timeout: float):
    """What the server at ``address`` says it is (Dask's ``identity`` request; a worker says "Worker")."""
    from distributed.comm import connect

    comm = await connect(address, timeout=timeout)
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        await comm.close()


def resource_of(config, compile_only: frozenset[str], run_on: dict | None = None) -> str | None:
    """The worker resource a configuration needs, or None for any worker."""
    if run_on and config.name in run_on:
        return run_on[config.name]
    if config.target in DEVICE_TARGETS and config.name not in compile_only:
        return config.target
    return None


def _lane(modules: tuple[str, ...]):
    from fuzz.execute.isolate import Lane
    lanes = getattr(_LOCAL, "lanes", None)
    if lanes is None:
        lanes = _LOCAL.lanes = {}
    if modules not in lanes:
        lanes[modules] = Lane(modules)
    return lanes[modules]


def _run_group(case_jsons: list[dict], configs: list, timeouts, compile_only: frozenset[str],
               skipped: list[frozenset[str]]) -> list[CaseReport]:
    """Runs on a worker: a group of cases (a batch, fuzz/execute/batch.py) through a group of configurations, on this
    thread's lane; ``skipped``: per case, the configurations it does not run on (decided by the driver, over all of
    the campaign's)."""
    lane = _lane(tuple(sorted({c.module for c in configs})))
    return run_batch(lane, [from_json(j) for j in case_jsons], configs, timeouts, compile_only, skipped=skipped)


def _run_split_group(case_jsons: list[dict], configs: list, timeouts, compile_only: frozenset[str],
                     skipped: list[frozenset[str]], resource: str) -> list[CaseReport]:
    """Runs on a compiling worker: as ``_run_group``, but each program runs on a worker declaring ``resource``."""
    from fuzz.execute.remote import SplitLane
    lane = SplitLane(_lane(tuple(sorted({c.module for c in configs}))), _submitter(resource), resource)
    return run_batch(lane, [from_json(j) for j in case_jsons], configs, timeouts, compile_only, skipped=skipped)


def _submitter(resource: str):
    """A run, submitted from inside a task to a worker with ``resource``; this task's thread secedes meanwhile, so a
    worker that compiles and runs never waits for itself."""
    def submit(artifact, inputs: list, timeout: float, fresh: bool):
        from distributed import worker_client

        from fuzz.execute.remote import run_on_device
        with worker_client() as client:
            return client.submit(run_on_device, artifact, inputs, timeout, fresh, resources={resource: 1},
                                 pure=False).result()
    return submit


def plain_workers(client) -> list[str] | None:
    """Workers that declare no resource (the compiling hosts), or None (any worker) where every worker declares one."""
    workers = client.scheduler_info(n_workers=-1)["workers"]
    plain = [a for a, w in workers.items() if not w.get("resources")]
    return plain or None


def check_runners(address: str, resources: set[str]) -> None:
    """A ClusterError naming each resource of ``--run-on`` that no worker of the scheduler declares."""
    from dask.distributed import Client

    with Client(address, timeout=CONNECT_S) as client:
        declared = {r for w in client.scheduler_info(n_workers=-1)["workers"].values() for r in w.get("resources", {})}
    missing = sorted(resources - declared)
    if missing:
        raise ClusterError(f"no worker at {address} declares {', '.join(missing)}: start one with `dask worker "
                           f"{address} --no-nanny --resources {missing[0]}=1` or fix --run-on")


def _merge(case: Case, configs, parts: list[CaseReport]) -> CaseReport:
    by_config = {r.config: r for p in parts for r in p.results}
    outputs = {k: v for p in parts for k, v in p.outputs.items()}
    for p in parts:
        for name, trace in p.case.schedules:
            case = case.with_schedule(name, trace)
    return CaseReport(case, tuple(by_config[c.name] for c in configs if c.name in by_config),  # skipped: none
                      max(p.reference_s for p in parts), outputs)


def run_cases(address: str, settings, todo: list[int], make_case) -> Iterator[tuple[int, CaseReport]]:
    """Submit every batch of cases once per configuration group; yield (index, merged report) as cases complete."""
    from dask.distributed import Client, as_completed

    run_on = dict(settings.run_on)
    groups: dict = defaultdict(list)  # (resource, split) -> configurations
    for c in settings.configs:
        groups[resource_of(c, settings.compile_only, run_on), c.name in run_on].append(c)
    with Client(address) as client:
        plain = plain_workers(client)
        pending, cases, parts = {}, {}, defaultdict(list)
        for start in range(0, len(todo), settings.batch):
            indexes = todo[start:start + settings.batch]
            cases.update({i: make_case(i) for i in indexes})
            jsons = [to_json(cases[i]) for i in indexes]
            for (resource, split), configs in groups.items():
                args = (jsons, configs, settings.timeouts, settings.compile_only,
                        [settings.skipped(cases[i]) for i in indexes])
                if split:
                    future = client.submit(_run_split_group, *args, resource, workers=plain, pure=False)
                elif resource:
                    future = client.submit(_run_group, *args, resources={resource: 1}, pure=False)
                else:
                    future = client.submit(_run_group, *args, workers=plain, pure=False)
                pending[future] = indexes
        for future in as_completed(list(pending)):
            for i, report in zip(pending.pop(future), future.result()):
                parts[i].append(report)
                if len(parts[i]) == len(groups):
                    yield i, _merge(cases.pop(i), settings.configs, parts.pop(i))
