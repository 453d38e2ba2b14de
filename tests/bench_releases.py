"""`make bench` section ``releases``: generated cases compiled by each IREE release (3.7 to 3.13 by default) and run
on every gfx942 configuration on the gfx942 simulator, per release: the cases, how many runs could not be simulated
(count, share of the compiled runs, reasons), every access the simulator reported outside its segment (LDS or
scratch) or outside every allocation, the internal errors (a simulator or kernelfuzz exception that is neither a
refusal nor a fault) and the timeouts (compile and simulate apart).  Issue 46's target: at most 1% cannot-simulate
per release, and no out-of-segment report the compiled code does not show (each one is triaged by hand against the
dumped assembly; ``TRIAGED`` names the finding each triaged one belongs to, printed beside it).

Each release runs in its side environment (``fuzz/replay/sideenv.py``, made where missing) as a child
``<env>/bin/python -m tests.bench_releases --child ...`` with this checkout's code, so only the compiler differs.
The child compiles as a simulated configuration compiles (``frontends.iree.frontend.compile``: the release's flag
spellings, the compile timeout's remainder for the second stage) and runs the program on the simulator with a
``Report`` (``frontends.iree.simulated.run_program``) under ``--sim-timeout`` (SIGALRM), judging against the
reference (``fuzz.execute.runner.judge_all``).  A configuration a release cannot build as written is
``unavailable`` (``release_gap``), one the frontend refuses ``not-expressible``.

The results are committed, so a sweep outlives the machine that ran it: ``tests/data/releases-sweep/iree-<version>.jsonl``
(``OUT``), one JSON line per case sorted by case index, each line only what the release and the case decide (no
times, no temporary or checkout paths; a line reruns the same on another machine unless a compile or simulation
ends in its timeout there), rewritten whole through a temporary file after each case, so a killed sweep leaves every
file whole.  It lives beside the other measured test data, not under ``corpus/releases/`` (whose folders are the
``kernelfuzz replay --releases`` matrices of findings that ``corpus/tools`` reads).

``python -m tests.bench_releases --cases N --releases 3.7,3.13`` runs it standalone into ``OUT`` (``--out DIR``
elsewhere) and prints the summary; it resumes: cases already in a file are skipped, and the releases advance lowest
count first, ``--step`` cases at a time (``--time S``: no case starts after S seconds), so a stopped sweep leaves the
releases even.  ``--summary`` prints the summary of what is there.  Each case's seconds are printed as it finishes
(not recorded).  The cases are bench_gfx942's (``SEED``, every fourth from the wide space).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

from tests import ROOT
from tests.bench_gfx942 import DRAWN, SEED, SimTimeout, _limited, known_bug

OUT = ROOT / "tests" / "data" / "releases-sweep"  # committed: the sweep resumes from it on any machine

CONFIGS = ("iree:gfx942-O2", "iree:gfx942-no-igemm", "iree:gfx942-no-vecdist", "iree:gfx942-no-fusion",
           "iree:gfx942-no-igemm-no-vecdist")
RELEASES = "3.7,3.8,3.9,3.10,3.11,3.12,3.13"
WRONG = ("out-of-bound", "nan/inf-mismatch")
NOT_COMPILED = ("unavailable", "not-expressible", "rejected", "limitation", "compiler-crash", "compile-timeout")
# The sweep's wrong results and out-of-segment reports triaged by hand against the release's IR and assembly:
# (case seeds, releases, the corpus/findings folder whose FINDING.md holds the triage)
SCALED_OR_NO_ROOM = "llvm-amdgpu-flat-scratch-dynamic-alloca-size-scaled-by-wave-size"  # its sweep.py / sweep.txt
TRIAGED = (((926023087, 752449196, 1153560983, 1046971133, 391463519), ("3.7", "3.8", "3.9", "3.10"),
            "iree-emulate-narrow-type-odd-i4-store-rmw-writes-next-byte"),
           ((2006800926,), ("3.7", "3.8", "3.9", "3.10", "3.11"),
            "mlir-linalg-tiling-floordiv-map-misaligned-tile-wrong-slice"),
           ((58168260,), ("3.7", "3.8", "3.9", "3.10"), "iree-im2col-decompose-drops-second-k-pos-offset"),
           ((1307286380,), ("3.7",), "iree-im2col-decompose-drops-second-k-pos-offset"),
           ((1789325641, 1307286380, 332944623, 1951905229), ("3.8", "3.9"), SCALED_OR_NO_ROOM),
           ((1834763395, 1175002930), ("3.7", "3.8", "3.9", "3.10", "3.11", "3.12", "3.13"),
            "iree-strided-conv-uncovered-column-rejected"),  # the pool; each case's static form is rejected
           ((1715343366,), ("3.12", "3.13"), "iree-gfx942-vecdist-dynamic-reduction-conv-tile-left-whole-per-thread"))


def _compile_verdict(e) -> str:
    if getattr(e, "timed_out", False):
        return "compile-timeout"
    return "compiler-crash" if e.crashed else "limitation" if getattr(e, "limitation", "") else "rejected"


def _compile_reason(text: str) -> str:
    """A compile failure's first ``error:`` line (its first line when it has none), after the first line when that
    is only a heading (``iree-compile (from executable-targets) failed (status 1):``); remarks before it are skipped."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()] or [""]
    error = next((ln for ln in lines if "error:" in ln), "")
    if lines[0].endswith(":") and error:
        return f"{lines[0]} {error}"[:200]
    return (error or lines[0])[:200]


def one(case, prepared, name: str, work: str, sim_timeout: float) -> dict:
    """One gfx942 configuration on one case in this process's IREE: compile, simulate with a report, judge."""
    from frontends.devices.errors import Fault, NotModelled
    from frontends.devices.gfx942 import Report
    from frontends.iree import frontend, simulated
    from fuzz.execute.backend import CompilerFailure
    from fuzz.execute.runner import judge_all

    config = next(c for c in frontend.CONFIGS if c.name == name)
    rec = {"config": name}
    if gap := frontend.release_gap(config):
        return {**rec, "verdict": "unavailable", "reason": gap[:200]}
    if why := prepared.refused.get(name):
        return {**rec, "verdict": "not-expressible", "reason": why[:200]}
    try:
        program, _, _ = frontend.compile(case, config, work)
    except CompilerFailure as e:
        return {**rec, "verdict": _compile_verdict(e), "reason": _compile_reason(str(e))}
    report = Report()
    try:
        outs = _limited(lambda: simulated.run_program(program.host, program.kernels, simulated._packed(prepared.inputs),
                                                      report=report), sim_timeout)
    except NotModelled as e:
        return {**rec, "verdict": "cannot-simulate", "reason": str(e)[:300]}
    except SimTimeout:
        return {**rec, "verdict": "sim-timeout", "sim_s": sim_timeout}
    except Fault as e:
        return {**rec, "verdict": "fault", "reason": f"{getattr(e, 'symptom', type(e).__name__)}: {e}"[:300],
                **_flags(report)}
    except Exception as e:  # noqa: BLE001  (an error of the simulator or of kernelfuzz: counted, then fixed)
        return {**rec, "verdict": "internal-error", "reason": f"{type(e).__name__}: {e}"[:300],
                "where": traceback.format_exc().splitlines()[-3][:200]}
    rec["verdict"] = judge_all(prepared.refs[config.profile], outs).verdict.value
    return {**rec, **_flags(report)}


def _flags(report) -> dict:
    """What the report holds that a correct program never does on purpose, each entry as text (kernel first)."""
    return {k: [" | ".join(map(str, e))[:200] for e in getattr(report, k)[:5]]
            for k in ("oob_local", "oob_global", "lds_races") if getattr(report, k)}


def clean(result: dict, work: str) -> dict:
    """A result as committed: the case's temporary folder and this checkout's path taken out of its texts."""
    def text(v):
        return v.replace(work, "<work>").replace(f"{ROOT}/", "") if isinstance(v, str) else v
    return {k: [text(x) for x in v] if isinstance(v, list) else text(v) for k, v in result.items()}


def child(args) -> int:
    """In a release's side environment: up to ``--new`` cases of ``start .. start+cases-1`` not yet in ``--out``, on
    every gfx942 configuration, each case written into ``--out`` as it finishes; none starts after ``--until``."""
    from fuzz.campaign.driver import case_seed
    from fuzz.execute.runner import prepare
    from fuzz.generate.base import SPACES
    from fuzz.generate.generator import generate
    from frontends.iree import flags, frontend

    records = {r["index"]: r for r in load(args.out)}
    configs = [c for c in frontend.CONFIGS if c.name in CONFIGS]
    todo = [i for i in range(args.start, args.start + args.cases) if i not in records][:args.new]
    for i in todo:
        if args.until and time.time() > args.until:
            break
        start = time.perf_counter()
        space = "wide" if i % 4 == 3 else "default"
        case = generate(case_seed(args.seed, i), SPACES[space], DRAWN)
        rec = {"index": i, "seed": case_seed(args.seed, i), "space": space, "case": case.name,
               "iree": flags.version(), "results": []}
        prepared = prepare(case, configs)
        with tempfile.TemporaryDirectory(prefix="kf-release-") as work:
            rec["results"] = [clean(one(case, prepared, n, work, args.sim_timeout), work) for n in CONFIGS]
        records[i] = rec
        write(args.out, records.values())
        print(f"iree {flags.version()} #{i} {time.perf_counter() - start:.0f}s",
              " ".join(f"{r['config'][12:] or 'O2'}={r['verdict']}" for r in rec["results"]), flush=True)
    return 0


def write(path: Path, records) -> None:
    """The file whole, one compact line per case in index order, through a temporary sibling (atomic)."""
    text = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in sorted(records, key=lambda r: r["index"]))
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def load(path: Path) -> list[dict]:
    return [json.loads(ln) for ln in path.read_text().splitlines() if ln.strip()] if path.exists() else []


def done(path: Path, ns) -> int:
    """How many of the cases ``ns`` asks for (``start .. start+cases-1``) the file holds."""
    return sum(ns.start <= r["index"] < ns.start + ns.cases for r in load(path))


def lowest(counts: dict[str, int], goal: int) -> str:
    """The release to advance next: the fewest cases first (ties in the given order); '' when all reached goal."""
    short = [v for v, n in counts.items() if n < goal]
    return min(short, key=lambda v: counts[v]) if short else ""


def sweep(version: str, out: Path, args, new: int, say=print) -> str:
    """One release's child run of up to ``new`` more cases ('' or why it did not run)."""
    from frontends.releases import release
    from fuzz.replay import sideenv

    rel = release(f"iree=={version}")
    try:
        env = sideenv.ensure(rel, say=say)
    except sideenv.SideEnvError as e:
        return str(e)
    argv = [str(sideenv.python(env)), "-m", "tests.bench_releases", "--child", "--cases", str(args.cases),
            "--start", str(args.start), "--seed", str(args.seed), "--sim-timeout", str(args.sim_timeout),
            "--new", str(new), "--until", str(getattr(args, "until", 0.0)), "--out", str(out.resolve())]
    ran = subprocess.run(argv, env=sideenv.child_env(), cwd=str(sideenv.ROOT), stderr=subprocess.PIPE, text=True)
    return "" if ran.returncode == 0 else f"the child exited {ran.returncode}: {ran.stderr.strip()[-300:]}"


def advance(versions: list[str], folder: Path, ns, say=print, run=sweep) -> dict[str, str]:
    """Each release's file up to ``ns.cases`` cases, the release with the fewest first, ``ns.step`` cases a child
    (``run``), none started after ``ns.until``; why each release that could not go on stopped."""
    failed: dict[str, str] = {}
    while not (ns.until and time.time() > ns.until):
        counts = {v: done(folder / f"iree-{v}.jsonl", ns) for v in versions if v not in failed}
        if not (v := lowest(counts, ns.cases)):
            break
        if why := run(v, folder / f"iree-{v}.jsonl", ns, ns.step, say=say):
            failed[v] = why
        elif done(folder / f"iree-{v}.jsonl", ns) == counts[v] and not (ns.until and time.time() > ns.until):
            failed[v] = "the child ran no case"
    return failed


def triaged(version: str, seed: int) -> str:
    """The finding a triaged wrong result or out-of-segment report of this release and case is ('' if none)."""
    return next((name for seeds, releases, name in TRIAGED if seed in seeds and version in releases), "")


def summarize(version: str, records: list[dict], out=print) -> None:
    rows = [r for rec in records for r in rec["results"]]
    counts = Counter(r["verdict"] for r in rows)
    compiled = [r for r in rows if r["verdict"] not in NOT_COMPILED]
    cannot = [r for r in compiled if r["verdict"] == "cannot-simulate"]
    share = len(cannot) / len(compiled) if compiled else 0.0
    out(f"  iree {version}: {len(records)} cases, {len(rows)} gfx942 runs, {len(compiled)} compiled; "
        f"cannot simulate {len(cannot)} ({share:.2%}); internal errors {counts['internal-error']}; "
        f"compile timeouts {counts['compile-timeout']}, simulate timeouts {counts['sim-timeout']}")
    out("    " + ", ".join(f"{v} {n}" for v, n in counts.most_common()))
    for reason, n in Counter(r["reason"].split(" in `")[0] for r in cannot).most_common(6):
        out(f"    cannot simulate {n:>3}: {reason[:160]}")
    for rec in records:
        for r in rec["results"]:
            where = f"#{rec['index']} seed {rec['seed']} {r['config']}"
            named = triaged(version, rec["seed"])
            for key in ("oob_local", "oob_global", "lds_races"):
                if r.get(key):
                    out(f"    {key} {where}: {len(r[key])}: {r[key][0][:150]}"
                        + (f" (triaged: {named})" if named else ""))
            if r["verdict"] in ("internal-error", "fault", "compiler-crash"):
                out(f"    {r['verdict']} {where}: {r.get('reason', '')[:150]}")
            elif r["verdict"] in WRONG:  # the compiler's or the simulator's: triaged by hand, a known bug named
                known = known_bug(rec, r["config"]).split("/")[-1] or named
                out(f"    {r['verdict']} {where}" + (f" (known: {known})" if known else ""))


def section(args) -> None:
    """`make bench` section: ``--release-cases`` cases on every gfx942 configuration per release, resumed from and
    written to the committed ``OUT``."""
    ns = argparse.Namespace(cases=args.release_cases, start=0, seed=SEED, sim_timeout=120.0, step=10, until=0.0)
    print(f"\n== releases: {ns.cases} generated cases x {len(CONFIGS)} gfx942 configurations x IREE "
          f"{args.release_versions} on the gfx942 simulator (resumed from {OUT.relative_to(ROOT)})")
    report(args.release_versions.split(","), OUT, ns)


def report(versions: list[str], folder: Path, ns, run: bool = True) -> None:
    failed = advance(versions, folder, ns, say=lambda m: print(m, flush=True)) if run else {}
    for v in versions:
        if v in failed:
            print(f"  iree {v}: did not finish: {failed[v]}")
        summarize(v, load(folder / f"iree-{v}.jsonl"))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.bench_releases", description=__doc__.splitlines()[0])
    p.add_argument("--cases", type=int, default=200)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--sim-timeout", type=float, default=120.0, help="seconds per simulated run")
    p.add_argument("--releases", default=RELEASES, help="IREE versions, comma-separated")
    p.add_argument("--step", type=int, default=10, help="cases a release advances before the lowest goes next")
    p.add_argument("--time", type=float, default=0.0, help="seconds after which no case starts (0: no limit)")
    p.add_argument("--out", type=Path, default=OUT,
                   help="a folder, one JSON-lines file per release (default: the committed tests/data/releases-sweep)")
    p.add_argument("--summary", action="store_true", help="print the summary of --out and exit")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--new", type=int, default=10 ** 9, help=argparse.SUPPRESS)  # child: cases to add at most
    p.add_argument("--until", type=float, default=0.0, help=argparse.SUPPRESS)  # child: no case starts after it
    args = p.parse_args(argv)
    if args.child:
        return child(args)
    if args.step < 1 or args.cases < 0:
        p.error("--step must be 1 or more and --cases 0 or more")
    args.until = time.time() + args.time if args.time > 0 else 0.0
    args.out.mkdir(parents=True, exist_ok=True)
    report(args.releases.split(","), args.out, args, run=not args.summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
