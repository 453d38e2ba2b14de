"""schedule: dlight gpu.Fallback (the rule applied; gpu.Matmul, gpu.GEMV, gpu.Reduction, gpu.GeneralReduction declined), after trace instruction 9 of 17: ReverseComputeInline(b2)

TVM and numpy only: builds the module below for x86 and saves its outputs to out/ (judged by ../check.py)."""
import os
import sys

import numpy as np
import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import poison  # noqa: E402  registers TVM's default TIR pipeline with intermediates poisoned

INPUTS = ['in0', 'in1']
OUTPUTS = [('op1', [2, 1, 23, 32], 'int32')]  # (name, shape, dtype)
SKIP = 0  # lowering passes this module has already been through (0: none)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((2, 1, 23, 32), "int8"), in1: T.Buffer((1, 1, 1, 1), "int8"), op1: T.Buffer((2, 1, 23, 32), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        for ax0, ax1, ax2 in T.grid(2, 23, 32):\n            with T.sblock("op0"):\n                v0, v1, v2 = T.axis.remap("SSS", [ax0, ax1, ax2])\n                T.reads(in0[v0, 0, v1, v2], in1[0, 0, 0, 0])\n                T.writes(op1[v0, 0, v1, v2])\n                with T.init():\n                    op1[v0, 0, v1, v2] = T.Add(0, T.Cast("int32", in0[v0, 0, v1, v2]))\n                op1[v0, 0, v1, v2] = op1[v0, 0, v1, v2] + T.Cast("int32", in0[v0, 0, v1, v2]) * T.Cast("int32", in1[0, 0, 0, 0]) + T.Cast("int32", in0[v0, 0, v1, v2])'


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
    ex(*[tvm.runtime.tensor(np.load(os.path.join(HERE, "..", "inputs", f"{n}.npy"))) for n in INPUTS], *outs)
    os.makedirs(os.path.join(HERE, "out"), exist_ok=True)
    for (name, _, _), o in zip(OUTPUTS, outs):
        np.save(os.path.join(HERE, "out", f"{name}.npy"), o.numpy())


if __name__ == "__main__":
    main()
