"""Standalone repro for tvm:cuda-dlight (runtime-error): TVM, numpy and (for bf16, float8, int4) ml_dtypes only.

Compiles the exact scheduled module kernelfuzz compiled, runs it on inputs/*.npy on the device DEVICE names and
judges the outputs against reference/ with check.py. As in kernelfuzz, every output and every intermediate buffer
starts poisoned (all bits set in a float: a NaN; 0xA5 in every byte of an integer), so an element the kernel never
writes is seen rather than read back from whatever the memory held.
Exit status (check.py): 0 the bug not shown, 1 shown, 2 could not run or judge (no such device here, no TVM),
3 this script's own error."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # check.py and poison.py sit beside this script
import check  # noqa: E402

TARGET = {'kind': 'cuda', 'arch': 'sm_80'}
DEVICE = 'cuda'  # where the inputs and outputs are allocated: the device the compiled code runs on
INPUTS = [('in0', 'float16'), ('in1', 'float16')]  # (name, dtype)
OUTPUTS = [('op0_col0', [6], 'float16')]  # (name, shape, dtype)
VERDICT = 'runtime-error'  # kernelfuzz's: where it names a failure of the compile or the run, failing again shows the bug
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((2, 2), "float16"), in1: T.Buffer((2, 3), "float16"), op0_col0: T.Buffer((6,), "float16")):\n        T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})\n        # with T.sblock("root"):\n        op0_reindex_pad_local = T.sblock_alloc_buffer((1, 32, 64), "float16", scope="local")\n        in0_reindex_pad_shared = T.sblock_alloc_buffer((1, 32, 16), "float16", scope="shared")\n        in1_reindex_pad_shared = T.sblock_alloc_buffer((1, 64, 16), "float16", scope="shared")\n        for ax0_ax2_0_fused in T.thread_binding(1, thread="blockIdx.y"):\n            for ax1_0 in T.thread_binding(1, thread="blockIdx.x"):\n                for ax2_1 in T.thread_binding(1, thread="vthread.y"):\n                    for ax1_1 in T.thread_binding(1, thread="vthread.x"):\n                        for ax2_2 in T.thread_binding(16, thread="threadIdx.y"):\n                            for ax1_2 in T.thread_binding(8, thread="threadIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):\n                                for ax1_3_init, ax2_3_0_init in T.grid(4, 2):\n                                    for ax2_3_1_init in T.vectorized(2):\n                                        with T.sblock("op0_init"):\n                                            v0 = T.axis.spatial(1, 0)\n                                            v1 = T.axis.spatial(32, ax1_0 * 32 + ax1_1 * 32 + ax1_2 * 4 + ax1_3_init)\n                                            v2 = T.axis.spatial(64, ax2_1 * 64 + ax2_2 * 4 + ax2_3_0_init * 2 + ax2_3_1_init)\n                                            T.reads()\n                                            T.writes(op0_reindex_pad_local[0, v1, v2])\n                                            op0_reindex_pad_local[0, v1, v2] = T.float16(0.0)\n                                for ax3_0 in range(1):\n                                    for ax0_ax1_ax2_fused_0 in T.thread_binding(16, thread="threadIdx.y"):\n                                        for ax0_ax1_ax2_fused_1 in T.thread_binding(8, thread="threadIdx.x"):\n                                            for ax0_ax1_ax2_fused_2 in range(2):\n                                                for ax0_ax1_ax2_fused_3 in T.vectorized(2):\n                                                    with T.sblock("in0_reindex_pad_shared"):\n                                                        v0 = T.axis.spatial(1, 0)\n                                                        v1 = T.axis.spatial(32, (ax0_ax1_ax2_fused_0 * 32 + ax0_ax1_ax2_fused_1 * 4 + ax0_ax1_ax2_fused_2 * 2 + ax0_ax1_ax2_fused_3) // 16)\n                                                        v2 = T.axis.spatial(16, (ax0_ax1_ax2_fused_0 * 32 + ax0_ax1_ax2_fused_1 * 4 + ax0_ax1_ax2_fused_2 * 2 + ax0_ax1_ax2_fused_3) % 16)\n                                                        T.reads(in0[v1, v2])\n                                                        T.writes(in0_reindex_pad_shared[v0, v1, v2])\n                                                        T.sblock_attr({"buffer_dim_align": [[0, 1, 8, 2]]})\n                                                        in0_reindex_pad_shared[v0, v1, v2] = T.if_then_else(v1 < 2 and v2 < 2, in0[v1, v2], T.float16(0.0))\n                                    for ax0_ax1_ax2_fused_0 in T.thread_binding(16, thread="threadIdx.y"):\n                                        for ax0_ax1_ax2_fused_1 in T.thread_binding(8, thread="threadIdx.x"):\n                                            for ax0_ax1_ax2_fused_2 in range(4):\n                                                for ax0_ax1_ax2_fused_3 in T.vectorized(2):\n                                                    with T.sblock("in1_reindex_pad_shared"):\n                                                        v0 = T.axis.spatial(1, 0)\n                                                        v1 = T.axis.spatial(64, (ax0_ax1_ax2_fused_0 * 64 + ax0_ax1_ax2_fused_1 * 8 + ax0_ax1_ax2_fused_2 * 2 + ax0_ax1_ax2_fused_3) // 16)\n                                                        v2 = T.axis.spatial(16, (ax0_ax1_ax2_fused_0 * 64 + ax0_ax1_ax2_fused_1 * 8 + ax0_ax1_ax2_fused_2 * 2 + ax0_ax1_ax2_fused_3) % 16)\n                                                        T.reads(in1[v2, v1])\n                                                        T.writes(in1_reindex_pad_shared[v0, v1, v2])\n                                                        T.sblock_attr({"buffer_dim_align": [[0, 1, 8, 2]]})\n                                                        in1_reindex_pad_shared[v0, v1, v2] = T.if_then_else(v1 < 3 and v2 < 2, in1[v2, v1], T.float16(0.0))\n                                    for ax3_1, ax1_3, ax2_3_0 in T.grid(16, 4, 2):\n                                        for ax2_3_1 in T.vectorized(2):\n                                            with T.sblock("op0_update"):\n                                                v0 = T.axis.spatial(1, 0)\n                                                v1 = T.axis.spatial(32, ax1_0 * 32 + ax1_1 * 32 + ax1_2 * 4 + ax1_3)\n                                                v2 = T.axis.spatial(64, ax2_1 * 64 + ax2_2 * 4 + ax2_3_0 * 2 + ax2_3_1)\n                                                v3 = T.axis.reduce(16, ax3_0 * 16 + ax3_1)\n                                                T.reads(op0_reindex_pad_local[0, v1, v2], in0_reindex_pad_shared[0, v1, v3], in1_reindex_pad_shared[0, v2, v3])\n                                                T.writes(op0_reindex_pad_local[0, v1, v2])\n                                                op0_reindex_pad_local[0, v1, v2] = op0_reindex_pad_local[0, v1, v2] + in0_reindex_pad_shared[0, v1, v3] * in1_reindex_pad_shared[0, v2, v3]\n                                for ax0, ax1, ax2_0 in T.grid(1, 4, 2):\n                                    for ax2_1_1 in T.vectorized(2):\n                                        with T.sblock("op0_reindex_pad_local"):\n                                            v0 = T.axis.spatial(1, ax0)\n                                            v1 = T.axis.spatial(32, ax1_2 * 4 + ax1)\n                                            v2 = T.axis.spatial(64, ax2_2 * 4 + ax2_0 * 2 + ax2_1_1)\n                                            T.where(ax1_2 * 12 + ax2_2 * 4 + ax1 * 3 + ax2_0 * 2 + ax2_1_1 < 6)\n                                            T.reads(op0_reindex_pad_local[v0, v1, v2])\n                                            T.writes(op0_col0[v2 + v1 * 3])\n                                            op0_col0[v2 + v1 * 3] = op0_reindex_pad_local[v0, v1, v2]'


def _pack_last(a: np.ndarray) -> np.ndarray:
    """Two nibbles a byte along the last axis (low nibble first), the last axis padded to even."""
    v = np.asarray(a).astype(np.int8).astype(np.uint8) & 0x0F
    if v.shape[-1] % 2:
        v = np.concatenate([v, np.zeros(v.shape[:-1] + (1,), np.uint8)], axis=-1)
    return (v[..., 0::2] | (v[..., 1::2] << 4)).astype(np.uint8)


def compiled(tvm):
    """The executable; TVM's failure on the module is check.compile_failure's (exit 1 or 2, by the verdict)."""
    from poison import PIPELINE as POISONED
    try:
        mod = tvm.script.from_source(SOURCE)
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        raise check.compile_failure(e, f"parsing the module kernelfuzz printed (TVM {tvm.__version__})",
                                    VERDICT) from None
    if not isinstance(mod, tvm.IRModule):
        mod = tvm.IRModule({"main": mod})
    try:
        return tvm.compile(mod, target=tvm.target.Target(TARGET), tir_pipeline=POISONED)
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        raise check.compile_failure(e, "compiling the module", VERDICT) from None


def main():
    crashed = check.compile_in_child(__file__, VERDICT)  # a crash kills the process that compiles
    if crashed is not None:
        return crashed
    try:
        import tvm
    except ImportError as e:
        raise check.CannotRun(f"{e}: pip install apache-tvm") from None
    executable = compiled(tvm)
    if "--compile-only" in sys.argv:  # the child of compile_in_child: it compiled
        return 0
    if "mtriple" in TARGET:  # a Hexagon object: kernelfuzz runs it under QEMU with its own harness
        raise check.CannotRun(f"compiled for {TARGET['mtriple']}; it does not run on this host "
                              "(kernelfuzz run case.json runs it)")
    dev = tvm.device(DEVICE, 0)
    if not dev.exist:
        raise check.CannotRun(f"compiled for {DEVICE}; there is no {DEVICE} device here to run it")
    inputs = [check.load_input(n, t) for n, t in INPUTS]
    args = [tvm.runtime.tensor(_pack_last(a) if t == "int4" else a, device=dev) for a, (_, t) in zip(inputs, INPUTS)]
    from poison import poisoned
    results = [tvm.runtime.tensor(poisoned(shape, check.dtype(t)), device=dev) for _, shape, t in OUTPUTS]
    try:
        executable(*args, *results)
    except Exception as e:  # noqa: BLE001  the compiled program's failure
        if VERDICT != "runtime-error":
            raise check.CannotRun(f"the compiled program failed: {type(e).__name__}: {e}") from None
        raise check.Reproduced(f"the compiled program failed ({type(e).__name__}: {e}), as kernelfuzz saw") from None
    return check.main_arrays([r.numpy() for r in results])


check.exit_with(main)
