"""schedule: dlight gpu.Matmul (the rule applied), after trace instruction 11 of 73: PadEinsum(b1, [1, 32, 64, 16])

TVM and numpy only: builds the module below for x86 and saves its outputs to out/ (judged by ../check.py)."""
import os
import sys

import numpy as np
import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import poison  # noqa: E402  registers TVM's default TIR pipeline with intermediates poisoned

INPUTS = ['in0', 'in1']
OUTPUTS = [('op0', [1, 4, 1, 6], 'int32')]  # (name, shape, dtype)
SKIP = 0  # lowering passes this module has already been through (0: none)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 3, 1, 6), "int8"), in1: T.Buffer((4, 3, 1, 1), "int8"), op0: T.Buffer((1, 4, 1, 6), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        in0_reindex = T.sblock_alloc_buffer((1, 6, 3), "int8")\n        in1_reindex = T.sblock_alloc_buffer((1, 4, 3), "int8")\n        op0_reindex = T.sblock_alloc_buffer((1, 6, 4), "int32")\n        in0_reindex_pad = T.sblock_alloc_buffer((1, 32, 16), "int8")\n        in1_reindex_pad = T.sblock_alloc_buffer((1, 64, 16), "int8")\n        op0_reindex_pad = T.sblock_alloc_buffer((1, 32, 64), "int32")\n        for ax0, ax1, ax2, ax3, ax4 in T.grid(1, 1, 6, 1, 3):\n            with T.sblock("in0_reindex_reindex"):\n                v0, v1, v2, v3, v4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])\n                T.reads(in0[v0, v4, v1 + v3, v2])\n                T.writes(in0_reindex[0, v2, v4])\n                in0_reindex[0, v2, v4] = in0[v0, v4, v1 + v3, v2]\n        for ax0, ax1, ax2, ax3 in T.grid(4, 1, 1, 3):\n            with T.sblock("in1_reindex_reindex"):\n                v0, v1, v2, v3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])\n                T.reads(in1[v0, v3, v1, v2])\n                T.writes(in1_reindex[0, v0, v3])\n                in1_reindex[0, v0, v3] = in1[v0, v3, v1, v2]\n        for i0, i1, i2 in T.grid(1, 32, 16):\n            with T.sblock("in0_reindex_pad"):\n                v0, v1, v2 = T.axis.remap("SSS", [i0, i1, i2])\n                T.reads(in0_reindex[v0, v1, v2])\n                T.writes(in0_reindex_pad[v0, v1, v2])\n                in0_reindex_pad[v0, v1, v2] = T.if_then_else(v1 < 6 and v2 < 3, in0_reindex[v0, v1, v2], T.int8(0))\n        for i0, i1, i2 in T.grid(1, 64, 16):\n            with T.sblock("in1_reindex_pad"):\n                v0, v1, v2 = T.axis.remap("SSS", [i0, i1, i2])\n                T.reads(in1_reindex[v0, v1, v2])\n                T.writes(in1_reindex_pad[v0, v1, v2])\n                in1_reindex_pad[v0, v1, v2] = T.if_then_else(v1 < 4 and v2 < 3, in1_reindex[v0, v1, v2], T.int8(0))\n        for ax0, ax1, ax2, ax3 in T.grid(1, 32, 64, 16):\n            with T.sblock("op0"):\n                v0, v1, v2, v3 = T.axis.remap("SSSR", [ax0, ax1, ax2, ax3])\n                T.reads(in0_reindex_pad[0, v1, v3], in1_reindex_pad[0, v2, v3])\n                T.writes(op0_reindex_pad[0, v1, v2])\n                with T.init():\n                    op0_reindex_pad[0, v1, v2] = 0\n                op0_reindex_pad[0, v1, v2] = op0_reindex_pad[0, v1, v2] + (T.Cast("int32", in0_reindex_pad[0, v1, v3]) + 61) * (T.Cast("int32", in1_reindex_pad[0, v2, v3]) - 61)\n        for i0, i1, i2 in T.grid(1, 6, 4):\n            with T.sblock("op0_reindex_pad"):\n                v0, v1, v2 = T.axis.remap("SSS", [i0, i1, i2])\n                T.reads(op0_reindex_pad[v0, v1, v2])\n                T.writes(op0_reindex[v0, v1, v2])\n                op0_reindex[v0, v1, v2] = op0_reindex_pad[v0, v1, v2]\n        for ax0, ax1, ax2, ax3 in T.grid(1, 4, 1, 6):\n            with T.sblock("op0_reindex"):\n                v0, v1, v2, v3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])\n                T.reads(op0_reindex[0, v3, v1])\n                T.writes(op0[v0, v1, v2, v3])\n                op0[v0, v1, v2, v3] = op0_reindex[0, v3, v1]'


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
