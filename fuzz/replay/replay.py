"""Corpus replay: re-run saved cases against the installed compilers (a regression suite).

Each case file may carry ``expect``: the verdict per configuration it was saved with.  A
replayed configuration is then ``ok`` (no finding, as expected), ``still-failing`` (the same
finding), ``fixed`` (a finding is gone), ``changed`` (another finding) or ``regressed`` (a
finding where none was expected).  Cases without expectations are expected to pass.  A
configuration a case expects but the run does not replay is ``not selected`` (left out by
``--configs``) or ``unavailable here`` (not installed, or unknown to this kernelfuzz, or a verdict only a run decides
on a configuration that only compiles here: a GPU case without the GPU).  A file that
cannot be read (``fuzz.casefile``) is reported by name as ``unreadable``, and a case whose
semantics are undefined as ``invalid``; the rest still replay, and both count as failures of the
corpus (``FAILED``).

A verdict of a configuration that compiles for the host's CPU holds for the CPU it was recorded on (``cpus`` in the
case): on another machine the frontend's optional ``retarget(config, cpu)`` compiles for that CPU where this
machine can run its code, else the configuration is ``other-cpu``, never ``fixed``; a rejection or crash recorded
there (``COMPILE_DECIDED``) is still replayed, compiled for that CPU by name (the frontend's ``compile_for``) and not
run, since compiling alone decides it.

A configuration whose expected verdict is ``compiled`` (recorded where it only compiled) is replayed by compiling
it, not running it, even where it runs now (a simulated GPU): compiling decides that expectation, and a run of a
seed-sized case on a simulator takes minutes.

A configuration the installed compiler release cannot build as written (the frontend's optional
``release_gap(config)`` names a flag or pass that release lacks: ``frontends/iree/flags.py``,
``frontends/tvm/compat.py``) is ``unavailable for this release``, with the reason, never a failure.
``kernelfuzz replay --releases`` replays against several releases (``fuzz/replay/releases.py``).
"""
from __future__ import annotations

import enum
import importlib
from dataclasses import dataclass
from pathlib import Path

from fuzz.case.workload import Case, WorkloadError
from fuzz.casefile import is_case_file, load
from fuzz.execute.backend import Config
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.judge.oracle import Verdict

RAN = {Verdict.EXACT, Verdict.WITHIN_BOUND, Verdict.OUT_OF_BOUND, Verdict.NONFINITE_MISMATCH, Verdict.RUNTIME_ERROR,
       Verdict.FLAKY, Verdict.UNSUPPORTED}  # verdicts only a run decides
COMPILE_DECIDED = {Verdict.REJECTED, Verdict.COMPILER_CRASH}  # what compiling alone decides, for any target CPU
PASSING = {Verdict.EXACT, Verdict.WITHIN_BOUND, Verdict.COMPILED, Verdict.UNSUPPORTED, Verdict.LIMITATION,
           Verdict.NOT_EXPRESSIBLE}


class Outcome(enum.Enum):
    OK = "ok"
    STILL_FAILING = "still-failing"
    FIXED = "fixed"
    CHANGED = "changed"
    REGRESSED = "regressed"
    NOT_SELECTED = "not selected"  # the configuration exists here but --configs left it out
    UNAVAILABLE = "unavailable here"  # not installed here, or unknown to this kernelfuzz
    UNREADABLE = "unreadable"  # the file is not a usable case (the message says why)
    INVALID = "invalid"  # the case reads, but its semantics are undefined (integer overflow, ...)
    OTHER_CPU = "other-cpu"  # recorded on a CPU whose code this machine cannot run
    UNAVAILABLE_RELEASE = "unavailable for this release"  # the installed compiler lacks a flag or pass it needs


FAILED = frozenset({Outcome.REGRESSED, Outcome.UNREADABLE, Outcome.INVALID})  # a damaged corpus fails too (exit 2)


@dataclass(frozen=True)
class Replayed:
    path: str
    config: str
    outcome: Outcome
    expected: str
    got: str


def case_files(root: Path) -> list[Path]:
    """The case files under ``root`` (or ``root`` itself), by ``fuzz.casefile.is_case_file``: not the files
    beside them (results, reduction, known bugs, scripts' exit codes)."""
    files = [root] if root.is_file() else sorted(root.rglob("*.json"))
    return [f for f in files if is_case_file(f)]


def outcome(expected: str, got: Verdict) -> Outcome:
    exp = Verdict(expected)
    if exp in PASSING:
        return Outcome.OK if got in PASSING else Outcome.REGRESSED
    if got in PASSING:
        return Outcome.FIXED
    return Outcome.STILL_FAILING if got is exp else Outcome.CHANGED


def for_recorded_cpu(case: Case, config: Config) -> tuple[Config | None, str]:
    """``config`` as it compiles for the CPU its expected verdict was recorded on, or None and why not here."""
    recorded = case.cpu_for(config.name)
    retarget = recorded and getattr(importlib.import_module(config.module), "retarget", None)
    return retarget(config, recorded) if retarget else (config, "")


def compile_for_recorded_cpu(case: Case, config: Config) -> Config | None:
    """``config`` compiling (not running) for the CPU its verdict was recorded on, where the frontend can name it."""
    name = getattr(importlib.import_module(config.module), "compile_for", None)
    return name(config, case.cpu_for(config.name)) if name else None


def release_gap(config: Config) -> str:
    """Why the installed release of ``config``'s compiler cannot build it as written ('' when it can)."""
    gap = getattr(importlib.import_module(config.module), "release_gap", None)
    return gap(config) if gap else ""


def _row(path: Path, expected: str, config: str, got: Verdict) -> Replayed:
    """A run-time verdict of a configuration that only compiles here (no device) is not replayed: `unavailable
    here`, never `fixed`; what only compiling decides (a rejection, a crash) still is."""
    if got is Verdict.COMPILED and Verdict(expected) in RAN:
        return Replayed(str(path), config, Outcome.UNAVAILABLE, expected, "compiled; no device here runs it")
    return Replayed(str(path), config, outcome(expected, got), expected, got.value)


def replay_case(lane: Lane, path: Path, case: Case, configs: dict[str, Config], compile_only: frozenset[str],
                default: tuple[str, ...], unselected: frozenset[str] = frozenset(),
                gaps: dict[str, str] | None = None) -> list[Replayed]:
    expect = dict(case.expect) or {name: Verdict.EXACT.value for name in default}
    gaps = gaps or {}
    rows = [Replayed(str(path), n, Outcome.UNAVAILABLE_RELEASE, v, gaps[n]) if n in gaps else
            Replayed(str(path), n, Outcome.NOT_SELECTED if n in unselected else Outcome.UNAVAILABLE, v, "")
            for n, v in expect.items() if n not in configs]
    wanted, compile_here = [], set()
    for name in (n for n in expect if n in configs):
        config, why = for_recorded_cpu(case, configs[name])
        if config is None and Verdict(expect[name]) in COMPILE_DECIDED:
            config = compile_for_recorded_cpu(case, configs[name])
            compile_here.add(name)
        if config is None:
            rows.append(Replayed(str(path), name, Outcome.OTHER_CPU, expect[name], why))
        elif gap := release_gap(config):
            rows.append(Replayed(str(path), name, Outcome.UNAVAILABLE_RELEASE, expect[name], gap))
        else:
            wanted.append(config)
            if expect[name] == Verdict.COMPILED.value:  # recorded as compiled, not run: compiling decides it
                compile_here.add(name)
    if wanted:
        report = run_case(lane, case, wanted, compile_only=compile_only | compile_here)
        rows += [_row(path, expect[r.config], r.config, r.verdict) for r in report.results]
    return rows


def replay(root: Path, lane: Lane, configs: dict[str, Config], compile_only: frozenset[str],
           default: tuple[str, ...], on_error=print, unselected: frozenset[str] = frozenset(),
           gaps: dict[str, str] | None = None) -> list[Replayed]:
    """Every case file under ``root``; ``unselected``: configurations that exist here but were not selected;
    ``gaps``: selected configurations the installed release cannot build, with why (``unavailable for this release``)."""
    return replay_files(case_files(root), lane, configs, compile_only, default, on_error, unselected, gaps)


def replay_files(paths: list[Path], lane: Lane, configs: dict[str, Config], compile_only: frozenset[str],
                 default: tuple[str, ...], on_error=print, unselected: frozenset[str] = frozenset(),
                 gaps: dict[str, str] | None = None) -> list[Replayed]:
    """These case files (a share of a corpus: the suite spreads the corpus over its workers)."""
    rows = []
    for path in paths:
        try:
            case = load(path)
        except WorkloadError as e:
            on_error(f"unreadable: {e}")
            rows.append(Replayed(str(path), "", Outcome.UNREADABLE, "", e.kind))
            continue
        try:
            rows += replay_case(lane, path, case, configs, compile_only, default, unselected, gaps)
        except WorkloadError as e:  # UndefinedBehavior from the reference
            on_error(f"invalid: {path}: {e}")
            rows.append(Replayed(str(path), "", Outcome.INVALID, "", "undefined"))
    return rows
