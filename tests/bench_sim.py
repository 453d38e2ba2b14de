"""`make bench` section ``sim``: what running GPU code on kernelfuzz's simulators costs (frontends/devices/ptx for
``iree:cuda-sm80-O2``, frontends/devices/gfx942 for ``iree:gfx942-O2``; no AMD hardware has checked the latter).

* per generated case (default space, swarm on, ``--config-cases`` of them, campaign seed 37), per configuration:
  the compile (split at executable-targets, as a simulated configuration compiles) next to the simulated run,
  median and p90 of each, and how many cases could not be simulated (target: median run <= median compile);
* growth with output size (PTX simulator): single f32 NHWC convs of 1,000 and 10,000 output elements (3x3 kernel,
  4 channels), compile and simulated run time, the run's microseconds per output element, and lanes per second
  (simulated thread-instructions per second) of the vector machine next to the reference (today's) machine;
* the real-size seed (``tests/bench_sim_vector.py``): the TVM conv seed's simulated run over its compile on
  ``iree:cuda-sm80-O2`` and ``tvm:cuda-dlight`` (target <= 3x, CPU seconds, NVRTC counted with the compile), its
  lanes per second; then a 1,000,000-element f16 matmul and conv on both and on ``iree:gfx942-O2`` (target <= 3x);
* the vector machine against the reference byte for byte (``tests/bench_sim_vector.py``): every H200 output kept in
  tests/data/gpu/ and ``--sim-cases`` generated cases (default 1,000) through both CUDA configurations;
* the gfx942 lockstep machine (``tests/bench_gfx942_lockstep.py``): the SDXL int8 seed's simulated run over its
  compile on every ``iree:gfx942-*`` configuration (target <= 1x) and lanes per second, lockstep and wave by wave
  side by side, and lockstep without the s_waitcnt checker (its cost); then lockstep against wave by wave byte for byte on ``--sim-cases`` cases of the gfx942 validation
  set (tests/bench_gfx942.py) through ``iree:gfx942-O2``.

Measured in this process, one case at a time (no lanes): the numbers are the simulators' own cost."""
from __future__ import annotations

import statistics
import tempfile
import time

import numpy as np

from frontends.iree.simulated import simulate
from frontends.iree import frontend
from fuzz.campaign.driver import case_seed
from fuzz.case.values import materialize_all
from fuzz.generate.base import SPACES
from fuzz.generate.generator import generate
from tests import small

CONFIG = "iree:cuda-sm80-O2"
CONFIGS = (CONFIG, "iree:gfx942-O2")
SEED = 37


def _p90(xs: list[float]) -> float:
    return sorted(xs)[min(len(xs) - 1, int(0.9 * len(xs)))]


def _timed(fn):
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def conv_text(n_out: int) -> tuple[str, list[np.ndarray]]:
    """An NHWC f32 conv with about ``n_out`` output elements (4 output channels, 3x3 kernel, 4 input channels)."""
    side = round((n_out / 4) ** 0.5)
    h = side + 2
    text = f"""func.func @main(%x: tensor<1x{h}x{h}x4xf32>, %k: tensor<3x3x4x4xf32>) -> tensor<1x{side}x{side}x4xf32> {{
  %e = tensor.empty() : tensor<1x{side}x{side}x4xf32>
  %z = arith.constant 0.0 : f32
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1x{side}x{side}x4xf32>) -> tensor<1x{side}x{side}x4xf32>
  %r = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}} ins(%x, %k : tensor<1x{h}x{h}x4xf32>, tensor<3x3x4x4xf32>) outs(%i : tensor<1x{side}x{side}x4xf32>) -> tensor<1x{side}x{side}x4xf32>
  return %r : tensor<1x{side}x{side}x4xf32>
}}
"""
    rng = np.random.default_rng(0)
    return text, [rng.integers(-3, 4, (1, h, h, 4)).astype(np.float32),
                  rng.integers(-3, 4, (3, 3, 4, 4)).astype(np.float32)]


def per_case(name: str, cases: int) -> None:
    """Compile and simulated run time of ``cases`` generated cases on configuration ``name``."""
    from fuzz.execute.backend import ProgramFailure
    config = next(c for c in frontend.CONFIGS if c.name == name)
    if not frontend.availability(config).simulated:
        print(f"sim: {name} skipped (a GPU runs it here; KERNELFUZZ_SIMULATE=1 measures the simulator)")
        return
    from tests.ptx_compare import engine
    compiles, runs, cannot, reference = [], [], 0, []
    for i in range(cases):
        case = generate(case_seed(SEED, i), SPACES["default"], small())  # the targets' small cases
        try:
            (handle, _, _), seconds = _timed(lambda: frontend.compile(case, config, tempfile.mkdtemp()))
        except Exception:  # noqa: BLE001  (a rejection, a crash or an inexpressible case: no program to time)
            continue
        compiles.append(seconds)
        inputs = [materialize_all(case)[t.name] for t in case.inputs]
        try:
            _, seconds = _timed(lambda: frontend.run(handle, inputs))
            if name.startswith("iree:cuda"):  # the same case on today's (the reference) PTX machine
                with engine("reference"):
                    reference.append(_timed(lambda: frontend.run(handle, inputs))[1])
        except ProgramFailure as e:
            if e.kind == "emulator":
                cannot += 1
                continue
            seconds = float("nan")  # a fault the simulator reports: the run ended early, its time says nothing
        if seconds == seconds:
            runs.append(seconds)
    print(f"sim: {len(compiles)} of {cases} cases compiled for {name}, {cannot} could not be simulated")
    if runs:
        print(f"  compile s: median {statistics.median(compiles):.3f}, p90 {_p90(compiles):.3f}")
        print(f"  simulated run s: median {statistics.median(runs):.3f}, p90 {_p90(runs):.3f}, max {max(runs):.3f}"
              f" (median run / median compile = {statistics.median(runs) / statistics.median(compiles):.2f})")
    if reference:
        print(f"  the reference (today's) PTX machine on the same cases: median {statistics.median(reference):.3f} s, "
              f"p90 {_p90(reference):.3f}")


def sim_section(args) -> None:
    for name in CONFIGS:
        per_case(name, args.config_cases)
    config = next(c for c in frontend.CONFIGS if c.name == CONFIG)
    if not frontend.availability(config).simulated:
        return
    for n in (1000, 10000):
        text, inputs = conv_text(n)
        (handle, _, _), c = _timed(lambda: frontend.compile_text(text, config, tempfile.mkdtemp()))
        (out,), r = _timed(lambda: simulate(handle.host, handle.kernels, inputs))
        print(f"  conv, {out.size} output elements: compile {c:.2f} s, simulated run {r:.2f} s "
              f"({1e6 * r / out.size:.0f} us per output element)")
        lanes_per_second(handle, inputs, f"conv of {out.size} outputs")
    from tests.bench_sim_vector import million_ratios, seed_ratios, sweep
    seed_ratios()
    million_ratios()
    sweep(getattr(args, "sim_cases", 1000))
    from tests import bench_gfx942_lockstep
    bench_gfx942_lockstep.seed_ratios()
    bench_gfx942_lockstep.sweep(getattr(args, "sim_cases", 1000))


def lanes_per_second(handle, inputs, what: str) -> None:
    """Simulated thread-instructions per second of the vector machine and of the reference (today's) machine."""
    from frontends.devices.ptx import vlaunch
    from tests.ptx_compare import engine
    rates = {}
    for name in ("vector", "reference"):
        before = vlaunch.COUNT["instructions"]
        with engine("vector"):
            simulate(handle.host, handle.kernels, inputs)
        count = vlaunch.COUNT["instructions"] - before  # the same program: the same thread-instructions on both
        with engine(name):
            _, seconds = _timed(lambda: simulate(handle.host, handle.kernels, inputs))
        rates[name] = count / seconds
    print(f"  lanes per second ({what}): vector {rates['vector']:,.0f}, reference (today's) "
          f"{rates['reference']:,.0f} ({rates['vector'] / rates['reference']:.1f}x)")
