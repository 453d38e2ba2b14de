"""schedule: dlight gpu.Fallback (the rule applied; gpu.Matmul, gpu.GEMV, gpu.Reduction, gpu.GeneralReduction declined), after trace instruction 13 of 13: Bind(l8, threadIdx.x)

TVM and numpy only: builds the module below for x86 and saves its outputs to out/ (judged by ../check.py)."""
import os
import sys

import numpy as np
import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import poison  # noqa: E402  registers TVM's default TIR pipeline with intermediates poisoned

INPUTS = [('x', 'float16')]  # (name, dtype)
OUTPUTS = [('y', [1], 'float16')]  # (name, shape, dtype)
SKIP = 0  # lowering passes this module has already been through (0: none)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(x: T.Buffer((1,), "float16"), y: T.Buffer((1,), "float16")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        for ax0_fused_0, ax0_fused_1 in T.grid(T.int64(1), T.int64(256)):\n            with T.sblock("y"):\n                v0 = T.axis.spatial(T.int64(1), T.int64(0))\n                T.where(ax0_fused_0 * T.int64(256) + ax0_fused_1 < T.int64(1))\n                T.reads(x[0])\n                T.writes(y[0])\n                y[0] = T.Cast("float16", T.erf(T.Cast("float32", x[0])))'


def load(name, dtype):
    """An input as TVM takes it: bf16 and float8 are kept as raw bytes (numpy has no name for them), read as
    ml_dtypes' type of that name."""
    a = np.load(os.path.join(HERE, "..", "inputs", f"{name}.npy"))
    if a.dtype.kind == "V":
        import ml_dtypes
        a = a.view(getattr(ml_dtypes, dtype))
    return a


@tvm.ir.instrument.pass_instrument
class Skip:
    """Skips the first SKIP passes of the lowering pipeline (those directly inside TVM's default `_pipeline`)."""

    def __init__(self):
        self.depth, self.pipe, self.count = 0, None, 0

    def should_run(self, mod, info):
        leaf = (self.pipe is not None and self.depth == self.pipe + 2) or info.name == "kernelfuzz.PoisonAllocations"
        if leaf and self.count < SKIP:
            self.count += 1
            return False
        return True

    def run_before_pass(self, mod, info):
        if info.name == "_pipeline":
            self.pipe = self.depth
        self.depth += 1

    def run_after_pass(self, mod, info):
        self.depth -= 1
        if info.name == "_pipeline":
            self.pipe = None


def main():
    mod = tvm.script.from_source(SOURCE)
    with tvm.transform.PassContext(instruments=[Skip()]):
        ex = tvm.compile(mod, target=tvm.target.Target({'kind': 'llvm', 'num-cores': 2}), tir_pipeline=poison.PIPELINE)
    outs = [tvm.runtime.tensor(poison.poisoned(shape, dtype)) for _, shape, dtype in OUTPUTS]
    ex(*[tvm.runtime.tensor(load(n, t)) for n, t in INPUTS], *outs)
    os.makedirs(os.path.join(HERE, "out"), exist_ok=True)
    for (name, _, _), o in zip(OUTPUTS, outs):
        np.save(os.path.join(HERE, "out", f"{name}.npy"), o.numpy())


if __name__ == "__main__":
    main()
