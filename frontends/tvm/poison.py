"""A TIR pipeline whose programs start every intermediate buffer poisoned.

``PIPELINE`` names TVM's default TIR lowering pipeline followed by one pass: after each allocation of
an intermediate buffer in a CPU (``llvm``: x86 and Hexagon) function, a loop fills the buffer with the
pattern ``fuzz.judge.poison.poisoned`` puts in outputs (NaN for floats, 0xA5 bytes for integers).  A kernel
that reads an element nothing wrote then reads poison, never what an earlier run left: TVM's CPU
workspace pool hands back freed pages uncleared and small buffers live on the stack, so a buggy schedule
run after a correct one in the same worker read the right values (the reverse_compute_at border bug in
the corpus came out exact after ``tvm:cpu``), and LLVM may fold a read of an uninitialised stack buffer
into anything.  The fill comes after TVM has placed and sized each allocation (inside a parallel loop, a
per-task buffer stays per task), so the kernel's own code is unchanged.  The scheduled module a bundle
rebuilds from is the program before this pipeline.

This file is the one source of the pipeline: repro bundles and ``kernelfuzz localize`` points carry a standalone
copy generated from it (``frontends/tvm/poison_copy.py``), with kernelfuzz's imports below inlined; ``poisoned``
comes along for the scripts that fill their outputs.
"""
from __future__ import annotations

import tvm
from tvm import tirx
from tvm.s_tir.pipeline import default_s_tir_pipeline
from tvm.tirx import compilation_pipeline

from frontends.tvm.compat import is_bool, map_nodes
from fuzz.judge.poison import FLOAT_POISON, INT_POISON, is_float, poisoned  # noqa: F401  (for the standalone copy)

PIPELINE = "kernelfuzz-poisoned"


def poison_value(dtype: str):
    """The poison of one element of ``dtype``: the bytes ``fuzz.judge.poison.poisoned`` writes (each lane of a
    vector dtype: vectorized schedules allocate ``float32x3`` buffers)."""
    t = tvm.DataType(dtype)
    if t.lanes > 1:
        return tirx.Broadcast(poison_value(str(t.with_lanes(1))), t.lanes)
    if is_bool(t):
        return tirx.const(True, dtype)
    pattern = int.from_bytes(bytes([FLOAT_POISON if t.type_code == tvm.DataTypeCode.FLOAT else INT_POISON])
                             * (t.bits // 8), "little")
    return tirx.reinterpret(dtype, tirx.const(pattern, f"uint{t.bits}"))


def _fill(buffer: tirx.Buffer) -> tirx.Stmt:
    """Loops that store the poison into every element of ``buffer``."""
    loops = [tirx.Var(f"poison_{buffer.name}_{d}", "int32") for d in range(len(buffer.shape))]
    value = poison_value(str(buffer.dtype))
    stmt = tirx.BufferStore(buffer, value, loops)
    for var, extent in reversed(list(zip(loops, buffer.shape))):
        stmt = tirx.For(var, tirx.const(0, "int32"), extent, tirx.ForKind.SERIAL, stmt)
    return stmt


def _poison_after_allocations(seq: tirx.SeqStmt) -> tirx.SeqStmt:
    if not any(isinstance(s, tirx.AllocBuffer) for s in seq.seq):
        return seq
    out = []
    for s in seq.seq:
        out.append(s)
        if isinstance(s, tirx.AllocBuffer):
            out.append(_fill(s.buffer))
    return tirx.SeqStmt(out)


def _poisoned(func: tirx.PrimFunc) -> tirx.PrimFunc:
    target = func.attrs.get("target") if func.attrs else None
    if target is None or target.kind.name != "llvm":  # GPU kernels only compile here: nothing reads them
        return func
    return func.with_body(map_nodes(func.body, tirx.SeqStmt, _poison_after_allocations))


@tvm.transform.module_pass(opt_level=0, name="kernelfuzz.PoisonAllocations")
def poison_allocations(mod: tvm.IRModule, _ctx) -> tvm.IRModule:
    """Fill every intermediate buffer of the module's CPU functions with poison where it is allocated."""
    for gv, func in list(mod.functions.items()):
        if isinstance(func, tirx.PrimFunc):
            mod[gv] = _poisoned(func)
    return mod


def _pipeline():
    lower, finalize_host, finalize_device = default_s_tir_pipeline()
    return tvm.transform.Sequential([lower, poison_allocations]), finalize_host, finalize_device


compilation_pipeline.register_tir_pipeline(PIPELINE, _pipeline)
