"""`make bench`'s batch section: the same campaign unbatched and in batches (fuzz/execute/batch.py), and whether TVM
(several PrimFuncs per build) and Hexagon (several kernels per QEMU run) would gain from batching.  Run by
tests/bench.py (``--only batch``); nothing here is asserted."""
from __future__ import annotations

import importlib
import json
import resource
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

import frontends
from fuzz.campaign import driver as campaign
from fuzz.campaign.state import State
from fuzz.generate.generator import generate


def _cpu_s() -> float:
    """CPU seconds of this process and every child it reaped (lane workers, and the compilers they reaped)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _batched_campaign(configs, cases: int, seed: int, jobs: int, compile_only, batch: int):
    """A campaign's reports, wall and CPU seconds, and the attribution tally its 'batch' events recorded."""
    reports, tally = [], Counter()
    with tempfile.TemporaryDirectory() as out:
        start, cpu = time.time(), _cpu_s()
        campaign.run(campaign.Settings(cases, seed, Path(out), tuple(configs), jobs=jobs, compile_only=compile_only,
                                       batch=batch), lambda i, r: reports.append((i, r)))
        wall, cpu = time.time() - start, _cpu_s() - cpu
        for _, kind, detail in State(Path(out)).events():
            tally.update(json.loads(detail) if kind == "batch" else {})
    return [r for _, r in sorted(reports, key=lambda x: x[0])], wall, cpu, tally


def batch_section(args) -> None:
    sel = frontends.select(args.batch_configs)
    batching = {c.name for c in sel.configs if hasattr(importlib.import_module(c.module), "compile_batch")}
    n, jobs = args.batch_cases, 2
    print(f"\n== batch: {n} generated cases, {len(sel.configs)} configurations '{args.batch_configs}' "
          f"({len(batching)} batch), {jobs} workers, same seeds")
    runs = {}
    for size in (1, *args.batch_sizes):
        reports, wall, cpu, tally = _batched_campaign(sel.configs, n, 6000, jobs, sel.compile_only, size)
        own = sum(r.compile_s + r.run_s for rep in reports for r in rep.results)
        runs[size] = (reports, wall, cpu)
        print(f"    batch {size:>2}: {wall:6.0f} s wall, {n / wall * 3600:6.0f} cases/hour, "
              f"wall x workers / compilers' and runners' own time = {wall * jobs / own:.2f}; "
              f"{cpu / n:.1f} CPU s per case, {n / cpu * 3600:.0f} cases per CPU hour"
              + ("" if size == 1 else f"; {runs[1][1] / wall:.2f}x the cases per hour of batch 1, "
                                      f"{runs[1][2] / cpu:.2f}x per CPU hour"))
        print(f"             own time per case: {_own_split(reports, batching)}")
        if size > 1:
            _batch_agreement(runs[1][0], reports, batching, tally)
    _tvm_batch_probe(args)
    _hexagon_batch_probe(runs[1][0])


def _own_split(reports, batching: set[str]) -> str:
    parts = Counter()
    for rep in reports:
        for r in rep.results:
            family = "batching" if r.config in batching else "other"
            parts[f"{family} compile"] += r.compile_s
            parts[f"{family} run"] += r.run_s
    return ", ".join(f"{k} {v / len(reports):.2f} s" for k, v in parts.items())


def _batch_agreement(alone, batched, batching: set[str], tally: Counter) -> None:
    differ = [(a.case.name, x.config, x.verdict.value, y.verdict.value) for a, b in zip(alone, batched)
              for x, y in zip(a.results, b.results) if x.verdict != y.verdict]
    failing = sum(1 for rep in batched for r in rep.results if r.config in batching and r.stage == "compile")
    pairs = sum(1 for rep in batched for r in rep.results if r.config in batching)
    print(f"             verdicts that differ from batch 1: {len(differ)} {differ[:5]}")
    print(f"             attribution: {failing} of {pairs} batched (case, configuration) pairs failed to compile "
          f"({failing / max(pairs, 1):.1%}); {tally['failed_batches']} failed batch compiles "
          f"({tally['failed_batch_s']:.0f} s), {tally['located']} cases named by a diagnostic, "
          f"{tally['bisections']} bisections; extra compiles per failing pair: "
          f"{tally['extra_compiles'] / max(failing, 1):.2f}; decided in the batch: {tally['batched_results']}, "
          f"alone after a failed run / a mismatch: {tally['alone: failed run']} / {tally['alone: mismatch']}, "
          f"alone as suspects: {tally['alone: suspect']}")


def _tvm_batch_probe(args) -> None:
    """Several PrimFuncs per tvm.compile against one build per case (default schedule, CPU and Hexagon)."""
    import tvm

    from frontends.tvm.frontend import TARGETS
    from frontends.tvm.lower import lower
    funcs = [lower(generate(6000 + s)) for s in range(args.probe_cases)]
    for target in ("cpu", "hexagon"):
        tgt = tvm.target.Target(TARGETS[target])
        tvm.compile(tvm.IRModule({"main": funcs[0]}), target=tgt)  # warm
        start = time.perf_counter()
        for f in funcs:
            tvm.compile(tvm.IRModule({"main": f}), target=tgt)
        apart = time.perf_counter() - start
        start = time.perf_counter()
        tvm.compile(tvm.IRModule({f"case{k}": f.with_attr("global_symbol", f"case{k}") for k, f in enumerate(funcs)}),
                    target=tgt)
        together = time.perf_counter() - start
        print(f"    TVM {target:<8} {len(funcs)} builds {apart:.2f} s, one IRModule of {len(funcs)} PrimFuncs "
              f"{together:.2f} s: {apart / together:.2f}x")


def _hexagon_batch_probe(reports) -> None:
    """What several kernels per QEMU run could save at most: QEMU's start and exit, per Hexagon run."""
    from frontends.devices import hexagon
    runs = [r.run_s for rep in reports for r in rep.results if r.config.startswith("tvm:hexagon") and r.stage == "compare"]
    if hexagon.missing_tools() or not runs:
        print("    Hexagon: not measured (no Hexagon runs here)")
        return
    with tempfile.TemporaryDirectory() as d:
        prog = Path(d) / "harness"
        subprocess.run([hexagon.LLD, "-static", "-o", str(prog), str(hexagon.harness_object()),
                        "--defsym=kernel_entry=0"], check=True, capture_output=True)
        starts = []
        for _ in range(10):
            t = time.perf_counter()
            subprocess.run([hexagon.QEMU, "-cpu", "v67", str(prog)], capture_output=True)  # usage error: no kernel runs
            starts.append(time.perf_counter() - t)
    start, run = statistics.median(starts), statistics.median(runs)
    per_case = sum(r.compile_s + r.run_s for rep in reports for r in rep.results) / len(reports)
    print(f"    Hexagon: QEMU start and exit {start * 1e3:.1f} ms of a median {run * 1e3:.1f} ms run; "
          f"{len(runs) / len(reports):.1f} runs per case save at most {start * len(runs) / len(reports):.3f} s of "
          f"{per_case:.1f} s compiler and runner time per case")
