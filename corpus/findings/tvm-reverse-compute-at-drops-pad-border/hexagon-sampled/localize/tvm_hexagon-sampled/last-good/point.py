"""schedule: after trace instruction 21 of 40: ["GetConsumers", ["b0"], [], ["b54"]]

TVM and numpy only: builds the module below for x86 and saves its outputs to out/ (judged by ../check.py)."""
import os
import sys

import numpy as np
import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import poison  # noqa: E402  registers TVM's default TIR pipeline with intermediates poisoned

INPUTS = ['in0', 'in1']
OUTPUTS = [('op1', [1, 2, 1, 7], 'float32')]  # (name, shape, dtype)
SKIP = 0  # lowering passes this module has already been through (0: none)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 6, 1, 6), "float16"), in1: T.Buffer((5, 1, 1, 6), "float16"), op1: T.Buffer((1, 2, 1, 7), "float32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0 = T.sblock_alloc_buffer((1, 2, 1, 6))\n        for b_0, i_0, j_0, k_0, b_1, i_1, j_1, k_1, ry_0, rx_0, rc_0, b_2, i_2, j_2, k_2, ry_1, rx_1, rc_1, b_3, i_3, j_3, k_3 in T.grid(1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 5, 1, 1, 1, 1, 1, 3):\n            with T.sblock("op0"):\n                v_b = T.axis.spatial(1, b_0 + b_1 + b_2 + b_3)\n                v_i = T.axis.spatial(2, i_0 * 2 + i_1 + i_2 + i_3)\n                v_j = T.axis.spatial(1, j_0 + j_1 + j_2 + j_3)\n                v_k = T.axis.spatial(6, k_0 * 6 + k_1 * 6 + k_2 * 3 + k_3)\n                v_ry = T.axis.reduce(5, ry_0 * 5 + ry_1)\n                v_rx = T.axis.reduce(1, rx_0 + rx_1)\n                v_rc = T.axis.reduce(1, rc_0 + rc_1)\n                T.reads(in0[v_b, v_i + v_ry, v_j + v_rx, v_k + v_rc], in1[v_ry, v_rx, v_rc, v_k])\n                T.writes(op0[v_b, v_i, v_j, v_k])\n                T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})\n                with T.init():\n                    op0[v_b, v_i, v_j, v_k] = T.float32(0.0)\n                op0[v_b, v_i, v_j, v_k] = op0[v_b, v_i, v_j, v_k] + T.Cast("float32", in0[v_b, v_i + v_ry, v_j + v_rx, v_k + v_rc]) * T.Cast("float32", in1[v_ry, v_rx, v_rc, v_k])\n        for i0, i1, i2, i3 in T.grid(1, 2, 1, 7):\n            with T.sblock("op1"):\n                v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])\n                T.reads(op0[v_i0, v_i1, v_i2, v_i3 - 1])\n                T.writes(op1[v_i0, v_i1, v_i2, v_i3])\n                op1[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(0 <= v_i0 and v_i0 < 1 and 0 <= v_i1 and v_i1 < 2 and 0 <= v_i2 and v_i2 < 1 and 1 <= v_i3 and v_i3 < 7, op0[v_i0, v_i1, v_i2, v_i3 - 1], T.float32(0.0))'


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
