"""Bench sections features and swarm (tests/bench.py): per generator feature, how many generated cases exercise
it and what share each configuration compiles; swarm draws against `--swarm off` (and with `--avoid-known`):
known-bucket share, distinct buckets per 100 cases and per hour, and the cost of generating a case."""
from __future__ import annotations

import time
from pathlib import Path

import frontends
from fuzz.generate import features, table
from fuzz.generate.generator import generate
from fuzz.generate.swarm import FULL, Swarm
from fuzz.judge import signature as sig
from tests import ROOT
from tests.bench_common import print_alarms, run_campaign


def features_section(args) -> None:
    """Per generator feature: how many of N swarm cases exercise it, the share each configuration compiles, and
    the numeric findings among them (false alarms unless a compiler is wrong)."""
    sel = frontends.select(args.feature_configs)
    stats, reports, wall = run_campaign(sel.configs, args.feature_cases, 7000, args.jobs, compile_only=sel.compile_only)
    names = [c.name for c in sel.configs]
    print(f"\n== features: {len(reports)} generated cases x {len(names)} configurations ({wall:.0f} s), "
          f"compile-only: {', '.join(sorted(sel.compile_only)) or 'none'}")
    print_alarms(reports, "    ")
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
        stats, _, wall = run_campaign(configs, args.swarm_cases, 6000, args.jobs, swarm=swarm,
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
