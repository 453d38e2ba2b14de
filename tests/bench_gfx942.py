"""`make bench` section ``gfx942``, and issue 38's validation of the gfx942 simulator on generated cases.

Per generated case (``case_seed(SEED, i)``; every fourth case from the wide space, the others from the default space,
swarm on) it compiles the case with IREE for ``iree:gfx942-O2`` and one other gfx942 configuration (rotating through
``OTHERS``), split as a simulated configuration compiles (``--compile-to=executable-targets``, then
``--compile-from=executable-targets`` with the ``.rocmasm`` dumped), runs the host program and kernels on
``frontends/devices/gfx942`` and judges the outputs against kernelfuzz's reference under the ``gpu`` profile
(``fuzz.execute.runner.judge_all``, the campaign's own oracle).  It records per case and configuration: the verdict,
the compile and simulate times, and why a run could not be simulated.  ``iree:cpu-O2`` and the simulated
``iree:cuda-sm80-O2`` (frontends/devices/ptx) run on every ``--cross-every``-th case and on every case where a gfx942
configuration is not right, so that each disagreement says whether the CPU and CUDA builds were right.

Measured in this process, one case at a time; each simulation runs under ``--sim-timeout`` (SIGALRM).  No AMD
hardware is involved: the simulator and IREE's code are checked together, against the reference.

``python -m tests.bench_gfx942 --cases N --out FILE.jsonl`` appends one JSON line per case (resumable: cases already
in the file are skipped) and prints the summary; ``--summary FILE.jsonl ...`` prints it again, over several passes on the same cases
(``--rotate N --skip-main`` gives case i the configuration OTHERS[(i + N) % 4]).  ``--redo VERDICTS`` re-runs the
recorded cases with those gfx942 verdicts after a simulator fix."""
from __future__ import annotations

import argparse
import json
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from frontends.devices.gfx942.errors import Report, SimError, Unmodelled
from frontends.iree.simulated import run_module
from frontends.iree import frontend
from frontends.iree.lower import lower
from fuzz.campaign.driver import case_seed
from fuzz.execute.backend import CompilerFailure
from fuzz.execute.runner import judge_all, prepare
from fuzz.generate.base import SPACES
from fuzz.generate.generator import generate
from tests import small

SEED = 38
DRAWN = small()  # the default options without real sizes: the small cases the recorded device runs took
MAIN = "iree:gfx942-O2"
OTHERS = ("iree:gfx942-no-igemm", "iree:gfx942-no-vecdist", "iree:gfx942-no-fusion", "iree:gfx942-no-igemm-no-vecdist")
CPU, CUDA = "iree:cpu-O2", "iree:cuda-sm80-O2"
RIGHT = ("exact", "within-bound")
NOT_RUN = ("rejected", "limitation", "cannot-simulate")
SPLIT = "--compile-to=executable-targets"
FINISH = ("--compile-from=executable-targets", "--iree-hal-dump-executable-files-to=asm")
CONFIG = {c.name: c for c in frontend.CONFIGS}


class SimTimeout(Exception):
    pass


def _alarm(signum, frame):
    raise SimTimeout


def _limited(fn, seconds: float):
    """``fn()`` under a wall-clock limit (SIGALRM: the simulator is pure Python, so the alarm interrupts it)."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def compile_gfx942(text: str, config, workdir: str) -> float:
    """The two compiles of a simulated gfx942 configuration in ``workdir`` (et.mlir, asm/*.rocmasm); seconds."""
    start = time.perf_counter()
    shutil.rmtree(f"{workdir}/asm", ignore_errors=True)  # the previous configuration's kernels must not linger
    argv = frontend.command(config, "kernel.mlir", "et.mlir")
    frontend._iree_compile(text, [*argv, SPLIT], workdir, frontend.COMPILE_TIMEOUT, text)
    p = subprocess.run([frontend._tool(), "et.mlir", *argv[4:], *FINISH, "-o", "kernel.vmfb"], capture_output=True,
                       text=True, timeout=frontend.COMPILE_TIMEOUT, cwd=workdir)
    if p.returncode:
        raise CompilerFailure(f"iree-compile (from executable-targets) failed: {p.stderr[-2000:]}",
                              crashed=p.returncode < 0)
    return time.perf_counter() - start


def _verdict(e: CompilerFailure) -> str:
    return "compiler-crash" if e.crashed else "limitation" if getattr(e, "limitation", "") else "rejected"


def _failure(e: CompilerFailure) -> str:
    text = str(e)
    first = next((ln for ln in text.splitlines() if "error" in ln.lower()), text.splitlines()[0] if text else "")
    return first.strip()[:200]


def gfx942_result(case, prepared, name: str, workdir: str, sim_timeout: float) -> dict:
    """One gfx942 configuration on one case: compile, simulate, judge."""
    rec = {"config": name}
    try:
        rec["compile_s"] = round(compile_gfx942(lower(case), CONFIG[name], workdir), 3)
    except CompilerFailure as e:
        return {**rec, "verdict": _verdict(e), "message": _failure(e)}
    except subprocess.TimeoutExpired:
        return {**rec, "verdict": "compile-timeout"}
    report, start = Report(), time.perf_counter()
    try:
        outs = _limited(lambda: run_module(f"{workdir}/et.mlir", f"{workdir}/asm", prepared.inputs, "gfx942",
                                           report=report), sim_timeout)
    except Unmodelled as e:
        return {**rec, "verdict": "cannot-simulate", "reason": str(e)[:300]}
    except SimTimeout:
        return {**rec, "verdict": "sim-timeout", "sim_s": sim_timeout}
    except SimError as e:
        return {**rec, "verdict": "sim-error", "reason": str(e)[:300]}
    except Exception as e:  # noqa: BLE001  (a bug of the simulator itself: recorded, triaged, fixed)
        return {**rec, "verdict": "sim-crash", "reason": f"{type(e).__name__}: {e}"[:300]}
    rec["sim_s"] = round(time.perf_counter() - start, 3)
    j = judge_all(prepared.refs[CONFIG[name].profile], outs)
    rec["verdict"] = j.verdict.value
    if j.verdict.value not in RIGHT:
        rec["detail"] = j.evidence.detail[:300]
    if not report.clean():
        rec["report"] = report.summary()
    return rec


def cross_result(case, prepared, name: str, workdir: str, sim_timeout: float) -> dict:
    """``iree:cpu-O2`` (IREE's runtime) or the simulated ``iree:cuda-sm80-O2`` on the same case and inputs."""
    config, rec = CONFIG[name], {"config": name}
    start = time.perf_counter()
    try:
        handle, _, _ = frontend.compile(case, config, workdir)
    except CompilerFailure as e:
        return {**rec, "verdict": _verdict(e), "message": _failure(e)}
    rec["compile_s"] = round(time.perf_counter() - start, 3)
    start = time.perf_counter()
    try:
        outs = _limited(lambda: frontend.run(handle, prepared.inputs), sim_timeout)
    except SimTimeout:
        return {**rec, "verdict": "sim-timeout"}
    except Exception as e:  # noqa: BLE001  (a runtime error or a PTX simulator refusal: recorded by its name)
        return {**rec, "verdict": f"run-failed: {type(e).__name__}", "reason": str(e)[:200]}
    rec["run_s"] = round(time.perf_counter() - start, 3)
    rec["verdict"] = judge_all(prepared.refs[config.profile], outs).verdict.value
    return rec


def run_case(i: int, args) -> dict:
    space = "wide" if i % 4 == 3 else "default"
    seed = case_seed(args.seed, i)
    case = generate(seed, SPACES[space], DRAWN)
    names = [MAIN, OTHERS[(i + args.rotate) % len(OTHERS)]][1 if args.skip_main else 0:]
    prepared = prepare(case, [CONFIG[n] for n in (*names, CPU, CUDA)])
    rec = {"index": i, "seed": seed, "space": space, "case": case.name, "results": []}
    with tempfile.TemporaryDirectory(prefix="kf-gfx942-") as work:
        for n in names:
            rec["results"].append(gfx942_result(case, prepared, n, work, args.sim_timeout))
        wrong = any(r["verdict"] not in RIGHT + NOT_RUN for r in rec["results"])
        if wrong or (args.cross_every and i % args.cross_every == 0):
            for n in (CPU, CUDA):
                rec["results"].append(cross_result(case, prepared, n, work, args.sim_timeout))
    return rec


def _p90(xs: list[float]) -> float:
    return sorted(xs)[min(len(xs) - 1, int(0.9 * len(xs)))]


def _times(label: str, xs: list[float]) -> str:
    return f"{label} median {statistics.median(xs):.2f} s, p90 {_p90(xs):.2f} s" if xs else f"{label} -"


IGEMM = ("iree:gfx942-O2", "iree:gfx942-no-fusion", "iree:gfx942-no-vecdist")  # implicit GEMM on
KNOWN = "corpus/findings/iree-gfx942-igemm-quantized-conv-drops-zero-points"


def known_bug(rec: dict, config: str) -> str:
    """The known finding a wrong result is an instance of ('' if none): a quantized conv with a non-zero zero point
    under implicit GEMM, where the no-igemm configurations are right."""
    case = generate(rec["seed"], SPACES[rec["space"]], DRAWN)
    quantized = any(any(getattr(op, "zero_points", None) or ()) for op in case.ops)
    return KNOWN if quantized and config in IGEMM else ""


CRASH = ("compiler-crash", "compile-timeout")


def summarize(records: list[dict], out=print) -> None:
    """Verdict counts per configuration, compile and simulate times, the cannot-simulate share and reasons, the
    compiler crashes, and every case where a gfx942 configuration is not right."""
    rows = [r for rec in records for r in rec["results"]]
    gfx = [r for r in rows if r["config"].startswith("iree:gfx942")]
    cases = {r["index"]: r["space"] for r in records}  # passes over the same cases count each case once
    out(f"gfx942: {len(cases)} generated cases ({dict(Counter(cases.values()))}), "
        f"{len(gfx)} gfx942 runs over {len({r['config'] for r in gfx})} configurations (no AMD hardware checked "
        f"the simulator)")
    for name in sorted({r["config"] for r in rows}):
        _config_line(name, [r for r in rows if r["config"] == name], out)
    _cannot(gfx, out)
    for rec in records:
        _disagreement(rec, out)


def _config_line(name: str, mine: list[dict], out) -> None:
    counts = Counter(r["verdict"] for r in mine)
    out(f"  {name:<34} {len(mine):>5} runs  " + ", ".join(f"{v} {n}" for v, n in counts.most_common()))
    run = [r.get("sim_s", r.get("run_s")) for r in mine if r["verdict"] in RIGHT + ("out-of-bound",)]
    out(f"    {_times('compile', [r['compile_s'] for r in mine if 'compile_s' in r])};"
        f" {_times('simulate' if 'gfx942' in name or 'cuda' in name else 'run', [x for x in run if x])}")


def _cannot(gfx: list[dict], out) -> None:
    compiled = [r for r in gfx if r["verdict"] not in ("rejected", "limitation") + CRASH]
    cannot = [r for r in compiled if r["verdict"] == "cannot-simulate"]
    share = len(cannot) / len(compiled) if compiled else 0.0
    out(f"  cannot simulate: {len(cannot)} of {len(compiled)} compiled gfx942 runs ({share:.2%})")
    for reason, n in Counter(r["reason"].split(" in `")[0] for r in cannot).most_common(12):
        out(f"    {n:>4}  {reason}")
    flagged = [r for r in compiled if "report" in r]
    out(f"  runs the simulator flagged (LDS race, access outside any allocation or LDS): {len(flagged)}")
    for r in flagged[:5]:
        out(f"    {r['config']}: {r['report']}")
    for v in ("sim-timeout", "sim-error", "sim-crash"):
        if n := sum(r["verdict"] == v for r in compiled):
            out(f"  {v}: {n}")


def _disagreement(rec: dict, out) -> None:
    """One line per kind of trouble a case had on gfx942: a crash (on gfx942 alone or on every target), an
    instance of the known finding, or a result that is not right (to triage)."""
    mine = [r for r in rec["results"] if r["config"].startswith("iree:gfx942") and r["verdict"] not in RIGHT + NOT_RUN]
    others = {r["config"]: r["verdict"] for r in rec["results"] if not r["config"].startswith("iree:gfx942")}
    where = f"#{rec['index']} {rec['space']} seed {rec['seed']}"
    crashed = [r for r in mine if r["verdict"] in CRASH]
    if crashed:
        scope = "every target" if others.get(CPU) in CRASH else "gfx942 only"
        out(f"  compiler crash ({scope}): {where}: {', '.join(r['config'] for r in crashed)}: "
            f"{crashed[0].get('message', '')[:100]}")
    known = [r for r in mine if r not in crashed and known_bug(rec, r["config"])]
    if known:
        out(f"  known ({KNOWN.split('/')[-1]}): {where}: " + ", ".join(r["config"] for r in known))
    bad = [r for r in mine if r not in crashed and r not in known]
    if bad:
        out(f"  not right: {where}: " + "; ".join(
            f"{r['config']} {r['verdict']} {r.get('detail', r.get('reason', ''))[:100]}" for r in bad) + f" | {others}")


def _load(path: Path) -> list[dict]:
    return [json.loads(ln) for ln in path.read_text().splitlines() if ln.strip()] if path.exists() else []


def redo(args) -> None:
    """Re-run the cases of ``args.out`` whose gfx942 verdicts are in ``args.redo``; the file is rewritten
    atomically with the new records in place of the old."""
    verdicts = set(args.redo.split(","))
    records = _load(args.out)
    for k, rec in enumerate(records):
        if any(r["verdict"] in verdicts for r in rec["results"] if r["config"].startswith("iree:gfx942")):
            records[k] = run_case(rec["index"], args)
            print(f"redo #{rec['index']}:", shlex.join(f"{r['config'][5:]}={r['verdict']}" for r in records[k]["results"]))
    tmp = args.out.with_suffix(".tmp")
    tmp.write_text("".join(json.dumps(rec) + "\n" for rec in records))
    tmp.replace(args.out)
    args.summary = [args.out]


def gfx942_section(args) -> None:
    """`make bench` section: ``--gfx942-cases`` cases, summarized."""
    print(f"\n== gfx942: the simulator on {args.gfx942_cases} generated cases (no AMD hardware checked it)")
    ns = argparse.Namespace(seed=SEED, sim_timeout=120.0, cross_every=5, rotate=0, skip_main=False)
    summarize([run_case(i, ns) for i in range(args.gfx942_cases)])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.bench_gfx942", description=__doc__.splitlines()[0])
    p.add_argument("--cases", type=int, default=8, help="generated cases (indices start..start+cases-1)")
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--seed", type=int, default=SEED, help="campaign seed the case seeds derive from")
    p.add_argument("--out", type=Path, help="append one JSON line per case here (cases already in it are skipped)")
    p.add_argument("--summary", type=Path, nargs="+", help="print the summary of results files (passes over the "
                                                           "same cases, e.g. with --rotate) and exit")
    p.add_argument("--sim-timeout", type=float, default=120.0, help="seconds per simulated run")
    p.add_argument("--cross-every", type=int, default=5, help="iree:cpu-O2 and simulated CUDA on every N-th case "
                                                              "(0: only where a gfx942 configuration is not right)")
    p.add_argument("--rotate", type=int, default=0, help="case i's second configuration is OTHERS[(i + N) %% 4]")
    p.add_argument("--skip-main", action="store_true", help=f"only the second configuration, not {MAIN}")
    p.add_argument("--redo", default="", help="with --out: re-run the cases of the file where a gfx942 configuration "
                                              "got one of these comma-separated verdicts (after a simulator fix)")
    args = p.parse_args(argv)
    if args.redo:
        redo(args)
    if args.summary:
        summarize([rec for path in args.summary for rec in _load(path)])
        return 0
    done = {rec["index"] for rec in _load(args.out)} if args.out else set()
    records = []
    for i in range(args.start, args.start + args.cases):
        if i in done:
            continue
        rec = run_case(i, args)
        records.append(rec)
        if args.out:
            with args.out.open("a") as f:
                f.write(json.dumps(rec) + "\n")
        print(json.dumps({k: rec[k] for k in ("index", "space", "seed")}),
              shlex.join(f"{r['config'][5:]}={r['verdict']}" for r in rec["results"]), flush=True)
    summarize(_load(args.out) if args.out else records)
    return 0


if __name__ == "__main__":
    sys.exit(main())
