"""Standalone repro (TVM only): a row-scaled row sum, `(x * v[:, None]).sum(1)`, as a framework importer writes it.

tvm.compile runs Relax's default CUDA pipeline (LegalizeOps, FuseOps/FuseTIR, dlight's default rules) and dies in
dlight's GEMV rule: AssertionError at tvm/s_tir/dlight/analysis/gemv.py (normalize): assert s_loops.
The same module compiles for llvm. Exit 1: the crash reproduced; 0: it compiled."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import sys

import tvm
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 8), "float32"), v: R.Tensor((2, 1), "float32")) -> R.Tensor((2,), "float32"):
        with R.dataflow():
            y = R.multiply(x, v)
            out = R.sum(y, axis=[1])
            R.output(out)
        return out


tvm.compile(Module, target=tvm.target.Target({"kind": "llvm"}))
print("llvm: compiles")
try:
    tvm.compile(Module, target=tvm.target.Target({"kind": "cuda", "arch": "sm_80"}))
except AssertionError as e:
    import traceback
    frame = traceback.extract_tb(e.__traceback__)[-1]
    print(f"cuda: AssertionError at {frame.filename.split('site-packages/')[-1]}:{frame.lineno} ({frame.name}): "
          f"{frame.line}")
    sys.exit(1)
print("cuda: compiles (fixed)")
