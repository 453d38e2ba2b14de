"""Standalone repro (TVM only): a 1x1 depthwise conv2d (MobileNet's pointwise-depthwise shape), NHWC, as an importer
writes it.

tvm.compile runs Relax's default CUDA pipeline (LegalizeOps, FuseOps/FuseTIR, dlight's default rules) and dies in
dlight's GEMV rule: AssertionError at tvm/s_tir/dlight/analysis/gemv.py (normalize): assert r_loops.
The same module compiles for llvm. Exit 1: the crash reproduced; 0: it compiled.

python repro_relax_ops.py > repro_relax_ops.txt 2>&1"""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import sys
import traceback

import tvm
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1, 4, 4, 3), "float32"),
             w: R.Tensor((1, 1, 1, 3), "float32")) -> R.Tensor((1, 4, 4, 3), "float32"):
        with R.dataflow():
            out = R.nn.conv2d(x, w, groups=3, data_layout="NHWC", kernel_layout="HWIO")
            R.output(out)
        return out


tvm.compile(Module, target=tvm.target.Target({"kind": "llvm"}))
print("llvm: compiles")
try:
    tvm.compile(Module, target=tvm.target.Target({"kind": "cuda", "arch": "sm_80"}))
except AssertionError as e:
    frame = traceback.extract_tb(e.__traceback__)[-1]
    print(f"cuda: AssertionError at {frame.filename.split('site-packages/')[-1]}:{frame.lineno} ({frame.name}): "
          f"{frame.line}")
    sys.exit(1)
print("cuda: compiles (fixed)")
