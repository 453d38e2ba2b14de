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
OUTPUTS = [('op0', [2, 1, 1, 1], 'float32')]  # (name, shape, dtype)
SKIP = 0  # lowering passes this module has already been through (0: none)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((2, 3, 1, 1), "float16"), in1: T.Buffer((3, 1, 1, 1), "float16"), op0: T.Buffer((2, 1, 1, 1), "float32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0_rf_local = T.sblock_alloc_buffer((32, 2, 1, 1, 1), scope="local")\n        op0_rf_local_1 = T.sblock_alloc_buffer((32, 2, 1, 1, 1), scope="local")\n        in1_local = T.sblock_alloc_buffer((3, 1, 1, 1), "float16", scope="local")\n        in0_shared = T.sblock_alloc_buffer((2, 3, 1, 1), "float16", scope="shared")\n        for u_fused_ax0_fused_fused_0 in T.thread_binding(1, thread="blockIdx.x"):\n            for u_fused_ax0_fused_fused_1 in T.thread_binding(16, thread="threadIdx.y"):\n                for ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 in T.thread_binding(32, thread="threadIdx.x"):\n                    for ax0, ax1, ax2 in T.grid(2, 3, 1):\n                        for ax3_0 in T.serial(1, annotations={"pragma_unroll_explicit": 256, "pragma_vectorize": 1}):\n                            for ax3_1 in T.thread_binding(16, thread="threadIdx.y"):\n                                for ax3_2 in T.thread_binding(32, thread="threadIdx.x"):\n                                    for ax3_3 in T.vectorized(1):\n                                        with T.sblock("in0_shared"):\n                                            v0, v1, v2 = T.axis.remap("SSS", [ax0, ax1, ax2])\n                                            v3 = T.axis.spatial(1, ax3_0 * 512 + ax3_1 * 32 + ax3_2 + ax3_3)\n                                            T.where((ax3_0 * 16 + ax3_1) * 32 + ax3_2 + ax3_3 < 1)\n                                            T.reads(in0[v0, v1, v2, v3])\n                                            T.writes(in0_shared[v0, v1, v2, v3])\n                                            in0_shared[v0, v1, v2, v3] = in0[v0, v1, v2, v3]\n                    for u_fused_ax0_fused_fused_2_init in range(1):\n                        for ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1_init in T.vectorized(1):\n                            with T.sblock("op0_rf_init"):\n                                vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused = T.axis.spatial(32, ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 + ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1_init)\n                                v0 = T.axis.spatial(2, u_fused_ax0_fused_fused_0 * 16 + u_fused_ax0_fused_fused_1 + u_fused_ax0_fused_fused_2_init)\n                                T.where(u_fused_ax0_fused_fused_0 * 16 + u_fused_ax0_fused_fused_1 + u_fused_ax0_fused_fused_2_init < 2)\n                                T.reads()\n                                T.writes(op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused, v0, 0, 0, 0])\n                                op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused, v0, 0, 0, 0] = T.float32(0.0)\n                    for ax1_fused_u_fused_0 in T.serial(1, annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):\n                        for ax0, ax1, ax2_ax3_fused_0 in T.grid(1, 1, 1):\n                            for ax2_ax3_fused_1 in T.vectorized(2):\n                                with T.sblock("in1_local"):\n                                    v0 = T.axis.spatial(3, ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 + ax0)\n                                    v1 = T.axis.spatial(1, ax1)\n                                    v2 = T.axis.spatial(1, 0)\n                                    v3 = T.axis.spatial(1, 0)\n                                    T.where(ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 < 3 and ax2_ax3_fused_0 * 2 + ax2_ax3_fused_1 < 1)\n                                    T.reads(in1[v0, v1, v2, v3])\n                                    T.writes(in1_local[v0, v1, v2, v3])\n                                    in1_local[v0, v1, v2, v3] = in1[v0, v1, v2, v3]\n                        for u_fused_ax0_fused_fused_2, ax1_fused_u_fused_2 in T.grid(1, 1):\n                            for ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1 in T.vectorized(1):\n                                with T.sblock("op0_rf_update"):\n                                    vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused = T.axis.spatial(32, ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 + ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1)\n                                    v0 = T.axis.spatial(2, u_fused_ax0_fused_fused_0 * 16 + u_fused_ax0_fused_fused_1 + u_fused_ax0_fused_fused_2)\n                                    vax1_fused_u_fused_0, vax1_fused_u_fused_2 = T.axis.remap("RR", [ax1_fused_u_fused_0, ax1_fused_u_fused_2])\n                                    T.where(u_fused_ax0_fused_fused_0 * 16 + u_fused_ax0_fused_fused_1 + u_fused_ax0_fused_fused_2 < 2 and T.Add(ax1_fused_u_fused_0 * 32 + (ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 + ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1) + ax1_fused_u_fused_2, 0) < 3)\n                                    T.reads(op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused, v0, 0, 0, 0], in0_shared[v0, vax1_fused_u_fused_0 * 32 + vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused + vax1_fused_u_fused_2, 0, 0], in1_local[vax1_fused_u_fused_0 * 32 + vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused + vax1_fused_u_fused_2, 0, 0, 0])\n                                    T.writes(op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused, v0, 0, 0, 0])\n                                    op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused, v0, 0, 0, 0] = op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused, v0, 0, 0, 0] + T.Cast("float32", in0_shared[v0, vax1_fused_u_fused_0 * 32 + vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused + vax1_fused_u_fused_2, 0, 0]) * T.Cast("float32", in1_local[vax1_fused_u_fused_0 * 32 + vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused + vax1_fused_u_fused_2, 0, 0, 0])\n            for ax2_fused_0_ax2_fused_1_fused in T.thread_binding(16, thread="threadIdx.y"):\n                for ax0 in T.thread_binding(32, thread="threadIdx.x"):\n                    for ax2_fused_2_0 in T.serial(1, annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):\n                        for ax2_fused_2_1 in T.vectorized(1):\n                            with T.sblock("op0_rf_init"):\n                                vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 = T.axis.spatial(32, ax0)\n                                v0 = T.axis.spatial(2, ax2_fused_0_ax2_fused_1_fused + ax2_fused_2_0 + ax2_fused_2_1)\n                                T.where(T.Mul(0, 16) + ax2_fused_0_ax2_fused_1_fused % 16 + (ax2_fused_2_0 + ax2_fused_2_1) < 2)\n                                T.reads()\n                                T.writes(op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, v0, 0, 0, 0])\n                                op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, v0, 0, 0, 0] = T.float32(0.0)\n                            for ax1 in range(1):\n                                with T.sblock("op0_rf_update"):\n                                    vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1 = T.axis.remap("SR", [ax0, ax1])\n                                    v0 = T.axis.spatial(2, ax2_fused_0_ax2_fused_1_fused + ax2_fused_2_0 + ax2_fused_2_1)\n                                    T.where(T.Mul(0, 16) + ax2_fused_0_ax2_fused_1_fused % 16 + (ax2_fused_2_0 + ax2_fused_2_1) < 2)\n                                    T.reads(op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, v0, 0, 0, 0], op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 + vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1, v0, 0, 0, 0])\n                                    T.writes(op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, v0, 0, 0, 0])\n                                    op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, v0, 0, 0, 0] = op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, v0, 0, 0, 0] + op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 + vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1, v0, 0, 0, 0]\n            for ax1_fused_2 in range(1):\n                for ax1_fused_0_ax1_fused_1_fused in T.thread_binding(16, thread="threadIdx.y"):\n                    for ax0 in T.thread_binding(32, thread="threadIdx.x"):\n                        with T.sblock("op0"):\n                            vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 = T.axis.reduce(32, ax0)\n                            v0 = T.axis.spatial(2, ax1_fused_0_ax1_fused_1_fused + ax1_fused_2)\n                            T.where(T.Mul(0, 16) + ax1_fused_0_ax1_fused_1_fused % 16 + ax1_fused_2 < 2)\n                            T.reads(op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, v0, 0, 0, 0])\n                            T.writes(op0[v0, 0, 0, 0])\n                            with T.init():\n                                op0[v0, 0, 0, 0] = T.float32(0.0)\n                            op0[v0, 0, 0, 0] = op0[v0, 0, 0, 0] + op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, v0, 0, 0, 0]'


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
