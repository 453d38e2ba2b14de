"""Standalone repro for tvm:hexagon-sampled (compiler-crash): TVM, numpy and (for bf16, float8, int4) ml_dtypes only.

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

TARGET = {'kind': 'llvm', 'mtriple': 'hexagon', 'mcpu': 'hexagonv68', 'num-cores': 1, 'mattr': ['+hvxv68', '+hvx-length128b', '-hvx-qfloat', '-hvx-ieee-fp']}
DEVICE = 'cpu'  # where the inputs and outputs are allocated: the device the compiled code runs on
INPUTS = [('in0', 'int8'), ('in1', 'int8')]  # (name, dtype)
OUTPUTS = [('op1', [2, 5, 1, 6], 'int32')]  # (name, shape, dtype)
VERDICT = 'compiler-crash'  # kernelfuzz's: where it names a failure of the compile or the run, failing again shows the bug
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((2, 4, 3, 6), "int8"), in1: T.Buffer((1, 1, 2, 6), "int8"), op1: T.Buffer((2, 5, 1, 6), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0_pad = T.sblock_alloc_buffer((2, 7, 3, 6), "int8")\n        op0 = T.sblock_alloc_buffer((2, 7, 3, 6), "int32")\n        op1_rf = T.sblock_alloc_buffer((2, 5, 1, 6, 9), "int32")\n        op0_global = T.sblock_alloc_buffer((2, 7, 3, 6), "int32")\n        for b_0_i_0_j_0_fused_fused in T.parallel(3, annotations={"pragma_auto_unroll_max_step": 64, "pragma_unroll_explicit": 1}):\n            for ax0, ax1 in T.grid(2, 7):\n                for ax2_ax3_fused in T.vectorized(6):\n                    with T.sblock("op0_pad"):\n                        v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [ax0, ax1, b_0_i_0_j_0_fused_fused, ax2_ax3_fused])\n                        T.reads(in0[v_i0, v_i1 - 2, v_i2, v_i3])\n                        T.writes(op0_pad[v_i0, v_i1, v_i2, v_i3])\n                        op0_pad[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(2 <= v_i1 and v_i1 < 6 and 0 <= v_i2 and v_i2 < 3, in0[v_i0, v_i1 - 2, v_i2, v_i3], T.int8(0))\n            for k_0, b_1, i_1, j_1, k_1 in T.grid(1, 1, 7, 1, 1):\n                for b_2_init, i_2_init, j_2_init, k_2_init, b_3_init, i_3_init, j_3_init in T.grid(2, 1, 1, 1, 1, 1, 1):\n                    for k_3_fused_init in T.vectorized(6):\n                        with T.sblock("op0_init"):\n                            v_b = T.axis.spatial(2, b_1 * 2 + b_2_init + b_3_init)\n                            v_i = T.axis.spatial(7, i_1 + i_2_init + i_3_init)\n                            v_j = T.axis.spatial(3, b_0_i_0_j_0_fused_fused + j_1 + j_2_init + j_3_init)\n                            v_k = T.axis.spatial(6, k_0 * 6 + k_1 * 6 + k_2_init * 6 + k_3_fused_init)\n                            T.reads()\n                            T.writes(op0_global[v_b, v_i, v_j, v_k])\n                            T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})\n                            op0_global[v_b, v_i, v_j, v_k] = 0\n                for ry_0, rx_0, rc_0, b_2, i_2, j_2, k_2, ry_1, rx_1, rc_1, b_3, i_3, j_3 in T.grid(1, 1, 1, 2, 1, 1, 1, 1, 1, 2, 1, 1, 1):\n                    for k_3_fused in T.vectorized(6):\n                        with T.sblock("op0_update"):\n                            v_b = T.axis.spatial(2, b_1 * 2 + b_2 + b_3)\n                            v_i = T.axis.spatial(7, i_1 + i_2 + i_3)\n                            v_j = T.axis.spatial(3, b_0_i_0_j_0_fused_fused + j_1 + j_2 + j_3)\n                            v_k = T.axis.spatial(6, k_0 * 6 + k_1 * 6 + k_2 * 6 + k_3_fused)\n                            v_ry = T.axis.reduce(1, ry_0 + ry_1)\n                            v_rx = T.axis.reduce(1, rx_0 + rx_1)\n                            v_rc = T.axis.reduce(2, rc_0 * 2 + rc_1)\n                            T.reads(op0_global[v_b, v_i, v_j, v_k], op0_pad[v_b, v_i + v_ry, v_rx * 2 + v_j, v_k // 2 * 2 + v_rc], in1[v_ry, v_rx, v_rc, v_k])\n                            T.writes(op0_global[v_b, v_i, v_j, v_k])\n                            T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})\n                            op0_global[v_b, v_i, v_j, v_k] = op0_global[v_b, v_i, v_j, v_k] + T.Cast("int32", op0_pad[v_b, v_i + v_ry, v_rx * 2 + v_j, v_k // 2 * 2 + v_rc]) * T.Cast("int32", in1[v_ry, v_rx, v_rc, v_k])\n                for ax0, ax1 in T.grid(2, 1):\n                    for ax2_ax3_fused in T.vectorized(6):\n                        with T.sblock("op0_global"):\n                            v0 = T.axis.spatial(2, ax0)\n                            v1 = T.axis.spatial(7, i_1 + ax1)\n                            v2, v3 = T.axis.remap("SS", [b_0_i_0_j_0_fused_fused, ax2_ax3_fused])\n                            T.reads(op0_global[v0, v1, v2, v3])\n                            T.writes(op0[v0, v1, v2, v3])\n                            op0[v0, v1, v2, v3] = op0_global[v0, v1, v2, v3]\n        for i0_i1_i2_i3_fused in T.parallel(60, annotations={"pragma_auto_unroll_max_step": 64, "pragma_unroll_explicit": 1}):\n            for r4_r5_fused_1_fused_init in T.vectorized(9):\n                with T.sblock("op1_rf_init"):\n                    vr4_r5_fused_1 = T.axis.spatial(9, r4_r5_fused_1_fused_init)\n                    v_i0 = T.axis.spatial(2, i0_i1_i2_i3_fused // 30)\n                    v_i1 = T.axis.spatial(5, i0_i1_i2_i3_fused % 30 // 6)\n                    v_i2 = T.axis.spatial(1, 0)\n                    v_i3 = T.axis.spatial(6, i0_i1_i2_i3_fused % 6)\n                    T.reads()\n                    T.writes(op1_rf[v_i0, v_i1, v_i2, v_i3, vr4_r5_fused_1])\n                    op1_rf[v_i0, v_i1, v_i2, v_i3, vr4_r5_fused_1] = -2147483648\n            for r4_r5_fused_0 in range(1):\n                for r4_r5_fused_1_fused in T.vectorized(9):\n                    with T.sblock("op1_rf_update"):\n                        vr4_r5_fused_1 = T.axis.spatial(9, r4_r5_fused_1_fused)\n                        v_i0 = T.axis.spatial(2, i0_i1_i2_i3_fused // 30)\n                        v_i1 = T.axis.spatial(5, i0_i1_i2_i3_fused % 30 // 6)\n                        v_i2 = T.axis.spatial(1, 0)\n                        v_i3 = T.axis.spatial(6, i0_i1_i2_i3_fused % 6)\n                        vr4_r5_fused_0 = T.axis.reduce(1, r4_r5_fused_0)\n                        T.reads(op1_rf[v_i0, v_i1, v_i2, v_i3, vr4_r5_fused_1], op0[v_i0, v_i1 + (vr4_r5_fused_0 * 9 + vr4_r5_fused_1) // 3, v_i2 + (vr4_r5_fused_0 * 9 + vr4_r5_fused_1) % 3, v_i3])\n                        T.writes(op1_rf[v_i0, v_i1, v_i2, v_i3, vr4_r5_fused_1])\n                        op1_rf[v_i0, v_i1, v_i2, v_i3, vr4_r5_fused_1] = T.max(op1_rf[v_i0, v_i1, v_i2, v_i3, vr4_r5_fused_1], op0[v_i0, v_i1 + (vr4_r5_fused_0 * 9 + vr4_r5_fused_1) // 3, v_i2 + (vr4_r5_fused_0 * 9 + vr4_r5_fused_1) % 3, v_i3])\n        for i0_i1_i2_i3_fused in T.parallel(60, annotations={"pragma_auto_unroll_max_step": 64, "pragma_unroll_explicit": 1}):\n            with T.sblock("op1_init"):\n                v_i0 = T.axis.spatial(2, i0_i1_i2_i3_fused // 30)\n                v_i1 = T.axis.spatial(5, i0_i1_i2_i3_fused % 30 // 6)\n                v_i2 = T.axis.spatial(1, 0)\n                v_i3 = T.axis.spatial(6, i0_i1_i2_i3_fused % 6)\n                T.reads()\n                T.writes(op1[v_i0, v_i1, v_i2, v_i3])\n                T.sblock_attr({"meta_schedule.random_compute_producer": 1})\n                op1[v_i0, v_i1, v_i2, v_i3] = -2147483648\n            for r4_r5_fused_1 in range(9):\n                with T.sblock("op1_update"):\n                    vr4_r5_fused_1 = T.axis.reduce(9, r4_r5_fused_1)\n                    v_i0 = T.axis.spatial(2, i0_i1_i2_i3_fused // 30)\n                    v_i1 = T.axis.spatial(5, i0_i1_i2_i3_fused % 30 // 6)\n                    v_i2 = T.axis.spatial(1, 0)\n                    v_i3 = T.axis.spatial(6, i0_i1_i2_i3_fused % 6)\n                    T.reads(op1[v_i0, v_i1, v_i2, v_i3], op1_rf[v_i0, v_i1, v_i2, v_i3, vr4_r5_fused_1])\n                    T.writes(op1[v_i0, v_i1, v_i2, v_i3])\n                    T.sblock_attr({"meta_schedule.random_compute_producer": 1})\n                    op1[v_i0, v_i1, v_i2, v_i3] = T.max(op1[v_i0, v_i1, v_i2, v_i3], op1_rf[v_i0, v_i1, v_i2, v_i3, vr4_r5_fused_1])'


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
