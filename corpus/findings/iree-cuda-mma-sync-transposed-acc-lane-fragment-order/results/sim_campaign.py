"""The CUDA cases of the issue-27 H200 campaigns (seeds 8 and 9) in kernelfuzz's PTX simulator, beside the H200.

usage, from the repository root (kernelfuzz importable, IREE 3.13's iree-compile / iree-opt on PATH):
  PYTHONPATH=$PWD python corpus/findings/iree-cuda-mma-sync-transposed-acc-lane-fragment-order/results/sim_campaign.py \
      CASES OUT
CASES: the H200 session's case folders (tests/data/gpu/cases: SEED/case.json, SEED/results.json as kernelfuzz saved
them there).  Writes OUT/sim_cases.txt (one line per case: the H200's verdict, bad count and first five bad indices,
then the simulator's on the PTX iree-compile 3.13 emits here) and OUT/ablation.jsonl (a JSON line per case, not a
.json file: `kernelfuzz replay` reads every .json under corpus/ as a case; four simulations per case:
as compiled; with each lane's 2x2 accumulator fragment transposed at every mma.sync, the MMA bug's fix, `swap`;
with the mask fold disabled by the mask finding's ablate_maskfold.py, `nofold`; both).  Out-of-bounds reads return
zeros (the simulator's default); the count of such reads is kept.  Nothing here needs a GPU; nothing here is a GPU.
"""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
# kernelfuzz's PTX simulator is the package frontends.devices.ptx of this checkout (ROOT)
MASK = ROOT / "corpus" / "findings" / "mlir-vector-shape-cast-create-mask-fold-drops-unit-dim-size"
IREE = shutil.which("iree-compile") or "iree-compile"  # IREE 3.13 on PATH
CONFIG = "iree:cuda-sm80-O2"


def load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def prepared(case_path: Path):
    """The case's kernel (kernelfuzz's lowering), inputs and references under the configuration's profile."""
    import frontends
    from fuzz.case.values import materialize_all
    from fuzz.casefile import load as load_case
    from fuzz.execute.runner import references

    case = load_case(str(case_path))
    config = frontends.select(CONFIG).configs[0]
    values = materialize_all(case)
    refs = references(case, values, {config.profile})[config.profile]
    return lowering()(case), [values[t.name] for t in case.inputs], refs, list(config.flags)


def lowering():
    """kernelfuzz's case -> MLIR lowering, wherever this checkout keeps it (frontends/ was being regrouped)."""
    try:
        from frontends.iree.lower import lower
    except ImportError:
        from frontends.iree_lower import lower
    return lower


def build(kernel: Path, flags: list, out: Path) -> tuple[Path, Path]:
    subprocess.run([IREE, str(kernel), *flags, "--compile-to=executable-targets", "-o", str(out / "et.mlir")],
                   check=True, capture_output=True)
    subprocess.run([IREE, str(out / "et.mlir"), *flags, "--compile-from=executable-targets",
                    f"--iree-hal-dump-executable-files-to={out / 'ptx'}", "-o", str(out / "k.vmfb")],
                   check=True, capture_output=True)
    return out / "et.mlir", out / "ptx"


def simulate(ptxsim, et: Path, ptx: Path, inputs: list, refs: list, swap: bool) -> dict:
    from fuzz.execute.runner import judge_all

    ptxsim.ops_warp.SWAP_ACC = swap
    stats = {}
    try:
        outs = ptxsim.run_module(str(et), str(ptx), inputs, stats=stats, memory=ptxsim.Memory(outside="zero"))
    except Exception as e:  # the simulator raises on PTX it does not model: report it, never guess
        return {"verdict": "sim-error", "detail": f"{type(e).__name__}: {str(e)[:200]}"}
    finally:
        ptxsim.ops_warp.SWAP_ACC = False
    j = judge_all(refs, outs)
    return {"verdict": j.verdict.value, "bad": j.evidence.bad, "first_bad": [list(i) for i in j.evidence.first_bad],
            "detail": j.evidence.detail, "oob_reads": len(stats["mem"].oob_reads)}


def h200(results: Path) -> dict:
    row = next(r for r in json.loads(results.read_text()) if r["config"] == CONFIG)
    ev = row["evidence"]
    return {"verdict": row["verdict"], "bad": ev["bad"], "first_bad": ev["first_bad"], "detail": ev["detail"]}


def one(ptxsim, ablate, folder: Path, work: Path) -> dict:
    text, inputs, refs, flags = prepared(folder / "case.json")
    kernel = work / "kernel.mlir"
    kernel.write_text(text)
    row = {"case": folder.name, "h200": h200(folder / "results.json")}
    plain = work / "plain"
    plain.mkdir()
    et, ptx = build(kernel, flags, plain)
    row["plain"] = simulate(ptxsim, et, ptx, inputs, refs, False)
    row["swap"] = simulate(ptxsim, et, ptx, inputs, refs, True)
    try:
        ablate.run(str(kernel), str(work / "nofold"))
        row["nofold"] = simulate(ptxsim, work / "nofold" / "et.mlir", work / "nofold" / "dump", inputs, refs, False)
        row["both"] = simulate(ptxsim, work / "nofold" / "et.mlir", work / "nofold" / "dump", inputs, refs, True)
    except Exception as e:  # ablate_maskfold.py re-runs IREE's pass list in iree-opt; say where it could not
        row["nofold"] = row["both"] = {"verdict": "ablation-error", "detail": f"{type(e).__name__}: {str(e)[-200:]}"}
    return row


def same(a: dict, b: dict) -> bool:
    return a["verdict"] == b["verdict"] and a.get("bad") == b.get("bad") and \
        [list(i) for i in a.get("first_bad", [])] == [list(i) for i in b.get("first_bad", [])]


def line(r: dict) -> str:
    h, p = r["h200"], r["plain"]
    agree = "same" if same(h, p) else "DIFFERENT"
    return (f"{r['case']:16s} H200 {h['verdict']} bad={h['bad']} first={h['first_bad']} | sim {p['verdict']} "
            f"bad={p.get('bad')} first={p.get('first_bad')} oob_reads={p.get('oob_reads')} | {agree}")


def main(cases: Path, out: Path) -> int:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT))
    from frontends.devices import ptx as ptxsim
    ablate = load("ablate_maskfold", MASK / "ablate_maskfold.py")
    rows = []
    for folder in sorted(p for p in cases.iterdir() if (p / "case.json").is_file()):
        work = Path(tempfile.mkdtemp(prefix="kf-simcase-"))
        try:
            rows.append(one(ptxsim, ablate, folder, work))
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print(line(rows[-1]), flush=True)
    agree = sum(same(r["h200"], r["plain"]) for r in rows)
    head = (f"{len(rows)} cases of {cases} ({CONFIG}); the H200's result (results.json) beside the simulator's on the "
            f"PTX compiled here; same = same verdict, bad count and first five bad indices: {agree} of {len(rows)}\n")
    out.mkdir(parents=True, exist_ok=True)
    (out / "sim_cases.txt").write_text(head + "".join(line(r) + "\n" for r in rows))
    (out / "ablation.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    shown = verdict.claim("the simulator gives the H200's verdict on every campaign case", bool(rows) and agree == len(rows))
    return 1 if shown else 0  # the exit rule


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)  # no arguments: nothing to judge (the exit rule's 2)
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
