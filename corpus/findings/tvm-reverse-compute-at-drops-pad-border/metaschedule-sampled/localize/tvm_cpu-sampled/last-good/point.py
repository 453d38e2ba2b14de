"""schedule: after trace instruction 47 of 84: ["GetConsumers", ["b1"], [], ["b111"]]

TVM and numpy only: builds the module below for x86 and saves its outputs to out/ (judged by ../check.py)."""
import os
import sys

import numpy as np
import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import poison  # noqa: E402  registers TVM's default TIR pipeline with intermediates poisoned

INPUTS = ['in0', 'in1', 'in2', 'in3', 'in4', 'in5']
OUTPUTS = [('op4', [1, 7, 15, 7], 'int32')]  # (name, shape, dtype)
SKIP = 0  # lowering passes this module has already been through (0: none)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 5, 22, 24), "int8"), in1: T.Buffer((7, 5, 1, 2), "int8"), in2: T.Buffer((7,), "int32"), in3: T.Buffer((7, 7, 1, 2), "int8"), in4: T.Buffer((7,), "int32"), in5: T.Buffer((7, 1, 8), "int8"), op4: T.Buffer((1, 7, 15, 7), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0_pad = T.sblock_alloc_buffer((1, 5, 24, 28), "int8")\n        op0 = T.sblock_alloc_buffer((1, 7, 24, 13), "int32")\n        op2_pad = T.sblock_alloc_buffer((1, 7, 30, 15), "int8")\n        op2 = T.sblock_alloc_buffer((1, 7, 15, 7), "int32")\n        for i0, i1, i2, i3 in T.grid(1, 5, 24, 28):\n            with T.sblock("op0_pad"):\n                v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])\n                T.reads(in0[v_i0, v_i1, v_i2 - 2, v_i3 - 2])\n                T.writes(op0_pad[v_i0, v_i1, v_i2, v_i3])\n                op0_pad[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(2 <= v_i2 and v_i2 < 24 and 2 <= v_i3 and v_i3 < 26, in0[v_i0, v_i1, v_i2 - 2, v_i3 - 2], T.int8(0))\n        for b_0, k_0, i_0, j_0, b_1, k_1, i_1, j_1, ry_0, rx_0, rc_0, b_2, k_2, i_2, j_2, ry_1, rx_1, rc_1, b_3, k_3, i_3, j_3 in T.grid(1, 1, 8, 13, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 5, 1, 7, 3, 1):\n            with T.sblock("op0"):\n                v_b = T.axis.spatial(1, b_0 + b_1 + b_2 + b_3)\n                v_k = T.axis.spatial(7, k_0 * 7 + k_1 * 7 + k_2 * 7 + k_3)\n                v_i = T.axis.spatial(24, i_0 * 3 + i_1 * 3 + i_2 * 3 + i_3)\n                v_j = T.axis.spatial(13, j_0 + j_1 + j_2 + j_3)\n                v_ry = T.axis.reduce(1, ry_0 + ry_1)\n                v_rx = T.axis.reduce(2, rx_0 * 2 + rx_1)\n                v_rc = T.axis.reduce(5, rc_0 * 5 + rc_1)\n                T.reads(op0_pad[v_b, v_rc, v_i + v_ry, v_j * 2 + v_rx * 2], in1[v_k, v_rc, v_ry, v_rx])\n                T.writes(op0[v_b, v_k, v_i, v_j])\n                T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})\n                with T.init():\n                    op0[v_b, v_k, v_i, v_j] = 0\n                op0[v_b, v_k, v_i, v_j] = op0[v_b, v_k, v_i, v_j] + T.Cast("int32", op0_pad[v_b, v_rc, v_i + v_ry, v_j * 2 + v_rx * 2]) * T.Cast("int32", in1[v_k, v_rc, v_ry, v_rx])\n        for i0, i1, i2, i3 in T.grid(1, 7, 30, 15):\n            with T.sblock("op2_pad"):\n                v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])\n                T.reads(op0[v_i0, v_i1, v_i2 - 3, v_i3], in2[v_i1])\n                T.writes(op2_pad[v_i0, v_i1, v_i2, v_i3])\n                op2_pad[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(3 <= v_i2 and v_i2 < 27 and 0 <= v_i3 and v_i3 < 13, T.Cast("int8", T.min(T.max(T.nearbyint(T.Cast("float32", op0[v_i0, v_i1, v_i2 - 3, v_i3] + in2[v_i1]) * T.float32(0.00909423828125)) + T.float32(-7.0), T.float32(-128.0)), T.float32(127.0))), T.int8(0))\n        for b_0, k_0, i_0, j_0, b_1, k_1, i_1, j_1 in T.grid(1, 1, 1, 1, 1, 1, 5, 1):\n            for ry_0, rx_0, rc_0, b_2, k_2, i_2, j_2, ry_1, rx_1, rc_1, b_3, k_3, i_3, j_3 in T.grid(1, 2, 1, 1, 7, 1, 1, 1, 1, 7, 1, 1, 3, 7):\n                with T.sblock("op2"):\n                    v_b = T.axis.spatial(1, b_0 + b_1 + b_2 + b_3)\n                    v_k = T.axis.spatial(7, k_0 * 7 + k_1 * 7 + k_2 + k_3)\n                    v_i = T.axis.spatial(15, i_0 * 15 + i_1 * 3 + i_2 * 3 + i_3)\n                    v_j = T.axis.spatial(7, j_0 * 7 + j_1 * 7 + j_2 * 7 + j_3)\n                    v_ry = T.axis.reduce(1, ry_0 + ry_1)\n                    v_rx = T.axis.reduce(2, rx_0 + rx_1)\n                    v_rc = T.axis.reduce(7, rc_0 * 7 + rc_1)\n                    T.reads(op2_pad[v_b, v_rc, v_ry * 3 + v_i * 2, v_j * 2 + v_rx * 2], in3[v_k, v_rc, v_ry, v_rx])\n                    T.writes(op2[v_b, v_k, v_i, v_j])\n                    T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})\n                    with T.init():\n                        op2[v_b, v_k, v_i, v_j] = 0\n                    op2[v_b, v_k, v_i, v_j] = op2[v_b, v_k, v_i, v_j] + T.Cast("int32", op2_pad[v_b, v_rc, v_ry * 3 + v_i * 2, v_j * 2 + v_rx * 2]) * T.Cast("int32", in3[v_k, v_rc, v_ry, v_rx])\n            for ax0, ax1, ax2, ax3 in T.grid(1, 7, 3, 7):\n                with T.sblock("op4"):\n                    v_i0, v_i1 = T.axis.remap("SS", [ax0, ax1])\n                    v_i2 = T.axis.spatial(15, i_1 * 3 + ax2)\n                    v_i3 = T.axis.spatial(7, ax3)\n                    T.reads(op2[v_i0, v_i1, v_i2, v_i3], in4[v_i1])\n                    T.writes(op4[v_i0, v_i1, v_i2, v_i3])\n                    op4[v_i0, v_i1, v_i2, v_i3] = T.Cast("int32", T.Cast("int8", T.min(T.max(T.nearbyint(T.Cast("float32", op2[v_i0, v_i1, v_i2, v_i3] + in4[v_i1]) * T.float32(0.0069580078125)) + T.float32(-5.0), T.float32(-128.0)), T.float32(127.0))))'


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


def poisoned(shape, dtype):
    a = np.empty(shape, dtype)
    a.reshape(-1).view(np.uint8)[:] = 255 if a.dtype.kind == "f" else 165
    return a


def main():
    mod = tvm.script.from_source(SOURCE)
    with tvm.transform.PassContext(instruments=[Skip()]):
        ex = tvm.compile(mod, target=tvm.target.Target({'kind': 'llvm', 'num-cores': 2}), tir_pipeline=poison.PIPELINE)
    outs = [tvm.runtime.tensor(poisoned(shape, dtype)) for _, shape, dtype in OUTPUTS]
    ex(*[tvm.runtime.tensor(np.load(os.path.join(HERE, "..", "inputs", f"{n}.npy"))) for n in INPUTS], *outs)
    os.makedirs(os.path.join(HERE, "out"), exist_ok=True)
    for (name, _, _), o in zip(OUTPUTS, outs):
        np.save(os.path.join(HERE, "out", f"{name}.npy"), o.numpy())


if __name__ == "__main__":
    main()
