"""Bench sections oracle, mutants and reducer (tests/bench.py): the oracle's false alarms and how much tighter
its certified bound is than the fixed tolerance it replaced, the detection of every planted mutant per input
mode, and the reducer's time and size ratio per mutant."""
from __future__ import annotations

import statistics
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

import frontends
from fuzz.case.workload import FLOAT_DTYPES
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.generate.generator import generate
from fuzz.judge.reference import evaluate
from fuzz.publish import workflow
from fuzz.reduce.reducer import elements
from tests import mutants
from tests.bench_common import fixed_tolerance, medians, print_alarms, run_campaign


def oracle_section(args) -> None:
    sel = frontends.select("*")
    configs = [c for c in sel.configs if c.name not in sel.compile_only]
    stats, reports, wall = run_campaign(configs, args.cases, 1000, args.jobs)
    print(f"\n== oracle: {args.cases} generated cases x {len(configs)} CPU configurations ({wall:.0f} s)")
    print_alarms(reports, "")
    tighter = []
    for rep in reports:
        env = evaluate(rep.case)
        for name in rep.case.outputs:
            v = env[name]
            if v.dtype in FLOAT_DTYPES:
                bound = float(np.maximum(v.hi - v.data, v.data - v.lo).max(initial=0.0))
                tighter.append(bound / fixed_tolerance(rep.case, v.as_declared()))
    nonzero = [t for t in tighter if t > 0]
    print(f"certified bound / fixed tolerance over {len(tighter)} float outputs: "
          f"{len(tighter) - len(nonzero)} certified exact (bound 0 where the tolerance allowed error); others: "
          f"median {statistics.median(nonzero):.3g}, geometric mean {np.exp(np.mean(np.log(nonzero))):.3g}, "
          f"max {max(nonzero):.3g}")
    print("median compile / run time per configuration:")
    medians(stats)


def mutant_section(args) -> None:
    base = [c for c in frontends.all_configs() if c.name in ("tvm:cpu", "iree:cpu-O0")]
    _, reports, wall = run_campaign([*base, *mutants.CONFIGS], args.mutant_cases, 2000, args.jobs)
    print(f"\n== planted mutants: {args.mutant_cases} generated cases ({wall:.0f} s)")
    applicable, caught = defaultdict(Counter), defaultdict(Counter)
    for rep in reports:
        mode = "exact" if "inputs=exact" in rep.case.note else "realistic"
        for r in rep.results:
            if not r.config.startswith("mutant:"):
                continue
            good, bad = rep.outputs.get("iree:cpu-O0" if "iree" in r.config else "tvm:cpu"), rep.outputs.get(r.config)
            differs = r.verdict.is_finding or (good is not None and bad is not None and any(
                not np.array_equal(g, b, equal_nan=True) for g, b in zip(good, bad)))
            if differs:
                applicable[r.config][mode] += 1
                caught[r.config][mode] += r.verdict.is_finding
    detected = sum(1 for m in mutants.CONFIGS if sum(caught[m.name].values()))
    print(f"mutants detected: {detected}/{len(mutants.CONFIGS)} ({detected / len(mutants.CONFIGS):.0%}); "
          f"caught / cases where the mutant changed the output:")
    for m in mutants.CONFIGS:
        cells = [f"{mode} {caught[m.name][mode]}/{applicable[m.name][mode]}" for mode in ("exact", "realistic")]
        print(f"    {m.name:<30} {'   '.join(cells)}")


def reducer_section(args) -> None:
    print(f"\n== reducer: one generated exact-input failure per TVM mutant, {args.reduce_s:.0f} s budget each")
    lane = Lane(("tests.mutants",))
    try:
        for m in mutants.TVM_MUTANTS:
            case = next((c for c in map(generate, range(400)) if "inputs=exact" in c.note
                         and run_case(lane, c, [m]).findings), None)
            if case is None:
                print(f"    {m.name:<30} no failing case in 400 seeds")
                continue
            sel = frontends.Selection((m,), frozenset(), ())
            with tempfile.TemporaryDirectory() as out:
                red = workflow.reduce_and_bundle(case, sel, Path(out), args.reduce_s, log=lambda *a: None)
            s = red.summary()
            print(f"    {m.name:<30} {case.name}: {s['elements'][0]} -> {s['elements'][1]} elements "
                  f"(ratio {elements(red.best) / elements(case):.3f}) in {s['seconds']} s, {s['tests']} tests")
    finally:
        lane.close()
