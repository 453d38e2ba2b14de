"""Standalone repro (TVM only): the sum of a transposed, flattened matrix, `x.T.reshape(-1).sum()`, written as one TE
reduction and emitted into a Relax function with BlockBuilder.emit_te (the way Relax users and frontends add
custom kernels).

tvm.compile runs Relax's default CUDA pipeline (LegalizeOps, FuseOps/FuseTIR, dlight's default rules) and dies in
dlight's Reduction rule: KeyError at tvm/s_tir/dlight/gpu/reduction.py (_normalize): info = iter_to_info.pop(var).
The same module compiles for llvm. Exit 1: the crash reproduced; 0: it compiled."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import sys
import traceback

import tvm
from tvm import relax, te


def flat_transposed_sum(x):
    r = te.reduce_axis((0, 12), name="r")
    return te.compute((1,), lambda i: te.sum(x[r % 3, r // 3], axis=r), name="out")


bb = relax.BlockBuilder()
x = relax.Var("x", relax.TensorType([3, 4], "float32"))
with bb.function("main", [x]):
    with bb.dataflow():
        out = bb.emit_output(bb.emit_te(flat_transposed_sum, x))
    bb.emit_func_output(out)
Module = bb.get()

tvm.compile(Module, target=tvm.target.Target({"kind": "llvm"}))
print("llvm: compiles")
try:
    tvm.compile(Module, target=tvm.target.Target({"kind": "cuda", "arch": "sm_80"}))
except KeyError as e:
    frame = traceback.extract_tb(e.__traceback__)[-1]
    print(f"cuda: KeyError {e} at {frame.filename.split('site-packages/')[-1]}:{frame.lineno} ({frame.name}): "
          f"{frame.line}")
    sys.exit(1)
print("cuda: compiles (fixed)")
