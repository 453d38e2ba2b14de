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


SLOW_MEMORY = 8 << 30  # bytes the old reference may add: it materializes whole product tensors (wide4: > 20 GiB)


def _slow_child(case, conn) -> None:
    """In a forked child: the old reference's seconds, or NaN where it needs more than SLOW_MEMORY more bytes of
    address space than the child starts with (a MemoryError, not the machine's OOM killer ending the bench)."""
    import resource
    with open("/proc/self/status") as status:
        size = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
    resource.setrlimit(resource.RLIMIT_AS, (size + SLOW_MEMORY, size + SLOW_MEMORY))
    try:
        start = time.perf_counter()
        with np.errstate(all="ignore"):
            reference_slow.evaluate_every_profile(case, materialize_all(case))
        conn.send(time.perf_counter() - start)
    except MemoryError:
        conn.send(float("nan"))


def _slow_s(case) -> float:
    """The old reference's seconds, measured in a forked child with its memory bounded; NaN where it would need
    more than SLOW_MEMORY (printed as "over 8 GiB")."""
    import multiprocessing
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_slow_child, args=(case, child))
    proc.start()
    child.close()
    try:
        seconds = parent.recv()
    except EOFError:  # the child died without an answer (killed from outside)
        seconds = float("nan")
    proc.join()
    return seconds


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
    before = "over 8 GiB" if np.isnan(slow) else f"{slow:7.3f} s"
    print(f"    {label:<34} {_work(case):>11,} MACs   reference {before} -> {best:6.3f} s "
          f"({slow / best:5.1f}x)   fastest compile+run {fastest:6.2f} s   ratio {slow / fastest:6.2f} -> "
          f"{best / fastest:5.2f}")
    return slow, best, fastest


def _matmul_1m(acc: str) -> W.Case:
    """1000 x 1024 @ 1024 x 1000 f16, normal inputs: a 1,000,000-element result, K = 1,024."""
    spec = W.ValueSpec("normal", 1)
    return W.Case((W.Tensor("a", (1000, 1024), "f16", spec), W.Tensor("b", (1024, 1000), "f16", W.ValueSpec("normal", 2))),
                  (W.Matmul("mm", ("a", "b"), acc),), ("mm",), f"matmul-1m-{acc}")


def _prepare_s(case) -> tuple[float, float]:
    """(wall, CPU) seconds of the reference with every profile's bounds, inputs materialized apart."""
    from fuzz.judge.reference import evaluate_every_profile
    inputs = materialize_all(case)
    wall, cpu = time.perf_counter(), time.process_time()
    with np.errstate(all="ignore"):
        evaluate_every_profile(case, inputs)
    return time.perf_counter() - wall, time.process_time() - cpu


def real_size_rows(args) -> None:
    """The 1,000,000-element matmul's preparation, best of three (target: under 1 s); for the f16 accumulator the
    first call apart too (it imports numba and loads the compiled kernel from its cache, or compiles it)."""
    import os
    print(f"    real size (load {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs): every profile, best of 3")
    for acc in ("f32", "f16"):
        runs = [_prepare_s(_matmul_1m(acc)) for _ in range(3)]
        wall, cpu = min(runs)
        print(f"    f16 matmul 1000x1024 @ 1024x1000, {acc} accumulator: {wall:6.3f} s wall, {cpu:6.3f} s CPU"
              + ("" if acc == "f32" else f"  (each product rounded to f16 by the compiled kernel; first call "
                                         f"{runs[0][0]:.3f} s wall, {runs[0][1]:.3f} s CPU)"))


def _real_cases(count: int):
    from fuzz.generate.swarm import parse
    only = parse(True, "", "size:real")
    return [generate(seed, swarm=only) for seed in range(count)]


def _fast_row(lane, case, configs) -> None:
    """A real-size case: the reference (the slow one would take minutes) and each configuration's verdict, compile
    and run seconds."""
    report = run_case(lane, case, configs)
    verdicts = ", ".join(f"{r.config} {r.verdict.value} ({r.compile_s:.1f} + {r.run_s:.1f} s)" for r in report.results)
    wall, cpu = _prepare_s(case)
    print(f"    real {case.name:<10} {_work(case):>12,} MACs   reference {wall:6.2f} s ({cpu:5.2f} s CPU)   "
          f"{verdicts}   {case.note.split('size=real ')[-1][:70]}")


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
    real_size_rows(args)
    lane = Lane(tuple(sorted({c.module for c in configs})))
    try:
        for path in SEEDS:
            _row(lane, W.load(path), configs, path.rsplit("/", 1)[-1])
        for case in _real_cases(args.reference_real):
            _fast_row(lane, case, configs)
        wide = [generate(seed, WIDE) for seed in range(args.reference_wide)]
        rows = [_row(lane, c, configs, f"wide {c.name}") for c in wide]
        rows += [_row(lane, c, configs, f"largest {c.name}") for c in _largest(args.reference_draws, 3)]
        if rows:
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
    p.add_argument("--reference-real", type=int, default=6,
                   help="size:real cases (seeds 0..N-1 with --only size:real) timed in the reference section")
    p.add_argument("--reference-draws", type=int, default=200,
                   help="wide draws whose three largest the reference section times")
    p.add_argument("--reference-cases", type=int, default=200,
                   help="cases per space the reference section compares value by value (0: none)")
