"""Standalone repro for tvm:hexagon-sampled (out-of-bound): TVM and numpy only.

Compiles the exact scheduled module kernelfuzz compiled, runs it on inputs/*.npy and judges
the outputs against reference/ (python3 check.py semantics). Exit 1: outside the bound.
As in kernelfuzz, every output and every intermediate buffer starts poisoned (all bits set in a
float: a NaN; 0xA5 in every byte of an integer), so an element the kernel never writes is seen
rather than read back from whatever the memory held."""
import os
import sys

import numpy as np
import tvm

import check

os.chdir(os.path.dirname(os.path.abspath(__file__)))

POISONED = "kernelfuzz-poisoned"  # TVM's default TIR pipeline, then a fill of every intermediate buffer


def poisoned(shape, dtype):
    """An output no correct kernel leaves any of: all bits set for floats (a NaN), 0xA5 bytes for integers."""
    a = np.empty(shape, dtype)
    a.reshape(-1).view(np.uint8)[:] = 0xFF if a.dtype.kind == "f" else 0xA5
    return a


def poison_value(dtype):
    from tvm import tirx
    t = tvm.DataType(dtype)
    if t.lanes > 1:
        return tirx.Broadcast(poison_value(str(t.with_lanes(1))), t.lanes)
    if t.is_bool:
        return tirx.const(True, dtype)
    byte = 0xFF if t.type_code == tvm.DataTypeCode.FLOAT else 0xA5
    return tirx.reinterpret(dtype, tirx.const(int.from_bytes(bytes([byte]) * (t.bits // 8), "little"), f"uint{t.bits}"))


def fill(buffer):
    from tvm import tirx
    loops = [tirx.Var(f"poison_{buffer.name}_{d}", "int32") for d in range(len(buffer.shape))]
    stmt = tirx.BufferStore(buffer, poison_value(str(buffer.dtype)), loops)
    for var, extent in reversed(list(zip(loops, buffer.shape))):
        stmt = tirx.For(var, tirx.const(0, "int32"), extent, tirx.ForKind.SERIAL, stmt)
    return stmt


def poison_after_allocations(seq):
    from tvm import tirx
    if not any(isinstance(s, tirx.AllocBuffer) for s in seq.seq):
        return seq
    return tirx.SeqStmt([x for s in seq.seq for x in ((s, fill(s.buffer)) if isinstance(s, tirx.AllocBuffer) else (s,))])


@tvm.transform.module_pass(opt_level=0, name="kernelfuzz.PoisonAllocations")
def poison_allocations(mod, _ctx):
    import tvm_ffi
    from tvm import tirx
    for gv, func in list(mod.functions.items()):
        target = func.attrs.get("target") if isinstance(func, tirx.PrimFunc) and func.attrs else None
        if target is not None and target.kind.name == "llvm":  # GPU kernels: kernelfuzz only compiles them
            mod[gv] = func.with_body(tvm_ffi.structural_map(func.body, [(tirx.SeqStmt, poison_after_allocations)]))
    return mod


def poisoned_pipeline():
    from tvm.s_tir.pipeline import default_s_tir_pipeline
    lower, finalize_host, finalize_device = default_s_tir_pipeline()
    return tvm.transform.Sequential([lower, poison_allocations]), finalize_host, finalize_device


tvm.tirx.compilation_pipeline.register_tir_pipeline(POISONED, poisoned_pipeline)

TARGET = {'kind': 'llvm', 'mtriple': 'hexagon', 'mcpu': 'hexagonv68', 'num-cores': 1, 'mattr': ['+hvxv68', '+hvx-length128b', '-hvx-qfloat', '-hvx-ieee-fp']}
INPUTS = ['in0', 'in1']
OUTPUTS = [('op1', [1, 8, 1], 'int32')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((1, 8, 9, 4), "int8"), in1: T.Buffer((8, 1, 5, 2), "int8"), op1: T.Buffer((1, 8, 1), "int32")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        op0 = T.sblock_alloc_buffer((1, 8, 1, 2), "int32")\n        op1_rf = T.sblock_alloc_buffer((1, 8, 1, 2), "int32")\n        op0_global = T.sblock_alloc_buffer((1, 8, 1, 2), "int32")\n        for b_0 in T.serial(1, annotations={"pragma_auto_unroll_max_step": 512, "pragma_unroll_explicit": 1}):\n            for k_0, i_0, j_0 in T.grid(1, 1, 1):\n                for b_1, k_1, i_1, j_1 in T.grid(1, 2, 1, 1):\n                    for b_2_init, k_2_init, i_2_init, j_2_init, b_3_init, k_3_init, i_3_init, j_3_init in T.grid(1, 1, 1, 2, 1, 4, 1, 1):\n                        with T.sblock("op0_init"):\n                            v_b = T.axis.spatial(1, b_0 + b_1 + b_2_init + b_3_init)\n                            v_k = T.axis.spatial(8, k_0 * 8 + k_1 * 4 + k_2_init * 4 + k_3_init)\n                            v_i = T.axis.spatial(1, i_0 + i_1 + i_2_init + i_3_init)\n                            v_j = T.axis.spatial(2, j_0 * 2 + j_1 * 2 + j_2_init + j_3_init)\n                            T.reads()\n                            T.writes(op0_global[v_b, v_k, v_i, v_j])\n                            T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})\n                            op0_global[v_b, v_k, v_i, v_j] = 0\n                    for ry_0, rx_0, rc_0, b_2, k_2, i_2, j_2, ry_1, rx_1, rc_1, b_3, k_3, i_3, j_3 in T.grid(1, 2, 1, 1, 1, 1, 2, 5, 1, 1, 1, 4, 1, 1):\n                        with T.sblock("op0_update"):\n                            v_b = T.axis.spatial(1, b_0 + b_1 + b_2 + b_3)\n                            v_k = T.axis.spatial(8, k_0 * 8 + k_1 * 4 + k_2 * 4 + k_3)\n                            v_i = T.axis.spatial(1, i_0 + i_1 + i_2 + i_3)\n                            v_j = T.axis.spatial(2, j_0 * 2 + j_1 * 2 + j_2 + j_3)\n                            v_ry = T.axis.reduce(5, ry_0 * 5 + ry_1)\n                            v_rx = T.axis.reduce(2, rx_0 + rx_1)\n                            v_rc = T.axis.reduce(1, rc_0 + rc_1)\n                            T.reads(op0_global[v_b, v_k, v_i, v_j], in0[v_b, v_k + v_rc, v_ry * 2 + v_i, v_rx * 2 + v_j], in1[v_k, v_rc, v_ry, v_rx])\n                            T.writes(op0_global[v_b, v_k, v_i, v_j])\n                            T.sblock_attr({"meta_schedule.tiling_structure": "SSRSRS"})\n                            op0_global[v_b, v_k, v_i, v_j] = op0_global[v_b, v_k, v_i, v_j] + T.Cast("int32", in0[v_b, v_k + v_rc, v_ry * 2 + v_i, v_rx * 2 + v_j]) * T.Cast("int32", in1[v_k, v_rc, v_ry, v_rx])\n                for ax0_ax1_ax2_ax3_fused in T.vectorized(16):\n                    with T.sblock("op0_global"):\n                        v0 = T.axis.spatial(1, 0)\n                        v1 = T.axis.spatial(8, ax0_ax1_ax2_ax3_fused // 2)\n                        v2 = T.axis.spatial(1, 0)\n                        v3 = T.axis.spatial(2, ax0_ax1_ax2_ax3_fused % 2)\n                        T.reads(op0_global[v0, v1, v2, v3])\n                        T.writes(op0[v0, v1, v2, v3])\n                        op0[v0, v1, v2, v3] = op0_global[v0, v1, v2, v3]\n        for i0_i1_i2_r3_0_fused in T.parallel(16, annotations={"pragma_auto_unroll_max_step": 512, "pragma_unroll_explicit": 1}):\n            with T.sblock("op1_rf_init"):\n                vr3_0 = T.axis.spatial(2, i0_i1_i2_r3_0_fused % 2)\n                v_i0 = T.axis.spatial(1, 0)\n                v_i1 = T.axis.spatial(8, i0_i1_i2_r3_0_fused // 2)\n                v_i2 = T.axis.spatial(1, 0)\n                T.reads()\n                T.writes(op1_rf[v_i0, v_i1, v_i2, vr3_0])\n                op1_rf[v_i0, v_i1, v_i2, vr3_0] = 2147483647\n            for r3_1 in range(1):\n                with T.sblock("op1_rf_update"):\n                    vr3_0 = T.axis.spatial(2, i0_i1_i2_r3_0_fused % 2)\n                    v_i0 = T.axis.spatial(1, 0)\n                    v_i1 = T.axis.spatial(8, i0_i1_i2_r3_0_fused // 2)\n                    v_i2 = T.axis.spatial(1, 0)\n                    vr3_1 = T.axis.reduce(1, r3_1)\n                    T.reads(op1_rf[v_i0, v_i1, v_i2, vr3_0], op0[v_i0, v_i1, v_i2, vr3_0 + vr3_1])\n                    T.writes(op1_rf[v_i0, v_i1, v_i2, vr3_0])\n                    op1_rf[v_i0, v_i1, v_i2, vr3_0] = T.min(op1_rf[v_i0, v_i1, v_i2, vr3_0], op0[v_i0, v_i1, v_i2, vr3_0 + vr3_1])\n        for i0_i1_i2_fused in T.parallel(8, annotations={"pragma_auto_unroll_max_step": 512, "pragma_unroll_explicit": 1}):\n            with T.sblock("op1_init"):\n                v_i0 = T.axis.spatial(1, 0)\n                v_i1 = T.axis.spatial(8, i0_i1_i2_fused)\n                v_i2 = T.axis.spatial(1, 0)\n                T.reads()\n                T.writes(op1[v_i0, v_i1, v_i2])\n                T.sblock_attr({"meta_schedule.random_compute_producer": 1})\n                op1[v_i0, v_i1, v_i2] = 2147483647\n            for r3_0 in range(2):\n                with T.sblock("op1_update"):\n                    vr3_0 = T.axis.reduce(2, r3_0)\n                    v_i0 = T.axis.spatial(1, 0)\n                    v_i1 = T.axis.spatial(8, i0_i1_i2_fused)\n                    v_i2 = T.axis.spatial(1, 0)\n                    T.reads(op1[v_i0, v_i1, v_i2], op1_rf[v_i0, v_i1, v_i2, vr3_0])\n                    T.writes(op1[v_i0, v_i1, v_i2])\n                    T.sblock_attr({"meta_schedule.random_compute_producer": 1})\n                    op1[v_i0, v_i1, v_i2] = T.min(op1[v_i0, v_i1, v_i2], op1_rf[v_i0, v_i1, v_i2, vr3_0])'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
executable = tvm.compile(mod, target=tvm.target.Target(TARGET), tir_pipeline=POISONED)
if TARGET["kind"] in ("cuda", "rocm") and not tvm.device(TARGET["kind"]).exist:  # kernelfuzz only compiled it
    print(f"compiled for {TARGET['kind']}; no such device here, the run is skipped")
    sys.exit(0)
if "mtriple" in TARGET:  # a Hexagon object: kernelfuzz runs it under QEMU with its own harness
    print(f"compiled for {TARGET['mtriple']}; it does not run on this host (kernelfuzz run case.json runs it)")
    sys.exit(0)
args = [tvm.runtime.tensor(np.load(f"inputs/{n}.npy")) for n in INPUTS]
results = [tvm.runtime.tensor(poisoned(shape, dtype)) for _, shape, dtype in OUTPUTS]
executable(*args, *results)
sys.exit(check.main_arrays([r.numpy() for r in results]))
