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

``python -m tests.bench_releases --cases N --releases 3.7,3.13 --out DIR`` runs it standalone, resumably (one JSON
line per case in ``DIR/iree-<version>.jsonl``; cases already there are skipped) and prints the summary;
``--summary DIR`` prints it again.  The cases are bench_gfx942's (``SEED``, every fourth from the wide space).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

from tests.bench_gfx942 import DRAWN, SEED, SimTimeout, _limited, known_bug

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
    start = time.perf_counter()
    try:
        program, _, _ = frontend.compile(case, config, work)
    except CompilerFailure as e:
        return {**rec, "verdict": _compile_verdict(e), "reason": str(e).strip().splitlines()[0][:200] if str(e) else ""}
    rec["compile_s"] = round(time.perf_counter() - start, 2)
    report, start = Report(), time.perf_counter()
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
    rec["sim_s"] = round(time.perf_counter() - start, 2)
    rec["verdict"] = judge_all(prepared.refs[config.profile], outs).verdict.value
    return {**rec, **_flags(report)}


def _flags(report) -> dict:
    """What the report holds that a correct program never does on purpose, each entry as text (kernel first)."""
    return {k: [" | ".join(map(str, e))[:200] for e in getattr(report, k)[:5]]
            for k in ("oob_local", "oob_global", "lds_races") if getattr(report, k)}


def child(args) -> int:
    """In a release's side environment: cases ``start .. start+cases-1`` on every gfx942 configuration, one JSON
    line per case appended to ``--out`` (skipping the cases already there)."""
    from fuzz.campaign.driver import case_seed
    from fuzz.execute.runner import prepare
    from fuzz.generate.base import SPACES
    from fuzz.generate.generator import generate
    from frontends.iree import flags, frontend

    done = {r["index"] for r in load(args.out)}
    configs = [c for c in frontend.CONFIGS if c.name in CONFIGS]
    for i in range(args.start, args.start + args.cases):
        if i in done:
            continue
        space = "wide" if i % 4 == 3 else "default"
        case = generate(case_seed(args.seed, i), SPACES[space], DRAWN)
        rec = {"index": i, "seed": case_seed(args.seed, i), "space": space, "case": case.name,
               "iree": flags.version(), "results": []}
        prepared = prepare(case, configs)
        with tempfile.TemporaryDirectory(prefix="kf-release-") as work:
            rec["results"] = [one(case, prepared, n, work, args.sim_timeout) for n in CONFIGS]
        with args.out.open("a") as f:
            f.write(json.dumps(rec) + "\n")
        print(f"#{i}", " ".join(f"{r['config'][12:] or 'O2'}={r['verdict']}" for r in rec["results"]), flush=True)
    return 0


def load(path: Path) -> list[dict]:
    return [json.loads(ln) for ln in path.read_text().splitlines() if ln.strip()] if path.exists() else []


def sweep(version: str, out: Path, args, say=print) -> str:
    """One release's child run ('' or why it did not run)."""
    from frontends.releases import release
    from fuzz.replay import sideenv

    rel = release(f"iree=={version}")
    try:
        env = sideenv.ensure(rel, say=say)
    except sideenv.SideEnvError as e:
        return str(e)
    argv = [str(sideenv.python(env)), "-m", "tests.bench_releases", "--child", "--cases", str(args.cases),
            "--start", str(args.start), "--seed", str(args.seed), "--sim-timeout", str(args.sim_timeout),
            "--out", str(out.resolve())]
    done = subprocess.run(argv, env=sideenv.child_env(), cwd=str(sideenv.ROOT), capture_output=True, text=True)
    return "" if done.returncode == 0 else f"the child exited {done.returncode}: {done.stderr.strip()[-300:]}"


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
    """`make bench` section: ``--release-cases`` cases on every gfx942 configuration per release."""
    ns = argparse.Namespace(cases=args.release_cases, start=0, seed=SEED, sim_timeout=120.0)
    print(f"\n== releases: {ns.cases} generated cases x {len(CONFIGS)} gfx942 configurations x IREE "
          f"{args.release_versions} on the gfx942 simulator")
    with tempfile.TemporaryDirectory(prefix="kf-releases-") as tmp:
        report(args.release_versions.split(","), Path(tmp), ns)


def report(versions: list[str], folder: Path, ns, run: bool = True) -> None:
    for v in versions:
        out = folder / f"iree-{v}.jsonl"
        why = sweep(v, out, ns, say=lambda m: print(m, flush=True)) if run else ""
        if why:
            print(f"  iree {v}: did not run: {why}")
        summarize(v, load(out))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.bench_releases", description=__doc__.splitlines()[0])
    p.add_argument("--cases", type=int, default=200)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--sim-timeout", type=float, default=120.0, help="seconds per simulated run")
    p.add_argument("--releases", default=RELEASES, help="IREE versions, comma-separated")
    p.add_argument("--out", type=Path, help="a folder (one JSON-lines file per release); in --child, the file")
    p.add_argument("--summary", action="store_true", help="print the summary of --out and exit")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        return child(args)
    if args.out is None:
        p.error("--out DIR is required (the results stay there, so a run resumes)")
    args.out.mkdir(parents=True, exist_ok=True)
    report(args.releases.split(","), args.out, args, run=not args.summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
