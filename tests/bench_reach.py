"""``make bench`` section ``reach``: which real paths of the GPU backends generated cases reach.

A campaign of ``--reach-cases`` generated cases (default options, seed ``--reach-seed``) is compiled, not run, on
the GPU configurations of ``--reach-configs``: what the compiled code reached is a fact of the code and the launch
(``frontends/devices/reach.py``), so no simulator time is spent.  Printed per configuration: the share of its
compiled cases that reached each path (matrix instructions, several workgroups, shared memory, ...), over every case
and over the cases with each size feature, and the IREE pipelines its dispatches chose.  Issue 47's targets read
from it: of 200 default cases, the share of ``size:real`` ones; over them, MFMA and more than one workgroup on
``iree:gfx942-O2`` and ``mma.sync`` on ``iree:cuda-sm80-O2``.  Every case is compiled on every configuration given
(no real-size budget: compiling alone is what the campaign's budget bounds); ``--reach-time`` stops starting cases
after that many seconds, and the sample sizes printed are what was compiled.  Last, per IREE lowering strategy (the
pipeline a dispatch's ``translation_info`` names): the configurations and the case kinds that reached it, and the
strategies of IREE 3.13's enum that no case reached.  Convs never reach 3.13's SIMT ``Vectorize`` conv config (its
global optimization generalizes every named conv before codegen); ``--reach-configs`` can add
``iree:gfx942-no-igemm-no-vecdist`` and ``iree:gfx942-O2-single-dispatch``, where the other fallbacks live."""
from __future__ import annotations

import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import frontends
from fuzz.campaign import driver as campaign
from fuzz.campaign.reach import PATHS, Reach

# IREE 3.13's GPU pipeline enum (iree_gpu.pipeline), the names its compiler library holds; Custom is a user's own.
STRATEGIES = ("TileAndFuse", "VectorDistribute", "Distribute", "Vectorize", "BaseLowering", "WinogradVectorize",
              "Default")
DEFAULT_CONFIGS = "iree:gfx942-O2,iree:cuda-sm80-O2,tvm:cuda-dlight,tvm:rocm-dlight"


def add_arguments(p) -> None:
    p.add_argument("--reach-cases", type=int, default=200, help="generated cases for the reach section")
    p.add_argument("--reach-seed", type=int, default=4701, help="campaign seed of the reach section")
    p.add_argument("--reach-configs", default=DEFAULT_CONFIGS, help="GPU configurations of the reach section")
    p.add_argument("--reach-only", default="", help="features pinned on for the reach section's cases (size:real: "
                                                    "real-size cases alone; by default two seeds in five draw one)")
    p.add_argument("--reach-time", type=float, default=None, help="stop starting reach cases after this many seconds")


def _tallies(rows: list[dict], feature: str | None) -> list[dict]:
    tally = Reach()
    for row in rows:
        if feature is None or feature in row.get("features", ()):
            tally.add(row)
    return tally.table()


def _print(title: str, table: list[dict]) -> None:
    print(f"  {title}")
    for r in table:
        shares = "  ".join(f"{name} {r['shares'][name]:4.0%}" for name, _ in PATHS)
        print(f"    {r['config']:<22} {r['cases']:>4} cases  {shares}")


def _strategies(rows: list[dict]) -> dict[str, tuple[Counter, Counter]]:
    """Per IREE pipeline: the cases that reached it, by configuration and by kind (a case counts once per
    configuration whichever of its dispatches chose it)."""
    found = defaultdict(lambda: (Counter(), Counter()))
    for row in rows:
        kinds = [f for f in row.get("features", ()) if f.startswith("kind:")] or ["kind:?"]
        for r in row["results"]:
            facts = r.get("facts") or {}
            for p in {p for ps in (facts.get("pipelines") or {}).values() for p in ps}:
                found[p][0][r["config"]] += 1
                found[p][1].update(kinds)
    return found


def _print_strategies(rows: list[dict]) -> None:
    found = _strategies(rows)
    print("  IREE lowering strategies (cases per configuration; case kinds):")
    for p in sorted(found, key=lambda p: -sum(found[p][0].values())):
        configs, kinds = found[p]
        print(f"    {p:<18} " + ", ".join(f"{c} {n}" for c, n in configs.most_common()) + "; "
              + ", ".join(f"{k[5:]} {n}" for k, n in kinds.most_common()))
    missing = [s for s in STRATEGIES if s not in found]
    print("    not reached: " + (", ".join(missing) or "none"))


def reach_section(args) -> None:
    from fuzz.generate.swarm import parse
    configs = frontends.select(args.reach_configs).configs
    with tempfile.TemporaryDirectory() as out:
        start = time.time()
        campaign.run(campaign.Settings(args.reach_cases, args.reach_seed, Path(out), tuple(configs), jobs=args.jobs,
                                       compile_only=frozenset(c.name for c in configs), batch=16,
                                       swarm=parse(True, "", args.reach_only), real_configs=0,
                                       budget_s=args.reach_time))
        from fuzz.campaign.state import snapshot
        rows = [row for _, row in snapshot(Path(out))[1]]
    pinned = f", --only {args.reach_only}" if args.reach_only else ""
    print(f"\n== reach: {len(rows)} generated cases (seed {args.reach_seed}{pinned}) compiled for {len(configs)} GPU "
          f"configurations in {time.time() - start:.0f} s")
    sizes = sorted({f for row in rows for f in row.get("features", ()) if f.startswith("size:")})
    for feature in sizes:
        n = sum(feature in row.get("features", ()) for row in rows)
        print(f"  {feature}: {n} of {len(rows)} cases ({n / max(len(rows), 1):.0%})")
    _print("every case:", _tallies(rows, None))
    for feature in sizes:
        _print(f"cases with {feature}:", _tallies(rows, feature))
    for r in _tallies(rows, None):
        if r["pipelines"]:
            print(f"  {r['config']} pipelines: " + ", ".join(f"{p} {n}" for p, n in r["pipelines"].items()))
        if r["matrix"]:
            print(f"  {r['config']} matrix instructions: " + ", ".join(f"{m} {n}" for m, n in r["matrix"].items()))
    _print_strategies(rows)
