"""Bench sections configs, hexagon, campaign, startup and report (tests/bench.py): compile and run times per
configuration, the cost split of a Hexagon run, campaign throughput on 1 and 2 workers, the start-up of
`kernelfuzz run` with TVM against IREE, and the time to write a campaign's report."""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import frontends
from fuzz.campaign import driver as campaign
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.generate.generator import generate
from tests import ROOT
from tests.bench_common import medians, run_campaign


def configs_section(args) -> None:
    sel = frontends.select("*")
    stats, _, wall = run_campaign(sel.configs, args.config_cases, 3000, args.jobs, sel.compile_only)
    print(f"\n== configurations: {args.config_cases} generated cases x {len(sel.configs)} configurations "
          f"({wall:.0f} s; compile-only ones have no run time)")
    medians(stats)


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
        stats, reports, wall = run_campaign(sel.configs, args.config_cases, 5000, jobs, sel.compile_only)
        own = sum(r.compile_s + r.run_s for rep in reports for r in rep.results)
        walls[jobs] = wall
        print(f"    {jobs} worker(s): {wall:.0f} s wall, {args.config_cases / wall * 3600:.0f} cases/hour; "
              f"wall x workers / compilers' and runners' own time = {wall * jobs / own:.2f}")
    print(f"    speed-up from 1 to 2 workers: {walls[1] / walls[2]:.2f}x")


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
