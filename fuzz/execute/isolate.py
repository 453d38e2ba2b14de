"""Process isolation: every compile and run happens in a spawned worker with a timeout.

Both compilers can take the process down (segfaults, aborts) or hang, so the engine never calls them directly.  A
``Lane`` owns one spawned worker (not forked: fork breaks GPU runtimes) that keeps the compilers imported across
cases; the compiled program stays in the worker between the compile and run stages (a batch from ``compile_batch``
stays until the next compile, each entry point run by ``run_function``).  A timeout kills the worker, a crash loses
it, and pebble starts a fresh one; the stage, exit signal and the tail of the worker's stderr (the lane's log) come
back as a ``StageResult``; a long simulated run's progress line comes through ``backend.PROGRESS_FILE``, gone after
each call.  This is the one module with a broad ``except``: a compile or run in the worker, and ``contained``,
through which the rest of kernelfuzz turns any exception of its own code (a bug of kernelfuzz's, never a compiler's
verdict) into one ``InternalError``.

Stopping: workers ignore SIGINT (a Ctrl-C reaches the driver alone, which stops the lanes: a compiler interrupted
in a worker would read as a crash), and ``close`` kills what a worker started (a compiler) with the worker, so
a lane closed mid-compile leaves no process behind; a closed lane refuses every further call (``LaneClosed``).

Devices: a run that ends in a device fault (a runtime error naming ``CUDA_ERROR_*`` or a HIP error: an illegal
address, a launch failure) leaves the worker's device context unusable, so the lane replaces its worker before the
next call, and ``fresh()`` gives the runner a new worker (a new context) for the confirming re-run of a device
configuration; a hang past the run timeout already kills the worker.  Before a lane spawns, each frontend's optional
``prepare(configs)`` runs in the parent: what it puts in ``os.environ`` (a ``libcuda.so`` link on
``LD_LIBRARY_PATH``) is inherited by the workers, whose loader reads it only at start.
"""
from __future__ import annotations

import importlib
import inspect
import multiprocessing
import os
import shutil
import signal
import tempfile
import threading
import time
import traceback
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pebble

from fuzz.execute.backend import (HANDED_OVER, PROGRESS_FILE, CompilerFailure, Config, NotExpressible, ProgramFailure,
                                  compile_within, handed_over, show_progress_in, take_run_facts)

BATCH_QUERY_TIMEOUT = 60.0  # importing a frontend module (its compiler is imported lazily)
BATCH_GRACE = 10.0  # a batch's frontend stops its compiler at the batch timeout; the lane kills the worker after this
DEVICE_FAULT = ("CUDA_ERROR_", "hipError", "HIP error", "HSA_STATUS_ERROR")  # in a runtime's message: a device fault
DEVICE_TARGETS = ("cuda", "gfx942", "rocm")  # configurations whose runs hold a device context in the worker


@dataclass(frozen=True)
class StageResult:
    status: str  # "ok" | "rejected" | "limitation" | "crash" | "timeout" | "program-error" | "unsupported" | "internal"
    #              | "not-expressible" (compile) | "compile-only" (run: compiled, cannot run this case here)
    seconds: float = 0.0
    message: str = ""
    payload: Any = None  # compile: (lowered source, facts dict); run: the output arrays
    facts: dict = field(default_factory=dict)  # run: what the run noted (``backend.note_run``)


# ---------------------------------------------------------------- worker side

_HANDLES: dict[str, Any] = {}


def _mine(configs: tuple[Config, ...] | None, module: str) -> tuple:
    """A frontend's warm_up(configs) gets its own configurations; warm_up() (None: not known) loads everything."""
    return () if configs is None else (tuple(c for c in configs if c.module == module),)


class InternalError(Exception):
    """A bug of kernelfuzz's own code, contained (``contained``): its one line; ``traceback`` the whole story."""

    def __init__(self, line: str, traceback_text: str):
        super().__init__(line)
        self.traceback = traceback_text


def contained(fn, *args, expected: tuple[type[BaseException], ...] = ()):
    """``fn(*args)``; any exception but ``expected`` ones (and ``InternalError``) becomes an ``InternalError``."""
    try:
        return fn(*args)
    except (InternalError, *expected):
        raise
    except Exception as e:  # any exception of kernelfuzz's own code: a bug, named and kept with its traceback
        raise InternalError(f"{type(e).__name__}: {e}", traceback.format_exc()) from e


class LaneClosed(RuntimeError):
    """A call on a lane that was closed (a campaign stopping): the call's case stays undecided."""


def _init_worker(log_path: str, preload: tuple[str, ...], configs: tuple[Config, ...] | None = None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # inherited by the compilers it starts; the driver stops them
    Path(log_path).with_suffix(".pid").write_text(f"{os.getpid()}\n")  # close() kills what this worker started
    fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(fd, 2)  # compiler noise and crash dumps go to the lane log, not the terminal
    show_progress_in(Path(log_path).parent / PROGRESS_FILE)  # the parent shows it on the terminal
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
        if text and text not in notes:  # Relax loads what TVM loads: one note for both
            notes.append(text)
    return notes


def _compile_in_worker(config: Config, case_json: dict, workdir: str, timeout: float | None = None) -> StageResult:
    from fuzz.case.workload import from_json
    def compile_one(frontend):
        handle, source, facts = frontend.compile(from_json(case_json), config, workdir)
        return handle, (source, facts)
    return _compiling(config, compile_one, lambda e: (e.source, e.facts), timeout)


def _compile_batch_in_worker(config: Config, case_jsons: list, workdir: str, timeout: float) -> StageResult:
    """Payload: per case (source, facts) when it compiled; the culprits' positions when it failed."""
    from fuzz.case.workload import from_json
    return _compiling(config, lambda f: f.compile_batch([from_json(j) for j in case_jsons], config, workdir, timeout),
                      lambda e: tuple(e.culprits), timeout)


def _compiling(config: Config, compile_fn, failure_payload, timeout: float | None = None) -> StageResult:
    _HANDLES.clear()
    start = time.perf_counter()
    try:
        handle, payload = compile_within(timeout, compile_fn, importlib.import_module(config.module))
    except CompilerFailure as e:
        status = "timeout" if e.timed_out else "crash" if e.crashed else "limitation" if e.limitation else "rejected"
        message = f"known limitation: {e.limitation}\n{e}" if status == "limitation" else str(e)
        return StageResult(status, time.perf_counter() - start, message, payload=failure_payload(e))
    except NotExpressible as e:
        return StageResult("not-expressible", time.perf_counter() - start, str(e),
                           payload=("", {"not_expressible": str(e)}))  # facts: campaign rows keep the reason
    except Exception:
        return StageResult("internal", time.perf_counter() - start, traceback.format_exc(limit=8))
    _HANDLES[config.name] = handle
    return StageResult("ok", time.perf_counter() - start, payload=payload)


def _batches_in_worker(config: Config) -> StageResult:
    try:
        frontend = importlib.import_module(config.module)
        batches = hasattr(frontend, "compile_batch") and getattr(frontend, "batches", lambda c: True)(config)
    except Exception:  # an unavailable frontend reports itself at compile time, case by case
        return StageResult("internal", message=traceback.format_exc(limit=8))
    return StageResult("ok", payload=bool(batches))


def _run_in_worker(config: Config, inputs: list, index: int | None = None) -> StageResult:
    """Run the program the last compile left (``index``: that entry point of a batch, which stays for the next)."""
    if config.name not in _HANDLES:
        return StageResult("internal", message="worker lost the compiled program before running it")
    def frontend():
        return importlib.import_module(config.module)
    if index is None:
        return _running(lambda: frontend().run(_HANDLES.pop(config.name), inputs))
    return _running(lambda: frontend().run_function(_HANDLES[config.name], index, inputs))


def _running(run) -> StageResult:
    """A run's outcome: its outputs, or how the program failed (``ProgramFailure.kind``), or a kernelfuzz bug."""
    start = time.perf_counter()
    try:
        outputs = run()
    except ProgramFailure as e:
        status = {"emulator": "unsupported", "hang": "timeout", "compile-only": "compile-only"}.get(e.kind,
                                                                                               "program-error")
        return StageResult(status, time.perf_counter() - start, str(e), facts=take_run_facts())
    except Exception:
        return StageResult("internal", time.perf_counter() - start, traceback.format_exc(8), facts=take_run_facts())
    return StageResult("ok", time.perf_counter() - start, payload=outputs, facts=take_run_facts())


def _export_in_worker(config: Config, index: int | None = None) -> StageResult:
    """The program the last compile left as a travelling ``Artifact`` (the frontend's ``export``): taken, as ``run``
    takes it; ``index``: that entry point of a batch, which stays for the next."""
    if config.name not in _HANDLES:
        return StageResult("internal", message="worker lost the compiled program before exporting it")
    start = time.perf_counter()
    try:
        frontend = importlib.import_module(config.module)
        handle = _HANDLES.pop(config.name) if index is None else _HANDLES[config.name]
        return StageResult("ok", time.perf_counter() - start, payload=frontend.export(handle, index))
    except Exception:
        return StageResult("internal", time.perf_counter() - start, traceback.format_exc(limit=8))


def _run_artifact_in_worker(artifact, inputs: list) -> StageResult:
    """Run an exported program (``fuzz/execute/remote.py``) as ``_run_in_worker`` runs a compiled one."""
    return _running(lambda: importlib.import_module(artifact.runner).run_artifact(artifact.payload, inputs))


def _localize_in_worker(config: Config, case_json: dict, workdir: str, action: str, args: tuple) -> StageResult:
    """One call of the configuration's localization hooks (``kernelfuzz localize``, fuzz/reduce/localize.py): the
    frontend names the module holding them (``LOCALIZE``: a module name, or one per target); a frontend or target
    without one lists no points (None), and a module without an optional hook (``dumps``) answers None."""
    from fuzz.case.workload import from_json
    start = time.perf_counter()
    take_run_facts()  # a probe's facts are its own run's (the predicate of a fact finding reads them)
    try:
        name = getattr(importlib.import_module(config.module), "LOCALIZE", None)
        if isinstance(name, dict):
            name = name.get(config.target)
        hook = getattr(importlib.import_module(name), action, None) if name is not None else None
        if hook is None:  # no module, or one without this (optional) hook
            return StageResult("ok", payload=None)
        payload = hook(from_json(case_json), config, workdir, *args)
    except CompilerFailure as e:
        return StageResult("crash" if e.crashed else "rejected", time.perf_counter() - start, str(e))
    except ProgramFailure as e:
        return StageResult("unsupported" if e.kind == "emulator" else "program-error", time.perf_counter() - start,
                           str(e), facts=take_run_facts())
    except Exception:
        return StageResult("internal", time.perf_counter() - start, traceback.format_exc(8), facts=take_run_facts())
    return StageResult("ok", time.perf_counter() - start, payload=payload, facts=take_run_facts())


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
        _prepare(preload, self.configs)
        self.closed, self._closing = False, threading.Lock()  # a lane thread's restart never races close()
        self.pool = self._new_pool()
        self._batching: dict[str, bool] = {}  # configuration -> its frontend compiles batches

    @classmethod
    def for_configs(cls, configs, workdir: str | None = None) -> "Lane":
        """A lane that preloads the frontends of ``configs`` and warms up only what they need."""
        return cls(tuple(sorted({c.module for c in configs})), workdir, tuple(configs))

    def _new_pool(self) -> pebble.ProcessPool:
        return pebble.ProcessPool(max_workers=1, context=multiprocessing.get_context("spawn"),
                                  initializer=_init_worker, initargs=(str(self.log), self.preload, self.configs))

    def _restart(self) -> None:
        with self._closing:
            if self.closed:
                raise LaneClosed(f"lane {self.workdir} is closed")
            self.pool.stop()
            self.pool = self._new_pool()

    def fresh(self) -> None:
        """A new worker (a new device context) for the next call; the compiled program is gone with the old one."""
        self._restart()

    def _after_run(self, r: StageResult) -> StageResult:
        """A device fault breaks the worker's context: replace the worker before anything else runs on this lane."""
        if r.status == "program-error" and any(mark in r.message for mark in DEVICE_FAULT):
            self._restart()
            return replace(r, message=f"{r.message}\nkernelfuzz: device fault: the lane's worker was replaced")
        return r

    def _call(self, fn, timeout: float, *args) -> StageResult:
        mark = self.log.stat().st_size if self.log.exists() else 0
        start = time.perf_counter()
        if self.closed:
            raise LaneClosed(f"lane {self.workdir} is closed")
        if not self.pool.active:  # the worker died between calls: pebble's pool refuses every call after that
            with open(self.log, "a") as f:
                f.write("kernelfuzz: the worker died between calls; a new one takes over\n")
            self._restart()
        future = self.pool.submit(fn, timeout, *args)
        try:
            return future.result()
        except FutureTimeout:
            return StageResult("timeout", time.perf_counter() - start, f"killed after {timeout:.0f} s")
        except pebble.ProcessExpired as e:
            if self.closed:  # killed by close(), not by the compiler: no verdict
                raise LaneClosed(f"lane {self.workdir} is closed") from None
            return StageResult("crash", time.perf_counter() - start,
                               f"worker died ({_signal_name(e.exitcode)})\n{self._log_tail(mark)}")
        except BrokenProcessPool as e:  # the worker could not even start: begin again with a new pool
            self._restart()
            return StageResult("internal", time.perf_counter() - start,
                               f"worker pool broke ({e})\n{self._log_tail(mark)}")
        finally:  # a killed worker leaves its last progress line
            (self.workdir / PROGRESS_FILE).unlink(missing_ok=True)

    def _log_tail(self, mark: int, limit: int = 4000) -> str:
        try:
            with open(self.log, "rb") as f:
                f.seek(mark)
                return f.read().decode(errors="replace")[-limit:]
        except OSError:
            return ""

    def compile(self, config: Config, case_json: dict, timeout: float) -> StageResult:
        (self.workdir / HANDED_OVER).unlink(missing_ok=True)
        r = self._call(_compile_in_worker, timeout, config, case_json, str(self.workdir), timeout)
        if r.status in ("crash", "timeout") and r.payload is None:  # the compiler took the worker down with it
            r = replace(r, payload=handed_over(self.workdir))
        return r

    def run(self, config: Config, inputs: list, timeout: float) -> StageResult:
        return self._after_run(self._call(_run_in_worker, timeout, config, inputs))

    def batches(self, config: Config) -> bool:
        """Whether the configuration's frontend compiles batches (asked once, in the worker)."""
        if config.name not in self._batching:
            r = self._call(_batches_in_worker, BATCH_QUERY_TIMEOUT, config)
            self._batching[config.name] = r.status == "ok" and r.payload
        return self._batching[config.name]

    def compile_batch(self, config: Config, case_jsons: list, timeout: float) -> StageResult:
        """One compile of several cases; the frontend stops its compiler at ``timeout``, the lane a little later."""
        return self._call(_compile_batch_in_worker, timeout + BATCH_GRACE, config, case_jsons, str(self.workdir),
                          timeout)

    def run_function(self, config: Config, index: int, inputs: list, timeout: float) -> StageResult:
        """Run entry point ``index`` of the batch the last ``compile_batch`` left in the worker."""
        return self._after_run(self._call(_run_in_worker, timeout, config, inputs, index))

    def export(self, config: Config, index: int | None, timeout: float) -> StageResult:
        """The last compile's program (entry point ``index`` of a batch) as an ``Artifact``, to run elsewhere."""
        return self._call(_export_in_worker, timeout, config, index)

    def run_artifact(self, artifact, inputs: list, timeout: float) -> StageResult:
        """Run an exported program in this lane's worker (a device worker's lane needs no compiler)."""
        return self._after_run(self._call(_run_artifact_in_worker, timeout, artifact, inputs))

    def localize(self, config: Config, case_json: dict, action: str, args: tuple, timeout: float) -> StageResult:
        """Call the configuration's localization hook ``action`` (points, probe, export) in the worker."""
        return self._call(_localize_in_worker, timeout, config, case_json, str(self.workdir), action, args)

    def close(self) -> None:
        """Stop the worker now, with whatever it started (a compile or run in flight is abandoned)."""
        with self._closing:
            self.closed = True
            self._kill_descendants()
            self.pool.stop()
        self.pool.join(timeout=10)
        if self.scratch:
            shutil.rmtree(self.workdir, ignore_errors=True)


    def _kill_descendants(self) -> None:
        """Kill the processes the worker started (pebble stops the worker itself, not its children)."""
        import psutil
        try:
            worker = psutil.Process(int(self.log.with_suffix(".pid").read_text()))
            if worker.ppid() != os.getpid():  # gone, its number reused: not ours to kill
                return
            for child in worker.children(recursive=True):
                child.kill()
        except (OSError, ValueError, psutil.Error):  # no worker started yet, or it is gone
            pass


def _prepare(preload: tuple[str, ...], configs: tuple[Config, ...] | None) -> None:
    """Each frontend's optional ``prepare(configs)``, in the parent before its workers spawn (module docstring)."""
    for name in preload:
        try:
            module = importlib.import_module(name)
            hook = getattr(module, "prepare", None)
            if hook:
                hook(getattr(module, "CONFIGS", ()) if configs is None else [c for c in configs if c.module == name])
        except Exception:  # an unavailable frontend reports itself at compile time
            pass


def _signal_name(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            return signal.Signals(-exitcode).name
        except ValueError:
            pass
    return f"exit code {exitcode}"
