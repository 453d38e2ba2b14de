"""Process isolation: every compile and run happens in a spawned worker with a timeout.

Both compilers can take the process down (segfaults, aborts) or hang, so the
engine never calls them directly.  A ``Lane`` owns one spawned worker (not
forked: fork breaks GPU runtimes) that keeps the compilers imported across
cases; the compiled program stays in the worker between the compile and run
stages.  A timeout kills the worker, a crash loses it, and pebble starts a
fresh one; the stage, exit signal and the tail of the worker's stderr come
back as a ``StageResult``.  This is the one module with a broad ``except``.
"""
from __future__ import annotations

import importlib
import inspect
import multiprocessing
import os
import shutil
import signal
import tempfile
import time
import traceback
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pebble

from fuzz.backend import HANDED_OVER, CompilerFailure, Config, NotExpressible, ProgramFailure, handed_over


@dataclass(frozen=True)
class StageResult:
    status: str  # "ok" | "rejected" | "crash" | "timeout" | "program-error" | "unsupported" | "internal"
    #              | "not-expressible" (compile) | "compile-only" (run: compiled, cannot run this case here)
    seconds: float = 0.0
    message: str = ""
    payload: Any = None  # compile: (lowered source, facts dict); run: the output arrays


# ---------------------------------------------------------------- worker side

_HANDLES: dict[str, Any] = {}


def _mine(configs: tuple[Config, ...] | None, module: str) -> tuple:
    """A frontend's warm_up(configs) gets its own configurations; warm_up() (None: not known) loads everything."""
    return () if configs is None else (tuple(c for c in configs if c.module == module),)


def _init_worker(log_path: str, preload: tuple[str, ...], configs: tuple[Config, ...] | None = None) -> None:
    fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(fd, 2)  # compiler noise and crash dumps go to the lane log, not the terminal
    for module in preload:
        try:
            warm_up = getattr(importlib.import_module(module), "warm_up", None)
            if warm_up:  # slow imports happen here, outside every compile timeout
                warm_up(*(_mine(configs, module) if inspect.signature(warm_up).parameters else ()))
        except Exception:  # an unavailable frontend reports itself at compile time
            pass


def warm_up_notes(configs) -> list[str]:
    """What the frontends' warm-ups will load for these configurations (each frontend's optional
    ``warm_up_note(configs)``), for a progress line while a lane starts."""
    notes = []
    for module in sorted({c.module for c in configs}):
        note = getattr(importlib.import_module(module), "warm_up_note", None)
        text = note(*_mine(tuple(configs), module)) if note else None
        if text:
            notes.append(text)
    return notes


def _compile_in_worker(config: Config, case_json: dict, workdir: str) -> StageResult:
    from fuzz.workload import from_json
    _HANDLES.clear()
    start = time.perf_counter()
    try:
        frontend = importlib.import_module(config.module)
        handle, source, facts = frontend.compile(from_json(case_json), config, workdir)
    except CompilerFailure as e:
        return StageResult("crash" if e.crashed else "rejected", time.perf_counter() - start, str(e),
                           payload=(e.source, e.facts))
    except NotExpressible as e:
        return StageResult("not-expressible", time.perf_counter() - start, str(e),
                           payload=("", {"not_expressible": str(e)}))  # facts: campaign rows keep the reason
    except Exception:
        return StageResult("internal", time.perf_counter() - start, traceback.format_exc(limit=8))
    _HANDLES[config.name] = handle
    return StageResult("ok", time.perf_counter() - start, payload=(source, facts))


def _run_in_worker(config: Config, inputs: list) -> StageResult:
    if config.name not in _HANDLES:
        return StageResult("internal", message="worker lost the compiled program before running it")
    start = time.perf_counter()
    try:
        frontend = importlib.import_module(config.module)
        outputs = frontend.run(_HANDLES.pop(config.name), inputs)
    except ProgramFailure as e:
        status = {"emulator": "unsupported", "hang": "timeout", "compile-only": "compile-only"}.get(e.kind,
                                                                                               "program-error")
        return StageResult(status, time.perf_counter() - start, str(e))
    except Exception:
        return StageResult("internal", time.perf_counter() - start, traceback.format_exc(limit=8))
    return StageResult("ok", time.perf_counter() - start, payload=outputs)


# ---------------------------------------------------------------- parent side


class Lane:
    """One long-lived spawned worker; calls are sequential.

    ``configs``: the configurations it will compile, so each frontend's warm-up loads only what they
    need (TVM's MetaSchedule intrinsics cost ~30 s); None warms up everything."""

    def __init__(self, preload: tuple[str, ...] = (), workdir: str | None = None,
                 configs: tuple[Config, ...] | None = None):
        self.scratch = workdir is None  # a scratch directory is removed on close
        self.workdir = Path(workdir or tempfile.mkdtemp(prefix="kernelfuzz-lane-"))
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.log = self.workdir / "worker.log"
        self.preload = preload
        self.configs = None if configs is None else tuple(configs)
        self.pool = self._new_pool()

    @classmethod
    def for_configs(cls, configs, workdir: str | None = None) -> "Lane":
        """A lane that preloads the frontends of ``configs`` and warms up only what they need."""
        return cls(tuple(sorted({c.module for c in configs})), workdir, tuple(configs))

    def _new_pool(self) -> pebble.ProcessPool:
        return pebble.ProcessPool(max_workers=1, context=multiprocessing.get_context("spawn"),
                                  initializer=_init_worker, initargs=(str(self.log), self.preload, self.configs))

    def _call(self, fn, timeout: float, *args) -> StageResult:
        mark = self.log.stat().st_size if self.log.exists() else 0
        start = time.perf_counter()
        future = self.pool.submit(fn, timeout, *args)
        try:
            return future.result()
        except FutureTimeout:
            return StageResult("timeout", time.perf_counter() - start, f"killed after {timeout:.0f} s")
        except pebble.ProcessExpired as e:
            return StageResult("crash", time.perf_counter() - start,
                               f"worker died ({_signal_name(e.exitcode)})\n{self._log_tail(mark)}")
        except BrokenProcessPool as e:  # the worker could not even start: begin again with a new pool
            self.pool.stop()
            self.pool = self._new_pool()
            return StageResult("internal", time.perf_counter() - start,
                               f"worker pool broke ({e})\n{self._log_tail(mark)}")

    def _log_tail(self, mark: int, limit: int = 4000) -> str:
        try:
            with open(self.log, "rb") as f:
                f.seek(mark)
                return f.read().decode(errors="replace")[-limit:]
        except OSError:
            return ""

    def compile(self, config: Config, case_json: dict, timeout: float) -> StageResult:
        (self.workdir / HANDED_OVER).unlink(missing_ok=True)
        r = self._call(_compile_in_worker, timeout, config, case_json, str(self.workdir))
        if r.status in ("crash", "timeout") and r.payload is None:  # the compiler took the worker down with it
            r = replace(r, payload=handed_over(self.workdir))
        return r

    def run(self, config: Config, inputs: list, timeout: float) -> StageResult:
        return self._call(_run_in_worker, timeout, config, inputs)

    def close(self) -> None:
        self.pool.stop()
        self.pool.join(timeout=10)
        if self.scratch:
            shutil.rmtree(self.workdir, ignore_errors=True)


def _signal_name(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            return signal.Signals(-exitcode).name
        except ValueError:
            pass
    return f"exit code {exitcode}"
