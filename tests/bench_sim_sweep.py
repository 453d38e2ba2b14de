"""The full byte-for-byte sweeps of the ``sim`` section, resumable and recorded: each vector machine against the
reference machine it replaced, on generated cases (issue 46, item 2).

Streams (each one file ``OUT/<stream>.jsonl``):

* ``iree-cuda-sm80-O2`` and ``tvm-cuda-dlight``: generated case ``i`` of campaign seed ``SWEEP_SEED``
  (tests/bench_sim_vector.py, the small cases the H200 ran) compiled for the configuration, run on the vector PTX
  machine and on the reference (thread by thread) machine: outputs, failure and run facts compared;
* ``gfx942-lockstep``: case ``i`` of the gfx942 validation set (tests/bench_gfx942.py) through ``iree:gfx942-O2`` on
  the lockstep machine and on the wave-by-wave machine (tests/bench_gfx942_lockstep.py): outputs, every record of the
  report and the error raised compared.

The PTX streams compile each case in one spawned worker (``_compiled``): a compiler that aborts its process takes
only the worker down, and the case is recorded as not compiled, with why.

One JSON line per case, sorted by index: ``{"index", "compiled", "same", "differs"}`` (``differs``: what differs, or
why the case was not compared, such as a run past the sweep's limit), nothing that depends on the machine or the
time, rewritten whole through a temporary file after each case (a killed sweep leaves every file whole).  The
results are committed (``tests/data/sim-sweep/``), like the release sweep's, so ``make bench`` reads them back and
runs only the cases missing; ``--fresh`` starts over in a temporary folder.

``python -m tests.bench_sim_sweep --cases 1000 --streams gfx942-lockstep`` runs one stream (resumes; ``--time S``:
no case starts after S seconds); ``--summary`` prints what is there.  Run two streams in two processes to use two cores.
A gfx942 case either machine does not finish within ``--limit`` seconds (default: tests/bench_gfx942_lockstep.py's
``LIMIT``) is recorded as not compared; ``--retry`` runs those again (with a larger ``--limit``).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from tests import ROOT

OUT = ROOT / "tests" / "data" / "sim-sweep"
STREAMS = ("iree-cuda-sm80-O2", "tvm-cuda-dlight", "gfx942-lockstep")


COMPILE_TIMEOUT = 900  # seconds for one generated case's compile in the sweep's worker
_POOL: list = []  # the sweep's one compile worker (spawned once; pebble starts a new one where a compile killed it)


def _compile(config: str, index: int, work: str):
    """In the worker: (handle, inputs) of generated case ``index`` compiled for ``config``, or None."""
    from tests.bench_sim_vector import SWEEP_SEED
    from tests.ptx_compare import generated
    got = generated(config, SWEEP_SEED, index, Path(work))
    return None if got is None else got[1:]


def _compiled(config: str, index: int):
    """(frontend, handle, inputs) of the case, None where it does not compile, or why its compile never returned:
    the compile runs in a spawned worker, so a compiler that aborts its process (``tvm:cuda-dlight`` case 919 ends in
    ``terminate called after throwing an instance of 'tvm::ffi::Error'``) or hangs ends that worker, not the sweep."""
    import importlib
    import multiprocessing
    from concurrent.futures import TimeoutError as FutureTimeout

    import pebble
    if not _POOL:
        _POOL.append(pebble.ProcessPool(max_workers=1, context=multiprocessing.get_context("spawn")))
    future = _POOL[0].schedule(_compile, (config, index, tempfile.mkdtemp()), timeout=COMPILE_TIMEOUT)
    try:
        got = future.result()
    except pebble.ProcessExpired as e:
        return f"the compiler ended its process (exit code {e.exitcode})"
    except FutureTimeout:
        return f"the compile ran past {COMPILE_TIMEOUT} s"
    if got is None:
        return None
    return (importlib.import_module(f"frontends.{config.split(':')[0]}.frontend"), *got)


def _ptx_case(config: str, index: int) -> dict:
    from tests.ptx_compare import frontend_outcome
    got = _compiled(config, index)
    if not isinstance(got, tuple):
        return {"compiled": False, "same": True, "differs": got or ""}
    ref, vec = (frontend_outcome(*got, engine)[:2] for engine in ("reference", "vector"))
    differs = "" if ref == vec else f"reference {str(ref)[:300]} vector {str(vec)[:300]}"
    return {"compiled": True, "same": ref == vec, "differs": differs}


def _gfx942_case(index: int) -> dict:
    from tests.bench_gfx942_lockstep import compare
    same, what = compare(index, tempfile.mkdtemp())
    return {"compiled": what != "did not compile", "same": same, "differs": "" if what == "did not compile" else what}


def run_case(stream: str, index: int) -> dict:
    if stream == "gfx942-lockstep":
        return {"index": index, **_gfx942_case(index)}
    config = {"iree-cuda-sm80-O2": "iree:cuda-sm80-O2", "tvm-cuda-dlight": "tvm:cuda-dlight"}[stream]
    return {"index": index, **_ptx_case(config, index)}


def read(stream: str, out: Path = OUT) -> dict[int, dict]:
    path = out / f"{stream}.jsonl"
    if not path.exists():
        return {}
    rows = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return {r["index"]: r for r in rows}


def _write(stream: str, rows: dict[int, dict], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.writelines(json.dumps(rows[i], sort_keys=True) + "\n" for i in sorted(rows))
    os.replace(tmp, out / f"{stream}.jsonl")


def _not_compared(row: dict) -> bool:
    return row["compiled"] and row["same"] and bool(row["differs"])


def sweep(stream: str, cases: int, out: Path = OUT, until: float = float("inf"), retry: bool = False,
          first: int = 0) -> dict:
    """Run the cases of ``stream`` from ``first`` to below ``cases`` missing from its file (``retry``: and those not
    compared); return every row of the file."""
    rows = read(stream, out)
    for i in range(first, cases):
        if i in rows and not (retry and _not_compared(rows[i])):
            continue
        if time.time() > until:
            break
        start = time.perf_counter()
        rows[i] = run_case(stream, i)
        _write(stream, rows, out)
        mark = ("not compiled" if not rows[i]["compiled"] else "not compared" if _not_compared(rows[i])
                else "same" if rows[i]["same"] else "DIFFERENT")
        print(f"  {stream} case {i}: {mark} "
              f"({time.perf_counter() - start:.1f} s)", flush=True)
    return rows


def summary(stream: str, cases: int, out: Path = OUT) -> str:
    rows = [r for i, r in read(stream, out).items() if i < cases]
    compiled = [r for r in rows if r["compiled"]]
    different = [r for r in compiled if not r["same"]]
    skipped = [r for r in compiled if _not_compared(r)]
    lines = [f"  {stream}: {len(rows)} of {cases} cases swept, {len(compiled)} compiled: "
             f"{len(compiled) - len(different) - len(skipped)} the same byte for byte, {len(different)} different, "
             f"{len(skipped)} not compared"]
    lines += [f"    DIFFERENT case {r['index']}: {r['differs']}" for r in different]
    lines += [f"    not compared case {r['index']}: {r['differs']}" for r in skipped]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cases", type=int, default=1000, help="cases per stream (default 1000)")
    p.add_argument("--streams", default=",".join(STREAMS), help=f"comma-separated, of {', '.join(STREAMS)}")
    p.add_argument("--time", type=float, default=float("inf"), help="no case starts after this many seconds")
    p.add_argument("--summary", action="store_true", help="print what is recorded and run nothing")
    p.add_argument("--fresh", action="store_true", help="start over in a temporary folder (the record is kept)")
    p.add_argument("--retry", action="store_true", help="run again the cases recorded as not compared")
    p.add_argument("--limit", type=float, help="seconds per simulated gfx942 run before a case is not compared")
    p.add_argument("--first", type=int, default=0, help="start at this case (a second process takes the cases from "
                                                         "here, into its own --out)")
    p.add_argument("--out", type=Path, default=OUT, help="the folder of the record (default tests/data/sim-sweep)")
    p.add_argument("--merge", type=Path, help="fold the rows recorded in this folder into --out, then summarize")
    args = p.parse_args(argv)
    streams = [s for s in args.streams.split(",") if s]
    unknown = [s for s in streams if s not in STREAMS]
    if unknown:
        print(f"error: unknown stream {unknown[0]!r}; use one of {', '.join(STREAMS)}", file=sys.stderr)
        return 2
    if args.limit:
        from tests import bench_gfx942_lockstep
        bench_gfx942_lockstep.LIMIT = int(args.limit) if args.limit.is_integer() else args.limit  # "past 1800 s"
    out = Path(tempfile.mkdtemp()) if args.fresh else args.out
    until = time.time() + args.time
    for s in streams:
        if args.merge:
            _write(s, {**read(s, out), **read(s, args.merge)}, out)
        elif not args.summary:
            sweep(s, args.cases, out, until, args.retry, args.first)
        print(summary(s, args.cases, out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
