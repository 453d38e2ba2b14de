"""end: the configuration's whole compile, run as kernelfuzz runs it (simulated on kernelfuzz's PTX simulator (NVRTC's PTX for sm_80) (no device: no NVIDIA driver library found))

TVM and numpy only: builds the dlight-scheduled module below for {'kind': 'cuda', 'arch': 'sm_80'} and runs it on that device, saving its
outputs to out/ (judged by ../check.py). Without such a device it exits 2 (could not run); kernelfuzz ran it on simulated on kernelfuzz's PTX simulator (NVRTC's PTX for sm_80) (no device: no NVIDIA driver library found)."""
import os
import sys

import numpy as np
import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import poison  # noqa: E402  registers TVM's default TIR pipeline with intermediates poisoned

INPUTS = [('in0', 'float16'), ('in1', 'float16')]  # (name, dtype)
OUTPUTS = [('op1', [1, 4, 9, 5], 'float16')]  # (name, shape, dtype)
SKIP = 0  # lowering passes this module has already been through (0: none)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 4, 9, 5), "float16"), in1: T.Buffer((4, 2, 1, 1), "float16"), op1: T.Buffer((1, 4, 9, 5), "float16")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0_local = T.sblock_alloc_buffer((1, 4, 9, 5), "float16", scope="local")\n        op0_rf_local = T.sblock_alloc_buffer((16, 1, 4, 9, 5), "float16", scope="local")\n        for ax0_0_ax1_ax2_fused_0 in T.thread_binding(18, thread="blockIdx.x"):\n            for ax0_0_ax1_ax2_fused_1 in T.thread_binding(5, thread="threadIdx.x"):\n                for ax3_fused_1 in T.thread_binding(16, thread="threadIdx.y"):\n                    for ax0_1_init in range(2):\n                        with T.sblock("op0_rf_init"):\n                            vax3_fused_1 = T.axis.spatial(16, ax3_fused_1)\n                            v0 = T.axis.spatial(4, (ax0_0_ax1_ax2_fused_0 * 5 + ax0_0_ax1_ax2_fused_1) // 45 * 2 + ax0_1_init)\n                            v1 = T.axis.spatial(9, (ax0_0_ax1_ax2_fused_0 * 5 + ax0_0_ax1_ax2_fused_1) % 45 // 5)\n                            v2 = T.axis.spatial(5, (ax0_0_ax1_ax2_fused_0 * 5 + ax0_0_ax1_ax2_fused_1) % 5)\n                            T.reads()\n                            T.writes(op0_rf_local[vax3_fused_1, 0, v0, v1, v2])\n                            op0_rf_local[vax3_fused_1, 0, v0, v1, v2] = T.float16(0.0)\n                    for ax3_fused_0, ax0_1 in T.grid(1, 2):\n                        with T.sblock("op0_rf_update"):\n                            vax3_fused_1 = T.axis.spatial(16, ax3_fused_1)\n                            v0 = T.axis.spatial(4, (ax0_0_ax1_ax2_fused_0 * 5 + ax0_0_ax1_ax2_fused_1) // 45 * 2 + ax0_1)\n                            v1 = T.axis.spatial(9, (ax0_0_ax1_ax2_fused_0 * 5 + ax0_0_ax1_ax2_fused_1) % 45 // 5)\n                            v2 = T.axis.spatial(5, (ax0_0_ax1_ax2_fused_0 * 5 + ax0_0_ax1_ax2_fused_1) % 5)\n                            vax3_fused_0 = T.axis.reduce(1, ax3_fused_0)\n                            T.where(ax3_fused_0 * 16 + ax3_fused_1 < 2)\n                            T.reads(op0_rf_local[vax3_fused_1, 0, v0, v1, v2], in0[0, v0 // 2 * 2 + (vax3_fused_0 * 16 + vax3_fused_1), v1, v2], in1[v0, vax3_fused_0 * 16 + vax3_fused_1, 0, 0])\n                            T.writes(op0_rf_local[vax3_fused_1, 0, v0, v1, v2])\n                            op0_rf_local[vax3_fused_1, 0, v0, v1, v2] = op0_rf_local[vax3_fused_1, 0, v0, v1, v2] + in0[0, v0 // 2 * 2 + (vax3_fused_0 * 16 + vax3_fused_1), v1, v2] * in1[v0, vax3_fused_0 * 16 + vax3_fused_1, 0, 0]\n            for ax1_0_ax2_ax3_fused in T.thread_binding(5, thread="threadIdx.x"):\n                for ax1_1 in range(2):\n                    for ax0 in T.thread_binding(16, thread="threadIdx.y"):\n                        with T.sblock("op0"):\n                            vax3_fused_1 = T.axis.reduce(16, ax0)\n                            v0 = T.axis.spatial(4, ax0_0_ax1_ax2_fused_0 // 9 * 2 + ax1_1)\n                            v1 = T.axis.spatial(9, ax0_0_ax1_ax2_fused_0 % 9)\n                            v2 = T.axis.spatial(5, ax1_0_ax2_ax3_fused)\n                            T.reads(op0_rf_local[vax3_fused_1, 0, v0, v1, v2])\n                            T.writes(op0_local[0, v0, v1, v2])\n                            with T.init():\n                                op0_local[0, v0, v1, v2] = T.float16(0.0)\n                            op0_local[0, v0, v1, v2] = op0_local[0, v0, v1, v2] + op0_rf_local[vax3_fused_1, 0, v0, v1, v2]\n            for ax0_ax1_ax2_fused_0 in T.thread_binding(5, thread="threadIdx.x"):\n                for ax0_ax1_ax2_fused_1 in range(2):\n                    with T.sblock("op1"):\n                        v0 = T.axis.spatial(4, ax0_0_ax1_ax2_fused_0 // 9 * 2 + (ax0_ax1_ax2_fused_0 * 2 + ax0_ax1_ax2_fused_1) // 5)\n                        v1 = T.axis.spatial(9, ax0_0_ax1_ax2_fused_0 % 9)\n                        v2 = T.axis.spatial(5, (ax0_ax1_ax2_fused_0 * 2 + ax0_ax1_ax2_fused_1) % 5)\n                        T.reads(op0_local[0, v0, v1, v2], in0[0, v0, v1, v2])\n                        T.writes(op1[0, v0, v1, v2])\n                        op1[0, v0, v1, v2] = op0_local[0, v0, v1, v2] + in0[0, v0, v1, v2]'


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
    dev = tvm.device('cuda', 0)
    if not dev.exist:
        print("could not run: no cuda device here", file=sys.stderr)
        return 2
    with tvm.transform.PassContext(instruments=[Skip()]):
        ex = tvm.compile(tvm.script.from_source(SOURCE), target=tvm.target.Target({'kind': 'cuda', 'arch': 'sm_80'}),
                         tir_pipeline=poison.PIPELINE)
    outs = [tvm.runtime.tensor(poison.poisoned(shape, dtype), device=dev) for _, shape, dtype in OUTPUTS]
    ex(*[tvm.runtime.tensor(load(n, t), device=dev) for n, t in INPUTS], *outs)
    os.makedirs(os.path.join(HERE, "out"), exist_ok=True)
    for (name, _, _), o in zip(OUTPUTS, outs):
        np.save(os.path.join(HERE, "out", f"{name}.npy"), o.numpy())
    return 0


if __name__ == "__main__":
    sys.exit(main())
