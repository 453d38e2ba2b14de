"""`make bench` section ``sim``, the gfx942 lockstep machine's part (called from tests/bench_sim.py), and the
comparison tests/test_gfx942_lockstep.py samples:

* ``seed_ratios``: the SDXL int8 conv seed (``corpus/seeds/iree-sdxl-int8-conv-requant.json``) compiled for every
  ``iree:gfx942-*`` configuration and run on the lockstep machine and on the wave-by-wave (reference) machine, side by
  side in one process: each run over the compile (target: lockstep <= 1x) and lanes per second (simulated
  wave-instructions x 64 per second) of both;
* ``sweep``: the lockstep machine against the reference byte for byte (outputs, every record of the report, the
  error raised) on the programs whose H200 outputs tests/data/gpu/ keeps (both reduced bundles, the 56 campaign
  cases), compiled for gfx942, and on the gfx942 validation set's cases (tests/bench_gfx942.py: ``case_seed(38, i)``,
  every fourth case from the wide space) through ``iree:gfx942-O2``, the latter recorded and resumed in
  tests/data/sim-sweep/ (tests/bench_sim_sweep.py); each difference printed, and each case that either machine does
  not finish within ``LIMIT`` seconds named.
"""
from __future__ import annotations

import contextlib
import resource
import tempfile
import time
from pathlib import Path

from frontends.devices.gfx942 import launch as launcher
from frontends.devices.gfx942.errors import Report
from frontends.iree.simulated import run_module
from tests import ROOT
from tests.bench_gfx942 import CONFIG, MAIN, SEED, SimTimeout, _limited, compile_gfx942

SDXL = Path(ROOT) / "corpus" / "seeds" / "iree-sdxl-int8-conv-requant.json"
LIMIT = 300  # seconds per simulated run in the sweep: a case past it on either machine is named, not compared


@contextlib.contextmanager
def engine(name: str):
    old, launcher.ENGINE = launcher.ENGINE, name
    try:
        yield
    finally:
        launcher.ENGINE = old


def outcome(workdir: str, inputs: list, name: str):
    """(outputs' bytes or the error raised, the report's records, wave-instructions run, seconds, CPU seconds) on
    engine ``name``."""
    report, counts = Report(), {}
    start, cpu = time.perf_counter(), time.process_time()
    with engine(name):
        try:
            outs = run_module(f"{workdir}/et.mlir", f"{workdir}/asm", inputs, "gfx942", report=report, counts=counts)
            result = [(o.dtype.str, o.shape, o.tobytes()) for o in outs]
        except SimTimeout:  # the sweep's limit, not the program's error: the caller names the case not compared
            raise
        except Exception as e:  # noqa: BLE001  (the error is part of what must be the same)
            result = (type(e).__name__, str(e))
    return result, vars(report), sum(counts.values()), time.perf_counter() - start, time.process_time() - cpu


def _case(index: int):
    from fuzz.campaign.driver import case_seed
    from fuzz.generate.base import SPACES
    from fuzz.generate.generator import generate
    from tests.bench_gfx942 import DRAWN
    return generate(case_seed(SEED, index), SPACES["wide" if index % 4 == 3 else "default"], DRAWN)


def _inputs(case) -> list:
    from fuzz.case.values import materialize_all
    return [materialize_all(case)[t.name] for t in case.inputs]


def compare(index: int, workdir: str, config: str = MAIN) -> tuple[bool, str]:
    """Validation case ``index`` through ``config`` on both machines: (the same, what differs); a case that does
    not compile counts as the same (nothing ran)."""
    from frontends.iree.lower import lower
    case = _case(index)
    return compare_program(f"case {index}", lower(case), _inputs(case), workdir, config)


def compare_program(what: str, text: str, inputs: list, workdir: str, config: str = MAIN) -> tuple[bool, str]:
    """``text`` (MLIR) compiled for ``config`` and run on both machines (see ``compare``)."""
    from fuzz.execute.backend import CompilerFailure
    try:
        compile_gfx942(text, CONFIG[config], workdir)
    except CompilerFailure:
        return True, "did not compile"
    try:
        ref, new = (_limited(lambda e=e: outcome(workdir, inputs, e), LIMIT) for e in ("reference", "lockstep"))
    except SimTimeout:
        return True, f"not compared: a run past {LIMIT} s"
    if ref[:2] == new[:2]:
        return True, ""
    part = "outputs" if ref[0] != new[0] else "report"
    return False, (f"{what} on {config}: {part} differ: reference {str(ref[:2])[:300]} "
                   f"lockstep {str(new[:2])[:300]}")


def gpu_programs():
    """(what, MLIR, inputs) of the programs whose H200 outputs tests/data/gpu/ keeps: the two reduced bundles (their
    kernel.mlir and inputs) and the 56 campaign cases (lowered, the campaign's inputs), to compile for gfx942."""
    import json

    import numpy as np

    from frontends.iree.lower import lower
    from fuzz.case.workload import from_json
    from fuzz.execute.runner import prepare
    data = Path(ROOT) / "tests" / "data" / "gpu"
    for name in ("reduced-nchw-f16-conv-wrong-value", "reduced-nchw-f16-conv-got-zero"):
        inputs = [np.load(p) for p in sorted((data / name / "inputs").glob("in*.npy"))]
        yield f"bundle {name}", (data / name / "kernel.mlir").read_text(), inputs
    for folder in sorted(p for p in (data / "cases").iterdir() if p.is_dir()):
        case = from_json(json.loads((folder / "case.json").read_text()))
        yield f"campaign case {folder.name}", lower(case), prepare(case, [CONFIG[MAIN]]).inputs


def seed_ratios() -> None:
    from fuzz.case.workload import load
    from frontends.iree.lower import lower
    case = load(str(SDXL))
    inputs, text = _inputs(case), lower(case)
    for name in sorted(n for n in CONFIG if n.startswith("iree:gfx942-")):
        work, cpu = tempfile.mkdtemp(), _children()
        compiled = compile_gfx942(text, CONFIG[name], work)
        compiled_cpu = _children() - cpu
        ref, new = outcome(work, inputs, "reference"), outcome(work, inputs, "lockstep")
        same = "same outputs and records" if ref[:2] == new[:2] else "DIFFERENT from the reference"
        off = _unchecked(work, inputs)
        print(f"  seed {SDXL.stem} on {name}: compile {compiled:.1f} s; lockstep run {new[3]:.1f} s "
              f"({new[3] / compiled:.2f}x the compile; target <= 1x), wave by wave {ref[3]:.1f} s "
              f"({ref[3] / compiled:.2f}x); CPU time (fair on a loaded machine): compile {compiled_cpu:.1f} s, "
              f"lockstep {new[4]:.1f} s ({new[4] / compiled_cpu:.2f}x), wave by wave {ref[4]:.1f} s "
              f"({ref[4] / compiled_cpu:.2f}x); lanes per second {64 * new[2] / new[3]:,.0f} lockstep, "
              f"{64 * ref[2] / ref[3]:,.0f} wave by wave (per CPU second {64 * new[2] / new[4]:,.0f} and "
              f"{64 * ref[2] / ref[4]:,.0f}; {new[2]:,} wave-instructions); {same}; lockstep without the s_waitcnt "
              f"checker {off:.2f} CPU s (checked/unchecked {new[4] / off:.2f}x)")


def _unchecked(workdir: str, inputs: list) -> float:
    """CPU seconds of a lockstep run with the wait checker's per-step work (``_Scheduler._waits``) left out: the
    checker's cost, side by side with the checked run (its outputs are the same: the checker only records)."""
    from frontends.devices.gfx942 import lockstep
    checked = lockstep._Scheduler._waits
    lockstep._Scheduler._waits = lambda self, pc, idx: None
    try:
        return outcome(workdir, inputs, "lockstep")[4]
    finally:
        lockstep._Scheduler._waits = checked


def _children() -> float:
    """CPU seconds of this process's finished children (the compiler runs as one)."""
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def sweep(cases: int) -> None:
    same = total = 0
    for what, text, inputs in gpu_programs():
        ok, diff = compare_program(what, text, inputs, tempfile.mkdtemp())
        same, total = same + ok, total + 1
        if not ok or diff.startswith("not compared"):
            print(f"  {'DIFFERENT' if not ok else 'NOT COMPARED'}: {what}: {diff}")
    print(f"  gfx942 lockstep vs wave-by-wave machine on the {total} programs of tests/data/gpu/ through {MAIN}: "
          f"{same} the same or not compared (outputs, records and errors)")
    from tests import bench_sim_sweep  # the validation cases: recorded in tests/data/sim-sweep/, resumed
    bench_sim_sweep.sweep("gfx942-lockstep", cases)
    print(bench_sim_sweep.summary("gfx942-lockstep", cases))
