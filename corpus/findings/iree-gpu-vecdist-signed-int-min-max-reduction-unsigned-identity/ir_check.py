"""Shows, without a GPU or a simulator, that IREE seeds an i32 `minsi` reduction with -1 (the identity of the
*unsigned* minimum) where the signed minimum's identity is 2147483647, so every row whose values are all >= 0
comes out -1.

`python3 ir_check.py`: compiles kernel.mlir (the case's function) with the `iree-compile` on PATH for CUDA sm_80 and
for HIP gfx942, as kernelfuzz's iree:cuda-sm80-O2 and iree:gfx942-O2 do, and reads the LLVM IR IREE hands the
backend (`.linked.ll`): shown when each has an `smin` with the constant -1.
`python3 ir_check.py --ir DUMP`: judges one MLIR dump (an `--mlir-print-ir-after-all` section, as `kernelfuzz
localize --evidence` passes them): shown when a `minsi` reduction, `arith.minsi` or `llvm.intr.smin` reads a
constant -1.
Exit 1: shown; 0: not shown; 2: could not run or judge (no iree-compile, no dump, no minsi in the dump).
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import verdict  # noqa: E402  (the exit rule, a copy of corpus/tools/verdict.py)
TARGETS = {"cuda sm_80": ["--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80"],
           "hip gfx942": ["--iree-hal-target-device=hip", "--iree-rocm-target=gfx942"]}
CONST = re.compile(r"(%[\w.-]+) = (?:arith\.constant (?:dense<-1> : vector<[\dx]*i32>|-1 : i32)"
                   r"|llvm\.mlir\.constant\((?:dense<-1> : vector<\d+xi32>|-1 : i32)\))")


def judge_mlir(text: str) -> int:
    """1 when a minsi reads a constant -1, 0 when minsi ops read none, 2 when the text has no minsi."""
    minus_one = set(CONST.findall(text))
    lines = [ln for ln in text.splitlines() if "minsi" in ln or "llvm.intr.smin" in ln]
    if not lines:
        return 2
    for ln in lines:
        operands = set(re.findall(r"%[\w.-]+", ln.split("=", 1)[-1]))
        if operands & minus_one:
            print("shown:", ln.strip())
            return 1
    return 0


def compiled(name: str, flags: list, work: str) -> str | None:
    dump = os.path.join(work, name.replace(" ", "-"))
    cmd = ["iree-compile", os.path.join(HERE, "kernel.mlir"), "-o", os.path.join(dump + ".vmfb"), "--iree-opt-level=O2",
           *flags, f"--iree-hal-dump-executable-intermediates-to={dump}"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    files = glob.glob(os.path.join(dump, "*.linked.ll"))
    if r.returncode or not files:
        print(f"{name}: iree-compile exit {r.returncode}, no .linked.ll: {r.stderr.strip()[:300]}")
        return None
    return open(files[0]).read()


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--ir":
        try:
            return judge_mlir(open(sys.argv[2]).read())
        except OSError as e:
            print(f"cannot read {sys.argv[2]}: {e}")
            return 2
    if shutil.which("iree-compile") is None:
        print("no iree-compile on PATH (pip install iree-base-compiler==3.13.0)")
        return 2
    shown = []
    with tempfile.TemporaryDirectory() as work:
        for name, flags in TARGETS.items():
            ll = compiled(name, flags, work)
            if ll is None:
                return 2
            hits = [ln.strip() for ln in ll.splitlines() if re.search(r"@llvm\.smin\.i32\(i32 %\w+, i32 -1\)", ln)]
            print(f"{name}: {len(hits)} smin with -1 in the LLVM IR handed to the backend" +
                  (f": {hits[0]}" if hits else ""))
            shown.append(bool(hits))
    return 1 if all(shown) else 0


if __name__ == "__main__":
    verdict.install()  # an uncaught error exits 2 or 3, never 1
    sys.exit(main())
