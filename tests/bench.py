"""Benchmarks (`make bench`): measured side by side in one run, printed as ratios.

Not part of the test suite: these machines are noisy, so no timing here is
asserted.  Sections:

* oracle: false alarms of the certified-bound oracle over generated cases
  across every CPU configuration, detection of every planted mutant, and how
  much tighter the certified bound is than the fixed tolerance it replaced;
* configs: median compile and run time per configuration on the same cases.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

import frontends
from fuzz import campaign
from fuzz.oracle import NUMERIC, Verdict
from fuzz.reference import evaluate
from fuzz.workload import FLOAT_DTYPES, NUMPY_DTYPE
from tests import mutants


def fixed_tolerance(case, ref: np.ndarray) -> float:
    """The tolerance the certified bound replaced: (K + 2) * eps * max|reference|, eps of the
    least precise float dtype in the case, K its longest reduction."""
    eps = max(float(np.finfo(NUMPY_DTYPE[t]).eps) for _, t in case.tensor_types().values() if t in FLOAT_DTYPES)
    scale = max(float(np.abs(ref[np.isfinite(ref)].astype(np.float64)).max(initial=0.0)), 1e-30)
    return (case.reduction_length() + 2) * eps * scale


def _run(configs, cases: int, seed: int, jobs: int):
    reports = []
    with tempfile.TemporaryDirectory() as out:
        start = time.time()
        stats = campaign.run(campaign.Settings(cases, seed, Path(out), tuple(configs), jobs),
                             lambda i, r: reports.append(r))
        return stats, reports, time.time() - start


def oracle_section(cases: int, mutant_cases: int, jobs: int) -> None:
    configs = [c for c in frontends.all_configs() if frontends.availability(c).status == "runs"]
    stats, reports, wall = _run(configs, cases, 1000, jobs)
    print(f"\n== oracle: {cases} generated cases x {len(configs)} CPU configurations ({wall:.0f} s)")
    alarms = [(rep.case.name, r.config, r.verdict.value, r.headline)
              for rep in reports for r in rep.results if r.verdict in NUMERIC | {Verdict.FLAKY}]
    print(f"numeric findings (false alarms unless a compiler is wrong): {len(alarms)}")
    for a in alarms[:20]:
        print("   ", *a)
    tighter = []
    for rep in reports:
        env = evaluate(rep.case)
        for name in rep.case.outputs:
            v = env[name]
            if v.dtype in ("f16", "f32"):
                bound = float(np.maximum(v.hi - v.data, v.data - v.lo).max(initial=0.0))
                tol = fixed_tolerance(rep.case, v.as_declared())
                tighter.append(bound / tol if tol else 1.0)
    zero = sum(1 for t in tighter if t == 0)
    nonzero = [t for t in tighter if t > 0]
    print(f"certified bound / fixed tolerance over {len(tighter)} float outputs: "
          f"{zero} certified exact (bound 0, ratio 0); others median {statistics.median(nonzero):.3g}, "
          f"geometric mean {np.exp(np.mean(np.log(nonzero))):.3g}, max {max(nonzero):.3g}")
    print(f"median compile / run seconds per configuration ({cases} cases):")
    for row in stats.table():
        print(f"    {row['config']:<16} compile {row['median_compile_s']}  run {row['median_run_s']}  "
              f"compiled {row['compiled']:.0%}")
    mutant_section(mutant_cases, jobs)


def mutant_section(cases: int, jobs: int) -> None:
    base = next(c for c in frontends.all_configs() if c.name == "tvm:cpu")
    iree = next(c for c in frontends.all_configs() if c.name == "iree:cpu-O0")
    _, reports, wall = _run([base, iree, *mutants.CONFIGS], cases, 2000, jobs)
    print(f"\n== planted mutants: {cases} generated cases ({wall:.0f} s)")
    applicable, caught = defaultdict(Counter), defaultdict(Counter)
    for rep in reports:
        mode = "exact" if "inputs=exact" in rep.case.note else "realistic"
        for r in rep.results:
            if not r.config.startswith("mutant:"):
                continue
            ref_cfg = "iree:cpu-O0" if "iree" in r.config else "tvm:cpu"
            good, bad = rep.outputs.get(ref_cfg), rep.outputs.get(r.config)
            differs = r.verdict.is_finding or (good is not None and bad is not None and any(
                not np.array_equal(g, b, equal_nan=True) for g, b in zip(good, bad)))
            if differs:
                applicable[r.config][mode] += 1
                caught[r.config][mode] += r.verdict.is_finding
    detected = sum(1 for m in mutants.CONFIGS if sum(caught[m.name].values()))
    print(f"mutants detected: {detected}/{len(mutants.CONFIGS)} "
          f"({detected / len(mutants.CONFIGS):.0%}); per case where the mutant changed the output:")
    for m in mutants.CONFIGS:
        cells = [f"{mode} {caught[m.name][mode]}/{applicable[m.name][mode]}" for mode in ("exact", "realistic")]
        print(f"    {m.name:<30} {'  '.join(cells)}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cases", type=int, default=1000, help="generated cases for the oracle section")
    p.add_argument("--mutant-cases", type=int, default=300, help="generated cases for the mutant section")
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    oracle_section(args.cases, args.mutant_cases, args.jobs)


if __name__ == "__main__":
    main()
