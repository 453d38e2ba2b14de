"""Standalone repro for tvm:cuda-dlight (compiler-crash): TVM, numpy and (for bf16, float8, int4) ml_dtypes only.

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
OUTPUTS = [('op0', [1, 1, 1], 'float16')]  # (name, shape, dtype)
VERDICT = 'compiler-crash'  # kernelfuzz's: where it names a failure of the compile or the run, failing again shows the bug
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, "in0_d1", "in0_d2"), "float16"), in1: T.Buffer((1, 2, 1), "float16"), op0: T.Buffer((1, in0_d1, 1), "float16")):\n        in0_d1, in0_d2 = T.int32(), T.int32()\n        T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})\n        # with T.sblock("root"):\n        op0_rf_local = T.sblock_alloc_buffer((64, 1, in0_d1, 1), "float16", scope="local")\n        op0_rf_local_1 = T.sblock_alloc_buffer((64, 1, in0_d1, 1), "float16", scope="local")\n        in1_local = T.sblock_alloc_buffer((1, 2, 1), "float16", scope="local")\n        in0_shared = T.sblock_alloc_buffer((1, in0_d1, in0_d2), "float16", scope="shared")\n        for u_fused_ax0_fused_fused_0 in T.thread_binding(in0_d1, thread="blockIdx.x"):\n            for u_fused_ax0_fused_fused_1 in T.thread_binding(1, thread="threadIdx.y"):\n                for ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 in T.thread_binding(64, thread="threadIdx.x"):\n                    for ax0, ax1 in T.grid(1, 1):\n                        for ax2_0 in T.serial(1, annotations={"pragma_unroll_explicit": 256, "pragma_vectorize": 1}):\n                            for ax2_1 in T.thread_binding(1, thread="threadIdx.y"):\n                                for ax2_2 in T.thread_binding(64, thread="threadIdx.x"):\n                                    for ax2_3 in T.vectorized(1):\n                                        with T.sblock("in0_shared"):\n                                            v0 = T.axis.spatial(1, ax0)\n                                            v1 = T.axis.spatial(in0_d1, u_fused_ax0_fused_fused_0 + ax1)\n                                            v2 = T.axis.spatial(in0_d2, ax2_0 * 64 + ax2_1 * 64 + ax2_2 + ax2_3)\n                                            T.where((ax2_0 + ax2_1) * 64 + ax2_2 + ax2_3 < in0_d2)\n                                            T.reads(in0[v0, v1, v2])\n                                            T.writes(in0_shared[v0, v1, v2])\n                                            in0_shared[v0, v1, v2] = in0[v0, v1, v2]\n                    for u_fused_ax0_fused_fused_2_init in range(1):\n                        for ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1_init in T.vectorized(1):\n                            with T.sblock("op0_rf_init"):\n                                vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused = T.axis.spatial(64, ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 + ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1_init)\n                                v0 = T.axis.spatial(in0_d1, u_fused_ax0_fused_fused_0 + u_fused_ax0_fused_fused_1 + u_fused_ax0_fused_fused_2_init)\n                                T.reads()\n                                T.writes(op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused, 0, v0, 0])\n                                op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused, 0, v0, 0] = T.float16(0.0)\n                    for ax1_fused_u_fused_0 in T.serial(1, annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):\n                        for ax0, ax1_ax2_fused_0 in T.grid(1, 1):\n                            for ax1_ax2_fused_1 in T.vectorized(2):\n                                with T.sblock("in1_local"):\n                                    v0 = T.axis.spatial(1, ax0)\n                                    v1 = T.axis.spatial(2, ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0)\n                                    v2 = T.axis.spatial(1, 0)\n                                    T.where(ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 < 2 and ax1_ax2_fused_0 * 2 + ax1_ax2_fused_1 < 1)\n                                    T.reads(in1[v0, v1, v2])\n                                    T.writes(in1_local[v0, v1, v2])\n                                    in1_local[v0, v1, v2] = in1[v0, v1, v2]\n                        for u_fused_ax0_fused_fused_2, ax1_fused_u_fused_2 in T.grid(1, 1):\n                            for ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1 in T.vectorized(1):\n                                with T.sblock("op0_rf_update"):\n                                    vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused = T.axis.spatial(64, ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 + ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1)\n                                    v0 = T.axis.spatial(in0_d1, u_fused_ax0_fused_fused_0 + u_fused_ax0_fused_fused_1 + u_fused_ax0_fused_fused_2)\n                                    vax1_fused_u_fused_0, vax1_fused_u_fused_2 = T.axis.remap("RR", [ax1_fused_u_fused_0, ax1_fused_u_fused_2])\n                                    T.where(T.Add(ax1_fused_u_fused_0 * 64 + (ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 + ax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1) + ax1_fused_u_fused_2, 0) < 2)\n                                    T.reads(op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused, 0, v0, 0], in0_shared[0, v0, vax1_fused_u_fused_0 * 64 + vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused + vax1_fused_u_fused_2], in1_local[0, vax1_fused_u_fused_0 * 64 + vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused + vax1_fused_u_fused_2, 0])\n                                    T.writes(op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused, 0, v0, 0])\n                                    op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused, 0, v0, 0] = op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused, 0, v0, 0] + in0_shared[0, v0, vax1_fused_u_fused_0 * 64 + vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused + vax1_fused_u_fused_2] * in1_local[0, vax1_fused_u_fused_0 * 64 + vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused + vax1_fused_u_fused_2, 0]\n            for ax2_fused_0_ax2_fused_1_fused in T.thread_binding(1, thread="threadIdx.y"):\n                for ax0 in T.thread_binding(64, thread="threadIdx.x"):\n                    for ax2_fused_2_0 in T.serial(1, annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):\n                        for ax2_fused_2_1 in T.vectorized(1):\n                            with T.sblock("op0_rf_init"):\n                                vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, v0 = T.axis.remap("SS", [ax0, u_fused_ax0_fused_fused_0])\n                                T.reads()\n                                T.writes(op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, 0, v0, 0])\n                                op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, 0, v0, 0] = T.float16(0.0)\n                            for ax1 in range(1):\n                                with T.sblock("op0_rf_update"):\n                                    vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1, v0 = T.axis.remap("SRS", [ax0, ax1, u_fused_ax0_fused_fused_0])\n                                    T.reads(op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, 0, v0, 0], op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 + vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1, 0, v0, 0])\n                                    T.writes(op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, 0, v0, 0])\n                                    op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, 0, v0, 0] = op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, 0, v0, 0] + op0_rf_local[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0 + vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_1, 0, v0, 0]\n            for ax1_fused_2 in range(1):\n                for ax1_fused_0_ax1_fused_1_fused in T.thread_binding(1, thread="threadIdx.y"):\n                    for ax0 in T.thread_binding(64, thread="threadIdx.x"):\n                        with T.sblock("op0"):\n                            vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, v0 = T.axis.remap("RS", [ax0, u_fused_ax0_fused_fused_0])\n                            T.reads(op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, 0, v0, 0])\n                            T.writes(op0[0, v0, 0])\n                            with T.init():\n                                op0[0, v0, 0] = T.float16(0.0)\n                            op0[0, v0, 0] = op0[0, v0, 0] + op0_rf_local_1[vax1_fused_u_fused_1_ax1_fused_u_fused_3_fused_0, 0, v0, 0]'


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
