"""Bench sections ``relax`` and ``dialects`` (tests/bench.py): the configurations that reach the compilers the
way their users do, over generated cases.

Per configuration: the share of cases it expresses, compiles and runs, the median compile time and its
verdicts; for Relax, how many PrimFuncs the pipeline made of a case (kernelfuzz's own TE lowering makes one)
and which op sequences FuseOps put together; for Hexagon, how many cases ran under the harness; for TOSA,
what it could not express.  ``figures`` reads campaign rows (``fuzz.campaign.driver.row_of``), so the same figures
come from a saved campaign: ``python -m tests.bench_users OUT/`` (its ``campaign.sqlite``).
"""
from __future__ import annotations

import re
import statistics
import sys
from collections import Counter
from pathlib import Path

import frontends
from fuzz.campaign import driver as campaign

MODULES = {"relax": "frontends.tvm.relax_frontend", "dialects": "frontends.iree.tosa_frontend"}


def _results(rows: list[dict], config: str) -> list[dict]:
    return [r for row in rows for r in row["results"] if r["config"] == config]


def _config_line(config: str, results: list[dict]) -> str:
    n = len(results)
    expressed = [r for r in results if r["verdict"] != "not-expressible"]
    compiled = [r for r in expressed if r["stage"] != "compile"]
    ran = [r for r in compiled if r["stage"] == "compare"]
    med = statistics.median(r["compile_s"] for r in compiled) if compiled else float("nan")
    verdicts = ", ".join(f"{v} {c}" for v, c in Counter(r["verdict"] for r in results).most_common())
    return (f"    {config:<24} expressed {len(expressed) / n:.0%}  compiled {len(compiled) / n:.0%}  ran "
            f"{len(ran) / n:.0%}  median compile {med:.2f} s  [{verdicts}]")


def _fusion_lines(results: list[dict]) -> list[str]:
    counts = Counter(r["facts"].get("kernel_count") for r in results if "kernel_count" in r["facts"])
    if not counts:
        return []
    n = sum(counts.values())
    groups = Counter(" + ".join(_op_name(op) for op in ops) for r in results
                     for ops in r["facts"].get("primfuncs", {}).values() if len(ops) > 1)
    lines = [f"      kernels (PrimFuncs but reshapes) per case: {dict(sorted(counts.items()))}; not one kernel (unlike "
             f"kernelfuzz's single TE PrimFunc): {sum(c for k, c in counts.items() if k != 1) / n:.0%} of {n}"]
    lines += [f"      fused {c:>3}x: {g}" for g, c in groups.most_common(5)]
    return lines


def _op_name(primfunc: str) -> str:
    """A legalized op's PrimFunc without its uniquing suffix; a case generic (emit_te, named opN) as te-generic."""
    return "te-generic" if re.fullmatch(r"op\d+", primfunc) else re.sub(r"\d+$", "", primfunc)


def _reason_lines(results: list[dict]) -> list[str]:
    hexagon = Counter(r["facts"]["hexagon"].split(":")[0] for r in results if "hexagon" in r["facts"])
    skipped = Counter(_reason(r["facts"].get("not_expressible", "")) for r in results
                      if r["verdict"] == "not-expressible")
    requant = Counter("tosa.rescale" if how.startswith("tosa.rescale") else "float ops"
                      for r in results for how in r["facts"].get("tosa", {}).values())
    return ([f"      Hexagon harness: {dict(hexagon)}"] if hexagon else []) + \
        ([f"      requantize lowered as: {dict(requant)}"] if requant else []) + \
        [f"      not expressible, {c}x: {why}" for why, c in skipped.most_common()]


def _reason(message: str) -> str:
    for key in ("windowed read", "diagonal", "i8"):
        if key in message:
            return key
    return message[:80]


def figures(rows: list[dict], configs: list[str]) -> list[str]:
    lines = []
    for config in configs:
        results = _results(rows, config)
        if results:
            lines += [_config_line(config, results), *_fusion_lines(results), *_reason_lines(results)]
    return lines


def section(name: str, args) -> None:
    from tests.bench_common import run_campaign as _run
    sel = frontends.select("*")
    configs = [c for c in sel.configs if c.module == MODULES[name]]
    stats, reports, wall = _run(configs, args.user_cases, 6000, args.jobs, sel.compile_only)
    rows = [campaign.row_of(i, 0, rep) for i, rep in enumerate(reports)]
    print(f"\n== {name}: {args.user_cases} generated cases x {len(configs)} configurations ({wall:.0f} s)")
    print("\n".join(figures(rows, [c.name for c in configs])))


def from_campaign(out: Path) -> None:
    from fuzz.campaign.state import open_existing
    st = open_existing(out)
    try:
        rows = st.rows()
    finally:
        st.close()
    names = sorted({r["config"] for row in rows for r in row["results"]})
    print(f"{out}: {len(rows)} cases")
    print("\n".join(figures(rows, names)))


if __name__ == "__main__":
    from_campaign(Path(sys.argv[1]))
