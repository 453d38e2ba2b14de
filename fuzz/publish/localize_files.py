"""What ``kernelfuzz localize`` leaves for people, in its output folder (default ``FINDING/localize/``):

    localize.txt                     every configuration's points probed, its boundary and the bound argument
    <configuration>/inputs/          the case's inputs, as the repro scripts read them
    <configuration>/reference/       the reference and its certified bounds under the configuration's profile
    <configuration>/check.py         judges output files against them (fuzz/publish/checker.py)
    <configuration>/last-good/       the files of the last right point and repro.sh, which rebuilds and judges it
    <configuration>/first-bad/       the same for the first wrong point
    <configuration>/evidence/        with --evidence: the codegen dumps on either side of the pass it names

Every file is written atomically; the scripts need only the compiler's own tools.
"""
from __future__ import annotations

import platform
from pathlib import Path

import numpy as np

from fuzz.case.workload import Case
from fuzz.judge.reference import Value
from fuzz.publish import checker
from fuzz.publish.bundle import outputs
from fuzz.store import atomic_write, folder_name, inside, write_npy

SIDES = ("last-good", "first-bad")


def judging_files(folder: Path, case: Case, values: dict[str, np.ndarray], refs: list[Value]) -> None:
    """inputs/, reference/ and check.py of one configuration's folder."""
    for t in case.inputs:
        write_npy(inside(folder, "inputs", f"{t.name}.npy"), values[t.name])
    for name, v in zip(case.outputs, refs):
        write_npy(inside(folder, "reference", f"{name}.npy"), v.as_declared())
        lo, hi = v.saved_bounds()
        write_npy(inside(folder, "reference", f"{name}.lo.npy"), lo)
        write_npy(inside(folder, "reference", f"{name}.hi.npy"), hi)
    checker.write(folder, outputs(case))


def repro_script(folder: Path, side: str, body: str, judged_by: str = "") -> None:
    """``<side>/repro.sh``: runs from anywhere; ``body`` ends by ``exec``-ing check.py, whose status is the script's
    (0 within the bound, 1 outside it); a step before it that fails (a tool, a device or a package missing) exits 2,
    as the exit rule of every script kernelfuzz writes says.  ``judged_by``: the predicate that judged the side when
    it is not the value check.py applies (a fault need not change a device's outputs), said in the script."""
    path = inside(folder, side, "repro.sh")
    note = (f"# kernelfuzz judged this side by another predicate than check.py's value check: {judged_by}; a "
            f"fault or run fact need not change a device's outputs\n" if judged_by else "")
    atomic_write(path, f'#!/usr/bin/env bash\n# kernelfuzz localize: the {side} side of the boundary\n{REPRO_RULE}'
                       f'{note}cd "$(dirname "$0")"\n{body}', executable=True)


REPRO_RULE = ("# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails\n"
              "set -eE\ntrap 'echo \"could not run: $BASH_COMMAND failed\" >&2; exit 2' ERR\n")


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            return next((ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")), "cpu")
    except OSError:
        return platform.processor() or "cpu"


def header(case: Case) -> str:
    from importlib import metadata

    from fuzz.execute.registry import distributions

    versions = []
    for dist in (d for dists in distributions().values() for d in dists):
        try:
            versions.append(f"{dist} {metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            pass
    return (f"kernelfuzz localize {case.name}: {', '.join(versions)}; {platform.machine()} ({_cpu_model()})\n"
            f"Each point is built and run, and judged by the predicate its section names ('judged by'): by value, "
            f"exact or within the certified bound is right and outside it wrong (kernelfuzz's oracle); by a fault or "
            f"a run fact, the finding's own symptom (fuzz/reduce/predicate.py). The first wrong point after the last "
            f"right one is the first bad pass.\n\n")


def localize_finding(case: Case, configs, out: Path, say, budget_s: float, evidence: Path | None = None,
                     by=None, record: dict | None = None) -> list:
    """Localize each configuration in its own worker lane; write localize.txt and each side's files into ``out``.
    Each point is judged by ``by`` (a ``fuzz.reduce.predicate.Predicate``), else by the configuration's own symptom
    in the finding: its expected verdict and its entry of ``record`` (the finding's results.json by configuration).
    With ``evidence`` (a finding's IR evidence script), a boundary that spans the codegen is narrowed by it
    (``fuzz.reduce.evidence``).  Returns (``fuzz.reduce.localize.Localization``, ``Scan`` or None) pairs."""
    from fuzz.reduce import evidence as ev
    from fuzz.case.values import materialize_all
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import judge_all, references
    from fuzz.reduce.localize import LaneProber, localize, render
    from fuzz.reduce.predicate import Kind, of_record

    values = materialize_all(case)
    inputs = [values[t.name] for t in case.inputs]
    sections, results = [header(case)], []
    for config in configs:
        refs = references(case, values, {config.profile})[config.profile]
        folder = inside(out, folder_name(config.name))
        lane = Lane.for_configs([config])
        try:
            prober = LaneProber(lane, config, case, inputs)
            predicate = by or of_record(dict(case.expect).get(config.name, ""), (record or {}).get(config.name))
            result = localize(config.name, prober, refs, judge_all, say, budget_s, predicate)
            commands, scan = {}, None
            if result.found:
                judging_files(folder, case, values, refs)
                for side, probe in zip(SIDES, (result.good, result.bad)):
                    commands[side] = prober.export(probe.point, folder / side)
                    repro_script(folder, side, commands[side],
                                 "" if predicate.kind is Kind.VALUE else predicate.describe())
            if evidence is not None and ev.spans_codegen(result):
                scan = ev.scan(prober.dumps(), evidence, folder / "evidence")
        finally:
            lane.close()
        results.append((result, scan))
        sections.append(render(result, case, config.profile, commands) +
                        (ev.render(scan, folder.name) if scan else ""))
        atomic_write(out / "localize.txt", "\n".join(sections))
    return results
