"""Standalone repro for tvm:cuda-dlight (rejected): TVM and numpy only.

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

TARGET = {'kind': 'cuda', 'arch': 'sm_80'}
INPUTS = ['in0', 'in1']
OUTPUTS = [('op1', [1, 1, 3, 1], 'int32')]  # (name, shape, dtype)
SOURCE = '# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@T.prim_func(s_tir=True)\ndef main(in0: T.Buffer((1, 1, 3, 1), "int8"), in1: T.Buffer((1, 3, 1, 1), "int8"), op1: T.Buffer((1, 1, 3, 1), "int32")):\n    T.func_attr({"tirx.noalias": True})\n    # with T.sblock("root"):\n    op0_pad = T.sblock_alloc_buffer((1, 1, 5, 1), "int8")\n    op0 = T.sblock_alloc_buffer((1, 1, 3, 1), "int32")\n    for i0, i1, i2, i3 in T.grid(1, 1, 5, 1):\n        with T.sblock("op0_pad"):\n            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])\n            T.reads(in0[v_i0, v_i1, v_i2 - 1, v_i3])\n            T.writes(op0_pad[v_i0, v_i1, v_i2, v_i3])\n            op0_pad[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(0 <= v_i1 and v_i1 < 1 and 1 <= v_i2 and v_i2 < 4, in0[v_i0, v_i1, v_i2 - 1, v_i3], T.int8(0))\n    for b, i, j, k, ry, rx, rc in T.grid(1, 1, 3, 1, 1, 3, 1):\n        with T.sblock("op0"):\n            v_b, v_i, v_j, v_k, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, i, j, k, ry, rx, rc])\n            T.reads(op0_pad[v_b, v_i + v_ry, v_j + v_rx, v_rc], in1[v_ry, v_rx, v_rc, v_k])\n            T.writes(op0[v_b, v_i, v_j, v_k])\n            with T.init():\n                op0[v_b, v_i, v_j, v_k] = 0\n            op0[v_b, v_i, v_j, v_k] = op0[v_b, v_i, v_j, v_k] + T.Cast("int32", op0_pad[v_b, v_i + v_ry, v_j + v_rx, v_rc]) * T.Cast("int32", in1[v_ry, v_rx, v_rc, v_k])\n    for i0, i1, i2, i3 in T.grid(1, 1, 3, 1):\n        with T.sblock("op1"):\n            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])\n            T.reads(op0[v_i0, v_i1, v_i2, v_i3], in0[v_i0, v_i1, v_i2, v_i3])\n            T.writes(op1[v_i0, v_i1, v_i2, v_i3])\n            op1[v_i0, v_i1, v_i2, v_i3] = op0[v_i0, v_i1, v_i2, v_i3] + T.Cast("int32", in0[v_i0, v_i1, v_i2, v_i3])'

mod = tvm.script.from_source(SOURCE)
if not isinstance(mod, tvm.IRModule):
    mod = tvm.IRModule({"main": mod})
import tvm.s_tir.dlight as dl

with tvm.target.Target(TARGET):  # dlight's default GPU rules, where kernelfuzz's compile failed
    mod = dl.ApplyDefaultSchedule(dl.gpu.Matmul(), dl.gpu.GEMV(), dl.gpu.Reduction(),
                                  dl.gpu.GeneralReduction(), dl.gpu.Fallback())(mod)
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
