"""Bench section reference: what the reference costs next to the compilers it judges, before and after.

Per case, in one run: the reference's time (materializing the inputs and every profile's bounds, as the
runner's ``prepare`` does), the same for the reference of main 5c88ffe (tests/reference_slow.py, one profile
and one filter tap at a time), and the fastest configuration's compile-and-run time; each reference as a
ratio to that compile-and-run.  Cases: both seeds (the TVM fp16 conv, the SDXL int8 conv), a sample of the
wide generator space, and the largest shapes among --reference-draws wide draws.  Then, where
--reference-cases is above 0, the value-by-value comparison of the two references on that many generated
cases of each space (tests/reference_compare.py; the full run is ``python -m tests.reference_compare``).
"""
from __future__ import annotations

import time
from math import prod

import numpy as np

import frontends
from fuzz.case import workload as W
from fuzz.case.values import materialize_all
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import prepare, run_case
from fuzz.generate.base import WIDE
from fuzz.generate.generator import generate
from tests import reference_compare, reference_slow
from tests import ROOT

SEEDS = (f"{ROOT}/corpus/seeds/tvm-hexagon-conv2d-fp16.json", f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json")
CONFIGS = "iree:cpu-O2,tvm:cpu"


def _slow_s(case) -> float:
    start = time.perf_counter()
    with np.errstate(all="ignore"):
        reference_slow.evaluate_every_profile(case, materialize_all(case))
    return time.perf_counter() - start


def _fast_s(case, configs) -> float:
    with np.errstate(all="ignore"):
        return prepare(case, configs).reference_s


def _work(case) -> int:
    types = case.tensor_types()
    return sum(prod(types[op.name][0]) * op.reduction_length(types) for op in case.ops)


def _row(lane, case, configs, label: str) -> tuple[float, float, float]:
    report = run_case(lane, case, configs)
    ran = [r.compile_s + r.run_s for r in report.results if r.run_s > 0]
    fastest = min(ran) if ran else float("nan")
    best = min(_fast_s(case, configs) for _ in range(3))  # the machine is shared: the best of three
    slow = _slow_s(case)
    print(f"    {label:<34} {_work(case):>11,} MACs   reference {slow:7.3f} s -> {best:6.3f} s "
          f"({slow / best:5.1f}x)   fastest compile+run {fastest:6.2f} s   ratio {slow / fastest:6.2f} -> "
          f"{best / fastest:5.2f}")
    return slow, best, fastest


def _largest(draws: int, keep: int):
    cases = [generate(seed, WIDE) for seed in range(10_000, 10_000 + draws)]
    return sorted(cases, key=_work, reverse=True)[:keep]


def reference_section(args) -> None:
    sel = frontends.select(CONFIGS)
    configs = list(sel.configs)
    print(f"\n== reference: per case, the reference (every profile) before (main 5c88ffe) -> after, against the "
          f"fastest of {', '.join(c.name for c in configs)} (compile + run); ratio = reference / compile+run")
    if not configs:
        print(f"    skipped: none of {CONFIGS} is available ({sel.unavailable})")
        return
    lane = Lane(tuple(sorted({c.module for c in configs})))
    try:
        for path in SEEDS:
            _row(lane, W.load(path), configs, path.rsplit("/", 1)[-1])
        wide = [generate(seed, WIDE) for seed in range(args.reference_wide)]
        rows = [_row(lane, c, configs, f"wide {c.name}") for c in wide]
        rows += [_row(lane, c, configs, f"largest {c.name}") for c in _largest(args.reference_draws, 3)]
        slow, fast, comp = (np.array(x) for x in zip(*rows))
        print(f"    generated: reference / compile+run median {np.nanmedian(slow / comp):.3f} -> "
              f"{np.nanmedian(fast / comp):.3f}, worst {np.nanmax(slow / comp):.3f} -> {np.nanmax(fast / comp):.3f}")
    finally:
        lane.close()
    if args.reference_cases:
        print(f"    value-by-value comparison on {args.reference_cases} cases per space:")
        reference_compare.run(args.reference_cases)


def add_arguments(p) -> None:
    p.add_argument("--reference-wide", type=int, default=10, help="wide cases timed in the reference section")
    p.add_argument("--reference-draws", type=int, default=200,
                   help="wide draws whose three largest the reference section times")
    p.add_argument("--reference-cases", type=int, default=200,
                   help="cases per space the reference section compares value by value (0: none)")
