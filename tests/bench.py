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
* batch:   the same campaign (default configurations, 2 workers, same seeds) unbatched and in
           batches (fuzz/execute/batch.py): cases per hour (and per CPU hour, steadier on a shared machine),
           overhead ratio, whether every verdict agrees,
           and what failure attribution cost (extra compiles per failing case and configuration);
           then whether TVM (several PrimFuncs per build) and Hexagon (several kernels per QEMU
           run) would gain from batching, measured on their own.
* startup: wall time of `kernelfuzz run` on the int8 seed with `--configs tvm:cpu` against
           `--configs iree:cpu-O2`, fresh processes alternating, as a ratio (target: within 3x);
* accuracy: worst error of exp, tanh, sigmoid, sqrt and div per compiler (TVM llvm, IREE llvm-cpu,
           TVM Hexagon under QEMU) and dtype over every finite f16 input and 1.2 M f32 inputs, against
           the accuracy each configuration's numerics profile declares (fuzz/judge/profiles.py);
* gpu, gpu-accuracy (tests/bench_gpu.py): where a device configuration runs, its cases per hour and per-case
           compile and run time next to iree:cpu-O2 and tvm:cpu in one campaign, and the accuracy sweep on the
           device against the gpu profile's (unmeasured, conservative) budgets; "skipped: no device" elsewhere;
* sim (tests/bench_sim.py): the PTX and gfx942 simulators' per-case run time next to the compile of
           iree:cuda-sm80-O2 and iree:gfx942-O2 (median, p90) and how it grows with output size (a 10,000-element conv);
           the SDXL seed on every iree:gfx942-* configuration, lockstep and wave by wave side by side, and the two
           gfx942 machines compared byte for byte (tests/bench_gfx942_lockstep.py);
* gfx942 (tests/bench_gfx942.py): generated cases through iree:gfx942-O2 and one other gfx942 configuration on the
           gfx942 simulator, judged against the reference: verdicts, simulated run time next to compile time (median,
           p90), the cannot-simulate share and reasons, and iree:cpu-O2 and simulated CUDA on the same cases;
* features: per feature of the generator, how many of N generated cases exercise it and what share
           compiles on each compiler;
* report:  seconds to write the HTML report of a campaign of --report-cases cases (made quickly
           with the fake compiler), in a fresh process's first write and in a warm rewrite.
* swarm:   swarm draws against `--swarm off` (and swarm with `--avoid-known`) on the same seeds and
           CPU configurations: share of cases with a finding in a bucket known in the corpus,
           distinct buckets per 100 cases and per hour, cases per bucket, and the cost of generating
           a case (generation alone, interleaved blocks).
* corpus-scripts (tests/corpus_scripts.py): every script of every finding in corpus/findings/ run as its
           finding's scripts.json declares, its exit status against the declared one (2 where a need is missing) and
           its time; tests/test_corpus_scripts.py runs a sample of them;
* h200:    the PTX simulator against every output an H200 returned (tests/test_ptx_h200.py with
           KERNELFUZZ_H200_SAMPLE=0: the suite checks a dated sample);
* replay (tests/bench_replay.py): the whole corpus replayed (the suite replays a dated sample), the seconds of each
           case file and the ten slowest;
* reference (tests/bench_reference.py): the reference's time per case before (main 5c88ffe) and after, as a
           ratio to the fastest configuration's compile+run, on both seeds, wide cases and the largest wide
           draws; then the value-by-value comparison of the two references on --reference-cases cases.
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
from tests import ROOT
from fuzz.campaign import driver as campaign
from fuzz.case.workload import FLOAT_DTYPES, NUMPY_DTYPE
from fuzz.cli.common import DEFAULT_BATCH
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.generate import features, table
from fuzz.generate.generator import generate
from fuzz.generate.swarm import FULL, Swarm
from fuzz.judge import signature as sig
from fuzz.judge.oracle import NUMERIC, Verdict
from fuzz.judge.reference import evaluate
from fuzz.publish import workflow
from fuzz.reduce.reducer import elements
from tests import bench_replay, bench_users, corpus_scripts, mutants
from tests.bench_accuracy import accuracy_section
from tests.bench_gpu import gpu_accuracy_section, gpu_section
from tests.bench_reference import add_arguments as reference_arguments
from tests.bench_reference import reference_section
from tests.bench_batch import batch_section
from tests.bench_gfx942 import gfx942_section
from tests.bench_sim import sim_section
from tests.bench_reach import add_arguments as reach_arguments
from tests.bench_reach import reach_section


def fixed_tolerance(case, ref: np.ndarray) -> float:
    """The tolerance the certified bound replaced: (K + 2) * eps * max|reference|, eps of the
    least precise float dtype in the case, K its longest reduction."""
    eps = max(float(np.finfo(NUMPY_DTYPE[t]).eps) for _, t in case.tensor_types().values() if t in FLOAT_DTYPES)
    scale = max(float(np.abs(ref[np.isfinite(ref)].astype(np.float64)).max(initial=0.0)), 1e-30)
    return (case.reduction_length() + 2) * eps * scale


def _run(configs, cases: int, seed: int, jobs: int, compile_only=frozenset(), on_steer=print, **settings):
    reports = []
    with tempfile.TemporaryDirectory() as out:
        start = time.time()
        stats = campaign.run(campaign.Settings(cases, seed, Path(out), tuple(configs), jobs=jobs,
                                               compile_only=compile_only, **settings), lambda i, r: reports.append(r),
                             on_steer=on_steer)
        return stats, reports, time.time() - start


def _medians(stats) -> None:
    for row in stats.table():
        print(f"    {row['config']:<46} compile {row['median_compile_s']!s:>8} s   run {row['median_run_s']!s:>8} s"
              f"   compiled {row['compiled']:.0%}")


def _print_alarms(reports, indent: str) -> None:
    """The numeric findings of a bench run: false alarms unless a compiler is wrong."""
    alarms = [(rep.case.name, r.config, r.verdict.value, r.headline)
              for rep in reports for r in rep.results if r.verdict in NUMERIC | {Verdict.FLAKY}]
    print(f"{indent}numeric findings (false alarms unless a compiler is wrong): {len(alarms)}")
    for a in alarms[:20]:
        print(f"{indent}   ", *a)


def oracle_section(args) -> None:
    sel = frontends.select("*")
    configs = [c for c in sel.configs if c.name not in sel.compile_only]
    stats, reports, wall = _run(configs, args.cases, 1000, args.jobs)
    print(f"\n== oracle: {args.cases} generated cases x {len(configs)} CPU configurations ({wall:.0f} s)")
    _print_alarms(reports, "")
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


def features_section(args) -> None:
    """Per generator feature: how many of N swarm cases exercise it, the share each configuration compiles, and
    the numeric findings among them (false alarms unless a compiler is wrong)."""
    sel = frontends.select(args.feature_configs)
    stats, reports, wall = _run(sel.configs, args.feature_cases, 7000, args.jobs, compile_only=sel.compile_only)
    names = [c.name for c in sel.configs]
    print(f"\n== features: {len(reports)} generated cases x {len(names)} configurations ({wall:.0f} s), "
          f"compile-only: {', '.join(sorted(sel.compile_only)) or 'none'}")
    _print_alarms(reports, "    ")
    rows: dict = {}
    for rep in reports:
        compiled = {r.config: r.compiled for r in rep.results}
        for f in features.of(rep.case):
            rows.setdefault(f, []).append(compiled)
    print(f"    {'feature':<28} {'cases':>6}  " + "  ".join(f"{n[:18]:>18}" for n in names))
    for f in sorted(set(rows) | {t.name for t in table.FEATURES}):  # every row of the table, drawn or not
        seen = rows.get(f, [])
        shares = "  ".join(f"{sum(c.get(n, False) for c in seen) / len(seen):>18.0%}" if seen else f"{'-':>18}"
                           for n in names)
        print(f"    {f:<28} {len(seen):>6}  {shares}")


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
    from frontends.devices import hexagon
    if hexagon.missing_tools():
        print(f"\n== hexagon: skipped, {hexagon.INSTALL}")
        return
    configs = [c for c in frontends.all_configs() if c.name in ("tvm:cpu", "tvm:hexagon")]
    lane = Lane(("frontends.tvm.frontend",))
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


def _generation_ms(seeds: int) -> dict:
    """CPU milliseconds per generated case, swarm and full-feature, timed in interleaved blocks of 25 seeds (a
    shared machine slows both alike)."""
    spent = {"swarm": 0.0, "off": 0.0}
    for s in range(20):
        generate(s), generate(s, swarm=FULL)  # warm up imports and numpy
    sides = (("swarm", Swarm()), ("off", FULL))
    for block in range(0, seeds, 25):
        for name, swarm in sides:
            start = time.process_time()
            for s in range(block, min(block + 25, seeds)):
                generate(s, swarm=swarm)
            spent[name] += time.process_time() - start
    return {k: v / seeds * 1000 for k, v in spent.items()}


def swarm_section(args) -> None:
    sel = frontends.select(args.swarm_configs)
    configs = [c for c in sel.configs if c.name not in sel.compile_only]
    known = sig.known(Path(f"{ROOT}/corpus"))
    print(f"\n== swarm: {args.swarm_cases} cases each way (seed 6000) x {len(configs)} CPU configurations, "
          f"{len(known)} known bucket entries in corpus/")
    found = {}
    sides = (("swarm", Swarm(), False), ("--swarm off", FULL, False), ("--avoid-known", Swarm(), True))
    for name, swarm, avoid in sides[:3 if args.swarm_avoid else 2]:
        stats, _, wall = _run(configs, args.swarm_cases, 6000, args.jobs, swarm=swarm,
                              corpus=str(Path(f"{ROOT}/corpus").resolve()), avoid_known=avoid, avoid_corpus=avoid,
                              on_steer=lambda message: print(f"      {message}"))
        m = stats.mask.summary(known)
        found[name] = {b.key: b for b in stats.buckets.values()}
        new = sum(1 for b in stats.buckets.values() if any(tuple(e) not in known for e in b.entries))
        print(f"    {name:<13} {wall:6.0f} s: known-bucket share {m['known_share']:.1%} "
              f"({m['cases_in_known_buckets']}/{m['cases']}), unmasked {m['unmasked_share']:.1%}, "
              f"{len(stats.buckets)} buckets ({new} not known): {len(stats.buckets) / m['cases'] * 100:.1f} per 100 "
              f"cases, {len(stats.buckets) / wall * 3600:.1f} per hour")
    print(f"    cases per bucket, {' / '.join(found)}:")
    for key in sorted(set().union(*found.values())):
        b = next(side[key] for side in found.values() if key in side)
        names = sorted({n for e in b.entries for n in known.get(tuple(e), ())}) or ["not known"]
        counts = " / ".join(str(found[side][key].count if key in found[side] else 0) for side in found)
        print(f"    {counts:>12}  {', '.join(names)}: {b.signature[:120]}")
    ms = _generation_ms(args.generate_seeds)
    print(f"    generation over {args.generate_seeds} seeds: swarm {ms['swarm']:.2f} ms/case, off {ms['off']:.2f} "
          f"ms/case ({ms['swarm'] / ms['off'] - 1:+.1%})")
    for name, swarm in (("swarm", Swarm()), ("off", FULL)):
        hit = sum(1 for s in range(args.generate_seeds)
                  if {"map:reversed", "map:offset"} & set(features.of(generate(s, swarm=swarm))))
        print(f"    generated cases with a reversed or offset access, {name}: {hit / args.generate_seeds:.1%}")




def startup_section(args) -> None:
    seed = f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json"
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
    from fuzz.publish import report
    from tests import fake_frontend as fake

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        start = time.time()
        configs = (fake.EXACT, fake.OFF_BY_ONE, fake.REJECT, fake.TRAP)
        campaign.run(campaign.Settings(args.report_cases, 8000, out, configs, jobs=args.jobs))
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


def h200_section(args) -> None:
    import os
    print("\n== h200: the PTX simulator against every H200 output kept in tests/data/gpu/", flush=True)
    env = {**os.environ, "KERNELFUZZ_H200_SAMPLE": "0"}
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", str(args.jobs), "-p", "no:cacheprovider",
                    str(Path(ROOT) / "tests" / "test_ptx_h200.py")], env=env, cwd=ROOT)


SECTIONS = {"oracle": oracle_section, "mutants": mutant_section, "reducer": reducer_section,
            "configs": configs_section, "hexagon": hexagon_section, "campaign": campaign_section,
            "relax": lambda args: bench_users.section("relax", args),
            "dialects": lambda args: bench_users.section("dialects", args),
            "swarm": swarm_section, "batch": batch_section, "startup": startup_section, "report": report_section,
            "accuracy": accuracy_section, "features": features_section,
            "gpu": gpu_section, "gpu-accuracy": gpu_accuracy_section, "reference": reference_section,
            "sim": sim_section, "gfx942": gfx942_section, "reach": reach_section,
            "corpus-scripts": corpus_scripts.section, "replay": bench_replay.section,
            "h200": h200_section}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", nargs="*", choices=sorted(SECTIONS), default=list(SECTIONS))
    p.add_argument("--cases", type=int, default=1000, help="generated cases for the oracle section")
    p.add_argument("--mutant-cases", type=int, default=300, help="generated cases for the mutant section")
    p.add_argument("--config-cases", type=int, default=20, help="generated cases for the configs section")
    p.add_argument("--gfx942-cases", type=int, default=20, help="generated cases for the gfx942 section "
                                                                "(`python -m tests.bench_gfx942` runs more, resumably)")
    p.add_argument("--reduce-s", type=float, default=120.0, help="reduction budget per mutant")
    p.add_argument("--user-cases", type=int, default=200, help="generated cases for the relax and dialects sections")
    p.add_argument("--swarm-cases", type=int, default=200, help="generated cases per side of the swarm section")
    p.add_argument("--feature-cases", type=int, default=1000, help="generated cases for the features section")
    p.add_argument("--feature-configs", default="tvm:cpu,tvm:relax-cpu,iree:cpu-O2,iree:gfx942-O2,tvm:cuda-dlight",
                   help="configurations of the features section (compile-only ones compiled)")
    p.add_argument("--swarm-configs", default="*", help="configurations of the swarm section (runnable ones kept)")
    p.add_argument("--generate-seeds", type=int, default=2000, help="seeds timed for generation cost")
    p.add_argument("--swarm-avoid", action=argparse.BooleanOptionalAction, default=True,
                   help="a third swarm side with --avoid-known")
    p.add_argument("--report-cases", type=int, default=1000, help="campaign size for the report section")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--batch-cases", type=int, default=32, help="generated cases per campaign in the batch section")
    p.add_argument("--batch-sizes", type=int, nargs="*", default=[DEFAULT_BATCH],
                   help="batch sizes to compare with unbatched (batch 1)")
    p.add_argument("--batch-configs", default="*", help="configurations of the batch section (default: the defaults)")
    p.add_argument("--probe-cases", type=int, default=14, help="cases for the TVM batching probe")
    p.add_argument("--startup-runs", type=int, default=3, help="fresh processes per configuration (startup section)")
    p.add_argument("--sim-cases", type=int, default=1000,
                   help="generated cases per CUDA configuration the sim section runs through both PTX engines")
    reference_arguments(p)
    reach_arguments(p)
    args = p.parse_args()
    for name in args.only:
        SECTIONS[name](args)


if __name__ == "__main__":
    main()
