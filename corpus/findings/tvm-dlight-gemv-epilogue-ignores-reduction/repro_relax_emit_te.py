"""TVM-only repro: dlight's GPU GEMV rule asserts on a GEMV whose fused epilogue does not read the GEMV result.

A matrix-vector product followed by an elementwise op written with ``BlockBuilder.emit_te``.  The op is
``c - c``; ``te.create_prim_func`` simplifies its body to ``0`` while keeping ``c`` as its argument, so after
``FuseOps``/``FuseTIR`` the fused PrimFunc holds the GEMV block and an epilogue block that reads nothing.
``tvm.compile`` for CUDA and ROCm then fails in ``ApplyDefaultSchedule`` (dlight's ``GEMV`` rule,
``gpu/gemv.py:301``, ``assert sch.get(ts_o).extent.value == 1``); for llvm it compiles.

Exit status 0: reproduced (CUDA and ROCm fail with that assert, llvm compiles)."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import os
import sys
import traceback

import tvm
from tvm import relax, te
from tvm.script import relax as R

# ROCm code objects need AMD's device bitcode and ld.lld (Debian: rocm-device-libs, lld-19); only the
# gfx942 compile is needed, no GPU.
os.environ.setdefault("ROCM_PATH", "/usr/lib/x86_64-linux-gnu")
os.environ["PATH"] = "/usr/lib/llvm-19/bin:" + os.environ.get("PATH", "")

TARGETS = {"llvm": "llvm", "cuda": {"kind": "cuda", "arch": "sm_80"}, "rocm": {"kind": "rocm", "mcpu": "gfx942"}}


def module():
    bb = relax.BlockBuilder()
    a = relax.Var("A", R.Tensor((1, 64, 4096), "float16"))
    v = relax.Var("v", R.Tensor((4096, 1), "float16"))
    with bb.function("main", [a, v]):
        with bb.dataflow():
            c = bb.emit(relax.op.matmul(a, v))  # (1, 64, 1): a GEMV
            y = bb.emit_output(bb.emit_te(lambda t: te.compute(t.shape, lambda *i: t(*i) - t(*i), name="E"), c))
        bb.emit_func_output(y)
    return bb.get()


def outcome(target) -> str:
    try:
        tvm.compile(module(), target=tvm.target.Target(target))
        return "compiles"
    except Exception as e:  # noqa: BLE001 - we report whatever the compiler raised
        frame = traceback.extract_tb(e.__traceback__)[-1]
        return f"{type(e).__name__} at {frame.filename.split('site-packages/')[-1]}:{frame.lineno}: {frame.line}"


def main() -> int:
    print(module().script())
    results = {name: outcome(target) for name, target in TARGETS.items()}
    for name, result in results.items():
        print(f"{name}: {result}")
    crash = "gemv.py:301: assert sch.get(ts_o).extent.value == 1"
    reproduced = results["llvm"] == "compiles" and all(crash in results[t] for t in ("cuda", "rocm"))
    print("reproduced" if reproduced else "NOT reproduced")
    return 1 if reproduced else 0  # the exit rule: 1 when the bug is shown


if __name__ == "__main__":
    sys.exit(main())
