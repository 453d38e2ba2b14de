"""Standalone repro for tvm:cpu-sampled (out-of-bound): TVM, numpy and (for bf16, float8, int4) ml_dtypes only.

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

TARGET = {'kind': 'llvm', 'num-cores': 2}
DEVICE = 'cpu'  # where the inputs and outputs are allocated: the device the compiled code runs on
INPUTS = [('in0', 'int8'), ('in1', 'int8'), ('in2', 'int32'), ('in3', 'int8'), ('in4', 'int32'), ('in5', 'int8')]  # (name, dtype)
OUTPUTS = [('op4', [1, 7, 15, 7], 'int32')]  # (name, shape, dtype)
VERDICT = 'out-of-bound'  # kernelfuzz's: where it names a failure of the compile or the run, failing again shows the bug
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 5, 22, 24), "int8"), in1: T.Buffer((7, 5, 1, 2), "int8"), in2: T.Buffer((7,), "int32"), in3: T.Buffer((7, 7, 1, 2), "int8"), in4: T.Buffer((7,), "int32"), in5: T.Buffer((7, 1, 8), "int8"), op4: T.Buffer((1, 7, 15, 7), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0_pad = T.sblock_alloc_buffer((1, 5, 24, 28), "int8")\n        op0 = T.sblock_alloc_buffer((1, 7, 24, 13), "int32")\n        op2_pad = T.sblock_alloc_buffer((1, 7, 30, 15), "int8")\n        op2 = T.sblock_alloc_buffer((1, 7, 15, 7), "int32")\n        for b_0_k_0_i_0_j_0_fused_fused in T.parallel(104, annotations={"pragma_auto_unroll_max_step": 16, "pragma_unroll_explicit": 1}):\n            for b_1, k_1, i_1, j_1 in T.grid(1, 1, 1, 1):\n                for b_2_init, k_2_init, i_2_init, j_2_init, b_3_init, k_3_init, i_3_init, j_3_init in T.grid(1, 1, 1, 1, 1, 7, 3, 1):\n                    with T.sblock("op0_init"):\n                        v_b = T.axis.spatial(1, b_1 + b_2_init + b_3_init)\n                        v_k = T.axis.spatial(7, k_1 * 7 + k_2_init * 7 + k_3_init)\n                        v_i = T.axis.spatial(24, b_0_k_0_i_0_j_0_fused_fused // 13 * 3 + i_1 * 3 + i_2_init * 3 + i_3_init)\n                        v_j = T.axis.spatial(13, b_0_k_0_i_0_j_0_fused_fused % 13 + j_1 + j_2_init + j_3_init)\n                        T.reads()\n                        T.writes(op0[v_b, v_k, v_i, v_j])\n                        T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})\n                        op0[v_b, v_k, v_i, v_j] = 0\n                for ry_0, rx_0, rc_0, b_2, k_2, i_2, j_2, ry_1, rx_1, rc_1 in T.grid(1, 1, 1, 1, 1, 1, 1, 1, 2, 5):\n                    for ax0, ax1, ax2, ax3 in T.grid(1, 1, 3, 1):\n                        with T.sblock("op0_pad"):\n                            v_i0 = T.axis.spatial(1, ax0)\n                            v_i1 = T.axis.spatial(5, rc_1 + ax1)\n                            v_i2 = T.axis.spatial(24, b_0_k_0_i_0_j_0_fused_fused % 104 // 13 * 3 + ax2)\n                            v_i3 = T.axis.spatial(28, b_0_k_0_i_0_j_0_fused_fused % 13 * 2 + rx_1 * 2 + ax3)\n                            T.reads(in0[v_i0, v_i1, v_i2 - 2, v_i3 - 2])\n                            T.writes(op0_pad[v_i0, v_i1, v_i2, v_i3])\n                            op0_pad[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(2 <= v_i2 and v_i2 < 24 and 2 <= v_i3 and v_i3 < 26, in0[v_i0, v_i1, v_i2 - 2, v_i3 - 2], T.int8(0))\n                    for b_3, k_3, i_3, j_3 in T.grid(1, 7, 3, 1):\n                        with T.sblock("op0_update"):\n                            v_b = T.axis.spatial(1, b_1 + b_2 + b_3)\n                            v_k = T.axis.spatial(7, k_1 * 7 + k_2 * 7 + k_3)\n                            v_i = T.axis.spatial(24, b_0_k_0_i_0_j_0_fused_fused // 13 * 3 + i_1 * 3 + i_2 * 3 + i_3)\n                            v_j = T.axis.spatial(13, b_0_k_0_i_0_j_0_fused_fused % 13 + j_1 + j_2 + j_3)\n                            v_ry = T.axis.reduce(1, ry_0 + ry_1)\n                            v_rx = T.axis.reduce(2, rx_0 * 2 + rx_1)\n                            v_rc = T.axis.reduce(5, rc_0 * 5 + rc_1)\n                            T.reads(op0[v_b, v_k, v_i, v_j], op0_pad[v_b, v_rc, v_i + v_ry, v_j * 2 + v_rx * 2], in1[v_k, v_rc, v_ry, v_rx])\n                            T.writes(op0[v_b, v_k, v_i, v_j])\n                            T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})\n                            op0[v_b, v_k, v_i, v_j] = op0[v_b, v_k, v_i, v_j] + T.Cast("int32", op0_pad[v_b, v_rc, v_i + v_ry, v_j * 2 + v_rx * 2]) * T.Cast("int32", in1[v_k, v_rc, v_ry, v_rx])\n                for ax0, ax1, ax2, ax3 in T.grid(1, 7, 3, 1):\n                    with T.sblock("op2_pad"):\n                        v_i0, v_i1 = T.axis.remap("SS", [ax0, ax1])\n                        v_i2 = T.axis.spatial(30, b_0_k_0_i_0_j_0_fused_fused // 13 * 3 + ax2 + 3)\n                        v_i3 = T.axis.spatial(15, b_0_k_0_i_0_j_0_fused_fused % 13 + ax3)\n                        T.reads(op0[v_i0, v_i1, v_i2 - 3, v_i3], in2[v_i1])\n                        T.writes(op2_pad[v_i0, v_i1, v_i2, v_i3])\n                        op2_pad[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(3 <= v_i2 and v_i2 < 27 and 0 <= v_i3 and v_i3 < 13, T.Cast("int8", T.min(T.max(T.nearbyint(T.Cast("float32", op0[v_i0, v_i1, v_i2 - 3, v_i3] + in2[v_i1]) * T.float32(0.00909423828125)) + T.float32(-7.0), T.float32(-128.0)), T.float32(127.0))), T.int8(0))\n        for b_0_k_0_i_0_j_0_b_1_k_1_i_1_j_1_fused in T.parallel(5, annotations={"pragma_auto_unroll_max_step": 16, "pragma_unroll_explicit": 1}):\n            for b_2_init, k_2_init, i_2_init, j_2_init, b_3_init, k_3_init, i_3_init in T.grid(1, 7, 1, 1, 1, 1, 3):\n                for j_3_fused_init in T.vectorized(7):\n                    with T.sblock("op2_init"):\n                        v_b = T.axis.spatial(1, b_2_init + b_3_init)\n                        v_k = T.axis.spatial(7, k_2_init + k_3_init)\n                        v_i = T.axis.spatial(15, b_0_k_0_i_0_j_0_b_1_k_1_i_1_j_1_fused * 3 + i_2_init * 3 + i_3_init)\n                        v_j = T.axis.spatial(7, j_2_init * 7 + j_3_fused_init)\n                        T.reads()\n                        T.writes(op2[v_b, v_k, v_i, v_j])\n                        T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})\n                        op2[v_b, v_k, v_i, v_j] = 0\n            for ry_0, rx_0, rc_0, b_2, k_2, i_2, j_2, ry_1, rx_1, rc_1, b_3, k_3, i_3 in T.grid(1, 2, 1, 1, 7, 1, 1, 1, 1, 7, 1, 1, 3):\n                for j_3_fused in T.vectorized(7):\n                    with T.sblock("op2_update"):\n                        v_b = T.axis.spatial(1, b_2 + b_3)\n                        v_k = T.axis.spatial(7, k_2 + k_3)\n                        v_i = T.axis.spatial(15, b_0_k_0_i_0_j_0_b_1_k_1_i_1_j_1_fused * 3 + i_2 * 3 + i_3)\n                        v_j = T.axis.spatial(7, j_2 * 7 + j_3_fused)\n                        v_ry = T.axis.reduce(1, ry_0 + ry_1)\n                        v_rx = T.axis.reduce(2, rx_0 + rx_1)\n                        v_rc = T.axis.reduce(7, rc_0 * 7 + rc_1)\n                        T.reads(op2[v_b, v_k, v_i, v_j], op2_pad[v_b, v_rc, v_ry * 3 + v_i * 2, v_j * 2 + v_rx * 2], in3[v_k, v_rc, v_ry, v_rx])\n                        T.writes(op2[v_b, v_k, v_i, v_j])\n                        T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})\n                        op2[v_b, v_k, v_i, v_j] = op2[v_b, v_k, v_i, v_j] + T.Cast("int32", op2_pad[v_b, v_rc, v_ry * 3 + v_i * 2, v_j * 2 + v_rx * 2]) * T.Cast("int32", in3[v_k, v_rc, v_ry, v_rx])\n            for ax0, ax1 in T.grid(1, 7):\n                for ax2_ax3_fused in T.vectorized(21):\n                    with T.sblock("op4"):\n                        v_i0, v_i1 = T.axis.remap("SS", [ax0, ax1])\n                        v_i2 = T.axis.spatial(15, b_0_k_0_i_0_j_0_b_1_k_1_i_1_j_1_fused * 3 + ax2_ax3_fused // 7)\n                        v_i3 = T.axis.spatial(7, ax2_ax3_fused % 7)\n                        T.reads(op2[v_i0, v_i1, v_i2, v_i3], in4[v_i1])\n                        T.writes(op4[v_i0, v_i1, v_i2, v_i3])\n                        op4[v_i0, v_i1, v_i2, v_i3] = T.Cast("int32", T.Cast("int8", T.min(T.max(T.nearbyint(T.Cast("float32", op2[v_i0, v_i1, v_i2, v_i3] + in4[v_i1]) * T.float32(0.0069580078125)) + T.float32(-5.0), T.float32(-128.0)), T.float32(127.0))))'


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
