"""schedule: dlight gpu.Matmul (the rule applied), after trace instruction 71 of 75: ReverseComputeInline(b82)

TVM and numpy only: builds the module below for x86 and saves its outputs to out/ (judged by ../check.py)."""
import os
import sys

import numpy as np
import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import poison  # noqa: E402  registers TVM's default TIR pipeline with intermediates poisoned

INPUTS = [('in0', 'float16'), ('in1', 'float16')]  # (name, dtype)
OUTPUTS = [('op0_col0', [28], 'float16')]  # (name, shape, dtype)
SKIP = 0  # lowering passes this module has already been through (0: none)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((7, 6), "float16"), in1: T.Buffer((4, 6), "float16"), op0_col0: T.Buffer((28,), "float16")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0_reindex_pad_local = T.sblock_alloc_buffer((1, 32, 64), "float16")\n        in0_reindex_pad_shared = T.sblock_alloc_buffer((1, 32, 16), "float16")\n        in1_reindex_pad_shared = T.sblock_alloc_buffer((1, 64, 16), "float16")\n        for ax0_ax2_0_fused, ax1_0, ax2_1, ax1_1, ax2_2 in T.grid(1, 1, 1, 1, 16):\n            for ax1_2 in T.serial(8, annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):\n                for ax3_0 in range(1):\n                    for ax0_ax1_ax2_fused_0, ax0_ax1_ax2_fused_1, ax0_ax1_ax2_fused_2 in T.grid(16, 8, 2):\n                        for ax0_ax1_ax2_fused_3 in T.vectorized(2):\n                            with T.sblock("in0_reindex_pad_shared"):\n                                v0 = T.axis.spatial(1, 0)\n                                v1 = T.axis.spatial(32, (ax0_ax1_ax2_fused_0 * 32 + ax0_ax1_ax2_fused_1 * 4 + ax0_ax1_ax2_fused_2 * 2 + ax0_ax1_ax2_fused_3) // 16)\n                                v2 = T.axis.spatial(16, (ax0_ax1_ax2_fused_0 * 32 + ax0_ax1_ax2_fused_1 * 4 + ax0_ax1_ax2_fused_2 * 2 + ax0_ax1_ax2_fused_3) % 16)\n                                T.reads(in0[v1, v2])\n                                T.writes(in0_reindex_pad_shared[v0, v1, v2])\n                                T.sblock_attr({"buffer_dim_align": [[0, 1, 8, 2]]})\n                                in0_reindex_pad_shared[v0, v1, v2] = T.if_then_else(v1 < 7 and v2 < 6, in0[v1, v2], T.float16(0.0))\n                    for ax0_ax1_ax2_fused_0, ax0_ax1_ax2_fused_1, ax0_ax1_ax2_fused_2 in T.grid(16, 8, 4):\n                        for ax0_ax1_ax2_fused_3 in T.vectorized(2):\n                            with T.sblock("in1_reindex_pad_shared"):\n                                v0 = T.axis.spatial(1, 0)\n                                v1 = T.axis.spatial(64, (ax0_ax1_ax2_fused_0 * 64 + ax0_ax1_ax2_fused_1 * 8 + ax0_ax1_ax2_fused_2 * 2 + ax0_ax1_ax2_fused_3) // 16)\n                                v2 = T.axis.spatial(16, (ax0_ax1_ax2_fused_0 * 64 + ax0_ax1_ax2_fused_1 * 8 + ax0_ax1_ax2_fused_2 * 2 + ax0_ax1_ax2_fused_3) % 16)\n                                T.reads(in1[v1, v2])\n                                T.writes(in1_reindex_pad_shared[v0, v1, v2])\n                                T.sblock_attr({"buffer_dim_align": [[0, 1, 8, 2]]})\n                                in1_reindex_pad_shared[v0, v1, v2] = T.if_then_else(v1 < 4 and v2 < 6, in1[v1, v2], T.float16(0.0))\n                    for ax3_1, ax1_3, ax2_3_0 in T.grid(16, 4, 2):\n                        for ax2_3_1 in T.vectorized(2):\n                            with T.sblock("op0"):\n                                v0 = T.axis.spatial(1, 0)\n                                v1 = T.axis.spatial(32, ax1_0 * 32 + ax1_1 * 32 + ax1_2 * 4 + ax1_3)\n                                v2 = T.axis.spatial(64, ax2_1 * 64 + ax2_2 * 4 + ax2_3_0 * 2 + ax2_3_1)\n                                v3 = T.axis.reduce(16, ax3_0 * 16 + ax3_1)\n                                T.reads(in0_reindex_pad_shared[0, v1, v3], in1_reindex_pad_shared[0, v2, v3])\n                                T.writes(op0_reindex_pad_local[0, v1, v2])\n                                with T.init():\n                                    op0_reindex_pad_local[0, v1, v2] = T.float16(0.0)\n                                op0_reindex_pad_local[0, v1, v2] = op0_reindex_pad_local[0, v1, v2] + in0_reindex_pad_shared[0, v1, v3] * in1_reindex_pad_shared[0, v2, v3]\n                for ax0, ax1, ax2_0 in T.grid(1, 4, 2):\n                    for ax2_1_1 in T.vectorized(2):\n                        with T.sblock("op0_reindex_pad_local"):\n                            v0 = T.axis.spatial(1, ax0)\n                            v1 = T.axis.spatial(32, ax1_2 * 4 + ax1)\n                            v2 = T.axis.spatial(64, ax2_2 * 4 + ax2_0 * 2 + ax2_1_1)\n                            T.where(ax1_2 * 16 + ax1 * 4 + ax2_2 * 4 + ax2_0 * 2 + ax2_1_1 < 28)\n                            T.reads(op0_reindex_pad_local[v0, v1, v2])\n                            T.writes(op0_col0[v2 + v1 * 4])\n                            op0_col0[v2 + v1 * 4] = op0_reindex_pad_local[v0, v1, v2]'


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
