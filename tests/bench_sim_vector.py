"""`make bench` section ``sim``, the vector PTX machine's part (called from tests/bench_sim.py):

* ``seed_ratios``: the TVM conv seed (``corpus/seeds/tvm-hexagon-conv2d-fp16.json``, 802,816 outputs) compiled and
  run simulated on ``iree:cuda-sm80-O2`` and ``tvm:cuda-dlight``: the run over the compile (target <= 3x; TVM's run
  includes NVRTC's compile of its CUDA C) and the vector machine's lanes per second;
* ``sweep``: the vector machine against the reference machine byte for byte, outputs and facts: every H200 output
  kept in tests/data/gpu/ (both reduced bundles, the 56 campaign cases, the 63 conv variants under their four flag
  sets) and ``cases`` generated cases (campaign seed 37) through both CUDA configurations; each difference printed.
"""
from __future__ import annotations

import resource
import tempfile
import time
from pathlib import Path

from frontends.devices.ptx import vlaunch
from tests import ROOT
from tests.ptx_compare import (
    bundle,
    campaign_case,
    conv_variant,
    differences,
    frontend_outcome,
    generated,
)

SEED = Path(ROOT) / "corpus" / "seeds" / "tvm-hexagon-conv2d-fp16.json"
CUDA = ("iree:cuda-sm80-O2", "tvm:cuda-dlight")
SWEEP_SEED = 37


def seed_ratios() -> None:
    import importlib

    from fuzz.case.values import materialize_all
    from fuzz.case.workload import load
    case = load(str(SEED))
    inputs = [materialize_all(case)[t.name] for t in case.inputs]
    for name in CUDA:
        fe = importlib.import_module(f"frontends.{name.split(':')[0]}.frontend")
        config = next(c for c in fe.CONFIGS if c.name == name)
        start, cpu = time.perf_counter(), _cpu()
        handle = fe.compile(case, config, tempfile.mkdtemp())[0]
        compiled, compiled_cpu = time.perf_counter() - start, _cpu() - cpu
        before, cpu = vlaunch.COUNT["instructions"], _cpu()
        result, _, ran = frontend_outcome(fe, handle, inputs, "vector")
        count, ran_cpu = vlaunch.COUNT["instructions"] - before, _cpu() - cpu
        what = "ran" if result[0] != "failure" else f"failed: {result[1][:120]}"
        print(f"  seed {SEED.stem} on {name}: compile {compiled:.1f} s, simulated run {ran:.1f} s "
              f"({ran / compiled:.2f}x the compile; target <= 3x; {what}); CPU time (this process and its children, "
              f"fair on a loaded machine): compile {compiled_cpu:.1f} s, run {ran_cpu:.1f} s "
              f"({ran_cpu / compiled_cpu:.2f}x); {count / ran:,.0f} lanes per second")


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the compilers run as children)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def _h200_programs():
    from tests.test_ptx_h200 import CASES, _variant_rows
    yield from ((f"bundle {n}", lambda w, n=n: bundle(n, w)) for n in
                ("reduced-nchw-f16-conv-wrong-value", "reduced-nchw-f16-conv-got-zero"))
    yield from ((f"campaign {n}", lambda w, n=n: campaign_case(n, w)) for n in CASES)
    yield from ((f"conv variant {n} {f}", lambda w, n=n, f=f: conv_variant(n, f, w)) for n, f in sorted(_variant_rows()))


def sweep(cases: int) -> None:
    same = total = 0
    for what, program in _h200_programs():
        host, kernels, inputs, outside = program(Path(tempfile.mkdtemp()))
        for o in {outside, "fault"}:
            diffs = differences(host, kernels, inputs, o)[0]
            total, same = total + 1, same + (not diffs)
            for d in diffs:
                print(f"  DIFFERENT: {what} (outside={o}): {d}")
    print(f"  vector vs reference machine on the H200's programs: {same} of {total} runs the same byte for byte")
    for name in CUDA:
        same = total = 0
        for i in range(cases):
            got = generated(name, SWEEP_SEED, i, Path(tempfile.mkdtemp()))
            if got is None:
                continue
            ref, vec = (frontend_outcome(*got, engine)[:2] for engine in ("reference", "vector"))
            total, same = total + 1, same + (ref == vec)
            if ref != vec:
                print(f"  DIFFERENT: case {i} on {name}: reference {str(ref)[:300]} vector {str(vec)[:300]}")
        print(f"  vector vs reference machine on {cases} generated cases through {name}: {same} of {total} compiled "
              f"cases the same (outputs, failure and facts)")
