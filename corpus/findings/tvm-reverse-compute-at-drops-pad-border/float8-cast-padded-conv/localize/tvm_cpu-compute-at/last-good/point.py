"""schedule: after trace instruction 5 of 11: ["Split", ["l7", "None", 2], [true, false], ["l9", "l10"]]

TVM and numpy only: builds the module below for x86 and saves its outputs to out/ (judged by ../check.py)."""
import os
import sys

import numpy as np
import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import poison  # noqa: E402  registers TVM's default TIR pipeline with intermediates poisoned

INPUTS = [('in0', 'float8_e5m2'), ('in1', 'float16')]  # (name, dtype)
OUTPUTS = [('op0', [1, 1, 4, 4], 'float16')]  # (name, shape, dtype)
SKIP = 0  # lowering passes this module has already been through (0: none)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 1, 3, 3), "float8_e5m2"), in1: T.Buffer((1, 1, 2, 2), "float16"), op0: T.Buffer((1, 1, 4, 4), "float16")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        in0_f16 = T.sblock_alloc_buffer((1, 1, 3, 3), "float16")\n        op0_pad = T.sblock_alloc_buffer((1, 1, 5, 5), "float16")\n        for i0, i1, i2_0, i2_1, i3 in T.grid(1, 1, 2, 2, 3):\n            with T.sblock("in0_f16"):\n                v_i0, v_i1 = T.axis.remap("SS", [i0, i1])\n                v_i2 = T.axis.spatial(3, i2_0 * 2 + i2_1)\n                v_i3 = T.axis.spatial(3, i3)\n                T.where(i2_0 * 2 + i2_1 < 3)\n                T.reads(in0[v_i0, v_i1, v_i2, v_i3])\n                T.writes(in0_f16[v_i0, v_i1, v_i2, v_i3])\n                in0_f16[v_i0, v_i1, v_i2, v_i3] = T.Cast("float16", T.Cast("float32", in0[v_i0, v_i1, v_i2, v_i3]))\n        for i0, i1, i2, i3 in T.grid(1, 1, 5, 5):\n            with T.sblock("op0_pad"):\n                v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])\n                T.reads(in0_f16[v_i0, v_i1, v_i2 - 1, v_i3 - 1])\n                T.writes(op0_pad[v_i0, v_i1, v_i2, v_i3])\n                op0_pad[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(1 <= v_i2 and v_i2 < 4 and 1 <= v_i3 and v_i3 < 4, in0_f16[v_i0, v_i1, v_i2 - 1, v_i3 - 1], T.float16(0.0))\n        for b, k, i, j, ry, rx, rc in T.grid(1, 1, 4, 4, 2, 2, 1):\n            with T.sblock("op0"):\n                v_b, v_k, v_i, v_j, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, k, i, j, ry, rx, rc])\n                T.reads(op0_pad[v_b, v_rc, v_i + v_ry, v_j + v_rx], in1[v_k, v_rc, v_ry, v_rx])\n                T.writes(op0[v_b, v_k, v_i, v_j])\n                with T.init():\n                    op0[v_b, v_k, v_i, v_j] = T.float16(0.0)\n                op0[v_b, v_k, v_i, v_j] = op0[v_b, v_k, v_i, v_j] + op0_pad[v_b, v_rc, v_i + v_ry, v_j + v_rx] * in1[v_k, v_rc, v_ry, v_rx]'


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
