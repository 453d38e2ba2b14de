"""The named ops as ONNX nodes: conv, matmul, pool, pad, attention; each writer's last node carries the op's name.
The exactness rules and what is declined: the package docstring."""
from __future__ import annotations

from fuzz.case.to_onnx.builder import HWCF_TO_FCHW, NCHW, NHWC, Builder, Unwritable, tensor_type
from fuzz.case.workload import Attention, Conv2d, Matmul, Pad, Pool2d

def _conv(b: Builder, op: Conv2d) -> str:
    (_, dt) = b.types[op.inputs[0]]
    x, w = op.inputs
    if op.nhwc:
        x, w = b.transpose(x, NCHW), b.transpose(w, HWCF_TO_FCHW)
    pt, pb, pl, pr = op.padding
    attrs = dict(strides=list(op.stride), dilations=list(op.dilation), pads=[pt, pl, pb, pr], group=op.groups)
    if (dt, op.acc) == ("i8", "i32"):  # ConvInteger subtracts the zero points, then pads with zero: the case's
        zx, zw = op.zero_points or (0, 0)
        y = b.node("ConvInteger", [x, w, b.const(zx, "i8", "zx"), b.const(zw, "i8", "zw")],
                   None if op.nhwc else op.name, **attrs)
    else:
        _float_acc(op, dt)
        y = b.node("Conv", [b.cast(x, dt, op.acc), b.cast(w, dt, op.acc)], None if op.nhwc else op.name, **attrs)
    return b.transpose(y, NHWC, op.name) if op.nhwc else y


def _float_acc(op, dt: str) -> None:
    """Inputs widen exactly to the accumulator, which ONNX's Conv, Gemm and MatMul compute in (or wider)."""
    from fuzz.case.ops.base import widens
    if op.acc not in ("f16", "f32") or not widens(dt, op.acc):
        raise Unwritable(f"{dt} inputs accumulated in {op.acc}: ONNX's float Conv/MatMul take f16 or f32 operands")


def _matmul(b: Builder, op: Matmul) -> str:
    (ashape, dt) = b.types[op.inputs[0]]
    a, m = op.inputs
    if (dt, op.acc) == ("i8", "i32"):
        za, zb = op.zero_points or (0, 0)
        a, m = _stored_transposes(b, op, len(ashape))
        return b.node("MatMulInteger", [a, m, b.const(za, "i8", "za"), b.const(zb, "i8", "zb")], op.name)
    _float_acc(op, dt)
    a, m = b.cast(a, dt, op.acc), b.cast(m, dt, op.acc)
    if len(ashape) == 2:  # Gemm with alpha 1 and no C is the plain product; its transposes read stored operands
        return b.node("Gemm", [a, m], op.name, transA=int(op.transpose == "a"), transB=int(op.transpose == "b"))
    a, m = _stored_transposes(b, op, 3, a, m)
    return b.node("MatMul", [a, m], op.name)


def _stored_transposes(b: Builder, op: Matmul, rank: int, a: str | None = None, m: str | None = None):
    a, m = a or op.inputs[0], m or op.inputs[1]
    swap = tuple(range(rank - 2)) + (rank - 1, rank - 2)
    return (b.transpose(a, swap) if op.transpose == "a" else a), (b.transpose(m, swap) if op.transpose == "b" else m)


def _pool(b: Builder, op: Pool2d) -> str:
    if op.mode != "max":
        raise Unwritable("sum pooling: ONNX pools take the maximum or the average, not the sum")
    (_, dt) = b.types[op.inputs[0]]
    x = b.transpose(op.inputs[0], NCHW) if op.layout == "NHWC" else op.inputs[0]
    y = b.node("MaxPool", [x], kernel_shape=list(op.window), strides=list(op.stride), dilations=list(op.dilation))
    y = b.cast(y, dt, op.acc)  # the maximum of taps widened exactly is the widened maximum
    return b.transpose(y, NHWC, op.name) if op.layout == "NHWC" else b.node("Identity", [y], op.name)


def _pad(b: Builder, op: Pad) -> str:
    (_, dt) = b.types[op.inputs[0]]
    value = op.value if dt.startswith("f") else int(op.value)
    return b.node("Pad", [op.inputs[0], b.const(list(op.low) + list(op.high), "i64", "pads"),
                          b.const(value, dt, "value")], op.name, mode="constant")


def _attention(b: Builder, op: Attention) -> str:
    """softmax(scale * Q K^T + mask) V in f32 (the operands widen exactly), cast back once."""
    (_, dt) = b.types[op.inputs[0]]
    if dt not in ("f16", "f32"):
        raise Unwritable(f"{dt} attention: the writer computes attention in f32 from f16 or f32 operands")
    q, k, v = (b.cast(x, dt, "f32") for x in op.inputs[:3])
    s = b.node("Mul", [b.node("MatMul", [q, b.transpose(k, (0, 2, 1))]), b.const(op.scale, "f32", "scale")])
    if op.mask == "additive":
        s = b.node("Add", [s, b.cast(op.inputs[3], dt, "f32")])
    elif op.mask == "boolean":
        keep = b.node("Not", [b.node("Equal", [op.inputs[3], b.const(0, "i8", "zero")])])
        s = b.node("Where", [keep, s, b.const(float("-inf"), "f32", "dropped")])
    out = b.node("MatMul", [b.node("Softmax", [s], axis=-1), v])
    return b.node("Cast", [out], op.name, to=tensor_type(dt)) if dt != "f32" else b.node("Identity", [out], op.name)



WRITERS = {Conv2d: _conv, Matmul: _matmul, Pool2d: _pool, Pad: _pad, Attention: _attention}
