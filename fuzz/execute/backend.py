"""The contract between the engine and compiler frontends.

A frontend is a module named by data in a ``Config`` and imported lazily, in
the worker process only, so a missing compiler never breaks the others.  It
provides:

* ``CONFIGS``: its configurations (``tuple[Config, ...]``);
* ``availability(config) -> Availability``: can it run here, compile only, or not at all, and why;
* ``compile(case, config, workdir) -> (handle, source, facts)``: lower and compile; ``source``
  is the lowered text (TVMScript, MLIR) for repros; ``facts`` is a JSON-able dict of what the
  compiler did (``schedule``: a trace to store in the case for exact replay; ``dispatches``,
  ``pipelines``: what IREE actually built).  A compiler that rejects or crashes raises
  ``CompilerFailure`` (``timed_out`` where it ran past its limit: a frontend that runs its compiler as
  subprocesses gives each ``compile_time_left(default)`` seconds, so that they stop at the engine's
  ``--compile-timeout``); a case the frontend's input language cannot express (a dialect without the
  op) raises ``NotExpressible`` with the reason: that configuration is skipped for the case, never a
  finding; any other exception is a bug in kernelfuzz's lowering.  A compiler that
  runs in the worker's own process is preceded by ``handing_over(workdir, source, facts)``, so
  a compiler that kills or hangs the worker still leaves its input (and the schedule drawn) for
  the repro;
* optionally ``takes(case, config) -> str | None``: why the configuration cannot take the case (None: it can).
  Every decision of that kind lives here, answered by the frontend that knows (an element type its target
  cannot hold, a shape its scheduler cannot take, what its input language cannot say); the engine asks it once
  per case and configuration, before any compile (``takes`` below; ``fuzz/execute/runner.prepare``), and a case
  it refuses never reaches the compiler: verdict ``not-expressible``, never a finding.  It is cheap and needs no
  compiler (it may run the frontend's own lowering to text).  A lowering that still finds out late raises
  ``NotExpressible``, with the same verdict;
* ``run(handle, inputs) -> list[numpy.ndarray]``: execute on the target; a failure of the
  compiled program raises ``ProgramFailure``; what the run itself observed (a simulator's counts of
  reads of unwritten registers, ...) it gives to ``note_run(facts)``, and the engine adds those facts
  to the result's, whether the run succeeded or failed;
* optionally ``warm_up(configs)``: slow imports for these of its configurations, done once when a
  worker lane starts, outside every compile timeout (``warm_up()`` with no argument, or a lane that
  does not know its configurations, loads everything); and ``warm_up_note(configs)``: what that
  will load, in words, for the progress line the CLI prints meanwhile (cheap: imports nothing).

Optionally, for batched compilation (``fuzz/execute/batch.py``: one compiler invocation for a group of cases):

* ``compile_batch(cases, config, workdir, timeout) -> (handle, [(source, facts), ...])``: compile
  the cases into one program, case ``k`` as its own entry point, within ``timeout`` seconds.  Per
  case, ``source`` and ``facts`` are what ``compile`` would return for that case alone (its own
  lowered text and single-case command line; the dispatch facts of its entry point).  A failure
  raises ``CompilerFailure`` with ``culprits``: the positions of the cases its diagnostics name
  (empty when they name none: a crash, an error without a location).  The engine takes named
  cases out, bisects the rest, and records a failure only as ``compile`` reports it for the case
  alone, so no verdict depends on a case's neighbours;
* ``run_function(handle, k, inputs) -> list[numpy.ndarray]``: run case ``k``'s entry point, as ``run``;
* ``batches(config) -> bool`` where only some of the frontend's configurations batch (default: all).

Optionally, for running on another machine (``fuzz/execute/remote.py``: compile here, run on a Dask worker that
declares the device and has only numpy and the vendor runtime):

* ``export(handle, k=None) -> Artifact``: the compiled program (entry point ``k`` of a batch) as a picklable,
  self-contained value; ``Artifact.runner`` names a module, importing no compiler, whose
  ``run_artifact(payload, inputs) -> list[numpy.ndarray]`` runs it as ``run`` would (raising ``ProgramFailure``);
  ``exports(config) -> bool`` where only some of the frontend's configurations export (default: all).

Optionally, ``run_timeout(config, timeout) -> float``: the wall-clock limit of a run given the run timeout (a
simulated configuration's is longer: ``frontends/devices/simulation.py``); the engine asks it through ``run_limit``.
A run that lasts writes its progress line to ``progress_channel()`` in a lane's worker, which the lane's parent reads
(``progress_line``) and shows on a terminal (`kernelfuzz run`).

Optionally, for the repro bundle of a finding (``fuzz/publish/bundle.py`` assembles it: case, inputs, reference,
``check.py``, README; the frontend writes the scripts of its compiler, and reads them back):

* ``repro(results, case) -> Repro``: the files that rebuild and rerun ``results`` (the report's results of the
  configurations that share this hook, in report order: one compiler's modules share one, so a script can hold
  several configurations) without kernelfuzz, each judging its outputs with ``check.py`` and exiting by its rule,
  with the README's lines for them.  A result whose ``source`` the frontend cannot rebuild from gets nothing;
* ``read_back(folder, case, results) -> (results, left)``: ``results`` (a saved bundle's, of this hook's
  configurations, without sources) with the sources the bundle's generated scripts were written from, plus any
  configuration a person added to a script, so that ``repro`` writes the same scripts again from today's templates
  (``fuzz/publish/rescript.py``); ``left``: the scripts it leaves alone (hand-edited), and why.  It is asked even
  where no result is its own.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

HANDED_OVER = "handed-over.json"  # in the lane's workdir: the program an in-process compiler was last given


@dataclass(frozen=True)
class Config:
    name: str  # "frontend:target-variant", e.g. "iree:cpu-O2"
    module: str  # frontend module, e.g. "frontends.iree.frontend"
    target: str = "cpu"
    flags: tuple[str, ...] = ()
    description: str = ""
    profile: str = "strict"  # numerics profile (fuzz/judge/profiles.py): declared, intentional differences
    opt_in: bool = False  # never selected by a wildcard: name it exactly (e.g. slow real tuning)


@dataclass(frozen=True)
class Repro:
    """What a frontend's ``repro`` hook adds to a finding's bundle (see the module docstring)."""

    files: tuple[tuple[str, str | bytes], ...] = ()  # (path in the bundle, content), in the order written
    executable: frozenset[str] = frozenset()  # of those, the shell scripts a person runs directly
    readme: tuple[str, ...] = ()  # the README's items of "Reproduce without kernelfuzz" for these files
    sections: tuple[str, ...] = ()  # README lines of sections of their own (after that list)
    exits: tuple[str, ...] = ()  # README lines after the exit rule: how a script of several blocks combines them
    onnx: tuple[tuple[str, str], ...] = ()  # onnx.sh's lines per importer a result ran: (its check, its import)

    def __add__(self, other: "Repro") -> "Repro":
        return Repro(self.files + other.files, self.executable | other.executable, self.readme + other.readme,
                     self.sections + other.sections, self.exits + other.exits, self.onnx + other.onnx)


@dataclass(frozen=True)
class Availability:
    status: str  # "runs" | "compile-only" | "unavailable"
    why: str = ""
    simulated: bool = False  # runs, on a simulator of the device (frontends/devices/cuda_sim.py)

    @property
    def compiles(self) -> bool:
        return self.status != "unavailable"


@dataclass(frozen=True)
class Artifact:
    """A compiled program that travels: ``runner`` (a module with ``run_artifact``) runs ``payload`` on inputs."""

    runner: str  # e.g. "frontends.iree.runner"
    payload: dict  # picklable, self-contained: bytes, names, shapes (what the runner needs, nothing else)


class CompilerFailure(Exception):
    """The compiler rejected a valid case (``crashed=False``), died on it (``crashed=True``), or ran past the
    compile's time limit (``timed_out=True``: verdict ``timeout``).

    ``limitation``: the rejection is one the compiler documents on purpose (the frontend names it, with its
    source): recorded as a known limitation, never as a finding."""

    def __init__(self, message: str, crashed: bool = False, source: str = "", facts: dict | None = None,
                 culprits: tuple[int, ...] = (), limitation: str = "", timed_out: bool = False):
        super().__init__(message)
        self.crashed = crashed
        self.timed_out = timed_out  # the compiler ran past its time limit: a timeout, never a crash
        self.limitation = limitation
        self.source = source  # what the compiler was given (with its command line), for repros
        self.facts = facts or {}  # what was decided before it failed (``schedule``: the trace drawn)
        self.culprits = culprits  # in a batch: positions of the cases the diagnostics name


_DEADLINE: list = []  # the compile under way: when its time limit ends (time.monotonic()), or None


def compile_within(seconds: float | None, fn, *args):
    """``fn(*args)`` (the engine's call of a frontend's compile) with ``seconds`` as the compile's time limit."""
    _DEADLINE.append(None if seconds is None else time.monotonic() + seconds)
    try:
        return fn(*args)
    finally:
        _DEADLINE.pop()


def compile_time_left(default: float, margin: float = 2.0) -> float:
    """Seconds a frontend's compiler subprocess may still take: what is left of the engine's compile timeout less
    ``margin`` (so the frontend stops it, as a timeout, before the engine stops the worker), at least a tenth of a
    second; ``default`` outside an engine's compile (a direct call)."""
    if not _DEADLINE or _DEADLINE[-1] is None:
        return default
    return max(_DEADLINE[-1] - time.monotonic() - margin, 0.1)


def handing_over(workdir: str, source: str, facts: dict | None = None) -> None:
    """Record the program an in-process compiler is about to be given, and the facts known so far (the
    schedule trace drawn), see the module docstring."""
    Path(workdir, HANDED_OVER).write_text(json.dumps({"source": source, "facts": facts or {}}))


def handed_over(workdir) -> tuple[str, dict] | None:
    """What ``handing_over`` last recorded in ``workdir``, if anything."""
    try:
        j = json.loads(Path(workdir, HANDED_OVER).read_text())
        return j["source"], j["facts"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


PROGRESS_FILE = "progress.txt"  # in a lane's workdir: a long simulated run's progress line (frontends/devices/progress)
_PROGRESS: list = []  # where this worker process writes that line (``show_progress_in``), if anywhere


def show_progress_in(path) -> None:
    """This process is a lane's worker: a long run's progress line goes to ``path`` for the lane's parent to show."""
    _PROGRESS[:] = [Path(path)]


def progress_channel() -> Path | None:
    """Where this process writes a long run's progress line for its lane's parent (None: it is no lane's worker)."""
    return _PROGRESS[0] if _PROGRESS else None


def progress_line(workdir) -> str:
    """The progress line a lane's worker last wrote in ``workdir`` ('' where none: no long simulated run under way)."""
    try:
        return Path(workdir, PROGRESS_FILE).read_text()
    except OSError:
        return ""


_RUN_FACTS: dict = {}  # what the current run noted (``note_run``), in the worker process that runs it


def note_run(facts: dict) -> None:
    """Facts the running program's frontend observed (JSON-able), for the result (see the module docstring)."""
    _RUN_FACTS.update(facts)


def take_run_facts() -> dict:
    """The facts noted since the last call, and forget them (the engine calls it around each run)."""
    facts = dict(_RUN_FACTS)
    _RUN_FACTS.clear()
    return facts


class NotExpressible(Exception):
    """The frontend's input language cannot express this case (the message says what is missing)."""


class ProgramFailure(Exception):
    """The compiled program failed at run time.

    ``kind``: "error" (a runtime error), "arg-check" (the kernel rejected its arguments),
    "out-of-bounds" (a write past a buffer), "guest-crash", "hang", "emulator" (the emulator
    itself cannot run this code: never a compiler bug), or "compile-only" (this case's compiled
    program cannot run here, e.g. the Hexagon harness runs one kernel: verdict ``compiled``)."""

    def __init__(self, message: str, kind: str = "error"):
        super().__init__(message)
        self.kind = kind


def takes(case, config: Config) -> str | None:
    """Why ``config`` cannot take ``case`` (None: it can): its frontend's optional ``takes`` hook (module docstring).
    The one question the engine asks before compiling, and what a table of features may read."""
    import importlib
    hook = getattr(importlib.import_module(config.module), "takes", None)
    return None if hook is None else hook(case, config)


def run_limit(config: "Config", timeout: float) -> float:
    """The wall-clock limit of one run: the run timeout, or what the frontend's optional ``run_timeout`` makes of it."""
    import importlib
    hook = getattr(importlib.import_module(config.module), "run_timeout", None)
    return timeout if hook is None else hook(config, timeout)
