"""schedule: after trace instruction 6 of 11: ["ReverseComputeAt", ["b4", "l9"], [0, -1], []]

TVM and numpy only: builds the module below for x86 and saves its outputs to out/ (judged by ../check.py)."""
import os
import sys

import numpy as np
import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import poison  # noqa: E402  registers TVM's default TIR pipeline with intermediates poisoned

INPUTS = ['in2', 'in3', 'op0_in']
OUTPUTS = [('op2', [1, 7, 4, 2], 'int32')]  # (name, shape, dtype)
SKIP = 0  # lowering passes this module has already been through (0: none)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in2: T.Buffer((7,), "int32"), in3: T.Buffer((7, 7, 1, 2), "int8"), op0_in: T.Buffer((1, 7, 1, 3), "int32"), op2: T.Buffer((1, 7, 4, 2), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op1 = T.sblock_alloc_buffer((1, 7, 1, 3), "int8")\n        op2_pad = T.sblock_alloc_buffer((1, 7, 7, 5), "int8")\n        for i0, i1_0 in T.grid(1, 4):\n            for i1_1, i2, i3 in T.grid(2, 1, 3):\n                with T.sblock("op1"):\n                    v_i0 = T.axis.spatial(1, i0)\n                    v_i1 = T.axis.spatial(7, i1_0 * 2 + i1_1)\n                    v_i2, v_i3 = T.axis.remap("SS", [i2, i3])\n                    T.where(i1_0 * 2 + i1_1 < 7)\n                    T.reads(op0_in[v_i0, v_i1, v_i2, v_i3], in2[v_i1])\n                    T.writes(op1[v_i0, v_i1, v_i2, v_i3])\n                    op1[v_i0, v_i1, v_i2, v_i3] = T.Cast("int8", T.min(T.max(T.nearbyint(T.Cast("float32", op0_in[v_i0, v_i1, v_i2, v_i3] + in2[v_i1]) * T.float32(0.00909423828125)), T.float32(-128.0)), T.float32(127.0)))\n            for ax0, ax1 in T.grid(2, 3):\n                with T.sblock("op2_pad"):\n                    v_i0 = T.axis.spatial(1, 0)\n                    v_i1 = T.axis.spatial(7, i1_0 * 2 + ax0)\n                    v_i2 = T.axis.spatial(7, 3)\n                    v_i3 = T.axis.spatial(5, ax1)\n                    T.where(i1_0 * 2 + ax0 < 7)\n                    T.reads(op1[v_i0, v_i1, v_i2 - 3, v_i3])\n                    T.writes(op2_pad[v_i0, v_i1, v_i2, v_i3])\n                    op2_pad[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(3 <= v_i2 and v_i2 < 4 and 0 <= v_i3 and v_i3 < 3, op1[v_i0, v_i1, v_i2 - 3, v_i3], T.int8(0))\n        for b, k, i, j, ry, rx, rc in T.grid(1, 7, 4, 2, 1, 2, 7):\n            with T.sblock("op2"):\n                v_b, v_k, v_i, v_j, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, k, i, j, ry, rx, rc])\n                T.reads(op2_pad[v_b, v_rc, v_ry * 3 + v_i * 2, v_j * 2 + v_rx * 2], in3[v_k, v_rc, v_ry, v_rx])\n                T.writes(op2[v_b, v_k, v_i, v_j])\n                with T.init():\n                    op2[v_b, v_k, v_i, v_j] = 0\n                op2[v_b, v_k, v_i, v_j] = op2[v_b, v_k, v_i, v_j] + T.Cast("int32", op2_pad[v_b, v_rc, v_ry * 3 + v_i * 2, v_j * 2 + v_rx * 2]) * T.Cast("int32", in3[v_k, v_rc, v_ry, v_rx])'


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
