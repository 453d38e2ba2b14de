"""Benchmarks (`make bench`): measured side by side in one run, printed as ratios.

Not part of the test suite: these machines are noisy, so nothing here is asserted.
Sections (all by default, or `--only NAME ...`):

* oracle:  false alarms of the certified-bound oracle over generated cases across every CPU
           configuration, and how much tighter the certified bound is than the fixed tolerance
           it replaced;
* mutants: detection of every planted mutant, per input mode;
* reducer: reduction time and size ratio per mutant;
* configs: median compile and run time per configuration (compile-only ones included) on a
           fixed set of generated cases;
* hexagon: per-case cost of the Hexagon configuration split into TVM compile, link and
           emulation, against the CPU configuration on the same cases;
* campaign: throughput (cases per hour) with the default configurations on 1 and 2 workers,
           and the fuzzer's overhead: wall time over the compilers' and runners' own time;
* relax, dialects: the Relax and TOSA configurations (tests/bench_users.py): the share each expresses,
           compiles and runs, median compile time, PrimFuncs per case and what FuseOps fused, what
           TOSA cannot express;
* startup: wall time of `kernelfuzz run` on the int8 seed with `--configs tvm:cpu` against
           `--configs iree:cpu-O2`, fresh processes alternating, as a ratio (target: within 3x);
* report:  seconds to write the HTML report of a campaign of --report-cases cases (made quickly
           with the fake compiler), in a fresh process's first write and in a warm rewrite.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

import frontends
from fuzz import campaign, workflow
from fuzz.generator import generate
from fuzz.isolate import Lane
from fuzz.oracle import NUMERIC, Verdict
from fuzz.reducer import elements
from fuzz.reference import evaluate
from fuzz.runner import run_case
from fuzz.workload import FLOAT_DTYPES, NUMPY_DTYPE
from tests import bench_users, mutants


def fixed_tolerance(case, ref: np.ndarray) -> float:
    """The tolerance the certified bound replaced: (K + 2) * eps * max|reference|, eps of the
    least precise float dtype in the case, K its longest reduction."""
    eps = max(float(np.finfo(NUMPY_DTYPE[t]).eps) for _, t in case.tensor_types().values() if t in FLOAT_DTYPES)
    scale = max(float(np.abs(ref[np.isfinite(ref)].astype(np.float64)).max(initial=0.0)), 1e-30)
    return (case.reduction_length() + 2) * eps * scale


def _run(configs, cases: int, seed: int, jobs: int, compile_only=frozenset()):
    reports = []
    with tempfile.TemporaryDirectory() as out:
        start = time.time()
        stats = campaign.run(campaign.Settings(cases, seed, Path(out), tuple(configs), jobs,
                                               compile_only=compile_only), lambda i, r: reports.append(r))
        return stats, reports, time.time() - start


def _medians(stats) -> None:
    for row in stats.table():
        print(f"    {row['config']:<46} compile {row['median_compile_s']!s:>8} s   run {row['median_run_s']!s:>8} s"
              f"   compiled {row['compiled']:.0%}")


def oracle_section(args) -> None:
    sel = frontends.select("*")
    configs = [c for c in sel.configs if c.name not in sel.compile_only]
    stats, reports, wall = _run(configs, args.cases, 1000, args.jobs)
    print(f"\n== oracle: {args.cases} generated cases x {len(configs)} CPU configurations ({wall:.0f} s)")
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
            if v.dtype in FLOAT_DTYPES:
                bound = float(np.maximum(v.hi - v.data, v.data - v.lo).max(initial=0.0))
                tighter.append(bound / fixed_tolerance(rep.case, v.as_declared()))
    nonzero = [t for t in tighter if t > 0]
    print(f"certified bound / fixed tolerance over {len(tighter)} float outputs: "
          f"{len(tighter) - len(nonzero)} certified exact (bound 0 where the tolerance allowed error); others: "
          f"median {statistics.median(nonzero):.3g}, geometric mean {np.exp(np.mean(np.log(nonzero))):.3g}, "
          f"max {max(nonzero):.3g}")
    print("median compile / run time per configuration:")
    _medians(stats)


def mutant_section(args) -> None:
    base = [c for c in frontends.all_configs() if c.name in ("tvm:cpu", "iree:cpu-O0")]
    _, reports, wall = _run([*base, *mutants.CONFIGS], args.mutant_cases, 2000, args.jobs)
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


def configs_section(args) -> None:
    sel = frontends.select("*")
    stats, _, wall = _run(sel.configs, args.config_cases, 3000, args.jobs, sel.compile_only)
    print(f"\n== configurations: {args.config_cases} generated cases x {len(sel.configs)} configurations "
          f"({wall:.0f} s; compile-only ones have no run time)")
    _medians(stats)


def hexagon_section(args) -> None:
    from frontends import hexagon
    if hexagon.missing_tools():
        print(f"\n== hexagon: skipped, {hexagon.INSTALL}")
        return
    configs = [c for c in frontends.all_configs() if c.name in ("tvm:cpu", "tvm:hexagon")]
    lane = Lane(("frontends.tvm_frontend",))
    cost = defaultdict(lambda: defaultdict(list))
    try:
        for seed in range(args.config_cases):
            for r in run_case(lane, generate(4000 + seed), configs).results:
                link = r.facts.get("link_s", 0.0)
                cost[r.config]["compile"].append(r.compile_s - link)
                cost[r.config]["link"].append(link)
                cost[r.config]["run"].append(r.run_s)
    finally:
        lane.close()
    med = {c: {k: statistics.median(v) for k, v in parts.items()} for c, parts in cost.items()}
    print(f"\n== hexagon: median seconds per case over {args.config_cases} generated cases")
    for c, m in med.items():
        print(f"    {c:<14} compile {m['compile']:.4f}   link {m['link']:.4f}   run {m['run']:.4f}   "
              f"total {sum(m.values()):.4f}")
    h, cpu = med["tvm:hexagon"], med["tvm:cpu"]
    print(f"    hexagon / cpu total: {sum(h.values()) / sum(cpu.values()):.2f}x; of the Hexagon cost, emulation "
          f"(QEMU start included) is {h['run'] / sum(h.values()):.0%}, link {h['link'] / sum(h.values()):.0%}")


def campaign_section(args) -> None:
    sel = frontends.select("*")
    print(f"\n== campaign: {args.config_cases} generated cases, {len(sel.configs)} default configurations")
    walls = {}
    for jobs in (1, 2):
        stats, reports, wall = _run(sel.configs, args.config_cases, 5000, jobs, sel.compile_only)
        own = sum(r.compile_s + r.run_s for rep in reports for r in rep.results)
        walls[jobs] = wall
        print(f"    {jobs} worker(s): {wall:.0f} s wall, {args.config_cases / wall * 3600:.0f} cases/hour; "
              f"wall x workers / compilers' and runners' own time = {wall * jobs / own:.2f}")
    print(f"    speed-up from 1 to 2 workers: {walls[1] / walls[2]:.2f}x")


def startup_section(args) -> None:
    seed = "corpus/seeds/iree-sdxl-int8-conv-requant.json"
    walls: dict[str, list[float]] = defaultdict(list)
    for _ in range(args.startup_runs):
        for configs in ("tvm:cpu", "iree:cpu-O2"):  # alternating, so machine load drifts evenly over both
            start = time.perf_counter()
            p = subprocess.run([sys.executable, "-m", "fuzz.cli", "run", seed, "--configs", configs],
                               cwd=Path(__file__).resolve().parents[1], capture_output=True, text=True)
            walls[configs].append(time.perf_counter() - start)
            if p.returncode != 0:
                print(f"    {configs}: exit status {p.returncode}: {p.stderr.strip()[-300:]}")
    tvm, iree = (statistics.median(walls[c]) for c in ("tvm:cpu", "iree:cpu-O2"))
    print(f"\n== startup: `kernelfuzz run {seed}`, median of {args.startup_runs} fresh processes each")
    print(f"    --configs tvm:cpu      {tvm:6.1f} s   ({', '.join(f'{w:.1f}' for w in walls['tvm:cpu'])})")
    print(f"    --configs iree:cpu-O2  {iree:6.1f} s   ({', '.join(f'{w:.1f}' for w in walls['iree:cpu-O2'])})")
    print(f"    tvm / iree: {tvm / iree:.2f}x (target: within 3x)")


def report_section(args) -> None:
    from fuzz import report
    from tests import fake_frontend as fake

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        start = time.time()
        configs = (fake.EXACT, fake.OFF_BY_ONE, fake.REJECT, fake.TRAP)
        campaign.run(campaign.Settings(args.report_cases, 8000, out, configs, args.jobs))
        made = time.time() - start
        times = []
        for _ in range(3):
            start = time.time()
            page = report.write(out)
            times.append(time.time() - start)
        print(f"\n== report: a {args.report_cases}-case campaign x {len(configs)} fake configurations "
              f"(made in {made:.0f} s)")
        print(f"    first write {times[0]:.2f} s (imports matplotlib and Jinja2), rewrites "
              f"{min(times[1:]):.2f} s; page {page.stat().st_size / 1024:.0f} KiB")


SECTIONS = {"oracle": oracle_section, "mutants": mutant_section, "reducer": reducer_section,
            "configs": configs_section, "hexagon": hexagon_section, "campaign": campaign_section,
            "relax": lambda args: bench_users.section("relax", args),
            "dialects": lambda args: bench_users.section("dialects", args),
            "startup": startup_section, "report": report_section}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", nargs="*", choices=sorted(SECTIONS), default=list(SECTIONS))
    p.add_argument("--cases", type=int, default=1000, help="generated cases for the oracle section")
    p.add_argument("--mutant-cases", type=int, default=300, help="generated cases for the mutant section")
    p.add_argument("--config-cases", type=int, default=20, help="generated cases for the configs section")
    p.add_argument("--reduce-s", type=float, default=120.0, help="reduction budget per mutant")
    p.add_argument("--user-cases", type=int, default=200, help="generated cases for the relax and dialects sections")
    p.add_argument("--report-cases", type=int, default=1000, help="campaign size for the report section")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--startup-runs", type=int, default=3, help="fresh processes per configuration (startup section)")
    args = p.parse_args()
    for name in args.only:
        SECTIONS[name](args)


if __name__ == "__main__":
    main()
