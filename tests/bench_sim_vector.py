"""`make bench` section ``sim``, the vector PTX machine's part (called from tests/bench_sim.py):

* ``seed_ratios``: the TVM conv seed (``corpus/seeds/tvm-hexagon-conv2d-fp16.json``, 802,816 outputs) compiled and
  run simulated on ``iree:cuda-sm80-O2`` and ``tvm:cuda-dlight``: the run over the compile in CPU seconds (target
  <= 3x; NVRTC's compile of TVM's CUDA C, which happens inside the run, is counted with the compile: ``ratio``) and
  the vector machine's lanes per CPU second;
* ``million_ratios``: the same for a 1,000,000-element f16 matmul (1000x256 by 256x1000) and NHWC conv
  (1x128x128x64 outputs) on both CUDA configurations and on ``iree:gfx942-O2`` (the gfx942 lockstep machine);
* ``sweep``: the vector machine against the reference machine byte for byte, outputs and facts: every H200 output
  kept in tests/data/gpu/ (both reduced bundles, the 56 campaign cases, the 63 conv variants under their four flag
  sets) and ``cases`` generated cases (campaign seed 37) through both CUDA configurations, the latter recorded and
  resumed in tests/data/sim-sweep/ (tests/bench_sim_sweep.py); each difference printed.
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
)

SEED = Path(ROOT) / "corpus" / "seeds" / "tvm-hexagon-conv2d-fp16.json"
CUDA = ("iree:cuda-sm80-O2", "tvm:cuda-dlight")
SWEEP_SEED = 37


def seed_ratios() -> None:
    from fuzz.case.values import materialize_all
    from fuzz.case.workload import load
    case = load(str(SEED))
    inputs = [materialize_all(case)[t.name] for t in case.inputs]
    for name in CUDA:
        ratio(f"seed {SEED.stem}", case, inputs, name, warm=True)


def ratio(what: str, case, inputs: list, name: str, warm: bool = False) -> None:
    """Compile ``case`` for configuration ``name`` and run it simulated; print the run over the compile, wall and CPU
    seconds (CPU: this process and its finished children, fair on a loaded machine), and lanes per second.  NVRTC's
    compile of TVM's CUDA C happens inside tvm:cuda-dlight's run; it is compile work (TVM's own CUDA build runs it
    inside tvm.compile), so it is moved from the run to the compile, and shown.  ``warm``: the compile timed is the
    second of two (the first pays one-time set-up, such as TVM's tensor-core intrinsics: about 25 CPU seconds on
    the first matmul of a process), the smaller compile and so the larger ratio."""
    import importlib

    from frontends.tvm import simulated
    fe = importlib.import_module(f"frontends.{name.split(':')[0]}.frontend")
    config = next(c for c in fe.CONFIGS if c.name == name)
    if warm:
        fe.compile(case, config, tempfile.mkdtemp())
    start, cpu = time.perf_counter(), _cpu()
    handle = fe.compile(case, config, tempfile.mkdtemp())[0]
    compiled, compiled_cpu = time.perf_counter() - start, _cpu() - cpu
    before, nvrtc = vlaunch.COUNT["instructions"], dict(simulated.NVRTC)
    cpu = _cpu()
    result, _, ran = frontend_outcome(fe, handle, inputs, "vector")
    count, ran_cpu = vlaunch.COUNT["instructions"] - before, _cpu() - cpu
    wall, cpu_s = (simulated.NVRTC[k] - nvrtc[k] for k in ("seconds", "cpu_seconds"))
    compiled, compiled_cpu, ran, ran_cpu = compiled + wall, compiled_cpu + cpu_s, ran - wall, ran_cpu - cpu_s
    state = "ran" if result[0] != "failure" else f"failed: {result[1][:120]}"
    moved = f"; NVRTC {cpu_s:.1f} CPU s counted with the compile" if simulated.NVRTC["calls"] > nvrtc["calls"] else ""
    rate = f"{count / ran_cpu:,.0f} lanes per CPU second" if count else "lanes not counted (not the PTX simulator)"
    print(f"  {what} on {name}: compile {compiled:.1f} s, simulated run {ran:.1f} s ({ran / compiled:.2f}x; {state}); "
          f"CPU: compile {compiled_cpu:.2f} s, run {ran_cpu:.2f} s ({ran_cpu / compiled_cpu:.2f}x the compile; target "
          f"<= 3x{moved}); {rate}")


def _tensor(name: str, shape: list, seed: int) -> dict:
    return {"name": name, "shape": shape, "dtype": "f16", "values": {"dist": "int", "seed": seed, "low": -2, "high": 2}}


MILLION = {  # about 1,000,000 output elements each, f16 operands, f32 accumulators
    "matmul 1000x256 * 256x1000": {
        "inputs": [_tensor("a", [1000, 256], 1), _tensor("b", [256, 1000], 2)],
        "ops": [{"kind": "matmul", "name": "mm", "inputs": ["a", "b"], "acc": "f32"}], "outputs": ["mm"]},
    "conv 1x130x130x16 * 3x3x16x64 (NHWC, 1x128x128x64)": {
        "inputs": [_tensor("x", [1, 130, 130, 16], 1), _tensor("w", [3, 3, 16, 64], 2)],
        "ops": [{"kind": "conv2d", "name": "conv", "inputs": ["x", "w"], "layout": "NHWC", "acc": "f32"}],
        "outputs": ["conv"]},
}
MILLION_CONFIGS = CUDA + ("iree:gfx942-O2",)


def million_ratios() -> None:
    """A 1,000,000-element f16 matmul and conv on both PTX configurations and on the gfx942 simulator: the run over
    the compile (target <= 3x), the compile timed warm (``ratio``)."""
    from fuzz.case.values import materialize_all
    from fuzz.case.workload import from_json
    for what, body in MILLION.items():
        case = from_json({"format": "kernelfuzz.case/2", "name": "million", **body})
        inputs = [materialize_all(case)[t.name] for t in case.inputs]
        for name in MILLION_CONFIGS:
            ratio(what, case, inputs, name, warm=True)


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
    from tests import bench_sim_sweep  # the generated cases: recorded in tests/data/sim-sweep/, resumed
    for stream in ("iree-cuda-sm80-O2", "tvm-cuda-dlight"):
        bench_sim_sweep.sweep(stream, cases)
        print(bench_sim_sweep.summary(stream, cases))
