# Generated from kernelfuzz's frontends/tvm/poison.py (frontends/tvm/poison_copy.py); do not edit.
# Needs TVM and numpy only.
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

import numpy as np
import numpy as np

FLOAT_POISON = 0xff
INT_POISON = 0xa5


def is_bool(dtype) -> bool:
    """Whether a ``tvm.DataType`` is bool (``is_bool`` from TVM 0.26; 0.25's DataType is a str without it)."""
    return dtype.is_bool if hasattr(dtype, "is_bool") else str(dtype).startswith("bool")


def map_nodes(stmt, node_type, rewrite):
    """``stmt`` with every node of ``node_type`` replaced by ``rewrite(node)``, bottom-up: apache-tvm-ffi's
    ``structural_map`` (0.1.14 on, TVM 0.26 and 0.27), else TIR's ``ir_transform`` (TVM 0.25's ffi 0.1.12)."""
    import tvm_ffi
    if hasattr(tvm_ffi, "structural_map"):
        return tvm_ffi.structural_map(stmt, [(node_type, rewrite)])
    from tvm.tirx import stmt_functor
    return stmt_functor.ir_transform(stmt, None, lambda n: rewrite(n) if isinstance(n, node_type) else n)


def is_float(dtype) -> bool:
    """numpy's floats and ml_dtypes' (bfloat16, float8_*: numpy files them under kind 'V')."""
    dtype = np.dtype(dtype)
    return dtype.kind == "f" or dtype.name.startswith(("bfloat16", "float8"))


def poisoned(shape, dtype) -> np.ndarray:
    """An output buffer no correct kernel leaves any of: NaN for floats (all bits set), 0xA5 bytes for integers."""
    a = np.empty(shape, dtype)
    a.reshape(-1).view(np.uint8)[:] = FLOAT_POISON if is_float(a.dtype) else INT_POISON
    return a


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
