"""The named ops as ONNX nodes: conv, matmul, pool, pad, attention; each writer's last node carries the op's name.
The exactness rules and what is declined: the package docstring."""
from __future__ import annotations

from fuzz.case.to_onnx.builder import HWCF_TO_FCHW, NCHW, NHWC, Builder, Unwritable, tensor_type
from fuzz.case.workload import Attention, Conv2d, Matmul, Pad, Pool2d


def init_of(op) -> str | None:
    """The init operand of a conv or matmul (importer form: ``inputs = [x, w, init]``), the value the sum starts
    from: a bias (1-d, one per output channel) or a tensor of the result's shape; None without one."""
    return op.inputs[2] if len(op.inputs) == 3 else None


def _conv(b: Builder, op: Conv2d) -> str:
    """``Conv`` (a bias init as its ``B``, as exporters write it) or ``ConvInteger``; NHWC transposed around it; any
    other init added after (one more term of the sum: the case lets it be added in any order)."""
    (_, dt) = b.types[op.inputs[0]]
    x, w, init = *op.inputs[:2], init_of(op)
    bias = init is not None and len(b.types[init][0]) == 1
    if op.nhwc:
        x, w = b.transpose(x, NCHW), b.transpose(w, HWCF_TO_FCHW)
    pt, pb, pl, pr = op.padding
    kh, kw, _, _ = op.filter_dims(b.types[op.inputs[1]][0])  # kernel_shape, as exporters write it: ONNX's shape
    attrs = dict(kernel_shape=[kh, kw], strides=list(op.stride), dilations=list(op.dilation),  # inference needs it
                 pads=[pt, pl, pb, pr], group=op.groups)  # where the filter's dims are dynamic
    if (dt, op.acc) == ("i8", "i32"):  # ConvInteger subtracts the zero points, then pads with zero: the case's
        zx, zw = op.zero_points or (0, 0)
        y = b.node("ConvInteger", [x, w, b.const(zx, "i8", "zx"), b.const(zw, "i8", "zw")], **attrs)
        into = init
    else:
        _float_acc(op, dt)
        y = b.node("Conv", [b.cast(x, dt, op.acc), b.cast(w, dt, op.acc)] + ([init] if bias else []), **attrs)
        into = None if bias else init
    y = b.transpose(y, NHWC) if op.nhwc else y
    if into is not None:  # a bias broadcasts along the channel dim: the last in NHWC, [F, 1, 1] in NCHW
        add = b.node("Unsqueeze", [into, b.const([1, 2], "i64", "axes")]) if bias and not op.nhwc else into
        y = b.node("Add", [y, add])
    return b.finish(y, op.name)


def _float_acc(op, dt: str) -> None:
    """Inputs widen exactly to the accumulator, which ONNX's Conv, Gemm and MatMul compute in (or wider)."""
    from fuzz.case.ops.base import widens
    if op.acc not in ("f16", "f32") or not widens(dt, op.acc):
        raise Unwritable(f"{dt} inputs accumulated in {op.acc}: ONNX's float Conv/MatMul take f16 or f32 operands")


def _matmul(b: Builder, op: Matmul) -> str:
    """``Gemm`` (2-d: transposes as attributes, an init as its ``C``), ``MatMul`` or ``MatMulInteger`` (an init added
    after: one more term of the sum, in any order)."""
    (ashape, dt) = b.types[op.inputs[0]]
    a, m, init = *op.inputs[:2], init_of(op)
    if (dt, op.acc) == ("i8", "i32"):
        za, zb = op.zero_points or (0, 0)
        a, m = _stored_transposes(b, op, len(ashape))
        y = b.node("MatMulInteger", [a, m, b.const(za, "i8", "za"), b.const(zb, "i8", "zb")])
        return b.finish(b.node("Add", [y, init]) if init else y, op.name)
    _float_acc(op, dt)
    a, m = b.cast(a, dt, op.acc), b.cast(m, dt, op.acc)
    if len(ashape) == 2:  # Gemm with alpha 1 (and beta 1) is the plain product (plus C); transposes read stored ones
        return b.node("Gemm", [a, m] + ([init] if init else []), op.name, transA=int(op.transpose == "a"),
                      transB=int(op.transpose == "b"))
    a, m = _stored_transposes(b, op, 3, a, m)
    y = b.node("MatMul", [a, m])
    return b.finish(b.node("Add", [y, init]) if init else y, op.name)


def _stored_transposes(b: Builder, op: Matmul, rank: int, a: str | None = None, m: str | None = None):
    a, m = a or op.inputs[0], m or op.inputs[1]
    swap = tuple(range(rank - 2)) + (rank - 1, rank - 2)
    return (b.transpose(a, swap) if op.transpose == "a" else a), (b.transpose(m, swap) if op.transpose == "b" else m)


def _pool(b: Builder, op: Pool2d) -> str:
    if op.mode != "max":
        raise Unwritable("sum pooling: ONNX pools take the maximum or the average, not the sum")
    (_, dt) = b.types[op.inputs[0]]
    if dt not in ("f16", "f32", "i8"):
        raise Unwritable(f"a max pool of {dt}: ONNX's MaxPool takes float and 8-bit tensors")
    x = b.transpose(op.inputs[0], NCHW) if op.layout == "NHWC" else op.inputs[0]
    y = b.node("MaxPool", [x], kernel_shape=list(op.window), strides=list(op.stride), dilations=list(op.dilation))
    y = b.cast(y, dt, op.acc)  # the maximum of taps widened exactly is the widened maximum
    return b.finish(b.transpose(y, NHWC) if op.layout == "NHWC" else y, op.name)


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
    return b.finish(b.cast(out, "f32", dt), op.name)



def _reshape(b: Builder, op) -> str:
    """The importer forms' layout ops (``reshape``: collapse, expand, transpose): ``Flatten`` where a collapse makes
    two dims, else ``Reshape`` to the result's shape, or ``Transpose``.  Values move, never change."""
    if op.mode == "transpose":
        return b.transpose(op.inputs[0], op.perm, op.name)
    shape, _ = op.result_type(b.types)
    if op.mode == "collapse" and len(op.groups) == 2:
        return b.node("Flatten", [op.inputs[0]], op.name, axis=len(op.groups[0]))
    return b.node("Reshape", [op.inputs[0], b.const(list(shape), "i64", "shape")], op.name)


WRITERS = {"conv2d": _conv, "matmul": _matmul, "pool2d": _pool, "pad": _pad, "attention": _attention,
           "reshape": _reshape}  # by kind: the writer takes every op family the case model has
