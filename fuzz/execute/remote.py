"""Compile here, run elsewhere: a program's run as a task for a machine that has the device.

In: a configuration whose frontend can ``export`` (``fuzz/execute/backend.py``) and a way to submit a run.  Out:
the ``StageResult`` of that run, as a lane's own ``run`` returns it, so ``runner.run_config`` and
``batch.run_batch`` judge it unchanged (the confirming re-run compiles and runs remotely again).

``SplitLane`` is the compile side: a ``Lane`` compiles and exports (the facts of each compile gain ``run_on``);
``submit(artifact, inputs, timeout, fresh)`` takes the run where the device is (``fuzz/campaign/cluster.py``: a
Dask task with ``resources={device: 1}``); ``fresh()`` asks for the next run in a new runner worker.
``run_on_device`` is the device side: it runs the artifact in this thread's long-lived spawned lane (a device
fault or a hang takes down that process, not the worker) with the run timeout.  Importing this module, and
running an artifact, loads neither compiler: a device worker needs numpy, pebble, Dask and the vendor runtime.
"""
from __future__ import annotations

import importlib
import threading
from dataclasses import replace
from typing import Callable

from fuzz.execute.backend import Artifact, Config
from fuzz.execute.isolate import Lane, StageResult

_LOCAL = threading.local()


def run_on_device(artifact: Artifact, inputs: list, timeout: float, fresh: bool = False) -> StageResult:
    """Run ``artifact`` on ``inputs`` in this thread's runner lane (started on first use, kept for the next);
    ``fresh``: in a new one (a confirming re-run on a device, in a context the first run cannot have broken)."""
    lane = _runner_lane(artifact, fresh)
    return lane.run_artifact(artifact, inputs, timeout)


def _runner_lane(artifact: Artifact, fresh: bool) -> Lane:
    """This thread's lane, replaced where asked or where the artifact's runner changed the environment its workers
    start with: its optional ``prepare(payload) -> bool`` runs here, in the parent (a ``libcuda.so`` link)."""
    lane = getattr(_LOCAL, "lane", None)
    hook = getattr(importlib.import_module(artifact.runner), "prepare", None)
    changed = bool(hook and hook(artifact.payload))
    if lane is not None and (fresh or changed):
        lane.close()
        lane = None
    if lane is None:
        lane = _LOCAL.lane = Lane()
    return lane


Submit = Callable[[Artifact, list, float, bool], StageResult]  # artifact, inputs, timeout, fresh


class SplitLane:
    """A lane whose compiles happen in ``lane`` and whose runs go through ``submit``; the same calls as a ``Lane``
    for ``runner`` and ``batch``."""

    def __init__(self, lane: Lane, submit: Submit, run_on: str, export_timeout: float = 60.0):
        self.lane, self.submit, self.run_on, self.export_timeout = lane, submit, run_on, export_timeout
        self._fresh = False

    def fresh(self) -> None:
        """The next run in a new runner worker (the compiling lane holds no device context)."""
        self._fresh = True

    def _noted(self, facts: dict) -> dict:
        return {**facts, "run_on": self.run_on}  # the campaign row says where the program ran

    def compile(self, config: Config, case_json: dict, timeout: float) -> StageResult:
        r = self.lane.compile(config, case_json, timeout)
        return replace(r, payload=(r.payload[0], self._noted(r.payload[1]))) if r.status == "ok" else r

    def batches(self, config: Config) -> bool:
        return self.lane.batches(config)

    def compile_batch(self, config: Config, case_jsons: list, timeout: float) -> StageResult:
        r = self.lane.compile_batch(config, case_jsons, timeout)
        return replace(r, payload=[(s, self._noted(f)) for s, f in r.payload]) if r.status == "ok" else r

    def run(self, config: Config, inputs: list, timeout: float) -> StageResult:
        return self._remote(config, None, inputs, timeout)

    def run_function(self, config: Config, index: int, inputs: list, timeout: float) -> StageResult:
        return self._remote(config, index, inputs, timeout)

    def _remote(self, config: Config, index: int | None, inputs: list, timeout: float) -> StageResult:
        exported = self.lane.export(config, index, self.export_timeout)
        if exported.status != "ok":
            return exported
        fresh, self._fresh = self._fresh, False
        return self.submit(exported.payload, inputs, timeout, fresh)

    def close(self) -> None:
        self.lane.close()
