"""Bench sections for a GPU (`make bench`): they run where a device configuration runs, and print
"skipped: no device" with the reason elsewhere.

* gpu: cases per hour and median compile and run time per case of every runnable device configuration, next to
  the CPU configurations (iree:cpu-O2, tvm:cpu) on the same generated cases, in one campaign;
* gpu-accuracy: the accuracy sweep of `accuracy` (tests/bench_accuracy.py) on the device configurations, against
  the `gpu` profile's declared budgets (fuzz/judge/profiles.py): those budgets were never measured on a device,
  so a row marked OUTSIDE is the first measurement contradicting them."""
from __future__ import annotations

import tempfile
import time
from collections import defaultdict
from pathlib import Path

import frontends
from fuzz.campaign import driver as campaign
from tests.bench_accuracy import sweep

DEVICE_TARGETS = ("cuda", "gfx942", "rocm")
CPU_NEIGHBOURS = "iree:cpu-O2,tvm:cpu"


def device_configs() -> tuple[list, str]:
    """The device configurations that run here, and why none does (for the skip line)."""
    every = frontends.select("*")
    devices = [c for c in every.configs if c.target in DEVICE_TARGETS]
    running = [c for c in devices if c.name not in every.compile_only]
    first = {}
    for c in devices:
        first.setdefault(c.target, frontends.availability(c).why)
    return running, "" if running else "; ".join(f"{t}: {w}" for t, w in first.items())


def gpu_section(args) -> None:
    running, why = device_configs()
    if not running:
        print(f"\n== gpu: skipped: no device ({why})")
        return
    configs = [*running, *frontends.select(CPU_NEIGHBOURS).configs]
    reports = []
    with tempfile.TemporaryDirectory() as out:
        start = time.time()
        campaign.run(campaign.Settings(args.config_cases, 7000, Path(out), tuple(configs), jobs=args.jobs),
                     lambda i, r: reports.append(r))
        wall = time.time() - start
    print(f"\n== gpu: {args.config_cases} generated cases x {len(configs)} configurations, {args.jobs} lane(s): "
          f"{wall:.0f} s, {args.config_cases / wall * 3600:.0f} cases/hour")
    spent = defaultdict(list)
    for rep in reports:
        for r in rep.results:
            spent[r.config].append((r.compile_s, r.run_s, r.verdict.value))
    for cfg in configs:
        rows = spent.get(cfg.name, [])
        own = sum(c + r for c, r, _ in rows) or float("nan")
        runs = sorted(r for _, r, _ in rows if r)
        compiles = sorted(c for c, _, _ in rows)
        print(f"    {cfg.name:<22} median compile {compiles[len(compiles) // 2] if compiles else 0:.3f} s   "
              f"median run {runs[len(runs) // 2] if runs else 0:.4f} s   alone {len(rows) / own * 3600:.0f} cases/hour "
              f"per lane   findings {sum(v not in ('exact', 'within-bound', 'compiled') for _, _, v in rows)}")


def gpu_accuracy_section(args) -> None:
    running, why = device_configs()
    if not running:
        print(f"\n== gpu-accuracy: skipped: no device ({why})")
        return
    print("\n== gpu-accuracy: the accuracy sweep on the device, against the gpu profile's budgets (never measured on a "
          "device before: OUTSIDE contradicts them)")
    sweep([c for c in running if c.target == "cuda" or c.target == "gfx942"])
